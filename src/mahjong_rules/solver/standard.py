"""The standard form: sets (chows and pungs) plus one eye, on the 34 suit and honour tiles.

This is the shape of a Singapore (and Riichi, and Chinese) winning hand: ``sets`` sets plus one
pair from the concealed tiles, the declared melds making up the rest of the four sets. Every
function takes a count vector (a sequence indexed by :attr:`Tile.index
<mahjong_rules.Tile.index>`; only indexes 0-33 are read) and the number of sets the concealed
tiles must form.

How it is fast (see ``benchmarks/``): a suit's nine counts decide everything about that suit,
so each question is answered per suit from a table or a bounded memo keyed by the suit's slice
of the count vector (a tuple slice and a dict lookup, both in C), and the suits are combined
with a few small steps:

- *complete?* A table of every suit pattern that splits into sets plus at most one pair
  (built on first use, a few thousand entries) and one of the honour patterns.
- *tiles away*: for each suit pattern, the exact number of tiles missing to hold ``m`` sets
  and ``p`` pairs, for every ``m <= 4`` and ``p <= 1`` (the per-suit distance vectors of the
  tomohxx method, computed by a small dynamic programme and memoized); distance vectors are
  interned as small integers, and suits are combined by a memoized min-plus product on those.
- *waits*: for each suit pattern, the tiles whose addition completes it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from mahjong_rules.solver._cache import BoundedMemo

__all__ = [
    "Block",
    "decompositions",
    "discard_options",
    "is_complete",
    "thirteen_wonders_away",
    "tiles_away",
    "waits",
]

SUIT_OFFSETS = (0, 9, 18)
HONOR_OFFSET = 27
NUM_STANDARD_KINDS = 34
MAX_SETS = 4
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_INFINITY = 99
_MEMO_LIMIT = 1 << 17

Block = tuple[str, int]
"""A set of the standard form: ``("chow", i)`` (tiles ``i, i+1, i+2``), ``("pung", i)`` or
``("pair", i)``, where ``i`` is a tile index."""

Key = tuple[int, ...]

# -- complete patterns ----------------------------------------------------------------------------


def _build_complete_suits() -> dict[Key, int]:
    """Every suit pattern (nine counts, none above four) that splits into up to four sets plus at
    most one pair, mapped to its number of pairs (0 or 1)."""
    sets: list[Key] = []
    for rank in range(9):
        sets.append(tuple(3 if i == rank else 0 for i in range(9)))
    for rank in range(7):
        sets.append(tuple(1 if rank <= i <= rank + 2 else 0 for i in range(9)))
    without_pair: set[Key] = set()
    for size in range(MAX_SETS + 1):
        for chosen in itertools.combinations_with_replacement(sets, size):
            pattern = tuple(map(sum, zip(*chosen, strict=True))) if chosen else (0,) * 9
            if max(pattern) <= 4:
                without_pair.add(pattern)
    table = dict.fromkeys(without_pair, 0)
    for pattern in without_pair:
        for rank in range(9):
            if pattern[rank] <= 2:
                with_pair = (*pattern[:rank], pattern[rank] + 2, *pattern[rank + 1 :])
                table[with_pair] = 1
    return table


def _build_complete_honors() -> dict[Key, int]:
    """Every honour pattern whose tiles are all pungs or pairs, mapped to its number of pairs."""
    return {pattern: pattern.count(2) for pattern in itertools.product((0, 2, 3), repeat=NUM_STANDARD_KINDS - 27)}


_tables: dict[str, dict[Key, int]] = {}


def _complete_suits() -> dict[Key, int]:
    table = _tables.get("suits")
    if table is None:
        table = _tables["suits"] = _build_complete_suits()
    return table


def _complete_honors() -> dict[Key, int]:
    table = _tables.get("honors")
    if table is None:
        table = _tables["honors"] = _build_complete_honors()
    return table


def is_complete(counts: Sequence[int], sets: int = MAX_SETS) -> bool:
    """Whether the counts (indexes 0-33) form exactly ``sets`` sets plus one pair.

    >>> from mahjong_rules import Hand
    >>> is_complete(Hand.parse("123m456m789m234p55s").counts)
    True
    >>> is_complete(Hand.parse("123m456m789m234p56s").counts)
    False
    """
    suits = _tables.get("suits") or _complete_suits()
    honors = _tables.get("honors") or _complete_honors()
    pairs = honors.get(tuple(counts[27:34]), -9)
    if pairs < 0:
        return False
    pairs += suits.get(tuple(counts[0:9]), -9)
    if pairs < 0:
        return False
    pairs += suits.get(tuple(counts[9:18]), -9) + suits.get(tuple(counts[18:27]), -9)
    return pairs == 1 and sum(counts[0:34]) == 3 * sets + 2


# -- decompositions -------------------------------------------------------------------------------


def _decompose_part(key: Key, chows: bool) -> tuple[tuple[Block, ...], ...]:
    """Every split of one part (a suit or the honours) into pungs, chows and at most one pair.

    Canonical: at each rank, every copy is covered at once by a choice of pung, pair and chows
    starting there, so each split is produced exactly once.
    """
    counts = list(key)
    found: list[tuple[Block, ...]] = []

    def search(rank: int, blocks: list[Block], pair_used: bool) -> None:
        while rank < len(counts) and counts[rank] == 0:
            rank += 1
        if rank == len(counts):
            found.append(tuple(blocks))
            return
        here = counts[rank]
        for pung in (0, 1):
            for pair in (0,) if pair_used else (0, 1):
                chow_count = here - 3 * pung - 2 * pair
                if chow_count < 0 or (chow_count and not chows):
                    continue
                if chow_count and (
                    rank + 2 >= len(counts) or counts[rank + 1] < chow_count or counts[rank + 2] < chow_count
                ):
                    continue
                counts[rank] = 0
                if chow_count:
                    counts[rank + 1] -= chow_count
                    counts[rank + 2] -= chow_count
                added = [("pung", rank)] * pung + [("pair", rank)] * pair + [("chow", rank)] * chow_count
                search(rank + 1, blocks + added, pair_used or bool(pair))
                counts[rank] = here
                if chow_count:
                    counts[rank + 1] += chow_count
                    counts[rank + 2] += chow_count

    search(0, [], False)
    return tuple(found)


Split = tuple[tuple[Block, ...], tuple[Block, ...]]
"""One part's split: its sets, then its pair (empty or one block), with tile indexes."""


