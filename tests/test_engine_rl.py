"""The reinforcement-learning environment: the action encoding, the observations, and PettingZoo's
own API test on rounds of every family."""

from __future__ import annotations

import functools
import itertools
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

import mahjong_rules as mr
from mahjong_rules.engine import Action, ActionKind, IllegalActionError, new_round
from mahjong_rules.engine._rl_encoding import _multisets, _rank_multiset, _unrank_multiset
from mahjong_rules.engine.american import PassChoices
from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.engine.rl import (
    GLOBAL_STATE_ROWS,
    OBSERVATION_ROWS,
    STATE_COLUMNS,
    ActionEncoding,
    MahjongEnv,
    env,
    raw_env,
)
from mahjong_rules.tiles import Seat, Tile

# PettingZoo's API test warns about what every environment with a dict observation and an action
# mask does (its own classic games are on an allow-list), and about seat names it would write
# "player_0": these warnings are about the design, not faults.
API_TEST = pytest.mark.filterwarnings(
    "ignore:We recommend agents to be named",
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
    "ignore:Action mask numpy array is all zeros",
)


# -- the encoding, on actions made by hand ------------------------------------------------------


def hand_made_actions(ruleset: mr.Ruleset) -> list[Action]:
    """One action of every shape the encoding provides for, for tiles of ``ruleset``."""
    tiles = [tile for tile in Tile.all() if ruleset.tileset.counts[tile.index]]
    naturals = [tile for tile in tiles if not tile.is_joker and not tile.is_blank]
    actions = [Action("E", "draw"), Action("S", "pass"), Action("E", "mahjong")]
    for tile in naturals:
        actions += [Action("E", "discard", [tile]), Action("S", "mahjong", [tile])]
        for size in range(2, 9):
            for jokers in range(size):
                meld = mr.Meld([tile] * (size - jokers) + [Tile.JOKER] * jokers)
                actions.append(Action("W", "call", [tile], meld))
        actions.append(Action("S", "kong", (), mr.Meld([tile] * 4, exposed=False)))
        actions.append(Action("S", "kong", [tile], mr.Meld([tile] * 3)))
        if tile.rank is not None and tile.rank <= 7 and tile.suit is not None:
            chow = mr.Meld([tile.suit.tile(tile.rank + step) for step in range(3)])
            actions.append(Action("N", "call", meld=chow))
    return actions


def american_actions(ruleset: mr.Ruleset) -> list[Action]:
    tiles = [tile for tile in Tile.all() if ruleset.tileset.counts[tile.index]]
    naturals = [tile for tile in tiles if not tile.is_joker and not tile.is_blank]
    actions = [Action("E", "vote"), Action("E", "vote", flag=True)]
    actions += [Action("E", "vote", count=count) for count in (1, 2, 3)]
    for tile in naturals:
        for jokers in range(1, 4):
            actions.append(
                Action("E", "kong", (), mr.Meld([tile] * (4 - jokers) + [Tile.JOKER] * jokers, exposed=False))
            )
        for target in ruleset.seats:  # type: ignore[attr-defined]
            for size in range(3, 7):
                for jokers in range(size + 1):
                    meld = mr.Meld([tile] * (size - jokers) + [Tile.JOKER] * jokers, represents=tile)
                    if jokers:
                        actions.append(Action("S", "joker_swap", [tile], meld, target=target))
                    if jokers < size:
                        actions.append(Action("S", "joker_swap", [Tile.JOKER], meld, target=target))
        actions.append(Action("E", "joker_swap", [Tile.BLANK, tile]))
    for passed in range(4):
        for blind in range(4 - passed):
            for chosen in itertools.combinations_with_replacement(tiles[:6] + tiles[-3:], passed):
                actions.append(Action("E", "charleston", chosen, count=blind))
    return actions


@pytest.mark.parametrize("name", ["flex", "singapore"])
def test_every_shape_of_action_has_its_own_index_and_description(name: str) -> None:
    ruleset = mr.get_ruleset(name, **({"blanks": 2} if name == "flex" else {}))
    encoding = ActionEncoding(ruleset)
    actions = hand_made_actions(ruleset)
    if name != "singapore":
        actions += american_actions(ruleset)
    indexes = encoding.indexes(actions)
    assert len(indexes) == len(actions)
    assert all(0 <= index < encoding.size for index in indexes)
    words = {
        ActionKind.DRAW: "draw",
        ActionKind.PASS: "pass",
        ActionKind.DISCARD: "discard",
        ActionKind.MAHJONG: "mahjong",
        ActionKind.CALL: "call",
        ActionKind.KONG: "kong",
        ActionKind.JOKER_SWAP: "swap",
        ActionKind.VOTE: "vote",
        ActionKind.CHARLESTON: "pass",
    }
    for index, action in indexes.items():
        assert words[action.kind] in encoding.describe(index)
    for index in list(indexes)[::400]:
        assert encoding.decode(index, actions) is indexes[index]
    mask = encoding.mask(actions)
    assert mask.dtype == np.int8
    assert mask.shape == (encoding.size,)
    assert set(np.flatnonzero(mask)) == set(indexes)


