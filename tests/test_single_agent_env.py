"""The single-agent Gymnasium environment (issue 21, item 4): one learner seat by action index,
the others by policies. Whole rounds in every family check its promises: the mask is exactly the
learner's legal actions, an illegal index is refused with the round unchanged, and the rewards of
an episode add up to the learner seat's payments (the shaped part apart, which adds up to the
change in tiles away)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import mahjong_rules as mr
from mahjong_rules.engine import Action, IllegalActionError, new_round
from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.engine.selfplay import random_agent
from mahjong_rules.engine.single_agent import GYMNASIUM_IDS, SingleAgentEnv
from mahjong_rules.engine.view import PlayerView

FAMILIES = ["flex", "card-free", "nmjl", "singapore"]


def _episode(env: SingleAgentEnv, seed: int, rng: random.Random) -> tuple[float, float, list[dict[str, Any]]]:
    """One episode with the learner choosing uniformly among its masked actions: (sum of
    rewards, sum of unshaped payments, the infos)."""
    _, info = env.reset(seed=seed)
    total = 0.0  # the opening instant payments arrive with the first step
    infos = [info]
    payments = 0.0
    done = truncated = False
    while not (done or truncated):
        mask = env.action_masks()
        round_ = env.round
        assert round_ is not None
        legal = round_.legal_actions(env.learner)
        # The mask is exactly the legal actions: one index each, each decoding to its action.
        assert mask.sum() == len(legal)
        assert {env.encoding.decode(int(index), legal) for index in mask.nonzero()[0]} == set(legal)
        index = int(rng.choice(list(mask.nonzero()[0])))
        _, reward, done, truncated, info = env.step(index)
        infos.append(info)
        total += reward
        payments += info["payment"]
        assert reward == pytest.approx(info["payment"] + info["shaped"])
    return total, payments, infos


@pytest.mark.parametrize("family", FAMILIES)
def test_rewards_add_up_to_the_learners_payments(family: str) -> None:
    rng = random.Random(family)
    for seed, learner in ((1, mr.Seat.EAST), (2, mr.Seat.SOUTH)):
        env = SingleAgentEnv(family, learner=learner, opponents="random")
        total, payments, _ = _episode(env, seed, rng)
        round_ = env.round
        assert round_ is not None
        assert round_.is_over
        assert round_.result is not None
        assert payments == round_.result.payments.get(learner, 0)
        assert total == payments  # no shaping asked for
        assert not env.action_masks().any()
        with pytest.raises(RuntimeError, match="reset"):
            env.step(0)


@pytest.mark.parametrize("family", ["flex", "singapore"])
def test_the_shaped_reward_adds_up_to_the_change_in_tiles_away(family: str) -> None:
    env = SingleAgentEnv(family, opponents="greedy", shaping=0.5)
    rng = random.Random(7)
    _, info = env.reset(seed=5)
    round_ = env.round
    assert round_ is not None
    ruleset: Any = env.ruleset
    start = ruleset.tiles_away(round_.observation(env.learner)["hand"])
    shaped = 0.0
    payments = 0.0
    done = truncated = False
    while not (done or truncated):
        _, _, done, truncated, info = env.step(int(rng.choice(list(env.action_masks().nonzero()[0]))))
        shaped += info["shaped"]
        payments += info["payment"]
    round_ = env.round
    assert round_ is not None
    assert round_.result is not None
    end_hand = round_.observation(env.learner)["hand"]
    end = 0 if round_.result.winner == env.learner else ruleset.tiles_away(end_hand)
    assert shaped == pytest.approx(0.5 * (start - end))
    assert payments == round_.result.payments.get(env.learner, 0)


def _greedy_index(env: SingleAgentEnv) -> int:
    """The index of the greedy bot's choice for the learner now (a learner that wins rounds)."""
    round_ = env.round
    assert round_ is not None
    return env.encoding.encode(greedy_agent()(round_.view(env.learner)))


