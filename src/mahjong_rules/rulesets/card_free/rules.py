"""What a winning Card-Free hand is: a category's set and a pattern of blocks, or a Dragon hand;
every valid reading of one arrangement of blocks, or what is wrong with it.

Readings resolve what the tiles leave open: which block each all-joker block is (ruling L4), and
the suit of a set number such a block stands for.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterator, Sequence

import attrs

from mahjong_rules.ruleset import Reason
from mahjong_rules.rulesets.card_free.blocks import NEWS_SIZE, Block, BlockKind
from mahjong_rules.tiles import Dragon, Seat, Suit, Tile

__all__ = [
    "CATEGORY_SEQUENCES",
    "Category",
    "DragonHand",
    "Pattern",
    "Reading",
    "ResolvedBlock",
    "problems",
    "readings",
]


class Category(enum.Enum):
    """The six categories (ruling C1)."""

    RUN = "Consecutive Run"
    ODDS = "Consecutive Odds"
    EVENS = "Consecutive Evens"
    THREES = "Multiples of Three"
    LIKE = "Like Numbers"
    WINDS = "Winds"


CATEGORY_SEQUENCES: dict[Category, tuple[int, ...]] = {
    Category.RUN: (1, 2, 3, 4, 5, 6, 7, 8, 9),
    Category.ODDS: (1, 3, 5, 7, 9),
    Category.EVENS: (2, 4, 6, 8),
}
"""The numbers of the consecutive categories: a set is 3 or more consecutive entries."""
THREES = (3, 6, 9)
WIND_SETS = ((Seat.NORTH, Seat.EAST, Seat.WEST, Seat.SOUTH), (Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST))


class Pattern(enum.Enum):
    """The ten patterns: block sizes adding up to 14 tiles, of two block types or all pairs."""

    TWO_PUNGS_TWO_KONGS = ("Two Pungs & Two Kongs", (3, 3, 4, 4))
    PAIR_THREE_KONGS = ("One Pair & Three Kongs", (2, 4, 4, 4))
    PAIR_FOUR_PUNGS = ("One Pair & Four Pungs", (2, 3, 3, 3, 3))
    THREE_PUNGS_QUINT = ("Three Pungs & One Quint", (3, 3, 3, 5))
    KONG_TWO_QUINTS = ("One Kong & Two Quints", (4, 5, 5))
    TWO_PAIRS_TWO_QUINTS = ("Two Pairs & Two Quints", (2, 2, 5, 5))
    THREE_PAIRS_TWO_KONGS = ("Three Pairs & Two Kongs", (2, 2, 2, 4, 4))
    FOUR_PAIRS_TWO_PUNGS = ("Four Pairs & Two Pungs", (2, 2, 2, 2, 3, 3))
    FIVE_PAIRS_KONG = ("Five Pairs & One Kong", (2, 2, 2, 2, 2, 4))
    SEVEN_PAIRS = ("Seven Pairs", (2, 2, 2, 2, 2, 2, 2))

    @property
    def title(self) -> str:
        title: str = self.value[0]
        return title

    @property
    def sizes(self) -> tuple[int, ...]:
        sizes: tuple[int, ...] = self.value[1]
        return sizes

    @property
    def group(self) -> str:
        """``"Basic"``, ``"Quints"`` or ``"Big Pairs"``."""
        if 5 in self.sizes:
            return "Quints"
        return "Big Pairs" if self.sizes.count(2) > 2 else "Basic"


PATTERNS = {pattern.sizes: pattern for pattern in Pattern}


class DragonHand(enum.Enum):
    """The three special Dragon hands and their fixed values (ruling C8)."""

    LOVE = ("Dragon's Love", 50)
    WINGS = ("Dragon's Wings", 50)
    BREATH = ("Dragon's Breath", 100)

    @property
    def title(self) -> str:
        title: str = self.value[0]
        return title

    @property
    def points(self) -> int:
        points: int = self.value[1]
        return points


@attrs.frozen
class ResolvedBlock:
    """A block with what it stands for decided.

    Attributes:
        block: the block.
        role: ``"set"`` (a number or wind of the set), ``"flower"``, ``"dragon"``, ``"news"``, or
            in a Dragon hand ``"pair"`` (Dragon's Wings' 1 Bams).
        tile: the tile the block is made of or stands for (``None`` for NEWS).
        count: how many blocks it is (2 for six flowers: Dragon's Love's two flower pungs).
    """

    block: Block
    role: str
    tile: Tile | None
    count: int = 1


@attrs.frozen
class Reading:
    """One valid reading of an arrangement.

    Attributes:
        blocks: every block, resolved.
        category: the category of a regular hand (``None`` for a Dragon hand).
        set: the set's numbers (or winds, as letters), in order.
        pattern: the pattern of a regular hand.
        dragon_hand: the Dragon hand, for one.
    """

    blocks: tuple[ResolvedBlock, ...]
    category: Category | None = None
    set: tuple[str, ...] = ()
    pattern: Pattern | None = None
    dragon_hand: DragonHand | None = None

    @property
    def sizes(self) -> tuple[int, ...]:
        """The size of every block (a NEWS block counts as a Kong, ruling C3)."""
        found: list[int] = []
        for resolved in self.blocks:
            size = NEWS_SIZE if resolved.role == "news" else resolved.block.size // resolved.count
            found += [size] * resolved.count
        return tuple(sorted(found))

    def tiles_used(self) -> list[Tile]:
        """The tile each block is made of or stands for (NEWS: its four winds)."""
        used: list[Tile] = []
        for resolved in self.blocks:
            if resolved.tile is None:
                used += [Tile.from_index(index) for index in resolved.block.group.tiles]
            else:
                used.append(resolved.tile)
        return used

    def describe(self) -> str:
        if self.dragon_hand is not None:
            return self.dragon_hand.title
        assert self.category is not None
        assert self.pattern is not None
        extras = []
        for resolved in self.blocks:
            if resolved.role == "flower":
                extras.append("Flowers")
            elif resolved.role == "news":
                extras.append("NEWS")
            elif resolved.role == "dragon" and resolved.tile is not None:
                extras.append(resolved.tile.name)
        extra = "".join(f" + {name}" for name in extras)
        return f"{self.category.value} {'-'.join(self.set)}{extra}; {self.pattern.title}"


def _by_kind(blocks: Sequence[Block]) -> dict[BlockKind, list[Block]]:
    grouped: dict[BlockKind, list[Block]] = {kind: [] for kind in BlockKind}
    for block in blocks:
        grouped[block.kind].append(block)
    return grouped


def _size_of(block: Block) -> list[int]:
    if block.kind is BlockKind.NEWS:
        return [NEWS_SIZE]
    if block.kind is BlockKind.FLOWER and block.size == 6:
        return [3, 3]
    return [block.size]


# -- Dragon hands (ruling C8) -------------------------------------------------------------------------

DRAGONS = tuple(dragon.tile for dragon in Dragon)
WINDS = tuple(seat.wind for seat in Seat)
ONE_BAM = Suit.BAMS.tile(1)


def _dragon_kongs(natural: list[Block], wild: list[Block], colours: int) -> list[ResolvedBlock] | None:
    """``colours`` Kongs of different dragons from natural dragon Kongs and all-joker Kongs."""
    tiles = [block.tile for block in natural]
    if any(block.size != 4 for block in natural + wild) or len(set(tiles)) < len(tiles):
        return None
    if len(natural) + len(wild) != colours:
        return None
    free = [tile for tile in DRAGONS if tile not in tiles]
    resolved = [ResolvedBlock(block, "dragon", block.tile) for block in natural]
    resolved += [ResolvedBlock(block, "dragon", tile) for block, tile in zip(wild, free, strict=False)]
    return resolved


def _dragon_hands(blocks: Sequence[Block]) -> Iterator[Reading]:
    kinds = _by_kind(blocks)
    if kinds[BlockKind.OTHER] or kinds[BlockKind.NEWS]:
        return
    wild = kinds[BlockKind.JOKERS]
    dragons, flowers = kinds[BlockKind.DRAGON], kinds[BlockKind.FLOWER]
    numbers, winds = kinds[BlockKind.NUMBER], kinds[BlockKind.WIND]
    # Dragon's Breath: one Pair of each Dragon and one Pair of each Wind; no jokers.
    if not wild and not numbers and not flowers and len(dragons) == 3 and len(winds) == 4:
        tiles = {block.tile for block in dragons + winds}
        if len(tiles) == 7 and all(block.size == 2 for block in dragons + winds):
            resolved = tuple(
                ResolvedBlock(block, "dragon" if block in dragons else "pair", block.tile) for block in blocks
            )
            yield Reading(resolved, dragon_hand=DragonHand.BREATH)
    # Dragon's Wings: one Kong of each Dragon and one Pair of 1 Bamboo.
    if not flowers and not winds and len(numbers) == 1 and numbers[0].tile is ONE_BAM and numbers[0].size == 2:
        kongs = _dragon_kongs(dragons, wild, 3)
        if kongs is not None:
            yield Reading((*kongs, ResolvedBlock(numbers[0], "pair", ONE_BAM)), dragon_hand=DragonHand.WINGS)
    # Dragon's Love: two different Dragon Kongs and two Flower Pungs (ruling C12: jokers may stand in).
    if numbers or winds or len(flowers) > 1:
        return
    flower_pungs = sum(2 if block.size == 6 else 1 if block.size == 3 else 9 for block in flowers)
    # Flowers are called only for Mah Jongg (ruling C12): an exposed block of jokers is no flower Pung.
    wild_pungs = [block for block in wild if block.size == 3 and not block.exposed]
    wild_kongs = [block for block in wild if block.size == 4]
    if len(wild_pungs) + len(wild_kongs) != len(wild) or flower_pungs + len(wild_pungs) != 2:
        return
    kongs = _dragon_kongs(dragons, wild_kongs, 2)
    if kongs is None:
        return
    pungs = [ResolvedBlock(block, "flower", Tile.FLOWER, 2 if block.size == 6 else 1) for block in flowers]
    pungs += [ResolvedBlock(block, "flower", Tile.FLOWER) for block in wild_pungs]
    yield Reading((*kongs, *pungs), dragon_hand=DragonHand.LOVE)


# -- regular hands -------------------------------------------------------------------------------------


def _woven(set_blocks: Sequence[tuple[int, Suit]]) -> bool:
    """Ruling C5: with the number blocks sorted by number, each suit's blocks are one unbroken run."""
    suits = [suit for _, suit in sorted(set_blocks, key=lambda item: item[0])]
    seen: list[Suit] = []
    for suit in suits:
        if seen and suit is not seen[-1] and suit in seen:
            return True
        if not seen or suit is not seen[-1]:
            seen.append(suit)
    return False


