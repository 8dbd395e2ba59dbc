"""Seeded hands for the agreement and speed scripts (complete, random, one short, several pairs,
a tile held four times), and the map to the `mahjong` package's 34-tile layout (Craks 0-8,
Dots 9-17, Bams 18-26, winds E S W N 27-30, White Green Red 31-33)."""

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
    hands: list[tuple[int, ...]] = []
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


def _random_set(rng: random.Random) -> list[int]:
    """A chow (three times in five) or a pung, anywhere in the 34 tiles."""
    if rng.random() < 0.6:
        start = 9 * rng.randrange(3) + rng.randrange(7)
        return [start, start + 1, start + 2]
    return [rng.randrange(34)] * 3


def _add_if_room(counts: list[int], tiles: list[int]) -> None:
    """Add the tiles unless a tile would then be held more than four times."""
    if all(counts[tile] + tiles.count(tile) <= 4 for tile in tiles):
        for tile in tiles:
            counts[tile] += 1


def _to_size(rng: random.Random, counts: list[int], size: int) -> tuple[int, ...]:
    """The counts with random held tiles removed, or random tiles added, until ``size`` tiles."""
    while sum(counts) > size:
        counts[rng.choice([tile for tile in range(34) if counts[tile]])] -= 1
    while sum(counts) < size:
        counts[rng.choice([tile for tile in range(34) if counts[tile] < 4])] += 1
    return tuple(counts)


def pair_hands(rng: random.Random, number: int, size: int) -> list[tuple[int, ...]]:
    """Hands of ``size`` tiles of three to seven pairs (a tile may give two, and so be held four
    times), then sets while they fit, then single tiles. Half the time the number of pairs is one
    that sets fill exactly (four or seven pairs for 14 tiles, five for 13): four pairs beside two
    sets, seven pairs, five pairs beside a set, the shapes only an exact count of pairs refuses."""
    exact = [pairs for pairs in range(3, 8) if 2 * pairs <= size and (size - 2 * pairs) % 3 == 0]
    hands = []
    for _ in range(number):
        pairs = rng.choice(exact) if exact and rng.random() < 0.5 else rng.randint(3, 7)
        counts = [0] * 49
        for _ in range(pairs):
            _add_if_room(counts, [rng.randrange(34)] * 2)
        for _ in range(max(size - sum(counts), 0) // 3):
            _add_if_room(counts, _random_set(rng))
        hands.append(_to_size(rng, counts, size))
    return hands


def four_hands(rng: random.Random, number: int, size: int) -> list[tuple[int, ...]]:
    """Hands of ``size`` tiles holding a tile four times. Half the time four sets and a pair on
    five neighbouring tiles of one suit, so that copies pile up (kept only if one reaches four),
    cut to ``size``; otherwise one or two tiles held four times beside random sets, a pair and
    single tiles."""
    hands: list[tuple[int, ...]] = []
    while len(hands) < number:
        counts = [0] * 49
        if rng.random() < 0.5:
            low = 9 * rng.randrange(3) + rng.randrange(5)
            for _ in range(4):
                start = low + rng.randrange(3)
                block = [start, start + 1, start + 2] if rng.random() < 0.5 else [low + rng.randrange(5)] * 3
                _add_if_room(counts, block)
            _add_if_room(counts, [low + rng.randrange(5)] * 2)
        else:
            for tile in rng.sample(range(34), rng.choice([1, 1, 1, 2])):
                counts[tile] = 4
            while sum(counts) + 3 <= size - 2:
                _add_if_room(counts, _random_set(rng))
            _add_if_room(counts, [rng.randrange(34)] * 2)
        hand = _to_size(rng, counts, size)
        if 4 in hand[:34]:
            hands.append(hand)
    return hands
