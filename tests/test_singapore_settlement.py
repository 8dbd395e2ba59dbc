"""Singapore payments: the value of a win and who pays it (the document's "How do you score?"),
the instant payments, the pay-all situations with their options, the help menu's pay-all warnings,
three players, and the settlement contract.

Sources: ``rules/singapore-mahjong-rules.txt`` lines 278-376 (cited as "line N") and the rulings
S1, S8, S9, S13, S16, S18, S19 and T4 of ``RULINGS.md``. Every expected amount is worked out by hand
from them in a comment, not taken from running the code: a hand of d doubles is worth 2**d points
(line 291), the discarder pays double (lines 293-295), everyone pays double when self-drawn (line
293), and a liable player pays every loser's share (ruling S18).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.singapore import SingaporeOptions, SingaporeRuleset

E, S, W, N = mr.Seat
DEFAULT = SingaporeRuleset(SingaporeOptions())

# 3 doubles (Red Dragon 1 + Green Dragon 1 + Cat 1; Craks, Dots and Bams: no colour), all
# concealed: 2**3 = 8 points.
THREE = "RDRDRD GDGDGD 123C 456D 77B Cat"
# 0 doubles (a pong, three chows, three suits): 2**0 = 1 point, with a minimum of 0.
ZERO = "111C 234D 567D 789B 55B"
# 1 double (Red Dragon): 2 points.
ONE = "RDRDRD 234D 567D 789B 55B"
WONDERS = "1B 9B 1C 9C 1D 9D E S W N RD GD WD WD"


def ruleset(**options: Any) -> SingaporeRuleset:
    return SingaporeRuleset(SingaporeOptions(**options)) if options else DEFAULT


def won_by(
    seat: mr.Seat, text: str, *, prevailing: mr.Seat = E, options: dict[str, Any] | None = None, **context: Any
) -> mr.Evaluation:
    """The hand won by ``seat`` (the win context's seat wind) as ``context`` says."""
    win = mr.WinContext(seat_wind=seat, prevailing_wind=prevailing, **context)
    evaluation = ruleset(**(options or {})).evaluate(text, win)
    assert evaluation.is_winning, (text, evaluation.reasons)
    return evaluation


def settle(
    evaluation: mr.Evaluation, discarder: mr.Seat | None = None, *, options: dict[str, Any] | None = None
) -> mr.Settlement:
    """The settlement, checked: it sums to zero, and every transfer says why."""
    settlement = ruleset(**(options or {})).settle(evaluation, discarder=discarder)
    assert sum(settlement.payments.values()) == 0
    assert all(transfer.reason for transfer in settlement.transfers)
    assert all(transfer.payee is evaluation.context.seat_wind for transfer in settlement.transfers)
    return settlement


def net(settlement: mr.Settlement) -> dict[mr.Seat, int]:
    return dict(settlement.payments)


def paid(settlement: mr.Settlement) -> dict[mr.Seat, int]:
    """What each payer paid in all."""
    amounts: dict[mr.Seat, int] = {}
    for transfer in settlement.transfers:
        amounts[transfer.payer] = amounts.get(transfer.payer, 0) + transfer.amount
    return amounts


def pays_for_all(settlement: mr.Settlement, payer: mr.Seat, amount: int, *scenarios: str) -> None:
    """Ruling S18: the liable player pays every loser's share in one transfer; the others pay
    nothing. The transfer names the scenario (one of ``scenarios``)."""
    assert len(settlement.transfers) == 1, settlement
    (transfer,) = settlement.transfers
    assert (transfer.payer, transfer.amount) == (payer, amount)
    assert any(scenario in transfer.reason.lower() for scenario in scenarios), transfer.reason


# -- how do you score? (lines 278-302) ---------------------------------------------------------------


def test_worked_example_on_a_discard_ruling_s1() -> None:
    """Lines 295-297: 'Example, player 1 wins the game with 3 doubles and Player 2 discarded the
    winning tile. Player 1 receives 16 points from Player 2 and 8 points (1 x 2 x 2 x 2) from the
    rest of the Players.' East wins, South discards: 16, 8, 8; East +32."""
    evaluation = won_by(E, THREE)
    assert evaluation.points == 3
    settlement = settle(evaluation, S)
    assert paid(settlement) == {S: 16, W: 8, N: 8}
    assert net(settlement) == {E: 32, S: -16, W: -8, N: -8}


def test_worked_example_self_drawn_ruling_s1() -> None:
    """Lines 297-299: 'if Player 1 wins the game with 3 doubles and player 1 picked the winning tile
    from the unused tiles, then Player 1 receive 16 points from each player.' 3 x 16 = 48."""
    settlement = settle(won_by(E, THREE, self_drawn=True))
    assert paid(settlement) == {S: 16, W: 16, N: 16}
    assert net(settlement) == {E: 48, S: -16, W: -16, N: -16}


@pytest.mark.parametrize(
    ("winner", "discarder", "expected"),
    [
        pytest.param(S, E, {S: 32, E: -16, W: -8, N: -8}, id="south-wins-east-discards"),
        pytest.param(W, N, {W: 32, N: -16, E: -8, S: -8}, id="west-wins-north-discards"),
        pytest.param(N, W, {N: 32, W: -16, E: -8, S: -8}, id="north-wins-west-discards"),
    ],
)
def test_every_seat_pays_the_same_way(winner: mr.Seat, discarder: mr.Seat, expected: dict[mr.Seat, int]) -> None:
    """Lines 291-295: the points 'received by the winning player from each player', the discarder
    paying double, whoever wins (the hand's 3 doubles do not depend on the seat: 8, 16)."""
    assert net(settle(won_by(winner, THREE), discarder)) == expected


def test_no_doubles_one_point_from_each_player() -> None:
    """Lines 288-291: 'If they have no doubles they receive 1 point from each player. By default this
    cannot happen in the game because the minimum doubles limit to win the game is set to one.'
    With a minimum of 0, a hand of 0 doubles on South's discard: West and North pay 1; South pays
    double (lines 293-295), 2. Self-drawn, everyone pays double: 2 each."""
    options = {"min_doubles": 0}
    evaluation = won_by(E, ZERO, options=options)
    assert evaluation.points == 0
    assert paid(settle(evaluation, S, options=options)) == {S: 2, W: 1, N: 1}
    self_drawn = won_by(E, ZERO, options=options, self_drawn=True)
    assert paid(settle(self_drawn, options=options)) == {S: 2, W: 2, N: 2}
    assert not DEFAULT.evaluate(ZERO).is_winning


@pytest.mark.parametrize(
    ("winner", "discarder"),
    [pytest.param(E, W, id="east-wins-west-discards"), pytest.param(N, S, id="north-wins-south-discards")],
)
def test_13_wonders_is_paid_as_self_drawn_ruling_s1(winner: mr.Seat, discarder: mr.Seat) -> None:
    """Lines 301-302: 'When a player wins with a 13 Wonders Game, the scoring is treated as if he
    picked the winning tile himself, even if the winning tile was thrown by another player.' Ruling
    S1. 5 doubles: 32; every player pays double, 64; the winner +192."""
    evaluation = won_by(winner, WONDERS, winning_tile="WD")
    assert evaluation.points == 5
    settlement = settle(evaluation, discarder)
    assert paid(settlement) == {seat: 64 for seat in mr.Seat if seat is not winner}
    assert net(settlement)[winner] == 3 * 64


def test_eight_flowers_self_drawn_ruling_s16() -> None:
    """Ruling S16: eight flowers win at once and are paid as self-drawn. Seat East, 8 flowers and
    14 other tiles: RF1 + BF1 + two sets + 5 = 9, capped at 5: 32; each pays 64."""
    evaluation = won_by(E, "RF1 RF2 RF3 RF4 BF1 BF2 BF3 BF4 1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D 5D E S", self_drawn=True)
    assert evaluation.points == 5
    assert paid(settle(evaluation)) == {S: 64, W: 64, N: 64}


def test_eight_flowers_handed_over_ruling_s16() -> None:
    """Lines 222-225: 'If a player has seven Flower Suit tiles and another player picks the eighth and
    last Flower Suit tile, this eighth Flower Suit tile is automatically transferred to the player
    with seven'. Ruling S16 (clarified): 'Handed over by the player who drew the eighth flower ..., it
    is settled as a win on that player's discard: the hander pays the discarder's share and each
    other player the ordinary share'. West hands BF4 over and pays the discarder's double, 64; South
    and North pay the hand's 32 each (the hand is worth 32, as above). With a self-drawn multiplier
    of 3 and a discarder multiplier of 5: West 5 x 32 = 160, the others 32."""
    text = "RF1 RF2 RF3 RF4 BF1 BF2 BF3 BF4 1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D 5D E S"
    evaluation = won_by(E, text, winning_tile="BF4")
    assert paid(settle(evaluation, W)) == {W: 64, S: 32, N: 32}
    options = {"self_drawn_multiplier": 3, "discarder_multiplier": 5}
    evaluation = won_by(E, text, options=options, winning_tile="BF4")
    assert paid(settle(evaluation, W, options=options)) == {W: 160, S: 32, N: 32}


def test_the_eighth_flower_handed_over_is_no_discard_for_pay_all() -> None:
    """Ruling S16: for the eighth flower handed over 'the pay-all scenarios do not apply': marked
    fresh near the end of the game, it still pays as above, West 64 and the others 32, nobody for
    all."""
    text = "RF1 RF2 RF3 RF4 BF1 BF2 BF3 BF4 1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D 5D E S"
    evaluation = won_by(E, text, winning_tile="BF4", fresh_discard=True, tiles_left=2)
    assert paid(settle(evaluation, W)) == {W: 64, S: 32, N: 32}


@pytest.mark.parametrize("points", [6, 10**12])
def test_an_evaluation_beyond_the_limit_is_refused(points: int) -> None:
    """A hand is worth at most the limit (lines 268-271): an evaluation built by hand with more
    doubles is not settled, and a huge number does not hang the settlement (``2**points``); a
    number past any record's range is refused when the evaluation is built."""
    forged = attrs.evolve(won_by(E, ONE, self_drawn=True), points=points)
    with pytest.raises(mr.SettlementError, match="limit of 5"):
        DEFAULT.settle(forged)
    with pytest.raises(mr.RecordError, match="at most"):
        attrs.evolve(won_by(E, ONE, self_drawn=True), points=10**30)


def test_the_last_tile_is_only_drawn() -> None:
    """Ruling S13 and lines 170-174: "When a player picks that last remaining new tile, he may win
    the game on that tile or perform a KONG. However he is not required to discard any tiles": no
    discard follows the last tile, so a context of the last tile won on a discard is refused, and
    drawn it is worth its double."""
    with pytest.raises(mr.ContextError, match="last_tile"):
        DEFAULT.evaluate(ONE, mr.WinContext(last_tile=True, winning_tile="5B"))
    assert won_by(E, ONE, last_tile=True, self_drawn=True).points == 2


def test_the_winning_tile_is_among_the_concealed_tiles() -> None:
    """Sets are declared by calls before the win (PONG, CHOW, KONG moves); the tile of the GAME
    move joins the hand. A winning tile found only in a declared set is a ContextError that says
    to write the set it completes without brackets; written so, All Chow's waits can be read
    (ruling S7: before 23D, 1D or 4D: Ping Wu)."""
    with pytest.raises(mr.ContextError, match="without brackets"):
        DEFAULT.evaluate("[234D@N] 123C 456C 789C 55B", mr.WinContext(winning_tile="4D"))
    assert won_by(E, "234D 123C 456C 789C 55B", winning_tile="4D").points == 4


def test_a_bonus_tile_is_won_on_only_as_the_eighth_flower() -> None:
    """Flowers and animals are shown and replaced as they come ("they will take a replacement
    tile"): a hand is never won on one, except the eighth flower (ruling S16). Naming one as the
    winning tile of another hand is a ContextError."""
    with pytest.raises(mr.ContextError, match="bonus tile"):
        DEFAULT.evaluate("RD RD RD 234D 567D 789B 55B Cat", mr.WinContext(winning_tile="Cat", self_drawn=True))
    with pytest.raises(mr.ContextError, match="bonus tile"):
        DEFAULT.evaluate("RD RD RD 234D 567D 789B 55B RF1", mr.WinContext(winning_tile="RF1"))


@pytest.mark.parametrize(
    ("text", "winner"),
    [
        pytest.param("[234D@S] RDRDRD 567D 789B 55B", E, id="from-the-right"),
        pytest.param("[234D@W] RDRDRD 567D 789B 55B", E, id="from-across"),
        pytest.param("[234D@E] RDRDRD 567D 789B 55B", W, id="two-seats-back"),
    ],
)
def test_a_chow_called_from_another_seat_than_the_left_is_refused(text: str, winner: mr.Seat) -> None:
    """CHOW MOVE: "When a tile is discarded, the player to the right of the player who discarded
    may choose to CHOW the tile" (ruling T4: East's discards go to South). A hand whose chow was
    called from any other seat cannot be settled; from the seat to the left it can."""
    evaluation = won_by(winner, text, self_drawn=True)
    with pytest.raises(mr.SettlementError, match="only the player to the right of the discarder may CHOW"):
        DEFAULT.settle(evaluation)
    left = mr.Seat((winner.value - 1) % 4)
    fixed = won_by(winner, text.replace(text[5:7], f"@{left.name[0]}"), self_drawn=True)
    assert sum(DEFAULT.settle(fixed).payments.values()) == 0


def test_a_chow_called_from_the_left_at_a_table_of_three() -> None:
    """Three players, nobody North: East's left is West ("Player sitting to right of empty seat may
    chow from opposite player")."""
    three = ruleset(players=3)
    evaluation = three.evaluate("[234D@W] RDRDRD 567D 789B 55B", mr.WinContext(self_drawn=True))
    assert three.settle(evaluation).payments == {E: 8, S: -4, W: -4}
    wrong = three.evaluate("[234D@S] RDRDRD 567D 789B 55B", mr.WinContext(self_drawn=True))
    with pytest.raises(mr.SettlementError, match="CHOW"):
        three.settle(wrong)


def test_robbing_the_kong_the_robbed_player_pays_as_discarder_ruling_s13() -> None:
    """Ruling S13: robbing the kong is a win on a discard; the player who added to the kong pays as
    the discarder. 123C 456D 789B 234B 55B robbing a 4 Bam (waits 1B, 4B): Ping Wu 4 + Robbing 1 = 5:
    32; West (who added the 4 Bam) pays 64, South and North 32."""
    evaluation = won_by(E, "123C 456D 789B 234B 55B", robbing_kong=True, winning_tile="4B")
    assert evaluation.points == 5
    assert paid(settle(evaluation, W)) == {W: 64, S: 32, N: 32}


@pytest.mark.parametrize(
    ("options", "self_drawn", "expected"),
    [
        # base 2: 2 x 2**3 = 16; the discarder 32.
        pytest.param({"base_unit": 2}, False, {S: 32, W: 16, N: 16}, id="base-unit"),
        # the discarder pays 3 x 8 = 24.
        pytest.param({"discarder_multiplier": 3}, False, {S: 24, W: 8, N: 8}, id="discarder-multiplier"),
        # self-drawn, each pays 3 x 8 = 24.
        pytest.param({"self_drawn_multiplier": 3}, True, {S: 24, W: 24, N: 24}, id="self-drawn-multiplier"),
        # the discarder pays 1 x 8: no double.
        pytest.param({"discarder_multiplier": 1}, False, {S: 8, W: 8, N: 8}, id="no-discarder-double"),
        # limit 2: 3 doubles count 2: 4; the discarder 8.
        pytest.param({"limit": 2}, False, {S: 8, W: 4, N: 4}, id="limit"),
    ],
)
def test_payment_options_ruling_s1(options: dict[str, Any], self_drawn: bool, expected: dict[mr.Seat, int]) -> None:
    """Ruling S1: 'a hand worth 2**doubles points from each player; self-drawn: every player pays
    double; the discarder pays double ... Each number is an option.' THREE (3 doubles), East wins,
    South discards when not self-drawn."""
    evaluation = won_by(E, THREE, options=options, self_drawn=self_drawn)
    assert paid(settle(evaluation, None if self_drawn else S, options=options)) == expected


def test_13_wonders_follows_the_self_drawn_multiplier() -> None:
    """Ruling S1: 13 Wonders is paid as self-drawn, with the self-drawn multiplier: 3 x 32 = 96 from
    each, on South's discard."""
    options = {"self_drawn_multiplier": 3}
    evaluation = won_by(E, WONDERS, options=options)
    assert paid(settle(evaluation, S, options=options)) == {S: 96, W: 96, N: 96}


# -- instant payments (lines 279-314, rulings S8, S19) ----------------------------------------------


@pytest.mark.parametrize(
    ("event", "amount", "initial_amount"),
    [
        # line 279: 'they receive 2 points from each player'; not doubled when initial (S19).
        pytest.param("exposed kong", 2, 2, id="exposed-kong"),
        # line 282: 'they receive 4 points from each player'; S19: not doubled.
        pytest.param("all animals", 4, 4, id="all-animals"),
        # lines 285-286: 'they receive 4 points from each player'; S19: not doubled.
        pytest.param("flower set", 4, 4, id="flower-set"),
        # lines 304-306: 2 from each; 4 when in the initial 13 tiles.
        pytest.param("cat and mouse", 2, 4, id="cat-and-mouse"),
        # lines 308-310: 2 from each; 4 when in the initial 13 tiles (ruling S8).
        pytest.param("rooster and centipede", 2, 4, id="rooster-and-centipede"),
        # lines 312-314: 2 from each; 4 when in the initial 13 tiles.
        pytest.param("seat flowers", 2, 4, id="seat-flowers"),
        # ruling S8: a concealed kong pays nothing by default.
        pytest.param("concealed kong", 0, 0, id="concealed-kong"),
    ],
)
def test_instant_payments_ruling_s8_s19(event: str, amount: int, initial_amount: int) -> None:
    """Lines 279-314 and ruling S8: 'an exposed kong 2 from each player; all four animals 4 from
    each; a complete red or black flower set 4 from each; cat+mouse, rooster+centipede, and both
    flowers of the seat wind 2 from each (4 when held in the initial 13 tiles). Concealed kong pays
    nothing by default'. Ruling S19: only the pairs and the seat flowers pay double for the initial
    tiles. (Line 309 says 'If the cat and the mouse were received' under the rooster and centipede;
    ruling S8 reads it as the rooster and centipede.) Each of the three others pays; the receiver
    gets three times the amount."""
    for receiver in mr.Seat:
        for initial, each in ((False, amount), (True, initial_amount)):
            settlement = DEFAULT.instant_payment(event, receiver, initial=initial)
            assert paid(settlement) == ({seat: each for seat in mr.Seat if seat is not receiver} if each else {})
            assert net(settlement)[receiver] == 3 * each
            assert sum(settlement.payments.values()) == 0
            assert all(transfer.reason for transfer in settlement.transfers)


@pytest.mark.parametrize(
    ("options", "event", "initial", "each"),
    [
        pytest.param({"exposed_kong": 3}, "exposed kong", False, 3, id="exposed-kong-3"),
        pytest.param({"concealed_kong": 2}, "concealed kong", False, 2, id="concealed-kong-on"),
        # ruling S19: a concealed kong is not doubled for the initial tiles either.
        pytest.param({"concealed_kong": 2}, "concealed kong", True, 2, id="concealed-kong-initial"),
        pytest.param({"all_animals": 5}, "all animals", False, 5, id="all-animals-5"),
        pytest.param({"flower_set": 6}, "flower set", False, 6, id="flower-set-6"),
        pytest.param({"animal_pair": 1}, "cat and mouse", False, 1, id="animal-pair-1"),
        # 1 x 2 for the initial tiles.
        pytest.param({"animal_pair": 1}, "rooster and centipede", True, 2, id="animal-pair-1-initial"),
        pytest.param({"seat_flowers": 3}, "seat flowers", False, 3, id="seat-flowers-3"),
        # 3 x 2.
        pytest.param({"seat_flowers": 3}, "seat flowers", True, 6, id="seat-flowers-3-initial"),
        # 2 x 3.
        pytest.param({"initial_multiplier": 3}, "cat and mouse", True, 6, id="initial-multiplier-3"),
        # ruling S19: the multiplier never touches the exposed kong.
        pytest.param({"initial_multiplier": 3}, "exposed kong", True, 2, id="initial-multiplier-kong"),
    ],
)
def test_instant_payment_options(options: dict[str, Any], event: str, initial: bool, each: int) -> None:
    """Lines 280, 283, 286, 306, 310, 314: 'This number can be changed under the options menu.'
    Ruling S8: 'Concealed kong pays nothing by default (an option turns it on).'"""
    settlement = ruleset(**options).instant_payment(event, W, initial=initial)
    assert paid(settlement) == {E: each, S: each, N: each}
    assert net(settlement)[W] == 3 * each


def test_no_instant_payment_for_other_events() -> None:
    """Lines 279-314 list the instant payments; anything else is refused."""
    with pytest.raises(mr.RecordError):
        DEFAULT.instant_payment("dragon pong", E)


# -- pay-all: the Dragon tile set (lines 320-333) ----------------------------------------------------

# East has exposed pongs of Red and Green Dragon and pongs South's White Dragon: three dragon pongs
# 3 + big three dragons 2 = 5 (Craks and Bams: no colour): 32 points.
DRAGON_PONG = "[RDRDRD] [GDGDGD] [WDWDWD@S] 123C 55B"
# The same, winning on the White Dragon itself (concealed WD pair + the discard).
DRAGON_WIN = "[RDRDRD] [GDGDGD] WDWDWD 123C 55B"


def test_dragon_set_pong_then_self_drawn_ruling_s18() -> None:
    """Lines 321-325: 'If player A has a Pong or a Kong of 2 of the 3 Dragon tiles showing in his
    exposed tiles, and a discard by player B of the Dragon tile (that is not currently showing in
    player A's exposed tiles) would cause player A to Kong, Pong or Game where player A now has the
    completed Dragon tile set, then player B would pay for all the other players if player A won by
    picking his own winning tile'. Ruling S18: self-drawn, three double shares: 3 x 64 = 192."""
    evaluation = won_by(E, DRAGON_PONG, self_drawn=True)
    assert evaluation.points == 5
    settlement = settle(evaluation)
    pays_for_all(settlement, S, 192, "dragon")
    assert net(settlement) == {E: 192, S: -192, W: 0, N: 0}


def test_dragon_set_pong_then_the_liable_player_discards_ruling_s18() -> None:
    """Lines 324-325: '... or player B threw the winning tile to player A.' Ruling S18: on a discard,
    its own double share plus the others' single shares: 64 + 32 + 32 = 128."""
    pays_for_all(settle(won_by(E, DRAGON_PONG), S), S, 128, "dragon")


def test_dragon_set_pong_then_another_player_discards() -> None:
    """Lines 324-325: B pays for all only 'if player A won by picking his own winning tile or player B
    threw the winning tile to player A'. West throws it: the usual payments, West 64, South and
    North 32."""
    assert paid(settle(won_by(E, DRAGON_PONG), W)) == {W: 64, S: 32, N: 32}


def test_dragon_set_kong_ruling_s18() -> None:
    """Line 323: '... would cause player A to Kong': East kongs South's White Dragon (15 tiles; 5
    doubles as above) and draws the winning tile: South pays 192."""
    evaluation = won_by(E, "[RDRDRD] [GDGDGD] [WDWDWDWD@S] 123C 55B", self_drawn=True)
    pays_for_all(settle(evaluation), S, 192, "dragon")


def test_dragon_set_game_on_the_dragon() -> None:
    """Line 323: '... or Game': South's White Dragon completes East's third dragon pong and the hand:
    South pays 128 (5 doubles, 32; on a discard 64 + 32 + 32)."""
    evaluation = won_by(E, DRAGON_WIN, winning_tile="WD")
    pays_for_all(settle(evaluation, S), S, 128, "dragon")


def test_dragon_set_not_for_another_winning_tile() -> None:
    """Line 322: the liable discard is 'the Dragon tile'. East held the White Dragon pong concealed
    and wins on South's 5 Bam (the eye): the usual payments, South 64, West and North 32."""
    evaluation = won_by(E, DRAGON_WIN, winning_tile="5B")
    assert paid(settle(evaluation, S)) == {S: 64, W: 32, N: 32}


def test_dragon_set_not_for_the_eye() -> None:
    """Line 323: the discard must give A 'the completed Dragon tile set' (a pong or kong of each);
    the third dragon as the eye is small three dragons (3 doubles, 8 points): South's White Dragon
    for the eye is paid as usual, 16, 8, 8."""
    evaluation = won_by(E, "[RDRDRD] [GDGDGD] WDWD 123C 555B", winning_tile="WD")
    assert evaluation.points == 3
    assert paid(settle(evaluation, S)) == {S: 16, W: 8, N: 8}


def test_dragon_set_needs_two_dragons_showing() -> None:
    """Line 321: the two dragon pongs are 'showing in his exposed tiles'. With the Red Dragon pong
    concealed, South's White Dragon pong is no pay-all: self-drawn, 64 from each."""
    evaluation = won_by(E, "RDRDRD [GDGDGD] [WDWDWD@S] 123C 55B", self_drawn=True)
    assert paid(settle(evaluation)) == {S: 64, W: 64, N: 64}


def test_dragon_set_with_a_concealed_kong_showing() -> None:
    """Line 152: for a concealed kong 'the new picked tile and the 4 other tiles in the concealed
    tiles are transferred to the exposed tiles' (the library's ruling L10: a declared concealed kong
    shows). [RDRDRD] and {GDGDGDGD} show two dragons; South's White Dragon pong completes the set
    (5 doubles, 32); self-drawn, South pays 192."""
    evaluation = won_by(E, "[RDRDRD] {GDGDGDGD} [WDWDWD@S] 123C 55B", self_drawn=True)
    assert evaluation.points == 5
    pays_for_all(settle(evaluation), S, 192, "dragon")


def test_dragon_set_option_ruling_s9() -> None:
    """Ruling S9: each pay-all scenario is its own option, on by default. South's White Dragon also
    brought the doubles showing to the limit (three dragon pongs are 5 in total, rulings S4, S11), so
    with the Dragon set off South still pays for all, under the doubles limit; with both off, the
    self-drawn payments: 64 each."""
    options = {"pay_all_dragons": False}
    evaluation = won_by(E, DRAGON_PONG, options=options, self_drawn=True)
    pays_for_all(settle(evaluation, options=options), S, 192, "limit")
    options = {"pay_all_dragons": False, "pay_all_limit": False}
    evaluation = won_by(E, DRAGON_PONG, options=options, self_drawn=True)
    assert paid(settle(evaluation, options=options)) == {S: 64, W: 64, N: 64}


# -- pay-all: the Wind tile set (lines 335-343) ------------------------------------------------------

# South, East round, has exposed pongs of East, South and West and pongs West's North: East 1 + South
# 1 + big four winds (5 in total) + All Pong 2 + Half Color 2 = 9, capped at 5: 32 points.
WIND_PONG = "[EEE] [SSS] [WWW] [NNN@W] 55B"


def test_wind_set_pong_then_self_drawn_ruling_s18() -> None:
    """Lines 336-339: 'If player A has a Pong or a Kong of 3 of the 4 Wind tiles showing in his
    exposed tiles, and a discard by player B of the Wind tile (that is not currently showing ...)
    would cause player A to Kong, Pong or Game where player A now had the completed Wind tile set,
    then player B would pay for all the other players if player A won by picking his own winning
    tile or player B threw the winning tile to player A.' Lines 342-343: 'With these exposed tiles
    for Player A, the North Wind is a pay all discard.' Self-drawn: 3 x 64 = 192 from West."""
    evaluation = won_by(S, WIND_PONG, self_drawn=True)
    assert evaluation.points == 5
    settlement = settle(evaluation)
    pays_for_all(settlement, W, 192, "wind")
    assert net(settlement) == {S: 192, W: -192, E: 0, N: 0}


def test_wind_set_liable_player_discards_the_winning_tile() -> None:
    """Lines 338-339: West threw the winning tile: 64 + 32 + 32 = 128."""
    pays_for_all(settle(won_by(S, WIND_PONG), W), W, 128, "wind")


def test_wind_set_another_player_discards() -> None:
    """Lines 338-339: East throws the winning tile: no pay-all; East 64, West and North 32."""
    assert paid(settle(won_by(S, WIND_PONG), E)) == {E: 64, W: 32, N: 32}


def test_wind_set_game_on_the_wind() -> None:
    """Line 338: '... or Game': West's North wind completes the North pong and the hand: 128. (Three
    wind pongs showing are also three sets of the Honor suit, lines 22-23 and 361: the Full Color
    scenario names West too.)"""
    evaluation = won_by(S, "[EEE] [SSS] [WWW] NNN 55B", winning_tile="N")
    pays_for_all(settle(evaluation, W), W, 128, "wind", "full color")


def test_wind_set_the_fourth_wind_first_is_no_pay_all() -> None:
    """Line 336: the three winds must be showing when the fourth is discarded. Ponging West's North
    first, then the other winds (none called, as far as the hand records), is no pay-all:
    self-drawn, 64 from each."""
    evaluation = won_by(S, "[NNN@W] [EEE] [SSS] [WWW] 55B", self_drawn=True)
    assert paid(settle(evaluation)) == {E: 64, W: 64, N: 64}


def test_wind_set_option_ruling_s9() -> None:
    """Ruling S9: the wind set scenario off: self-drawn, 64 from each. West's North wind also made
    the big four winds showing, 5 doubles (rulings S4, S11), but North is neither South's seat wind
    nor the prevailing East, so the doubles limit scenario does not apply (lines 351-353)."""
    options = {"pay_all_winds": False}
    evaluation = won_by(S, WIND_PONG, options=options, self_drawn=True)
    assert paid(settle(evaluation, options=options)) == {E: 64, W: 64, N: 64}


# -- pay-all: the Doubles Limit (lines 345-358) ------------------------------------------------------

# East, East round, shows the limit: [EEE] 2 (ruling S10) + [RDRDRD] 1 + RF1 1 + BF1 1 = 5 (the
# flowers are shown: lines 107-108, 'These tiles remain up ... the players exposed tiles'; the
# library's ruling L7 counts them from the start). Won
# with a Green Dragon pong as well: 5 + 1 = 6, capped at 5: 32.
AT_LIMIT = "[EEE] [RDRDRD] GDGDGD 123C 55B RF1 BF1"


def test_doubles_limit_showing_then_a_doubling_discard_wins() -> None:
    """Lines 346-349: 'If player A has the number of Doubles Limit (default to 5) showing in his
    exposed tiles, and player B discards a Dragon Tile, Prevailing Wind Tile, or Players Game Wind
    that causes player A to win the game or Pong or Kong, then player B would pay for all the other
    players if ... player B threw the winning tile to player A.' South's Green Dragon wins: 128."""
    evaluation = won_by(E, AT_LIMIT, winning_tile="GD")
    assert evaluation.points == 5
    pays_for_all(settle(evaluation, S), S, 128, "limit")


def test_doubles_limit_showing_the_dragon_wins_as_the_eye() -> None:
    """Lines 346-347: '... that causes player A to win the game': the Green Dragon completing the eye
    wins too. [EEE] 2 + [RDRDRD] 1 + RF1 + BF1 = 5 (32): South pays 128."""
    evaluation = won_by(E, "[EEE] [RDRDRD] GDGD 123C 555B RF1 BF1", winning_tile="GD")
    assert evaluation.points == 5
    pays_for_all(settle(evaluation, S), S, 128, "limit")


def test_doubles_limit_showing_then_a_doubling_pong_and_self_drawn() -> None:
    """Lines 346-349: '... or Pong or Kong, then player B would pay for all the other players if
    player A won by picking his own winning tile': East pongs South's Green Dragon with 5 showing
    and draws the winning tile: 192."""
    evaluation = won_by(E, "[EEE] [RDRDRD] [GDGDGD@S] 123C 55B RF1 BF1", self_drawn=True)
    pays_for_all(settle(evaluation), S, 192, "limit")


def test_doubles_limit_not_for_other_tiles() -> None:
    """Line 347: only 'a Dragon Tile, Prevailing Wind Tile, or Players Game Wind'. South's 5 Bam wins
    (the eye; the Green Dragon pong was drawn): South 64, West and North 32."""
    evaluation = won_by(E, AT_LIMIT, winning_tile="5B")
    assert paid(settle(evaluation, S)) == {S: 64, W: 32, N: 32}


# South, East round: [SSS] 1 + [EEE] 1 + RF2 1 + BF2 1 = 4 showing, then West's Red Dragon pong
# brings it to 5; the hand is 5 doubles: 32.
TO_LIMIT = "[SSS] [EEE] [RDRDRD@W] 123C 55B RF2 BF2"


def test_doubles_limit_reached_by_a_pong_self_drawn() -> None:
    """Lines 351-354: 'If player A has the less than the Doubles Limit showing in his exposed tiles,
    and player B discards a Dragon Tile, Prevailing Wind Tile, or Players Game Wind that causes
    player A Pong or Kong and it brings player A to the Doubles Limit, then player B would pay for
    all the other players if player A won by picking his own winning tile'. Lines 357-358: 'Player A
    has 4 doubles on the exposed tiles which is one less than the Double Limit of 5. Therefore any
    Dragon Tile, Prevailing Wind tile, or Players Wind tile is a pay all discard.' 192 from West."""
    evaluation = won_by(S, TO_LIMIT, self_drawn=True)
    assert evaluation.points == 5
    pays_for_all(settle(evaluation), W, 192, "limit")


def test_doubles_limit_reached_by_a_pong_liable_player_discards() -> None:
    """Lines 354: '... or player B threw the winning tile to player A.' West discards: 128."""
    pays_for_all(settle(won_by(S, TO_LIMIT), W), W, 128, "limit")


def test_doubles_limit_reached_by_a_pong_another_player_discards() -> None:
    """Lines 353-354: North throws the winning tile: no pay-all; North 64, East and West 32."""
    assert paid(settle(won_by(S, TO_LIMIT), N)) == {N: 64, E: 32, W: 32}


def test_doubles_limit_reached_by_the_winning_pong() -> None:
    """Lines 354-355: 'This rule also applies if player A were to win the game with the discarded tile
    that was used in a PONG to win the game and bring player A to the Doubles Limit.' West's Red
    Dragon completes the pong and the hand: 128."""
    evaluation = won_by(S, "[SSS] [EEE] RDRDRD 123C 55B RF2 BF2", winning_tile="RD")
    pays_for_all(settle(evaluation, W), W, 128, "limit")


def test_doubles_limit_not_reached() -> None:
    """Line 353: the pong must bring A to the limit. With 3 showing ([SSS] 1 + [EEE] 1 + RF2 1) West's
    Red Dragon pong makes 4: no pay-all. The hand is 4 doubles, 16; self-drawn, 32 from each."""
    evaluation = won_by(S, "[SSS] [EEE] [RDRDRD@W] 123C 55B RF2", self_drawn=True)
    assert evaluation.points == 4
    assert paid(settle(evaluation)) == {E: 32, W: 32, N: 32}


def test_doubles_limit_follows_the_limit_option() -> None:
    """Line 346: 'the number of Doubles Limit (default to 5)': with a limit of 4, 3 showing ([SSS] 1
    + [EEE] 1 + RF2 1) and West's Red Dragon pong (4) reach it. The hand, 4 doubles (at the limit):
    16; self-drawn, West pays 3 x 32 = 96."""
    options = {"limit": 4}
    evaluation = won_by(S, "[SSS] [EEE] [RDRDRD@W] 123C 55B RF2", options=options, self_drawn=True)
    assert evaluation.points == 4
    pays_for_all(settle(evaluation, options=options), W, 96, "limit")


def test_doubles_limit_option_ruling_s9() -> None:
    """Ruling S9: the doubles limit scenario off: self-drawn, 64 from each."""
    options = {"pay_all_limit": False}
    evaluation = won_by(S, TO_LIMIT, options=options, self_drawn=True)
    assert paid(settle(evaluation, options=options)) == {E: 64, W: 64, N: 64}


# -- pay-all: Full Color (lines 360-366) -------------------------------------------------------------

# East shows three Bamboo chows and wins on a 4 Bam (waits 1B, 4B): Full Color 4 + Ping Wu 4 = 8,
# capped at 5: 32.
FULL_COLOR = "[123B] [456B] [789B] 234B 55B"


@pytest.mark.parametrize("discarder", [S, W, N], ids=lambda seat: seat.name)
def test_full_color_discard_ruling_s18(discarder: mr.Seat) -> None:
    """Lines 361-363: 'If player A has 3 or 4 sets of Chow's, Pong's, or Kong's that are all in the
    same suit in the exposed tiles, and player B throws a tile of that same suit that causes that
    player to win the game, then player B will pay for all the other players.' Lines 365-366: 'any
    Bamboo Suit tile becomes a pay all discard.' 64 + 32 + 32 = 128."""
    evaluation = won_by(E, FULL_COLOR, winning_tile="4B")
    assert evaluation.points == 5
    pays_for_all(settle(evaluation, discarder), discarder, 128, "full color")


def test_full_color_self_drawn_is_no_pay_all() -> None:
    """Line 362: the scenario is a tile B 'throws'. Self-drawn: 64 from each."""
    assert paid(settle(won_by(E, FULL_COLOR, self_drawn=True, winning_tile="4B"))) == {S: 64, W: 64, N: 64}


def test_full_color_any_tile_of_the_suit() -> None:
    """Lines 362, 366: 'a tile of that same suit that causes that player to win': South, South round,
    shows three Bamboo sets and holds EE 55B; West's 5 Bam wins (Half Color 2, eye of East, no other
    double: 4 points): West pays 8 + 4 + 4 = 16. West's East wind instead is no Bamboo: 8, 4, 4."""
    bamboo = won_by(S, "[123B] [456B] [789B] EE 555B", prevailing=S, winning_tile="5B")
    assert bamboo.points == 2
    pays_for_all(settle(bamboo, W), W, 16, "full color")
    wind = won_by(S, "[123B] [456B] [789B] EEE 55B", prevailing=S, winning_tile="E")
    assert wind.points == 2
    assert paid(settle(wind, W)) == {W: 8, E: 4, N: 4}


def test_full_color_of_the_honor_suit() -> None:
    """Lines 22-23: 'The Honor Suit is made up of 2 types of tiles'; line 205: '... or the Honor Suit
    only' is Full Color; line 361: '3 or 4 sets ... all in the same suit in the exposed tiles'.
    South, South round, shows [EEE] [WWW] [RDRDRD] (two winds, one dragon: no wind or dragon set)
    and wins on West's North wind (the North pong; 55B the eye): Red Dragon 1 + All Pong 2 + Half
    Color 2 = 5 doubles (32); West threw an honour: 64 + 32 + 32 = 128."""
    evaluation = won_by(S, "[EEE] [WWW] [RDRDRD] NNN 55B", prevailing=S, winning_tile="N")
    assert evaluation.points == 5
    pays_for_all(settle(evaluation, W), W, 128, "full color")


def test_full_color_needs_three_sets_showing() -> None:
    """Line 361: '3 or 4 sets'. Two Bamboo chows showing: South's 4 Bam is paid as usual (5 doubles,
    32): South 64, West and North 32."""
    evaluation = won_by(E, "[123B] [456B] 789B 234B 55B", winning_tile="4B")
    assert paid(settle(evaluation, S)) == {S: 64, W: 32, N: 32}


def test_full_color_option_ruling_s9() -> None:
    """Ruling S9: the full color scenario off: South 64, West and North 32."""
    options = {"pay_all_full_color": False}
    evaluation = won_by(E, FULL_COLOR, options=options, winning_tile="4B")
    assert paid(settle(evaluation, S, options=options)) == {S: 64, W: 32, N: 32}


# -- pay-all: End of Game, the fresh discard (lines 368-371, 381-382) -----------------------------


@pytest.mark.parametrize(
    ("tiles_left", "fresh", "options", "liable"),
    [
        # 'less than 7 tiles': 6 is, 7 is not.
        pytest.param(6, True, {}, True, id="6-left"),
        pytest.param(0, True, {}, True, id="0-left"),
        pytest.param(7, True, {}, False, id="7-left"),
        # a tile already discarded is not fresh.
        pytest.param(3, False, {}, False, id="not-fresh"),
        # the variant of lines 381-382: 4 tiles.
        pytest.param(3, True, {"fresh_threshold": 4}, True, id="variant-3-left"),
        pytest.param(4, True, {"fresh_threshold": 4}, False, id="variant-4-left"),
        pytest.param(6, True, {"fresh_threshold": 4}, False, id="variant-6-left"),
        # ruling S9: the scenario off.
        pytest.param(3, True, {"pay_all_fresh": False}, False, id="off"),
    ],
)
def test_fresh_discard_at_the_end_of_the_game(
    tiles_left: int, fresh: bool, options: dict[str, Any], liable: bool
) -> None:
    """Lines 369-371: 'When there is less than 7 tiles to play in the game, any player that discards
    a tile that is not contained in the discarded tiles which causes another player to win the game,
    the player who discarded the "fresh" tile will pay for all. The number of tiles that this rule
    applies to can be set in the options menu.' Lines 381-382: 'Some games play that the pay all
    situation does not occur until after 4 tiles are remaining'. The library's ruling L8:
    ``tiles_left`` counts the tiles still to be drawn. ONE (1 double, 2 points) won on
    South's discard: liable, 4 + 2 + 2 = 8; otherwise South 4, West and North 2."""
    evaluation = won_by(E, ONE, options=options, tiles_left=tiles_left, fresh_discard=fresh, winning_tile="5B")
    settlement = settle(evaluation, S, options=options)
    if liable:
        pays_for_all(settlement, S, 8, "fresh")
    else:
        assert paid(settlement) == {S: 4, W: 2, N: 2}


def test_fresh_discard_needs_to_know_the_tiles_left() -> None:
    """Line 369: without the number of tiles left the end of the game cannot be told: South 4,
    West and North 2."""
    evaluation = won_by(E, ONE, fresh_discard=True)
    assert paid(settle(evaluation, S)) == {S: 4, W: 2, N: 2}


# -- several scenarios: the last one encountered pays (lines 373-374, ruling S9) -------------------


def test_last_encountered_pays_limit_after_dragons_ruling_s9() -> None:
    """Lines 373-374: 'In the case where multiple players encounter the pay all scenario, the player
    that last encountered it would be the one who would pay for all.' East, East round: exposed RD,
    GD, then West's White Dragon (the Dragon set: West liable; 3 doubles showing), then North's East
    wind (2 doubles, ruling S10: 3 + 2 = 5, the limit: North liable). Self-drawn, the hand capped at
    5 (32): North, the last, pays 3 x 64 = 192."""
    evaluation = won_by(E, "[RDRDRD] [GDGDGD] [WDWDWD@W] [EEE@N] 55B", self_drawn=True)
    pays_for_all(settle(evaluation), N, 192, "limit")


def test_last_encountered_pays_dragons_after_winds_ruling_s9() -> None:
    """Lines 373-374, the other order: North's East wind first (2 showing), the Red and Green Dragon
    (4), then West's White Dragon: the Dragon set and the limit (4 + 1 = 5), both West's. West, the
    last, pays 192 (for either scenario: both are West's)."""
    evaluation = won_by(E, "[EEE@N] [RDRDRD] [GDGDGD] [WDWDWD@W] 55B", self_drawn=True)
    pays_for_all(settle(evaluation), W, 192, "dragon", "limit")


def test_last_encountered_fresh_discard_after_dragons_ruling_s9() -> None:
    """Lines 373-374 with 324-325: West became liable for the Dragon set; at the end of the game
    South throws a fresh winning tile (2 left): South, the last, pays 128 (5 doubles: 32)."""
    evaluation = won_by(E, "[RDRDRD] [GDGDGD] [WDWDWD@W] 123C 55B", winning_tile="5B", tiles_left=2, fresh_discard=True)
    pays_for_all(settle(evaluation, S), S, 128, "fresh")


# -- the help menu (line 376) ------------------------------------------------------------------------


def warned(text: str, context: mr.WinContext | None = None, discarded: str = "", **options: Any) -> dict[str, str]:
    found = ruleset(**options).pay_all_discards(text, context, discarded=mr.parse_tiles(discarded))
    return {str(tile): scenario for tile, scenario in found.items()}


def test_warning_dragon_set() -> None:
    """Line 376: 'The help menu will tell you all the discard tiles that could possibly cause a pay
    all situation at any point in the game.' Lines 332-333: 'With these exposed tiles for Player A,
    the White Dragon is now a pay all discard.' East shows Red and Green Dragon pongs and holds a
    White Dragon pair (waiting on 3B or 6B): the White Dragon only. Its pong would also show the big
    three dragons, 5 doubles in total (rulings S4, S11): the doubles limit as well."""
    found = warned("[RDRDRD@S] [GDGDGD@W] WDWD 123C 45B")
    assert list(found) == ["WD"]
    assert "dragon" in found["WD"].lower()
    assert "limit" in found["WD"]
    assert warned("[RDRDRD@S] [GDGDGD@W] WDWD 123C 45B", pay_all_dragons=False) == {"WD": "the doubles limit"}
    assert warned("[RDRDRD@S] [GDGDGD@W] WDWD 123C 45B", pay_all_dragons=False, pay_all_limit=False) == {}


def test_warning_wind_set() -> None:
    """Lines 342-343: 'With these exposed tiles for Player A, the North Wind is a pay all discard.'
    South, East round: [EEE] [SSS] [WWW] and a North pair: North (2 doubles showing; North is no
    doubling tile for South)."""
    context = mr.WinContext(seat_wind=S)
    found = warned("[EEE] [SSS] [WWW] NN 45B", context)
    assert list(found) == ["N"]
    assert "wind" in found["N"].lower()
    assert warned("[EEE] [SSS] [WWW] NN 45B", context, pay_all_winds=False) == {}


def test_warning_doubles_limit_one_short() -> None:
    """Lines 357-358: 'Player A has 4 doubles on the exposed tiles which is one less than the Double
    Limit of 5. Therefore any Dragon Tile, Prevailing Wind tile, or Players Wind tile is a pay all
    discard.' South, East round, [SSS] 1 + [EEE] 1 + RF2 + BF2 = 4, a Red Dragon pair that a
    discard would pong (5): the Red Dragon. The 5 Bam pair is no doubling tile."""
    context = mr.WinContext(seat_wind=S)
    found = warned("[SSS] [EEE] RDRD 123C 55B RF2 BF2", context)
    assert list(found) == ["RD"]
    assert "limit" in found["RD"].lower()
    assert warned("[SSS] [EEE] RDRD 123C 55B RF2 BF2", context, pay_all_limit=False) == {}


def test_warning_doubles_limit_showing() -> None:
    """Lines 346-347: with the limit showing a doubling discard that wins is a pay-all even as the
    eye. South, East round, [SSS] 1 + [EEE] 1 + RF2 + BF2 + Cat = 5, waiting on the Green Dragon
    for the eye: the Green Dragon. With 4 showing (no Cat) the eye brings nothing to the limit
    (line 352 needs a Pong or Kong): no warning."""
    context = mr.WinContext(seat_wind=S)
    found = warned("[SSS] [EEE] GD 123C 789C RF2 BF2 Cat", context)
    assert list(found) == ["GD"]
    assert "limit" in found["GD"].lower()
    assert warned("[SSS] [EEE] GD 123C 789C RF2 BF2", context) == {}


def test_warning_full_color() -> None:
    """Lines 365-366: 'Player A has 3 sets of the same suit on the exposed tiles, therefore any Bamboo
    Suit tile becomes a pay all discard.' The Bamboo tiles that win: 1B and 4B."""
    found = warned("[123B] [456B] [789B] 23B 55B")
    assert sorted(found) == ["1B", "4B"]
    assert all("full color" in scenario.lower() for scenario in found.values())
    assert warned("[123B] [456B] [789B] 23B 55B", pay_all_full_color=False) == {}


def test_warning_fresh_tile() -> None:
    """Lines 369-370: with fewer than 7 tiles left, a winning tile not yet discarded. ONE without a 5
    Bam waits on the 5 Bam: warned with 5 tiles left, not once a 5 Bam has been discarded, nor with
    7 left."""
    hand = "RDRDRD 234D 567D 789B 5B"
    found = warned(hand, mr.WinContext(tiles_left=5))
    assert list(found) == ["5B"]
    assert "fresh" in found["5B"].lower()
    assert warned(hand, mr.WinContext(tiles_left=5), discarded="5B 9C") == {}
    assert warned(hand, mr.WinContext(tiles_left=7)) == {}
    assert warned(hand, mr.WinContext(tiles_left=5), pay_all_fresh=False) == {}


# -- three players ------------------------------------------------------------------------------------


THREE_PLAYERS = {"players": 3}


def test_three_players_nobody_is_north() -> None:
    """Line 423: 'Just skip the empty seat (nobody is North)'. Ruling T4: seats are East, South,
    West, North in turn order; with three players they are East, South, West."""
    assert ruleset(**THREE_PLAYERS).seats == (E, S, W)
    assert DEFAULT.seats == (E, S, W, N)


def test_three_players_payments() -> None:
    """Lines 291-299 with two payers: THREE (8 points) on South's discard: South 16, West 8; East +24.
    Self-drawn: 16 each, +32."""
    evaluation = won_by(E, THREE, options=THREE_PLAYERS)
    settlement = settle(evaluation, S, options=THREE_PLAYERS)
    assert paid(settlement) == {S: 16, W: 8}
    assert net(settlement) == {E: 24, S: -16, W: -8}
    self_drawn = won_by(E, THREE, options=THREE_PLAYERS, self_drawn=True)
    assert net(settle(self_drawn, options=THREE_PLAYERS)) == {E: 32, S: -16, W: -16}


def test_three_players_instant_payment() -> None:
    """Line 279 with two payers: an exposed kong, 2 from each of the two others."""
    settlement = ruleset(**THREE_PLAYERS).instant_payment("exposed kong", E)
    assert net(settlement) == {E: 4, S: -2, W: -2}


def test_three_players_pay_for_all() -> None:
    """Ruling S18: the liable player pays every loser's share; with two losers, self-drawn, two
    double shares: 2 x 64 = 128 (DRAGON_PONG, 5 doubles)."""
    evaluation = won_by(E, DRAGON_PONG, options=THREE_PLAYERS, self_drawn=True)
    pays_for_all(settle(evaluation, options=THREE_PLAYERS), S, 128, "dragon")


def test_three_players_north_is_not_at_the_table() -> None:
    """Line 423: nobody is North: North cannot win, discard, be called from or be paid."""
    three = ruleset(**THREE_PLAYERS)
    with pytest.raises(mr.SettlementError):
        three.settle(won_by(N, THREE, options=THREE_PLAYERS, self_drawn=True))
    with pytest.raises(mr.SettlementError):
        three.settle(won_by(E, THREE, options=THREE_PLAYERS), discarder=N)
    with pytest.raises(mr.SettlementError):
        three.settle(won_by(E, "[RDRDRD@N] 234D 567D 789B 55B", options=THREE_PLAYERS, self_drawn=True))
    with pytest.raises(mr.RecordError):
        three.instant_payment("exposed kong", N)


# -- the settlement contract ------------------------------------------------------------------------


def test_the_winner_is_the_seat_wind() -> None:
    """The win context names the winner's seat (its seat wind): settling it for another seat is an
    error."""
    with pytest.raises(mr.SettlementError):
        DEFAULT.settle(won_by(E, THREE, self_drawn=True), winner=S)
    assert net(DEFAULT.settle(won_by(E, THREE, self_drawn=True), winner=E))[E] == 48


def test_no_discarder_for_a_self_drawn_win() -> None:
    """Line 293: a self-drawn winner 'picked the winning tile from the unused tiles': nobody
    discarded it."""
    with pytest.raises(mr.SettlementError):
        DEFAULT.settle(won_by(E, THREE, self_drawn=True), discarder=S)


def test_a_discard_win_names_the_discarder() -> None:
    """Lines 294-295: 'the winning player receives double the points from the player who discarded
    the winning tile': that player must be named, and is not the winner (line 131: 'A player may not
    GAME on a tile that he last discarded')."""
    with pytest.raises(mr.SettlementError):
        DEFAULT.settle(won_by(E, THREE))
    with pytest.raises(mr.SettlementError):
        DEFAULT.settle(won_by(E, THREE), discarder=E)


def test_a_set_called_from_the_winner_is_an_error() -> None:
    """Lines 158-163: a pong is made from another player's discard ('A player may not PONG on a tile
    that he last discarded'): a set called from the winner's own seat is impossible."""
    evaluation = won_by(E, "[RDRDRD@E] 234D 567D 789B 55B", self_drawn=True)
    with pytest.raises(mr.SettlementError):
        DEFAULT.settle(evaluation)


def test_only_winning_hands_under_the_same_options_are_settled() -> None:
    """Line 275: only a Mahjong with the minimum doubles wins; a settlement under other options than
    the evaluation's would pay other amounts."""
    with pytest.raises(mr.SettlementError):
        DEFAULT.settle(DEFAULT.evaluate(ZERO, mr.WinContext(self_drawn=True)))
    with pytest.raises(mr.SettlementError):
        ruleset(limit=6).settle(won_by(E, THREE, self_drawn=True))


def test_big_four_winds_by_a_wind_that_doubles_nothing_is_no_limit_scenario() -> None:
    """Lines 351-353: the doubles limit scenario needs "a Dragon Tile, Prevailing Wind Tile, or
    Players Game Wind". West, East round: [EEE@E] shows 1 (prevailing), [WWWW@N] 1 (seat), [NNNN@S]
    0, then East's South wind makes the big four winds, 5 showing in all (rulings S4, S11); South
    is no doubling tile for West, so with the Wind tile set scenario off nobody pays for all. The
    hand: East 1 + West 1 + big four winds 3 + All Pong 2 + Full Color 4 = 11, capped at 5: 32,
    self-drawn 64 from each."""
    options = {"pay_all_winds": False}
    text = "RDRD [EEE@E] [WWWW@N] [NNNN@S] [SSS@E]"
    evaluation = won_by(W, text, options=options, self_drawn=True)
    assert evaluation.points == 5
    assert paid(settle(evaluation, options=options)) == {E: 64, S: 64, N: 64}
    on = won_by(W, text, self_drawn=True)
    pays_for_all(settle(on), E, 192, "wind tile set")