@pytest.mark.parametrize("family", FAMILIES)
def test_the_last_step_says_how_far_the_hand_ended(family: str) -> None:
    """``info["tiles_away"]`` at an episode's last step: 0 for a learner that won (its hand is
    Mahjong, whatever the round shows of the tile won on), else its hand's tiles away; the shaped
    rewards add up to the change from the hand dealt to that figure, wins included (the winning
    step is rewarded for the last tile too)."""
    env = SingleAgentEnv(family, opponents="greedy", shaping=0.5)
    ruleset: Any = env.ruleset
    seen = set()
    for seed in range(40):
        env.reset(seed=seed)
        round_ = env.round
        assert round_ is not None
        start = ruleset.tiles_away(round_.observation(env.learner)["hand"])
        infos = []
        done = truncated = False
        while not (done or truncated):
            _, _, done, truncated, info = env.step(_greedy_index(env))
            infos.append(info)
        assert all("tiles_away" not in info for info in infos[:-1])
        round_ = env.round
        assert round_ is not None
        assert round_.result is not None
        won = round_.result.winner == env.learner
        end = infos[-1]["tiles_away"]
        if won:
            assert end == 0
        else:
            hand = round_.observation(env.learner)["hand"]
            assert end == ruleset.tiles_away(hand)
            assert (end == 1) == bool(ruleset.waits(hand))  # one tile away: it had waits
        assert sum(info["shaped"] for info in infos) == pytest.approx(0.5 * (start - end))
        seen.add(won)
        if seen == {True, False}:
            break
    assert seen == {True, False}  # a win and a loss of the learner, both checked


def test_a_learner_winning_beside_another_on_one_discard_ends_0_tiles_away() -> None:
    """Flex's "More Than One Mahjong": West wins on the discard South won on first (the round's
    ``winner``); West's hand is still shown as its 13 tiles, but it won, so it ended 0 tiles away,
    and its shaped reward counts the last tile."""
    from tests.test_engine_american import FLEX_HANDS, discard, position

    env = SingleAgentEnv("flex", learner="west", shaping=1.0)
    env.reset(seed=1)
    hands = {**FLEX_HANDS, mr.Seat.WEST: "5C J J 44D 666D 777D 33D"}
    round_ = discard(position("flex", hands), "5C").apply(Action(mr.Seat.SOUTH, "mahjong", ("5C",)))
    assert round_.to_act == (mr.Seat.WEST,)
    env.round = round_
    env._away = env._tiles_away()  # the hand's distance, as reset() would have measured it
    assert env._away == 1
    _, _, terminated, _, info = env.step(env.encoding.encode(Action(mr.Seat.WEST, "mahjong", ("5C",))))
    assert terminated
    finished = env.round
    assert finished is not None
    assert finished.result is not None
    assert finished.result.winner is mr.Seat.SOUTH
    assert info["tiles_away"] == 0
    assert info["shaped"] == 1.0


