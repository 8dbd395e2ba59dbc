"""The generic solver (any grammar) against the brute-force references of ``test_solver_references``.

Random small grammars over three to five tile kinds (1B-4B, 1C, Green dragon, East, flower), in
tiny tile sets of those kinds with up to three jokers, and hands of at most eight tiles.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.solver import (
    DiscardOption,
    Grammar,
    Group,
    GroupRule,
    TargetGroup,
    arrangements,
    discard_options,
    grammar_away,
    has_arrangement,
    search,
    standard,
    target_away,
    tiles_away,
    unseen,
    waits,
)
from mahjong_rules.testing import hands
from tests.test_solver_references import (
    JOKER,
    NUM_KINDS,
    Counts,
    candidate_groups,
    counts_of,
    ref_arrangements,
    ref_grammar_away,
    ref_has_arrangement,
    ref_target_away,
    ref_tiles_away_standard,
    standard_arrangement_blocks,
    tiny_tileset,
)
from tests.test_solver_standard import standard_hands

POOL = (0, 1, 2, 3, 9, 27, 30, 34)
"""1B 2B 3B 4B (chows possible), 1C, Green dragon, East, the American flower."""

STANDARD = Grammar.standard()
SINGAPORE = mr.TileSet.singapore()


class World(NamedTuple):
    grammar: Grammar
    tileset: mr.TileSet
    kinds: tuple[int, ...]


def _singles_patterns(kinds: Sequence[int]) -> st.SearchStrategy[tuple[int, ...]]:
    return (
        st.lists(st.sampled_from(kinds), min_size=2, max_size=3)
        .filter(lambda pattern: len(set(pattern)) > 1)
        .map(lambda pattern: tuple(sorted(pattern)))
    )


@st.composite
def worlds(draw: st.DrawFn, *, chows: bool | None = None) -> World:
    """A tiny tile set of three to five kinds (one to four of each, up to three jokers) and a
    random grammar over those kinds."""
    kinds = tuple(sorted(draw(st.lists(st.sampled_from(POOL), min_size=3, max_size=5, unique=True))))
    in_set = {kind: draw(st.integers(1, 4)) for kind in kinds}
    jokers = draw(st.integers(0, 3))
    if jokers:
        in_set[JOKER] = jokers
    owners = [draw(st.integers(0, 2)) for _ in kinds]  # 0: no rule covers the kind
    rules = []
    for owner in (1, 2):
        tiles = frozenset(kind for kind, which in zip(kinds, owners, strict=True) if which == owner)
        if tiles:
            sizes = tuple(sorted(draw(st.sets(st.integers(2, 5), min_size=1, max_size=3))))
            rules.append(GroupRule(tiles, sizes, draw(st.sampled_from([None, 2, 3]))))
    grammar = Grammar(
        groups=tuple(rules),
        chows=draw(st.booleans()) if chows is None else chows,
        singles=tuple(draw(st.just([]) | st.lists(_singles_patterns(kinds), max_size=2))),
        pairs=draw(st.none() | st.integers(0, 2)),
        sets=draw(st.none() | st.integers(0, 3)),
        one_group_per_tile=draw(st.booleans()),
        all_joker_groups=draw(st.booleans()),
    )
    return World(grammar, tiny_tileset(in_set), kinds)


def _add(counts: Sequence[int], group: Group, sign: int = 1) -> list[int]:
    changed = list(counts)
    for tile in group.tiles:
        changed[tile] += sign
    changed[JOKER] += sign * group.jokers
    return changed


def _size(group: Group) -> int:
    return len(group.tiles) + group.jokers


@st.composite
def concealed(draw: st.DrawFn, world: World, max_tiles: int = 8) -> Counts:
    """Concealed tiles of the world's tile set: any tiles (``mahjong_rules.testing.hands``), or
    groups of the grammar perhaps with a tile exchanged, so that arrangements are frequent."""
    if draw(st.booleans()):
        return Counts(draw(hands(world.tileset, max_concealed=max_tiles, max_melds=0)).counts)
    counts = [0] * NUM_KINDS
    available = list(world.tileset.counts)
    for _ in range(draw(st.integers(0, 3))):
        options = [g for g in candidate_groups(world.grammar, available) if _size(g) + sum(counts) <= max_tiles]
        if not options:
            break
        group = draw(st.sampled_from(options))
        counts, available = _add(counts, group), _add(available, group, -1)
    drop = draw(st.booleans())
    if drop and sum(counts) > 0:
        dropped = draw(st.sampled_from([tile for tile in range(NUM_KINDS) if counts[tile]]))
        counts[dropped] -= 1
        available[dropped] += 1
    add = draw(st.booleans())
    if add and sum(counts) < max_tiles and any(available):
        added = draw(st.sampled_from([tile for tile in range(NUM_KINDS) if available[tile]]))
        counts[added] += 1
    return Counts(counts)


@st.composite
def exposures(draw: st.DrawFn, world: World, counts: Counts, max_groups: int = 2) -> tuple[Group, ...]:
    """Up to ``max_groups`` groups of the grammar made of tiles left in the set beside ``counts``;
    with one group per tile, never two identical groups of one tile."""
    available = [world.tileset.counts[tile] - counts[tile] for tile in range(NUM_KINDS)]
    found: list[Group] = []
    for _ in range(draw(st.integers(0, max_groups))):
        taken = {g.tiles[0] for g in found if g.shape == "identical" and g.tiles}
        options = [
            g
            for g in candidate_groups(world.grammar, available)
            if not (world.grammar.one_group_per_tile and g.shape == "identical" and g.tiles and g.tiles[0] in taken)
        ]
        if not options:
            break
        group = draw(st.sampled_from(options))
        found.append(group)
        available = _add(available, group, -1)
    return tuple(found)


@st.composite
def situations(
    draw: st.DrawFn, *, chows: bool | None = None, exposed: bool = False, max_tiles: int = 8
) -> tuple[World, Counts, tuple[Group, ...]]:
    world = draw(worlds(chows=chows))
    counts = draw(concealed(world, max_tiles))
    groups = draw(exposures(world, counts)) if exposed else ()
    return world, counts, groups


def _sorted_arrangements(grammar: Grammar, counts: Counts) -> list[tuple[Group, ...]]:
    return sorted(tuple(sorted(found)) for found in arrangements(grammar, counts))


def _in_exposures(exposed: Sequence[Group]) -> Counter[int]:
    tiles = Counter[int]()
    for group in exposed:
        tiles.update(group.tiles)
        tiles[JOKER] += group.jokers
    return tiles


def _plus(counts: Sequence[int], tile: int, change: int = 1) -> Counts:
    changed = list(counts)
    changed[tile] += change
    return Counts(changed)


Situation = tuple[World, Counts, tuple[Group, ...]]

# Worlds of the minimal counterexamples found by these properties (kept as explicit examples).
JOKER_GROUPS_OF_ONE_TILE = World(
    Grammar(groups=(GroupRule(frozenset({0}), (3,), 3),), one_group_per_tile=True),
    tiny_tileset({0: 4, JOKER: 3}),
    (0,),
)
"""Pungs of 1B only, one per tile, jokers in them and all-joker pungs allowed."""
PUNG_AND_PAIR_OF_TWO_TILES = World(
    Grammar(groups=(GroupRule(frozenset({0, 1}), (2, 3), 3),), pairs=1),
    tiny_tileset({0: 4, 1: 4, JOKER: 2}),
    (0, 1),
)
"""Pairs and pungs of 1B and 2B, exactly one pair, jokers in pungs."""
PUNG_OF_1B = (Group("identical", (0, 0, 0)),)

# -- arrangements ----------------------------------------------------------------------------------


@settings(max_examples=800, deadline=None)
@given(situations())
def test_arrangements_match_reference(drawn: Situation) -> None:
    world, counts, _ = drawn
    # Every arrangement exactly once: a duplicate from the solver would make the lists differ.
    assert _sorted_arrangements(world.grammar, counts) == ref_arrangements(world.grammar, counts)


@settings(max_examples=600, deadline=None)
@given(situations())
def test_has_arrangement_matches_reference(drawn: Situation) -> None:
    world, counts, _ = drawn
    expected = ref_has_arrangement(world.grammar, counts)
    assert search.has_arrangement(world.grammar, counts) == expected
    assert has_arrangement(world.grammar, counts) == expected


@settings(max_examples=800, deadline=None)
@given(situations(exposed=True))
@example((JOKER_GROUPS_OF_ONE_TILE, counts_of("J J J"), PUNG_OF_1B))
def test_has_arrangement_with_exposures_matches_reference(drawn: Situation) -> None:
    world, counts, exposed = drawn
    assert has_arrangement(world.grammar, counts, exposed) == ref_has_arrangement(world.grammar, counts, exposed)


@settings(max_examples=600, deadline=None)
@given(situations(exposed=True))
@example((JOKER_GROUPS_OF_ONE_TILE, counts_of("J J J"), PUNG_OF_1B))
def test_for_concealed_arrangements_match_reference(drawn: Situation) -> None:
    world, counts, exposed = drawn
    grammar = world.grammar
    pairs = sum(1 for group in exposed if group.shape == "identical" and _size(group) == 2)
    too_many = (grammar.pairs is not None and pairs > grammar.pairs) or (
        grammar.sets is not None and len(exposed) > grammar.sets
    )
    if too_many:
        with pytest.raises(ValueError, match="exposed"):
            grammar.for_concealed(exposed)
        assert ref_arrangements(grammar, counts, exposed) == []
    else:
        expected = ref_arrangements(grammar, counts, exposed)
        assert _sorted_arrangements(grammar.for_concealed(exposed), counts) == expected


def test_for_concealed_without_exposures_is_the_grammar() -> None:
    grammar = Grammar(groups=(GroupRule(frozenset({0, 1}), (2, 3), 3),), pairs=1, sets=3)
    assert grammar.for_concealed([]) == grammar


def test_for_concealed_subtracts_exposures() -> None:
    grammar = Grammar(groups=(GroupRule(frozenset({0, 1}), (2, 3), 3),), pairs=1, sets=3, one_group_per_tile=True)
    concealed_grammar = grammar.for_concealed([Group("identical", (0, 0), 1), Group("identical", (1, 1))])
    assert concealed_grammar.pairs == 0
    assert concealed_grammar.sets == 1
    # 1B is exposed as a group, so no concealed group of 1B remains possible; 2B is exposed too.
    assert concealed_grammar.rule_for(0) is None
    assert concealed_grammar.rule_for(1) is None


def test_all_joker_groups_beside_an_exposure_as_beside_a_concealed_group() -> None:
    # Pungs of 1B only, one group per tile, all-joker pungs allowed. (1B 1B 1B)(J J J) is an
    # arrangement of the concealed tiles 1B 1B 1B J J J; the same hand with the pung of 1B
    # exposed is the same arrangement, so J J J beside the exposed pung must be one too.
    world = JOKER_GROUPS_OF_ONE_TILE
    assert has_arrangement(world.grammar, counts_of("1B 1B 1B J J J"))
    assert ref_has_arrangement(world.grammar, counts_of("J J J"), PUNG_OF_1B)
    assert has_arrangement(world.grammar, counts_of("J J J"), PUNG_OF_1B)


def test_one_group_per_tile_counts_every_exposure() -> None:
    # One group per tile: two exposed pungs of 1B can never be part of a valid hand, whatever the
    # concealed tiles (here a pair of 2B that would otherwise finish it).
    grammar = Grammar(groups=(GroupRule(frozenset({0, 1}), (2, 3), 3),), one_group_per_tile=True)
    pung = Group("identical", (0, 0, 0))
    assert not ref_has_arrangement(grammar, counts_of("2B 2B"), [pung, pung])
    assert not has_arrangement(grammar, counts_of("2B 2B"), [pung, pung])


# -- the standard grammar through the generic search -------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 4).flatmap(lambda sets: standard_hands(sets, 3 * sets + 2)))
def test_standard_grammar_agrees_with_generic_search(counts: Counts) -> None:
    sets = (sum(counts) - 2) // 3
    generic = search.has_arrangement(STANDARD, counts)
    assert has_arrangement(STANDARD, counts) == generic
    assert standard.is_complete(counts, sets) == generic
    from_search = sorted(standard_arrangement_blocks(found) for found in arrangements(STANDARD, counts))
    assert from_search == sorted(tuple(sorted(split)) for split in standard.decompositions(counts, sets))


@settings(max_examples=100, deadline=None)
@given(standard_hands(4, 13))
def test_standard_grammar_waits_agree_with_generic_search(counts: Counts) -> None:
    # Ruling S14: a tile held four times (every copy in the set) is not a wait.
    expected = {
        tile
        for tile in range(NUM_KINDS)
        if counts[tile] < SINGAPORE.counts[tile] and search.has_arrangement(STANDARD, _plus(counts, tile))
    }
    assert waits(STANDARD, counts, tileset=SINGAPORE) == expected


@st.composite
def standard_with_exposures(draw: st.DrawFn) -> tuple[Counts, tuple[Group, ...]]:
    exposed_sets = draw(st.integers(1, 3))
    counts = draw(standard_hands(4 - exposed_sets, 3 * (4 - exposed_sets) + 2))
    exposed = []
    for _ in range(exposed_sets):
        if draw(st.booleans()):
            start = draw(st.sampled_from([t for t in range(27) if t % 9 <= 6]))
            exposed.append(Group("chow", (start, start + 1, start + 2)))
        else:
            exposed.append(Group("identical", (draw(st.integers(0, 33)),) * 3))
    return counts, tuple(exposed)


@settings(max_examples=100, deadline=None)
@given(standard_with_exposures())
def test_standard_grammar_with_exposed_sets_agrees_with_generic_search(drawn: tuple[Counts, tuple[Group, ...]]) -> None:
    counts, exposed = drawn
    expected = search.has_arrangement(STANDARD.for_concealed(exposed), counts)
    assert has_arrangement(STANDARD, counts, exposed) == expected
    assert expected == ref_has_arrangement(STANDARD, counts, exposed)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 1).flatmap(lambda sets: st.tuples(standard_hands(sets, 3 * sets + 1), st.just(sets))))
def test_standard_grammar_tiles_away_uses_the_form(drawn: tuple[Counts, int]) -> None:
    # Through the analysis functions, with the size of the concealed part at Mahjong: one tile
    # short of sets and an eye.
    counts, sets = drawn
    size = 3 * sets + 2
    assert tiles_away(STANDARD, counts, size=size, tileset=SINGAPORE) == ref_tiles_away_standard(counts, sets)


def test_standard_grammar_counts_thirteen_wonders_only_when_fully_concealed() -> None:
    # Thirteen distinct terminals and honours plus 5m: one tile from Thirteen Wonders (discard
    # 5m, draw any of the thirteen), farther from four sets and an eye.
    wonders = counts_of("19m19p19s1234567z 5m")
    assert tiles_away(STANDARD, wonders, size=14, tileset=SINGAPORE, thirteen_wonders=True) == 1
    assert tiles_away(STANDARD, wonders, size=14, tileset=SINGAPORE) == standard.tiles_away(wonders)
    assert standard.tiles_away(wonders) > 1
    # With a set exposed, Thirteen Wonders is out of reach: the flag changes nothing.
    eleven = counts_of("19m19p19s12345z")
    pung = [Group("identical", (10, 10, 10))]
    with_flag = tiles_away(STANDARD, eleven, size=11, tileset=SINGAPORE, exposed=pung, thirteen_wonders=True)
    assert with_flag == tiles_away(STANDARD, eleven, size=11, tileset=SINGAPORE, exposed=pung)
    assert waits(STANDARD, counts_of("19m19p19s1234567z"), tileset=SINGAPORE, thirteen_wonders=True) == set(
        standard.TERMINALS_AND_HONORS
    )


# -- distances ---------------------------------------------------------------------------------------

SMALL_SIZES = st.integers(0, 6)


@settings(max_examples=500, deadline=None)
@given(situations(chows=False, max_tiles=6), SMALL_SIZES)
@example((JOKER_GROUPS_OF_ONE_TILE, counts_of("1B 1B 1B J J J"), ()), 6)
def test_grammar_away_matches_reference(drawn: Situation, size: int) -> None:
    world, counts, _ = drawn
    expected = ref_grammar_away(world.grammar, counts, size, world.tileset)
    assert grammar_away(world.grammar, counts, size=size, tileset=world.tileset) == expected
    assert tiles_away(world.grammar, counts, size=size, tileset=world.tileset) == expected


@settings(max_examples=500, deadline=None)
@given(situations(chows=False, exposed=True, max_tiles=6), SMALL_SIZES)
@example((PUNG_AND_PAIR_OF_TWO_TILES, counts_of("1B"), PUNG_OF_1B), 2)
def test_grammar_away_with_exposures_matches_reference(drawn: Situation, size: int) -> None:
    # The finished hand, exposures included, must exist in the tile set (ruling T5).
    world, counts, exposed = drawn
    expected = ref_grammar_away(world.grammar, counts, size, world.tileset, exposed)
    assert grammar_away(world.grammar, counts, size=size, tileset=world.tileset, exposed=exposed) == expected


def test_grammar_away_is_zero_for_an_arranged_hand() -> None:
    # 1B 1B 1B J J J has an arrangement, (1B 1B 1B)(J J J), so it is no tile away.
    world = JOKER_GROUPS_OF_ONE_TILE
    counts = counts_of("1B 1B 1B J J J")
    assert has_arrangement(world.grammar, counts)
    assert grammar_away(world.grammar, counts, size=6, tileset=world.tileset) == 0


def test_grammar_away_counts_exposed_copies_against_the_tile_set() -> None:
    # Ruling T5: the set has four 1B and three are exposed as a pung, so the pair beside it cannot
    # be 1B 1B (five 1B); it is 2B 2B, two tiles to draw for the concealed 1B.
    world = PUNG_AND_PAIR_OF_TWO_TILES
    assert grammar_away(world.grammar, counts_of("1B"), size=2, tileset=world.tileset, exposed=PUNG_OF_1B) == 2


def test_grammar_away_refuses_chows() -> None:
    grammar = Grammar(groups=(GroupRule(frozenset({0}), (2,), None),), chows=True)
    with pytest.raises(ValueError, match="chows"):
        grammar_away(grammar, counts_of("1B"), size=2, tileset=SINGAPORE)


TARGET_KINDS = (0, 1, 2, 9, 30)


@st.composite
def target_cases(draw: st.DrawFn) -> tuple[Counts, tuple[TargetGroup, ...], tuple[Group, ...]]:
    """A target of up to four groups (identical groups with or without jokers, groups of
    different tiles without), a hand of up to eight tiles and jokers, and exposures: most of
    them made to be one of the target's groups, some drawn at random."""
    target = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            tile = draw(st.sampled_from(TARGET_KINDS))
            target.append(TargetGroup((tile,) * draw(st.integers(1, 4)), draw(st.booleans())))
        else:
            tiles = draw(
                st.lists(st.sampled_from(TARGET_KINDS), min_size=2, max_size=4).filter(lambda t: len(set(t)) > 1)
            )
            target.append(TargetGroup(tuple(tiles), False))
    hand = draw(st.lists(st.sampled_from((*TARGET_KINDS, JOKER)), max_size=8))
    counts = [0] * NUM_KINDS
    for tile in hand:
        counts[tile] += 1
    exposed = []
    for _ in range(draw(st.integers(0, 2))):
        matching = draw(st.integers(0, 3))
        if target and matching:
            group = draw(st.sampled_from(target))
            if len(set(group.tiles)) == 1:
                jokers = draw(st.integers(0, group.size)) if group.jokers else 0
                exposed.append(Group("identical", group.tiles[jokers:], jokers))
            else:
                shape = "chow" if sorted(group.tiles) in ([0, 1, 2],) else "singles"
                exposed.append(Group(shape, tuple(sorted(group.tiles))))
        else:
            tile = draw(st.sampled_from(TARGET_KINDS))
            size = draw(st.integers(1, 4))
            jokers = draw(st.integers(0, size))
            exposed.append(Group("identical", (tile,) * (size - jokers), jokers))
    return Counts(counts), tuple(target), tuple(exposed)


