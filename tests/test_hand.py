"""Hands: concealed tiles plus melds, their counts, equality and notation."""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.testing import hands, tiles

B, C, D = mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS
NORTH = mr.Seat.NORTH.wind
J = mr.Tile.JOKER

# Written out of order on purpose: concealed tiles are sorted, melds keep their order.
TEXT = "5B 2B 2B 2B 4C 3C 3C [777C @E] {5555D} [JJJ=N@S]"
CANONICAL = "222B 5B 334C [777C@E] {5555D} [JJJ=N@S]"


@pytest.fixture
def hand() -> mr.Hand:
    return mr.Hand.parse(TEXT)


def test_concealed_tiles_are_sorted(hand: mr.Hand) -> None:
    assert hand.concealed == (B.tile(2), B.tile(2), B.tile(2), B.tile(5), C.tile(3), C.tile(3), C.tile(4))


def test_melds_keep_their_order(hand: mr.Hand) -> None:
    assert hand.melds == (
        mr.Meld((C.tile(7),) * 3, called_from=mr.Seat.EAST),
        mr.Meld((D.tile(5),) * 4, exposed=False),
        mr.Meld((J, J, J), represents=NORTH, called_from=mr.Seat.SOUTH),
    )
    reordered = mr.Hand.parse("5B 2B 2B 2B 4C 3C 3C [JJJ=N@S] {5555D} [777C @E]")
    assert reordered.melds == tuple(reversed(hand.melds))
    assert reordered != hand


def test_exposed_leaves_out_concealed_kongs(hand: mr.Hand) -> None:
    assert hand.exposed == (hand.melds[0], hand.melds[2])
    assert all(meld.exposed for meld in hand.exposed)


def test_len_and_tiles(hand: mr.Hand) -> None:
    assert len(hand) == 7 + 3 + 4 + 3
    assert hand.tiles == hand.concealed + (C.tile(7),) * 3 + (D.tile(5),) * 4 + (J,) * 3


def test_counts(hand: mr.Hand) -> None:
    expected = [0] * 49
    expected[1] = 3  # 2B
    expected[4] = 1  # 5B
    expected[11] = 2  # 3C
    expected[12] = 1  # 4C
    expected[15] = 3  # 7C
    expected[22] = 4  # 5D
    expected[47] = 3  # J
    assert hand.counts == tuple(expected)


def test_concealed_counts(hand: mr.Hand) -> None:
    expected = [0] * 49
    expected[1] = 3  # 2B
    expected[4] = 1  # 5B
    expected[11] = 2  # 3C
    expected[12] = 1  # 4C
    assert hand.concealed_counts == tuple(expected)


def test_count_and_joker_count(hand: mr.Hand) -> None:
    assert hand.count(C.tile(7)) == 3
    assert hand.count(B.tile(2)) == 3
    assert hand.count(D.tile(5)) == 4
    assert hand.count(J) == 3
    # The tile an all-joker set stands for is not a tile of the hand.
    assert hand.count(NORTH) == 0
    assert hand.joker_count == 3
    assert mr.Hand.parse("1B J [J 5C 5C] {JJJJ=N}").joker_count == 6


@pytest.mark.parametrize(
    ("text", "concealed"),
    [
        ("1B 2B 3B", True),
        ("1B {5555C}", True),
        ("", True),
        ("1B [555C]", False),
        ("{5555C} [NNN@E]", False),
    ],
    ids=["loose-only", "concealed-kong", "empty", "exposed-pung", "kong-and-exposed"],
)
def test_is_concealed(text: str, concealed: bool) -> None:
    assert mr.Hand.parse(text).is_concealed is concealed


def test_str_is_canonical(hand: mr.Hand) -> None:
    assert str(hand) == CANONICAL


def test_str_round_trip(hand: mr.Hand) -> None:
    assert mr.Hand.parse(str(hand)) == hand


def test_repr_round_trip(hand: mr.Hand) -> None:
    assert repr(hand) == f"Hand.parse({CANONICAL!r})"
    assert eval(repr(hand), {"Hand": mr.Hand}) == hand


@pytest.mark.parametrize(
    ("style", "expected"),
    [
        ("compact", CANONICAL),
        ("tokens", "2B 2B 2B 5B 3C 3C 4C [7C 7C 7C@E] {5D 5D 5D 5D} [J J J=N@S]"),
        (
            "unicode",
            "\U0001f011\U0001f011\U0001f011\U0001f014\U0001f009\U0001f009\U0001f00a"
            " [\U0001f00d\U0001f00d\U0001f00d@E]"
            " {\U0001f01d\U0001f01d\U0001f01d\U0001f01d}"
            " [\U0001f02a\U0001f02a\U0001f02a=\U0001f003@S]",
        ),
    ],
    ids=["compact", "tokens", "unicode"],
)
def test_format_styles(hand: mr.Hand, style: Any, expected: str) -> None:
    assert hand.format(style) == expected
    assert mr.Hand.parse(expected) == hand


