"""Melds: shapes, what a meld stands for, who it was called from, and its notation."""

from __future__ import annotations

from typing import Any, cast

import pytest

import mahjong_rules as mr

B, C, D = mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS
GD, RD, WD = mr.Dragon.GREEN.tile, mr.Dragon.RED.tile, mr.Dragon.WHITE.tile
EAST, SOUTH, WEST, NORTH = (seat.wind for seat in mr.Seat)
J = mr.Tile.JOKER
IDENTICAL, CHOW, SINGLES = mr.MeldShape.IDENTICAL, mr.MeldShape.CHOW, mr.MeldShape.SINGLES


SHAPES: list[tuple[str, mr.MeldShape]] = [
    ("[1B 1B]", IDENTICAL),
    ("[555C]", IDENTICAL),
    ("[J 5C 5C]", IDENTICAL),
    ("[NNNN J]", IDENTICAL),
    ("[JJJ]", IDENTICAL),
    ("[JJJJJ]", IDENTICAL),
    ("[FF]", IDENTICAL),
    ("[1B 2B 3B]", CHOW),
    ("[3D 1D 2D]", CHOW),
    ("[7C 8C 9C]", CHOW),
    ("[1B 2B 4B]", SINGLES),
    ("[1B 2B 3B 4B]", SINGLES),
    ("[8B 9B 1C]", SINGLES),
    ("[1B 2C 3D]", SINGLES),
    ("[1B 1B 2B]", SINGLES),
    ("[NEWS]", SINGLES),
    ("[E S W]", SINGLES),
    ("[GD RD WD]", SINGLES),
    ("[RF1 RF2 RF3]", SINGLES),
    ("[2C 0C 2C 6C]", SINGLES),
]


@pytest.mark.parametrize(("text", "shape"), SHAPES, ids=[text for text, _ in SHAPES])
def test_meld_shape(text: str, shape: mr.MeldShape) -> None:
    meld = mr.Meld.parse(text)
    assert meld.shape is shape
    assert meld.is_identical is (shape is IDENTICAL)
    assert meld.is_chow is (shape is CHOW)
    assert meld.is_singles is (shape is SINGLES)


def test_year_digits_are_singles_with_the_dragon_as_zero() -> None:
    meld = mr.Meld.parse("[2C 0C 2C 6C]")
    assert meld.tiles == (C.tile(2), C.tile(2), C.tile(6), RD)
    assert meld.represents is None
    assert meld.kind_name == "singles"


@pytest.mark.parametrize(
    "tiles",
    [(J, B.tile(1), B.tile(2)), (J, NORTH, EAST, WEST, SOUTH), (J, J, C.tile(1), C.tile(2), C.tile(3))],
    ids=["joker-in-chow", "joker-in-news", "jokers-in-chow"],
)
def test_a_joker_cannot_stand_among_different_tiles(tiles: tuple[mr.Tile, ...]) -> None:
    with pytest.raises(mr.MeldError, match="joker") as caught:
        mr.Meld(tiles)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, mr.MahjongError)


@pytest.mark.parametrize(
    ("text", "represents"),
    [
        ("[555C]", C.tile(5)),
        ("[J 5C 5C]", C.tile(5)),
        ("[J J N]", NORTH),
        ("[JJJ]", None),
        ("[JJJ=5C]", C.tile(5)),
        ("[JJJJ =GD]", GD),
        ("[1B 2B 3B]", None),
        ("[NEWS]", None),
    ],
    ids=[
        "pung",
        "joker-pung",
        "joker-pair-and-wind",
        "all-joker",
        "all-joker-given",
        "all-joker-kong",
        "chow",
        "singles",
    ],
)
def test_represents(text: str, represents: mr.Tile | None) -> None:
    assert mr.Meld.parse(text).represents is represents


def test_represents_may_repeat_the_derived_tile() -> None:
    five = C.tile(5)
    assert mr.Meld((five, five, J), represents=five).represents is five
    assert mr.Meld((five, five, J)) == mr.Meld((five, five, J), represents=five)


def test_conflicting_represents_is_a_meld_error() -> None:
    five, six = C.tile(5), C.tile(6)
    with pytest.raises(mr.MeldError):
        mr.Meld((five, five, five), represents=six)
    with pytest.raises(mr.MeldError):
        mr.Meld((J, five, five), represents=six)


@pytest.mark.parametrize(
    "tiles",
    [(B.tile(1), B.tile(2), B.tile(3)), (NORTH, EAST, WEST, SOUTH)],
    ids=["chow", "singles"],
)
def test_represents_on_chow_or_singles_is_a_meld_error(tiles: tuple[mr.Tile, ...]) -> None:
    with pytest.raises(mr.MeldError):
        mr.Meld(tiles, represents=tiles[0])


