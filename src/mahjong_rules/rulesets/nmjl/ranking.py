"""Exact tiles away from every line of a card at once.

For one concrete hand of a line (a *variant*) with ``NP`` a tile's count in groups no joker may
fill (pairs, singles, ``!`` groups) and ``T`` its count in all, a concealed hand with ``h`` of
each tile and ``J`` jokers is ``max(NPtot - Σ min(NP, h), 14 - J - Σ min(T, h))`` tiles away:
naturals fill the joker-free slots first, jokers fill joker slots only (the formula of
:func:`~mahjong_rules.solver.target_away`, rearranged).

Both sums are sums over the tiles the hand holds, so the card is compiled once into, for each tile
and each held count, one big integer holding ``min(T, h)`` for every variant in its own byte (and
one for ``min(NP, h)``). A hand then costs at most 14 additions per sum, a per-byte maximum by
mask arithmetic, and each line's minimum over its bytes. Hands with exposed sets go variant by
variant: each exposed set must be one whole group of the variant (ruling N4).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from mahjong_rules.melds import Meld
from mahjong_rules.rulesets.nmjl.card import Card, Line
from mahjong_rules.rulesets.nmjl.variants import Variant
from mahjong_rules.solver import TargetGroup
from mahjong_rules.solver.grammar import JOKER
from mahjong_rules.tiles import NUM_TILE_KINDS, Tile

__all__ = ["CompiledCard", "VariantSlots", "best_fitting", "exposed_away", "fittings", "slots_of"]

_BIAS = 16  # keeps every byte positive before the maximum
_MAX_HELD = 8  # flowers: 8 copies; every other natural tile 4

VariantSlots = tuple[dict[int, int], dict[int, int]]
"""A variant's slots: per tile index, how many are in joker-free groups and in joker groups."""


def slots_of(groups: Sequence[TargetGroup]) -> VariantSlots:
    no_jokers: dict[int, int] = {}
    with_jokers: dict[int, int] = {}
    for group in groups:
        slots = with_jokers if group.jokers else no_jokers
        for index in group.tiles:
            slots[index] = slots.get(index, 0) + 1
    return no_jokers, with_jokers


def concealed_away(slots: VariantSlots, counts: Sequence[int], jokers: int) -> int:
    """Tiles away of concealed ``counts`` (jokers apart) from the slots left to fill."""
    no_jokers, with_jokers = slots
    missing = joker_slots = 0
    for index in no_jokers.keys() | with_jokers.keys():
        held = counts[index]
        pair_slots = no_jokers.get(index, 0)
        if pair_slots >= held:
            missing += pair_slots - held
            held = 0
        else:
            held -= pair_slots
        joker_slots += max(with_jokers.get(index, 0) - held, 0)
    return missing + max(joker_slots - jokers, 0)


def _fits(meld: Meld, group: TargetGroup) -> bool:
    if len(group.tiles) != meld.size:
        return False
    if meld.is_identical:
        if meld.joker_count and not group.jokers:
            return False
        tile = meld.represents
        if tile is None:  # jokers only, standing for no tile yet: any joker group (ruling L4)
            return group.jokers
        return all(index == tile.index for index in group.tiles)
    return not meld.joker_count and tuple(tile.index for tile in meld.tiles) == group.tiles


