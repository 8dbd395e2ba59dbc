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

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from mahjong_rules.tiles import Tile

__all__ = [
    "POW",
    "Deficit",
    "FunctionLeaf",
    "Leaf",
    "Position",
    "Row",
    "ScratchLeaf",
    "Shape",
    "WindowLeaf",
    "bits",
    "discard_options",
    "held_in",
    "kinds_of",
    "mask_of",
    "missing",
    "shape",
]

JOKER = Tile.JOKER.index
POW = (1, 8, 64, 512, 4096)
"""The key of one position holding ``u`` copies (a histogram of positions, the tables' keys)."""

Position = tuple[tuple[int, int], ...]
"""The (kind, offset) pairs of one position: it holds the most of ``held[kind] - offset``."""
Deficit = tuple[int, int]
"""(kind, needed): adds the copies of ``kind`` missing from ``needed``."""


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


class FunctionLeaf(ScratchLeaf):
    """A leaf costed by a function of the counts (rare shapes, a slower programme)."""

    __slots__ = ("function", "kinds")

    def __init__(self, kinds: int, function: Callable[[Sequence[int]], int]) -> None:
        self.kinds = kinds
        self.function = function

    def cost(self, held: Sequence[int]) -> int:
        return self.function(held)


class Row(Protocol):
    """The table a window leaf looks its key up in."""

    def lookup(self, key: int, jokers: int) -> int:
        """The cost of the positions of histogram ``key`` with ``jokers`` jokers in the hand."""


def missing(deficits: Sequence[Deficit], held: Sequence[int]) -> int:
    """The copies the deficits miss."""
    return sum(needed - held[kind] for kind, needed in deficits if held[kind] < needed)


def kinds_of(positions: Sequence[Position], deficits: Sequence[Deficit], *more: int) -> int:
    """The kinds (bits) the positions and deficits read, and ``more``."""
    return mask_of(
        itertools.chain((kind for position in positions for kind, _ in position), (k for k, _ in deficits), more)
    )


def held_in(position: Position, held: Sequence[int], removed: int = -1, added: int = -1) -> int:
    """The copies a position holds, one ``removed`` and one ``added`` tile changed."""
    most = 0
    for kind, offset in position:
        count = held[kind] - offset - (kind == removed) + (kind == added)
        if count > most:
            most = count
    return most


class Shape:
    """The positions of a window leaf, with the kinds they read (bits) and each kind's position."""

    __slots__ = ("kinds", "positions", "where")

    def __init__(self, positions: Sequence[Position]) -> None:
        self.positions = tuple(positions)
        self.kinds = kinds_of(self.positions, (), JOKER)
        self.where = {kind: index for index, position in enumerate(self.positions) for kind, _ in position}


@functools.lru_cache(maxsize=4096)
def shape(positions: tuple[Position, ...]) -> Shape:
    """The shape of these positions (shared: the same windows come back hand after hand)."""
    return Shape(positions)


