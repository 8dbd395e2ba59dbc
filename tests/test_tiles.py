"""Tiles and the small enums around them (suits, dragons, seats, flower sets, animals).

Every expectation below is written by hand from the public contract (API-CONTRACT.md, "Tile
notation"), the order table in the ``mahjong_rules.tiles`` docstring, the rulings (T1, T4) and the
Unicode Mahjong Tiles block, never read back from the library.
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass
from typing import Any, cast

import pytest

import mahjong_rules as mr


@dataclass(frozen=True)
class Expected:
    """What one tile must look like."""

    index: int
    token: str
    name: str
    glyph: int | None
    kind: mr.TileKind
    suit: mr.Suit | None = None
    rank: int | None = None
    dragon: mr.Dragon | None = None
    wind: mr.Seat | None = None
    flower_set: mr.FlowerSet | None = None
    flower_number: int | None = None
    flower_seat: mr.Seat | None = None
    animal: mr.Animal | None = None
    american_suit: mr.Suit | None = None


def _number_tiles(first_index: int, suit: mr.Suit, letter: str, name: str, first_glyph: int) -> list[Expected]:
    return [
        Expected(
            index=first_index + rank - 1,
            token=f"{rank}{letter}",
            name=f"{rank} {name}",
            glyph=first_glyph + rank - 1,
            kind=mr.TileKind.NUMBER,
            suit=suit,
            rank=rank,
            american_suit=suit,
        )
        for rank in range(1, 10)
    ]


_SEATS_BY_NUMBER = {1: mr.Seat.EAST, 2: mr.Seat.SOUTH, 3: mr.Seat.WEST, 4: mr.Seat.NORTH}

EXPECTED: list[Expected] = [
    # 0-8 Bams: the Unicode "bamboo" tiles U+1F010..U+1F018.
    *_number_tiles(0, mr.Suit.BAMS, "B", "Bam", 0x1F010),
    # 9-17 Craks: the Unicode "character" tiles U+1F007..U+1F00F.
    *_number_tiles(9, mr.Suit.CRAKS, "C", "Crak", 0x1F007),
    # 18-26 Dots: the Unicode "circle" tiles U+1F019..U+1F021.
    *_number_tiles(18, mr.Suit.DOTS, "D", "Dot", 0x1F019),
    # 27-29 dragons, Green-Bams, Red-Craks, White-Dots (ruling T1). Unicode: Red U+1F004,
    # Green U+1F005, White U+1F006.
    Expected(
        27,
        "GD",
        "Green Dragon",
        0x1F005,
        mr.TileKind.DRAGON,
        dragon=mr.Dragon.GREEN,
        american_suit=mr.Suit.BAMS,
    ),
    Expected(28, "RD", "Red Dragon", 0x1F004, mr.TileKind.DRAGON, dragon=mr.Dragon.RED, american_suit=mr.Suit.CRAKS),
    Expected(
        29,
        "WD",
        "White Dragon",
        0x1F006,
        mr.TileKind.DRAGON,
        dragon=mr.Dragon.WHITE,
        american_suit=mr.Suit.DOTS,
    ),
    # 30-33 winds in turn order (ruling T4). Unicode: East, South, West, North U+1F000..U+1F003.
    Expected(30, "E", "East Wind", 0x1F000, mr.TileKind.WIND, wind=mr.Seat.EAST),
    Expected(31, "S", "South Wind", 0x1F001, mr.TileKind.WIND, wind=mr.Seat.SOUTH),
    Expected(32, "W", "West Wind", 0x1F002, mr.TileKind.WIND, wind=mr.Seat.WEST),
    Expected(33, "N", "North Wind", 0x1F003, mr.TileKind.WIND, wind=mr.Seat.NORTH),
    # 34 the American flower: no glyph of its own.
    Expected(34, "F", "Flower", None, mr.TileKind.FLOWER),
    # 35-38 Singapore red flowers (the Unicode flower tiles U+1F022..U+1F025).
    *[
        Expected(
            34 + n,
            f"RF{n}",
            f"Red Flower {n}",
            0x1F022 + n - 1,
            mr.TileKind.SINGAPORE_FLOWER,
            flower_set=mr.FlowerSet.RED,
            flower_number=n,
            flower_seat=_SEATS_BY_NUMBER[n],
        )
        for n in range(1, 5)
    ],
    # 39-42 Singapore black flowers (the Unicode season tiles U+1F026..U+1F029).
    *[
        Expected(
            38 + n,
            f"BF{n}",
            f"Black Flower {n}",
            0x1F026 + n - 1,
            mr.TileKind.SINGAPORE_FLOWER,
            flower_set=mr.FlowerSet.BLACK,
            flower_number=n,
            flower_seat=_SEATS_BY_NUMBER[n],
        )
        for n in range(1, 5)
    ],
    # 43-46 Singapore animals: no glyph.
    Expected(43, "Cat", "Cat", None, mr.TileKind.ANIMAL, animal=mr.Animal.CAT),
    Expected(44, "Mouse", "Mouse", None, mr.TileKind.ANIMAL, animal=mr.Animal.MOUSE),
    Expected(45, "Rooster", "Rooster", None, mr.TileKind.ANIMAL, animal=mr.Animal.ROOSTER),
    Expected(46, "Centipede", "Centipede", None, mr.TileKind.ANIMAL, animal=mr.Animal.CENTIPEDE),
    # 47 the joker (U+1F02A), 48 the blank (no glyph).
    Expected(47, "J", "Joker", 0x1F02A, mr.TileKind.JOKER),
    Expected(48, "Blank", "Blank", None, mr.TileKind.BLANK),
]

BY_TOKEN = {expected.token: expected for expected in EXPECTED}


def _tile(token: str) -> mr.Tile:
    return mr.Tile.from_index(BY_TOKEN[token].index)


def test_the_expected_table_is_complete() -> None:
    # A guard on this file's own table: 49 rows, indexes 0..48 in order, tokens all different.
    assert [expected.index for expected in EXPECTED] == list(range(49))
    assert len(BY_TOKEN) == 49


def test_there_are_49_tiles_in_the_documented_order() -> None:
    assert mr.NUM_TILE_KINDS == 49
    tiles = mr.Tile.all()
    assert len(tiles) == 49
    assert [tile.token for tile in tiles] == [expected.token for expected in EXPECTED]
    assert [tile.index for tile in tiles] == list(range(49))
    assert all(mr.Tile.from_index(i) is tile for i, tile in enumerate(tiles))


@pytest.mark.parametrize("expected", EXPECTED, ids=[e.token for e in EXPECTED])
def test_tile_properties(expected: Expected) -> None:
    tile = mr.Tile.from_index(expected.index)
    assert tile.index == expected.index
    assert tile.token == expected.token
    assert str(tile) == expected.token
    assert tile.name == expected.name
    assert tile.glyph == (None if expected.glyph is None else chr(expected.glyph))
    assert tile.kind is expected.kind
    assert tile.suit is expected.suit
    assert tile.rank == expected.rank
    assert tile.dragon is expected.dragon
    assert tile.wind is expected.wind
    assert tile.flower_set is expected.flower_set
    assert tile.flower_number == expected.flower_number
    assert tile.flower_seat is expected.flower_seat
    assert tile.animal is expected.animal
    assert tile.american_suit is expected.american_suit


@pytest.mark.parametrize("expected", EXPECTED, ids=[e.token for e in EXPECTED])
def test_tile_kind_predicates(expected: Expected) -> None:
    tile = mr.Tile.from_index(expected.index)
    kind = expected.kind
    assert tile.is_number is (kind is mr.TileKind.NUMBER)
    assert tile.is_dragon is (kind is mr.TileKind.DRAGON)
    assert tile.is_wind is (kind is mr.TileKind.WIND)
    assert tile.is_honor is (kind in (mr.TileKind.DRAGON, mr.TileKind.WIND))
    # is_flower is the American flower only; Singapore flowers and animals are bonus tiles.
    assert tile.is_flower is (kind is mr.TileKind.FLOWER)
    assert tile.is_animal is (kind is mr.TileKind.ANIMAL)
    assert tile.is_bonus is (kind in (mr.TileKind.SINGAPORE_FLOWER, mr.TileKind.ANIMAL))
    assert tile.is_joker is (kind is mr.TileKind.JOKER)
    assert tile.is_blank is (kind is mr.TileKind.BLANK)
    assert tile.is_terminal is (expected.rank in (1, 9))


@pytest.mark.parametrize("expected", EXPECTED, ids=[e.token for e in EXPECTED])
def test_parse_returns_the_one_shared_object(expected: Expected) -> None:
    tile = mr.Tile.from_index(expected.index)
    assert mr.Tile.parse(expected.token) is tile
    assert mr.Tile.parse(expected.token.lower()) is tile
    assert mr.Tile.parse(f"  {expected.token} ") is tile
    assert mr.Tile.all()[expected.index] is tile


@pytest.mark.parametrize("expected", EXPECTED, ids=[e.token for e in EXPECTED])
def test_repr_evaluates_back_to_the_same_tile(expected: Expected) -> None:
    tile = mr.Tile.from_index(expected.index)
    assert repr(tile) == f"Tile.parse({expected.token!r})"
    assert eval(repr(tile), {"Tile": mr.Tile}) is tile


@pytest.mark.parametrize("expected", EXPECTED, ids=[e.token for e in EXPECTED])
def test_hash_is_the_index(expected: Expected) -> None:
    assert hash(mr.Tile.from_index(expected.index)) == expected.index


def test_tiles_work_as_dict_keys_and_set_members() -> None:
    counts = {_tile("1B"): 1, _tile("RD"): 2}
    assert counts[mr.Tile.parse("1b")] == 1
    assert counts[mr.Tile.parse("0C")] == 2
    assert len({mr.Tile.parse("soap"), mr.Tile.parse("WD"), mr.Tile.parse("5z")}) == 1


def test_named_tile_constants() -> None:
    assert mr.Tile.JOKER is _tile("J")
    assert mr.Tile.BLANK is _tile("Blank")
    assert mr.Tile.FLOWER is _tile("F")


def test_tile_cannot_be_constructed() -> None:
    with pytest.raises(TypeError):
        mr.Tile()


@pytest.mark.parametrize("attribute", ["index", "token", "_index", "_token", "brand_new"])
def test_tiles_are_immutable(attribute: str) -> None:
    tile = _tile("5D")
    with pytest.raises(AttributeError):
        setattr(tile, attribute, 3)
    with pytest.raises(AttributeError):
        delattr(tile, attribute)
    assert tile.index == 22
    assert tile.token == "5D"


def test_tiles_are_ordered_by_index() -> None:
    tiles = mr.Tile.all()
    backwards = tiles[::-1]
    assert sorted(backwards) == list(tiles)
    one_bam, nine_dot, green, north = _tile("1B"), _tile("9D"), _tile("GD"), _tile("N")
    assert sorted([north, green, nine_dot, one_bam]) == [one_bam, nine_dot, green, north]
    assert one_bam < nine_dot < green < north
    assert north > green > nine_dot > one_bam
    assert one_bam <= one_bam <= nine_dot
    assert north >= north >= green
    assert not one_bam < one_bam
    assert max(tiles) is _tile("Blank")
    assert min(tiles) is _tile("1B")


@pytest.mark.parametrize("other", [0, "1B", None, 1.5], ids=["int", "str", "None", "float"])
def test_tiles_do_not_order_against_other_types(other: Any) -> None:
    tile = _tile("1B")
    with pytest.raises(TypeError):
        _ = tile < other
    with pytest.raises(TypeError):
        _ = tile <= other
    with pytest.raises(TypeError):
        _ = tile > other
    with pytest.raises(TypeError):
        _ = tile >= other
    assert tile != other


def test_tiles_compare_equal_only_to_themselves() -> None:
    assert _tile("3B") == mr.Tile.parse("3B")
    assert _tile("3B") != _tile("3C")
    assert _tile("GD") == mr.Tile.parse("0B")


@pytest.mark.parametrize("expected", EXPECTED, ids=[e.token for e in EXPECTED])
def test_pickle_and_copies_preserve_identity(expected: Expected) -> None:
    tile = mr.Tile.from_index(expected.index)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(tile, protocol=protocol)) is tile
    assert copy.copy(tile) is tile
    assert copy.deepcopy(tile) is tile
    assert copy.deepcopy([tile, {tile: tile}]) == [tile, {tile: tile}]
    assert copy.deepcopy([tile])[0] is tile


@pytest.mark.parametrize(
    ("index", "error"),
    [(-1, mr.TileError), (49, mr.TileError), (100, mr.TileError)]
    + [(value, TypeError) for value in (True, 1.0, "1", None)],
    ids=repr,
)
def test_from_index_rejects_out_of_range_and_non_int(index: Any, error: type[Exception]) -> None:
    """Out of range is the library's TileError (a ValueError); another type is a TypeError."""
    with pytest.raises(error, match="a tile index is an integer from 0 to 48"):
        mr.Tile.from_index(index)


