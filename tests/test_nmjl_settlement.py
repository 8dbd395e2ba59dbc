"""Card (``nmjl``) payouts: every other player pays the line's value, the discarder double, a
self-drawn win double from everyone, a jokerless hand doubled but for Singles and Pairs lines, each
multiplier an option; tables of 2 and 3; and the settlement contract.

Sources: ruling N5 of ``RULINGS.md`` ('Payouts by default: every non-winner pays the line value, the
discarder pays double, a self-drawn win makes every non-winner pay double, and a jokerless hand
doubles the value except on Singles and Pairs lines. Each multiplier is an option.'), T4, and L2 of
``docs/rulings.rst``. Every amount is worked out by hand in the comments. The card lines are
invented (ruling N1).
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset

E, S, W, N = mr.Seat

CARD_TEXT = """\
format = 1
name = "Settlement card"
[[section]]
name = "2468"
lines = [
  { hand = "222x 444x 6666x 8888x", value = 25 },
]
[[section]]
name = "Singles and Pairs"
lines = [
  { hand = "FF 22x 44x 66x 88x 66y 88y", value = 50, concealed = true },
]
"""
CARD = mr.parse_card(CARD_TEXT)

WITH_A_JOKER = "222B 444B 6666B 888B J"  # 25: a joker, not doubled
JOKERLESS = "222B 444B 6666B 8888B"  # 25 doubled: 50
PAIRS = "FF 22B 44B 66B 88B 66C 88C"  # Singles and Pairs, 50: not doubled


def nmjl(**options: Any) -> NmjlRuleset:
    ruleset = mr.get_ruleset("nmjl", card=options.pop("card", CARD), **options)
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


def won_by(seat: mr.Seat, hand: str, *, self_drawn: bool = False, **options: Any) -> mr.Evaluation:
    """The hand won by ``seat`` (the win context names the winner's seat wind, ruling L2)."""
    evaluation = nmjl(**options).evaluate(hand, mr.WinContext(seat_wind=seat, self_drawn=self_drawn))
    assert evaluation.is_winning, evaluation.reasons
    return evaluation


def paid(settlement: mr.Settlement) -> dict[tuple[mr.Seat, mr.Seat], int]:
    amounts: dict[tuple[mr.Seat, mr.Seat], int] = {}
    for transfer in settlement.transfers:
        key = (transfer.payer, transfer.payee)
        amounts[key] = amounts.get(key, 0) + transfer.amount
    return amounts


# -- the default payouts ---------------------------------------------------------------------------


def test_discard_win_discarder_pays_double_ruling_n5() -> None:
    """Ruling N5: 'every non-winner pays the line value, the discarder pays double'. 25 (a joker):
    South discarded, 50; West and North 25; East +100."""
    evaluation = won_by(E, WITH_A_JOKER)
    assert evaluation.points == 25
    settlement = nmjl().settle(evaluation, discarder=S)
    assert paid(settlement) == {(S, E): 50, (W, E): 25, (N, E): 25}
    assert dict(settlement.payments) == {E: 100, S: -50, W: -25, N: -25}


def test_jokerless_discard_win_ruling_n5() -> None:
    """Ruling N5: 'a jokerless hand doubles the value': 25 x 2 = 50; North discarded: 100; South and
    West 50; East +200."""
    evaluation = won_by(E, JOKERLESS)
    assert evaluation.points == 50
    assert dict(nmjl().settle(evaluation, discarder=N).payments) == {E: 200, S: -50, W: -50, N: -100}


def test_self_drawn_everyone_pays_double_ruling_n5() -> None:
    """Ruling N5: 'a self-drawn win makes every non-winner pay double': 25 x 2 from each of three,
    East +150."""
    evaluation = won_by(E, WITH_A_JOKER, self_drawn=True)
    assert evaluation.points == 25
    settlement = nmjl().settle(evaluation)
    assert paid(settlement) == {(S, E): 50, (W, E): 50, (N, E): 50}
    assert dict(settlement.payments) == {E: 150, S: -50, W: -50, N: -50}


def test_jokerless_self_drawn_ruling_n5() -> None:
    """Ruling N5, both doublings: 25 x 2 = 50 for no jokers, paid double by each: 100 each, +300."""
    evaluation = won_by(E, JOKERLESS, self_drawn=True)
    assert dict(nmjl().settle(evaluation).payments) == {E: 300, S: -100, W: -100, N: -100}


@pytest.mark.parametrize(
    ("self_drawn", "payments"),
    [
        # 50: West discarded, 100; East and North 50
        pytest.param(False, {S: 200, W: -100, E: -50, N: -50}, id="on-west-discard"),
        pytest.param(True, {S: 300, W: -100, E: -100, N: -100}, id="self-drawn"),
    ],
)
def test_singles_and_pairs_not_doubled_ruling_n5(self_drawn: bool, payments: dict[mr.Seat, int]) -> None:
    """Ruling N5: '... doubles the value except on Singles and Pairs lines': a jokerless hand on the
    Singles and Pairs line is worth its value, 50; the discarder and self-drawn doublings still
    apply."""
    evaluation = won_by(S, PAIRS, self_drawn=self_drawn)
    assert evaluation.points == 50
    settlement = nmjl().settle(evaluation, discarder=None if self_drawn else W)
    assert dict(settlement.payments) == payments


@pytest.mark.parametrize(
    ("winner", "discarder", "payments"),
    [
        pytest.param(S, E, {S: 100, E: -50, W: -25, N: -25}, id="south-wins-east-discards"),
        pytest.param(W, N, {W: 100, N: -50, E: -25, S: -25}, id="west-wins-north-discards"),
        pytest.param(N, W, {N: 100, W: -50, E: -25, S: -25}, id="north-wins-west-discards"),
    ],
)
def test_every_seat_ruling_n5(winner: mr.Seat, discarder: mr.Seat, payments: dict[mr.Seat, int]) -> None:
    """Ruling N5 from every seat: 25, the discarder 50, the other two 25 each."""
    settlement = nmjl().settle(won_by(winner, WITH_A_JOKER), winner=winner, discarder=discarder)
    assert dict(settlement.payments) == payments
    assert sum(settlement.payments.values()) == 0


# -- the multipliers are options -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "hand", "self_drawn", "payments"),
    [
        # discarder x3: South 75, West and North 25
        pytest.param(
            {"discarder_multiplier": 3}, WITH_A_JOKER, False, {E: 125, S: -75, W: -25, N: -25}, id="discarder-x3"
        ),
        # discarder x1: everyone 25
        pytest.param(
            {"discarder_multiplier": 1}, WITH_A_JOKER, False, {E: 75, S: -25, W: -25, N: -25}, id="discarder-x1"
        ),
        # self-drawn x1: everyone 25
        pytest.param(
            {"self_drawn_multiplier": 1}, WITH_A_JOKER, True, {E: 75, S: -25, W: -25, N: -25}, id="self-drawn-x1"
        ),
        # self-drawn x3 on the jokerless 50: 150 each
        pytest.param(
            {"self_drawn_multiplier": 3}, JOKERLESS, True, {E: 450, S: -150, W: -150, N: -150}, id="self-drawn-x3"
        ),
        # jokerless x3: 75; South discarded 150, the others 75
        pytest.param(
            {"jokerless_multiplier": 3}, JOKERLESS, False, {E: 300, S: -150, W: -75, N: -75}, id="jokerless-x3"
        ),
        # jokerless x1: 25; South 50, the others 25
        pytest.param(
            {"jokerless_multiplier": 1}, JOKERLESS, False, {E: 100, S: -50, W: -25, N: -25}, id="jokerless-x1"
        ),
        # all three x1: 25 from each
        pytest.param(
            {"jokerless_multiplier": 1, "discarder_multiplier": 1, "self_drawn_multiplier": 1},
            JOKERLESS,
            False,
            {E: 75, S: -25, W: -25, N: -25},
            id="no-multipliers",
        ),
    ],
)
def test_each_multiplier_an_option_ruling_n5(
    options: dict[str, int], hand: str, self_drawn: bool, payments: dict[mr.Seat, int]
) -> None:
    """Ruling N5: 'Each multiplier is an option.'"""
    evaluation = won_by(E, hand, self_drawn=self_drawn, **options)
    settlement = nmjl(**options).settle(evaluation, discarder=None if self_drawn else S)
    assert dict(settlement.payments) == payments


