"""Rounds of the American rulesets (flex, card-free, nmjl): the deal, the Flex pass and the
Charleston, calls and who takes a discard, swaps, Mahjong and settlement, illegal actions,
replays, and self-play with random and greedy agents. Tests quote the rule documents
(flex-mahjong-rules.txt, american-nmjl-guide.txt, card-free-american-rules.md)."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.engine import (
    Action,
    ActionKind,
    IllegalActionError,
    Replay,
    RoundResult,
    check_invariants,
    new_round,
    play,
    random_agent,
)
from mahjong_rules.engine.american import AmericanRound, PassChoices, Phase, StepKind, _pass_ways
from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.rulesets.nmjl import Direction

E, S, W, N = mr.Seat
T = mr.Tile.parse
H = mr.Hand.parse

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("flex", {}),
    ("flex", {"blanks": 2, "players": 3}),
    ("card-free", {}),
    ("nmjl", {}),
]


def american(name: str, seed: int = 0, **options: Any) -> AmericanRound:
    round_ = new_round(name, seed, **options)
    assert isinstance(round_, AmericanRound)
    return round_


def first_legal(round_: AmericanRound, wanted: Callable[[Action], bool] = lambda action: True) -> Action:
    return next(action for action in round_.legal_actions(round_.to_act[0]) if wanted(action))


def through_passes(round_: AmericanRound, until: StepKind | None = None) -> AmericanRound:
    """The round after every seat makes its first legal choice in each step before ``until``
    (before play when ``until`` is None)."""
    while round_.phase is Phase.PASSING and (round_.step is None or round_.step.kind is not until):
        round_ = round_.apply(first_legal(round_))
    return round_


def position(
    name: str,
    hands: dict[mr.Seat, str],
    *,
    last: str | None = None,
    discards: tuple[tuple[mr.Seat, str], ...] = (),
    **options: Any,
) -> AmericanRound:
    """A round in play: ``hands`` as notation (the seat holding 14 tiles is to discard), the
    ``discards`` on the table, the rest of the tiles in the wall with ``last`` drawn next."""
    dealt = american(name, **options)
    parsed = {seat: H(text) for seat, text in hands.items()}
    table = tuple((seat, T(tile)) for seat, tile in discards)
    wall = list(dealt.all_tiles())
    for hand in parsed.values():
        for tile in hand.tiles:
            wall.remove(tile)
    for _, tile in table:
        wall.remove(tile)
    wall.sort(reverse=True)  # the lowest tiles drawn first
    if last is not None:
        wall.remove(T(last))
        wall.append(T(last))
    turn = next(seat for seat, hand in parsed.items() if len(hand) == 14)
    return attrs.evolve(
        dealt,
        hands=tuple(parsed[seat] for seat in dealt.seats),
        wall=tuple(wall),
        set_aside=(),
        discards=table,
        phase=Phase.TURN,
        steps=(),
        turn=turn,
        began="draw",
        discarded=frozenset(dealt.seats),
    )


def discard(round_: AmericanRound, tile: mr.Tile | str) -> AmericanRound:
    return round_.apply(Action(round_.turn, "discard", (tile,)))


def play_discard(round_: AmericanRound, tile: mr.Tile | str) -> AmericanRound:
    """The round after the seat whose turn it is discards ``tile`` and everyone lets it go."""
    return let_go(discard(round_, tile))


def let_go(round_: AmericanRound) -> AmericanRound:
    """Every seat that could take the last discard lets it go."""
    while round_.phase is Phase.CLAIMS:
        round_ = round_.apply(Action(round_.to_act[0], "pass"))
    return round_


def kinds(round_: AmericanRound, seat: mr.Seat) -> Counter[str]:
    return Counter(action.kind.value for action in round_.legal_actions(seat))


# -- the deal ----------------------------------------------------------------------------------------


def test_flex_deals_13_each_then_passes_three_to_the_left() -> None:
    """Flex: "Each player randomly selects 13 tiles"; "each player passes three tiles from their
    hand to the player on their left"."""
    round_ = american("flex", 3)
    assert [len(round_.hand(seat)) for seat in round_.seats] == [13, 13, 13, 13]
    assert len(round_.wall) == 152 - 52
    assert round_.step is not None
    assert round_.step.kind is StepKind.PASS
    assert round_.step.direction is Direction.LEFT
    assert round_.to_act == (E, S, W, N)
    check_invariants(round_)


def test_flex_options_deal_east_14_and_set_tiles_aside_for_fewer_players() -> None:
    """House rule "Give the East player 14 tiles during the initial deal"; three players:
    "remove 30 tiles setting them aside"; two: "set aside roughly half of the tiles"."""
    east = american("flex", 1, east_starts_with_14=True)
    assert [len(east.hand(seat)) for seat in east.seats] == [14, 13, 13, 13]
    three = american("flex", 1, players=3)
    assert three.seats == (E, S, W)
    assert len(three.set_aside) == 30
    assert len(three.wall) == 152 - 30 - 39
    two = american("flex", 1, players=2)
    assert two.seats == (E, S)
    assert len(two.set_aside) == 76
    for round_ in (east, three, two):
        check_invariants(round_)


@pytest.mark.parametrize("name", ["card-free", "nmjl"])
def test_east_is_dealt_14_and_the_others_13(name: str) -> None:
    """Guide: "East will have 14 tiles, and the other players have 13 tiles"."""
    round_ = american(name, 2)
    assert [len(round_.hand(seat)) for seat in round_.seats] == [14, 13, 13, 13]
    assert len(round_.wall) == 152 - 53
    assert round_.step is not None
    assert round_.step.describe() == "first Charleston, pass 1: 3 tiles to the right"


