"""The Flex ruleset against its rule documents: what a winning hand is (the Three S rules: Suits,
Sets, Sequence), the tiles in the game, the special tiles, the Flextra house rules, the reasons a
hand is not winning, and properties that hold for every hand.

Sources: ``rules/flex-mahjong-rules.txt`` ("Rules"), ``rules/flex-mahjong-quick-reference.md``
("Quick reference") and the rulings T1-T5 and F1-F18 of ``RULINGS.md``. Every expected value here
comes from those documents, not from running the code. Scoring is in ``test_flex_scoring.py`` and
payouts in ``test_flex_settlement.py``.
"""

from __future__ import annotations

import datetime
import random
import re
from collections import Counter
from typing import Any, NamedTuple

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, assume, given, settings

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset
from mahjong_rules.testing import hands

J = mr.Tile.JOKER
F = mr.Tile.FLOWER
B, C, D = mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS

DEFAULT = FlexRuleset(FlexOptions())

ALL_FLEXTRA = {
    "news": True,
    "year": True,
    "sequence_quints": True,
    "like_numbers": True,
    "double_sequence": True,
    "opposite_winds": True,
}

# The documents spell the Crak suit "Cracks"; the library writes "Craks" (as in its notation).
SUIT_NAMES = {
    "Bams": ("Bams",),
    "Craks": ("Craks", "Cracks"),
    "Dots": ("Dots",),
    "Winds": ("Winds",),
    "Flowers": ("Flowers",),
}


def ruleset(**options: Any) -> FlexRuleset:
    return FlexRuleset(FlexOptions(**options)) if options else DEFAULT


def evaluate(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    return ruleset(**options).evaluate(mr.Hand.parse(text), context)


def codes(evaluation: mr.Evaluation) -> list[str]:
    return [reason.code for reason in evaluation.reasons]


def factors(evaluation: mr.Evaluation) -> set[str]:
    assert all(item.points == 1 for item in evaluation.breakdown)
    return {item.name for item in evaluation.breakdown}


def message(evaluation: mr.Evaluation) -> str:
    return " ".join(reason.message for reason in evaluation.reasons)


def assert_names_suits(text: str, *suits: str) -> None:
    for suit in suits:
        assert any(name in text for name in SUIT_NAMES[suit]), (suit, text)


def assert_names_numbers(text: str, *numbers: int) -> None:
    for number in numbers:
        assert re.search(rf"\b{number}\b", text), (number, text)


def assert_winning(text: str, **options: Any) -> mr.Evaluation:
    evaluation = evaluate(text, **options)
    assert evaluation.is_winning, evaluation.reasons
    assert evaluation.reasons == ()
    assert evaluation.arrangement is not None
    return evaluation


def assert_not_winning(text: str, **options: Any) -> mr.Evaluation:
    evaluation = evaluate(text, **options)
    assert not evaluation.is_winning, evaluation.breakdown
    assert evaluation.points == 0
    assert evaluation.reasons
    return evaluation


def set_sizes(evaluation: mr.Evaluation) -> list[int]:
    assert evaluation.arrangement is not None
    return sorted(meld.size for meld in evaluation.arrangement.melds)


# -- tiles in the game -----------------------------------------------------------------------------


def test_required_tiles_are_numbers_in_three_suits_and_dragons() -> None:
    """Rules: 'You can use any set of tiles as long as you have at least the tiles numbered 1 to 9
    in three suits: Dots, Cracks and Bams plus the three "dragon" tiles. You need 4 identical
    copies of each tile.' / 'REQUIRED: Number Tiles in 3 Suits + Dragons'. Quick reference: 'Use
    the number tiles 1-9 + dragons in 3 suits.'"""
    tileset = FlexOptions(winds=False, flowers=0, jokers=0, blanks=0).tileset
    required = [suit.tile(rank) for suit in mr.Suit for rank in range(1, 10)] + [suit.dragon for suit in mr.Suit]
    assert set(tileset.tiles) == set(required)
    assert all(tileset.count(tile) == 4 for tile in required)
    assert tileset.total == 4 * (27 + 3)


@pytest.mark.parametrize(
    ("options", "tile", "count"),
    [
        pytest.param({"winds": True}, mr.Tile.parse("N"), 4, id="winds-all-16"),
        pytest.param({"flowers": 6}, F, 6, id="6-flowers"),
        pytest.param({"flowers": 8}, F, 8, id="8-flowers"),
        pytest.param({"jokers": 4}, J, 4, id="4-jokers"),
        pytest.param({"jokers": 8}, J, 8, id="8-jokers"),
        pytest.param({"blanks": 4}, mr.Tile.BLANK, 4, id="4-blanks"),
        pytest.param({"winds": False}, mr.Tile.parse("N"), 0, id="no-winds"),
        pytest.param({"flowers": 0}, F, 0, id="no-flowers"),
        pytest.param({"jokers": 0}, J, 0, id="no-jokers"),
        pytest.param({"blanks": 0}, mr.Tile.BLANK, 0, id="no-blanks"),
    ],
)
def test_optional_tiles(options: dict[str, Any], tile: mr.Tile, count: int) -> None:
    """Rules: 'Along with these tiles, you can add any special tiles you want: Flowers, Winds,
    Jokers, or Blanks.' / 'OPTIONAL: Winds, Flowers, Jokers, Blanks' / 'Winds: If using, include
    all 16 tiles. Flowers: If using, include 6 to 8 tiles. Jokers: If using, include 4 to 8.
    Blanks: If using, include up to 4.' / 'You can add one or both of these suits of tiles to the
    game, or play without them.' / 'This flexibility means you can play Flex Mahjong with whatever
    Mahjong set you have!' / 'The more joker and blank tiles you add, the easier it is for players
    to make a winning hand, so adjust the amount used' (ruling F9: 0 jokers means none)."""
    tileset = FlexOptions(**options).tileset
    assert tileset.count(tile) == count
    if tile.is_wind:
        assert sum(tileset.count(seat.wind) for seat in mr.Seat) == (16 if count else 0)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("333C 44B 555C 666C 777C", id="cracks-bams-run"),
        pytest.param("WD WD WD 3333D 666D 9999D", id="dots-threes"),
    ],
)
def test_number_hands_without_any_optional_tile(text: str) -> None:
    """Rules: 'You can add one or both of these suits of tiles to the game, or play without them.' /
    'You can add one or both of these types of tiles to the game, or you can play without them.'
    Number hands win in a game of number tiles and dragons only."""
    assert_winning(text, winds=False, flowers=0, jokers=0, blanks=0)


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"flowers": 5}, id="5-flowers"),
        pytest.param({"flowers": 9}, id="9-flowers"),
        pytest.param({"jokers": 3}, id="3-jokers"),
        pytest.param({"jokers": 9}, id="9-jokers"),
        pytest.param({"blanks": 5}, id="5-blanks"),
    ],
)
def test_tile_counts_outside_the_documents_are_refused(options: dict[str, Any]) -> None:
    """Rules: 'Flowers: If using, include 6 to 8 tiles. Jokers: If using, include 4 to 8.
    Blanks: If using, include up to 4.'"""
    with pytest.raises(ValueError, match=next(iter(options))):
        FlexOptions(**options)


def test_default_options_ruling_f9_f11_f15() -> None:
    """Rulings F11 (minimum hand value: default none) and F15 (each Flextra house rule is its own
    option, off by default); Rules: 'Flextra House Rules: Once you have some games under your belt,
    you can add these...'."""
    options = FlexOptions()
    assert options.minimum_value is None
    for name in ALL_FLEXTRA:
        assert getattr(options, name) is False, name


