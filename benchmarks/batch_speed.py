"""Hands per second of ``evaluate_many`` with 1 and 2 processes, for each built-in ruleset, on
hands it has never seen: every timing draws new seeded hands, so that no memo warmed by an
earlier timing (or copied into the worker processes when they fork) can stand in for the code.

    python benchmarks/batch_speed.py [--hands 3000] [--runs 3] [--seed 2026]

Each timing evaluates --hands hands given as notation (as read from a file: parsing is part of
the work) with a win context each:

- ``flex`` and ``card-free``: the seeded American hands of ``tests/flex_reference.random_case``
  (random, dense, valid and nearly valid hands, some with exposures);
- ``nmjl``: hands completing a line of the sample card (``tests/nmjl_hands.nmjl_mahjong``), and a
  third random American hands;
- ``singapore``: Singapore Mahjongs with fitting contexts (``tests/singapore_hands``), a third of
  them less a tile.

A timing is the whole call, worker processes started and stopped included (default chunk size).
Figures are medians over --runs runs; the speed-up is the median with 2 processes over the median
with 1. The machine's CPU count is printed: on a two-core machine the parent process, which sends
the hands and receives the evaluations, shares the cores with the two workers.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mahjong_rules as mr
from tests.flex_reference import random_case
from tests.nmjl_hands import nmjl_mahjong
from tests.singapore_hands import random_context, random_mahjong

Batch = tuple[list[str], list[mr.WinContext]]


def american(rng: random.Random, count: int) -> Batch:
    cases = [random_case(rng) for _ in range(count)]
    return [str(case.hand) for case in cases], [case.context for case in cases]


def card(rng: random.Random, count: int) -> Batch:
    hands = [nmjl_mahjong(rng) if rng.random() < 2 / 3 else random_case(rng).hand for _ in range(count)]
    return [str(hand) for hand in hands], [mr.WinContext(self_drawn=rng.random() < 0.5) for _ in hands]


def singapore(rng: random.Random, count: int) -> Batch:
    hands, contexts = [], []
    for _ in range(count):
        hand = random_mahjong(rng)
        if rng.random() < 1 / 3:
            concealed = list(hand.concealed)
            concealed.pop(rng.randrange(len(concealed)))
            hand = mr.Hand(concealed, hand.melds)
        contexts.append(random_context(rng, hand))
        hands.append(str(hand))
    return hands, contexts


MAKERS: dict[str, Callable[[random.Random, int], Batch]] = {
    "flex": american,
    "card-free": american,
    "nmjl": card,
    "singapore": singapore,
}


def rate(ruleset: mr.Ruleset, batch: Batch, processes: int) -> tuple[float, int]:
    hands, contexts = batch
    started = time.perf_counter()
    evaluations = mr.evaluate_many(ruleset, hands, contexts, processes=processes, progress=False)
    elapsed = time.perf_counter() - started
    return len(hands) / elapsed, sum(evaluation.is_winning for evaluation in evaluations)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(
        f"{args.hands:,} new hands per timing, median of {args.runs} runs; {cpus} CPUs; Python {sys.version.split()[0]}"
    )
    print()
    print("| ruleset | winning | 1 process, hands/s | 2 processes, hands/s | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for number, (name, make) in enumerate(MAKERS.items()):
        ruleset = mr.get_ruleset(name)
        ruleset.evaluate(make(random.Random(-1 - number), 1)[0][0])  # imports and tables, not timed
        rates: dict[int, list[float]] = {1: [], 2: []}
        winning: list[int] = []
        for run in range(args.runs):
            for processes in (1, 2):
                seed = args.seed + 1000 * number + 10 * run + processes
                batch = make(random.Random(seed), args.hands)
                per_second, won = rate(ruleset, batch, processes)
                rates[processes].append(per_second)
                winning.append(won)
        one, two = statistics.median(rates[1]), statistics.median(rates[2])
        share = statistics.median(winning) / args.hands
        print(f"| `{name}` | {share:.0%} | {one:,.0f} | {two:,.0f} | {two / one:.2f}x |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
