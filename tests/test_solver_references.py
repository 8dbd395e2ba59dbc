"""Slow, obviously-correct brute-force references for the solver, and checks of the references
themselves on hand-worked examples.

The references use none of the solver's algorithms: only its data types (:class:`Grammar`,
:class:`GroupRule`, :class:`Group`, :class:`TargetGroup`) are imported at the top. Each reference
follows the definition of what it computes as literally as possible and is fast enough only for
tiny inputs (a handful of tiles, tile sets of a few kinds, at most two standard sets). The property
tests in ``test_solver_standard.py`` and ``test_solver_grammar.py`` compare the solver with them;
the last test here compares ``grammar_away`` with them on seeded jokered hands.

Tile indexes: Bams 0-8, Craks 9-17, Dots 18-26, Green/Red/White dragons 27-29, E S W N 30-33,
American flower 34, joker 47. In the ``mpsz`` notation ``m`` is Craks, ``p`` Dots, ``s`` Bams,
``1z``-``4z`` the winds E S W N and ``5z 6z 7z`` the White, Green and Red dragons.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache

import attrs
import pytest

import mahjong_rules as mr
from mahjong_rules.solver import Grammar, Group, GroupRule, TargetGroup

NUM_KINDS = 49
JOKER = 47
STANDARD_KINDS = 34

Arrangement = tuple[Group, ...]
Block = tuple[str, int]


class Counts(tuple[int, ...]):
    """A count vector (49 counts indexed by tile index) that prints as the tiles it holds, so
    that a failing example reads ``Counts.of('1B 1B J')`` rather than 49 numbers."""

    __slots__ = ()

    @classmethod
    def of(cls, text: str) -> Counts:
        """The count vector of tiles written in the library's notation."""
        return cls(mr.Hand.parse(text).counts)

    def __repr__(self) -> str:
        tiles = " ".join(str(mr.Tile.from_index(tile)) for tile, n in enumerate(self) for _ in range(n))
        return f"Counts.of({tiles!r})"


def counts_of(text: str) -> Counts:
    """The count vector of a hand written in the library's notation."""
    return Counts.of(text)


def vector(tiles: Iterable[int]) -> Counts:
    """The count vector of some tile indexes."""
    counts = [0] * NUM_KINDS
    for tile in tiles:
        counts[tile] += 1
    return Counts(counts)


# -- (a) arrangements -------------------------------------------------------------------------------


def _joker_sizes(grammar: Grammar) -> set[int]:
    """The sizes of group some rule lets jokers into: the sizes an all-joker group may have."""
    return {
        size
        for rule in grammar.groups
        if rule.jokers_from is not None
        for size in rule.sizes
        if size >= rule.jokers_from
    }


def candidate_groups(grammar: Grammar, counts: Sequence[int]) -> list[Group]:
    """Every single group the grammar allows whose tiles (jokers included) are all in ``counts``,
    in canonical form: tiles sorted, jokers counted apart."""
    jokers = counts[JOKER]
    found: list[Group] = []
    for rule in grammar.groups:
        for tile in sorted(rule.tiles):
            for size in rule.sizes:
                for used in range(size):  # at least one natural tile; the rest are jokers
                    naturals = size - used
                    if naturals > counts[tile] or used > jokers:
                        continue
                    if used and (rule.jokers_from is None or size < rule.jokers_from):
                        continue
                    found.append(Group("identical", (tile,) * naturals, used))
    if grammar.all_joker_groups:
        found.extend(Group("identical", (), size) for size in sorted(_joker_sizes(grammar)) if size <= jokers)
    if grammar.chows:
        for first in range(27):
            if first % 9 <= 6 and all(counts[first + step] for step in range(3)):
                found.append(Group("chow", (first, first + 1, first + 2)))
    for pattern in grammar.singles:
        tiles = tuple(sorted(pattern))
        if all(counts[tile] >= n for tile, n in Counter(tiles).items()):
            found.append(Group("singles", tiles))
    return sorted(set(found))


def _group_vector(group: Group) -> Counter[int]:
    used = Counter(group.tiles)
    if group.jokers:
        used[JOKER] += group.jokers
    return used