def _part_splits(part: tuple[int, Key]) -> tuple[Split, ...]:
    offset, key = part
    return tuple(
        (
            tuple((kind, offset + rank) for kind, rank in blocks if kind != "pair"),
            tuple((kind, offset + rank) for kind, rank in blocks if kind == "pair"),
        )
        for blocks in _decompose_part(key, chows=offset != HONOR_OFFSET)
    )


_splits = BoundedMemo(_part_splits, _MEMO_LIMIT)


def decompositions(counts: Sequence[int], sets: int = MAX_SETS) -> Iterator[tuple[Block, ...]]:
    """Every way of splitting the counts into ``sets`` sets plus one pair, each once, lazily.
    Each split lists its sets in tile order, then the pair.

    >>> from mahjong_rules import Hand
    >>> for split in decompositions(Hand.parse("111222333m 789p 55s").counts):
    ...     print(split)
    (('chow', 9), ('chow', 9), ('chow', 9), ('chow', 24), ('pair', 4))
    (('pung', 9), ('pung', 10), ('pung', 11), ('chow', 24), ('pair', 4))
    """
    if type(counts) is not tuple:
        counts = tuple(counts)
    if sum(counts[0:34]) != 3 * sets + 2:
        return
    known = _splits.data
    bams = known.get((0, counts[0:9])) or _splits((0, counts[0:9]))
    craks = (known.get((9, counts[9:18])) or _splits((9, counts[9:18]))) if bams else ()
    dots = (known.get((18, counts[18:27])) or _splits((18, counts[18:27]))) if craks else ()
    honors = (known.get((27, counts[27:34])) or _splits((27, counts[27:34]))) if dots else ()
    for bam_sets, bam_pair in bams:
        for crak_sets, crak_pair in craks:
            for dot_sets, dot_pair in dots:
                for honor_sets, honor_pair in honors:
                    pair = bam_pair + crak_pair + dot_pair + honor_pair
                    if len(pair) == 1:
                        yield bam_sets + crak_sets + dot_sets + honor_sets + pair