def test_all_joker_meld_cannot_stand_for_the_joker() -> None:
    with pytest.raises(mr.MeldError):
        mr.Meld((J, J, J), represents=J)


def test_represents_must_be_a_tile() -> None:
    with pytest.raises(TypeError):
        mr.Meld((J, J, J), represents=cast(Any, "5C"))


@pytest.mark.parametrize(
    "text", ["[555C =6C]", "[JJJ=J]", "[1B 2B 3B =2B]"], ids=["conflict", "joker-for-joker", "chow"]
)
def test_invalid_represents_in_notation_names_the_whole_set(text: str) -> None:
    with pytest.raises(mr.NotationError) as caught:
        mr.Hand.parse(f"1B {text}")
    assert caught.value.position == 3
    assert caught.value.token == text


def test_called_from_only_when_exposed() -> None:
    tiles = (C.tile(5),) * 3
    meld = mr.Meld(tiles, exposed=True, called_from=mr.Seat.WEST)
    assert meld.called_from is mr.Seat.WEST
    assert mr.Meld(tiles, exposed=False).called_from is None
    assert mr.Meld(tiles).called_from is None
    with pytest.raises(mr.MeldError):
        mr.Meld(tiles, exposed=False, called_from=mr.Seat.EAST)


def test_called_from_must_be_a_seat() -> None:
    with pytest.raises(TypeError):
        mr.Meld((C.tile(5),) * 3, called_from=cast(Any, "E"))


@pytest.mark.parametrize("exposed", [1, 0, "yes", None], ids=repr)
def test_exposed_must_be_a_bool(exposed: Any) -> None:
    with pytest.raises(TypeError):
        mr.Meld((C.tile(5),) * 3, exposed=exposed)


def test_exposed_and_concealed() -> None:
    exposed, concealed = mr.Meld.parse("[555C]"), mr.Meld.parse("{5555C}")
    assert exposed.exposed is True
    assert exposed.concealed is False
    assert concealed.exposed is False
    assert concealed.concealed is True
    assert mr.Meld((C.tile(5),) * 3).exposed is True  # the default


@pytest.mark.parametrize(
    ("text", "kind_name"),
    [
        ("[1B 1B]", "pair"),
        ("[J 1B]", "pair"),
        ("[111B]", "pung"),
        ("[JJJ]", "pung"),
        ("{1111B}", "kong"),
        ("[5555C J]", "quint"),
        ("[JJJJJJ]", "6 of a kind"),
        ("[1B 2B 3B]", "chow"),
        ("[NEWS]", "singles"),
        ("[2C 0C 2C 6C]", "singles"),
    ],
    ids=["pair", "joker-pair", "pung", "joker-pung", "kong", "quint", "six", "chow", "news", "year"],
)
def test_kind_name(text: str, kind_name: str) -> None:
    assert mr.Meld.parse(text).kind_name == kind_name


def test_size_jokers_naturals_and_sorted_tiles() -> None:
    meld = mr.Meld((J, C.tile(5), J, C.tile(5)))
    assert meld.size == 4
    assert meld.joker_count == 2
    assert meld.naturals == (C.tile(5), C.tile(5))
    assert meld.tiles == (C.tile(5), C.tile(5), J, J)


def test_tiles_are_sorted_in_tile_order() -> None:
    assert mr.Meld((NORTH, EAST, WEST, SOUTH)).tiles == (EAST, SOUTH, WEST, NORTH)
    assert mr.Meld((B.tile(3), B.tile(1), B.tile(2))).tiles == (B.tile(1), B.tile(2), B.tile(3))
    assert mr.Meld.parse("[WD 1D GD 9B]").tiles == (B.tile(9), D.tile(1), GD, WD)


def test_all_joker_meld_has_no_naturals() -> None:
    meld = mr.Meld.parse("[JJJ=5C@W]")
    assert meld.naturals == ()
    assert meld.joker_count == 3
    assert meld.size == 3


def test_tiles_accept_any_iterable() -> None:
    assert mr.Meld(iter([B.tile(1)] * 3)) == mr.Meld((B.tile(1),) * 3)


def test_equality_is_independent_of_input_order() -> None:
    one = mr.Meld((J, C.tile(5), C.tile(5)), called_from=mr.Seat.NORTH)
    other = mr.Meld((C.tile(5), J, C.tile(5)), called_from=mr.Seat.NORTH)
    assert one == other
    assert hash(one) == hash(other)
    assert mr.Meld.parse("[3B 1B 2B]") == mr.Meld.parse("[123B]")