@settings(max_examples=500, deadline=None)
@given(target_cases())
@example((counts_of("1B J 2B"), (TargetGroup((0, 0, 0), True), TargetGroup((1, 1), False)), ()))
def test_target_away_matches_reference(drawn: tuple[Counts, tuple[TargetGroup, ...], tuple[Group, ...]]) -> None:
    counts, target, exposed = drawn
    assert target_away(counts, target, exposed) == ref_target_away(counts, target, exposed)


# -- waits and discards ------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(situations(exposed=True, max_tiles=7))
def test_waits_match_reference(drawn: Situation) -> None:
    # Ruling S14, in any tile set: a tile of which the hand (exposures included) already holds
    # every copy is not a wait. A joker is a wait when drawing one completes the hand.
    world, counts, exposed = drawn
    held = _in_exposures(exposed)
    expected = {
        tile
        for tile in range(NUM_KINDS)
        if counts[tile] + held[tile] < world.tileset.counts[tile]
        and ref_has_arrangement(world.grammar, _plus(counts, tile), exposed)
    }
    assert waits(world.grammar, counts, tileset=world.tileset, exposed=exposed) == expected


def test_waits_leave_out_tiles_held_in_every_copy() -> None:
    # Ruling S14: F F F F + F would be a pung and a pair, but only while the set has a fifth flower.
    grammar = Grammar(groups=(GroupRule(frozenset({34}), (2, 3), None),))
    four_flowers = counts_of("F F F F")
    assert waits(grammar, four_flowers, tileset=tiny_tileset({34: 8})) == {34}
    assert waits(grammar, four_flowers, tileset=tiny_tileset({34: 4})) == set()
    # An exposed pair of flowers holds two of the six: the concealed four complete with a fifth
    # only if the set has seven.
    pair = [Group("identical", (34, 34))]
    assert waits(grammar, four_flowers, tileset=tiny_tileset({34: 7}), exposed=pair) == {34}
    assert waits(grammar, four_flowers, tileset=tiny_tileset({34: 6}), exposed=pair) == set()


