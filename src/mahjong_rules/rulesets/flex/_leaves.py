"""The leaves of the Flex distance search, each costed again on other counts (for discard options,
:mod:`mahjong_rules.solver.discards`).

A leaf is one shape of target the search costs with one table lookup (:class:`WindowLeaf`: rows of
interchangeable positions, an exposed all-joker set standing for the one holding least) or with a
few positions counted one way at a time (:class:`ComboLeaf`: kinds short of copies, a dragon used
as 0 and 10). Both read the concealed counts the same way the search does: a position holds the
copies of the most held of its kinds, less those a concealed singles set takes (``offsets``), and a
*deficit* ``(kind, needed)`` adds the copies of ``kind`` missing from ``needed`` (a flower set,
the singles sets' tiles).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence

from mahjong_rules.rulesets.flex._window import IMPOSSIBLE, MAX_JOKERS, POW, cost_tables, drop_lowest
from mahjong_rules.solver.discards import ScratchLeaf, bits, mask_of

__all__ = [
    "WILD",
    "ComboLeaf",
    "FunctionLeaf",
    "Option",
    "Shape",
    "Spec",
    "WindowLeaf",
    "combine",
    "dragon_options",
    "set_options",
    "shape",
]

JOKER = 47

Option = tuple[int, int, int, int, int]
"""One way to fill a position: (tiles, missing from pairs, missing from triples and quads, jokers
forced, exposed all-joker sets used)."""
WILD: Option = (0, 0, 0, 0, 1)

Position = tuple[tuple[int, int], ...]
"""The (kind, offset) pairs of one position: it holds the most of ``held[kind] - offset``."""
Deficit = tuple[int, int]
Spec = tuple[str, tuple[int, ...], tuple[int, ...], bool]
"""How a counted position finds its options on given counts: ``("set", kinds, copies, wild)``
(the sets of any of ``kinds``, each with its copies left, and an all-joker set if ``wild``),
``("dragon", (kind,), (copies,), False)`` (one dragon as 0 and 10) or ``("wild", (), (), True)``."""


@functools.cache
def set_options(held: int, copies: int) -> tuple[Option, ...]:
    """The sets of one kind of which the hand holds ``held`` and the game has ``copies`` left."""
    options: list[Option] = []
    if copies >= 2:
        options.append((2, max(2 - held, 0), 0, 0, 0))
    options += [(size, 0, max(size - held, 0), max(size - copies, 0), 0) for size in (3, 4)]
    return tuple(options)


@functools.cache
def dragon_options(held: int, copies: int) -> tuple[Option, ...]:
    """Two sets of one dragon, as 0 and as 10 (ruling F1): its copies fill the pairs first."""
    options: list[Option] = []
    for zero, ten in itertools.product((2, 3, 4), repeat=2):
        no_joker = (2 if zero == 2 else 0) + (2 if ten == 2 else 0)
        joker = (zero if zero > 2 else 0) + (ten if ten > 2 else 0)
        if no_joker <= copies:
            pairs = max(no_joker - held, 0)
            missing = max(joker - max(held - no_joker, 0), 0)
            options.append((zero + ten, pairs, missing, max(no_joker + joker - copies, 0), 0))
    return tuple(options)


def combine(
    slots: Sequence[Sequence[Option]], key: int, plain: int, tiles: int, wild: int, spare: int, jokers: int
) -> int:
    """The cheapest way to fill some positions one option at a time (``slots``) and the ``plain``
    positions of ``key`` by the tables, with ``tiles`` tiles in all, ``wild`` exposed all-joker
    sets, ``spare`` jokers left in the game and ``jokers`` in the hand."""
    drop = drop_lowest()
    all_tables = cost_tables()
    if not slots:
        if wild > plain:
            return IMPOSSIBLE
        for _ in range(wild):
            key = drop[key]
        return all_tables[jokers][tiles][key]
    best = IMPOSSIBLE
    for combo in itertools.product(*slots):
        used = pairs = missing = forced = wilds = 0
        for option in combo:
            used += option[0]
            pairs += option[1]
            missing += option[2]
            forced += option[3]
            wilds += option[4]
        if used > tiles or forced > spare or wilds > wild or wild - wilds > plain:
            continue
        rest = key
        for _ in range(wild - wilds):
            rest = drop[rest]
        if missing <= jokers:
            cost = pairs + all_tables[jokers - missing][tiles - used][rest]
        else:
            cost = pairs + missing - jokers + all_tables[0][tiles - used][rest]
        best = min(best, cost)
    return best


def _key(positions: Sequence[Position], held: Sequence[int]) -> int:
    key = 0
    for position in positions:
        most = 0
        for kind, offset in position:
            count = held[kind] - offset
            if count > most:
                most = count
        key += POW[most]
    return key


def _missing(deficits: Sequence[Deficit], held: Sequence[int]) -> int:
    return sum(needed - held[kind] for kind, needed in deficits if held[kind] < needed)


def _kinds(positions: Sequence[Position], deficits: Sequence[Deficit], *more: int) -> int:
    return mask_of(
        itertools.chain((kind for position in positions for kind, _ in position), (k for k, _ in deficits), more)
    )


def _count(position: Position, held: Sequence[int], removed: int = -1, added: int = -1) -> int:
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
        self.kinds = _kinds(self.positions, (), JOKER)
        self.where = {kind: index for index, position in enumerate(self.positions) for kind, _ in position}


@functools.lru_cache(maxsize=4096)
def shape(positions: tuple[Position, ...]) -> Shape:
    """The shape of these positions (shared: the same windows come back hand after hand)."""
    return Shape(positions)


class WindowLeaf:
    """Positions costed by one table lookup, ``wild`` of them left to exposed all-joker sets.

    A change of one or two tiles moves at most two positions: the key changes by their terms, and
    equal keys share one lookup."""

    __slots__ = ("_base", "_where", "deficits", "kinds", "positions", "tiles", "wild")

    def __init__(self, positions: Shape, wild: int, tiles: int, deficits: Sequence[Deficit] = ()) -> None:
        self.positions = positions.positions
        self._where = positions.where
        self.wild = wild
        self.tiles = tiles
        self.deficits = tuple(deficits)
        self.kinds = positions.kinds | mask_of(kind for kind, _ in self.deficits) if self.deficits else positions.kinds
        self._base: _Base | None = None

    def _lookup(self, key: int, jokers: int) -> int:
        drop = drop_lowest()
        for _ in range(self.wild):
            key = drop[key]
        return cost_tables()[min(jokers, MAX_JOKERS)][self.tiles][key]

    def cost(self, held: Sequence[int]) -> int:
        key = sum(POW[_count(position, held)] for position in self.positions)
        return self._lookup(key, held[JOKER]) + _missing(self.deficits, held)

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
            key += POW[_count(positions[first], held, removed, added)] - POW[counts[first]]
        if second >= 0 and second != first:
            key += POW[_count(positions[second], held, removed, added)] - POW[counts[second]]
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
                key += POW[_count(self.positions[position], held, removed)] - POW[base.counts[position]]
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
        self.counts = [_count(position, held) for position in leaf.positions]
        self.key = sum(POW[count] for count in self.counts)
        self.missing = _missing(leaf.deficits, held) if leaf.deficits else 0
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
                    signature = (POW[_count(position, held, -1, kind)] - before, 0, 0)
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


class ComboLeaf(ScratchLeaf):
    """Positions of a table and positions counted one option at a time (:func:`combine`)."""

    __slots__ = ("deficits", "kinds", "offsets", "plain", "positions", "spare", "specs", "tiles", "wild")

    def __init__(
        self,
        positions: Sequence[Position],
        specs: Sequence[Spec],
        plain: int,
        tiles: int,
        wild: int,
        spare: int,
        deficits: Sequence[Deficit],
        offsets: dict[int, int],
    ) -> None:
        self.positions = tuple(positions)
        self.specs = tuple(specs)
        self.plain = plain
        self.tiles = tiles
        self.wild = wild
        self.spare = spare
        self.deficits = tuple(deficits)
        self.offsets = offsets
        self.kinds = _kinds(self.positions, self.deficits, JOKER, *(kind for spec in self.specs for kind in spec[1]))

    def _options(self, spec: Spec, held: Sequence[int]) -> Sequence[Option]:
        shape, kinds, copies, wild = spec
        counts = [max(held[kind] - self.offsets.get(kind, 0), 0) for kind in kinds]
        if shape == "dragon":
            return dragon_options(counts[0], copies[0])
        options = sorted(
            {option for count, left in zip(counts, copies, strict=True) for option in set_options(count, left)}
        )
        return [*options, WILD] if wild else options

    def cost(self, held: Sequence[int]) -> int:
        slots = [self._options(spec, held) for spec in self.specs]
        jokers = min(held[JOKER], MAX_JOKERS)
        value = combine(slots, _key(self.positions, held), self.plain, self.tiles, self.wild, self.spare, jokers)
        return value + _missing(self.deficits, held)


class FunctionLeaf(ScratchLeaf):
    """A leaf costed by a function of the counts (the slower programme, rare shapes)."""

    __slots__ = ("function", "kinds")

    def __init__(self, kinds: int, function: Callable[[Sequence[int]], int]) -> None:
        self.kinds = kinds
        self.function = function

    def cost(self, held: Sequence[int]) -> int:
        return self.function(held)