def test_the_deal_is_the_seed() -> None:
    assert american("nmjl", 5) == american("nmjl", 5)
    assert american("nmjl", 5).hands != american("nmjl", 6).hands


def test_after_the_flex_pass_east_draws_and_plays() -> None:
    """Flex: "First, the East player draws one random face-down tile and places it in their hand"."""
    round_ = through_passes(american("flex", 4))
    assert round_.phase is Phase.TURN
    assert round_.to_act == (E,)
    assert len(round_.hand(E)) == 14
    assert len(round_.wall) == 152 - 53
    assert kinds(round_, E)["discard"] == len(set(round_.hand(E).concealed))
    assert round_.next_east is S


# -- the pass and the Charleston --------------------------------------------------------------------


def _seed_with_joker(name: str, seat: mr.Seat = E) -> AmericanRound:
    for seed in range(200):
        round_ = american(name, seed)
        if mr.Tile.JOKER in round_.hand(seat).concealed:
            return round_
    raise AssertionError("no deal with a joker")


def test_flex_pass_may_include_jokers() -> None:
    """The Flex rules do not forbid passing jokers: the pass may hold them."""
    round_ = _seed_with_joker("flex")
    assert any(T("J") in action.tiles for action in round_.legal_actions(E))


def test_flex_house_rule_a_complete_charleston() -> None:
    """Flex's standard-American house rule "Do a complete Charleston at the start of a round"
    (option ``charleston``): the guide's Charleston instead of the pass to the left (first
    Charleston right, across, left; the vote on the second; the courtesy vote and pass), jokers not
    passed ("Jokers may not be passed during the Charleston"), with 3 players the across passes and
    the courtesy pass left out; the rounds play to their end with the invariants kept."""
    round_ = american("flex", 3, charleston=True)
    assert [step.describe() for step in round_.steps] == [
        "first Charleston, pass 1: 3 tiles to the right",
        "first Charleston, pass 2: 3 tiles across",
        "first Charleston, pass 3: 3 tiles to the left",
        "second Charleston vote",
        "courtesy vote",
        "courtesy pass",
    ]
    assert [len(round_.hand(seat)) for seat in round_.seats] == [13, 13, 13, 13]
    joker = _seed_with_joker("flex")
    joker = american("flex", joker.seed, charleston=True)
    assert not any(T("J") in action.tiles for action in joker.legal_actions(E))
    three = american("flex", 3, charleston=True, players=3)
    assert [step.describe() for step in three.steps] == [
        "first Charleston, pass 1: 3 tiles to the right",
        "first Charleston, pass 3: 3 tiles to the left",
        "second Charleston vote",
    ]
    for seed in range(4):
        for players in (2, 3, 4):
            done = play(american("flex", seed, charleston=True, players=players), seed=seed, check=True)
            assert done.is_over
    # the hands score the same: the option changes only the round's steps before play
    assert mr.get_ruleset("flex", charleston=True).evaluate(mr.Hand.parse("333C 44B 555C 666C 777C")).points == 3


@pytest.mark.parametrize("name", ["card-free", "nmjl"])
def test_jokers_are_never_passed_in_the_charleston(name: str) -> None:
    """Guide: "Jokers may not be passed during the Charleston.\""""
    round_ = _seed_with_joker(name)
    assert not any(T("J") in action.tiles for action in round_.legal_actions(E))
    others = [tile for tile in round_.hand(E).concealed if not tile.is_joker][:2]
    with pytest.raises(IllegalActionError) as raised:
        round_.apply(Action(E, "charleston", (T("J"), *others)))
    assert raised.value.reason.code == "joker-passed"