# -- enums --------------------------------------------------------------------------------------


def test_suits() -> None:
    assert list(mr.Suit) == [mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS]
    assert [suit.letter for suit in mr.Suit] == ["B", "C", "D"]
    assert [suit.display_name for suit in mr.Suit] == ["Bams", "Craks", "Dots"]


@pytest.mark.parametrize(
    ("suit", "letter"), [(mr.Suit.BAMS, "B"), (mr.Suit.CRAKS, "C"), (mr.Suit.DOTS, "D")], ids=["B", "C", "D"]
)
@pytest.mark.parametrize("rank", range(1, 10), ids=str)
def test_suit_tile(suit: mr.Suit, letter: str, rank: int) -> None:
    assert suit.tile(rank) is _tile(f"{rank}{letter}")


@pytest.mark.parametrize(
    "rank",
    [0, 10, -1, True, False, 1.0, "1", None],
    ids=["0", "10", "-1", "True", "False", "1.0", "'1'", "None"],
)
@pytest.mark.parametrize("suit", list(mr.Suit), ids=lambda suit: suit.name)
def test_suit_tile_rejects_bad_ranks(suit: mr.Suit, rank: Any) -> None:
    error = mr.TileError if type(rank) is int else TypeError
    with pytest.raises(error, match="a suit's rank is an integer from 1 to 9"):
        suit.tile(rank)


