"""Tiles: one shared, immutable object per kind of tile, for every ruleset.

The library knows 49 kinds of tile. Their order (the order of :attr:`Tile.index`) is the order in
which hands are printed and sorted:

===========  =====================================================  =========
indexes      tiles                                                  tokens
===========  =====================================================  =========
0-8          Bams 1-9                                               1B .. 9B
9-17         Craks 1-9                                              1C .. 9C
18-26        Dots 1-9                                               1D .. 9D
27-29        Green, Red, White dragon (with Bams, Craks, Dots, T1)  GD RD WD
30-33        East, South, West, North wind (turn order, T4)         E S W N
34           American flower                                        F
35-38        Singapore red flowers 1-4                              RF1 .. RF4
39-42        Singapore black flowers 1-4                            BF1 .. BF4
43-46        Singapore animals                                      Cat Mouse Rooster Centipede
47           Joker                                                  J
48           Blank                                                  Blank
===========  =====================================================  =========

>>> from mahjong_rules import Tile, Suit
>>> Tile.parse("3B") is Suit.BAMS.tile(3)
True
>>> Tile.parse("0C")
Tile.parse('RD')
>>> sorted(Tile.parse(t) for t in ["N", "GD", "9D", "1B"])
[Tile.parse('1B'), Tile.parse('9D'), Tile.parse('GD'), Tile.parse('N')]
"""

from __future__ import annotations

import enum
import operator
from typing import Any, ClassVar, NoReturn

from mahjong_rules import _codec
from mahjong_rules._text import TOKEN_QUOTE_LIMIT, closest
from mahjong_rules.errors import NotationError, TileError

__all__ = [
    "NUM_TILE_KINDS",
    "Animal",
    "Dragon",
    "FlowerSet",
    "Seat",
    "Suit",
    "Tile",
    "TileKind",
]

NUM_TILE_KINDS = 49
"""How many kinds of tile the library knows: the length of every count vector."""

_FIRST_DRAGON = 27
_FIRST_WIND = 30
_FLOWER = 34
_FIRST_RED_FLOWER = 35
_FIRST_BLACK_FLOWER = 39
_FIRST_ANIMAL = 43
_JOKER = 47
_BLANK = 48


def _tile_error(message: str) -> Exception:
    return TileError(message)


class TileKind(enum.Enum):
    """The broad kind of a tile."""

    NUMBER = "number"
    """A suited tile numbered 1 to 9 (Bams, Craks, Dots)."""
    DRAGON = "dragon"
    WIND = "wind"
    FLOWER = "flower"
    """The American flower: all American flowers are the same tile."""
    SINGAPORE_FLOWER = "singapore flower"
    """A Singapore red or black flower numbered 1 to 4."""
    ANIMAL = "animal"
    JOKER = "joker"
    BLANK = "blank"


class Suit(enum.Enum):
    """The three number suits, in the library's order."""

    BAMS = 0
    CRAKS = 1
    DOTS = 2

    @property
    def letter(self) -> str:
        """The suit's letter in canonical tokens: ``B``, ``C`` or ``D``."""
        return "BCD"[self.value]

    @property
    def display_name(self) -> str:
        """The suit's name as players say it: ``Bams``, ``Craks``, ``Dots``."""
        return ("Bams", "Craks", "Dots")[self.value]

    @property
    def dragon(self) -> Tile:
        """The dragon that goes with this suit in American mahjong (ruling T1).

        >>> Suit.DOTS.dragon
        Tile.parse('WD')
        """
        return Tile.from_index(_FIRST_DRAGON + self.value)

    def tile(self, rank: int) -> Tile:
        """The tile of this suit with ``rank`` 1 to 9.

        >>> Suit.CRAKS.tile(7)
        Tile.parse('7C')
        """
        if type(rank) is not int:
            raise TypeError(f"a suit's rank is an integer from 1 to 9, not {type(rank).__name__} {rank!r:.40}")
        if not 1 <= rank <= 9:
            raise _tile_error(f"a suit's rank is an integer from 1 to 9, not {rank!r}")
        return Tile.from_index(self.value * 9 + rank - 1)


