"""Time the Flex ruleset's analysis on hands it has never seen: every timed run draws new seeded
hands from its own seed, so no memo warmed by an earlier run can stand in for the code.

    python benchmarks/flex_speed.py [--hands 2000] [--runs 5] [--seed 2026] [--analysis-hands 100]

Each run draws --hands random 13- or 14-tile hands from the whole Flex tile set (jokers and
flowers included) and --hands near-winning ones (``tests/flex_reference.random_case``: valid hands
and valid hands with one or two tiles changed, some with exposed sets, half of them less one tile),
and times ``FlexRuleset.tiles_away`` on each, for the default options and with every Flextra house
rule on. Per group (random, near-winning, both) it prints the median and the 99th percentile of the
time per hand, each the median over the runs. Also: tiles away on random 14-tile hands holding 0 to
8 jokers, ``waits`` per call on 13-tile hands and ``discard_options`` per call on 14-tile hands
(--analysis-hands of each per run, half random and half near-winning), the cold start (the
first call of the process, which builds the tables), and the repeat figure (the last run's hands
timed again, for comparison: the distance keeps no memo of hands, so it should match fresh).

Targets, default options, both groups together: median <= 0.3 ms and 99th percentile <= 3 ms per
hand. The script prints MET or MISSED for each and exits 1 if one is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset
from tests.flex_reference import flex_wall, random_case

TARGET_MEDIAN_MS = 0.3
TARGET_P99_MS = 3.0
FLEXTRA = FlexOptions(
    news=True,
    year=True,
    year_digits=2026,
    sequence_quints=True,
    like_numbers=True,
    double_sequence=True,
    opposite_winds=True,
)
WALL = flex_wall()


def random_hand(rng: random.Random, size: int | None = None) -> mr.Hand:
    return mr.Hand(rng.sample(WALL, size or rng.choice([13, 14])))


def near_hand(rng: random.Random, size: int | None = None) -> mr.Hand:
    """A valid hand, or one with a tile or two changed, maybe with exposed sets; of ``size`` tiles
    (13 or 14), or either."""
    while True:
        case = random_case(rng)
        if not case.origin.startswith(("valid", "mutated")) or len(case.hand) != 14 or not case.hand.concealed:
            continue
        hand = case.hand
        if size == 13 or (size is None and rng.random() < 0.5):
            tiles = list(hand.concealed)
            tiles.pop(rng.randrange(len(tiles)))
            hand = mr.Hand(tiles, hand.melds)
        return hand


def jokered_hand(rng: random.Random, jokers: int) -> mr.Hand:
    others = [tile for tile in WALL if not tile.is_joker]
    return mr.Hand([mr.Tile.JOKER] * jokers + rng.sample(others, 14 - jokers))


def time_each(call: Callable[[mr.Hand], object], hands: Sequence[mr.Hand]) -> list[float]:
    """Seconds per call, one figure per hand."""
    times = []
    for hand in hands:
        started = time.perf_counter()
        with contextlib.suppress(mr.UnreachableError):
            call(hand)
        times.append(time.perf_counter() - started)
    return times


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(fraction * len(ordered)), len(ordered) - 1)]


def summary(runs: Sequence[Sequence[float]]) -> tuple[float, float]:
    """(median, 99th percentile) per call in ms, each the median over the runs."""
    medians = [statistics.median(times) * 1e3 for times in runs]
    tails = [percentile(times, 0.99) * 1e3 for times in runs]
    return statistics.median(medians), statistics.median(tails)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=2_000, help="random and near-winning hands per run, each")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--analysis-hands", type=int, default=100, help="hands per run for waits and discards")
    args = parser.parse_args()

    rulesets = {"default": FlexRuleset(FlexOptions()), "all Flextra": FlexRuleset(FLEXTRA)}
    started = time.perf_counter()
    rulesets["default"].tiles_away(mr.Hand.parse("333C 44B 555C 666C 77C"))
    print(f"cold start (first tiles_away of the process, tables built): {(time.perf_counter() - started) * 1e3:.0f} ms")

    timings: dict[tuple[str, str], list[list[float]]] = {}
    by_jokers: dict[int, list[list[float]]] = {jokers: [] for jokers in range(9)}
    waits_runs: list[list[float]] = []
    discard_runs: list[list[float]] = []
    for run in range(args.runs):
        rng = random.Random(args.seed * 1000 + run)  # new hands in every run
        groups = {
            "random": [random_hand(rng) for _ in range(args.hands)],
            "near-winning": [near_hand(rng) for _ in range(args.hands)],
        }
        for label, ruleset in rulesets.items():
            for group, hands in groups.items():
                timings.setdefault((label, group), []).append(time_each(ruleset.tiles_away, hands))
            timings.setdefault((label, "both"), []).append(
                timings[(label, "random")][-1] + timings[(label, "near-winning")][-1]
            )
        flex = rulesets["default"]
        for jokers in range(9):
            hands = [jokered_hand(rng, jokers) for _ in range(args.hands // 5)]
            by_jokers[jokers].append(time_each(flex.tiles_away, hands))
        half = args.analysis_hands // 2
        thirteen = [random_hand(rng, 13) for _ in range(half)] + [near_hand(rng, 13) for _ in range(half)]
        waits_runs.append(time_each(flex.waits, thirteen))
        fourteen = [random_hand(rng, 14) for _ in range(half)] + [near_hand(rng, 14) for _ in range(half)]
        discard_runs.append(time_each(flex.discard_options, fourteen))

    print(f"\ntiles_away per hand, fresh hands, {args.runs} runs of {args.hands} random + {args.hands} near-winning:")
    print(f"{'options':<12} {'hands':<13} {'median ms':>10} {'p99 ms':>10}")
    for (label, group), runs in timings.items():
        median, p99 = summary(runs)
        print(f"{label:<12} {group:<13} {median:>10.3f} {p99:>10.3f}")

    print("\ntiles_away per hand by jokers held (random 14-tile hands, default options):")
    print(f"{'jokers':<8} {'median ms':>10} {'p99 ms':>10}")
    for jokers, runs in by_jokers.items():
        median, p99 = summary(runs)
        print(f"{jokers:<8} {median:>10.3f} {p99:>10.3f}")

    print("\nper call, default options:")
    for name, runs in (("waits, 13 tiles", waits_runs), ("discard_options, 14 tiles", discard_runs)):
        median, p99 = summary(runs)
        print(f"{name:<27} median {median:.3f} ms, p99 {p99:.3f} ms")

    last = groups["random"] + groups["near-winning"]
    repeat_median, repeat_p99 = summary([time_each(rulesets["default"].tiles_away, last)])
    print(f"\nrepeat (the last run's hands again, default): median {repeat_median:.3f} ms, p99 {repeat_p99:.3f} ms")

    median, p99 = summary(timings[("default", "both")])
    met_median, met_p99 = median <= TARGET_MEDIAN_MS, p99 <= TARGET_P99_MS
    print(f"\ntarget median <= {TARGET_MEDIAN_MS} ms: {median:.3f} ms {'MET' if met_median else 'MISSED'}")
    print(f"target p99 <= {TARGET_P99_MS} ms: {p99:.3f} ms {'MET' if met_p99 else 'MISSED'}")
    return 0 if met_median and met_p99 else 1


if __name__ == "__main__":
    sys.exit(main())
