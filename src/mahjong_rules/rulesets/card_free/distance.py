"""Exact tiles away for Card-Free: the fewest tiles to exchange to reach any valid hand.

Every valid hand is a *target* (:mod:`.targets` lists them all). For one target the distance is the
solver's formula: natural tiles fill first the slots jokers cannot fill (pairs, the flower pair,
the NEWS block's singles), jokers fill what is left of the Pungs, Kongs and Quints, so a target
costs ``max(P, P + E - J)`` with ``P`` the tiles missing from joker-free slots, ``E`` from the
others and ``J`` the hand's jokers. Exposed sets must each be one whole block of the target.

A regular target is a *family* (a set in its suits, the flower pair or not, the NEWS block or not,
some dragons) whose blocks the pattern sizes. Every block of a family but the flower pair and the
NEWS block is a *position* described only by the copies the hand holds of its tile, so the best
sizing of a family is a table lookup on the histogram of its positions (:mod:`._distance_tables`);
the flower pair and the NEWS block add their missing tiles. A set of a consecutive category is a
window of its sequence, each suit one unbroken run of it (ruling C5): its histogram is a sum of
prefix differences. A window can do no better than with every number in its best suit (the
column maxima), so that histogram bounds it; windows are tried cheapest bound first and the
search stops at the floor (0 for 14 tiles, 1 for 13) or when no bound left is below the best.
Dragons are taken where the hand holds most, exposed blocks of jokers where it holds least.

Winds hands with the NEWS block (whose winds share their tiles with the set's blocks) and the
three Dragon hands are few: they are costed directly. Exposures the rules never let a player make
(pairs, flowers, NEWS, blocks of other shapes) fall back to the reference scan of every target.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence

from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.rulesets.card_free._distance_tables import (
    DROP_LOWEST,
    HIST_ID,
    KEY_SPACE,
    POW,
    SUM_HELD,
    cost_table,
    prepare,
    size_multisets,
)
from mahjong_rules.rulesets.card_free.options import CardFreeOptions
from mahjong_rules.rulesets.card_free.targets import reference_away
from mahjong_rules.solver.discards import (
    FunctionLeaf,
    Leaf,
    ScratchLeaf,
    bits,
    discard_options,
    mask_of,
    pass_options,
)
from mahjong_rules.tiles import Tile

__all__ = ["CardFreeDistance"]

JOKER = 47
FLOWER = 34
DRAGONS = (27, 28, 29)
WINDS = (30, 31, 32, 33)  # East, South, West, North
WIND_SETS = ((30, 31, 32, 33), (31, 33), (30, 32))  # NEWS, N+S, E+W (ruling C1)
ONE_BAM = 0
HAND_SIZE = 14
MOST_BLOCKS = 7
FEWEST_BLOCKS = 3
INFINITY = 99

EXPOSED = 1 << 16
"""Key weight of a set position an exposed block already fills (counted, not a position)."""
BAD = 1 << 20
"""Key weight of a tile a set cannot use: another suit at a number whose block is exposed."""
KEY_MASK = KEY_SPACE - 1

SEQUENCES = ((1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 3, 5, 7, 9), (2, 4, 6, 8), (3, 6, 9))
"""Consecutive Run, Odds, Evens, and Multiples of Three (whose only set is the whole of it)."""
WINDOWS = tuple(
    (index, start, start + length)
    for index, numbers in enumerate(SEQUENCES)
    for length in (range(3, min(len(numbers), MOST_BLOCKS) + 1) if index < 3 else (3,))
    for start in range(len(numbers) - length + 1)
)
"""Every set of a consecutive category: (sequence, first position, end position)."""
SUIT_PAIRS = tuple(itertools.permutations(range(3), 2))
SUIT_TRIPLES = tuple(itertools.permutations(range(3), 3))

Blocks = tuple[int, int, tuple[int, ...], int]
"""What the blocks beside a set read of a hand: flowers (two at most), winds held, the free
dragons' counts (most first), jokers."""
Runs = tuple[tuple[int, int, int], ...]
"""A suit arrangement of a window: (suit, first position, end position) for each run."""
Where = tuple[int, ...] | tuple[Runs, tuple[int, ...]]
"""Where a set's positions are: its tiles (exposed ones included), or a window's runs and its
sequence's numbers."""
Combo = tuple[int, int, int, int, bool, bytes]
"""The blocks beside a set: (copies they keep at most, tiles their joker-free slots miss, key of
their dragon positions, number of blocks, whether the NEWS block is one, the cost table of the
pattern's other sizes)."""


class _Exposed:
    """A hand's exposed sets as the search needs them."""

    __slots__ = ("dragons", "duplicate", "jokers", "naturals", "numbers", "sizes", "tiles", "wilds", "winds")

    def __init__(self, melds: Sequence[Meld]) -> None:
        self.numbers: dict[int, int] = {}  # number tile -> block size
        self.winds: dict[int, int] = {}
        self.dragons: dict[int, int] = {}
        self.naturals: dict[int, int] = {}  # tile -> natural copies exposed
        wilds: list[int] = []
        sizes: list[int] = []
        self.duplicate = False
        self.jokers = 0
        self.tiles = 0
        for meld in melds:
            kinds = {tile.index for tile in meld.naturals}
            size = meld.size
            sizes.append(size)
            self.jokers += meld.joker_count
            self.tiles += size
            if not kinds:
                wilds.append(size)
                continue
            (kind,) = kinds
            self.naturals[kind] = self.naturals.get(kind, 0) + size - meld.joker_count
            where = self.numbers if kind < 27 else self.dragons if kind < 30 else self.winds
            if kind in where:
                self.duplicate = True
            where[kind] = size
        self.wilds = tuple(wilds)
        self.sizes = tuple(sorted(sizes))


