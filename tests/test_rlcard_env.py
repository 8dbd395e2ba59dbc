"""The rounds as RLCard environments (``mahjong_rules.engine.rlcard_env``): RLCard's own loop and
agents play them, each state says what the PettingZoo environment shows the same seat, the
payoffs are the round's payments, and wrong input is refused with the round unchanged."""

from __future__ import annotations

import random
import re
from collections import OrderedDict
from typing import Any

import numpy as np
import pytest
import rlcard
from rlcard.agents import RandomAgent
from rlcard.utils import tournament

from mahjong_rules.engine import Action, ActionKind, IllegalActionError, new_round, play
from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.engine.rl import ActionEncoding, observation_array
from mahjong_rules.engine.rlcard_env import RLCARD_IDS, RLCardEnv, rlcard_agent, rlcard_policy
from mahjong_rules.errors import ArgumentError, MahjongError
from mahjong_rules.tiles import Seat

VARIANTS = [
    pytest.param("flex", {}, id="flex"),
    pytest.param("card-free", {}, id="card-free"),
    pytest.param("nmjl", {}, id="nmjl"),
    pytest.param("singapore", {}, id="singapore"),
    pytest.param("flex", {"players": 2}, id="flex-2"),
    pytest.param("singapore", {"players": 3}, id="singapore-3"),
]


def make(name: str, options: dict[str, Any] | None = None, **config: Any) -> Any:
    return rlcard.make(f"mahjong-rules-{name}", config={"game_options": options or {}, **config})


def assert_state_is_the_seats(env: Any, state: dict[str, Any], player: int) -> None:
    """``state`` is what the seat of ``player`` may see of the environment's round now, built
    independently: its view, the array of that view, and the indexes of its legal actions."""
    round_ = env.game.round
    seat = env.seats[player]
    view = round_.view(seat)
    encoding = ActionEncoding(round_.ruleset)
    assert state["raw_obs"] == view
    raw = list(state["raw_legal_actions"])
    assert sorted(raw, key=str) == sorted(view.legal, key=str)
    assert [encoding.encode(action) for action in raw] == list(state["legal_actions"])  # paired in order
    assert np.array_equal(state["obs"], observation_array(view, encoding.seats))
    assert state["obs"].shape == tuple(env.state_shape[player])
    assert isinstance(state["legal_actions"], OrderedDict)
    assert sorted(state["legal_actions"]) == sorted(encoding.encode(action) for action in view.legal)


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_a_whole_round_in_rlcards_loop_shows_each_seat_its_own_state_and_pays_the_result(
    name: str, options: dict[str, Any]
) -> None:
    """RLCard's ``Env.run`` loop by hand, random legal indexes: every state handed out is the
    acting seat's own (its view, the PettingZoo observation of it, its legal indexes), and at the
    end the payoffs are the round's payments, summing to zero."""
    env = make(name, options, seed=11)
    rng = random.Random(11)
    state, player = env.reset()
    steps = 0
    while not env.is_over():
        assert player == env.seats.index(env.game.round.to_act[0])
        assert_state_is_the_seats(env, state, player)
        index = rng.choice(list(state["legal_actions"]))
        state, player = env.step(index)
        steps += 1
    assert steps == len(env.game.round.actions)
    for other in range(env.num_players):
        final = env.get_state(other)
        assert_state_is_the_seats(env, final, other)
        assert final["legal_actions"] == OrderedDict()
    result = env.game.round.result
    payoffs = env.get_payoffs()
    assert payoffs.tolist() == [float(result.payments.get(seat, 0)) for seat in env.seats]
    assert payoffs.sum() == 0.0
    assert env.num_players == len(env.game.round.seats)


@pytest.mark.parametrize("name", ["flex", "singapore"])
def test_rlcards_agents_and_tournament_play_it_and_the_greedy_bot_beats_random_agents(name: str) -> None:
    """RLCard's ``tournament`` with its random agents and the library's greedy bot as an RLCard
    agent: every round ends and pays out, and over 12 seeded rounds the bot is ahead of each
    random agent (it wins most rounds: benchmarks/README.md)."""
    env = make(name, seed=4)
    env.set_agents([rlcard_agent(greedy_agent())] + [RandomAgent(env.num_actions) for _ in range(env.num_players - 1)])
    np.random.seed(4)  # RLCard's random agent draws from NumPy's global generator
    average = tournament(env, 12)
    assert abs(sum(average)) < 1e-9
    assert average[0] > 0
    assert all(average[0] > other for other in average[1:])


