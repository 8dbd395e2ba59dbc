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
from hypothesis import assume, example, given, settings
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
def standard_hands(draw: st.DrawFn, sets: int, size: int, shape: str | None = None) -> Counts:
    """A hand of ``size`` tiles (no tile more than four times) over one region, trimmed or padded
    to ``size``, then with up to two tiles exchanged at random. Half the hands are ``sets`` sets
    and an eye; the other half are the shapes a check of "exactly one pair" or "never a fifth
    copy" must get right, rare among the first kind (``shape`` chooses one):

    - ``"pairs"``: two to seven pairs (a tile may give two, and so be held four times) and as many
      sets as fit beside them, the pairs usually filling the hand exactly (four pairs and two sets
      for 14 tiles, four pairs for 8, seven pairs, five pairs and a set for 13, ...); half of
      these over all 34 tiles with each pair in a suit or the honours holding none yet, while
      there is one (where a count of pairs made part by part must add up);
    - ``"four"``: a tile held four times beside the ``sets`` sets and an eye (ruling S14's shapes).
    """
    if shape is None:
        shape = draw(st.sampled_from(["sets", "sets", "pairs", "four"]))
    spread = shape == "pairs" and draw(st.booleans())
    region = REGIONS["everything" if spread else draw(st.sampled_from(sorted(REGIONS)))]
    counts = [0] * NUM_KINDS
    chow_starts = [t for t in region if t < 27 and t % 9 <= 6 and t + 1 in region and t + 2 in region]

    def add_set() -> None:
        chow = draw(st.booleans())
        if chow and chow_starts:
            start = draw(st.sampled_from(chow_starts))
            block = [start, start + 1, start + 2]
        else:
            block = [draw(st.sampled_from(region))] * 3
        if all(counts[t] + block.count(t) <= 4 for t in block):
            for t in block:
                counts[t] += 1

    def add_pair() -> None:
        paired = {min(t // 9, 3) for t in range(STANDARD_KINDS) if counts[t] >= 2}
        unpaired = [t for t in region if min(t // 9, 3) not in paired]
        tile = draw(st.sampled_from(unpaired if spread and unpaired else region))
        if counts[tile] <= 2:
            counts[tile] += 2

    if shape == "pairs":
        most = max(2, min(7, size // 2))
        filling = [p for p in range(2, most + 1) if (size - 2 * p) % 3 == 0]
        # Three times in four, when some number does, pairs and sets that fill the hand exactly.
        exact = bool(filling) and draw(st.integers(0, 3)) > 0
        pairs = draw(st.sampled_from(filling) if exact else st.integers(2, most))
        for _ in range(pairs):
            add_pair()
        for _ in range(max(size - 2 * pairs, 0) // 3):
            add_set()
    else:
        if shape == "four":
            counts[draw(st.sampled_from(region))] = 4
        for _ in range(sets):
            add_set()
        add_pair()

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
# Four pairs and no set, in the Dots and honours or one in each suit and the honours: the size
# of two sets and a pair, but not that shape.
@example((counts_of("55p 11z 22z 33z"), 2))
@example((counts_of("55m 11p 99s 11z"), 2))
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
@example((counts_of("55m 11p 99s 11z"), 2))
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
@example((counts_of("55p 11z 22z 3z"), 2))
@example((counts_of("1111m 22m 3m"), 2))
def test_waits_match_reference(drawn: tuple[tuple[int, ...], int]) -> None:
    # Ruling S14: a wait is any tile that completes the hand; a tile held four times is not one.
    counts, sets = drawn
    expected = {
        tile for tile in range(STANDARD_KINDS) if counts[tile] < 4 and ref_complete_standard(_with(counts, tile), sets)
    }
    assert standard.waits(counts, sets) == expected


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([7, 8]).flatmap(lambda size: standard_hands(2, size, shape="pairs")))
def test_several_pairs_match_reference(counts: Counts) -> None:
    # Hands of several pairs against the reference for two sets and one pair: four pairs make
    # eight tiles, its size, yet no such hand; seven tiles are one short of it, or not.
    if sum(counts) == 8:
        assert standard.is_complete(counts, 2) == ref_complete_standard(counts, 2)
        found = sorted(tuple(sorted(split)) for split in standard.decompositions(counts, 2))
        assert found == ref_decompositions_standard(counts, 2)
    else:
        # Ruling S14: a tile held four times is not a wait.
        expected = {
            tile for tile in range(STANDARD_KINDS) if counts[tile] < 4 and ref_complete_standard(_with(counts, tile), 2)
        }
        assert standard.waits(counts, 2) == expected


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


# -- several pairs, and tiles held four times ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sets", "expected"),
    [
        ("11123m 22456p 33s 11z", 4, False),
        ("234m 55m 678p 99p 11z 44z", 4, False),
        ("555m 11p 99s 111z 22z 33z", 4, False),
        ("11m 55p 99s 11z 22z 33z 44z", 4, False),
        ("11223344556677z", 4, False),
        ("1111m 55p 99s 11z 22z 33z", 4, False),
        ("55p 11z 22z 33z", 2, False),
        ("112233m 445566p 77s", 4, True),
        ("123m 456p 11223344s", 4, True),
        ("11123m 456p 789s 222z", 4, True),
        ("555p 111z 22z", 2, True),
    ],
    ids=[
        "four-pairs-two-chows",
        "four-pairs-two-chows-honour-pairs",
        "four-pairs-two-pungs",
        "seven-pairs-one-per-suit",
        "seven-honour-pairs",
        "seven-pairs-with-a-four",
        "four-pairs-in-eight-tiles",
        "seven-pairs-reading-as-chows",
        "four-pairs-reading-as-chows",
        "one-pair-beside-a-chow",
        "two-pungs-and-a-pair",
    ],
)
def test_is_complete_needs_exactly_one_pair(text: str, sets: int, expected: bool) -> None:
    # The standard form is ``sets`` sets and exactly one pair: several pairs are not complete,
    # though the sizes add up (four pairs and two sets make 14 tiles, as do seven pairs).
    # 11123m 22456p 33s EE: 11123m is (11m)(123m) and 22456p is (22p)(456p), so the pairs are
    #   11m 22p 33s EE, four of them. 234m 55m 678p 99p EE NN: four pairs beside two chows.
    # 555m 11p 99s EEE SS WW: two pungs and four pairs. Seven pairs: no set at all.
    # 1111m: four 1m alone split into no sets with at most one pair.
    # 112233m 445566p 77s: (123m)(123m)(456p)(456p)(77s). 11223344s: (11s)(234s)(234s).
    # 11123m 456p 789s SSS: (11m)(123m)(456p)(789s)(SSS), one pair.
    counts = counts_of(text)
    assert standard.is_complete(counts, sets) is expected
    if sets <= 2:
        assert ref_complete_standard(counts, sets) is expected


def test_several_pairs_have_no_decomposition() -> None:
    # Four pairs beside two chows, seven pairs, four pairs alone: no split into sets and one pair.
    assert list(standard.decompositions(counts_of("11123m 22456p 33s 11z"))) == []
    assert list(standard.decompositions(counts_of("11m 55p 99s 11z 22z 33z 44z"))) == []
    assert list(standard.decompositions(counts_of("55p 11z 22z 33z"), 2)) == []
    # Seven pairs reading as (123m)(123m)(456p)(456p) and the eye 77s: that split only.
    found = list(standard.decompositions(counts_of("112233m 445566p 77s")))
    assert found == [(("chow", 9), ("chow", 9), ("chow", 21), ("chow", 21), ("pair", 6))]
    # 123m 456p 11223344s: the eye 44s beside (123s)(123s), or the eye 11s beside (234s)(234s).
    found = sorted(standard.decompositions(counts_of("123m 456p 11223344s")))
    assert found == [
        (("chow", 0), ("chow", 0), ("chow", 9), ("chow", 21), ("pair", 3)),
        (("chow", 1), ("chow", 1), ("chow", 9), ("chow", 21), ("pair", 0)),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("11123m 22456p 33s 11z", 2),
        ("11m 55p 99s 11z 22z 33z 44z", 4),
        ("11223344556677z", 4),
        ("123m 456p 11223344s", 0),
    ],
    ids=["four-pairs-two-chows", "seven-scattered-pairs", "seven-honour-pairs", "four-pairs-reading-as-chows"],
)
def test_tiles_away_of_several_pairs(text: str, expected: int) -> None:
    # 11123m 22456p 33s EE: keep 11m as the eye, draw 2p and 3s for (222p) and (333s), discard
    #   EE: two. One is not enough: EE and 33s can each only stay a pair or become a pung (no
    #   chow reaches 33s with one tile), so one of them is a second pair unless a tile is drawn
    #   for both, or the other ten tiles less one make three sets, which they never do.
    # Seven pairs that no chow joins: no set of the hand is whole (no tile is held three times,
    #   no two neighbours of a suit are held), so each of the four sets lacks a tile: four, by
    #   making four pairs pungs and discarding two pairs.
    # 123m 456p 11223344s is complete (see above): none.
    assert standard.tiles_away(counts_of(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m 456p 789s 11z 22z", {30, 31}),
        ("11123m 55p 99s 11z 22z", set()),
        ("11m 55p 99s 11z 22z 33z 4z", set()),
        ("2222345m 678p 111z", {13}),
        ("1111m 2222m 3333m 4m", {12, 13}),
    ],
    ids=[
        "two-pairs-beside-three-sets",
        "five-pairs-and-a-set",
        "seven-pairs-tenpai",
        "fifth-copy-would-complete",
        "three-fours",
    ],
)
def test_waits_of_several_pairs_and_fours(text: str, expected: set[int]) -> None:
    # 123m 456p 789s EE SS: E or S makes a pung, the other pair the eye.
    # 11123m 55p 99s EE SS: one tile makes at most one more set, leaving four pairs or more.
    # Six pairs and N: N makes seven pairs, no shape of the standard form; nothing completes it.
    # Ruling S14: 2222345m 678p EEE would complete with a fifth 2m, (222m)(22m)(345m), but the
    #   tile set holds four and the hand has them all, so 2m is no wait; 5m completes it,
    #   (222m)(234m)(55m). No other tile does.
    # 1111m 2222m 3333m 4m: 4m makes (123m) four times and the eye 44m; 5m makes (111m)(222m)
    #   (123m)(345m) and the eye 33m; 1m 2m 3m are held four times (ruling S14); 6m and beyond
    #   join nothing.
    found = standard.waits(counts_of(text))
    assert found == expected
    assert not any(counts_of(text)[tile] == 4 for tile in found)


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
SHAPED = 250
"""Hands of each of the pair-heavy and four-held kinds."""


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


def _random_set(rng: random.Random) -> list[int]:
    """A chow (three times in five) or a pung, anywhere in the 34 tiles."""
    if rng.random() < 0.6:
        start = 9 * rng.randrange(3) + rng.randrange(7)
        return [start, start + 1, start + 2]
    return [rng.randrange(STANDARD_KINDS)] * 3


def _add_if_room(counts: list[int], tiles: list[int]) -> None:
    """Add the tiles unless a tile would then be held more than four times."""
    if all(counts[tile] + tiles.count(tile) <= 4 for tile in tiles):
        for tile in tiles:
            counts[tile] += 1


def _to_size(rng: random.Random, counts: list[int], size: int) -> Counts:
    """The counts with random held tiles removed, or random tiles added, until ``size`` tiles."""
    while sum(counts) > size:
        counts[rng.choice([tile for tile in range(STANDARD_KINDS) if counts[tile]])] -= 1
    while sum(counts) < size:
        counts[rng.choice([tile for tile in range(STANDARD_KINDS) if counts[tile] < 4])] += 1
    return Counts(counts)


def _pairs_hand(rng: random.Random, size: int) -> Counts:
    """Three to seven pairs (a tile may give two, and so be held four times), then sets while they
    fit, then single tiles, to ``size`` tiles. Half the time the number of pairs is one that sets
    fill exactly (four or seven pairs for 14 tiles, five for 13): two sets beside four pairs, seven
    pairs, one set beside five pairs, the shapes only an exact count of pairs refuses."""
    exact = [pairs for pairs in range(3, 8) if 2 * pairs <= size and (size - 2 * pairs) % 3 == 0]
    pairs = rng.choice(exact) if rng.random() < 0.5 else rng.randint(3, 7)
    counts = [0] * NUM_KINDS
    for _ in range(pairs):
        _add_if_room(counts, [rng.randrange(STANDARD_KINDS)] * 2)
    for _ in range(max(size - sum(counts), 0) // 3):
        _add_if_room(counts, _random_set(rng))
    return _to_size(rng, counts, size)


def _fours_hand(rng: random.Random, size: int) -> Counts:
    """A hand of ``size`` tiles holding a tile four times. Half the time four sets and a pair on
    five neighbouring tiles of one suit, so that copies pile up (kept only if one reaches four),
    cut to ``size``; otherwise one or two tiles held four times beside random sets, a pair and
    single tiles."""
    while True:
        counts = [0] * NUM_KINDS
        if rng.random() < 0.5:
            low = 9 * rng.randrange(3) + rng.randrange(5)
            for _ in range(4):
                start = low + rng.randrange(3)
                block = [start, start + 1, start + 2] if rng.random() < 0.5 else [low + rng.randrange(5)] * 3
                _add_if_room(counts, block)
            _add_if_room(counts, [low + rng.randrange(5)] * 2)
        else:
            for tile in rng.sample(range(STANDARD_KINDS), rng.choice([1, 1, 1, 2])):
                counts[tile] = 4
            while sum(counts) + 3 <= size - 2:
                _add_if_room(counts, _random_set(rng))
            _add_if_room(counts, [rng.randrange(STANDARD_KINDS)] * 2)
        hand = _to_size(rng, counts, size)
        if 4 in hand[:STANDARD_KINDS]:
            return hand


@cache
def peer_sample() -> dict[str, list[Counts]]:
    """3,000 seeded hands: complete, random 14, one short of complete, random 13 (500 each), and
    the shapes those rarely hold (250 each): several pairs or all pairs in 14 and 13 tiles, a
    tile held four times in 14 and 13 tiles."""
    rng = random.Random(SAMPLE_SEED)
    wall = [tile for tile in range(STANDARD_KINDS) for _ in range(4)]
    complete: list[Counts] = []
    while len(complete) < QUARTER:
        tiles: list[int] = []
        for _ in range(4):
            tiles += _random_set(rng)
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
        "pairs14": [_pairs_hand(rng, 14) for _ in range(SHAPED)],
        "pairs13": [_pairs_hand(rng, 13) for _ in range(SHAPED)],
        "fours14": [_fours_hand(rng, 14) for _ in range(SHAPED)],
        "fours13": [_fours_hand(rng, 13) for _ in range(SHAPED)],
    }


FOURTEEN = ("complete", "random14", "pairs14", "fours14")
THIRTEEN = ("short", "random13", "pairs13", "fours13")


def _hands(*kinds: str) -> list[Counts]:
    sample = peer_sample()
    return [counts for kind in kinds for counts in sample[kind]]


def _peer_regular(peer: list[int]) -> bool:
    """The peer's verdict on the regular hand alone: four sets and a pair (no seven pairs)."""
    return Shanten.calculate_shanten_for_regular_hand(peer) == Shanten.AGARI_STATE


def _peer_thirteen_orphans(peer: list[int]) -> bool:
    return Shanten.calculate_shanten_for_kokushi_hand(peer) == Shanten.AGARI_STATE


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


def _pairs_held(counts: tuple[int, ...]) -> int:
    """Pairs among the tiles: a tile held twice or three times gives one, four times two."""
    return sum(count // 2 for count in counts[:STANDARD_KINDS])


def test_peer_sample_is_as_intended() -> None:
    sample = peer_sample()
    assert sum(len(hands) for hands in sample.values()) == 3000
    for name in FOURTEEN + THIRTEEN:
        size = 14 if name in FOURTEEN else 13
        assert all(sum(counts) == size and max(counts) <= 4 for counts in sample[name])
    assert all(_pairs_held(counts) >= 3 for counts in sample["pairs14"] + sample["pairs13"])
    assert all(4 in counts for counts in sample["fours14"] + sample["fours13"])
    # All pairs (every tile held twice or four times), and the shape one pair short of that.
    assert sum(1 for counts in sample["pairs14"] if all(count % 2 == 0 for count in counts)) >= 50
    assert sum(1 for counts in sample["pairs13"] if _pairs_held(counts) == 6) >= 50


def test_winning_shape_agrees_with_mahjong() -> None:
    # Four sets and one pair against the peer's regular hand alone, Thirteen Wonders against its
    # thirteen orphans: its seven pairs is no shape of ours, so it is left out, not added to ours
    # (which would hide a check that took several pairs for one).
    mismatches = []
    for counts in _hands(*FOURTEEN):
        peer = _to_peer(counts)
        if standard.is_complete(counts) != _peer_regular(peer):
            mismatches.append(("regular", counts))
        if (standard.thirteen_wonders_away(counts) == 0) != _peer_thirteen_orphans(peer):
            mismatches.append(("thirteen", counts))
    assert mismatches == []
    assert all(standard.is_complete(counts) for counts in peer_sample()["complete"])
    # The comparison meets seven-pairs shapes: hands the peer wins only as seven pairs.
    seven_pairs_only = [
        counts
        for counts in _hands(*FOURTEEN)
        if Agari.is_agari(_to_peer(counts))
        and not _peer_regular(_to_peer(counts))
        and not _peer_thirteen_orphans(_to_peer(counts))
    ]
    assert len(seven_pairs_only) >= 20


# Complete hands with several readings, added to the sample's (where they are rare).
SEVERAL_READINGS = [
    "111222333m 789p 55s",
    "11123444m 567p 999s",
    "111122223333m 55s",
    "111222333p 456s 77z",
    "33345666p 789m 111s",
]


def test_decompositions_agree_with_mahjong() -> None:
    several = [counts_of(text) for text in SEVERAL_READINGS]
    assert all(len(list(standard.decompositions(counts))) > 1 for counts in several)
    mismatches = []
    for counts in _hands(*FOURTEEN) + several:
        ours = sorted(tuple(sorted(split)) for split in standard.decompositions(counts))
        theirs = _peer_regular_divisions(_to_peer(counts))
        if ours != theirs:
            mismatches.append((counts, ours, theirs))
    assert mismatches == []


def test_tiles_away_agrees_with_mahjong_shanten() -> None:
    shanten = Shanten()
    mismatches = []
    for counts in _hands(*FOURTEEN, *THIRTEEN):
        theirs = shanten.calculate_shanten(_to_peer(counts), use_chiitoitsu=False, use_kokushi=True) + 1
        ours = standard.tiles_away(counts, thirteen_wonders=True)
        if ours != theirs:
            mismatches.append((counts, ours, theirs))
    assert mismatches == []


def test_waits_agree_with_mahjong() -> None:
    # Ruling S14: a tile held four times is never a wait (the tile set has four); the peer cannot
    # draw a fifth either. The peer's regular hand and thirteen orphans decide, not its seven pairs.
    mismatches = []
    for counts in _hands(*THIRTEEN):
        peer = _to_peer(counts)
        theirs = set()
        for tile, peer_tile in enumerate(TO_PEER):
            if peer[peer_tile] == 4:
                continue
            peer[peer_tile] += 1
            # `is_agari` accepts every regular hand (and more): it only spares the slower check.
            if Agari.is_agari(peer) and (_peer_regular(peer) or _peer_thirteen_orphans(peer)):
                theirs.add(tile)
            peer[peer_tile] -= 1
        ours = standard.waits(counts, thirteen_wonders=True)
        if ours != theirs:
            mismatches.append((counts, sorted(ours), sorted(theirs)))
        assert not any(counts[tile] == 4 for tile in ours)
    assert mismatches == []
    # Each one-short hand waits at least on the tile it lost (held three times at most).
    assert all(standard.waits(counts) for counts in peer_sample()["short"])


def _near_wonders(tiles: list[int]) -> tuple[tuple[int, ...], int]:
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] = min(counts[tile] + 1, 4)
    while sum(counts) < 14:  # a tile capped at four goes to the first terminal short of it
        counts[next(tile for tile in standard.TERMINALS_AND_HONORS if counts[tile] < 4)] += 1
    return tuple(counts), 4


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        st.integers(0, 4).flatmap(lambda sets: st.tuples(standard_hands(sets, 3 * sets + 2), st.just(sets))),
        # Near Thirteen Wonders, where a draw may bring either form closer.
        st.lists(st.sampled_from([*standard.TERMINALS_AND_HONORS, 1, 4, 10, 20, 25]), min_size=14, max_size=14).map(
            _near_wonders
        ),
    ),
    st.booleans(),
)
def test_discard_options_of_the_standard_grammar_are_discarding_then_drawing(
    drawn: tuple[tuple[int, ...], int], thirteen_wonders: bool
) -> None:
    # The solver's discard options of the standard form take every discard's and draw's distance
    # from tables read once per hand (``standard.exchange_rows``); by definition each is the
    # distance of the hand less the discard, and a draw helps when it lowers that distance and a
    # copy is left to draw (not four in the hand, nor the discarded one).
    from mahjong_rules.solver import analysis
    from mahjong_rules.solver.grammar import Grammar
    from mahjong_rules.tilesets import TileSet

    counts, sets = drawn
    tileset = TileSet.singapore()
    full = list(counts) + [0] * (len(tileset.counts) - len(counts))
    wonders = thirteen_wonders and sets == 4
    expected = []
    for discard in range(STANDARD_KINDS):
        if full[discard]:
            left = _with(tuple(full), discard, -1)
            away = standard.tiles_away(left, sets, thirteen_wonders=wonders)
            helpful = frozenset(
                tile
                for tile in range(STANDARD_KINDS)
                if full[tile] < 4 and standard.tiles_away(_with(left, tile, 1), sets, thirteen_wonders=wonders) < away
            )
            expected.append((discard, away, helpful))
    expected.sort(key=lambda option: (option[1], option[0]))
    found = analysis.discard_options(
        Grammar.standard(), full, size=3 * sets + 2, tileset=tileset, thirteen_wonders=thirteen_wonders
    )
    assert sorted(((o.discard, o.tiles_away, o.helpful) for o in found), key=lambda o: (o[1], o[0])) == expected


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
)
def test_two_chows_a_rank_are_enough_for_the_programme(counts: list[int], caps: list[int]) -> None:
    # The programme starts at most two chows at a rank: three like chows hold the same tiles as
    # three pungs. With copies capped (where the shipped tables cannot check it), its vectors equal
    # those of a programme that may start up to four.
    from mahjong_rules.solver._vectors import NO_CHOWS, advance, part_distances, vector_of

    limits = [max(cap, count) for cap, count in zip(caps, counts, strict=True)]
    states = {(0, 0, 0, 0): 0}
    for rank in range(9):
        states = advance(states, counts[rank], limits[rank], range(5) if rank + 2 < 9 else NO_CHOWS)
    assert part_distances(counts, True, limits) == vector_of(states)


@settings(max_examples=250, deadline=None)
@given(
    st.booleans(),
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
    st.lists(st.tuples(st.integers(0, 8), st.integers(-1, 1)), max_size=6),
)
def test_capped_parts_from_kept_prefixes_equal_the_programme(
    suit: bool, counts: list[int], caps: list[int], changes: list[tuple[int, int]]
) -> None:
    # Exposed sets cap some copies; such parts are worked out from the states kept for a prefix
    # of parts seen before. A part and its neighbours (a tile more or fewer at a rank, as
    # discards and draws make) must each equal the programme run whole.
    from mahjong_rules.solver import _prefix_vectors
    from mahjong_rules.solver._vectors import part_distances

    size = 9 if suit else 7
    key = counts[:size]
    limits = [max(cap, count) if cap < 4 else cap for cap, count in zip(caps, counts, strict=True)][:size]
    _prefix_vectors._states.clear()
    assert _prefix_vectors.prefix_part_distances(key, suit, limits) == part_distances(key, suit, limits)
    for rank, change in changes:
        if rank < size and 0 <= key[rank] + change <= limits[rank]:
            key[rank] += change
        assert _prefix_vectors.prefix_part_distances(key, suit, limits) == part_distances(key, suit, limits)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 3).flatmap(lambda sets: st.tuples(standard_hands(sets, 3 * sets + 2), st.just(sets))),
    st.lists(st.integers(0, 33), min_size=3, max_size=3, unique=True),
    st.booleans(),
)
def test_discard_options_with_exposed_sets_are_discarding_then_drawing(
    drawn: tuple[tuple[int, ...], int], exposed_tiles: list[int], kongs: bool
) -> None:
    # Exposed pungs or kongs cap the copies the concealed tiles may reach: the tables, which know
    # no caps, bound each discard and draw, and the parts the caps bind are costed again. By
    # definition each option is the distance after the discard, and a draw helps when it lowers it
    # and a copy is left to draw (not in the hand, the exposures, or the discard).
    from mahjong_rules.solver import analysis
    from mahjong_rules.solver.grammar import Grammar, Group
    from mahjong_rules.tilesets import TileSet

    counts, sets = drawn
    tileset = TileSet.singapore()
    full = list(counts) + [0] * (len(tileset.counts) - len(counts))
    # The exposed sets make up the four sets: as many as the concealed tiles lack.
    copies = 4 if kongs else 3
    exposed = [Group("identical", (tile,) * copies) for tile in exposed_tiles[: 4 - sets] if full[tile] <= 4 - copies]
    assume(len(exposed) == 4 - sets)
    grammar = Grammar.standard()
    size = 3 * sets + 2
    limits = [tileset.counts[tile] - sum(group.tiles.count(tile) for group in exposed) for tile in range(34)]

    def away(tiles: list[int]) -> int | None:  # ``size``: the concealed part's at Mahjong
        return analysis.tiles_away(grammar, tiles, size=size, tileset=tileset, exposed=exposed)

    expected = []
    for discard in range(STANDARD_KINDS):
        if full[discard]:
            left = list(_with(tuple(full), discard, -1))
            after_discard = away(left)
            if after_discard is None:
                continue
            helpful = frozenset(
                tile
                for tile in range(STANDARD_KINDS)
                if full[tile] < limits[tile]
                and (after := away(list(_with(tuple(left), tile, 1)))) is not None
                and after < after_discard
            )
            expected.append((discard, after_discard, helpful))
    expected.sort(key=lambda option: (option[1], option[0]))
    found = analysis.discard_options(grammar, full, size=size, tileset=tileset, exposed=exposed)
    assert sorted(((o.discard, o.tiles_away, o.helpful) for o in found), key=lambda o: (o[1], o[0])) == expected
