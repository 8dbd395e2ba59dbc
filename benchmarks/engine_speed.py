"""Self-play rounds per second for every ruleset, with random agents and with the greedy bot,
on rounds the program has never seen (a new seed for every round and run).

    python benchmarks/engine_speed.py [--rounds 200] [--runs 3] [--seed 2026]

Invariant checks are off while timing (``play(check=False)``); ``scripts/selfplay.py`` and the
tests play with them on. Prints, per ruleset, the median over the runs of rounds per second and
actions per second, and how many rounds ended in a win.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_rules.engine import new_round, play
from mahjong_rules.engine.bots import greedy_agent

RULESETS = ("flex", "card-free", "nmjl", "singapore")


def timed(name: str, seeds: range, greedy: bool) -> tuple[float, float, int]:
    """Rounds per second, actions per second, and wins, over ``seeds``."""
    actions = wins = 0
    started = time.perf_counter()
    for seed in seeds:
        round_ = new_round(name, seed=seed)
        agents = {seat: greedy_agent() for seat in round_.ruleset.seats} if greedy else None  # type: ignore[attr-defined]
        done = play(round_, agents, seed=seed, check=False)
        actions += len(done.actions)
        wins += done.result is not None and done.result.winner is not None
    elapsed = time.perf_counter() - started
    return len(seeds) / elapsed, actions / elapsed, wins


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
    return 0


if __name__ == "__main__":
    sys.exit(main())
