"""``discard_options`` of every ruleset on the hands a bot meets: the hand of the seat to discard,
at every turn of self-play rounds (exposures, jokers, blanks and bonus tiles as play brings them),
for the defaults and with every house rule on, and for Flex with the YEAR and SEQUENCE sets (the
house rules the issue names). Issue 21 asks for a median of at most 1 ms and a 99th percentile of
at most 10 ms a call on fresh hands, in every ruleset.

    python benchmarks/discard_speed.py [--hands 300] [--runs 3] [--seed 2026] [--ruleset NAME ...]

Each run plays new seeded rounds (random legal actions, so that the hands are of every kind:
far, near, exposed) and times each turn's hand once, warm: before the runs, 40 turn hands of
other rounds load the tables each path needs. *cold* is each ruleset's first call in the process,
on a dealt hand, before any round is played (imports done, its tables not loaded). *repeat* times
the last run's hands again, so that a memo standing in for the code would show as a gap between
the two. Times are wall-clock medians over the runs of
each run's median and 99th percentile. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from worst_cases import CONFIGURATIONS as WORST_CASE_CONFIGURATIONS

import mahjong_rules as mr
from mahjong_rules.engine import ActionKind, new_round

TARGET_MEDIAN_MS = 1.0
TARGET_P99_MS = 10.0

# The worst-case benchmark's configurations (the defaults, and every house rule on), labelled.
LABELS = {"flex": "every house rule", "card-free": "skill level 5, minimum"}
CONFIGURATIONS: list[tuple[str, str, dict[str, Any]]] = [
    (name, LABELS[name] if options else "sample card" if name == "nmjl" else "defaults", options)
    for name, options in WORST_CASE_CONFIGURATIONS
]
# The house rules issue 21 names (the YEAR and SEQUENCE singles sets, "up to 0.45 s" then), after
# Flex's other lines.
CONFIGURATIONS.insert(
    max(number for number, (name, _, _) in enumerate(CONFIGURATIONS) if name == "flex") + 1,
    ("flex", "year and sequence", {"year": True, "sequence_quints": True}),
)


def turn_hands(name: str, options: dict[str, Any], count: int, seed: int) -> list[mr.Hand]:
    """``count`` hands of seats about to discard, from random rounds seeded from ``seed``."""
    rng = random.Random(seed)
    found: list[mr.Hand] = []
    round_seed = seed
    while len(found) < count:
        game: Any = new_round(name, seed=round_seed, **options)
        round_seed += 1
        while not game.is_over and len(found) < count:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            if any(action.kind is ActionKind.DISCARD for action in legal) and rng.random() < 0.25:
                found.append(game.hand(seat))
            game = game.apply(legal[rng.randrange(len(legal))])
    return found


def timed(ruleset: Any, hands: list[mr.Hand]) -> list[float]:
    times = []
    for hand in hands:
        started = time.perf_counter()
        ruleset.discard_options(hand)
        times.append(time.perf_counter() - started)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="turn hands per run and ruleset")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ruleset", action="append", help="time only this ruleset (may be repeated)")
    arguments = parser.parse_args()
    configurations = [entry for entry in CONFIGURATIONS if not arguments.ruleset or entry[0] in arguments.ruleset]
    print(
        f"{'ruleset':10} {'options':24} {'median ms':>10} {'p99 ms':>8} {'max ms':>8} {'repeat':>8} {'cold':>8}  target"
    )
    missed = False
    cold = []
    for name, _, options in configurations:
        ruleset = mr.get_ruleset(name, **options)
        tileset = ruleset.tileset
        # 14 tiles dealt at random, bonus tiles left out (Singapore sets them aside).
        wall = [tile for tile in tileset.tiles for _ in range(tileset.count(tile)) if not tile.is_bonus]
        cold.append(timed(ruleset, [mr.Hand(random.Random(arguments.seed).sample(wall, 14))])[0])
    for (name, label, options), first in zip(configurations, cold, strict=True):
        ruleset: Any = mr.get_ruleset(name, **options)
        timed(ruleset, turn_hands(name, options, 40, arguments.seed - 1))
        medians, tails, slowest = [], [], []
        hands: list[mr.Hand] = []
        for run in range(arguments.runs):
            hands = turn_hands(name, options, arguments.hands, arguments.seed + 1000 * run)
            times = timed(ruleset, hands)
            medians.append(statistics.median(times) * 1e3)
            tails.append(percentile(times, 0.99) * 1e3)
            slowest.append(max(times) * 1e3)
        repeat = statistics.median(timed(ruleset, hands)) * 1e3
        median, tail = statistics.median(medians), statistics.median(tails)
        met = median <= TARGET_MEDIAN_MS and tail <= TARGET_P99_MS
        missed |= not met
        print(
            f"{name:10} {label:24} {median:10.2f} {tail:8.2f} {max(slowest):8.1f} {repeat:8.2f} "
            f"{first * 1e3:8.1f}  {'met' if met else 'MISSED'}"
        )
    print(f"targets: median <= {TARGET_MEDIAN_MS} ms and 99th percentile <= {TARGET_P99_MS} ms a call")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
