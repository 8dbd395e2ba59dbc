"""What each set of a Flex arrangement is: its suit, the numbers it may stand for, its wind.

The solver hands over groups of tiles; this module reads each one the way the Three S rules see
it. A dragon is its suit's 0 and also its 10 (ruling F1, T1); an all-joker triple or quad stands
for whatever the arrangement needs (rulings F2, F18), so its suit and number stay open here.
"""

from __future__ import annotations

import enum

import attrs

from mahjong_rules.melds import Meld
from mahjong_rules.solver import Group
from mahjong_rules.tiles import Seat, Suit, Tile

__all__ = ["FlexSet", "FlexSuit", "SetKind", "group_of_meld", "read_group"]


class FlexSuit(enum.Enum):
    """The five suits of the Suits rule."""

    BAMS = "Bams"
    CRAKS = "Craks"
    DOTS = "Dots"
    WINDS = "Winds"
    FLOWERS = "Flowers"

    @classmethod
    def of(cls, suit: Suit) -> FlexSuit:
        return (cls.BAMS, cls.CRAKS, cls.DOTS)[suit.value]


NUMBER_SUITS = (FlexSuit.BAMS, FlexSuit.CRAKS, FlexSuit.DOTS)


class SetKind(enum.Enum):
    NUMBER = "number"
    """Identical number tiles or dragons (a dragon is 0 or 10 of its suit)."""
    WIND = "wind"
    FLOWER = "flower"
    SINGLES = "singles"
    """A Flextra singles set: NEWS, YEAR or a SEQUENCE quint."""
    JOKERS = "jokers"
    """An all-joker triple or quad: any number of any suit, or any wind."""
    OTHER = "other"
    """A declared set no Flex set can be, such as one of blanks."""


@attrs.frozen
class FlexSet:
    """One set of an arrangement as the rules read it.

    Attributes:
        group: the solver's group (natural tile indexes, jokers).
        exposed: whether the set is exposed.
        kind: what kind of set it is.
        suit: its suit (``None`` for an all-joker set, which takes the suit it needs).
        numbers: the numbers it may stand for: one for a number tile, 0 and 10 for a dragon,
            none for winds, flowers and singles; an all-joker set may stand for any.
        wind: the wind of a wind set.
    """

    group: Group
    exposed: bool
    kind: SetKind
    suit: FlexSuit | None
    numbers: tuple[int, ...] = ()
    wind: Seat | None = None

    @property
    def size(self) -> int:
        return self.group.size

    @property
    def jokers(self) -> int:
        return self.group.jokers

    def describe(self) -> str:
        """The set's tiles in notation, for messages."""
        tiles = [str(Tile.from_index(index)) for index in self.group.tiles] + ["J"] * self.group.jokers
        return " ".join(tiles)


def group_of_meld(meld: Meld) -> Group:
    """The solver's view of an exposed meld."""
    naturals = tuple(sorted(tile.index for tile in meld.naturals))
    shape = "chow" if meld.is_chow else "singles" if meld.is_singles else "identical"
    return Group(shape, naturals, meld.joker_count)


def read_group(group: Group, exposed: bool) -> FlexSet:
    """Read one group of tiles as a Flex set."""
    if group.shape == "singles":
        tiles = [Tile.from_index(index) for index in group.tiles]
        suit = tiles[0].american_suit
        flex_suit = FlexSuit.of(suit) if suit is not None else FlexSuit.WINDS
        return FlexSet(group, exposed, SetKind.SINGLES, flex_suit)
    if not group.tiles:
        return FlexSet(group, exposed, SetKind.JOKERS, None)
    tile = Tile.from_index(group.tiles[0])
    if not (tile.is_flower or tile.is_wind or tile.is_dragon or tile.is_number):
        return FlexSet(group, exposed, SetKind.OTHER, None)
    if tile.is_flower:
        return FlexSet(group, exposed, SetKind.FLOWER, FlexSuit.FLOWERS)
    if tile.wind is not None:
        return FlexSet(group, exposed, SetKind.WIND, FlexSuit.WINDS, wind=tile.wind)
    if tile.dragon is not None:
        return FlexSet(group, exposed, SetKind.NUMBER, FlexSuit.of(tile.dragon.suit), (0, 10))
    assert tile.suit is not None
    assert tile.rank is not None
    return FlexSet(group, exposed, SetKind.NUMBER, FlexSuit.of(tile.suit), (tile.rank,))
