"""Self-play rounds per second for every ruleset, with random agents and with the greedy bot,
on rounds the program has never seen (a new seed for every round and run); then, side by side in
the same process, RLCard's mahjong game with random legal actions (raw, and through its env) and
this library's rounds, when RLCard is installed (the ``bench`` extra: ``pip install
'.[rl,bench]'``): for each ruleset, RLCard's raw game and the raw engine in a block each, one
after the other; then the raw engine and its PettingZoo environment (``env()``, PettingZoo's
checks included) with random legal indexes, a round of each in turn, and beside them the same
environment in PettingZoo's documented loop, each action drawn by
``env.action_space(agent).sample(mask)``, and an agent that reads the mask from its info and asks
for no observation (``env.last(observe=False)``); and each ruleset's RLCard environment
(``mahjong_rules.engine.rlcard_env``) in RLCard's own loop beside RLCard's mahjong in it, RLCard's
random agents choosing as in evaluation (``eval_step``) and as in training (``step``).

    python benchmarks/engine_speed.py [--rounds 200] [--runs 3] [--seed 2026]

Times are CPU time (``time.process_time``), as issue 21 measured, so that other work on a shared
machine weighs less. Invariant checks are off while timing (``play(check=False)``);
``scripts/selfplay.py`` and the tests play with them on. Prints, per ruleset, the median over the
runs of rounds per second and actions per second, and how many rounds ended in a win; the
single-agent training environment's episodes and learner steps per second with random opponents
(the ``rl`` extra); with RLCard, the ratios issue 21 asks for (raw random rounds per second at
least 3 times RLCard's raw game for the American families and 6 times for Singapore; the
PettingZoo environment at least 0.6 times the raw engine), the median of the runs' ratios MET or
MISSED, with the runs' range beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import random

from mahjong_rules.engine import new_round, play
from mahjong_rules.engine.bots import greedy_agent

RULESETS = ("flex", "card-free", "nmjl", "singapore")


def timed(name: str, seeds: range, greedy: bool) -> tuple[float, float, int]:
    """Rounds per second, actions per second, and wins, over ``seeds``."""
    actions = wins = 0
    started = time.process_time()
    for seed in seeds:
        round_ = new_round(name, seed=seed)
        agents = {seat: greedy_agent() for seat in round_.ruleset.seats} if greedy else None  # type: ignore[attr-defined]
        done = play(round_, agents, seed=seed, check=False)
        actions += len(done.actions)
        wins += done.result is not None and done.result.winner is not None
    elapsed = time.process_time() - started
    return len(seeds) / elapsed, actions / elapsed, wins


def rlcard_raw_rate(seeds: range) -> float | None:
    """RLCard's mahjong game: rounds per second with random legal actions over ``seeds``;
    ``None`` without RLCard."""
    try:
        import numpy as np
        from rlcard.games.mahjong.game import MahjongGame
    except ImportError:
        return None
    rng = random.Random(seeds.start)
    started = time.process_time()
    for seed in seeds:
        game = MahjongGame()
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions(game.get_state(game.round.current_player))
            game.step(legal[rng.randrange(len(legal))])
    return len(seeds) / (time.process_time() - started)


def rlcard_env_rate(seeds: range, env_id: str = "mahjong", training: bool = False) -> float | None:
    """Rounds per second of an RLCard environment in RLCard's own loop over ``seeds``: for each,
    ``rlcard.make(env_id)`` seeded with it, then ``env.run`` with RLCard's random agents, which
    draw by ``eval_step`` (as ``rlcard.utils.tournament`` does) or, ``training``, by ``step``.
    ``env_id`` is RLCard's mahjong by default, or a ruleset's id
    (``mahjong_rules.engine.rlcard_env``); ``None`` without RLCard."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent

        import mahjong_rules.engine.rlcard_env  # noqa: F401 - registers the rulesets' ids
    except ImportError:
        return None
    started = time.process_time()
    for seed in seeds:
        env = rlcard.make(env_id, config={"seed": seed})
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
        env.run(is_training=training)
    return len(seeds) / (time.process_time() - started)