def test_the_blocks_tile_the_action_space() -> None:
    for name in ("flex", "singapore"):
        encoding = ActionEncoding(mr.get_ruleset(name))
        start = 0
        for _, first, size in encoding.blocks:
            assert first == start
            assert size > 0
            start += size
        assert start == encoding.size
        for index in range(0, encoding.size, 97):
            assert encoding.describe(index)
        with pytest.raises(ValueError, match="outside"):
            encoding.describe(encoding.size)


def test_descriptions_say_what_the_index_does() -> None:
    encoding = ActionEncoding(mr.get_ruleset("flex", blanks=1))
    examples = {
        Action("E", "discard", "5C"): "discard 5C",
        Action("E", "call", "5C", "[5C 5C J]"): "call pung of 5C with 1 joker",
        Action("E", "joker_swap", "8B", "[8B 8B 8B J]", target="W"): (
            "joker swap: give 8B for a joker from seat +2's kong of 8B with 1 joker"
        ),
        Action("S", "joker_swap", "J", "[8B 8B 8B]", target="E"): (
            "joker swap: give a joker for 8B from seat +3's pung of 8B with no joker"
        ),
        Action("E", "joker_swap", "Blank 7D"): "blank swap 7D",
        Action("E", "charleston", "1B 1B", count=1): "pass 1B 1B and 1 blind",
        Action("E", "charleston", ()): "pass no tiles",
        Action("E", "vote", count=2): "vote 2",
        Action("E", "mahjong"): "mahjong",
    }
    for action, words in examples.items():
        assert encoding.describe(encoding.encode(action)) == words
    singapore = ActionEncoding(mr.get_ruleset("singapore"))
    assert singapore.describe(singapore.encode(Action("N", "call", meld="[3D 4D 5D]"))) == "call chow 3D 4D 5D"
    assert singapore.describe(singapore.encode(Action("N", "kong", "4D", "[4D 4D 4D]"))) == (
        "kong: add 4D to an exposed pung"
    )


def test_the_multiset_ranks_are_a_bijection() -> None:
    for kinds in (1, 4, 9):
        for size in range(4):
            ranks = [_rank_multiset(chosen) for chosen in itertools.combinations_with_replacement(range(kinds), size)]
            assert sorted(ranks) == list(range(_multisets(kinds, size)))
            assert all(_unrank_multiset(rank, size) == sorted(_unrank_multiset(rank, size)) for rank in ranks)
            assert [_rank_multiset(_unrank_multiset(rank, size)) for rank in ranks] == ranks


def test_actions_outside_the_encoding_are_refused() -> None:
    singapore = ActionEncoding(mr.get_ruleset("singapore"))
    with pytest.raises(ValueError, match="no charleston"):
        singapore.encode(Action("E", "charleston", "1B 2B 3B"))
    with pytest.raises(ValueError, match="no joker_swap"):
        singapore.encode(Action("E", "joker_swap", "1B", "[1B 1B 1B]", target="S"))
    with pytest.raises(ValueError, match="not in the singapore tile set"):
        singapore.encode(Action("E", "discard", "F"))
    with pytest.raises(ValueError, match="names F, which is not in the singapore tile set"):
        singapore.indexed(PassChoices(Seat.EAST, Counter([Tile.parse("1B"), Tile.parse("F")]), 3, (0,)))
    flex = ActionEncoding(mr.get_ruleset("flex"))
    with pytest.raises(ValueError, match="at most 3 tiles"):
        flex.encode(Action("E", "charleston", "1B 2B 3B", count=1))
    with pytest.raises(ValueError, match="2 to 8 identical tiles and chows"):
        flex.encode(Action("E", "call", "N", "[E N S W]"))
    with pytest.raises(IllegalActionError, match="not legal now") as caught:
        flex.decode(0, [Action("E", "pass")])
    assert caught.value.reason.code == "illegal-index"
    with pytest.raises(IllegalActionError, match=r"an index \(an int\), not 1.5") as caught:
        flex.decode(1.5, [Action("E", "pass")])  # type: ignore[arg-type]  # not rounded down to the pass
    assert caught.value.reason.code == "illegal-index"
    with pytest.raises(ValueError, match="share the index"):
        flex.indexes([Action("E", "charleston", "1B 2B"), Action("E", "charleston", "2B 1B")])
    sharing = [Action("E", "charleston", "1B 2B"), Action("E", "charleston", "2B 1B")]
    for _ in range(2):  # the second time from the codes remembered
        with pytest.raises(ValueError, match="share the index"):
            flex.indexed(sharing)
    twice = Action("E", "discard", "1B")
    assert list(flex.indexed([twice, twice]).indexes) == [flex.encode(twice)]  # one action, listed twice


