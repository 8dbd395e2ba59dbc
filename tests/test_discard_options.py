"""``discard_options`` of the American rulesets is discarding, then drawing (issues 20 and 21).

Since the leaf search (``mahjong_rules.solver.discards``), one search answers every discard and
draw of a hand. These tests hold it to its definition, one tile at a time, with ``tiles_away``
as the judge: a discard's distance is the 13-tile hand's, and a tile helps exactly when drawing
it (a copy being left) brings that hand one closer. ``tiles_away`` itself is checked against
independent references elsewhere (``test_flex_analysis``, ``test_card_free_analysis``).

The hands are the ones that make the search work hardest: up to eight jokers, flowers, exposed
sets (of jokers alone too), every house rule on; and a toy ruleset checks the assembly alone
against brute force over every discard and draw.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.solver.discards import ScratchLeaf, WindowLeaf, discard_options, mask_of, shape

EVERY_FLEXTRA_RULE = {
    "year": True,
    "sequence_quints": True,
    "news": True,
    "like_numbers": True,
    "double_sequence": True,
    "opposite_winds": True,
    "blanks": 2,
}
CONFIGURATIONS = [
    ("flex", {}),
    ("flex", EVERY_FLEXTRA_RULE),
    ("card-free", {}),
    ("card-free", {"skill_level": 5, "minimum_requirement": True}),
]
# Hands the search found hardest (benchmarks/worst_cases.py): many jokers, exposures that leave
# few copies (the slower programme in Flex), sets of jokers alone.
HARD = {
    "flex": ["5B 6C 8C GD WD [8C JJ] [JJJ] [JJJ]", "1D 5B 9D GD N F JJJJJJJJ", "45B 77B 2C F JJ [JJJ] [JJJ]"],
    "card-free": [
        "1D 9D GD N F 5C JJJJJJJJ",
        "12B 6C 1D 67D WD S JJJJJJ",
        "345B 5C 7C RD WD F JJJJJJ",
        "1B 123C 56C 22D 5D RD WD [4B JJ]",
    ],
}


def stress_hand(rng: random.Random, ruleset: mr.Ruleset) -> mr.Hand | None:
    """A 14-tile hand with up to eight jokers, flowers and up to three exposed sets (some of
    jokers alone); ``None`` when the tiles do not make one."""
    tileset = ruleset.tileset
    pool = [tile for tile in tileset.tiles for _ in range(tileset.count(tile)) if not tile.is_blank]
    rng.shuffle(pool)
    jokers = [tile for tile in pool if tile.is_joker][: rng.choice([0, 2, 4, 6, 8])]
    plain = [tile for tile in pool if not tile.is_joker]
    melds: list[mr.Meld] = []
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        if len(jokers) >= 3 and rng.random() < 0.3:
            melds.append(mr.Meld([jokers.pop(), jokers.pop(), jokers.pop()], exposed=True))
        else:
            tile = plain.pop()
            used = min(len(jokers), 2)
            melds.append(mr.Meld([tile, *[mr.Tile.JOKER] * used], exposed=True, represents=tile))
            del jokers[:used]
    melds = [meld for meld in melds if meld.size >= 3]
    room = 14 - sum(meld.size for meld in melds)
    hand = mr.Hand((jokers + plain)[:room], melds)
    return None if tileset.problems(hand) else hand


def _away(ruleset: mr.Ruleset, hand: mr.Hand) -> int | None:
    try:
        return ruleset.tiles_away(hand)
    except mr.UnreachableError:
        return None


def _by_definition(ruleset: mr.Ruleset, hand: mr.Hand) -> list[tuple[mr.Tile, int, frozenset[mr.Tile]]]:
    tileset = ruleset.tileset
    found = []
    for discard in sorted(set(hand.concealed)):
        rest = hand.discard(discard)
        away = _away(ruleset, rest)
        if away is None:
            continue
        helpful = frozenset(
            tile
            for tile in tileset.tiles
            if not tile.is_blank
            and hand.count(tile) < tileset.count(tile)
            and (after := _away(ruleset, rest.draw(tile))) is not None
            and after < away
        )
        found.append((discard, away, helpful))
    return found


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=["flex", "flextra", "card-free", "card-free-5"])
def test_discard_options_are_discarding_then_drawing_on_hard_hands(name: str, options: dict[str, object]) -> None:
    ruleset: Any = mr.get_ruleset(name, **options)  # an American ruleset: it has discard_options
    rng = random.Random(f"{name}{sorted(options)}")
    hands = [mr.Hand.parse(text, ruleset.tileset) for text in HARD[name]]
    while len(hands) < 7:
        hand = stress_hand(rng, ruleset)
        if hand is not None:
            hands.append(hand)
    for hand in hands:
        found = sorted((option.discard, option.tiles_away, option.helpful) for option in ruleset.discard_options(hand))
        assert found == _by_definition(ruleset, hand), str(hand)


def test_leaves_shared_by_the_hands_of_a_process_keep_nothing_of_another_hand() -> None:
    """Issue 21: Flex's window leaves are values every search shares (a leaf keeps what it worked
    out for the hand last asked about). A hand's options are the same whatever hands came before,
    in any order, and with the shared leaves forgotten."""
    from mahjong_rules.rulesets.flex.distance import _window_leaf

    ruleset: Any = mr.get_ruleset("flex")
    rng = random.Random("shared leaves")
    hands = [mr.Hand.parse(text, ruleset.tileset) for text in HARD["flex"]]
    while len(hands) < 12:
        hand = stress_hand(rng, ruleset)
        if hand is not None:
            hands.append(hand)

    def options(hand: mr.Hand) -> list[tuple[mr.Tile, int, frozenset[mr.Tile]]]:
        return [(option.discard, option.tiles_away, option.helpful) for option in ruleset.discard_options(hand)]

    first = [options(hand) for hand in hands]
    assert [options(hand) for hand in reversed(hands)] == first[::-1]
    _window_leaf.cache_clear()
    assert [options(hand) for hand in hands[1::2] + hands[::2]] == first[1::2] + first[::2]


# -- the assembly alone, on a toy ruleset ----------------------------------------------------------

KINDS = 6
"""The toy game: six kinds of tile, three copies each."""


class _Target(ScratchLeaf):
    """A toy leaf: a multiset of kinds; its cost is the tiles of it the hand lacks."""

    __slots__ = ("kinds", "wanted")

    def __init__(self, wanted: Sequence[int]) -> None:
        self.wanted = tuple(wanted)
        self.kinds = mask_of(kind for kind, count in enumerate(wanted) if count)

    def cost(self, held: Sequence[int]) -> int:
        return sum(max(want - have, 0) for want, have in zip(self.wanted, held, strict=False))


def _toy_away(targets: Sequence[_Target], held: Sequence[int]) -> int:
    return min(target.cost(held) for target in targets)


def _counts(tiles: list[int]) -> list[int]:
    return [tiles.count(kind) for kind in range(KINDS)]


five_tiles = st.lists(st.integers(0, KINDS - 1), min_size=5, max_size=5).map(_counts).filter(lambda c: max(c) <= 3)
targets_strategy = st.lists(five_tiles, min_size=1, max_size=6)
hand_strategy = five_tiles


@settings(max_examples=150, deadline=None)
@given(targets_strategy, hand_strategy)
def test_the_assembly_is_brute_force_over_every_discard_and_draw(wanted: list[list[int]], held: list[int]) -> None:
    """Toy hands of five tiles aiming at targets of five: each discard's distance and helpful
    draws from the leaves equal the brute force over every discard and draw."""
    targets = [_Target(counts) for counts in wanted]
    away = _toy_away(targets, held)
    drawable = [kind for kind in range(KINDS) if held[kind] < 3]

    leaves = [(target, target.cost(held)) for target in targets]
    found = sorted(discard_options(held, away, leaves, drawable))
    expected = []
    for discard in (kind for kind in range(KINDS) if held[kind]):
        rest = list(held)
        rest[discard] -= 1
        after = _toy_away(targets, rest)
        helpful = []
        for tile in drawable:
            rest[tile] += 1
            if _toy_away(targets, rest) < after:
                helpful.append(tile)
            rest[tile] -= 1
        expected.append((discard, after, helpful))
    assert found == expected


def test_a_discard_leaves_the_hand_at_its_distance_or_one_further() -> None:
    """The fact the assembly rests on, over every toy hand and target: removing a tile never
    lowers a target's cost, adding one lowers it by one at most."""
    for wanted in itertools.product(range(3), repeat=3):
        target = _Target([*wanted, 0, 0, 0])
        for held in itertools.product(range(4), repeat=3):
            counts = [*held, 0, 0, 0]
            for kind in range(3):
                if counts[kind]:
                    assert target.cost_after(counts, kind, -1) in (target.cost(counts), target.cost(counts) + 1)
                if counts[kind] < 3:
                    assert target.cost_after(counts, -1, kind) in (target.cost(counts), target.cost(counts) - 1)


