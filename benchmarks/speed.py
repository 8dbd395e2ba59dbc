"""Time the solver against the `mahjong` package side by side, in one process, on the same
seeded hands. Each figure is the median of --runs runs; the ratio is the peer's time over ours.

    python benchmarks/speed.py [--hands 20000] [--runs 5] [--seed 7]

Targets (pure Python, this machine): win check on complete hands >= 3x `Agari.is_agari`, not
slower on random hands; all decompositions >= 8x `HandDivider.divide_hand`; tiles away >= 8x
`Shanten.calculate_shanten` (regular form plus thirteen orphans); waits >= 5x a loop of 34
`is_agari` calls.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _hands import complete_hands, one_short, random_hands, to_peer
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

import mahjong_rules as mr
from mahjong_rules.solver import Grammar, GroupRule, arrangements, grammar_away, has_arrangement, search, standard

TARGETS = {
    "win check, complete hands": 3.0,
    "win check, random hands": 1.0,
    "all decompositions": 8.0,
    "tiles away": 8.0,
    "waits": 5.0,
}


def median_seconds(
    function: Callable[[Any], object], inputs: Sequence[Any], runs: int, before_each_run: Callable[[], None] = list
) -> float:
    times = []
    for _ in range(runs):
        before_each_run()
        start = time.perf_counter()
        for item in inputs:
            function(item)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peer_waits(peer: list[int]) -> list[int]:
    found = []
    for index in range(34):
        if peer[index] < 4:
            peer[index] += 1
            if Agari.is_agari(peer):
                found.append(index)
            peer[index] -= 1
    return found


def first_use_cost() -> str:
    """Import the library and answer one question of each kind in a fresh interpreter."""
    code = (
        "import time; t = time.perf_counter();"
        "from mahjong_rules.solver import standard as s; import mahjong_rules as mr;"
        "h = mr.Hand.parse('123m456m789m234p5s').counts;"
        "s.is_complete(h); s.tiles_away(h); s.waits(h);"
        "print(f'{(time.perf_counter() - t) * 1000:.0f} ms')"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def american_grammar() -> Grammar:
    """Card-Free-like: groups of 2 to 5 identical tiles (jokers from 3), a flower pair, NEWS."""
    numbers = [tile for tile in mr.Tile.all() if tile.is_number or tile.is_dragon or tile.is_wind]
    news = [seat.wind for seat in mr.Seat]
    return Grammar(
        groups=(
            GroupRule.of(numbers, sizes=(2, 3, 4, 5), jokers_from=3),
            GroupRule.of([mr.Tile.FLOWER], sizes=(2,), jokers_from=None),
        ),
        singles=(news,),
        one_group_per_tile=True,
    )


def jokered_rates(rng: random.Random, number: int, runs: int) -> list[str]:
    """Hands per second of the jokered identical-set grammar, by number of jokers."""
    grammar, tileset = american_grammar(), mr.TileSet.american()
    naturals = [tile.index for tile in tileset.tiles if not tile.is_joker for _ in range(tileset.count(tile))]
    lines = [f"{'jokers':<8}{'complete? /s':>14}{'arrangements /s':>17}{'tiles away /s':>15}"]
    for jokers in range(5):
        hands = []
        for _ in range(number):
            counts = [0] * mr.NUM_TILE_KINDS
            for index in rng.sample(naturals, 14 - jokers):
                counts[index] += 1
            counts[mr.Tile.JOKER.index] = jokers
            hands.append(tuple(counts))
        # The whole-hand memo of has_arrangement is emptied before each run: every hand is new to it.
        rates = [
            number / median_seconds(function, hands, runs, search._memo.clear)
            for function in (
                lambda counts: has_arrangement(grammar, counts),
                lambda counts: list(arrangements(grammar, counts)),
                lambda counts: grammar_away(grammar, counts, size=14, tileset=tileset),
            )
        ]
        lines.append(f"{jokers:<8}{rates[0]:>14,.0f}{rates[1]:>17,.0f}{rates[2]:>15,.0f}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    complete = complete_hands(rng, args.hands)
    random14 = random_hands(rng, args.hands, 14)
    mixed = random_hands(rng, args.hands // 2, 13) + random_hands(rng, args.hands // 2, 14)
    short = one_short(rng, complete[: args.hands // 2]) + random_hands(rng, args.hands // 2, 13)
    shanten = Shanten()

    cases: list[tuple[str, Callable[[Any], object], Callable[[Any], object], list[tuple[int, ...]]]] = [
        ("win check, complete hands", standard.is_complete, Agari.is_agari, complete),
        ("win check, random hands", standard.is_complete, Agari.is_agari, random14),
        (
            "all decompositions",
            lambda counts: list(standard.decompositions(counts)),
            HandDivider.divide_hand,
            complete,
        ),
        (
            "tiles away",
            lambda counts: standard.tiles_away(counts, thirteen_wonders=True),
            lambda peer: shanten.calculate_shanten(peer, use_chiitoitsu=False),
            mixed,
        ),
        ("waits", lambda counts: standard.waits(counts, thirteen_wonders=True), peer_waits, short),
    ]
    print(f"{args.hands} hands per case, median of {args.runs} runs; first use: {first_use_cost()}")
    print(f"{'case':<28}{'ours us':>10}{'peer us':>10}{'ratio':>8}{'target':>8}")
    missed = 0
    for name, ours, theirs, hands in cases:
        peer_hands = [to_peer(counts) for counts in hands]
        ours_time = median_seconds(ours, hands, args.runs) / len(hands) * 1e6
        theirs_time = median_seconds(theirs, peer_hands, args.runs) / len(hands) * 1e6
        ratio = theirs_time / ours_time
        target = TARGETS[name]
        missed += ratio < target
        mark = "" if ratio >= target else "  MISSED"
        print(f"{name:<28}{ours_time:>10.2f}{theirs_time:>10.2f}{ratio:>7.1f}x{target:>7.1f}x{mark}")
    print("\njokered identical-set grammar (Card-Free-like), random 14-tile American hands:")
    for line in jokered_rates(rng, max(args.hands // 20, 50), args.runs):
        print(line)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
