"""Flex scoring: the eleven scoring factors, the scoring example, the minimum hand value, and the
points of the sample and Flextra hands.

Sources: ``rules/flex-mahjong-rules.txt`` ("Rules"), ``rules/flex-mahjong-quick-reference.md``
("Quick reference") and the rulings of ``RULINGS.md``. Expected values come from the documents,
not from running the code.
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset

DEFAULT = FlexRuleset(FlexOptions())

ELEVEN = {
    "Mahjong",
    "Suit Flush",
    "Full Sequence",
    "Big Sets",
    "Seven Pairs",
    "Bouquet",
    "Self Draw",
    "Concealed",
    "Jokerless",
    "Sunrise",
    "Sunset",
}

ON_DISCARD = mr.WinContext()
SELF_DRAWN = mr.WinContext(self_drawn=True)

SCORING_EXAMPLE = "333C 44B 555C 666C 777C"  # the first sample hand: Cracks & Bams, Run 3-7


def evaluate(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    flex = FlexRuleset(FlexOptions(**options)) if options else DEFAULT
    return flex.evaluate(mr.Hand.parse(text), context)


def factors(evaluation: mr.Evaluation) -> set[str]:
    """The names of the factors scored, checking the breakdown is one point for each."""
    assert evaluation.is_winning, evaluation.reasons
    names = [item.name for item in evaluation.breakdown]
    assert len(names) == len(set(names))
    assert all(item.points == 1 for item in evaluation.breakdown)
    assert evaluation.points == len(names)
    assert set(names) <= ELEVEN
    return set(names)


def scores(text: str, context: mr.WinContext | None = None, **options: Any) -> set[str]:
    return factors(evaluate(text, context, **options))


# -- the scoring example and the sample hands ------------------------------------------------------


def test_scoring_example() -> None:
    """Rules: 'Scoring Example: This player made no exposure sets during and called a discarded
    tile for Mahjong. Mahjong + Concealed + Jokerless = 3 Points'."""
    evaluation = evaluate(SCORING_EXAMPLE, ON_DISCARD)
    assert evaluation.points == 3
    assert factors(evaluation) == {"Mahjong", "Concealed", "Jokerless"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(SCORING_EXAMPLE, {"Mahjong", "Concealed", "Jokerless"}, id="cracks-bams-run-3-7"),
        pytest.param(
            "WD WD WD 3333D 666D 9999D",
            {"Mahjong", "Suit Flush", "Full Sequence", "Concealed", "Jokerless"},
            id="dots-threes-0369",
        ),
        pytest.param(
            "111C 3333C 555C 77C 99C",
            {"Mahjong", "Suit Flush", "Full Sequence", "Concealed", "Jokerless"},
            id="cracks-odds-13579",
        ),
        pytest.param("FFFFF 66B 8888B GD GD GD", {"Mahjong", "Bouquet", "Concealed", "Jokerless"}, id="flowers-evens"),
        pytest.param("NN EEEE WWW SS FFF", {"Mahjong", "Concealed", "Jokerless"}, id="winds-and-flowers"),
    ],
)
def test_sample_hands_points(text: str, expected: set[str]) -> None:
    """Rules: 'A winning Mahjong hand earns one point for each scoring factor from the list below
    that applies to the hand at the time Mahjong is declared', applied to the documents' sample
    hands won on a discard (Dots only and Cracks only are Suit Flushes; 0-3-6-9 and 1-3-5-7-9 are
    Full Sequences, ruling F6; five flowers is a Bouquet; Winds & Flowers is two suits, ruling F7)."""
    assert scores(text, ON_DISCARD) == expected


def test_points_are_one_per_factor() -> None:
    """Rules: 'one point for each scoring factor'. Quick reference: 'Add one point for each scoring
    factor'."""
    evaluation = evaluate("11B 22B 33B 44B 55B 66B 77B", mr.WinContext(self_drawn=True, first_turn=True))
    assert evaluation.points == len(evaluation.breakdown) == sum(item.points for item in evaluation.breakdown)