def test_format_mpsz() -> None:
    hand = mr.Hand.parse("5B 2B 2B 2B 4C 3C 3C [777C @E] {5555D} GD N")
    assert hand.format("mpsz") == "2225s334m64z [777m@E] {5555p}"  # GD (6z) sorts before N (4z)
    assert mr.Hand.parse(hand.format("mpsz")) == hand


def test_format_mpsz_refuses_jokers(hand: mr.Hand) -> None:
    with pytest.raises(ValueError, match="mpsz"):
        hand.format("mpsz")


def test_format_unknown_style(hand: mr.Hand) -> None:
    with pytest.raises(ValueError, match="style"):
        hand.format(cast(Any, "fancy"))


def test_equality_ignores_the_order_of_concealed_tiles() -> None:
    one = mr.Hand.parse("1B 2B N [333C]")
    other = mr.Hand.parse("N 2B 1B [333C]")
    assert one == other
    assert hash(one) == hash(other)


def test_exposed_and_concealed_tiles_differ() -> None:
    assert mr.Hand.parse("333C") != mr.Hand.parse("[333C]")
    assert mr.Hand.parse("[333C]") != mr.Hand.parse("{333C}")
    assert mr.Hand.parse("[333C@E]") != mr.Hand.parse("[333C@W]")


def test_constructor_matches_parse() -> None:
    built = mr.Hand(
        [C.tile(4), B.tile(2), B.tile(2)],
        [mr.Meld((J, J, J), represents=NORTH, called_from=mr.Seat.SOUTH)],
    )
    assert built == mr.Hand.parse("2B 2B 4C [JJJ=N@S]")
    assert built.concealed == (B.tile(2), B.tile(2), C.tile(4))


def test_empty_hand() -> None:
    empty = mr.Hand()
    assert len(empty) == 0
    assert empty.concealed == ()
    assert empty.melds == ()
    assert empty.tiles == ()
    assert str(empty) == ""
    assert mr.Hand.parse("") == empty
    assert mr.Hand.parse(" , ") == empty


def test_melds_only_hand() -> None:
    hand = mr.Hand.parse("[111B] [222B]")
    assert hand.concealed == ()
    assert str(hand) == "[111B] [222B]"
    assert len(hand) == 6


@pytest.mark.parametrize(
    "concealed",
    [["1B"], [B.tile(1), "2B"], [1], [mr.Meld.parse("[111B]")]],
    ids=["str", "tile-and-str", "int", "meld"],
)
def test_concealed_must_be_tiles(concealed: Any) -> None:
    with pytest.raises(TypeError):
        mr.Hand(concealed)


@pytest.mark.parametrize("melds", [["[111B]"], [B.tile(1)], [(B.tile(1),) * 3]], ids=["str", "tile", "tuple-of-tiles"])
def test_melds_must_be_melds(melds: Any) -> None:
    with pytest.raises(TypeError):
        mr.Hand((), melds)


def test_tileset_argument_must_be_a_tileset() -> None:
    with pytest.raises(TypeError):
        mr.Hand.parse("1B", tileset=cast(Any, "american"))


def test_hand_is_immutable(hand: mr.Hand) -> None:
    with pytest.raises(AttributeError):
        hand.concealed = ()  # type: ignore[misc]
    assert len(hand.concealed) == 7


# -- what a game loop needs (issue 8): iteration, containment, changed copies ------------------------


@given(hands(max_concealed=14, max_melds=3))
def test_iteration_gives_every_tile(hand: mr.Hand) -> None:
    """Contract: a hand supports iteration; it yields what ``.tiles`` lists, ``len`` of them."""
    assert list(hand) == list(hand.tiles)
    assert len(list(hand)) == len(hand)


@given(hands(max_concealed=14, max_melds=3), tiles())
def test_containment_agrees_with_count(hand: mr.Hand, tile: mr.Tile) -> None:
    """Contract: ``tile in hand``, melds included; a tile's notation works as the tile."""
    assert (tile in hand) == (hand.count(tile) > 0)
    assert (str(tile) in hand) == (tile in hand)
    assert hand.count(str(tile)) == hand.count(tile)


def test_containment_of_other_objects_is_false_and_bad_text_an_error() -> None:
    hand = mr.Hand.parse("123B [555C]")
    assert 5 not in hand
    assert None not in hand
    assert "5C" in hand  # in an exposed set
    with pytest.raises(mr.NotationError, match="unknown token"):
        assert "Xyz" in hand


def test_count_takes_a_tile_or_its_text_and_refuses_other_types() -> None:
    """Issue 8: ``hand.count("1B")`` was a TypeError about tuple indices."""
    hand = mr.Hand.parse("111B 2C [JJ 3D]")
    assert (hand.count("1B"), hand.count(mr.Tile.JOKER), hand.count("3D"), hand.count("soap")) == (3, 2, 1, 0)
    with pytest.raises(TypeError, match="tile is a Tile or its notation"):
        hand.count(1)  # type: ignore[arg-type]


