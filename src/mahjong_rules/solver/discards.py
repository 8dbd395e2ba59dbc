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
one search per discard and draw (about 500 for a 14-tile hand). A :class:`WindowLeaf` (positions
costed by one table lookup) answers every draw of one kind of change with one lookup; a leaf costed
another way is a :class:`ScratchLeaf`. A leaf beaten by another on every hand but after
some draws says so (``draws``) and never decides a discard's distance.

The same leaves answer the Charleston (:func:`pass_options`): passing ``k`` tiles leaves the kept
ones at most ``k`` further, and a leaf reading none of the tiles passed keeps its cost.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
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
    "pass_options",
    "shape",
    "term",
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

    @property
    def slow(self) -> bool:
        """Whether costing it again is slow (a programme, options counted one by one): such
        leaves come last, when the others may have settled every draw they could help."""

    @property
    def draws(self) -> int:
        """The draws (bits) this leaf alone may make cheapest; -1: any. A leaf with fewer is
        beaten by another leaf on every hand but after those draws, so it never decides how far
        a discard leaves the hand."""

    def cost(self, held: Sequence[int]) -> int:
        """The leaf's cost for the concealed counts ``held``, from scratch."""

    def cost_after(self, held: Sequence[int], removed: int, added: int) -> int:
        """The leaf's cost for the concealed counts ``held`` less one ``removed`` and plus one
        ``added`` (tile indexes; -1 for none). Never lower with a tile fewer, at most one lower
        with a tile more."""

    def cost_changed(self, held: Sequence[int], change: Mapping[int, int]) -> int:
        """The leaf's cost for the concealed counts ``held`` changed by ``change`` (tile index to
        copies more, or fewer when negative)."""

    def draws_to(self, held: Sequence[int], removed: int, wanted: int, candidates: int) -> int:
        """The ``candidates`` (bits) whose drawing, after ``removed`` (-1: none), costs at most
        ``wanted``."""


class ScratchLeaf:
    """A leaf costed from scratch on changed counts (:meth:`cost`)."""

    __slots__ = ()
    draws = -1
    slow = True

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

    def cost_changed(self, held: Sequence[int], change: Mapping[int, int]) -> int:
        changed = list(held)
        for kind, more in change.items():
            changed[kind] += more
        return self.cost(changed)


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
    slow = True

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
    lacking = 0  # a loop, not sum() of a generator: every leaf's cost asks it
    for kind, needed in deficits:
        if held[kind] < needed:
            lacking += needed - held[kind]
    return lacking


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


def term(position: Position, take: int, held: Sequence[int], removed: int = -1, added: int = -1) -> int:
    """The key of a position: of the most held of its kinds, or of its ``take`` most held kinds
    (each a position of its own, chosen where the hand holds most), one ``removed`` and one
    ``added`` tile changed."""
    if take == 1:
        return POW[held_in(position, held, removed, added)]
    counts = sorted(
        (max(held[kind] - offset - (kind == removed) + (kind == added), 0) for kind, offset in position), reverse=True
    )
    return sum(POW[count] for count in counts[:take])


class Shape:
    """The positions of a window leaf, with the kinds they read (bits) and each kind's position.
    ``takes``: for each position, how many of its kinds it takes (1: the most held one)."""

    __slots__ = ("kinds", "positions", "single", "takes", "where")

    def __init__(self, positions: Sequence[Position], takes: Sequence[int] | None = None) -> None:
        self.positions = tuple(positions)
        self.takes = tuple(takes) if takes is not None else (1,) * len(self.positions)
        # One pass over the positions: search after search makes new shapes.
        kinds = 1 << JOKER
        where: dict[int, int] = {}
        single: list[int] = []
        for index, position in enumerate(self.positions):
            for kind, _ in position:
                kinds |= 1 << kind
                where[kind] = index
            # The kind of a position of one kind, taken whole (its key term is POW[held]); else -1.
            whole = len(position) == 1 and position[0][1] == 0 and self.takes[index] == 1
            single.append(position[0][0] if whole else -1)
        self.kinds = kinds
        self.where = where
        self.single = tuple(single)


@functools.lru_cache(maxsize=4096)
def shape(positions: tuple[Position, ...], takes: tuple[int, ...] | None = None) -> Shape:
    """The shape of these positions (shared: the same windows come back hand after hand)."""
    return Shape(positions, takes)


