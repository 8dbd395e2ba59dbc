"""Reading a Singapore hand: its bonus tiles set aside, its declared sets, and every way its
concealed tiles make the rest of a Mahjong (one eye and four sets), or 13 Wonders.

"To get mahjong you must have one and only one EYE and 4 sets of any combination of CHOW's,
PONG's, and KONG's." Flowers and animals are never part of a set (ruling S12): they are set aside
wherever the hand holds them. A declared kong adds a tile to the hand (ruling T2).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

import attrs

from mahjong_rules.errors import MeldError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.solver import Grammar, Group, standard, waits
from mahjong_rules.tiles import NUM_TILE_KINDS, Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["MAHJONG_SIZE", "STANDARD", "PlacedSet", "Reading", "SortedHand", "readings", "sort_hand"]

MAHJONG_SIZE = 14  # the tiles of a Mahjong, a kong counted as three (ruling T2)
SETS = 4
STANDARD = Grammar.standard()


@attrs.frozen
class PlacedSet:
    """One set of a reading.

    Attributes:
        kind: ``"chow"``, ``"pung"``, ``"kong"`` or ``"eye"``.
        tile: the tile of a pung, kong or eye; the lowest tile of a chow.
        meld: the declared meld it is (``None`` for a set of concealed tiles).
    """

    kind: str
    tile: Tile
    meld: Meld | None = None

    @property
    def exposed(self) -> bool:
        """A set shown on the table (a declared concealed kong is not)."""
        return self.meld is not None and self.meld.exposed

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong."""
        return self.kind in ("pung", "kong")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return _set_tiles(self.kind, self.tile)

    def as_meld(self) -> Meld:
        return self.meld if self.meld is not None else _concealed_meld(self.kind, self.tile)


@functools.cache
def _set_tiles(kind: str, tile: Tile) -> tuple[Tile, ...]:
    if kind == "chow":
        assert tile.suit is not None
        assert tile.rank is not None
        return tuple(tile.suit.tile(tile.rank + step) for step in range(3))
    return (tile,) * {"eye": 2, "pung": 3, "kong": 4}[kind]


@functools.cache
def _concealed_meld(kind: str, tile: Tile) -> Meld:
    return Meld(_set_tiles(kind, tile), exposed=False)  # melds are immutable: one serves every hand


@attrs.frozen
class Reading:
    """One way of reading a hand: ``"standard"`` (four sets and an eye), ``"13 wonders"`` or
    ``"eight flowers"`` (ruling S16, whatever the other tiles)."""

    kind: str
    sets: tuple[PlacedSet, ...] = ()

    @property
    def eye(self) -> PlacedSet | None:
        return next((placed for placed in self.sets if placed.kind == "eye"), None)

    @property
    def groups(self) -> tuple[PlacedSet, ...]:
        """The four sets (the eye left out)."""
        return tuple(placed for placed in self.sets if placed.kind != "eye")


@attrs.frozen
class SortedHand:
    """A hand sorted out: its bonus tiles, its declared sets, its concealed tiles (bonus tiles
    left out), and its size as a Mahjong counts it (a kong as three tiles)."""

    bonus: tuple[Tile, ...]
    declared: tuple[PlacedSet, ...]
    concealed: tuple[int, ...]
    size: int

    @property
    def groups(self) -> list[Group]:
        """The declared sets as the solver's exposed groups."""
        return [
            Group("chow" if placed.kind == "chow" else "identical", tuple(tile.index for tile in placed.tiles))
            for placed in self.declared
        ]

    def waits(self, tileset: TileSet) -> frozenset[int]:
        """The tile indexes that complete a hand one tile short (13 Wonders too when nothing is
        declared), through the solver's standard form (ruling S14)."""
        exposed = self.groups
        return waits(STANDARD, self.concealed, tileset=tileset, exposed=exposed, thirteen_wonders=not exposed)


def _declared_set(meld: Meld) -> PlacedSet:
    """The set a declared meld is; a meld no Singapore set can be is bad input."""
    tiles = meld.tiles
    if any(tile.is_joker or tile.is_blank or tile.is_flower for tile in tiles):
        raise MeldError(f"{meld} holds a tile Singapore mahjong does not use")
    if meld.is_chow:
        if not meld.exposed:
            raise MeldError(f"{meld}: a chow is declared only by calling a discard, exposed")
        return PlacedSet("chow", tiles[0], meld)
    if meld.is_identical and (tiles[0].is_honor or tiles[0].is_number) and meld.size in (3, 4):
        if meld.size == 3 and not meld.exposed:
            raise MeldError(f"{meld}: a concealed set is declared only as a kong of four tiles")
        return PlacedSet("pung" if meld.size == 3 else "kong", tiles[0], meld)
    if meld.is_singles and all(tile.is_number and tile.suit is tiles[0].suit for tile in tiles) and len(tiles) == 3:
        raise MeldError(f"{meld} is not a chow: a chow is three consecutive tiles of one suit")
    if meld.is_singles and all(tile.is_honor for tile in tiles):
        raise MeldError(f"{meld} is not a set: honours make no chow")
    raise MeldError(f"{meld} is not a chow, pong or kong")


def sort_hand(hand: Hand) -> SortedHand:
    """Set the bonus tiles aside and read the declared melds.

    Raises:
        MeldError: a declared meld that is no chow, pong or kong (bonus tiles apart).
    """
    bonus = [tile for tile in hand.concealed if tile.is_bonus]
    declared = []
    for meld in hand.melds:
        if all(tile.is_bonus for tile in meld.tiles):
            bonus += meld.tiles
            continue
        if any(tile.is_bonus for tile in meld.tiles):
            raise MeldError(f"{meld}: flowers and animals are set aside, never part of a set")
        declared.append(_declared_set(meld))
    counts = [0] * NUM_TILE_KINDS
    for tile in hand.concealed:
        if not tile.is_bonus:
            counts[tile.index] += 1
    size = sum(counts) + 3 * len(declared)
    return SortedHand(tuple(sorted(bonus)), tuple(declared), tuple(counts), size)


_KINDS = {"chow": "chow", "pung": "pung", "pair": "eye"}


def _thirteen_wonders(counts: tuple[int, ...]) -> bool:
    return sum(counts[:34]) == 14 and standard.thirteen_wonders_away(counts) == 0


def readings(hand: SortedHand) -> Iterator[Reading]:
    """Every reading of a hand of the right size: 13 Wonders (a hand with no declared set), and
    each way of splitting its concealed tiles into the sets and the eye its declared sets leave."""
    if hand.size != MAHJONG_SIZE:
        return
    if not hand.declared and _thirteen_wonders(hand.concealed):
        yield Reading("13 wonders")
    for blocks in standard.decompositions(hand.concealed, SETS - len(hand.declared)):
        concealed = tuple(PlacedSet(_KINDS[kind], Tile.from_index(index)) for kind, index in blocks)
        yield Reading("standard", hand.declared + concealed)