def _candidate_sets(numbers: Sequence[int], wild: int) -> Iterator[tuple[Category, tuple[int, ...]]]:
    """Every set (ruling C1) holding the fixed ``numbers`` and at most ``wild`` more."""
    fixed = set(numbers)
    distinct = len(fixed) == len(numbers)
    for category, sequence in CATEGORY_SEQUENCES.items():
        if not distinct or not fixed <= set(sequence):
            continue
        for length in range(max(3, len(fixed)), len(fixed) + wild + 1):
            for start in range(len(sequence) - length + 1):
                window = sequence[start : start + length]
                if fixed <= set(window):
                    yield category, window
    if distinct and fixed <= set(THREES) and len(fixed) + wild >= 3:
        yield Category.THREES, THREES
    if len(numbers) + wild >= 3 and len(numbers) <= 3 and len(fixed) <= 1:
        for number in sorted(fixed) or range(1, 10):
            yield Category.LIKE, (number, number, number)


def _dragon_choices(wild: Sequence[Block], used: set[Tile]) -> Iterator[list[ResolvedBlock]]:
    free = [tile for tile in DRAGONS if tile not in used]
    for tiles in itertools.permutations(free, len(wild)):
        yield [ResolvedBlock(block, "dragon", tile) for block, tile in zip(wild, tiles, strict=True)]


