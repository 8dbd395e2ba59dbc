"""Tile sets: the American, Singapore and Flex sets, custom sets, and checking hands against them
(ruling T5: a hand holding more of a tile than the game's set has is bad input)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import mahjong_rules as mr

B, C, D = mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS
EAST = mr.Seat.EAST.wind
F, J, BLANK = mr.Tile.FLOWER, mr.Tile.JOKER, mr.Tile.BLANK
CAT = mr.Animal.CAT.tile
ALL = mr.Tile.all()


def _total(tileset: mr.TileSet, which: Callable[[mr.Tile], bool]) -> int:
    return sum(tileset.count(tile) for tile in ALL if which(tile))


# -- American -------------------------------------------------------------------------------------


def test_american_has_152_tiles() -> None:
    american = mr.TileSet.american()
    assert len(american) == 152
    assert american.total == 152
    assert sum(american.counts) == 152
    assert len(american.counts) == 49


@pytest.mark.parametrize(
    ("which", "expected"),
    [
        (lambda t: t.suit is mr.Suit.BAMS, 36),
        (lambda t: t.suit is mr.Suit.CRAKS, 36),
        (lambda t: t.suit is mr.Suit.DOTS, 36),
        (lambda t: t.is_wind, 16),
        (lambda t: t.is_dragon, 12),
        (lambda t: t.is_flower, 8),
        (lambda t: t.is_joker, 8),
        (lambda t: t.is_animal, 0),
        (lambda t: t.flower_set is not None, 0),
        (lambda t: t.is_blank, 0),
    ],
    ids=["bams", "craks", "dots", "winds", "dragons", "flowers", "jokers", "animals", "sg-flowers", "blanks"],
)
def test_american_composition(which: Callable[[mr.Tile], bool], expected: int) -> None:
    assert _total(mr.TileSet.american(), which) == expected


def test_american_has_four_of_each_suit_and_honour_tile() -> None:
    american = mr.TileSet.american()
    assert all(american.count(tile) == 4 for tile in ALL if tile.is_number or tile.is_honor)


def test_american_membership() -> None:
    american = mr.TileSet.american()
    assert F in american
    assert J in american
    assert CAT not in american
    assert mr.FlowerSet.RED.tile(1) not in american
    assert BLANK not in american
    assert "1B" not in american  # only tiles are members
    assert american.tiles == (
        *(tile for tile in ALL if tile.is_number or tile.is_honor),
        F,
        J,
    )


# -- Singapore ------------------------------------------------------------------------------------


def test_singapore_has_148_tiles() -> None:
    singapore = mr.TileSet.singapore()
    assert len(singapore) == 148
    assert _total(singapore, lambda t: t.is_number or t.is_honor) == 136
    assert _total(singapore, lambda t: t.is_bonus) == 12


def test_singapore_composition() -> None:
    singapore = mr.TileSet.singapore()
    assert all(singapore.count(tile) == 4 for tile in ALL if tile.is_number or tile.is_honor)
    for flower_set in mr.FlowerSet:
        for number in range(1, 5):
            assert singapore.count(flower_set.tile(number)) == 1
    for animal in mr.Animal:
        assert singapore.count(animal.tile) == 1
    assert singapore.count(J) == 0
    assert singapore.count(F) == 0
    assert singapore.count(BLANK) == 0
    assert J not in singapore
    assert F not in singapore


# -- Flex -----------------------------------------------------------------------------------------


def test_flex_defaults() -> None:
    flex = mr.TileSet.flex()
    assert flex.total == 152
    assert flex.count(F) == 8
    assert flex.count(J) == 8
    assert flex.count(BLANK) == 0
    assert flex.count(EAST) == 4
    assert flex.counts == mr.TileSet.american().counts


def test_flex_smallest_set() -> None:
    flex = mr.TileSet.flex(winds=False, flowers=0, jokers=0, blanks=0)
    assert flex.total == 108 + 12
    assert _total(flex, lambda t: t.is_wind) == 0


@pytest.mark.parametrize("winds", [True, False], ids=["winds", "no-winds"])
def test_flex_winds(winds: bool) -> None:
    flex = mr.TileSet.flex(winds=winds)
    assert _total(flex, lambda t: t.is_wind) == (16 if winds else 0)
    assert flex.total == 108 + 12 + (16 if winds else 0) + 8 + 8


@pytest.mark.parametrize("flowers", [0, 6, 7, 8], ids=str)
def test_flex_flowers(flowers: int) -> None:
    flex = mr.TileSet.flex(flowers=flowers)
    assert flex.count(F) == flowers
    assert flex.total == 136 + flowers + 8


@pytest.mark.parametrize("jokers", [0, 4, 5, 6, 7, 8], ids=str)
def test_flex_jokers(jokers: int) -> None:
    flex = mr.TileSet.flex(jokers=jokers)
    assert flex.count(J) == jokers
    assert flex.total == 136 + 8 + jokers


@pytest.mark.parametrize("blanks", [0, 1, 2, 3, 4], ids=str)
def test_flex_blanks(blanks: int) -> None:
    flex = mr.TileSet.flex(blanks=blanks)
    assert flex.count(BLANK) == blanks
    assert flex.total == 152 + blanks


@pytest.mark.parametrize(
    "options",
    [
        {"flowers": 5},
        {"flowers": 1},
        {"flowers": 9},
        {"flowers": -1},
        {"jokers": 3},
        {"jokers": 1},
        {"jokers": 9},
        {"jokers": -1},
        {"blanks": 5},
        {"blanks": -1},
    ],
    ids=lambda options: "-".join(f"{k}={v}" for k, v in options.items()),
)
def test_flex_out_of_range_is_a_value_error(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(options))):
        mr.TileSet.flex(**options)


@pytest.mark.parametrize(
    "options",
    [
        {"winds": 1},
        {"winds": "yes"},
        {"winds": None},
        {"flowers": "8"},
        {"flowers": 8.0},
        {"flowers": True},
        {"jokers": None},
        {"jokers": False},
        {"blanks": 1.5},
    ],
    ids=lambda options: "-".join(f"{k}={v!r}" for k, v in options.items()),
)
def test_flex_wrong_types_are_type_errors(options: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        mr.TileSet.flex(**options)


def test_flex_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        mr.TileSet.flex(True, 8)  # type: ignore[call-arg]


# -- custom sets ----------------------------------------------------------------------------------


def test_from_counts() -> None:
    tiny = mr.TileSet.from_counts("tiny", {B.tile(1): 4, J: 2})
    assert tiny.name == "tiny"
    assert tiny.total == 6
    assert tiny.count(B.tile(1)) == 4
    assert tiny.count(J) == 2
    assert tiny.count(B.tile(2)) == 0
    assert tiny.tiles == (B.tile(1), J)
    assert B.tile(2) not in tiny


def test_from_counts_with_zero() -> None:
    assert mr.TileSet.from_counts("none", {B.tile(1): 0}).total == 0


@pytest.mark.parametrize("key", ["1B", 0, None], ids=repr)
def test_from_counts_keys_must_be_tiles(key: Any) -> None:
    with pytest.raises(TypeError):
        mr.TileSet.from_counts("bad", {key: 4})


@pytest.mark.parametrize("count", [-1, 1.0, "4", True, None], ids=repr)
def test_from_counts_counts_must_be_non_negative_ints(count: Any) -> None:
    error = mr.RecordError if type(count) is int else TypeError
    with pytest.raises(error, match="the count of 1B is a non-negative integer"):
        mr.TileSet.from_counts("bad", {B.tile(1): count})


def test_tileset_repr() -> None:
    assert repr(mr.TileSet.american()) == "<TileSet American: 152 tiles>"


# -- problems and check ---------------------------------------------------------------------------


def test_problems_lists_every_problem_in_tile_order() -> None:
    american = mr.TileSet.american()
    # The animal comes first in the input; the fifth 1B still comes first in the answer.
    tiles = [CAT] + [B.tile(1)] * 5
    assert american.problems(tiles) == (
        mr.TileProblem(B.tile(1), 5, 4),
        mr.TileProblem(CAT, 1, 0),
    )


def test_problems_of_a_hand_count_melds_too() -> None:
    hand = mr.Hand.parse("Cat 1B 1B 1B 1B [1B 1B 1B]")
    assert mr.TileSet.american().problems(hand) == (
        mr.TileProblem(B.tile(1), 7, 4),
        mr.TileProblem(CAT, 1, 0),
    )


def test_singapore_problems_with_jokers_and_american_flowers() -> None:
    tiles = [J, F, F] + [EAST] * 5
    assert mr.TileSet.singapore().problems(tiles) == (
        mr.TileProblem(EAST, 5, 4),
        mr.TileProblem(F, 2, 0),
        mr.TileProblem(J, 1, 0),
    )


def test_no_problems() -> None:
    american = mr.TileSet.american()
    assert american.problems([]) == ()
    assert american.problems([B.tile(1)] * 4 + [J] * 8) == ()
    assert american.problems(mr.Hand.parse("1111B JJJJ [JJJJ=N]")) == ()
    american.check([B.tile(1)] * 4)  # raises nothing


def test_check_raises_with_every_problem() -> None:
    american = mr.TileSet.american()
    tiles = [CAT] + [B.tile(1)] * 5
    with pytest.raises(mr.TileSetError) as caught:
        american.check(tiles)
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, mr.MahjongError)
    assert error.problems == american.problems(tiles)
    assert len(error.problems) == 2
    assert "1B" in str(error)
    assert "Cat" in str(error)


def test_check_accepts_a_hand() -> None:
    with pytest.raises(mr.TileSetError):
        mr.TileSet.singapore().check(mr.Hand.parse("1B [JJJ=5C]"))


# -- Hand.parse with a tile set (ruling T5) -------------------------------------------------------


def _parse_error(text: str, tileset: mr.TileSet) -> mr.TileSetError:
    with pytest.raises(mr.TileSetError) as caught:
        mr.Hand.parse(text, tileset=tileset)
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, mr.MahjongError)
    return error


def test_fifth_copy_names_its_position_ruling_t5() -> None:
    """Ruling T5: a fifth 3B is bad input; the error names the fifth one's token and position."""
    error = _parse_error("3B 3B 3B 3B 3B", mr.TileSet.american())
    assert error.problems == (mr.TileProblem(B.tile(3), 5, 4, position=12, token="3B"),)
    assert "position 12" in str(error)


