"""Card-Free scoring: 25 points, the five bonuses, the two doublings, the Dragon hands' fixed values,
the best reading of a hand, and the document's scoring example.

Sources: ``rules/card-free-american-rules.md`` ("Rules", section SCORING) and the rulings C6-C10,
C12, T3 of ``RULINGS.md``. Expected values come from the document, derived by hand in the comments,
not from running the code.
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset

DEFAULT = CardFreeRuleset(CardFreeOptions())
ON_DISCARD = mr.WinContext()
SELF_DRAWN = mr.WinContext(self_drawn=True)

BONUS_NAMES = {"Pairs bonus", "Quints bonus", "Set bonus", "Suit bonus", "Concealed bonus"}
DOUBLINGS = ("Self-drawn: doubled", "No jokers: doubled")

# The document's example: Consecutive Run 7-8-9 in Bams plus a Red Dragon Kong (not the Bams' Dragon,
# so no Suit bonus; a Dragon, so no Set bonus), Two Pungs & Two Kongs, a Pung exposed (no Concealed
# bonus), no jokers. 25, doubled once for no jokers: 50.
EXAMPLE = "888B 9999B RDRDRDRD [777B]"

# Consecutive Odds 3-5-7-9 in Dots, Two Pungs & Two Kongs, concealed, no jokers: 25 + Set 5 + Suit 5
# + Concealed 10 = 45.
ODDS = "333D 5555D 7777D 999D"

# Consecutive Odds 1-3-5-7-9 in Dots, One Pair & Four Pungs, a joker in the 9 Pung (it fits no other
# block: with 3s it makes a Kong and leaves 9s a Pair, blocks of 2, 2, 3, 3, 4, no pattern): 25 + Set
# 5 + Suit 5 + Concealed 10 = 45.
WITH_A_JOKER = "11D 333D 555D 777D 99D J"


def evaluate(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    game = CardFreeRuleset(CardFreeOptions(**options)) if options else DEFAULT
    evaluation = game.evaluate(mr.Hand.parse(text), context)
    assert evaluation.is_winning, (text, evaluation.reasons)
    return evaluation


def items(evaluation: mr.Evaluation) -> dict[str, int]:
    """The breakdown as name: points, checking each name appears once and the lines add up."""
    lines = {item.name: item.points for item in evaluation.breakdown}
    assert len(lines) == len(evaluation.breakdown)
    assert sum(lines.values()) == evaluation.points
    return lines


def bonuses(text: str, context: mr.WinContext | None = None) -> dict[str, int]:
    return {name: points for name, points in items(evaluate(text, context)).items() if name in BONUS_NAMES}


# -- the base and the example ----------------------------------------------------------------------


def test_scoring_example() -> None:
    """Rules, EXAMPLE WINNING HAND SCORING: 'Category: Consecutive Run / Set: 789 plus a Dragon /
    Pattern: 2 Pungs 2 Kongs / Mah Jongg Hand: 25 points / Bonuses: none / Doubling: No Jokers,
    double once / Final Score: 50 points'."""
    evaluation = evaluate(EXAMPLE)
    assert evaluation.arrangement is not None
    description = evaluation.arrangement.description
    assert description.startswith("Consecutive Run 7-8-9 + ")
    assert "Dragon" in description
    assert description.endswith("; Two Pungs & Two Kongs")
    assert items(evaluation) == {"Mahjong": 25, "No jokers: doubled": 25}
    assert evaluation.points == 50


@pytest.mark.parametrize(
    ("text", "points", "bonus"),
    [
        # Concealed: 25 + Concealed 10 = 35, doubled 70.
        pytest.param("777B 888B 9999B RDRDRDRD", 70, "Concealed bonus", id="concealed"),
        # Craks with the Red Dragon: 25 + Suit 5 = 30, doubled 60.
        pytest.param("888C 9999C RDRDRDRD [777C]", 60, "Suit bonus", id="matching-dragon"),
    ],
)
def test_why_the_example_is_exposed_and_has_another_dragon(text: str, points: int, bonus: str) -> None:
    """Rules: 'Bonuses: none' in the example, and 'CONCEALED BONUS: No exposures made by winning
    player except calling winning tile. +10' / 'SUIT BONUS: All number tiles are in same suit,
    Matching Dragon* if used'. The example's 7-8-9 with a Dragon, concealed, or with the Dragon of
    its suit, would earn a bonus."""
    evaluation = evaluate(text)
    assert evaluation.points == points
    assert bonus in items(evaluation)