def test_a_hand_that_is_not_winning_scores_nothing() -> None:
    """Rules: '+1 Mahjong: The hand is a valid Mahjong hand following the Three S Rules.' / 'If a
    player declares Mahjong but the hand isn't valid, the player puts all the tiles they hadn't
    exposed back in their hand and play continues.' A hand that is not valid earns no points."""
    evaluation = evaluate("111D 222C 333B 444D 55D", SELF_DRAWN)
    assert not evaluation.is_winning
    assert evaluation.points == 0
    assert evaluation.breakdown == ()


# -- the eleven factors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(SCORING_EXAMPLE, id="run"),
        pytest.param("NNNN EEEE WWW SSS", id="winds"),
        pytest.param("[FFFFF] 66B 8888B GD GD GD", id="exposed-flowers"),
        pytest.param("333C 44B 55C J 666C 777C", id="with-a-joker"),
    ],
)
def test_mahjong_factor(text: str) -> None:
    """Rules: '+1 Mahjong: The hand is a valid Mahjong hand following the Three S Rules.' Quick
    reference: '+1 Mahjong: The hand is a valid Mahjong hand'."""
    assert "Mahjong" in scores(text)


@pytest.mark.parametrize(
    ("text", "flush"),
    [
        pytest.param("111D 222D 333D 444D 55D", True, id="dots-only"),
        pytest.param("RD RD 111C 222C 333C 444C", True, id="craks-with-their-dragon"),
        pytest.param("NNNN EEEE WWW SSS", True, id="winds-only-f7"),
        pytest.param("NN EEEE WWW SS FFF", False, id="winds-and-flowers-f7"),
        pytest.param("FF 111C 222C 333C 444C", False, id="flowers-and-craks"),
        pytest.param(SCORING_EXAMPLE, False, id="craks-and-bams"),
        pytest.param("GD GD 111C 222C 333C 444C", False, id="craks-with-green-dragon-t1"),
    ],
)
def test_suit_flush_ruling_f7(text: str, flush: bool) -> None:
    """Rules: '+1 Suit Flush: Only one suit is used in the hand.' Quick reference: '+1 Suit Flush:
    Only one suit is used'. Ruling F7: exactly one suit among
    all sets; a winds-only hand scores it; winds plus flowers does not. Ruling T1: the dragon's
    suit."""
    assert ("Suit Flush" in scores(text)) is flush


@pytest.mark.parametrize(
    ("text", "full"),
    [
        pytest.param("WD WD WD 222D 444D 666D 88D", True, id="evens-0-to-8"),
        pytest.param("222B 444C 666B 888C RD RD", True, id="evens-2-to-10"),
        pytest.param("111C 3333C 555C 77C 99C", True, id="odds"),
        pytest.param("WD WD WD 3333D 666D 9999D", True, id="threes"),
        pytest.param("2222B 4444B 666B 888B", False, id="evens-2-to-8"),
        pytest.param("333C 5555C 777C 9999C", False, id="odds-3-to-9"),
        pytest.param("3333D 6666D 999D FFF", False, id="threes-3-6-9"),
        pytest.param("111B 222B 333B 444B 55B", False, id="run-never"),
        pytest.param("RD RD RD 111C 222C 333C 44C", False, id="run-from-0-never"),
    ],
)
def test_full_sequence_ruling_f6(text: str, full: bool) -> None:
    """Rules: '+1 Full Sequence: Use all the numbers in a sequence (02468, 13579, or 0369).' Ruling
    F6: the numbers used include all of {0,2,4,6,8} or all of {2,4,6,8,10}, all of {1,3,5,7,9},
    or all of {0,3,6,9}. A Run never scores it. Quick reference: '+1 Full Sequence: Use all the
    numbers of a sequence'."""
    assert ("Full Sequence" in scores(text)) is full


