"""Hand-independent tables for Flex tiles away: the cost of a row of interchangeable positions.

A *position* is one set of 2 to 4 identical tiles whose kind is already chosen (a number of the
sequence in its best suit, or a wind), described only by ``u``, the copies of that kind the hand
holds (0 to 4). Its cost in the solver's formula depends only on ``u`` and its size: a pair misses
``2 - min(u, 2)`` tiles jokers cannot fill, a triple ``3 - min(u, 3)`` and a quad ``4 - u`` tiles
jokers can fill. Positions are interchangeable, so a row of them is described by its *histogram*,
how many positions hold each ``u``, encoded as ``key = sum(8 ** u)`` over the positions (at most 7
positions, so every count fits in one base-8 digit). Keys add: the key of a window of a sequence is
a difference of prefix sums.

``cost_table(jokers, tiles)[key]`` is the fewest exchanges for the positions of ``key`` to hold
``tiles`` tiles in all, with ``jokers`` jokers in the hand (``IMPOSSIBLE`` when they cannot):
the minimum over every choice of sizes of ``max(P, P + E - jokers)``, with ``P`` the tiles missing
from pairs and ``E`` from triples and quads.
"""

from __future__ import annotations

import functools
import itertools

__all__ = ["IMPOSSIBLE", "MAX_JOKERS", "MAX_POSITIONS", "POW", "cost_tables", "drop_lowest"]

POW = (1, 8, 64, 512, 4096)
"""The key of one position holding ``u`` copies."""
MAX_POSITIONS = 7
MAX_TILES = 14
MAX_JOKERS = 8
KEY_SPACE = 8**5
IMPOSSIBLE = 255

Front = list[tuple[int, int]]
"""Minimal (P, P + E) pairs: the cost ``max(P, P + E - J)`` grows with both."""


def _add(front: Front, point: tuple[int, int]) -> None:
    pairs, total = point
    for kept_pairs, kept_total in front:
        if kept_pairs <= pairs and kept_total <= total:
            return
    front[:] = [kept for kept in front if not (pairs <= kept[0] and total <= kept[1])]
    front.append(point)


def _class_options(held: int, count: int) -> dict[int, Front]:
    """Tiles -> front for ``count`` positions that each hold ``held`` copies."""
    pair, triple, quad = max(2 - held, 0), max(3 - held, 0), max(4 - held, 0)
    options: dict[int, Front] = {}
    for pairs in range(count + 1):
        for triples in range(count - pairs + 1):
            quads = count - pairs - triples
            tiles = 2 * pairs + 3 * triples + 4 * quads
            missing_pairs = pairs * pair
            _add(options.setdefault(tiles, []), (missing_pairs, missing_pairs + triples * triple + quads * quad))
    return options


def _histograms() -> list[tuple[int, ...]]:
    found = []
    for counts in itertools.product(range(MAX_POSITIONS + 1), repeat=5):
        if sum(counts) <= MAX_POSITIONS:
            found.append(counts)
    return found


def _fronts(counts: tuple[int, ...]) -> dict[int, Front]:
    fronts: dict[int, Front] = {0: [(0, 0)]}
    for held, count in enumerate(counts):
        if not count:
            continue
        combined: dict[int, Front] = {}
        for tiles, front in fronts.items():
            for more_tiles, more in _class_options(held, count).items():
                target = combined.setdefault(tiles + more_tiles, [])
                for pairs, total in front:
                    for more_pairs, more_total in more:
                        _add(target, (pairs + more_pairs, total + more_total))
        fronts = combined
    return fronts


@functools.cache
def cost_tables() -> tuple[tuple[bytes, ...], ...]:
    """``cost_tables()[jokers][tiles][key]``: see the module's description. Built once per process
    (about a tenth of a second), 4.4 MB."""
    tables = [[bytearray([IMPOSSIBLE]) * KEY_SPACE for _ in range(MAX_TILES + 1)] for _ in range(MAX_JOKERS + 1)]
    for counts in _histograms():
        key = sum(count * weight for count, weight in zip(counts, POW, strict=True))
        for tiles, front in _fronts(counts).items():
            if tiles > MAX_TILES:
                continue
            for jokers in range(MAX_JOKERS + 1):
                tables[jokers][tiles][key] = min(max(pairs, total - jokers) for pairs, total in front)
    return tuple(tuple(bytes(table) for table in by_tiles) for by_tiles in tables)


@functools.cache
def drop_lowest() -> tuple[int, ...]:
    """``drop_lowest()[key]``: the key without one of its positions of the fewest copies (an
    exposed all-joker set stands best where the hand holds least); -1 for the empty key."""
    dropped = [-1] * KEY_SPACE
    for counts in _histograms():
        key = sum(count * weight for count, weight in zip(counts, POW, strict=True))
        for held, count in enumerate(counts):
            if count:
                dropped[key] = key - POW[held]
                break
    return tuple(dropped)
