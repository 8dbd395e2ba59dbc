"""Reading a card line's pattern (``"FF 2222x|5555x DDDx DDDy"``) into groups of symbols.

The grammar is on the card format page (``docs/card_format.rst``). A pattern is groups separated
by spaces; a group is one or more alternatives separated by ``|``; an alternative is tile symbols,
each number or dragon given a suit by the next suit variable, and an optional ``!``.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["SUIT_VARIABLES", "Alternative", "Element", "GroupPattern", "PatternProblem", "parse_pattern"]

SUIT_VARIABLES = "xyz"
NUMBERS = "123456789"
SUITED = NUMBERS + "D"
SYMBOLS = NUMBERS + "0DFNEWS?"
MAX_GROUPS = 20
MAX_GROUP_SIZE = 14
MAHJONG_TILES = 14

_EXPECTED = "numbers 0-9, D, F, N, E, W, S, ?, suit variables x y z, ! and |"


class PatternProblem(Exception):
    """A fault in a pattern at ``offset`` (0-based, in the pattern text)."""

    def __init__(self, problem: str, offset: int) -> None:
        super().__init__(problem)
        self.problem = problem
        self.offset = offset


class Element(NamedTuple):
    """One tile of a group as written: its symbol and, for numbers and dragons, its suit variable."""

    symbol: str
    suit: str | None


class Alternative(NamedTuple):
    """One way to make a group: its elements, and whether jokers are banned in it (``!``)."""

    elements: tuple[Element, ...]
    no_jokers: bool

    @property
    def size(self) -> int:
        return len(self.elements)

    @property
    def is_identical(self) -> bool:
        return len(set(self.elements)) == 1

    @property
    def jokers(self) -> bool:
        """Jokers may stand in it: identical, 3 tiles or more, not banned (ruling N2)."""
        return self.is_identical and self.size >= 3 and not self.no_jokers

    def __str__(self) -> str:
        text = "".join(element.symbol + (element.suit or "") for element in self.elements)
        return text + ("!" if self.no_jokers else "")


class GroupPattern(NamedTuple):
    """A group of a line: its alternatives (one, unless written with ``|``)."""

    alternatives: tuple[Alternative, ...]
    offset: int

    @property
    def size(self) -> int:
        return self.alternatives[0].size


def _alternative(text: str, offset: int) -> Alternative:
    if not text:
        raise PatternProblem("an empty group: '|' needs a group on each side", offset)
    no_jokers = text.endswith("!")
    body = text[:-1] if no_jokers else text
    if "!" in body:
        raise PatternProblem("'!' goes only at the end of a group", offset + body.index("!"))
    elements: list[Element] = []
    waiting: list[int] = []  # the elements still to be given a suit
    for position, char in enumerate(body):
        if char in SUIT_VARIABLES:
            if not waiting:
                raise PatternProblem(
                    f"the suit variable {char!r} has no number or dragon before it to give its suit to",
                    offset + position,
                )
            for index in waiting:
                elements[index] = Element(elements[index].symbol, char)
            waiting = []
        elif char in SYMBOLS:
            if char in SUITED:
                waiting.append(len(elements))
            elements.append(Element(char, None))
        else:
            raise PatternProblem(f"unknown character {char!r} in a pattern ({_EXPECTED})", offset + position)
    if waiting:
        symbol = elements[waiting[0]].symbol
        what = "the dragon D" if symbol == "D" else f"the number {symbol}"
        raise PatternProblem(f"{what} needs a suit variable (x, y or z) after it in its group", offset)
    if not elements:
        raise PatternProblem("a group needs at least one tile", offset)
    if len(elements) > MAX_GROUP_SIZE:
        raise PatternProblem(f"a group of {len(elements)} tiles: at most {MAX_GROUP_SIZE}", offset)
    return Alternative(tuple(elements), no_jokers)


def _group(text: str, offset: int) -> GroupPattern:
    alternatives = []
    start = 0
    for part in text.split("|"):
        alternatives.append(_alternative(part, offset + start))
        start += len(part) + 1
    sizes = {alternative.size for alternative in alternatives}
    if len(sizes) > 1:
        raise PatternProblem(f"alternatives of different sizes in {text!r}: each must have as many tiles", offset)
    return GroupPattern(tuple(alternatives), offset)


def parse_pattern(text: str) -> tuple[GroupPattern, ...]:
    """The groups of a pattern.

    >>> [str(group.alternatives[0]) for group in parse_pattern("FFF 2026x DDDy! 2222z")]
    ['FFF', '2x02x6x', 'DyDyDy!', '2z2z2z2z']

    Raises:
        PatternProblem: the pattern cannot be read, or does not have 14 tiles.
    """
    groups = []
    position = 0
    for part in text.split(" "):
        if part:
            groups.append(_group(part, position))
        position += len(part) + 1
    if not groups:
        raise PatternProblem("an empty pattern: a line has 14 tiles", 0)
    if len(groups) > MAX_GROUPS:
        raise PatternProblem(f"{len(groups)} groups: a line has at most {MAX_GROUPS}", groups[MAX_GROUPS].offset)
    total = sum(group.size for group in groups)
    if total != MAHJONG_TILES:
        raise PatternProblem(f"the pattern has {total} tiles: a line has 14", 0)
    return tuple(groups)