@pytest.mark.parametrize(
    ("text", "options", "big"),
    [
        pytest.param("11B 22B 333B 444B 55B 66B", {}, True, id="six-number-sets"),
        pytest.param("FF 11B 22B 33B 444B 555B", {}, True, id="six-sets-with-the-flower-set"),
        pytest.param("N E W S 11C 22C 33C 44C 55C", {"news": True}, True, id="six-sets-with-a-singles-set"),
        pytest.param("11B 22B 33B 44B 55B 66B 77B", {}, True, id="seven-pairs"),
        pytest.param("111B 222B 333B 444B 55B", {}, False, id="five-sets"),
        pytest.param("FFFF 111B 222B 3333B", {}, False, id="four-sets"),
    ],
)
def test_big_sets_ruling_f8(text: str, options: dict[str, Any], big: bool) -> None:
    """Rules: '+1 Big Sets: The hand is made of 6 or 7 sets.' Ruling F8: 6 or 7 sets in total,
    counting the flower set and singles sets; Seven Pairs also scores Big Sets. Quick reference:
    '+1 Big Sets: The hand is made of 6 or 7 sets'."""
    assert ("Big Sets" in scores(text, **options)) is big


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "11B 22B 33B 44B 55B 66B 77B",
            {"Mahjong", "Suit Flush", "Big Sets", "Seven Pairs", "Concealed", "Jokerless"},
            id="bams-run-1-to-7",
        ),
        pytest.param(
            "FF 11C 22C 33C 44C 55C 66C",
            {"Mahjong", "Big Sets", "Seven Pairs", "Concealed", "Jokerless"},
            id="flower-pair-f17",
        ),
        pytest.param(
            "FF GD GD GD GD 22B 44B 66B 88B",
            {"Mahjong", "Full Sequence", "Big Sets", "Seven Pairs", "Concealed", "Jokerless"},
            id="flower-pair-and-evens-0-to-10-f1-f17",
        ),
        pytest.param(
            "11B 22B 3333B 44B 55B 66B",
            {"Mahjong", "Suit Flush", "Big Sets", "Concealed", "Jokerless"},
            id="a-quad-is-not-two-pairs-f5",
        ),
    ],
)
def test_seven_pairs_ruling_f17(text: str, expected: set[str]) -> None:
    """Rules: '+1 Seven Pairs: The hand is made of 7 pair sets. This also scores the point for Big
    Sets.' Ruling F17: the flower set of two is a pair: a hand of the flower pair and six number
    pairs scores Seven Pairs (and Big Sets). Ruling F1: a dragon pair as 0 and another as 10;
    ruling F5: a number is in one set only, so four 3B are a quad, not two pairs. Quick reference:
    '+1 Seven Pairs: The hand is made of 7 pair sets'."""
    assert scores(text) == expected


@pytest.mark.parametrize(
    ("text", "bouquet"),
    [
        pytest.param("FFFFF 66B 8888B GD GD GD", True, id="5-flowers"),
        pytest.param("[FFFFF] 66B 8888B GD GD GD", True, id="5-exposed-flowers"),
        pytest.param("FFFFFFFF 3333B 44B", True, id="8-flowers"),
        pytest.param("FFFF 111B 222B 3333B", False, id="4-flowers"),
        pytest.param("FF 111C 222C 333C 444C", False, id="2-flowers"),
    ],
)
def test_bouquet(text: str, bouquet: bool) -> None:
    """Rules: '+1 Bouquet: A flower set with more than 4 tiles is used.' Quick reference: 'A flower
    set of more than 4 tiles is used'."""
    assert ("Bouquet" in scores(text)) is bouquet


@pytest.mark.parametrize(
    ("context", "self_draw"),
    [
        pytest.param(SELF_DRAWN, True, id="drawn"),
        pytest.param(ON_DISCARD, False, id="called-discard"),
    ],
)
def test_self_draw(context: mr.WinContext, self_draw: bool) -> None:
    """Rules: '+1 Self Draw: The last tile drawn for Mahjong was a face-down tile, not a called
    discard.' Quick reference: '+1 Self Draw: The last tile drawn was a face-down tile'."""
    evaluation = evaluate(SCORING_EXAMPLE, context)
    assert ("Self Draw" in factors(evaluation)) is self_draw
    assert evaluation.points == (4 if self_draw else 3)


