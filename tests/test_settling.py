"""Settlement takes how the hand was won from the evaluation and refuses what contradicts it.

The contract (``API-CONTRACT.md``, ``settle``): "How the hand was won comes from the evaluation
(its context, its ruleset and options): a discarder that contradicts the context, no discarder for
a win on a discard, or an evaluation made under other options is an error, never a wrong
payment." Every ruleset's settlement goes through :mod:`mahjong_rules.settling`; these tests use
Flex, whose payouts are ruling F12 (every other player pays the value, the discarder double).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset
from tests.flex_reference import random_case

E, S, W, N = mr.Seat
HAND = "333C 44B 555C 666C 777C"  # the Flex scoring example: 3 on a discard, 4 self-drawn


def flex(**options: object) -> FlexRuleset:
    return FlexRuleset(FlexOptions(**options))  # type: ignore[arg-type]


# -- issue 8, defect 1: the regressions -------------------------------------------------------------


def test_a_self_drawn_win_has_no_discarder() -> None:
    """A self-drawn win settled with a discarder used to make that player pay double."""
    won = flex().evaluate(HAND, mr.WinContext(self_drawn=True))
    with pytest.raises(mr.SettlementError, match=r"self-drawn .* South cannot pay as the discarder"):
        flex().settle(won, E, discarder=S)


def test_a_win_on_a_discard_names_its_discarder() -> None:
    """A win on a discard settled with no discarder used to be paid as self-drawn."""
    won = flex().evaluate(HAND)
    with pytest.raises(mr.SettlementError, match=r"won on a discard .* name the discarder"):
        flex().settle(won, E)


def test_an_evaluation_made_under_other_options_is_refused() -> None:
    """``settle`` of a ruleset built with ``minimum_value=4`` used to pay an evaluation made under
    the defaults; the error says which option differs."""
    won = flex().evaluate(HAND)
    with pytest.raises(mr.SettlementError, match="minimum_value=None there, 4 here"):
        flex(minimum_value=4).settle(won, E, S)


def test_an_evaluation_from_an_equally_configured_ruleset_is_settled() -> None:
    won = flex(jokers=6).evaluate(HAND)
    assert dict(flex(jokers=6).settle(won, E, S).payments) == {E: 12, S: -6, W: -3, N: -3}


def test_an_evaluation_by_another_ruleset_is_refused() -> None:
    other = mr.Evaluation("seven-pairs", mr.Hand.parse(HAND), mr.WinContext(), is_winning=True, points=3)
    with pytest.raises(mr.SettlementError, match="does not settle an evaluation by 'seven-pairs'"):
        flex().settle(other, E, S)


def test_several_winners_need_wins_and_a_discarder() -> None:
    won = flex().evaluate(HAND)
    with pytest.raises(mr.SettlementError, match="wins is empty"):
        flex().settle_several([], S)
    with pytest.raises(mr.SettlementError, match="name its discarder"):
        flex().settle_several([won], None)  # type: ignore[arg-type]


def test_several_winners_won_on_the_discard() -> None:
    """Several winners share one discard: a self-drawn evaluation among them is a contradiction."""
    on_discard = flex().evaluate(HAND)
    self_drawn = flex().evaluate(HAND, mr.WinContext(self_drawn=True, seat_wind=W))
    with pytest.raises(mr.SettlementError, match="self-drawn"):
        flex().settle_several([on_discard, self_drawn], S)


# -- the winner is the context's seat wind ------------------------------------------------------------


def test_the_winner_defaults_to_the_seat_wind() -> None:
    won = flex().evaluate(HAND, mr.WinContext(seat_wind=W))
    assert dict(flex().settle(won, discarder=N).payments) == {W: 12, N: -6, E: -3, S: -3}


def test_a_winner_other_than_the_seat_wind_is_refused() -> None:
    won = flex().evaluate(HAND)  # seat_wind East, the plain case
    with pytest.raises(mr.SettlementError, match=r"winner sits East .* WinContext\(seat_wind=Seat.SOUTH\)"):
        flex().settle(won, S, W)


def test_seats_may_be_written_as_letters_or_names() -> None:
    won = flex().evaluate(HAND, mr.WinContext(seat_wind=S))
    assert flex().settle(won, "S", "east") == flex().settle(won, S, E)


@pytest.mark.parametrize(
    ("winner", "discarder"),
    [pytest.param(1, None, id="winner-int"), pytest.param(None, ["S"], id="discarder-list")],
)
def test_seats_of_the_wrong_type_are_type_errors(winner: object, discarder: object) -> None:
    won = flex().evaluate(HAND)
    with pytest.raises(TypeError, match="is a Seat or its letter or name"):
        flex().settle(won, winner, discarder)  # type: ignore[arg-type]


def test_an_evaluation_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="evaluation is an Evaluation"):
        flex().settle("333C 44B 555C 666C 777C", E, S)  # type: ignore[arg-type]


def test_str_of_a_settlement_says_who_pays_whom() -> None:
    """Issue 8: ``str(settlement)`` was the raw attrs repr."""
    won = flex().evaluate(HAND)
    assert str(flex().settle(won, E, S)) == (
        "South pays East 6 (discarded the winning tile: double)\n"
        "West pays East 3 (hand value)\n"
        "North pays East 3 (hand value)\n"
        "net: East +12, South -6, West -3, North -3"
    )


# -- the property: settle agrees with the evaluation's context, over random hands ------------------


def test_settle_agrees_with_the_evaluations_context_on_random_hands() -> None:
    """For random hands, contexts, winners and discarders: ``settle`` pays (ruling F12: each other
    player the value, the discarder double) exactly when the winner is the context's seat wind and
    a discarder is named exactly when the hand was won on a discard; otherwise it raises
    :class:`SettlementError`. It never pays a hand that is not winning."""
    rng = random.Random(8)
    ruleset = flex()
    paid = refused = 0
    for _ in range(600):
        case = random_case(rng)
        seat_wind = rng.choice(list(mr.Seat))
        context = mr.WinContext(
            self_drawn=case.context.self_drawn,
            first_turn=case.context.first_turn,
            last_tile=case.context.last_tile,
            seat_wind=seat_wind,
        )
        evaluation = ruleset.evaluate(case.hand, context)
        winner = rng.choice([None, seat_wind, rng.choice(list(mr.Seat))])
        discarder = rng.choice([None, *mr.Seat])
        consistent = (
            evaluation.is_winning
            and (winner is None or winner is seat_wind)
            and (discarder is None) == context.self_drawn
            and discarder is not seat_wind
        )
        if not consistent:
            with pytest.raises(mr.SettlementError):
                ruleset.settle(evaluation, winner, discarder)
            refused += 1
            continue
        settlement = ruleset.settle(evaluation, winner, discarder)
        value = evaluation.points
        expected = {seat: -value * (2 if seat is discarder else 1) for seat in mr.Seat if seat is not seat_wind}
        expected[seat_wind] = -sum(expected.values())
        assert dict(settlement.payments) == expected, case
        assert sum(settlement.payments.values()) == 0
        paid += 1
    assert paid > 50  # both branches were exercised
    assert refused > 50


@pytest.mark.parametrize("name", ["flex", "card-free"])
def test_a_set_called_from_the_winner_or_an_empty_seat_is_not_settled(name: str) -> None:
    """A called set was another player's discard (Flex: "A player may call a discarded tile"; the
    guide: "any player at the table may call that tile"): a hand whose exposed set records the
    winner's own seat, or a seat nobody sits in, is refused at settlement; the same set called
    from another player at the table is settled."""
    four = mr.get_ruleset(name)
    hand = "333C 44B 555C 66C [777C J @{}]" if name == "flex" else "333D 5555D 999D [7777D @{}]"
    self_drawn = mr.WinContext(self_drawn=True)
    with pytest.raises(mr.SettlementError, match="the winner's own seat"):
        four.settle(four.evaluate(mr.Hand.parse(hand.format("E")), self_drawn))
    assert sum(four.settle(four.evaluate(mr.Hand.parse(hand.format("S")), self_drawn)).payments.values()) == 0
    three = mr.get_ruleset(name, players=3)
    with pytest.raises(mr.SettlementError, match="not at the table"):
        three.settle(three.evaluate(mr.Hand.parse(hand.format("N")), self_drawn))


@pytest.mark.parametrize(
    ("name", "hand"),
    [
        ("flex", "333C 44B 555C 666C 777C"),
        ("card-free", "333D 5555D 7777D 999D"),
        ("nmjl", "22B 4444B 66B 888B J GD GD"),
    ],
)
def test_the_winning_tile_is_one_of_the_hands_tiles(name: str, hand: str) -> None:
    """The tile a hand was won on is one of its tiles (as in Singapore): a context naming another
    is a ContextError, in ``evaluate`` and ``decompositions`` alike; one of the hand's tiles is
    fine."""
    ruleset: Any = mr.get_ruleset(name)
    with pytest.raises(mr.ContextError, match="not in the hand"):
        ruleset.evaluate(mr.Hand.parse(hand), mr.WinContext(winning_tile="1C"))
    with pytest.raises(mr.ContextError, match="not in the hand"):
        list(ruleset.decompositions(mr.Hand.parse(hand), mr.WinContext(winning_tile="1C")))
    tile = mr.Hand.parse(hand).tiles[0]
    assert ruleset.evaluate(mr.Hand.parse(hand), mr.WinContext(winning_tile=tile)).is_winning


def test_every_transfer_of_the_rulesets_has_a_stable_code() -> None:
    """Issue 22: a program reads why a seat pays from a stable code, not the English reason;
    the code survives the JSON round trip."""
    codes = {"hand-value", "discarder", "self-drawn", "several-winners", "paid-as-self-drawn", "pays-for-all"}
    cases = [
        ("flex", "333C 44B 555C 666C 777C", {"seat_wind": "E"}, "S"),
        ("flex", "333C 44B 555C 666C 777C", {"self_drawn": True}, None),
        ("card-free", "333D 5555D 7777D 999D", {"self_drawn": True}, None),
        ("nmjl", "22B 4444B 66B 888B J GD GD", {}, "S"),
        ("nmjl", "22B 4444B 66B 888B J GD GD", {"self_drawn": True}, None),
        ("singapore", "123C 456C 789C 234D 55B RF1 Cat", {"winning_tile": "5B"}, "S"),
        ("singapore", "19m19p19s12345677z", {"self_drawn": True}, None),
    ]
    seen = set()
    for name, hand, context, discarder in cases:
        ruleset: Any = mr.get_ruleset(name)
        settlement = ruleset.settle(ruleset.evaluate(hand, context), discarder=discarder)
        for transfer in settlement.transfers:
            assert transfer.code in codes, (name, transfer)
            seen.add(transfer.code)
        assert mr.from_dict(mr.to_dict(settlement)) == settlement
    assert {"hand-value", "discarder", "self-drawn"} <= seen
    singapore: Any = mr.get_ruleset("singapore")
    instant = singapore.instant_payment("cat and mouse", "S")
    assert {transfer.code for transfer in instant.transfers} == {"cat-and-mouse"}


def test_singapore_text_counts_doubles() -> None:
    """Issue 22: Singapore's rules count doubles, and its evaluations say so; other rulesets say
    points. The built-in table of units agrees with the ruleset class."""
    from mahjong_rules.ruleset import POINTS_UNITS
    from mahjong_rules.rulesets.singapore.ruleset import SingaporeRuleset

    assert POINTS_UNITS["singapore"] == SingaporeRuleset.points_unit == "double"
    singapore: Any = mr.get_ruleset("singapore")
    assert "Mahjong in singapore, 2 doubles" in str(singapore.evaluate("123C 456C 789C 234D 55B RF1 Cat"))
    assert "Mahjong in flex, 3 points" in str(mr.get_ruleset("flex").evaluate(mr.Hand.parse("333C 44B 555C 666C 777C")))