def test_fifth_copy_in_compact_notation_ruling_t5() -> None:
    """Ruling T5: in '33333B' the fifth 3 (position 4) is the tile too many."""
    error = _parse_error("33333B", mr.TileSet.american())
    assert error.problems == (mr.TileProblem(B.tile(3), 5, 4, position=4, token="3B"),)


def test_fifth_copy_inside_a_meld_ruling_t5() -> None:
    """Ruling T5: exposed sets count; here the fifth 3B is the last tile of the meld."""
    error = _parse_error("3B 3B [333B]", mr.TileSet.american())
    assert error.problems == (mr.TileProblem(B.tile(3), 5, 4, position=9, token="3B"),)


def test_tile_the_set_lacks_ruling_t5() -> None:
    """Ruling T5: a Singapore animal in the American set is bad input, named with its position."""
    error = _parse_error("1B 2B Cat", mr.TileSet.american())
    assert error.problems == (mr.TileProblem(CAT, 1, 0, position=6, token="Cat"),)
    assert "Cat" in str(error)
    assert "position 6" in str(error)


def test_every_problem_is_reported_ruling_t5() -> None:
    """Ruling T5: every problem, each with its first tile too many."""
    error = _parse_error("cat 3B 3B 3B 3B 3B Cat", mr.TileSet.american())
    assert set(error.problems) == {
        mr.TileProblem(CAT, 2, 0, position=0, token="cat"),
        mr.TileProblem(B.tile(3), 5, 4, position=16, token="3B"),
    }


