"""Every valid Card-Free hand, as a concrete target: the blocks a finished hand would hold.

A target is a tuple of :class:`~mahjong_rules.solver.TargetGroup`: an identical block repeats its
tile (jokers may stand in blocks of 3 or more, ruling C4), the NEWS block is four single winds
(ruling C3), and no block is made of jokers only (a block of jokers stands for one of these,
ruling L4). They follow the rules exactly as :mod:`.rules` reads hands: a category's set (ruling
C1), special blocks beyond it (rulings C2, C3, C11, C12), a pattern, no woven hands (ruling C5),
and the three Dragon hands (ruling C8). The distance of a hand is its distance to the nearest
target, which makes this module the reference the fast distance is checked against.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

from mahjong_rules.rulesets.card_free.rules import (
    CATEGORY_SEQUENCES,
    THREES,
    WIND_SETS,
    Pattern,
)
from mahjong_rules.solver import TargetGroup
from mahjong_rules.tiles import Dragon, Seat, Suit, Tile

__all__ = ["Block", "Target", "targets"]

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


def _assignments(blocks: Sequence[int], sizes: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Each distinct way of giving the blocks the sizes (a permutation of the multiset)."""
    yield from sorted(set(itertools.permutations(sizes, len(blocks))))


@functools.cache
def targets() -> tuple[Target, ...]:
    """Every valid hand (regular and Dragon hands), each block once per tile."""
    found: set[Target] = set()
    for chosen in _sets():
        for flower, news in itertools.product((False, True), repeat=2):
            for dragon_count in range(4):
                for dragons in itertools.combinations(DRAGONS, dragon_count):
                    blocks = len(chosen) + flower + news + dragon_count
                    for pattern in Pattern:
                        sizes = list(pattern.sizes)
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
                            found.add(tuple(sorted([*zip(free, given, strict=True), *fixed])))
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