@pytest.mark.parametrize(
    ("text", "options"),
    [
        pytest.param("NNN EEE WWW SSS FF", {"winds": False}, id="winds-not-in-game"),
        pytest.param("FF 111C 222C 333C 444C", {"flowers": 0}, id="flowers-not-in-game"),
        pytest.param("333C 44B 555C 666C 77C J", {"jokers": 0}, id="jokers-not-in-game"),
        pytest.param("333C 44B 555C 666C 77C Blank", {}, id="blanks-not-in-game"),
        pytest.param("11111B 222B 333B 444B", {}, id="fifth-1B"),
        pytest.param("FFFFFFF 333B 4444B", {"flowers": 6}, id="7-of-6-flowers"),
        pytest.param("JJJJJ JJJJ 111B 222B 33B", {}, id="9-of-8-jokers"),
    ],
)
def test_hand_not_possible_in_the_game_raises_ruling_t5(text: str, options: dict[str, Any]) -> None:
    """Ruling T5: a hand holding more of a tile than the game's tile set has (jokers and flowers
    included) is bad input and raises an error. Rules: 'You can make one set of 2 or more flowers
    up to the total number of flowers added to the game.'"""
    hand = mr.Hand.parse(text)
    with pytest.raises(mr.TileSetError) as raised:
        ruleset(**options).evaluate(hand)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        pytest.param("333C 44B 555C 666C 77C", 13, id="13-tiles"),
        pytest.param("333C 44B 555C 666C 7777C", 15, id="15-tiles"),
        pytest.param("333C 44B 555C [666C] [7777C]", 15, id="15-tiles-with-exposures"),
        pytest.param("", 0, id="empty"),
    ],
)
def test_hand_of_wrong_size_is_not_winning_ruling_t2_t5(text: str, size: int) -> None:
    """Rules: 'When you take a tile to start your turn, you will have 14 tiles in your hand. If
    those 14 tiles meet the Three S Rules - Suits, Sets, Sequence - then you have a winning Mahjong
    hand!' Rulings T2 (the hand is the 14 tiles, concealed plus exposed) and T5 (a hand of the
    wrong size is simply not winning, with that reason)."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["wrong-size"]
    assert_names_numbers(message(evaluation), 14, size)


def test_exposed_sets_count_toward_the_fourteen_ruling_t2() -> None:
    """Ruling T2: a hand in a ruleset's evaluation is the 14 tiles at the moment Mahjong is
    declared, concealed tiles plus exposed sets."""
    evaluation = assert_winning("333C 44B 555C 666C [777C]")
    assert len(evaluation.hand) == 14
    assert set_sizes(evaluation) == [2, 3, 3, 3, 3]


# -- the sample hands ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        # Suits: Cracks & Bams; Sets: Triple, Pair, Triple, Triple, Triple; Sequence: 3-7 (Run).
        pytest.param("333C 44B 555C 666C 777C", [2, 3, 3, 3, 3], id="cracks-bams-run-3-7"),
        # Suits: Dots; Sets: Triple, Quad, Triple, Quad; Sequence: 0, 3, 6, 9 (Threes).
        pytest.param("WD WD WD 3333D 666D 9999D", [3, 3, 4, 4], id="dots-threes-0369"),
        # Suits: Cracks; Sets: Triple, Quad, Triple, Pair, Pair; Sequence: 1, 3, 5, 7, 9 (Odds).
        pytest.param("111C 3333C 555C 77C 99C", [2, 2, 3, 3, 4], id="cracks-odds-13579"),
    ],
)
def test_number_only_sample_hands(text: str, sizes: list[int]) -> None:
    """Rules: 'Here are three example hands using only the number tiles that are valid winning
    Mahjong Hands.' (Cracks & Bams, Run 3-4-5-6-7; Dots, Threes 0-3-6-9; Cracks, Odds 1-3-5-7-9)."""
    assert set_sizes(assert_winning(text)) == sizes


def test_flower_sample_hand() -> None:
    """Rules: 'Sample Winning Hand with Flowers. Suits: Flowers & Bams. Sets: 5-Flowers, Pair,
    Quad, Triple. Sequence: 6, 8, 10 (Evens)' (10 is the Bams' dragon, rulings T1 and F1)."""
    evaluation = assert_winning("FFFFF 66B 8888B GD GD GD")
    assert set_sizes(evaluation) == [2, 3, 4, 5]


@pytest.mark.parametrize(
    "text",
    [
        # The picture is not in the text: which set is the flower set is not said. Both readings.
        pytest.param("NN EEEE WWW SS FFF", id="flowers-last"),
        pytest.param("FF NNNN EEE WW SSS", id="flowers-first"),
    ],
)
def test_wind_sample_hand(text: str) -> None:
    """Rules: 'Sample Winning Hand with Winds. Suits: Winds & Flowers. Sets: Pair, Quad, Triple,
    Pair, Triple. Sequence: N, E, W, S'."""
    evaluation = assert_winning(text)
    assert set_sizes(evaluation) == [2, 2, 3, 3, 4]


# -- Rule #1: Suits --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("111D 222D 333D 444D 55D", id="1-suit-dot"),
        pytest.param("111B 222C 333B 444C 55B", id="2-suits-bam-crack"),
        pytest.param("FF 111C 222C 333C 444C", id="2-suits-flower-crack"),
        pytest.param("NN EEEE WWW SS FFF", id="2-suits-wind-flower"),
    ],
)
def test_valid_suits(text: str) -> None:
    """Rules: 'Use no more than two suits in your hand.' Examples of Valid Suits: '1 SUIT: Dot',
    '2 SUITS: Bam, Crack', '2 SUITS: Flower, Crack'. Quick reference: 'Suits: No more than 2 suits
    are used in the hand.'"""
    assert_winning(text)


@pytest.mark.parametrize(
    ("text", "suits"),
    [
        pytest.param("111D 222C 333B 444D 55D", ("Dots", "Craks", "Bams"), id="dot-crack-bam"),
        pytest.param("FFF 111B 222C 333B 44C", ("Bams", "Craks", "Flowers"), id="bam-crack-flower"),
        pytest.param("FF 111D 222B 333D 444B", ("Flowers", "Dots", "Bams"), id="flower-dot-bam"),
    ],
)
def test_invalid_suits(text: str, suits: tuple[str, ...]) -> None:
    """Rules: 'Use no more than two suits in your hand.' / 'The suits are: Bams, Cracks, Dots,
    Winds, & Flowers.' Examples of Invalid Suits: '3 SUITS: Dot, Crack, Bam', '3 SUITS: Bam,
    Crack, Flower', '3 SUITS: Flower, Dot, Bam'. The message names the three suits."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["too-many-suits"]
    assert_names_suits(message(evaluation), *suits)


def test_three_exposed_sets_in_three_suits_never_win() -> None:
    """Rules (Mistakes Happen): 'If a player exposes 3 sets with 3 different suits, that hand will
    not be legal ... if the player eventually calls Mahjong it will be invalid.'"""
    evaluation = assert_not_winning("[111B] [222C] [333D] 444B 55B")
    assert codes(evaluation) == ["too-many-suits"]
    assert_names_suits(message(evaluation), "Bams", "Craks", "Dots")


def test_jokers_are_not_a_suit() -> None:
    """Rules: 'Joker Tiles and Blank Tiles ... These tiles are not part of a suit': a joker in a
    one-suit hand keeps it to one suit."""
    evaluation = assert_winning("111D 222D 333D 44D J 55D")
    assert "Suit Flush" in factors(evaluation)


@pytest.mark.parametrize(
    ("text", "flush"),
    [
        pytest.param("RD RD 111C 222C 333C 444C", True, id="red-with-craks"),
        pytest.param("GD GD 111C 222C 333C 444C", False, id="green-is-a-bam"),
    ],
)
def test_dragon_belongs_to_its_suit_ruling_t1(text: str, flush: bool) -> None:
    """Ruling T1: Green dragon goes with Bams, Red with Craks, White (Soap) with Dots; ruling F1:
    the dragon is its suit's 0."""
    evaluation = assert_winning(text)
    assert ("Suit Flush" in factors(evaluation)) is flush


def test_white_dragon_is_a_third_suit_next_to_craks_and_bams_ruling_t1() -> None:
    """Ruling T1: White (Soap) goes with Dots, so with Craks and Bams it makes three suits."""
    evaluation = assert_not_winning("WD WD 111C 222C 333B 444B")
    assert codes(evaluation) == ["too-many-suits"]
    assert_names_suits(message(evaluation), "Bams", "Craks", "Dots")


@pytest.mark.parametrize(
    ("american", "canonical"),
    [
        pytest.param("0B 0B 0B 111B 222B 333B 44B", "GD GD GD 111B 222B 333B 44B", id="0B-is-green"),
        pytest.param("0C 0C 111C 222C 333C 444C", "RD RD 111C 222C 333C 444C", id="0C-is-red"),
        pytest.param("Soap Soap 0D 3333D 666D 9999D", "WD WD WD 3333D 666D 9999D", id="0D-soap-is-white"),
    ],
)
def test_dragon_written_as_zero_ruling_t1_f1(american: str, canonical: str) -> None:
    """Rulings T1 and F1: a suit's dragon is its 0 (written 0B, 0C, 0D as American players do)."""
    first, second = evaluate(american), evaluate(canonical)
    assert first.is_winning
    assert second.is_winning
    assert (first.points, factors(first)) == (second.points, factors(second))


# -- Rule #2: Sets ---------------------------------------------------------------------------------


def test_sets_are_pairs_triples_and_quads() -> None:
    """Rules: 'All tiles must be grouped into sets of 2 to 4 identical tiles.' / 'groups of 2, 3,
    or 4 identical matching tiles of the same suit and same number ... "Pair", "Triple" or "Pung",
    "Quad" or "Kong"'. Quick reference: 'Sets are named by the number of tiles'."""
    evaluation = assert_winning("111C 3333C 555C 77C 99C")
    assert evaluation.arrangement is not None
    assert sorted(meld.kind_name for meld in evaluation.arrangement.melds) == ["kong", "pair", "pair", "pung", "pung"]
    for meld in evaluation.arrangement.melds:
        assert len(set(meld.tiles)) == 1


