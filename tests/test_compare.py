"""``engine.compare``: bots in duplicate, every deal once a seating, each bot at every seat."""

from __future__ import annotations

import collections
import math
import random
from typing import Any

import pytest

from mahjong_rules.engine import Action, IllegalActionError, compare, new_round, play, random_agent
from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.engine.duplicate import seatings
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import ArgumentError


@pytest.mark.parametrize(("bots", "seats"), [(2, 4), (3, 4), (4, 4), (2, 3), (3, 3), (2, 2)])
def test_over_the_seatings_every_bot_sits_at_every_seat_equally_often(bots: int, seats: int) -> None:
    names = tuple("ABCD"[:bots])
    arrangements = seatings(names, seats)
    assert len(set(arrangements)) == len(arrangements)
    for seat in range(seats):
        at_seat = collections.Counter(seating[seat] for seating in arrangements)
        assert set(at_seat) == set(names)
        assert len(set(at_seat.values())) == 1
    # A bot's neighbours change from seating to seating: nobody always follows the same bot.
    if bots > 2:
        assert len({seating[:2] for seating in arrangements}) > 1


def test_two_copies_of_one_deterministic_bot_come_out_exactly_level() -> None:
    """The greedy bot plays a position the same whatever seat's name it has, so in duplicate two
    copies of it get the same walls from the same seats: their payments are equal, deal by deal,
    whatever each deal pays."""
    result = compare({"one": greedy_agent(), "other": greedy_agent()}, "flex", deals=3, seed=5)
    one, other = result.standings
    assert one.payments == other.payments
    assert one.mean == other.mean
    assert one.rounds == other.rounds == 3 * 2 * 2  # deals x seatings x seats a seating


def test_the_payments_are_those_of_the_rounds_played_deal_by_deal() -> None:
    """Every deal played once for each seating on the same walls, each bot's seats' payments
    added up: worked out again here by playing the same rounds."""
    agents = {"greedy": greedy_agent(), "random": random_agent(random.Random(3))}
    result = compare(agents, "singapore", deals=2, seed=40)
    again = {"greedy": greedy_agent(), "random": random_agent(random.Random(3))}
    totals = dict.fromkeys(again, 0)
    wins = dict.fromkeys(again, 0)
    walls = 0
    for deal in range(2):
        for seating in [("greedy", "random") * 2, ("random", "greedy") * 2]:
            round_ = new_round("singapore", seed=40 + deal)
            seats = round_.view(round_.to_act[0]).seats
            done = play(round_, {seat: again[name] for seat, name in zip(seats, seating, strict=True)}, seed=40 + deal)
            assert done.result is not None
            for seat, name in zip(seats, seating, strict=True):
                totals[name] += done.result.payments.get(seat, 0)
            if done.result.winner is None:
                walls += 1
            else:
                wins[seating[seats.index(done.result.winner)]] += 1
    by_name = {standing.name: standing for standing in result.standings}
    assert {name: by_name[name].payments for name in totals} == totals
    assert {name: by_name[name].wins for name in wins} == wins
    assert result.wall_games == walls
    assert sum(totals.values()) == 0
    assert result.deals == 2
    assert result.seatings == (("greedy", "random") * 2, ("random", "greedy") * 2)


def test_the_greedy_bot_is_ahead_of_random_play_and_the_table_says_so() -> None:
    result = compare({"random": random_agent(random.Random(1)), "greedy": greedy_agent()}, "card-free", deals=3)
    assert [standing.name for standing in result.standings] == ["greedy", "random"]
    greedy, randomly = result.standings
    assert greedy.mean > 0 > randomly.mean  # two bots: one's gain is the other's loss
    assert greedy.mean == greedy.payments / greedy.rounds
    assert math.isfinite(greedy.stderr)
    assert greedy.wins + randomly.wins + result.wall_games == 3 * 2
    text = str(result)
    walls = f"{result.wall_games} wall game" + ("" if result.wall_games == 1 else "s")
    assert text.splitlines()[0] == f"card-free: 3 deals x 2 seatings = 6 rounds, {walls}"
    single = compare({"a": greedy_agent(), "b": greedy_agent()}, "singapore", deals=1, seed=2)
    assert str(single).startswith("singapore: 1 deal x 2 seatings = 2 rounds, ")
    assert text.splitlines()[2].split()[:2] == ["greedy", "12"]


