"""The standard form (sets plus one eye) against brute force and against the `mahjong` package.

Small hands (zero to two sets) are compared with the brute-force references of
``test_solver_references``; full 13- and 14-tile hands with the `mahjong` package (Riichi), on a
seeded sample. Tile indexes: Bams 0-8, Craks 9-17, Dots 18-26, dragons 27-29, winds 30-33.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

from mahjong_rules.solver import standard
from mahjong_rules.solver._cache import BoundedMemo
from tests.test_solver_references import (
    Block,
    Counts,
    counts_of,
    ref_complete_standard,
    ref_decompositions_standard,
    ref_tiles_away_standard,
    standard_targets,
    vector,
)

NUM_KINDS = 49
STANDARD_KINDS = 34

# Regions the hands are drawn from: a small one makes overlapping sets (and several
# decompositions) frequent, the whole 34 tiles keep every suit and the honours in play.
REGIONS = {
    "craks-and-east": (*range(9, 18), 30),
    "low-bams-and-green": (0, 1, 2, 3, 4, 5, 27),
    "dots-and-winds": (*range(18, 27), 30, 31, 32, 33),
    "everything": tuple(range(STANDARD_KINDS)),
}


@st.composite
def standard_hands(draw: st.DrawFn, sets: int, size: int) -> Counts:
    """A hand of ``size`` tiles (no tile more than four times) over one region: ``sets`` sets and
    an eye, trimmed or padded to ``size``, then with up to two tiles exchanged at random."""
    region = REGIONS[draw(st.sampled_from(sorted(REGIONS)))]
    counts = [0] * NUM_KINDS
    chow_starts = [t for t in region if t < 27 and t % 9 <= 6 and t + 1 in region and t + 2 in region]
    for _ in range(sets):
        chow = draw(st.booleans())
        if chow and chow_starts:
            start = draw(st.sampled_from(chow_starts))
            block = [start, start + 1, start + 2]
        else:
            block = [draw(st.sampled_from(region))] * 3
        if all(counts[t] + block.count(t) <= 4 for t in block):
            for t in block:
                counts[t] += 1
    eye = draw(st.sampled_from(region))
    if counts[eye] <= 2:
        counts[eye] += 2

    def remove_one() -> None:
        held = [t for t in range(NUM_KINDS) if counts[t]]
        counts[draw(st.sampled_from(held))] -= 1

    def add_one() -> None:
        counts[draw(st.sampled_from([t for t in region if counts[t] < 4]))] += 1

    while sum(counts) > size:
        remove_one()
    while sum(counts) < size:
        add_one()
    for _ in range(draw(st.integers(0, 2))):
        if size:
            remove_one()
            add_one()
    return Counts(counts)


def sized_hands(size_of: Callable[[int], st.SearchStrategy[int]]) -> st.SearchStrategy[tuple[tuple[int, ...], int]]:
    """(counts, sets) for sets 0..2, the size drawn by ``size_of(sets)``."""
    return st.integers(0, 2).flatmap(
        lambda sets: size_of(sets).flatmap(lambda size: st.tuples(standard_hands(sets, size), st.just(sets)))
    )


COMPLETE_SIZED = sized_hands(lambda sets: st.sampled_from([3 * sets + 2, 3 * sets + 2, 3 * sets + 1, 3 * sets + 3]))
ANY_SIZED = sized_hands(lambda sets: st.integers(0, 3 * sets + 3))
ONE_SHORT = sized_hands(lambda sets: st.just(3 * sets + 1))


def _with(counts: tuple[int, ...], tile: int, change: int = 1) -> Counts:
    changed = list(counts)
    changed[tile] += change
    return Counts(changed)


# -- against the brute-force references ----------------------------------------------------------------


@settings(max_examples=600, deadline=None)
@given(COMPLETE_SIZED)
def test_is_complete_matches_reference(drawn: tuple[tuple[int, ...], int]) -> None:
    counts, sets = drawn
    assert standard.is_complete(counts, sets) == ref_complete_standard(counts, sets)


@settings(max_examples=600, deadline=None)
@given(COMPLETE_SIZED)
# Hands of two sets and an eye with two readings, rare among drawn hands:
# (111m)(234m)(44m) or (11m)(123m)(444m), and the same shape in Dots and Bams.
@example((counts_of("11123444m"), 2))
@example((counts_of("33345666p"), 2))
@example((counts_of("66678999s"), 2))
def test_decompositions_match_reference(drawn: tuple[tuple[int, ...], int]) -> None:
    counts, sets = drawn
    found = list(standard.decompositions(counts, sets))
    # Each decomposition once: compared as a list of multisets, duplicates would show.
    assert sorted(tuple(sorted(split)) for split in found) == ref_decompositions_standard(counts, sets)
    for split in found:
        # Its sets in tile order, then the pair.
        assert split[-1][0] == "pair"
        assert all(kind != "pair" for kind, _ in split[:-1])
        assert [tile for _, tile in split[:-1]] == sorted(tile for _, tile in split[:-1])


@settings(max_examples=300, deadline=None)
@given(ANY_SIZED)
def test_tiles_away_matches_reference(drawn: tuple[tuple[int, ...], int]) -> None:
    counts, sets = drawn
    assert standard.tiles_away(counts, sets) == ref_tiles_away_standard(counts, sets)


@settings(max_examples=400, deadline=None)
@given(ONE_SHORT)
def test_waits_match_reference(drawn: tuple[tuple[int, ...], int]) -> None:
    # Ruling S14: a wait is any tile that completes the hand; a tile held four times is not one.
    counts, sets = drawn
    expected = {
        tile for tile in range(STANDARD_KINDS) if counts[tile] < 4 and ref_complete_standard(_with(counts, tile), sets)
    }
    assert standard.waits(counts, sets) == expected


def _ref_discard_options(counts: tuple[int, ...], sets: int) -> list[tuple[int, int, frozenset[int]]]:
    options = []
    for discard in range(STANDARD_KINDS):
        if not counts[discard]:
            continue
        left = _with(counts, discard, -1)
        away = ref_tiles_away_standard(left, sets)
        helpful = frozenset(
            tile
            for tile in range(STANDARD_KINDS)
            if left[tile] < 4 and ref_tiles_away_standard(_with(left, tile), sets) < away
        )
        options.append((discard, away, helpful))
    return sorted(options, key=lambda option: (option[1], option[0]))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 1).flatmap(lambda sets: st.tuples(standard_hands(sets, 3 * sets + 2), st.just(sets))))
def test_discard_options_match_reference(drawn: tuple[tuple[int, ...], int]) -> None:
    counts, sets = drawn
    assert standard.discard_options(counts, sets) == _ref_discard_options(counts, sets)


@settings(max_examples=15, deadline=None)
@given(standard_hands(2, 8))
def test_discard_options_match_reference_with_two_sets(counts: tuple[int, ...]) -> None:
    # A second reference, quicker for two sets: a draw lowers the distance to a target by one
    # exactly when the target holds more of that tile than the hand, and a distance can only fall
    # below the minimum from a target at the minimum. So the helpful draws are the tiles some
    # nearest target holds more of than the hand does.
    expected = []
    for discard in range(STANDARD_KINDS):
        if counts[discard]:
            left = _with(counts, discard, -1)
            away = ref_tiles_away_standard(left, 2)
            helpful = {
                tile
                for target in standard_targets(2)
                if sum(n - left[t] for t, n in target if n > left[t]) == away
                for tile, n in target
                if n > left[tile]
            }
            expected.append((discard, away, frozenset(helpful)))
    expected.sort(key=lambda option: (option[1], option[0]))
    assert standard.discard_options(counts, 2) == expected


@settings(max_examples=100, deadline=None)
@given(ONE_SHORT, st.lists(st.sampled_from([34, 35, 43, 47, 48]), min_size=1, max_size=3))
def test_tiles_beyond_the_34_are_ignored(drawn: tuple[Counts, int], others: list[int]) -> None:
    # Flowers, animals, jokers and blanks are no part of the standard form: only 0-33 are read.
    counts, sets = drawn
    more = list(counts)
    for tile in others:
        more[tile] += 1
    assert standard.tiles_away(more, sets) == standard.tiles_away(counts, sets)
    assert standard.waits(more, sets) == standard.waits(counts, sets)
    done = list(counts)
    for tile in standard.waits(counts, sets):
        done[tile] += 1
        assert standard.is_complete(done, sets)
        assert standard.is_complete([*done[:34], *more[34:]], sets)
        done[tile] -= 1


# -- hand-worked examples ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("19m19p19s1234567z", 1),
        ("19m19p19s1234567z 1m", 0),
        ("19m19p19s12345z 11m", 2),
        ("123456789m 1234z", 8),
        ("2345678m 2345678p", 14),
        ("111m 999m 111p 999p 11s", 8),
        ("", 14),
    ],
    ids=["thirteen-distinct", "complete", "eleven-and-a-pair", "one-suit-and-winds", "no-terminals", "pungs", "empty"],
)
def test_thirteen_wonders_away_by_hand(text: str, expected: int) -> None:
    # 14 less the distinct terminals and honours held, less one if one of them is held twice.
    # 19m19p19s12345z 11m: eleven distinct plus the pair of 1m: 14 - 11 - 1 = 2.
    # 111m 999m 111p 999p 11s: five distinct (1m 9m 1p 9p 1s), one held twice: 8.
    assert standard.thirteen_wonders_away(counts_of(text)) == expected


def test_tiles_away_counts_thirteen_wonders_only_when_asked() -> None:
    # Thirteen distinct terminals and honours plus 5m: one tile from Thirteen Wonders (discard 5m,
    # draw any of the thirteen); far from four sets and an eye, since honours make no chows.
    counts = counts_of("19m19p19s1234567z 5m")
    assert standard.tiles_away(counts, thirteen_wonders=True) == 1
    assert standard.tiles_away(counts) > 1
    assert standard.tiles_away(counts_of("19m19p19s1234567z 1m"), thirteen_wonders=True) == 0
    assert standard.tiles_away(counts_of("19m19p19s1234567z 1m")) > 0


def test_waits_for_thirteen_wonders() -> None:
    thirteen = counts_of("19m19p19s1234567z")
    assert standard.waits(thirteen, thirteen_wonders=True) == frozenset(standard.TERMINALS_AND_HONORS)
    assert standard.waits(thirteen) == frozenset()
    # Twelve distinct with 1m twice: only the missing Red dragon (7z) completes it.
    assert standard.waits(counts_of("19m19p19s123456z 1m"), thirteen_wonders=True) == frozenset({28})


@pytest.mark.parametrize(
    ("text", "sets", "expected"),
    [
        ("1111m 234p 567p 888s", 4, set()),
        ("1111m", 1, set()),
        ("1112345678999m", 4, set(range(9, 18))),
        ("123m 456m 789m 234p 5s", 4, {4}),
        ("1111m 23m 456p 789p 5s", 4, {4}),
        ("22m 44m", 1, {10, 12}),
        ("5m", 0, {13}),
        ("23m", 0, set()),
    ],
    ids=[
        "four-held-pung-and-eye",
        "four-held-alone",
        "nine-gates",
        "single-wait",
        "four-held-elsewhere",
        "two-pairs",
        "lone-tile",
        "wrong-size",
    ],
)
def test_waits_by_hand(text: str, sets: int, expected: set[int]) -> None:
    # Ruling S14: 1111m + a fifth 1m would be a pung and an eye, but a tile held four times is never
    # a wait, and nothing else completes 1111m.
    # 1111m 23m 456p 789p 5s: only 5s (index 4), for (111m)(123m)(456p)(789p)(55s).
    # 22m 44m: 2m or 4m makes a pung, the other pair the eye.
    # 5m with no set: the eye 55m. 23m is two tiles, not one short of an eye alone: no waits.
    assert standard.waits(counts_of(text), sets) == expected


def test_decompositions_by_hand() -> None:
    # The docstring's hand, and a pure hand with several readings.
    splits = {tuple(sorted(split)) for split in standard.decompositions(counts_of("111222333m 789p 55s"))}
    assert splits == {
        tuple(sorted([("chow", 9), ("chow", 9), ("chow", 9), ("chow", 24), ("pair", 4)])),
        tuple(sorted([("pung", 9), ("pung", 10), ("pung", 11), ("chow", 24), ("pair", 4)])),
    }
    # 11123444m: (111m)(234m)(44m) or (11m)(123m)(444m).
    found = sorted(tuple(sorted(split)) for split in standard.decompositions(counts_of("11123444m"), 2))
    assert found == sorted(
        [
            tuple(sorted([("pung", 9), ("chow", 10), ("pair", 12)])),
            tuple(sorted([("pair", 9), ("chow", 9), ("pung", 12)])),
        ]
    )


# -- the bounded memo ---------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.lists(st.integers(0, 12), max_size=60))
def test_bounded_memo_never_exceeds_its_limit(limit: int, keys: list[int]) -> None:
    computed: list[int] = []

    def compute(key: int) -> int:
        computed.append(key)
        return key * key

    memo = BoundedMemo(compute, limit)
    for key in keys:
        assert memo(key) == key * key
        assert len(memo) <= limit
        assert len(memo.data) <= limit
        assert key in memo.data
    assert memo.misses == len(computed)
    if len(set(keys)) <= limit:
        assert sorted(computed) == sorted(set(keys))  # nothing was forgotten, so each computed once
    memo.clear()
    assert len(memo) == 0


def test_bounded_memo_refills_after_reaching_its_limit() -> None:
    memo: BoundedMemo[int, int] = BoundedMemo(lambda key: -key, 2)
    memo(1)
    memo(2)
    assert len(memo) == 2
    memo(3)  # full: emptied, then holds 3 only
    assert set(memo.data) == {3}
    assert memo(1) == -1
    assert memo.misses == 4


# -- against the `mahjong` package (Riichi) on a seeded sample ------------------------------------------

# Ours: Bams 0-8, Craks 9-17, Dots 18-26, Green Red White 27-29, E S W N 30-33.
# Theirs: man (Craks) 0-8, pin (Dots) 9-17, sou (Bams) 18-26, E S W N 27-30, haku hatsu chun
# (White Green Red) 31-33.
TO_PEER = (*range(18, 27), *range(9), *range(9, 18), 32, 33, 31, 27, 28, 29, 30)
FROM_PEER = {theirs: ours for ours, theirs in enumerate(TO_PEER)}
SAMPLE_SEED = 20260
QUARTER = 500


def test_peer_layout_is_a_permutation() -> None:
    assert sorted(TO_PEER) == list(range(STANDARD_KINDS))
    assert TO_PEER[counts_of("1m").index(1)] == 0  # 1 man
    assert TO_PEER[counts_of("1s").index(1)] == 18  # 1 sou
    assert TO_PEER[counts_of("5z").index(1)] == 31  # haku
    assert TO_PEER[counts_of("7z").index(1)] == 33  # chun


def _to_peer(counts: tuple[int, ...]) -> list[int]:
    peer = [0] * STANDARD_KINDS
    for ours, theirs in enumerate(TO_PEER):
        peer[theirs] = counts[ours]
    return peer


@cache
def peer_sample() -> dict[str, list[Counts]]:
    """2,000 seeded hands: complete, random 14, one short of complete, random 13."""
    rng = random.Random(SAMPLE_SEED)
    wall = [tile for tile in range(STANDARD_KINDS) for _ in range(4)]
    complete: list[Counts] = []
    while len(complete) < QUARTER:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(STANDARD_KINDS)] * 3
        tiles += [rng.randrange(STANDARD_KINDS)] * 2
        counts = vector(tiles)
        if max(counts) <= 4:
            complete.append(counts)
    short = []
    for counts in complete:
        held = [tile for tile in range(STANDARD_KINDS) for _ in range(counts[tile])]
        short.append(_with(counts, rng.choice(held), -1))
    return {
        "complete": complete,
        "random14": [vector(rng.sample(wall, 14)) for _ in range(QUARTER)],
        "short": short,
        "random13": [vector(rng.sample(wall, 13)) for _ in range(QUARTER)],
    }


def _seven_pairs(peer: list[int]) -> bool:
    return sum(1 for count in peer if count == 2) == 7


def _peer_regular_divisions(peer: list[int]) -> list[tuple[Block, ...]]:
    """The peer's four-sets-and-an-eye divisions (its seven-pairs division dropped), as our blocks."""
    found = []
    for division in HandDivider.divide_hand(peer):
        if len(division) == 7:
            continue
        blocks: list[Block] = []
        for group in division:
            tile = FROM_PEER[group[0]]
            if len(group) == 2:
                blocks.append(("pair", tile))
            elif group[0] == group[1]:
                blocks.append(("pung", tile))
            else:
                blocks.append(("chow", tile))
        found.append(tuple(sorted(blocks)))
    return sorted(found)