def test_a_seed_gives_the_same_rounds_and_another_seed_others() -> None:
    def actions(seed: int) -> list[list[Action]]:
        env = make("card-free", seed=seed)
        env.set_agents([RandomAgent(env.num_actions) for _ in range(env.num_players)])
        played = []
        for _ in range(2):
            np.random.seed(seed)  # RLCard's random agent draws from NumPy's global generator
            env.run()
            played.append(list(env.game.round.actions))
        return played

    assert actions(3) == actions(3)
    assert actions(3)[0][:20] != actions(4)[0][:20]


def test_step_back_returns_to_each_round_before() -> None:
    env = make("singapore", seed=2, allow_step_back=True)
    state, player = env.reset()
    rounds = [env.game.round]
    rng = random.Random(2)
    for _ in range(30):
        state, player = env.step(rng.choice(list(state["legal_actions"])))
        rounds.append(env.game.round)
    for before in reversed(rounds[:-1]):
        state, player = env.step_back()
        assert env.game.round is before
        assert_state_is_the_seats(env, state, player)
    assert env.step_back() is False
    without = make("singapore", seed=2)
    without.reset()
    with pytest.raises(Exception, match="Step back is off"):
        without.step_back()


def test_wrong_actions_are_refused_and_change_nothing() -> None:
    env = make("flex", seed=5)
    state, player = env.reset()
    before = env.game.round
    legal = set(state["legal_actions"])
    illegal = next(index for index in range(env.num_actions) if index not in legal)
    for wrong, pattern in [
        (illegal, rf"action {illegal} \(.*\) is not legal now"),
        (env.num_actions, r"action 17808 \(outside the action space\) is not legal now"),
        (-1, r"action -1 \(outside the action space\) is not legal now"),
        (2.0, r"index"),
        ("3", r"index"),
    ]:
        with pytest.raises(IllegalActionError, match=pattern):
            env.step(wrong)
        assert env.game.round is before
    other_seat = env.seats[(player + 1) % env.num_players]
    tile = env.game.round.view(other_seat).hand.concealed[0]
    with pytest.raises(IllegalActionError) as refused:
        env.step(Action(other_seat, ActionKind.DISCARD, (tile,)), raw_action=True)
    assert env.game.round is before
    assert refused.value.reason.code == "wrong-action"  # South passes in the Charleston now
    with pytest.raises(TypeError, match=r"a raw action is an Action \(one of the state's raw_legal_actions\), not "):
        env.step("discard 1B", raw_action=True)
    assert env.game.round is before
    with pytest.raises(ArgumentError, match="no player 9"):
        env.get_state(9)
    with pytest.raises(ArgumentError, match="a player is a number"):
        env.get_state("east")


def test_the_ids_make_their_familys_environment_with_its_options() -> None:
    assert set(RLCARD_IDS) == {f"mahjong-rules-{name}" for name in ("flex", "card-free", "nmjl", "singapore")}
    for env_id in RLCARD_IDS:
        env = rlcard.make(env_id)
        assert env.ruleset.name == env_id.removeprefix("mahjong-rules-")
        assert env.num_actions == ActionEncoding(env.ruleset).size
    blanks = make("flex", {"blanks": 2})
    assert blanks.ruleset.options.blanks == 2
    three = make("singapore", {"players": 3})
    assert three.num_players == len(three.state_shape) == 3
    with pytest.raises(ArgumentError, match="plays flex, not singapore"):
        rlcard.make("mahjong-rules-flex", config={"game_ruleset": "singapore"})
    with pytest.raises(ArgumentError, match="game_options is a mapping"):
        rlcard.make("mahjong-rules-flex", config={"game_options": ["blanks"]})
    with pytest.raises(MahjongError, match="blank"):
        make("flex", {"blankz": 2})
    assert RLCardEnv({"game_ruleset": "nmjl"}).ruleset.name == "nmjl"  # no RLCard defaults needed
    for seed in (-1, "x", 1.5, True):
        with pytest.raises(ArgumentError, match="seed is a whole number"):
            make("flex", seed=seed)
    numpy_seeded = make("flex", seed=np.int64(7))
    numpy_seeded.reset()
    seeded = make("flex", seed=7)
    seeded.reset()
    assert numpy_seeded.game.round.seed == seeded.game.round.seed
    with pytest.raises(ArgumentError, match="seed is a whole number"):
        seeded.seed(-3)
    with pytest.raises(ArgumentError, match="allow_step_back is True or False"):
        make("flex", allow_step_back="yes")
    with pytest.raises(TypeError, match="an RLCard config is a mapping"):
        RLCardEnv(["seed"])  # type: ignore[arg-type]


