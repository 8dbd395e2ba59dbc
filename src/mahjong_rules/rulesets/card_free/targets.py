"""Every valid Card-Free hand, as a concrete target: the blocks a finished hand would hold.

A target is a tuple of :class:`~mahjong_rules.solver.TargetGroup`: an identical block repeats its
tile (jokers may stand in blocks of 3 or more, ruling C4), the NEWS block is four single winds
(ruling C3), and no block is made of jokers only (a block of jokers stands for one of these,
ruling L4). They follow the rules exactly as :mod:`.rules` reads hands: a category's set (ruling
C1), special blocks beyond it (rulings C2, C3, C11, C12), a pattern, no woven hands (ruling C5),
and the three Dragon hands (ruling C8). The distance of a hand is its distance to the nearest
target, which makes this module the reference the fast distance is checked against:
:func:`reference_away` by brute force over the targets (seconds a hand), :class:`TargetScan` the
same over every target at once (milliseconds a hand, after a one-off build).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from mahjong_rules.hand import Hand
from mahjong_rules.rulesets.card_free.options import CardFreeOptions
from mahjong_rules.rulesets.card_free.rules import (
    CATEGORY_SEQUENCES,
    THREES,
    WIND_SETS,
    Pattern,
)
from mahjong_rules.solver import Group, TargetGroup, target_away
from mahjong_rules.tiles import Dragon, Seat, Suit, Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["Block", "Target", "TargetScan", "as_target_groups", "reference_away", "targets"]

HAND_SIZE = 14
JOKER = Tile.JOKER.index

Block = tuple[int, int]
"""A block of a target as (tile index, size); a NEWS block is (-1, 4)."""
Target = tuple[Block, ...]

NEWS_BLOCK: Block = (-1, 4)
FLOWER_PAIR: Block = (Tile.FLOWER.index, 2)
DRAGONS = tuple(dragon.tile.index for dragon in Dragon)
NEWS_TILES = tuple(seat.wind.index for seat in Seat)


def _non_woven_suits(length: int) -> Iterator[tuple[Suit, ...]]:
    """Every suit for each of ``length`` numbers in order, each suit one unbroken run (ruling C5)."""
    for suits in itertools.product(Suit, repeat=length):
        runs = [suit for position, suit in enumerate(suits) if position == 0 or suits[position - 1] is not suit]
        if len(runs) == len(set(runs)):
            yield suits


def _sets() -> Iterator[tuple[int, ...]]:
    """Every set as tile indexes: numbers with their suits, or winds."""
    for sequence in CATEGORY_SEQUENCES.values():
        for length in range(3, len(sequence) + 1):
            for start in range(len(sequence) - length + 1):
                window = sequence[start : start + length]
                for suits in _non_woven_suits(length):
                    yield tuple(suit.tile(number).index for number, suit in zip(window, suits, strict=True))
    for suits in _non_woven_suits(3):
        yield tuple(suit.tile(number).index for number, suit in zip(THREES, suits, strict=True))
    for number in range(1, 10):
        yield tuple(suit.tile(number).index for suit in Suit)
    for winds in WIND_SETS:
        yield tuple(seat.wind.index for seat in winds)


def _assignments(blocks: Sequence[int], sizes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Each distinct way of giving the blocks the sizes (a permutation of the multiset)."""
    return _orders(len(blocks), tuple(sizes))


@functools.cache
def _orders(count: int, sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(set(itertools.permutations(sizes, count))))


@functools.cache
def targets() -> tuple[Target, ...]:
    """Every valid hand (regular and Dragon hands), each block once per tile."""
    found: set[Target] = set()
    shared: dict[Block, Block] = {}  # one tuple per block, shared by the targets (a third of the memory)
    patterns = [pattern.sizes for pattern in Pattern]
    for chosen in _sets():
        for flower, news in itertools.product((False, True), repeat=2):
            for dragon_count in range(4):
                for dragons in itertools.combinations(DRAGONS, dragon_count):
                    blocks = len(chosen) + flower + news + dragon_count
                    for pattern in patterns:
                        sizes = list(pattern)
                        if len(sizes) != blocks:
                            continue
                        if flower:
                            if 2 not in sizes:
                                continue
                            sizes.remove(2)
                        if news:
                            if 4 not in sizes:
                                continue
                            sizes.remove(4)
                        free = (*chosen, *dragons)
                        fixed = [FLOWER_PAIR] * flower + [NEWS_BLOCK] * news
                        for given in _assignments(free, sizes):
                            chosen_blocks = [*zip(free, given, strict=True), *fixed]
                            found.add(tuple(sorted(shared.setdefault(block, block) for block in chosen_blocks)))
    found |= set(_dragon_hands())
    return tuple(sorted(found))


