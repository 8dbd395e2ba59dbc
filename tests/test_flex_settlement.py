"""Flex payouts: every losing player pays the hand value, the discarder pays double, and several
winners on one discard are each paid their value by every non-winner (ruling F12).

Sources: ``rules/flex-mahjong-rules.txt`` ("Rules"), ``rules/flex-mahjong-quick-reference.md``
("Quick reference") and the rulings of ``RULINGS.md``. Expected values come from the documents,
not from running the code.
"""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset

E, S, W, N = mr.Seat

SCORING_EXAMPLE = "333C 44B 555C 666C 777C"  # Mahjong + Concealed + Jokerless = 3 on a discard
FIVE_POINTS = "WD WD WD 3333D 666D 9999D"  # Mahjong, Suit Flush, Full Sequence, Concealed, Jokerless
FOUR_POINTS = "FFFFF 66B 8888B GD GD GD"  # Mahjong, Bouquet, Concealed, Jokerless


def flex(**options: Any) -> FlexRuleset:
    return FlexRuleset(FlexOptions(**options))


def evaluation(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    evaluated = flex(**options).evaluate(mr.Hand.parse(text), context)
    assert evaluated.is_winning, evaluated.reasons
    return evaluated


def won_by(seat: mr.Seat, text: str, **context: Any) -> mr.Evaluation:
    """The hand won by ``seat``: the win context names the winner's seat wind."""
    return evaluation(text, mr.WinContext(seat_wind=seat, **context))


def paid(settlement: mr.Settlement) -> dict[tuple[mr.Seat, mr.Seat], int]:
    """Each payer-to-payee amount."""
    amounts: dict[tuple[mr.Seat, mr.Seat], int] = {}
    for transfer in settlement.transfers:
        key = (transfer.payer, transfer.payee)
        amounts[key] = amounts.get(key, 0) + transfer.amount
    return amounts


def test_payout_example_ruling_f12() -> None:
    """Rules, Payout Example: 'the hand value was 3 points ... The player who discarded the tile
    that the winning player called for Mahjong pays the winner 6 quarters ($1.50) which is twice
    the hand value. The other two players pay 3 quarters ($0.75) each to the winner. The total paid
    to the winning player is 12 quarters ($3.00).' Ruling F12: the discarder of the winning tile
    pays double."""
    won = evaluation(SCORING_EXAMPLE)
    assert won.points == 3
    settlement = flex().settle(won, winner=E, discarder=S)
    assert dict(settlement.payments) == {E: 12, S: -6, W: -3, N: -3}
    assert paid(settlement) == {(S, E): 6, (W, E): 3, (N, E): 3}


@pytest.mark.parametrize(
    ("winner", "discarder", "payments"),
    [
        pytest.param(S, E, {S: 12, E: -6, W: -3, N: -3}, id="south-wins-east-discards"),
        pytest.param(W, N, {W: 12, N: -6, E: -3, S: -3}, id="west-wins-north-discards"),
        pytest.param(N, W, {N: 12, W: -6, E: -3, S: -3}, id="north-wins-west-discards"),
    ],
)
def test_discarder_pays_double_ruling_f12(winner: mr.Seat, discarder: mr.Seat, payments: dict[mr.Seat, int]) -> None:
    """Rules: 'If a player discarded the last tile called for Mahjong, that player pays the winner
    double the hand value.' Quick reference: 'If a player discarded the last tile called for
    Mahjong, that player pays the winner double the hand value.' Ruling F12."""
    settlement = flex().settle(won_by(winner, SCORING_EXAMPLE), winner=winner, discarder=discarder)
    assert dict(settlement.payments) == payments


def test_self_drawn_win_every_loser_pays_the_value_ruling_f12() -> None:
    """Rules: 'At the end of a round with a successful Mahjong hand, the value of the hand is paid
    to the winner by the other players' / 'Each losing player pays the winning player the hand
    value.' Quick reference: 'Losing players pay winning player the hand value'. Self-drawn, the
    scoring example is worth 4 (Self Draw), paid by each of the three others."""
    won = evaluation(SCORING_EXAMPLE, mr.WinContext(self_drawn=True))
    assert won.points == 4
    settlement = flex().settle(won, winner=E)
    assert dict(settlement.payments) == {E: 12, S: -4, W: -4, N: -4}


def test_one_point_is_one_token() -> None:
    """Rules: 'One point is worth one scoring token or one coin of whichever type you are using'.
    Quick reference: 'Each point is worth one scoring token or coin.' The amounts are the points;
    the payments sum to zero."""
    won = won_by(W, FIVE_POINTS)
    settlement = flex().settle(won, winner=W, discarder=E)
    assert sorted(transfer.amount for transfer in settlement.transfers) == [5, 5, 10]
    assert all(type(transfer.amount) is int for transfer in settlement.transfers)
    assert sum(settlement.payments.values()) == 0


def test_two_winners_on_one_discard_ruling_f12() -> None:
    """Rules: 'Sometimes the same discarded tile can complete a Mahjong hand for more than one
    player at the same time. When this happens, the players who did not have a winning hand pay
    the players who did have winning hands. The player who discards a tile that gives multiple
    players Mahjong only pays the hand value to each winning player, not double the hand value.'
    Ruling F12: every non-winner, discarder included, pays each winner that winner's hand value."""
    east, west = won_by(E, SCORING_EXAMPLE), won_by(W, FIVE_POINTS)
    assert (east.points, west.points) == (3, 5)
    settlement = flex().settle_several([(east, E), (west, W)], discarder=N)
    assert dict(settlement.payments) == {E: 6, W: 10, S: -8, N: -8}
    assert paid(settlement) == {(S, E): 3, (N, E): 3, (S, W): 5, (N, W): 5}


def test_three_winners_on_one_discard_ruling_f12() -> None:
    """Quick reference: 'If more than one player call Mahjong on the same discarded tile, the
    non-winning players pay the winning players, however the player who discarded the tile does
    not pay multiple players double.' Ruling F12: the discarder alone pays each winner's value."""
    wins = [(won_by(E, SCORING_EXAMPLE), E), (won_by(S, FIVE_POINTS), S), (won_by(W, FOUR_POINTS), W)]
    settlement = flex().settle_several(wins, discarder=N)
    assert dict(settlement.payments) == {E: 3, S: 5, W: 4, N: -12}


def test_several_winners_with_different_contexts_ruling_f12() -> None:
    """Ruling F12: each winner is paid that winner's own hand value (here one winner's Sunset win
    on the final discard is worth one more)."""
    first = won_by(S, SCORING_EXAMPLE, last_tile=True)
    second = won_by(N, SCORING_EXAMPLE)
    assert (first.points, second.points) == (4, 3)
    settlement = flex().settle_several([(first, S), (second, N)], discarder=W)
    assert dict(settlement.payments) == {S: 8, N: 6, E: -7, W: -7}


@pytest.mark.parametrize(
    ("wins", "discarder", "message"),
    [
        pytest.param([E, W], E, "East cannot win on their own discard", id="discarder-among-winners"),
        pytest.param([E, E], N, "each winner wins once: East, East", id="same-winner-twice"),
    ],
)
def test_several_winners_are_different_seats_from_the_discarder(
    wins: list[mr.Seat], discarder: mr.Seat, message: str
) -> None:
    """Rules: 'the same discarded tile can complete a Mahjong hand for more than one player': the
    winners are other players than the discarder, each once."""
    with pytest.raises(mr.SettlementError, match=message):
        flex().settle_several([(won_by(seat, SCORING_EXAMPLE), seat) for seat in wins], discarder=discarder)


def test_no_payout_without_mahjong() -> None:
    """Rules: 'If the round ends without a player making a winning Mahjong hand, no points are
    scored. This is called a Wall Game.' Only a winning hand is settled."""
    losing = flex().evaluate(mr.Hand.parse("111D 222C 333B 444D 55D"))
    assert not losing.is_winning
    with pytest.raises(mr.SettlementError, match="winning"):
        flex().settle(losing, winner=E, discarder=S)


def test_winner_does_not_discard_to_themselves() -> None:
    """Rules: 'If a player discarded the last tile called for Mahjong' is another player than the
    winner."""
    with pytest.raises(mr.SettlementError, match="own discard"):
        flex().settle(evaluation(SCORING_EXAMPLE), winner=E, discarder=E)


def test_seats_in_turn_order_ruling_t4() -> None:
    """Ruling T4: seats are East, South, West, North in turn order. Rules: 'Four players sit at a
    square table.'"""
    assert flex().seats == (E, S, W, N)


@pytest.mark.parametrize(
    ("players", "seats", "discarder", "payments"),
    [
        pytest.param(3, (E, S, W), S, {E: 9, S: -6, W: -3}, id="three-players-discard"),
        pytest.param(3, (E, S, W), None, {E: 8, S: -4, W: -4}, id="three-players-self-drawn"),
        pytest.param(2, (E, S), S, {E: 6, S: -6}, id="two-players-discard"),
        pytest.param(2, (E, S), None, {E: 4, S: -4}, id="two-players-self-drawn"),
    ],
)
def test_fewer_players_ruling_t4(
    players: int, seats: tuple[mr.Seat, ...], discarder: mr.Seat | None, payments: dict[mr.Seat, int]
) -> None:
    """Rules: 'Two Players: Play with the same rules above' / 'Three Players: Play with the same
    rules above' / 'Each losing player pays the winning player the hand value.' / 'If a player
    discarded the last tile called for Mahjong, that player pays the winner double the hand
    value.' Ruling T4: seats in turn order. The scoring example is worth 3 on a discard, 4
    self-drawn."""
    ruleset = flex(players=players)
    assert ruleset.seats == seats
    won = ruleset.evaluate(mr.Hand.parse(SCORING_EXAMPLE), mr.WinContext(self_drawn=discarder is None))
    assert won.points == (4 if discarder is None else 3)
    settlement = ruleset.settle(won, winner=E, discarder=discarder)
    assert dict(settlement.payments) == payments


def test_fewer_players_several_winners_ruling_f12() -> None:
    """Ruling F12 at a three-player table: the discarder is the only non-winner and pays each
    winner that winner's value."""
    ruleset = flex(players=3)
    east = ruleset.evaluate(mr.Hand.parse(SCORING_EXAMPLE), mr.WinContext(seat_wind=E))
    south = ruleset.evaluate(mr.Hand.parse(FIVE_POINTS), mr.WinContext(seat_wind=S))
    settlement = ruleset.settle_several([east, south], discarder=W)
    assert dict(settlement.payments) == {E: 3, S: 5, W: -8}


def test_seat_not_at_the_table() -> None:
    """Ruling T4 with three players: East, South, West; North is not at the table."""
    ruleset = flex(players=3)
    won = ruleset.evaluate(mr.Hand.parse(SCORING_EXAMPLE), mr.WinContext(seat_wind=N))
    with pytest.raises(mr.SettlementError, match="not at the table: the seats are East, South, West"):
        ruleset.settle(won, winner=N, discarder=E)
    won = ruleset.evaluate(mr.Hand.parse(SCORING_EXAMPLE))
    with pytest.raises(mr.SettlementError, match="discarder North is not at the table"):
        ruleset.settle(won, discarder=N)