@pytest.mark.parametrize(
    ("text", "lonely"),
    [
        pytest.param("111C 222C 333C 444C 5C 6C", ("5C", "6C"), id="single-tiles"),
        pytest.param("111C 222C 333C 444C 5B 5C", ("5B", "5C"), id="same-number-different-suits"),
        pytest.param("111B 222B 333B 444B GD RD", ("GD", "RD"), id="different-dragons"),
        pytest.param("NNN EEE WWW SSS F W", ("F",), id="single-flower"),
    ],
)
def test_tiles_outside_any_set(text: str, lonely: tuple[str, ...]) -> None:
    """Rules: 'All tiles must be grouped into sets of 2 to 4 identical tiles.' / 'Identical tiles
    must be of the same suit and number.' / 'You can make one set of 2 or more flowers'. The
    message names the tiles that are in no set."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["unmatched-tiles"]
    for token in lonely:
        assert re.search(rf"\b{token}\b", message(evaluation)), (token, message(evaluation))


@pytest.mark.parametrize(
    ("text", "number", "holders"),
    [
        pytest.param("222B 333B 333C 444C 55C", 3, ("3B", "3C"), id="3-bams-and-3-craks"),
        pytest.param("222D 333D 444D 555D 55B", 5, ("5D", "5B"), id="5-dots-and-5-bams"),
    ],
)
def test_same_number_in_two_sets_ruling_f5(text: str, number: int, holders: tuple[str, ...]) -> None:
    """Rules: 'Each number can only be used in one set per hand.' Example of Invalid Sequences:
    'SAME NUMBER IN 2 SETS'. Ruling F5: this holds across suits: 3 Bams and 3 Craks cannot both be
    sets. The message names the number (and the sets)."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["number-repeated"]
    assert_names_numbers(message(evaluation), number)
    for token in holders:
        assert token in message(evaluation)


def test_a_quad_is_not_two_pairs_of_one_number_ruling_f5() -> None:
    """Rules: 'Each number can only be used in one set per hand.' 3333B is one quad, never two
    pairs of 3: the hand is six sets, not seven pairs."""
    evaluation = assert_winning("11B 22B 3333B 44B 55B 66B")
    assert set_sizes(evaluation) == [2, 2, 2, 2, 2, 4]
    assert "Seven Pairs" not in factors(evaluation)


@pytest.mark.parametrize(
    ("text", "code", "token"),
    [
        pytest.param("333C 555C 666C 777C [44B]", "exposed-pair", "44B", id="exposed-pair"),
        pytest.param("[345C] 333B 666C 777C 88C", "exposed-run", "345C", id="exposed-run"),
        pytest.param("[1111B J] 2222B 333B 44B", "set-too-large", "1111B", id="exposed-quint"),
    ],
)
def test_invalid_exposures(text: str, code: str, token: str) -> None:
    """Rules (Mistakes Happen): 'If a player calls for a tile, but the exposure is not valid, such
    as exposing a pair set...' / 'All tiles must be grouped into sets of 2 to 4 identical tiles.'
    The message names the exposed set."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == [code]
    assert token in message(evaluation)


# -- Rule #3: Sequence -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("444B 555B 6666B 7777B", id="run-4567"),
        pytest.param("222C 444C 666C 888C RD RD", id="evens-2-4-6-8-10"),
        pytest.param("111D 3333D 5555D 777D", id="odds-1357"),
        pytest.param("GD GD GD 333B 6666B 9999B", id="threes-0369"),
        pytest.param("RD RD RD 111C 222C 333C 44C", id="run-from-0"),
        pytest.param("666C 777C 888C 999C RD RD", id="run-to-10"),
        pytest.param("WD WD WD 222D 4444D 6666D", id="evens-from-0"),
        pytest.param("3333B 666C 9999B GD GD GD", id="threes-two-suits"),
    ],
)
def test_valid_sequences(text: str) -> None:
    """Rules: 'The numbers used in sets must be in consecutive order from one of these sequences:
    Runs: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10; Evens: 0, 2, 4, 6, 8, 10; Odds: 1, 3, 5, 7, 9; Threes:
    0, 3, 6, 9'. Examples of Valid Sequences: 'RUN: 4, 5, 6, 7', 'EVENS: 2, 4, 6, 8, 10', 'ODDS:
    1, 3, 5, 7', 'THREES: 0, 3, 6, 9'. Ruling F1: the dragon is its suit's 0 and its 10."""
    assert_winning(text)


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        pytest.param("111B 222B 444B 555B 66B", (1, 2, 4, 5, 6), id="run-missing-3"),
        pytest.param("WD WD 222C 444C 888C RD RD RD", (2, 4, 8), id="evens-missing-6"),
        pytest.param("FF 111B 333B 777B 999B", (1, 3, 7, 9), id="odds-missing-5"),
        pytest.param("GD GD GD 333B 999B 111B FF", (1, 3, 9), id="threes-with-a-1"),
    ],
)
def test_numbers_not_consecutive(text: str, numbers: tuple[int, ...]) -> None:
    """Rules: 'you have to build sets that use numbers that are in consecutive numerical order from
    one of the number sequences.' Examples of Invalid Sequences: 'NOT CONSECUTIVE'. Quick
    reference: 'Across the hand, the ranks of each set are in consecutive order in a number
    sequence'. The message names the numbers."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["not-a-sequence"]
    assert_names_numbers(message(evaluation), *numbers)


def test_dragon_is_zero_and_ten_in_one_hand_ruling_f1() -> None:
    """Ruling F1: one hand may use a suit's dragon as 0 in one set and as 10 in another; ruling
    T3: the hand is worth its best arrangement (two dragon pairs make Evens 0-10 in six sets,
    better than one dragon quad)."""
    evaluation = assert_winning("GD GD GD GD 222B 444B 66B 88B")
    assert set_sizes(evaluation) == [2, 2, 2, 2, 3, 3]
    # Mahjong, Suit Flush, Full Sequence, Big Sets, Concealed, Jokerless.
    assert evaluation.points == 6
    assert "Big Sets" in factors(evaluation)


def test_dragon_as_zero_and_ten_with_a_joker_ruling_f1() -> None:
    """Ruling F1: the dragon as 0 and as 10 in one hand, 'tile counts and jokers permitting': four
    Green dragons and a joker make a dragon triple and a dragon pair (Evens 0-10 in Bams)."""
    evaluation = assert_winning("GD GD GD GD J 222B 44B 66B 88B")
    assert set_sizes(evaluation) == [2, 2, 2, 2, 3, 3]


def test_dragons_of_two_suits_as_zero_and_ten_ruling_f1() -> None:
    """Ruling F1: each suit's dragon is its 0 and its 10: Green as 0 and Red as 10 close an Evens
    0-10 in Bams and Craks."""
    assert_winning("GD GD 222B 44C 66B 888C RD RD")


def test_dragons_of_two_suits_both_zero_ruling_f5() -> None:
    """Rules: 'Each number can only be used in one set per hand.' Ruling F5 (across suits) with F1:
    a Green and a Red dragon set cannot both be 0 in a Run 0-3."""
    assert_not_winning("GD GD GD RD RD 111B 222B 333B")


def test_dragon_is_not_one() -> None:
    """Rules: the sequences are 0-10; ruling F1: the dragon is 0 or 10, nothing else (not 1)."""
    evaluation = assert_not_winning("GD GD GD 222B 333B 444B FF")
    assert codes(evaluation) == ["not-a-sequence"]


# -- special suit tiles: flowers -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("FF 111C 222C 333C 444C", id="2-flowers"),
        pytest.param("FFF 111C 222C 333C 44C", id="3-flowers"),
        pytest.param("FFFF 111B 222B 3333B", id="4-flowers"),
        pytest.param("FFFFF 66B 8888B GD GD GD", id="5-flowers"),
        pytest.param("FFFFFF 3333B 4444B", id="6-flowers"),
        pytest.param("FFFFFFF 333B 4444B", id="7-flowers"),
        pytest.param("FFFFFFFF 3333B 44B", id="8-flowers"),
    ],
)
def test_one_flower_set_of_two_or_more(text: str) -> None:
    """Rules: 'You can make one set of 2 or more flowers up to the total number of flowers added to
    the game.' / 'Flowers are the only tiles where you can make a set larger than 4 tiles.' /
    'All flower tiles are identical, making flowers a suit with only 1 number.' Ruling F4: the
    flower set carries no number (it is outside the sequence). Quick reference: 'Flowers: one set
    of 2 or more, no jokers.'"""
    evaluation = assert_winning(text)
    assert evaluation.arrangement is not None
    flower_sets = [meld for meld in evaluation.arrangement.melds if F in meld.tiles]
    assert len(flower_sets) == 1
    assert flower_sets[0].size == evaluation.hand.count(F)


def test_flower_set_up_to_the_game_flowers() -> None:
    """Rules: '... up to the total number of flowers added to the game.' With 6 flowers in the
    game, a set of 6 is fine."""
    assert_winning("FFFFFF 3333B 4444B", flowers=6)


