"""Time the exact tiles away of jokered identical-set grammars (`grammar_away`) on fresh hands.

    python benchmarks/grammar_speed.py [--hands 300] [--runs 5] [--seed 7]

Every timed run draws its own seeded hands (from the run seed), so no hand is seen twice and a
memo warmed by an earlier run cannot stand in for the code. Each hand is timed on its own; a run
gives the median and 99th percentile per hand, and each figure printed is the median over the
runs. Hands come from the American tile set: half 14 tiles and half 13 (one to draw), a third of
them beside one or two exposed sets of 3 to 5 identical tiles (with jokers at times), with
exactly 0 to 4 concealed jokers. "random" hands are drawn uniformly; "near" hands are a target
of the grammar with one or two tiles exchanged (and one more removed for 13 tiles).

Targets: American (Card-Free-like) grammar median <= 1 ms and p99 <= 10 ms per hand in every
row; Flex-like grammar median <= 0.6 ms (its time before this programme) and p99 <= 10 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

import mahjong_rules as mr
from mahjong_rules.solver import Grammar, Group, GroupRule, grammar_away

JOKER = mr.Tile.JOKER.index
FLOWER = mr.Tile.FLOWER.index
TILESET = mr.TileSet.american()
GROUP_KINDS = tuple(range(34))  # number tiles, dragons, winds
JOKER_COUNTS = range(5)


def american_grammar() -> Grammar:
    """Card-Free-like (as in speed.py): groups of 2 to 5 identical tiles (jokers from 3), a flower
    pair, NEWS, one group per tile."""
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


def flex_like_grammar() -> Grammar:
    """Sizes 2 to 4 of the 34 suit and honour tiles, jokers from 3, no singles, one group per tile."""
    return Grammar(groups=(GroupRule(frozenset(GROUP_KINDS), (2, 3, 4), 3),), one_group_per_tile=True)


GRAMMARS = {"American": american_grammar(), "Flex-like": flex_like_grammar()}
TARGETS = {"American": (1.0, 10.0), "Flex-like": (0.6, 10.0)}  # median, p99 (ms)


class Case(NamedTuple):
    counts: tuple[int, ...]
    size: int
    exposed: tuple[Group, ...]


def _exposures(rng: random.Random, available: list[int]) -> tuple[Group, ...]:
    found: list[Group] = []
    for _ in range(rng.randint(1, 2)):
        tile = rng.choice([kind for kind in GROUP_KINDS if all(group.tiles[:1] != (kind,) for group in found)])
        size = rng.choice((3, 4, 5))
        jokers = rng.randint(1, min(2, size - 1)) if rng.random() < 0.4 else 0
        naturals = size - jokers
        if naturals <= available[tile] and jokers <= available[JOKER]:
            found.append(Group("identical", (tile,) * naturals, jokers))
            available[tile] -= naturals
            available[JOKER] -= jokers
    return tuple(found)


def _naturals(available: list[int], counts: list[int]) -> list[int]:
    """The natural tiles of the set outside the hand, one entry per copy."""
    return [kind for kind in range(mr.NUM_TILE_KINDS) if kind != JOKER for _ in range(available[kind] - counts[kind])]


def _held(counts: list[int]) -> list[int]:
    return [kind for kind in range(mr.NUM_TILE_KINDS) if kind != JOKER and counts[kind]]


def _random_hand(rng: random.Random, available: list[int], tiles: int) -> list[int]:
    counts = [0] * mr.NUM_TILE_KINDS
    for kind in rng.sample(_naturals(available, counts), tiles):
        counts[kind] += 1
    return counts


def _near_hand(rng: random.Random, grammar: Grammar, available: list[int], size: int, tiles: int) -> list[int]:
    """A target of the grammar (copies beyond the set become jokers), one or two tiles
    exchanged, then cut to ``tiles`` tiles."""
    counts = [0] * mr.NUM_TILE_KINDS
    total = 0
    for _ in range(60):
        if total >= size:
            break
        if grammar.singles and rng.random() < 0.08:
            pattern = grammar.singles[0]
            if total + len(pattern) <= size and all(counts[kind] < available[kind] for kind in pattern):
                for kind in pattern:
                    counts[kind] += 1
                total += len(pattern)
            continue
        kind = FLOWER if grammar.rule_for(FLOWER) is not None and rng.random() < 0.1 else rng.choice(GROUP_KINDS)
        rule = grammar.rule_for(kind)
        sizes = [group for group in rule.sizes if total + group <= size] if rule is not None else []
        if not sizes or counts[kind]:
            continue
        group = rng.choice(sizes)
        if group > available[kind] and (rule is None or rule.jokers_from is None or group < rule.jokers_from):
            continue
        counts[kind] += group
        total += group
    for kind in _held(counts):
        over = counts[kind] - available[kind]
        if over > 0:
            counts[kind] -= over
            counts[JOKER] += over
    for _ in range(rng.randint(1, 2)):
        held = _held(counts)
        if held:
            counts[rng.choice(held)] -= 1
            counts[rng.choice(_naturals(available, counts))] += 1
    while sum(counts) > tiles:
        counts[rng.choice(_held(counts))] -= 1
    while sum(counts) < tiles:  # a short target: fill with random tiles
        counts[rng.choice(_naturals(available, counts))] += 1
    return counts


def _set_jokers(rng: random.Random, counts: list[int], available: list[int], jokers: int, stand_in: bool) -> None:
    """Exactly ``jokers`` jokers, the hand's size kept: jokers replace held tiles (of a group of
    three or more when ``stand_in``, as in a near-complete hand) or natural tiles replace jokers."""
    while counts[JOKER] > jokers:
        counts[JOKER] -= 1
        counts[rng.choice(_naturals(available, counts))] += 1
    while counts[JOKER] < jokers:
        held = _held(counts)
        grouped = [kind for kind in held if counts[kind] >= 3] if stand_in else []
        counts[rng.choice(grouped or held)] -= 1
        counts[JOKER] += 1


def fresh_cases(rng: random.Random, grammar: Grammar, near: bool, jokers: int, number: int) -> list[Case]:
    """``number`` new hands: alternately 14 and 13 tiles (one to draw), every third beside
    exposures, each with exactly ``jokers`` jokers (fewer only if the hand or set is too small)."""
    cases = []
    for position in range(number):
        available = list(TILESET.counts)
        exposed = _exposures(rng, available) if position % 3 == 2 else ()
        size = 14 - sum(group.size for group in exposed)
        tiles = size - position % 2
        counts = _near_hand(rng, grammar, available, size, tiles) if near else _random_hand(rng, available, tiles)
        _set_jokers(rng, counts, available, min(jokers, tiles, available[JOKER]), near)
        cases.append(Case(tuple(counts), size, exposed))
    return cases


def per_hand_times(grammar: Grammar, cases: list[Case]) -> list[float]:
    times = []
    clock = time.perf_counter
    for counts, size, exposed in cases:
        start = clock()
        grammar_away(grammar, counts, size=size, tileset=TILESET, exposed=exposed)
        times.append(clock() - start)
    return times


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def cold_first_call() -> str:
    """One American hand in a fresh interpreter (the library imported first, not timed)."""
    code = (
        f"import sys, time; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r});"
        "from grammar_speed import GRAMMARS, TILESET; import mahjong_rules as mr;"
        "from mahjong_rules.solver import grammar_away;"
        "h = mr.Hand.parse('1B 1B 2C 3C 3C 5D E E W N F F J J').counts;"
        "t = time.perf_counter(); grammar_away(GRAMMARS['American'], h, size=14, tileset=TILESET);"
        "print(f'{(time.perf_counter() - t) * 1000:.1f} ms')"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def measure(name: str, near: bool, jokers: int, number: int, runs: int, seed: int) -> tuple[float, float, float]:
    """The median over ``runs`` runs of each run's median and 99th percentile per hand (ms), and
    the median when the last run's hands are timed again (repeat)."""
    grammar = GRAMMARS[name]
    medians, tails = [], []
    cases: list[Case] = []
    for run in range(runs):
        rng = random.Random(f"{seed}/{run}/{name}/{near}/{jokers}")
        cases = fresh_cases(rng, grammar, near, jokers, number)
        times = per_hand_times(grammar, cases)
        medians.append(statistics.median(times) * 1000)
        tails.append(percentile(times, 0.99) * 1000)
    repeat = statistics.median(per_hand_times(grammar, cases)) * 1000
    return statistics.median(medians), statistics.median(tails), repeat


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=300, help="fresh hands per row and run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"{args.hands} fresh hands per row and run, median of {args.runs} runs; cold first call: {cold_first_call()}")
    print(f"{'grammar':<11}{'hands':<8}{'jokers':>7}{'median ms':>11}{'p99 ms':>9}{'repeat ms':>11}{'target':>14}")
    missed = 0
    for name, (median_target, tail_target) in TARGETS.items():
        for near in (False, True):
            for jokers in JOKER_COUNTS:
                median, tail, repeat = measure(name, near, jokers, args.hands, args.runs, args.seed)
                bad = median > median_target or tail > tail_target
                missed += bad
                mark = "  MISSED" if bad else ""
                target = f"{median_target:g} / {tail_target:g}"
                kind = "near" if near else "random"
                print(f"{name:<11}{kind:<8}{jokers:>7}{median:>11.3f}{tail:>9.3f}{repeat:>11.3f}{target:>14}{mark}")
    print("targets met" if not missed else f"{missed} rows MISSED")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