@pytest.mark.parametrize(
    "options",
    [
        {"jokerless_multiplier": 0},
        {"discarder_multiplier": 0},
        {"self_drawn_multiplier": 11},
        {"jokers": 9},
        {"players": 5},
        {"players": 1},
    ],
)
def test_option_values_out_of_range(options: dict[str, int]) -> None:
    """The multipliers are multipliers (1 leaves the value as it is); 8 jokers or 10 ('2 additional
    jokers (for a total of 10 jokers)'); 'Typically, Mahjong is a 4-person game; however, with slight
    variations, you can play with 3 or 2 players.'"""
    with pytest.raises(ValueError, match=next(iter(options))):
        nmjl(**options)


# -- tables of three and two -----------------------------------------------------------------------


def test_seats_in_turn_order_ruling_t4() -> None:
    """Ruling T4: 'Seats are East, South, West, North in turn order.' Guide: 'you can play with 3 or
    2 players'."""
    assert nmjl().seats == (E, S, W, N)
    assert nmjl(players=3).seats == (E, S, W)
    assert nmjl(players=2).seats == (E, S)


@pytest.mark.parametrize(
    ("players", "hand", "self_drawn", "discarder", "payments"),
    [
        # 25: South discarded 50, West 25
        pytest.param(3, WITH_A_JOKER, False, S, {E: 75, S: -50, W: -25}, id="three-on-a-discard"),
        # 25 x 2 from each of the two others
        pytest.param(3, WITH_A_JOKER, True, None, {E: 100, S: -50, W: -50}, id="three-self-drawn"),
        # 50: the only other player discarded, 100
        pytest.param(2, JOKERLESS, False, S, {E: 100, S: -100}, id="two-on-a-discard"),
        pytest.param(2, JOKERLESS, True, None, {E: 100, S: -100}, id="two-self-drawn"),
        pytest.param(2, WITH_A_JOKER, False, S, {E: 50, S: -50}, id="two-with-a-joker"),
    ],
)
def test_fewer_players_ruling_n5(
    players: int, hand: str, self_drawn: bool, discarder: mr.Seat | None, payments: dict[mr.Seat, int]
) -> None:
    """Ruling N5: 'every non-winner pays the line value, the discarder pays double, a self-drawn win
    makes every non-winner pay double', at a table of 3 or 2."""
    evaluation = won_by(E, hand, self_drawn=self_drawn, players=players)
    settlement = nmjl(players=players).settle(evaluation, discarder=discarder)
    assert dict(settlement.payments) == payments