def test_exposed_flower_set_larger_than_four() -> None:
    """Rules: 'Flowers are the only tiles where you can make a set larger than 4 tiles.'"""
    assert_winning("[FFFFF] 66B 8888B GD GD GD")


def test_two_flower_sets_ruling_f4() -> None:
    """Ruling F4: the flower set: at most one per hand. Rules: 'You can make one set of 2 or more
    flowers'."""
    evaluation = assert_not_winning("[FFF] FF 111B 222B 333B")
    assert codes(evaluation) == ["two-flower-sets"]
    assert "flower" in message(evaluation).lower()


def test_exposed_flower_set_with_a_joker_ruling_f4() -> None:
    """Rules: 'Jokers cannot be used in a flower set.' / 'Jokers cannot take the place of a flower
    tile'. Ruling F4: no jokers in the flower set."""
    evaluation = assert_not_winning("[FFFF J] 66B 8888B GD GD GD")
    assert codes(evaluation) == ["joker-in-flowers"]
    assert "joker" in message(evaluation).lower()
    assert "flower" in message(evaluation).lower()


def test_concealed_flower_set_with_a_joker() -> None:
    """Rules: 'Jokers can be used in Triples and Quads, but not Pairs or Flower Sets'. The joker
    fits nowhere else (the quads are full), so the hand is not winning. (Which reason is given is
    the implementation's choice: the joker can also be read as splitting a quad.)"""
    assert_not_winning("FFFFF J 6666B 8888B")


# -- special suit tiles: winds ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("NNNN EEEE WWW SSS", id="four-wind-sets"),
        pytest.param("NN EE WW SS FFFFFF", id="four-wind-pairs-and-flowers"),
        pytest.param("NNNN EE WW SS FFFF", id="quad-and-pairs-and-flowers"),
    ],
)
def test_winds_hand(text: str) -> None:
    """Rules: 'You can make a sequence of winds using 4 sets, one of each wind.' / 'Sets of winds
    can be combined in the same hand with a flower set.' Quick reference: 'Winds: use each in 4
    sets as a sequence'. Ruling F3: exactly four wind sets, one per wind, each of 2-4 tiles; the
    only other set it may hold is the flower set."""
    assert_winning(text)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("NNN EEE WWW SSS 11B", id="winds-and-a-bam-pair"),
        pytest.param("NNN EEE WWW SSS GD GD", id="winds-and-a-dragon-pair"),
        pytest.param("NNNN EEEE 333B 444B", id="two-winds-and-numbers"),
    ],
)
def test_winds_cannot_combine_with_numbers(text: str) -> None:
    """Rules: 'Sets of winds cannot be combined with sets of number tiles in the same hand.' Ruling
    F3: winds carry no number; ruling F1: a dragon is a number tile of its suit."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["winds-with-numbers"]
    assert "wind" in message(evaluation).lower()


def test_winds_hand_needs_all_four_winds_ruling_f3() -> None:
    """Rules: 'You can make a sequence of winds using 4 sets, one of each wind.' Ruling F3: one set
    per wind. The message names the missing wind."""
    evaluation = assert_not_winning("NNNN EEEE WWW FFF")
    assert codes(evaluation) == ["incomplete-winds"]
    assert "South" in message(evaluation)


def test_one_set_per_wind_ruling_f3() -> None:
    """Rules: 'You can make a sequence of winds using 4 sets, one of each wind.' Ruling F3: exactly
    four wind sets, one per wind: an exposed North triple and a concealed North with two jokers are
    two North sets. The message names the wind."""
    evaluation = assert_not_winning("[NNN] N J J EE WW SS FF")
    assert codes(evaluation) == ["wind-repeated"]
    assert "North" in message(evaluation)


def test_joker_not_in_a_wind_pair_ruling_f3() -> None:
    """Ruling F3: wind sets of 2-4 tiles, jokers only in triples and quads."""
    evaluation = assert_not_winning("NNN EEEE WWW S J FF")
    assert codes(evaluation) == ["joker-in-pair"]


# -- special action tiles: jokers ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("333C 44B 555C 666C 77C J", id="number-triple"),
        pytest.param("444B 555B 666B 7777B J", id="number-quad"),
        pytest.param("NN EEE J WWW SS FFF", id="wind-set"),
        pytest.param("NNNN EEEE WW J SSS", id="wind-triple"),
        pytest.param("GD GD J 111B 222B 333B 44B", id="dragon-pair-and-joker-f18"),
        pytest.param("[GD GD J] 111B 222B 333B 44B", id="exposed-dragon-triple-f18"),
        pytest.param("[55C J] 333C 44B 666C 777C", id="exposed-triple"),
        pytest.param("[J J 5C 5C] 333C 44B 666C 77C", id="exposed-quad"),
    ],
)
def test_joker_in_a_triple_or_quad(text: str) -> None:
    """Rules: 'A joker tile can take the place of a number tile or a wind tile in a Triple or Quad
    set.' / 'Jokers can be used in Triples and Quads'. Quick reference: 'Jokers: can take the place
    of a number tile or a wind tile in a Triple or Quad set'. Ruling F18: a dragon is a number tile of its
    suit, so a joker may stand in a dragon triple or quad."""
    evaluation = assert_winning(text)
    assert "Jokerless" not in factors(evaluation)
    assert evaluation.arrangement is not None
    with_joker = [meld for meld in evaluation.arrangement.melds if J in meld.tiles]
    assert with_joker
    assert all(meld.size in (3, 4) for meld in with_joker)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("333C 4B J 555C 666C 777C", id="number-pair"),
        pytest.param("333D 666D 999D WD J FFF", id="dragon-pair"),
    ],
)
def test_joker_not_in_a_pair(text: str) -> None:
    """Rules: 'Jokers cannot take the place of a flower tile or a tile in a Pair set.' / 'Jokers
    can be used in Triples and Quads, but not Pairs'. Quick reference: 'not a flower tile or any
    tile in a Pairs set.'"""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["joker-in-pair"]
    assert "joker" in message(evaluation).lower()
    assert "pair" in message(evaluation).lower()


def test_a_pair_of_jokers_is_not_a_set() -> None:
    """Rules: 'Jokers cannot take the place of ... a tile in a Pair set.' Two jokers cannot stand
    for the missing 4 pair."""
    assert_not_winning("333C 555C 666C 777C JJ")


@pytest.mark.parametrize(
    ("text", "stands_for"),
    [
        pytest.param("333C 44B 555C JJJ 777C", ("6B", "6C"), id="all-joker-triple"),
        pytest.param("333C 44B 555C 777C [JJJ]", ("6B", "6C"), id="exposed-all-joker-triple-f18"),
        pytest.param("111D 222D 33D 44D [JJJJ]", ("WD", "5D"), id="exposed-all-joker-quad"),
        pytest.param("NNNN EEEE WWW JJJ", ("S",), id="all-joker-wind"),
    ],
)
def test_all_joker_sets_ruling_f2_f18(text: str, stands_for: tuple[str, ...]) -> None:
    """Rules: 'A Triple or Quad set can contain all Jokers replacing a set in a sequence.' Ruling
    F2: an all-joker triple or quad is allowed and stands for whatever number and suit the
    arrangement needs; ruling F18: an exposed all-joker set stands for whatever the arrangement
    needs."""
    evaluation = assert_winning(text)
    assert evaluation.arrangement is not None
    all_jokers = [meld for meld in evaluation.arrangement.melds if not meld.naturals]
    assert len(all_jokers) == 1
    assert str(all_jokers[0].represents) in stands_for


def test_all_joker_set_takes_a_suit_of_the_hand_ruling_f2() -> None:
    """Ruling F2: the suit an all-joker set stands for counts toward the two-suit limit: with Dots
    only, it stands for Dots (0 or 5) and the hand keeps its Suit Flush; with flowers and Dots it
    must be Dots to stay within two suits."""
    flush = assert_winning("111D 222D 333D 44D JJJ")
    assert "Suit Flush" in factors(flush)
    with_flowers = assert_winning("FF 111D 222D 333D [JJJ]")
    assert with_flowers.arrangement is not None
    represented = [meld.represents for meld in with_flowers.arrangement.melds if not meld.naturals]
    assert [str(tile) for tile in represented] in (["WD"], ["4D"])


def test_hand_of_jokers_and_one_more_set() -> None:
    """Ruling F2: all-joker triples and quads stand for whatever the arrangement needs; the eight
    jokers of the game make two quads next to natural sets."""
    assert_winning("JJJJ JJJJ 111B 222B")


# -- special action tiles: blanks ------------------------------------------------------------------


def test_blank_in_a_hand_ruling_t5() -> None:
    """Rules: 'You can't use blank tiles in a winning Mahjong hand.' / 'You must either discard
    blank tiles or perform a Blank Swap to remove blanks from your hand.' Quick reference:
    'Blanks: must be swapped or discarded'."""
    evaluation = assert_not_winning("333C 44B 555C 666C 77C Blank", blanks=4)
    assert codes(evaluation) == ["blank"]
    assert "blank" in message(evaluation).lower()


