"""Melds: sets of tiles declared or arranged together.

A meld is one of three shapes (:class:`MeldShape`): tiles that are all the same (jokers may stand
in, and then the meld stands for that tile), a chow (three consecutive number tiles of one suit),
or singles (different tiles, no jokers, such as NEWS or the digits of a year). Which shapes and
sizes a game allows is its ruleset's business; a meld only refuses what no ruleset could use.

>>> from mahjong_rules import Meld
>>> meld = Meld.parse("[J 5C 5C]")
>>> meld.represents, meld.size, meld.joker_count, meld.exposed
(Tile.parse('5C'), 3, 1, True)
>>> str(meld)
'[55C J]'
>>> Meld.parse("{5555C}").exposed
False
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from mahjong_rules import _codec
from mahjong_rules._codec import Style
from mahjong_rules.errors import MeldError
from mahjong_rules.tiles import Seat, Tile, index_of

__all__ = ["Meld", "MeldShape"]


class MeldShape(enum.Enum):
    """The shape of a meld's tiles."""

    IDENTICAL = "identical"
    """All tiles the same (jokers standing in); also a meld of jokers only."""
    CHOW = "chow"
    """Three consecutive number tiles of one suit, no jokers."""
    SINGLES = "singles"
    """Tiles that are not all the same and not a chow, with no jokers (NEWS, year digits...)."""


_SIZE_NAMES = {2: "pair", 3: "pung", 4: "kong", 5: "quint"}


# EnumType's __getattr__ (CPython 3.11) makes reading a member through its class several times
# slower than reading a global: the code below reads these.
_MELDSHAPE_CHOW = MeldShape.CHOW
_MELDSHAPE_IDENTICAL = MeldShape.IDENTICAL
_MELDSHAPE_SINGLES = MeldShape.SINGLES


def _sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    collected = tuple(tiles)
    for tile in collected:
        if not isinstance(tile, Tile):
            raise TypeError(f"a meld holds tiles, not {tile!r}")
    return tuple(sorted(collected, key=index_of))


def _shape_of(tiles: tuple[Tile, ...]) -> MeldShape:
    naturals = [tile for tile in tiles if not tile.is_joker]
    if len(set(naturals)) <= 1:
        return _MELDSHAPE_IDENTICAL
    if len(naturals) < len(tiles):
        raise MeldError(f"a joker can stand only in a set of identical tiles, not in {' '.join(map(str, tiles))}")
    first = tiles[0]
    if (
        len(tiles) == 3
        and first.suit is not None
        and first.rank is not None
        and all(t.suit is first.suit for t in tiles)
        and [t.rank for t in tiles] == [first.rank, first.rank + 1, first.rank + 2]
    ):
        return _MELDSHAPE_CHOW
    return _MELDSHAPE_SINGLES


@attrs.frozen(repr=False)
class Meld:
    """An immutable set of tiles.

    Attributes:
        tiles: the tiles, jokers included, sorted in tile order.
        exposed: ``True`` for a set shown on the table (written ``[...]``), ``False`` for a
            declared concealed set such as a Singapore concealed kong (written ``{...}``) or a
            set a ruleset arranged from concealed tiles.
        called_from: the seat whose discard was called to make the set, when known (written
            ``@E``, ``@S``, ``@W``, ``@N`` inside the brackets).
        represents: the tile the set stands for: the tile of an identical set, derived from its
            tiles; an all-joker set stands for ``None`` unless one is given (written ``=5C``);
            ``None`` for chows and singles.
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_sorted_tiles)
    exposed: bool = True
    called_from: Seat | None = None
    represents: Tile | None = None
    shape: MeldShape = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if not self.tiles:
            raise MeldError("a meld needs at least one tile")
        if type(self.exposed) is not bool:
            raise TypeError(f"exposed is True or False, not {self.exposed!r}")
        if self.called_from is not None:
            if not isinstance(self.called_from, Seat):
                raise TypeError(f"called_from is a Seat or None, not {self.called_from!r}")
            if not self.exposed:
                raise MeldError("a concealed meld was not called from anyone: called_from must be None")
        shape = _shape_of(self.tiles)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "represents", self._checked_represents(shape))

    def _checked_represents(self, shape: MeldShape) -> Tile | None:
        given = self.represents
        if given is not None and not isinstance(given, Tile):
            raise TypeError(f"represents is a Tile or None, not {given!r}")
        if shape is not _MELDSHAPE_IDENTICAL:
            if given is not None:
                raise MeldError(f"a {shape.value} meld does not stand for one tile")
            return None
        naturals = [tile for tile in self.tiles if not tile.is_joker]
        if naturals:
            if given is not None and given is not naturals[0]:
                raise MeldError(f"a meld of {naturals[0]} cannot stand for {given}")
            return naturals[0]
        if given is not None and given.is_joker:
            raise MeldError("an all-joker meld stands for a tile other than the joker")
        return given

    @classmethod
    def parse(cls, text: str) -> Meld:
        """One meld from text written in brackets: ``[333B]``, ``[J 5C 5C @W]``, ``{5555C}``.

        Raises:
            NotationError: the text is not exactly one bracketed meld.
        """
        return _codec.text().parse_meld(text)

    @property
    def size(self) -> int:
        """The number of tiles."""
        return len(self.tiles)

    @property
    def concealed(self) -> bool:
        """The opposite of :attr:`exposed`."""
        return not self.exposed

    @property
    def joker_count(self) -> int:
        """How many jokers stand in the meld."""
        return sum(1 for tile in self.tiles if tile.is_joker)

    @property
    def naturals(self) -> tuple[Tile, ...]:
        """The tiles that are not jokers."""
        return tuple(tile for tile in self.tiles if not tile.is_joker)

    @property
    def is_identical(self) -> bool:
        return self.shape is _MELDSHAPE_IDENTICAL

    @property
    def is_chow(self) -> bool:
        return self.shape is _MELDSHAPE_CHOW

    @property
    def is_singles(self) -> bool:
        return self.shape is _MELDSHAPE_SINGLES

    @property
    def kind_name(self) -> str:
        """``'pair'``, ``'pung'``, ``'kong'``, ``'quint'``, ``'6 of a kind'``, ``'chow'`` or
        ``'singles'``."""
        if self.shape is not _MELDSHAPE_IDENTICAL:
            return str(self.shape.value)
        return _SIZE_NAMES.get(self.size, f"{self.size} of a kind")

    def format(self, style: Style = "compact") -> str:
        """The meld in notation; ``style`` as for :func:`~mahjong_rules.format_tiles`."""
        return _codec.text().format_meld(self, style)

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The meld's picture, which Jupyter shows (:func:`mahjong_rules.pictures.meld_svg`)."""
        from mahjong_rules.pictures import meld_svg

        return meld_svg(self)