class Dragon(enum.Enum):
    """The three dragons, each paired with a suit (ruling T1)."""

    GREEN = 0
    RED = 1
    WHITE = 2

    @property
    def suit(self) -> Suit:
        """The suit this dragon goes with: Green-Bams, Red-Craks, White-Dots (T1)."""
        return Suit(self.value)

    @property
    def tile(self) -> Tile:
        """The dragon's tile."""
        return Tile.from_index(_FIRST_DRAGON + self.value)


class Seat(enum.Enum):
    """The four seats, in turn order (ruling T4); each seat is also the wind of that seat.

    >>> Seat.EAST.next
    <Seat.SOUTH: 1>
    >>> Seat.NORTH.next
    <Seat.EAST: 0>
    >>> Seat.WEST.wind
    Tile.parse('W')
    """

    # A member is its only instance and equals only itself, so the identity hash (in C) will do;
    # Enum's own hashes the name in Python, and seats key many dictionaries of a game loop.
    __hash__ = object.__hash__

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3

    @property
    def letter(self) -> str:
        """``E``, ``S``, ``W`` or ``N``."""
        return "ESWN"[self.value]

    @property
    def wind(self) -> Tile:
        """The wind tile of this seat."""
        return Tile.from_index(_FIRST_WIND + self.value)

    @property
    def next(self) -> Seat:
        """The seat that plays after this one: "the player to the right" (T4)."""
        return Seat((self.value + 1) % 4)

    @property
    def previous(self) -> Seat:
        """The seat that played before this one."""
        return Seat((self.value - 1) % 4)

    @property
    def across(self) -> Seat:
        """The seat opposite this one."""
        return Seat((self.value + 2) % 4)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """A seat from its letter or name, case-insensitive: ``"E"``, ``"east"``, ``"N"``.

        >>> Seat.parse("south")
        <Seat.SOUTH: 1>

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: ``text`` is not a seat (a :class:`ValueError`), with the seat closest
                to it as its suggestion when one is close.
        """
        if not isinstance(text, str):
            shown = repr(text)
            if len(shown) > 40:
                shown = shown[:37] + "..."
            raise TypeError(f"a seat is written as text ('E', 'East'), not {type(text).__name__} {shown}")
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.letter, seat.name):
                return seat
        written = text.strip()[:TOKEN_QUOTE_LIMIT]
        names = [name for seat in cls for name in (seat.letter, seat.name.title())]
        raise NotationError(
            f"unknown seat {written!r}; seats are E, S, W, N (or East, South, West, North)",
            text=text,
            token=written,
            position=len(text) - len(text.lstrip()) if written else 0,
            suggestion=closest(written, names, cutoff=0.6),
        )


class FlowerSet(enum.Enum):
    """The two Singapore flower sets, each numbered 1 to 4."""

    RED = 0
    BLACK = 1

    def tile(self, number: int) -> Tile:
        """The flower of this set numbered 1 to 4 (1 goes with East, 2 South, 3 West, 4 North)."""
        if type(number) is not int:
            raise TypeError(f"a flower's number is an integer from 1 to 4, not {type(number).__name__} {number!r:.40}")
        if not 1 <= number <= 4:
            raise _tile_error(f"a flower's number is an integer from 1 to 4, not {number!r}")
        return Tile.from_index(_FIRST_RED_FLOWER + 4 * self.value + number - 1)


class Animal(enum.Enum):
    """The four Singapore animals."""

    CAT = 0
    MOUSE = 1
    ROOSTER = 2
    CENTIPEDE = 3

    @property
    def tile(self) -> Tile:
        """The animal's tile."""
        return Tile.from_index(_FIRST_ANIMAL + self.value)