# -- the settlement contract (ruling L2) -----------------------------------------------------------


def test_evaluation_of_another_card() -> None:
    """Ruling N1: the card is data the user supplies: an evaluation made with another card is not
    settled (the other card's lines, values and multipliers may differ), even when the hand wins on
    both."""
    other = mr.parse_card(CARD_TEXT.replace("value = 25", "value = 30"))
    evaluation = won_by(E, JOKERLESS, card=other)
    assert evaluation.points == 60
    with pytest.raises(mr.SettlementError, match="other options"):
        nmjl().settle(evaluation, discarder=S)
    assert dict(nmjl(card=other).settle(evaluation, discarder=S).payments)[E] == 240


def test_same_card_read_twice_settles() -> None:
    """The same card, read again from the same text, is the same card: the evaluation settles."""
    evaluation = won_by(E, JOKERLESS, card=mr.parse_card(CARD_TEXT))
    assert dict(nmjl().settle(evaluation, discarder=S).payments)[E] == 200


@pytest.mark.parametrize(
    "options",
    [{"jokerless_multiplier": 3}, {"discarder_multiplier": 3}, {"self_drawn_multiplier": 1}, {"jokers": 10}],
)
def test_evaluation_under_other_options_ruling_l2(options: dict[str, int]) -> None:
    """Ruling L2: the evaluation must come from a ruleset with the same options."""
    evaluation = won_by(E, JOKERLESS, self_drawn=False, **options)
    with pytest.raises(mr.SettlementError, match="other options"):
        nmjl().settle(evaluation, discarder=S)


def test_evaluation_of_another_ruleset_ruling_l2() -> None:
    """Ruling L2: settlement never pays for another ruleset's evaluation."""
    card_free = mr.get_ruleset("card-free").evaluate(mr.Hand.parse("333D 5555D 7777D 999D"))
    assert card_free.is_winning
    with pytest.raises(mr.SettlementError, match="'card-free'"):
        nmjl().settle(card_free, discarder=S)


def test_no_discarder_for_a_self_drawn_win_ruling_l2() -> None:
    """Ruling L2: the discarder is named exactly when the context says the hand was won on a
    discard; a self-drawn win has none."""
    with pytest.raises(mr.SettlementError, match="self-drawn"):
        nmjl().settle(won_by(E, WITH_A_JOKER, self_drawn=True), discarder=S)


def test_a_discarder_for_a_discard_win_ruling_l2() -> None:
    """Ruling L2: a win on a discard names its discarder (who pays double, ruling N5)."""
    with pytest.raises(mr.SettlementError, match="name the discarder"):
        nmjl().settle(won_by(E, WITH_A_JOKER))


def test_winner_is_the_context_seat_ruling_l2() -> None:
    """Ruling L2: the winner is the context's seat wind."""
    with pytest.raises(mr.SettlementError, match="seat_wind"):
        nmjl().settle(won_by(E, WITH_A_JOKER), winner=W, discarder=S)


def test_winner_does_not_discard_to_themselves() -> None:
    """Ruling N5: 'the discarder pays double': another player than the winner."""
    with pytest.raises(mr.SettlementError, match="own discard"):
        nmjl().settle(won_by(E, WITH_A_JOKER), discarder=E)


def test_seat_not_at_the_table_ruling_t4() -> None:
    """Ruling T4 with three players: East, South, West; North is not at the table."""
    evaluation = won_by(E, WITH_A_JOKER, players=3)
    with pytest.raises(mr.SettlementError, match="not at the table"):
        nmjl(players=3).settle(evaluation, discarder=N)


def test_no_payout_without_mahjong() -> None:
    """Guide: 'It is possible for all of the tiles to be drawn and no one completes a winning line.
    In this situation, this is called a "wall game" and no one wins': only a winning hand is paid."""
    losing = nmjl().evaluate("222B 444B 6666B 888B N")
    assert not losing.is_winning
    with pytest.raises(mr.SettlementError, match="winning"):
        nmjl().settle(losing, discarder=S)


def test_settle_takes_an_evaluation() -> None:
    with pytest.raises(TypeError):
        nmjl().settle("222B 444B 6666B 8888B", discarder=S)  # type: ignore[arg-type]