def test_a_pass_picked_from_the_round_s_choices_is_taken_and_any_other_is_checked() -> None:
    """Issue 21: a pass an agent picks from the round's own choices is taken as it is (the round
    made it); the same pass written anew, or picked from another round's choices, is checked like
    any other (a pass of tiles the seat does not hold is refused)."""
    round_ = american("card-free", 3)
    other = american("card-free", 4)
    choices = round_.legal_actions(E)
    assert isinstance(choices, PassChoices)
    picked = choices[len(choices) // 2]
    assert round_.apply(picked).actions[-1] is picked
    written = Action(E, "charleston", tuple(reversed(picked.tiles)))
    assert round_.apply(written).hands == round_.apply(picked).hands
    held = Counter(round_.hand(E).concealed)
    foreign = other.legal_actions(E)
    stranger = next(
        foreign[index]
        for index in range(len(foreign))
        if any(held[tile] < n for tile, n in Counter(foreign[index].tiles).items())
    )
    with pytest.raises(IllegalActionError) as raised:
        round_.apply(stranger)
    assert raised.value.reason.code == "not-in-hand"
    # a pick by rank (the environment's) names the pass's size and blinds right, or is refused
    assert choices._pick(picked.tiles, 0) == picked
    for tiles, blind in ((picked.tiles, 1), (picked.tiles[:2], 0)):
        with pytest.raises(ValueError, match="no pass"):
            choices._pick(tiles, blind)


def test_blind_passes_only_on_the_last_pass_of_each_charleston() -> None:
    """Guide: blind passes are "only permitted on the last pass of each Charleston (the first left
    and second right)"."""
    round_ = american("nmjl", 7)
    assert all(action.count == 0 for action in round_.legal_actions(E))
    two = round_.hand(E).concealed[:2]
    with pytest.raises(IllegalActionError) as raised:
        round_.apply(Action(E, "charleston", two, count=1))
    assert raised.value.reason.code == "blind-pass"
    for _ in range(8):  # the first two passes
        round_ = round_.apply(first_legal(round_))
    assert round_.step is not None
    assert round_.step.direction is Direction.LEFT
    assert {action.count for action in round_.legal_actions(E)} == {0, 1, 2, 3}


def test_a_blind_pass_sends_on_the_tiles_received() -> None:
    """Guide: "take either 1, 2, or 3 of the tiles being passed to them and pass them along to the person
    on their left ... without looking at those tiles": East passes two of its own and one blind;
    North (on East's left) receives East's two and the first tile South passed East."""
    round_ = american("nmjl", 8)
    for _ in range(8):
        round_ = round_.apply(first_legal(round_))
    before = {seat: Counter(round_.hand(seat).concealed) for seat in round_.seats}
    chosen = {}
    for seat in round_.seats:
        blind = 1 if seat is E else 0
        action = next(action for action in round_.legal_actions(seat) if action.count == blind)
        chosen[seat] = action
        round_ = round_.apply(action)
    assert chosen[E].count == 1
    assert len(chosen[E].tiles) == 2
    south_passed = chosen[S].tiles
    north = Counter(round_.hand(N).concealed) - before[N]
    assert north == Counter(chosen[E].tiles) + Counter(south_passed[:1])
    east = Counter(round_.hand(E).concealed) - before[E]
    assert east == Counter(south_passed[1:])
    check_invariants(round_)


def _vote_round(name: str, wanted: list[bool], **options: Any) -> AmericanRound:
    round_ = through_passes(american(name, 9, **options), StepKind.SECOND_VOTE)
    assert round_.step is not None
    assert round_.step.kind is StepKind.SECOND_VOTE
    for seat, flag in zip(round_.seats, wanted, strict=True):
        round_ = round_.apply(Action(seat, "vote", flag=flag))
    return round_


def test_the_second_charleston_needs_every_player() -> None:
    """Guide: "Second Charleston - OPTIONAL"; any player may stop it (ruling L11). It goes left, across,
    right."""
    agreed = _vote_round("nmjl", [True, True, True, True])
    assert agreed.step is not None
    assert agreed.step.describe() == "second Charleston, pass 1: 3 tiles to the left"
    stopped = _vote_round("nmjl", [True, True, False, True])
    assert stopped.step is not None
    assert stopped.step.kind is StepKind.COURTESY_VOTE


def test_card_free_house_rule_skips_the_second_charleston() -> None:
    """Card-Free house rule 1: "Always skip the second round of the Charleston\""""
    round_ = american("card-free", 9, skip_second_charleston=True)
    for _ in range(12):
        round_ = round_.apply(first_legal(round_))
    assert round_.step is not None
    assert round_.step.kind is StepKind.COURTESY_VOTE


def test_the_courtesy_pass_goes_with_the_lower_number() -> None:
    """Guide: "If one of the players only wants to trade one tile and the other wants to trade 3 tiles,
    the players will go with the lower number and only trade one tile.\""""
    round_ = _vote_round("nmjl", [False, True, True, True])
    offers = {E: 3, S: 0, W: 1, N: 2}
    for seat, count in offers.items():
        round_ = round_.apply(Action(seat, "vote", count=count))
    assert round_.courtesy == (1, 0, 1, 0)
    assert round_.to_act == (E, W)
    assert {len(action.tiles) for action in round_.legal_actions(E)} == {1}
    assert round_.legal_actions(S) == ()
    with pytest.raises(IllegalActionError) as raised:
        round_.apply(Action(S, "charleston", round_.hand(S).concealed[:1]))
    assert raised.value.reason.code == "not-to-act"
    east_tile, west_tile = round_.hand(E).concealed[0], round_.hand(W).concealed[-1]
    round_ = round_.apply(Action(E, "charleston", (east_tile,)))
    round_ = round_.apply(Action(W, "charleston", (west_tile,)))
    assert round_.phase is Phase.TURN
    assert round_.turn is E
    assert len(round_.hand(E)) == 14
    check_invariants(round_)


def test_three_players_skip_the_across_passes_and_the_courtesy_pass() -> None:
    round_ = american("nmjl", 3, players=3)
    steps = [step.describe() for step in round_.steps]
    assert steps == [
        "first Charleston, pass 1: 3 tiles to the right",
        "first Charleston, pass 3: 3 tiles to the left",
        "second Charleston vote",
    ]


# -- calls and who takes a discard ------------------------------------------------------------------

FLEX_HANDS = {
    E: "5C J 1B 1B 2B 2B 9B 9B 8B 8B 1C 1C 2C 2C",
    S: "333C 44B 55C 666C 777C",  # a Run 3-7 with one more 5C
    W: "5C J J 1D 2D 6B 7B 8B 9D GD RD E S",  # a pung or a kong of 5C with jokers
    N: "1D 1D 2D 2D 9C 9C 8C 8C W W E E F",
}


def test_every_seat_that_may_take_the_discard_answers() -> None:
    """Flex: "Once a tile is discarded, any player can claim that tile": the seats that could call it
    or win on it answer, in turn order from the discarder; the others let it go."""
    round_ = discard(position("flex", FLEX_HANDS), "5C")
    assert round_.phase is Phase.CLAIMS
    assert round_.last_discard == T("5C")
    assert round_.to_act == (S, W)
    assert kinds(round_, S) == Counter({"mahjong": 1, "call": 1, "pass": 1})
    calls = sorted(str(action.meld) for action in round_.legal_actions(W) if action.kind is ActionKind.CALL)
    assert calls == ["[55C J@E]", "[55C JJ@E]", "[5C JJ@E]"]
    assert round_.legal_actions(N) == ()


def test_a_mahjong_call_beats_an_exposure_and_is_settled() -> None:
    """Flex: "1. A player calling Mahjong" comes first; the discarder "pays the winner double the
    hand value"."""
    round_ = discard(position("flex", FLEX_HANDS), "5C")
    round_ = round_.apply(Action(S, "mahjong", ("5C",)))
    assert round_.to_act == (W,)
    round_ = round_.apply(first_legal(round_, lambda action: action.kind is ActionKind.CALL))
    assert round_.is_over
    result = round_.result
    assert result is not None
    assert result.winner is S
    assert result.evaluation is not None
    assert result.evaluation.hand == H("333C 44B 555C 666C 777C")
    assert not result.evaluation.context.self_drawn
    assert result.evaluation.context.seat_wind is S
    value = result.evaluation.points
    assert value == 3  # Mahjong, Concealed, Jokerless
    assert dict(result.payments) == {E: -2 * value, S: 4 * value, W: -value, N: -value}
    check_invariants(round_)


def test_flex_gives_the_discard_to_the_larger_set() -> None:
    """Flex: "2. The player calling for the set with the most number of tiles.\""""
    round_ = discard(position("flex", FLEX_HANDS), "5C")
    round_ = round_.apply(first_legal(round_, lambda action: action.kind is ActionKind.CALL))  # South's pung
    kong = next(action for action in round_.legal_actions(W) if action.meld is not None and action.meld.size == 4)
    round_ = round_.apply(kong)
    assert round_.phase is Phase.TURN
    assert round_.turn is W
    assert round_.hand(W).exposed == (mr.Meld.parse("[55C JJ @E]"),)
    assert len(round_.hand(W)) == 14
    assert kinds(round_, W)["mahjong"] == 0
    check_invariants(round_)


def test_card_free_gives_the_discard_to_the_nearest() -> None:
    """Guide: "the player closest in line to their turn would take priority"."""
    round_ = discard(position("card-free", FLEX_HANDS), "5C")
    south = first_legal(round_, lambda action: action.kind is ActionKind.CALL)
    round_ = round_.apply(south)
    kong = next(action for action in round_.legal_actions(W) if action.meld is not None and action.meld.size == 4)
    round_ = round_.apply(kong)
    assert round_.turn is S
    assert round_.hand(S).exposed == (south.meld,)
    assert len(round_.discards) == 0  # the called tile left the table
    check_invariants(round_)


def test_several_flex_winners_on_one_discard_are_all_paid() -> None:
    """Flex: "More Than One Mahjong": the discarder "only pays the hand value to each winning
    player, not double" (ruling F12)."""
    hands = {**FLEX_HANDS, W: "5C J J 44D 666D 777D 33D"}
    round_ = discard(position("flex", hands), "5C")
    round_ = round_.apply(Action(S, "mahjong", ("5C",)))
    round_ = round_.apply(Action(W, "mahjong", ("5C",)))
    result = round_.result
    assert result is not None
    assert round_.winners == (S, W)
    assert result.settlement is not None
    assert sum(result.payments.values()) == 0
    assert result.payments[E] < 0
    assert result.payments[N] < 0
    assert {transfer.payer for transfer in result.settlement.transfers} == {E, N}
    check_invariants(round_)


@pytest.mark.parametrize("name", ["flex", "card-free"])
def test_a_discarded_joker_cannot_be_called(name: str) -> None:
    """Flex: "A discarded joker can't be picked up by another player"; guide: "You can never call
    a discarded joker.\""""
    round_ = discard(position(name, FLEX_HANDS), "J")
    assert round_.phase is Phase.TURN
    assert round_.turn is S
    assert len(round_.hand(S)) == 14


def test_the_final_discard_can_be_called_for_mahjong_only() -> None:
    """Flex: "The final discarded tile can be called for Mahjong"."""
    round_ = position("flex", FLEX_HANDS)
    round_ = attrs.evolve(round_, wall=(), set_aside=round_.wall)
    round_ = discard(round_, "5C")
    assert round_.to_act == (S,)
    assert kinds(round_, S) == Counter({"mahjong": 1, "pass": 1})
    over = round_.apply(Action(S, "pass"))
    assert over.is_over
    assert over.result == RoundResult(None, None, None, dict.fromkeys(mr.Seat, 0))
    won = round_.apply(Action(S, "mahjong", ("5C",)))
    assert won.result is not None
    assert won.result.evaluation is not None
    assert won.result.evaluation.context.last_tile  # Sunset


def test_a_self_drawn_mahjong_is_settled() -> None:
    """Flex: "Step 3 (Optional) - Declare Mahjong"; "Each losing player pays the winning player
    the hand value" (nobody discarded)."""
    hands = {**FLEX_HANDS, E: "1B J 5D 5D 2B 2B 9B 9B 8B 8B 1C 1C 2C 2C"}
    round_ = let_go(discard(position("flex", hands, last="5C"), "1B"))
    assert round_.turn is S
    assert kinds(round_, S)["mahjong"] == 1
    round_ = round_.apply(Action(S, "mahjong"))
    result = round_.result
    assert result is not None
    assert result.evaluation is not None
    assert result.evaluation.context.self_drawn
    value = result.evaluation.points
    assert dict(result.payments) == {E: -value, S: 3 * value, W: -value, N: -value}
    check_invariants(round_)


def test_joker_swaps_take_a_joker_from_any_exposure() -> None:
    """Guide: "If a player exposes a grouping of tiles that includes a joker ... and you have a
    tile in your hand that corresponds to the tile represented by the exposed joker(s), you may
    swap your tile for the joker when it is your turn.\""""
    hands = {**FLEX_HANDS, S: "333C 44B 5C 666C 777C 1D"}
    round_ = discard(position("card-free", hands), "5C")
    round_ = round_.apply(next(a for a in round_.legal_actions(W) if str(a.meld) == "[5C JJ@E]"))
    round_ = play_discard(round_, "GD")
    assert round_.turn is N
    round_ = play_discard(round_, "F")
    assert round_.turn is E
    round_ = play_discard(round_, "9B")
    assert round_.turn is S
    swaps = [action for action in round_.legal_actions(S) if action.kind is ActionKind.JOKER_SWAP]
    assert len(swaps) == 1
    assert swaps[0].target is W
    round_ = round_.apply(swaps[0])
    assert round_.hand(W).exposed[0].tiles == (T("5C"), T("5C"), T("J"))
    assert T("J") in round_.hand(S).concealed
    assert not [action for action in round_.legal_actions(S) if action.kind is ActionKind.JOKER_SWAP]
    check_invariants(round_)


def test_flex_blank_swaps_take_a_discard() -> None:
    """Flex: "A Blank Swap allows you to exchange a blank tile from your hand with any discarded
    tile that is face up on the table except a joker or another blank.\""""
    hands = {**FLEX_HANDS, E: "5C J 1B 1B 2B 2B 9B 9B 8B 8B 1C 1C 2C Blank"}
    round_ = position("flex", hands, discards=((N, "9D"), (W, "J"), (S, "9D")), blanks=2)
    blank_swaps = [a for a in round_.legal_actions(E) if a.kind is ActionKind.BLANK_SWAP]
    assert blank_swaps == [Action(E, "blank_swap", ("Blank", "9D"))]
    assert not [a for a in round_.legal_actions(E) if a.kind is ActionKind.JOKER_SWAP and a.tiles[0].is_blank]
    swapped = round_.apply(blank_swaps[0])
    # A blank swap as written before it was a kind of its own (a joker swap without a meld).
    assert round_.apply(Action(E, "joker_swap", ("Blank", "9D"))) == swapped
    assert swapped.discards == ((N, T("9D")), (W, T("J")), (E, T("Blank")))
    assert T("Blank") not in swapped.hand(E).concealed
    assert swapped.hand(E).count("9D") == 1
    assert swapped.to_act == (E,)
    check_invariants(swapped)
    plain = position("card-free", {**hands, E: "5C J 1B 1B 2B 2B 9B 9B 8B 8B 1C 1C 2C 3C"}, discards=((N, "9D"),))
    assert not [action for action in plain.legal_actions(E) if action.kind is ActionKind.BLANK_SWAP]


def test_flex_joker_swaps_both_ways_and_never_undone_in_a_turn() -> None:
    """Flex: "1. Swap a matching tile from your hand with a joker in any player's exposed set.
    2. Swap a joker from your hand with any tile in any player's exposed set except for flower
    tiles." A swap undoing one made this turn is not offered (it would only repeat a position)."""
    hands = {**FLEX_HANDS, S: "333C 44B 5C 666C 777C 1D"}
    round_ = discard(position("flex", hands), "5C")
    round_ = round_.apply(next(a for a in round_.legal_actions(W) if str(a.meld) == "[55C J@E]"))
    round_ = play_discard(round_, "GD")
    round_ = play_discard(round_, "F")
    round_ = play_discard(round_, "9B")
    assert round_.turn is S
    swaps = [action for action in round_.legal_actions(S) if action.kind is ActionKind.JOKER_SWAP]
    assert swaps == [Action(S, "joker_swap", ("5C",), "[55C J @E]", target=W)]
    round_ = round_.apply(swaps[0])
    assert round_.hand(W).exposed[0] == mr.Meld.parse("[555C @E]")
    assert not [action for action in round_.legal_actions(S) if action.kind is ActionKind.JOKER_SWAP]
    round_ = play_discard(round_, "1D")
    round_ = play_discard(round_, round_.hand(W).concealed[0])
    round_ = play_discard(round_, round_.hand(N).concealed[0])
    assert round_.turn is E
    swaps = [action for action in round_.legal_actions(E) if action.kind is ActionKind.JOKER_SWAP]
    assert [(action.tiles, action.target) for action in swaps] == [((T("J"),), W)]  # the way 2
    check_invariants(round_.apply(swaps[0]))


# -- illegal actions ---------------------------------------------------------------------------------


def _raises(round_: AmericanRound, action: Action, code: str, *, replayable: bool = True) -> None:
    """``action`` raises with the reason ``code`` and the round is as before: equal to its copy
    (replayed from the deal when it can be) and holding the same values."""
    copy = Replay.of(round_).play() if replayable else attrs.evolve(round_)
    # Every field of the state (the round's caches, of legal actions and of who acts, compare
    # equal whatever they hold, and may fill in while the action is checked).
    state = [field.name for field in attrs.fields(AmericanRound) if field.eq]
    values = [getattr(round_, name) for name in state]
    with pytest.raises(IllegalActionError) as raised:
        round_.apply(action)
    assert raised.value.reason.code == code, raised.value.reason
    assert round_ == copy
    assert [getattr(round_, name) for name in state] == values
    assert round_.legal_actions() == copy.legal_actions()


def test_illegal_actions_raise_and_leave_the_round_unchanged() -> None:
    round_ = american("nmjl", 11)
    absent = next(tile for tile in mr.Tile.all() if tile not in round_.hand(E) and not tile.is_joker)
    _raises(round_, Action(E, "charleston", (absent, *round_.hand(E).concealed[:2])), "not-in-hand")
    _raises(round_, Action(E, "charleston", round_.hand(E).concealed[:2]), "pass-size")
    _raises(round_, Action(E, "discard", round_.hand(E).concealed[:1]), "wrong-action")
    played = through_passes(round_)
    assert played.to_act == (E,)
    _raises(played, Action(S, "discard", played.hand(S).concealed[:1]), "not-to-act")
    missing = next(tile for tile in mr.Tile.all() if tile not in played.hand(E).concealed)
    _raises(played, Action(E, "discard", (missing,)), "not-in-hand")
    _raises(played, Action(E, "mahjong"), "not-mahjong")
    _raises(played, Action(E, "vote", flag=True), "wrong-action")


def test_illegal_calls_say_why() -> None:
    round_ = discard(position("flex", FLEX_HANDS), "5C")
    _raises(round_, Action(W, "call", ("5C",), "[55C]"), "exposed-pair", replayable=False)
    _raises(round_, Action(W, "call", ("5C",), "[5C JJJ]"), "not-in-hand", replayable=False)
    _raises(round_, Action(W, "mahjong", ("5C",)), "not-mahjong", replayable=False)
    _raises(round_, Action(N, "pass"), "not-to-act", replayable=False)
    finished = round_.apply(Action(S, "mahjong", ("5C",))).apply(Action(W, "pass"))
    assert finished.is_over
    _raises(finished, Action(N, "pass"), "round-over", replayable=False)
    with pytest.raises(TypeError, match="apply takes an Action"):
        round_.apply("discard 5C")  # type: ignore[arg-type]


def test_actions_are_matched_however_they_are_written() -> None:
    """A pass in any order, a call without saying whom it is called from: the round records the
    legal action it stands for."""
    round_ = discard(position("flex", FLEX_HANDS), "5C")
    called = round_.apply(Action(W, "call", ("5C",), "[J 5C 5C]"))
    assert called.actions[-1].meld == mr.Meld.parse("[55C J @E]")
    dealt = american("flex", 2)
    tiles = dealt.hand(E).concealed[:3]
    passed = dealt.apply(Action(E, "charleston", tuple(reversed(tiles))))
    assert passed.actions[-1].tiles == tiles


# -- observations, replays --------------------------------------------------------------------------


def test_an_observation_shows_only_what_a_seat_can_see() -> None:
    round_ = discard(position("flex", FLEX_HANDS), "5C")
    seen = round_.observation("S")
    assert seen["hand"] == H(FLEX_HANDS[S])
    assert seen["last_discard"] == T("5C")
    assert seen["concealed_counts"] == {E: 13, S: 13, W: 13, N: 13}
    assert seen["tiles_left"] == len(round_.wall)
    assert seen["phase"] == "claims"
    assert seen["to_act"] == (S, W)
    answered = round_.apply(Action(S, "pass"))
    assert answered.observation(S)["chosen"] == Action(S, "pass")
    assert answered.observation(W)["chosen"] is None
    with pytest.raises(ValueError, match="not at the table"):
        american("flex", 1, players=3).observation(N)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda value: str(value))