@pytest.mark.parametrize(
    ("flower_set", "prefix"), [(mr.FlowerSet.RED, "RF"), (mr.FlowerSet.BLACK, "BF")], ids=["red", "black"]
)
@pytest.mark.parametrize("number", range(1, 5), ids=str)
def test_flower_set_tile(flower_set: mr.FlowerSet, prefix: str, number: int) -> None:
    tile = flower_set.tile(number)
    assert tile is _tile(f"{prefix}{number}")
    assert tile.flower_set is flower_set
    assert tile.flower_number == number


@pytest.mark.parametrize(
    "number",
    [0, 5, -1, True, False, 2.0, "2", None],
    ids=["0", "5", "-1", "True", "False", "2.0", "'2'", "None"],
)
@pytest.mark.parametrize("flower_set", list(mr.FlowerSet), ids=lambda fs: fs.name)
def test_flower_set_tile_rejects_bad_numbers(flower_set: mr.FlowerSet, number: Any) -> None:
    error = mr.TileError if type(number) is int else TypeError
    with pytest.raises(error, match="a flower's number is an integer from 1 to 4"):
        flower_set.tile(number)


def test_flower_seats_follow_the_flower_number() -> None:
    # Flower 1 goes with East, 2 South, 3 West, 4 North, in both sets.
    assert [_tile(f"RF{n}").flower_seat for n in range(1, 5)] == list(mr.Seat)
    assert [_tile(f"BF{n}").flower_seat for n in range(1, 5)] == list(mr.Seat)


