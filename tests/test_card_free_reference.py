"""The independent Card-Free reference evaluator (``tests/card_free_reference.py``): hand-worked
checks of the reference itself, then a seeded comparison of the Card-Free ruleset with it.

Expected values in the first part are worked out by hand from ``rules/card-free-american-rules.md``
and the rulings (T1-T5, C1-C12, L4, L5); each comment adds up the score: base 25, + Pairs (5 for 3
to 5 pairs, 10 for 7), + 5 per Quint, + 5 Set, + 5 Suit, + 10 Concealed, then x2 self-drawn and x2
no jokers (C6, C7); Dragon hands 50 / 50 / 100 (C8). The comparison
(``benchmarks/card_free_agreement.py`` runs it on more hands) asserts that the library and the
reference agree on whether each hand is Mah Jongg and on its points, for several option sets.
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset
from tests.card_free_reference import Case, RefOptions, random_cases, reference_points

ON_DISCARD = mr.WinContext()
SELF_DRAWN = mr.WinContext(self_drawn=True)


def points(text: str, context: mr.WinContext = ON_DISCARD, **options: Any) -> int | None:
    return reference_points(mr.Hand.parse(text), context, RefOptions(**options))


# -- the reference on hands worked by hand -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The document's scoring example: Consecutive Run 789 plus a Dragon, 2 Pungs 2 Kongs, no
        # bonuses, no jokers: 25 x2 = 50. "No bonuses" needs an exposure (no Concealed bonus) and a
        # dragon that does not match the suit (Red goes with Craks, T1: no Suit bonus).
        ("[777B] 888B 9999B RD RD RD RD", 50),
        # The same concealed: (25 + 10 Concealed) x2 = 70.
        ("777B 888B 9999B RD RD RD RD", 70),
        # Craks with the Red dragon (T1): (25 + 5 Suit + 10 Concealed) x2 = 80.
        ("777C 888C 9999C RD RD RD RD", 80),
        # Odds 3579 in Dots, only number tiles in one suit: (25 + 5 Set + 5 Suit + 10) x2 = 90.
        ("333D 5555D 777D 9999D", 90),
        # The same with jokers in the Kongs: 25 + 5 + 5 + 10 = 45, not doubled; but both jokers in
        # one block make the Quint 555D J J, 3 Pungs & 1 Quint: 45 + 5 Quint = 50, the better (T3).
        ("333D 555D J 777D 999D J", 50),
        # One joker in a Pung: 33D J 5555D 777D 9999D, 2 Pungs 2 Kongs: 25 + 5 + 5 + 10 = 45; the
        # joker with the 7s instead gives 33D 5555D 777D J 9999D, 1 Pair 3 Kongs: 45 too.
        ("33D J 5555D 777D 9999D", 45),
        # Two suits, not woven (C5): (25 + 5 Set + 10) x2 = 80.
        ("333D 5555D 777C 9999C", 80),
        # The document's special-tiles example: Evens 468 + Red dragons + Flowers, 1 Pair 4 Pungs;
        # one pair (no Pairs bonus), no Set or Suit bonus (flowers): (25 + 10) x2 = 70.
        ("FF 444C 666C 888C RD RD RD", 70),
        # Seven Pairs, Run 2-8 in Bams: (25 + 10 Pairs + 5 Set + 5 Suit + 10) x2 = 110.
        ("22B 33B 44B 55B 66B 77B 88B", 110),
        # C12: the flower pair counts toward Seven Pairs: (25 + 10 Pairs + 10) x2 = 90.
        ("FF 11B 22B 33B 44B 55B 66B", 90),
        # Three Pungs & One Quint, Run 1234 of Craks: 25 + 5 Quint + 5 Set + 5 Suit + 10 = 50.
        ("111C 222C 333C 4444C J", 50),
        # One Kong & Two Quints, Run 567 of Bams: 25 + 10 Quints + 5 Set + 5 Suit + 10 = 55.
        ("5555B J 6666B J 7777B", 55),
        # Two Pairs & Two Quints: two pairs are not "more than 2": 25 + 10 + 5 + 5 + 10 = 55.
        ("3333B J 44B 55B 6666B J", 55),
        # Like Numbers 5 in three suits with a Red Kong: (25 + 10) x2 = 70 (no Set: dragon; no Suit).
        ("555B 555C 5555D RD RD RD RD", 70),
        # Multiples of Three with the Green dragon (Bams, T1), 1 Pair 3 Kongs: (25 + 5 Suit + 10) x2.
        ("33B 6666B 9999B GD GD GD GD", 80),
        # Winds NSEW, 2 Pungs 2 Kongs: only wind tiles: (25 + 5 Set + 10) x2 = 80 (no Suit: winds).
        ("NNNN EEEE WWW SSS", 80),
        # Winds N+S with two dragon Pungs: (25 + 10) x2 = 70.
        ("NNNN SSSS RD RD RD GD GD GD", 70),
        # C3: NEWS is a Kong in a number hand (no Set bonus, C6): (25 + 10) x2 = 70.
        ("N E W S 333C 444C 5555C", 70),
        # C3: NEWS in a Winds hand E+W with a Red Kong: (25 + 10) x2 = 70.
        ("N E W S EEE WWW RD RD RD RD", 70),
        # Winds NSEW with NEWS, 3 Pairs 2 Kongs (SSS J a Kong): 25 + 5 Pairs + 5 Set + 10 = 45; the
        # other reading, 3 Pungs and the Quint SSSS J, is 25 + 5 Quint + 5 Set + 10 = 45 too.
        ("NN EE WW SSS J N E W S", 45),
        # L4: JJJJ is the 5C, Run 3456 of Craks: 25 + 5 Set + 5 Suit + 10 = 45; better, JJJ is the
        # 5C and 6666C J a Quint: 3 Pungs & 1 Quint, 45 + 5 = 50 (T3).
        ("JJJJ 333C 444C 6666C", 50),
        # L4: JJJ is the West wind: 25 + 5 Set + 10 = 40.
        ("JJJ NNNN SSS EEEE", 40),
        # Dragon's Love: 50, no bonuses, no doubling (C8).
        ("RD RD RD RD GD GD GD GD FFF FFF", 50),
        # Dragon's Love with jokers in a Kong and in a flower Pung (C12): 50.
        ("RD RD RD J GD GD GD GD FF J FFF", 50),
        # L4: an all-joker block is a flower Pung of Dragon's Love: 50.
        ("RD RD RD RD GD GD GD GD FFF JJJ", 50),
        # L4: RD RD RD J and GD GD GD J are the dragon Kongs, JJJ and JJJ the flower Pungs of
        # Dragon's Love: 50. (It also reads as Winds N+S, JJJJ JJJJ, with two dragon Pungs: 25 + 10
        # Concealed = 35, less.)
        ("JJJJ JJJJ RD RD RD GD GD GD", 50),
        # Dragon's Wings: 50.
        ("RD RD RD RD GD GD GD GD WD WD WD WD 1B 1B", 50),
        # Dragon's Wings with an exposed Kong and a joker: 50.
        ("[RD RD RD J] GD GD GD GD WD WD WD WD 1B 1B", 50),
        # Dragon's Breath: 100. It also reads as Winds NSEW, Seven Pairs with 3 dragon pairs:
        # (25 + 10 Pairs + 10) x2 = 90 < 100 (C10).
        ("RD RD GD GD WD WD NN EE WW SS", 100),
    ],
)
def test_reference_scores_hands_worked_by_hand(text: str, expected: int) -> None:
    assert points(text) == expected


def test_reference_doubles_self_drawn_regular_hands_only() -> None:
    assert points("333D 5555D 777D 9999D", SELF_DRAWN) == 180  # 45 x2 x2
    assert points("33D J 5555D 777D 9999D", SELF_DRAWN) == 90  # 45 x2
    assert points("RD RD RD RD GD GD GD GD FFF FFF", SELF_DRAWN) == 50  # C8: no doubling
    # C10: self-drawn, the Winds Seven Pairs reading is 45 x2 x2 = 180 > Dragon's Breath's 100.
    assert points("RD RD GD GD WD WD NN EE WW SS", SELF_DRAWN) == 180


@pytest.mark.parametrize(
    "text",
    [
        "333D 5555C 777D 9999C",  # woven: Dots, Craks, Dots, Craks (C5)
        "3333C 4444C RD RD RD GD GD GD",  # a Run of two numbers (C1: at least 3)
        "NNNN EEEE WWW RD RD RD",  # three winds: not a Winds set (C1)
        "FFF 333C 444C 555C 66C",  # a flower Pung outside Dragon's Love (C2)
        "FF FF 33C 44C 55C 66C 77C",  # two flower blocks (C2)
        "333C 444C 55C 66C RD RD RD RD",  # two Red blocks (C2), or no pattern (3 3 2 2 4)
        "22B 33B 44B 55B 66B 77B 8B J",  # a joker in a pair (C4)
        "N E W S N E W S 33C 44C 55C",  # two NEWS blocks (C11)
        "N E W S 33C 444C 555C 66C",  # 4 3 3 2 2: not a pattern
        "333C 333B 4444C 5555C",  # the number 3 in two blocks, not Like Numbers
        "555B 5555C RD RD RD RD GD GD GD",  # Like Numbers needs a block in each of the three suits
        "NNNN EEEE 333C 444C",  # winds with numbers
        "RD RD GD GD WD WD NN EE WW S J",  # a joker in Dragon's Breath's pairs
        "RD RD RD RD GD GD GD GD FF FF WD WD",  # Dragon's Love needs flower Pungs
        "RD RD RD RD GD GD GD GD WD WD WD WD 2B 2B",  # Dragon's Wings needs the 1 Bam pair
        "[55C] 333C 444C 666C RD RD RD",  # an exposed pair
        "[FF] 444C 666C 888C RD RD RD",  # exposed flowers (C12)
        "[N E W S] 333C 444C 5555C",  # an exposed NEWS block (C3)
        "[345C] 666C 7777C 8888C",  # an exposed run is not a block
        "[FFF] RD RD RD RD GD GD GD GD FFF",  # exposed flowers, even in Dragon's Love (C12)
        # An exposed all-joker Pung cannot be Dragon's Love's flower Pung: an exposed Flower block
        # is never valid ("Flowers can be called only for Mahjong, in every hand (Dragon's Love
        # included)", C12); as anything else it leaves the flower Pung FFF outside Dragon's Love.
        "GD GD GD GD RD RD RD RD FFF [JJJ]",
        "777B 888B 9999B RD RD RD",  # 13 tiles (T2)
        "777B 888B 9999B RD RD RD RD 1C",  # 15 tiles (T2)
    ],
)
def test_reference_rejects_hands_that_are_not_mahjong(text: str) -> None:
    assert points(text) is None
    assert points(text, SELF_DRAWN) is None


def test_reference_tiles_check() -> None:
    with pytest.raises(ValueError, match="cannot be in a Card-Free hand"):
        points("JJJJJ 333C 444C 666C", reduced_tiles=True)  # house rule 2: 4 jokers (T5)
    with pytest.raises(ValueError, match="cannot be in a Card-Free hand"):
        points("RD RD RD RD GD GD GD GD FFF FF J", reduced_tiles=True)
    assert points("RD RD RD RD GD GD GD GD FF J FF J", reduced_tiles=True) == 50
    with pytest.raises(ValueError, match="cannot be in a Card-Free hand"):
        points("JJJJ JJJJ J 333C 444C 66C")  # 9 jokers


def test_reference_minimum_requirement() -> None:
    # House rule 3 with base 20: no bonus but no jokers: 20 x2 = 40.
    assert points("[777B] 888B 9999B RD RD RD RD", base=20, minimum_requirement=True) == 40
    no_bonus_jokers = "[777B J] 888B 999B RD RD RD RD"  # the joker stays in the exposed Kong
    assert points(no_bonus_jokers) == 25
    assert points(no_bonus_jokers, minimum_requirement=True) is None
    assert points(no_bonus_jokers, SELF_DRAWN, base=20, minimum_requirement=True) == 40  # 20 x2
    # A bonus is enough: Suit (Craks with Red), 20 + 5 = 25.
    assert points("[777C J] 888C 999C RD RD RD RD", base=20, minimum_requirement=True) == 25
    # A Dragon hand is enough.
    assert points("[RD RD RD J] GD GD GD GD WD WD WD WD 1B 1B", minimum_requirement=True) == 50


def test_reference_skill_levels() -> None:
    # Level 1: Winds only in 2 Pungs 2 Kongs. NSEW, 1 Pair 3 Kongs: (25 + 5 Set + 10) x2 = 80.
    assert points("NNNN EEEE WWWW SS") == 80
    assert points("NNNN EEEE WWWW SS", skill_level=1) is None
    assert points("NNNN EEEE WWW SSS", skill_level=1) == 80
    # L5: level 1 binds regular hands only: Dragon's Breath stays 100 even self-drawn, its
    # Winds Seven Pairs reading being refused.
    assert points("RD RD GD GD WD WD NN EE WW SS", SELF_DRAWN, skill_level=1) == 100
    # Level 2: a Run without dragons, flowers or NEWS; Odds may have them.
    assert points("777B 888B 9999B RD RD RD RD", skill_level=1) == 70
    assert points("777B 888B 9999B RD RD RD RD", skill_level=2) is None
    assert points("[333B] 555B 7777B RD RD RD RD", skill_level=2) == 50
    # Level 3: a hand with a Dragon block is concealed, Dragon hands included.
    assert points("[333B] 555B 7777B RD RD RD RD", skill_level=3) is None
    assert points("[RD RD RD J] GD GD GD GD WD WD WD WD 1B 1B", skill_level=2) == 50
    assert points("[RD RD RD J] GD GD GD GD WD WD WD WD 1B 1B", skill_level=3) is None
    assert points("RD RD RD J GD GD GD GD WD WD WD WD 1B 1B", skill_level=3) == 50
    # Level 4: number hands earn the Suit bonus; Winds hands use no number tiles.
    assert points("333B 555C 7777C RD RD RD RD", skill_level=3) == 70  # (25 + 10) x2
    assert points("333B 555C 7777C RD RD RD RD", skill_level=4) is None
    assert points("777C 888C 9999C RD RD RD RD", skill_level=4) is None  # level 2: a Run with a dragon
    assert points("333C 555C 7777C RD RD RD RD", skill_level=4) == 80  # (25 + 5 Suit + 10) x2
    assert points("NNNN EEEE WWW SSS", skill_level=4) == 80
    assert points("555B 555C 5555D RD RD RD RD", skill_level=4) is None  # Like Numbers: 3 suits
    # Level 5: no jokers, or self-drawn, or a Dragon hand.
    assert points("33D J 5555D 777D 9999D", skill_level=4) == 45
    assert points("33D J 5555D 777D 9999D", skill_level=5) is None
    assert points("33D J 5555D 777D 9999D", SELF_DRAWN, skill_level=5) == 90
    assert points("RD RD RD J GD GD GD GD WD WD WD WD 1B 1B", skill_level=5) == 50


# -- the library against the reference ---------------------------------------------------------------

SEED = 20261124
CASES = random_cases(SEED, 300)
OPTION_SETS: dict[str, dict[str, Any]] = {
    "default": {},
    "base 20, minimum_requirement": {"base": 20, "minimum_requirement": True},
    "reduced_tiles": {"reduced_tiles": True},
    **{f"skill_level {level}": {"skill_level": level} for level in range(1, 6)},
}
RULESETS = {label: CardFreeRuleset(CardFreeOptions(**options)) for label, options in OPTION_SETS.items()}


def verdict(ruleset: CardFreeRuleset, case: Case) -> tuple[bool, int] | str:
    try:
        evaluation = ruleset.evaluate(case.hand, case.context)
    except ValueError:
        return "bad input"
    return evaluation.is_winning, evaluation.points


def expected_verdict(options: dict[str, Any], case: Case) -> tuple[bool, int] | str:
    try:
        expected = reference_points(case.hand, case.context, RefOptions(**options))
    except ValueError:
        return "bad input"
    return expected is not None, expected or 0


def test_the_seeded_hands_are_a_mix() -> None:
    winning = [case for case in CASES if reference_points(case.hand, case.context) is not None]
    assert 0.3 * len(CASES) <= len(winning) <= 0.7 * len(CASES)
    assert sum(1 for case in winning if case.hand.exposed) >= 30
    assert sum(1 for case in winning if case.hand.joker_count) >= 40
    assert sum(1 for case in winning if case.context.self_drawn) >= 30
    kinds = {case.origin.split()[0] for case in winning}
    assert {"valid", "mutated", "winds", "dragon"} <= kinds


@pytest.mark.parametrize("case", CASES, ids=[f"{index:03d}" for index in range(len(CASES))])
def test_library_agrees_with_reference(case: Case) -> None:
    found = {label: verdict(ruleset, case) for label, ruleset in RULESETS.items()}
    wanted = {label: expected_verdict(options, case) for label, options in OPTION_SETS.items()}
    differ = {label: (found[label], wanted[label]) for label in OPTION_SETS if found[label] != wanted[label]}
    assert not differ, f"{case.origin}: {case.hand} {case.context}: (library, reference) {differ}"