# -- the environment, on real rounds --------------------------------------------------------------


def random_episode(game: MahjongEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    """The indexes chosen and each agent's total reward of one episode with random legal actions."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen: list[int] = []
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert legal.size, f"{agent} must act but has no legal action"
        chosen.append(int(rng.choice(legal)))
        game.step(chosen[-1])
    return chosen, totals


FAMILIES = [
    pytest.param("flex", {}, id="flex"),
    pytest.param("card-free", {}, id="card-free"),
    pytest.param("nmjl", {}, id="nmjl"),
    pytest.param("singapore", {}, id="singapore"),
]
VARIANTS = [
    *FAMILIES,
    pytest.param("flex", {"blanks": 2}, id="flex-blanks"),
    pytest.param("flex", {"players": 2}, id="flex-2"),
    pytest.param("nmjl", {"players": 3}, id="nmjl-3"),
    pytest.param("singapore", {"players": 3}, id="singapore-3"),
]


@API_TEST
@pytest.mark.parametrize(("name", "options"), FAMILIES)
def test_pettingzoo_api_test_passes(name: str, options: dict[str, Any]) -> None:
    api_test(env(name, **options), num_cycles=400, verbose_progress=False)


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_every_legal_action_has_its_own_index_and_the_mask_marks_exactly_them(
    name: str, options: dict[str, Any]
) -> None:
    encoding: ActionEncoding | None = None
    for seed in range(8):
        round_ = new_round(name, seed=seed, **options)
        encoding = encoding or ActionEncoding(round_.ruleset)
        rng = random.Random(seed)
        while not round_.is_over:
            for seat in round_.to_act:
                legal = round_.legal_actions(seat)
                indexes = encoding.indexes(legal)  # raises if two share an index
                assert len(indexes) == len(legal)
                for index in rng.sample(sorted(indexes), min(len(indexes), 4)):
                    assert encoding.decode(index, legal) == indexes[index]
                assert set(np.flatnonzero(encoding.mask(legal))) == set(indexes)
                # The environment's mask, made from the indexed actions (a byte buffer for a few,
                # NumPy for a Charleston step's passes), is the same array in every width.
                indexed = encoding.indexed(legal)
                assert np.array_equal(indexed.mask(encoding.size), encoding.mask(legal))
                marked = indexed.mask(encoding.size, np.bool_)
                assert marked.dtype == np.bool_
                assert np.array_equal(marked, encoding.mask(legal).astype(bool))
                with pytest.raises(ValueError, match="one byte wide"):
                    indexed.mask(encoding.size, np.float32)
            seat = round_.to_act[0]
            round_ = round_.apply(rng.choice(round_.legal_actions(seat)))


def observations_of(game: Any, seed: int) -> list[tuple[str, bytes, bytes]]:
    """Each agent selected, its observation and its mask, over a random episode of ``game``."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        seen.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes()))
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen


@pytest.mark.parametrize(("name", "options"), FAMILIES)
def test_a_seed_gives_the_same_episode(name: str, options: dict[str, Any]) -> None:
    first = observations_of(raw_env(name, **options), seed=11)
    assert first == observations_of(env(name, **options), seed=11)
    assert first != observations_of(raw_env(name, **options), seed=12)


def test_unseeded_resets_follow_the_last_seed() -> None:
    game = raw_env("singapore")
    seeds = []
    for _ in range(2):
        game.reset(seed=5)
        assert game.round is not None
        assert game.round.seed == 5
        assert game.round.actions == new_round("singapore", seed=5).actions
        following = []
        for _ in range(3):
            game.reset()
            assert game.round is not None
            following.append(game.round.seed)
        seeds.append(following)
    assert seeds[0] == seeds[1]
    assert len(set(seeds[0])) == 3


def greedy_episode(game: MahjongEnv, seed: int) -> dict[str, float]:
    """Each agent's total reward over an episode where every seat plays the greedy bot, its
    choices sent as indexes."""
    agent_of = greedy_agent()
    game.reset(seed=seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        assert game.round is not None
        choice = agent_of(game.round.view(game.round.to_act[0]))
        index = game.encoding.encode(choice)
        assert observation["action_mask"][index] == 1
        game.step(index)
    return totals


@pytest.mark.parametrize(("name", "options"), FAMILIES)
def test_rewards_at_the_end_are_the_payments_and_sum_to_zero(name: str, options: dict[str, Any]) -> None:
    game = raw_env(name, **options)
    won = 0
    for seed in range(12):
        if won and seed >= 3:
            break
        totals = greedy_episode(game, seed)
        assert game.agents == []
        assert game.round is not None
        assert game.round.is_over
        result = game.round.result
        assert result is not None
        assert totals == {
            agent: float(result.payments[game.seats[number]]) for number, agent in enumerate(game.possible_agents)
        }
        assert sum(totals.values()) == 0
        won += result.winner is not None
    assert won, "no greedy round was won: the rewards were never tested on a win"


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_a_random_episode_with_masks_reaches_the_end(name: str, options: dict[str, Any]) -> None:
    game = raw_env(name, **options)
    chosen, totals = random_episode(game, seed=3)
    assert game.agents == []
    assert game.round is not None
    assert game.round.is_over
    assert len(chosen) == len(game.round.actions)
    assert sum(totals.values()) == 0
    assert game.possible_agents == [seat.name.lower() for seat in game.round.ruleset.seats]  # type: ignore[attr-defined]


def test_observations_show_the_seats_tiles_and_the_table() -> None:
    game = raw_env("singapore")
    game.reset(seed=2)
    assert game.round is not None
    seen = game.round.observation(Seat.EAST)
    array = game.observe("east")["observation"]
    assert array.shape == (len(OBSERVATION_ROWS), 49)
    assert game.observation_space("east")["observation"].contains(array)
    concealed = [tile for tile in seen["hand"].concealed if not tile.is_bonus]
    assert array[OBSERVATION_ROWS.index("concealed")].sum() == len(concealed)
    for tile in concealed:
        assert array[OBSERVATION_ROWS.index("concealed"), tile.index] == concealed.count(tile)
    state = array[OBSERVATION_ROWS.index("state")]
    assert state[0] == seen["tiles_left"]
    assert list(state[1:5]) == [1, 0, 0, 0]
    assert list(state[9:13]) == [1, 0, 0, 0]  # East acts first
    south = game.observe("south")["observation"]
    assert list(south[OBSERVATION_ROWS.index("state"), 9:13]) == [0, 0, 0, 1]  # East is South's +3
    bonus = len(seen["bonus"][Seat.SOUTH])
    assert south[OBSERVATION_ROWS.index("exposed +0")].sum() == bonus
    assert array[OBSERVATION_ROWS.index("exposed +1")].sum() == bonus
    assert not game.observe("south")["action_mask"].any()


@pytest.mark.parametrize("name", ["singapore", "flex"])
def test_rewards_follow_the_payments_as_they_are_made(name: str) -> None:
    """Each action rewards every agent with the change in its seat's net payment: Singapore's
    instant payments (ruling S8: flowers and animals of the deal, kongs) arrive during the round,
    and an episode's rewards add up to the result's payments. Flex pays only at the end."""
    early = 0
    for seed in range(12):
        game = raw_env(name)
        game.reset(seed=seed)
        totals = dict.fromkeys(game.possible_agents, 0.0)
        rng = np.random.default_rng(seed)
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            totals[agent] += reward
            assert game.round is not None
            if reward and not game.round.is_over:
                early += 1
            if terminated or truncated:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert game.round is not None
        result = game.round.result
        assert result is not None
        assert totals == {agent: float(result.payments.get(game._seat_of[agent], 0)) for agent in totals}
    if name == "singapore":
        assert early > 0
    else:
        assert early == 0


def test_each_reward_is_the_change_in_the_rounds_payments_across_resets() -> None:
    """One Singapore environment over several rounds: after every action, each agent's reward is
    the change in its seat's net payment as the round itself gives it (``round.payments``), the
    environment keeping a round's net while nothing new is paid."""
    game = raw_env("singapore")
    paid_early = 0
    for seed in range(8):
        game.reset(seed=seed)
        rng = random.Random(seed)
        before = dict.fromkeys(game.seats, 0)
        for _agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            game.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
            round_: Any = game.round
            now = {seat: round_.payments.get(seat, 0) for seat in game.seats}
            for other in game.agents:
                seat = game._seat_of[other]
                assert game.rewards[other] == now[seat] - before[seat]
            paid_early += any(now[seat] != before[seat] for seat in game.seats) and not round_.is_over
            before = now
    assert paid_early > 0  # instant payments came during rounds, not only at the end


def _columns(array: Any) -> dict[str, float]:
    """The named columns of the state row after the counts (phase, step, pass) that are set."""
    state = array[OBSERVATION_ROWS.index("state")]
    return {STATE_COLUMNS[i]: float(state[i]) for i in range(17, len(STATE_COLUMNS)) if state[i]}


@pytest.mark.parametrize(
    ("name", "options"),
    [("nmjl", {}), ("card-free", {}), ("flex", {}), ("flex", {"charleston": True}), ("singapore", {})],
)
def test_the_state_row_says_the_phase_and_the_step_before_play(name: str, options: dict[str, Any]) -> None:
    """The state row tells an agent where the round is: the phase always, and before play the
    step the round describes in words (a Charleston pass: its direction, which Charleston and which
    pass, blind on the third; the votes; the Flex pass), checked at every step of seeded random
    rounds."""
    directions = {"to the right": "pass right", "across": "pass across", "to the left": "pass left"}
    for seed in range(3):
        game = raw_env(name, **options)
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        seen_steps = set()
        for agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            assert game.round is not None
            seen = game.round.observation(game._seat_of[agent])
            columns = _columns(observation["observation"])
            assert columns.pop(f"phase {seen['phase']}") == 1
            step = seen.get("step")
            if step is None:
                assert columns == {}, (seen["phase"], columns)
            else:
                seen_steps.add(step)
                expected: dict[str, float] = {}
                if "Charleston, pass" in step:
                    expected = {
                        "step pass": 1,
                        directions[step.split("tiles ")[1]]: 1,
                        "Charleston": 1 if step.startswith("first") else 2,
                        "pass number": int(step.split("pass ")[1][0]),
                    }
                    if expected["pass number"] == 3:  # "On the last pass of both ... blindly pass"
                        expected["blind pass"] = 1
                elif step.startswith("the pass"):
                    expected = {"step pass": 1, directions[step.split("tiles ")[1]]: 1}
                elif step == "courtesy pass":
                    expected = {"step courtesy pass": 1, "pass across": 1}
                else:
                    expected = {f"step {step}": 1}
                assert columns == expected, (step, columns)
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(rng.choice(legal)))
        if name == "nmjl":
            assert {"first Charleston, pass 3: 3 tiles to the left", "second Charleston vote"} <= seen_steps


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    game = raw_env("flex")
    game.reset(seed=1)
    before = game.round
    mask = game.observe(game.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal now"):
        game.step(illegal)
    with pytest.raises(IllegalActionError, match="not None"):
        game.step(None)
    assert game.round is before
    assert game.rewards == dict.fromkeys(game.possible_agents, 0.0)
    wrapped = env("flex")
    wrapped.reset(seed=1)
    with pytest.raises(AssertionError):
        wrapped.step(game.encoding.size)


def test_max_steps_truncates_a_round() -> None:
    game = raw_env("singapore", max_steps=5)
    game.reset(seed=1)
    steps = 0
    for _ in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        if terminated or truncated:
            assert truncated
            assert not terminated
            assert reward == 0
            game.step(None)
            continue
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert steps == 5

    for wrong in (0, -1, 2.5, "3", True):
        with pytest.raises(ValueError, match="max_steps is a whole number of at least 1 or None"):
            raw_env("singapore", max_steps=wrong)


def test_render_shows_the_round_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    game = raw_env("singapore", render_mode="ansi")
    game.reset(seed=1)
    text = game.render()
    assert text is not None
    assert text.startswith("singapore, seed 1, 0 actions")
    assert "* East" in text
    human = raw_env("flex", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert "flex, seed 1" in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("flex", render_mode="rgb_array")
    assert raw_env("card-free").metadata["name"] == "mahjong_card_free_v0"


def test_an_environment_of_a_ruleset_object() -> None:
    ruleset = mr.get_ruleset("singapore", players=3)
    game = raw_env(ruleset)
    assert game.possible_agents == ["east", "south", "west"]
    assert game.metadata["name"] == "mahjong_singapore_v0"
    with pytest.raises(ValueError, match="options go with a ruleset's name"):
        raw_env(ruleset, players=4)


def test_the_library_plays_without_the_rl_extra() -> None:
    code = (
        "import sys\n"
        "from mahjong_rules.engine import new_round, play\n"
        "play(new_round('flex', seed=1))\n"
        "play(new_round('singapore', seed=1))\n"
        "print(sorted(name for name in ('numpy', 'gymnasium', 'pettingzoo') if name in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["flex", "card-free", "nmjl"]),
    st.lists(st.sampled_from(mr.TileSet.american().tiles), min_size=3, max_size=14),
    st.sampled_from([(3, (0,)), (3, (0, 1, 2, 3)), (2, (0,)), (1, (0,))]),
)
def test_pass_indexes_are_ranked_like_each_pass_encoded(name: str, tiles: list[Tile], rules: Any) -> None:
    """Issue 21: the passes of a Charleston step are indexed from the hand's counts at once, and
    the pass of an index made on demand; the same indexes and actions as encoding each listed pass."""
    encoding = ActionEncoding(mr.get_ruleset(name))
    size, blinds = rules
    choices = PassChoices(Seat.SOUTH, Counter(tiles), size, blinds)
    listed = encoding.indexes(list(choices))
    indexed = encoding.indexed(choices)
    assert sorted(indexed.indexes.tolist()) == sorted(listed)
    assert len(indexed) == len(listed)
    for index, action in listed.items():
        assert index in indexed
        decoded = indexed.action(index)
        assert decoded == action
        assert choices.made(decoded)  # the round takes it as its own choices' pick, unchecked
    outside = next(index for index in range(encoding.size) if index not in listed)
    assert outside not in indexed
    assert indexed.action(outside) is None
    assert "a pass" not in indexed


def test_pass_layouts_are_shared_by_the_encodings_of_a_process() -> None:
    """Issue 21: a new environment (or one per worker) does not lay out the Charleston's passes
    again; the layouts it shares cannot be changed through one of them."""
    first, second = ActionEncoding(mr.get_ruleset("card-free")), ActionEncoding(mr.get_ruleset("nmjl"))
    layout = first._pass_layout(11, 3, (0, 1, 2, 3))
    assert second._pass_layout(11, 3, (0, 1, 2, 3)) is layout
    with pytest.raises(ValueError, match="read-only"):
        layout.starts[0] = 0


def assert_observed_as_viewed(states: list[Any], observe: Callable[[Any, Seat, tuple[Seat, ...]], Any]) -> None:
    """``observe(round_, seat, seats)`` (an observation read from the round, its rows carried on
    from the state read before) is the array of the seat's view, for every seat of each state in
    order, then of a quarter of them again in another order (rows carried back, or across
    rounds)."""
    from mahjong_rules.engine.rl import observation_array

    seats = tuple(states[0].ruleset.seats)
    shuffled = random.Random(1).sample(states, len(states) // 4)
    for round_ in [*states, *shuffled]:
        for seat in seats:
            assert np.array_equal(observe(round_, seat, seats), observation_array(round_.view(seat), seats))


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("flex", {}),
        ("flex", {"players": 3, "blanks": 2}),
        ("card-free", {}),
        ("nmjl", {}),
        ("flex", {"charleston": True}),
    ],
)
def test_the_environment_reads_american_observations_from_the_round_as_the_view_has_them(
    name: str, options: dict[str, Any]
) -> None:
    """Issue 21: the environment builds an American observation straight from the round (no
    view), its counts carried on from the state read before; at every moment of whole rounds,
    for every seat, it is the array of the seat's view, and so it is when the same states are
    read again in another order (counts carried back, or across rounds)."""
    from mahjong_rules.engine._rl_observation import _american_array, _TableCounts

    shared = _TableCounts()  # kept across states and rounds, as the environment keeps it
    states = []
    for seed in range(3):
        round_: Any = new_round(name, seed=seed, **options)
        rng = random.Random(seed)
        while True:
            states.append(round_)
            if round_.is_over:
                break
            round_ = round_.apply(rng.choice(round_.legal_actions(round_.to_act[0])))
    assert_observed_as_viewed(states, lambda round_, seat, seats: _american_array(round_, seat, seats, shared))


@pytest.mark.parametrize("players", [4, 3])
def test_the_environment_reads_singapore_observations_from_the_players(players: int) -> None:
    """Issue 21: a Singapore observation is read from the round's players (no view built), their
    rows carried on from the players read before; at every moment of whole rounds, random and
    greedy (kongs, flowers, wins), for every seat, it is the array of the seat's view, and so it
    is when the same states are read again in another order."""
    from mahjong_rules.engine._rl_observation import _PlayerRows, _singapore_array

    rows = _PlayerRows()  # kept across states and rounds, as the environment keeps it
    states = []
    for seed in range(3):
        round_: Any = new_round("singapore", seed=seed, players=players)
        agents = {seat: greedy_agent() for seat in round_.ruleset.seats} if seed % 2 else None
        rng = random.Random(seed)
        while True:
            states.append(round_)
            if round_.is_over:
                break
            seat = round_.to_act[0]
            chosen = agents[seat](round_.view(seat)) if agents else rng.choice(round_.legal_actions(seat))
            round_ = round_.apply(chosen)
    assert_observed_as_viewed(states, lambda round_, seat, seats: _singapore_array(round_, seat, seats, rows))


def test_agent_iter_yields_the_agent_selected_at_each_step_up_to_max_iter() -> None:
    """PettingZoo's ``agent_iter``: the selected agent at each step, while any agent is left, at
    most ``max_iter`` times (the environment's own generator does what PettingZoo's iterator does)."""
    game = raw_env("singapore")
    game.reset(seed=3)
    assert list(game.agent_iter(max_iter=0)) == []
    picked = []
    for agent in game.agent_iter(max_iter=5):
        assert agent == game.agent_selection
        picked.append(agent)
        game.step(int(game.observe(agent)["action_mask"].nonzero()[0][0]))
    assert len(picked) == 5
    game.agents = []
    assert list(game.agent_iter()) == []


def test_each_mask_is_the_caller_s_own() -> None:
    """Issue 21: the mask's bytes are set while the legal actions are indexed and handed to the
    first caller; a later mask of the same moment is made anew, so changing one mask changes no
    other, nor the environment's next observation."""
    round_ = new_round("flex", seed=2)
    encoding = ActionEncoding(round_.ruleset)
    legal = encoding.indexed(round_.legal_actions(round_.to_act[0]))
    first = legal.mask(encoding.size)
    first[:] = 0
    second = legal.mask(encoding.size)
    assert int(second.sum()) == len(legal) > 0
    assert not first.any()
    game = raw_env("flex")
    game.reset(seed=2)
    agent = game.agent_selection
    seen = game.observe(agent)["action_mask"]
    assert seen is game.infos[agent]["action_mask"]  # the moment's first observe hands out the info's
    marked = seen.copy()
    seen[:] = 1
    again = game.observe(agent)["action_mask"]
    assert again is not seen
    assert np.array_equal(again, marked)


def test_the_environment_s_attributes_survive_a_pickle_and_its_metadata_is_the_instance_s() -> None:
    """The environment keeps its per-step attributes in slots: a pickled environment comes back
    at the same moment, and the class itself has no ``metadata`` or ``render_mode`` (tools that
    read them from a class find none, as before), while an instance has both."""
    import pickle

    game = raw_env("singapore", render_mode="ansi")
    game.reset(seed=4)
    game.step(int(np.flatnonzero(game.infos[game.agent_selection]["action_mask"])[0]))
    back = pickle.loads(pickle.dumps(game))
    assert back.agent_selection == game.agent_selection
    assert back.round is not None
    assert game.round is not None
    assert back.round.actions == game.round.actions
    assert np.array_equal(
        back.observe(back.agent_selection)["observation"], game.observe(game.agent_selection)["observation"]
    )
    assert not hasattr(MahjongEnv, "metadata")
    assert not hasattr(MahjongEnv, "render_mode")
    assert back.metadata["render_modes"] == ["ansi", "human"]
    assert back.render_mode == "ansi"


@pytest.mark.parametrize("name", ["flex", "card-free", "nmjl", "singapore"])
def test_an_environment_pickles_at_any_moment_and_plays_on_alike(name: str) -> None:
    """A checkpoint, or a copy sent to a worker process: the environment ``env()`` gives pickles
    (and deep-copies) at any moment of a round, the Charleston's passes and the payments kept
    included, and the copy plays the rest of the round as the original does, reward by reward."""
    import copy
    import pickle

    def rest(game: Any, rng: np.random.Generator) -> list[tuple[str, float, bytes]]:
        seen = []
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            seen.append((agent, reward, observation["observation"].tobytes()))
            if terminated or truncated:
                game.step(None)
            else:
                game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        return seen

    for moment in (0, 7, 60, 10_000):  # at the deal, in the Charleston (American), in play, at the end
        game = env(name)
        game.reset(seed=11)
        rng = np.random.default_rng(11)
        for _ in range(moment):
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                break
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        copies = [pickle.loads(pickle.dumps(game)), copy.deepcopy(game)]
        state = rng.bit_generator.state
        played = rest(game, rng)
        assert played
        for copied in copies:
            again = np.random.default_rng()
            again.bit_generator.state = state  # the same choices as the original's
            assert rest(copied, again) == played


@pytest.mark.parametrize(
    ("name", "options"),
    [("flex", {}), ("card-free", {}), ("nmjl", {}), ("singapore", {}), ("singapore", {"players": 3})],
)
def test_the_global_state_holds_the_whole_table(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's ``state()``, for a centralized critic: every seat's concealed tiles (as its own
    observation has them), then what the first seat observes besides them. With the wall, its
    tiles are every tile of the tile set once, at every moment of a round, and reading it changes
    no agent's observation."""
    game = raw_env(name, **options)
    game.reset(seed=8)
    rng = np.random.default_rng(8)
    tileset = game.ruleset.tileset
    first = game.seats[0]
    for agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        state = game.state()
        assert state.shape == (len(GLOBAL_STATE_ROWS), 49)
        assert game.state_space.contains(state)
        assert np.array_equal(game.observe(agent)["observation"], observation["observation"])
        for position, seat in enumerate(game.seats):
            assert np.array_equal(state[position], game.observe(seat.name.lower())["observation"][0])
        assert not state[len(game.seats) : 4].any()  # no seat there
        assert np.array_equal(state[4:], game.observe(first.name.lower())["observation"][1:])
        round_ = game.round
        assert round_ is not None
        wall = np.bincount([tile.index for tile in round_.wall], minlength=49)  # type: ignore[attr-defined]
        assert (state[:-1].sum(axis=0) + wall == np.array(tileset.counts)).all()
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(
    "form", [float, lambda index: index + 0.7, str, np.float32, bool, lambda index: np.array([index]), np.array]
)
def test_the_raw_environment_refuses_what_is_not_an_index(form: Any) -> None:
    """Nothing but an int, a NumPy integer or an array of one without dimensions is an action
    index: a legal index written as a float is not rounded, nor one as a string parsed, nor a bool
    taken for 0 or 1, nor a one-element vector unpacked. The environment refuses it and is
    unchanged (the checked environment refuses it too, as PettingZoo's wrappers do)."""
    if form is np.array:
        form = functools.partial(np.array, dtype=np.float64)  # a 0-d float array is no index either
    game = raw_env("singapore")
    game.reset(seed=1)
    legal = int(np.flatnonzero(game.infos[game.agent_selection]["action_mask"])[0])
    before = game.round
    with pytest.raises(IllegalActionError, match="an index") as caught:
        game.step(form(legal))
    assert caught.value.reason.code == "illegal-index"
    assert game.round is before
    assert game.steps == 0
    game.step(np.int64(legal))  # a NumPy integer is an index
    assert game.steps == 1
    again = int(np.flatnonzero(game.infos[game.agent_selection]["action_mask"])[0])
    game.step(np.array(again))  # so is a 0-d integer array: what SB3's predict returns for one observation
    assert game.steps == 2


def test_the_state_s_concealed_rows_of_any_round_are_its_views() -> None:
    """A round of neither built-in family has its seats' concealed rows read through their views,
    as its observations are: the same rows as those read from an American round's hands."""
    import types

    from mahjong_rules.engine._rl_observation import _Observer

    round_ = new_round("card-free", seed=5)
    seats = tuple(round_.ruleset.seats)  # type: ignore[attr-defined]
    through_views = types.SimpleNamespace(view=round_.view)  # not an AmericanRound
    rows = _Observer().concealed_rows(round_, seats)
    assert rows.shape == (4, 49)
    assert np.array_equal(_Observer().concealed_rows(through_views, seats), rows)
    assert [int(row.sum()) for row in rows] == [14, 13, 13, 13]  # East is dealt 14


def mask_only_episode(game: Any, seed: int) -> list[tuple[str, bytes]]:
    """Each agent selected and the mask in its info, over a random episode of ``game`` played as
    an agent that asks for no observation (``last(observe=False)``) plays it."""
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    for agent in game.agent_iter():
        observation, _, terminated, truncated, info = game.last(observe=False)
        assert observation is None
        # Only the selected agent's info holds a mask, and only while it has an action to take.
        assert [other for other in game.agents if "action_mask" in game.infos[other]] == (
            [] if terminated or truncated else [agent]
        )
        if terminated or truncated:
            game.step(None)
            continue
        mask = info["action_mask"]
        seen.append((agent, mask.tobytes()))
        game.step(int(rng.choice(np.flatnonzero(mask))))
    return seen


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_the_selected_agent_s_info_holds_its_action_mask(name: str, options: dict[str, Any]) -> None:
    """Issue 21: PettingZoo's documented loop reads the mask from the info or from the
    observation; the environment puts it in both, so that an agent that does not read the
    observation can skip it (``last(observe=False)``) and play the same episode."""
    game = env(name, **options)
    observed = [(agent, mask) for agent, _, mask in observations_of(game, seed=5) if mask.strip(b"\0")]
    assert mask_only_episode(game, seed=5) == observed
    assert mask_only_episode(raw_env(name, **options), seed=6) != observed
    game.reset(seed=5)
    for _agent in game.agent_iter():
        observation, _, terminated, truncated, info = game.last()
        if terminated or truncated:
            assert "action_mask" not in info
            game.step(None)
            continue
        assert info["action_mask"] is observation["action_mask"]
        assert info["action_mask"].dtype == np.int8
        game.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_the_encoding_and_the_observation_refuse_what_they_do_not_take() -> None:
    """The public pieces of the environment say what was wrong, in the library's errors, instead
    of failing inside with an ``AttributeError`` or reading a string or a float as an index."""
    from mahjong_rules.engine.rl import observation_array

    encoding = ActionEncoding("singapore")  # a ruleset's name will do
    assert encoding.size == ActionEncoding(mr.get_ruleset("singapore")).size
    assert encoding.describe(np.int64(2)) == encoding.describe(2)
    for index in ("3", 2.0, True):
        with pytest.raises(IllegalActionError, match="an index"):
            encoding.describe(index)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="an index"):
            encoding.block_of(index)  # type: ignore[arg-type]
    calls: list[Any] = [encoding.encode, lambda value: encoding.mask([value]), lambda value: encoding.indexed([value])]
    for call in calls:
        with pytest.raises(TypeError, match="an encoding encodes an Action, not str 'E discard 5B'"):
            call("E discard 5B")
    with pytest.raises(TypeError, match="ruleset is a Ruleset or a ruleset's name, not int 5"):
        ActionEncoding(5)  # type: ignore[arg-type]
    view = new_round("flex", seed=1).view("E")
    assert np.array_equal(observation_array(view, "ESWN"), observation_array(view))
    with pytest.raises(TypeError, match="observation_array takes a PlayerView, not dict"):
        observation_array(new_round("flex", seed=1).observation("E"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seats are the view's table in turn order, each once, not South"):
        observation_array(view, [mr.Seat.SOUTH])
