"""The hypothesis strategies users get from mahjong_rules.testing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.testing import hands, melds, tiles

AMERICAN = mr.TileSet.american()
SINGAPORE = mr.TileSet.singapore()
NO_JOKERS = mr.TileSet.flex(jokers=0, flowers=0, winds=False)


@given(tiles(SINGAPORE))
def test_tiles_within_a_set(tile: mr.Tile) -> None:
    assert tile in SINGAPORE


@given(st.sampled_from([AMERICAN, SINGAPORE, NO_JOKERS]).flatmap(lambda ts: st.tuples(st.just(ts), melds(ts))))
def test_melds_fit_their_tile_set(drawn: tuple[mr.TileSet, mr.Meld]) -> None:
    tileset, meld = drawn
    assert tileset.problems(meld.tiles) == ()
    assert mr.Meld.parse(str(meld)) == meld


@settings(max_examples=200)
@given(st.sampled_from([AMERICAN, SINGAPORE, NO_JOKERS]).flatmap(lambda ts: st.tuples(st.just(ts), hands(ts))))
def test_hands_fit_their_tile_set(drawn: tuple[mr.TileSet, mr.Hand]) -> None:
    tileset, hand = drawn
    assert tileset.problems(hand) == ()
    assert mr.Hand.parse(str(hand), tileset) == hand


@given(hands(AMERICAN, min_concealed=13, max_concealed=13, max_melds=0))
def test_hand_sizes_can_be_fixed(hand: mr.Hand) -> None:
    assert len(hand) == 13
    assert hand.melds == ()


@given(hands())
def test_unconstrained_hands_round_trip(hand: mr.Hand) -> None:
    assert mr.Hand.parse(str(hand)) == hand


def test_hands_refuse_impossible_sizes() -> None:
    @given(hands(min_concealed=5, max_concealed=2))
    def draw_one(hand: mr.Hand) -> None:
        raise AssertionError("no hand can be drawn")

    with pytest.raises(ValueError, match="min_concealed"):
        draw_one()


def test_melds_refuse_a_set_where_no_meld_fits() -> None:
    lonely = mr.TileSet.from_counts("lonely", {mr.Tile.parse("1B"): 1})

    @given(melds(lonely))
    def draw_one(meld: mr.Meld) -> None:
        raise AssertionError("no meld can be drawn")

    with pytest.raises(ValueError, match="no meld fits"):
        draw_one()


def test_hands_reach_the_shapes_bugs_hide_in() -> None:
    """Issue 8: the generators never drew many flowers or jokers, nor several pairs, nor four
    copies of a tile. Each shape is found quickly now."""
    from hypothesis import find

    american = mr.TileSet.american()
    strategy = hands(american, min_concealed=13, max_concealed=14, max_melds=0)
    several_pairs = find(strategy, lambda hand: sum(1 for count in hand.counts if count == 2) >= 5)
    assert sum(1 for count in several_pairs.counts if count == 2) >= 5
    four_copies = find(strategy, lambda hand: 4 in hand.counts[:34])
    assert 4 in four_copies.counts[:34]
    bonus = find(strategy, lambda hand: hand.count(mr.Tile.FLOWER) >= 5 and hand.joker_count >= 5)
    assert bonus.count(mr.Tile.FLOWER) >= 5