# Unicode Mahjong Tiles block. Craks are the "character" tiles, Bams the "bamboo", Dots the
# "circle". Red flowers use the four flower glyphs and black flowers the four season glyphs;
# the American flower, the animals and the blank have no glyph of their own.
_GLYPH_EAST = 0x1F000
_GLYPH_RED_DRAGON = 0x1F004
_GLYPH_CHARACTERS = 0x1F007
_GLYPH_BAMBOO = 0x1F010
_GLYPH_CIRCLES = 0x1F019
_GLYPH_FLOWERS = 0x1F022
_GLYPH_SEASONS = 0x1F026
_GLYPH_JOKER = 0x1F02A


# EnumType's __getattr__ (CPython 3.11) makes reading a member through its class several times
# slower than reading a global: the code below reads these.
_TILEKIND_ANIMAL = TileKind.ANIMAL
_TILEKIND_BLANK = TileKind.BLANK
_TILEKIND_DRAGON = TileKind.DRAGON
_TILEKIND_FLOWER = TileKind.FLOWER
_TILEKIND_JOKER = TileKind.JOKER
_TILEKIND_NUMBER = TileKind.NUMBER
_TILEKIND_SINGAPORE_FLOWER = TileKind.SINGAPORE_FLOWER
_TILEKIND_WIND = TileKind.WIND