# -- Charleston passes -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["flex", "card-free", "nmjl"])
def test_pass_options_are_passing_then_receiving(name: str) -> None:
    """Passing one tile of a 13-tile hand keeps 12: its tiles away is one more than the best
    13-tile hand a tile received makes (``tiles_away`` judges those), and a tile helps exactly
    when receiving it makes such a best hand."""
    ruleset: Any = mr.get_ruleset(name)
    tileset = ruleset.tileset
    rng = random.Random(name)
    pool = [tile for tile in tileset.tiles for _ in range(tileset.count(tile)) if not tile.is_blank]
    for _ in range(2):
        hand = mr.Hand(rng.sample(pool, 13))
        for option in ruleset.pass_options(hand, count=1):
            kept = hand.discard(option.tiles[0])
            after = {
                tile: _away(ruleset, kept.draw(tile))
                for tile in tileset.tiles
                if not tile.is_blank and kept.count(tile) < tileset.count(tile)
            }
            best = min(value for value in after.values() if value is not None)
            assert option.tiles_away == best + 1, (str(hand), option)
            assert option.helpful == {tile for tile, value in after.items() if value == best}, (str(hand), option)


def test_pass_options_keep_jokers_and_rank_every_choice_once() -> None:
    flex: Any = mr.get_ruleset("flex")
    hand = mr.Hand.parse("1B 2B 3B 4C 5C 6C 7D 8D 9D E E J J")
    options = flex.pass_options(hand)
    assert all(not tile.is_joker for option in options for tile in option.tiles)
    # Three of ten kinds (nine held once, E twice): 120 choices of three kinds, 9 more with both Es.
    assert len({option.tiles for option in options}) == len(options) == 129
    keys = [(option.tiles_away, -option.helpful_unseen, option.tiles) for option in options]
    assert keys == sorted(keys)
    assert any(mr.Tile.JOKER in option.tiles for option in flex.pass_options(hand, jokers=True))
    with pytest.raises(mr.ArgumentError, match="1, 2 or 3 tiles"):
        flex.pass_options(hand, count=4)
    with pytest.raises(TypeError, match="count is a number of tiles"):
        flex.pass_options(hand, count=True)
    with pytest.raises(TypeError, match="jokers is True or False"):
        flex.pass_options(hand, jokers="no")
    with pytest.raises(mr.HandSizeError):
        flex.pass_options(hand.discard(mr.Tile.JOKER))