def _fits_fast_path(meld: Meld) -> bool:
    """Exposures a player can make: identical blocks of 3 to 5 number, wind or dragon tiles, or
    of jokers only."""
    if not meld.is_identical or not 3 <= meld.size <= 5:
        return False
    kinds = {tile.index for tile in meld.naturals}
    return len(kinds) <= 1 and all(kind < 34 for kind in kinds)


NO_EXPOSURES = _Exposed(())


def _quints(plan: CardFreeDistance, exposed: _Exposed) -> int:
    """How many Quints the jokers not exposed allow a set and the blocks beside it (two at most)."""
    return max(min(plan.jokers - exposed.jokers, 2), 0)


@functools.lru_cache(maxsize=4096)
def _combos_for(blocks: Blocks, sizes: tuple[int, ...], exposed_dragons: int, quints: int) -> tuple[Combo, ...]:
    """The choices of blocks beside a set for a hand reading ``blocks`` (flowers kept, winds
    held, the free dragons' counts most first, jokers), its exposed blocks of ``sizes`` (among
    them ``exposed_dragons`` dragons) and ``quints`` Quints possible: shared by every hand
    alike in these."""
    flower_kept, news_kept, dragons, jokers = blocks
    combos: list[Combo] = []
    for flower in (0, 1):
        for with_news in (0, 1):
            rest = tuple(sorted(sizes + (2,) * flower + (4,) * with_news))
            table = cost_table(rest, quints)[jokers]
            missing = flower * (2 - flower_kept) + with_news * (4 - news_kept)
            kept = flower * flower_kept + with_news * news_kept
            for added in range(len(dragons) + 1):
                taken = dragons[:added]
                key = sum(POW[count] for count in taken)
                blocks_count = flower + with_news + exposed_dragons + added
                combos.append((kept + sum(taken), missing, key, blocks_count, bool(with_news), table))
    combos.sort(key=lambda combo: -combo[0])
    return tuple(combos)


