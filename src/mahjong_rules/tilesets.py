"""Tile sets: which tiles a game uses and how many of each, and whether a hand can exist in it.

>>> from mahjong_rules import Hand, TileSet
>>> american = TileSet.american()
>>> len(american), american.count(Tile.JOKER)
(152, 8)
>>> american.check(Hand.parse("1B 1B 1B 1B 1B"))
Traceback (most recent call last):
    ...
mahjong_rules.errors.TileSetError: not possible in the American tile set: 5 of 1B, the set has 4
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Mapping

import attrs

from mahjong_rules._coerce import as_tile, as_tiles
from mahjong_rules._text import count_of
from mahjong_rules.errors import RecordError, TileSetError
from mahjong_rules.hand import Hand
from mahjong_rules.tiles import NUM_TILE_KINDS, Animal, Dragon, FlowerSet, Seat, Suit, Tile

__all__ = ["TileProblem", "TileSet"]

_FLEX_FLOWERS = (0, 6, 7, 8)
_FLEX_JOKERS = (0, 4, 5, 6, 7, 8)
_FLEX_BLANKS = (0, 1, 2, 3, 4)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@attrs.frozen
class TileProblem:
    """One reason some tiles cannot all exist in a tile set.

    Attributes:
        tile: the tile concerned.
        count: how many of it the tiles hold.
        allowed: how many the set has (0: the set lacks the tile).
        position: where the first tile too many was written, when the tiles came from text.
        token: that tile as written, when the tiles came from text.
    """

    tile: Tile
    count: int
    allowed: int
    position: int | None = None
    token: str | None = None

    def __str__(self) -> str:
        if self.allowed == 0:
            what = f"{self.tile} is not in the set"
            if self.count > 1:
                what += f" ({self.count} of it)"
        elif self.position is not None:
            what = f"{_ordinal(self.allowed + 1)} {self.tile}, the set has {self.allowed}"
        else:
            what = f"{self.count} of {self.tile}, the set has {self.allowed}"
        if self.position is not None:
            what += f" (token {self.token!r} at position {self.position})"
        return what


def _counts_converter(counts: Iterable[int]) -> tuple[int, ...]:
    return tuple(counts)


def _check_counts(instance: TileSet, attribute: attrs.Attribute[tuple[int, ...]], value: tuple[int, ...]) -> None:
    if any(type(n) is not int for n in value):
        raise TypeError(f"a tile set's counts are {NUM_TILE_KINDS} non-negative integers, not {value!r:.80}")
    if len(value) != NUM_TILE_KINDS or any(n < 0 for n in value):
        raise RecordError(f"a tile set's counts are {NUM_TILE_KINDS} non-negative integers, not {value!r:.80}")


@attrs.frozen(repr=False)
class TileSet:
    """How many of each tile a game uses. Build one with :meth:`american`, :meth:`singapore`,
    :meth:`flex` or :meth:`from_counts`.

    Attributes:
        name: a readable name, used in error messages.
        counts: the number of copies of each tile, indexed by :attr:`Tile.index`.
    """

    name: str
    counts: tuple[int, ...] = attrs.field(converter=_counts_converter, validator=_check_counts)

    @classmethod
    def from_counts(cls, name: str, counts: Mapping[Tile, int]) -> TileSet:
        """A tile set holding ``counts[tile]`` of each tile named (none of the others).

        >>> TileSet.from_counts("tiny", {Tile.parse("1B"): 4, Tile.JOKER: 2}).total
        6
        """
        if not isinstance(name, str):
            raise TypeError(f"a tile set's name is a string, not {name!r:.40}")
        if not isinstance(counts, Mapping):
            raise TypeError(f"counts is a mapping of tiles to counts, not {type(counts).__name__}")
        vector = [0] * NUM_TILE_KINDS
        for tile, count in counts.items():
            if not isinstance(tile, Tile):
                raise TypeError(f"tile set keys are tiles, not {tile!r}")
            if type(count) is not int:
                shown = f"{type(count).__name__} {count!r:.40}"
                raise TypeError(f"the count of {tile} is a non-negative integer, not {shown}")
            if count < 0:
                raise RecordError(f"the count of {tile} is a non-negative integer, not {count!r}")
            vector[tile.index] = count
        return cls(name, vector)

    @classmethod
    def american(cls) -> TileSet:
        """The 152 tiles of American mah jongg: 108 number tiles, 12 dragons, 16 winds, 8 flowers
        and 8 jokers."""
        counts = _base_counts(winds=True)
        counts[Tile.FLOWER] = 8
        counts[Tile.JOKER] = 8
        return cls.from_counts("American", counts)

    @classmethod
    def singapore(cls) -> TileSet:
        """The 148 tiles of Singapore mahjong: 136 suit and honour tiles, the 8 red and black
        flowers and the 4 animals."""
        counts = _base_counts(winds=True)
        for flower_set in FlowerSet:
            for number in range(1, 5):
                counts[flower_set.tile(number)] = 1
        for animal in Animal:
            counts[animal.tile] = 1
        return cls.from_counts("Singapore", counts)

    @classmethod
    def flex(cls, *, winds: bool = True, flowers: int = 8, jokers: int = 8, blanks: int = 0) -> TileSet:
        """The tiles of an American Flex game: number tiles and dragons always, and the optional
        tiles the players chose: all 16 winds or none; 6 to 8 flowers or none; 4 to 8 jokers or
        none; up to 4 blanks.

        >>> TileSet.flex(winds=False, flowers=0, jokers=0).total
        120
        >>> TileSet.flex(flowers=5)
        Traceback (most recent call last):
            ...
        mahjong_rules.errors.RecordError: a Flex game uses 6 to 8 flowers, or none (0), not 5
        """
        if type(winds) is not bool:
            raise TypeError(f"winds is True or False, not {winds!r}")
        _check_choice("flowers", flowers, _FLEX_FLOWERS, "6 to 8 flowers, or none (0)")
        _check_choice("jokers", jokers, _FLEX_JOKERS, "4 to 8 jokers, or none (0)")
        _check_choice("blanks", blanks, _FLEX_BLANKS, "0 to 4 blanks")
        counts = _base_counts(winds=winds)
        counts[Tile.FLOWER] = flowers
        counts[Tile.JOKER] = jokers
        counts[Tile.BLANK] = blanks
        return cls.from_counts("Flex", counts)

    @property
    def total(self) -> int:
        """The number of tiles in the set."""
        return sum(self.counts)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The kinds of tile the set has, in tile order."""
        return tuple(tile for tile in Tile.all() if self.counts[tile.index])

    def copies(self) -> tuple[Tile, ...]:
        """Every tile of the set, each as many times as the set has it, in tile order: the tiles a
        deal shuffles (worked out once per set of counts).

        >>> TileSet.from_counts("tiny", {Tile.parse("1B"): 2, Tile.JOKER: 1}).copies()
        (Tile.parse('1B'), Tile.parse('1B'), Tile.parse('J'))
        """
        return _copies(self.counts)

    def count(self, tile: Tile | str) -> int:
        """How many copies of ``tile`` (a tile or its notation) the set has (0 when it lacks it)."""
        return self.counts[as_tile(tile).index]

    def __len__(self) -> int:
        return self.total

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and self.counts[tile.index] > 0

    def __repr__(self) -> str:
        return f"<TileSet {self.name}: {count_of(self.total, 'tile')}>"

    def problems(self, tiles: Hand | Iterable[Tile]) -> tuple[TileProblem, ...]:
        """Every reason the tiles cannot all exist in this set, in tile order (empty when they can).

        ``tiles`` is a :class:`~mahjong_rules.Hand` or any iterable of tiles.
        """
        counts = tiles.counts if isinstance(tiles, Hand) else _count(tiles)
        if not any(map(operator.gt, counts, self.counts)):  # the common case, at C speed
            return ()
        return tuple(
            TileProblem(tile, counts[tile.index], self.counts[tile.index])
            for tile in Tile.all()
            if counts[tile.index] > self.counts[tile.index]
        )

    def check(self, tiles: Hand | Iterable[Tile]) -> None:
        """Raise :class:`~mahjong_rules.TileSetError` listing every problem, if there is one."""
        problems = self.problems(tiles)
        if problems:
            raise TileSetError(self.name, problems)


@functools.lru_cache(maxsize=64)  # a few tile sets are played; custom ones may be many
def _copies(counts: tuple[int, ...]) -> tuple[Tile, ...]:
    return tuple(tile for tile in Tile.all() for _ in range(counts[tile.index]))


def _count(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * NUM_TILE_KINDS
    for tile in as_tiles(tiles, "the tiles checked"):
        counts[tile.index] += 1
    return counts


def _base_counts(*, winds: bool) -> dict[Tile, int]:
    counts = {suit.tile(rank): 4 for suit in Suit for rank in range(1, 10)}
    counts |= {dragon.tile: 4 for dragon in Dragon}
    if winds:
        counts |= {seat.wind: 4 for seat in Seat}
    return counts


def _check_choice(name: str, value: int, allowed: tuple[int, ...], description: str) -> None:
    if type(value) is not int:
        raise TypeError(f"{name} is an integer, not {value!r}")
    if value not in allowed:
        raise RecordError(f"a Flex game uses {description}, not {value}")
