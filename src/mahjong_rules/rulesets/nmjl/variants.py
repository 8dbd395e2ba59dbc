"""A card line's concrete hands ("variants"): every assignment of suits to its suit variables,
of winds to its ``?`` groups, of numbers to its ``numbers`` shift, and of its alternatives.

A variant is a tuple of :class:`~mahjong_rules.solver.TargetGroup` (the tile indexes of a group
and whether jokers may stand in it) in the pattern's order; two assignments giving the same
groups in another order are one hand, kept once.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from mahjong_rules.rulesets.nmjl.pattern import NUMBERS, SUIT_VARIABLES, Alternative, GroupPattern
from mahjong_rules.solver import TargetGroup
from mahjong_rules.tiles import Tile

__all__ = ["TooManyVariants", "Variant", "expand", "shifts"]

Variant = tuple[TargetGroup, ...]

_SUITS = ("B", "C", "D")  # Bams, Craks, Dots
_DRAGON_OF = {"B": "GD", "C": "RD", "D": "WD"}  # ruling T1
_WINDS = tuple(Tile.parse(wind).index for wind in "ESWN")
_LETTER_TILES = {"F": Tile.FLOWER.index, "0": Tile.parse("WD").index} | {
    wind: Tile.parse(wind).index for wind in "NEWS"
}


MAX_ASSIGNMENTS = 50_000


class TooManyVariants(Exception):
    """A line has more concrete hands than the limit, or more assignments to try than
    :data:`MAX_ASSIGNMENTS`."""


def shifts(groups: Sequence[GroupPattern], lowest_values: Sequence[int] | None) -> list[int]:
    """The amounts the written numbers move by: every value the lowest written number may take
    (``None``: as written) that keeps every written number within 1 to 9."""
    written = [
        int(element.symbol)
        for group in groups
        for alternative in group.alternatives
        for element in alternative.elements
        if element.symbol in NUMBERS
    ]
    if lowest_values is None or not written:
        return [0]
    low, high = min(written), max(written)
    return [value - low for value in lowest_values if value >= 1 and value - low + high <= 9]


def _tile(symbol: str, suit: str | None, shift: int, wind: int | None) -> int:
    if symbol in NUMBERS:
        assert suit is not None
        return Tile.parse(f"{int(symbol) + shift}{suit}").index
    if symbol == "D":
        assert suit is not None
        return Tile.parse(_DRAGON_OF[suit]).index  # ruling T1
    if symbol == "?":
        assert wind is not None
        return wind
    return _LETTER_TILES[symbol]


def _group(alternative: Alternative, suits: dict[str, str], shift: int, wind: int | None) -> TargetGroup:
    tiles = tuple(
        sorted(
            _tile(element.symbol, suits[element.suit] if element.suit else None, shift, wind)
            for element in alternative.elements
        )
    )
    return TargetGroup(tiles, alternative.jokers)


def expand(groups: Sequence[GroupPattern], lowest_values: Sequence[int] | None, limit: int) -> list[Variant]:
    """Every concrete hand of a line, each once, in a deterministic order.

    Raises:
        TooManyVariants: the line has more than ``limit`` concrete hands, or more than
            :data:`MAX_ASSIGNMENTS` assignments would have to be tried.
    """
    used = sorted(
        {element.suit for group in groups for alt in group.alternatives for element in alt.elements if element.suit},
        key=SUIT_VARIABLES.index,
    )
    wind_groups = [index for index, group in enumerate(groups) if any("?" in str(a) for a in group.alternatives)]
    suit_choices = list(itertools.permutations(_SUITS, len(used)))
    wind_choices = list(itertools.permutations(_WINDS, len(wind_groups)))
    moves = shifts(groups, lowest_values)
    alternative_choices = 1
    for group in groups:
        alternative_choices *= len(group.alternatives)
    if len(suit_choices) * len(wind_choices) * len(moves) * alternative_choices > MAX_ASSIGNMENTS:
        raise TooManyVariants
    found: dict[Variant, Variant] = {}
    for suit_choice, wind_choice, shift in itertools.product(suit_choices, wind_choices, moves):
        suits = dict(zip(used, suit_choice, strict=True))
        winds = dict(zip(wind_groups, wind_choice, strict=True))
        for variant in _alternatives(groups, suits, shift, winds):
            found.setdefault(tuple(sorted(variant)), variant)
            if len(found) > limit:
                raise TooManyVariants
    return list(found.values())


def _alternatives(
    groups: Sequence[GroupPattern], suits: dict[str, str], shift: int, winds: dict[int, int]
) -> Iterator[Variant]:
    options = [
        [_group(alternative, suits, shift, winds.get(index)) for alternative in group.alternatives]
        for index, group in enumerate(groups)
    ]
    for chosen in itertools.product(*options):
        yield tuple(chosen)