# -- tiles away ------------------------------------------------------------------------------------

# Distance vectors are tuples of 10 numbers, entry 2 * m + p being the fewest tiles missing for
# the part to hold m sets and p pairs. They are interned: parts are combined through their ids.
_vector_ids: dict[Key, int] = {}
_vectors: list[Key] = []


def _intern(vector: Key) -> int:
    vector_id = _vector_ids.get(vector)
    if vector_id is None:
        vector_id = _vector_ids[vector] = len(_vectors)
        _vectors.append(vector)
    return vector_id


def _part_distances(key: Key, chows: bool, caps: Key | None = None) -> Key:
    """The distance vector of one part, by a dynamic programme over its ranks.

    The state after a rank is (chows started one rank back, chows started at this rank, sets,
    pairs); choosing at each rank how many chows start there, and whether a pung or the pair sits
    there, costs the tiles the part lacks at that rank. No rank may need more than four tiles, or
    than its ``caps`` when some copies are out of reach (in exposed sets).
    """
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    size = len(key)
    for rank in range(size):
        have = key[rank]
        cap = 4 if caps is None else caps[rank]
        chow_choices = range(5) if chows and rank + 2 < size else range(1)
        following: dict[tuple[int, int, int, int], int] = {}
        for (older, newer, sets, pairs), cost in states.items():
            for started in chow_choices:
                for pung in (0, 1):
                    made = sets + started + pung
                    if made > MAX_SETS:
                        break
                    for pair in (0,) if pairs else (0, 1):
                        need = older + newer + started + 3 * pung + 2 * pair
                        if need > cap:
                            break
                        state = (newer, started, made, pairs + pair)
                        total = cost + (need - have if need > have else 0)
                        if total < following.get(state, _INFINITY):
                            following[state] = total
        states = following
    vector = [_INFINITY] * (2 * (MAX_SETS + 1))
    for (older, newer, sets, pairs), cost in states.items():
        if older == 0 and newer == 0 and cost < vector[2 * sets + pairs]:
            vector[2 * sets + pairs] = cost
    return tuple(vector)


def _part_info(key: Key, chows: bool, caps: Key | None = None) -> tuple[int, int, int]:
    """(distance vector id, distinct terminal/honour tiles held, 1 if one is held twice or more)."""
    vector_id = _intern(_part_distances(key, chows, caps))
    held = (key[0], key[8]) if chows else key
    return vector_id, sum(1 for n in held if n), 1 if any(n >= 2 for n in held) else 0


def _combine_vectors(ids: tuple[int, int]) -> int:
    left, right = _vectors[ids[0]], _vectors[ids[1]]
    combined = [_INFINITY] * len(left)
    for sets_left in range(MAX_SETS + 1):
        for pairs_left in (0, 1):
            cost_left = left[2 * sets_left + pairs_left]
            if cost_left >= _INFINITY:
                continue
            for sets_right in range(MAX_SETS + 1 - sets_left):
                for pairs_right in (0,) if pairs_left else (0, 1):
                    total = cost_left + right[2 * sets_right + pairs_right]
                    index = 2 * (sets_left + sets_right) + pairs_left + pairs_right
                    if total < combined[index]:
                        combined[index] = total
    return _intern(tuple(combined))