def test_a_replay_plays_the_same_round(name: str, options: dict[str, Any]) -> None:
    finished = play(new_round(name, 21, **options), seed=21)
    record = Replay.of(finished)
    again = Replay.from_json(record.to_json()).play()
    assert again == finished
    assert again.actions == finished.actions
    assert again.result == finished.result
    # A record is a value: it hashes (a set of replays drops the repeats) and compares equal.
    assert Replay.from_json(record.to_json()) == record
    assert len({record, Replay.of(again)}) == 1


OTHER_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("flex", {"players": 2, "east_starts_with_14": True}),
    ("flex", {"joker_swap_from_hand_only": True, "news": True, "year": True, "sequence_quints": True}),
    ("flex", {"minimum_value": 3, "jokers": 4, "flowers": 0, "winds": False, "blanks": 4}),
    ("card-free", {"players": 2, "skip_second_charleston": True, "reduced_tiles": True}),
    ("card-free", {"players": 3, "minimum_requirement": True, "skill_level": 5}),
    ("nmjl", {"players": 3, "jokers": 10}),
    ("nmjl", {"players": 2}),
]


@pytest.mark.parametrize(("name", "options"), OTHER_OPTIONS, ids=lambda value: str(value))
def test_rounds_play_under_other_options(name: str, options: dict[str, Any]) -> None:
    """The 2- and 3-player variants and house rules play to the end, with random and greedy
    agents, keeping every invariant; replays reproduce them."""
    for seed in range(4):
        dealt = american(name, seed, **options)
        agents = dict.fromkeys(dealt.seats, greedy_agent()) if seed % 2 else None
        finished = play(dealt, agents, seed=seed)
        assert finished.is_over
        assert Replay.from_json(Replay.of(finished).to_json()).play() == finished