def _specials(kinds: dict[BlockKind, list[Block]]) -> list[ResolvedBlock]:
    resolved = [ResolvedBlock(block, "flower", Tile.FLOWER) for block in kinds[BlockKind.FLOWER]]
    resolved += [ResolvedBlock(block, "dragon", block.tile) for block in kinds[BlockKind.DRAGON]]
    resolved += [ResolvedBlock(block, "news", None) for block in kinds[BlockKind.NEWS]]
    return resolved


def _winds_readings(kinds: dict[BlockKind, list[Block]], pattern: Pattern) -> Iterator[Reading]:
    winds, wild = kinds[BlockKind.WIND], kinds[BlockKind.JOKERS]
    present = [block.tile.wind for block in winds if block.tile is not None and block.tile.wind is not None]
    if len(set(present)) < len(present):
        return
    used_dragons = {block.tile for block in kinds[BlockKind.DRAGON] if block.tile is not None}
    for wind_set in WIND_SETS:
        if not set(present) <= set(wind_set):
            continue
        missing = [seat for seat in wind_set if seat not in present]
        if len(missing) > len(wild):
            continue
        filled = [ResolvedBlock(block, "set", seat.wind) for block, seat in zip(wild, missing, strict=False)]
        for dragons in _dragon_choices(wild[len(missing) :], used_dragons):
            resolved = [ResolvedBlock(block, "set", block.tile) for block in winds] + filled
            resolved += _specials(kinds) + dragons
            yield Reading(tuple(resolved), Category.WINDS, tuple(seat.letter for seat in wind_set), pattern)


