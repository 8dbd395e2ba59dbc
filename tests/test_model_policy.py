"""``model_policy``: a trained model playing a seat (an opponent in self-play, an agent of
``play``) sees exactly what the environment showed the learner, and its index becomes that
seat's legal action."""

from __future__ import annotations

import pickle
import random
import re
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from mahjong_rules.engine import Action, IllegalActionError, new_round, play
from mahjong_rules.engine.rl import raw_env
from mahjong_rules.engine.single_agent import SingleAgentEnv, model_policy

FAMILIES = ("flex", "card-free", "nmjl", "singapore")


class Recorder:
    """A stand-in for a trained model with sb3-contrib's ``predict``: it draws a legal index at
    random (by the mask) and keeps what it was given, to compare with the environment's."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seen: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], bool]] = []

    def predict(
        self, observation: npt.NDArray[np.float32], action_masks: npt.NDArray[np.bool_], deterministic: bool = False
    ) -> tuple[npt.NDArray[np.int64], None]:
        self.seen.append((observation, action_masks, deterministic))
        return np.array(self.rng.choice(np.flatnonzero(action_masks).tolist())), None  # shape (), as SB3's


def _first_legal(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("family", FAMILIES)
def test_a_model_at_any_seat_sees_what_the_environment_shows_that_seat(family: str) -> None:
    """Through a whole round of the PettingZoo environment, each agent's move chosen by the model
    policy from the seat's view: the model's observation and mask are the environment's for that
    agent (the environment keeps its observation incrementally, the policy builds it from the
    view), and the action the policy returns is the one the model's index names."""
    model = Recorder(seed=7)
    policy = model_policy(model, deterministic=False)
    env = raw_env(family)
    env.reset(seed=5)
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert env.round is not None
        action = policy(env.round.view(env._seat_of[agent]))
        seen, mask, deterministic = model.seen[-1]
        assert np.array_equal(seen, observation["observation"])
        assert seen.dtype == observation["observation"].dtype == np.float32
        assert np.array_equal(mask, observation["action_mask"].astype(np.bool_))
        assert mask.dtype == np.bool_
        assert deterministic is False
        index = env.encoding.encode(action)
        assert mask[index]
        env.step(index)
        steps += 1
    assert steps == len(model.seen) > 20


@pytest.mark.parametrize("family", ["flex", "singapore"])
def test_self_play_against_a_model_keeps_the_rewards_exact(family: str) -> None:
    """A learner against three copies of a model: every opponent's move is the model's, and the
    learner's rewards still add up to its seat's payments."""
    model = Recorder(seed=3)
    env = SingleAgentEnv(family, learner="S", opponents=model_policy(model))
    total = 0.0
    for seed in range(3):
        env.reset(seed=seed)
        done = truncated = False
        while not (done or truncated):
            _, reward, done, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            total += reward
        assert env.round is not None
        assert env.round.result is not None
        total -= env.round.result.payments[env.learner]
    assert total == 0
    assert len(model.seen) > 30
    assert all(deterministic for _, _, deterministic in model.seen)


def test_a_callable_model_and_its_choice() -> None:
    """A model may be a plain callable ``(observation, mask) -> index``: the policy returns the
    legal action of that index."""
    round_ = new_round("card-free", seed=4)
    view = round_.view("W")
    env = SingleAgentEnv("card-free")
    chosen = model_policy(_first_legal)(view)
    legal = env.encoding.indexed(view.legal)
    assert chosen == legal.action(int(legal.indexes.min()))
    assert chosen in view.legal
    finished = play(round_, dict.fromkeys("ESWN", model_policy(_first_legal)))
    assert finished.is_over
    assert sum(finished.result.payments.values()) == 0  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("returned", "message"),
    [
        (0, "the model chose action 0 (draw), not a legal action of East now"),
        (10**9, "the model chose action 1000000000 (outside the action space)"),
        (np.array(2.0), "an action is an index"),
        ("3", "an action is an index"),
    ],
)
def test_a_model_choosing_no_legal_index_is_refused(returned: Any, message: str) -> None:
    """A model that ignores the mask, or answers with no index, gets ``illegal-index`` naming what
    it chose and the seat."""
    view = new_round("singapore", seed=1).view("E")
    with pytest.raises(IllegalActionError, match=re.escape(message)) as raised:
        model_policy(lambda observation, mask: returned)(view)
    assert raised.value.reason.code == "illegal-index"


def test_a_model_policy_with_nothing_to_choose_and_no_model() -> None:
    view = new_round("flex", seed=1).view("S")
    played = play(new_round("flex", seed=1), check=False)
    with pytest.raises(IllegalActionError) as raised:
        model_policy(_first_legal)(played.view("S"))
    assert raised.value.reason.code == "round-over"
    assert model_policy(_first_legal)(view) in view.legal  # every seat passes in the Charleston
    with pytest.raises(TypeError, match="a model has a predict method or is a callable, not int"):
        model_policy(3)


def test_a_model_policy_pickles_with_its_model() -> None:
    """A policy over a model that pickles (a function of a module here) pickles, and chooses alike."""
    view = new_round("nmjl", seed=2).view("E")
    policy: Any = pickle.loads(pickle.dumps(model_policy(_first_legal)))
    assert policy(view) == model_policy(_first_legal)(view)
    assert isinstance(policy(view), Action)


def test_a_model_of_another_family_is_refused_before_it_is_asked() -> None:
    """A model whose action space is another family's (a Singapore model at a Flex table) would
    fail inside its own code on a mask of the wrong size: the policy says what is wrong first."""

    class SingaporeModel(Recorder):
        action_space = SingleAgentEnv("singapore").action_space

    model = SingaporeModel(seed=1)
    with pytest.raises(ValueError, match="the model acts in 1,981 actions, the flex encoding has 17,808"):
        model_policy(model)(new_round("flex", seed=1).view("E"))
    assert model.seen == []
    assert (
        model_policy(model)(new_round("singapore", seed=1).view("E")) in new_round("singapore", seed=1).view("E").legal
    )