# -- self-play -------------------------------------------------------------------------------------

RANDOM_ROUNDS = 30
GREEDY_ROUNDS = 8


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda value: str(value))
def test_random_self_play_keeps_every_invariant(name: str, options: dict[str, Any]) -> None:
    ends: Counter[str] = Counter()
    started = time.perf_counter()
    for seed in range(RANDOM_ROUNDS):
        finished = play(new_round(name, seed, **options), seed=seed)
        assert finished.is_over
        assert finished.result is not None
        ends["win" if finished.result.winner is not None else "wall game"] += 1
    rate = RANDOM_ROUNDS / (time.perf_counter() - started)
    print(f"{name} {options}: random agents, {dict(ends)}, {rate:.0f} rounds/s")


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=lambda value: str(value))
def test_greedy_self_play_wins_and_settles(name: str, options: dict[str, Any]) -> None:
    ends: Counter[str] = Counter()
    started = time.perf_counter()
    for seed in range(GREEDY_ROUNDS):
        dealt = american(name, seed, **options)
        finished = play(dealt, dict.fromkeys(dealt.seats, greedy_agent()), seed=seed)
        result = finished.result
        assert result is not None
        if result.winner is None:
            ends["wall game"] += 1
            continue
        assert result.evaluation is not None
        assert result.settlement is not None
        assert result.payments[result.winner] > 0
        ends["self-drawn" if result.evaluation.context.self_drawn else "on a discard"] += 1
    rate = GREEDY_ROUNDS / (time.perf_counter() - started)
    print(f"{name} {options}: greedy agents, {dict(ends)}, {rate:.0f} rounds/s")
    assert ends["self-drawn"] + ends["on a discard"] > 0