def _ref_discard_options(
    grammar: Grammar,
    counts: Counts,
    size: int,
    tileset: mr.TileSet,
    exposed: Sequence[Group],
    seen: Sequence[Counts] = (),
) -> list[DiscardOption]:
    held = _in_exposures(exposed)
    # Copies nobody has seen: the set less the hand (the discard included), its exposures and
    # the tiles seen elsewhere.
    remaining = [
        max(tileset.counts[tile] - counts[tile] - held[tile] - sum(other[tile] for other in seen), 0)
        for tile in range(NUM_KINDS)
    ]
    options = []
    for discard in range(NUM_KINDS):
        if not counts[discard]:
            continue
        left = _plus(counts, discard, -1)
        away = ref_grammar_away(grammar, left, size, tileset, exposed)
        if away is None:
            continue
        helpful = set()
        for tile in range(NUM_KINDS):
            # The discarded copy lies face up in the discards: it cannot be drawn again.
            if left[tile] + held[tile] + (tile == discard) < tileset.counts[tile]:
                after = ref_grammar_away(grammar, _plus(left, tile), size, tileset, exposed)
                if after is not None and after < away:
                    helpful.add(tile)
        options.append(DiscardOption(discard, away, frozenset(helpful), sum(remaining[tile] for tile in helpful)))
    # Best first, then more unseen helpful copies, then by tile index.
    return sorted(options, key=lambda option: (option.tiles_away, -option.helpful_unseen, option.discard))


