"""An independent, deliberately simple reference evaluator for Card-Free American Mah Jongg.

It is written from the rules document (``rules/card-free-american-rules.md``), ``RULINGS.md``
(T1-T5, C1-C12) and the library rulings L4 and L5 only. It does not use
``mahjong_rules.rulesets.card_free`` or ``mahjong_rules.solver``: from the library it takes the
:class:`~mahjong_rules.Tile`, :class:`~mahjong_rules.Hand`, :class:`~mahjong_rules.Meld` and
:class:`~mahjong_rules.WinContext` types (and their notation) and nothing else; its options are its
own :class:`RefOptions`, with the same fields as the library's.

The method is brute force, for clarity rather than speed:

1. every way to split the concealed tiles into blocks: 2 to 5 identical tiles (jokers only in
   blocks of 3 or more, ruling C4), the NEWS singles block (C3), flower pairs and flower pungs
   (the pungs only for Dragon's Love, C12), blocks of 3 to 5 jokers only (L4); the exposed melds
   are kept as they are;
2. every reading of each split: an all-joker block is any number of any suit, any wind, any
   dragon, or (concealed, as a Pung) a flower Pung of Dragon's Love (L4);
3. each reading is checked as a regular hand (pattern, category and set, special blocks, no
   woven hands) and as each Dragon hand, scored, and filtered by the house rule and the skill
   levels; the hand is worth its best allowed reading (T3, C10), or is not Mah Jongg when none is
   left.

The module also holds the seeded hand generators shared by ``tests/test_card_free_reference.py``
and ``benchmarks/card_free_agreement.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

import mahjong_rules as mr

__all__ = [
    "Case",
    "RefOptions",
    "random_cases",
    "reference_points",
]

# -- the rules as data -----------------------------------------------------------------------------

# "Patterns are created with combinations of blocks that add up to 14 total tiles, using two
# different block types or all pairs": the ten patterns, as their sorted block sizes.
PATTERNS: dict[tuple[int, ...], str] = {
    (3, 3, 4, 4): "Two Pungs & Two Kongs",
    (2, 4, 4, 4): "One Pair & Three Kongs",
    (2, 3, 3, 3, 3): "One Pair & Four Pungs",
    (3, 3, 3, 5): "Three Pungs & One Quint",
    (4, 5, 5): "One Kong & Two Quints",
    (2, 2, 5, 5): "Two Pairs & Two Quints",
    (2, 2, 2, 4, 4): "Three Pairs & Two Kongs",
    (2, 2, 2, 2, 3, 3): "Four Pairs & Two Pungs",
    (2, 2, 2, 2, 2, 4): "Five Pairs & One Kong",
    (2, 2, 2, 2, 2, 2, 2): "Seven Pairs",
}
TWO_PUNGS_TWO_KONGS = "Two Pungs & Two Kongs"

RUN, ODDS, EVENS, THREES, LIKE, WINDS_CATEGORY = (
    "Consecutive Run",
    "Consecutive Odds",
    "Consecutive Evens",
    "Multiples of Three",
    "Like Numbers",
    "Winds",
)
# C1: a set of these categories is 3 or more consecutive entries of the list (Threes: all of it).
SEQUENCES: dict[str, tuple[int, ...]] = {
    RUN: (1, 2, 3, 4, 5, 6, 7, 8, 9),
    ODDS: (1, 3, 5, 7, 9),
    EVENS: (2, 4, 6, 8),
    THREES: (3, 6, 9),
}
WIND_NAMES = ("N", "E", "W", "S")
# C1: the Winds sets.
WIND_SETS = (frozenset(WIND_NAMES), frozenset("NS"), frozenset("EW"))

# What a block is read as.
NUMBER, WIND, DRAGON, FLOWER, NEWS = "number", "wind", "dragon", "flower", "NEWS"
SUITS = (mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS)

DRAGONS_LOVE, DRAGONS_WINGS, DRAGONS_BREATH = "Dragon's Love", "Dragon's Wings", "Dragon's Breath"
DRAGON_VALUES = {DRAGONS_LOVE: 50, DRAGONS_WINGS: 50, DRAGONS_BREATH: 100}  # C8


class RefOptions(NamedTuple):
    """The reference's own copy of the options (same names as the library's ``CardFreeOptions``)."""

    base: int = 25
    minimum_requirement: bool = False
    reduced_tiles: bool = False
    skill_level: int = 0


class Block(NamedTuple):
    """One block: ``tile`` is its natural tile (``None`` for NEWS and for an all-joker block)."""

    tile: mr.Tile | None
    size: int
    jokers: int
    exposed: bool
    news: bool = False


class Meaning(NamedTuple):
    """What a block is read as: its kind, its suit (a number's suit, or a dragon's suit by T1),
    its number, its wind."""

    kind: str
    suit: mr.Suit | None = None
    number: int | None = None
    wind: str | None = None


class Outcome(NamedTuple):
    """One valid reading of a hand, before the options: a Dragon hand or a regular hand."""

    dragon_hand: str | None
    category: str | None
    pattern: str | None
    meanings: tuple[Meaning, ...]
    bonus: int  # the regular hand's bonuses (0 for a Dragon hand)
    suit_bonus: bool


# -- step 1: the splits into blocks ------------------------------------------------------------------


def _joker_only_blocks(jokers: int, smallest: int = 3) -> Iterator[list[Block]]:
    """Every way to make all-joker blocks of 3 to 5 jokers of ``jokers`` jokers (L4), sizes in
    non-decreasing order (the order of blocks carries no meaning)."""
    if jokers == 0:
        yield []
        return
    for size in range(smallest, 6):
        if size <= jokers:
            for rest in _joker_only_blocks(jokers - size, size):
                yield [Block(None, size, size, False), *rest]


def _less(counts: Counter[mr.Tile], tiles: Sequence[mr.Tile]) -> Counter[mr.Tile]:
    rest = counts.copy()
    for tile in tiles:
        rest[tile] -= 1
    return rest


WIND_TILES = tuple(mr.Tile.parse(wind) for wind in WIND_NAMES)


def _splits(counts: Counter[mr.Tile], jokers: int) -> Iterator[list[Block]]:
    """Every way to split the concealed natural tiles ``counts`` and ``jokers`` jokers into blocks.

    The first natural tile left must be in some block: every block that can hold it is tried, and
    the rest is split recursively.
    """
    left = sorted(tile for tile, count in counts.items() if count > 0)
    if not left:
        yield from _joker_only_blocks(jokers)
        return
    tile = left[0]
    copies = counts[tile]
    choices: list[tuple[Block, list[mr.Tile]]] = []
    if tile.is_wind and all(counts[wind] > 0 for wind in WIND_TILES):
        choices.append((Block(None, 4, 0, False, news=True), list(WIND_TILES)))  # C3, no jokers
    if tile.is_flower:
        # Flowers make a Pair (no jokers), or a Pung (jokers allowed, C12) for Dragon's Love.
        if copies >= 2:
            choices.append((Block(tile, 2, 0, False), [tile, tile]))
        for naturals in range(1, min(copies, 3) + 1):
            if 3 - naturals <= jokers:
                choices.append((Block(tile, 3, 3 - naturals, False), [tile] * naturals))
    else:
        for naturals in range(1, min(copies, 4) + 1):
            for used in range(jokers + 1):
                size = naturals + used
                if size < 2 or size > 5:
                    continue  # "Blocks are groups of between 2 and 5 identical tiles"
                if used and size < 3:
                    continue  # C4: no joker in a pair
                choices.append((Block(tile, size, used, False), [tile] * naturals))
    for block, naturals_taken in choices:
        for rest in _splits(_less(counts, naturals_taken), jokers - block.jokers):
            yield [block, *rest]


def _exposed_block(meld: mr.Meld) -> Block | None:
    """The block an exposed meld is, or ``None`` when it is no valid exposure: an exposure is an
    identical block of 3 to 5 tiles of numbers, winds, dragons or jokers only; pairs, Flowers
    (C12) and NEWS (C3) are called only for Mah Jongg, and that tile stays concealed (T2)."""
    naturals = set(meld.naturals)
    if len(naturals) > 1 or not 3 <= meld.size <= 5:
        return None
    if not naturals:
        return Block(None, meld.size, meld.size, True)
    (tile,) = naturals
    if not (tile.is_number or tile.is_wind or tile.is_dragon):
        return None
    return Block(tile, meld.size, meld.joker_count, True)


# -- step 2: the readings of a split -----------------------------------------------------------------


def _meanings(block: Block) -> list[Meaning]:
    if block.news:
        return [Meaning(NEWS)]
    tile = block.tile
    if tile is None:  # L4: whatever block the reading needs
        meanings = [Meaning(NUMBER, suit, number) for suit in SUITS for number in range(1, 10)]
        meanings += [Meaning(WIND, wind=wind) for wind in WIND_NAMES]
        meanings += [Meaning(DRAGON, suit) for suit in SUITS]
        if block.size == 3 and not block.exposed:
            meanings.append(Meaning(FLOWER))  # a flower Pung of Dragon's Love (never exposed, C12)
        return meanings
    if tile.is_flower:
        return [Meaning(FLOWER)]
    if tile.is_wind:
        return [Meaning(WIND, wind=tile.token)]
    if tile.is_dragon:
        return [Meaning(DRAGON, tile.american_suit)]  # T1
    assert tile.suit is not None, tile
    assert tile.rank is not None, tile
    return [Meaning(NUMBER, tile.suit, tile.rank)]


def _could_still_pass(meanings: Sequence[Meaning]) -> bool:
    """Necessary conditions for any valid hand (so pruning with it loses nothing): no block read
    twice as the same number of the same suit, wind, dragon colour or NEWS; no numbers with winds
    (C1, C2, C11); at most two flower blocks (Dragon's Love)."""
    kinds = Counter(meaning.kind for meaning in meanings)
    others = [meaning for meaning in meanings if meaning.kind != FLOWER]
    return len(others) == len(set(others)) and not (kinds[NUMBER] and kinds[WIND]) and kinds[FLOWER] <= 2


def _readings(blocks: Sequence[Block]) -> Iterator[tuple[Meaning, ...]]:
    chosen: list[Meaning] = []

    def extend(index: int) -> Iterator[tuple[Meaning, ...]]:
        if index == len(blocks):
            yield tuple(chosen)
            return
        for meaning in _meanings(blocks[index]):
            chosen.append(meaning)
            if _could_still_pass(chosen):
                yield from extend(index + 1)
            chosen.pop()

    return extend(0)


# -- step 3: the checks and the scoring --------------------------------------------------------------


def _number_category(numbers: Sequence[tuple[mr.Suit, int]]) -> str | None:
    """The category whose set the number blocks are (C1), or ``None``."""
    values = sorted(number for _, number in numbers)
    if len(numbers) == 3 and len(set(values)) == 1 and len({suit for suit, _ in numbers}) == 3:
        return LIKE
    if len(values) < 3 or len(set(values)) != len(values):
        return None  # each number in its own block, one block per number
    for category, sequence in SEQUENCES.items():
        for start in range(len(sequence)):
            if list(sequence[start : start + len(values)]) == values:
                if category == THREES and len(values) != 3:
                    continue  # "Use all 3 numbers"
                return category
    return None


def _woven(numbers: Sequence[tuple[mr.Suit, int]]) -> bool:
    """C5: with the number blocks sorted by number, a suit that comes back after another suit."""
    order = [suit for suit, _ in sorted(numbers, key=lambda pair: pair[1])]
    runs: list[mr.Suit] = []
    for suit in order:
        if runs and runs[-1] is suit:
            continue
        if suit in runs:
            return True
        runs.append(suit)
    return False


def _dragon_hand(blocks: Sequence[Block], meanings: Sequence[Meaning]) -> str | None:
    """The Dragon hand this reading is (C8), if any."""
    shape = sorted((meaning.kind, block.size) for block, meaning in zip(blocks, meanings, strict=True))
    colours = {meaning.suit for meaning in meanings if meaning.kind == DRAGON}
    dragon_blocks = sum(1 for meaning in meanings if meaning.kind == DRAGON)
    if dragon_blocks != len(colours):
        return None
    if shape == [(DRAGON, 4), (DRAGON, 4), (FLOWER, 3), (FLOWER, 3)]:
        return DRAGONS_LOVE  # "Two different Dragon Kongs and Two Flower Pungs"
    if shape == [(DRAGON, 4), (DRAGON, 4), (DRAGON, 4), (NUMBER, 2)] and Meaning(NUMBER, mr.Suit.BAMS, 1) in meanings:
        return DRAGONS_WINGS  # "One Kong of Each Dragon and one Pair of 1 Bamboo"
    winds = {meaning.wind for meaning in meanings if meaning.kind == WIND}
    if shape == sorted([(DRAGON, 2)] * 3 + [(WIND, 2)] * 4) and len(winds) == 4:
        # "One Pair of each Dragon and one Pair of each Wind" (pairs: no jokers)
        return DRAGONS_BREATH
    return None


def _regular(blocks: Sequence[Block], meanings: Sequence[Meaning], *, concealed: bool) -> Outcome | None:
    """The regular reading, checked and its bonuses counted, or ``None``."""
    kinds = Counter(meaning.kind for meaning in meanings)
    sizes = tuple(sorted(block.size for block in blocks))  # the NEWS block has 4 tiles: a Kong (C3)
    pattern = PATTERNS.get(sizes)
    if pattern is None:
        return None
    pairs = sizes.count(2)
    flower_sizes = [block.size for block, meaning in zip(blocks, meanings, strict=True) if meaning.kind == FLOWER]
    if len(flower_sizes) > 1 or any(size != 2 for size in flower_sizes):
        return None  # "Only one block of Flowers is allowed per hand", a Pair (C2)
    if kinds[NEWS] > 1:
        return None  # C11
    colours = [meaning.suit for meaning in meanings if meaning.kind == DRAGON]
    if len(colours) != len(set(colours)):
        return None  # one block per Dragon colour (C2)
    numbers = [(meaning.suit, meaning.number) for meaning in meanings if meaning.kind == NUMBER]
    number_pairs = [(suit, number) for suit, number in numbers if suit is not None and number is not None]
    winds = [meaning.wind for meaning in meanings if meaning.kind == WIND]
    category: str | None
    if winds:
        if numbers or len(winds) != len(set(winds)) or frozenset(winds) not in WIND_SETS:
            return None
        category = WINDS_CATEGORY
    else:
        category = _number_category(number_pairs)
        if category is None or (category != LIKE and _woven(number_pairs)):
            return None
    # Bonuses (C6, C12).
    bonus = 10 if pairs == 7 else 5 if pairs >= 3 else 0  # Pairs bonus (the flower pair counts)
    bonus += 5 * sizes.count(5)  # Quints bonus
    if kinds[NUMBER] == len(meanings) or kinds[WIND] + kinds[NEWS] == len(meanings):
        bonus += 5  # Set bonus: only number tiles, or only wind tiles
    suits = {suit for suit, _ in number_pairs}
    suit_bonus = (
        len(suits) == 1
        and all(colour in suits for colour in colours)
        and not (kinds[FLOWER] or kinds[WIND] or kinds[NEWS])
    )
    bonus += 5 if suit_bonus else 0
    bonus += 10 if concealed else 0  # Concealed bonus: no exposed melds
    return Outcome(None, category, pattern, tuple(meanings), bonus, suit_bonus)


@lru_cache(maxsize=4096)
def _outcomes(hand: mr.Hand) -> tuple[Outcome, ...]:
    """Every valid reading of a 14-tile hand, whatever the options."""
    exposed: list[Block] = []
    for meld in hand.melds:
        block = _exposed_block(meld)
        if block is None:
            return ()
        exposed.append(block)
    naturals = Counter(tile for tile in hand.concealed if not tile.is_joker)
    jokers = sum(1 for tile in hand.concealed if tile.is_joker)
    concealed = not exposed
    found: set[Outcome] = set()
    for split in _splits(naturals, jokers):
        blocks = exposed + split
        if len(blocks) > 7:
            continue  # no pattern has more than 7 blocks
        for meanings in _readings(blocks):
            dragon_hand = _dragon_hand(blocks, meanings)
            if dragon_hand is not None:
                found.add(Outcome(dragon_hand, None, None, meanings, 0, False))
            regular = _regular(blocks, meanings, concealed=concealed)
            if regular is not None:
                found.add(regular)
    return tuple(found)


def _allowed(outcome: Outcome, hand: mr.Hand, context: mr.WinContext, options: RefOptions) -> bool:
    """House rule 3 and the skill levels (L5: 1, 2 and 4 for regular hands only)."""
    level = options.skill_level
    no_jokers = hand.joker_count == 0
    has_dragon = any(meaning.kind == DRAGON for meaning in outcome.meanings)
    if level >= 3 and has_dragon and hand.exposed:
        return False  # level 3: a hand with a Dragon block must be concealed
    if outcome.dragon_hand is not None:
        return True  # level 5 and house rule 3 accept every Dragon hand
    if level >= 1 and outcome.category == WINDS_CATEGORY and outcome.pattern != TWO_PUNGS_TWO_KONGS:
        return False
    if level >= 2 and outcome.category == RUN and any(m.kind in (FLOWER, DRAGON, NEWS) for m in outcome.meanings):
        return False
    if level >= 4 and outcome.category != WINDS_CATEGORY and not outcome.suit_bonus:
        return False  # a hand using number tiles must earn the Suit bonus
    if level >= 5 and not (no_jokers or context.self_drawn):
        return False
    return not (options.minimum_requirement and not (outcome.bonus or no_jokers or context.self_drawn))


def _points(outcome: Outcome, hand: mr.Hand, context: mr.WinContext, options: RefOptions) -> int:
    if outcome.dragon_hand is not None:
        return DRAGON_VALUES[outcome.dragon_hand]  # C8: fixed, no bonuses, no doubling
    points = options.base + outcome.bonus
    if context.self_drawn:
        points *= 2
    if hand.joker_count == 0:
        points *= 2
    return points  # C7


def _check_tiles(hand: mr.Hand, options: RefOptions) -> None:
    """T5: a hand the game's tiles cannot make is bad input."""
    small = 4 if options.reduced_tiles else 8  # house rule 2
    for tile, count in Counter(hand.tiles).items():
        if tile.is_joker or tile.is_flower:
            limit = small
        elif tile.is_number or tile.is_dragon or tile.is_wind:
            limit = 4
        else:
            limit = 0
        if count > limit:
            raise ValueError(f"{count} of {tile} cannot be in a Card-Free hand (the game has {limit})")
    for meld in hand.melds:
        if not meld.exposed:
            raise ValueError("the reference knows exposed melds only, not declared concealed ones")


def reference_outcomes(hand: mr.Hand) -> tuple[Outcome, ...]:
    """Every valid reading of ``hand`` before the options (empty: not Mah Jongg whatever they are)."""
    if len(hand) != 14:
        return ()  # T2
    return _outcomes(hand)


DEFAULT_OPTIONS = RefOptions()


def reference_points(hand: mr.Hand, context: mr.WinContext, options: RefOptions = DEFAULT_OPTIONS) -> int | None:
    """The points of ``hand`` in Card-Free American Mah Jongg, or ``None`` when it is not a valid
    Mah Jongg under ``options``: the best allowed reading (T3, C10).

    Raises:
        ValueError: the hand holds more of a tile than the game has (T5).
    """
    _check_tiles(hand, options)
    points = [
        _points(outcome, hand, context, options)
        for outcome in reference_outcomes(hand)
        if _allowed(outcome, hand, context, options)
    ]
    return max(points) if points else None


# -- seeded hands for the comparison -----------------------------------------------------------------


class Case(NamedTuple):
    """One hand to compare, with how it was won and how it was made."""

    hand: mr.Hand
    context: mr.WinContext
    origin: str


def _tile(token: str) -> mr.Tile:
    return mr.Tile.parse(token)


JOKER = _tile("J")
FLOWER_TILE = _tile("F")
DRAGON_TILES = tuple(suit.dragon for suit in SUITS)
ONE_BAM = _tile("1B")


def card_free_wall() -> list[mr.Tile]:
    """The 152 American tiles: 4 of each number tile, dragon and wind, 8 flowers, 8 jokers."""
    wall: list[mr.Tile] = []
    for tile in mr.Tile.all():
        if tile.is_number or tile.is_dragon or tile.is_wind:
            wall += [tile] * 4
        elif tile.is_flower or tile.is_joker:
            wall += [tile] * 8
    return wall


LIMITS = Counter(card_free_wall())


def _fits(tiles: Sequence[mr.Tile]) -> bool:
    return all(count <= LIMITS[tile] for tile, count in Counter(tiles).items())


def _random_set(rng: random.Random, blocks: int) -> list[mr.Tile] | None:
    """The tiles of a random category's set (one per block, suits not woven), at most ``blocks``."""
    category = rng.choices([RUN, ODDS, EVENS, THREES, LIKE, WINDS_CATEGORY], weights=[4, 2, 2, 1, 1, 2])[0]
    if category == WINDS_CATEGORY:
        winds = rng.choice([WIND_NAMES, "NS", "EW"])
        return [_tile(wind) for wind in winds] if len(winds) <= blocks else None
    if category == LIKE:
        number = rng.randint(1, 9)
        return [suit.tile(number) for suit in SUITS] if blocks >= 3 else None
    sequence = SEQUENCES[category]
    most = min(len(sequence), blocks)
    if most < 3:
        return None
    length = 3 if category == THREES else rng.randint(3, most)
    start = rng.randrange(len(sequence) - length + 1)
    numbers = sequence[start : start + length]
    # Suits in unbroken runs (C5): cut the numbers into 1 to 3 pieces, one suit each.
    pieces = rng.choice([1, 1, 2, 2, 3]) if length >= 3 else 1
    cuts = sorted(rng.sample(range(1, length), pieces - 1))
    suits = rng.sample(SUITS, pieces)
    tiles = []
    for index, number in enumerate(numbers):
        piece = sum(1 for cut in cuts if cut <= index)
        tiles.append(suits[piece].tile(number))
    return tiles


def _add_jokers(rng: random.Random, blocks: list[list[mr.Tile]], chance: float) -> None:
    """Jokers stand in blocks of 3 or more identical tiles (a Quint must have one), sometimes in
    a whole block (L4)."""
    jokers = 0
    for tiles in blocks:
        if len(set(tiles)) > 1 or tiles[0].is_flower or len(tiles) < 3:
            continue
        need = 1 if len(tiles) == 5 else 0
        want = need
        if rng.random() < chance:
            want = max(need, rng.randint(1, len(tiles)) if rng.random() < 0.15 else rng.randint(1, len(tiles) - 1))
        want = min(want, 8 - jokers)
        tiles[:want] = [JOKER] * want
        jokers += want


def _regular_blocks(rng: random.Random) -> list[list[mr.Tile]]:
    """The blocks of a hand built to be a valid regular hand (skill levels aside)."""
    while True:
        sizes = list(rng.choice(list(PATTERNS)))
        rng.shuffle(sizes)
        set_tiles = _random_set(rng, len(sizes))
        if set_tiles is None:
            continue
        set_suits = {tile.suit for tile in set_tiles if tile.suit is not None}
        slots = list(range(len(sizes)))
        rng.shuffle(slots)
        blocks: list[list[mr.Tile]] = [[] for _ in sizes]
        for slot, tile in zip(slots, set_tiles, strict=False):
            blocks[slot] = [tile] * sizes[slot]
        # The other blocks are special blocks (C2): the flower pair, a dragon, the NEWS Kong.
        dragons = list(DRAGON_TILES)
        rng.shuffle(dragons)
        dragons.sort(key=lambda dragon: dragon.american_suit not in set_suits or rng.random() < 0.5)
        flower = news = False
        ok = True
        for slot in slots[len(set_tiles) :]:
            size = sizes[slot]
            kinds = ["dragon"] * bool(dragons)
            if size == 2 and not flower:
                kinds += ["flower"] * 2
            if size == 4 and not news:
                kinds += ["news"]
            if not kinds:
                ok = False
                break
            kind = rng.choice(kinds)
            if kind == "flower":
                blocks[slot], flower = [FLOWER_TILE] * 2, True
            elif kind == "news":
                blocks[slot], news = list(WIND_TILES), True
            else:
                blocks[slot] = [dragons.pop(0)] * size
        if not ok:
            continue
        _add_jokers(rng, blocks, 0.35)
        if _fits([tile for tiles in blocks for tile in tiles]):
            return blocks


def _dragon_blocks(rng: random.Random) -> list[list[mr.Tile]]:
    """The blocks of a Dragon hand, jokers where the hand allows them."""
    while True:
        name = rng.choice([DRAGONS_LOVE, DRAGONS_WINGS, DRAGONS_BREATH])
        if name == DRAGONS_LOVE:
            colours = rng.sample(DRAGON_TILES, 2)
            blocks = [[colour] * 4 for colour in colours] + [[FLOWER_TILE] * 3, [FLOWER_TILE] * 3]
            _add_jokers(rng, blocks, 0.4)
            for tiles in blocks[2:]:  # C12: jokers may stand in the flower pungs
                if rng.random() < 0.3:
                    stand_in = rng.randint(1, 3)
                    tiles[:stand_in] = [JOKER] * stand_in
        elif name == DRAGONS_WINGS:
            blocks = [[colour] * 4 for colour in DRAGON_TILES] + [[ONE_BAM] * 2]
            _add_jokers(rng, blocks, 0.4)
        else:
            blocks = [[tile] * 2 for tile in DRAGON_TILES + WIND_TILES]
        if _fits([tile for tiles in blocks for tile in tiles]):
            return blocks


def _mutate(rng: random.Random, tiles: list[mr.Tile], wall: Sequence[mr.Tile], fixed: Sequence[mr.Tile]) -> None:
    """Replace 1 or 2 of the concealed ``tiles`` by jokers or random tiles, within the game's tiles."""
    for _ in range(rng.randint(1, 2)):
        for _attempt in range(20):
            index = rng.randrange(len(tiles))
            new = JOKER if rng.random() < 0.4 else rng.choice(wall)
            trial = [*tiles[:index], new, *tiles[index + 1 :]]
            if _fits([*trial, *fixed]):
                tiles[:] = trial
                break


def _exposable(rng: random.Random, tiles: list[mr.Tile]) -> list[mr.Tile] | None:
    """Some of ``tiles`` that make a valid exposure: 3 to 5 identical tiles (jokers standing in)."""
    counts = Counter(tiles)
    jokers = counts[JOKER]
    options: list[list[mr.Tile]] = [[JOKER] * size for size in (3, 4, 5) if size <= jokers]
    for tile, count in counts.items():
        if tile.is_joker or tile.is_flower:
            continue
        for size in (3, 4, 5):
            for naturals in range(1, min(count, size) + 1):
                if size - naturals <= jokers:
                    options.append([tile] * naturals + [JOKER] * (size - naturals))
    return rng.choice(options) if options else None


def _bad_exposure(rng: random.Random, tiles: list[mr.Tile]) -> list[mr.Tile] | None:
    """Some of ``tiles`` that make an exposure no Card-Free hand may have: a pair, flowers, NEWS, a
    chow."""
    counts = Counter(tiles)
    options = [[tile, tile] for tile, count in counts.items() if count >= 2 and not tile.is_joker]
    if counts[FLOWER_TILE] >= 3:
        options.append([FLOWER_TILE] * 3)
    if counts[FLOWER_TILE] >= 2 and counts[JOKER]:
        options.append([FLOWER_TILE, FLOWER_TILE, JOKER])
    if all(counts[wind] for wind in WIND_TILES):
        options.append(list(WIND_TILES))
    for tile in counts:
        if tile.is_number and tile.suit is not None and tile.rank is not None and tile.rank <= 7:
            chow = [tile.suit.tile(tile.rank + step) for step in range(3)]
            if all(counts[other] for other in chow):
                options.append(chow)
    return rng.choice(options) if options else None


def _remove(tiles: list[mr.Tile], taken: Sequence[mr.Tile]) -> None:
    for tile in taken:
        tiles.remove(tile)


def _dense_pool(rng: random.Random, wall: Sequence[mr.Tile]) -> list[mr.Tile]:
    """Part of the wall where random hands are often nearly valid: a few numbers of one or two
    suits, some dragons, the jokers, and maybe the flowers and the winds."""
    suits = rng.sample(SUITS, rng.randint(1, 2))
    low = rng.randint(1, 6)
    ranks = range(low, low + rng.randint(3, 4))
    pool = [tile for tile in wall if tile.suit in suits and tile.rank in ranks]
    pool += [tile for tile in wall if tile.is_joker or (tile.is_dragon and rng.random() < 0.5)]
    if rng.random() < 0.5:
        pool += [tile for tile in wall if tile.is_flower]
    if rng.random() < 0.4:
        pool += [tile for tile in wall if tile.is_wind]
    return pool


def _heavy_pool(rng: random.Random, wall: Sequence[mr.Tile]) -> list[mr.Tile]:
    """Many jokers and flowers, the dragons and winds, and a few numbers."""
    pool = [tile for tile in wall if tile.is_joker or tile.is_flower or tile.is_dragon]
    if rng.random() < 0.5:
        pool += [tile for tile in wall if tile.is_wind]
    suit = rng.choice(SUITS)
    low = rng.randint(1, 7)
    pool += [tile for tile in wall if tile.suit is suit and tile.rank is not None and low <= tile.rank < low + 3]
    return pool


def _context(rng: random.Random) -> mr.WinContext:
    return mr.WinContext(self_drawn=rng.random() < 0.4)


KINDS = ["random", "dense", "heavy", "valid", "mutated", "winds", "dragon"]
WEIGHTS = [1, 2, 1, 4, 3, 1, 1]


def random_case(rng: random.Random) -> Case:
    """One seeded hand: random (from the whole wall, a dense part of it, or one heavy in jokers
    and flowers), a valid regular hand, the same with 1-2 tiles changed or jokered, a valid
    Winds hand, a Dragon hand (maybe changed too); maybe with exposures (rarely invalid ones)."""
    wall = card_free_wall()
    kind = rng.choices(KINDS, weights=WEIGHTS)[0]
    exposed: list[mr.Meld] = []
    if kind == "random":
        tiles = rng.sample(wall, 14)
    elif kind == "dense":
        tiles = rng.sample(_dense_pool(rng, wall), 14)
    elif kind == "heavy":
        tiles = rng.sample(_heavy_pool(rng, wall), 14)
    else:
        if kind == "dragon":
            blocks = _dragon_blocks(rng)
        else:
            blocks = _regular_blocks(rng)
            while kind == "winds" and not any(tiles[0].is_wind for tiles in blocks if len(set(tiles)) == 1):
                blocks = _regular_blocks(rng)
        if rng.random() < 0.35:  # expose blocks built, when they can be exposed
            candidates = [
                tiles
                for tiles in blocks
                if len(tiles) >= 3
                and len({tile for tile in tiles if not tile.is_joker}) <= 1
                and FLOWER_TILE not in tiles
            ]
            for chosen in rng.sample(candidates, min(len(candidates), rng.randint(1, 2))):
                blocks.remove(chosen)
                exposed.append(mr.Meld(chosen, exposed=True))
        tiles = [tile for block in blocks for tile in block]
        if kind == "mutated" or (kind == "dragon" and rng.random() < 0.3):
            _mutate(rng, tiles, wall, [tile for meld in exposed for tile in meld.tiles])
    if not exposed and rng.random() < 0.2:  # expose blocks found among the concealed tiles
        for _ in range(rng.randint(1, 2)):
            taken = _exposable(rng, tiles)
            if taken is not None:
                _remove(tiles, taken)
                exposed.append(mr.Meld(taken, exposed=True))
    if rng.random() < 0.04:  # now and then an exposure no hand may have
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
