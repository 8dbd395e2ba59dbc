"""Time ranking every line of a card for one hand, on hands the program has never seen: every timed
run draws new seeded hands from its own seed, so no memo warmed by an earlier run can stand in for
the code.

    python benchmarks/nmjl_speed.py [--hands 2000] [--runs 5] [--seed 2026] [--reference-hands 200]

Each run draws --hands 14-tile hands with jokers near the lines of the invented full-size sample
card (``tests/nmjl_hands.nmjl_mahjong``: a concrete hand of a random line, some jokers standing in,
then 0 to 4 tiles changed at random and a joker or two added), concealed, and --hands with one or
two exposed groups of 3 or more. It times ``NmjlRuleset.closest_lines`` (every line ranked by exact
tiles away) and ``tiles_away`` per hand, and prints the median and 99th percentile per group, each
the median over the runs. Beside them, in the same runs, the reference: the solver's
``target_away`` over every concrete hand of the card, one at a time (exact, slow). It also shows
how the figure grows with the card's size (the tutorial card, the sample card, and the sample card
repeated 2 and 4 times), ``evaluate`` hands per second, ``waits`` and ``discard_options`` per call,
the cold start (a new card compiled, then its first hand) and the repeat figure (the last run's
hands timed again: the ranking keeps no memo of hands, so it should match fresh).

Targets (issue 12), concealed hands: median <= 0.1 ms; with exposures: median <= 1 ms. The script
prints MET or MISSED for each and exits 1 if one is missed.
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

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset
from mahjong_rules.solver import Group, target_away
from tests.nmjl_hands import nmjl_mahjong

TARGET_CONCEALED_MS = 0.1
TARGET_EXPOSED_MS = 1.0


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(int(fraction * len(ordered)), len(ordered) - 1)]


def time_each(call: Callable[[mr.Hand], object], hands: Sequence[mr.Hand]) -> list[float]:
    times = []
    for hand in hands:
        started = time.perf_counter()
        with contextlib.suppress(mr.UnreachableError):
            call(hand)
        times.append(time.perf_counter() - started)
    return times


def near_hand(rng: random.Random, card: mr.Card, exposed: bool) -> mr.Hand:
    """A 14-tile hand near a line: a completed line, 0 to 4 concealed tiles changed, jokers added;
    with ``exposed``, one or two exposed groups kept (the generator exposes some itself)."""
    tileset = mr.TileSet.american()
    while True:
        hand = nmjl_mahjong(rng, card)
        if exposed != bool(hand.exposed):
            continue
        concealed = list(hand.concealed)
        for _ in range(rng.randint(0, 4)):
            concealed[rng.randrange(len(concealed))] = mr.Tile.from_index(rng.randrange(35))
        for _ in range(rng.randint(0, 2)):
            concealed[rng.randrange(len(concealed))] = mr.Tile.JOKER
        candidate = mr.Hand(concealed, hand.melds)
        if not tileset.problems(candidate):
            return candidate


def hands_for(seed: int, count: int, card: mr.Card, exposed: bool) -> list[mr.Hand]:
    rng = random.Random(seed)
    return [near_hand(rng, card, exposed) for _ in range(count)]


def reference_rank(ruleset: NmjlRuleset) -> Callable[[mr.Hand], object]:
    """Every line's tiles away through the solver's ``target_away``, one concrete hand at a time."""

    def rank(hand: mr.Hand) -> list[int | None]:
        counts = hand.concealed_counts
        exposed = [
            Group("identical", tuple(tile.index for tile in meld.naturals), meld.joker_count) for meld in hand.exposed
        ]
        found: list[int | None] = []
        for line in ruleset.card.lines:
            if line.concealed and exposed:
                found.append(None)
                continue
            aways = [target_away(counts, variant, exposed) for variant in line.variants]
            known = [away for away in aways if away is not None]
            found.append(min(known) if known else None)
        return found

    return rank


def repeated_card(times: int) -> mr.Card:
    """The sample card with its sections repeated (renamed), for the growth table."""
    sample = mr.sample_card()
    sections = tuple(
        attrs.evolve(section, name=f"{section.name} ({copy + 1})")
        for copy in range(times)
        for section in sample.sections
    )
    return mr.Card(f"sample x{times}", sections)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--reference-hands", type=int, default=200)
    args = parser.parse_args()

    started = time.perf_counter()
    ruleset = mr.get_ruleset("nmjl")
    assert isinstance(ruleset, NmjlRuleset)
    card = ruleset.card
    first = hands_for(args.seed - 1, 1, card, exposed=False)[0]
    ruleset.closest_lines(first)
    cold = time.perf_counter() - started
    reference = reference_rank(ruleset)

    medians: dict[str, list[float]] = {}
    p99s: dict[str, list[float]] = {}
    last: dict[str, list[mr.Hand]] = {}
    for run in range(args.runs):
        seed = args.seed + 1000 * run
        for exposed in (False, True):
            group = "exposed" if exposed else "concealed"
            hands = hands_for(seed + exposed, args.hands, card, exposed)
            last[group] = hands
            for name, call in (("closest_lines", ruleset.closest_lines), ("tiles_away", ruleset.tiles_away)):
                times = time_each(call, hands)
                medians.setdefault(f"{group} {name}", []).append(statistics.median(times))
                p99s.setdefault(f"{group} {name}", []).append(percentile(times, 0.99))
            times = time_each(reference, hands[: args.reference_hands])
            medians.setdefault(f"{group} reference", []).append(statistics.median(times))
            p99s.setdefault(f"{group} reference", []).append(percentile(times, 0.99))

    variants = sum(len(line.variants) for line in card.lines)
    print(f"card: {card.name!r}, {len(card.lines)} lines, {variants} concrete hands")
    print(f"fresh hands: {args.hands} per group per run, {args.runs} runs (medians over runs)")
    print(f"{'':<28}{'median ms':>10}{'p99 ms':>10}{'vs reference':>14}")
    for key in medians:
        median = statistics.median(medians[key])
        group = key.split()[0]
        ratio = statistics.median(medians[f"{group} reference"]) / median
        print(f"{key:<28}{median * 1e3:>10.3f}{statistics.median(p99s[key]) * 1e3:>10.3f}{ratio:>13.0f}x")

    repeat = {group: statistics.median(time_each(ruleset.closest_lines, hands)) for group, hands in last.items()}
    for group, value in repeat.items():
        print(f"repeat {group} closest_lines (last run's hands again): {value * 1e3:.3f} ms")
    print(f"cold: get_ruleset('nmjl') (card read and compiled) and the first ranking: {cold * 1e3:.0f} ms")

    print("\ngrowth with the card's size (concealed hands, closest_lines median ms):")
    for name, grown in (
        ("tutorial", mr.sample_card("tutorial")),
        ("sample", card),
        ("sample x2", repeated_card(2)),
        ("sample x4", repeated_card(4)),
    ):
        started = time.perf_counter()
        bigger = mr.get_ruleset("nmjl", card=grown)
        assert isinstance(bigger, NmjlRuleset)
        compile_ms = (time.perf_counter() - started) * 1e3
        hands = hands_for(args.seed + 77, args.hands // 2, card, exposed=False)
        value = statistics.median(time_each(bigger.closest_lines, hands))
        size = sum(len(line.variants) for line in grown.lines)
        compiled_text = "compiled earlier" if name == "sample" else f"compiled in {compile_ms:.0f} ms"
        lines = f"{len(grown.lines):>4} lines {size:>6} concrete hands"
        print(f"  {name:<10} {lines}: {value * 1e3:.3f} ms ({compiled_text})")

    rng = random.Random(args.seed + 5)
    winning = [nmjl_mahjong(rng) for _ in range(args.hands // 2)]
    started = time.perf_counter()
    for hand in winning:
        ruleset.evaluate(hand)
    rate = len(winning) / (time.perf_counter() - started)
    thirteen = [hand.discard(hand.concealed[0]) for hand in winning[:300] if hand.concealed]
    waits = statistics.median(time_each(ruleset.waits, thirteen))
    discards = statistics.median(time_each(ruleset.discard_options, last["concealed"][:300]))
    print(f"\nevaluate: {rate:,.0f} winning hands a second")
    print(f"waits: {waits * 1e3:.3f} ms per 13-tile hand; discard_options: {discards * 1e3:.2f} ms per 14-tile hand")

    missed = False
    for key, target in (("concealed closest_lines", TARGET_CONCEALED_MS), ("exposed closest_lines", TARGET_EXPOSED_MS)):
        value = statistics.median(medians[key]) * 1e3
        verdict = "MET" if value <= target else "MISSED"
        missed |= verdict == "MISSED"
        print(f"target {key}: median {value:.3f} ms <= {target} ms: {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