def raw_and_env_rates(name: str, seeds: range) -> tuple[float, float, float, float] | None:
    """Rounds per second with random legal choices: of the raw engine, of the environment
    ``env()`` gives (PettingZoo's checks included) with the agent below, of the same
    environment in PettingZoo's documented loop (``env.action_space(agent).sample(mask)``), and
    of the agent below reading the mask from the agent's info without asking for the observation
    (``env.last(observe=False)``), as an agent that does not read the observation may.
    Rounds take turns (seed by seed, one way after the other), so that a shared machine's drift
    in speed, which moves times 30-50% from one minute to the next here, weighs on all alike;
    ``None`` without the ``rl`` extra."""
    try:
        import numpy as np

        from mahjong_rules.engine.rl import env
    except ImportError:
        return None
    game = env(name)
    times = [0.0, 0.0, 0.0, 0.0]
    rounds = [0, 0, 0, 0]
    for seed in seeds:
        # The agent is the raw engine's (Python's random over the legal choices): NumPy's
        # Generator.choice costs a few µs more a call, which would be timed as the environment's.
        # It reads the int8 mask as booleans (a view, no copy): NumPy finds the nonzero entries of
        # a boolean array some ten times faster than of an int8 one (5 against 55 µs over an
        # American mask of 17,808 actions), a cost of the agent's choice, not of the environment
        # (docs/engine.rst gives bot authors the same advice). The mask's own nonzero() skips
        # np.flatnonzero's wrapping (2-3 µs a step, 2% of one).
        rng = random.Random(seed)
        way = seed % 4
        started = time.process_time()
        if way == 0:
            play(new_round(name, seed=seed), None, seed=seed, check=False)
        elif way in (1, 3):  # with the observation, or without (the mask read from the info)
            observe = way == 1
            game.reset(seed=seed)
            for _agent in game.agent_iter():
                observation, _, terminated, truncated, info = game.last(observe)
                if terminated or truncated:
                    game.step(None)
                else:
                    legal = (observation if observe else info)["action_mask"].view(np.bool_).nonzero()[0]
                    game.step(int(legal[rng.randrange(len(legal))]))
        else:
            game.reset(seed=seed)
            game.action_space(game.possible_agents[0]).seed(seed)  # one space, shared by the agents
            for agent in game.agent_iter():
                observation, _, terminated, truncated, _ = game.last()
                if terminated or truncated:
                    game.step(None)
                else:
                    game.step(game.action_space(agent).sample(observation["action_mask"]))
        times[way] += time.process_time() - started
        rounds[way] += 1
    raw, env_rate, sampled, unobserved = (done / spent for done, spent in zip(rounds, times, strict=True))
    return raw, env_rate, sampled, unobserved


def training_rates(name: str, seeds: range) -> tuple[float, float] | None:
    """The single-agent training environment's episodes and learner steps per second, the
    learner East drawing uniformly among its masked actions and the others the random
    opponents, over ``seeds``; ``None`` without the ``rl`` extra."""
    try:
        from mahjong_rules.engine.single_agent import SingleAgentEnv
    except ImportError:
        return None
    game = SingleAgentEnv(name)
    steps = 0
    started = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        game.reset(seed=seed)
        over = False
        while not over:
            legal = game.action_masks().nonzero()[0]
            _, _, terminated, truncated, _ = game.step(int(legal[rng.randrange(len(legal))]))
            over = terminated or truncated
            steps += 1
    elapsed = time.process_time() - started
    return len(seeds) / elapsed, steps / elapsed


def _span(values: list[float]) -> str:
    """The runs' range of a ratio."""
    return f"{min(values):.2f}-{max(values):.2f}"


