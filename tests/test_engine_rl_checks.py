"""``env()``'s checks and the action space's masked sample, each against what it stands in for:
PettingZoo's ``OrderEnforcingWrapper`` over its ``AssertOutOfBoundsWrapper``, and Gymnasium's
``Discrete.sample``. Same episodes, same errors, same draws for the same seed."""

from __future__ import annotations

import functools
import pickle
import warnings
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.utils import wrappers

from mahjong_rules.engine.rl import MahjongEnv, env, raw_env

FAMILIES = ["flex", "card-free", "nmjl", "singapore"]


def pettingzoo_wrapped(name: str) -> Any:
    """The environment as PettingZoo's own wrappers check it (what ``env()`` returned before)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(name)))


def sampled_episode(game: Any, seed: int) -> list[tuple[str, bytes, bytes, float, bool, bool, int | None]]:
    """Every step of an episode drawn with the action space's own masked sample, PettingZoo's
    documented loop: the agent, its observation and mask, reward, end flags and action."""
    game.reset(seed=seed)
    for agent in game.possible_agents:
        game.action_space(agent).seed(seed)
    steps = []
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else game.action_space(agent).sample(mask)
        steps.append(
            (
                agent,
                observation["observation"].tobytes(),
                mask.tobytes(),
                reward,
                terminated,
                truncated,
                None if action is None else int(action),
            )
        )
        game.step(action)
    return steps


@pytest.mark.parametrize("name", FAMILIES)
def test_env_plays_the_same_episodes_as_pettingzoos_wrappers_with_gymnasiums_sample(name: str) -> None:
    # The library's wrapper and action space against PettingZoo's wrappers over a plain
    # Discrete space: the same draws, so the same episode step by step.
    plain = pettingzoo_wrapped(name)
    shared = gymnasium.spaces.Discrete(plain.unwrapped.encoding.size)  # one space for all, as ours
    plain.unwrapped.action_spaces = dict.fromkeys(plain.possible_agents, shared)
    for seed in (3, 4):
        assert sampled_episode(env(name), seed) == sampled_episode(plain, seed)


def outcome(call: Callable[[], object]) -> tuple[str, str]:
    """What a call does: its exception's type and message, or ``("ok", "")``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except (AssertionError, AttributeError) as error:
        return type(error).__name__, str(error)
    return "ok", ""


def before_reset_calls(game: Any) -> list[Callable[[], object]]:
    return [
        lambda: game.step(0),
        lambda: game.observe("east"),
        lambda: game.last(),
        lambda: game.agent_iter(),
        lambda: game.agents,
        lambda: game.agent_selection,
        lambda: game.render(),
    ]


def test_calls_before_a_reset_fail_as_pettingzoos_order_enforcing_wrapper_makes_them() -> None:
    ours, theirs = env("flex"), pettingzoo_wrapped("flex")
    for mine, reference in zip(before_reset_calls(ours), before_reset_calls(theirs), strict=True):
        assert outcome(mine) == outcome(reference) != ("ok", "")
    assert isinstance(ours, wrappers.OrderEnforcingWrapper)
    assert isinstance(ours.unwrapped, MahjongEnv)
    assert str(ours) == str(theirs)


@pytest.mark.parametrize(
    "action",
    [None, -1, 17_808, 10**20, 2.0, "2", np.int64(17_808), np.int64(-1), np.int8(-1), np.array([2]), np.float64(2.0)],
    ids=repr,
)
def test_actions_out_of_the_space_fail_as_pettingzoos_bounds_wrapper_makes_them(action: object) -> None:
    outcomes = []
    games: list[Any] = [env("card-free"), pettingzoo_wrapped("card-free")]
    for game in games:
        game.reset(seed=1)
        agents = iter(game.agent_iter())
        next(agents)
        refused = outcome(functools.partial(game.step, action))
        assert game.unwrapped.steps == 0
        # The loop goes on after a refused action as it does after a step (PettingZoo counts the
        # attempt as the turn's step).
        outcomes.append((refused, outcome(functools.partial(next, agents))))
    assert outcomes[0] == outcomes[1] == (("AssertionError", "action is not in action space"), ("ok", ""))


def test_the_loop_must_step_each_agent_and_a_finished_round_only_warns(caplog: pytest.LogCaptureFixture) -> None:
    for game in (env("singapore"), pettingzoo_wrapped("singapore")):
        caplog.clear()
        game.reset(seed=2)
        agents = iter(game.agent_iter())
        next(agents)
        with pytest.raises(AssertionError, match="need to call step"):
            next(agents)
        game.reset(seed=2)
        for _agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            game.step(None if terminated or truncated else int(np.flatnonzero(observation["action_mask"])[0]))
        assert not game.agents
        game.step(0)  # PettingZoo's logger warns; nothing is raised
        assert "after all agents are terminated" in caplog.text


# -- the action space ------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([1, 5, 1_981, 17_808]),
    seed=st.integers(0, 2**32 - 1),
    start=st.sampled_from([0, 0, 3, -2]),
    data=st.data(),
)
def test_a_masked_sample_draws_what_gymnasiums_discrete_draws(
    size: int, seed: int, start: int, data: st.DataObject
) -> None:
    ones = data.draw(st.lists(st.integers(0, size - 1), max_size=40, unique=True))
    mask = np.zeros(size, dtype=np.int8)
    mask[ones] = 1
    ours = env("singapore").action_space("east").__class__(size, start=start)
    reference = gymnasium.spaces.Discrete(size, start=start)
    ours.seed(seed)
    reference.seed(seed)
    for _ in range(5):
        drawn = ours.sample(mask)
        assert drawn == reference.sample(mask)
        assert type(drawn) is np.int64
        assert mask[drawn - start] == 1 or not ones


@pytest.mark.parametrize(
    "mask",
    [
        [1, 0, 0],
        np.ones(3, dtype=np.bool_),
        np.ones(4, dtype=np.int8),
        np.array([0, 2, 1], dtype=np.int8),
        np.array([0, -1, 1], dtype=np.int8),
        np.ones((3, 1), dtype=np.int8),
    ],
    ids=["list", "bool", "shape", "two", "minus-one", "2-d"],
)
def test_a_bad_mask_fails_as_gymnasiums_discrete_fails(mask: Any) -> None:
    ours = raw_env("singapore").action_space("east").__class__(3)
    reference = gymnasium.spaces.Discrete(3)
    assert outcome(lambda: ours.sample(mask)) == outcome(lambda: reference.sample(mask)) != ("ok", "")


def test_the_action_space_is_a_discrete_space_trainers_and_saved_models_accept() -> None:
    space = raw_env("nmjl").action_space("east")
    assert isinstance(space, gymnasium.spaces.Discrete)
    assert space == gymnasium.spaces.Discrete(17_808)
    assert pickle.loads(pickle.dumps(space)) == space
    # Pickled by the public module's name, which saved models keep.
    assert b"mahjong_rules.engine.rl" in pickle.dumps(space)
    assert b"_rl_space" not in pickle.dumps(space)
    space.seed(1)
    reference = gymnasium.spaces.Discrete(17_808, seed=1)
    assert [space.sample() for _ in range(5)] == [reference.sample() for _ in range(5)]
    assert space.sample(np.zeros(17_808, dtype=np.int8)) == 0
