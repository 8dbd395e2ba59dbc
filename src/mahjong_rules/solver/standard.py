"""The standard form: sets (chows and pungs) plus one eye, on the 34 suit and honour tiles.

This is the shape of a Singapore (and Riichi, and Chinese) winning hand: ``sets`` sets plus one
pair from the concealed tiles, the declared melds making up the rest of the four sets. Every
function takes a count vector (a sequence indexed by :attr:`Tile.index
<mahjong_rules.Tile.index>`, at most four of each tile; only indexes 0-33 are read) and the
number of sets the concealed tiles must form.

How it is fast on any hand, seen before or not (see ``benchmarks/``): a suit's nine counts decide
everything about that suit, and a suit pattern is numbered by its base-5 code, so each question
is a few byte-table lookups:

- *tiles away*: shipped tables (``standard_tables.bin``, loaded on first use) give every suit
  and honour pattern's distance vector (the tomohxx method: the tiles missing for each number of
  sets and pairs), as one of 126 suit vectors (55 for the honours); the min-plus products of two
  suits (180 distinct) and of a suit with the honours (165) are tabled too, and so is the final
  distance for each pair of those and each number of sets. Parts the tables do not cover (more
  than 14 tiles, or copies capped by exposures) fall back to the reference programme.
- *complete?*, *decompositions* and *waits*: every complete suit pattern (21,743) and honour
  pattern (2,187), with its splits, enumerated on first use in a few milliseconds.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from mahjong_rules.solver import _standard_tables
from mahjong_rules.solver._cache import BoundedMemo
from mahjong_rules.solver._prefix_vectors import prefix_part_distances
from mahjong_rules.solver._standard_tables import NOT_IN_TABLE
from mahjong_rules.solver._vectors import INFINITY, MAX_SETS, combine, final_distance, part_distances

__all__ = [
    "MAX_SETS",
    "Block",
    "capped_exchange_rows",
    "decompositions",
    "discard_options",
    "exchange_away",
    "exchange_rows",
    "is_complete",
    "terminals_and_honors_only",
    "thirteen_wonders_away",
    "tiles_away",
    "waits",
]

SUIT_OFFSETS = (0, 9, 18)
HONOR_OFFSET = 27
NUM_STANDARD_KINDS = 34
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_MEMO_LIMIT = 1 << 14

Block = tuple[str, int]
"""A set of the standard form: ``("chow", i)`` (tiles ``i, i+1, i+2``), ``("pung", i)`` or
``("pair", i)``, where ``i`` is a tile index."""

Key = tuple[int, ...]
Split = tuple[tuple[Block, ...], tuple[Block, ...]]
"""One part's split: its sets, then its pair (empty or one block), with tile indexes."""

