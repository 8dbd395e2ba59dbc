"""An independent, deliberately simple reference evaluator for the BASE game of Flex mahjong.

It is written from the rule documents (``rules/flex-mahjong-rules.txt``, the quick reference) and
``RULINGS.md`` (T1-T5, F1-F18) only. It does not use ``mahjong_rules.rulesets.flex`` or
``mahjong_rules.solver``: from the library it takes the :class:`~mahjong_rules.Tile`,
:class:`~mahjong_rules.Hand`, :class:`~mahjong_rules.Meld` and :class:`~mahjong_rules.WinContext`
types and nothing else. No Flextra house rule is known here.

The method is brute force, for clarity rather than speed:

1. every way to split the concealed tiles into sets (groups of 2 to 4 identical tiles, jokers only
   in groups of 3 or 4; the flowers in one group without jokers; all-joker groups of 3 or 4),
   with the exposed sets kept as they are;
2. for each split, every reading of the sets: a dragon is its suit's 0 or 10 (F1), an all-joker
   set any number 0-10 of any suit or any wind (F2, F18);
3. each reading is checked against the Three S rules and scored with the eleven factors; the hand
   is worth its best reading (T3), or is not Mahjong when no reading passes.

The module also holds the seeded hand generators shared by ``tests/test_flex_reference.py`` and
``benchmarks/flex_agreement.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import mahjong_rules as mr

__all__ = [
    "Case",
    "random_cases",
    "reference_points",
]

# -- the rules as data -----------------------------------------------------------------------------

# Rule #3, Sequence. The dragon is a suit's 0 and its 10 (ruling F1).
SEQUENCES: dict[str, tuple[int, ...]] = {
    "Run": (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    "Evens": (0, 2, 4, 6, 8, 10),
    "Odds": (1, 3, 5, 7, 9),
    "Threes": (0, 3, 6, 9),
}

# Full Sequence (ruling F6): the numbers used include one of these whole sequences.
FULL_SEQUENCES: tuple[frozenset[int], ...] = (
    frozenset({0, 2, 4, 6, 8}),
    frozenset({2, 4, 6, 8, 10}),
    frozenset({1, 3, 5, 7, 9}),
    frozenset({0, 3, 6, 9}),
)

# Rule #1, Suits: Bams, Cracks, Dots, Winds and Flowers. A dragon is in its suit (T1).
BAMS, CRAKS, DOTS, WINDS, FLOWERS = "Bams", "Craks", "Dots", "Winds", "Flowers"
NUMBER_SUITS = (BAMS, CRAKS, DOTS)
SUIT_OF = {mr.Suit.BAMS: BAMS, mr.Suit.CRAKS: CRAKS, mr.Suit.DOTS: DOTS}
WIND_NAMES = ("N", "E", "W", "S")


class Group(NamedTuple):
    """One set of the hand: ``tile`` is its natural tile (``None`` for an all-joker set)."""

    tile: mr.Tile | None
    size: int
    jokers: int
    exposed: bool


class Reading(NamedTuple):
    """What one set is read as: its suit, and its number (number sets) or wind (wind sets)."""

    suit: str
    number: int | None = None
    wind: str | None = None


# -- step 1: the splits into sets --------------------------------------------------------------------


def _joker_only_splits(jokers: int) -> Iterator[list[Group]]:
    """Every way to make all-joker triples and quads of ``jokers`` jokers (F2)."""
    if jokers == 0:
        yield []
        return
    for size in (3, 4):
        if size <= jokers:
            for rest in _joker_only_splits(jokers - size):
                yield [Group(None, size, size, False), *rest]


def _concealed_splits(counts: Counter[mr.Tile], jokers: int) -> Iterator[list[Group]]:
    """Every way to split the concealed natural tiles ``counts`` and ``jokers`` jokers into sets.

    The first natural tile left is put in a set with some more copies of itself and maybe jokers;
    the rest is split recursively. Splits may repeat (harmless: the best reading is kept).
    """
    left = sorted(tile for tile, count in counts.items() if count > 0)
    if not left:
        yield from _joker_only_splits(jokers)
        return
    tile = left[0]
    copies = counts[tile]
    if tile.is_flower:
        # All flowers are one tile. They make one set with no joker (F4); splitting them into two
        # sets could only give two flower sets, which F4 forbids, so that split is not made.
        if copies >= 2:
            rest_counts = counts.copy()
            rest_counts[tile] = 0
            for rest in _concealed_splits(rest_counts, jokers):
                yield [Group(tile, copies, 0, False), *rest]
        return
    for naturals in range(1, min(copies, 4) + 1):
        for used in range(min(jokers, 4 - naturals) + 1):
            size = naturals + used
            if size < 2:
                continue  # a lone tile is not a set
            if used and size < 3:
                continue  # jokers are never in a pair
            rest_counts = counts.copy()
            rest_counts[tile] -= naturals
            for rest in _concealed_splits(rest_counts, jokers - used):
                yield [Group(tile, size, used, False), *rest]


def _exposed_group(meld: mr.Meld) -> Group | None:
    """The set an exposed meld is, or ``None`` when no Flex hand can hold it."""
    naturals = set(meld.naturals)
    if len(naturals) > 1:
        return None  # a chow or different tiles: not a set of identical tiles (base game)
    if meld.size < 3:
        return None  # an exposure is the called tile plus at least 2 from the hand: never a pair
    if not naturals:
        return Group(None, meld.size, meld.size, True) if meld.size <= 4 else None
    (tile,) = naturals
    if tile.is_blank:
        return None
    if tile.is_flower:
        return None if meld.joker_count else Group(tile, meld.size, 0, True)  # F4: no joker
    if meld.size > 4:
        return None  # only flowers make sets larger than 4
    return Group(tile, meld.size, meld.joker_count, True)


# -- step 2: the readings of a split -----------------------------------------------------------------


def _meanings(group: Group, *, winds: bool) -> list[Reading]:
    """Everything one set can be read as."""
    tile = group.tile
    if tile is None:  # all jokers (F2, F18): any number 0-10 of any suit, or any wind
        meanings = [Reading(suit, number) for suit in NUMBER_SUITS for number in range(11)]
        if winds:
            meanings += [Reading(WINDS, wind=wind) for wind in WIND_NAMES]
        return meanings
    if tile.is_flower:
        return [Reading(FLOWERS)]
    if tile.is_wind:
        return [Reading(WINDS, wind=tile.token)]
    suit = tile.american_suit
    assert suit is not None, tile
    if tile.is_dragon:
        return [Reading(SUIT_OF[suit], 0), Reading(SUIT_OF[suit], 10)]  # F1
    assert tile.rank is not None
    return [Reading(SUIT_OF[suit], tile.rank)]


def _could_still_pass(readings: Sequence[Reading]) -> bool:
    """Necessary conditions only (so pruning with it loses nothing); :func:`_passes` decides."""
    suits = {reading.suit for reading in readings}
    numbers = [reading.number for reading in readings if reading.number is not None]
    winds = [reading.wind for reading in readings if reading.wind is not None]
    flower_sets = sum(1 for reading in readings if reading.suit == FLOWERS)
    return (
        len(suits) <= 2
        and len(numbers) == len(set(numbers))
        and len(winds) == len(set(winds))
        and flower_sets <= 1
        and not (numbers and winds)
    )


def _readings(groups: Sequence[Group], *, winds: bool) -> Iterator[list[Reading]]:
    """Every combination of meanings of the sets, skipping partial ones that cannot pass."""
    chosen: list[Reading] = []

    def extend(index: int) -> Iterator[list[Reading]]:
        if index == len(groups):
            yield list(chosen)
            return
        for meaning in _meanings(groups[index], winds=winds):
            chosen.append(meaning)
            if _could_still_pass(chosen):
                yield from extend(index + 1)
            chosen.pop()

    return extend(0)


# -- step 3: the Three S rules and the scoring -------------------------------------------------------


def _is_consecutive(numbers: Sequence[int]) -> bool:
    """The numbers, in order, are consecutive entries of one of the four sequences."""
    ordered = sorted(numbers)
    for sequence in SEQUENCES.values():
        for start in range(len(sequence)):
            if list(sequence[start : start + len(ordered)]) == ordered:
                return True
    return False


def _passes(readings: Sequence[Reading]) -> bool:
    """The Three S rules for one reading of a split whose sets are already legal sets."""
    suits = {reading.suit for reading in readings}
    if len(suits) > 2:
        return False  # Rule #1, Suits
    if sum(1 for reading in readings if reading.suit == FLOWERS) > 1:
        return False  # F4: one flower set at most
    numbers = [reading.number for reading in readings if reading.number is not None]
    winds = [reading.wind for reading in readings if reading.wind is not None]
    if winds:
        # F3: exactly four wind sets, one per wind; nothing else but the flower set.
        return sorted(winds) == sorted(WIND_NAMES) and not numbers
    if not numbers:
        return False  # only a flower set: no sequence at all
    # Rule #2 (F5): each number in one set only, across suits. Rule #3: consecutive in a sequence.
    return len(numbers) == len(set(numbers)) and _is_consecutive(numbers)


def _score(
    groups: Sequence[Group],
    readings: Sequence[Reading],
    hand: mr.Hand,
    context: mr.WinContext,
    *,
    jokers_in_game: int,
) -> int:
    """The points of one valid reading: one for each factor that applies."""
    suits = {reading.suit for reading in readings}
    numbers = {reading.number for reading in readings if reading.number is not None}
    flower_sizes = [group.size for group, reading in zip(groups, readings, strict=True) if reading.suit == FLOWERS]
    seven_pairs = len(groups) == 7 and all(group.size == 2 for group in groups)  # F17: flower pair counts
    factors = {
        "Mahjong": True,
        "Suit Flush": len(suits) == 1,  # F7
        "Full Sequence": any(full <= numbers for full in FULL_SEQUENCES),  # F6
        "Big Sets": len(groups) in (6, 7),  # F8 (Seven Pairs has 7 sets, so it scores this too)
        "Seven Pairs": seven_pairs,
        "Bouquet": any(size > 4 for size in flower_sizes),
        "Self Draw": context.self_drawn,
        "Concealed": not any(group.exposed for group in groups),  # F10
        "Jokerless": jokers_in_game > 0 and hand.joker_count == 0,  # F9
        "Sunrise": context.first_turn,  # F16
        "Sunset": context.last_tile,  # F16
    }
    return sum(1 for applies in factors.values() if applies)


def _check_tiles(hand: mr.Hand, *, jokers_in_game: int, flowers_in_game: int, winds: bool) -> None:
    """T5: a hand the game's tiles cannot make is bad input. (No blanks are checked: any blank
    simply keeps the hand from winning.)"""
    for tile, count in Counter(hand.tiles).items():
        if tile.is_joker:
            limit = jokers_in_game
        elif tile.is_flower:
            limit = flowers_in_game
        elif tile.is_wind:
            limit = 4 if winds else 0
        elif tile.is_number or tile.is_dragon or tile.is_blank:
            limit = 4
        else:
            limit = 0
        if count > limit:
            raise ValueError(f"{count} of {tile} cannot be in a Flex hand (the game has {limit})")
    for meld in hand.melds:
        if not meld.exposed:
            raise ValueError("the reference knows exposed sets only, not declared concealed sets")


def reference_points(
    hand: mr.Hand,
    context: mr.WinContext,
    *,
    jokers_in_game: int = 8,
    flowers_in_game: int = 8,
    winds: bool = True,
    minimum_value: int | None = None,
) -> int | None:
    """The points of ``hand`` in base-game Flex, or ``None`` when it is not a valid Mahjong.

    Raises:
        ValueError: the hand holds more of a tile than the game has (T5).
    """
    _check_tiles(hand, jokers_in_game=jokers_in_game, flowers_in_game=flowers_in_game, winds=winds)
    if len(hand) != 14:
        return None  # T2
    if any(tile.is_blank for tile in hand.tiles):
        return None  # blanks are never in a winning hand
    exposed: list[Group] = []
    for meld in hand.melds:
        group = _exposed_group(meld)
        if group is None:
            return None
        exposed.append(group)
    naturals = Counter(tile for tile in hand.concealed if not tile.is_joker)
    jokers = sum(1 for tile in hand.concealed if tile.is_joker)
    best: int | None = None
    for split in _concealed_splits(naturals, jokers):
        groups = exposed + split
        for readings in _readings(groups, winds=winds):
            if _passes(readings):
                points = _score(groups, readings, hand, context, jokers_in_game=jokers_in_game)
                best = points if best is None else max(best, points)
    if best is not None and minimum_value is not None and best < minimum_value:
        return None  # F11
    return best


# -- seeded hands for the comparison -----------------------------------------------------------------


class Case(NamedTuple):
    """One hand to compare, with how it was won and how it was made."""

    hand: mr.Hand
    context: mr.WinContext
    origin: str


def _tile(token: str) -> mr.Tile:
    return mr.Tile.parse(token)


JOKER = _tile("J")
FLOWER = _tile("F")
WIND_TILES = tuple(_tile(wind) for wind in WIND_NAMES)
SUITS = (mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS)


def flex_wall() -> list[mr.Tile]:
    """The default Flex tile set: 4 of each number tile, dragon and wind, 8 flowers, 8 jokers."""
    wall: list[mr.Tile] = []
    for tile in mr.Tile.all():
        if tile.is_number or tile.is_dragon or tile.is_wind:
            wall += [tile] * 4
        elif tile.is_flower or tile.is_joker:
            wall += [tile] * 8
    return wall


LIMITS = Counter(flex_wall())


def _fits(tiles: Sequence[mr.Tile]) -> bool:
    return all(count <= LIMITS[tile] for tile, count in Counter(tiles).items())


def _number_tile(suit: mr.Suit, number: int) -> mr.Tile:
    return suit.dragon if number in (0, 10) else suit.tile(number)


def _sizes(rng: random.Random, total: int, count: int) -> list[int] | None:
    """``count`` random set sizes of 2 to 4 adding up to ``total``."""
    if not 2 * count <= total <= 4 * count:
        return None
    sizes = [2] * count
    for _ in range(total - 2 * count):
        grow = [index for index, size in enumerate(sizes) if size < 4]
        sizes[rng.choice(grow)] += 1
    return sizes


def _valid_sets(rng: random.Random) -> list[list[mr.Tile]]:
    """The sets of a hand built to pass the Three S rules (jokers added in triples and quads)."""
    while True:
        flowers = rng.choice([0, 0, 0, 2, 3, 4, 5, 6])
        rest = 14 - flowers
        sets: list[list[mr.Tile]] = []
        if rng.random() < 0.15:  # a winds hand
            sizes = _sizes(rng, rest, 4)
            if sizes is None:
                continue
            sets = [[wind] * size for wind, size in zip(WIND_TILES, sizes, strict=True)]
        else:
            sequence = rng.choice(list(SEQUENCES.values()))
            length = rng.randint(max(2, -(-rest // 4)), min(len(sequence), rest // 2))
            sizes = _sizes(rng, rest, length)
            if sizes is None:
                continue
            start = rng.randrange(len(sequence) - length + 1)
            suits = rng.sample(SUITS, 1 if flowers or rng.random() < 0.4 else 2)
            sets = [
                [_number_tile(rng.choice(suits), number)] * size
                for number, size in zip(sequence[start : start + length], sizes, strict=True)
            ]
        if flowers:
            sets.append([FLOWER] * flowers)
        jokers = 0
        for tiles in sets:  # jokers stand in triples and quads, never for flowers
            if len(tiles) >= 3 and not tiles[0].is_flower and rng.random() < 0.3:
                stand_in = rng.randint(1, len(tiles)) if rng.random() < 0.2 else rng.randint(1, len(tiles) - 1)
                stand_in = min(stand_in, 8 - jokers)
                tiles[:stand_in] = [JOKER] * stand_in
                jokers += stand_in
        if _fits([tile for tiles in sets for tile in tiles]):
            return sets


def _exposable(rng: random.Random, tiles: list[mr.Tile]) -> list[mr.Tile] | None:
    """Some tiles of ``tiles`` that make an exposed triple or quad (or flower set), if any."""
    counts = Counter(tiles)
    jokers = counts[JOKER]
    options: list[list[mr.Tile]] = []
    for tile, count in counts.items():
        if tile.is_joker:
            options += [[JOKER] * size for size in (3, 4) if size <= jokers]
        elif tile.is_flower:
            options += [[FLOWER] * size for size in range(3, count + 1)]
        else:
            for size in (3, 4):
                for naturals in range(1, min(count, size) + 1):
                    if size - naturals <= jokers:
                        options.append([tile] * naturals + [JOKER] * (size - naturals))
    return rng.choice(options) if options else None


def _bad_exposure(rng: random.Random, tiles: list[mr.Tile]) -> list[mr.Tile] | None:
    """Some tiles of ``tiles`` that make an exposed pair or chow, if any."""
    counts = Counter(tiles)
    options = [[tile, tile] for tile, count in counts.items() if count >= 2 and not tile.is_joker]
    for tile in counts:
        if tile.is_number and tile.suit is not None and tile.rank is not None and tile.rank <= 7:
            chow = [tile.suit.tile(tile.rank + step) for step in range(3)]
            if all(counts[other] for other in chow):
                options.append(chow)
    return rng.choice(options) if options else None


def _remove(tiles: list[mr.Tile], taken: Sequence[mr.Tile]) -> None:
    for tile in taken:
        tiles.remove(tile)


def _mutate(rng: random.Random, tiles: list[mr.Tile], wall: Sequence[mr.Tile], exposed: Sequence[mr.Meld]) -> None:
    """Replace 1 or 2 of the concealed ``tiles`` by jokers or random tiles, within the game's tiles."""
    fixed = [tile for meld in exposed for tile in meld.tiles]
    for _ in range(rng.randint(1, 2)):
        for _attempt in range(20):
            index = rng.randrange(len(tiles))
            new = JOKER if rng.random() < 0.5 else rng.choice(wall)
            trial = [*tiles[:index], new, *tiles[index + 1 :]]
            if _fits(trial + fixed):
                tiles[:] = trial
                break


