"""Hands: concealed tiles plus declared melds.

>>> from mahjong_rules import Hand
>>> hand = Hand.parse("2B 2B 2B 3C 3C 3C 4C 4C 4C 5B 5B [777C @E]")
>>> len(hand), len(hand.concealed), len(hand.exposed)
(14, 11, 1)
>>> str(hand)
'222B 55B 333444C [777C@E]'
>>> Hand.parse(str(hand)) == hand
True

Hands are immutable; a game loop makes changed copies:

>>> hand = Hand.parse("222B 333C 444C 5B 77C")
>>> str(hand.draw("5B").discard("7C"))
'222B 55B 333444C 7C'
>>> str(hand.with_meld("[777C]", called="7C"))
'222B 5B 333444C [777C]'
>>> "5B" in hand, hand.count("2B")
(True, 3)
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import attrs

from mahjong_rules import _codec
from mahjong_rules._codec import Style
from mahjong_rules._coerce import as_tile, describe
from mahjong_rules.errors import HandError
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import NUM_TILE_KINDS, Tile, index_of

if TYPE_CHECKING:
    from mahjong_rules.tilesets import TileSet

__all__ = ["Hand"]


def _sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    if isinstance(tiles, str | bytes) or not isinstance(tiles, Iterable):
        raise TypeError(f"a hand's concealed tiles are tiles (Hand.parse reads notation), not {describe(tiles)}")
    collected = tuple(tiles)
    for tile in collected:
        if not isinstance(tile, Tile):
            raise TypeError(f"a hand's concealed tiles are tiles, not {describe(tile)}")
    return tuple(sorted(collected, key=index_of))


def _melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    collected = tuple(melds)
    for meld in collected:
        if not isinstance(meld, Meld):
            raise TypeError(f"a hand's melds are Meld objects, not {describe(meld)}")
    return collected


@attrs.frozen(repr=False)
class Hand:
    """An immutable hand: loose concealed tiles plus declared melds.

    Concealed tiles are kept sorted (their order carries no meaning); melds keep the order in
    which they were given, which is the order of exposure when a game records it. Two hands are
    equal when they hold the same concealed tiles and the same melds in the same order.

    Attributes:
        concealed: the loose concealed tiles, sorted.
        melds: every declared meld: exposed sets and declared concealed kongs.
    """

    concealed: tuple[Tile, ...] = attrs.field(default=(), converter=_sorted_tiles)
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    _counts: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    _concealed_counts: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        concealed = [0] * NUM_TILE_KINDS
        for tile in self.concealed:
            concealed[tile.index] += 1
        counts = concealed.copy()
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile.index] += 1
        object.__setattr__(self, "_counts", tuple(counts))
        object.__setattr__(self, "_concealed_counts", tuple(concealed))

    @classmethod
    def parse(cls, text: str, tileset: TileSet | None = None) -> Hand:
        """A hand from notation: loose tiles are concealed, ``[...]`` are exposed sets and
        ``{...}`` declared concealed kongs.

        With a :class:`~mahjong_rules.TileSet`, also check that the hand can exist in it, naming
        the position of each tile too many.

        Raises:
            NotationError: the text is not valid notation.
            TileSetError: the hand cannot exist in ``tileset``.
        """
        return _codec.text().parse_hand(text, tileset)

    @property
    def exposed(self) -> tuple[Meld, ...]:
        """The exposed melds (sets shown on the table), in order."""
        return tuple(meld for meld in self.melds if meld.exposed)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand: the concealed tiles, then each meld's tiles."""
        return self.concealed + tuple(tile for meld in self.melds for tile in meld.tiles)

    @property
    def counts(self) -> tuple[int, ...]:
        """How many of each tile the whole hand holds, indexed by :attr:`Tile.index`."""
        return self._counts

    @property
    def concealed_counts(self) -> tuple[int, ...]:
        """How many of each tile the loose concealed tiles hold, indexed by :attr:`Tile.index`."""
        return self._concealed_counts

    def count(self, tile: Tile | str) -> int:
        """How many of ``tile`` (a tile or its notation) the whole hand holds, melds included."""
        return self._counts[as_tile(tile).index]

    def __iter__(self) -> Iterator[Tile]:
        """Every tile of the hand, as :attr:`tiles` lists them."""
        return iter(self.tiles)

    def __contains__(self, tile: object) -> bool:
        """Whether the hand (melds included) holds ``tile``, a tile or its notation."""
        if not isinstance(tile, Tile | str):
            return False
        return self._counts[as_tile(tile).index] > 0

    # -- changed copies, for a game loop ----------------------------------------------------------

    def draw(self, tile: Tile | str) -> Hand:
        """This hand with ``tile`` (a tile or its notation) added to the concealed tiles."""
        added = tile if type(tile) is Tile else as_tile(tile)
        concealed = list(self.concealed)
        bisect.insort(concealed, added, key=index_of)
        return self._changed(tuple(concealed), self.melds, added.index, 1)

    def _changed(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...], index: int, change: int) -> Hand:
        """A copy with ``concealed`` (sorted) and ``melds``, whose concealed count of the tile
        ``index`` differs by ``change`` and whose total count does too, without checking or
        counting again: a game loop makes a few of these per action."""
        counts = list(self._counts)
        counts[index] += change
        concealed_counts = list(self._concealed_counts)
        concealed_counts[index] += change
        return _made(concealed, melds, tuple(counts), tuple(concealed_counts))

    def _exchanged(self, removed: Iterable[Tile], added: Iterable[Tile]) -> Hand:
        """A copy whose concealed tiles lose ``removed`` and gain ``added``, counted from this
        hand's counts without checking again: a game loop's passes and swaps.

        Raises:
            ValueError: the concealed tiles lack one of ``removed``.
        """
        counts, concealed_counts = list(self._counts), list(self._concealed_counts)
        concealed = list(self.concealed)
        for tile in removed:
            concealed.remove(tile)
            counts[tile.index] -= 1
            concealed_counts[tile.index] -= 1
        for tile in added:
            bisect.insort(concealed, tile, key=index_of)
            counts[tile.index] += 1
            concealed_counts[tile.index] += 1
        return _made(tuple(concealed), self.melds, tuple(counts), tuple(concealed_counts))

    def discard(self, tile: Tile | str) -> Hand:
        """This hand without one concealed copy of ``tile``.

        Raises:
            HandError: the concealed tiles hold no ``tile`` (tiles in melds cannot be discarded).
        """
        wanted = tile if type(tile) is Tile else as_tile(tile)
        index = wanted.index
        counts = self._concealed_counts
        if not counts[index]:
            raise HandError(f"cannot discard {wanted}: the concealed tiles ({self._concealed_text()}) hold none")
        # The concealed tiles are in tile order: the first copy comes after every lower tile.
        first = sum(counts[:index])
        concealed = self.concealed
        return self._changed(concealed[:first] + concealed[first + 1 :], self.melds, index, -1)

    def with_meld(self, meld: Meld | str, *, called: Tile | str | None = None) -> Hand:
        """This hand with ``meld`` (a meld or its notation, such as ``"[777C @W]"``) declared: the
        meld's tiles leave the concealed tiles, except ``called``, the discard taken to make it.
        A concealed kong declared from the hand (``"{5555C}"``) is given without ``called``.

        Raises:
            HandError: ``called`` is not one of the meld's tiles, or the concealed tiles lack a
                tile the meld needs.
        """
        if isinstance(meld, str):
            meld = Meld.parse(meld)
        elif not isinstance(meld, Meld):
            raise TypeError(f"meld is a Meld or its notation (str), not {describe(meld)}")
        needed = list(meld.tiles)
        if called is not None:
            taken = as_tile(called, "called")
            if taken not in needed:
                raise HandError(f"the called {taken} is not one of the tiles of {meld}")
            needed.remove(taken)
        concealed = list(self.concealed)
        for tile in needed:
            if tile not in concealed:
                raise HandError(f"cannot declare {meld}: the concealed tiles ({self._concealed_text()}) lack a {tile}")
            concealed.remove(tile)
        return attrs.evolve(self, concealed=concealed, melds=(*self.melds, meld))

    def _concealed_text(self) -> str:
        return _codec.text().format_tiles(self.concealed) or "none"

    @property
    def joker_count(self) -> int:
        """How many jokers the whole hand holds."""
        return self._counts[Tile.JOKER.index]

    @property
    def is_concealed(self) -> bool:
        """``True`` when no meld is exposed."""
        return not any(meld.exposed for meld in self.melds)

    def __len__(self) -> int:
        return len(self.concealed) + sum(meld.size for meld in self.melds)

    def format(self, style: Style = "compact") -> str:
        """The hand in notation; ``style`` as for :func:`~mahjong_rules.format_tiles`."""
        return _codec.text().format_hand(self, style)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The hand's picture, which Jupyter shows (:func:`mahjong_rules.pictures.hand_svg`)."""
        from mahjong_rules.pictures import hand_svg

        return hand_svg(self)