def fittings(variant: Variant, exposed: Sequence[Meld]) -> Iterator[tuple[list[TargetGroup], list[TargetGroup]]]:
    """Each way the exposed sets can each take a whole group of the variant (ruling N4): the groups
    left, and the group each set took (in the order of ``exposed``). Groups that fit a set of
    natural tiles equally are interchangeable, except that a set without jokers takes a joker-free
    group first, leaving the group jokers may fill; a set of jokers alone may stand for any joker
    group of its size, so each is tried."""
    order = sorted(
        range(len(exposed)), key=lambda place: (exposed[place].represents is None, -exposed[place].joker_count)
    )
    seen: set[tuple[TargetGroup, ...]] = set()

    def place(
        step: int, left: list[TargetGroup], taken: dict[int, TargetGroup]
    ) -> Iterator[tuple[list[TargetGroup], list[TargetGroup]]]:
        if step == len(order):
            key = tuple(sorted(left))
            if key not in seen:
                seen.add(key)
                yield left, [taken[index] for index in range(len(exposed))]
            return
        meld = exposed[order[step]]
        fitting = [position for position, group in enumerate(left) if _fits(meld, group)]
        if meld.represents is not None:
            fitting.sort(key=lambda position: left[position].jokers)
            fitting = fitting[:1]
        tried: set[TargetGroup] = set()
        for position in fitting:
            if left[position] in tried:
                continue
            tried.add(left[position])
            rest = left[:position] + left[position + 1 :]
            yield from place(step + 1, rest, {**taken, order[step]: left[position]})

    yield from place(0, list(variant), {})


def best_fitting(
    variant: Variant, exposed: Sequence[Meld], counts: Sequence[int], jokers: int
) -> tuple[int, list[TargetGroup], list[TargetGroup]] | None:
    """The way the exposed sets fit the variant that leaves the concealed tiles fewest tiles away:
    (tiles away, groups left, group each set took); ``None`` when they cannot fit."""
    best: tuple[int, list[TargetGroup], list[TargetGroup]] | None = None
    for left, taken in fittings(variant, exposed):
        away = concealed_away(slots_of(left), counts, jokers)
        if best is None or away < best[0]:
            best = (away, left, taken)
    return best


def exposed_away(variant: Variant, exposed: Sequence[Meld], counts: Sequence[int], jokers: int) -> int | None:
    found = best_fitting(variant, exposed, counts, jokers)
    return None if found is None else found[0]


_AT_MOST = [bytes(min(value, held) for value in range(256)) for held in range(_MAX_HELD + 1)]
"""For each held count h, the table that turns a byte v into min(v, h) (``bytes.translate``)."""

_WINDOW = 8  # lanes a line's minimum is doubled over; longer lines take the least of their windows
_RULED_OUT_LOW = bytes(range(255)) + b"\x7f"
_RULED_OUT_HIGH = bytes(range(127)) + b"\xff" + bytes(range(128, 256))
"""And back: 0x7F (no lane fits) as 255."""
"""Ruled-out lanes (255) as 0x7F, below the sign bit the lane arithmetic needs."""

_MAX_REMOVALS = 256  # tables kept per card for exposed sets (each a few rows of one byte per variant)
_MAX_FITS = 4096  # the lanes a tile's exposed sets fit, kept per card (one byte per variant each)

Spec = tuple[tuple[int, bool], ...]
"""The exposed sets of one tile: each set's size and whether it holds a joker, sorted."""


class _Removal(NamedTuple):
    """For the exposed sets of one tile (a :data:`Spec`): the lanes whose variant has a whole group
    for each set (``fit``), the tiles of joker-free groups the sets take there (``pairs_removed``,
    one byte a lane), and per held count the variant's ``min(T, h)`` and ``min(NP, h)`` for that
    tile once those groups are taken away."""

    fit: int
    pairs_removed: int
    held: list[int]
    pairs: list[int]


def _take(spec: Spec, free: dict[int, int], joker: dict[int, int]) -> tuple[int, int] | None:
    """The tiles the sets of ``spec`` take from a variant's groups of their tile, given how many
    joker-free and joker groups it has of each size: (from joker-free groups, from joker groups),
    or ``None`` when they do not fit. A set with a joker needs a joker group; a set of natural tiles
    takes a joker-free group first (leaving the group a joker may fill, which is never worse)."""
    wanted: dict[int, list[int]] = {}
    for size, has_joker in spec:
        wanted.setdefault(size, [0, 0])[0 if has_joker else 1] += 1
    from_free = from_joker = 0
    for size, (with_jokers, natural) in wanted.items():
        free_groups, joker_groups = free.get(size, 0), joker.get(size, 0)
        if with_jokers > joker_groups or natural > free_groups + joker_groups - with_jokers:
            return None
        from_free += min(natural, free_groups) * size
        from_joker += (with_jokers + max(natural - free_groups, 0)) * size
    return from_free, from_joker


