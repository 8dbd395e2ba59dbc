"""Exact tiles away for Flex: the fewest tiles to exchange to reach any valid Flex hand.

Every valid hand is a *target*: a multiset of sets, some of them exposed already. The distance to
one target is the solver's formula: natural tiles fill first the slots jokers cannot fill (pairs,
flowers, singles sets), jokers fill what is left of the triples and quads, so a target costs
``max(P, P + E - J)`` with ``P`` the tiles missing from joker-free slots, ``E`` from the others and
``J`` the hand's jokers.

A number hand is a block of consecutive numbers of one sequence, one set per number (ruling F5).
Each number takes its set in the suit where the hand holds most of it, and the sets of a block are
then interchangeable positions described by how many copies the hand holds: the cost of a block
for every histogram of those counts is a table computed once (:mod:`._window`), and a block's
histogram is a difference of prefix sums. Exposed number sets fix their positions, exposed
all-joker sets take the positions where the hand holds least, and singles sets (Flextra) take
their tiles from the counts first. Two kinds of target need more than a lookup: the full Evens
block whose dragon is one suit's 0 and 10 (ruling F1), whose two sets share that dragon's copies;
and targets that may need more jokers than the game has left, because a kind has more slots than
copies (then the earlier, slower programme of :mod:`._distance_dp` decides).

Winds, Like Numbers, Double Sequence and Opposite Winds hands are rows of positions too, and use
the same tables. Families of targets are tried cheapest bound first, and the search stops at the
floor (0 for 14 tiles, 1 for 13) or when no family left can do better.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.rulesets.flex import _distance_dp
from mahjong_rules.rulesets.flex._leaves import (
    WILD,
    ComboLeaf,
    Option,
    Spec,
    combine,
    dragon_options,
    flex_row,
    set_options,
)
from mahjong_rules.rulesets.flex._window import IMPOSSIBLE, MAX_JOKERS, POW, cost_tables, drop_lowest
from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.sets import NUMBER_SUITS, FlexSuit, SetKind, group_of_meld, read_group
from mahjong_rules.solver import Grammar
from mahjong_rules.solver.discards import (
    FunctionLeaf,
    Leaf,
    Shape,
    WindowLeaf,
    discard_options,
    mask_of,
    missing,
    pass_options,
    shape,
)
from mahjong_rules.tiles import Tile

__all__ = ["FlexDistance", "flex_tiles_away"]

JOKER = Tile.JOKER.index
FLOWER = Tile.FLOWER.index
HAND_SIZE = 14
INFINITY = IMPOSSIBLE
WINDS = (30, 31, 32, 33)  # East, South, West, North
OPPOSITE_WINDS = ((33, 31), (30, 32))  # North and South, East and West

KIND = tuple(
    tuple(27 + suit if number in (0, 10) else 9 * suit + number - 1 for number in range(11)) for suit in range(3)
)
"""KIND[suit][number]: the tile of a number (0 and 10: the suit's dragon, ruling F1)."""
SEQUENCES = (tuple(range(11)), (0, 2, 4, 6, 8, 10), (1, 3, 5, 7, 9), (0, 3, 6, 9))
EVENS = 1
BLOCKS = tuple(sequence[start : start + 3] for sequence in SEQUENCES for start in range(len(sequence) - 2))
"""The three-number blocks of Double Sequence."""
SUIT_PAIRS = ((0, 1), (0, 2), (1, 2))

WINDS_SUIT = 8
FLOWERS_SUIT = 16
SUIT_BIT = {FlexSuit.BAMS: 1, FlexSuit.CRAKS: 2, FlexSuit.DOTS: 4, FlexSuit.WINDS: 8, FlexSuit.FLOWERS: 16}


def _suit_choices(others: int) -> tuple[tuple[int, ...], ...]:
    """The largest sets of number suits (0-2) that keep a hand with the suits ``others`` (bits)
    within two suits."""
    room = 2 - others.bit_count()
    if room < 0:
        return ()
    present = [suit for suit in range(3) if others >> suit & 1]
    free = [suit for suit in range(3) if not others >> suit & 1]
    return tuple(tuple(sorted(present + list(extra))) for extra in itertools.combinations(free, room))


SUIT_CHOICES = tuple(_suit_choices(others) for others in range(32))
SUIT_MASKS = {suits: sum(1 << suit for suit in suits) for choices in SUIT_CHOICES for suits in choices}
"""The bits of each choice of number suits."""


def _tile_range(tiles: int) -> range:
    """How many concealed sets of 2 to 4 tiles can hold ``tiles`` tiles."""
    return range((tiles + 3) // 4, tiles // 2 + 1)


COLUMNS = {
    suits: tuple(tuple(KIND[suit][number] for suit in suits) for number in range(11))
    for suits in itertools.chain.from_iterable(itertools.combinations(range(3), size) for size in range(3))
}
"""COLUMNS[suits][number]: the kinds of a number's position in ``suits``."""
FREE_COLUMNS = {
    suits: tuple(tuple((kind, 0) for kind in column) for column in columns) for suits, columns in COLUMNS.items()
}
"""FREE_COLUMNS[suits][number]: the position of a number in ``suits`` when no singles set takes its tiles."""


@functools.lru_cache(maxsize=4096)
def _window_shape(suits: tuple[int, ...], numbers: tuple[int, ...], slots: tuple[tuple[int, int], ...]) -> Shape:
    """The positions of a window of ``numbers`` in ``suits``, concealed singles sets taking the
    tiles of ``slots`` (kind, count)."""
    if not slots:
        free = FREE_COLUMNS[suits]
        return shape(tuple(free[number] for number in numbers))
    taken = dict(slots)
    columns = COLUMNS[suits]
    return shape(tuple(tuple((kind, taken.get(kind, 0)) for kind in columns[number]) for number in numbers))


@functools.lru_cache(maxsize=4096)
def _window_leaf(
    suits: tuple[int, ...],
    numbers: tuple[int, ...],
    slots: tuple[tuple[int, int], ...],
    tiles: int,
    wild: int,
    flowers: int,
) -> WindowLeaf:
    """The leaf of a window of ``numbers`` in ``suits`` (concealed singles sets taking the tiles of
    ``slots``, ``wild`` exposed all-joker sets, a concealed flower set of ``flowers``): a value
    the searches of every hand share (a leaf keeps what it worked out for the hand it was last
    asked about, and works it out again for another)."""
    return WindowLeaf(_window_shape(suits, numbers, slots), flex_row(tiles, wild), _deficits(slots, flowers))


def _deficits(slots: tuple[tuple[int, int], ...], flowers: int) -> list[tuple[int, int]]:
    """What a standard hand's concealed singles sets (their tiles, ``slots``) and flower set of
    ``flowers`` miss, kind by kind."""
    return [*slots, (FLOWER, flowers)] if flowers else list(slots)


@functools.lru_cache(maxsize=1024)
def _single_positions(kinds: tuple[int, ...]) -> Shape:
    """One position for each of ``kinds``."""
    return shape(tuple(((kind, 0),) for kind in kinds))


def _starts(size: int, length: int, fixed: int, low: int, high: int) -> range:
    """Where a block of ``size`` numbers of a sequence of ``length`` may start, holding every
    exposed set (the ``fixed`` of them lie from position ``low`` to ``high``)."""
    if fixed:
        return range(max(0, high - size + 1), min(low, length - size) + 1)
    return range(length - size + 1)


@functools.lru_cache(maxsize=4096)
def _blocks(
    length: int, fixed: int, low: int, high: int, wild: int, tiles: int, full_evens: bool
) -> tuple[tuple[int, int], ...]:
    """The blocks (start, end) of a sequence of ``length`` numbers holding ``fixed`` exposed sets
    (at positions ``low`` to ``high``), ``wild`` exposed all-joker sets and concealed sets of
    ``tiles`` tiles, fewest sets first; with ``full_evens``, not the whole Evens block (it has its
    own reckoning). No block when there are no sets at all."""
    found: list[tuple[int, int]] = []
    for concealed in _tile_range(tiles):
        size = concealed + fixed + wild
        if size > length:
            break
        if size and not (full_evens and size == 6):
            found.extend((start, start + size) for start in _starts(size, length, fixed, low, high))
    return tuple(found)


def _number_tiles(held: Sequence[int], suits: tuple[int, ...]) -> int:
    """The most number tiles and dragons of ``suits`` a number hand can keep: at each number the
    suit holding most (a dragon may be 0 and 10)."""
    if len(suits) == 2:
        first, second = suits
        kept = held[27 + first] + held[27 + second]
        # Comparisons rather than max() here and in the searches' hot loops: a call of min() or
        # max() costs many times a comparison.
        for rank in range(9):
            one, other = held[9 * first + rank], held[9 * second + rank]
            kept += one if one > other else other
        return kept
    if suits:
        return sum(held[9 * suits[0] : 9 * suits[0] + 9]) + held[27 + suits[0]]
    return 0


NUMBERS_OF_KIND = tuple(
    (kind // 9, (kind % 9 + 1,)) if kind < 27 else (kind - 27, (0, 10)) if kind < 30 else None for kind in range(50)
)
"""NUMBERS_OF_KIND[kind]: the suit of a number tile or dragon and its numbers (a dragon is 0 and 10,
ruling F1); None for the other tiles."""
BLOCK_KINDS = tuple(tuple(tuple(KIND[suit][number] for number in block) for block in BLOCKS) for suit in range(3))
"""BLOCK_KINDS[suit][block]: the kinds of a Double Sequence block (:data:`BLOCKS`) in one suit."""

PLAIN_WINDOWS = tuple(
    tuple(_blocks(len(numbers), 0, 0, 0, 0, tiles, index == EVENS) for tiles in range(HAND_SIZE + 1))
    for index, numbers in enumerate(SEQUENCES)
)
"""PLAIN_WINDOWS[sequence][tiles]: the blocks (start, end) of concealed sets holding ``tiles``,
with nothing exposed."""


class _Pattern(NamedTuple):
    """A Flextra singles set: its tiles, its slots per kind, its size, suit (bit) and kinds (bits)."""

    tiles: tuple[int, ...]
    slots: tuple[tuple[int, int], ...]
    size: int
    suit: int
    kinds: int


def _pattern(tiles: tuple[int, ...]) -> _Pattern:
    slots = tuple((kind, tiles.count(kind)) for kind in sorted(set(tiles)))
    suit = Tile.from_index(tiles[0]).american_suit
    return _Pattern(tiles, slots, len(tiles), WINDS_SUIT if suit is None else 1 << suit.value, mask_of(tiles))


TOO_MANY_SUITS = tuple(suits.bit_count() > 2 for suits in range(32))
"""TOO_MANY_SUITS[suits]: whether the suits (bits) are more than two."""


def _tiles_by_kind(patterns: Sequence[_Pattern]) -> dict[int, int]:
    """The tiles of singles sets, by kind (in the sets' order)."""
    tiles: dict[int, int] = {}
    for pattern in patterns:
        for kind, count in pattern.slots:
            tiles[kind] = tiles.get(kind, 0) + count
    return tiles


def _joined(
    taken: dict[int, int], pattern: _Pattern, base: int, held: Sequence[int], available: Sequence[int]
) -> tuple[int, bool]:
    """The tiles singles sets lack once ``pattern`` joins sets of the tiles ``taken`` (by kind),
    which lack ``base``, and whether the game has the copies of them all: what they lack changes
    only in the new set's kinds."""
    lacking, fits = base, True
    for kind, count in pattern.slots:
        before = taken.get(kind, 0)
        after = before + count
        if after > available[kind]:
            fits = False
        have = held[kind]
        if after > have:  # the copies beyond those held are missing
            lacking += after - have if before < have else count
    return lacking, fits


class _NeedsProgramme(Exception):
    """The tables cannot settle an instance: too many numbers short of copies."""


_NOTHING_TAKEN: frozenset[int] = frozenset()


class _Exposed:
    """A hand's exposed sets, sorted by what they are, and the tiles left for the rest."""

    __slots__ = (
        "assignments",
        "available",
        "available_jokers",
        "dragon_fixed",
        "fixed",
        "fixed_numbers",
        "fixed_size",
        "fixed_suits",
        "flowers",
        "melds",
        "other",
        "short",
        "singles",
        "singles_size",
        "singles_suits",
        "tiles",
        "wild",
        "wild_size",
        "winds",
    )

    def __init__(self, melds: Sequence[Meld], counts: Sequence[int]) -> None:
        # Kept in tuples once read: a search keeps thousands of these (one per set of exposures
        # met), and the garbage collector stops tracking tuples of numbers, not lists.
        available = list(counts)
        fixed: list[tuple[int, int, tuple[int, ...]]] = []  # kind, size, numbers
        self.fixed_suits = 0
        wild: list[int] = []
        self.winds: dict[int, int] = {}
        flowers: list[int] = []
        singles: list[tuple[int, ...]] = []
        self.singles_suits = 0
        self.other = False
        self.melds = tuple(melds)
        self.tiles = sum(meld.size for meld in melds)
        for meld in melds:
            group = group_of_meld(meld)
            flex_set = read_group(group, exposed=True)
            for index in group.tiles:
                available[index] -= 1
            available[JOKER] -= group.jokers
            kind = flex_set.kind
            if kind is SetKind.NUMBER:
                assert flex_set.suit is not None
                fixed.append((group.tiles[0], group.size, flex_set.numbers))
                self.fixed_suits |= SUIT_BIT[flex_set.suit]
            elif kind is SetKind.JOKERS:
                wild.append(group.size)
            elif kind is SetKind.WIND:
                assert flex_set.wind is not None
                wind = flex_set.wind.wind.index
                if wind in self.winds:
                    self.other = True  # two sets of one wind: no hand holds both
                self.winds[wind] = group.size
            elif kind is SetKind.FLOWER:
                flowers.append(group.size)
            elif kind is SetKind.SINGLES:
                assert flex_set.suit is not None
                singles.append(group.tiles)
                self.singles_suits |= SUIT_BIT[flex_set.suit]
            else:
                self.other = True
        self.fixed = tuple(fixed)
        self.wild = tuple(wild)
        self.flowers = tuple(flowers)
        self.singles = tuple(singles)
        # A concealed hand shares the game's counts: nothing is short of copies.
        self.available: Sequence[int] = tuple(available) if melds else counts
        self.available_jokers = available[JOKER]
        self.short = {kind: available[kind] for kind in range(30) if available[kind] < 4}
        self.fixed_size = sum(size for _, size, _ in self.fixed)
        self.wild_size = sum(self.wild)
        self.singles_size = sum(len(pattern) for pattern in self.singles)
        self.fixed_numbers = {numbers[0] for _, _, numbers in self.fixed if len(numbers) == 1}
        # An exposed dragon set, which stands at 0 or 10 (ruling F1).
        self.dragon_fixed = any(len(numbers) == 2 for _, _, numbers in self.fixed)
        self.assignments = tuple(self._assign(numbers) for numbers in SEQUENCES)

    def _assign(self, numbers: tuple[int, ...]) -> tuple[tuple[frozenset[int], int, int], ...]:
        """Each way of giving every exposed number set its position in a sequence (a dragon may
        be 0 or 10): the positions taken, the first and the last."""
        if not self.fixed:
            return ((_NOTHING_TAKEN, 0, 0),)
        where = [[numbers.index(n) for n in fixed_numbers if n in numbers] for _, _, fixed_numbers in self.fixed]
        found = []
        for positions in itertools.product(*where):
            taken = frozenset(positions)
            if len(taken) == len(positions):  # ruling F5: one set per number
                found.append((taken, min(positions), max(positions)))
        return tuple(found)


_EXPOSURES_KEPT = 4096


class FlexDistance:
    """Tiles away for one set of Flex options (see the module's description)."""

    def __init__(self, options: FlexOptions, grammar: Grammar) -> None:
        self.options = options
        self.counts = options.tileset.counts
        self.patterns = tuple(_pattern(tuple(tiles)) for tiles in grammar.singles)
        self.pattern_tiles = frozenset(pattern.tiles for pattern in self.patterns)
        # For each count of singles sets (0 to 2), every choice of them with its size in tiles.
        self.like_choices = tuple(
            tuple(
                (chosen, sum(self.patterns[index].size for index in chosen))
                for chosen in itertools.combinations_with_replacement(range(len(self.patterns)), count)
            )
            for count in range(3)
        )
        self.concealed = _Exposed((), self.counts)
        self._exposures: dict[tuple[Meld, ...], _Exposed] = {}

    def away(self, hand: Hand, limit: int = INFINITY) -> int | None:
        """The fewest tiles to exchange for ``hand`` to become a valid Flex hand of 14 tiles, its
        exposed sets kept; ``None`` if no valid hand keeps them. With ``limit``, a hand at least
        that far may be reported as ``None`` (the search stops sooner)."""
        return self._away(hand.concealed_counts, self._exposed(hand.melds), limit)

    def discards(self, hand: Hand, drawable: Sequence[int]) -> list[tuple[int, int, list[int]]]:
        """For a hand that must discard: each concealed tile (index) it may discard, the tiles
        away that leaves, and which of the ``drawable`` tiles (indexes) would then bring it one
        closer; empty when no valid hand keeps the exposed sets. One search lists every leaf
        within one tile of the hand's distance (:mod:`mahjong_rules.solver.discards`)."""
        exposed = self._exposed(hand.melds)
        if exposed.other:
            return []
        held = list(hand.concealed_counts)
        # The plain search first: knowing the distance, the leaf search prunes from the start.
        first = _Search(self, held, exposed, INFINITY)
        away = first.run()
        programmes = first.programmes  # shared by every search of this hand and every leaf
        if away >= INFINITY:
            return []

        search = _LeafSearch(self, held, exposed, away + 2, programmes, away + 2)
        search.share_bounds(first)
        search.run()
        return discard_options(held, away, search.leaves, drawable)

    def passes(
        self, hand: Hand, passes: Sequence[tuple[int, ...]], limits: Sequence[int]
    ) -> list[tuple[tuple[int, ...], int, list[int]]]:
        """Every choice of tiles to pass from one leaf search (:func:`.pass_options`); none when
        no valid hand keeps the exposed sets."""
        exposed = self._exposed(hand.melds)
        if exposed.other or not passes:
            return []
        held = list(hand.concealed_counts)
        first = _Search(self, held, exposed, INFINITY)
        away = first.run()
        if away >= INFINITY:
            return []
        count = len(passes[0])
        search = _LeafSearch(self, held, exposed, away + count + 1, first.programmes, away + count + 2)
        search.share_bounds(first)
        search.run()
        return pass_options(held, away, search.leaves, passes, limits)

    def _exposed(self, melds: Sequence[Meld]) -> _Exposed:
        """What the exposed sets allow, worked out once per tuple of sets (a game asks again at
        every turn while its exposures stand)."""
        if not melds:
            return self.concealed
        key = tuple(melds)
        found = self._exposures.get(key)
        if found is None:
            if len(self._exposures) >= _EXPOSURES_KEPT:
                self._exposures.clear()
            found = self._exposures[key] = _Exposed(key, self.counts)
        return found

    def _away(self, held: Sequence[int], exposed: _Exposed, limit: int, floor: int = 0) -> int | None:
        """The hand's distance if below ``limit`` (else ``None``); the search may stop as soon as
        it finds a hand ``floor`` tiles away, which the caller knows no hand beats."""
        if exposed.other:
            return None
        best = _Search(self, held, exposed, limit, floor).run()
        return None if best >= limit else best


def programme_away(
    plan: FlexDistance,
    held: Sequence[int],
    exposed: _Exposed,
    singles: tuple[_Pattern, ...],
    sizes: list[int],
    suits: tuple[int, ...],
    limit: int = INFINITY,
) -> int:
    """A standard instance by the slower programme of :mod:`._distance_dp` (``held``: the
    concealed counts); a result at or above ``limit`` only says so."""
    tiles = [Tile.from_index(index) for index, count in enumerate(held) for _ in range(count)]
    return _distance_dp.standard_instance_away(
        Hand(tiles, exposed.melds),
        plan.options,
        [pattern.tiles for pattern in singles],
        sizes,
        tuple(NUMBER_SUITS[suit] for suit in suits),
        limit,
    )


class _Search:
    """One hand's search: the hand, its exposures, and the best distance found so far.

    Every better target it finds goes through :meth:`_found`, which lowers the best here;
    :class:`_LeafSearch` keeps the best fixed instead and lists the leaves found."""

    __slots__ = (
        "_short_lacking",
        "_short_read",
        "all_tables",
        "best",
        "best_keys",
        "drop",
        "ex",
        "floor",
        "flower_costs",
        "held",
        "jokers",
        "kept_by_suits",
        "number_floors",
        "options",
        "plan",
        "position_floors",
        "programmes",
        "singles_misses",
        "slots",
        "slots_key",
        "tables",
        "window_floors",
        "window_prefixes",
    )

    collecting = False
    """Whether the search lists every leaf below its limit (then no shortcut that compares two
    targets on this hand's counts may skip one)."""

    def __init__(self, plan: FlexDistance, held: Sequence[int], exposed: _Exposed, limit: int, floor: int = 0) -> None:
        self.plan = plan
        self.options = plan.options
        self.held = held
        self.jokers = held[JOKER]
        self.floor = max(HAND_SIZE - sum(held) - exposed.tiles, floor)
        self.best = limit
        self.ex = exposed
        self.all_tables = cost_tables()  # built on first use, once per process
        self.tables = self.all_tables[self.jokers]
        self.drop = drop_lowest()
        flowers = min(self.options.flowers, exposed.available[FLOWER])
        self.flower_costs = [(size, max(size - self.held[FLOWER], 0)) for size in range(2, flowers + 1)]
        self.kept_by_suits: dict[int, int] = {}
        self.number_floors: dict[tuple[int, int], int] = {}
        self.window_floors: dict[tuple[tuple[int, ...], int], int] = {}
        self.window_prefixes: dict[tuple[int, ...], list[list[int]]] = {}
        self.best_keys: dict[tuple[int, ...], list[int]] = {}
        self.position_floors: dict[tuple[tuple[int, ...], int], int] = {}
        self.programmes: dict[tuple[object, ...], tuple[int, int]] = {}  # programme answers, limits
        self.singles_misses: list[int] | None = None
        self.slots: dict[int, int] = {}  # the concealed singles sets' tiles, in standard hands
        self.slots_key: tuple[tuple[int, int], ...] = ()
        self._short_read: dict[int, int] | None = None  # the kinds short of copies read last...
        self._short_lacking: tuple[dict[int, int], ...] = ()  # ...and their numbers by suit

    def share_bounds(self, other: _Search) -> None:
        """Use the bounds ``other``, a search of the same hand, has worked out (and add to them)."""
        self.kept_by_suits = other.kept_by_suits
        self.number_floors = other.number_floors
        self.window_floors = other.window_floors
        self.window_prefixes = other.window_prefixes
        self.best_keys = other.best_keys
        self.position_floors = other.position_floors
        self.singles_misses = other.singles_misses

    def run(self) -> int:
        if self._standard((), 0, 0, 0, self.held, self.ex.available, self.ex.short, {}):
            return self.best
        options = self.options
        if options.winds:
            self._winds()
            if options.opposite_winds and self.best > self.floor:
                self._opposite_winds()
        if options.like_numbers and self.best > self.floor:
            self._like_numbers()
        if options.double_sequence and self.best > self.floor:
            self._double_sequence()
        if self.plan.patterns and self.best > self.floor:
            self._standard_singles()
        return self.best

    # -- standard hands ------------------------------------------------------------------------------

    def _standard(
        self,
        singles: tuple[_Pattern, ...],
        singles_size: int,
        singles_suits: int,
        base: int,
        held: Sequence[int],
        available: Sequence[int],
        short: dict[int, int],
        slots: dict[int, int],
    ) -> bool:
        """Every standard hand with the concealed ``singles`` sets (costing ``base``, their tiles
        ``slots`` by kind, their counts already taken out of ``held`` and ``available``;
        ``short``: the number kinds with fewer than 4 copies left): whether the floor is
        reached."""
        ex = self.ex
        if ex.winds or len(ex.flowers) > 1:
            return False
        rest = HAND_SIZE - singles_size - ex.singles_size - ex.fixed_size - ex.wild_size
        if rest < 0:
            return False
        others = singles_suits | ex.singles_suits
        max_flowers = self.options.flowers
        if ex.available[FLOWER] < max_flowers:
            max_flowers = ex.available[FLOWER]
        jokers = self.jokers
        instances = []
        self.slots = slots
        self.slots_key = tuple(sorted(slots.items()))
        for with_flowers in (False, True):
            # Each choice: (tiles left for number sets, cost of the rest, concealed flower set size).
            if ex.flowers:
                if not with_flowers:
                    continue
                sizes = [ex.flowers[0]]
                choices = [(rest - ex.flowers[0], base, 0)]
            elif with_flowers:
                sizes = list(range(2, max_flowers + 1))
                choices = [(rest - size, base + cost, size) for size, cost in self.flower_costs]
            else:
                sizes = [0]
                choices = [(rest, base, 0)]
            choices = [choice for choice in choices if choice[0] >= 0]
            if not choices:
                continue
            for suits in SUIT_CHOICES[others | (FLOWERS_SUIT if with_flowers else 0)]:
                if ex.fixed_suits & ~SUIT_MASKS[suits]:
                    continue
                # A bound: every natural tile a number set can keep, and every joker, kept.
                kept = jokers + _number_tiles(held, suits)
                bound = INFINITY
                for tiles, extra, _ in choices:
                    cost = extra + tiles - kept if tiles > kept else extra
                    if cost < bound:
                        bound = cost
                instances.append((bound, suits, choices, sizes))
        instances.sort(key=lambda instance: instance[0])
        for bound, suits, choices, sizes in instances:
            if bound >= self.best:
                break
            try:
                self._numbers(suits, held, available, short, choices)
            except _NeedsProgramme:
                self._programme(singles, sizes, suits)
            if self.best <= self.floor:
                return True
        return False

    def _programme(self, singles: tuple[_Pattern, ...], sizes: list[int], suits: tuple[int, ...]) -> None:
        """One standard instance the tables cannot settle, by the slower programme."""
        away = self._programme_leaf(singles, sizes, suits, self.best).cost(self.held)
        if away < self.best:
            self.best = away

    def _programme_leaf(
        self, singles: tuple[_Pattern, ...], sizes: list[int], suits: tuple[int, ...], limit: int
    ) -> FunctionLeaf:
        """The slower programme on one instance as a leaf, costs of ``limit`` and more told
        apart from no other. The instance reads its suits' tiles, its singles sets' tiles, the
        flowers and the jokers: hands alike in those cost alike, and the answers are kept
        (``programmes``: shared by the searches of one hand), each with the limit it had."""
        plan, ex, known = self.plan, self.ex, self.programmes
        kinds = sorted(
            {kind for suit in suits for kind in KIND[suit]}
            | {kind for pattern in singles for kind in pattern.tiles}
            | {FLOWER, JOKER}
        )
        instance = (singles, tuple(sizes), suits)

        def cost(held: Sequence[int]) -> int:
            counts = (*instance, *(held[kind] for kind in kinds))
            value, asked = known.get(counts, (INFINITY, 0))
            if value >= asked and asked < limit:  # only "at least ``asked``" known: not enough
                value = programme_away(plan, held, ex, singles, sizes, suits, limit)
                known[counts] = (value, limit)
            return min(value, limit)

        return FunctionLeaf(mask_of(kinds), cost)

    def _lacking_by_suit(self, short: dict[int, int]) -> tuple[dict[int, int], ...]:
        """For each number suit, the copies missing at each of its numbers (not an exposed set's)
        whose kind is ``short`` of copies; kept for the ``short`` asked last, which every choice
        of suits of one standard search asks about."""
        if short is self._short_read:
            return self._short_lacking
        by_suit: tuple[dict[int, int], ...] = ({}, {}, {})
        fixed = self.ex.fixed_numbers
        for kind, copies in short.items():
            place = NUMBERS_OF_KIND[kind]
            if place is None or copies >= 4:
                continue
            # No other kind is at these numbers of this suit: nothing to compare with.
            suit, numbers = place
            lacking = by_suit[suit]
            for number in numbers:
                if number not in fixed:
                    lacking[number] = 4 - copies
        self._short_read, self._short_lacking = short, by_suit
        return by_suit

    def _special_positions(
        self, suits: tuple[int, ...], held: Sequence[int], short: dict[int, int], tiles: int
    ) -> dict[int, list[Option]]:
        """The numbers whose sets a histogram cannot describe, with every way to fill them.

        A kind with fewer than 4 copies left (``short``: exposed, or taken by singles sets) may
        force jokers into its triples and quads, and with fewer than 2 it cannot make a pair. When
        the jokers left cover every joker a target of ``tiles`` number tiles could force, only the
        second matters; otherwise every kind short of copies is counted one set at a time (and
        more than two such numbers, when a window could hold them all, are left to the slower
        programme)."""
        ex = self.ex
        by_suit = self._lacking_by_suit(short)
        lacking = by_suit[suits[0]]  # number -> most copies missing in one of the suits (read only)
        if len(suits) == 2:
            lacking = dict(lacking)
            for number, missing in by_suit[suits[1]].items():
                if lacking.get(number, 0) < missing:
                    lacking[number] = missing
        if not lacking:
            return {}
        # A quad forces the most jokers per tile, so the jokers a target forces are at most those
        # of quads on the numbers shortest of copies, as many as the tiles allow (the last one in
        # part). The second set of a dragon used as 0 and 10 (ruling F1) finds no copy left.
        shortages = [missing for number, missing in lacking.items() if number != 10]
        if not ex.dragon_fixed and tiles >= 2 * (6 - len(ex.fixed) - len(ex.wild)):
            shortages.append(4)  # the full Evens block fits
        shortages.sort(reverse=True)
        quads, part = divmod(tiles, 4)
        forced = sum(shortages[:quads])
        if quads < len(shortages):
            forced += (shortages[quads] * part + 3) // 4
        enough = 2 if forced <= ex.available_jokers else 4
        specials: dict[int, list[Option]] = {}
        for number, missing in lacking.items():
            if 4 - missing < enough:
                kinds = [KIND[suit][number] for suit in suits]
                options = {option for kind in kinds for option in set_options(held[kind], short.get(kind, 4))}
                specials[number] = sorted(options)
        # A window counts its special numbers one option at a time, all their choices together:
        # more than two at once is left to the slower programme. A window's free positions are
        # its concealed sets (two tiles or more each) and its exposed all-joker sets, so with few
        # tiles for number sets no window holds more than two, however many numbers are special.
        if len(specials) > 2 and tiles // 2 + len(ex.wild) > 2:
            raise _NeedsProgramme
        return specials

    def _numbers(
        self,
        suits: tuple[int, ...],
        held: Sequence[int],
        available: Sequence[int],
        short: dict[int, int],
        choices: list[tuple[int, int, int]],
    ) -> None:
        """The best number sets in ``suits`` for each choice (tiles for them, cost of the rest,
        the concealed flower set's size)."""
        ex = self.ex
        wild = len(ex.wild)
        if not suits:
            if not ex.fixed and not wild:
                for tiles, extra, flowers in choices:
                    if tiles == 0 and extra < self.best:
                        self._found(extra, self._window_leaf, suits, (), 0, flowers)
            return
        specials: dict[int, list[Option]] = {}
        if short:
            most = 0
            for tiles, _, _ in choices:
                if tiles > most:
                    most = tiles
            specials = self._special_positions(suits, held, short, most)
            if wild:
                specials = {number: [*options, WILD] for number, options in specials.items()}
        if len(suits) == 2:
            first, second = KIND[suits[0]], KIND[suits[1]]
            weights = [
                POW[held[one] if held[one] > held[other] else held[other]]
                for one, other in zip(first, second, strict=True)
            ]
        else:
            only = KIND[suits[0]]
            weights = [POW[held[only[number]]] for number in range(11)]
        if not specials and not ex.fixed and not wild:
            self._plain_numbers(weights, suits, held, available, choices)
            return
        tables, drop = self.tables, self.drop
        for index, numbers in enumerate(SEQUENCES):
            length = len(numbers)
            for taken, low, high in ex.assignments[index]:
                fixed = len(taken)
                prefix = [0]
                total = 0
                marked = []
                for position, number in enumerate(numbers):
                    if position not in taken:
                        if number in specials:
                            marked.append(position)
                        else:
                            total += weights[number]
                    prefix.append(total)
                full_evens = index == EVENS and 0 not in taken and 5 not in taken
                for tiles, extra, flowers in choices:
                    if extra >= self.best:
                        continue
                    table = tables[tiles]
                    if tiles == 0 and not fixed and not wild:  # no number sets at all
                        self._found(extra, self._window_leaf, suits, (), 0, flowers)
                    blocks = _blocks(length, fixed, low, high, wild, tiles, full_evens)
                    for start, end in blocks:
                        key = prefix[end] - prefix[start]
                        if marked:  # numbers counted one option at a time, when the block holds any
                            inside = [specials[numbers[p]] for p in marked if start <= p < end]
                            if inside:
                                plain = end - start - fixed - len(inside)
                                cost = self._combine(inside, key, plain, tiles) + extra
                                if cost < self.best:
                                    window = [numbers[p] for p in range(start, end) if p not in taken]
                                    self._found(cost, self._combo_leaf, suits, window, specials, tiles, flowers)
                                continue
                        # Else the block is one lookup.
                        for _ in range(wild):
                            key = drop[key]
                        cost = table[key] + extra
                        if cost < self.best:
                            window = [numbers[p] for p in range(start, end) if p not in taken]
                            self._found(cost, self._window_leaf, suits, window, tiles, flowers)
                    if full_evens and 2 * (6 - fixed - wild) <= tiles <= 4 * (6 - fixed - wild):
                        middle = [numbers[p] for p in range(1, 5) if p not in taken]
                        self._full_evens(
                            prefix[5] - prefix[1],
                            middle,
                            tiles,
                            extra,
                            flowers,
                            suits,
                            held,
                            available,
                            fixed,
                            specials,
                        )

    def _plain_numbers(
        self,
        weights: list[int],
        suits: tuple[int, ...],
        held: Sequence[int],
        available: Sequence[int],
        choices: list[tuple[int, int, int]],
    ) -> None:
        """:meth:`_numbers` with nothing exposed and no kind short of copies: every block is one
        lookup."""
        tables = self.tables
        for index, numbers in enumerate(SEQUENCES):
            prefix = [0]
            total = 0
            for number in numbers:
                total += weights[number]
                prefix.append(total)
            windows_by_tiles = PLAIN_WINDOWS[index]
            for tiles, extra, flowers in choices:
                if extra >= self.best:
                    continue
                windows = windows_by_tiles[tiles]
                if windows:
                    table = tables[tiles]
                    for start, end in windows:
                        cost = table[prefix[end] - prefix[start]] + extra
                        if cost < self.best:
                            self._found(cost, self._window_leaf, suits, numbers[start:end], tiles, flowers)
                elif tiles == 0:
                    # No number set at all: singles and flower sets only.
                    self._found(extra, self._window_leaf, suits, (), 0, flowers)
                if index == EVENS and tiles >= 12:
                    self._full_evens(
                        prefix[5] - prefix[1], [2, 4, 6, 8], tiles, extra, flowers, suits, held, available, 0, {}
                    )

    def _combine(self, slots: Sequence[Sequence[Option]], key: int, plain: int, tiles: int) -> int:
        """The cheapest way to fill some positions one option at a time (``slots``) and the
        ``plain`` positions of ``key`` by the tables, with ``tiles`` tiles in all."""
        return combine(slots, key, plain, tiles, len(self.ex.wild), self.ex.available_jokers, self.jokers)

    def _full_evens(
        self,
        middle: int,
        middle_numbers: list[int],
        tiles: int,
        extra: int,
        flowers: int,
        suits: tuple[int, ...],
        held: Sequence[int],
        available: Sequence[int],
        fixed: int,
        specials: dict[int, list[Option]],
    ) -> None:
        """The block 0-2-4-6-8-10 with both ends free: a suit's dragon is its 0 and its 10 (ruling
        F1), so the ends in one suit share that dragon's copies. ``middle``: the key of the free
        positions among 2 to 8 (``middle_numbers``) not counted one option at a time."""
        wild = len(self.ex.wild)
        marked = [number for number in middle_numbers if number in specials]
        plain_numbers = [number for number in middle_numbers if number not in specials]
        middle_slots = [specials[number] for number in marked]
        plain = 4 - fixed - len(middle_slots)
        dragons = [KIND[suit][0] for suit in suits]
        wild_spec: Spec = ("wild", (), (), True)

        def found(cost: int, extra_positions: Sequence[int], ends: Sequence[Spec], more_plain: int) -> None:
            if cost + extra < self.best:
                self._found(
                    cost + extra,
                    self._combo_leaf,
                    suits,
                    plain_numbers,
                    specials,
                    tiles,
                    flowers,
                    marked,
                    extra_positions,
                    ends,
                    plain + more_plain,
                )

        if 0 in specials:
            ends = [[*set_options(held[dragon], available[dragon]), *([WILD] if wild else [])] for dragon in dragons]
            end_specs: list[Spec] = [("set", (dragon,), (available[dragon],), bool(wild)) for dragon in dragons]
            if len(suits) == 2:
                found(self._combine([*middle_slots, *ends], middle, plain, tiles), (), end_specs, 0)
            elif wild:
                cost = self._combine([*middle_slots, [WILD], ends[0]], middle, plain, tiles)
                found(cost, (), [wild_spec, end_specs[0]], 0)
        elif len(suits) == 2:
            key = middle + POW[held[dragons[0]]] + POW[held[dragons[1]]]
            found(self._combine(middle_slots, key, plain + 2, tiles), dragons, (), 2)
        elif wild:
            cost = self._combine([*middle_slots, [WILD]], middle + POW[held[dragons[0]]], plain + 1, tiles)
            found(cost, dragons, [wild_spec], 1)
        for position, dragon in enumerate(dragons):
            have = held[dragon]
            if (
                not self.collecting
                and len(dragons) == 2
                and 0 not in specials
                and held[dragons[1 - position]] >= have // 2
            ):
                continue  # the ends in two suits hold at least what any split of these copies would
            bar = self.best - extra
            if not middle_slots and self._combine([], middle + 2 * POW[have], plain + 2, tiles) >= bar:
                continue  # not even with every copy at both ends
            both = dragon_options(have, available[dragon])
            cost = self._combine([*middle_slots, both], middle, plain, tiles)
            found(cost, (), [("dragon", (dragon,), (available[dragon],), False)], 0)

    # -- what the leaf search lists ------------------------------------------------------------------

    def _found(self, cost: int, leaf: Callable[..., Leaf], *arguments: Any) -> None:
        """A target of ``cost``, below the best: the best now (the leaf search lists
        ``leaf(*arguments)``)."""
        self.best = cost

    def _positions(self, suits: tuple[int, ...], numbers: Sequence[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
        return _window_shape(suits, tuple(numbers), self.slots_key).positions

    def _window_leaf(self, suits: tuple[int, ...], numbers: Sequence[int], tiles: int, flowers: int) -> Leaf:
        return _window_leaf(suits, tuple(numbers), self.slots_key, tiles, len(self.ex.wild), flowers)

    def _combo_leaf(
        self,
        suits: tuple[int, ...],
        numbers: Sequence[int],
        specials: dict[int, list[Option]],
        tiles: int,
        flowers: int,
        marked: Sequence[int] | None = None,
        dragons: Sequence[int] = (),
        ends: Sequence[Spec] = (),
        plain: int | None = None,
    ) -> Leaf:
        """A window (or the full Evens block) with counted positions: the special numbers among
        ``numbers`` (or ``marked``), ``dragons`` as plain positions, and ``ends``."""
        ex = self.ex
        if marked is None:
            marked = [number for number in numbers if number in specials]
            numbers = [number for number in numbers if number not in specials]
        wild = bool(ex.wild)
        specs: list[Spec] = []
        for number in marked:
            kinds = tuple(KIND[suit][number] for suit in suits)
            specs.append(("set", kinds, tuple(self._copies(kind) for kind in kinds), wild))
        specs += ends
        positions = [*self._positions(suits, numbers), *(((dragon, self.slots.get(dragon, 0)),) for dragon in dragons)]
        return ComboLeaf(
            positions,
            specs,
            len(positions) if plain is None else plain,
            tiles,
            len(ex.wild),
            ex.available_jokers,
            _deficits(self.slots_key, flowers),
            dict(self.slots),
        )

    def _copies(self, kind: int) -> int:
        """The copies of ``kind`` left for number sets (the game's, less exposed and singles sets)."""
        return min(self.ex.available[kind] - self.slots.get(kind, 0), 4)

    def _standard_singles(self) -> None:
        """Standard hands with concealed Flextra singles sets, fewest missing tiles first."""
        ex = self.ex
        patterns = self.plan.patterns
        held, available = self.held, ex.available
        misses = self._misses()
        # A set sharing no kind with the chosen ones adds its own misses, and fits when the game
        # has its copies: only sets sharing kinds are counted with the chosen ones. Each set comes
        # with what the choices read of it, unpacked at once (the loop below runs for every
        # choice): the set, its size, suit, kinds (bits), misses, and whether it fits alone.
        entries = []
        for pattern, pattern_misses in zip(patterns, misses, strict=True):
            fits = True
            for kind, count in pattern.slots:
                if count > available[kind]:
                    fits = False
            entries.append((pattern, pattern.size, pattern.suit, pattern.kinds, pattern_misses, fits))
        room = HAND_SIZE - ex.singles_size - ex.fixed_size - ex.wild_size
        suits_before = ex.singles_suits | ex.fixed_suits
        smallest = min(pattern.size for pattern in patterns)
        chosen: list[_Pattern] = []

        def extend(start: int, size: int, suits: int, bound: int, base: int, chosen_kinds: int) -> bool:
            """The choices adding sets from ``start`` on to the chosen ones (of ``size`` tiles in
            ``suits`` of ``chosen_kinds`` (bits), lacking ``base`` tiles, and at least ``bound``
            by each set's own misses)."""
            for index in range(start, len(entries)):
                pattern, pattern_size, suit, pattern_kinds, pattern_misses, fits_alone = entries[index]
                more_size = size + pattern_size
                if more_size > room:
                    continue
                more_suits = suits | suit
                more_bound = bound + pattern_misses
                if TOO_MANY_SUITS[more_suits | suits_before] or more_bound >= self.best:
                    continue
                if pattern_kinds & chosen_kinds:
                    more_base, fits = _joined(_tiles_by_kind(chosen), pattern, base, held, available)
                else:
                    more_base, fits = base + pattern_misses, fits_alone
                if not fits:
                    continue
                chosen.append(pattern)
                rest = room - more_size
                if (
                    more_base + self._rest_bound(more_suits, rest) < self.best
                    and more_base + self._numbers_floor(more_suits, rest) < self.best
                ):
                    taken = _tiles_by_kind(chosen)
                    less_held, less_available = list(held), list(available)
                    less_short = dict(ex.short)
                    for kind, count in taken.items():
                        less_held[kind] = held[kind] - count if held[kind] > count else 0
                        less_available[kind] -= count
                        less_short[kind] = less_available[kind]
                    if self._standard(
                        tuple(chosen),
                        more_size,
                        more_suits,
                        more_base,
                        less_held,
                        less_available,
                        less_short,
                        taken,
                    ):
                        return True
                # No set fits in fewer tiles than the smallest.
                if (
                    rest >= smallest
                    and more_base < self.best
                    and extend(index, more_size, more_suits, more_bound, more_base, chosen_kinds | pattern_kinds)
                ):
                    return True
                chosen.pop()
            return False

        extend(0, 0, 0, 0, 0, 0)

    def _numbers_floor(self, singles_suits: int, tiles: int) -> int:
        """A bound on the cost of the flower and number sets of a standard hand whose concealed
        singles sets use ``singles_suits``, for ``tiles`` tiles, on the whole hand, before the
        singles sets take their tiles and copies (which only makes sets cost more). Every choice
        of suits and flower set :meth:`_standard` tries, each by the tables: a concealed hand's
        blocks of numbers (:meth:`_window_floor`); with exposed sets, whose numbers a block must
        hold, or with tiles enough for the full Evens block, which has its own reckoning, the
        numbers where the hand holds most, however far apart (:meth:`_positions_floor`)."""
        found = self.number_floors.get((singles_suits, tiles))
        if found is None:
            ex = self.ex
            found = INFINITY
            others = singles_suits | ex.singles_suits
            for with_flowers in (False, True):
                if ex.flowers:  # an exposed flower set: its size is settled
                    if not with_flowers:
                        continue
                    choices = [(tiles - ex.flowers[0], 0)]
                elif with_flowers:
                    choices = [(tiles - size, cost) for size, cost in self.flower_costs]
                else:
                    choices = [(tiles, 0)]
                for suits in SUIT_CHOICES[others | (FLOWERS_SUIT if with_flowers else 0)]:
                    if ex.fixed_suits & ~SUIT_MASKS[suits]:
                        continue
                    for left, cost in choices:
                        if left == 0:
                            found = cost if cost < found else found  # the singles and flower sets alone
                        elif left > 0 and suits:
                            cost += self._table_floor(suits, left)
                            found = cost if cost < found else found
            self.number_floors[singles_suits, tiles] = found
        return found

    def _table_floor(self, suits: tuple[int, ...], tiles: int) -> int:
        """A bound on the cost of concealed number sets in ``suits`` holding ``tiles`` tiles, by
        the tables on the whole hand: a concealed hand's blocks of numbers
        (:meth:`_window_floor`); with exposed sets, whose numbers a block must hold, or with tiles
        enough for the full Evens block, which has its own reckoning, the numbers where the hand
        holds most, however far apart (:meth:`_positions_floor`)."""
        if tiles <= 0:
            return 0
        if not suits:
            return INFINITY
        if self.ex.melds or tiles >= 12:
            return self._positions_floor(suits, tiles)
        return self._window_floor(suits, tiles)

    def _copies_by_number(self, suits: tuple[int, ...]) -> list[int]:
        """For each number, 0 to 10, the most copies the whole hand holds of it in one of ``suits``."""
        held = self.held
        if len(suits) == 2:
            return [
                held[one] if held[one] > held[other] else held[other]
                for one, other in zip(KIND[suits[0]], KIND[suits[1]], strict=True)
            ]
        return [held[kind] for kind in KIND[suits[0]]]

    def _positions_floor(self, suits: tuple[int, ...], tiles: int) -> int:
        """The least table cost of concealed number sets in ``suits`` holding ``tiles`` tiles,
        on the whole hand, at the numbers where it holds most: no block's numbers hold more (the
        tables' costs only fall as the copies held rise), whichever of them exposed sets take."""
        found = self.position_floors.get((suits, tiles))
        if found is None:
            keys = self.best_keys.get(suits)
            if keys is None:
                copies = sorted(self._copies_by_number(suits), reverse=True)
                keys = self.best_keys[suits] = list(itertools.accumulate((POW[count] for count in copies), initial=0))
            table = self.tables[tiles]
            found = INFINITY
            for count in _tile_range(tiles):
                if count < len(keys) and table[keys[count]] < found:
                    found = table[keys[count]]
            self.position_floors[suits, tiles] = found
        return found

    def _window_floor(self, suits: tuple[int, ...], tiles: int) -> int:
        """The least table cost of a block of concealed number sets in ``suits`` holding
        ``tiles`` tiles, on the whole hand."""
        found = self.window_floors.get((suits, tiles))
        if found is None:
            prefixes = self.window_prefixes.get(suits)
            if prefixes is None:
                weights = [POW[count] for count in self._copies_by_number(suits)]
                prefixes = []
                for numbers in SEQUENCES:
                    prefix = [0]
                    for number in numbers:
                        prefix.append(prefix[-1] + weights[number])
                    prefixes.append(prefix)
                self.window_prefixes[suits] = prefixes
            table = self.tables[tiles]
            found = INFINITY
            for prefix, windows in zip(prefixes, PLAIN_WINDOWS, strict=True):
                for start, end in windows[tiles]:
                    cost = table[prefix[end] - prefix[start]]
                    if cost < found:
                        found = cost
            self.window_floors[suits, tiles] = found
        return found

    def _rest_bound(self, singles_suits: int, tiles: int) -> int:
        """A bound on the cost of the number and flower sets of a standard hand whose singles sets
        use ``singles_suits``, for ``tiles`` tiles: every tile they could keep, and every joker."""
        ex = self.ex
        if ex.flowers:
            return 0
        most = self.kept_by_suits.get(singles_suits)
        if most is None:
            held = self.held
            most = -INFINITY
            for flowers in (0, min(held[FLOWER], self.options.flowers)):
                others = singles_suits | ex.singles_suits | (FLOWERS_SUIT if flowers else 0)
                for suits in SUIT_CHOICES[others]:
                    if not ex.fixed_suits & ~SUIT_MASKS[suits]:
                        most = max(most, flowers + _number_tiles(held, suits))
            self.kept_by_suits[singles_suits] = most
        short = tiles - most - self.jokers
        return short if short > 0 else 0

    # -- the other hands -----------------------------------------------------------------------------

    def _winds(self) -> None:
        """Ruling F3: one set of each wind, and maybe a flower set."""
        ex = self.ex
        if ex.fixed or ex.singles or len(ex.flowers) > 1:
            return
        free = [wind for wind in WINDS if wind not in ex.winds]
        wild = len(ex.wild)
        if wild > len(free):
            return
        key = sum(POW[self.held[wind]] for wind in free)
        for _ in range(wild):
            key = self.drop[key]
        rest = HAND_SIZE - sum(ex.winds.values()) - ex.wild_size
        for tiles, extra, flowers in self._flower_choices(rest, required=False):
            cost = self.tables[tiles][key] + extra
            if cost < self.best:
                positions = [((wind, 0),) for wind in free]
                leaf = shape(tuple(positions))
                deficits = [(FLOWER, flowers)] if flowers else []
                self._found(cost, WindowLeaf, leaf, flex_row(tiles, wild), deficits)

    def _flower_choices(self, rest: int, required: bool) -> list[tuple[int, int, int]]:
        """(tiles left, cost of the flowers, concealed flower set size) for each flower set the
        hand may hold."""
        ex = self.ex
        if ex.flowers:
            choices = [(rest - ex.flowers[0], 0, 0)]
        else:
            held = self.held[FLOWER]
            choices = [] if required else [(rest, 0, 0)]
            choices += [(rest - size, max(size - held, 0), size) for size in range(2, self.options.flowers + 1)]
        return [choice for choice in choices if 0 <= choice[0] <= HAND_SIZE]

    def _opposite_winds(self) -> None:
        """Flextra Opposite Winds: sets of two opposite winds and number sets of one suit."""
        ex = self.ex
        if ex.flowers or ex.singles or ex.fixed_suits.bit_count() > 1:
            return
        wild = len(ex.wild)
        tiles = HAND_SIZE - sum(ex.winds.values()) - ex.fixed_size - ex.wild_size
        if tiles < 0:
            return
        table, drop, held = self.tables[tiles], self.drop, self.held
        suits = [suit for suit in range(3) if ex.fixed_suits >> suit & 1] or [0, 1, 2]
        for pair in OPPOSITE_WINDS:
            if any(wind not in pair for wind in ex.winds):
                continue
            free_winds = [wind for wind in pair if wind not in ex.winds]
            wind_key = sum(POW[held[wind]] for wind in free_winds)
            wind_held = sum(held[wind] for wind in free_winds)
            for suit in suits:
                suit_kinds = KIND[suit]
                if tiles - wind_held - sum(held[kind] for kind in suit_kinds[:10]) - self.jokers >= self.best:
                    continue
                weights = [POW[held[kind]] for kind in suit_kinds]
                for index, numbers in enumerate(SEQUENCES):
                    length = len(numbers)
                    for taken, low, high in ex.assignments[index]:
                        fixed = len(taken)
                        prefix = [0]
                        total = 0
                        for position, number in enumerate(numbers):
                            if position not in taken:
                                total += weights[number]
                            prefix.append(total)
                        for concealed in _tile_range(tiles):
                            size = concealed + wild - len(free_winds) + fixed
                            if size < 1:
                                continue
                            if size > length:
                                break
                            for start in _starts(size, length, fixed, low, high):
                                key = wind_key + prefix[start + size] - prefix[start]
                                for _ in range(wild):
                                    key = drop[key]
                                if table[key] < self.best:
                                    kinds = free_winds + [
                                        suit_kinds[numbers[p]] for p in range(start, start + size) if p not in taken
                                    ]
                                    self._found(
                                        table[key], WindowLeaf, _single_positions(tuple(kinds)), flex_row(tiles, wild)
                                    )

    def _like_numbers(self) -> None:
        """Flextra Like Numbers: one number in the three suits, with flowers and/or singles sets."""
        ex = self.ex
        if ex.winds or len(ex.flowers) > 1 or any(tiles not in self.plan.pattern_tiles for tiles in ex.singles):
            return
        numbers = list(range(10))  # 0 stands for the dragons (0 and 10 are the same tiles)
        fixed_kinds = [kind for kind, _, _ in ex.fixed]
        if len(set(fixed_kinds)) < len(fixed_kinds):
            return
        for _, _, fixed_numbers in ex.fixed:
            numbers = [number for number in numbers if number in fixed_numbers]
        if not numbers:
            return
        held, available, jokers = self.held, ex.available, self.jokers
        wild = len(ex.wild)
        concealed = 3 - len(ex.fixed) - wild
        if concealed < 0:
            return
        # What a Like Numbers hand of each number could keep at most: its tiles and the jokers.
        keep = {number: jokers + sum(held[KIND[suit][number]] for suit in range(3)) for number in numbers}
        most = max(keep.values())
        rest = HAND_SIZE - ex.singles_size - ex.fixed_size - ex.wild_size
        flower_choices = self._flower_choices(rest, required=False)
        patterns, misses = self.plan.patterns, self._misses()
        # The flower choices leaving number sets their tiles, for each size of the concealed
        # singles sets (found once: the choices of singles sets have few sizes; size 0 is the
        # choice of none, every set having tiles).
        fitting: dict[int, list[tuple[int, int, int]]] = {}
        for count in range(3 - len(ex.singles)):
            for chosen, size in self.plan.like_choices[count]:
                choices = fitting.get(size)
                if choices is None:
                    choices = fitting[size] = [
                        (tiles_left - size, flower_cost, flowers)
                        for tiles_left, flower_cost, flowers in flower_choices
                        if 2 * concealed <= tiles_left - size <= 4 * concealed
                        and not (tiles_left == rest and not chosen and not ex.singles)
                    ]
                if not choices:
                    continue
                # A loop, not sum(): at most two sets, tried for every choice of them.
                bound = 0
                for index in chosen:
                    bound += misses[index]
                if bound >= self.best:
                    continue
                singles = [patterns[index] for index in chosen]
                slots: dict[int, int] | None = None
                base = 0
                for tiles, flower_cost, flowers in choices:
                    if bound + flower_cost + (tiles - most if tiles > most else 0) >= self.best:
                        continue
                    if slots is None:
                        slots = _tiles_by_kind(singles)
                        if any(times > available[kind] for kind, times in slots.items()):
                            break
                        base = sum(times - held[kind] for kind, times in slots.items() if times > held[kind])
                    for number in numbers:
                        short = tiles - keep[number]
                        if base + flower_cost + (short if short > 0 else 0) >= self.best:
                            continue
                        kinds = [KIND[suit][number] for suit in range(3)]
                        free = [kind for kind in kinds if kind not in fixed_kinds]
                        if wild > len(free):
                            continue
                        cost = base + flower_cost + like_cost(held, ex, free, slots, tiles)
                        if cost < self.best:
                            self._found(cost, self._like_leaf, free, slots, tiles, flowers)

    def _like_leaf(self, free: list[int], slots: dict[int, int], tiles: int, flowers: int) -> Leaf:
        ex = self.ex
        deficits = [*slots.items(), *([(FLOWER, flowers)] if flowers else [])]
        if _like_by_table(ex, free, slots):
            # The tables cost it whatever the counts (copies left do not change): a window leaf,
            # which a discard or a draw changes by a term of its key.
            positions = shape(tuple(((kind, slots.get(kind, 0)),) for kind in free))
            return WindowLeaf(positions, flex_row(tiles, len(ex.wild)), deficits)

        def cost(held: Sequence[int]) -> int:
            return missing(deficits, held) + like_cost(held, ex, free, slots, tiles)

        return FunctionLeaf(mask_of([*free, *slots, FLOWER, JOKER]), cost)

    def _misses(self) -> list[int]:
        """For each singles set, the tiles of it the hand lacks (worked out once per search)."""
        misses = self.singles_misses
        if misses is None:
            held = self.held
            misses = self.singles_misses = []
            for pattern in self.plan.patterns:
                lacking = 0  # a loop, not sum() of a generator: a call for each set
                for kind, count in pattern.slots:
                    if count > held[kind]:
                        lacking += count - held[kind]
                misses.append(lacking)
        return misses

    def _double_sequence(self) -> None:
        """Flextra Double Sequence: one three-number block in two suits, nothing else."""
        ex = self.ex
        if ex.winds or ex.flowers or ex.singles:
            return
        tiles = HAND_SIZE - ex.fixed_size - ex.wild_size
        if tiles < 0:
            return
        wild = len(ex.wild)
        table, drop, held = self.tables[tiles], self.drop, self.held
        fixed_kinds = {kind for kind, _, _ in ex.fixed}
        if len(fixed_kinds) < len(ex.fixed):
            return
        # Each block's key in each suit, read once: a block in two suits adds two of them.
        block_keys = [
            [POW[held[low]] + POW[held[middle]] + POW[held[high]] for low, middle, high in blocks]
            for blocks in BLOCK_KINDS
        ]
        for first, second in SUIT_PAIRS:
            if ex.fixed_suits & ~(1 << first | 1 << second):
                continue
            for first_kinds, second_kinds, first_key, second_key in zip(
                BLOCK_KINDS[first], BLOCK_KINDS[second], block_keys[first], block_keys[second], strict=True
            ):
                free = first_kinds + second_kinds
                if fixed_kinds:
                    if not fixed_kinds <= set(free):
                        continue
                    free = tuple(kind for kind in free if kind not in fixed_kinds)
                    key = 0
                    for kind in free:
                        key += POW[held[kind]]
                else:
                    key = first_key + second_key
                if wild > len(free):
                    continue
                for _ in range(wild):
                    key = drop[key]
                if table[key] < self.best:
                    self._found(table[key], WindowLeaf, _single_positions(free), flex_row(tiles, wild))


class _LeafSearch(_Search):
    """The search listing every leaf costing less than ``limit``, each with its cost
    (:mod:`mahjong_rules.solver.discards`): its best stays at ``limit``."""

    __slots__ = ("cap", "leaves")

    collecting = True

    def __init__(
        self,
        plan: FlexDistance,
        held: Sequence[int],
        exposed: _Exposed,
        limit: int,
        programmes: dict[tuple[object, ...], tuple[int, int]],
        cap: int,
    ) -> None:
        super().__init__(plan, held, exposed, limit)
        self.cap = cap
        self.floor = -1  # never stop early: every leaf counts
        self.leaves: list[tuple[Leaf, int]] = []
        self.programmes = programmes

    def _found(self, cost: int, leaf: Callable[..., Leaf], *arguments: Any) -> None:
        self.leaves.append((leaf(*arguments), cost))

    def _programme(self, singles: tuple[_Pattern, ...], sizes: list[int], suits: tuple[int, ...]) -> None:
        # Costed again after a discard and a draw, a leaf matters up to two more than the
        # hand's distance (``cap``), whatever this search's limit.
        leaf = self._programme_leaf(singles, sizes, suits, self.cap)
        cost = leaf.cost(self.held)
        if cost < self.best:
            self.leaves.append((leaf, cost))


def _like_by_table(ex: _Exposed, free: list[int], slots: dict[int, int]) -> bool:
    """Whether the tables cost the sets on the ``free`` kinds of a Like Numbers hand (``slots``:
    the tiles its singles sets take): no kind so short of copies that it lacks a pair or that the
    kinds force more jokers than the game has left. The counts held do not change it."""
    available = ex.available
    # One loop for the jokers the kinds short of copies force and the fewest copies left (asked
    # for every number of every choice of singles sets: calls of sum() and min() would count).
    forced, fewest = 0, 4
    for kind in free:
        copies = available[kind] - slots.get(kind, 0)
        if copies < 4:
            forced += 4 - copies
            if copies < fewest:
                fewest = copies
    return forced <= ex.available_jokers and fewest >= 2


def like_cost(held: Sequence[int], ex: _Exposed, free: list[int], slots: dict[int, int], tiles: int) -> int:
    """The cheapest sets on the ``free`` kinds of one Like Numbers hand, exposed all-joker sets
    included, holding ``tiles`` tiles (``slots``: the tiles its singles sets take)."""
    available = ex.available
    wild = len(ex.wild)
    jokers = held[JOKER] if held[JOKER] < MAX_JOKERS else MAX_JOKERS
    if _like_by_table(ex, free, slots):
        key = 0
        for kind in free:
            have = held[kind] - slots.get(kind, 0)
            key += POW[have if have > 0 else 0]
        drop = drop_lowest()
        for _ in range(wild):
            key = drop[key]
        return cost_tables()[jokers][tiles][key]
    # More slots than copies may force more jokers than are left: count them.
    best = INFINITY
    for jokers_at in itertools.combinations(range(len(free)), wild):
        sets = [kind for position, kind in enumerate(free) if position not in jokers_at]
        for sizes in itertools.product((2, 3, 4), repeat=len(sets)):
            if sum(sizes) != tiles:
                continue
            pairs = missing = forced = 0
            for kind, size in zip(sets, sizes, strict=True):
                have = max(held[kind] - slots.get(kind, 0), 0)
                copies = available[kind] - slots.get(kind, 0)
                if size == 2:
                    if copies < 2:
                        break
                    pairs += max(2 - have, 0)
                else:
                    missing += max(size - have, 0)
                    forced += max(size - copies, 0)
            else:
                if forced <= ex.available_jokers:
                    best = min(best, max(pairs, pairs + missing - jokers))
    return best


@functools.lru_cache(maxsize=16)
def _plan(options: FlexOptions, grammar: Grammar) -> FlexDistance:
    return FlexDistance(options, grammar)


def flex_tiles_away(hand: Hand, options: FlexOptions, grammar: Grammar) -> int | None:
    """The fewest tiles to exchange for ``hand`` to become a valid Flex hand of 14 tiles, its
    exposed sets kept; ``None`` if no valid hand keeps them."""
    return _plan(options, grammar).away(hand)