def _number_readings(kinds: dict[BlockKind, list[Block]], pattern: Pattern) -> Iterator[Reading]:
    numbers, wild = kinds[BlockKind.NUMBER], kinds[BlockKind.JOKERS]
    fixed = [
        (block.tile.rank, block.tile.suit) for block in numbers if block.tile and block.tile.rank and block.tile.suit
    ]
    used_dragons = {block.tile for block in kinds[BlockKind.DRAGON] if block.tile is not None}
    for category, window in _candidate_sets([number for number, _ in fixed], len(wild)):
        if category is Category.LIKE:
            held_suits = [suit for _, suit in fixed]
            if len(set(held_suits)) < len(held_suits):
                continue
            missing = [(window[0], suit) for suit in Suit if suit not in held_suits]
            suit_choices: Iterator[tuple[Suit, ...]] = iter([tuple(suit for _, suit in missing)])
            missing_numbers = [number for number, _ in missing]
        else:
            missing_numbers = [number for number in window if number not in {number for number, _ in fixed}]
            suit_choices = itertools.product(Suit, repeat=len(missing_numbers))
        if len(missing_numbers) > len(wild):
            continue
        for suits in suit_choices:
            placed = list(zip(missing_numbers, suits, strict=True))
            if category is not Category.LIKE and _woven(fixed + placed):
                continue
            filled = [
                ResolvedBlock(block, "set", suit.tile(number))
                for block, (number, suit) in zip(wild, placed, strict=False)
            ]
            for dragons in _dragon_choices(wild[len(placed) :], used_dragons):
                resolved = [ResolvedBlock(block, "set", block.tile) for block in numbers] + filled
                resolved += _specials(kinds) + dragons
                shown = tuple(str(number) for number in window)
                yield Reading(tuple(resolved), category, shown, pattern)


