"""Time the Singapore ruleset on hands it has never seen: every timed run draws new seeded hands
from its own seed, so no memo warmed by an earlier run can stand in for the code.

    python benchmarks/singapore_speed.py [--hands 2000] [--runs 5] [--seed 2026]

Each run draws --hands Singapore Mahjongs (``tests/singapore_hands.random_mahjong``: four sets and
an eye, some declared, with flowers and animals, now and then 13 Wonders or eight flowers), each
with a fitting win context, and --hands random 14-tile hands dealt from the 136 suit and honour
tiles, and reports:

- ``evaluate`` in hands per second on each group (the doubles of every reading, the best kept),
  beside the ``mahjong`` package's ``HandCalculator.estimate_hand_value`` (a Riichi scorer: a
  different game, but the same work of reading four sets and an eye and scoring them) on the same
  winning hands without their bonus tiles and declared sets;
- ``tiles_away`` per hand on the random hands, beside the ``mahjong`` package's shanten (regular
  and 13 Orphans) on the same hands: the ratio is the library's time over the reference's;
- ``waits`` and ``discard_options`` per call;
- the cold start (the first call of the process) and the repeat figure (the last run's hands
  timed again: a memo would show here, not in the fresh figures).

Figures are medians over the runs. Targets: ``evaluate`` of 5,000 winning hands a second or more,
``tiles_away`` within 2x of the reference. The script prints MET or MISSED and exits 1 if one is
missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.shanten import Shanten

import mahjong_rules as mr
from mahjong_rules.rulesets.singapore import SingaporeOptions, SingaporeRuleset
from tests.singapore_hands import random_context, random_mahjong

TARGET_EVALUATE_PER_SECOND = 5_000
TARGET_TILES_AWAY_RATIO = 2.0
SUIT_AND_HONOURS = [tile for tile in mr.TileSet.singapore().tiles if not tile.is_bonus for _ in range(4)]


def _to_34(hand: mr.Hand) -> list[int]:
    """The hand's concealed suit and honour tiles as the ``mahjong`` package's 34 counts (its order
    is man, pin, sou, honours; any fixed order of suits gives the same answers)."""
    counts = [0] * 34
    for tile in hand.concealed:
        if tile.is_bonus:
            continue
        counts[tile.index] += 1
    return counts


def _to_136(counts: list[int]) -> list[int]:
    return [index * 4 + copy for index, count in enumerate(counts) for copy in range(count)]


def seconds_each(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def per_second(calls: Sequence[Callable[[], object]]) -> float:
    started = time.perf_counter()
    for call in calls:
        call()
    return len(calls) / (time.perf_counter() - started)


def reference_away(shanten: Shanten, counts: list[int]) -> int:
    regular = shanten.calculate_shanten_for_regular_hand(counts)
    return int(min(regular, shanten.calculate_shanten_for_kokushi_hand(counts))) + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    singapore = SingaporeRuleset(SingaporeOptions())
    shanten = Shanten()
    calculator = HandCalculator()
    cold = seconds_each(partial(singapore.evaluate, "123C 456C 789C 234D 55B RF1 Cat"))
    print(f"cold start (first evaluate of the process): {cold * 1e3:.1f} ms")

    figures: dict[str, list[float]] = {}
    last: list[Callable[[], object]] = []
    for run in range(args.runs):
        rng = random.Random(args.seed * 1000 + run)  # new hands in every run
        winning = [random_mahjong(rng) for _ in range(args.hands)]
        contexts = [random_context(rng, hand) for hand in winning]
        dealt = [mr.Hand(rng.sample(SUIT_AND_HONOURS, 14)) for _ in range(args.hands)]
        last = [partial(singapore.evaluate, hand, context) for hand, context in zip(winning, contexts, strict=True)]
        figures.setdefault("evaluate winning /s", []).append(per_second(last))
        figures.setdefault("evaluate random /s", []).append(per_second([partial(singapore.evaluate, h) for h in dealt]))
        plain = [_to_136(_to_34(hand)) for hand in winning if not hand.melds]
        plain = [tiles for tiles in plain if len(tiles) == 14]
        figures.setdefault("reference evaluate /s", []).append(
            per_second([partial(calculator.estimate_hand_value, tiles, tiles[-1]) for tiles in plain])
        )
        ours = statistics.fmean(seconds_each(partial(singapore.tiles_away, hand)) for hand in dealt)
        counts = [_to_34(hand) for hand in dealt]
        theirs = statistics.fmean(seconds_each(partial(reference_away, shanten, count)) for count in counts)
        figures.setdefault("tiles_away ms", []).append(ours * 1e3)
        figures.setdefault("reference shanten ms", []).append(theirs * 1e3)
        figures.setdefault("tiles_away ratio", []).append(ours / theirs)
        some = dealt[: args.hands // 10]
        short = [hand.discard(hand.concealed[0]) for hand in some]
        waits = [seconds_each(partial(singapore.waits, hand)) for hand in short]
        figures.setdefault("waits ms", []).append(statistics.median(waits) * 1e3)
        discards = [seconds_each(partial(singapore.discard_options, hand)) for hand in some]
        figures.setdefault("discard_options ms", []).append(statistics.median(discards) * 1e3)

    repeat = per_second(last)
    print(f"\nfresh hands, {args.runs} runs of {args.hands} winning + {args.hands} random (medians over the runs):")
    for name, values in figures.items():
        print(f"  {name:<22} {statistics.median(values):>12.3f}")
    print(f"  {'repeat evaluate winning':<22} {repeat:>12.3f}   (the last run's hands and contexts again)")

    evaluate_rate = statistics.median(figures["evaluate winning /s"])
    ratio = statistics.median(figures["tiles_away ratio"])
    met_rate, met_ratio = evaluate_rate >= TARGET_EVALUATE_PER_SECOND, ratio <= TARGET_TILES_AWAY_RATIO
    print(
        f"\ntarget evaluate >= {TARGET_EVALUATE_PER_SECOND} winning hands/s: {evaluate_rate:.0f} "
        f"{'MET' if met_rate else 'MISSED'}"
    )
    verdict = "MET" if met_ratio else "MISSED"
    print(f"target tiles_away <= {TARGET_TILES_AWAY_RATIO}x the reference: {ratio:.2f}x {verdict}")
    return 0 if met_rate and met_ratio else 1


if __name__ == "__main__":
    sys.exit(main())