PartInfo = tuple[int, int, int]
_suit_info: BoundedMemo[Key, PartInfo] = BoundedMemo(lambda key: _part_info(key, chows=True), _MEMO_LIMIT)
_honor_info: BoundedMemo[Key, PartInfo] = BoundedMemo(lambda key: _part_info(key, chows=False), _MEMO_LIMIT)
_combined = BoundedMemo(_combine_vectors, _MEMO_LIMIT)


def thirteen_wonders_away(counts: Sequence[int]) -> int:
    """Tiles away from Thirteen Wonders: one of each terminal and honour, plus one of them twice.

    >>> from mahjong_rules import Hand
    >>> thirteen_wonders_away(Hand.parse("19m19p19s1234567z").counts)
    1
    """
    distinct = sum(1 for index in TERMINALS_AND_HONORS if counts[index])
    pair = any(counts[index] >= 2 for index in TERMINALS_AND_HONORS)
    return 14 - distinct - pair


def tiles_away(
    counts: Sequence[int],
    sets: int = MAX_SETS,
    *,
    thirteen_wonders: bool = False,
    limits: Sequence[int] | None = None,
) -> int:
    """The fewest tiles to exchange for the counts to hold ``sets`` sets and one pair
    (0: complete; a 13-tile hand one tile short: 1). Exact: it equals Riichi shanten + 1.

    With ``thirteen_wonders`` (only meaningful when ``sets`` is 4, a fully concealed hand), the
    distance to Thirteen Wonders counts too. ``limits`` caps the copies of each tile (indexes
    0-33) the concealed tiles may reach, when exposed sets hold some; by default four of each.

    >>> from mahjong_rules import Hand
    >>> tiles_away(Hand.parse("123m456m789m234p5s").counts)
    1
    >>> tiles_away(Hand.parse("19m19p19s123456z 99s").counts, thirteen_wonders=True)
    1
    """
    if type(counts) is not tuple:
        counts = tuple(counts)
    if limits is not None:
        return _capped_tiles_away(counts, sets, thirteen_wonders, tuple(limits[:34]))
    suit_info, honor_info, combined_ids = _suit_info.data, _honor_info.data, _combined.data
    first = suit_info.get(counts[0:9]) or _suit_info(counts[0:9])
    second = suit_info.get(counts[9:18]) or _suit_info(counts[9:18])
    third = suit_info.get(counts[18:27]) or _suit_info(counts[18:27])
    honors = honor_info.get(counts[27:34]) or _honor_info(counts[27:34])
    ids = (first[0], second[0])
    combined = combined_ids.get(ids) or _combined(ids)
    ids = (combined, third[0])
    combined = combined_ids.get(ids) or _combined(ids)
    ids = (combined, honors[0])
    combined = combined_ids.get(ids) or _combined(ids)
    away = _vectors[combined][2 * sets + 1]
    if thirteen_wonders and sets == MAX_SETS:
        distinct = first[1] + second[1] + third[1] + honors[1]
        pair = first[2] | second[2] | third[2] | honors[2]
        away = min(away, 14 - distinct - pair)
    return away


_capped_info: BoundedMemo[tuple[Key, Key, bool], PartInfo] = BoundedMemo(
    lambda item: _part_info(item[0], item[2], item[1]), _MEMO_LIMIT
)


def _capped_tiles_away(counts: Key, sets: int, thirteen_wonders: bool, caps: Key) -> int:
    """Tiles away when some tiles have fewer than four copies within reach."""
    parts = [(counts[offset : offset + 9], caps[offset : offset + 9], True) for offset in SUIT_OFFSETS]
    parts.append((counts[27:34], caps[27:34], False))
    infos = [_capped_info(part) for part in parts]
    combined = infos[0][0]
    for info in infos[1:]:
        combined = _combined((combined, info[0]))
    away = _vectors[combined][2 * sets + 1]
    if thirteen_wonders and sets == MAX_SETS:
        reachable = all(caps[index] >= 1 for index in TERMINALS_AND_HONORS)
        if reachable:
            away = min(away, thirteen_wonders_away(counts))
    return away