def test_animals() -> None:
    assert [animal.tile for animal in mr.Animal] == [_tile(t) for t in ("Cat", "Mouse", "Rooster", "Centipede")]
    assert mr.Animal.ROOSTER.tile is mr.Tile.parse("Chicken")


def test_dragon_tiles() -> None:
    assert mr.Dragon.GREEN.tile is _tile("GD")
    assert mr.Dragon.RED.tile is _tile("RD")
    assert mr.Dragon.WHITE.tile is _tile("WD")


def test_suit_and_dragon_pairing_ruling_t1() -> None:
    """Ruling T1: Green dragon goes with Bams, Red with Craks, White (Soap) with Dots."""
    assert mr.Suit.BAMS.dragon is _tile("GD")
    assert mr.Suit.CRAKS.dragon is _tile("RD")
    assert mr.Suit.DOTS.dragon is _tile("WD")
    assert mr.Dragon.GREEN.suit is mr.Suit.BAMS
    assert mr.Dragon.RED.suit is mr.Suit.CRAKS
    assert mr.Dragon.WHITE.suit is mr.Suit.DOTS
    assert _tile("GD").american_suit is mr.Suit.BAMS
    assert _tile("RD").american_suit is mr.Suit.CRAKS
    assert _tile("WD").american_suit is mr.Suit.DOTS
    # A dragon has no suit of its own (only an American one), and a number tile's American suit
    # is its own suit.
    assert _tile("GD").suit is None
    assert _tile("7C").american_suit is mr.Suit.CRAKS
    # 0B, 0C, 0D are each suit's dragon, per T1.
    assert mr.Tile.parse("0B") is _tile("GD")
    assert mr.Tile.parse("0C") is _tile("RD")
    assert mr.Tile.parse("0D") is _tile("WD")