class WindowLeaf:
    """Positions costed by one lookup in a table (``row``), plus what the deficits miss.

    A change of one or two tiles moves at most two positions: the key changes by their terms, and
    equal keys share one lookup."""

    __slots__ = ("_base", "_where", "deficits", "kinds", "positions", "row")

    def __init__(self, positions: Shape, row: Row, deficits: Sequence[Deficit] = ()) -> None:
        self.positions = positions.positions
        self._where = positions.where
        self.row = row
        self.deficits = tuple(deficits)
        self.kinds = positions.kinds | mask_of(kind for kind, _ in self.deficits) if self.deficits else positions.kinds
        self._base: _Base | None = None

    def _lookup(self, key: int, jokers: int) -> int:
        return self.row.lookup(key, jokers)

    def cost(self, held: Sequence[int]) -> int:
        key = sum(POW[held_in(position, held)] for position in self.positions)
        return self._lookup(key, held[JOKER]) + missing(self.deficits, held)

    def _prepare(self, held: Sequence[int]) -> _Base:
        base = self._base
        if base is None or base.held is not held:
            base = self._base = _Base(self, held)
        return base

    def cost_after(self, held: Sequence[int], removed: int, added: int) -> int:
        base = self._prepare(held)
        if removed == added:
            removed = added = -1
        key = base.key
        positions, where, counts = self.positions, self._where, base.counts
        first = where.get(removed, -1)
        second = where.get(added, -1)
        if first >= 0:
            key += POW[held_in(positions[first], held, removed, added)] - POW[counts[first]]
        if second >= 0 and second != first:
            key += POW[held_in(positions[second], held, removed, added)] - POW[counts[second]]
        jokers = held[JOKER] - (removed == JOKER) + (added == JOKER)
        missing = 0
        for kind, needed in self.deficits:
            count = held[kind] - (kind == removed) + (kind == added)
            if count < needed:
                missing += needed - count
        return base.value(key, jokers, missing)

    def draws_to(self, held: Sequence[int], removed: int, wanted: int, candidates: int) -> int:
        # Draws changing the key, the jokers and the deficits alike cost alike: one lookup for
        # each class, and the draws sharing a position or a kind with the discard one by one.
        base = self._prepare(held)
        key, jokers, missing = base.key, held[JOKER], base.missing
        near = 0
        if removed >= 0:
            position = self._where.get(removed, -1)
            if position >= 0:
                key += POW[held_in(self.positions[position], held, removed)] - POW[base.counts[position]]
                near = mask_of(kind for kind, _ in self.positions[position])
            jokers -= removed == JOKER
            for kind, needed in self.deficits:
                if kind == removed and held[kind] <= needed:
                    missing += 1
            near |= 1 << removed
        found = 0
        for (key_change, joker_change, missing_change), members in base.classes.items():
            if members & candidates & ~near and (
                base.value(key + key_change, jokers + joker_change, missing + missing_change) <= wanted
            ):
                found |= members
        found &= candidates & ~near
        for tile in bits(candidates & near):
            if self.cost_after(held, removed, tile) <= wanted:
                found |= 1 << tile
        return found


class _Base:
    """A window leaf on one hand: each position's copies and the key, and (when asked) the draws
    grouped by what they change."""

    __slots__ = ("_classes", "counts", "held", "key", "leaf", "memo", "missing")

    def __init__(self, leaf: WindowLeaf, held: Sequence[int]) -> None:
        self.leaf = leaf
        self.held = held
        self.counts = [held_in(position, held) for position in leaf.positions]
        self.key = sum(POW[count] for count in self.counts)
        self.missing = missing(leaf.deficits, held) if leaf.deficits else 0
        self.memo: dict[tuple[int, int, int], int] = {}
        self._classes: dict[tuple[int, int, int], int] | None = None

    @property
    def classes(self) -> dict[tuple[int, int, int], int]:
        """The leaf's kinds by what drawing one changes: (key, jokers, deficits) -> kinds (bits)."""
        if self._classes is None:
            leaf, held = self.leaf, self.held
            classes: dict[tuple[int, int, int], int] = {}
            for index, position in enumerate(leaf.positions):
                before = POW[self.counts[index]]
                for kind, _ in position:
                    if held[kind] >= 4:
                        continue  # every copy held: never drawn
                    signature = (POW[held_in(position, held, -1, kind)] - before, 0, 0)
                    classes[signature] = classes.get(signature, 0) | 1 << kind
            classes[0, 1, 0] = classes.get((0, 1, 0), 0) | 1 << JOKER
            for kind, needed in leaf.deficits:
                if held[kind] < needed:
                    # A kind both in a position and short in a deficit: its own class.
                    for signature, members in list(classes.items()):
                        if members >> kind & 1:
                            classes[signature] = members & ~(1 << kind)
                            index = leaf._where.get(kind, -1)
                            change = signature[0] if index >= 0 else 0
                            classes[change, 0, -1] = classes.get((change, 0, -1), 0) | 1 << kind
                            break
                    else:
                        classes[0, 0, -1] = classes.get((0, 0, -1), 0) | 1 << kind
            self._classes = classes
        return self._classes

    def value(self, key: int, jokers: int, missing: int) -> int:
        found = self.memo.get((key, jokers, missing))
        if found is None:
            found = self.memo[key, jokers, missing] = self.leaf._lookup(key, jokers) + missing
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