def _partitions(groups: Sequence[Group], start: int, remaining: list[int]) -> Iterator[list[Group]]:
    """Every multiset of ``groups`` (taken in nondecreasing position, so each multiset once) whose
    tiles are exactly ``remaining``."""
    if not any(remaining):
        yield []
        return
    for position in range(start, len(groups)):
        used = _group_vector(groups[position])
        if any(remaining[tile] < n for tile, n in used.items()):
            continue
        for tile, n in used.items():
            remaining[tile] -= n
        for rest in _partitions(groups, position, remaining):
            yield [groups[position], *rest]
        for tile, n in used.items():
            remaining[tile] += n


def _counts_allowed(grammar: Grammar, groups: Sequence[Group]) -> bool:
    """Whether a whole hand's groups (exposed ones included) meet the grammar's exact numbers of
    pairs and groups, and its one-group-per-tile rule."""
    pairs = sum(1 for group in groups if group.shape == "identical" and len(group.tiles) + group.jokers == 2)
    if grammar.pairs is not None and pairs != grammar.pairs:
        return False
    if grammar.sets is not None and len(groups) != grammar.sets:
        return False
    if grammar.one_group_per_tile:
        kinds = [group.tiles[0] for group in groups if group.shape == "identical" and group.tiles]
        if len(kinds) != len(set(kinds)):
            return False
    return True


def _arrangement_iter(grammar: Grammar, counts: Sequence[int], exposed: Sequence[Group]) -> Iterator[Arrangement]:
    remaining = list(counts)
    for groups in _partitions(candidate_groups(grammar, counts), 0, remaining):
        if _counts_allowed(grammar, [*groups, *exposed]):
            yield tuple(sorted(groups))


def ref_arrangements(grammar: Grammar, counts: Sequence[int], exposed: Sequence[Group] = ()) -> list[Arrangement]:
    """Every arrangement of the concealed ``counts`` (jokers as tiles) into the grammar's groups,
    such that together with the ``exposed`` groups the hand meets the grammar's numbers; each
    arrangement once, as a sorted tuple of canonical groups, the list sorted."""
    return sorted(set(_arrangement_iter(grammar, counts, exposed)))


def ref_has_arrangement(grammar: Grammar, counts: Sequence[int], exposed: Sequence[Group] = ()) -> bool:
    return next(_arrangement_iter(grammar, counts, exposed), None) is not None


# -- (b) the standard form --------------------------------------------------------------------------

STANDARD_SETS: tuple[Block, ...] = (
    *(("pung", tile) for tile in range(STANDARD_KINDS)),
    *(("chow", tile) for tile in range(27) if tile % 9 <= 6),
)


def block_tiles(block: Block) -> tuple[int, ...]:
    kind, tile = block
    if kind == "chow":
        return (tile, tile + 1, tile + 2)
    return (tile,) * (3 if kind == "pung" else 2)


Sparse = tuple[tuple[int, int], ...]


def _sparse(counts: Iterable[int]) -> Sparse:
    return tuple((tile, n) for tile, n in enumerate(counts) if n)


@cache
def standard_targets(sets: int) -> dict[Sparse, list[tuple[Block, ...]]]:
    """Every complete standard hand of ``sets`` sets and one pair over the 34 tiles (no tile more
    than four times), as its sparse counts mapped to each multiset of blocks that makes it."""
    if sets > 2:
        raise ValueError("the brute-force standard reference is for at most two sets")
    targets: dict[Sparse, list[tuple[Block, ...]]] = {}
    for chosen in itertools.combinations_with_replacement(STANDARD_SETS, sets):
        for pair in range(STANDARD_KINDS):
            blocks = (*chosen, ("pair", pair))
            counts = [0] * STANDARD_KINDS
            for block in blocks:
                for tile in block_tiles(block):
                    counts[tile] += 1
            if max(counts) <= 4:
                targets.setdefault(_sparse(counts), []).append(tuple(sorted(blocks)))
    return targets


def ref_complete_standard(counts: Sequence[int], sets: int) -> bool:
    """Whether the 34 suit and honour counts are exactly some complete target."""
    return _sparse(counts[:STANDARD_KINDS]) in standard_targets(sets)