def test_seat_turn_order_ruling_t4() -> None:
    """Ruling T4: seats are East, South, West, North in turn order; "the player to the right" is
    the next one (E -> S -> W -> N -> E)."""
    east, south, west, north = mr.Seat.EAST, mr.Seat.SOUTH, mr.Seat.WEST, mr.Seat.NORTH
    assert list(mr.Seat) == [east, south, west, north]
    assert [east.next, south.next, west.next, north.next] == [south, west, north, east]
    assert [east.previous, south.previous, west.previous, north.previous] == [north, east, south, west]
    assert [east.across, south.across, west.across, north.across] == [west, north, east, south]
    for seat in mr.Seat:
        assert seat.next.previous is seat
        assert seat.across.across is seat
        assert seat.next.next is seat.across


def test_seat_letters_and_winds_ruling_t4() -> None:
    """Ruling T4: each seat is also the wind of that seat."""
    assert [seat.letter for seat in mr.Seat] == ["E", "S", "W", "N"]
    assert [seat.wind for seat in mr.Seat] == [_tile("E"), _tile("S"), _tile("W"), _tile("N")]
    assert all(seat.wind.wind is seat for seat in mr.Seat)


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("E", mr.Seat.EAST),
        ("e", mr.Seat.EAST),
        ("East", mr.Seat.EAST),
        ("EAST", mr.Seat.EAST),
        ("S", mr.Seat.SOUTH),
        ("south", mr.Seat.SOUTH),
        (" South ", mr.Seat.SOUTH),
        ("W", mr.Seat.WEST),
        ("west", mr.Seat.WEST),
        ("n", mr.Seat.NORTH),
        ("North", mr.Seat.NORTH),
    ],
    ids=repr,
)
def test_seat_parse_ruling_t4(text: str, seat: mr.Seat) -> None:
    """Ruling T4: seats parse from their letter or name, any case."""
    assert mr.Seat.parse(text) is seat