def _regular_readings(blocks: Sequence[Block]) -> Iterator[Reading]:
    kinds = _by_kind(blocks)
    if kinds[BlockKind.OTHER] or len(kinds[BlockKind.NEWS]) > 1:
        return
    flowers = kinds[BlockKind.FLOWER]
    if len(flowers) > 1 or any(block.size != 2 for block in flowers):
        return
    dragons = [block.tile for block in kinds[BlockKind.DRAGON]]
    if len(set(dragons)) < len(dragons):
        return
    pattern = PATTERNS.get(tuple(sorted(size for block in blocks for size in _size_of(block))))
    if pattern is None:
        return
    if kinds[BlockKind.WIND] and kinds[BlockKind.NUMBER]:
        return
    if not kinds[BlockKind.NUMBER]:
        yield from _winds_readings(kinds, pattern)
    if not kinds[BlockKind.WIND]:
        yield from _number_readings(kinds, pattern)


def readings(blocks: Sequence[Block]) -> Iterator[Reading]:
    """Every valid reading of one arrangement's blocks: Dragon hands, then regular hands."""
    if any(block.kind is BlockKind.OTHER for block in blocks):
        return
    yield from _dragon_hands(blocks)
    yield from _regular_readings(blocks)


# -- what is wrong -------------------------------------------------------------------------------------


def _listed(numbers: Sequence[int]) -> str:
    return ", ".join(str(number) for number in numbers)


def problems(blocks: Sequence[Block]) -> list[Reason]:
    """Why one arrangement is no winning hand (for a hand with no valid reading)."""
    kinds = _by_kind(blocks)
    found = [Reason("not-a-block", f"{block.describe()} is not a Card-Free block") for block in kinds[BlockKind.OTHER]]
    flowers = kinds[BlockKind.FLOWER]
    if len(flowers) > 1:
        found.append(Reason("two-flower-blocks", f"only one block of Flowers is allowed, not {len(flowers)}"))
    if any(block.size != 2 for block in flowers):
        found.append(Reason("flower-pung", "Flowers can only make a Pair block (outside Dragon's Love)"))
    dragons = [block.tile for block in kinds[BlockKind.DRAGON] if block.tile is not None]
    for dragon in sorted(set(dragons)):
        if dragons.count(dragon) > 1:
            found.append(Reason("two-dragon-blocks", f"two blocks of {dragon.name}s: one block of each Dragon only"))
    if len(kinds[BlockKind.NEWS]) > 1:
        found.append(Reason("two-news-blocks", "only one NEWS block is allowed"))
    sizes = sorted(size for block in blocks for size in _size_of(block))
    if tuple(sizes) not in PATTERNS:
        found.append(Reason("not-a-pattern", f"blocks of {_listed(sizes)} tiles make no pattern"))
    numbers, winds = kinds[BlockKind.NUMBER], kinds[BlockKind.WIND]
    if numbers and winds:
        found.append(Reason("winds-with-numbers", "wind blocks make a Winds set: they cannot join number blocks"))
        return found
    wild = len(kinds[BlockKind.JOKERS])
    if winds:
        present = {block.tile.wind for block in winds if block.tile is not None}
        short = [len(wind_set) - len(present) for wind_set in WIND_SETS if present <= set(wind_set)]
        if len(present) < len(winds) or not short or min(short) > wild:
            found.append(
                Reason("not-a-wind-set", "a Winds set is one block of each wind, or two blocks of N and S or E and W")
            )
        return found
    fixed = [
        (block.tile.rank, block.tile.suit) for block in numbers if block.tile and block.tile.rank and block.tile.suit
    ]
    values = sorted(number for number, _ in fixed)
    like = len(set(values)) == 1 and len(values) > 1
    if len(set(values)) < len(values) and not like:
        for number in sorted({value for value in values if values.count(value) > 1}):
            found.append(Reason("number-repeated", f"number {number} is in more than one block"))
    elif values and next(_candidate_sets(values, wild), None) is None:
        found.append(Reason("not-a-set", f"numbers {_listed(values)} are no category's set"))
    elif not like and _woven(fixed):
        shown = ", ".join(f"{suit.display_name} {number}" for number, suit in sorted(fixed, key=lambda item: item[0]))
        found.append(Reason("woven", f"woven: {shown}"))
    if not found and not blocks:
        found.append(Reason("not-in-blocks", "no blocks"))
    return found