def _dragon_hands() -> Iterator[Target]:
    green, red, white = DRAGONS
    one_bam = Suit.BAMS.tile(1).index
    # Dragon's Breath: a Pair of each Dragon and of each Wind.
    yield tuple(sorted((index, 2) for index in (*DRAGONS, *NEWS_TILES)))
    # Dragon's Wings: a Kong of each Dragon and a Pair of 1 Bamboo.
    yield tuple(sorted([(green, 4), (red, 4), (white, 4), (one_bam, 2)]))
    # Dragon's Love: two different Dragon Kongs and two Flower Pungs (one block of six flowers).
    for pair in itertools.combinations(DRAGONS, 2):
        yield tuple(sorted([(pair[0], 4), (pair[1], 4), (Tile.FLOWER.index, 6)]))


def as_target_groups(target: Target) -> list[TargetGroup]:
    """A target as the solver's groups (six flowers are two Pungs)."""
    groups = []
    for index, size in target:
        if index < 0:
            groups.append(TargetGroup(NEWS_TILES, False))
        elif index == Tile.FLOWER.index and size == 6:
            groups += [TargetGroup((index,) * 3, True)] * 2
        else:
            groups.append(TargetGroup((index,) * size, size >= 3))
    return groups


# -- the reference distance ---------------------------------------------------------------------------
#
# The distance of a hand is the least cost, over every target and every way of matching each
# exposed set to a whole block of it, of the solver's formula for the concealed tiles and the
# blocks left; a target counts only if the game's tiles can make it alongside the exposed sets
# as they are (their natural tiles and jokers stay where they are).


def _exposed_groups(hand: Hand) -> list[Group]:
    return [
        Group(
            "identical" if meld.is_identical else "singles" if meld.is_singles else "chow",
            tuple(sorted(tile.index for tile in meld.naturals)),
            meld.joker_count,
        )
        for meld in hand.melds
    ]


def _matches(exposed: Group, group: TargetGroup) -> bool:
    # Flowers are called only for Mah Jongg (rulings C12, L6): no exposed set is a flower block.
    if exposed.shape == "chow" or exposed.size != group.size or FLOWER_PAIR[0] in group.tiles:
        return False
    if exposed.shape == "identical":
        if exposed.jokers and not group.jokers:
            return False
        return len(set(group.tiles)) == 1 and set(exposed.tiles) <= set(group.tiles)
    return not exposed.jokers and sorted(exposed.tiles) == sorted(group.tiles)


def _matchings(
    exposed: Sequence[Group], target: Sequence[TargetGroup], taken: tuple[int, ...] = ()
) -> Iterator[tuple[int, ...]]:
    """Each way of giving every exposed set its own block of the target (as positions)."""
    if len(taken) == len(exposed):
        yield taken
        return
    group = exposed[len(taken)]
    for position, block in enumerate(target):
        if position not in taken and _matches(group, block):
            yield from _matchings(exposed, target, (*taken, position))


def _feasible(left: Sequence[TargetGroup], exposed: Sequence[Group], tileset: TileSet) -> bool:
    """Whether the tile set holds the blocks ``left`` beside the exposed sets as they are: enough
    natural copies for the slots jokers cannot fill, and enough jokers for the slots beyond the
    copies."""
    copies = tileset.counts
    used: dict[int, int] = {}
    jokers = copies[JOKER]
    for group in exposed:
        for index in group.tiles:
            used[index] = used.get(index, 0) + 1
        jokers -= group.jokers
    slots: dict[int, int] = {}
    no_joker: dict[int, int] = {}
    for block in left:
        for index in block.tiles:
            slots[index] = slots.get(index, 0) + 1
            if not block.jokers:
                no_joker[index] = no_joker.get(index, 0) + 1
    for index, count in slots.items():
        room = copies[index] - used.get(index, 0)
        if no_joker.get(index, 0) > room:
            return False
        jokers -= max(count - room, 0)
    return jokers >= 0


def _could_match(target: Target, exposed: Sequence[Group]) -> bool:
    blocks = set(target)
    for group in exposed:
        if group.shape == "identical" and group.tiles:
            index = group.tiles[0]
            if (index, group.size) not in blocks and not (index == FLOWER_PAIR[0] and (index, 6) in blocks):
                return False
        elif group.shape == "singles" and NEWS_BLOCK not in blocks:
            return False
    return True