def test_melds_differ_by_exposure_caller_represents_and_tiles() -> None:
    base = mr.Meld((J, J, J), represents=C.tile(5), called_from=mr.Seat.WEST)
    assert base != mr.Meld((J, J, J), represents=C.tile(6), called_from=mr.Seat.WEST)
    assert base != mr.Meld((J, J, J), represents=C.tile(5), called_from=mr.Seat.EAST)
    assert base != mr.Meld((J, J, J), represents=C.tile(5))
    assert base != mr.Meld((J, J, J, J), represents=C.tile(5), called_from=mr.Seat.WEST)
    assert mr.Meld.parse("[555C]") != mr.Meld.parse("{555C}")


def test_meld_is_immutable() -> None:
    meld = mr.Meld.parse("[555C]")
    with pytest.raises(AttributeError):
        meld.exposed = False  # type: ignore[misc]
    assert meld.exposed is True


def test_a_meld_needs_tiles() -> None:
    with pytest.raises(mr.MeldError):
        mr.Meld(())


@pytest.mark.parametrize("tiles", [["5C", "5C", "5C"], [1, 2, 3], [C.tile(5), None]], ids=["str", "int", "None"])
def test_a_meld_holds_only_tiles(tiles: Any) -> None:
    with pytest.raises(TypeError):
        mr.Meld(tiles)


ROUND_TRIPS: list[tuple[str, str]] = [
    ("[J 5C 5C]", "[55C J]"),
    ("[JJJ=5C@W]", "[JJJ=5C@W]"),
    ("[JJJ =5C @W]", "[JJJ=5C@W]"),
    ("[jjj=5c@w]", "[JJJ=5C@W]"),
    ("[JJJ @West =5C]", "[JJJ=5C@W]"),
    ("{5555C}", "{5555C}"),
    ("{JJJJ=N}", "{JJJJ=N}"),
    ("[555C @E]", "[555C@E]"),
    ("[3B 1B 2B]", "[123B]"),
    ("[NEWS]", "[E S W N]"),
    ("[2C 0C 2C 6C]", "[22C 6C RD]"),
    ("[J J GD GD]", "[GD GD JJ]"),
    ("[Cat Cat]", "[Cat Cat]"),
    ("[JJJ=RF2]", "[JJJ=RF2]"),
    ("[JJ]", "[JJ]"),
]


@pytest.mark.parametrize(("text", "canonical"), ROUND_TRIPS, ids=[text for text, _ in ROUND_TRIPS])
def test_str_and_parse_round_trip(text: str, canonical: str) -> None:
    meld = mr.Meld.parse(text)
    assert str(meld) == canonical
    assert mr.Meld.parse(canonical) == meld
    assert repr(meld) == f"Meld.parse({canonical!r})"
    assert eval(repr(meld), {"Meld": mr.Meld}) == meld


def test_all_joker_meld_round_trip_keeps_represents_and_caller() -> None:
    meld = mr.Meld.parse("[JJJ=5C@W]")
    assert meld.tiles == (J, J, J)
    assert meld.represents is C.tile(5)
    assert meld.called_from is mr.Seat.WEST
    assert meld.exposed is True


@pytest.mark.parametrize(
    ("style", "expected"),
    [
        ("compact", "[JJJ=5C@W]"),
        ("tokens", "[J J J=5C@W]"),
        ("unicode", "[\U0001f02a\U0001f02a\U0001f02a=\U0001f00b@W]"),
    ],
    ids=["compact", "tokens", "unicode"],
)
def test_meld_format_styles(style: Any, expected: str) -> None:
    meld = mr.Meld.parse("[JJJ=5C@W]")
    assert meld.format(style) == expected
    assert mr.Meld.parse(expected) == meld


def test_meld_format_mpsz() -> None:
    assert mr.Meld.parse("[555C@E]").format("mpsz") == "[555m@E]"
    assert mr.Meld.parse("{1111z}").format("mpsz") == "{1111z}"
    with pytest.raises(ValueError, match="mpsz"):
        mr.Meld.parse("[JJJ=5C]").format("mpsz")


def test_meld_format_unknown_style() -> None:
    with pytest.raises(ValueError, match="style"):
        mr.Meld.parse("[555C]").format(cast(Any, "fancy"))


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("1B", "1B", 0),
        ("[111B] 2B", "2B", 7),
        ("[1B] [2B]", "[2B]", 5),
    ],
    ids=["loose-tile", "meld-and-loose", "two-melds"],
)
def test_meld_parse_needs_exactly_one_bracketed_meld(text: str, token: str, position: int) -> None:
    with pytest.raises(mr.NotationError) as caught:
        mr.Meld.parse(text)
    assert caught.value.token == token
    assert caught.value.position == position


@pytest.mark.parametrize("text", ["", "   "], ids=["empty", "spaces"])
def test_meld_parse_of_nothing(text: str) -> None:
    with pytest.raises(mr.NotationError, match="found 0"):
        mr.Meld.parse(text)