def _import_side_by_side() -> None:
    """Load the modules the side-by-side timings use, when installed (before ``gc.freeze``)."""
    for module in (
        "rlcard",
        "rlcard.agents",
        "rlcard.games.mahjong.game",
        "mahjong_rules.engine.rl",
        "mahjong_rules.engine.rlcard_env",
    ):
        with contextlib.suppress(ImportError):
            importlib.import_module(module)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"{'ruleset':<10} {'agents':<7} {'rounds/s':>9} {'actions/s':>10} {'wins':>12}")
    for name in RULESETS:
        for greedy in (False, True):
            rounds = args.rounds if not greedy else max(args.rounds // 4, 10)
            figures = [
                timed(name, range(args.seed * 1000 + run * rounds, args.seed * 1000 + (run + 1) * rounds), greedy)
                for run in range(args.runs)
            ]
            rate = statistics.median(figure[0] for figure in figures)
            action_rate = statistics.median(figure[1] for figure in figures)
            wins = sum(figure[2] for figure in figures)
            agents = "greedy" if greedy else "random"
            print(f"{name:<10} {agents:<7} {rate:>9.1f} {action_rate:>10.0f} {wins:>5}/{rounds * args.runs:<6}")
    # The training environment (SingleAgentEnv) with random opponents, on seeds of its own.
    first = args.seed * 1000 + 300_000
    episodes = max(args.rounds // 4, 10)
    training = {
        name: [
            training_rates(name, range(first + run * episodes, first + (run + 1) * episodes))
            for run in range(args.runs)
        ]
        for name in RULESETS
    }
    if all(rates is not None for by_run in training.values() for rates in by_run):
        print(f"\n{'ruleset':<10} {'training environment':<21} {'episodes/s':>10} {'learner steps/s':>16}")
        for name, by_run in training.items():
            episode_rate = statistics.median(rates[0] for rates in by_run if rates is not None)
            step_rate = statistics.median(rates[1] for rates in by_run if rates is not None)
            print(f"{name:<10} {'random opponents':<21} {episode_rate:>10.1f} {step_rate:>16.0f}")
    # Side by side: each run deals new seeds (past the table's above) to RLCard and to each
    # ruleset, so that every figure is of unseen rounds and the peer runs interleaved with the
    # library in the same conditions.
    # RLCard's rounds run as a block of their own: taking turns with the library's round by round
    # (tried), each round starts with the other's code and data in the caches, which costs the
    # library's short rounds (2-3 ms) more than RLCard's (8 ms): raw/RLCard came out 3-6% lower,
    # env/raw 2-5% higher, and neither is what a user timing each loop alone would see.
    count = max(args.rounds // 4, 10)
    starts = iter(range(args.seed * 1000 + 500_000, 10**9, 2 * count))

    def fresh(size: int = count) -> range:
        start = next(starts)
        return range(start, start + size)

    # Importing RLCard (PyTorch with it) leaves some 170,000 objects for the garbage collector:
    # each full collection then takes about 90 ms, and lands in whichever timing is running (a
    # run's 25 raw rounds take about 70 ms). What exists once the modules are loaded and the
    # tables above built is frozen out of later collections, as a long-running bot would do
    # (``gc.freeze``), for the peer and the library alike.
    _import_side_by_side()
    gc.collect()
    gc.freeze()
    ratios: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in RULESETS}
    peer_raw: list[float] = []
    peer_env: list[float] = []
    # Each ruleset in RLCard's own loop against RLCard's mahjong in it, in turn in each run:
    # evaluating (eval_step) and training (step).
    in_rlcard_loop: dict[tuple[str, bool], list[float]] = {
        (name, training): [] for name in RULESETS for training in (False, True)
    }
    for _ in range(args.runs):
        for name in RULESETS:
            # Raw against raw: RLCard's raw game, then this ruleset's raw rounds, a block each, as
            # a user timing each loop would play them, with twice the mix's rounds (a block's rate
            # moves with its seeds, rounds varying in length, by some 10% over 25 rounds). The
            # environment's ratios come from the mix after, the raw engine and the environment
            # taking turns: there the raw rounds run 5-15% slower (the environment's NumPy work
            # leaves the caches colder), which against RLCard's rounds alone would count against
            # the library. RLCard's env is timed once a run, after the rulesets.
            theirs = rlcard_raw_rate(fresh(2 * count))
            if theirs is None:
                print("\nRLCard is not installed (pip install '.[bench]'): no side-by-side figures")
                return 0
            peer_raw.append(theirs)
            alone = timed(name, fresh(2 * count), greedy=False)[0]
            seeds = fresh()
            rates = raw_and_env_rates(name, range(seeds.start * 4, seeds.stop * 4))
            if rates is None:
                print("\nThe rl extra is not installed (pip install '.[rl,bench]'): no side-by-side figures")
                return 0
            raw, env, sampled, unobserved = rates
            ratios[name].append((alone / theirs, env / raw, sampled / raw, unobserved / raw))
        peer_env.append(rlcard_env_rate(fresh()) or 0.0)  # shown beside, not a ratio's
        for name, training in in_rlcard_loop:
            theirs_in_loop = rlcard_env_rate(fresh(), training=training)
            ours_in_loop = rlcard_env_rate(fresh(), f"mahjong-rules-{name}", training)
            if theirs_in_loop and ours_in_loop:
                in_rlcard_loop[name, training].append(ours_in_loop / theirs_in_loop)
    raw_peer = statistics.median(peer_raw)
    env_peer = statistics.median(peer_env)
    print(f"\nRLCard mahjong, random legal actions: raw game {raw_peer:.1f} rounds/s, env {env_peer:.1f}")
    # Each median comes with the runs' range: a run's rounds vary in length, so a ratio moves by a
    # few per cent from one run to the next.
    runs = "(runs)"
    # env/raw is env()'s environment with the fast agent, the observation built at every step;
    # "sample" the same environment in PettingZoo's documented loop, whose agent draws with the
    # action space's masked sample; "no obs" the fast agent reading the mask from its info,
    # asking for no observation (last(observe=False)). The target (0.6) is env/raw's: the others
    # are shown beside it.
    print(
        f"{'ruleset':<10} {'raw/RLCard':>11} {runs:>11} {'target':>7} {'env/raw':>15} {runs:>11} {'target':>7}"
        f" {'sample/raw':>15} {runs:>11} {'no obs/raw':>11} {runs:>11}"
    )
    for name in RULESETS:
        raws, envs, samples, unobserved_runs = ([figure[way] for figure in ratios[name]] for way in range(4))
        ratio, env_ratio = statistics.median(raws), statistics.median(envs)
        wanted = 6.0 if name == "singapore" else 3.0
        print(
            f"{name:<10} {ratio:>10.3f}x {_span(raws):>11} {wanted:>5.1f}x {'MET' if ratio >= wanted else 'MISSED':<7}"
            f" {env_ratio:>7.3f}x {_span(envs):>11} {'MET' if env_ratio >= 0.6 else 'MISSED':<7}"
            f" {statistics.median(samples):>14.3f}x {_span(samples):>11}"
            f" {statistics.median(unobserved_runs):>10.3f}x {_span(unobserved_runs):>11}"
        )
    if all(in_rlcard_loop.values()):
        # RLCard's random agent's eval_step builds a list as long as the action space (17,808 in
        # the American families, 38 in RLCard's mahjong) at every step: most of the evaluating
        # loop's time here.
        print("\nIn RLCard's own loop (env.run, RLCard's random agents), against RLCard's mahjong in it:")
        print(f"{'ruleset':<10} {'evaluating':>11} {runs:>11} {'training':>11} {runs:>11}")
        for name in RULESETS:
            evaluating, training_runs = in_rlcard_loop[name, False], in_rlcard_loop[name, True]
            print(
                f"{name:<10} {statistics.median(evaluating):>10.3f}x {_span(evaluating):>11}"
                f" {statistics.median(training_runs):>10.3f}x {_span(training_runs):>11}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