def reference_away(hand: Hand, options: CardFreeOptions) -> int | None:
    """Tiles away by brute force over every target (seconds per hand): the definition the fast
    distance is checked against. ``None`` when no target keeps the exposed sets."""
    exposed = _exposed_groups(hand)
    tileset = options.tileset
    counts = hand.concealed_counts
    best: int | None = None
    for target in targets():
        if not _could_match(target, exposed):
            continue
        groups = as_target_groups(target)
        for matching in _matchings(exposed, groups):
            left = [group for position, group in enumerate(groups) if position not in matching]
            if not _feasible(left, exposed, tileset):
                continue
            away = target_away(counts, left)
            if away is not None and (best is None or away < best):
                best = away
    return best


# -- the same, bit-parallel ---------------------------------------------------------------------------
#
# One byte per target. For each tile kind, three byte strings: its count T in the target, its
# count NP in slots jokers cannot fill, and the size of its block (6 for the six flowers of
# Dragon's Love). Per hand, ``bytes.translate`` turns them into min(T, held) and min(NP, held), and
# big integers add them for every target at once; the cost ``max(NPtot - sum min(NP, h), 14 - J -
# sum min(T, h))`` is a byte-wise maximum by mask arithmetic, and the least byte is found with
# ``bytes.find``. An exposed set of tile t and size s counts as s more copies of t held, in the
# targets with a block (t, s) only; an exposed set of jokers is tried as every tile in turn.

_BIAS = 32
_HELD_LIMIT = 320  # vectors kept, 180 kB each: enough for every tile and count a hand can hold
_KINDS = FLOWER_PAIR[0] + 1  # the tiles a target may use: numbers, dragons, winds, flowers


def _table(function: Callable[[int], int]) -> bytes:
    return bytes(min(max(function(value), 0), 255) for value in range(256))


def _unless_equal(wanted: int) -> bytes:
    """Bytes -> 255 unless they equal ``wanted`` (targets without the block an exposure needs)."""
    return _table(lambda value: 0 if value == wanted else 255)


def _above(room: int) -> bytes:
    """Bytes -> 255 when above ``room`` (targets needing more natural copies than are left)."""
    return _table(lambda value: 255 if value > room else 0)