def test_perfect_information_shows_every_seats_concealed_tiles() -> None:
    env = make("card-free", seed=8)
    env.reset()
    info = env.get_perfect_information()
    round_ = env.game.round
    assert info["hand_cards"] == [[str(tile) for tile in round_.view(seat).hand.concealed] for seat in env.seats]
    assert info["current_player"] == env.seats.index(round_.to_act[0])
    assert info["legal_actions"] == [str(action) for action in round_.legal_actions(round_.to_act[0])]


class RecordingAgent:
    """An RLCard agent (not raw) choosing a legal index at random and keeping the states it was
    given."""

    use_raw = False

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.states: list[dict[str, Any]] = []

    def step(self, state: dict[str, Any]) -> int:
        self.states.append(state)
        return int(self.rng.choice(list(state["legal_actions"])))

    def eval_step(self, state: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        return self.step(state), {}


@pytest.mark.parametrize("name", ["nmjl", "singapore"])
def test_an_rlcard_agent_as_a_policy_sees_what_the_environment_would_show(name: str) -> None:
    """``rlcard_policy`` in the library's ``play``: at every step the RLCard agent is given the
    state this module's environment gives that seat, and its index becomes that legal action."""
    agent = RecordingAgent(3)
    policy = rlcard_policy(agent)
    round_ = new_round(name, seed=6)
    env = make(name)
    env.reset()
    steps = 0
    while not round_.is_over:
        seat = round_.to_act[0]
        action = policy(round_.view(seat))
        env.game.round = round_
        assert_state_is_the_seats(env, agent.states[-1], env.seats.index(seat))
        assert ActionEncoding(round_.ruleset).encode(action) in agent.states[-1]["legal_actions"]
        round_ = round_.apply(action)
        steps += 1
    assert steps == len(agent.states)
    first = new_round(name, seed=6)
    finished = play(first, dict.fromkeys(first.view(Seat.EAST).seats, policy), seed=6)
    assert finished.is_over


def test_policies_and_agents_refuse_what_is_not_theirs() -> None:
    class Wrong:
        use_raw = False

        def eval_step(self, state: dict[str, Any]) -> tuple[int, dict[str, Any]]:
            return next(index for index in range(17_808) if index not in state["legal_actions"]), {}

    round_ = new_round("flex", seed=1)
    view = round_.view(round_.to_act[0])
    with pytest.raises(IllegalActionError, match=re.escape("not a legal action of East now")):
        rlcard_policy(Wrong())(view)
    with pytest.raises(TypeError, match="eval_step"):
        rlcard_policy(object())
    with pytest.raises(TypeError, match="callable"):
        rlcard_agent(3)  # type: ignore[arg-type]
    south = round_.legal_actions(Seat.SOUTH)[0]  # every seat passes in the Charleston
    with pytest.raises(IllegalActionError) as stray:
        rlcard_agent(lambda _view: south).step({"raw_obs": view})
    assert stray.value.reason.code == "wrong-seat"
    with pytest.raises(TypeError, match="East's agent returned None"):
        rlcard_agent(lambda _view: None).eval_step({"raw_obs": view})  # type: ignore[arg-type,return-value]
    for state in ({"raw_obs": "east"}, {"obs": None}, None):
        with pytest.raises(ArgumentError, match="PlayerView"):
            rlcard_agent(greedy_agent()).step(state)
