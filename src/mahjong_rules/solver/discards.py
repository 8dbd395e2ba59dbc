"""Discard options from the *leaves* of a distance search, one search for all discards and draws.

A ruleset's exact tiles away is the least cost over *leaves*: a leaf is one shape of target (a
window of numbers in chosen suits with its set sizes left to a table, a winds hand, ...) whose
cost reads the counts of a few tile kinds. For a 14-tile hand ``H`` at distance ``a``:

- removing a tile never lowers a leaf, and adding one lowers it by at most one;
- so a discard ``d`` leaves ``H - d`` at ``a`` or ``a + 1``, and a draw ``t`` helps it exactly when
  some leaf costs ``a_d`` on ``H - d`` and ``a_d - 1`` on ``H - d + t``;
- every such leaf costs at most ``a + 1`` on ``H`` itself.

The search lists the leaves costing at most ``a + 1`` on ``H`` once (:class:`Leaf`), and each
discard and draw is then a change of one or two counts in the few leaves that read them, instead of
one search per discard and draw (about 500 for a 14-tile hand).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

__all__ = ["Leaf", "ScratchLeaf", "bits", "discard_options", "mask_of"]


class Leaf(Protocol):
    """One shape of target: its cost reads only the counts of the tile kinds in ``kinds``."""

    @property
    def kinds(self) -> int:
        """The tile indexes whose counts the cost reads, as bits."""

    def cost_after(self, held: Sequence[int], removed: int, added: int) -> int:
        """The leaf's cost for the concealed counts ``held`` less one ``removed`` and plus one
        ``added`` (tile indexes; -1 for none). Never lower with a tile fewer, at most one lower
        with a tile more."""

    def draws_to(self, held: Sequence[int], removed: int, wanted: int, candidates: int) -> int:
        """The ``candidates`` (bits) whose drawing, after ``removed`` (-1: none), costs at most
        ``wanted``."""


class ScratchLeaf:
    """A leaf costed from scratch on changed counts (:meth:`cost`)."""

    __slots__ = ()

    def cost(self, held: Sequence[int]) -> int:  # pragma: no cover - every leaf defines it
        raise NotImplementedError

    def cost_after(self, held: Sequence[int], removed: int, added: int) -> int:
        if removed < 0 and added < 0:
            return self.cost(held)
        changed = list(held)
        if removed >= 0:
            changed[removed] -= 1
        if added >= 0:
            changed[added] += 1
        return self.cost(changed)

    def draws_to(self, held: Sequence[int], removed: int, wanted: int, candidates: int) -> int:
        return mask_of(tile for tile in bits(candidates) if self.cost_after(held, removed, tile) <= wanted)


def mask_of(indexes: Iterable[int]) -> int:
    """The bits of ``indexes``."""
    mask = 0
    for index in indexes:
        mask |= 1 << index
    return mask


def bits(mask: int) -> list[int]:
    """The indexes of the bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class _Scored:
    """A leaf with its cost on the whole hand and its costs after one change, computed once."""

    __slots__ = ("base", "gains", "leaf", "removed")

    def __init__(self, leaf: Leaf, base: int) -> None:
        self.leaf = leaf
        self.base = base
        self.removed: dict[int, int] = {}
        self.gains: int | None = None  # draws lowering it on the whole hand plus one tile


def discard_options(
    held: Sequence[int], leaves: Iterable[tuple[Leaf, int]], drawable: Sequence[int]
) -> list[tuple[int, int, list[int]]]:
    """For the concealed counts ``held`` of a 14-tile hand and every leaf costing at most one more
    than the hand's distance (with its cost on ``held``): each kind it may discard, the distance
    that leaves, and which ``drawable`` kinds would then bring it one closer. Empty when there is
    no leaf (no valid hand keeps the hand's exposures)."""
    scored = [_Scored(leaf, base) for leaf, base in leaves]
    if not scored:
        return []
    away = min(entry.base for entry in scored)
    scored = [entry for entry in scored if entry.base <= away + 1]
    scored.sort(key=lambda entry: entry.base)
    draw_mask = mask_of(drawable)

    def after_removal(entry: _Scored, discard: int) -> int:
        if not entry.leaf.kinds >> discard & 1:
            return entry.base
        value = entry.removed.get(discard)
        if value is None:
            value = entry.removed[discard] = entry.leaf.cost_after(held, discard, -1)
        return value

    def lowering(entry: _Scored, discard: int, wanted: int, candidates: int) -> int:
        """The ``candidates`` draws taking the leaf to ``wanted`` after the discard."""
        leaf = entry.leaf
        touched = leaf.kinds & candidates
        if not touched:
            return 0
        if not leaf.kinds >> discard & 1:
            # The discard leaves the leaf alone: the draws lowering it are the hand's own.
            if entry.gains is None:
                entry.gains = leaf.draws_to(held, -1, entry.base - 1, leaf.kinds & draw_mask)
            return entry.gains & candidates
        return leaf.draws_to(held, discard, wanted, touched)

    results = []
    for discard, count in enumerate(held):
        if not count:
            continue
        after = away + 1
        for entry in scored:
            if entry.base > away:
                break
            if after_removal(entry, discard) == away:
                after = away
                break
        helpful = 0
        for entry in scored:
            if entry.base > after:
                break
            candidates = draw_mask & ~helpful
            if not candidates:
                break
            if after_removal(entry, discard) == after:
                helpful |= lowering(entry, discard, after - 1, candidates)
        results.append((discard, after, bits(helpful)))
    return results