class WindowLeaf:
    """Positions costed by one lookup in a table (``row``), plus what the deficits miss.

    A change of one or two tiles moves at most two positions: the key changes by their terms, and
    equal keys share one lookup."""

    __slots__ = ("_base", "_needed", "_where", "deficits", "draws", "kinds", "positions", "row", "single", "takes")
    slow = False

    def __init__(self, positions: Shape, row: Row, deficits: Sequence[Deficit] = (), draws: int = -1) -> None:
        self.draws = draws
        self.positions = positions.positions
        self.takes = positions.takes
        self.single = positions.single
        self._where = positions.where
        self.row = row
        self.deficits = tuple(deficits)
        kinds = positions.kinds
        for kind, _ in self.deficits:
            kinds |= 1 << kind
        self.kinds = kinds
        # Each deficit's copies needed by kind, when no kind has two (then a change of one or two
        # tiles moves what the deficits miss by what those kinds alone miss); else None.
        needed = dict(self.deficits)
        self._needed: dict[int, int] | None = needed if len(needed) == len(self.deficits) else None
        self._base: _Base | None = None

    def _term(self, index: int, held: Sequence[int], removed: int = -1, added: int = -1) -> int:
        kind = self.single[index]
        if kind >= 0:
            return POW[held[kind] - (kind == removed) + (kind == added)]
        if self.takes[index] == 1:  # most positions of a window: one call fewer than term's
            return POW[held_in(self.positions[index], held, removed, added)]
        return term(self.positions[index], self.takes[index], held, removed, added)

    def cost(self, held: Sequence[int]) -> int:
        key = sum(self._term(index, held) for index in range(len(self.positions)))
        return self.row.lookup(key, held[JOKER]) + missing(self.deficits, held)

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
        where, terms = self._where, base.terms
        first = where.get(removed, -1)
        second = where.get(added, -1)
        if first >= 0:
            key += self._term(first, held, removed, added) - terms[first]
        if second >= 0 and second != first:
            key += self._term(second, held, removed, added) - terms[second]
        jokers = held[JOKER] - (removed == JOKER) + (added == JOKER)
        by_kind = self._needed
        if by_kind is not None:
            # A tile fewer of a kind misses one more if it had no more than its deficit needs; a
            # tile more, one fewer if it had less (removed and added differ here).
            missing = base.missing
            needed = by_kind.get(removed)
            if needed is not None and held[removed] <= needed:
                missing += 1
            needed = by_kind.get(added)
            if needed is not None and held[added] < needed:
                missing -= 1
            return base.value(key, jokers, missing)
        missing = 0
        for kind, needed in self.deficits:
            count = held[kind] - (kind == removed) + (kind == added)
            if count < needed:
                missing += needed - count
        return base.value(key, jokers, missing)

    def cost_changed(self, held: Sequence[int], change: Mapping[int, int]) -> int:
        base = self._prepare(held)
        key = base.key
        where = self._where
        single, terms = self.single, base.terms
        moved = {where[kind] for kind in change if kind in where}
        for index in moved:
            kind = single[index]
            if kind >= 0:
                key += POW[held[kind] + change[kind]] - terms[index]
                continue
            position, take = self.positions[index], self.takes[index]
            counts = sorted(
                (max(held[kind] - offset + change.get(kind, 0), 0) for kind, offset in position), reverse=True
            )
            key += sum(POW[count] for count in counts[:take]) - terms[index]
        jokers = held[JOKER] + change.get(JOKER, 0)
        missing = 0
        for kind, needed in self.deficits:
            count = held[kind] + change.get(kind, 0)
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
                key += self._term(position, held, removed) - base.terms[position]
                near = mask_of(kind for kind, _ in self.positions[position])
            jokers -= removed == JOKER
            by_kind = self._needed
            if by_kind is not None:
                needed = by_kind.get(removed)
                if needed is not None and held[removed] <= needed:
                    missing += 1
            else:
                for kind, needed in self.deficits:
                    if kind == removed and held[kind] <= needed:
                        missing += 1
            near |= 1 << removed
        state = (key, jokers, missing, wanted)
        found = base.lowering.get(state)
        if found is None:
            found = 0
            lookup = base.row.lookup
            for (key_change, joker_change, missing_change), members in base.classes.items():
                if lookup(key + key_change, jokers + joker_change) + missing + missing_change <= wanted:
                    found |= members
            base.lowering[state] = found
        found &= candidates & ~near
        for tile in bits(candidates & near):
            if self.cost_after(held, removed, tile) <= wanted:
                found |= 1 << tile
        return found


