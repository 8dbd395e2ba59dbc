"""Time the Card-Free ruleset's analysis on hands it has never seen: every timed run draws new
seeded hands from its own seed, so no memo warmed by an earlier run can stand in for the code.

    python benchmarks/card_free_speed.py [--hands 2000] [--runs 5] [--seed 2026] [--analysis-hands 60]

Each run draws --hands random 13- or 14-tile hands from the whole Card-Free tile set (jokers and
flowers included, a third of them with one or two exposed blocks of 3 to 5 tiles, some of jokers
only) and --hands near-winning ones (``tests/test_card_free_analysis.near_hand``: a valid hand
realised with some jokers, maybe with exposed blocks, with 0 to 3 concealed tiles changed, half of
them less one tile), and times ``CardFreeRuleset.tiles_away`` on each, with the default options and
with ``reduced_tiles=True``. Per group (random, near-winning, both) it prints the median and the
99th percentile of the time per hand, each the median over the runs. Also: tiles away by jokers
held (0 to 8; random 14-tile hands and near-winning hands), ``waits`` per call on 13-tile hands and
``discard_options`` per call on 14-tile hands (--analysis-hands of each per run, half random and
half near-winning), ``evaluate`` hands per second beside Flex's on random and on winning hands, the
cold start (the first call of the process, which builds the tables) and the repeat figure (the last
run's hands timed again: the distance keeps no memo of hands, so it should match fresh).

Targets, default options, both groups together: median <= 1 ms and 99th percentile <= 10 ms per
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
from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset
from tests.flex_reference import flex_wall, random_case
from tests.test_card_free_analysis import near_hand, random_hand, wall

TARGET_MEDIAN_MS = 1.0
TARGET_P99_MS = 10.0
DEFAULT = CardFreeOptions()
REDUCED = CardFreeOptions(reduced_tiles=True)


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


def jokered_random(rng: random.Random, jokers: int) -> mr.Hand:
    others = [tile for tile in wall(DEFAULT) if not tile.is_joker]
    return mr.Hand([mr.Tile.JOKER] * jokers + rng.sample(others, 14 - jokers))


def jokered_near(rng: random.Random, jokers: int) -> mr.Hand | None:
    """A near-winning 14-tile hand holding exactly ``jokers`` concealed jokers (None after many
    tries)."""
    for _ in range(400):
        hand = near_hand(rng, size=14, jokers=rng.uniform(0.0, 0.9), exposures=0.2)
        if hand.concealed_counts[mr.Tile.JOKER.index] == jokers:
            return hand
    return None


def rate(call: Callable[[mr.Hand], object], hands: Sequence[mr.Hand]) -> float:
    """Hands per second."""
    started = time.perf_counter()
    for hand in hands:
        call(hand)
    return len(hands) / (time.perf_counter() - started)


def flex_winning(rng: random.Random, flex: mr.Ruleset, count: int) -> list[mr.Hand]:
    hands: list[mr.Hand] = []
    while len(hands) < count:
        case = random_case(rng)
        if case.origin.startswith("valid") and flex.evaluate(case.hand).is_winning:
            hands.append(case.hand)
    return hands


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=2_000, help="random and near-winning hands per run, each")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--analysis-hands", type=int, default=60, help="hands per run for waits and discards")
    args = parser.parse_args()

    rulesets = {"default": CardFreeRuleset(DEFAULT), "reduced": CardFreeRuleset(REDUCED)}
    card_free = rulesets["default"]
    started = time.perf_counter()
    card_free.tiles_away(mr.Hand.parse("777B 888B 9999B RD RD RD"))
    print(f"cold start (first tiles_away of the process, tables built): {(time.perf_counter() - started) * 1e3:.0f} ms")

    timings: dict[tuple[str, str], list[list[float]]] = {}
    by_jokers: dict[tuple[str, int], list[list[float]]] = {}
    waits_runs: list[list[float]] = []
    discard_runs: list[list[float]] = []
    for run in range(args.runs):
        rng = random.Random(args.seed * 1000 + run)  # new hands in every run
        for label, ruleset in rulesets.items():
            options = ruleset.options
            groups = {
                "random": [random_hand(rng, options) for _ in range(args.hands)],
                "near-winning": [near_hand(rng, options) for _ in range(args.hands)],
            }
            for group, hands in groups.items():
                timings.setdefault((label, group), []).append(time_each(ruleset.tiles_away, hands))
            timings.setdefault((label, "both"), []).append(
                timings[(label, "random")][-1] + timings[(label, "near-winning")][-1]
            )
            if label == "default":
                last = groups["random"] + groups["near-winning"]
        for jokers in range(9):
            hands = [jokered_random(rng, jokers) for _ in range(args.hands // 10)]
            by_jokers.setdefault(("random", jokers), []).append(time_each(card_free.tiles_away, hands))
            near = [jokered_near(rng, jokers) for _ in range(args.hands // 20)]
            found = [hand for hand in near if hand is not None]
            if found:
                by_jokers.setdefault(("near-winning", jokers), []).append(time_each(card_free.tiles_away, found))
        half = args.analysis_hands // 2
        thirteen = [random_hand(rng, size=13) for _ in range(half)] + [near_hand(rng, size=13) for _ in range(half)]
        waits_runs.append(time_each(card_free.waits, thirteen))
        fourteen = [random_hand(rng, size=14) for _ in range(half)] + [near_hand(rng, size=14) for _ in range(half)]
        discard_runs.append(time_each(card_free.discard_options, fourteen))

    print(f"\ntiles_away per hand, fresh hands, {args.runs} runs of {args.hands} random + {args.hands} near-winning:")
    print(f"{'options':<9} {'hands':<13} {'median ms':>10} {'p99 ms':>10}")
    for (label, group), runs in timings.items():
        median, p99 = summary(runs)
        print(f"{label:<9} {group:<13} {median:>10.3f} {p99:>10.3f}")

    print("\ntiles_away per hand by jokers held (14-tile hands, default options):")
    print(f"{'jokers':<8} {'random median':>14} {'p99':>8} {'near median':>12} {'p99':>8}")
    for jokers in range(9):
        random_median, random_p99 = summary(by_jokers[("random", jokers)])
        near_runs = by_jokers.get(("near-winning", jokers))
        near = "{:>12.3f} {:>8.3f}".format(*summary(near_runs)) if near_runs else f"{'-':>12} {'-':>8}"
        print(f"{jokers:<8} {random_median:>14.3f} {random_p99:>8.3f} {near}")

    print("\nper call, default options:")
    for name, runs in (("waits, 13 tiles", waits_runs), ("discard_options, 14 tiles", discard_runs)):
        median, p99 = summary(runs)
        print(f"{name:<27} median {median:.3f} ms, p99 {p99:.3f} ms")

    rng = random.Random(args.seed * 1000 + 999)
    flex = mr.get_ruleset("flex")
    flex_walls = flex_wall()
    count = max(args.hands // 4, 50)
    samples = {
        ("card-free", "random"): [random_hand(rng, size=14) for _ in range(count)],
        ("card-free", "winning"): [near_hand(rng, size=14, changes=(0,)) for _ in range(count)],
        ("flex", "random"): [mr.Hand(rng.sample(flex_walls, 14)) for _ in range(count)],
        ("flex", "winning"): flex_winning(rng, flex, count),
    }
    evaluators: dict[str, Callable[[mr.Hand], object]] = {"card-free": card_free.evaluate, "flex": flex.evaluate}
    print("\nevaluate, hands per second (fresh hands):")
    for (name, group), hands in samples.items():
        print(f"{name:<10} {group:<8} {rate(evaluators[name], hands):>10.0f}")

    repeat_median, repeat_p99 = summary([time_each(card_free.tiles_away, last)])
    print(f"\nrepeat (the last run's hands again, default): median {repeat_median:.3f} ms, p99 {repeat_p99:.3f} ms")

    median, p99 = summary(timings[("default", "both")])
    met_median, met_p99 = median <= TARGET_MEDIAN_MS, p99 <= TARGET_P99_MS
    print(f"\ntarget median <= {TARGET_MEDIAN_MS} ms: {median:.3f} ms {'MET' if met_median else 'MISSED'}")
    print(f"target p99 <= {TARGET_P99_MS} ms: {p99:.3f} ms {'MET' if met_p99 else 'MISSED'}")
    return 0 if met_median and met_p99 else 1


if __name__ == "__main__":
    sys.exit(main())
