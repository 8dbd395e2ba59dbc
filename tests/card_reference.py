"""A blind, brute-force reading of one line of a card in the card format, version 2.

It is written from ``docs/card_format.rst`` only (with ``rules/american-nmjl-guide.txt`` and the
rulings T1, T5, N1-N5 for the tiles and the jokers), without reading the library's card code: from
the library it takes nothing but the tile indexes (``Tile.parse("1B").index`` and so on, written
below as constants) and, from ``tests/nmjl_reference.py``, the tile-count check :func:`is_makeable`.

:func:`read_line` takes one line as the dict of its keys (``hand`` and, optionally, ``numbers``,
``suits``, ``a``, ``b``, ``c``; the other keys are ignored) and returns a :class:`Reading`: either
the line's concrete hands that can be made, each a multiset of groups (a sorted tuple of
``(sorted tile indexes, jokers allowed)``), or a refusal with a short reason.

The method is deliberately simple: for each ``-or-`` alternative, :func:`itertools.product` over
every choice among the ``|`` alternatives, every assignment of suits to the suit variables, of
numbers to the number variables, of winds to the ``?`` groups, of dragons to the groups of ``D``
alone and every value of ``numbers``; assignments the docs rule out (two variables on one suit
without ``suits``, two number variables on one number, two ``?`` groups on one wind...) are
skipped one by one. Clarity over speed.

Where the docs leave a reading open, the comment next to the code (marked "Reading:") quotes the
sentence relied on: what ``D`` alone is in a mixed group, what ``suits = "any"`` allows, which
"pattern" ``suits`` may not allow more suits than, an ``-or-`` alternative without digits, and
whether a listed value is checked per line or per ``-or-`` alternative.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tests.nmjl_reference import is_makeable

__all__ = [
    "MAX_HANDS",
    "Group",
    "Hand",
    "Reading",
    "read_line",
]

Group = tuple[tuple[int, ...], bool]
"""A concrete group: its tile indexes, sorted, and whether jokers may stand in it."""
Hand = tuple[Group, ...]
"""A concrete hand: its groups, sorted (a multiset of groups)."""

# -- tiles, as ``mr.Tile.parse(...).index`` gives them ---------------------------------------------

SUITS = ("B", "C", "D")
SUIT_BASE = {"B": 0, "C": 9, "D": 18}  # 1B is 0, 1C is 9, 1D is 18
# Ruling T1: Green with Bams, Red with Craks, White (the Soap) with Dots.
DRAGON_OF_SUIT = {"B": 27, "C": 28, "D": 29}
GREEN, RED, WHITE = 27, 28, 29
DRAGONS = (GREEN, RED, WHITE)
WIND_INDEX = {"E": 30, "S": 31, "W": 32, "N": 33}
WINDS = (30, 31, 32, 33)
FLOWER = 34

SUIT_VARIABLES = "xyz"
NUMBER_VARIABLES = "abc"

# Limits the docs give ("Limits"): "20 groups in a pattern, 12 ``-or-`` alternatives, 5,000
# concrete hands in a line".
MAX_GROUPS = 20
MAX_ALTERNATIVES = 12
MAX_HANDS = 5000


def number_tile(suit: str, number: int) -> int:
    return SUIT_BASE[suit] + number - 1


# -- results -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """What a line means: its hands, or why it is refused (``refused`` is then not None)."""

    hands: frozenset[Hand] = field(default_factory=frozenset)
    refused: str | None = None


class Refused(Exception):
    """A fault found while reading; :func:`read_line` turns it into a refusing :class:`Reading`."""


# -- reading the keys ----------------------------------------------------------------------------------

RANGE = re.compile(r"^([1-9])-([1-9])$")


def number_values(key: str, value: object) -> tuple[tuple[int, ...], bool]:
    """The values of ``numbers`` or of a number variable's key, and whether they were a list.

    Docs: ``"any"`` is 1 to 9, ``"even"`` / ``"odd"`` are 2, 4, 6, 8 / 1, 3, 5, 7, 9, ``"3-6"`` is any
    number in the range, ``[2, 5]`` is one of the numbers listed.
    """
    if isinstance(value, str):
        if value == "any":
            return tuple(range(1, 10)), False
        if value == "even":
            return (2, 4, 6, 8), False
        if value == "odd":
            return (1, 3, 5, 7, 9), False
        match = RANGE.match(value)
        # A range "such as 3-6" is "any number in the range": read as low-high, both of 1 to 9, low
        # not above high ("5-5" is a range of one number).
        if match and int(match.group(1)) <= int(match.group(2)):
            return tuple(range(int(match.group(1)), int(match.group(2)) + 1)), False
        raise Refused(f"bad {key} {value!r}")
    if isinstance(value, list) and value:
        numbers: list[int] = []
        for item in value:
            if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= 9:
                raise Refused(f"bad {key} {value!r}")
            # A list is "one of the numbers listed": a number listed twice is still one number.
            if item not in numbers:
                numbers.append(item)
        return tuple(numbers), True
    raise Refused(f"bad {key} {value!r}")


SUITS_WORDS = {"1 or 2": (1, 2), "1 or 3": (1, 3), "2 or 3": (2, 3)}


def suit_counts(value: object) -> tuple[int, ...]:
    """The numbers of different suits ``suits`` allows."""
    if isinstance(value, str):
        if value == "any":
            # Reading: "any" is every number of suits the game has, 1, 2 or 3, as ``numbers = "any"``
            # is "any number from 1 to 9"; so it allows 3 suits and, by "it may not allow more
            # suits than the pattern has variables", needs three suit variables.
            return (1, 2, 3)
        if value in SUITS_WORDS:
            return SUITS_WORDS[value]
        raise Refused(f"bad suits {value!r}")
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3:
        return (value,)
    if isinstance(value, list) and value:
        counts: list[int] = []
        for item in value:
            if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= 3:
                raise Refused(f"bad suits {value!r}")
            if item not in counts:
                counts.append(item)
        return tuple(counts)
    raise Refused(f"bad suits {value!r}")


# -- reading a pattern ---------------------------------------------------------------------------------

# One written tile: (kind, detail, suit variable). Kinds: "digit" (detail: the written number),
# "numvar" (detail: a, b or c), "dragon" (a D followed by a suit variable), "anydragon" (a D alone),
# "tile" (detail: a fixed tile index: 0 G R F N E W S), "anywind" (a ?).
Item = tuple[str, str, str]


@dataclass(frozen=True)
class WrittenGroup:
    text: str
    items: tuple[Item, ...]
    no_jokers: bool


FIXED_TILES = {"0": WHITE, "G": GREEN, "R": RED, "F": FLOWER, **WIND_INDEX}


def parse_group(text: str) -> WrittenGroup:
    """One alternative of a group (``2025x``, ``DDDx!``, ``1x1y1z``, ``???``), tile by tile."""
    # "``!`` at the end of a group: no jokers in this group".
    no_jokers = text.endswith("!")
    body = text[:-1] if no_jokers else text
    if "!" in body:
        raise Refused(f"'!' not at the end of {text!r}")
    if not body:
        raise Refused(f"empty group in {text!r}")
    items: list[Item] = []
    waiting: list[int] = []  # digits, number variables and Ds not yet given a suit
    for char in body:
        if char in SUIT_VARIABLES:
            # "it gives its suit to the numbers, number variables and dragons written before it in
            # the group (back to the previous variable)"; "``00x`` is an error (the variable has
            # nothing to give its suit to)".
            if not waiting:
                raise Refused(f"suit variable {char!r} with nothing to give its suit to in {text!r}")
            for position in waiting:
                kind, detail, _ = items[position]
                items[position] = (kind, detail, char)
            waiting = []
        elif char in "123456789":
            waiting.append(len(items))
            items.append(("digit", char, ""))
        elif char in NUMBER_VARIABLES:
            waiting.append(len(items))
            items.append(("numvar", char, ""))
        elif char == "D":
            waiting.append(len(items))
            items.append(("dragon", "", ""))
        elif char in FIXED_TILES:
            items.append(("tile", char, ""))
        elif char == "?":
            items.append(("anywind", "", ""))
        else:
            raise Refused(f"unknown character {char!r} in {text!r}")
    for position in waiting:
        kind, detail, _ = items[position]
        if kind != "dragon":
            # "a number, number variable or dragon of a colour with no suit variable" is an error;
            # "A variable needs a suit variable after it, like a digit".
            raise Refused(f"{detail!r} with no suit variable after it in {text!r}")
        # Reading: a D that no suit variable follows in its group is "``D`` alone" (the docs:
        # "``D`` followed by a suit variable, the dragon of that suit" / "``D`` alone, any dragon").
        items[position] = ("anydragon", "", "")
    return WrittenGroup(text, tuple(items), no_jokers)


Alternative = list[list[WrittenGroup]]
"""One ``-or-`` alternative: its groups, each a list of its ``|`` alternatives."""


def parse_pattern(hand: str) -> list[Alternative]:
    tokens = hand.split()
    alternatives: list[Alternative] = [[]]
    for token in tokens:
        if token == "-or-":
            alternatives.append([])
            continue
        parts = token.split("|")
        group = [parse_group(part) for part in parts]
        # "``|`` between two groups of the same size: either one"; "alternatives of different sizes"
        # is an error.
        if len({len(part.items) for part in group}) != 1:
            raise Refused(f"alternatives of different sizes in {token!r}")
        alternatives[-1].append(group)
    if len(alternatives) > MAX_ALTERNATIVES:
        raise Refused("too many -or- alternatives")
    for alternative in alternatives:
        if len(alternative) > MAX_GROUPS:
            raise Refused("too many groups")
        # "an alternative that is not 14 tiles" is an error (each ``-or-`` alternative is "a full
        # pattern of 14 tiles").
        if sum(len(group[0].items) for group in alternative) != 14:
            raise Refused("an alternative that is not 14 tiles")
    return alternatives


# -- concrete groups -----------------------------------------------------------------------------------


def concrete_group(
    group: WrittenGroup,
    suits: Mapping[str, str],
    variables: Mapping[str, int],
    shift: int,
    wind: int | None,
    dragon: int | None,
) -> Group | None:
    """The group's concrete tiles and whether jokers may stand in it; None when a moved digit
    leaves 1 to 9."""
    tiles: list[int] = []
    for kind, detail, variable in group.items:
        if kind == "digit":
            number = int(detail) + shift
            # "a value that would take a digit outside 1 to 9 gives no hand".
            if not 1 <= number <= 9:
                return None
            tiles.append(number_tile(suits[variable], number))
        elif kind == "numvar":
            tiles.append(number_tile(suits[variable], variables[detail]))
        elif kind == "dragon":
            tiles.append(DRAGON_OF_SUIT[suits[variable]])
        elif kind == "anydragon":
            assert dragon is not None
            tiles.append(dragon)
        elif kind == "anywind":
            assert wind is not None
            tiles.append(wind)
        else:
            tiles.append(FIXED_TILES[detail])
    # "jokers may stand in a group when it has 3 tiles or more, all the same tile, and no ``!``
    # (ruling N2). Whether the tiles are the same is decided on the concrete tiles".
    jokers = len(tiles) >= 3 and len(set(tiles)) == 1 and not group.no_jokers
    return (tuple(sorted(tiles)), jokers)


def _distinct(values: Sequence[object]) -> bool:
    return len(set(values)) == len(values)


def _suit_variables(groups: Sequence[WrittenGroup]) -> list[str]:
    return sorted({variable for group in groups for kind, _, variable in group.items if variable})


# -- reading a line --------------------------------------------------------------------------------------


def read_line(keys: Mapping[str, object]) -> Reading:
    """What one line means: its makeable concrete hands, or a refusal with a short reason."""
    try:
        return Reading(hands=_read(keys))
    except Refused as fault:
        return Reading(refused=str(fault))


def _read(keys: Mapping[str, object]) -> frozenset[Hand]:
    hand = keys.get("hand")
    if not isinstance(hand, str):
        raise Refused("no hand")
    alternatives = parse_pattern(hand)

    numbers_key = keys.get("numbers")
    numbers: tuple[int, ...] | None = None
    numbers_listed = False
    if numbers_key is not None:
        numbers, numbers_listed = number_values("numbers", numbers_key)
    # Number variables: "any number when the key is left out".
    variable_values: dict[str, tuple[int, ...]] = {}
    variables_listed: dict[str, bool] = {}
    for letter in NUMBER_VARIABLES:
        variable_key = keys.get(letter, "any")
        variable_values[letter], variables_listed[letter] = number_values(letter, variable_key)
    allowed_suits: tuple[int, ...] | None = None
    if keys.get("suits") is not None:
        allowed_suits = suit_counts(keys["suits"])
        # "``suits`` counts the suits of the variables that appear in a hand's pattern; it may not
        # allow more suits than the pattern has variables." Reading: "the pattern" is the line's
        # ``hand`` ("The line's pattern (below), with ``-or-`` between whole-line alternatives"),
        # so its variables are those written anywhere in the line.
        written = _suit_variables([part for alternative in alternatives for group in alternative for part in group])
        if max(allowed_suits) > len(written):
            raise Refused(f"suits allows {max(allowed_suits)} suits, the pattern has {len(written)} variables")

    hands: set[Hand] = set()
    # The parts of the line that gave at least one makeable hand ("Nothing is lost silently").
    given: set[tuple[object, ...]] = set()

    for alt_index, alternative in enumerate(alternatives):
        # "The lowest written digit is the lowest in any ``|`` alternative of the pattern (of the
        # ``-or-`` alternative it is in: each is read on its own)"; the Soap (0) is no digit.
        digits = [int(d) for group in alternative for part in group for kind, d, _ in part.items if kind == "digit"]
        # Reading: an alternative without digits has nothing for ``numbers`` to move ("``numbers``
        # gives the values the lowest written digit of the pattern may take"), so its hands are
        # read once, at no value. (A line with no digit at all and ``numbers`` given is not
        # generated by the tests: the docs do not say whether it is refused.)
        values: tuple[int | None, ...] = (None,) if numbers is None or not digits else numbers
        lowest = min(digits) if digits else 0

        for choice in itertools.product(*(range(len(group)) for group in alternative)):
            chosen = [group[index] for group, index in zip(alternative, choice, strict=True)]
            # "``suits`` counts the suits of the variables that appear in a hand's pattern".
            suit_vars = _suit_variables(chosen)
            number_vars = sorted({detail for group in chosen for kind, detail, _ in group.items if kind == "numvar"})
            wind_groups = [i for i, group in enumerate(chosen) if any(item[0] == "anywind" for item in group.items)]
            dragon_groups = [i for i, group in enumerate(chosen) if any(item[0] == "anydragon" for item in group.items)]
            for suit_choice, number_choice, wind_choice, dragon_choice, value in itertools.product(
                itertools.product(SUITS, repeat=len(suit_vars)),
                itertools.product(*(variable_values[letter] for letter in number_vars)),
                itertools.product(WINDS, repeat=len(wind_groups)),
                itertools.product(DRAGONS, repeat=len(dragon_groups)),
                values,
            ):
                suit_count = len(set(suit_choice))
                if allowed_suits is None:
                    # "Without ``suits``, different variables are different suits".
                    if not _distinct(suit_choice):
                        continue
                # "the line's hands are those that use one of the allowed numbers of different
                # suits"; "``suits`` counts the different suits of the suit variables that appear in
                # a hand's pattern; a hand whose pattern has none is not restricted".
                elif suit_vars and suit_count not in allowed_suits:
                    continue
                # "different variables are different numbers"; "a different wind in each group
                # written with ``?``"; "a different dragon in each group written with ``D`` alone".
                if not (_distinct(number_choice) and _distinct(wind_choice) and _distinct(dragon_choice)):
                    continue
                suits = dict(zip(suit_vars, suit_choice, strict=True))
                variables = dict(zip(number_vars, number_choice, strict=True))
                winds = dict(zip(wind_groups, wind_choice, strict=True))
                dragons = dict(zip(dragon_groups, dragon_choice, strict=True))
                # "``numbers`` gives the values the lowest written digit of the pattern may take, and
                # every other digit moves by the same amount".
                shift = 0 if value is None else value - lowest
                groups = [
                    concrete_group(group, suits, variables, shift, winds.get(i), dragons.get(i))
                    for i, group in enumerate(chosen)
                ]
                concrete = [group for group in groups if group is not None]
                if len(concrete) != len(groups):
                    continue  # "Each choice among a pattern's | alternatives moves as far as its own digits allow."
                # "Hands that need more of a tile than the game has (4 of each, 8 flowers; jokers
                # only in groups of 3 or more identical tiles, 8 of them) are left out."
                if not is_makeable(concrete):
                    continue
                # "Two assignments that give the same groups are one hand."
                hands.add(tuple(sorted(concrete)))
                given.add(("alternative", alt_index))
                for group_index, (group, index) in enumerate(zip(alternative, choice, strict=True)):
                    if len(group) > 1:
                        given.add(("bar", alt_index, group_index, index))
                if value is not None:
                    given.add(("numbers", value))
                for letter, number in variables.items():
                    given.add(("variable", letter, number))
                if allowed_suits is not None and suit_vars:
                    given.add(("suits", suit_count))

    # "Nothing is lost silently. A line is refused ... when a part of what it says never gives a
    # hand: the whole line; one of its ``-or-`` alternatives; one of a group's ``|`` alternatives; a
    # value listed in ``numbers`` (a list, not a word or a range); a value listed for a number
    # variable; one of the numbers of suits that ``suits`` allows."
    if not hands:
        raise Refused("the line never gives a hand")
    for alt_index, alternative in enumerate(alternatives):
        if ("alternative", alt_index) not in given:
            raise Refused(f"-or- alternative {alt_index + 1} never gives a hand")
        for group_index, group in enumerate(alternative):
            if len(group) > 1:
                for index, part in enumerate(group):
                    if ("bar", alt_index, group_index, index) not in given:
                        raise Refused(f"{part.text!r} never gives a hand")
    if numbers is not None and numbers_listed:
        # Reading: the value is checked over the whole line, like the other parts of the list ("a
        # part of what it says never gives a hand: the whole line; one of its ``-or-``
        # alternatives; ...; a value listed in ``numbers``"): a value that gives a hand in one
        # ``-or-`` alternative is not lost, as "Each choice among a pattern's ``|`` alternatives
        # moves as far as its own digits allow" and the alternative itself is checked on its own.
        for value in numbers:
            if ("numbers", value) not in given:
                raise Refused(f"numbers value {value} never gives a hand")
    for letter in NUMBER_VARIABLES:
        if variables_listed[letter]:
            # Reading: "a value listed for a number variable" that never gives a hand, including when
            # the variable is not written in the pattern at all (its values then give nothing).
            for number in variable_values[letter]:
                if ("variable", letter, number) not in given:
                    raise Refused(f"{letter} value {number} never gives a hand")
    if allowed_suits is not None:
        for count in allowed_suits:
            if ("suits", count) not in given:
                raise Refused(f"{count} suits never gives a hand")
    # "5,000 concrete hands in a line" is a limit.
    if len(hands) > MAX_HANDS:
        raise Refused(f"more than {MAX_HANDS} concrete hands")
    return frozenset(hands)