def _context(rng: random.Random) -> mr.WinContext:
    return mr.WinContext(
        self_drawn=rng.random() < 0.5,
        first_turn=rng.random() < 0.2,
        last_tile=rng.random() < 0.2,
    )


def _dense_pool(rng: random.Random, wall: Sequence[mr.Tile]) -> list[mr.Tile]:
    """Part of the wall where random hands are often nearly valid: a few numbers of one or two
    suits, their dragons, the jokers, and maybe the flowers and the winds."""
    suits = rng.sample(SUITS, rng.randint(1, 2))
    low = rng.randint(1, 6)
    ranks = range(low, low + rng.randint(3, 4))
    pool = [tile for tile in wall if tile.suit in suits and tile.rank in ranks]
    pool += [tile for tile in wall if tile.is_joker or (tile.is_dragon and tile.american_suit in suits)]
    if rng.random() < 0.5:
        pool += [tile for tile in wall if tile.is_flower]
    if rng.random() < 0.3:
        pool += [tile for tile in wall if tile.is_wind]
    return pool


def random_case(rng: random.Random) -> Case:
    """One seeded hand: random (from the whole wall or from a dense part of it), valid by
    construction, or valid with 1-2 tiles replaced; maybe with exposed sets."""
    wall = flex_wall()
    kind = rng.choices(["random", "dense", "valid", "mutated"], weights=[2, 2, 3, 3])[0]
    exposed: list[mr.Meld] = []
    if kind == "random":
        tiles = rng.sample(wall, 14)
    elif kind == "dense":
        tiles = rng.sample(_dense_pool(rng, wall), 14)
    else:
        sets = _valid_sets(rng)
        if rng.random() < 0.3:  # expose one of the sets built, when it can be exposed
            candidates = [s for s in sets if len(s) >= 3 and not (s[0].is_flower and JOKER in s)]
            if candidates:
                chosen = rng.choice(candidates)
                sets.remove(chosen)
                exposed.append(mr.Meld(chosen, exposed=True))
        tiles = [tile for s in sets for tile in s]
        if kind == "mutated":
            _mutate(rng, tiles, wall, exposed)
    if rng.random() < 0.25:  # expose sets found among the concealed tiles
        for _ in range(rng.randint(1, 2)):
            taken = _exposable(rng, tiles)
            if taken is not None:
                _remove(tiles, taken)
                exposed.append(mr.Meld(taken, exposed=True))
    if rng.random() < 0.04:  # now and then an exposure no Flex hand can have: a pair or a chow
        taken = _bad_exposure(rng, tiles)
        if taken is not None:
            _remove(tiles, taken)
            exposed.append(mr.Meld(taken, exposed=True))
    hand = mr.Hand(tiles, exposed)
    origin = kind + (" + exposed" if exposed else "")
    return Case(hand, _context(rng), origin)


def random_cases(seed: int, count: int) -> list[Case]:
    """``count`` seeded cases."""
    rng = random.Random(seed)
    return [random_case(rng) for _ in range(count)]