def test_peer_sample_is_as_intended() -> None:
    sample = peer_sample()
    assert sum(len(hands) for hands in sample.values()) == 2000
    for name, size in [("complete", 14), ("random14", 14), ("short", 13), ("random13", 13)]:
        assert all(sum(counts) == size and max(counts) <= 4 for counts in sample[name])


def test_winning_shape_agrees_with_mahjong() -> None:
    sample = peer_sample()
    mismatches = []
    for counts in sample["complete"] + sample["random14"]:
        peer = _to_peer(counts)
        ours = standard.is_complete(counts) or standard.thirteen_wonders_away(counts) == 0 or _seven_pairs(peer)
        if ours != Agari.is_agari(peer):
            mismatches.append(counts)
    assert mismatches == []
    assert all(standard.is_complete(counts) for counts in sample["complete"])


# Complete hands with several readings, added to the sample's (where they are rare).
SEVERAL_READINGS = [
    "111222333m 789p 55s",
    "11123444m 567p 999s",
    "111122223333m 55s",
    "111222333p 456s 77z",
    "33345666p 789m 111s",
]


def test_decompositions_agree_with_mahjong() -> None:
    sample = peer_sample()
    several = [counts_of(text) for text in SEVERAL_READINGS]
    assert all(len(list(standard.decompositions(counts))) > 1 for counts in several)
    mismatches = []
    for counts in sample["complete"] + sample["random14"] + several:
        ours = sorted(tuple(sorted(split)) for split in standard.decompositions(counts))
        theirs = _peer_regular_divisions(_to_peer(counts))
        if ours != theirs:
            mismatches.append((counts, ours, theirs))
    assert mismatches == []