@pytest.mark.parametrize(
    ("text", "context", "concealed"),
    [
        pytest.param(SCORING_EXAMPLE, ON_DISCARD, True, id="called-last-tile-f10"),
        pytest.param(SCORING_EXAMPLE, SELF_DRAWN, True, id="self-drawn"),
        pytest.param("333C 44B 555C 666C [777C]", ON_DISCARD, False, id="exposed-triple"),
        pytest.param("333C 44B 555C 666C [777C]", SELF_DRAWN, False, id="exposed-triple-self-drawn"),
        pytest.param("[FFFFF] 66B 8888B GD GD GD", ON_DISCARD, False, id="exposed-flowers"),
    ],
)
def test_concealed_ruling_f10(text: str, context: mr.WinContext, concealed: bool) -> None:
    """Rules: '+1 Concealed: The hand has no exposed sets. The last tile can be called and still
    score this point.' Quick reference: '+1 Concealed: No exposures made'. Ruling F10: no exposed
    sets; winning on a called discard still scores it."""
    assert ("Concealed" in scores(text, context)) is concealed


@pytest.mark.parametrize(
    ("text", "options", "jokerless"),
    [
        pytest.param(SCORING_EXAMPLE, {}, True, id="no-joker-8-in-game"),
        pytest.param(SCORING_EXAMPLE, {"jokers": 4}, True, id="no-joker-4-in-game"),
        pytest.param(SCORING_EXAMPLE, {"jokers": 0}, False, id="game-without-jokers-f9"),
        pytest.param("333C 44B 55C J 666C 777C", {}, False, id="joker-in-hand"),
        pytest.param("333C 44B 555C 666C [77C J]", {}, False, id="joker-in-exposed-set"),
        pytest.param("333C 44B 555C 777C [JJJ]", {}, False, id="all-joker-set"),
    ],
)
def test_jokerless_ruling_f9(text: str, options: dict[str, Any], jokerless: bool) -> None:
    """Rules: '+1 Jokerless: If playing with jokers, there are no jokers in the hand when Mahjong is
    declared.' Quick reference: '+1 Jokerless: No jokers in winning hand'. Ruling F9: Jokerless
    scores only in a game played with jokers (0 means none)."""
    assert ("Jokerless" in scores(text, **options)) is jokerless


def test_scoring_example_without_jokers_in_the_game_ruling_f9() -> None:
    """Rules: 'If playing with jokers...'; ruling F9: in a game without jokers the scoring example
    is Mahjong + Concealed = 2 points."""
    evaluation = evaluate(SCORING_EXAMPLE, ON_DISCARD, jokers=0)
    assert evaluation.points == 2
    assert factors(evaluation) == {"Mahjong", "Concealed"}


@pytest.mark.parametrize(
    ("context", "sunrise"),
    [
        pytest.param(mr.WinContext(first_turn=True, self_drawn=True), True, id="first-turn-drawn"),
        pytest.param(mr.WinContext(first_turn=True), True, id="first-turn-called"),
        pytest.param(SELF_DRAWN, False, id="later-turn"),
    ],
)
def test_sunrise_ruling_f16(context: mr.WinContext, sunrise: bool) -> None:
    """Rules: '+1 Sunrise: Mahjong is declared on that player's first turn.' Quick reference: '+1
    Sunrise: Mahjong made on player's first turn'. Ruling F16: it comes
    from the win context."""
    assert ("Sunrise" in scores(SCORING_EXAMPLE, context)) is sunrise


