"""Any hand the Flex tile set can hold gets an answer or a library error from every Flex function:
never a crash with KeyError, IndexError or the like."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import mahjong_rules as mr
from mahjong_rules.testing import hands

FLEX = mr.get_ruleset("flex", blanks=2)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(FLEX.tileset, max_concealed=16, max_melds=3))
def test_every_function_answers_any_hand(hand: mr.Hand) -> None:
    if any(not meld.exposed for meld in hand.melds):
        # American games declare no concealed sets: every call refuses such a hand.
        calls = (FLEX.evaluate, FLEX.tiles_away, FLEX.tiles_away_floor, FLEX.waits, FLEX.discard_options)  # type: ignore[attr-defined]
        for call in calls:
            with pytest.raises(mr.HandError, match="declares no concealed sets"):
                call(hand)
        with pytest.raises(mr.HandError, match="declares no concealed sets"):
            list(FLEX.decompositions(hand))
        return
    evaluation = FLEX.evaluate(hand)
    assert evaluation.is_winning == (evaluation.points > 0)
    assert evaluation.is_winning or evaluation.reasons
    assert evaluation.is_winning == (next(FLEX.decompositions(hand), None) is not None)
    if len(hand) not in (13, 14):
        with pytest.raises(mr.HandSizeError):
            FLEX.tiles_away(hand)
        with pytest.raises(mr.HandSizeError):
            FLEX.tiles_away_floor(hand)  # type: ignore[attr-defined]
        return
    floor = FLEX.tiles_away_floor(hand)  # type: ignore[attr-defined]
    assert floor >= 0
    try:
        away = FLEX.tiles_away(hand)
    except mr.UnreachableError:
        assert hand.melds  # only declared sets can rule out every hand
    else:
        assert floor <= away  # blanks included: a blank is in no set
        assert away >= 0
        if len(hand) == 14:
            assert (away == 0) == (next(FLEX.decompositions(hand), None) is not None)
    if len(hand) != 13:
        with pytest.raises(mr.HandSizeError):
            FLEX.waits(hand)
        return
    waits = FLEX.waits(hand)
    assert all(hand.count(tile) < FLEX.tileset.count(tile) for tile in waits)