def test_blank_in_an_otherwise_winning_hand_of_fifteen() -> None:
    """Rules: 'You can't use blank tiles in a winning Mahjong hand.' Ruling T5: the wrong size is
    a reason too."""
    evaluation = assert_not_winning("333C 44B 555C 666C 777C Blank", blanks=2)
    assert sorted(codes(evaluation)) == ["blank", "wrong-size"]


# -- waits -----------------------------------------------------------------------------------------


def test_waits_of_the_first_sample_hand_one_tile_short() -> None:
    """Rules: 'The discarded tile is the last tile you need to form a winning Mahjong hand.' The
    first sample hand without one 7C is completed by a fourth 3C, 5C or 6C, a third 4B, the 7C,
    or a joker (77C J is a triple)."""
    hand = mr.Hand.parse("333C 44B 555C 666C 77C")
    assert DEFAULT.waits(hand) == frozenset(mr.parse_tiles("3C 4B 5C 6C 7C J"))


# -- Flextra house rules ---------------------------------------------------------------------------

FLEXTRA_HANDS = [
    pytest.param("news", "N E W S 111C 222C 33C 44C", id="news"),
    pytest.param("year", "2B 2B GD 5B 666C 777C 88C 99C", id="year-2025"),
    pytest.param("sequence_quints", "1C 3C 5C 7C 9C 111B 222B 333B", id="odds-quint"),
    pytest.param("like_numbers", "555B 555C 555D FFFFF", id="like-numbers"),
    pytest.param("double_sequence", "11B 222B 33B 11C 222C 33C", id="double-sequence"),
    pytest.param("opposite_winds", "NNN SS 333D 666D 999D", id="opposite-winds"),
]


@pytest.mark.parametrize(("option", "text"), FLEXTRA_HANDS)
def test_flextra_rules_are_off_by_default_ruling_f15(option: str, text: str) -> None:
    """Ruling F15: each Flextra house rule (NEWS, YEAR, SEQUENCE, Like Numbers, Double Sequence,
    Opposite Winds) is its own option, off by default. Rules: 'Once you have some games under your
    belt, you can add these Flextra House Rules to your game'."""
    assert_not_winning(text, year_digits=2025)
    assert_winning(text, year_digits=2025, **{option: True})


@pytest.mark.parametrize(("option", "text"), FLEXTRA_HANDS)
def test_flextra_hand_needs_its_own_option_ruling_f15(option: str, text: str) -> None:
    """Ruling F15: each house rule is its own option: turning on all the others does not allow
    this one's hand."""
    others = {name: True for name in ALL_FLEXTRA if name != option}
    assert_not_winning(text, year_digits=2025, **others)


def test_news_set_ruling_f13() -> None:
    """Rules: 'NEWS Quad Set: Use one of each wind tile to create a Quad set.' / 'Singles Sets are
    made of single tiles, not matching identical tiles.' Ruling F13: a singles set counts as a set
    and is outside the Sequence rule. Quick reference: 'NEWS Singles Set: Quad set of 1 of each
    wind tile without jokers'."""
    evaluation = assert_winning("N E W S 111C 222C 33C 44C", news=True)
    assert set_sizes(evaluation) == [2, 2, 3, 3, 4]
    assert evaluation.arrangement is not None
    news = [meld for meld in evaluation.arrangement.melds if meld.size == 4]
    assert {str(tile) for tile in news[0].tiles} == {"N", "E", "W", "S"}


def test_news_set_counts_toward_the_suit_limit_ruling_f13() -> None:
    """Rules: 'Singles Sets are in suits, and the restriction of no more than 2 suits per hand
    still applies.' Ruling F13: NEWS is of the Winds suit: with flowers and Craks, three suits."""
    evaluation = assert_not_winning("N E W S FF 111C 222C 33C", news=True)
    assert codes(evaluation) == ["too-many-suits"]
    assert_names_suits(message(evaluation), "Winds", "Flowers", "Craks")


def test_news_set_without_jokers_ruling_f13() -> None:
    """Rules: 'You can't use any jokers in a Singles set.' Ruling F13: no jokers."""
    assert_not_winning("N E W J 111C 222C 33C 44C", news=True)


def test_year_set_of_2025_ruling_f14() -> None:
    """Rules: 'YEAR Quad Set: Create a Quad set using the four digits of the current calendar year,
    with the dragon as 0.' / 'For example, in 2025, a YEAR set would be 2, Dragon, 2, 5.' Ruling
    F14: option ``year_digits``; its 0 digits are that suit's dragon."""
    evaluation = assert_winning("2B 2B GD 5B 666C 777C 88C 99C", year=True, year_digits=2025)
    assert set_sizes(evaluation) == [2, 2, 3, 3, 4]


def test_year_set_is_outside_the_one_number_rule_ruling_f13() -> None:
    """Ruling F13: singles sets carry no sequence number, so they are outside the Sequence rule and
    the one-number-per-set rule: a YEAR 2-0-2-5 in Craks next to Bams 2-3-4-5."""
    assert_winning("2C 2C RD 5C 222B 333B 44B 55B", year=True, year_digits=2025)


@pytest.mark.parametrize(
    ("text", "year_digits"),
    [
        pytest.param("2B 2B GD 4B 666C 777C 88C 99C", 2025, id="digits-of-2024-in-2025"),
        pytest.param("2B 2C GD 5B 666C 777C 88C 99C", 2025, id="two-suits"),
        pytest.param("2B J GD 5B 666C 777C 88C 99C", 2025, id="with-a-joker"),
        pytest.param("2B 2B GD 5B 666C 777C 88C 99C", 2031, id="digits-of-2025-in-2031"),
    ],
)
def test_invalid_year_sets(text: str, year_digits: int) -> None:
    """Rules: 'Create a Quad set using the four digits of the current calendar year' / 'All 4
    tiles must be in the same suit: Bam, Crack, or Dot.' Quick reference: 'YEAR Singles Set: Quad
    set of number tiles, one suit, one tile for each digit of calendar year, no jokers'."""
    assert_not_winning(text, year=True, year_digits=year_digits)


def test_other_year_digits_ruling_f14() -> None:
    """Ruling F14: YEAR uses the option ``year`` (here its digits ``year_digits``): 2031 is 2, 0
    (the dragon), 3, 1 of one suit."""
    assert_winning("2D WD 3D 1D 666C 777C 88C 99C", year=True, year_digits=2031)


def test_year_defaults_to_the_current_year_ruling_f14() -> None:
    """Ruling F14: YEAR uses an option (default: the current calendar year, read once when the
    ruleset is made)."""
    assert FlexOptions().year_digits == datetime.date.today().year


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1C 3C 5C 7C 9C 111B 222B 333B", id="odds-quint"),
        pytest.param("2D 4D 6D 8D WD 333C 444C 555C", id="evens-quint-with-dragon-10"),
        pytest.param("1C 3C 5C 7C 9C 111C 222C 333C", id="quint-and-numbers-in-one-suit"),
    ],
)
def test_sequence_quint_ruling_f13(text: str) -> None:
    """Rules: 'SEQUENCE Quint Set: Create a 5-tile "Quint" set using one tile from each number in
    the Evens or Odds sequence.' / 'EVENS QUINT: 2, 4, 6, 8, 10' / 'ODDS QUINT: 1, 3, 5, 7, 9'.
    Quick reference: 'SEQUENCE Singles Set: A Quint of number tiles, one suit, one of each number in
    Odds or Evens sequence.' Ruling F13: outside the Sequence rule and the one-number-per-set rule;
    ruling F1: 10 is the dragon."""
    evaluation = assert_winning(text, sequence_quints=True)
    assert 5 in set_sizes(evaluation)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1C 3C 5B 7C 9C 111B 222B 333B", id="two-suits"),
        pytest.param("1C 3C 5C 7C J 111B 222B 333B", id="with-a-joker"),
        pytest.param("1C 3C 5C 7C 9C FF 111B 2222B", id="three-suits"),
    ],
)
def test_invalid_sequence_quints(text: str) -> None:
    """Rules: 'All tiles must be in the same suit: Bam, Crack, or Dot.' / 'You can't use any jokers
    in a Singles set.' / 'EVENS QUINT: 2, 4, 6, 8, 10' / 'the restriction of no more than 2 suits
    per hand still applies.'"""
    assert_not_winning(text, sequence_quints=True)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("555B 555C 555D FFFFF", id="fives-and-flowers"),
        pytest.param("5555B 5555C 5555D FF", id="quads-and-a-flower-pair"),
        pytest.param("GD GD GD RD RD RD WD WD WD FFFFF", id="one-of-each-dragon"),
        pytest.param("55B J 555C 555D FFFFF", id="with-a-joker"),
    ],
)
def test_like_numbers(text: str) -> None:
    """Rules: 'These special sequences break the normal rules of sequences, adding more
    possibilities for hands that resemble common American Mah Jongg hands.' / 'LIKE NUMBERS: Use 3
    sets of the same number in all 3 suits.' / 'You will need to
    combine these 3 sets with a set of flowers' / 'This is the only kind of hand that allows you to
    break the 2 suits per hand maximum.' / 'Using 3 sets, one of each Dragon, is a valid Like
    Numbers hand.' Quick reference: 'Like Numbers Sequence: Same number used in 3 sets, one suit
    each'."""
    assert_winning(text, like_numbers=True)


