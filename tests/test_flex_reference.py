"""The independent Flex reference evaluator (``tests/flex_reference.py``): hand-worked checks of the
reference itself, then a seeded comparison of the ``flex`` ruleset with it.

Expected values in the first part are worked out by hand from ``rules/flex-mahjong-rules.txt`` and
the rulings (T1-T5, F1-F18); each comment lists the factors that apply. The comparison
(``benchmarks/flex_agreement.py`` runs it on more hands) asserts that the library and the
reference agree on whether each hand is Mahjong and on its points.
"""

from __future__ import annotations

import pytest

import mahjong_rules as mr
from tests.flex_reference import Case, random_cases, reference_points

ON_DISCARD = mr.WinContext()


def points(
    text: str,
    context: mr.WinContext = ON_DISCARD,
    *,
    jokers_in_game: int = 8,
    flowers_in_game: int = 8,
    winds: bool = True,
    minimum_value: int | None = None,
) -> int | None:
    return reference_points(
        mr.Hand.parse(text),
        context,
        jokers_in_game=jokers_in_game,
        flowers_in_game=flowers_in_game,
        winds=winds,
        minimum_value=minimum_value,
    )


# -- the reference on the rules' own hands -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Sample hands. Cracks & Bams, Run 3-7: Mahjong, Concealed, Jokerless (the scoring example).
        ("333C 44B 555C 666C 777C", 3),
        # Dots, Threes 0-3-6-9 (White dragon = 0): + Suit Flush, Full Sequence.
        ("WD WD WD 3333D 666D 9999D", 5),
        # Cracks, Odds 1-3-5-7-9: Mahjong, Suit Flush, Full Sequence, Concealed, Jokerless.
        ("111C 3333C 555C 77C 99C", 5),
        # Flowers & Bams, Evens 6-8-10 (Green dragon = 10): Mahjong, Bouquet, Concealed, Jokerless.
        ("FFFFF 66B 8888B GD GD GD", 4),
        # Winds & Flowers: Mahjong, Concealed, Jokerless (two suits: no Suit Flush, F7).
        ("FF NNNN EEE WW SSS", 3),
        # Jokers in triples, Dots & Bams, Evens 0-8 with GD as 0: Mahjong, Full Sequence, Concealed.
        ("22D 44D J 6D J J 8888B GD GD", 3),
        # F2: JJJ = 2C keeps one suit: Mahjong, Suit Flush, Concealed.
        ("111C JJJ 3333C 44C 55C", 3),
        # F1: GD is 0 and 10 in one hand, Evens 0-10 of Bams, 6 sets:
        # Mahjong, Suit Flush, Full Sequence, Big Sets, Concealed, Jokerless.
        ("GD GD 222B 444B 66B 88B GD GD", 6),
        # F6: Evens 2-10 with GD as 10: Mahjong, Suit Flush, Full Sequence, Concealed, Jokerless.
        ("222B 444B 666B 88B GD GD GD", 5),
        # F7: winds alone are one suit: Mahjong, Suit Flush, Concealed, Jokerless.
        ("NNNN EEEE WWW SSS", 4),
        # F8: six sets with the flower pair: Mahjong, Big Sets, Concealed, Jokerless.
        ("FF 22B 33B 44B 555B 666B", 4),
        # F17: flower pair + six pairs: Mahjong, Big Sets, Seven Pairs, Concealed, Jokerless.
        ("FF 22B 33B 44B 55B 66B 77B", 5),
        # Seven pairs of one suit: Mahjong, Suit Flush, Big Sets, Seven Pairs, Concealed, Jokerless.
        ("11B 22B 33B 44B 55B 66B 77B", 6),
        # F18: a joker with a dragon pair: Mahjong, Suit Flush, Full Sequence, Concealed.
        ("WD WD J 3333D 666D 9999D", 4),
        # F18: an exposed all-joker set is the 2C: Mahjong, Suit Flush.
        ("111C 3333C 44C 55C [JJJ]", 2),
        # F3 and the docs' reading: three jokers stand for the West wind: Mahjong, Bouquet, Concealed.
        ("JJJ NN EE SS FFFFF", 3),
        # F10: an exposed set loses Concealed: Mahjong, Jokerless.
        ("333C 44B 555C 666C [777C]", 2),
        # An exposed flower set: Mahjong, Bouquet, Jokerless.
        ("[FFFFF] 66B 8888B GD GD GD", 3),
    ],
)
def test_reference_scores_hands_worked_by_hand(text: str, expected: int) -> None:
    assert points(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "333C 44B 555D 666C 777C",  # three suits (Rule #1)
        "222C 44B 555C 666C 777C",  # 2, 4, 5, 6, 7: not consecutive (Rule #3)
        "333C 333B 555C 666C 77C",  # the number 3 twice, across suits (F5)
        "333C 4B J 555C 666C 777C",  # a joker in a pair
        "NNNN EEE WW SS 333C",  # winds with a number set (F3)
        "NNNN EEEE WWW SS F",  # a lone flower
        "NN EE WW NN FFFFFF",  # two sets of North, no South (F3)
        "NNNN EEEE WWWW FF",  # three winds only (F3)
        "333C 44B 555C 666C 77C",  # 13 tiles (T2)
        "333C 44B 555C 666C 777C 8C",  # 15 tiles (T2)
        "[FFF] FF 66B 8888B GD GD GD",  # two flower sets (F4)
        "[FF] 333C 444C 555C 666C",  # an exposed pair
        "[123C] 444C 555C 666C 77C",  # an exposed chow
        "[FFF J] 333C 444C 5555C",  # a joker in the flower set (F4)
        "[5555C J] 333C 444C 666C",  # a set of five number tiles
        "JJJJ JJJJ GD GD RD RD WD WD",  # dragons of three suits
        "5B 5B 5B 5C 5C 5C 5D 5D 5D 5D FFFF",  # Like Numbers is a Flextra option, off here
    ],
)
def test_reference_rejects_hands_that_are_not_mahjong(text: str) -> None:
    assert points(text) is None