def test_tiles_away_agrees_with_mahjong_shanten() -> None:
    sample = peer_sample()
    shanten = Shanten()
    mismatches = []
    for counts in [counts for hands in sample.values() for counts in hands]:
        theirs = shanten.calculate_shanten(_to_peer(counts), use_chiitoitsu=False, use_kokushi=True) + 1
        ours = standard.tiles_away(counts, thirteen_wonders=True)
        if ours != theirs:
            mismatches.append((counts, ours, theirs))
    assert mismatches == []


def test_waits_agree_with_mahjong() -> None:
    # Ruling S14: tiles held four times are never waits; the peer cannot draw a fifth either.
    sample = peer_sample()
    mismatches = []
    for counts in sample["short"] + sample["random13"]:
        peer = _to_peer(counts)
        theirs = set()
        for tile, peer_tile in enumerate(TO_PEER):
            if peer[peer_tile] == 4:
                continue
            peer[peer_tile] += 1
            # Seven pairs is no shape of ours: such a win counts only if it also reads otherwise.
            regular = bool(_peer_regular_divisions(peer))
            wonders = Agari.is_agari(peer) and not regular and not _seven_pairs(peer)
            if regular or wonders:
                theirs.add(tile)
            peer[peer_tile] -= 1
        ours = standard.waits(counts, thirteen_wonders=True)
        if ours != theirs:
            mismatches.append((counts, sorted(ours), sorted(theirs)))
    assert mismatches == []
    # Each one-short hand waits at least on the tile it lost (held three times at most).
    assert all(standard.waits(counts) for counts in sample["short"])