def _claims_by_brute_force(round_: AmericanRound, tile: mr.Tile) -> dict[mr.Seat, set[str]]:
    """Every call and Mahjong the ruleset allows each other seat on ``tile``, trying every set
    of 3 to 6 tiles with the hand's naturals and jokers."""
    ruleset: Any = round_.ruleset
    found: dict[mr.Seat, set[str]] = {}
    for seat in round_.seats:
        if seat is round_.turn:
            continue
        hand = round_.hand(seat)
        context = mr.WinContext(
            winning_tile=tile,
            first_turn=seat not in round_.discarded,
            last_tile=not round_.wall,
            seat_wind=seat,
            tiles_left=len(round_.wall),
        )
        options = set()
        if not (tile.is_joker or tile.is_blank):
            if ruleset.check_call(hand, tile, None, context) is None:
                options.add("mahjong")
            jokers = hand.concealed_counts[mr.Tile.JOKER.index]
            for size in range(3, 7):
                for used in range(min(jokers, size - 1) + 1):
                    meld = mr.Meld((tile,) * (size - used) + (mr.Tile.JOKER,) * used)
                    if (
                        round_.wall
                        and hand.count(tile) >= size - used - 1
                        and ruleset.check_call(hand, tile, meld) is None
                    ):
                        options.add(str(meld))
        found[seat] = options
    return found