DiscardCase = tuple[World, Counts, tuple[Group, ...], int, tuple[Counts, ...]]


@st.composite
def discard_cases(draw: st.DrawFn, *, exposed: bool) -> DiscardCase:
    """A world, concealed tiles of the size of the hand at Mahjong (one to five tiles, fewer if
    the tiny set is smaller), perhaps exposures, and up to two vectors of tiles seen elsewhere."""
    world = draw(worlds(chows=False))
    size = draw(st.integers(1, 5))
    counts = list(draw(concealed(world, size)))
    while sum(counts) < size:
        left = [tile for tile in range(NUM_KINDS) if counts[tile] < world.tileset.counts[tile]]
        if not left:
            break
        counts[draw(st.sampled_from(left))] += 1
    groups = draw(exposures(world, Counts(counts))) if exposed else ()
    available = [world.tileset.counts[tile] - counts[tile] for tile in range(NUM_KINDS)]
    for group in groups:
        available = _add(available, group, -1)
    seen = []
    for _ in range(draw(st.integers(0, 2))):
        pool = [tile for tile in range(NUM_KINDS) for _ in range(available[tile])]
        picked = draw(st.lists(st.sampled_from(pool), max_size=3)) if pool else []
        vector = [0] * NUM_KINDS
        for tile in picked:
            vector[tile] += 1
            available[tile] -= 1
        seen.append(Counts(vector))
    return world, Counts(counts), groups, sum(counts), tuple(seen)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(discard_cases(exposed=False))
