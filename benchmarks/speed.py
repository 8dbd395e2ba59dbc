"""Time the standard-form solver against the `mahjong` package side by side, in one process, on
hands neither has seen: every timed run draws new seeded hands.

    python benchmarks/speed.py [--hands 5000] [--runs 5] [--seed 7]

Each run draws --hands new hands, a quarter each of complete 14-tile hands, random 14, complete
less one (13) and random 13, and times every case on both libraries, interleaved (the order of
the two alternates from run to run). Three figures per case:

- fresh: the median over the runs of the time per hand on that run's new hands (the target);
- repeat: the last run's hands timed again (every memo warm; shown for comparison only);
- cold: in a new interpreter, the first --cold hands of a case, importing the library and loading
  its tables included.

Also reported: the import time of `mahjong_rules`, the one-off cost of loading the standard
tables, and the resident memory they take. Targets (the ratio is the peer's time over ours, on
fresh hands): win check >= 3x `Agari.is_agari` on complete hands and >= 1x on random hands; all
decompositions >= 8x `HandDivider.divide_hand`; tiles away >= 8x `Shanten.calculate_shanten`
(regular form and thirteen orphans); waits >= 5x a loop of 34 `is_agari` calls. Discard options
(tiles away after each discard, the helpful draws and their unseen copies) are reported per hand.
The script exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _hands import complete_hands, one_short, random_hands, to_peer
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

import mahjong_rules as mr
from mahjong_rules.solver import discard_options, standard

Counts = tuple[int, ...]
SINGAPORE = mr.TileSet.singapore()
STANDARD = mr.solver.Grammar.standard()


def peer_waits(peer: list[int]) -> list[int]:
    found = []
    for index in range(34):
        if peer[index] < 4:
            peer[index] += 1
            if Agari.is_agari(peer):
                found.append(index)
            peer[index] -= 1
    return found


_shanten = Shanten()


class Case(NamedTuple):
    name: str
    ours: Callable[[Counts], object]
    theirs: Callable[[list[int]], object]
    kinds: tuple[str, ...]  # which kinds of hand of a run the case takes
    target: float


CASES = (
    Case("win check, complete 14", standard.is_complete, Agari.is_agari, ("complete",), 3.0),
    Case("win check, random 14", standard.is_complete, Agari.is_agari, ("random14",), 1.0),
    Case(
        "all decompositions, complete 14",
        lambda counts: list(standard.decompositions(counts)),
        HandDivider.divide_hand,
        ("complete",),
        8.0,
    ),
    Case(
        "tiles away, four kinds mixed",
        lambda counts: standard.tiles_away(counts, thirteen_wonders=True),
        lambda peer: _shanten.calculate_shanten(peer, use_chiitoitsu=False),
        ("complete", "random14", "short", "random13"),
        8.0,
    ),
    Case(
        "waits, 13 tiles",
        lambda counts: standard.waits(counts, thirteen_wonders=True),
        peer_waits,
        ("short", "random13"),
        5.0,
    ),
)


def draw_hands(seed: int, number: int) -> dict[str, list[Counts]]:
    """A run's hands: a quarter each of the four kinds."""
    rng = random.Random(seed)
    quarter = max(number // 4, 1)
    complete = complete_hands(rng, quarter)
    return {
        "complete": complete,
        "random14": random_hands(rng, quarter, 14),
        "short": one_short(rng, complete_hands(rng, quarter)),
        "random13": random_hands(rng, quarter, 13),
    }


def per_hand(function: Callable[[Any], object], hands: Sequence[Any]) -> float:
    start = time.perf_counter()
    for hand in hands:
        function(hand)
    return (time.perf_counter() - start) / len(hands) * 1e6


def subprocess_lines(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.split()


def import_ms(runs: int) -> float:
    code = "import time; t = time.perf_counter(); import mahjong_rules; print((time.perf_counter() - t) * 1000)"
    return statistics.median(float(subprocess_lines(code)[0]) for _ in range(runs))


def table_cost() -> tuple[float, float, float]:
    """The one-off costs of loading the standard tables and of building the decompositions'
    splits (ms), and the resident memory both take (MB)."""
    code = (
        "import resource, time, mahjong_rules\n"
        "from mahjong_rules.solver import standard\n"
        "def rss():\n"
        "    with open('/proc/self/statm') as f: return int(f.read().split()[1]) * resource.getpagesize()\n"
        "before = rss(); t = time.perf_counter(); standard._load(); loaded = time.perf_counter()\n"
        "standard._load_splits(); built = time.perf_counter()\n"
        "print((loaded - t) * 1000, (built - loaded) * 1000, (rss() - before) / 1e6)"
    )
    loading, splits, memory = subprocess_lines(code)
    return float(loading), float(splits), float(memory)


def cold_us(case_index: int, seed: int, number: int) -> float:
    """Per hand, the first ``number`` hands of a case in a new interpreter, import included."""
    code = (
        "import sys, time\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
        "t = time.perf_counter()\n"
        "import speed\n"
        f"case = speed.CASES[{case_index}]\n"
        f"hands = speed.draw_hands({seed}, {number * 4})\n"
        "chosen = [hand for kind in case.kinds for hand in hands[kind]][:" + str(number) + "]\n"
        "t = time.perf_counter()\n"
        "import mahjong_rules\n"
        "for hand in chosen: case.ours(hand)\n"
        "print((time.perf_counter() - t) / len(chosen) * 1e6)"
    )
    return float(subprocess_lines(code)[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=5000, help="new hands per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--cold", type=int, default=1000, help="hands timed in a new interpreter")
    args = parser.parse_args()

    fresh: dict[str, list[tuple[float, float]]] = {case.name: [] for case in CASES}
    last: dict[str, list[Counts]] = {}
    for run in range(args.runs):
        hands = draw_hands(args.seed * 1000 + run, args.hands)
        for case in CASES:
            chosen = [hand for kind in case.kinds for hand in hands[kind]]
            peers = [to_peer(hand) for hand in chosen]
            if run % 2:
                theirs, ours = per_hand(case.theirs, peers), per_hand(case.ours, chosen)
            else:
                ours, theirs = per_hand(case.ours, chosen), per_hand(case.theirs, peers)
            fresh[case.name].append((ours, theirs))
            last[case.name] = chosen

    print(f"{args.hands} new hands per run, median of {args.runs} runs (fresh); times per hand in µs")
    print(f"{'case':<34}{'fresh':>8}{'peer':>8}{'ratio':>8}{'target':>8}{'repeat':>8}{'cold':>8}")
    missed = 0
    for index, case in enumerate(CASES):
        ours = statistics.median(pair[0] for pair in fresh[case.name])
        theirs = statistics.median(pair[1] for pair in fresh[case.name])
        repeat = per_hand(case.ours, last[case.name])
        cold = cold_us(index, args.seed, args.cold)
        ratio = theirs / ours
        missed += ratio < case.target
        mark = "" if ratio >= case.target else "  MISSED"
        print(
            f"{case.name:<34}{ours:>8.2f}{theirs:>8.2f}{ratio:>7.1f}x{case.target:>7.1f}x"
            f"{repeat:>8.2f}{cold:>8.1f}{mark}"
        )

    hands = draw_hands(args.seed * 1000 + args.runs, 400)
    discarding = hands["complete"] + hands["random14"]
    start = time.perf_counter()
    for counts in discarding:
        discard_options(STANDARD, counts, size=14, tileset=SINGAPORE, thirteen_wonders=True)
    options_us = (time.perf_counter() - start) / len(discarding) * 1e6
    print(f"{'discard options, 14 tiles':<34}{options_us:>8.0f} µs per hand (each discard, its helpful draws)")

    loading, splits, memory = table_cost()
    print(f"\nimport mahjong_rules: {import_ms(5):.0f} ms (median of 5); tables load on first use")
    print(
        f"once: loading the standard tables {loading:.0f} ms, building the decompositions' splits {splits:.0f} ms;"
        f" resident memory of both: {memory:.1f} MB"
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