# -- waits -----------------------------------------------------------------------------------------


def _part_waits(key: Key, table: dict[Key, int]) -> tuple[tuple[int, int], ...]:
    """(rank, pairs after) for each tile whose addition makes the part complete."""
    found = []
    for rank, held in enumerate(key):
        if held < 4:
            pairs = table.get((*key[:rank], held + 1, *key[rank + 1 :]))
            if pairs is not None:
                found.append((rank, pairs))
    return tuple(found)


PartWaits = tuple[tuple[int, int], ...]
_suit_waits: BoundedMemo[Key, PartWaits] = BoundedMemo(lambda key: _part_waits(key, _complete_suits()), _MEMO_LIMIT)
_honor_waits: BoundedMemo[Key, PartWaits] = BoundedMemo(lambda key: _part_waits(key, _complete_honors()), _MEMO_LIMIT)


def waits(counts: Sequence[int], sets: int = MAX_SETS, *, thirteen_wonders: bool = False) -> frozenset[int]:
    """The tile indexes that complete a hand one tile short of ``sets`` sets and one pair
    (and of Thirteen Wonders, with ``thirteen_wonders``). A tile the hand holds four of is never
    a wait.

    >>> from mahjong_rules import Hand, Tile
    >>> sorted(str(Tile.from_index(i)) for i in waits(Hand.parse("1112345678999m").counts))
    ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C']
    """
    if sum(counts[0:34]) != 3 * sets + 1:
        return frozenset()
    suits, honors = _complete_suits(), _complete_honors()
    parts = [
        (offset, key, suits.get(key), _suit_waits)
        for offset in SUIT_OFFSETS
        for key in (tuple(counts[offset : offset + 9]),)
    ]
    honor_key = tuple(counts[27:34])
    parts.append((HONOR_OFFSET, honor_key, honors.get(honor_key), _honor_waits))
    incomplete = [part for part in parts if part[2] is None]
    found: set[int] = set()
    if len(incomplete) <= 1:
        complete_pairs = sum(part[2] or 0 for part in parts)
        for offset, key, pairs, part_waits in incomplete or parts:
            others = complete_pairs - (pairs or 0)
            found.update(offset + rank for rank, after in part_waits(key) if after + others == 1)
    if thirteen_wonders and sets == MAX_SETS and thirteen_wonders_away(counts) == 1:
        missing = [index for index in TERMINALS_AND_HONORS if not counts[index]]
        found.update(missing or TERMINALS_AND_HONORS)
    return frozenset(found)


# -- discards --------------------------------------------------------------------------------------


def discard_options(
    counts: Sequence[int], sets: int = MAX_SETS, *, thirteen_wonders: bool = False
) -> list[tuple[int, int, frozenset[int]]]:
    """For a hand holding one tile more than ``3 * sets + 1``: each tile index it could discard,
    with the tiles away the discard leaves and the tile indexes that would then bring it one tile
    closer, best discards first (then by tile index).

    >>> from mahjong_rules import Hand, Tile
    >>> for discard, away, helpful in discard_options(Hand.parse("123m456m789m234p 5s E").counts)[:2]:
    ...     print(Tile.from_index(discard), away, [str(Tile.from_index(i)) for i in sorted(helpful)])
    5B 1 ['E']
    E 1 ['5B']
    """
    held = list(counts[0:34])
    options = []
    for index in range(NUM_STANDARD_KINDS):
        if not held[index]:
            continue
        held[index] -= 1
        away = tiles_away(held, sets, thirteen_wonders=thirteen_wonders)
        helpful = []
        for tile in range(NUM_STANDARD_KINDS):
            if held[tile] < 4:
                held[tile] += 1
                if tiles_away(held, sets, thirteen_wonders=thirteen_wonders) < away:
                    helpful.append(tile)
                held[tile] -= 1
        held[index] += 1
        options.append((index, away, frozenset(helpful)))
    options.sort(key=lambda option: (option[1], option[0]))
    return options