def test_discard_options_match_reference(drawn: DiscardCase) -> None:
    world, counts, _, size, seen = drawn
    expected = _ref_discard_options(world.grammar, counts, size, world.tileset, (), seen)
    assert discard_options(world.grammar, counts, size=size, tileset=world.tileset, seen=seen) == expected


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(discard_cases(exposed=True))
@example(
    (
        World(
            Grammar(groups=(GroupRule(frozenset({2}), (2,), None),), all_joker_groups=False),
            tiny_tileset({0: 1, 1: 1, 2: 2, 3: 1, 9: 1}),
            (0, 1, 2, 3, 9),
        ),
        counts_of("1B 2B"),
        (Group("identical", (2, 2)),),
        2,
        (),
    )
)
def test_discard_options_with_exposures_match_reference(drawn: DiscardCase) -> None:
    # A helpful draw must still be in the wall: the exposures' copies count (ruling T5).
    world, counts, exposed, size, seen = drawn
    expected = _ref_discard_options(world.grammar, counts, size, world.tileset, exposed, seen)
    found = discard_options(world.grammar, counts, size=size, tileset=world.tileset, exposed=exposed, seen=seen)
    assert found == expected


def test_discard_options_by_hand() -> None:
    # Exactly two pairs of 1B 2B 3B (two of each in the set, no jokers); the hand 1B 1B 2B 3B.
    # Discard 2B: 1B 1B 3B lacks one 3B (1 away); only 3B helps (1B: both copies held); one 3B
    #   is unseen. Discard 3B: the same with 2B.
    # Discard 1B: 1B 2B 3B lacks two tiles for any two pairs; 2B and 3B help, 1B cannot be drawn
    #   (one copy is held, the other is the discard itself); unseen: one 2B, one 3B.
    grammar = Grammar(groups=(GroupRule(frozenset({0, 1, 2}), (2,), None),), pairs=2)
    tileset = tiny_tileset({0: 2, 1: 2, 2: 2})
    options = discard_options(grammar, counts_of("1B 1B 2B 3B"), size=4, tileset=tileset)
    assert [(o.discard, o.tiles_away, sorted(o.helpful), o.helpful_unseen) for o in options] == [
        (1, 1, [2], 1),
        (2, 1, [1], 1),
        (0, 2, [1, 2], 2),
    ]
    # Seeing the last 3B elsewhere puts discarding 3B (one 2B unseen) ahead of discarding 2B.
    options = discard_options(grammar, counts_of("1B 1B 2B 3B"), size=4, tileset=tileset, seen=[counts_of("3B")])
    assert [(o.discard, o.helpful_unseen) for o in options] == [(2, 1), (1, 0), (0, 1)]