def test_like_numbers_with_a_singles_set() -> None:
    """Rules: 'You will need to combine these 3 sets with a set of flowers, a Singles set.'
    AMBIGUOUS: no ruling says whether this means a flower set or (alternatively) a Singles set.
    The implementation documents 'with a flower set and/or singles sets'; a Singles set in place
    of flowers is a reasonable reading (here an Odds quint, three suits in all)."""
    assert_winning("555B 555C 555D 1D 3D 5D 7D 9D", like_numbers=True, sequence_quints=True)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("555B 555C 666D FFFFF", id="not-the-same-number"),
        pytest.param("5555B 5555C 5555D 66D", id="no-flower-set"),
        pytest.param("5555B 5555C 5555D NN", id="with-winds-not-flowers"),
        pytest.param("5555B 5555C FFFFFF", id="two-suits-only"),
    ],
)
def test_invalid_like_numbers(text: str) -> None:
    """Rules: 'Use 3 sets of the same number in all 3 suits.' / 'You will need to combine these 3
    sets with a set of flowers, a Singles set.' / 'This is the only kind of hand that allows you
    to break the 2 suits per hand maximum.'"""
    assert_not_winning(text, like_numbers=True)


def test_like_numbers_is_the_only_hand_with_three_suits() -> None:
    """Rules: 'This is the only kind of hand that allows you to break the 2 suits per hand
    maximum.' With Like Numbers on, a Run in three suits is still too many suits."""
    evaluation = assert_not_winning("111D 222C 333B 444D 55D", like_numbers=True)
    assert codes(evaluation) == ["too-many-suits"]
    assert_names_suits(message(evaluation), "Bams", "Craks", "Dots")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("11B 222B 33B 11C 222C 33C", id="run-123-bams-craks"),
        pytest.param("GD GD 222B 44B RD RD 222C 44C", id="evens-024-with-dragons"),
        pytest.param("33D 666D 99D 33B 66B 999B", id="threes-369"),
    ],
)
def test_double_sequence(text: str) -> None:
    """Rules: 'DOUBLE SEQUENCE: Use the same 3-set sequence twice in the same hand using two
    different suits.' Quick reference: 'Double Sequence: the same 3-number sequence used twice in
    6 sets, using 2 suits only.'"""
    evaluation = assert_winning(text, double_sequence=True)
    assert len(set_sizes(evaluation)) == 6


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("11B 22B 33B 11C 22C 33C FF", id="with-a-flower-set"),
        pytest.param("11B 222B 33B 22C 333C 44C", id="different-sequences"),
        pytest.param("11B 222B 33B 11C 222C 33D", id="three-suits"),
    ],
)
def test_invalid_double_sequence(text: str) -> None:
    """Rules: 'The rule of only using two suits still applies, so a flower set could not be added to
    the hand.' / 'Use the same 3-set sequence twice in the same hand using two different suits.'"""
    assert_not_winning(text, double_sequence=True)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("NNN SS 333D 666D 999D", id="north-south-plus-3-6-9"),
        pytest.param("EE WW 44C 66C 888C RD RD RD", id="east-west-plus-4-6-8-10"),
        pytest.param("EE WWW 111B 222B 333B", id="east-west-plus-run"),
    ],
)
def test_opposite_winds(text: str) -> None:
    """Rules: 'OPPOSITE WINDS: Make two sets of opposite winds: North & South, or East & West' /
    'Combine these two sets with sets in a standard number sequence.' / 'North / South Opposite
    Winds plus 3-6-9 Sequence' / 'East / West Opposite Winds plus 4-6-8-10 Sequence'. Quick
    reference: 'Opposite Winds Sequence: Add 2 sets of N&S or E&W to a standard number sequence.'"""
    assert_winning(text, opposite_winds=True)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("NNN EE 333D 666D 999D", id="north-east-not-opposite"),
        pytest.param("NNN SS 333D 666C 999D", id="numbers-in-two-suits"),
        pytest.param("NN SS FF 333D 666D 99D", id="with-flowers"),
        pytest.param("NNN SS 333D 555D 999D", id="numbers-not-in-sequence"),
        pytest.param("NN SS EE 333D 666D 99D", id="three-wind-sets"),
    ],
)
def test_invalid_opposite_winds(text: str) -> None:
    """Rules: 'Make two sets of opposite winds: North & South, or East & West' / 'Combine these two
    sets with sets in a standard number sequence.' / 'The rule of only using two suits still
    applies, so all the tiles in the number sets must be the same suit.'"""
    assert_not_winning(text, opposite_winds=True)