def _offered(round_: AmericanRound) -> dict[mr.Seat, set[str]]:
    offered: dict[mr.Seat, set[str]] = {seat: set() for seat in round_.seats if seat is not round_.turn}
    for seat, actions in round_.claim_options:
        for action in actions:
            if action.kind is ActionKind.MAHJONG:
                offered[seat].add("mahjong")
            elif action.meld is not None:
                offered[seat].add(str(mr.Meld(action.meld.tiles)))
    return offered


def _check_legal(round_: Any, seat: mr.Seat, legal: Sequence[Action]) -> None:
    """The referee's check of the moment: the legal actions are each listed once and the round
    offers exactly the Mahjongs the ruleset accepts."""
    assert len(
        {(action.kind, action.tiles, action.meld, action.target, action.count, action.flag) for action in legal}
    ) == len(legal)
    if round_.phase is Phase.TURN:
        hand = round_.hand(seat)
        winning = round_.ruleset.evaluate(hand, round_._turn_context()).is_winning
        assert winning == any(action.kind is ActionKind.MAHJONG for action in legal)


@pytest.mark.parametrize("name", ["flex", "card-free", "nmjl"])
def test_legal_actions_are_complete(name: str) -> None:
    """Every Mahjong ``evaluate`` accepts is offered, on one's turn and on a discard, and every
    exposure ``check_call`` accepts."""
    rng = random.Random(5)
    for seed in range(2):
        round_ = american(name, seed)
        agent = greedy_agent() if seed else random_agent(rng)
        while not round_.is_over:
            seat = round_.to_act[0]
            _check_legal(round_, seat, round_.legal_actions(seat))
            action = agent(round_.view(seat))
            following = round_.apply(action)
            if action.kind is ActionKind.DISCARD and not following.is_over:
                expected = _claims_by_brute_force(round_, action.tiles[0])
                answering = following if following.phase is Phase.CLAIMS else attrs.evolve(following, claim_options=())
                assert _offered(attrs.evolve(answering, turn=seat)) == expected
            round_ = following


@pytest.mark.parametrize("name", ["flex", "card-free"])
def test_a_call_must_leave_a_tile_to_discard(name: str) -> None:
    """After calling a tile to expose a set the player discards (Flex: "Step 4 (Mandatory) -
    Discard One Tile"; the guide's turn is the same): a call that would expose every concealed
    tile is refused (``nothing-to-discard``), the smaller set leaving the joker is allowed. Only a
    Mahjong call may take the last tiles."""
    ruleset: Any = mr.get_ruleset(name)
    hand = "[1111B@E] [222B@E] [333C@E] 4C 4C J"
    refused = ruleset.check_call(hand, "4C", "[4C 4C 4C J@S]")
    assert refused is not None
    assert refused.code == "nothing-to-discard"
    assert ruleset.check_call(hand, "4C", "[4C 4C 4C@S]") is None


def test_the_round_that_exposed_every_tile_now_plays_to_its_end() -> None:
    """Found by benchmarks/engine_speed.py: in this seeded card-free round West called a tile to
    expose its last concealed tiles and then had nothing to discard (no legal action). Every seat
    that must act now has a legal action, to the end."""
    done = play(new_round("card-free", seed=2026254), seed=2026254, check=True)
    assert done.is_over


def _every_pass(kinds: list[mr.Tile], counts: Counter[mr.Tile], size: int, start: int = 0) -> list[tuple[mr.Tile, ...]]:
    """Brute force: every multiset of ``size`` tiles in tile order, more copies of a tile first."""
    if size == 0:
        return [()]
    found = []
    for position in range(start, len(kinds)):
        tile = kinds[position]
        for taken in range(min(counts[tile], size), 0, -1):
            found += [(tile,) * taken + rest for rest in _every_pass(kinds, counts, size - taken, position + 1)]
    return found