# -- unseen ------------------------------------------------------------------------------------------

TILESETS = [mr.TileSet.american(), SINGAPORE, tiny_tileset({0: 4, 1: 2, 34: 3, JOKER: 2})]


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(TILESETS).flatmap(
        lambda tileset: st.tuples(st.just(tileset), st.lists(hands(tileset, max_melds=2), max_size=3))
    )
)
def test_unseen_matches_definition(drawn: tuple[mr.TileSet, list[mr.Hand]]) -> None:
    tileset, seen = drawn
    left = unseen(tileset, *(hand.counts for hand in seen))
    for tile in range(NUM_KINDS):
        assert left[tile] == max(tileset.counts[tile] - sum(hand.counts[tile] for hand in seen), 0)


def test_unseen_by_hand() -> None:
    # Three 1B in the hand, three more exposed elsewhere: the set has four, so none is unseen.
    left = unseen(SINGAPORE, counts_of("1B 1B 1B 2B"), counts_of("[1B 1B 1B]"))
    assert left[0] == 0
    assert left[1] == 3
    assert left[JOKER] == 0
    assert unseen(SINGAPORE) == SINGAPORE.counts


# -- validation --------------------------------------------------------------------------------------

RULE = GroupRule(frozenset({0, 1}), (2, 3), 3)


