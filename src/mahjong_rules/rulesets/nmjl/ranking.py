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

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from mahjong_rules.melds import Meld
from mahjong_rules.rulesets.nmjl.card import Card, Line
from mahjong_rules.rulesets.nmjl.variants import Variant
from mahjong_rules.solver import TargetGroup
from mahjong_rules.solver.grammar import JOKER
from mahjong_rules.tiles import NUM_TILE_KINDS

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


class _Removal(NamedTuple):
    """For one exposed tile and size: the lanes whose variant has such a group (joker-free, and
    joker-allowed), and per held count the variant's ``min(T, h)`` and ``min(NP, h)`` for that tile
    once the group is taken away (by a joker-free group, or by a joker group)."""

    free_mask: int
    joker_mask: int
    held_free: list[int]
    held_joker: list[int]
    pairs_free: list[int]
    pairs_joker: list[int]


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
        held_tables = [[bytearray(size) for _ in range(_MAX_HELD + 1)] for _ in range(NUM_TILE_KINDS)]
        pair_tables = [[bytearray(size) for _ in range(_MAX_HELD + 1)] for _ in range(NUM_TILE_KINDS)]
        used = [False] * NUM_TILE_KINDS
        for lane, (no_jokers, with_jokers) in enumerate(self.slots):
            totals[lane] = sum(no_jokers.values()) + _BIAS
            for index in no_jokers.keys() | with_jokers.keys():
                used[index] = True
                pair_slots = no_jokers.get(index, 0)
                all_slots = pair_slots + with_jokers.get(index, 0)
                for held in range(1, _MAX_HELD + 1):
                    held_tables[index][held][lane] = min(all_slots, held)
                    pair_tables[index][held][lane] = min(pair_slots, held)
        self._held = [
            [int.from_bytes(row, "little") for row in held_tables[index]] if used[index] else None
            for index in range(NUM_TILE_KINDS)
        ]
        self._pairs = [
            [int.from_bytes(row, "little") for row in pair_tables[index]] if used[index] else None
            for index in range(NUM_TILE_KINDS)
        ]
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
        self._removals: dict[tuple[int, int], _Removal] = {}

    def _removal(self, index: int, size: int) -> _Removal:
        found = self._removals.get((index, size))
        if found is not None:
            return found
        size_lanes = self.size
        free, joker = bytearray(size_lanes), bytearray(size_lanes)
        tables = [[bytearray(size_lanes) for _ in range(_MAX_HELD + 1)] for _ in range(4)]
        for lane, variant in enumerate(self.variants):
            groups = [group for group in variant if len(group.tiles) == size and set(group.tiles) == {index}]
            if not groups:
                continue
            no_jokers, with_jokers = self.slots[lane]
            pair_slots = no_jokers.get(index, 0)
            all_slots = pair_slots + with_jokers.get(index, 0)
            for is_free, mask, held_table, pair_table in (
                (True, free, tables[0], tables[2]),
                (False, joker, tables[1], tables[3]),
            ):
                if not any(group.jokers != is_free for group in groups):
                    continue
                mask[lane] = 0xFF
                for held in range(1, _MAX_HELD + 1):
                    held_table[held][lane] = min(all_slots - size, held)
                    pair_table[held][lane] = min(pair_slots - (size if is_free else 0), held)
        as_ints = [[int.from_bytes(row, "little") for row in table] for table in tables]
        found = _Removal(
            int.from_bytes(free, "little"),
            int.from_bytes(joker, "little"),
            as_ints[0],
            as_ints[1],
            as_ints[2],
            as_ints[3],
        )
        self._removals[(index, size)] = found
        return found

    def exposed_aways(self, counts: Sequence[int], exposed: Sequence[Meld]) -> bytes | None:
        """Every variant's tiles away for concealed ``counts`` with ``exposed`` sets, each a whole
        group of the variant (255 where they cannot be, and on concealed lines); ``None`` when
        two sets are of one tile or a set of jokers alone stands for no tile (the caller then
        goes variant by variant)."""
        kinds = [meld.represents.index if meld.represents is not None else -1 for meld in exposed]
        if -1 in kinds or len(set(kinds)) < len(kinds) or any(not meld.is_identical for meld in exposed):
            return None
        fit = self._exposed_lanes
        held_sum = pair_sum = pair_removed = 0
        for meld, index in zip(exposed, kinds, strict=True):
            removal = self._removal(index, meld.size)
            held = counts[index]
            if meld.joker_count:
                free_lanes, joker_lanes = 0, removal.joker_mask
            else:
                free_lanes = removal.free_mask
                joker_lanes = removal.joker_mask & (self._all ^ free_lanes)
            fit &= free_lanes | joker_lanes
            held_sum += (removal.held_free[held] & free_lanes) | (removal.held_joker[held] & joker_lanes)
            pair_sum += (removal.pairs_free[held] & free_lanes) | (removal.pairs_joker[held] & joker_lanes)
            pair_removed += (meld.size * self._ones) & free_lanes
        held_tables, pair_tables = self._held, self._pairs
        for index in range(NUM_TILE_KINDS):
            held = counts[index]
            if held and index != JOKER and index not in kinds:
                row = held_tables[index]
                if row is not None:
                    held_sum += row[held]
                    pair_sum += pair_tables[index][held]  # type: ignore[index]
        slots = 14 - sum(meld.size for meld in exposed)
        by_pairs = self._pair_totals - pair_removed - pair_sum
        by_total = (slots + _BIAS) * self._ones - counts[JOKER] * self._ones - held_sum
        greater = (((by_pairs | self._high) - by_total) & self._high) >> 7
        mask = greater * 0xFF
        best = ((by_pairs & mask) | (by_total & (self._all ^ mask))) - self._bias
        ruled_out = self._all ^ fit
        return ((best & fit) | ruled_out).to_bytes(self.size, "little")

    def concealed_aways(self, counts: Sequence[int]) -> bytes:
        """Every variant's tiles away for a concealed hand's ``counts`` (jokers included), one
        byte per variant."""
        held_sum = pair_sum = 0
        held_tables, pair_tables = self._held, self._pairs
        for index in range(NUM_TILE_KINDS):
            held = counts[index]
            if held and index != JOKER:
                row = held_tables[index]
                if row is not None:
                    held_sum += row[held]
                    pair_sum += pair_tables[index][held]  # type: ignore[index]
        by_pairs = self._pair_totals - pair_sum
        by_total = self._fourteen - counts[JOKER] * self._ones - held_sum
        greater = (((by_pairs | self._high) - by_total) & self._high) >> 7
        mask = greater * 0xFF
        best = (by_pairs & mask) | (by_total & (self._all ^ mask))
        return (best - self._bias).to_bytes(self.size, "little")

    def line_minimums(self, aways: bytes | bytearray) -> list[int]:
        return [min(aways[start:end]) for start, end in self.slices]