class _AnyRow:
    """A table that is any fixed function of the key and the jokers: a window leaf's costs after a
    change must equal its cost from scratch whatever the table says."""

    def lookup(self, key: int, jokers: int) -> int:
        return (key * 2_654_435_761 + jokers * 97) % 13


@st.composite
def _window_leaves(draw: st.DrawFn) -> tuple[WindowLeaf, list[int]]:
    kinds = draw(st.lists(st.integers(0, 33), min_size=1, max_size=9, unique=True))
    cut = draw(st.lists(st.integers(1, 2), min_size=len(kinds), max_size=len(kinds)))
    positions: list[tuple[tuple[int, int], ...]] = []
    rest = list(kinds)
    for size in cut:
        if not rest:
            break
        taken, rest = rest[:size], rest[size:]
        positions.append(tuple((kind, draw(st.integers(0, 1))) for kind in taken))
    # Deficits on kinds of the positions or not, a kind sometimes twice (the general path).
    deficits = draw(st.lists(st.tuples(st.integers(0, 35), st.integers(1, 4)), max_size=4))
    held = draw(st.lists(st.integers(0, 4), min_size=49, max_size=49))
    return WindowLeaf(shape(tuple(positions)), _AnyRow(), deficits), held


# A kind in a position and short in two deficits: a draw of it misses two copies fewer (found by
# Hypothesis; drawing it was classed with one deficit only).
_TWICE_SHORT = (
    WindowLeaf(shape((((9, 0),),)), _AnyRow(), [(9, 4), (9, 4)]),
    [3 if kind == 9 else 0 for kind in range(49)],
)


@settings(max_examples=300, deadline=None)
@given(_window_leaves())
@example(_TWICE_SHORT)
def test_a_window_leaf_after_a_change_costs_what_it_costs_from_scratch(made: tuple[WindowLeaf, list[int]]) -> None:
    """``cost_after`` and ``draws_to`` (one tile discarded, one drawn) and ``cost_changed`` against
    ``cost`` on the changed counts, deficits of distinct kinds or not."""
    leaf, held = made
    JOKER = 47
    kinds = [kind for kind in range(49) if leaf.kinds >> kind & 1] + [JOKER]
    removals = [-1] + [kind for kind in kinds if held[kind] >= 1]
    draws = [kind for kind in kinds if held[kind] < 4]
    for removed in removals:
        after_removal = list(held)
        if removed >= 0:
            after_removal[removed] -= 1
        wanted = leaf.cost(after_removal) - 1
        reaching = 0
        for added in [-1, *draws]:
            changed = list(after_removal)
            if added >= 0:
                changed[added] += 1
            expected = leaf.cost(changed)
            assert leaf.cost_after(held, removed, added) == expected
            change = {kind: changed[kind] - held[kind] for kind in range(49) if changed[kind] != held[kind]}
            assert leaf.cost_changed(held, change) == expected
            if added >= 0 and expected <= wanted:
                reaching |= 1 << added
        assert leaf.draws_to(held, removed, wanted, mask_of(draws)) == reaching