def test_an_illegal_index_is_refused_and_nothing_changes() -> None:
    env = SingleAgentEnv("flex", opponents="random")
    env.reset(seed=3)
    before = env.round
    illegal = int((~env.action_masks()).nonzero()[0][0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(IllegalActionError):
        env.step(True)
    assert env.round is before


def test_with_illegal_end_an_illegal_index_ends_the_episode_as_lost() -> None:
    """An index the mask rules out ends the episode with ``illegal_reward``, plus the payments not
    yet rewarded (Singapore's instant payments before the learner's first action: seed 6 has
    them), and leaves the round as it was."""
    env = SingleAgentEnv("singapore", illegal="end", illegal_reward=-5)
    _, info = env.reset(seed=6)
    assert info["payment"] == 12.0  # paid before the learner acts, rewarded with its first step
    before = env.round
    mask = env.action_masks()
    legal, illegal = int(mask.nonzero()[0][0]), int((~mask).nonzero()[0][0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (12.0 - 5, True, False)
    assert info["payment"] == 12.0
    assert "not legal now" in info["illegal"]
    assert env.round is before
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="episode has ended"):
        env.step(legal)
    env.reset(seed=7)
    assert env.action_masks().any()
    with pytest.raises(IllegalActionError):
        env.step(True)  # not an index at all: refused whatever ``illegal`` says
    with pytest.raises(ValueError, match="illegal is one of 'raise', 'end'"):
        SingleAgentEnv("flex", illegal="ignore")
    with pytest.raises(TypeError, match="illegal_reward is a number"):
        SingleAgentEnv("flex", illegal="end", illegal_reward="-1")  # type: ignore[arg-type]


@pytest.mark.parametrize("family", ["flex", "card-free", "nmjl", "singapore"])
def test_gymnasium_s_checker_passes_with_illegal_end(family: str) -> None:
    """Gymnasium's ``check_env`` steps with unmasked random actions: the default refuses them (as
    documented), ``illegal="end"`` lets the checker run to its end."""
    from gymnasium.utils.env_checker import check_env

    with pytest.raises(IllegalActionError):
        check_env(SingleAgentEnv(family), skip_render_check=True)
    check_env(SingleAgentEnv(family, illegal="end"), skip_render_check=True)


def test_opponents_as_callables_and_by_seat() -> None:
    seen: list[mr.Seat] = []

    def first(view: PlayerView) -> Action:
        seen.append(view.seat)
        assert view.legal
        return view.legal[0]

    env = SingleAgentEnv(
        "singapore",
        learner="west",
        opponents={mr.Seat.EAST: first, mr.Seat.SOUTH: "greedy", mr.Seat.NORTH: "random"},
    )
    env.reset(seed=11)
    assert env.learner is mr.Seat.WEST
    assert set(seen) <= {mr.Seat.EAST}
    with pytest.raises(ValueError, match="no policy for north"):
        SingleAgentEnv("flex", learner="west", opponents={mr.Seat.EAST: "random", mr.Seat.SOUTH: "random"})
    with pytest.raises(ValueError, match="one of random, greedy"):
        SingleAgentEnv("flex", opponents="clever")
    with pytest.raises(ValueError, match="learner is one of the seats"):
        SingleAgentEnv("flex", learner="middle")
    # Seats in the library's notation, as everywhere else: a letter or a name.
    by_letters = SingleAgentEnv("flex", learner="W", opponents={"E": "random", "south": "greedy", "N": first})
    assert by_letters.learner is mr.Seat.WEST
    with pytest.raises(ValueError, match="learner is one of the seats east, south, west, not 'N'"):
        SingleAgentEnv("flex", learner="N", players=3)
    with pytest.raises(ValueError, match="name a seat twice"):
        SingleAgentEnv("flex", opponents={"E": "random", "east": "greedy", "S": "random", "N": "random"})


@pytest.mark.parametrize("family", FAMILIES)
def test_random_opponents_choose_as_random_agents_given_their_views(family: str) -> None:
    """The random opponents choose without a view built for them: the round an episode leaves is
    the one ``random_agent`` (uniform over the view's legal actions, the round's generator) plays
    with the learner's same actions, replayed here through the views."""
    env = SingleAgentEnv(family, learner="south")
    learner_rng = random.Random(3)
    seed = 21
    env.reset(seed=seed)
    done = truncated = False
    while not (done or truncated):
        index = int(learner_rng.choice(list(env.action_masks().nonzero()[0])))
        _, _, done, truncated, _ = env.step(index)
    played = env.round
    assert played is not None
    assert played.is_over
    learner_actions = iter(action for action in played.actions if action.seat is mr.Seat.SOUTH)
    opponents = random_agent(random.Random(seed))
    replayed: Any = new_round(family, seed=seed)
    while not replayed.is_over:
        # The others first when the learner and others choose at once (as the environment does).
        others = [seat for seat in replayed.to_act if seat is not mr.Seat.SOUTH]
        chosen = opponents(replayed.view(others[0])) if others else next(learner_actions)
        replayed = replayed.apply(chosen)
    assert replayed.actions == played.actions


def test_a_seed_repeats_the_episode() -> None:
    first = SingleAgentEnv("card-free")
    second = SingleAgentEnv("card-free")
    one, _ = first.reset(seed=9)
    two, _ = second.reset(seed=9)
    assert (one == two).all()
    index = int(first.action_masks().nonzero()[0][0])
    assert (first.step(index)[0] == second.step(index)[0]).all()


@pytest.mark.parametrize("opponents", ["random", "greedy"])
def test_a_pickled_training_environment_plays_on_alike(opponents: str) -> None:
    """A training environment pickles at any moment (a checkpoint, a copy sent to a worker
    process), the Charleston's passes and greedy opponents included, and the copy plays the rest
    of the episode as the original does."""
    import pickle

    env = SingleAgentEnv("flex", opponents=opponents)
    env.reset(seed=5)
    copy = pickle.loads(pickle.dumps(env))
    rng = random.Random(5)
    done = truncated = False
    while not (done or truncated):
        mask = env.action_masks()
        assert (copy.action_masks() == mask).all()
        index = int(rng.choice(list(mask.nonzero()[0])))
        observation, reward, done, truncated, _ = env.step(index)
        again, reward_again, done_again, truncated_again, _ = copy.step(index)
        assert (again == observation).all()
        assert (reward_again, done_again, truncated_again) == (reward, done, truncated)


def test_random_and_greedy_agents_pickle() -> None:
    """The engine's agents are objects, not closures: a pickled random agent chooses as the
    original does from the same state of its generator."""
    import pickle

    from mahjong_rules.engine.bots import greedy_agent

    agent = random_agent(random.Random(3))
    copy = pickle.loads(pickle.dumps(agent))
    view = new_round("flex", seed=3).view("E")
    assert [agent(view) for _ in range(5)] == [copy(view) for _ in range(5)]
    greedy = pickle.loads(pickle.dumps(greedy_agent()))
    assert greedy(view) == greedy_agent()(view)


@pytest.mark.parametrize(("env_id", "name"), sorted(GYMNASIUM_IDS.items()))
def test_gymnasium_make_gives_each_family_s_environment(env_id: str, name: str) -> None:
    """Each family's id is registered with Gymnasium when the module is imported:
    ``gymnasium.make`` passes its keyword arguments on, and the environment plays a whole episode
    of masked actions under Gymnasium's own wrappers (order enforcing, the passive checker)."""
    import gymnasium

    env = gymnasium.make(env_id, opponents="greedy")
    assert env.spec is not None
    assert env.spec.id == env_id
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, SingleAgentEnv)
    assert unwrapped.ruleset.name == name
    observation, _ = env.reset(seed=2)
    done = truncated = False
    while not (done or truncated):
        mask = env.get_wrapper_attr("action_masks")()
        observation, _, done, truncated, _ = env.step(int(mask.nonzero()[0][0]))
        assert env.observation_space.contains(observation)


def test_gymnasium_make_takes_the_options_and_the_module_to_import() -> None:
    import gymnasium

    flex = gymnasium.make("mahjong_rules/Flex-v0", year=True, learner="S").unwrapped
    assert isinstance(flex, SingleAgentEnv)
    assert flex.ruleset.options.year  # type: ignore[attr-defined]
    assert flex.learner is mr.Seat.SOUTH
    by_module = gymnasium.make("mahjong_rules.engine.single_agent:mahjong_rules/Singapore-v0")
    assert by_module.unwrapped.ruleset.name == "singapore"  # type: ignore[attr-defined]
    # Stable-Baselines3's make_vec_env asks for "rgb_array" unless told otherwise (render_mode=None):
    # Gymnasium warns that the environment has no such mode, and the environment refuses it.
    with (
        pytest.warns(UserWarning, match="render_mode='rgb_array' that is not in the possible render_modes"),
        pytest.raises(ValueError, match="render_mode is 'ansi' or None, not 'rgb_array'"),
    ):
        gymnasium.make("mahjong_rules/Flex-v0", render_mode="rgb_array")


def test_observations_and_masks_fit_their_spaces() -> None:
    """What Gymnasium's checker asks of a step (its own checker steps with unmasked random
    actions, which a masked environment refuses)."""
    env = SingleAgentEnv("singapore", opponents="random")
    observation, _ = env.reset(seed=4)
    assert env.observation_space.contains(observation)
    mask = env.action_masks()
    assert mask.shape == (env.encoding.size,)
    assert mask.dtype == bool
    observation, reward, _, _, _ = env.step(int(mask.nonzero()[0][0]))
    assert env.observation_space.contains(observation)
    assert isinstance(reward, float)


def test_the_step_takes_what_a_models_predict_returns() -> None:
    """Stable-Baselines3's documented loop steps with ``predict``'s action as it comes: a 0-d
    integer array. It is an index (Gymnasium's ``Discrete`` contains it); a one-element vector
    or a 0-d float array is not."""
    env = SingleAgentEnv("singapore")
    env.reset(seed=1)
    assert env.round is not None
    legal = int(np.flatnonzero(env.action_masks())[0])
    chosen = env.encoding.decode(legal, env.round.legal_actions(env.learner))
    before = env.round
    for wrong in (np.array([legal]), np.array(float(legal))):
        with pytest.raises(IllegalActionError, match="an index"):
            env.step(wrong)
    assert env.round is before
    assert env.action_space.contains(np.array(legal))
    env.step(np.array(legal))
    played: Any = env.round
    assert played.actions[0] == chosen


def test_rewards_given_are_finite_numbers() -> None:
    """A NaN or infinite shaping factor or illegal reward would turn every reward of a training
    run into NaN: refused when the environment is made."""
    for name in ("shaping", "illegal_reward"):
        for wrong in (float("nan"), float("inf"), -float("inf")):
            with pytest.raises(ValueError, match=f"{name} is a finite number"):
                SingleAgentEnv("flex", **{name: wrong})  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=f"{name} is a number, not str"):
            SingleAgentEnv("flex", **{name: "1"})  # type: ignore[arg-type]
    assert SingleAgentEnv("flex", shaping=1, illegal_reward=-5).illegal_reward == -5.0


@pytest.mark.parametrize("same_step", [False, True])
def test_masks_under_gymnasiums_vector_environments(same_step: bool) -> None:
    """docs/engine.rst: with Gymnasium's default autoreset (on the next step) a finished
    episode's mask is all false until that step, whose action Gymnasium ignores; with the reset
    in the same step every mask has a legal action. Either way the steps go on."""
    import gymnasium
    from gymnasium.vector import AutoresetMode

    mode = AutoresetMode.SAME_STEP if same_step else AutoresetMode.NEXT_STEP
    envs: Any = gymnasium.make_vec(
        "mahjong_rules/Singapore-v0", num_envs=2, vectorization_mode="sync", vector_kwargs={"autoreset_mode": mode}
    )
    envs.reset(seed=3)
    rng = np.random.default_rng(0)
    empty = ended = 0
    for _ in range(250):
        actions = []
        for mask in envs.call("action_masks"):
            legal = np.flatnonzero(mask)
            empty += not len(legal)
            actions.append(int(rng.choice(legal)) if len(legal) else 0)
        _, _, terminated, truncated, _ = envs.step(np.array(actions))
        ended += int(terminated.sum() + truncated.sum())
    assert ended > 10
    assert empty == 0 if same_step else 0 < empty <= ended