@pytest.mark.parametrize(
    ("text", "option"),
    [
        pytest.param("555B 555C JJJ FFFFF", "like_numbers", id="like-numbers-all-joker-5D"),
        pytest.param("11B 222B 33B 11C JJJ 33C", "double_sequence", id="double-sequence-all-joker-2C"),
        pytest.param("NNN JJJ 333D 666D 99D", "opposite_winds", id="opposite-winds-all-joker-south"),
        pytest.param("NN J SS 333D 666D 999D", "opposite_winds", id="opposite-winds-joker-in-wind-triple"),
        pytest.param("EE WW 44C 66C 88C J RD RD RD", "opposite_winds", id="opposite-winds-joker-in-number-triple"),
    ],
)
def test_jokers_in_special_sequences_ruling_f2(text: str, option: str) -> None:
    """Rules: 'A joker tile can take the place of a number tile or a wind tile in a Triple or Quad
    set.' / 'A Triple or Quad set can contain all Jokers replacing a set in a sequence.' Ruling F2:
    an all-joker set stands for whatever number and suit the arrangement needs, in the special
    sequences too."""
    evaluation = assert_winning(text, **{option: True})
    assert "Jokerless" not in factors(evaluation)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("NN EEEE WWW SSS [FF]", id="flower-pair"),
        pytest.param("[NN] EEEE WWW SSS FF", id="wind-pair"),
        pytest.param("[GD GD] 111B 222B 333B 444B", id="dragon-pair"),
    ],
)
def test_no_pair_is_exposed(text: str) -> None:
    """Rules (Mistakes Happen): 'If a player calls for a tile, but the exposure is not valid, such
    as exposing a pair set, then they put the called tile back'. Rules: 'You can make a set using at
    least 2 matching tiles and/or jokers from your hand' (the called tile makes three or more)."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["exposed-pair"]


def test_flextra_options_need_winds_for_wind_sets() -> None:
    """Rules: winds are optional tiles; the NEWS set and Opposite Winds use them."""
    with pytest.raises(ValueError, match="winds"):
        FlexOptions(winds=False, news=True)
    with pytest.raises(ValueError, match="winds"):
        FlexOptions(winds=False, opposite_winds=True)


# -- properties ------------------------------------------------------------------------------------

SEQUENCES: dict[str, tuple[int, ...]] = {
    "Run": tuple(range(11)),
    "Evens": (0, 2, 4, 6, 8, 10),
    "Odds": (1, 3, 5, 7, 9),
    "Threes": (0, 3, 6, 9),
}
FULL_SEQUENCES = (
    frozenset({0, 2, 4, 6, 8}),
    frozenset({2, 4, 6, 8, 10}),
    frozenset({1, 3, 5, 7, 9}),
    frozenset({0, 3, 6, 9}),
)


class Built(NamedTuple):
    """A hand built to follow the Three S rules, and the scoring factors of that reading (with the
    default context: won on a discard, not first turn, not last tile)."""

    hand: mr.Hand
    factors: frozenset[str]


def number_tile(suit: mr.Suit, number: int) -> mr.Tile:
    return suit.dragon if number in (0, 10) else suit.tile(number)


def _sizes(draw: st.DrawFn, total: int, count: int) -> list[int]:
    sizes = [2] * count
    for _ in range(total - 2 * count):
        index = draw(st.sampled_from([i for i, size in enumerate(sizes) if size < 4]))
        sizes[index] += 1
    return sizes


@st.composite
def built_hands(draw: st.DrawFn) -> Built:
    """Valid Flex hands by construction: a sequence and a consecutive block of it, at most two
    suits, sets of 2 to 4 tiles with an optional flower set; or the four winds with an optional
    flower set. Jokers stand in triples and quads (all-joker sets included, F2); some triples and
    quads (and flower sets of 3 or more) are exposed."""
    winds = draw(st.booleans())
    flowers = draw(st.sampled_from((0, 0, 2, 3, 4, 5, 6) if winds else (0, 0, 2, 3, 4, 5, 6, 7, 8)))
    rest = 14 - flowers
    scored = {"Mahjong"}
    groups: list[tuple[mr.Tile, int]] = []
    if winds:
        groups = list(zip((seat.wind for seat in mr.Seat), _sizes(draw, rest, 4), strict=True))
        suit_count = 1
    else:
        sequence = SEQUENCES[draw(st.sampled_from(sorted(SEQUENCES)))]
        count = draw(st.integers(-(-rest // 4), min(rest // 2, len(sequence))))
        start = draw(st.integers(0, len(sequence) - count))
        block = sequence[start : start + count]
        suits = draw(st.lists(st.sampled_from(list(mr.Suit)), min_size=1, max_size=1 if flowers else 2, unique=True))
        used = set()
        for number, size in zip(block, _sizes(draw, rest, count), strict=True):
            suit = draw(st.sampled_from(suits))
            used.add(suit)
            groups.append((number_tile(suit, number), size))
        suit_count = len(used)
        if any(full <= set(block) for full in FULL_SEQUENCES):
            scored.add("Full Sequence")
    set_count = len(groups) + (1 if flowers else 0)
    if suit_count == 1 and not flowers:
        scored.add("Suit Flush")
    if set_count in (6, 7):
        scored.add("Big Sets")
    if set_count == 7:  # seven sets of 14 tiles are seven pairs
        scored.add("Seven Pairs")
    if flowers > 4:
        scored.add("Bouquet")
    jokers_left = 8 if draw(st.booleans()) else 0
    concealed: list[mr.Tile] = []
    melds: list[mr.Meld] = []
    for tile, size in groups:
        jokers = draw(st.integers(0, min(size, jokers_left))) if size >= 3 else 0
        jokers_left -= jokers
        tiles = [tile] * (size - jokers) + [J] * jokers
        if size >= 3 and draw(st.integers(0, 3)) == 0:
            melds.append(mr.Meld(tiles, exposed=True))
        else:
            concealed += tiles
    if flowers:
        if flowers >= 3 and draw(st.integers(0, 3)) == 0:
            melds.append(mr.Meld([F] * flowers, exposed=True))
        else:
            concealed += [F] * flowers
    hand = mr.Hand(concealed, melds)
    # A suit's dragon as both 0 and 10 may need more than its four tiles.
    assume(all(hand.count(tile) <= 4 for tile in set(hand.tiles) if not tile.is_joker and not tile.is_flower))
    if not melds:
        scored.add("Concealed")
    if not hand.joker_count:
        scored.add("Jokerless")
    return Built(hand, frozenset(scored))


ALL_ON = FlexRuleset(FlexOptions(**ALL_FLEXTRA))
RANDOM_HANDS = hands(FlexOptions().tileset, min_concealed=14, max_concealed=14, max_melds=0)
PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)

_SUIT_LETTERS = {B: ("B", "s"), C: ("C", "m"), D: ("D", "p")}
_HONOR_MPSZ = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "WD": "5z", "GD": "6z", "RD": "7z"}


def aliases(tile: mr.Tile) -> list[str]:
    """Other ways of writing ``tile`` in the notation (American, lower case, mpsz)."""
    token = str(tile)
    written = [token, token.lower()]
    if tile.suit is not None and tile.rank is not None:
        written += [f"{tile.rank}{letter}" for letter in _SUIT_LETTERS[tile.suit]]
    if tile.dragon is not None:
        written += [f"0{_SUIT_LETTERS[tile.dragon.suit][0]}", _HONOR_MPSZ[token]]
        if token == "WD":
            written.append("Soap")
    if tile.wind is not None:
        written.append(_HONOR_MPSZ[token])
    return written


def rewritten(hand: mr.Hand, seed: int) -> str:
    """The same hand written differently: tiles in another order, other tokens, exposed sets in
    another order and placed among the loose tiles."""
    rng = random.Random(seed)
    pieces = [rng.choice(aliases(tile)) for tile in hand.concealed]
    for meld in hand.melds:
        inside = [rng.choice(aliases(tile)) for tile in meld.tiles]
        rng.shuffle(inside)
        pieces.append("[" + " ".join(inside) + "]")
    rng.shuffle(pieces)
    return "".join(piece + rng.choice((" ", ", ", "  ")) for piece in pieces)


def assert_same_verdict(first: mr.Evaluation, second: mr.Evaluation) -> None:
    assert first.is_winning == second.is_winning
    assert first.points == second.points
    assert sorted(item.name for item in first.breakdown) == sorted(item.name for item in second.breakdown)


@PROPERTY_SETTINGS
@given(built_hands())
def test_built_hands_are_winning_ruling_t3(built: Built) -> None:
    """Rules: 'If those 14 tiles meet the Three S Rules - Suits, Sets, Sequence - then you have a
    winning Mahjong hand!' / 'Flex Mahjong does not use a card or book of winning hands. Once you
    learn the Three S Rules of a winning Mahjong hand, you are ready to play!' / 'Once someone builds
    a winning Mahjong hand by collecting tiles into matching sets that follow a few simple rules,
    that player wins the round and earns points based on the strength of their hand.' Ruling T3:
    the hand is worth its best arrangement, so at least the factors of the reading it was built
    from."""
    evaluation = DEFAULT.evaluate(built.hand)
    assert evaluation.is_winning, (str(built.hand), evaluation.reasons)
    assert evaluation.points >= len(built.factors)
    assert evaluation.points == sum(item.points for item in evaluation.breakdown) == len(evaluation.breakdown)
    assert "Mahjong" in factors(evaluation)


@PROPERTY_SETTINGS
@given(built_hands(), st.integers(0, 2**32))
def test_order_and_notation_never_change_a_winning_verdict(built: Built, seed: int) -> None:
    """Permuting the tiles (and the exposed sets) or writing them in other notation is the same
    hand: the verdict and the points do not change."""
    text = rewritten(built.hand, seed)
    again = mr.Hand.parse(text)
    assert Counter(again.tiles) == Counter(built.hand.tiles)
    assert_same_verdict(DEFAULT.evaluate(built.hand), DEFAULT.evaluate(again))


@PROPERTY_SETTINGS
@given(RANDOM_HANDS, st.integers(0, 2**32))
def test_order_and_notation_never_change_any_verdict(hand: mr.Hand, seed: int) -> None:
    """Permuting the tiles of any 14-tile hand or writing them in other notation changes neither
    the verdict, nor the points, nor the reasons."""
    first, second = DEFAULT.evaluate(hand), DEFAULT.evaluate(mr.Hand.parse(rewritten(hand, seed)))
    assert_same_verdict(first, second)
    assert codes(first) == codes(second)


@PROPERTY_SETTINGS
@given(built_hands(), st.data())
def test_joker_for_a_natural_tile_keeps_the_hand_winning(built: Built, data: st.DataObject) -> None:
    """Rules: 'A joker tile can take the place of a number tile or a wind tile in a Triple or Quad
    set.' Replacing one natural tile of a concealed triple or quad by a joker keeps the hand
    winning; Jokerless no longer scores ('+1 Jokerless: If playing with jokers, there are no jokers
    in the hand when Mahjong is declared.'), and nothing else is lost."""
    hand = built.hand
    assume(hand.joker_count < FlexOptions().jokers)
    before = DEFAULT.evaluate(hand)
    assert before.arrangement is not None
    candidates = sorted(
        {
            meld.naturals[0]
            for meld in before.arrangement.melds
            if meld.concealed and meld.size in (3, 4) and meld.naturals and not meld.naturals[0].is_flower
        }
    )
    assume(candidates)
    replaced = data.draw(st.sampled_from(candidates))
    concealed = list(hand.concealed)
    concealed.remove(replaced)
    after = DEFAULT.evaluate(mr.Hand([*concealed, J], hand.melds))
    assert after.is_winning, (str(hand), replaced, after.reasons)
    assert "Jokerless" not in factors(after)
    lost = 1 if "Jokerless" in factors(before) else 0
    assert after.points >= before.points - lost


def test_joker_for_a_natural_tile_in_the_scoring_example() -> None:
    """Rules: 'A joker tile can take the place of a number tile ... in a Triple or Quad set.' / '+1
    Jokerless'. The scoring example (3 points) with a joker for one 5C: Mahjong + Concealed."""
    evaluation = assert_winning("333C 44B 55C J 666C 777C")
    assert factors(evaluation) == {"Mahjong", "Concealed"}


def _check_decompositions(hand: mr.Hand) -> None:
    evaluation = DEFAULT.evaluate(hand)
    arrangements = list(DEFAULT.decompositions(hand))
    assert evaluation.is_winning == bool(arrangements)
    assert len(set(arrangements)) == len(arrangements)
    if evaluation.is_winning:
        assert evaluation.arrangement in arrangements
        for arrangement in arrangements:
            assert Counter(t for meld in arrangement.melds for t in meld.tiles) == Counter(hand.tiles)


@PROPERTY_SETTINGS
@given(built_hands())
def test_evaluation_arrangement_is_a_decomposition_ruling_t3(built: Built) -> None:
    """Ruling T3: when a hand can be arranged in several valid ways, it is worth its best
    arrangement: the arrangement evaluated is one of the hand's decompositions, and every
    decomposition uses exactly the hand's tiles."""
    _check_decompositions(built.hand)


@PROPERTY_SETTINGS
@given(RANDOM_HANDS)
def test_winning_iff_some_decomposition(hand: mr.Hand) -> None:
    """For a 14-tile hand with no blank and no exposure (and no minimum value), the hand is winning
    exactly when it has a valid arrangement."""
    _check_decompositions(hand)


@PROPERTY_SETTINGS
@given(built_hands())
def test_flextra_rules_only_add_winning_hands(built: Built) -> None:
    """Rules: 'you can add these Flextra House Rules to your game, allowing more options for
    creating winning hands': with every house rule on, a standard hand still wins, worth at least
    as much (ruling T3)."""
    plain = DEFAULT.evaluate(built.hand)
    extra = ALL_ON.evaluate(built.hand)
    assert extra.is_winning
    assert extra.points >= plain.points


# -- issue 8: one truth per hand, options that crashed, errors that say what to fix ------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("EE WW NN [SSS] [FFF JJ]", "joker-in-flowers", id="joker-in-exposed-flowers"),
        pytest.param("11D 33D 55D 77D [JJJJJJ]", "set-too-large", id="six-jokers-exposed"),
        pytest.param("333C 44B 555C", "wrong-size", id="eight-tiles"),
    ],
)
def test_decompositions_are_empty_when_evaluate_says_no(text: str, code: str) -> None:
    """Contract: ``decompositions`` is non-empty exactly when ``evaluate`` calls the hand winning.
    These three used to yield readings (ruling F4: no joker among flowers; 'Sets' have 2 to 4
    tiles; ruling T2: a Mahjong hand has 14 tiles)."""
    hand = mr.Hand.parse(text)
    evaluation = DEFAULT.evaluate(hand)
    assert not evaluation.is_winning
    assert code in codes(evaluation)
    assert list(DEFAULT.decompositions(hand)) == []