def _specs(exposed: Sequence[Meld]) -> dict[int, list[tuple[int, bool]]]:
    """The exposed sets of like tiles that stand for a tile, by that tile: each set's size and
    whether it holds a joker (sets of jokers alone apart)."""
    specs: dict[int, list[tuple[int, bool]]] = {}
    for meld in exposed:
        if meld.represents is not None:
            specs.setdefault(meld.represents.index, []).append((meld.size, meld.joker_count > 0))
    return specs


def _at_most_rows(row: bytearray) -> list[int]:
    """For each held count h, min(value, h) for every lane of ``row`` at once (``bytes.translate``
    with a table of min(value, h)), as one integer."""
    return [int.from_bytes(row.translate(_AT_MOST[held]), "little") for held in range(_MAX_HELD + 1)]


class CompiledCard:
    """A card compiled for ranking: every variant of every line in one byte lane."""

    def __init__(self, card: Card) -> None:
        self.card = card
        self.lines: tuple[Line, ...] = card.lines
        self.variants: list[Variant] = []
        self.slices: list[tuple[int, int]] = []
        for line in self.lines:
            start = len(self.variants)
            self.variants.extend(line.variants)
            self.slices.append((start, len(self.variants)))
        size = self.size = len(self.variants)
        self.slots = [slots_of(variant) for variant in self.variants]
        totals = bytearray(size)
        # Per tile, each lane's T (all slots of the tile) and NP (slots no joker may fill).
        all_slots: list[bytearray | None] = [None] * NUM_TILE_KINDS
        pair_slots: list[bytearray | None] = [None] * NUM_TILE_KINDS
        for index in {index for no_jokers, with_jokers in self.slots for index in (*no_jokers, *with_jokers)}:
            all_slots[index], pair_slots[index] = bytearray(size), bytearray(size)
        for lane, (no_jokers, with_jokers) in enumerate(self.slots):
            totals[lane] = sum(no_jokers.values()) + _BIAS
            for index, count in no_jokers.items():
                all_slots[index][lane] += count  # type: ignore[index]
                pair_slots[index][lane] = count  # type: ignore[index]
            for index, count in with_jokers.items():
                all_slots[index][lane] += count  # type: ignore[index]
        self._held = [None if row is None else _at_most_rows(row) for row in all_slots]
        self._pairs = [None if row is None else _at_most_rows(row) for row in pair_slots]
        ones = int.from_bytes(b"\x01" * size, "little")
        self._ones = ones
        self._high = ones * 0x80
        self._all = ones * 0xFF
        self._pair_totals = int.from_bytes(totals, "little")
        self._fourteen = ones * (14 + _BIAS)
        self._bias = ones * _BIAS

        self._exposed_lanes = int.from_bytes(
            b"".join(
                (b"\x00" if line.concealed else b"\xff") * (end - start)
                for line, (start, end) in zip(self.lines, self.slices, strict=True)
            ),
            "little",
        )
        # For each tile, the exposed lanes with groups of it alone: per lane, how many joker-free
        # and joker groups of each size (what an exposed set of the tile may take).
        self._like_groups: list[list[tuple[int, dict[int, int], dict[int, int]]]] = [[] for _ in range(NUM_TILE_KINDS)]
        # For each size, the tiles of which some exposed lane has a joker group of that size.
        self._joker_kinds: dict[int, set[int]] = {}
        for line, (start, end) in zip(self.lines, self.slices, strict=True):
            if line.concealed:
                continue
            for lane in range(start, end):
                found: dict[int, tuple[dict[int, int], dict[int, int]]] = {}
                for group in self.variants[lane]:
                    first = group.tiles[0]
                    if len(group.tiles) >= 3 and group.tiles[-1] == first:
                        free, joker = found.setdefault(first, ({}, {}))
                        counted = joker if group.jokers else free
                        counted[len(group.tiles)] = counted.get(len(group.tiles), 0) + 1
                        if group.jokers:
                            self._joker_kinds.setdefault(len(group.tiles), set()).add(first)
                for index, (free, joker) in found.items():
                    self._like_groups[index].append((lane, free, joker))
        self._removals: dict[tuple[int, Spec], _Removal] = {}
        self._free_fits: dict[tuple[int, frozenset[int]], int] = {}  # see _free_fit
        self._fits: dict[tuple[int, Spec], int] = {}  # see _fit
        self._minimum_steps = self._doubling_steps()
        self._window = 1 << len(self._minimum_steps)  # each lane's window once the steps are done
        starts = [start for start, _ in self.slices]
        self._first_lanes = operator.itemgetter(*starts) if len(starts) > 1 else lambda found: (found[starts[0]],)
        self._long_lines = [
            (position, start, end) for position, (start, end) in enumerate(self.slices) if end - start > self._window
        ]

    def _doubling_steps(self) -> list[tuple[int, int, int]]:
        """For the lines' minimums by doubling: step k takes each lane's minimum over the next
        2**k lanes too, where they are still the same line's. Per step: the shift in bits, the
        lanes that may take their neighbour's value, and 0x7F in the others (a value no lane
        beats)."""
        longest = max((end - start for start, end in self.slices), default=1)
        steps = []
        span = 1
        while span < min(longest, _WINDOW):
            keep = bytearray(self.size)
            for start, end in self.slices:
                keep[start : max(end - span, start)] = b"\xff" * max(end - span - start, 0)
            mask = int.from_bytes(keep, "little")
            steps.append((8 * span, mask, 0x7F * self._ones & (self._all ^ mask)))
            span *= 2
        return steps

    def _removal(self, index: int, spec: Spec) -> _Removal:
        found = self._removals.get((index, spec))
        if found is not None:
            return found
        lanes = self.size
        fit, removed = bytearray(lanes), bytearray(lanes)
        held_rows = [bytearray(lanes) for _ in range(_MAX_HELD + 1)]
        pair_rows = [bytearray(lanes) for _ in range(_MAX_HELD + 1)]
        for lane, free, joker in self._like_groups[index]:
            taken = _take(spec, free, joker)
            if taken is None:
                continue
            from_free, from_joker = taken
            fit[lane] = 0xFF
            removed[lane] = from_free
            no_jokers, with_jokers = self.slots[lane]
            pair_slots = no_jokers.get(index, 0) - from_free
            all_slots = pair_slots + with_jokers.get(index, 0) - from_joker
            for held in range(1, _MAX_HELD + 1):
                held_rows[held][lane] = min(all_slots, held)
                pair_rows[held][lane] = min(pair_slots, held)
        found = _Removal(
            int.from_bytes(fit, "little"),
            int.from_bytes(removed, "little"),
            [int.from_bytes(row, "little") for row in held_rows],
            [int.from_bytes(row, "little") for row in pair_rows],
        )
        if len(self._removals) >= _MAX_REMOVALS:
            del self._removals[next(iter(self._removals))]
        self._removals[(index, spec)] = found
        return found

    def _terms(self, index: int, held: int, spec: Spec | None) -> tuple[int, int, int, int]:
        """One tile's part of the sums: (lanes it lets fit, its ``min(T, h)``, its ``min(NP, h)``,
        the joker-free tiles its exposed sets take), with ``spec`` its exposed sets (or none)."""
        if spec is not None:
            removal = self._removal(index, spec)
            return removal.fit, removal.held[held], removal.pairs[held], removal.pairs_removed
        row = self._held[index]
        if not held or row is None:
            return self._all, 0, 0, 0
        return self._all, row[held], self._pairs[index][held], 0  # type: ignore[index]

    def _biased(self, fit: int, held_sum: int, pair_sum: int, pairs_removed: int, slots: int, jokers: int) -> int:
        """Every lane's tiles away plus the bias, with 0x7F where the lane does not fit."""
        by_pairs = self._pair_totals - pairs_removed - pair_sum
        by_total = (slots + _BIAS - jokers) * self._ones - held_sum
        greater = (((by_pairs | self._high) - by_total) & self._high) >> 7
        mask = greater * 0xFF
        best = (by_pairs & mask) | (by_total & (self._all ^ mask))
        return (best & fit) | (0x7F * self._ones & (self._all ^ fit))

    def _lower(self, first: int, second: int) -> int:
        """The lane-by-lane minimum of two vectors of values below 0x80."""
        second_lower = ((((second | self._high) - first) & self._high) >> 7) * 0xFF  # second >= first
        return (first & second_lower) | (second & (self._all ^ second_lower))

    def exposed_aways(self, counts: Sequence[int], exposed: Sequence[Meld]) -> bytes | None:
        """Every variant's tiles away for concealed ``counts`` with ``exposed`` sets, each a whole
        group of the variant (255 where they cannot be, and on concealed lines); ``None`` when
        a set is not of like tiles (the caller then goes variant by variant).

        A set of jokers alone may stand for any joker group of its size (ruling L4): the tiles
        away are the best over the tiles it may stand for. Standing for a tile the hand does not
        hold and no other set shows costs the concealed tiles nothing, so all such tiles are one
        case; each other tile is worked out on its own."""
        if any(not meld.is_identical for meld in exposed):
            return None
        wild = [meld for meld in exposed if meld.represents is None]
        if len(wild) > 2:
            return self._several_wild(counts, exposed, wild[0])
        specs = _specs(exposed)
        slots = 14 - sum(meld.size for meld in exposed)
        terms = {
            index: self._terms(index, counts[index], tuple(sorted(specs[index])) if index in specs else None)
            for index in range(NUM_TILE_KINDS)
            if index != JOKER and (counts[index] or index in specs)
        }
        if len(wild) == 2:
            return self._two_wild(counts, specs, terms, wild[0].size, wild[1].size, slots)
        return self._finished(self._one_wild(counts, specs, terms, wild[0].size if wild else 0, slots), self._bias)

    def _one_wild(
        self,
        counts: Sequence[int],
        specs: dict[int, list[tuple[int, bool]]],
        terms: dict[int, tuple[int, int, int, int]],
        size: int,
        slots: int,
    ) -> int:
        """Every lane's biased tiles away (0x7F where nothing fits) for the exposed sets ``specs``
        (their ``terms`` worked out) and at most one set of jokers alone of ``size`` (0: none)."""
        jokers = counts[JOKER]
        fit = self._exposed_lanes
        held_sum = pair_sum = pairs_removed = 0
        for lanes, held_part, pair_part, removed_part in terms.values():
            fit &= lanes
            held_sum += held_part
            pair_sum += pair_part
            pairs_removed += removed_part
        if not size:
            return self._biased(fit, held_sum, pair_sum, pairs_removed, slots, jokers)
        kinds = self._joker_kinds.get(size, set())
        free_fit = self._free_fit(size, frozenset(kinds & terms.keys()))
        best = self._biased(fit & free_fit, held_sum, pair_sum, pairs_removed, slots, jokers)
        for index in kinds & terms.keys():
            _, held_part, pair_part, removed_part = terms[index]
            spec = tuple(sorted([*specs.get(index, ()), (size, True)]))
            new_lanes, new_held, new_pairs, new_removed = self._terms(index, counts[index], spec)
            candidate = self._biased(
                self._exposed_lanes & self._fit_without(terms, specs, index) & new_lanes,
                held_sum - held_part + new_held,
                pair_sum - pair_part + new_pairs,
                pairs_removed - removed_part + new_removed,
                slots,
                jokers,
            )
            best = self._lower(best, candidate)
        return best

    def _two_wild(
        self,
        counts: Sequence[int],
        specs: dict[int, list[tuple[int, bool]]],
        terms: dict[int, tuple[int, int, int, int]],
        first: int,
        second: int,
        slots: int,
    ) -> bytes:
        """Two sets of jokers alone, of sizes ``first`` and ``second``: as :meth:`_several_wild`
        (the first stands in turn for each tile some variant has a joker group of its size of, each
        lane keeping its best), with the other sets' terms worked out once, not for each tile."""
        best: int | None = None
        for tile in sorted(self._joker_kinds.get(first, ())):
            standing_specs = {**specs, tile: [*specs.get(tile, ()), (first, True)]}
            standing_terms = {**terms, tile: self._terms(tile, counts[tile], tuple(sorted(standing_specs[tile])))}
            lanes = self._one_wild(counts, standing_specs, standing_terms, second, slots)
            best = lanes if best is None else self._lower(best, lanes)
        if best is None:
            return b"\xff" * self.size
        return self._finished(best, self._bias)

    def exposures_fit(self, exposed: Sequence[Meld]) -> bool | None:
        """Whether some exposed line has each of the ``exposed`` sets as a whole group (ruling N4):
        the lanes :meth:`exposed_aways` does not rule out, read from which lanes fit alone (no
        tiles away worked out). ``None`` where that method goes variant by variant (a set of unlike
        tiles) or with two or more sets of jokers alone (the caller then asks it)."""
        if any(not meld.is_identical for meld in exposed):
            return None
        wild = [meld.size for meld in exposed if meld.represents is None]
        if len(wild) > 1:
            return None
        specs = _specs(exposed)
        fits = {index: self._fit(index, tuple(sorted(spec))) for index, spec in specs.items()}
        lanes = self._exposed_lanes
        for fit in fits.values():
            lanes &= fit
        if not wild:
            return lanes != 0
        # A set of jokers alone stands for a tile no other set shows, or joins the sets of one.
        size = wild[0]
        kinds = self._joker_kinds.get(size, set()) & specs.keys()
        if lanes & self._free_fit(size, frozenset(kinds)):
            return True
        for index in kinds:
            others = self._exposed_lanes
            for other, fit in fits.items():
                if other != index:
                    others &= fit
            if others & self._fit(index, tuple(sorted([*specs[index], (size, True)]))):
                return True
        return False

    def _fit(self, index: int, spec: Spec) -> int:
        """The lanes (0xFF bytes) whose variant has a whole group for each exposed set of tile
        ``index`` (``spec``): the ``fit`` of :meth:`_removal`, without its rows, kept for more sets."""
        found = self._fits.get((index, spec))
        if found is None:
            lanes = bytearray(self.size)
            for lane, free, joker in self._like_groups[index]:
                if _take(spec, free, joker) is not None:
                    lanes[lane] = 0xFF
            found = int.from_bytes(lanes, "little")
            if len(self._fits) >= _MAX_FITS:
                del self._fits[next(iter(self._fits))]
            self._fits[index, spec] = found
        return found

    def _free_fit(self, size: int, taken: frozenset[int]) -> int:
        """The lanes where a set of jokers alone of ``size`` may stand for some tile outside
        ``taken`` (kept: the same sets come back for every discard of a hand)."""
        found = self._free_fits.get((size, taken))
        if found is None:
            found = 0
            for index in self._joker_kinds.get(size, ()):
                if index not in taken:
                    found |= self._fit(index, ((size, True),))
            if len(self._free_fits) >= _MAX_REMOVALS:
                del self._free_fits[next(iter(self._free_fits))]
            self._free_fits[size, taken] = found
        return found

    def _several_wild(self, counts: Sequence[int], exposed: Sequence[Meld], first: Meld) -> bytes | None:
        """Three or more sets of jokers alone: the first stands in turn for each tile some variant
        has a joker group of its size of, the others are worked out for each (this method again,
        then :meth:`_two_wild`), and each lane keeps its best."""
        best: int | None = None
        place = next(index for index, meld in enumerate(exposed) if meld is first)
        for tile in sorted(self._joker_kinds.get(first.size, ())):
            standing = Meld(first.tiles, exposed=True, called_from=first.called_from, represents=Tile.from_index(tile))
            found = self.exposed_aways(counts, [*exposed[:place], standing, *exposed[place + 1 :]])
            if found is None:  # pragma: no cover - every set is of like tiles here
                return None
            lanes = int.from_bytes(found.translate(_RULED_OUT_LOW), "little")
            best = lanes if best is None else self._lower(best, lanes)
        if best is None:
            return b"\xff" * self.size
        return self._finished(best, 0)

    def _finished(self, lanes: int, bias: int) -> bytes:
        """Lanes of values below 0x80 (0x7F where nothing fits) as tiles away, less ``bias``: one
        byte a variant, 255 where it is ruled out."""
        ruled_out = ((((lanes | self._high) - 0x7F * self._ones) & self._high) >> 7) * 0xFF
        return ((lanes - bias) & (self._all ^ ruled_out) | ruled_out).to_bytes(self.size, "little")

    def _fit_without(
        self, terms: dict[int, tuple[int, int, int, int]], specs: dict[int, list[tuple[int, bool]]], left_out: int
    ) -> int:
        """The lanes the exposed sets of every tile but ``left_out`` let fit (only exposed tiles
        rule lanes out)."""
        fit = self._all
        for index in specs:
            if index != left_out:
                fit &= terms[index][0]
        return fit

    def concealed_aways(self, counts: Sequence[int]) -> bytes:
        """Every variant's tiles away for a concealed hand's ``counts`` (jokers included), one
        byte per variant."""
        return self.concealed_lanes(counts).to_bytes(self.size, "little")

    def concealed_lanes(self, counts: Sequence[int]) -> int:
        """:meth:`concealed_aways` as one integer, a byte a variant (every value below 0x80)."""
        held_sum = pair_sum = 0
        held_tables, pair_tables = self._held, self._pairs
        for index, held in enumerate(counts):
            if held:
                row = held_tables[index]
                if row is not None:
                    held_sum += row[held]
                    pair_sum += pair_tables[index][held]  # type: ignore[index]
        by_pairs = self._pair_totals - pair_sum
        by_total = self._fourteen - counts[JOKER] * self._ones - held_sum
        greater = (((by_pairs | self._high) - by_total) & self._high) >> 7
        mask = greater * 0xFF
        best = (by_pairs & mask) | (by_total & (self._all ^ mask))
        return best - self._bias

    def loose_lanes(self, counts: Sequence[int]) -> int:
        """:meth:`concealed_lanes` as if jokers could fill every slot, singles' and pairs' too: the
        tiles each variant lacks in all, never above :meth:`concealed_lanes` lane by lane (a
        lower bound of it), with half its additions (no pairs' sums) and none of its comparison."""
        held_sum = 0
        held_tables = self._held
        for index, held in enumerate(counts):
            if held:
                row = held_tables[index]
                if row is not None:
                    held_sum += row[held]
        return self._fourteen - counts[JOKER] * self._ones - held_sum - self._bias

    def line_minimums(self, aways: bytes | bytearray, lanes: int | None = None) -> list[int]:
        """Each line's least tiles away (255: every variant ruled out), by doubling over the byte
        lanes: after step k each lane holds the minimum of itself and the next 2**(k+1) - 1 lanes
        of its line, so a short line's first lane ends with the line's minimum, and a long line's
        is the least of every window's first lane."""
        if not self.size:
            return []
        high, full = self._high, self._all
        if lanes is None:  # ``lanes``: the same as an integer, when no lane is ruled out
            lanes = int.from_bytes(aways.translate(_RULED_OUT_LOW), "little")
        for shift, keep, filler in self._minimum_steps:
            neighbour = ((lanes >> shift) & keep) | filler
            lower = ((((neighbour | high) - lanes) & high) >> 7) * 0xFF  # neighbour >= lane
            lanes = (lanes & lower) | (neighbour & (full ^ lower))
        found = lanes.to_bytes(self.size, "little").translate(_RULED_OUT_HIGH)
        minimums = list(self._first_lanes(found))
        window = self._window
        for position, start, end in self._long_lines:
            minimums[position] = min(found[start:end:window])
        return minimums