@given(st.lists(st.integers(1, 4), max_size=10), st.integers(0, 4))
def test_pass_ways_count_every_multiset_within_the_copies(limits: list[int], size: int) -> None:
    """The table the passes are unranked with: ``ways[position][left]`` is how many multisets of
    ``left`` tiles the kinds from ``position`` on make, at most ``limits[kind]`` of each, counted
    here by listing every multiset and keeping those within the copies."""
    ways = _pass_ways(tuple(limits), size)
    assert len(ways) == len(limits) + 1
    for position in range(len(limits) + 1):
        kinds = range(position, len(limits))
        expected = [
            sum(
                all(chosen.count(kind) <= limits[kind] for kind in set(chosen))
                for chosen in itertools.combinations_with_replacement(kinds, left)
            )
            for left in range(size + 1)
        ]
        assert list(ways[position]) == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(mr.TileSet.american().tiles), min_size=3, max_size=14), st.booleans())
def test_pass_choices_are_every_multiset_once_in_order(tiles: list[mr.Tile], blind: bool) -> None:
    """Issue 21: the passes of a Charleston step are unranked on demand instead of listed; the
    sequence is the brute-force listing, in the same order (so seeded rounds replay as before),
    and indexing past it is an IndexError like a tuple's."""
    counts = Counter(tiles)
    kinds = sorted(counts)
    blinds = range(4) if blind else (0,)
    expected = [(passed, unseen) for unseen in blinds for passed in _every_pass(kinds, counts, 3 - unseen)]
    choices = PassChoices(S, counts, 3, blinds)
    assert [(action.tiles, action.count) for action in choices] == expected
    # The round's own way in, from the hand's counts by index: the same choices.
    by_index = [counts.get(tile, 0) for tile in mr.Tile.all()]
    assert PassChoices._of_counts(S, by_index, 3, blinds) == choices
    assert [(action.tiles, action.count) for action in choices[-2:]] == expected[-2:]
    assert all(action.seat is S and action.kind is ActionKind.CHARLESTON for action in choices)
    with pytest.raises(IndexError):
        choices[len(expected)]


@pytest.mark.parametrize(
    ("name", "options", "seeds"),
    [
        ("flex", {}, range(3)),
        ("flex", {"blanks": 2, "players": 3}, range(3)),
        ("card-free", {}, range(3)),
        ("nmjl", {}, range(5, 8)),  # greedy bots rarely win on the card: seeds 5 and 7 have a win
    ],
)
def test_floors_from_the_quick_bound_play_the_same_rounds(name: str, options: dict[str, Any], seeds: range) -> None:
    """The rulesets' ``tiles_away_floor`` spares the engine most tiles-away searches: a hand's floor
    comes from the bound while it is 2 or more. Floors only decide when the Mahjong checks run, so
    greedy bots (who declare Mahjong whenever they may) play the same rounds, action for action,
    as with floors from searches alone; the invariants, checked after every action, include that
    no floor is above its hand's tiles away."""
    wins = 0
    for seed in seeds:
        rounds = []
        for quick in (True, False):
            round_ = american(name, seed, **options)
            if not quick:
                round_._tools._quick_floor = None
            agents = {seat: greedy_agent() for seat in round_.seats}
            rounds.append(play(round_, agents, seed=seed, check=quick))
        assert rounds[0].actions == rounds[1].actions
        assert rounds[0].result == rounds[1].result
        wins += rounds[0].result is not None and rounds[0].result.winner is not None
    assert wins


def test_the_invariants_refuse_legal_actions_for_a_seat_not_to_act() -> None:
    """A seat not in ``to_act`` has no legal action (the ``Round`` protocol, which the environment
    relies on): ``check_invariants`` holds for a real round and refuses one that offers a waiting
    seat the acting seat's actions."""
    from mahjong_rules.engine import InvariantError

    round_ = american("flex", 5)
    while round_.phase is not Phase.TURN:
        round_ = round_.apply(first_legal(round_))
    waiting = next(seat for seat in round_.seats if seat not in round_.to_act)
    assert round_.legal_actions(waiting) == ()
    check_invariants(round_)

    class Leaky:
        def __getattr__(self, name: str) -> Any:
            return getattr(round_, name)

        def legal_actions(self, seat: Any = None) -> Any:
            return round_.legal_actions(round_.to_act[0])

    with pytest.raises(InvariantError, match="not to act but has legal actions"):
        check_invariants(Leaky())


def test_the_card_s_quick_call_check_agrees_with_check_call() -> None:
    """The card round asks ``_call_fits`` about the calls it makes of a hand's own tiles, without
    checking the tiles again (ruling N4: an exposure is a whole group of an exposed line): for
    every call it considers in random rounds, the answer is ``check_call``'s, and the tiles pass
    the checks it skips."""
    from mahjong_rules.engine.american import _call
    from mahjong_rules.rulesets.nmjl.play import check_exposure_tiles

    asked = refused = 0
    for seed in range(6):
        round_: Any = new_round("nmjl", seed=seed)
        ruleset, tools = round_.ruleset, round_._tools
        rng = random.Random(seed)
        while not round_.is_over:
            if round_.phase is Phase.CLAIMS:
                tile = round_.discards[-1][1]
                for seat in round_.seats:
                    hand = round_.hand(seat)
                    counts = hand.concealed_counts
                    naturals, jokers = counts[tile.index], counts[mr.Tile.JOKER.index]
                    for size, used in tools.call_sizes(tile, naturals, jokers):
                        meld, _ = _call(seat, tile, size, used, round_.turn)
                        assert check_exposure_tiles(hand, tile, meld) is None
                        fits = ruleset._call_fits(hand, tile, meld)
                        assert fits == (ruleset.check_call(hand, tile, meld) is None)
                        asked += 1
                        refused += not fits
            round_ = round_.apply(rng.choice(round_.legal_actions(round_.to_act[0])))
    assert asked > 50
    assert 0 < refused < asked