def test_base_is_25() -> None:
    """Rules: 'A winning hand earns 25 points plus any bonuses that apply'. Ruling C7."""
    for text in (EXAMPLE, ODDS, WITH_A_JOKER):
        assert items(evaluate(text))["Mahjong"] == 25


def test_base_20_with_the_minimum_requirement() -> None:
    """Rules, house rule 3: 'If using this rule, the base value of a winning hand may be reduced to
    20'. Ruling C9. The example: 20, doubled for no jokers, 40."""
    evaluation = evaluate(EXAMPLE, minimum_requirement=True, base=20)
    assert items(evaluation) == {"Mahjong": 20, "No jokers: doubled": 20}
    assert evaluation.points == 40


# -- Pairs bonus -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pairs", "bonus"),
    [
        pytest.param("11B 22B 33B 4444B 5555B", 3, 5, id="three-pairs"),
        pytest.param("11C 22C 33C 44C 555C 666C", 4, 5, id="four-pairs"),
        pytest.param("11B 22B 33B 44B 55B 6666B", 5, 5, id="five-pairs"),
        pytest.param("11C 22C 33C 44C 55C 66C 77C", 7, 10, id="seven-pairs"),
        pytest.param("11B 22B FF 3333B 4444B", 3, 5, id="three-pairs-one-of-flowers"),
        pytest.param("11C 22C 33C 44C 55C 66C FF", 7, 10, id="seven-pairs-one-of-flowers"),
        pytest.param("11D 22D 3333D J 4444D J", 2, 0, id="two-pairs"),
        pytest.param("33D 5555D 7777D 9999D", 1, 0, id="one-pair"),
        pytest.param(ODDS, 0, 0, id="no-pairs"),
    ],
)
def test_pairs_bonus_ruling_c12(text: str, pairs: int, bonus: int) -> None:
    """Rules: 'PAIRS BONUS: More than 2 pairs in a winning hand (Big Pairs Pattern): +5 for 3, 4, or 5
    pairs, +10 for 7 pairs'. Ruling C12: the flower pair counts toward the Pairs bonus. Two Pairs &
    Two Quints has 2 pairs: no bonus."""
    evaluation = evaluate(text)
    assert evaluation.arrangement is not None
    assert sum(meld.size == 2 for meld in evaluation.arrangement.melds) == pairs
    assert bonuses(text).get("Pairs bonus", 0) == bonus


def test_seven_pairs_points() -> None:
    """Rules: 'A winning hand earns 25 points plus any bonuses that apply' / '+10 for 7 pairs' / SET
    BONUS +5 / SUIT BONUS +5 / CONCEALED BONUS +10 / 'If the winning hand has no Jokers in it when
    Mah Jongg is declared, the points are doubled.' Run 1-7 in Craks: 25 + 10 + 5 + 5 + 10 = 55,
    doubled 110."""
    assert evaluate("11C 22C 33C 44C 55C 66C 77C").points == 110


def test_seven_pairs_with_the_flower_pair_points_ruling_c12() -> None:
    """Ruling C12: the flower pair counts toward the Pairs bonus. Run 1-6 in Craks and Flowers: 25 +
    Pairs 10 + Concealed 10 = 45 (Flowers: no Set or Suit bonus), doubled 90."""
    evaluation = evaluate("11C 22C 33C 44C 55C 66C FF")
    assert items(evaluation) == {"Mahjong": 25, "Pairs bonus": 10, "Concealed bonus": 10, "No jokers: doubled": 45}


# -- Quints bonus ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "quints", "points"),
    [
        # Run 1-2-3-4 in Bams, the 4s a Quint: 25 + Quints 5 + Set 5 + Suit 5 + Concealed 10 = 50.
        pytest.param("111B 222B 333B 4444B J", 1, 50, id="one-quint"),
        # Run 1-2-3 in Craks, 1s and 2s Quints: 25 + Quints 10 + Set 5 + Suit 5 + Concealed 10 = 55.
        pytest.param("1111C J 2222C J 3333C", 2, 55, id="two-quints"),
        # Run 1-2-3-4 in Dots, 3s and 4s Quints, two pairs: 25 + 10 + 5 + 5 + 10 = 55.
        pytest.param("11D 22D 3333D J 4444D J", 2, 55, id="two-pairs-two-quints"),
        # A Dragon Quint with Run 1-2-3 in Bams: 25 + Quints 5 + Concealed 10 = 40 (a Red Dragon: no
        # Set or Suit bonus).
        pytest.param("111B 222B 333B RDRDRDRD J", 1, 40, id="dragon-quint"),
    ],
)
def test_quints_bonus(text: str, quints: int, points: int) -> None:
    """Rules: 'QUINTS BONUS: At least 1 Quint in winning hand (Quints Pattern): +5 for each Quint
    used'. The hands have jokers: no doubling."""
    evaluation = evaluate(text)
    assert bonuses(text)["Quints bonus"] == 5 * quints
    assert evaluation.points == points