@pytest.mark.parametrize(
    "make",
    [
        lambda: GroupRule(frozenset({JOKER}), (3,), 3),
        lambda: GroupRule.of([mr.Tile.JOKER], sizes=(3,)),
        lambda: GroupRule(frozenset({0, JOKER}), (3,), 3),
        lambda: GroupRule(frozenset({49}), (3,), 3),
        lambda: GroupRule(frozenset({-1}), (3,), 3),
        lambda: GroupRule(frozenset({0}), (), 3),
        lambda: GroupRule(frozenset({0}), (0,), 3),
        lambda: GroupRule(frozenset({0}), (-2, 3), 3),
        lambda: Grammar(groups=(RULE, GroupRule(frozenset({1, 2}), (2,), None))),
        lambda: Grammar(groups=(RULE, RULE)),
        lambda: Grammar(singles=((0,),)),
        lambda: Grammar(singles=((0, 0),)),
        lambda: Grammar(singles=((0, JOKER),)),
        lambda: Grammar(singles=((),)),
        lambda: Grammar(groups=(RULE,), pairs=1).for_concealed(
            [Group("identical", (0, 0)), Group("identical", (1, 1))]
        ),
        lambda: Grammar(groups=(RULE,), sets=1).for_concealed([Group("chow", (0, 1, 2)), Group("identical", (1, 1))]),
    ],
    ids=[
        "joker-rule",
        "joker-rule-from-tiles",
        "joker-among-tiles",
        "index-too-large",
        "negative-index",
        "no-sizes",
        "size-zero",
        "negative-size",
        "overlapping-rules",
        "same-rule-twice",
        "singles-of-one",
        "singles-all-alike",
        "singles-with-joker",
        "singles-empty",
        "exposed-pairs-exceed",
        "exposed-groups-exceed",
    ],
)
def test_validation_errors(make: Callable[[], Any]) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the messages differ; the type is the contract
        make()


def test_valid_rules_and_grammars() -> None:
    rule = GroupRule.of([mr.Tile.parse("1B"), mr.Tile.parse("2B")], sizes=(3, 2, 3), jokers_from=3)
    assert rule.tiles == frozenset({0, 1})
    assert rule.sizes == (2, 3)
    assert rule.joker_sizes() == (3,)
    grammar = Grammar(groups=(rule, GroupRule(frozenset({34}), (2, 4, 5), 4)), singles=((31, 30), (30, 31)))
    assert grammar.singles == ((30, 31),)
    assert grammar.joker_sizes == (3, 4, 5)
    assert grammar.rule_for(34) is grammar.groups[1]
    assert grammar.rule_for(2) is None
    assert STANDARD.is_standard_form
    assert not grammar.is_standard_form


# -- robustness --------------------------------------------------------------------------------------


@st.composite
def any_groups(draw: st.DrawFn, kinds: Sequence[int]) -> Group:
    """Any well-typed group, sensible or not."""
    shape = draw(st.sampled_from(["identical", "chow", "singles"]))
    tiles = tuple(sorted(draw(st.lists(st.sampled_from(kinds), max_size=4))))
    return Group(shape, tiles, draw(st.integers(0, 3)))