def test_reference_rejects_blanks() -> None:
    assert points("333C 44B 555C 666C 77C Blank") is None


def test_reference_context_factors() -> None:
    hand = "333C 44B 555C 666C 777C"  # Mahjong, Concealed, Jokerless
    assert points(hand, mr.WinContext(self_drawn=True)) == 4
    assert points(hand, mr.WinContext(first_turn=True, last_tile=True)) == 5  # F16: Sunrise, Sunset
    assert points(hand, mr.WinContext(self_drawn=True, first_turn=True, last_tile=True)) == 6


def test_reference_options() -> None:
    hand = "333C 44B 555C 666C 777C"
    assert points(hand, jokers_in_game=0) == 2  # F9: no Jokerless without jokers in the game
    assert points(hand, minimum_value=3) == 3  # F11
    assert points(hand, minimum_value=4) is None
    assert points(hand, mr.WinContext(self_drawn=True), minimum_value=4) == 4
    with pytest.raises(ValueError, match="cannot be in a Flex hand"):
        points("FFFFFFF 66B 8888B GD", flowers_in_game=6)  # T5
    with pytest.raises(ValueError, match="cannot be in a Flex hand"):
        points("NNNN EEEE WWW SSS", winds=False)


# -- the library against the reference ---------------------------------------------------------------

SEED = 20261122
CASES = random_cases(SEED, 300)
FLEX = mr.get_ruleset("flex")
FLEX_MINIMUM_3 = mr.get_ruleset("flex", minimum_value=3)
FLEX_NO_JOKERS = mr.get_ruleset("flex", jokers=0)


def _check(ruleset: mr.Ruleset, case: Case, expected: int | None) -> None:
    evaluation = ruleset.evaluate(case.hand, case.context)
    assert (evaluation.is_winning, evaluation.points) == (expected is not None, expected or 0), (
        f"{case.origin}: {case.hand} {case.context}: library {evaluation} {evaluation.arrangement}, "
        f"reference {expected}"
    )


def test_the_seeded_hands_are_a_mix() -> None:
    winning = [case for case in CASES if reference_points(case.hand, case.context) is not None]
    assert 0.25 * len(CASES) <= len(winning) <= 0.75 * len(CASES)
    assert sum(1 for case in CASES if case.hand.exposed) >= 30
    assert sum(1 for case in winning if case.hand.joker_count) >= 20
    assert {case.origin.split()[0] for case in CASES} == {"random", "dense", "valid", "mutated"}


@pytest.mark.parametrize("case", CASES, ids=[f"{index:03d}" for index in range(len(CASES))])
def test_library_agrees_with_reference(case: Case) -> None:
    _check(FLEX, case, reference_points(case.hand, case.context))
    _check(FLEX_MINIMUM_3, case, reference_points(case.hand, case.context, minimum_value=3))
    if not case.hand.joker_count:
        _check(FLEX_NO_JOKERS, case, reference_points(case.hand, case.context, jokers_in_game=0))