def test_no_quints_bonus_without_a_quint() -> None:
    """Rules: 'QUINTS BONUS: At least 1 Quint in winning hand'."""
    assert "Quints bonus" not in bonuses(ODDS)


# -- Set bonus -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        pytest.param(ODDS, True, id="numbers-one-suit"),
        pytest.param("333C 555C 7777D 9999D", True, id="numbers-two-suits"),
        pytest.param("NNN EEEE WWWW SSS", True, id="winds-only"),
        pytest.param("NN EE WW SSS J NEWS", True, id="winds-and-news"),
        pytest.param("333D 555D 7777D WDWDWDWD", False, id="numbers-and-a-dragon"),
        pytest.param("333D 555D 777D 999D FF", False, id="numbers-and-flowers"),
        pytest.param("2222B 4444B 66B NEWS", False, id="numbers-and-news"),
        pytest.param("NNNN SSSS FF GDGDGDGD", False, id="winds-flowers-dragon"),
        pytest.param("EEE WWW RDRDRDRD GDGDGDGD", False, id="winds-and-dragons"),
    ],
)
def test_set_bonus_ruling_c6(text: str, earned: bool) -> None:
    """Rules: 'SET BONUS: Only number tiles in winning hand, or only Wind tiles in winning hand. (No
    Dragons of Flowers). +5'. Ruling C6: all tiles are number tiles, or all are wind tiles (no
    dragons, no flowers; a NEWS block in a number hand loses it)."""
    assert bonuses(text).get("Set bonus", 0) == (5 if earned else 0)


def test_set_bonus_like_numbers() -> None:
    """Rules: 'SET BONUS: Only number tiles in winning hand ... (No Dragons of Flowers)' / 'SUIT
    BONUS: All number tiles are in same suit'. Like Numbers 7s in three suits as One Kong & Two
    Quints are number tiles only (Set 5, Quints 10, Concealed 10); with a Flower Pair or a Dragon
    Kong they lose the Set bonus; three suits never earn the Suit bonus."""
    assert bonuses("7777B J 7777C J 7777D") == {"Quints bonus": 10, "Set bonus": 5, "Concealed bonus": 10}
    assert bonuses("7777B 7777C 777D J FF") == {"Concealed bonus": 10}
    assert bonuses("777B 777C 7777D GDGDGDGD") == {"Concealed bonus": 10}


# -- Suit bonus ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "earned"),
    [
        pytest.param(ODDS, True, id="dots-only"),
        pytest.param("333D 555D 7777D WDWDWDWD", True, id="dots-white-dragon"),
        pytest.param("333C 444C 5555C RDRDRDRD", True, id="craks-red-dragon"),
        pytest.param("111B 222B 3333B GDGDGDGD", True, id="bams-green-dragon"),
        pytest.param("333D 555D 7777D GDGDGDGD", False, id="dots-green-dragon"),
        pytest.param("111B 222B 3333B RDRDRDRD", False, id="bams-red-dragon"),
        pytest.param("333D 555D 777D 999D FF", False, id="dots-and-flowers"),
        pytest.param("2222B 4444B 66B NEWS", False, id="bams-and-news"),
        pytest.param("333C 555C 7777D 9999D", False, id="two-suits"),
        pytest.param("NNN EEEE WWWW SSS", False, id="winds-only"),
    ],
)
def test_suit_bonus_ruling_c6_t1(text: str, earned: bool) -> None:
    """Rules: 'SUIT BONUS: All number tiles are in same suit, Matching Dragon* if used / No Flowers
    or Winds used. +5' / '*For the suit bonus, the Red Dragon matches with the Crak suit, the Green
    Dragon matches with the Bam suit, and the White Dragon (Soap) matches with the Dot suit.'
    Rulings C6 and T1."""
    assert bonuses(text).get("Suit bonus", 0) == (5 if earned else 0)