def ref_decompositions_standard(counts: Sequence[int], sets: int) -> list[tuple[Block, ...]]:
    """Every multiset of blocks (sorted) making exactly the 34 counts, sorted."""
    return sorted(set(standard_targets(sets).get(_sparse(counts[:STANDARD_KINDS]), [])))


def ref_tiles_away_standard(counts: Sequence[int], sets: int) -> int:
    """The minimum over every complete target of the tiles it holds beyond the hand."""
    return min(sum(n - counts[tile] for tile, n in target if n > counts[tile]) for target in standard_targets(sets))


def standard_arrangement_blocks(arrangement: Arrangement) -> tuple[Block, ...]:
    """An arrangement of the standard grammar written as standard blocks."""
    blocks = []
    for group in arrangement:
        if group.shape == "chow":
            blocks.append(("chow", group.tiles[0]))
        else:
            blocks.append(("pung" if len(group.tiles) == 3 else "pair", group.tiles[0]))
    return tuple(sorted(blocks))


# -- (c) one concrete target ------------------------------------------------------------------------


def _fillings(group: TargetGroup) -> set[tuple[int, ...]]:
    """Every multiset of tiles that fills the group exactly: its own tiles, any of them replaced
    by jokers when jokers may stand in it."""
    if not group.jokers:
        return {tuple(sorted(group.tiles))}
    return {
        tuple(sorted(JOKER if joker else tile for joker, tile in zip(mask, group.tiles, strict=True)))
        for mask in itertools.product((False, True), repeat=len(group.tiles))
    }


def _exposure_is(exposed: Group, group: TargetGroup) -> bool:
    """Whether an exposed set can be this whole target group: the same size, its natural tiles
    among the group's, jokers only where the group takes them, and an identical set only as a
    group of one tile."""
    if len(exposed.tiles) + exposed.jokers != len(group.tiles):
        return False
    if exposed.jokers and not group.jokers:
        return False
    if exposed.shape == "identical" and len(set(group.tiles)) != 1:
        return False
    return not Counter(exposed.tiles) - Counter(group.tiles)


def ref_target_away(counts: Sequence[int], target: Sequence[TargetGroup], exposed: Sequence[Group] = ()) -> int | None:
    """The fewest tiles to draw so that the concealed tiles fill the target groups not taken by
    exposures: the minimum over every assignment of the exposures to distinct whole target groups
    and every filling of the remaining groups; ``None`` without an assignment."""
    best: int | None = None
    for chosen in itertools.permutations(range(len(target)), len(exposed)):
        if not all(_exposure_is(group, target[p]) for group, p in zip(exposed, chosen, strict=True)):
            continue
        rest = [group for p, group in enumerate(target) if p not in chosen]
        for filling in itertools.product(*(sorted(_fillings(group)) for group in rest)):
            wanted = Counter(tile for part in filling for tile in part)
            away = sum(n - counts[tile] for tile, n in wanted.items() if n > counts[tile])
            best = away if best is None else min(best, away)
    return best


# -- (d) a grammar's targets in a tile set -----------------------------------------------------------