class _Base:
    """A window leaf on one hand: each position's key term and the key, and (when asked) the
    draws grouped by what they change."""

    __slots__ = ("_classes", "held", "key", "leaf", "lowering", "missing", "row", "terms")

    def __init__(self, leaf: WindowLeaf, held: Sequence[int]) -> None:
        self.leaf = leaf
        self.held = held
        # A loop with the common term inline: a base is made for each leaf on each hand.
        terms: list[int] = []
        key = 0
        for index, kind in enumerate(leaf.single):
            term = POW[held[kind]] if kind >= 0 else leaf._term(index, held)
            terms.append(term)
            key += term
        self.terms = terms
        self.key = key
        self.missing = missing(leaf.deficits, held)
        self.row = leaf.row
        # (key, jokers, deficits, wanted) before a draw -> the draws (bits) reaching ``wanted``.
        self.lowering: dict[tuple[int, int, int, int], int] = {}
        self._classes: dict[tuple[int, int, int], int] | None = None

    @property
    def classes(self) -> dict[tuple[int, int, int], int]:
        """The leaf's kinds by what drawing one changes: (key, jokers, deficits) -> kinds (bits)."""
        if self._classes is None:
            leaf, held = self.leaf, self.held
            classes: dict[tuple[int, int, int], int] = {}
            placed = 1 << JOKER  # the kinds given a class so far
            for index, position in enumerate(leaf.positions):
                before = self.terms[index]
                whole = leaf.takes[index] == 1
                most = POW.index(before) if whole else -1  # the copies the position holds
                for kind, offset in position:
                    if held[kind] >= 4:
                        continue  # every copy held: never drawn
                    if whole:  # the position holds the most of its kinds: a draw may raise it
                        after = held[kind] - offset + 1
                        change = POW[after] - before if after > most else 0
                    else:
                        change = leaf._term(index, held, -1, kind) - before
                    signature = (change, 0, 0)
                    classes[signature] = classes.get(signature, 0) | 1 << kind
                    placed |= 1 << kind
            classes[0, 1, 0] = classes.get((0, 1, 0), 0) | 1 << JOKER
            # A draw of a kind short in deficits misses one copy fewer in each of them.
            short: dict[int, int] = {}
            for kind, needed in leaf.deficits:
                if held[kind] < needed:
                    short[kind] = short.get(kind, 0) + 1
            for kind, deficits in short.items():
                if not placed >> kind & 1:  # most kinds short in deficits are in no position
                    classes[0, 0, -deficits] = classes.get((0, 0, -deficits), 0) | 1 << kind
                    continue
                # A kind both in a position (or the jokers) and short: a class of its own.
                for signature, members in list(classes.items()):
                    if members >> kind & 1:
                        classes[signature] = members & ~(1 << kind)
                        moved = (signature[0], signature[1], -deficits)
                        classes[moved] = classes.get(moved, 0) | 1 << kind
                        break
                else:
                    classes[0, 0, -deficits] = classes.get((0, 0, -deficits), 0) | 1 << kind
            self._classes = classes
        return self._classes

    def value(self, key: int, jokers: int, missing: int) -> int:
        # A lookup costs less than keeping its answer would.
        return self.row.lookup(key, jokers) + missing


class _Scored:
    """A leaf with its cost on the whole hand and its costs after one change, computed once."""

    __slots__ = ("base", "leaf", "removed")

    def __init__(self, leaf: Leaf, base: int) -> None:
        self.leaf = leaf
        self.base = base
        self.removed: dict[int, int] = {}