# -- Concealed bonus -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "context", "earned"),
    [
        pytest.param(ODDS, ON_DISCARD, True, id="called-the-winning-tile"),
        pytest.param(ODDS, SELF_DRAWN, True, id="self-drawn"),
        pytest.param("5555D 7777D 999D [333D]", ON_DISCARD, False, id="a-pung-exposed"),
        pytest.param("333D 999D [5555D] [7777D]", SELF_DRAWN, False, id="two-kongs-exposed"),
    ],
)
def test_concealed_bonus_ruling_l6(text: str, context: mr.WinContext, earned: bool) -> None:
    """Rules: 'CONCEALED BONUS: No exposures made by winning player except calling winning tile.
    +10'. Ruling L6: the Concealed bonus means no exposed sets at all (the Mah Jongg tile stays among
    the concealed tiles)."""
    assert bonuses(text, context).get("Concealed bonus", 0) == (10 if earned else 0)


def test_exposed_odds_points() -> None:
    """Rules: 25 + SET BONUS 5 + SUIT BONUS 5, no Concealed bonus, doubled for no Jokers: 70."""
    assert evaluate("5555D 7777D 999D [333D]").points == 70


# -- doubling --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "context", "lines", "points"),
    [
        # 45, no doubling.
        pytest.param(WITH_A_JOKER, ON_DISCARD, {}, 45, id="jokers-on-a-discard"),
        # 45, self-drawn: doubled 90.
        pytest.param(WITH_A_JOKER, SELF_DRAWN, {"Self-drawn: doubled": 45}, 90, id="self-drawn"),
        # 45, no jokers: doubled 90.
        pytest.param(ODDS, ON_DISCARD, {"No jokers: doubled": 45}, 90, id="no-jokers"),
        # 45, doubled twice: 90, then 180.
        pytest.param(ODDS, SELF_DRAWN, {"Self-drawn: doubled": 45, "No jokers: doubled": 90}, 180, id="both"),
    ],
)
def test_score_doubling_ruling_c7(text: str, context: mr.WinContext, lines: dict[str, int], points: int) -> None:
    """Rules, SCORE DOUBLING: 'If the winner draws the winning tile from the wall (known as "self
    drawn") then the points calculated above (Base + Bonuses) are doubled. If the winning hand has no
    Jokers in it when Mah Jongg is declared, the points are doubled. Both of these doubling rules can
    be applied to the same hand. So a self-drawn hand with no Jokers is doubled twice.' Ruling C7."""
    evaluation = evaluate(text, context)
    doubled = {name: value for name, value in items(evaluation).items() if name in DOUBLINGS}
    assert doubled == lines
    assert evaluation.points == points


def test_a_joker_in_an_exposed_block_counts() -> None:
    """Rules: 'If the winning hand has no Jokers in it when Mah Jongg is declared, the points are
    doubled.' A joker in an exposed Kong is in the hand: 25 + Set 5 + Suit 5 = 35, not doubled."""
    evaluation = evaluate("333D 5555D 999D [777D J]")
    assert "No jokers: doubled" not in items(evaluation)
    assert evaluation.points == 35


# -- Dragon hands ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "points"),
    [
        pytest.param("GDGDGDGD RDRDRDRD FFF FFF", "Dragon's Love", 50, id="love"),
        pytest.param("GDGDGDGD RDRDRDRD FFF FF J", "Dragon's Love", 50, id="love-with-a-joker"),
        pytest.param("GDGDGDGD RDRDRDRD WDWDWDWD 1B 1B", "Dragon's Wings", 50, id="wings"),
        pytest.param("GDGDGD J RDRDRDRD WDWDWDWD 1B 1B", "Dragon's Wings", 50, id="wings-with-a-joker"),
        pytest.param("GDGDGDGD FFF FFF [RDRDRDRD]", "Dragon's Love", 50, id="love-exposed-kong"),
    ],
)
@pytest.mark.parametrize("context", [pytest.param(ON_DISCARD, id="discard"), pytest.param(SELF_DRAWN, id="self-drawn")])
def test_dragon_hands_fixed_values_ruling_c8(text: str, name: str, points: int, context: mr.WinContext) -> None:
    """Rules: 'Dragon Hands have a set point value and bonuses are not applied' / 'Dragon's Love (50
    points)' / 'Dragon's Wings (50 points)'. Ruling C8: no bonuses and no score doubling (neither
    self-drawn nor no jokers). One breakdown line: the hand and its value."""
    evaluation = evaluate(text, context)
    assert items(evaluation) == {name: points}
    assert evaluation.points == points