# A part's block as a small number, in the order splits list them: a chow starting at rank r is
# 2r, a pung at rank r is 2r + 1 (a chow before a pung of its first tile), a pair at rank r is
# _PAIR + r (the pair last).
_PAIR = 18
_SET_NUMBERS = tuple(number for number in range(_PAIR) if number % 2 or number // 2 < 7)


# -- the tables -------------------------------------------------------------------------------------


class _Tables(NamedTuple):
    tiles_away: tuple[bytes, bytes, bytes, bytes, bytes, int, int, int, bytes, bytes]
    complete_suit: bytearray  # per suit code: 0 not complete, 1 sets only, 2 sets and the pair
    complete_honor: bytearray
    suit_pairs: dict[Key, int]  # per complete suit pattern: its pairs (0 or 1)
    honor_pairs: dict[Key, int]
    suit_splits: dict[Key, tuple[tuple[int, ...], ...]]  # complete suit pattern -> splits, as block numbers


def _suit_block_pattern(block: int) -> list[int]:
    pattern = [0] * 9
    if block >= _PAIR:
        pattern[block - _PAIR] = 2
    elif block % 2:
        pattern[block // 2] = 3
    else:
        for rank in range(block // 2, block // 2 + 3):
            pattern[rank] = 1
    return pattern


def _complete_suits() -> dict[Key, tuple[tuple[int, ...], ...]]:
    """Every suit pattern of up to four sets and at most one pair, with all its splits: each
    multiset of sets, with or without a pair, is one split, so each split appears exactly once.
    Multisets come in lexicographic order of their block numbers, so each split's sets are in tile
    order and a pattern's splits in lexicographic order, with no sorting."""
    sets = {block: _suit_block_pattern(block) for block in _SET_NUMBERS}
    found: dict[Key, list[tuple[int, ...]]] = {}
    for size in range(MAX_SETS + 1):
        for chosen in itertools.combinations_with_replacement(_SET_NUMBERS, size):
            pattern = [0] * 9
            for block in chosen:
                for rank, count in enumerate(sets[block]):
                    pattern[rank] += count
            if max(pattern) > 4:
                continue
            found.setdefault(tuple(pattern), []).append(chosen)
            for rank in range(9):
                if pattern[rank] <= 2:
                    with_pair = (*pattern[:rank], pattern[rank] + 2, *pattern[rank + 1 :])
                    found.setdefault(with_pair, []).append((*chosen, _PAIR + rank))
    return {pattern: tuple(splits) for pattern, splits in found.items()}


def _flags(pairs: dict[Key, int], weights: Sequence[int], codes: int) -> bytearray:
    flags = bytearray(codes)
    for pattern, pair_count in pairs.items():
        flags[sum(count * weight for count, weight in zip(pattern, weights, strict=True))] = 1 + pair_count
    return flags


def _held(count: int) -> int:
    """A terminal or honour's part in Thirteen Wonders: 1 if held, and 16 more if held twice."""
    return (count > 0) + 16 * (count > 1)


def _wonders_tables() -> tuple[bytes, bytes]:
    """Per suit code and per honour code: the terminals (or honours) held, plus 16 for each held
    twice or more. Summed over the four parts, the low four bits count the distinct terminals and
    honours held, and 16 or more means one is held twice. Built with ``bytes.translate``, which
    adds a constant to every byte at C speed."""
    add = [bytes(min(value + step, 255) for value in range(256)) for step in range(18)]
    middle = 5**7
    suit = b"".join(
        (bytes(_held(last) for last in range(5)) * middle).translate(add[_held(first)]) for first in range(5)
    )
    honor = b"\x00"
    for _ in range(7):
        honor = b"".join(honor.translate(add[_held(count)]) for count in range(5))
    return suit, honor


_state: _Tables | None = None


def _load() -> _Tables:
    global _state
    shipped = _standard_tables.load()
    suit_splits = _complete_suits()
    suit_pairs = {pattern: int(splits[0][-1] >= _PAIR) if splits[0] else 0 for pattern, splits in suit_splits.items()}
    honor_pairs = {
        pattern: pattern.count(2) for pattern in itertools.product((0, 2, 3), repeat=7) if pattern.count(2) <= 1
    }
    hot = (
        shipped.suit_ids,
        shipped.honor_ids,
        shipped.suit_pairs,
        shipped.mixed_pairs,
        shipped.final,
        shipped.suits,
        shipped.honors,
        shipped.mixed,
        *_wonders_tables(),
    )
    _state = _Tables(
        hot,
        _flags(suit_pairs, _standard_tables.SUIT_WEIGHTS, _standard_tables.SUIT_CODES),
        _flags(honor_pairs, _standard_tables.HONOR_WEIGHTS, _standard_tables.HONOR_CODES),
        suit_pairs,
        honor_pairs,
        suit_splits,
    )
    return _state


# -- complete hands -------------------------------------------------------------------------------


def is_complete(counts: Sequence[int], sets: int = MAX_SETS) -> bool:
    """Whether the counts (indexes 0-33) form exactly ``sets`` sets plus one pair.

    >>> from mahjong_rules import Hand
    >>> is_complete(Hand.parse("123m456m789m234p55s").counts)
    True
    >>> is_complete(Hand.parse("123m456m789m234p56s").counts)
    False
    """
    state = _state or _load()
    if type(counts) is not tuple:
        counts = tuple(counts)
    # The honours first: in a random hand they are the likeliest part to fail.
    pairs = state.honor_pairs.get(counts[27:34], -9)
    if pairs < 0:
        return False
    suits = state.suit_pairs
    pairs += suits.get(counts[0:9], -9)
    if pairs < 0:
        return False
    pairs += suits.get(counts[9:18], -9) + suits.get(counts[18:27], -9)
    return pairs == 1 and sum(counts[0:34]) == 3 * sets + 2


# -- decompositions -------------------------------------------------------------------------------


def _blocks(offset: int) -> tuple[Block, ...]:
    sets = [("chow" if number % 2 == 0 else "pung", offset + number // 2) for number in range(_PAIR)]
    return (*sets, *(("pair", offset + rank) for rank in range(9)))


_SUIT_BLOCKS = tuple(_blocks(offset) for offset in SUIT_OFFSETS)
_HONOR_BLOCKS = _blocks(HONOR_OFFSET)


def _as_split(numbers: Sequence[int], blocks: tuple[Block, ...]) -> Split:
    # The numbers are in order, the pair (if any) last.
    if numbers and numbers[-1] >= _PAIR:
        return tuple(map(blocks.__getitem__, numbers[:-1])), (blocks[numbers[-1]],)
    return tuple(map(blocks.__getitem__, numbers)), ()


SuitEntry = tuple[int, tuple[Split, ...], tuple[Split, ...], tuple[Split, ...]]
"""A complete suit pattern's sets and pairs as ``8 * sets + pairs`` (so that a whole hand's parts
add up to ``8 * sets + 1`` exactly when it has the sets and one pair), then its splits with the
tile indexes of the Bams, of the Craks and of the Dots. One entry serves the three suits, so the
patterns a program meets most stay in the processor's caches."""
HonorEntry = tuple[int, Split]

_splits_state: tuple[dict[Key, SuitEntry], dict[Key, HonorEntry]] | None = None


def _load_splits() -> tuple[dict[Key, SuitEntry], dict[Key, HonorEntry]]:
    """Every complete pattern's splits with each suit's tile indexes (built on the first
    decomposition, in about a tenth of a second)."""
    global _splits_state
    state = _state or _load()
    bams, craks, dots = _SUIT_BLOCKS
    suits: dict[Key, SuitEntry] = {}
    for pattern, splits in state.suit_splits.items():
        pairs = state.suit_pairs[pattern]
        suits[pattern] = (
            8 * ((sum(pattern) - 2 * pairs) // 3) + pairs,
            tuple(_as_split(split, bams) for split in splits),
            tuple(_as_split(split, craks) for split in splits),
            tuple(_as_split(split, dots) for split in splits),
        )
    honors: dict[Key, HonorEntry] = {}
    for pattern, pairs in state.honor_pairs.items():
        numbers = sorted(2 * rank + 1 if count == 3 else _PAIR + rank for rank, count in enumerate(pattern) if count)
        honors[pattern] = (8 * ((sum(pattern) - 2 * pairs) // 3) + pairs, _as_split(numbers, _HONOR_BLOCKS))
    _splits_state = (suits, honors)
    return _splits_state


_NOTHING: tuple[tuple[Block, ...], ...] = ()


def decompositions(counts: Sequence[int], sets: int = MAX_SETS) -> Iterator[tuple[Block, ...]]:
    """Every way of splitting the counts into ``sets`` sets plus one pair, each once, lazily.
    Each split lists its sets in tile order (a chow before a pung of its first tile), then the
    pair; the splits come in that order too.

    >>> from mahjong_rules import Hand
    >>> for split in decompositions(Hand.parse("111222333m 789p 55s").counts):
    ...     print(split)
    (('chow', 9), ('chow', 9), ('chow', 9), ('chow', 24), ('pair', 4))
    (('pung', 9), ('pung', 10), ('pung', 11), ('chow', 24), ('pair', 4))
    """
    suit_table, honor_table = _splits_state or _load_splits()
    if type(counts) is not tuple:
        counts = tuple(counts)
    try:
        honor_weight, (honor_sets, honor_pair) = honor_table[counts[27:34]]
        bam = suit_table[counts[0:9]]
        crak = suit_table[counts[9:18]]
        dot = suit_table[counts[18:27]]
    except KeyError:  # a part that is not complete
        return iter(_NOTHING)
    if bam[0] + crak[0] + dot[0] + honor_weight != 8 * sets + 1:
        return iter(_NOTHING)
    bams, craks, dots = bam[1], crak[2], dot[3]
    if len(bams) == 1 and len(craks) == 1 and len(dots) == 1:
        (bam_sets, bam_pair), (crak_sets, crak_pair), (dot_sets, dot_pair) = bams[0], craks[0], dots[0]
        return iter(((*bam_sets, *crak_sets, *dot_sets, *honor_sets, *bam_pair, *crak_pair, *dot_pair, *honor_pair),))
    return (
        (*bam_sets, *crak_sets, *dot_sets, *honor_sets, *bam_pair, *crak_pair, *dot_pair, *honor_pair)
        for bam_sets, bam_pair in bams
        for crak_sets, crak_pair in craks
        for dot_sets, dot_pair in dots
    )


# -- tiles away ------------------------------------------------------------------------------------


def terminals_and_honors_only(counts: Sequence[int]) -> bool:
    """Whether the counts hold no tile of ranks 2 to 8 (a quick test before Thirteen Wonders).

    >>> from mahjong_rules import Hand
    >>> terminals_and_honors_only(Hand.parse("19m19p19s1234567z").counts)
    True
    """
    return not (any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26]))


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
    if limits is not None and min(limits[0:34]) < 4:
        return _reference_tiles_away(counts, sets, thirteen_wonders, tuple(limits[0:34]))
    suit_ids, honor_ids, suit_pairs, mixed_pairs, final, suits, honors, mixed, suit_wonders, honor_wonders = (
        _state or _load()
    ).tiles_away
    c = counts
    bams = c[0] * 390625 + c[1] * 78125 + c[2] * 15625 + c[3] * 3125 + c[4] * 625 + c[5] * 125 + c[6] * 25
    bams += c[7] * 5 + c[8]
    craks = c[9] * 390625 + c[10] * 78125 + c[11] * 15625 + c[12] * 3125 + c[13] * 625 + c[14] * 125
    craks += c[15] * 25 + c[16] * 5 + c[17]
    dots = c[18] * 390625 + c[19] * 78125 + c[20] * 15625 + c[21] * 3125 + c[22] * 625 + c[23] * 125
    dots += c[24] * 25 + c[25] * 5 + c[26]
    honor_code = c[27] * 15625 + c[28] * 3125 + c[29] * 625 + c[30] * 125 + c[31] * 25 + c[32] * 5 + c[33]
    try:
        first, second, third, fourth = suit_ids[bams], suit_ids[craks], suit_ids[dots], honor_ids[honor_code]
    except IndexError:  # a count above four: its code is past the table's end
        return _reference_tiles_away(counts, sets, thirteen_wonders, None)
    if (
        first == NOT_IN_TABLE
        or second == NOT_IN_TABLE
        or third == NOT_IN_TABLE
        or fourth == NOT_IN_TABLE
        or max(c[0:34]) > 4  # a count above four would alias another pattern's code
    ):
        return _reference_tiles_away(counts, sets, thirteen_wonders, None)
    away = final[(suit_pairs[first * suits + second] * mixed + mixed_pairs[third * honors + fourth]) * 5 + sets]
    if thirteen_wonders and away and sets == MAX_SETS:
        held = suit_wonders[bams] + suit_wonders[craks] + suit_wonders[dots] + honor_wonders[honor_code]
        wonders = 14 - (held & 15) - (held >= 16)
        if wonders < away:
            return wonders
    return away


# The weight of each tile kind (0-33) in its part's pattern code, and its part (0-2 suits, 3 honours).
_WEIGHTS = tuple(5 ** (8 - index % 9) for index in range(27)) + tuple(5 ** (6 - index) for index in range(7))
_PARTS = tuple(index // 9 for index in range(27)) + (3,) * 7


def exchange_away(
    counts: Sequence[int], sets: int = MAX_SETS, *, thirteen_wonders: bool = False
) -> Callable[[int, int], int]:
    """:func:`tiles_away` of the counts less one tile of kind ``removed`` and plus one of kind
    ``added`` (-1: none), for many such changes: the parts' codes are worked out once and each
    change moves at most two of them (what ``discard_options`` asks about 500 times)."""
    c = counts
    codes = [sum(c[9 * part + index] * _WEIGHTS[9 * part + index] for index in range(9)) for part in range(3)] + [
        sum(c[27 + index] * _WEIGHTS[27 + index] for index in range(7))
    ]
    tables = (_state or _load()).tiles_away
    suit_ids, honor_ids, suit_pairs, mixed_pairs, final, suits, honors, mixed, suit_wonders, honor_wonders = tables
    wonders = thirteen_wonders and sets == MAX_SETS

    def away(removed: int, added: int) -> int:
        part_codes = list(codes)
        if removed >= 0:
            if removed >= 34 or c[removed] == 0:
                return _changed_reference(counts, removed, added, sets, thirteen_wonders)
            part_codes[_PARTS[removed]] -= _WEIGHTS[removed]
        if added >= 0:
            if added >= 34 or c[added] + 1 - (added == removed) > 4:
                return _changed_reference(counts, removed, added, sets, thirteen_wonders)
            part_codes[_PARTS[added]] += _WEIGHTS[added]
        bams, craks, dots, honor_code = part_codes
        first, second, third, fourth = suit_ids[bams], suit_ids[craks], suit_ids[dots], honor_ids[honor_code]
        if NOT_IN_TABLE in (first, second, third, fourth):
            return _changed_reference(counts, removed, added, sets, thirteen_wonders)
        found: int = final[
            (suit_pairs[first * suits + second] * mixed + mixed_pairs[third * honors + fourth]) * 5 + sets
        ]
        if wonders and found:
            held = suit_wonders[bams] + suit_wonders[craks] + suit_wonders[dots] + honor_wonders[honor_code]
            found = min(found, 14 - (held & 15) - (held >= 16))
        return found

    return away


def exchange_rows(
    counts: Sequence[int], sets: int = MAX_SETS, *, thirteen_wonders: bool = False
) -> Callable[[int], tuple[int, list[int]]] | None:
    """For a hand that must discard: ``row(removed)`` gives :func:`tiles_away` of the counts less
    one tile of kind ``removed``, and the tiles away after each draw then (a list indexed by
    kind 0-33; a draw of a fifth copy reads as -1). The parts' table numbers are worked out once
    per hand, a part's after each draw once per hand or per discard in it, and each of the 34
    draws costs three lookups (what ``discard_options`` asks about 500 times). ``None`` when a
    part is not in the tables (more than four copies): ask :func:`exchange_away` instead."""
    c = counts
    if max(c[0:34]) > 4:
        return None
    suit_ids, honor_ids, suit_pairs, mixed_pairs, final, suits, honors, mixed, suit_wonders, honor_wonders = (
        _state or _load()
    ).tiles_away
    codes = [sum(c[9 * part + index] * _WEIGHTS[9 * part + index] for index in range(9)) for part in range(3)] + [
        sum(c[27 + index] * _WEIGHTS[27 + index] for index in range(7))
    ]
    part_tables = (suit_ids, suit_ids, suit_ids, honor_ids)
    wonder_tables = (suit_wonders, suit_wonders, suit_wonders, honor_wonders)
    ids = [part_tables[part][codes[part]] for part in range(4)]
    if NOT_IN_TABLE in ids:
        return None
    wonders = thirteen_wonders and sets == MAX_SETS
    held_wonders = [wonder_tables[part][codes[part]] for part in range(4)]

    def added(part: int, code: int) -> tuple[list[int], list[int]]:
        """The table number and the thirteen-wonders count of the part's code plus each of its
        kinds (``NOT_IN_TABLE`` for a fifth copy)."""
        first = 9 * part
        table, wonder_table = part_tables[part], wonder_tables[part]
        numbers, wonder_counts = [], []
        for index in range(first, first + (7 if part == 3 else 9)):
            if c[index] >= 4:
                numbers.append(NOT_IN_TABLE)
                wonder_counts.append(0)
                continue
            changed = code + _WEIGHTS[index]
            numbers.append(table[changed])
            wonder_counts.append(wonder_table[changed])
        return numbers, wonder_counts

    base_added = [added(part, codes[part]) for part in range(4)]

    def row(removed: int) -> tuple[int, list[int]]:
        part = _PARTS[removed]
        code = codes[part] - _WEIGHTS[removed]
        part_ids = list(ids)
        part_ids[part] = part_tables[part][code]
        held = list(held_wonders)
        held[part] = wonder_tables[part][code]
        numbers, wonder_counts = added(part, code)
        if c[removed] == 4:  # the removed copy may come back
            offset = removed - 9 * part
            numbers[offset] = part_tables[part][codes[part]]
            wonder_counts[offset] = held_wonders[part]
        first, second, third, fourth = part_ids
        low = suit_pairs[first * suits + second] * mixed
        high = mixed_pairs[third * honors + fourth]
        away: int = final[(low + high) * 5 + sets]
        wonder_sum = sum(held)
        wonders_away = 14 - (wonder_sum & 15) - (wonder_sum >= 16)
        if wonders and away > wonders_away:
            away = wonders_away
        # A draw brings Thirteen Wonders at most one tile closer: below that it cannot matter.
        wonders_floor = wonders_away - 1 if wonders else INFINITY
        afters: list[int] = []
        for draw_part in range(4):
            part_numbers, part_wonders = (numbers, wonder_counts) if draw_part == part else base_added[draw_part]
            others = wonder_sum - held[draw_part]
            for number, wonder in zip(part_numbers, part_wonders, strict=True):
                if number == NOT_IN_TABLE:
                    afters.append(-1)
                    continue
                if draw_part == 0:
                    found = final[(suit_pairs[number * suits + second] * mixed + high) * 5 + sets]
                elif draw_part == 1:
                    found = final[(suit_pairs[first * suits + number] * mixed + high) * 5 + sets]
                elif draw_part == 2:
                    found = final[(low + mixed_pairs[number * honors + fourth]) * 5 + sets]
                else:
                    found = final[(low + mixed_pairs[third * honors + number]) * 5 + sets]
                if found > wonders_floor:
                    total = others + wonder
                    found = min(found, 14 - (total & 15) - (total >= 16))
                afters.append(found)
        return away, afters

    return row


def capped_exchange_rows(
    counts: Sequence[int], sets: int, caps: Sequence[int], drawable: Sequence[bool]
) -> Callable[[int], tuple[int, list[int]]] | None:
    """For a hand that must discard whose exposed sets cap some copies (``caps``, the copies of
    each of the 34 kinds the concealed tiles may reach): ``row(removed)`` gives the tiles away of
    the counts less one ``removed`` tile and the ``drawable`` kinds whose draw would then lower
    it. ``None`` when the tables do not hold the hand.

    The tables ignore the caps, so they give a lower bound, and the exact answer wherever every
    part the caps touch has the tables' distances anyway (the caps do not bind there): only the
    other changes are costed again, the capped parts by the reference programme (memoized)."""
    bounds = exchange_rows(counts, sets)
    if bounds is None:
        return None
    capped = tuple(caps[0:34])
    ranges = [(offset, offset + 9) for offset in SUIT_OFFSETS] + [(HONOR_OFFSET, NUM_STANDARD_KINDS)]
    capped_parts = [part for part, (low, high) in enumerate(ranges) if min(capped[low:high]) < 4]
    held = list(counts[0:34])

    def key_of(part: int, removed: int, added: int) -> Key:
        low, high = ranges[part]
        key = held[low:high]
        if low <= removed < high:
            key[removed - low] -= 1
        if low <= added < high:
            key[added - low] += 1
        return tuple(key)

    def vector(part: int, removed: int, added: int) -> Key:
        low, high = ranges[part]
        return _part_vector(key_of(part, removed, added), part < 3, capped[low:high])

    def free(part: int, removed: int, added: int) -> bool:
        """Whether the caps leave the part's distances as the tables have them."""
        low, high = ranges[part]
        key = key_of(part, removed, added)
        return _part_vector(key, part < 3, capped[low:high]) == _part_vector(key, part < 3, None)

    base = [vector(part, -1, -1) for part in range(4)]
    unbound = all(free(part, -1, -1) for part in capped_parts)
    # Each half of the hand (Bams with Craks, Dots with the honours) combined once per pair of
    # its parts' vectors: a change touches one or two parts, so most exchanges of a row share one
    # half with the hand or with the rest of the row.
    halves: dict[tuple[Key, Key], Key] = {}

    def half(left: Key, right: Key) -> Key:
        found = halves.get((left, right))
        if found is None:
            found = halves[left, right] = combine(left, right)
        return found

    def exact(removed: int, added: int) -> int:
        changed = {_PARTS[removed]} | ({_PARTS[added]} if added >= 0 else set())
        vectors = [vector(part, removed, added) if part in changed else base[part] for part in range(4)]
        return min(final_distance(half(vectors[0], vectors[1]), half(vectors[2], vectors[3]), sets), INFINITY)

    def row(removed: int) -> tuple[int, list[int]]:
        bound, afters = bounds(removed)
        removed_part = _PARTS[removed]
        if unbound and (removed_part not in capped_parts or free(removed_part, removed, -1)):
            away = bound
        else:
            away = exact(removed, -1)
        lowering = []
        for added in range(NUM_STANDARD_KINDS):
            if not drawable[added] or not 0 <= afters[added] < away:
                continue
            added_part = _PARTS[added]
            touched = {removed_part, added_part}.intersection(capped_parts)
            if unbound and all(free(part, removed, added) for part in touched):
                after = afters[added]
            else:
                after = exact(removed, added)
            if after < away:
                lowering.append(added)
        return away, lowering

    return row


def _changed_reference(counts: Sequence[int], removed: int, added: int, sets: int, thirteen_wonders: bool) -> int:
    changed = list(counts)
    if removed >= 0:
        changed[removed] -= 1
    if added >= 0:
        changed[added] += 1
    return tiles_away(changed, sets, thirteen_wonders=thirteen_wonders)


_part_vectors: BoundedMemo[tuple[Key, bool, Key | None], Key] = BoundedMemo(
    lambda item: (
        part_distances(item[0], item[1], None) if item[2] is None else prefix_part_distances(item[0], item[1], item[2])
    ),
    _MEMO_LIMIT,
)


def _part_vector(key: Key, chows: bool, caps: Key | None) -> Key:
    """A part's distance vector: from the tables when no copy is capped and the part is in them,
    else from the reference programme (memoized, bounded)."""
    if (caps is None or min(caps) >= 4) and max(key) <= 4:
        shipped = _standard_tables_state()
        if chows:
            number = shipped.suit_ids[_standard_tables.pattern_code(key, _standard_tables.SUIT_WEIGHTS)]
            if number != NOT_IN_TABLE:
                return shipped.vector(shipped.suit_vectors, number)
        else:
            number = shipped.honor_ids[_standard_tables.pattern_code(key, _standard_tables.HONOR_WEIGHTS)]
            if number != NOT_IN_TABLE:
                return shipped.vector(shipped.honor_vectors, number)
        caps = None
    return _part_vectors((key, chows, caps))


_shipped: _standard_tables.StandardTables | None = None


def _standard_tables_state() -> _standard_tables.StandardTables:
    global _shipped
    if _shipped is None:
        _shipped = _standard_tables.load()
    return _shipped


def _reference_tiles_away(counts: Sequence[int], sets: int, thirteen_wonders: bool, caps: Key | None) -> int:
    """Tiles away part by part: for hands the tables do not cover whole, such as hands whose
    exposed sets cap some copies (only the capped parts run the reference programme)."""
    vectors = [
        _part_vector(tuple(counts[offset : offset + 9]), True, None if caps is None else caps[offset : offset + 9])
        for offset in SUIT_OFFSETS
    ]
    vectors.append(_part_vector(tuple(counts[27:34]), False, None if caps is None else caps[27:34]))
    away = final_distance(combine(vectors[0], vectors[1]), combine(vectors[2], vectors[3]), sets)
    if thirteen_wonders and sets == MAX_SETS and (caps is None or all(caps[i] >= 1 for i in TERMINALS_AND_HONORS)):
        away = min(away, thirteen_wonders_away(counts))
    return min(away, INFINITY)


# -- waits -----------------------------------------------------------------------------------------

_SUIT_STEPS = tuple((rank, weight) for rank, weight in enumerate(_standard_tables.SUIT_WEIGHTS))
_HONOR_STEPS = tuple((rank, weight) for rank, weight in enumerate(_standard_tables.HONOR_WEIGHTS))


_NO_WAITS: frozenset[int] = frozenset()


def waits(counts: Sequence[int], sets: int = MAX_SETS, *, thirteen_wonders: bool = False) -> frozenset[int]:
    """The tile indexes that complete a hand one tile short of ``sets`` sets and one pair
    (and of Thirteen Wonders, with ``thirteen_wonders``). A tile the hand holds four of is never
    a wait.

    >>> from mahjong_rules import Hand, Tile
    >>> sorted(str(Tile.from_index(i)) for i in waits(Hand.parse("1112345678999m").counts))
    ['1C', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C']
    """
    state = _state or _load()
    suit_pairs, honor_pairs = state.suit_pairs, state.honor_pairs
    patterns = (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))
    pairs = [suit_pairs.get(patterns[0], -1), suit_pairs.get(patterns[1], -1), suit_pairs.get(patterns[2], -1)]
    pairs.append(honor_pairs.get(patterns[3], -1))
    incomplete = [position for position, pair in enumerate(pairs) if pair < 0]
    # One tile changes one part: with two parts short of sets and an eye, only Thirteen Wonders
    # (terminals and honours alone) is left to look for. Most hands end here.
    wonders = thirteen_wonders and sets == MAX_SETS and terminals_and_honors_only(counts)
    if (len(incomplete) > 1 and not wonders) or sum(counts[0:34]) != 3 * sets + 1 or max(counts[0:34]) > 4:
        return _NO_WAITS
    parts = (
        (0, patterns[0], state.complete_suit, _SUIT_STEPS),
        (9, patterns[1], state.complete_suit, _SUIT_STEPS),
        (18, patterns[2], state.complete_suit, _SUIT_STEPS),
        (HONOR_OFFSET, patterns[3], state.complete_honor, _HONOR_STEPS),
    )
    found: set[int] = set()
    if len(incomplete) <= 1:
        complete_pairs = sum(pair for pair in pairs if pair > 0)
        for position in incomplete or range(4):
            offset, pattern, flags, steps = parts[position]
            others = complete_pairs - max(pairs[position], 0)
            code = sum(count * weight for count, (_, weight) in zip(pattern, steps, strict=True))
            for rank, weight in steps:
                if pattern[rank] < 4:
                    after = flags[code + weight]
                    if after and after - 1 + others == 1:
                        found.add(offset + rank)
    if wonders and thirteen_wonders_away(counts) == 1:
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
    exchange = exchange_away(held, sets, thirteen_wonders=thirteen_wonders)
    options = []
    for index in range(NUM_STANDARD_KINDS):
        if not held[index]:
            continue
        away = exchange(index, -1)
        helpful = [
            tile
            for tile in range(NUM_STANDARD_KINDS)
            if held[tile] - (tile == index) < 4 and exchange(index, tile) < away
        ]
        options.append((index, away, frozenset(helpful)))
    options.sort(key=lambda option: (option[1], option[0]))
    return options