def test_jokers_and_flowers_are_counted_ruling_t5() -> None:
    """Ruling T5: jokers and flowers included."""
    american = mr.TileSet.american()
    assert _parse_error("JJJJJJJJJ", american).problems == (mr.TileProblem(J, 9, 8, position=8, token="J"),)
    flex = mr.TileSet.flex(flowers=6)
    assert _parse_error("F F F F F F F", flex).problems == (mr.TileProblem(F, 7, 6, position=12, token="F"),)
    singapore = mr.TileSet.singapore()
    assert _parse_error("1B [J 5C 5C]", singapore).problems == (mr.TileProblem(J, 1, 0, position=4, token="J"),)


def test_singapore_flowers_are_one_each_ruling_t5() -> None:
    """Ruling T5: the Singapore set has one of each flower; a second RF1 is too many."""
    error = _parse_error("RF1 RF2 rf1", mr.TileSet.singapore())
    assert error.problems == (mr.TileProblem(mr.FlowerSet.RED.tile(1), 2, 1, position=8, token="rf1"),)


def test_represented_tile_is_not_counted_ruling_t5() -> None:
    """Ruling T5 counts tiles held; the tile an all-joker set stands for is not held."""
    hand = mr.Hand.parse("5C 5C 5C 5C [JJJ=5C]", tileset=mr.TileSet.american())
    assert hand == mr.Hand.parse("5555C [JJJ=5C]")


def test_valid_hand_parses_the_same_with_a_tileset() -> None:
    text = "123m 456p 789s 22z {5555C} RF1 Cat"
    assert mr.Hand.parse(text, tileset=mr.TileSet.singapore()) == mr.Hand.parse(text)


@pytest.mark.parametrize(
    "tileset",
    [mr.TileSet.american(), mr.TileSet.singapore(), mr.TileSet.flex(winds=False, flowers=0, jokers=4, blanks=4)],
    ids=["american", "singapore", "flex-small"],
)
def test_copies_are_every_tile_as_often_as_the_set_has_it(tileset: mr.TileSet) -> None:
    """``copies()`` (what a deal shuffles): each tile ``count(tile)`` times, in tile order, and
    nothing else: 152 American tiles, 148 Singapore ones."""
    copies = tileset.copies()
    assert len(copies) == tileset.total
    assert list(copies) == sorted(copies)
    assert {tile: copies.count(tile) for tile in set(copies)} == {tile: tileset.count(tile) for tile in tileset.tiles}
