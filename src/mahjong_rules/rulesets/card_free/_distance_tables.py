"""Hand-independent tables for Card-Free tiles away: the cost of a row of interchangeable blocks.

A *position* is one block of a target whose tile is chosen (a number of the set in its suit, a
wind of a Winds set, a dragon) but whose size the pattern decides. Its cost in the solver's
formula depends only on ``u``, the copies of its tile the hand holds (0 to 4): a Pair misses
``2 - min(u, 2)`` tiles jokers cannot fill, a Pung, Kong or Quint of size ``s`` misses ``s - min(u,
s)`` tiles jokers can fill. Positions are interchangeable, so the positions of one target family
are described by their *histogram*, encoded as ``key = sum(8 ** u)`` over the positions (at most 7
blocks, so every count fits in one octal digit, and keys add).

The other blocks of a target are given as ``rest``: the sizes the pattern must keep for them (the
flower pair 2, the NEWS block 4, every exposed block its size). ``cost_table(rest, quints)[jokers]``
then holds, per histogram (by :data:`HIST_ID`), the fewest exchanges over every pattern holding
``rest`` and every way of sizing the positions with what is left: ``max(P, P + E - jokers)``
(the missing tiles of ``rest`` are added by the caller: they are all in joker-free slots, so they
add to both terms). A Quint needs a joker (4 copies of a tile), so patterns whose positions would
hold more than ``quints`` Quints are left out.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from mahjong_rules.rulesets.card_free.rules import Pattern

__all__ = [
    "DROP_LOWEST",
    "HIST_ID",
    "HIST_SIZE",
    "IMPOSSIBLE",
    "KEY_SPACE",
    "MAX_JOKERS",
    "POW",
    "SUM_HELD",
    "cost_table",
    "prepare",
    "size_multisets",
]

POW = (1, 8, 64, 512, 4096)
"""The key of one position holding ``u`` copies."""
MAX_POSITIONS = 7
MAX_JOKERS = 14
KEY_SPACE = 8**5
IMPOSSIBLE = 255
PATTERNS = tuple(pattern.sizes for pattern in Pattern)

Sizes = tuple[int, ...]
Hist = tuple[int, int, int, int, int]
Front = list[tuple[int, int]]
"""Minimal (P, P + E) pairs: the cost ``max(P, P + E - J)`` grows with both."""


def _histograms() -> list[Hist]:
    found: list[Hist] = []
    for positions in range(MAX_POSITIONS + 1):
        for held in itertools.combinations_with_replacement(range(5), positions):
            found.append((held.count(0), held.count(1), held.count(2), held.count(3), held.count(4)))
    return found


def _key(hist: Hist) -> int:
    return sum(count * weight for count, weight in zip(hist, POW, strict=True))


HISTOGRAMS = tuple(_histograms())
HIST_SIZE = len(HISTOGRAMS)
_NO_ID = HIST_SIZE


def _ids() -> list[int]:
    ids = [_NO_ID] * KEY_SPACE
    for position, hist in enumerate(HISTOGRAMS):
        ids[_key(hist)] = position
    return ids


HIST_ID = _ids()
"""HIST_ID[key]: the histogram's row in every cost table (keys of no histogram point at a last,
impossible entry)."""


def _held_sums() -> list[int]:
    sums = [0] * KEY_SPACE
    for hist in HISTOGRAMS:
        sums[_key(hist)] = sum(u * count for u, count in enumerate(hist))
    return sums


SUM_HELD = _held_sums()
"""SUM_HELD[key]: the copies held over all the positions (a bound: no position keeps more)."""


def _drop_lowest() -> list[int]:
    dropped = [-1] * KEY_SPACE
    for hist in HISTOGRAMS:
        for u, count in enumerate(hist):
            if count:
                dropped[_key(hist)] = _key(hist) - POW[u]
                break
    return dropped


DROP_LOWEST = _drop_lowest()
"""DROP_LOWEST[key]: the key without one of its positions of the fewest copies (an exposed block of
jokers stands best where the hand holds least); -1 for the empty key."""


def _add(front: Front, point: tuple[int, int]) -> None:
    pairs, total = point
    for kept_pairs, kept_total in front:
        if kept_pairs <= pairs and kept_total <= total:
            return
    front[:] = [kept for kept in front if not (pairs <= kept[0] and total <= kept[1])]
    front.append(point)


def _option(held: int, size: int) -> tuple[int, int]:
    """(P, P + E) of one position of ``size`` holding ``held`` copies."""
    if size == 2:
        missing = 2 - min(held, 2)
        return missing, missing
    return 0, size - min(held, size)


@functools.cache
def _front(sizes: Sizes, hist: Hist) -> tuple[tuple[int, int], ...]:
    """The minimal (P, P + E) over every way of giving the positions of ``hist`` the ``sizes``."""
    if not sizes:
        return ((0, 0),)
    held = max(u for u, count in enumerate(hist) if count)
    rest = list(hist)
    rest[held] -= 1
    smaller: Hist = (rest[0], rest[1], rest[2], rest[3], rest[4])
    front: Front = []
    for size in sorted(set(sizes)):
        others = list(sizes)
        others.remove(size)
        pairs, total = _option(held, size)
        for more_pairs, more_total in _front(tuple(others), smaller):
            _add(front, (pairs + more_pairs, total + more_total))
    return tuple(sorted(front))


def _without(pattern: Sizes, rest: Sizes) -> Sizes | None:
    left = Counter(pattern)
    left.subtract(Counter(rest))
    if min(left.values(), default=0) < 0:
        return None
    return tuple(sorted(left.elements()))


@functools.cache
def size_multisets(rest: Sizes, quints: int) -> tuple[Sizes, ...]:
    """The sizes the positions may take: every pattern less ``rest``, with at most ``quints``
    Quints."""
    found = set()
    for pattern in PATTERNS:
        sizes = _without(pattern, rest)
        if sizes is not None and sizes.count(5) <= quints:
            found.add(sizes)
    return tuple(sorted(found))


@functools.cache
def cost_table(rest: Sizes, quints: int) -> tuple[bytes, ...]:
    """``cost_table(rest, quints)[jokers][HIST_ID[key]]``: see the module's description.
    ``rest`` is sorted; ``quints`` is capped at 2 by the caller. Each table is built on first use
    (a few milliseconds; 15 x 793 bytes)."""
    by_count: dict[int, list[Sizes]] = {}
    for sizes in size_multisets(rest, quints):
        by_count.setdefault(len(sizes), []).append(sizes)
    tables = [bytearray([IMPOSSIBLE]) * (HIST_SIZE + 1) for _ in range(MAX_JOKERS + 1)]
    for position, hist in enumerate(HISTOGRAMS):
        choices = by_count.get(sum(hist))
        if not choices:
            continue
        points = {point for sizes in choices for point in _front(sizes, hist)}
        for jokers in range(MAX_JOKERS + 1):
            tables[jokers][position] = min(max(pairs, total - jokers) for pairs, total in points)
    return tuple(bytes(table) for table in tables)


@functools.cache
def prepare() -> None:
    """Build every table a hand can need (about 0.2 s, 1.8 MB), once per process, so that no hand
    pays for one later."""
    for pattern in PATTERNS:
        for count in range(len(pattern) + 1):
            for rest in itertools.combinations(pattern, count):
                for quints in range(3):
                    cost_table(rest, quints)
