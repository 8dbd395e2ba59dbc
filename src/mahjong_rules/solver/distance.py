"""Exact tiles away for grammars of identical groups with jokers, and for concrete targets.

For one concrete target (the groups a finished hand would hold), natural tiles go first to the
slots jokers cannot fill (pairs, singles), then to the others; jokers fill what is left of the
joker-eligible slots. With ``NP`` a tile's count in slots jokers cannot fill, ``NE`` its count in
joker-eligible slots, ``h`` the hand's count and ``J`` the hand's jokers::

    away = sum(max(NP - h, 0)) + max(sum(max(NE - max(h - NP, 0), 0)) - J, 0)

:func:`target_away` applies this to one target, matching each exposed set to a whole group of
the target first. :func:`grammar_away` finds the minimum over every target a grammar of identical
and singles groups allows, by a dynamic programme over tile kinds (kinds the hand does not hold
are interchangeable and handled together).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from mahjong_rules.errors import GrammarError
from mahjong_rules.solver.grammar import JOKER, Grammar, Group, GroupRule
from mahjong_rules.tiles import NUM_TILE_KINDS
from mahjong_rules.tilesets import TileSet

__all__ = ["KindCost", "TargetGroup", "add_to_front", "grammar_away", "kind_cost", "singles_multisets", "target_away"]

_INFINITY = 1 << 20


class TargetGroup(NamedTuple):
    """One group of a concrete target: the natural tiles it is made of (an identical group repeats
    its tile) and whether jokers may stand in it."""

    tiles: tuple[int, ...]
    jokers: bool

    @property
    def size(self) -> int:
        return len(self.tiles)


def _matches(exposed: Group, group: TargetGroup) -> bool:
    if exposed.size != group.size:
        return False
    if exposed.shape == "identical":
        if exposed.jokers and not group.jokers:
            return False
        wanted = set(group.tiles)
        return len(wanted) == 1 and (not exposed.tiles or set(exposed.tiles) == wanted)
    return not exposed.jokers and tuple(sorted(exposed.tiles)) == tuple(sorted(group.tiles))


def _matchings(exposed: Sequence[Group], target: Sequence[TargetGroup]) -> Iterator[tuple[int, ...]]:
    """Each way of giving every exposed set its own matching target group (as target indexes),
    skipping choices between interchangeable groups."""
    if not exposed:
        yield ()
        return
    first, rest = exposed[0], exposed[1:]
    tried: set[TargetGroup] = set()
    for position, group in enumerate(target):
        if group in tried or not _matches(first, group):
            continue
        tried.add(group)
        remaining = [*target[:position], TargetGroup((), False), *target[position + 1 :]]
        for others in _matchings(rest, remaining):
            yield (position, *others)


def _concealed_away(counts: Sequence[int], target: Sequence[TargetGroup]) -> int:
    no_jokers = [0] * NUM_TILE_KINDS
    with_jokers = [0] * NUM_TILE_KINDS
    for group in target:
        slots = with_jokers if group.jokers else no_jokers
        for index in group.tiles:
            slots[index] += 1
    missing = 0
    joker_slots = 0
    for index in range(NUM_TILE_KINDS):
        held = counts[index] if index != JOKER else 0
        pair_slots = no_jokers[index]
        if pair_slots > held:
            missing += pair_slots - held
            held = 0
        else:
            held -= pair_slots
        if with_jokers[index] > held:
            joker_slots += with_jokers[index] - held
    return missing + max(joker_slots - counts[JOKER], 0)


def target_away(counts: Sequence[int], target: Sequence[TargetGroup], exposed: Sequence[Group] = ()) -> int | None:
    """Tiles to exchange for the concealed tiles in ``counts`` (jokers included) and the
    ``exposed`` sets to become exactly ``target``; ``None`` when the exposed sets cannot each be
    one whole group of the target.

    >>> from mahjong_rules import Hand
    >>> target = [TargetGroup((0, 0, 0), True), TargetGroup((1, 1), False)]
    >>> target_away(Hand.parse("1B J 2B").counts, target)  # a 1B for the pung, a 2B for the pair
    2
    """
    best: int | None = None
    for matching in _matchings(exposed, target):
        left = [group for position, group in enumerate(target) if position not in matching]
        away = _concealed_away(counts, left)
        if best is None or away < best:
            best = away
    return best


# -- the minimum over a grammar's targets -----------------------------------------------------------

Front = list[tuple[int, int]]
"""Minimal (missing tiles for joker-free slots, missing tiles for joker slots) pairs."""
State = tuple[int, int, int, int]
"""(tiles, pairs, groups, jokers forced because a kind has more slots than copies in the set)."""


def add_to_front(front: Front, candidate: tuple[int, int]) -> None:
    """Keep ``front`` minimal. A point is never better than another with no more joker-free
    misses and no more misses in all: the final cost is ``pd + max(ed - J, 0)``, and whatever is
    added later, a joker-slot miss never costs more than a joker-free one."""
    pair_part, total = candidate[0], candidate[0] + candidate[1]
    for kept in front:
        if kept[0] <= pair_part and kept[0] + kept[1] <= total:
            return
    front[:] = [kept for kept in front if not (pair_part <= kept[0] and total <= kept[0] + kept[1])]
    front.append(candidate)


class KindCost(NamedTuple):
    """What one tile kind of a target costs: tiles missing from slots jokers cannot fill, tiles
    missing from joker slots, and jokers the target needs because the kind has more slots than
    copies within reach."""

    no_joker: int
    joker: int
    forced: int


def kind_cost(no_joker_slots: int, joker_slots: int, held: int, available: int) -> KindCost | None:
    """The formula for one kind: natural tiles fill the joker-free slots first. ``None`` when the
    joker-free slots need more copies than are within reach."""
    if no_joker_slots > available:
        return None
    return KindCost(
        max(no_joker_slots - held, 0),
        max(joker_slots - max(held - no_joker_slots, 0), 0),
        max(no_joker_slots + joker_slots - available, 0),
    )


class _KindOption(NamedTuple):
    tiles: int
    pairs: int
    groups: int
    no_joker_slots: int
    joker_slots: int


def _kind_options(grammar: Grammar, index: int, limit: int) -> tuple[_KindOption, ...]:
    """The identical groups one tile kind could hold in a target (none, or a multiset of sizes)."""
    rule = grammar.rule_for(index)
    if rule is None:
        return (_NO_GROUP,)
    return _rule_options(rule, grammar.one_group_per_tile, grammar.all_joker_groups, limit)


_NO_GROUP = _KindOption(0, 0, 0, 0, 0)


@functools.lru_cache(maxsize=1024)
def _rule_options(rule: GroupRule, one_group: bool, all_joker_groups: bool, limit: int) -> tuple[_KindOption, ...]:
    options = [_NO_GROUP]
    most = 1 if one_group else limit // min(rule.sizes)
    for count in range(1, most + 1):
        for sizes in itertools.combinations_with_replacement(rule.sizes, count):
            if sum(sizes) > limit:
                continue
            no_joker = joker = 0
            for size in sizes:
                if rule.jokers_from is not None and size >= rule.jokers_from:
                    # Without all-joker groups, an eligible group still needs one natural tile.
                    natural = 0 if all_joker_groups else 1
                    no_joker += natural
                    joker += size - natural
                else:
                    no_joker += size
            options.append(_KindOption(sum(sizes), sizes.count(2), count, no_joker, joker))
    return tuple(options)


def _step(
    states: dict[State, Front],
    options: Sequence[_KindOption],
    held: int,
    singles_slots: int,
    in_set: int,
    limits: tuple[int, int | None, int | None, int],
) -> dict[State, Front]:
    size, pairs_needed, groups_needed, set_jokers = limits
    following: dict[State, Front] = {}
    for (tiles, pairs, groups, forced), front in states.items():
        for option in options:
            # Counts the grammar does not constrain stay at 0, which keeps the state space small.
            new = (
                tiles + option.tiles,
                pairs + option.pairs if pairs_needed is not None else 0,
                groups + option.groups if groups_needed is not None else 0,
                forced,
            )
            if new[0] > size or (pairs_needed is not None and new[1] > pairs_needed):
                continue
            if groups_needed is not None and new[2] > groups_needed:
                continue
            cost = kind_cost(option.no_joker_slots + singles_slots, option.joker_slots, held, in_set)
            if cost is None:
                continue
            new = (new[0], new[1], new[2], forced + cost.forced)
            if new[3] > set_jokers:
                continue
            target_front = following.setdefault(new, [])
            for pair_part, joker_part in front:
                add_to_front(target_front, (pair_part + cost.no_joker, joker_part + cost.joker))
    return following


def grammar_away(
    grammar: Grammar,
    counts: Sequence[int],
    *,
    size: int,
    tileset: TileSet,
    exposed: Sequence[Group] = (),
) -> int | None:
    """The fewest tiles to exchange for the concealed tiles in ``counts`` (jokers included) to be
    arranged, as ``size`` tiles, into the grammar's identical and singles groups alongside the
    ``exposed`` sets; ``None`` if no such hand exists in the tile set (the exposures' tiles
    included). Grammars with chows are not handled here (the standard form has its own tables).

    >>> from mahjong_rules import Hand, Tile, TileSet
    >>> from mahjong_rules.solver import Grammar, GroupRule
    >>> grammar = Grammar(groups=(GroupRule.of(Tile.all()[:34], sizes=(2, 3, 4)),), one_group_per_tile=True)
    >>> grammar_away(grammar, Hand.parse("222B 44B J 9D").counts, size=8, tileset=TileSet.american())
    1
    """
    if grammar.chows:
        raise GrammarError("grammar_away handles identical and singles groups; chows have their own tables")
    try:
        concealed = grammar.for_concealed(exposed)
    except ValueError:
        return None
    available = list(tileset.counts)
    for group in exposed:
        for index in group.tiles:
            available[index] -= 1
        available[JOKER] -= group.jokers
    if min(available) < 0:
        return None
    jokers = counts[JOKER]
    best = _INFINITY
    for singles in singles_multisets(concealed.singles, size):
        singles_slots = [0] * NUM_TILE_KINDS
        for pattern in singles:
            for index in pattern:
                singles_slots[index] += 1
        groups_needed = None if concealed.sets is None else concealed.sets - len(singles)
        if groups_needed is not None and groups_needed < 0:
            continue
        limits = (size, concealed.pairs, groups_needed, available[JOKER])
        states: dict[State, Front] = {(sum(len(p) for p in singles), 0, 0, 0): [(0, 0)]}
        pool: list[int] = []
        for index in range(NUM_TILE_KINDS):
            if index == JOKER:
                continue
            held, slots = counts[index], singles_slots[index]
            if held == 0 and slots == 0:
                if concealed.rule_for(index) is not None:
                    pool.append(index)
                continue
            options = _kind_options(concealed, index, size)
            states = _step(states, options, held, slots, available[index], limits)
        states = _fill_from_pool(concealed, states, pool, available, limits)
        if concealed.all_joker_groups and concealed.joker_sizes:
            states = _combine(states, _all_joker_table(concealed.joker_sizes, limits), limits)
        for (tiles, pairs, groups, _forced), front in states.items():
            if tiles != size:
                continue
            if concealed.pairs is not None and pairs != concealed.pairs:
                continue
            if groups_needed is not None and groups != groups_needed:
                continue
            for pair_part, joker_part in front:
                best = min(best, pair_part + max(joker_part - jokers, 0))
    return None if best == _INFINITY else best


@functools.lru_cache(maxsize=1024)
def _all_joker_table(
    joker_sizes: tuple[int, ...], limits: tuple[int, int | None, int | None, int]
) -> dict[State, Front]:
    """What all-joker groups can add: every slot needs a joker (held or drawn) and none can
    take a natural tile, so each group forces its jokers from the tile set."""
    options = tuple(_KindOption(size, int(size == 2), 1, 0, size) for size in joker_sizes)
    table: dict[State, Front] = {(0, 0, 0, 0): [(0, 0)]}
    for _ in range(limits[0] // min(joker_sizes)):
        table = _merge(table, _step(table, options, 0, 0, 0, limits))
    return table


def singles_multisets(patterns: tuple[tuple[int, ...], ...], size: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    if not patterns:
        yield ()
        return
    first, rest = patterns[0], patterns[1:]
    for times in range(size // len(first) + 1):
        for others in singles_multisets(rest, size - times * len(first)):
            yield (first,) * times + others


def _fill_from_pool(
    grammar: Grammar,
    states: dict[State, Front],
    pool: list[int],
    available: Sequence[int],
    limits: tuple[int, int | None, int | None, int],
) -> dict[State, Front]:
    """Add groups on kinds the hand does not hold. Such kinds of one rule with the same number of
    copies in the set are interchangeable, so each class adds what its precomputed table allows."""
    classes: dict[tuple[int, int], int] = {}
    for index in pool:
        rule = grammar.rule_for(index)
        assert rule is not None
        key = (grammar.groups.index(rule), available[index])
        classes[key] = classes.get(key, 0) + 1
    for (rule_position, in_set), kinds in sorted(classes.items()):
        table = _pool_table(grammar, rule_position, in_set, kinds, limits)
        states = _combine(states, table, limits)
    return states


@functools.lru_cache(maxsize=4096)
def _pool_table(
    grammar: Grammar, rule_position: int, in_set: int, kinds: int, limits: tuple[int, int | None, int | None, int]
) -> dict[State, Front]:
    """What groups on ``kinds`` unheld kinds of one rule can add: state increments and costs."""
    rule = grammar.groups[rule_position]
    options = _rule_options(rule, grammar.one_group_per_tile, grammar.all_joker_groups, limits[0])[1:]
    table: dict[State, Front] = {(0, 0, 0, 0): [(0, 0)]}
    for _ in range(min(kinds, limits[0] // min(rule.sizes))):
        table = _merge(table, _step(table, options, 0, 0, in_set, limits))
    return table


def _combine(
    states: dict[State, Front], table: dict[State, Front], limits: tuple[int, int | None, int | None, int]
) -> dict[State, Front]:
    size, pairs_needed, groups_needed, set_jokers = limits
    combined: dict[State, Front] = {}
    for (tiles, pairs, groups, forced), front in states.items():
        for (more_tiles, more_pairs, more_groups, more_forced), more in table.items():
            state = (tiles + more_tiles, pairs + more_pairs, groups + more_groups, forced + more_forced)
            if state[0] > size or state[3] > set_jokers:
                continue
            if (pairs_needed is not None and state[1] > pairs_needed) or (
                groups_needed is not None and state[2] > groups_needed
            ):
                continue
            target = combined.setdefault(state, [])
            for pair_part, joker_part in front:
                for more_pair, more_joker in more:
                    add_to_front(target, (pair_part + more_pair, joker_part + more_joker))
    return combined


def _merge(first: dict[State, Front], second: dict[State, Front]) -> dict[State, Front]:
    merged = {state: list(front) for state, front in first.items()}
    for state, front in second.items():
        target = merged.setdefault(state, [])
        for point in front:
            add_to_front(target, point)
    return merged