@pytest.mark.parametrize(
    ("context", "sunset"),
    [
        pytest.param(mr.WinContext(last_tile=True, self_drawn=True), True, id="final-face-down-tile"),
        pytest.param(mr.WinContext(last_tile=True), True, id="final-discard"),
        pytest.param(ON_DISCARD, False, id="not-the-last-tile"),
    ],
)
def test_sunset_ruling_f16(context: mr.WinContext, sunset: bool) -> None:
    """Rules: '+1 Sunset: Mahjong with final possible face-down tile or final possible discarded
    tile.' / 'The final discarded tile can be called for Mahjong.' Quick reference: '+1 Sunset:
    Mahjong with final face-down or discarded tile'. Ruling F16: it comes from the
    win context."""
    assert ("Sunset" in scores(SCORING_EXAMPLE, context)) is sunset


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "11B 22B 33B 44B 55B 66B 77B",
            ELEVEN - {"Full Sequence", "Bouquet"},
            id="seven-pairs-flush",
        ),
        pytest.param(
            "FFFFF WD WD 33D 66D 999D",
            ELEVEN - {"Suit Flush", "Big Sets", "Seven Pairs"},
            id="bouquet-and-full-threes",
        ),
    ],
)
def test_every_factor_that_applies_adds_up(text: str, expected: set[str]) -> None:
    """Rules: 'A winning Mahjong hand earns one point for each scoring factor from the list below
    that applies to the hand at the time Mahjong is declared' (all of them at once: a self-drawn
    first-turn win on the final face-down tile)."""
    context = mr.WinContext(self_drawn=True, first_turn=True, last_tile=True)
    evaluation = evaluate(text, context)
    assert factors(evaluation) == expected
    assert evaluation.points == len(expected)


def test_best_arrangement_is_scored_ruling_t3() -> None:
    """Ruling T3: a hand is worth its best arrangement. Four Green dragons read as 0 and as 10
    (ruling F1) give six sets (Big Sets) where a single dragon quad gives five."""
    evaluation = evaluate("GD GD GD GD 222B 444B 66B 88B")
    assert factors(evaluation) == {"Mahjong", "Suit Flush", "Full Sequence", "Big Sets", "Concealed", "Jokerless"}


def test_same_hand_same_arrangement_ruling_t3() -> None:
    """Ruling T3: ties are broken by a deterministic order: the same hand gets the same
    arrangement every time."""
    text = "333C 44B 555C 777C [JJJ]"
    first, second = evaluate(text), evaluate(text)
    assert first.arrangement == second.arrangement
    assert first.points == second.points == 1


# -- minimum hand value ----------------------------------------------------------------------------


@pytest.mark.parametrize("minimum", [2, 3])
def test_minimum_hand_value_reached_ruling_f11(minimum: int) -> None:
    """Rules: 'Experienced players can set a minimum hand value for a winning hand' / 'A minimum of
    2 or 3 points for a winning hand is suggested for advanced players.' The scoring example is
    worth 3. Quick reference: 'For experienced players, set a minimum point value of 2 or 3 points
    for a winning Mahjong hand.'"""
    evaluation = evaluate(SCORING_EXAMPLE, ON_DISCARD, minimum_value=minimum)
    assert evaluation.is_winning
    assert evaluation.points == 3


@pytest.mark.parametrize(
    ("text", "context", "options", "worth"),
    [
        pytest.param(SCORING_EXAMPLE, ON_DISCARD, {"minimum_value": 3, "jokers": 0}, 2, id="2-of-3-no-jokers"),
        pytest.param(SCORING_EXAMPLE, ON_DISCARD, {"minimum_value": 4}, 3, id="3-of-4"),
        pytest.param("[55C J] 333C 44B 666C 777C", ON_DISCARD, {"minimum_value": 2}, 1, id="1-of-2"),
    ],
)
def test_minimum_hand_value_missed_ruling_f11(
    text: str, context: mr.WinContext, options: dict[str, Any], worth: int
) -> None:
    """Ruling F11: minimum hand value is an option (default none); a hand worth less is not a valid
    Mahjong. The message names the hand's worth and the minimum."""
    evaluation = evaluate(text, context, **options)
    assert not evaluation.is_winning
    assert evaluation.points == 0
    assert [reason.code for reason in evaluation.reasons] == ["below-minimum"]
    text_of_reasons = " ".join(reason.message for reason in evaluation.reasons)
    assert str(worth) in text_of_reasons
    assert str(options["minimum_value"]) in text_of_reasons


