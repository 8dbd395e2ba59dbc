"""A player's view (issue 21, item 2): what a bot is given holds its own tiles and what the table
shows, the same fields in every family, and nothing of the other seats' concealed tiles or the
wall; the full round stays with the referee."""

from __future__ import annotations

import itertools
import pickle
import random

import attrs
import pytest

import mahjong_rules as mr
from mahjong_rules.engine import ActionKind, Round, new_round
from mahjong_rules.engine.american import AmericanRound
from mahjong_rules.engine.view import PlayerView

FAMILIES = ["flex", "card-free", "nmjl", "singapore"]


def _moments(name: str, seed: int) -> list[Round]:
    """Every state of a round played at random."""
    rng = random.Random(seed)
    round_ = new_round(name, seed=seed)
    states = [round_]
    while not round_.is_over:
        seat = round_.to_act[0]
        round_ = round_.apply(rng.choice(round_.legal_actions(seat)))
        states.append(round_)
    return states


@pytest.mark.parametrize("name", FAMILIES)
def test_views_agree_with_the_round(name: str) -> None:
    states = _moments(name, 4)
    for round_ in [*states[:: max(1, len(states) // 40)], states[-1]]:
        seen_by_seat = {seat: round_.observation(seat) for seat in round_.ruleset.seats}  # type: ignore[attr-defined]
        for seat, seen in seen_by_seat.items():
            view = round_.view(seat)
            assert isinstance(view, PlayerView)
            assert view.seat is seat
            assert view.hand == seen["hand"]
            assert set(view.seats) == set(view.concealed_counts) == set(view.discards) == set(view.exposed)
            assert dict(view.concealed_counts) == dict(seen["concealed_counts"])
            assert view.legal == (tuple(round_.legal_actions(seat)) if seat in round_.to_act else ())
            assert view.on_offer == seen["last_discard"]
            assert view.tiles_left == seen["tiles_left"]
            # The tile offered is on offer, not also among its discarder's discards.
            shown = sum(len(tiles) for tiles in view.discards.values()) + (view.on_offer is not None)
            table = seen["discards"]
            assert shown == (
                sum(len(t) for t in table.values()) + (view.on_offer is not None)
                if isinstance(table, dict)
                else len(table)
            )
            if round_.is_over:
                assert dict(view.payments) == {each: round_.result.payments.get(each, 0) for each in view.seats}  # type: ignore[union-attr]
            # Nothing in the view is the round, or another seat's hand.
            for field in attrs.fields(PlayerView):
                value = getattr(view, field.name)
                assert not isinstance(value, AmericanRound)
                assert not any(value is seen_by_seat[other]["hand"] for other in view.seats if other is not seat)


def _discards_by_seat(round_: Round, seats: tuple[mr.Seat, ...]) -> dict[mr.Seat, tuple[mr.Tile, ...]]:
    """Each seat's discards on the table, worked out from the round alone: an American round's
    (seat, tile) pairs less the tile on offer, or each Singapore player's discards."""
    if isinstance(round_, AmericanRound):
        pairs = list(round_.discards)
        if round_.last_discard is not None:
            pairs.pop()
        return {seat: tuple(tile for each, tile in pairs if each is seat) for seat in seats}
    return {seat: tuple(round_.observation(seat)["discards"][seat]) for seat in seats}


@pytest.mark.parametrize("name", FAMILIES)
def test_each_seats_discards_in_a_view_are_the_rounds_in_any_order_of_viewing(name: str) -> None:
    """Views carry a round's grouped discards on from the last ones grouped (a discard more, a
    call's tile less): viewed forwards, backwards, and two rounds in turn, by every seat, each
    view's discards are still the round's own."""
    first, second = _moments(name, 11), _moments(name, 12)
    seats = first[0].view(mr.Seat.EAST).seats
    interleaved = [state for pair in zip(first, second, strict=False) for state in pair]
    for order in (first, first[::-1], interleaved):
        for round_ in order:
            expected = _discards_by_seat(round_, seats)
            for seat in seats:
                assert dict(round_.view(seat).discards) == expected
    if name != "singapore":  # a call took a discard back from the table in these rounds
        pairs = [*itertools.pairwise(first), *itertools.pairwise(second)]
        assert any(len(after.discards) < len(before.discards) for before, after in pairs)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", FAMILIES)
def test_views_and_rounds_pickle_back_equal(name: str) -> None:
    """A bot in another process is sent its view, a referee checkpoints its round: both pickle at
    every moment of a round (the view's read-only mappings, a Charleston step's passes, the
    ruleset) and come back equal, the view still read-only."""
    for round_ in _moments(name, 6):
        assert pickle.loads(pickle.dumps(round_)) == round_
        view = round_.view(round_.to_act[0] if round_.to_act else round_.ruleset.seats[0])  # type: ignore[attr-defined]
        copy = pickle.loads(pickle.dumps(view))
        assert copy == view
        assert copy.ruleset is view.ruleset
        with pytest.raises(TypeError):
            copy.discards[view.seat] = ()


@pytest.mark.parametrize("name", FAMILIES)
def test_a_view_is_a_value_a_bot_can_cache_by(name: str) -> None:
    """An immutable value hashes: a bot may memoize its choice by the view (``functools.cache``),
    at every moment of a round, its end included, and the round's result is read-only."""
    import functools

    calls: list[PlayerView] = []

    @functools.cache
    def policy(view: PlayerView) -> int:
        calls.append(view)
        return len(view.legal)

    states = _moments(name, 7)
    for round_ in states:
        for seat in round_.ruleset.seats:  # type: ignore[attr-defined]
            view = round_.view(seat)
            assert hash(round_.view(seat)) == hash(view)
            assert policy(view) == policy(round_.view(seat)) == len(view.legal)
    assert len(calls) == len(states) * len(states[0].ruleset.seats)  # type: ignore[attr-defined]
    result = states[-1].result
    assert result is not None
    with pytest.raises(TypeError):
        result.payments[view.seat] = 100  # type: ignore[index]


def test_a_view_changes_with_no_other_seats_concealed_tile() -> None:
    """Two rounds that differ only in South's concealed tiles and the wall look the same to East."""
    round_ = new_round("flex", seed=9)
    assert isinstance(round_, AmericanRound)
    south = round_.seats.index(mr.Seat.SOUTH)
    hand = round_.hands[south]
    swapped_out = hand.concealed[0]
    swapped_in = next(tile for tile in round_.wall if tile != swapped_out)
    wall = list(round_.wall)
    wall[wall.index(swapped_in)] = swapped_out
    tiles = list(hand.concealed)
    tiles[0] = swapped_in
    hands = list(round_.hands)
    hands[south] = mr.Hand(tiles, hand.melds)
    other = attrs.evolve(round_, hands=tuple(hands), wall=tuple(wall))
    assert other.view(mr.Seat.SOUTH) != round_.view(mr.Seat.SOUTH)
    assert other.view(mr.Seat.EAST) == round_.view(mr.Seat.EAST)


@pytest.mark.parametrize("name", FAMILIES)
def test_calls_and_wins_on_a_discard_name_the_tile_in_every_family(name: str) -> None:
    """One vocabulary (issue 21, item 3): a call or a Mahjong on a discard names the tile it takes
    (``tiles[0]``) in every family; one written without it, as before, is read as naming it."""
    checked = 0
    for seed in range(30):
        for round_ in _moments(name, seed):
            for seat in round_.to_act:
                for action in round_.legal_actions(seat):
                    on_discard = action.kind is ActionKind.CALL or (
                        action.kind is ActionKind.MAHJONG and round_.view(seat).on_offer is not None
                    )
                    if not on_discard:
                        continue
                    assert action.tiles == (round_.view(seat).on_offer,), action
                    unnamed = attrs.evolve(action, tiles=())
                    assert round_.apply(unnamed) == round_.apply(action)
                    checked += 1
            if checked >= 6:
                return
    pytest.fail(f"no call in 30 rounds of {name}")


@pytest.mark.parametrize("name", FAMILIES)
def test_after_a_win_on_a_discard_the_views_say_where_the_tile_went(name: str) -> None:
    """Where the tile won on is once the round is over, as ``PlayerView.hand`` documents. American
    rounds leave it on the table, among its discarder's discards (several seats may win on one
    discard: Flex's "More Than One Mahjong"), and each winner's hand stays its 13
    tiles; the evaluation's hand is those and the discard (ruling T2). In Singapore the winner
    takes it into its hand."""
    from mahjong_rules.engine import chosen_by
    from mahjong_rules.engine.bots import greedy_agent

    for seed in range(40):
        finished = before = new_round(name, seed=seed)
        agents = {seat: greedy_agent() for seat in finished.view(mr.Seat.EAST).seats}
        while not finished.is_over:
            seat = finished.to_act[0]
            before, finished = finished, finished.apply(chosen_by(agents[seat], finished.view(seat)))
        result = finished.result
        last = finished.actions[-1]
        if result is None or result.winner is None or last.kind is not ActionKind.MAHJONG:
            continue
        offered = before.view(last.seat).on_offer  # before: the round as the winner declared
        if offered is None:
            continue  # Mahjong on one's own turn
        assert last.tiles == (offered,)
        discarder = before.view(last.seat).turn
        assert discarder is not None
        winner_before, winner_after = before.view(result.winner), finished.view(result.winner)
        assert result.evaluation is not None
        if name == "singapore":
            assert winner_after.hand.counts[offered.index] == winner_before.hand.counts[offered.index] + 1
            assert finished.view(discarder).discards[discarder] == before.view(discarder).discards[discarder]
            assert winner_after.hand.counts == result.evaluation.hand.counts
        else:
            assert winner_after.hand == winner_before.hand
            assert len(winner_after.hand.tiles) == 13
            left = before.view(discarder).discards[discarder]
            assert finished.view(discarder).discards[discarder] == (*left, offered)
            assert winner_after.on_offer is None
            expected = list(winner_after.hand.counts)
            expected[offered.index] += 1
            assert list(result.evaluation.hand.counts) == expected
        return
    pytest.fail(f"no win on a discard in 40 greedy rounds of {name}")


def test_views_built_in_many_threads_at_once_are_the_views_of_one_thread() -> None:
    """Views carry the last grouped discards in a module-level value: threads viewing different
    rounds at once, switching every microsecond, still get each round's own discards."""
    import sys
    from concurrent.futures import ThreadPoolExecutor

    rounds = [_moments(name, seed) for name in ("flex", "card-free") for seed in (21, 22, 23, 24)]

    def discards_of(states: list[Round]) -> list[dict[mr.Seat, tuple[mr.Tile, ...]]]:
        seats = states[0].view(mr.Seat.EAST).seats
        return [dict(state.view(seat).discards) for state in states for seat in seats]

    alone = [discards_of(states) for states in rounds]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            together = list(pool.map(discards_of, rounds))
    finally:
        sys.setswitchinterval(interval)
    assert together == alone
    assert together[0] != together[1]  # the rounds differ: a shared answer would show
