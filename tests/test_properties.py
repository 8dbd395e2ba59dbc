"""Property-based tests of the notation, with small strategies of their own (deliberately not
``mahjong_rules.testing``, so that a bug there cannot hide one here)."""

from __future__ import annotations

import hypothesis.strategies as st
import pytest
from hypothesis import given

import mahjong_rules as mr

J = mr.Tile.JOKER
TILES = st.sampled_from(mr.Tile.all())
NATURALS = st.sampled_from([tile for tile in mr.Tile.all() if not tile.is_joker])
MPSZ_TILES = st.sampled_from([tile for tile in mr.Tile.all() if tile.is_number or tile.is_honor])
SEATS = st.sampled_from(list(mr.Seat))


@st.composite
def melds(draw: st.DrawFn) -> mr.Meld:
    """Any valid meld: identical tiles with jokers, all jokers (standing for a tile or not), a
    chow, or different tiles; exposed or concealed, called from a seat or not."""
    exposed = draw(st.booleans())
    called_from = draw(st.none() | SEATS) if exposed else None
    represents: mr.Tile | None = None
    shape = draw(st.sampled_from(["identical", "all-jokers", "chow", "singles"]))
    if shape == "identical":
        size = draw(st.integers(1, 6))
        jokers = draw(st.integers(0, size - 1))
        tiles = [draw(NATURALS)] * (size - jokers) + [J] * jokers
    elif shape == "all-jokers":
        tiles = [J] * draw(st.integers(1, 6))
        represents = draw(st.none() | NATURALS)
    elif shape == "chow":
        suit = draw(st.sampled_from(list(mr.Suit)))
        first = draw(st.integers(1, 7))
        tiles = [suit.tile(first + step) for step in range(3)]
    else:
        tiles = draw(st.lists(NATURALS, min_size=2, max_size=6).filter(lambda ts: len(set(ts)) > 1))
    ordered = draw(st.permutations(tiles))
    return mr.Meld(ordered, exposed=exposed, called_from=called_from, represents=represents)


HANDS = st.builds(mr.Hand, st.lists(TILES, max_size=20), st.lists(melds(), max_size=5))


@given(HANDS)
def test_str_round_trips(hand: mr.Hand) -> None:
    assert mr.Hand.parse(str(hand)) == hand


@given(HANDS)
def test_repr_round_trips(hand: mr.Hand) -> None:
    assert eval(repr(hand), {"Hand": mr.Hand}) == hand


@given(HANDS)
def test_tokens_style_round_trips(hand: mr.Hand) -> None:
    assert mr.Hand.parse(hand.format("tokens")) == hand


@given(HANDS)
def test_unicode_style_round_trips(hand: mr.Hand) -> None:
    assert mr.Hand.parse(hand.format("unicode")) == hand


@given(melds())
def test_meld_str_round_trips(meld: mr.Meld) -> None:
    assert mr.Meld.parse(str(meld)) == meld


@given(HANDS)
def test_hand_counts_add_up(hand: mr.Hand) -> None:
    assert sum(hand.counts) == len(hand) == len(hand.tiles)
    assert sum(hand.concealed_counts) == len(hand.concealed)
    assert all(hand.count(tile) == hand.tiles.count(tile) for tile in mr.Tile.all())


NOTATION_ALPHABET = st.sampled_from(
    list("0123456789BCDMPSZbcdmpszNEWSFJRGWATLKOHIUnewsfjrgwatlkohiu[]{}@=, \t")
    + [tile.glyph for tile in mr.Tile.all() if tile.glyph is not None]
    + ["\U0001f02b", "\ufe0f", "Cat", "Blank", "Soap", "RF1", "Chicken"]
)


def _parse_or_notation_error(text: str) -> None:
    result: mr.Hand | mr.NotationError
    try:
        result = mr.Hand.parse(text)
    except mr.NotationError as error:
        result = error
    if isinstance(result, mr.NotationError):
        assert result.text == text
        assert 0 <= result.position <= len(text)
        assert isinstance(result.token, str)
    else:
        assert isinstance(result, mr.Hand)
        assert mr.Hand.parse(str(result)) == result


@given(st.text())
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    _parse_or_notation_error(text)


@given(st.lists(NOTATION_ALPHABET, max_size=40).map("".join))
def test_notation_like_text_parses_or_raises_notation_error(text: str) -> None:
    _parse_or_notation_error(text)


@pytest.mark.parametrize("style", ["compact", "tokens", "unicode"])
@given(tiles=st.lists(TILES, max_size=30).map(tuple))
def test_format_then_parse_tiles_round_trips(style: mr.Style, tiles: tuple[mr.Tile, ...]) -> None:
    assert mr.parse_tiles(mr.format_tiles(tiles, style=style)) == tiles


@given(tiles=st.lists(MPSZ_TILES, max_size=30).map(tuple))
def test_mpsz_round_trips_for_number_and_honour_tiles(tiles: tuple[mr.Tile, ...]) -> None:
    assert mr.parse_tiles(mr.format_tiles(tiles, style="mpsz")) == tiles