class TargetScan:
    """The reference distance for one set of options, every target at once (a few milliseconds a
    hand, more with exposed sets of jokers, each tried as every tile); built in about a second,
    it holds up to 75 MB."""

    def __init__(self, options: CardFreeOptions) -> None:
        found = targets()
        self.options = options
        self.size = len(found)
        self.copies = list(options.tileset.counts)
        slots = [bytearray(self.size) for _ in range(_KINDS)]
        no_joker = [bytearray(self.size) for _ in range(_KINDS)]
        blocks = [bytearray(self.size) for _ in range(_KINDS)]
        for position, target in enumerate(found):
            for index, size in target:
                if index < 0:
                    for wind in NEWS_TILES:
                        slots[wind][position] += 1
                        no_joker[wind][position] += 1
                    continue
                slots[index][position] += size
                blocks[index][position] = size
                if size == 2:
                    no_joker[index][position] += size
        self.slots = [bytes(kind) for kind in slots]
        self.no_joker = [bytes(kind) for kind in no_joker]
        self.blocks = [bytes(kind) for kind in blocks]
        self.ones = int.from_bytes(b"\x01" * self.size, "little")
        self.no_joker_total = sum(self._int(kind) for kind in self.no_joker)
        self.forced = [self._int(kind.translate(self._over(index, 0))) for index, kind in enumerate(self.slots)]
        self.forced_total = sum(self.forced)
        self._held_cache: dict[tuple[int, int, int], int] = {}

    def _int(self, data: bytes) -> int:
        return int.from_bytes(data, "little")

    def _over(self, index: int, jokers: int) -> bytes:
        """T -> the jokers a kind forces beyond its copies, less ``jokers`` already exposed on it."""
        return _table(lambda slots: slots - self.copies[index] - jokers)

    def _held(self, which: int, index: int, held: int) -> int:
        key = (which, index, held)
        value = self._held_cache.get(key)
        if value is None:
            source = self.slots if which == 0 else self.no_joker
            value = self._int(source[index].translate(_table(lambda slots: min(slots, held))))
            if len(self._held_cache) >= _HELD_LIMIT:
                self._held_cache.clear()
            self._held_cache[key] = value
        return value

    def away(self, hand: Hand) -> int | None:
        """Tiles away, as :func:`reference_away` defines it."""
        exposed = _exposed_groups(hand)
        naturals: list[_Placed] = []
        wilds: list[int] = []
        for group in exposed:
            if group.shape != "identical" or len(set(group.tiles)) > 1 or not 3 <= group.size <= 5:
                return reference_away(hand, self.options)
            if group.tiles:
                naturals.append((group.tiles[0], group.size, len(group.tiles), group.jokers))
            else:
                wilds.append(group.size)
        counts = hand.concealed_counts
        floor = max(HAND_SIZE - len(hand), 0)
        plain = [self._held(0, index, min(counts[index], 6)) if counts[index] else 0 for index in range(_KINDS)]
        pairs = sum(self._held(1, index, min(counts[index], 3)) for index in range(_KINDS) if counts[index])
        shared = _Shared(counts, sum(plain), plain, pairs, {})
        best: int | None = None
        seen: set[tuple[tuple[int, int], ...]] = set()
        # An exposed block of jokers is never a flower block (rulings C12, L6).
        for chosen in itertools.product(range(FLOWER_PAIR[0]), repeat=len(wilds)):
            mapping = tuple(sorted(zip(chosen, wilds, strict=True)))
            if mapping in seen:
                continue
            seen.add(mapping)
            placed = naturals + [(index, size, 0, size) for index, size in mapping]
            away = self._scan(shared, placed, floor)
            if away is not None and (best is None or away < best):
                best = away
                if best <= floor:
                    break
        return best

    def _on_kind(self, shared: _Shared, index: int, items: tuple[_Placed, ...]) -> _KindPart | None:
        """What the exposed sets placed on one kind change: the copies kept, the targets left
        out, the jokers forced, the jokers the sets hold."""
        known = shared.parts.get((index, items))
        if known is not None or (index, items) in shared.parts:
            return known
        sizes = [size for _, size, _, _ in items]
        part: _KindPart | None = None
        wanted = 0  # the size of the kind's block in the targets: two exposed Pungs only as six flowers
        if index == FLOWER_PAIR[0] and sizes in ([3], [3, 3]):
            wanted = 6
        elif len(items) == 1:
            wanted = sizes[0]
        if wanted:
            natural = sum(item[2] for item in items)
            jokers = sum(item[3] for item in items)
            held = min(shared.counts[index] + sum(sizes), 6)
            kept = self._held(0, index, held) - shared.plain[index]
            excluded = self._int(self.blocks[index].translate(_unless_equal(wanted)))
            excluded |= self._int(self.no_joker[index].translate(_above(self.copies[index] - natural)))
            # The exposed jokers of a kind stand in slots it would otherwise force jokers into.
            forced = self._int(self.slots[index].translate(self._over(index, jokers))) - self.forced[index]
            part = (kept, excluded, forced, jokers)
        shared.parts[(index, items)] = part
        return part

    def _scan(self, shared: _Shared, placed: Sequence[_Placed], floor: int) -> int | None:
        on_kind: dict[int, list[_Placed]] = {}
        for item in placed:
            on_kind.setdefault(item[0], []).append(item)
        ones = self.ones
        kept = shared.kept
        excluded = 0
        forced = self.forced_total
        jokers_left = self.copies[JOKER]
        for index, items in on_kind.items():
            part = self._on_kind(shared, index, tuple(sorted(items)))
            if part is None:
                return None
            kept += part[0]
            excluded |= part[1]
            forced += part[2]
            jokers_left -= part[3]
        if jokers_left < 0:
            return None
        high = ones * 0x80
        missing_pairs = self.no_joker_total - shared.pairs + ones * _BIAS
        rest = ones * (HAND_SIZE - shared.counts[JOKER] + _BIAS) - kept
        higher = ((missing_pairs | high) - rest) & high
        mask = (higher >> 7) * 0xFF
        cost = (missing_pairs & mask) | (rest & ~mask)
        over = (forced + ones * (0x7F - jokers_left)) & high
        cost |= excluded | ((over >> 7) * 0xFF)
        data = cost.to_bytes(self.size + 1, "little")[: self.size]
        for away in range(floor, HAND_SIZE + 1):
            if bytes([away + _BIAS]) in data:
                return away
        return None


_Placed = tuple[int, int, int, int]
"""An exposed set on a tile: (tile, size, natural copies, jokers)."""
_KindPart = tuple[int, int, int, int]


class _Shared(NamedTuple):
    """What every placement of one hand's exposed jokers shares."""

    counts: Sequence[int]
    kept: int
    plain: list[int]
    pairs: int
    parts: dict[tuple[int, tuple[_Placed, ...]], _KindPart | None]