def test_minimum_counts_how_the_hand_was_won_ruling_f11_f16() -> None:
    """Ruling F11 with the factors of the win context (Self Draw): the scoring example is worth 4
    when self-drawn, enough for a minimum of 4; 3 on a discard is not."""
    assert evaluate(SCORING_EXAMPLE, SELF_DRAWN, minimum_value=4).points == 4
    assert not evaluate(SCORING_EXAMPLE, ON_DISCARD, minimum_value=4).is_winning


def test_minimum_counts_the_best_arrangement_ruling_f11_t3() -> None:
    """Rulings F11 and T3: the hand's value is its best arrangement's (6 for two Green dragon pairs
    as 0 and 10), which meets a minimum of 6."""
    assert evaluate("GD GD GD GD 222B 444B 66B 88B", minimum_value=6).points == 6


def test_no_minimum_by_default_ruling_f11() -> None:
    """Ruling F11: minimum hand value is an option (default none): a 1-point hand wins."""
    evaluation = evaluate("[55C J] 333C 44B 666C 777C", ON_DISCARD)
    assert factors(evaluation) == {"Mahjong"}


# -- Flextra hands ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "options", "expected"),
    [
        pytest.param("N E W S 111C 222C 33C 44C", {"news": True}, {"Mahjong", "Concealed", "Jokerless"}, id="news"),
        pytest.param(
            "2B 2B GD 5B 666C 777C 88C 99C",
            {"year": True, "year_digits": 2025},
            {"Mahjong", "Concealed", "Jokerless"},
            id="year-2025",
        ),
        pytest.param(
            "1C 3C 5C 7C 9C 111C 222C 333C",
            {"sequence_quints": True},
            {"Mahjong", "Suit Flush", "Concealed", "Jokerless"},
            id="odds-quint-is-no-full-sequence-f13",
        ),
        pytest.param(
            "2D 4D 6D 8D WD 333C 444C 555C",
            {"sequence_quints": True},
            {"Mahjong", "Concealed", "Jokerless"},
            id="evens-quint",
        ),
        pytest.param(
            "555B 555C 555D FFFFF",
            {"like_numbers": True},
            {"Mahjong", "Bouquet", "Concealed", "Jokerless"},
            id="like-numbers",
        ),
        pytest.param(
            "11B 222B 33B 11C 222C 33C",
            {"double_sequence": True},
            {"Mahjong", "Big Sets", "Concealed", "Jokerless"},
            id="double-sequence",
        ),
        pytest.param(
            "NNN SS 333D 666D 999D",
            {"opposite_winds": True},
            {"Mahjong", "Concealed", "Jokerless"},
            id="opposite-winds-north-south-3-6-9",
        ),
        pytest.param(
            "EE WW 44C 66C 888C RD RD RD",
            {"opposite_winds": True},
            {"Mahjong", "Big Sets", "Concealed", "Jokerless"},
            id="opposite-winds-east-west-4-6-8-10",
        ),
    ],
)
def test_flextra_hands_points(text: str, options: dict[str, Any], expected: set[str]) -> None:
    """Rules: the scoring factors apply to every winning hand, Flextra hands included. Ruling F13:
    singles sets carry no sequence number (a 1-3-5-7-9 quint is no Full Sequence) but count as
    sets; ruling F8: Big Sets counts six sets."""
    assert scores(text, **options) == expected


def test_opposite_winds_with_full_threes_ruling_f6() -> None:
    """Rules: 'OPPOSITE WINDS: ... Combine these two sets with sets in a standard number sequence.'
    and '+1 Full Sequence: Use all the numbers in a sequence (02468, 13579, or 0369).' Ruling F6:
    Full Sequence is scored when the numbers used include all of {0,3,6,9}; nothing limits it to
    hands without winds. North & South plus 0-3-6-9 in Dots (six sets)."""
    evaluation = evaluate("NN SS WD WD 33D 666D 999D", opposite_winds=True)
    assert factors(evaluation) == {"Mahjong", "Full Sequence", "Big Sets", "Concealed", "Jokerless"}