def _arrangements(sizes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of ``sizes``."""
    return tuple(sorted(set(itertools.permutations(sizes))))


class CardFreeDistance:
    """Tiles away for the hands of one game (its options: tile set, jokers, flowers)."""

    def __init__(self, options: CardFreeOptions) -> None:
        self.options = options
        self.tileset = options.tileset
        self.jokers = options.jokers
        self.flowers = options.flowers

    def away(self, hand: Hand, limit: int = INFINITY) -> int | None:
        """The fewest tiles to exchange for ``hand`` to become a valid Card-Free hand of 14 tiles,
        its exposed sets kept; ``None`` when no valid hand keeps them, or none is closer than
        ``limit`` (the search then stops early: a caller asking "is it 1 away?" passes 2)."""
        prepare()
        melds = hand.melds
        if not melds:
            exposed = NO_EXPOSURES
        elif all(_fits_fast_path(meld) for meld in melds):
            exposed = _Exposed(melds)
        else:
            found = reference_away(hand, self.options)
            return None if found is None or found >= limit else found
        best = _Search(self, hand.concealed_counts, exposed, len(hand), limit).run()
        return None if best >= min(limit, INFINITY) else best

    def discards(self, hand: Hand, drawable: Sequence[int]) -> list[tuple[int, int, list[int]]]:
        """For a hand that must discard: each concealed tile (index) it may discard, the tiles
        away that leaves, and which of the ``drawable`` tiles (indexes) would then bring it one
        closer; empty when no valid hand keeps the exposed sets. One search lists every leaf
        within one tile of the hand's distance (:mod:`mahjong_rules.solver.discards`); exposures
        outside the fast search take one search per discard and draw."""
        prepare()
        melds = hand.melds
        if melds and not all(_fits_fast_path(meld) for meld in melds):
            return self._discards_one_by_one(hand, drawable)
        exposed = _Exposed(melds) if melds else NO_EXPOSURES
        held = list(hand.concealed_counts)
        away = _Search(self, held, exposed, HAND_SIZE).run()
        if away >= INFINITY:
            return []

        search = _LeafSearch(self, held, exposed, away + 2)
        search.run()
        return discard_options(held, away, search.leaves, drawable)

    def helpful(self, hand: Hand, drawable: Sequence[int]) -> tuple[int, list[int]] | None:
        """For a hand of any size up to 14 tiles whose exposures the fast search does not take
        (:meth:`passes` answers the others): its tiles away and which of the ``drawable`` tiles
        (indexes) would bring it one closer, a search each; ``None`` when no valid hand keeps
        its exposed sets."""
        away = self.away(hand)
        if away is None:
            return None
        closer = [index for index in drawable if self.away(hand.draw(Tile.from_index(index)), limit=away) is not None]
        return away, closer

    def passes(
        self, hand: Hand, passes: Sequence[tuple[int, ...]], limits: Sequence[int]
    ) -> list[tuple[tuple[int, ...], int, list[int]]] | None:
        """Every choice of tiles to pass from one leaf search (:func:`.pass_options`); ``None``
        for exposures outside the fast search (the caller then searches each choice)."""
        prepare()
        melds = hand.melds
        if melds and not all(_fits_fast_path(meld) for meld in melds):
            return None
        if not passes:
            return []
        exposed = _Exposed(melds) if melds else NO_EXPOSURES
        held = list(hand.concealed_counts)
        away = _Search(self, held, exposed, len(hand)).run()
        if away >= INFINITY:
            return []
        search = _LeafSearch(self, held, exposed, away + len(passes[0]) + 1)
        search.run()
        return pass_options(held, away, search.leaves, passes, limits)

    def _discards_one_by_one(self, hand: Hand, drawable: Sequence[int]) -> list[tuple[int, int, list[int]]]:
        found = []
        for discard in sorted(set(hand.concealed)):
            rest = hand.discard(discard)
            away = self.away(rest)
            if away is not None:
                helpful = [
                    index
                    for index in drawable
                    if self.away(rest.draw(Tile.from_index(index)), limit=away) is not None  # closer than before
                ]
                found.append((discard.index, away, helpful))
        return found


class _Search:
    """One hand's search: its counts, its exposures, the best distance found so far (the number
    sets and Winds sets it costs are where :class:`_LeafSearch` lists its leaves instead)."""

    collecting = False
    """Whether the search lists every leaf below its limit (then no shortcut that compares two
    targets on this hand's counts may skip one)."""

    def __init__(
        self, plan: CardFreeDistance, held: Sequence[int], exposed: _Exposed, size: int, limit: int = INFINITY
    ) -> None:
        self.plan = plan
        self.held = held
        self.ex = exposed
        self.jokers = held[JOKER]
        self.rest = HAND_SIZE - exposed.tiles
        self.floor = max(HAND_SIZE - size, 0)
        self.jokers_left = plan.jokers - exposed.jokers
        self.best = min(limit, INFINITY)  # only hands closer than this are looked for
        self.base = self.rest - self.jokers  # cost >= base - copies kept
        flowers = held[FLOWER]
        self.flower_kept = min(flowers, 2)
        self.news_kept = sum(1 for wind in WINDS if held[wind])
        self.dragons_free = sorted((held[kind] for kind in DRAGONS if kind not in exposed.dragons), reverse=True)
        self.memo: dict[int, int] = {}

    def run(self) -> int:
        ex = self.ex
        if not ex.duplicate:
            combos = self._combos()
            if not ex.winds:
                self._numbers(combos)
            if not ex.numbers and self.best > self.floor:
                self._winds([combo for combo in combos if not combo[4]])
                if self.best > self.floor:
                    self._winds_news()
        if self.best > self.floor and not ex.numbers and not ex.winds:
            self._dragon_hands()
        return self.best

    # -- the blocks beside a set -----------------------------------------------------------------

    def _combos(self) -> list[Combo]:
        """Every choice of flower pair, NEWS block and dragons, with its cost table (for the
        hand's jokers), most copies kept first. The dragons taken are those held most."""
        ex = self.ex
        dragons = tuple(sorted((self.held[kind] for kind in DRAGONS if kind not in ex.dragons), reverse=True))
        quints = _quints(self.plan, ex)
        blocks = (self.flower_kept, self.news_kept, dragons, min(self.jokers, 14))
        return list(_combos_for(blocks, ex.sizes, len(ex.dragons), quints))

    def _cost(self, key: int, length: int, combos: list[Combo], limit: int) -> int:
        """The least cost of a set whose concealed positions have ``key`` and which has ``length``
        blocks, over the blocks beside it; a result at or above ``limit`` only says so."""
        base = self.base - SUM_HELD[key]
        wilds = self.ex.wilds
        best = limit
        for combo in combos:
            kept, missing, extra, blocks, _, table = combo
            if base - kept >= best:
                break
            total = length + blocks
            if total < FEWEST_BLOCKS or total > MOST_BLOCKS or missing >= best:
                continue
            full = key + extra
            for _ in wilds:
                full = DROP_LOWEST[full]
                if full < 0:
                    break
            else:
                value = missing + table[HIST_ID[full]]
                if value < best:
                    best = value
        return best

    # -- number hands ----------------------------------------------------------------------------

    def _numbers(self, combos: list[Combo]) -> None:
        """Number hands: every set of a consecutive category, Multiples of Three and Like Numbers,
        cheapest bound first. An exposed number block fixes its number and suit: other suits at
        that number weigh ``BAD``, the block itself ``EXPOSED`` (counted, not a position)."""
        held = self.held
        ex = self.ex
        exposed_numbers = {kind % 9 + 1 for kind in ex.numbers}
        count = len(ex.numbers)
        most_kept = [0] * (MOST_BLOCKS + 1)
        for kept, _, _, blocks, _, _ in combos:
            for length in range(3, MOST_BLOCKS + 1):
                if FEWEST_BLOCKS <= length + blocks <= MOST_BLOCKS:
                    most_kept[length] = max(most_kept[length], kept)
        weights = [POW[held[kind]] for kind in range(27)]
        for kind in range(27):
            if kind % 9 + 1 in exposed_numbers:
                weights[kind] = EXPOSED if kind in ex.numbers else BAD
        prefixes = []
        for numbers in SEQUENCES:
            by_suit = []
            for suit in range(3):
                running = [0]
                for number in numbers:
                    running.append(running[-1] + weights[9 * suit + number - 1])
                by_suit.append(running)
            column = [0]
            column_held = [0]
            for number in numbers:
                if number in exposed_numbers:
                    column.append(column[-1] + EXPOSED)
                    column_held.append(column_held[-1])
                else:
                    most = max(held[number - 1], held[number + 8], held[number + 17])
                    column.append(column[-1] + POW[most])
                    column_held.append(column_held[-1] + most)
            covers = exposed_numbers <= set(numbers)
            prefixes.append((by_suit, column, column_held, covers))
        base = self.base
        order = []
        for sequence, start, end in WINDOWS:
            by_suit, column, column_held, covers = prefixes[sequence]
            if covers:
                bound = base - (column_held[end] - column_held[start]) - most_kept[end - start]
                order.append((bound, sequence, start, end))
        for number in range(1, 10):
            if exposed_numbers <= {number}:
                kinds = (number - 1, number + 8, number + 17)
                kept = sum(held[kind] for kind in kinds if kind not in ex.numbers)
                order.append((base - kept - most_kept[3], -1, number, 0))
        order.sort()
        memo = self.memo
        floor = self.floor
        for bound, sequence, start, end in order:
            if bound >= self.best or self.best <= floor:
                return
            if sequence < 0:
                kinds = (start - 1, start + 8, start + 17)
                key = sum(EXPOSED if kind in ex.numbers else POW[held[kind]] for kind in kinds)
                if key >> 16 == count:
                    self._number_set(key & KEY_MASK, 3, combos, memo, kinds)
                continue
            by_suit, column, _, _ = prefixes[sequence]
            top = column[end] - column[start]
            if top >> 16 != count:
                continue
            length = end - start
            lower = self._cost(top & KEY_MASK, length, combos, self.best)
            if lower < self.best:
                self._window(by_suit, start, end, top, lower, combos, memo, SEQUENCES[sequence])

    def _number_set(self, key: int, length: int, combos: list[Combo], memo: dict[int, int], where: Where) -> int:
        """The cost of a number set (memoized for this hand: windows share histograms); ``where``
        its positions are is for the leaf search."""
        value = memo.get(key)
        if value is None:
            value = self._cost(key, length, combos, self.best)
            memo[key] = value
        if value < self.best:
            self.best = value
        return value

    def _window(
        self,
        by_suit: list[list[int]],
        start: int,
        end: int,
        top: int,
        lower: int,
        combos: list[Combo],
        memo: dict[int, int],
        numbers: tuple[int, ...],
    ) -> None:
        """Every suit arrangement of one window (each suit one unbroken run, ruling C5); stop once
        one reaches the window's bound (its column maxima)."""
        count = top >> 16
        length = end - start
        target = top & KEY_MASK
        keys = []
        for suit in range(3):
            keys.append(by_suit[suit][end] - by_suit[suit][start])
        for cut in range(start + 1, end):
            for first, second in SUIT_PAIRS:
                left = by_suit[first][cut] - by_suit[first][start]
                right = by_suit[second][end] - by_suit[second][cut]
                # A run holding none of its tiles is beaten by its neighbour's suit there.
                if left != cut - start and right != end - cut:
                    keys.append(left + right)
        for cut in range(start + 1, end - 1):
            for second_cut in range(cut + 1, end):
                for first, second, third in SUIT_TRIPLES:
                    middle = by_suit[second][second_cut] - by_suit[second][cut]
                    if middle == second_cut - cut:
                        continue
                    left = by_suit[first][cut] - by_suit[first][start]
                    right = by_suit[third][end] - by_suit[third][second_cut]
                    if left != cut - start and right != end - second_cut:
                        keys.append(left + middle + right)
        seen = set()
        for key in keys:
            if key >> 16 != count:
                continue
            key &= KEY_MASK
            if key in seen:
                continue
            seen.add(key)
            value = self._number_set(key, length, combos, memo, ())
            if key == target or value <= lower or self.best <= self.floor:
                return

    # -- Winds hands -----------------------------------------------------------------------------

    def _winds(self, combos: list[Combo]) -> None:
        """Winds hands without the NEWS block: the winds are positions like numbers."""
        held = self.held
        ex = self.ex
        for winds in WIND_SETS:
            if not set(ex.winds) <= set(winds):
                continue
            key = sum(POW[held[wind]] for wind in winds if wind not in ex.winds)
            self.best = min(self.best, self._cost(key, len(winds), combos, self.best))

    def _winds_news(self) -> None:
        """Winds hands with the NEWS block, whose winds also fill the set's blocks: each wind of
        the set is costed with its NEWS tile (ruling C3)."""
        held = self.held
        ex = self.ex
        flower_missing = 2 - self.flower_kept
        for winds in WIND_SETS:
            if not set(ex.winds) <= set(winds):
                continue
            fixed = 0
            kept = 0
            shared = []
            feasible = True
            for wind in WINDS:
                if wind in winds and wind not in ex.winds:
                    shared.append(wind)
                    kept += held[wind]
                    continue
                if ex.naturals.get(wind, 0) >= 4:
                    feasible = False  # no copy left for the NEWS block
                fixed += 0 if held[wind] else 1
                kept += min(held[wind], 1)
            if not feasible:
                continue
            for flower in (0, 1):
                dragon_kept = 0
                for added in range(len(self.dragons_free) + 1):
                    if added:
                        dragon_kept += self.dragons_free[added - 1]
                    blocks = len(winds) + 1 + flower + len(ex.dragons) + added
                    if not FEWEST_BLOCKS <= blocks <= MOST_BLOCKS:
                        continue
                    total_kept = kept + flower * self.flower_kept + dragon_kept
                    missing = fixed + flower * flower_missing
                    if max(self.base - total_kept, missing) >= self.best:
                        continue
                    dragons = [
                        kind for kind in sorted(DRAGONS, key=lambda kind: -held[kind]) if kind not in ex.dragons
                    ][:added]
                    self._winds_news_family(shared, dragons, flower, missing)

    def _winds_news_family(self, shared: list[int], dragons: list[int], flower: int, missing: int) -> None:
        held = self.held
        ex = self.ex
        positions: list[tuple[int, bool]] = [(wind, True) for wind in shared] + [(kind, False) for kind in dragons]
        rest = tuple(sorted(ex.sizes + (4,) + (2,) * flower))
        multisets = size_multisets(rest, 2)
        jokers = self.jokers
        # Each exposed block of jokers stands for one position; on a wind, that wind's NEWS tile stays.
        for taken in itertools.combinations(range(len(positions)), len(ex.wilds)):
            fixed = missing + sum(0 if held[positions[index][0]] else 1 for index in taken if positions[index][1])
            left = [position for index, position in enumerate(positions) if index not in taken]
            for sizes in multisets:
                if len(sizes) != len(left):
                    continue
                for order in _arrangements(sizes):
                    pairs = fixed
                    total = fixed
                    forced = 0
                    for (kind, with_news), size in zip(left, order, strict=True):
                        copies = held[kind]
                        slots = size + with_news
                        no_joker = (2 if size == 2 else 0) + with_news
                        pairs += max(no_joker - copies, 0)
                        total += slots - min(slots, copies)
                        forced += max(slots - 4, 0)
                    if forced <= self.jokers_left:
                        value = max(pairs, total - jokers)
                        if value < self.best:
                            self.best = value

    # -- Dragon hands (ruling C8) ----------------------------------------------------------------

    def _dragon_hands(self) -> None:
        held = self.held
        ex = self.ex
        if ex.duplicate:
            return
        if not ex.sizes:
            # Dragon's Breath: a Pair of each Dragon and of each Wind, no jokers.
            missing = sum(2 - min(held[kind], 2) for kind in (*DRAGONS, *WINDS))
            self.best = min(self.best, missing)
        if any(size != 4 for size in ex.dragons.values()):
            return
        free = self.dragons_free  # the dragons not exposed, most held first
        exposed = len(ex.dragons)
        wild_kongs = ex.wilds.count(4)
        if all(size == 4 for size in ex.wilds):
            # Dragon's Wings: a Kong of each Dragon and a Pair of 1 Bamboo. Exposed blocks of
            # jokers stand for the dragons the hand holds least.
            kongs = 3 - exposed - wild_kongs
            if kongs >= 0:
                pair = min(held[ONE_BAM], 2)
                kept = sum(free[:kongs]) + pair
                self.best = min(self.best, max(2 - pair, self.base - kept))
        # Dragon's Love: two Dragon Kongs and two Flower Pungs (jokers allowed, ruling C12). An
        # exposed block of jokers is never a flower Pung: flowers are called only for Mah Jongg.
        kongs = 2 - exposed - wild_kongs
        if kongs >= 0 and wild_kongs == len(ex.wilds):
            flowers = 6
            forced = max(flowers - self.plan.flowers, 0)
            if forced <= self.jokers_left:
                kept = sum(free[:kongs]) + min(held[FLOWER], flowers)
                self.best = min(self.best, max(self.base - kept, 0))


@functools.cache
def _arrangements_of(start: int, end: int) -> tuple[Runs, ...]:
    """Every suit arrangement of a window: each suit one unbroken run (ruling C5)."""
    found: list[Runs] = [((suit, start, end),) for suit in range(3)]
    for cut in range(start + 1, end):
        found += [((first, start, cut), (second, cut, end)) for first, second in SUIT_PAIRS]
    for cut in range(start + 1, end - 1):
        for second_cut in range(cut + 1, end):
            found += [
                ((first, start, cut), (second, cut, second_cut), (third, second_cut, end))
                for first, second, third in SUIT_TRIPLES
            ]
    return tuple(found)


@functools.cache
def _arrangement_parts(
    start: int, end: int, numbers: tuple[int, ...]
) -> tuple[tuple[Runs, tuple[tuple[int, int, int, int], ...]], ...]:
    """Each suit arrangement of a window of ``numbers`` with its runs as the leaf search reads
    them (:meth:`_LeafSearch._window`): where the run's weights start and end in the three
    suits' running sums laid end to end; the weight of the run when it holds none of its tiles
    (its length; never, for a run alone); and the draw an empty run is listed with (its number
    next to a neighbour), or -1 when an empty run there is never needed."""
    stride = len(numbers) + 1
    found = []
    for runs in _arrangements_of(start, end):
        parts = []
        for index, (suit, first, last) in enumerate(runs):
            if index == 0:
                position = last - 1  # next to its right neighbour
            elif index == len(runs) - 1 or last - first == 1:
                position = first  # next to its left neighbour (or between two, alone)
            else:
                position = -1  # longer than one number between two neighbours
            empty = last - first if len(runs) > 1 else -1
            draws = _run_kinds(suit, (numbers[position],)) if position >= 0 else -1
            parts.append((suit * stride + first, suit * stride + last, empty, draws))
        found.append((runs, tuple(parts)))
    return tuple(found)


@functools.cache
def _run_kinds(suit: int, numbers: tuple[int, ...]) -> int:
    """The tiles (bits) of a run of ``numbers`` in ``suit``."""
    return mask_of(9 * suit + number - 1 for number in numbers)


class _Beside:
    """The blocks beside a set (flower pair, NEWS block, dragons) on the hands one discard and one
    draw from a hand: they read only the flowers, winds, dragons and jokers, so each change of
    those has its search (its choices of blocks), and each set's cost is kept by its key."""

    kinds = mask_of((FLOWER, JOKER, *WINDS, *DRAGONS))

    def __init__(self, plan: CardFreeDistance, held: Sequence[int], exposed: _Exposed) -> None:
        self.plan = plan
        self.held = held
        self.exposed = exposed
        self.free_dragons = tuple(kind for kind in DRAGONS if kind not in exposed.dragons)
        self.searches: dict[Blocks, _BesideCosts] = {}
        self.unchanged = self._blocks(held)
        self.changes: dict[tuple[int, int], Blocks] = {}
        self.draw_changes: dict[int, tuple[tuple[Blocks, int], ...]] = {}
        # Per discard, each change's costs beside a set, looked up on first use (a change some
        # leaf never asks about may read more copies than the game has).
        self.draw_costs: dict[int, list[tuple[int, Blocks, list[_BesideCosts]]]] = {}
        self.change_entries: dict[tuple[int, int], _BesideCosts] = {}

    def _blocks(self, held: Sequence[int]) -> Blocks:
        # What the choices of blocks read: the flowers (two at most count), the winds held, the
        # free dragons' counts (most first: the most held are taken) and the jokers.
        dragons = tuple(sorted([held[kind] for kind in self.free_dragons], reverse=True))
        east, south, west, north = WINDS
        winds = (held[east] > 0) + (held[south] > 0) + (held[west] > 0) + (held[north] > 0)
        return (min(held[FLOWER], 2), winds, dragons, held[JOKER])

    def change(self, removed: int, added: int) -> Blocks:
        """What the blocks beside read after a change."""
        kinds = self.kinds
        if removed == added or not ((removed >= 0 and kinds >> removed & 1) or (added >= 0 and kinds >> added & 1)):
            return self.unchanged
        blocks = self.changes.get((removed, added))
        if blocks is None:
            held = list(self.held)
            if removed >= 0:
                held[removed] -= 1
            if added >= 0:
                held[added] += 1
            blocks = self.changes[removed, added] = self._blocks(held)
        return blocks

    def change_costs(self, removed: int, added: int) -> _BesideCosts:
        """The costs beside a set for what the blocks read after a change (:meth:`change`), kept
        per change."""
        found = self.change_entries.get((removed, added))
        if found is None:
            found = self.change_entries[removed, added] = self._costs(self.change(removed, added))
        return found

    def draws(self, removed: int) -> tuple[tuple[Blocks, int], ...]:
        """After discarding ``removed`` (-1: none), what the blocks read when a tile they read is
        drawn, with the tiles (bits) whose draw makes each."""
        found = self.draw_changes.get(removed)
        if found is None:
            # Worked out from the counts these blocks read, after the discard: a draw adds one.
            held = self.held
            flowers, jokers = held[FLOWER], held[JOKER]
            winds = [held[wind] for wind in WINDS]
            dragons = [held[kind] for kind in self.free_dragons]
            if removed == FLOWER:
                flowers -= 1
            elif removed == JOKER:
                jokers -= 1
            elif removed in WINDS:
                winds[WINDS.index(removed)] -= 1
            elif removed in self.free_dragons:
                dragons[self.free_dragons.index(removed)] -= 1
            held_winds = tuple(count > 0 for count in winds)
            found = _beside_draws(min(flowers, 2), held_winds, tuple(dragons), self.free_dragons, jokers)
            self.draw_changes[removed] = found
        return found

    def draws_costs(self, removed: int) -> list[tuple[int, Blocks, list[_BesideCosts]]]:
        """:meth:`draws` as (tiles, blocks, a list holding the blocks' costs once looked up)."""
        found = self.draw_costs.get(removed)
        if found is None:
            found = self.draw_costs[removed] = [(tiles, blocks, []) for blocks, tiles in self.draws(removed)]
        return found

    def cost(self, key: int, length: int, no_news: bool, blocks: Blocks) -> int:
        """The least cost of a set of ``length`` blocks whose positions have ``key``, over every
        choice of blocks beside it (the NEWS block not among them if ``no_news``), the hand
        reading ``blocks``."""
        # Most costs are of the hand's own blocks: kept as the change of no tile, no tuple hashed.
        entry = self.change_costs(-1, -1) if blocks is self.unchanged else self._costs(blocks)
        return entry.cost(key, length, no_news)

    def _costs(self, blocks: Blocks) -> _BesideCosts:
        entry = self.searches.get(blocks)
        if entry is None:
            entry = self.searches[blocks] = _shared_beside.get(self.plan, self.exposed, blocks)
        return entry


@functools.lru_cache(maxsize=4096)
def _beside_draws(
    flowers: int, winds: tuple[bool, ...], dragons: tuple[int, ...], free_dragons: tuple[int, ...], jokers: int
) -> tuple[tuple[Blocks, int], ...]:
    """What the blocks beside a set read when a tile they read is drawn to a hand holding
    ``flowers`` (two at most count), the winds held, each free dragon's count and ``jokers``,
    with the tiles (bits) whose draw makes each (:meth:`_Beside.draws`)."""
    winds_held = sum(winds)
    dragons_read = tuple(sorted(dragons, reverse=True))
    unchanged = (flowers, winds_held, dragons_read, jokers)
    by_blocks: dict[Blocks, int] = {unchanged: 0}
    by_blocks[min(flowers + 1, 2), winds_held, dragons_read, jokers] = 1 << FLOWER
    added = (flowers, winds_held, dragons_read, jokers + 1)
    by_blocks[added] = by_blocks.get(added, 0) | 1 << JOKER
    for wind, held in zip(WINDS, winds, strict=True):
        added = unchanged if held else (flowers, winds_held + 1, dragons_read, jokers)
        by_blocks[added] = by_blocks.get(added, 0) | 1 << wind
    for position, kind in enumerate(free_dragons):
        more = list(dragons)
        more[position] += 1
        added = (flowers, winds_held, tuple(sorted(more, reverse=True)), jokers)
        by_blocks[added] = by_blocks.get(added, 0) | 1 << kind
    for kind in DRAGONS:
        if kind not in free_dragons:
            by_blocks[unchanged] |= 1 << kind
    return tuple((blocks, tiles) for blocks, tiles in by_blocks.items() if tiles)


class _BesideCosts:
    """The costs of sets beside the blocks a hand reads (:class:`_Beside`): they depend on those
    blocks and the exposures alone, not on the rest of the hand, so hands alike in these share
    them (:class:`_SharedBeside`)."""

    __slots__ = ("combos", "costs", "search", "without_news")

    def __init__(self, plan: CardFreeDistance, exposed: _Exposed, blocks: Blocks) -> None:
        # A hand reading these blocks: their counts on the tiles they read, no other tile.
        flowers, winds_held, dragons, jokers = blocks
        held = [0] * (JOKER + 1)
        held[FLOWER], held[JOKER] = flowers, jokers
        for index, wind in enumerate(WINDS):
            held[wind] = 1 if index < winds_held else 0
        free_dragons = [kind for kind in DRAGONS if kind not in exposed.dragons]
        for kind, count in zip(free_dragons, dragons, strict=True):
            held[kind] = count
        self.search = _Search(plan, held, exposed, HAND_SIZE)
        self.combos = self.search._combos()
        self.without_news = [combo for combo in self.combos if not combo[4]]
        self.costs: dict[int, int] = {}

    def cost(self, key: int, length: int, no_news: bool) -> int:
        code = (key * 16 + length) * 2 + no_news  # a set is at most MOST_BLOCKS (7) blocks long
        found = self.costs.get(code)
        if found is None:
            combos = self.without_news if no_news else self.combos
            found = self.costs[code] = self.search._cost(key, length, combos, INFINITY)
            _shared_beside.added(1)
        return found


class _SharedBeside:
    """The :class:`_BesideCosts` of every hand asked about, by what they read of the exposures and
    the game: the blocks' sizes, the blocks of jokers alone, and how many Quints the jokers left
    allow (the exposed dragons are those the blocks leave out). Bounded: a cost kept counts one,
    a set of blocks with its search ``ENTRY`` (about as much memory), and past ``LIMIT`` in all
    (some 25 MB) everything is forgotten at once."""

    LIMIT = 1 << 17
    ENTRY = 16

    def __init__(self) -> None:
        self.entries: dict[tuple[object, ...], _BesideCosts] = {}
        self.size = 0

    def get(self, plan: CardFreeDistance, exposed: _Exposed, blocks: Blocks) -> _BesideCosts:
        shape = (blocks, exposed.sizes, exposed.wilds, _quints(plan, exposed))
        found = self.entries.get(shape)
        if found is None:
            found = self.entries[shape] = _BesideCosts(plan, exposed, blocks)
            self.added(self.ENTRY)
        return found

    def added(self, size: int) -> None:
        """``size`` more kept."""
        self.size += size
        if self.size > self.LIMIT:
            self.clear()

    def clear(self) -> None:
        self.entries = {}
        self.size = 0


_shared_beside = _SharedBeside()


class _SetLeaf(ScratchLeaf):
    """A set's positions (one tile each), with every choice of blocks beside it."""

    __slots__ = ("_key", "_kinds", "beside", "draws", "kinds", "length", "no_news", "positions")
    slow = False

    def __init__(
        self,
        beside: _Beside,
        positions: tuple[int, ...],
        length: int,
        no_news: bool,
        draws: int,
        held: Sequence[int],
    ) -> None:
        self.beside = beside
        self.positions = mask_of(positions)
        self.kinds = self.positions | beside.kinds
        self.length = length
        self.no_news = no_news
        self.draws = draws
        self._key = sum(POW[held[kind]] for kind in positions)
        self._kinds = positions

    def cost(self, held: Sequence[int]) -> int:
        key = sum(POW[held[kind]] for kind in self._kinds)
        beside = self.beside
        return beside.cost(key, self.length, self.no_news, beside._blocks(held))

    def cost_changed(self, held: Sequence[int], change: Mapping[int, int]) -> int:
        key = self._key
        positions = self.positions
        for kind, more in change.items():
            if positions >> kind & 1:
                key += POW[held[kind] + more] - POW[held[kind]]
        beside = self.beside
        if any(beside.kinds >> kind & 1 for kind in change):
            changed = list(held)
            for kind, more in change.items():
                changed[kind] += more
            blocks = beside._blocks(changed)
        else:
            blocks = beside.unchanged
        return beside.cost(key, self.length, self.no_news, blocks)

    def cost_after(self, held: Sequence[int], removed: int, added: int) -> int:
        key = self._key
        if removed != added:
            if removed >= 0 and self.positions >> removed & 1:
                key += POW[held[removed] - 1] - POW[held[removed]]
            if added >= 0 and self.positions >> added & 1:
                key += POW[held[added] + 1] - POW[held[added]]
        beside = self.beside
        return beside.change_costs(removed, added).cost(key, self.length, self.no_news)

    def draws_to(self, held: Sequence[int], removed: int, wanted: int, candidates: int) -> int:
        # Drawing a position's tile changes the key by what the position held: one cost for
        # each count; the tiles the blocks beside read, and the discard, one by one.
        beside = self.beside
        alone = beside.kinds | (1 << removed if removed >= 0 else 0)
        key = self._key
        if removed >= 0 and self.positions >> removed & 1:
            key += POW[held[removed] - 1] - POW[held[removed]]
        by_count: dict[int, int] = {}
        for tile in bits(candidates & self.positions & ~alone):
            by_count[held[tile]] = by_count.get(held[tile], 0) | 1 << tile
        found = 0
        if by_count:
            change = beside.change_costs(removed, -1)
            for count, members in by_count.items():
                if change.cost(key + POW[count + 1] - POW[count], self.length, self.no_news) <= wanted:
                    found |= members
        if not self.positions & beside.kinds:
            # A tile the blocks beside read changes only what they read: the draws making the
            # same change cost the same (any wind not held, a third flower, ...).
            for members, blocks, known in beside.draws_costs(removed):
                if members & candidates:
                    if not known:
                        known.append(beside._costs(blocks))
                    if known[0].cost(key, self.length, self.no_news) <= wanted:
                        found |= members & candidates
            alone = 1 << removed if removed >= 0 and not beside.kinds >> removed & 1 else 0
        for tile in bits(candidates & alone):
            if self.cost_after(held, removed, tile) <= wanted:
                found |= 1 << tile
        return found


@functools.lru_cache(maxsize=8192)
def _positions_of(where: Where, exposed: frozenset[int]) -> tuple[int, ...]:
    """The tiles of a set's positions (``where``), less the exposed blocks."""
    if where and isinstance(where[0], tuple):
        runs, numbers = where
        kinds = [9 * suit + number - 1 for suit, first, last in runs for number in numbers[first:last]]
    else:
        kinds = list(where)
    return tuple(kind for kind in kinds if kind not in exposed)


class _LeafSearch(_Search):
    """The search listing every leaf costing less than ``limit``, each with its cost
    (:mod:`mahjong_rules.solver.discards`): its best stays at ``limit``. A leaf is a set (a
    number set in one arrangement of suits, a Winds set) with every choice of blocks beside it,
    or one of the families costed directly."""

    collecting = True

    def __init__(self, plan: CardFreeDistance, held: Sequence[int], exposed: _Exposed, limit: int) -> None:
        super().__init__(plan, held, exposed, HAND_SIZE, limit)
        self.floor = -1  # never stop early: every leaf counts
        self.leaves: list[tuple[Leaf, int]] = []
        self.beside = _Beside(plan, held, exposed)
        self.exposed_kinds = frozenset(exposed.numbers) | frozenset(exposed.winds) | frozenset(exposed.dragons)
        self.costs_by_length: dict[int, dict[int, int]] = {}

    def _set_leaf(self, key: int, length: int, where: Where, no_news: bool = False, draws: int = -1) -> None:
        cost = self.beside.cost(key, length, no_news, self.beside.unchanged)
        if cost < self.best:
            self._add_set_leaf(cost, length, where, no_news, draws)

    def _add_set_leaf(self, cost: int, length: int, where: Where, no_news: bool, draws: int) -> None:
        positions = _positions_of(where, self.exposed_kinds)
        self.leaves.append((_SetLeaf(self.beside, positions, length, no_news, draws, self.held), cost))

    def _number_set(self, key: int, length: int, combos: list[Combo], memo: dict[int, int], where: Where) -> int:
        self._set_leaf(key, length, where)
        return self.best

    def _winds(self, combos: list[Combo]) -> None:
        held = self.held
        for winds in WIND_SETS:
            if set(self.ex.winds) <= set(winds):
                key = sum(POW[held[wind]] for wind in winds if wind not in self.ex.winds)
                self._set_leaf(key, len(winds), winds, no_news=True)

    def _window(
        self,
        by_suit: list[list[int]],
        start: int,
        end: int,
        top: int,
        lower: int,
        combos: list[Combo],
        memo: dict[int, int],
        numbers: tuple[int, ...],
    ) -> None:
        """Every suit arrangement of the window that some hand one discard and one draw away
        may need. A run holding none of its tiles (of two runs or more) is beaten by its
        neighbours' suits taking it over, on every hand where it stays empty: an arrangement
        with two such runs is never needed, and one with one such run only when the draw falls
        in it, at its end next to each neighbour (its neighbours take the rest of it). It is
        listed with those draws alone."""
        count = top >> 16
        length = end - start
        # The cost of each key of this length on the hand itself, looked up before a leaf is made
        # (most arrangements cost too much to be one).
        costs = self.costs_by_length.setdefault(length, {})
        beside, best = self.beside, self.best
        flat = [*by_suit[0], *by_suit[1], *by_suit[2]]
        for runs, parts in _arrangement_parts(start, end, numbers):
            key = 0
            draws = -1
            for low, high, size, empty_draws in parts:
                part = flat[high] - flat[low]
                key += part
                if part == size:  # a run holding none of its tiles
                    if draws >= 0 or empty_draws < 0:
                        break  # two empty runs, or one never needed
                    draws = empty_draws
            else:
                if key >> 16 == count:
                    key &= KEY_MASK
                    cost = costs.get(key)
                    if cost is None:
                        cost = costs[key] = beside.cost(key, length, False, beside.unchanged)
                    if cost < best:
                        self._add_set_leaf(cost, length, (runs, numbers), False, draws)

    def _family(self, family: str, kinds: Sequence[int]) -> None:
        """A family costed directly (few targets): one leaf, costed again by a search of it alone."""
        plan, ex = self.plan, self.ex

        def cost(held: Sequence[int]) -> int:
            search = _Search(plan, held, ex, HAND_SIZE)
            getattr(search, family)()
            return search.best

        value = cost(self.held)
        if value < self.best:
            self.leaves.append((FunctionLeaf(mask_of([*kinds, FLOWER, JOKER]), cost), value))

    def _winds_news(self) -> None:
        self._family("_winds_news", (*WINDS, *DRAGONS))

    def _dragon_hands(self) -> None:
        self._family("_dragon_hands", (*WINDS, *DRAGONS, ONE_BAM))
