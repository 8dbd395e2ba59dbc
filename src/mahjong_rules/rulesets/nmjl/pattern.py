"""Reading a card line's pattern (``"FF 2222x|5555x DDDx DDDy -or- ..."``) into layouts of groups.

The grammar is on the card format page (``docs/card_format.rst``). A pattern is one or more
*layouts* separated by ``-or-`` (the card's whole-line alternatives); a layout is groups separated
by spaces; a group is one or more alternatives separated by ``|``; an alternative is tile symbols,
each number, number variable or dragon given a suit by the next suit variable, and an optional
``!``.

Format 2 added the number variables ``a b c``, the named dragons ``G`` and ``R``, the dragon ``D``
without a suit (any dragon) and ``-or-``; a format-1 card that uses them is refused with a hint.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = [
    "NUMBERS",
    "NUMBER_VARIABLES",
    "OR",
    "SUIT_VARIABLES",
    "Alternative",
    "Element",
    "GroupPattern",
    "Layout",
    "PatternProblem",
    "parse_layouts",
    "parse_pattern",
]

SUIT_VARIABLES = "xyz"
NUMBER_VARIABLES = "abc"
NUMBERS = "123456789"
SUITED = NUMBERS + NUMBER_VARIABLES + "D"
SYMBOLS = SUITED + "0GRFNEWS?"
FORMAT_2_SYMBOLS = NUMBER_VARIABLES + "GR"
OR = "-or-"
MAX_GROUPS = 20
MAX_GROUP_SIZE = 14
MAX_LAYOUTS = 12
MAHJONG_TILES = 14

_EXPECTED = {
    1: "numbers 0-9, D, F, N, E, W, S, ?, suit variables x y z, ! and |",
    2: "numbers 0-9, number variables a b c, D, G, R, F, N, E, W, S, ?, suit variables x y z, ! and |",
}


class PatternProblem(Exception):
    """A fault in a pattern at ``offset`` (0-based, in the pattern text)."""

    def __init__(self, problem: str, offset: int) -> None:
        super().__init__(problem)
        self.problem = problem
        self.offset = offset


class Element(NamedTuple):
    """One tile of a group as written: its symbol and, for numbers, number variables and dragons,
    its suit variable (``None`` for a dragon written without one: any dragon)."""

    symbol: str
    suit: str | None


class Alternative(NamedTuple):
    """One way to make a group: its elements, whether jokers are banned in it (``!``), and where
    it starts in the pattern text."""

    elements: tuple[Element, ...]
    no_jokers: bool
    offset: int = 0

    @property
    def size(self) -> int:
        return len(self.elements)

    @property
    def text(self) -> str:
        """The alternative as written (``"2222x"``)."""
        parts: list[str] = []
        for position, element in enumerate(self.elements):
            parts.append(element.symbol)
            following = self.elements[position + 1] if position + 1 < len(self.elements) else None
            if element.suit and (following is None or following.suit != element.suit):
                parts.append(element.suit)
        return "".join(parts) + ("!" if self.no_jokers else "")

    def __str__(self) -> str:
        text = "".join(element.symbol + (element.suit or "") for element in self.elements)
        return text + ("!" if self.no_jokers else "")


class GroupPattern(NamedTuple):
    """A group of a layout: its alternatives (one, unless written with ``|``)."""

    alternatives: tuple[Alternative, ...]
    offset: int

    @property
    def size(self) -> int:
        return self.alternatives[0].size


class Layout(NamedTuple):
    """One whole-line alternative of a pattern (the whole pattern when it has no ``-or-``)."""

    groups: tuple[GroupPattern, ...]
    offset: int
    text: str


def _alternative(text: str, offset: int, version: int) -> Alternative:
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
        elif char in SYMBOLS and (version >= 2 or char not in FORMAT_2_SYMBOLS):
            if char in SUITED:
                waiting.append(len(elements))
            elements.append(Element(char, None))
        else:
            new = " (new in format 2: write format = 2)" if char in FORMAT_2_SYMBOLS else ""
            raise PatternProblem(
                f"unknown character {char!r} in a pattern ({_EXPECTED[version]}){new}", offset + position
            )
    for index in waiting:
        symbol = elements[index].symbol
        if symbol == "D" and version >= 2:
            continue  # a dragon with no suit variable: any dragon
        if symbol == "D":
            what = "the dragon D"
        elif symbol in NUMBER_VARIABLES:
            what = f"the number variable {symbol}"
        else:
            what = f"the number {symbol}"
        hint = " (or, in format 2, D alone for any dragon)" if symbol == "D" else ""
        raise PatternProblem(f"{what} needs a suit variable (x, y or z) after it in its group{hint}", offset)
    if not elements:
        raise PatternProblem("a group needs at least one tile", offset)
    if len(elements) > MAX_GROUP_SIZE:
        raise PatternProblem(f"a group of {len(elements)} tiles: at most {MAX_GROUP_SIZE}", offset)
    return Alternative(tuple(elements), no_jokers, offset)


def _group(text: str, offset: int, version: int) -> GroupPattern:
    alternatives = []
    start = 0
    for part in text.split("|"):
        alternatives.append(_alternative(part, offset + start, version))
        start += len(part) + 1
    sizes = {alternative.size for alternative in alternatives}
    if len(sizes) > 1:
        raise PatternProblem(f"alternatives of different sizes in {text!r}: each must have as many tiles", offset)
    return GroupPattern(tuple(alternatives), offset)


def _layout(parts: list[tuple[str, int]], version: int, several: bool) -> Layout:
    groups = tuple(_group(part, offset, version) for part, offset in parts)
    if len(groups) > MAX_GROUPS:
        raise PatternProblem(f"{len(groups)} groups: a line has at most {MAX_GROUPS}", groups[MAX_GROUPS].offset)
    text = " ".join(part for part, _ in parts)
    total = sum(group.size for group in groups)
    if total != MAHJONG_TILES:
        if several:
            raise PatternProblem(f"the alternative '{text}' has {total} tiles: a line has 14", parts[0][1])
        raise PatternProblem(f"the pattern has {total} tiles: a line has 14", 0)
    return Layout(groups, parts[0][1], text)


def parse_layouts(text: str, version: int = 2) -> tuple[Layout, ...]:
    """The layouts of a pattern: one, or one per ``-or-`` alternative (format 2).

    >>> [layout.text for layout in parse_layouts("EEEE NNN SSS WWWW -or- EEE NNNN SSSS WWW")]
    ['EEEE NNN SSS WWWW', 'EEE NNNN SSSS WWW']

    Raises:
        PatternProblem: the pattern cannot be read, or a layout does not have 14 tiles.
    """
    split: list[list[tuple[str, int]]] = [[]]
    position = 0
    for word in text.split(" "):
        if word.lower() == OR:
            if version < 2:
                raise PatternProblem(
                    f"'{OR}' (a whole-line alternative) is new in format 2: write format = 2", position
                )
            if not split[-1]:
                raise PatternProblem(f"an empty alternative: '{OR}' needs a whole line on each side", position)
            split.append([])
        elif word:
            split[-1].append((word, position))
        position += len(word) + 1
    if not split[-1]:
        if len(split) == 1:
            raise PatternProblem("an empty pattern: a line has 14 tiles", 0)
        raise PatternProblem(f"an empty alternative: '{OR}' needs a whole line on each side", len(text))
    if len(split) > MAX_LAYOUTS:
        raise PatternProblem(f"{len(split)} alternatives: a line has at most {MAX_LAYOUTS}", split[MAX_LAYOUTS][0][1])
    return tuple(_layout(parts, version, len(split) > 1) for parts in split)


def parse_pattern(text: str, version: int = 2) -> tuple[GroupPattern, ...]:
    """The groups of a pattern with a single layout (no ``-or-``).

    >>> [str(group.alternatives[0]) for group in parse_pattern("FFF 2026x DDDy! 2222z")]
    ['FFF', '2x02x6x', 'DyDyDy!', '2z2z2z2z']

    Raises:
        PatternProblem: the pattern cannot be read, has several layouts, or does not have 14 tiles.
    """
    layouts = parse_layouts(text, version)
    if len(layouts) > 1:
        raise PatternProblem(f"a pattern with '{OR}': read it with parse_layouts", layouts[1].offset)
    return layouts[0].groups