@pytest.mark.parametrize("text", ["", "X", "Ea", "Eastern", "ES", "1", "NE", "centre"], ids=repr)
def test_seat_parse_rejects_unknown_seats_ruling_t4(text: str) -> None:
    """Ruling T4: there are exactly four seats; anything else is a ValueError."""
    with pytest.raises(ValueError, match="seat"):
        mr.Seat.parse(text)


@pytest.mark.parametrize(
    ("text", "token", "position", "suggestion"),
    [
        ("X", "X", 0, None),
        ("", "", 0, None),
        ("   ", "", 0, None),
        ("Eas", "Eas", 0, "East"),
        ("  Sout ", "Sout", 2, "South"),
        ("nrth", "nrth", 0, "North"),
        ("Wset", "Wset", 0, "West"),
        ("centre", "centre", 0, None),
    ],
    ids=repr,
)
def test_unknown_seat_is_a_notation_error_with_token_position_and_suggestion(
    text: str, token: str, position: int, suggestion: str | None
) -> None:
    """An unknown seat is a NotationError (so still a ValueError) naming the seat as written, where
    it starts, and the closest seat when one is close."""
    with pytest.raises(mr.NotationError) as caught:
        mr.Seat.parse(text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.text, error.token, error.position, error.suggestion) == (text, token, position, suggestion)
    assert str(error).startswith(f"unknown seat {token!r}; seats are E, S, W, N (or East, South, West, North)")


def test_unknown_seat_error_stays_short_for_huge_text() -> None:
    """The error quotes at most a short prefix of a huge text."""
    with pytest.raises(mr.NotationError) as caught:
        mr.Seat.parse("Q" * 100_000)
    assert len(caught.value.token) <= 24
    assert len(str(caught.value)) <= 200


@pytest.mark.parametrize(
    ("value", "shown"),
    [(3, "int 3"), (None, "NoneType None"), (b"E", "bytes b'E'"), (mr.Seat.EAST, "Seat <Seat.EAST: 0>")],
    ids=["int", "None", "bytes", "Seat"],
)
def test_seat_parse_of_a_non_string_is_a_type_error_naming_it(value: Any, shown: str) -> None:
    """Seat.parse reads text only: anything else is a TypeError saying what it got."""
    with pytest.raises(TypeError) as caught:
        mr.Seat.parse(value)
    assert str(caught.value) == f"a seat is written as text ('E', 'East'), not {shown}"


def test_seat_parse_type_error_quotes_a_huge_value_briefly() -> None:
    with pytest.raises(TypeError, match=r"not list \['E', .*\.\.\.$") as caught:
        mr.Seat.parse(cast(Any, ["E"] * 10_000))
    assert len(str(caught.value)) <= 100


@pytest.mark.parametrize(
    ("text", "token", "suggestion"),
    [("[555C @X]", "@X", None), ("[555C @Nort]", "@Nort", "@North"), ("[555C @]", "@", None)],
    ids=repr,
)
def test_called_from_mark_with_an_unknown_seat_is_a_notation_error(
    text: str, token: str, suggestion: str | None
) -> None:
    """'@seat' in a hand is read with Seat.parse; an unknown seat is still a NotationError at the '@'."""
    with pytest.raises(mr.NotationError) as caught:
        mr.Hand.parse(text)
    assert (caught.value.token, caught.value.position, caught.value.suggestion) == (token, 6, suggestion)
    assert "'@' must be followed by the seat" in str(caught.value)
