"""Seeded hands for the agreement and speed scripts, and the map to the `mahjong` package's
34-tile layout (Craks 0-8, Dots 9-17, Bams 18-26, winds E S W N 27-30, White Green Red 31-33)."""

from __future__ import annotations

import random

# Our index (Bams 0-8, Craks 9-17, Dots 18-26, Green Red White 27-29, E S W N 30-33) -> theirs.
TO_PEER = [18 + i for i in range(9)] + list(range(9)) + [9 + i for i in range(9)] + [32, 33, 31, 27, 28, 29, 30]
WALL = [kind for kind in range(34) for _ in range(4)]


def to_peer(counts: tuple[int, ...]) -> list[int]:
    peer = [0] * 34
    for ours, theirs in enumerate(TO_PEER):
        peer[theirs] = counts[ours]
    return peer


def _counts(tiles: list[int]) -> tuple[int, ...]:
    counts = [0] * 49
    for tile in tiles:
        counts[tile] += 1
    return tuple(counts)


def random_hands(rng: random.Random, number: int, size: int) -> list[tuple[int, ...]]:
    """Hands of ``size`` tiles drawn from the 136-tile wall."""
    return [_counts(rng.sample(WALL, size)) for _ in range(number)]


def complete_hands(rng: random.Random, number: int) -> list[tuple[int, ...]]:
    """Hands of four sets (chows and pungs, a third of them chows or more) and one pair."""
    hands = []
    while len(hands) < number:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                tiles += [9 * suit + start + step for step in range(3)]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        counts = _counts(tiles)
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def one_short(rng: random.Random, hands: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Each hand less one of its tiles, chosen at random."""
    shorter = []
    for counts in hands:
        held = [index for index, count in enumerate(counts) for _ in range(count)]
        removed = rng.choice(held)
        shorter.append(tuple(count - (index == removed) for index, count in enumerate(counts)))
    return shorter