def discard_options(
    held: Sequence[int],
    away: int,
    leaves: Iterable[tuple[Leaf, int]],
    drawable: Sequence[int],
) -> list[tuple[int, int, list[int]]]:
    """For the concealed counts ``held`` of a 14-tile hand ``away`` tiles from a valid hand: each
    kind it may discard, the distance that leaves, and which ``drawable`` kinds would then bring it
    one closer. ``leaves`` holds every leaf costing at most ``away + 1`` on ``held`` (costlier ones
    are ignored), each with that cost: one search lists them (most hands have a discard that
    leaves them further, which needs the leaves at ``away + 1`` too).

    The leaves at ``away`` decide every discard's distance; those at ``away + 1`` matter only for
    the discards that leave the hand a tile further, and are read only when there is one."""
    # A search may find one leaf twice (a window in two sequences): reading it once is enough.
    listed = [(leaf, base) for leaf, base in dict.fromkeys(leaves) if base <= away + 1]
    scored = [_Scored(leaf, base) for leaf, base in listed if base <= away]
    scored.sort(key=lambda entry: entry.leaf.slow)
    draw_mask = mask_of(drawable)
    discards = [discard for discard, count in enumerate(held) if count]

    def after_removal(entry: _Scored, discard: int) -> int:
        if not entry.leaf.kinds >> discard & 1:
            return entry.base
        value = entry.removed.get(discard)
        if value is None:
            value = entry.removed[discard] = entry.leaf.cost_after(held, discard, -1)
        return value

    afters = dict.fromkeys(discards, away + 1)
    deciding = [entry for entry in scored if entry.leaf.draws == -1]
    # A discard some leaf at the distance does not read leaves the hand at the distance.
    undecided = mask_of(discards)
    for entry in deciding:
        undecided &= entry.leaf.kinds
    for discard in discards:
        if not undecided >> discard & 1:
            afters[discard] = away
            continue
        for entry in deciding:
            if after_removal(entry, discard) == away:
                afters[discard] = away
                break
    if any(after > away for after in afters.values()):
        scored += [_Scored(leaf, base) for leaf, base in listed if base == away + 1]
        scored.sort(key=lambda entry: entry.leaf.slow)
    helpful = dict.fromkeys(discards, 0)
    by_after = {
        after: mask_of(discard for discard in discards if afters[discard] == after) for after in (away, away + 1)
    }
    for entry in scored:
        leaf = entry.leaf
        wanted_by = by_after[entry.base]
        # A leaf a discard leaves alone lowers after it with the draws lowering it on the whole
        # hand: those draws are found once for every such discard.
        alone = bits(wanted_by & ~leaf.kinds)
        wanted = 0
        for discard in alone:
            wanted |= draw_mask & ~helpful[discard]
        wanted &= leaf.kinds & leaf.draws
        if wanted:
            gains = leaf.draws_to(held, -1, entry.base - 1, wanted)
            if gains:
                for discard in alone:
                    helpful[discard] |= gains
        # The discards it reads: each its own change (those at the leaf's cost or one less).
        removed = entry.removed  # after_removal inline: every discard here is one the leaf reads
        for discard in bits(leaf.kinds & (wanted_by | by_after[entry.base + 1] if entry.base == away else wanted_by)):
            after = afters[discard]
            candidates = draw_mask & ~helpful[discard] & leaf.kinds & leaf.draws
            if candidates:
                cost = removed.get(discard)
                if cost is None:
                    cost = removed[discard] = leaf.cost_after(held, discard, -1)
                if cost == after:
                    helpful[discard] |= leaf.draws_to(held, discard, after - 1, candidates)
    return [(discard, afters[discard], bits(helpful[discard])) for discard in discards]


def pass_options(
    held: Sequence[int],
    away: int,
    leaves: Iterable[tuple[Leaf, int]],
    passes: Iterable[Sequence[int]],
    limits: Sequence[int],
) -> list[tuple[tuple[int, ...], int, list[int]]]:
    """For the concealed counts ``held`` of a hand ``away`` tiles from a valid hand and every
    leaf costing at most ``away`` plus the tiles passed (with its cost on ``held``): for each of
    ``passes`` (the kinds passed, with repeats), the tiles away of the tiles kept and which kinds
    would bring them one closer if they arrived (kinds with fewer than ``limits`` copies kept).

    Passing tiles never lowers a leaf, and a leaf that reads none of them keeps its cost; its
    helpful draws are the hand's own, found once. The others are costed again on the kept
    tiles."""
    entries = sorted((_Scored(leaf, cost) for leaf, cost in leaves), key=lambda entry: (entry.base, entry.leaf.slow))
    hand_draws = mask_of(kind for kind, count in enumerate(held) if count < limits[kind])
    gains: dict[int, int] = {}
    found = []
    for passed in passes:
        change: dict[int, int] = {}
        for kind in passed:
            change[kind] = change.get(kind, 0) - 1
        touched = mask_of(passed)
        draws = hand_draws | mask_of(kind for kind in passed if held[kind] + change[kind] < limits[kind])
        best = 1 << 30
        optimal: list[tuple[_Scored, bool]] = []
        for entry in entries:
            if entry.base > best:
                break
            reads = bool(entry.leaf.kinds & touched)
            cost = entry.leaf.cost_changed(held, change) if reads else entry.base
            if cost < best:
                best, optimal = cost, [(entry, reads)]
            elif cost == best:
                optimal.append((entry, reads))
        helpful = 0
        for entry, reads in optimal:
            leaf = entry.leaf
            wanted = draws & ~helpful & leaf.kinds & leaf.draws
            if not wanted:
                continue
            if not reads:
                # The leaf reads none of the tiles passed: the draws lowering it are the hand's.
                key = id(entry)
                if key not in gains:
                    gains[key] = leaf.draws_to(held, -1, entry.base - 1, leaf.kinds & hand_draws & leaf.draws)
                helpful |= gains[key] & wanted
            else:
                for tile in bits(wanted):
                    arrived = dict(change)
                    arrived[tile] = arrived.get(tile, 0) + 1
                    if leaf.cost_changed(held, arrived) < best:
                        helpful |= 1 << tile
        found.append((tuple(passed), best, bits(helpful)))
    return found