def test_year_of_one_repeated_digit_is_refused_ruling_l1() -> None:
    """Ruling L1: ``year_digits=2222`` with the YEAR set used to fail deep in the solver with a
    plain ValueError; it is an OptionError naming ``year_digits``. Without the YEAR set the year
    plays no part and is accepted."""
    with pytest.raises(mr.OptionError, match="year_digits 2222 is one digit four times") as caught:
        mr.get_ruleset("flex", year=True, year_digits=2222)
    assert caught.value.option == "year_digits"
    assert mr.get_ruleset("flex", year_digits=2222).options.year_digits == 2222  # type: ignore[attr-defined]
    assert mr.get_ruleset("flex", year=True, year_digits=2022).options.year_digits == 2022  # type: ignore[attr-defined]


def test_a_year_of_five_digits_names_year_digits() -> None:
    """Issue 8: ``year_digits=20266`` was reported as 'year must have four digits', naming the
    other option."""
    with pytest.raises(mr.OptionError, match="year_digits is a year of four digits, 1000 to 9999, not 20266") as caught:
        mr.get_ruleset("flex", year=True, year_digits=20266)
    assert caught.value.option == "year_digits"


@pytest.mark.parametrize(
    ("options", "option", "message"),
    [
        pytest.param({"jokers": 3}, "jokers", "jokers must be 4 to 8, or 0, not 3", id="jokers"),
        pytest.param({"news": True, "winds": False}, "news", "news=True needs the winds", id="news-without-winds"),
        pytest.param(
            {"minimum_value": 12}, "minimum_value", "minimum_value is None or a hand value from 1 to 11", id="minimum"
        ),
        pytest.param(
            {"players": "4"}, "players", "option 'players' of 'flex' must be int, not str '4'", id="wrong-type"
        ),
    ],
)
def test_option_errors_name_the_option_and_what_it_accepts(options: dict[str, Any], option: str, message: str) -> None:
    """Issue 8: an OptionError names the bad option and its accepted values, not every option."""
    with pytest.raises(mr.OptionError, match=re.escape(message)) as caught:
        mr.get_ruleset("flex", **options)
    assert caught.value.option == option
    assert len(str(caught.value)) < 200


def test_ruleset_names_are_case_insensitive() -> None:
    """Issue 8: ``get_ruleset("Flex")`` failed; names are case-insensitive like the notation."""
    assert mr.get_ruleset("Flex").name == "flex"
    assert mr.get_ruleset(" FLEX ", jokers=0).options.jokers == 0  # type: ignore[attr-defined]
    with pytest.raises(mr.UnknownRulesetError, match="did you mean 'flex'"):
        mr.get_ruleset("flx")


def test_evaluate_takes_notation_and_a_mapping_context() -> None:
    """Issue 8: a string where a Hand is expected and a dict where a WinContext is expected are
    the obvious conversions; other types are TypeErrors naming the argument."""
    evaluation = DEFAULT.evaluate("333C 44B 555C 666C 777C", {"self_drawn": True})
    assert evaluation.points == 4  # Mahjong, Self Draw, Concealed, Jokerless
    assert evaluation.hand == mr.Hand.parse("333C 44B 555C 666C 777C")
    with pytest.raises(TypeError, match="context is a WinContext, a mapping of its fields, or None, not int 1"):
        DEFAULT.evaluate("333C 44B 555C 666C 777C", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hand is a Hand or its notation"):
        DEFAULT.evaluate(None)  # type: ignore[arg-type]


def test_messages_use_singular_and_plural() -> None:
    """Issue 8: '1 points' and '1 tiles'."""
    strict = ruleset(minimum_value=2, jokers=0)
    one_point = strict.evaluate(mr.Hand.parse("333C 44B 555C 666C [777C]"))  # Mahjong only
    assert one_point.reasons[0].message == "the hand is worth 1 point, less than the minimum of 2"
    won = ruleset(jokers=0).evaluate(mr.Hand.parse("333C 44B 555C 666C [777C]"))
    assert str(won).endswith("Mahjong in flex, 1 point (Mahjong: +1)")
    assert repr(mr.TileSet.from_counts("one", {mr.Tile.JOKER: 1})) == "<TileSet one: 1 tile>"


@pytest.mark.parametrize(
    ("options", "exposed", "concealed"),
    [
        pytest.param({"news": True}, "[N E W S @E] 333C 444C 55C 66C", "NEWS 333C 444C 55C 66C", id="news"),
        pytest.param(
            {"year": True, "year_digits": 2026},
            "[2C 0C 2C 6C] 333C 444C 55C 66C",
            "2C 0C 2C 6C 333C 444C 55C 66C",
            id="year",
        ),
        pytest.param(
            {"sequence_quints": True},
            "[1B 3B 5B 7B 9B @W] 333B 444B 555B",
            "1B 3B 5B 7B 9B 333B 444B 555B",
            id="quint",
        ),
    ],
)
def test_a_singles_set_is_never_exposed_ruling_f13(options: dict[str, Any], exposed: str, concealed: str) -> None:
    """Special Singles Sets: "You can't call a discarded tile for a Singles set unless it is the
    last tile needed for Mahjong" (ruling F13), and "+1 Concealed: The hand has no exposed sets. The
    last tile can be called and still score this point" (ruling F10). A singles set is never an
    exposed set: written as one, the hand is not winning (``exposed-singles``); written among the
    concealed tiles, as a winning call completes it, the hand wins and scores Concealed."""
    ruleset = mr.get_ruleset("flex", **options)
    refused = ruleset.evaluate(mr.Hand.parse(exposed), mr.WinContext(seat_wind=mr.Seat.SOUTH))
    assert not refused.is_winning
    assert "exposed-singles" in [reason.code for reason in refused.reasons]
    won = ruleset.evaluate(mr.Hand.parse(concealed), mr.WinContext(seat_wind=mr.Seat.SOUTH))
    assert won.is_winning
    assert "Concealed" in [item.name for item in won.breakdown]


def test_an_opposite_winds_hand_holds_nothing_but_its_winds_and_numbers() -> None:
    """Opposite Winds: "Make two sets of opposite winds ... Combine these two sets with sets in a
    standard number sequence." Read as nothing else: with NEWS on too, NEWS beside North and South
    and two Crak sets is no Opposite Winds hand (nor a number hand, which holds no wind sets); the
    same winds with three Crak sets is."""
    ruleset = mr.get_ruleset("flex", opposite_winds=True, news=True)
    assert not ruleset.evaluate(mr.Hand.parse("NEWS NN SS 333C 444C")).is_winning
    assert ruleset.evaluate(mr.Hand.parse("NN SS 333C 444C 5555C")).is_winning