def as_hand(value: object, tileset: TileSet | None = None, argument: str = "hand") -> Hand:
    """A hand, or a hand's notation, as a hand (parsed with ``tileset`` when given, so that a tile
    too many is reported at its position)."""
    if isinstance(value, Hand):
        return value
    if isinstance(value, str):
        return Hand.parse(value, tileset)
    raise TypeError(f"{argument} is a Hand or its notation (str), not {describe(value)}")


# Each slot's own setter: the frozen class refuses setattr, and object.__setattr__ would look each
# name up again (a game loop makes a few hands per action).
_SET_CONCEALED = Hand.__dict__["concealed"].__set__
_SET_MELDS = Hand.__dict__["melds"].__set__
_SET_COUNTS = Hand.__dict__["_counts"].__set__
_SET_CONCEALED_COUNTS = Hand.__dict__["_concealed_counts"].__set__


def _made(
    concealed: tuple[Tile, ...], melds: tuple[Meld, ...], counts: tuple[int, ...], concealed_counts: tuple[int, ...]
) -> Hand:
    """A hand of these fields, made without checking or counting again (a game loop's copies)."""
    made: Hand = object.__new__(Hand)
    _SET_CONCEALED(made, concealed)
    _SET_MELDS(made, melds)
    _SET_COUNTS(made, counts)
    _SET_CONCEALED_COUNTS(made, concealed_counts)
    return made