def test_dragons_breath_on_a_discard_ruling_c8_c10() -> None:
    """Rules: 'Dragon's Breath (100 points): One Pair of each Dragon and one Pair of each Wind'.
    Ruling C8: its fixed value, no doubling for no jokers. (Its regular reading, Winds N-E-W-S with
    three Dragon Pairs as Seven Pairs, is 25 + Pairs 10 + Concealed 10 = 45, doubled 90: less.)"""
    evaluation = evaluate("GDGD RDRD WDWD NN EE WW SS", ON_DISCARD)
    assert items(evaluation) == {"Dragon's Breath": 100}


def test_better_reading_than_dragons_breath_when_self_drawn_ruling_c10() -> None:
    """Ruling C10: a hand that reads both as a Dragon hand and as a regular hand is worth the better
    reading (T3), with the context's doublings applied to the regular reading only. Self-drawn, the
    Winds reading of Dragon's Breath (Seven Pairs: 25 + Pairs 10 + Concealed 10 = 45) is doubled
    twice, 180, more than 100."""
    evaluation = evaluate("GDGD RDRD WDWD NN EE WW SS", SELF_DRAWN)
    assert evaluation.points == 180
    assert items(evaluation) == {
        "Mahjong": 25,
        "Pairs bonus": 10,
        "Concealed bonus": 10,
        "Self-drawn: doubled": 45,
        "No jokers: doubled": 90,
    }
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description.startswith("Winds ")
    assert evaluation.arrangement.description.endswith("; Seven Pairs")


def test_dragons_breath_at_skill_level_1_ruling_c10_l5() -> None:
    """Ruling C10 with L5: at skill level 1 a Winds hand uses only Two Pungs & Two Kongs, so the
    Seven Pairs reading is refused and the self-drawn Dragon's Breath is worth its 100."""
    evaluation = evaluate("GDGD RDRD WDWD NN EE WW SS", SELF_DRAWN, skill_level=1)
    assert items(evaluation) == {"Dragon's Breath": 100}


# -- best reading (ruling T3) ----------------------------------------------------------------------


def test_best_reading_of_the_jokers_ruling_t3() -> None:
    """Ruling T3: when a hand can be arranged in several valid ways, it is worth its best
    arrangement. 3-5-7 Dots with two jokers: the jokers in the 3s and 7s make two Quints (One Kong &
    Two Quints: 25 + Quints 10 + Set 5 + Suit 5 + Concealed 10 = 55); as a Pung for 9D (or 1D) they
    make 3-5-7-9 in Two Pungs & Two Kongs, 45."""
    evaluation = evaluate("333D 5555D 7777D JJ J")
    assert evaluation.points == 55
    assert bonuses("333D 5555D 7777D JJ J")["Quints bonus"] == 10


# -- the breakdown ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(EXAMPLE, id="example"),
        pytest.param(ODDS, id="odds"),
        pytest.param(WITH_A_JOKER, id="with-a-joker"),
        pytest.param("11C 22C 33C 44C 55C 66C FF", id="seven-pairs-flowers"),
        pytest.param("1111C J 2222C J 3333C", id="two-quints"),
        pytest.param("NN EE WW SSS J NEWS", id="winds-news"),
        pytest.param("GDGD RDRD WDWD NN EE WW SS", id="breath"),
    ],
)
@pytest.mark.parametrize("context", [pytest.param(ON_DISCARD, id="discard"), pytest.param(SELF_DRAWN, id="self-drawn")])
def test_breakdown_lines_add_up_ruling_c7(text: str, context: mr.WinContext) -> None:
    """Rules: 'A winning hand earns 25 points plus any bonuses that apply' / 'the points calculated
    above (Base + Bonuses) are doubled'. Each line is the base, one bonus, or one doubling (worth the
    points so far); the lines add up to the points; bonuses come before doublings, self-drawn before
    no jokers as the document lists them."""
    evaluation = evaluate(text, context)
    names = [item.name for item in evaluation.breakdown]
    assert sum(item.points for item in evaluation.breakdown) == evaluation.points
    if names[0].startswith("Dragon's"):
        assert len(names) == 1
        return
    assert names[0] == "Mahjong"
    running = 0
    for item in evaluation.breakdown:
        if item.name in DOUBLINGS:
            assert item.points == running
        else:
            assert item.name == "Mahjong" or item.name in BONUS_NAMES
            assert not any(name in DOUBLINGS for name in names[: names.index(item.name)])
        running += item.points
    assert [name for name in names if name in DOUBLINGS] == [
        name for name in DOUBLINGS if name in names
    ]  # self-drawn first
    assert ("Self-drawn: doubled" in names) == context.self_drawn
    assert ("No jokers: doubled" in names) == (evaluation.hand.joker_count == 0)
