"""Card-Free payouts: every losing player pays the hand's value, the discarder of the winning tile
pays double (Dragon hands too), several winners on one discard, and the settlement contract.

Sources: ``rules/card-free-american-rules.md`` ("Rules", "PAYING" THE WINNER and the scoring
example), the rulings C7, C8, T4 of ``RULINGS.md`` and L2 of ``docs/rulings.rst``. Expected values
come from the document, derived by hand in the comments, not from running the code.
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset

E, S, W, N = mr.Seat

# The document's example: Run 7-8-9 plus a Red Dragon, 2 Pungs 2 Kongs, a Pung exposed, no jokers:
# 25 doubled once, 50 on a discard; self-drawn, doubled twice, 100.
EXAMPLE = "888B 9999B RDRDRDRD [777B]"
# Consecutive Odds 3-5-7-9 in Dots, concealed, no jokers: (25 + Set 5 + Suit 5 + Concealed 10) x 2 = 90.
ODDS = "333D 5555D 7777D 999D"
WINGS = "GDGDGDGD RDRDRDRD WDWDWDWD 1B 1B"  # Dragon's Wings: 50
BREATH = "GDGD RDRD WDWD NN EE WW SS"  # Dragon's Breath: 100 on a discard


def card_free(**options: Any) -> CardFreeRuleset:
    return CardFreeRuleset(CardFreeOptions(**options))


def won_by(seat: mr.Seat, text: str, *, self_drawn: bool = False, **options: Any) -> mr.Evaluation:
    """The hand won by ``seat`` (the win context names the winner's seat wind, ruling L2)."""
    evaluation = card_free(**options).evaluate(
        mr.Hand.parse(text), mr.WinContext(seat_wind=seat, self_drawn=self_drawn)
    )
    assert evaluation.is_winning, evaluation.reasons
    return evaluation


def paid(settlement: mr.Settlement) -> dict[tuple[mr.Seat, mr.Seat], int]:
    amounts: dict[tuple[mr.Seat, mr.Seat], int] = {}
    for transfer in settlement.transfers:
        key = (transfer.payer, transfer.payee)
        amounts[key] = amounts.get(key, 0) + transfer.amount
    return amounts


def test_scoring_example_payouts_ruling_c7() -> None:
    """Rules: 'Final Score: 50 points / Payouts: Player who discarded last tile drawn by winner for
    Mah Jongg pays 100 points to the winner. The other two players pay 50 points to the winner.'
    Ruling C7: every non-winner pays the score; the discarder pays double."""
    evaluation = won_by(E, EXAMPLE)
    assert evaluation.points == 50
    settlement = card_free().settle(evaluation, discarder=S)
    assert paid(settlement) == {(S, E): 100, (W, E): 50, (N, E): 50}
    assert dict(settlement.payments) == {E: 200, S: -100, W: -50, N: -50}


@pytest.mark.parametrize(
    ("winner", "discarder", "payments"),
    [
        # 90: the discarder 180, the two others 90 each.
        pytest.param(S, E, {S: 360, E: -180, W: -90, N: -90}, id="south-wins-east-discards"),
        pytest.param(W, N, {W: 360, N: -180, E: -90, S: -90}, id="west-wins-north-discards"),
        pytest.param(N, W, {N: 360, W: -180, E: -90, S: -90}, id="north-wins-west-discards"),
        pytest.param(E, N, {E: 360, N: -180, S: -90, W: -90}, id="east-wins-north-discards"),
    ],
)
def test_every_loser_pays_the_discarder_double_ruling_c7(
    winner: mr.Seat, discarder: mr.Seat, payments: dict[mr.Seat, int]
) -> None:
    """Rules: 'Players start the game with a certain amount of points or chips or money, then losing
    players in a hand pay the winning player based on the value of the winning hand. Each losing
    player pays the winner an amount equal to the value of their winning hand. If the winner calls a
    discarded tile for the last tile needed for Mah Jongg, the player who discarded that tile pays
    double the points to the winner.' Ruling C7."""
    settlement = card_free().settle(won_by(winner, ODDS), winner=winner, discarder=discarder)
    assert dict(settlement.payments) == payments
    assert sum(settlement.payments.values()) == 0


def test_self_drawn_every_loser_pays_the_value_ruling_c7() -> None:
    """Rules: 'Each losing player pays the winner an amount equal to the value of their winning
    hand.' / 'If the winner draws the winning tile from the wall ... the points ... are doubled.'
    The example self-drawn: 25, doubled twice, 100, from each of the three others; nobody pays
    double."""
    evaluation = won_by(E, EXAMPLE, self_drawn=True)
    assert evaluation.points == 100
    settlement = card_free().settle(evaluation)
    assert paid(settlement) == {(S, E): 100, (W, E): 100, (N, E): 100}
    assert dict(settlement.payments) == {E: 300, S: -100, W: -100, N: -100}


@pytest.mark.parametrize(
    ("text", "value"),
    [pytest.param(WINGS, 50, id="wings"), pytest.param(BREATH, 100, id="breath")],
)
def test_dragon_hands_discarder_pays_double_ruling_c8(text: str, value: int) -> None:
    """Rules: 'Dragon Hands have a set point value and bonuses are not applied, however the rules for
    opponents paying double do apply to Dragon Hands.' Ruling C8: the discarder still pays double."""
    evaluation = won_by(W, text)
    assert evaluation.points == value
    settlement = card_free().settle(evaluation, discarder=N)
    assert paid(settlement) == {(N, W): 2 * value, (E, W): value, (S, W): value}


def test_dragon_hand_self_drawn_ruling_c8() -> None:
    """Ruling C8: Dragon hands have fixed values, no score doubling: Dragon's Wings self-drawn is 50
    from each of the others."""
    evaluation = won_by(S, WINGS, self_drawn=True)
    assert evaluation.points == 50
    assert dict(card_free().settle(evaluation).payments) == {S: 150, E: -50, W: -50, N: -50}


def test_two_winners_on_one_discard() -> None:
    """Several players win on one discard (a table that lets them): every non-winner, the discarder
    included, pays each winner that winner's value, nobody double (as ruling F12 for Flex). East
    wins the example (50) and West Odds 3-5-7-9 (90) on North's discard."""
    east, west = won_by(E, EXAMPLE), won_by(W, ODDS)
    settlement = card_free().settle_several([(east, E), (west, W)], discarder=N)
    assert paid(settlement) == {(S, E): 50, (N, E): 50, (S, W): 90, (N, W): 90}
    assert dict(settlement.payments) == {E: 100, W: 180, S: -140, N: -140}


def test_three_winners_on_one_discard() -> None:
    """Every non-winner pays each winner that winner's value: with three winners the discarder alone
    pays, 50 + 90 + 50."""
    wins = [won_by(E, EXAMPLE), won_by(S, ODDS), won_by(W, WINGS)]
    settlement = card_free().settle_several(wins, discarder=N)
    assert dict(settlement.payments) == {E: 50, S: 90, W: 50, N: -190}


def test_seats_in_turn_order_ruling_t4() -> None:
    """Ruling T4: seats are East, South, West, North in turn order."""
    assert card_free().seats == (E, S, W, N)
    assert card_free(players=3).seats == (E, S, W)
    assert card_free(players=2).seats == (E, S)


@pytest.mark.parametrize(
    ("players", "discarder", "payments"),
    [
        pytest.param(3, S, {E: 150, S: -100, W: -50}, id="three-players-discard"),
        pytest.param(2, S, {E: 100, S: -100}, id="two-players-discard"),
    ],
)
def test_fewer_players_ruling_c7(players: int, discarder: mr.Seat, payments: dict[mr.Seat, int]) -> None:
    """Rules: 'Each losing player pays the winner an amount equal to the value of their winning hand'
    / 'the player who discarded that tile pays double'. With fewer players, each other player pays
    (the example, 50)."""
    evaluation = won_by(E, EXAMPLE, players=players)
    assert dict(card_free(players=players).settle(evaluation, discarder=discarder).payments) == payments


# -- the settlement contract (ruling L2) -----------------------------------------------------------


def test_no_discarder_for_a_self_drawn_win_ruling_l2() -> None:
    """Ruling L2: the discarder is named exactly when the context says the hand was won on a
    discard; a settlement that contradicts the evaluation is an error."""
    with pytest.raises(mr.SettlementError, match="self-drawn"):
        card_free().settle(won_by(E, EXAMPLE, self_drawn=True), discarder=S)


def test_a_discarder_for_a_discard_win_ruling_l2() -> None:
    """Ruling L2: a win on a discard names its discarder."""
    with pytest.raises(mr.SettlementError, match="name the discarder"):
        card_free().settle(won_by(E, EXAMPLE))


def test_winner_is_the_context_seat_ruling_l2() -> None:
    """Ruling L2: the winner is the context's seat wind."""
    with pytest.raises(mr.SettlementError, match="seat_wind"):
        card_free().settle(won_by(E, EXAMPLE), winner=W, discarder=S)


def test_winner_does_not_discard_to_themselves() -> None:
    """Rules: 'the player who discarded that tile pays double the points to the winner': another
    player than the winner."""
    with pytest.raises(mr.SettlementError, match="own discard"):
        card_free().settle(won_by(E, EXAMPLE), discarder=E)


def test_evaluation_under_other_options_ruling_l2() -> None:
    """Ruling L2: the evaluation must come from a ruleset with the same options."""
    evaluation = won_by(E, EXAMPLE, skill_level=1)
    with pytest.raises(mr.SettlementError, match="other options"):
        card_free().settle(evaluation, discarder=S)
    assert dict(card_free(skill_level=1).settle(evaluation, discarder=S).payments)[E] == 200


def test_evaluation_of_another_ruleset_ruling_l2() -> None:
    """Ruling L2: settlement never pays for another ruleset's evaluation."""
    flex = FlexRuleset(FlexOptions()).evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    assert flex.is_winning
    with pytest.raises(mr.SettlementError, match="'flex'"):
        card_free().settle(flex, discarder=S)


def test_no_payout_without_mah_jongg() -> None:
    """Rules: 'losing players in a hand pay the winning player': only a winning hand is paid (a woven
    hand is not one)."""
    losing = card_free().evaluate(mr.Hand.parse("333C 5555D 7777C 999D"))
    assert not losing.is_winning
    with pytest.raises(mr.SettlementError, match="winning"):
        card_free().settle(losing, discarder=S)


def test_seat_not_at_the_table() -> None:
    """Ruling T4 with three players: East, South, West; North is not at the table."""
    evaluation = won_by(E, EXAMPLE, players=3)
    with pytest.raises(mr.SettlementError, match="not at the table"):
        card_free(players=3).settle(evaluation, discarder=N)


def test_several_winners_contract() -> None:
    """Several winners on one discard: the discarder is not a winner, each winner wins once, and the
    wins are winning evaluations of this ruleset under its options."""
    game = card_free()
    with pytest.raises(mr.SettlementError, match="own discard"):
        game.settle_several([won_by(E, EXAMPLE), won_by(W, ODDS)], discarder=E)
    with pytest.raises(mr.SettlementError, match="each winner wins once"):
        game.settle_several([won_by(E, EXAMPLE), won_by(E, ODDS)], discarder=N)
    with pytest.raises(mr.SettlementError, match="other options"):
        game.settle_several([won_by(E, EXAMPLE, skill_level=1)], discarder=N)
    with pytest.raises(mr.SettlementError, match="at least one win"):
        game.settle_several([], discarder=N)