@st.composite
def fuzz_cases(draw: st.DrawFn) -> tuple[World, Counts, tuple[Group, ...], int, bool, mr.TileSet]:
    """Any grammar, tiles (perhaps more than the set has: ruling T5's bad input), groups of any
    shape as exposures, any size, in the world's set or a full one."""
    world = draw(worlds())
    hand = draw(st.lists(st.sampled_from((*world.kinds, JOKER)), max_size=8))
    counts = [0] * NUM_KINDS
    for tile in hand:
        counts[tile] += 1
    exposed = tuple(draw(st.lists(any_groups(world.kinds), max_size=2)))
    tileset = draw(st.sampled_from([world.tileset, SINGAPORE, mr.TileSet.american()]))
    return world, Counts(counts), exposed, draw(st.integers(-1, 9)), draw(st.booleans()), tileset


def _tolerated(call: Callable[[], Any]) -> Any:
    """The call's result, or None if it raised ValueError or TypeError (anything else escapes)."""
    try:
        return call()
    except (ValueError, TypeError):
        return None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fuzz_cases(), st.sampled_from(["world", "standard"]))
def test_public_functions_raise_only_value_or_type_errors(
    drawn: tuple[World, Counts, tuple[Group, ...], int, bool, mr.TileSet], which: str
) -> None:
    world, counts, exposed, size, thirteen, tileset = drawn
    grammar = world.grammar if which == "world" else STANDARD
    found = _tolerated(lambda: list(itertools.islice(arrangements(grammar, counts), 30)))
    assert found is None or all(isinstance(groups, tuple) for groups in found)
    assert _tolerated(lambda: has_arrangement(grammar, counts, exposed)) in (True, False, None)
    for away in (
        _tolerated(
            lambda: tiles_away(grammar, counts, size=size, tileset=tileset, exposed=exposed, thirteen_wonders=thirteen)
        ),
        _tolerated(lambda: grammar_away(grammar, counts, size=size, tileset=tileset, exposed=exposed)),
    ):
        assert away is None or (type(away) is int and away >= 0)
    found_waits = _tolerated(
        lambda: waits(grammar, counts, tileset=tileset, exposed=exposed, thirteen_wonders=thirteen)
    )
    assert found_waits is None or all(0 <= tile < NUM_KINDS for tile in found_waits)
    if sum(counts) <= 6:
        options = _tolerated(
            lambda: discard_options(
                grammar, counts, size=size, tileset=tileset, exposed=exposed, thirteen_wonders=thirteen, seen=[counts]
            )
        )
        assert options is None or options == sorted(options, key=lambda o: (o.tiles_away, -o.helpful_unseen, o.discard))
    concealed_grammar = _tolerated(lambda: grammar.for_concealed(exposed))
    assert concealed_grammar is None or isinstance(concealed_grammar, Grammar)
    target = [
        TargetGroup(group.tiles + (group.tiles[:1] * group.jokers), group.shape == "identical") for group in exposed
    ]
    away = _tolerated(lambda: target_away(counts, target, exposed))
    assert away is None or away >= 0
    assert len(_tolerated(lambda: unseen(tileset, counts)) or ()) in (0, NUM_KINDS)


# -- issue 8, defect 6: caches that grew with the number of rulesets ---------------------------------


def test_one_bounded_memo_serves_every_grammar(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that builds a ruleset per request (each with its own year) used to keep one memo
    per grammar forever: 500 rulesets left 552 memos. The memo is now one for all grammars, with
    one bound; shrink the bound and check that many grammars never exceed it."""
    from mahjong_rules.solver import search
    from mahjong_rules.solver._cache import BoundedMemo

    small = BoundedMemo(search._search_has_arrangement, 50)
    monkeypatch.setattr(search, "_memo", small)
    counts = mr.Hand.parse("2B GD 2B 6B 222C 333C 4444C").counts
    for year in range(2001, 2301):
        if len(set(str(year))) == 1:
            continue
        ruleset = mr.get_ruleset("flex", year=True, year_digits=year)
        grammar = ruleset._grammar  # type: ignore[attr-defined]
        # The YEAR set 2, dragon, 2, 6 (any order of those digits) is what arranges GD here.
        assert search.has_arrangement(grammar, counts) == (sorted(str(year)) == sorted("2026"))
        assert len(small) <= 50
    assert small.misses >= 150  # years of the same digits share a grammar; the others were new keys
    assert not hasattr(search, "_memos")  # no per-grammar memos any more


def test_the_solvers_function_caches_are_bounded() -> None:
    """Every function cache of the solver's modules has a size limit."""
    import functools

    from mahjong_rules.solver import _standard_tables, analysis, distance, grammar, search, standard

    caches = [
        value
        for module in (_standard_tables, analysis, distance, grammar, search, standard)
        for value in vars(module).values()
        if isinstance(value, functools._lru_cache_wrapper)
    ]
    assert len(caches) >= 4
    for cached in caches:
        assert cached.cache_info().maxsize is not None, cached