def test_draw_adds_a_concealed_tile() -> None:
    hand = mr.Hand.parse("123B [555C]")
    drawn = hand.draw("9D")
    assert drawn == mr.Hand.parse("123B 9D [555C]")
    assert hand == mr.Hand.parse("123B [555C]")  # immutable: the original is unchanged
    assert hand.draw(mr.Tile.JOKER).joker_count == 1


def test_discard_removes_one_concealed_copy() -> None:
    hand = mr.Hand.parse("1123B [555C]")
    assert hand.discard("1B") == mr.Hand.parse("123B [555C]")
    with pytest.raises(mr.HandError, match=r"cannot discard 5C: the concealed tiles \(1123B\) hold none"):
        hand.discard("5C")  # only in an exposed set


def test_with_meld_takes_the_tiles_from_hand_except_the_called_one() -> None:
    hand = mr.Hand.parse("55C J 123B")
    exposed = hand.with_meld("[555C J @W]", called="5C")
    assert exposed == mr.Hand(mr.parse_tiles("123B"), [mr.Meld.parse("[555C J @W]")])
    kong = mr.Hand.parse("5555C 9D").with_meld("{5555C}")
    assert kong == mr.Hand.parse("9D {5555C}")
    assert len(kong) == len(mr.Hand.parse("5555C 9D"))


@pytest.mark.parametrize(
    ("text", "meld", "called", "message"),
    [
        pytest.param("55C", "[555C]", None, r"lack a 5C", id="tile-missing"),
        pytest.param(
            "55C", "[555C]", "6C", r"the called 6C is not one of the tiles of \[555C\]", id="called-not-in-meld"
        ),
    ],
)
def test_with_meld_refuses_what_the_hand_cannot_declare(text: str, meld: str, called: str | None, message: str) -> None:
    with pytest.raises(mr.HandError, match=message):
        mr.Hand.parse(text).with_meld(meld, called=called)


def test_with_meld_refuses_other_types() -> None:
    with pytest.raises(TypeError, match="meld is a Meld or its notation"):
        mr.Hand.parse("55C").with_meld(["5C"])  # type: ignore[arg-type]


@given(hands(mr.TileSet.american(), max_concealed=14, max_melds=2), tiles(mr.TileSet.american()))
def test_draw_then_discard_is_the_same_hand(hand: mr.Hand, tile: mr.Tile) -> None:
    assert hand.draw(tile).discard(tile) == hand
    assert len(hand.draw(tile)) == len(hand) + 1


@given(hands(mr.TileSet.american(), max_concealed=14, max_melds=2), tiles(mr.TileSet.american()), st.data())
def test_draw_and_discard_copies_match_hands_built_afresh(hand: mr.Hand, tile: mr.Tile, data: st.DataObject) -> None:
    """``draw`` and ``discard`` update the counts instead of counting again (a game loop makes
    a few copies per action): each copy equals, hashes and counts as the hand built from its
    tiles, and a discard of any concealed tile leaves the others."""
    drawn = hand.draw(tile)
    out = data.draw(st.sampled_from(drawn.concealed))
    others = list(drawn.concealed)
    others.remove(out)
    assert drawn.discard(out) == mr.Hand(others, list(drawn.melds))
    for changed in (drawn, drawn.discard(out)):
        rebuilt = mr.Hand(list(changed.concealed), list(changed.melds))
        assert changed == rebuilt
        assert hash(changed) == hash(rebuilt)
        assert changed.counts == rebuilt.counts
        assert changed.concealed_counts == rebuilt.concealed_counts
        assert list(changed.concealed) == sorted(changed.concealed)


@given(
    hands(mr.TileSet.american(), max_concealed=14, max_melds=2),
    st.lists(tiles(mr.TileSet.american()), max_size=3),
    st.data(),
)
def test_exchanged_copies_match_hands_built_afresh(hand: mr.Hand, added: list[mr.Tile], data: st.DataObject) -> None:
    """A game loop's passes and swaps (``_exchanged``: some concealed tiles out, others in)
    update the counts instead of counting again: each copy equals, hashes and counts as the hand
    built from its tiles, and taking out a tile the hand lacks is refused."""
    size = len(hand.concealed)
    positions = st.lists(st.integers(0, max(size - 1, 0)), max_size=min(3, size), unique=True)
    removed = [hand.concealed[position] for position in data.draw(positions)]
    left = list(hand.concealed)
    for tile in removed:
        left.remove(tile)
    changed = hand._exchanged(removed, added)
    rebuilt = mr.Hand([*left, *added], list(hand.melds))
    assert changed == rebuilt
    assert hash(changed) == hash(rebuilt)
    assert changed.counts == rebuilt.counts
    assert changed.concealed_counts == rebuilt.concealed_counts
    assert list(changed.concealed) == sorted(changed.concealed)
    missing = next(tile for tile in mr.TileSet.american().tiles if tile not in hand.concealed)
    with pytest.raises(ValueError, match="not in list"):
        hand._exchanged([missing], [])