def _multisets(kinds: Sequence[int], limits: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every way of taking ``size`` tiles of ``kinds``, at most ``limits[i]`` of kind ``i``."""
    if not kinds:
        if size == 0:
            yield ()
        return
    for n in range(min(limits[0], size) + 1):
        for rest in _multisets(kinds[1:], limits[1:], size - n):
            yield (n, *rest)


@cache
def grammar_targets(
    grammar: Grammar, size: int, tileset: mr.TileSet, exposed: tuple[Group, ...]
) -> tuple[tuple[int, ...], ...]:
    """Every concealed multiset of ``size`` tiles (jokers included) that, with the exposed tiles,
    exists in the tile set and that has an arrangement beside the exposures."""
    in_exposures = Counter[int]()
    for group in exposed:
        in_exposures.update(_group_vector(group))
    kinds = [tile for tile in range(NUM_KINDS) if tileset.counts[tile]]
    limits = [max(tileset.counts[tile] - in_exposures[tile], 0) for tile in kinds]
    found = []
    for numbers in _multisets(kinds, limits, size):
        target = [0] * NUM_KINDS
        for tile, n in zip(kinds, numbers, strict=True):
            target[tile] = n
        if ref_has_arrangement(grammar, target, exposed):
            found.append(tuple(target))
    return tuple(found)


def ref_grammar_away(
    grammar: Grammar, counts: Sequence[int], size: int, tileset: mr.TileSet, exposed: Sequence[Group] = ()
) -> int | None:
    """The minimum over every target of :func:`grammar_targets` of the tiles it holds beyond the
    concealed hand; ``None`` without a target."""
    aways = [
        sum(n - counts[tile] for tile, n in enumerate(target) if n > counts[tile])
        for target in grammar_targets(grammar, size, tileset, tuple(exposed))
    ]
    return min(aways) if aways else None


def tiny_tileset(counts: dict[int, int]) -> mr.TileSet:
    """A tile set of a few kinds, named after its contents (its repr shows only the name)."""
    name = "tiny " + " ".join(f"{n}x{mr.Tile.from_index(tile)}" for tile, n in sorted(counts.items()))
    return mr.TileSet.from_counts(name, {mr.Tile.from_index(tile): n for tile, n in counts.items()})


# == checks of the references ========================================================================

ALL_34 = frozenset(range(STANDARD_KINDS))
STANDARD = Grammar.standard()
FLEX_LIKE = Grammar(groups=(GroupRule(ALL_34, (2, 3, 4), 3),), one_group_per_tile=True)


def _identical(tile: int, naturals: int, jokers: int = 0) -> Group:
    return Group("identical", (tile,) * naturals, jokers)


def test_notation_indexes_used_by_the_examples() -> None:
    assert counts_of("1m")[9] == 1
    assert counts_of("1p")[18] == 1
    assert counts_of("1s")[0] == 1
    assert counts_of("1z")[30] == 1
    assert counts_of("5z")[29] == 1
    assert counts_of("6z")[27] == 1
    assert counts_of("7z")[28] == 1
    assert counts_of("J")[JOKER] == 1


def test_arrangements_of_pungs_or_chows() -> None:
    # 111222333m 55s: the three pungs, or the same chow three times; 5s is the eye either way.
    found = ref_arrangements(STANDARD, counts_of("111222333m 55s"))
    pungs = tuple(sorted([_identical(9, 3), _identical(10, 3), _identical(11, 3), _identical(4, 2)]))
    chows = tuple(sorted([Group("chow", (9, 10, 11))] * 3 + [_identical(4, 2)]))
    assert found == sorted([pungs, chows])


def test_arrangements_place_a_joker_in_either_group() -> None:
    # 222B 44B J, one group per tile, jokers in groups of 3+: the joker joins the pung (a quad)
    # or the pair (a pung); it cannot stand alone (all-joker groups need 3 or 4 jokers).
    found = ref_arrangements(FLEX_LIKE, counts_of("222B 44B J"))
    assert found == sorted(
        [
            tuple(sorted([_identical(1, 3, 1), _identical(3, 2)])),
            tuple(sorted([_identical(1, 3), _identical(3, 2, 1)])),
        ]
    )


def test_arrangements_split_four_tiles_unless_one_group_per_tile() -> None:
    four = counts_of("2B 2B 2B 2B")
    many = Grammar(groups=(GroupRule(ALL_34, (2, 3, 4), None),))
    assert ref_arrangements(many, four) == [(_identical(1, 2), _identical(1, 2)), (_identical(1, 4),)]
    one = Grammar(groups=(GroupRule(ALL_34, (2, 3, 4), None),), one_group_per_tile=True)
    assert ref_arrangements(one, four) == [(_identical(1, 4),)]


def test_arrangements_use_singles_patterns() -> None:
    # E E E S W N: NEWS plus a pair of East; without the pattern the lone S, W, N are stuck.
    winds = frozenset({30, 31, 32, 33})
    news = Grammar(groups=(GroupRule(winds, (2,), None),), singles=((30, 31, 32, 33),))
    assert ref_arrangements(news, counts_of("E E E S W N")) == [(_identical(30, 2), Group("singles", (30, 31, 32, 33)))]
    assert ref_arrangements(Grammar(groups=news.groups), counts_of("E E E S W N")) == []


@pytest.mark.parametrize(
    ("all_joker_groups", "expected"),
    [
        (True, [(Group("identical", (), 3), _identical(0, 1, 2))]),
        (False, []),
    ],
    ids=["all-joker-group-allowed", "all-joker-group-refused"],
)
def test_arrangements_with_all_joker_groups(all_joker_groups: bool, expected: list[Arrangement]) -> None:
    # 1B and five jokers, groups of exactly three: (1B J J) and (J J J), if jokers may stand alone.
    grammar = Grammar(groups=(GroupRule(frozenset({0}), (3,), 3),), all_joker_groups=all_joker_groups)
    assert ref_arrangements(grammar, counts_of("1B J J J J J")) == expected


@pytest.mark.parametrize(
    ("pairs", "sets", "expected"),
    [(None, None, 2), (1, None, 1), (3, None, 1), (0, None, 0), (None, 2, 1), (None, 3, 1), (1, 3, 0)],
    ids=["free", "one-pair", "three-pairs", "no-pairs", "two-groups", "three-groups", "one-pair-three-groups"],
)
def test_arrangements_respect_exact_numbers(pairs: int | None, sets: int | None, expected: int) -> None:
    # 1B 1B 2B 2B 2B 2B: (11)(2222) with one pair and two groups, or (11)(22)(22) with three pairs
    # and three groups (sizes 2 and 4 only).
    grammar = Grammar(groups=(GroupRule(ALL_34, (2, 4), None),), pairs=pairs, sets=sets)
    assert len(ref_arrangements(grammar, counts_of("1B 1B 2B 2B 2B 2B"))) == expected


def test_arrangements_count_exposures_toward_the_numbers() -> None:
    grammar = Grammar(groups=(GroupRule(ALL_34, (2, 3), None),), pairs=1, sets=2, one_group_per_tile=True)
    pung = [_identical(0, 3)]
    assert ref_has_arrangement(grammar, counts_of("2B 2B"), pung)  # (111B) exposed + (22B)
    assert not ref_has_arrangement(grammar, counts_of("1B 1B"), pung)  # a second group of 1B
    assert not ref_has_arrangement(grammar, counts_of("2B 2B 2B"), pung)  # no pair
    assert not ref_has_arrangement(grammar, counts_of("2B 2B"), [*pung, _identical(2, 3)])  # three groups


def test_standard_targets_for_small_hands() -> None:
    assert ref_complete_standard(counts_of("55s"), 0)
    assert not ref_complete_standard(counts_of("555s"), 0)
    assert ref_complete_standard(counts_of("123m 55s"), 1)
    assert not ref_complete_standard(counts_of("123m 56s"), 1)
    assert ref_complete_standard(counts_of("11122m"), 1)
    # 1111m 2m: a pung of 1m leaves 1m 2m, an eye of 1m leaves 11m 2m: never a set and an eye.
    assert not ref_complete_standard(counts_of("11112m"), 1)


def test_standard_targets_need_exactly_one_pair() -> None:
    # Four pairs are eight tiles, the size of two sets and a pair, but not that shape.
    assert not ref_complete_standard(counts_of("55p 11z 22z 33z"), 2)
    assert not ref_complete_standard(counts_of("11m 55p 11z 22z"), 2)
    assert ref_decompositions_standard(counts_of("55p 11z 22z 33z"), 2) == []
    assert ref_complete_standard(counts_of("555p 111z 22z"), 2)
    # 11223344m looks like four pairs and reads as (11m)(234m)(234m) or (123m)(123m)(44m).
    assert ref_decompositions_standard(counts_of("11223344m"), 2) == [
        (("chow", 9), ("chow", 9), ("pair", 12)),
        (("chow", 10), ("chow", 10), ("pair", 9)),
    ]


@pytest.mark.parametrize(
    ("text", "sets", "expected"),
    [
        ("5s", 0, 1),
        ("", 0, 2),
        ("1m 9m", 0, 1),
        ("123m", 1, 2),
        ("1111m", 1, 2),
        ("1m 4m 7m 1p", 1, 3),
        ("112233m 5s", 2, 1),
        ("123m 55s", 1, 0),
        ("E S W N", 1, 3),
        ("55p 11z 22z 33z", 2, 2),
    ],
    ids=[
        "single-eye",
        "nothing",
        "two-singles",
        "chow-needs-eye",
        "four-of-a-kind",
        "spread",
        "two-chows",
        "complete",
        "four-winds",
        "four-pairs",
    ],
)
def test_standard_tiles_away_by_hand(text: str, sets: int, expected: int) -> None:
    # 1111m: no fifth 1m for an eye, so (111m)+(XX) or (123m)+(11m) both miss two tiles.
    # 1m 4m 7m 1p: a chow or pung covers one of them, the eye another: three missing.
    # E S W N: honours make no chows; a pung of one wind and the eye of another hold two of them.
    # 55p EE SS WW: no chow among them and no tile held three times, so each of the two sets
    #   lacks a tile: two (a pung of two of the pairs, a third pair the eye).
    assert ref_tiles_away_standard(counts_of(text), sets) == expected


def test_standard_decompositions_by_hand() -> None:
    assert ref_decompositions_standard(counts_of("112233m 55s"), 2) == [(("chow", 9), ("chow", 9), ("pair", 4))]
    assert ref_decompositions_standard(counts_of("11123m"), 1) == [(("chow", 9), ("pair", 9))]
    assert ref_decompositions_standard(counts_of("11122m"), 1) == [(("pair", 10), ("pung", 9))]
    assert ref_decompositions_standard(counts_of("1122m"), 1) == []


def test_standard_references_agree_with_the_standard_grammar() -> None:
    for text, sets in [("112233m 55s", 2), ("11123m", 1), ("11122233m", 2), ("123m 345m 9p", 2), ("11m", 0)]:
        counts = counts_of(text)
        from_grammar = sorted(standard_arrangement_blocks(a) for a in ref_arrangements(STANDARD, counts))
        assert from_grammar == ref_decompositions_standard(counts, sets)
    # 11122233m: only (111m)(222m)(33m); one chow of 123m would leave 11m 22m 3m.
    assert ref_decompositions_standard(counts_of("11122233m"), 2) == [(("pair", 11), ("pung", 9), ("pung", 10))]
    assert ref_decompositions_standard(counts_of("123m 345m 9p"), 2) == []


PUNG_AND_PAIR = [TargetGroup((0, 0, 0), True), TargetGroup((1, 1), False)]
WINDS_AND_QUAD = [TargetGroup((30, 31, 32, 33), False), TargetGroup((0, 0, 0, 0), True)]


@pytest.mark.parametrize(
    ("text", "target", "exposed", "expected"),
    [
        ("1B J 2B", PUNG_AND_PAIR, [], 2),
        ("1B J J 2B 2B", PUNG_AND_PAIR, [], 0),
        ("J J J", PUNG_AND_PAIR, [], 2),
        ("2B", PUNG_AND_PAIR, [_identical(0, 2, 1)], 1),
        ("", PUNG_AND_PAIR, [_identical(0, 3), _identical(1, 2)], 0),
        ("2B", PUNG_AND_PAIR, [Group("identical", (), 3)], 1),
        ("2B", PUNG_AND_PAIR, [_identical(1, 1, 1)], None),
        ("2B", PUNG_AND_PAIR, [Group("chow", (0, 1, 2))], None),
        ("2B 2B", PUNG_AND_PAIR, [_identical(1, 3)], None),
        ("E S W 1B 1B J", WINDS_AND_QUAD, [], 2),
        ("E S W N", WINDS_AND_QUAD, [], 4),
        ("1B J", WINDS_AND_QUAD, [Group("singles", (30, 31, 32, 33))], 2),
        ("E S W N 1B 1B 1B 1B", WINDS_AND_QUAD, [], 0),
        ("N N N N", WINDS_AND_QUAD, [], 7),
    ],
    ids=[
        "docstring",
        "complete-with-jokers",
        "jokers-cannot-be-the-pair",
        "exposed-pung-with-joker",
        "all-exposed",
        "exposed-all-joker-pung",
        "joker-pair-exposure-fits-nothing",
        "chow-exposure-fits-nothing",
        "pung-of-the-pair-tile-fits-nothing",
        "singles-and-quad",
        "singles-only",
        "exposed-singles",
        "exact",
        "one-north-used",
    ],
)
def test_target_away_by_hand(text: str, target: list[TargetGroup], exposed: list[Group], expected: int | None) -> None:
    # 1B J 2B: the pung takes 1B J plus a drawn 1B (or joker), the pair needs a second 2B: 2.
    # J J J: the jokers fill the pung; the pair needs two natural 2B: 2.
    # E S W 1B 1B J: N is missing; the quad holds 1B 1B J and needs one more: 2.
    # N N N N: the singles group uses one N and misses E S W; the quad misses four: 7.
    assert ref_target_away(counts_of(text), target, exposed) == expected


ONE_TWO = frozenset({0, 1})


@pytest.mark.parametrize(
    ("grammar", "tileset", "text", "size", "exposed", "expected"),
    [
        (Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),), pairs=1), {0: 4, 1: 4, JOKER: 2}, "1B 2B", 5, [], 3),
        (Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),), pairs=1), {0: 4, 1: 4, JOKER: 2}, "1B 2B J", 5, [], 2),
        (
            Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),), pairs=1),
            {0: 4, 1: 4, JOKER: 2},
            "2B",
            2,
            [_identical(0, 3)],
            1,
        ),
        (
            Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),), pairs=1, one_group_per_tile=True),
            {0: 4, 1: 4, JOKER: 2},
            "1B",
            2,
            [_identical(0, 3)],
            2,
        ),
        (
            Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),), pairs=1),
            {0: 4, 1: 4, JOKER: 2},
            "1B",
            2,
            [_identical(0, 3)],
            2,
        ),
        (Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),)), {0: 1, 1: 4, JOKER: 2}, "1B", 2, [], 2),
        (Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),)), {0: 1, 1: 4, JOKER: 2}, "1B", 3, [], 2),
        (Grammar(groups=(GroupRule(ONE_TWO, (2, 3), 3),)), {0: 1, 1: 1, JOKER: 0}, "1B", 2, [], None),
        (Grammar(groups=(GroupRule(ONE_TWO, (2,), None),), pairs=2), {0: 4, 1: 4}, "1B 1B 1B 2B", 4, [], 1),
    ],
    ids=[
        "pung-and-pair",
        "pung-and-pair-with-joker",
        "exposed-pung",
        "exposed-pung-one-group-per-tile",
        "exposed-pung-uses-up-the-set",
        "short-tile-set",
        "short-tile-set-pung",
        "no-target",
        "two-pairs",
    ],
)
def test_grammar_away_by_hand(
    grammar: Grammar, tileset: dict[int, int], text: str, size: int, exposed: list[Group], expected: int | None
) -> None:
    # pung-and-pair: five tiles, two held: three to draw. With the joker: two.
    # exposed-pung-uses-up-the-set: a 1B pair would make five 1B with the exposed pung, and the
    #   set has four, so the pair is of 2B: two to draw.
    # short-tile-set: one 1B in the set: no 1B pair; 2B 2B: two. Pung: (1B J J): two jokers.
    # no-target: one 1B, one 2B, no jokers: no pair exists.
    # two-pairs: (1B 1B)(2B 2B) needs one 2B (a third 1B is simply exchanged).
    assert ref_grammar_away(grammar, counts_of(text), size, tiny_tileset(tileset), exposed) == expected


# == grammar_away against the reference on jokered hands ===============================================
#
# The property tests draw tiny random grammars; this seeded comparison dwells on what the Card-Free
# American grammar leans on: many jokers (held, exposed, forced by a short tile set), flowers that
# make only pairs, NEWS beside groups of the same winds, and exposures of every kind.

WINDS = (30, 31, 32, 33)
FLOWER = 34
JOKERED_SET = tiny_tileset({0: 4, 1: 3, 27: 3, **dict.fromkeys(WINDS, 2), FLOWER: 4, JOKER: 4})
"""1B x4, 2B and Green x3, each wind twice (a wind pung beside NEWS forces a joker), four flowers
and four jokers."""
SCARCE_SET = tiny_tileset({0: 2, 1: 2, 27: 2, **dict.fromkeys(WINDS, 1), FLOWER: 2, JOKER: 2})
"""Two of each (one of each wind): most groups of three or more force jokers, and two are all."""
AMERICAN_LIKE = Grammar(
    groups=(GroupRule(frozenset({0, 1, 27, *WINDS}), (2, 3, 4, 5), 3), GroupRule(frozenset({FLOWER}), (2,), None)),
    singles=(WINDS,),
    one_group_per_tile=True,
)
TILE_WEIGHTS = {JOKER: 4, FLOWER: 3, **dict.fromkeys(WINDS, 2)}


def _weighted_hand(rng: random.Random, available: Sequence[int], tiles: int) -> Counts:
    """``tiles`` tiles drawn without replacement from ``available``, jokers, flowers and winds
    more often than the others."""
    bag = [tile for tile in range(NUM_KINDS) for _ in range(available[tile])]
    counts = [0] * NUM_KINDS
    for _ in range(min(tiles, len(bag))):
        tile = rng.choices(bag, weights=[TILE_WEIGHTS.get(tile, 1) for tile in bag])[0]
        bag.remove(tile)
        counts[tile] += 1
    return Counts(counts)


def _near_target(rng: random.Random, available: Sequence[int], target: Sequence[int]) -> Counts:
    """A target with up to two tiles taken out, most of them replaced by other tiles."""
    counts = list(target)
    for _ in range(rng.randint(0, 2)):
        counts[rng.choice([tile for tile in range(NUM_KINDS) if counts[tile]])] -= 1
        if rng.random() < 0.7:
            counts[rng.choice([tile for tile in range(NUM_KINDS) if counts[tile] < available[tile]])] += 1
    return Counts(counts)


@pytest.mark.parametrize(
    ("tileset", "grammar", "size", "exposed"),
    [
        (JOKERED_SET, AMERICAN_LIKE, 8, ()),
        (JOKERED_SET, AMERICAN_LIKE, 5, (_identical(0, 2, 1),)),
        (JOKERED_SET, AMERICAN_LIKE, 4, (Group("singles", WINDS),)),
        (JOKERED_SET, AMERICAN_LIKE, 5, (Group("identical", (), 3),)),
        (JOKERED_SET, AMERICAN_LIKE, 5, (_identical(32, 1, 2),)),
        (JOKERED_SET, attrs.evolve(AMERICAN_LIKE, one_group_per_tile=False, pairs=1), 7, ()),
        (JOKERED_SET, attrs.evolve(AMERICAN_LIKE, all_joker_groups=False, sets=3), 7, ()),
        (JOKERED_SET, attrs.evolve(AMERICAN_LIKE, sets=2), 4, (_identical(1, 2, 2),)),
        (SCARCE_SET, AMERICAN_LIKE, 8, ()),
        (SCARCE_SET, AMERICAN_LIKE, 5, (_identical(0, 2, 1),)),
        (SCARCE_SET, attrs.evolve(AMERICAN_LIKE, one_group_per_tile=False), 7, ()),
        (SCARCE_SET, attrs.evolve(AMERICAN_LIKE, singles=()), 8, ()),
        (JOKERED_SET, attrs.evolve(AMERICAN_LIKE, singles=()), 8, ()),
    ],
    ids=[
        "concealed",
        "exposed-pung-with-joker",
        "exposed-news",
        "exposed-all-joker-pung",
        "exposed-west-and-jokers",
        "groups-per-tile-one-pair",
        "no-all-joker-groups-three-sets",
        "exposed-kong-two-sets",
        "scarce-concealed",
        "scarce-exposed-pung-with-joker",
        "scarce-groups-per-tile",
        "scarce-no-news",
        "no-news",
    ],
)
def test_grammar_away_on_jokered_hands(
    tileset: mr.TileSet, grammar: Grammar, size: int, exposed: tuple[Group, ...]
) -> None:
    from mahjong_rules.solver import grammar_away

    rng = random.Random(f"jokered {tileset} {size} {exposed}")
    available = list(tileset.counts)
    for group in exposed:
        for tile, n in _group_vector(group).items():
            available[tile] -= n
    targets = grammar_targets(grammar, size, tileset, exposed)
    for position in range(90):
        if position % 3:
            counts = _weighted_hand(rng, available, size - position % 2)
        else:  # a target with a tile or two exchanged
            counts = _near_target(rng, available, rng.choice(targets))
        expected = ref_grammar_away(grammar, counts, size, tileset, exposed)
        assert grammar_away(grammar, counts, size=size, tileset=tileset, exposed=exposed) == expected, counts
