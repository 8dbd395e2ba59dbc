"""The shipped standard-form tables (``solver/standard_tables.bin``) agree with the reference
programme they are generated from (``scripts/build_standard_tables.py``): a seeded sample is
regenerated here and compared, and every product table is recomputed whole."""

from __future__ import annotations

import itertools
import random

import pytest

import mahjong_rules as mr
from mahjong_rules.solver import _standard_tables as tables
from mahjong_rules.solver import standard
from mahjong_rules.solver._vectors import INFINITY, MAX_SETS, combine, final_distance, part_distances

SHIPPED = tables.load()
LENGTH = 2 * (MAX_SETS + 1)


def _vector(data: bytes, number: int) -> tuple[int, ...]:
    return tuple(data[number * LENGTH : (number + 1) * LENGTH])


def reference_away(counts: list[int], sets: int, wonders: bool, caps: list[int] | None = None) -> int:
    """Tiles away from the reference programme alone: each part's vector, their product."""
    limit = caps or [4] * 34
    parts = [
        part_distances(tuple(counts[offset : offset + 9]), True, tuple(limit[offset : offset + 9]))
        for offset in (0, 9, 18)
    ]
    parts.append(part_distances(tuple(counts[27:34]), False, tuple(limit[27:34])))
    away = min(final_distance(combine(parts[0], parts[1]), combine(parts[2], parts[3]), sets), INFINITY)
    if wonders and sets == MAX_SETS and all(limit[index] >= 1 for index in standard.TERMINALS_AND_HONORS):
        away = min(away, standard.thirteen_wonders_away(counts))
    return away


def _random_pattern(rng: random.Random, size: int) -> tuple[int, ...]:
    while True:
        pattern = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(size))
        if sum(pattern) <= tables.LARGEST_PART:
            return pattern