def test_one_deal_has_no_standard_error_and_progress_is_told_each_deal() -> None:
    told: list[tuple[int, int]] = []
    result = compare(
        {"a": greedy_agent(), "b": greedy_agent(), "c": greedy_agent()},
        "singapore",
        deals=2,
        progress=lambda done, total: told.append((done, total)),
    )
    assert told == [(1, 2), (2, 2)]
    assert all(standing.rounds == 2 * 4 for standing in result.standings)  # 3 seatings x 4 seats / 3 bots
    single = compare({"a": greedy_agent(), "b": greedy_agent()}, "singapore", deals=1)
    assert all(math.isnan(standing.stderr) for standing in single.standings)


def test_three_player_tables_seat_three() -> None:
    result = compare({"a": greedy_agent(), "b": random_agent(random.Random(2))}, "singapore", deals=1)
    assert len(result.seatings[0]) == 4
    from mahjong_rules import get_ruleset

    three = compare({"a": greedy_agent(), "b": greedy_agent()}, get_ruleset("singapore", players=3), deals=1)
    assert all(len(seating) == 3 for seating in three.seatings)
    assert len(three.seatings) == 2  # ABA, BAB


def _never(view: PlayerView) -> Action:  # pragma: no cover - never asked
    raise AssertionError


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: compare({"a": _never}, "flex"), ArgumentError, "2 to 4 agents"),
        (lambda: compare(dict.fromkeys("abcde", _never), "flex"), ArgumentError, "2 to 4 agents"),
        (lambda: compare({"a": _never, "b": _never}, "flex", deals=0), ArgumentError, "deals is a whole number"),
        (lambda: compare({"a": _never, "b": _never}, "flex", deals=1.5), ArgumentError, "not 1.5"),  # type: ignore[arg-type]
        (lambda: compare({"a": _never, "b": _never}, "flex", deals="3"), ArgumentError, "not '3'"),  # type: ignore[arg-type]
        (lambda: compare({"a": _never, 2: _never}, "flex"), ArgumentError, "name is a string"),  # type: ignore[dict-item]
        (lambda: compare({"a": _never, "b": 3}, "flex"), TypeError, "the agent 'b' is"),  # type: ignore[dict-item]
        (lambda: compare([_never, _never], "flex"), TypeError, "mapping of names"),  # type: ignore[arg-type]
        (lambda: compare({"a": _never, "b": _never}, "flex", seed=-1), ArgumentError, "seed"),
        (lambda: compare({"a": _never, "b": _never}, 3), TypeError, "ruleset"),  # type: ignore[arg-type]
    ],
)
def test_wrong_arguments_are_refused_before_a_round_is_played(call: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_bots_error_says_which_deal_and_seating_it_came_from() -> None:
    def stubborn(view: PlayerView) -> Action:
        return view.legal[-1] if view.phase != "turn" else Action(view.seat, "discard", ("9D",))

    with pytest.raises(IllegalActionError) as refused:
        compare({"greedy": greedy_agent(), "stubborn": stubborn}, "singapore", deals=2, seed=7)
    assert refused.value.__notes__ == [
        "in compare: deal 1 of 2 (seed 7), seated East greedy, South stubborn, West greedy, North stubborn"
    ]


def test_a_trained_model_and_an_rlcard_agent_take_part_as_any_bot() -> None:
    """A model (through ``model_policy``: here a callable choosing the mask's first legal index)
    and an RLCard agent (through ``rlcard_policy``) play whole duplicate deals beside a bot."""
    import numpy as np
    from rlcard.agents import RandomAgent

    from mahjong_rules.engine.rlcard_env import rlcard_policy
    from mahjong_rules.engine.single_agent import model_policy

    def first_legal(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask)[0])

    np.random.seed(0)  # RLCard's random agent draws from NumPy's global generator
    agents = {
        "model": model_policy(first_legal),
        "rlcard": rlcard_policy(RandomAgent(num_actions=1_981)),
        "greedy": greedy_agent(),
    }
    result = compare(agents, "singapore", deals=1, seed=3)
    assert {standing.name for standing in result.standings} == set(agents)
    assert sum(standing.payments for standing in result.standings) == 0
    assert all(standing.rounds == 4 for standing in result.standings)  # 3 seatings x 4 seats / 3 bots