class Tile:
    """One kind of tile. There is exactly one object per kind: compare with ``is`` or ``==``.

    Tiles are immutable, hashable and ordered by :attr:`index`. Get them with :meth:`parse`,
    :meth:`from_index`, :meth:`all`, or from the enums (``Suit.BAMS.tile(3)``,
    ``Dragon.RED.tile``, ``Seat.EAST.wind``, ``FlowerSet.RED.tile(1)``, ``Animal.CAT.tile``,
    :attr:`Tile.JOKER`, :attr:`Tile.BLANK`, :attr:`Tile.FLOWER`).

    >>> t = Tile.parse("5D")
    >>> t.suit, t.rank, t.is_number, t.is_terminal
    (<Suit.DOTS: 2>, 5, True, False)
    >>> str(t), t.name, t.glyph
    ('5D', '5 Dot', '🀝')
    """

    __slots__ = {
        "_animal": None,
        "_dragon": None,
        "_flower_number": None,
        "_flower_set": None,
        "_glyph": None,
        "_kind": None,
        "_name": None,
        "_rank": None,
        "_suit": None,
        "_token": None,
        "_wind": None,
        # An attribute, not a property: read in C, and game loops read it on every tile they count.
        "index": "The tile's position in the library's order, 0 to 48; also its count-vector index.",
    }

    index: int

    _kind: TileKind
    _suit: Suit | None
    _rank: int | None
    _dragon: Dragon | None
    _wind: Seat | None
    _flower_set: FlowerSet | None
    _flower_number: int | None
    _animal: Animal | None
    _token: str
    _name: str
    _glyph: str | None

    _ALL: ClassVar[tuple[Tile, ...]]
    JOKER: ClassVar[Tile]
    """The joker."""
    BLANK: ClassVar[Tile]
    """The blank."""
    FLOWER: ClassVar[Tile]
    """The American flower (every American flower is this one tile kind)."""

    def __init__(self) -> None:
        raise TypeError("tiles are shared objects: use Tile.parse(), Tile.from_index() or Tile.all()")

    @classmethod
    def _make(cls, index: int) -> Tile:
        tile = object.__new__(cls)
        fields: dict[str, Any] = {
            "index": index,
            "_suit": None,
            "_rank": None,
            "_dragon": None,
            "_wind": None,
            "_flower_set": None,
            "_flower_number": None,
            "_animal": None,
            "_glyph": None,
        }
        if index < _FIRST_DRAGON:
            suit, rank = Suit(index // 9), index % 9 + 1
            base = (_GLYPH_BAMBOO, _GLYPH_CHARACTERS, _GLYPH_CIRCLES)[suit.value]
            fields |= {
                "_kind": _TILEKIND_NUMBER,
                "_suit": suit,
                "_rank": rank,
                "_token": f"{rank}{suit.letter}",
                "_name": f"{rank} {suit.display_name[:-1]}",
                "_glyph": chr(base + rank - 1),
            }
        elif index < _FIRST_WIND:
            dragon = Dragon(index - _FIRST_DRAGON)
            glyph = (_GLYPH_RED_DRAGON + 1, _GLYPH_RED_DRAGON, _GLYPH_RED_DRAGON + 2)[dragon.value]
            fields |= {
                "_kind": _TILEKIND_DRAGON,
                "_dragon": dragon,
                "_token": "GRW"[dragon.value] + "D",
                "_name": f"{dragon.name.title()} Dragon",
                "_glyph": chr(glyph),
            }
        elif index < _FLOWER:
            seat = Seat(index - _FIRST_WIND)
            fields |= {
                "_kind": _TILEKIND_WIND,
                "_wind": seat,
                "_token": seat.letter,
                "_name": f"{seat.name.title()} Wind",
                "_glyph": chr(_GLYPH_EAST + seat.value),
            }
        elif index == _FLOWER:
            fields |= {"_kind": _TILEKIND_FLOWER, "_token": "F", "_name": "Flower"}
        elif index < _FIRST_ANIMAL:
            flower_set = FlowerSet((index - _FIRST_RED_FLOWER) // 4)
            number = (index - _FIRST_RED_FLOWER) % 4 + 1
            base = (_GLYPH_FLOWERS, _GLYPH_SEASONS)[flower_set.value]
            fields |= {
                "_kind": _TILEKIND_SINGAPORE_FLOWER,
                "_flower_set": flower_set,
                "_flower_number": number,
                "_token": f"{'RB'[flower_set.value]}F{number}",
                "_name": f"{flower_set.name.title()} Flower {number}",
                "_glyph": chr(base + number - 1),
            }
        elif index < _JOKER:
            animal = Animal(index - _FIRST_ANIMAL)
            fields |= {
                "_kind": _TILEKIND_ANIMAL,
                "_animal": animal,
                "_token": animal.name.title(),
                "_name": animal.name.title(),
            }
        elif index == _JOKER:
            fields |= {
                "_kind": _TILEKIND_JOKER,
                "_token": "J",
                "_name": "Joker",
                "_glyph": chr(_GLYPH_JOKER),
            }
        else:
            fields |= {"_kind": _TILEKIND_BLANK, "_token": "Blank", "_name": "Blank"}
        for key, value in fields.items():
            object.__setattr__(tile, key, value)
        return tile

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile with this :attr:`index` (0 to 48).

        >>> Tile.from_index(0)
        Tile.parse('1B')
        """
        if type(index) is not int:
            raise TypeError(
                f"a tile index is an integer from 0 to {NUM_TILE_KINDS - 1}, not {type(index).__name__} {index!r:.40}"
            )
        if not 0 <= index < NUM_TILE_KINDS:
            raise _tile_error(f"a tile index is an integer from 0 to {NUM_TILE_KINDS - 1}, not {index!r}")
        return cls._ALL[index]

    @classmethod
    def all(cls) -> tuple[Tile, ...]:
        """Every kind of tile, in index order."""
        return cls._ALL

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Exactly one tile from its token or an alias (case-insensitive).

        >>> Tile.parse("soap"), Tile.parse("2z"), Tile.parse("Chicken")
        (Tile.parse('WD'), Tile.parse('S'), Tile.parse('Rooster'))

        Raises:
            NotationError: the text is not exactly one tile.
        """
        return _codec.text().parse_single_tile(text)

    # -- properties -----------------------------------------------------------------------------

    @property
    def kind(self) -> TileKind:
        """The broad kind of tile."""
        return self._kind

    @property
    def suit(self) -> Suit | None:
        """The suit of a number tile; ``None`` for every other tile (see :attr:`american_suit`)."""
        return self._suit

    @property
    def rank(self) -> int | None:
        """The number (1 to 9) of a number tile; ``None`` otherwise."""
        return self._rank

    @property
    def dragon(self) -> Dragon | None:
        """Which dragon a dragon tile is; ``None`` otherwise."""
        return self._dragon

    @property
    def wind(self) -> Seat | None:
        """Which wind a wind tile is, as the seat of that wind; ``None`` otherwise."""
        return self._wind

    @property
    def flower_set(self) -> FlowerSet | None:
        """The set (red or black) of a Singapore flower; ``None`` otherwise."""
        return self._flower_set

    @property
    def flower_number(self) -> int | None:
        """The number (1 to 4) of a Singapore flower; ``None`` otherwise."""
        return self._flower_number

    @property
    def flower_seat(self) -> Seat | None:
        """The seat a Singapore flower goes with: 1 East, 2 South, 3 West, 4 North."""
        return None if self._flower_number is None else Seat(self._flower_number - 1)

    @property
    def animal(self) -> Animal | None:
        """Which animal an animal tile is; ``None`` otherwise."""
        return self._animal

    @property
    def american_suit(self) -> Suit | None:
        """The suit an American ruleset puts this tile in: a number tile's own suit, or the suit
        that goes with a dragon (ruling T1); ``None`` for every other tile.

        >>> Tile.parse("GD").american_suit
        <Suit.BAMS: 0>
        """
        if self._suit is not None:
            return self._suit
        if self._dragon is not None:
            return self._dragon.suit
        return None

    @property
    def token(self) -> str:
        """The canonical token, as printed by ``str(tile)``."""
        return self._token

    @property
    def name(self) -> str:
        """A readable name: ``'3 Bam'``, ``'Red Dragon'``, ``'East Wind'``, ``'Joker'``."""
        return self._name

    @property
    def glyph(self) -> str | None:
        """The Unicode mahjong tile character, or ``None`` where Unicode has none."""
        return self._glyph

    @property
    def is_number(self) -> bool:
        """A suited tile numbered 1 to 9."""
        return self._kind is _TILEKIND_NUMBER

    @property
    def is_dragon(self) -> bool:
        return self._kind is _TILEKIND_DRAGON

    @property
    def is_wind(self) -> bool:
        return self._kind is _TILEKIND_WIND

    @property
    def is_honor(self) -> bool:
        """A dragon or a wind."""
        return self._kind in (_TILEKIND_DRAGON, _TILEKIND_WIND)

    @property
    def is_flower(self) -> bool:
        """The American flower (not the Singapore flowers: see :attr:`is_bonus`)."""
        return self._kind is _TILEKIND_FLOWER

    @property
    def is_animal(self) -> bool:
        return self._kind is _TILEKIND_ANIMAL

    @property
    def is_bonus(self) -> bool:
        """A Singapore flower or animal: a tile set aside from the hand's sets."""
        return self._kind in (_TILEKIND_SINGAPORE_FLOWER, _TILEKIND_ANIMAL)

    @property
    def is_joker(self) -> bool:
        return self._kind is _TILEKIND_JOKER

    @property
    def is_blank(self) -> bool:
        return self._kind is _TILEKIND_BLANK

    @property
    def is_terminal(self) -> bool:
        """A number tile of rank 1 or 9."""
        return self._rank in (1, 9)

    # -- protocol -------------------------------------------------------------------------------

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("tiles are immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("tiles are immutable")

    def __str__(self) -> str:
        return self._token

    def __repr__(self) -> str:
        return f"Tile.parse({self._token!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Tile.from_index, (self.index,))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Tile:
        return self

    def _repr_svg_(self) -> str:
        """The tile's picture, which Jupyter shows (:func:`mahjong_rules.pictures.tile_svg`)."""
        from mahjong_rules.pictures import tile_svg

        return tile_svg(self)


Tile._ALL = tuple(Tile._make(i) for i in range(NUM_TILE_KINDS))
Tile.JOKER = Tile._ALL[_JOKER]
Tile.BLANK = Tile._ALL[_BLANK]
Tile.FLOWER = Tile._ALL[_FLOWER]

index_of: operator.attrgetter[int] = operator.attrgetter("index")
"""``index_of(tile)`` is ``tile.index`` as a function, read in C: for loops over many tiles
(``map(index_of, tiles)``), and the sort key of tiles in their order (``sorted(tiles,
key=index_of)`` compares in C; a plain ``sorted(tiles)`` calls :meth:`Tile.__lt__` for every
comparison)."""