@pytest.mark.parametrize("seed", range(3))
def test_a_sample_of_suit_patterns_regenerates_to_the_shipped_vectors(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(300):
        pattern = _random_pattern(rng, 9)
        number = SHIPPED.suit_ids[tables.pattern_code(pattern, tables.SUIT_WEIGHTS)]
        assert _vector(SHIPPED.suit_vectors, number) == part_distances(pattern, chows=True), pattern


@pytest.mark.parametrize("seed", range(3))
def test_a_sample_of_honour_patterns_regenerates_to_the_shipped_vectors(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(300):
        pattern = _random_pattern(rng, 7)
        number = SHIPPED.honor_ids[tables.pattern_code(pattern, tables.HONOR_WEIGHTS)]
        assert _vector(SHIPPED.honor_vectors, number) == part_distances(pattern, chows=False), pattern


def test_the_numbered_programme_for_capped_parts_gives_the_shipped_vectors_without_caps() -> None:
    # The programme capped parts run (states numbered, moves listed once) is a second writing of
    # the reference: with no copy capped it must give the shipped tables' vectors.
    from mahjong_rules.solver import _prefix_vectors

    rng = random.Random(7)
    for _ in range(300):
        suit = rng.random() < 0.7
        pattern = _random_pattern(rng, 9 if suit else 7)
        ids, vectors, weights = (
            (SHIPPED.suit_ids, SHIPPED.suit_vectors, tables.SUIT_WEIGHTS)
            if suit
            else (SHIPPED.honor_ids, SHIPPED.honor_vectors, tables.HONOR_WEIGHTS)
        )
        number = ids[tables.pattern_code(pattern, weights)]
        _prefix_vectors._states.clear()
        assert _prefix_vectors.prefix_part_distances(pattern, suit, (4,) * len(pattern)) == _vector(vectors, number)


def test_patterns_beyond_fourteen_tiles_are_left_to_the_reference() -> None:
    assert SHIPPED.suit_ids[tables.pattern_code((4, 4, 4, 3, 0, 0, 0, 0, 0), tables.SUIT_WEIGHTS)] == 255
    assert SHIPPED.suit_ids[tables.pattern_code((4, 4, 4, 2, 0, 0, 0, 0, 0), tables.SUIT_WEIGHTS)] != 255
    counts = [0] * mr.NUM_TILE_KINDS
    counts[0:5] = [4, 4, 4, 3, 1]  # 16 Bams: no table entry; the reference answers
    assert standard.tiles_away(counts, 4) == reference_away(counts, 4, False)


def test_every_product_of_two_vectors_is_the_min_plus_product() -> None:
    suits = [_vector(SHIPPED.suit_vectors, number) for number in range(SHIPPED.suits)]
    honors = [_vector(SHIPPED.honor_vectors, number) for number in range(SHIPPED.honors)]
    for (a, left), (b, right) in itertools.product(enumerate(suits), repeat=2):
        number = SHIPPED.suit_pairs[a * SHIPPED.suits + b]
        assert _vector(SHIPPED.suit_pair_vectors, number) == combine(left, right)
    for (a, left), (h, right) in itertools.product(enumerate(suits), enumerate(honors)):
        number = SHIPPED.mixed_pairs[a * SHIPPED.honors + h]
        assert _vector(SHIPPED.mixed_pair_vectors, number) == combine(left, right)


def test_every_final_distance_is_the_one_entry_of_the_product() -> None:
    pairs = len(SHIPPED.suit_pair_vectors) // LENGTH
    for first in range(pairs):
        left = _vector(SHIPPED.suit_pair_vectors, first)
        for second in range(SHIPPED.mixed):
            right = _vector(SHIPPED.mixed_pair_vectors, second)
            for sets in range(MAX_SETS + 1):
                shipped = SHIPPED.final[(first * SHIPPED.mixed + second) * (MAX_SETS + 1) + sets]
                assert shipped == min(final_distance(left, right, sets), INFINITY)


def test_the_table_counts_are_as_documented() -> None:
    """126 suit vectors, 55 honour vectors, 180 products of two suits, 165 of a suit and the
    honours (the module's and the solver page's description)."""
    assert (SHIPPED.suits, SHIPPED.honors, len(SHIPPED.suit_pair_vectors) // LENGTH, SHIPPED.mixed) == (
        126,
        55,
        180,
        165,
    )


@pytest.mark.parametrize("seed", range(4))
def test_tiles_away_from_the_tables_equals_the_reference_on_fresh_hands(seed: int) -> None:
    rng = random.Random(500 + seed)
    wall = [index for index in range(34) for _ in range(4)]
    for _ in range(400):
        size = rng.choice((2, 5, 8, 11, 13, 14))
        counts = [0] * mr.NUM_TILE_KINDS
        for index in rng.sample(wall, size):
            counts[index] += 1
        sets = (size - 1) // 3 if size % 3 != 2 else (size - 2) // 3
        for wonders in (False, True):
            expected = reference_away(counts, sets, wonders)
            assert standard.tiles_away(counts, sets, thirteen_wonders=wonders) == expected, counts


@pytest.mark.parametrize("seed", range(3))
def test_capped_copies_use_the_tables_for_the_other_parts(seed: int) -> None:
    """Exposed sets cap some copies: the capped parts run the reference, the others the tables,
    and the whole equals the reference programme on every part."""
    rng = random.Random(700 + seed)
    wall = [index for index in range(34) for _ in range(4)]
    for _ in range(150):
        counts = [0] * mr.NUM_TILE_KINDS
        for index in rng.sample(wall, 11):
            counts[index] += 1
        caps = [4] * 34
        for index in rng.sample(range(34), rng.randint(1, 3)):
            caps[index] = rng.choice((0, 1, 3))
        caps = [max(cap, 0) for cap in caps]
        assert standard.tiles_away(counts, 3, limits=caps) == reference_away(counts, 3, False, caps), (counts, caps)


def test_a_file_that_is_not_the_tables_is_refused() -> None:
    with pytest.raises(ValueError, match="not a standard tables file"):
        tables.decode(b"something else")
    data = tables.encode(SHIPPED)
    assert tables.decode(data) == SHIPPED
    header = len(tables.MAGIC) + 4 * len(SHIPPED)
    with pytest.raises(ValueError, match="truncated"):
        tables.decode(data[:header] + __import__("zlib").compress(b"short"))


def test_counts_above_four_are_answered_by_the_reference() -> None:
    """A count above four would alias another pattern's code: such counts never reach the tables."""
    counts = [0] * mr.NUM_TILE_KINDS
    counts[8] = 5  # five 9 Bams; its code would read as one 8 Bam more
    counts[9:12] = [1, 1, 1]
    assert standard.tiles_away(counts, 2) == reference_away(counts, 2, False)
    assert not standard.is_complete(counts, 2)
    assert list(standard.decompositions(counts, 2)) == []
