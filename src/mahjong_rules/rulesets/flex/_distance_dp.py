"""The exact programme Flex tiles away used before its tables, kept for the rare instances the
tables cannot settle: when the jokers a target needs because a kind has more slots than copies (a
dragon used as 0 and 10, singles sets sharing kinds with number sets, a kind partly exposed) could
outnumber the jokers left in the game (for instance in a game without jokers).

One *instance* is a choice of singles sets, flower set sizes and number suits; the programme runs
over the numbers of every sequence, at each number skipping it (outside the block of consecutive
numbers), using an exposed set, or adding a concealed set of 2 to 4 tiles in one of the suits. A
kind's cost is settled once all its slots are known (a dragon's at the end: it is both 0 and 10,
ruling F1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mahjong_rules.hand import Hand
from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.rules import SEQUENCES
from mahjong_rules.rulesets.flex.sets import NUMBER_SUITS, FlexSet, FlexSuit, SetKind, group_of_meld, read_group
from mahjong_rules.solver.distance import KindCost, add_to_front, kind_cost
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat, Suit, Tile

__all__ = ["standard_instance_away"]

JOKER = Tile.JOKER.index
FLOWER = Tile.FLOWER.index
HAND_SIZE = 14
_INFINITY = 1 << 20
WIND_INDEXES = tuple(seat.wind.index for seat in Seat)


def _kind(suit: FlexSuit, number: int) -> int:
    real = Suit(NUMBER_SUITS.index(suit))
    return real.dragon.index if number in (0, 10) else real.tile(number).index


Front = list[tuple[int, int]]
"""Minimal (missing tiles for joker-free slots, missing tiles for joker slots) pairs."""


class _Problem(NamedTuple):
    """What every target of a hand shares: the hand's counts, what is available, the exposures."""

    held: tuple[int, ...]
    available: tuple[int, ...]
    jokers: int
    fixed: tuple[FlexSet, ...]  # exposed number sets (each is its number's set)
    wild: tuple[FlexSet, ...]  # exposed all-joker sets
    winds: tuple[FlexSet, ...]
    flowers: tuple[FlexSet, ...]
    singles: tuple[FlexSet, ...]
    other: tuple[FlexSet, ...]


def _problem(hand: Hand, options: FlexOptions) -> _Problem:
    available = list(options.tileset.counts)
    sets = [read_group(group_of_meld(meld), exposed=True) for meld in hand.melds]
    for flex_set in sets:
        for index in flex_set.group.tiles:
            available[index] -= 1
        available[JOKER] -= flex_set.jokers
    by_kind = {kind: tuple(s for s in sets if s.kind is kind) for kind in SetKind}
    return _Problem(
        hand.concealed_counts,
        tuple(available),
        hand.concealed_counts[JOKER],
        by_kind[SetKind.NUMBER],
        by_kind[SetKind.JOKERS],
        by_kind[SetKind.WIND],
        by_kind[SetKind.FLOWER],
        by_kind[SetKind.SINGLES],
        by_kind[SetKind.OTHER],
    )


# -- standard number hands (and Opposite Winds) -----------------------------------------------------

State = tuple[int, int, int, int, tuple[int, ...], tuple[tuple[int, int], ...]]
"""(phase, tiles, forced jokers, exposures used (bits), all-joker exposures used per size,
dragon slots (no-joker, joker) per suit in play)."""


def _numbers_dp(
    problem: _Problem,
    suits: tuple[FlexSuit, ...],
    sequence: tuple[int, ...],
    start: dict[tuple[int, int, tuple[int, ...]], Front],
    no_joker_slots: Sequence[int],
    closed_kinds: frozenset[int],
    allow_no_numbers: bool,
    limit: int = _INFINITY,
) -> int:
    """The cheapest way to add number sets of ``suits`` in one block of ``sequence`` to the
    ``start`` states ((tiles, forced jokers, all-joker exposures used per size) -> front), given
    the slots already fixed on each kind; a way costing ``limit`` or more only says so (costs
    only grow along the way: such states are dropped)."""
    wild_sizes = _wild_sizes(problem)
    wild_needed = tuple(sum(1 for s in problem.wild if s.size == size) for size in wild_sizes)
    zero_dragons = tuple((0, 0) for _ in suits)
    states: dict[State, Front] = {}
    for (tiles, forced, wild_used), front in start.items():
        states[(0, tiles, forced, 0, wild_used, zero_dragons)] = list(front)
    fixed_by_kind = {flex_set.group.tiles[0]: position for position, flex_set in enumerate(problem.fixed)}
    for number in sequence:
        kinds = [_kind(suit, number) for suit in suits]
        is_dragon = number in (0, 10)
        # What each choice at this number costs does not depend on the state: settle it once.
        skip_cost = _number_cost(problem, kinds, None, 0, 0, is_dragon, no_joker_slots, closed_kinds)
        choices: list[_Choice] = []
        for position, kind in enumerate(kinds):
            fixed = fixed_by_kind.get(kind)
            if fixed is not None and skip_cost is not None:
                choices.append(_Choice(problem.fixed[fixed].size, skip_cost, fixed=fixed))
                if not is_dragon:
                    continue  # ruling F5: the exposed set is this number's one set
            for wild_position, size in enumerate(wild_sizes):
                if skip_cost is not None:
                    choices.append(_Choice(size, skip_cost, wild=wild_position))
            for size in (2, 3, 4):
                no_joker, joker = (2, 0) if size == 2 else (0, size)
                cost = _number_cost(problem, kinds, position, no_joker, joker, is_dragon, no_joker_slots, closed_kinds)
                if cost is not None:
                    dragon = (position, no_joker, joker) if is_dragon else None
                    choices.append(_Choice(size, cost, dragon=dragon))
        following: dict[State, Front] = {}
        for (phase, tiles, forced, used, wild_used, dragons), front in states.items():
            if skip_cost is not None:
                _store(
                    following,
                    (0 if phase == 0 else 2, tiles, forced, used, wild_used, dragons),
                    front,
                    skip_cost,
                    problem,
                    limit,
                )
            if phase == 2:
                continue
            for choice in choices:
                new_used, new_wild, new_dragons = used, wild_used, dragons
                if choice.fixed is not None:
                    if used >> choice.fixed & 1:
                        continue
                    new_used = used | 1 << choice.fixed
                if choice.wild is not None:
                    if wild_used[choice.wild] >= wild_needed[choice.wild]:
                        continue
                    more = list(wild_used)
                    more[choice.wild] += 1
                    new_wild = tuple(more)
                if choice.dragon is not None:
                    position, no_joker, joker = choice.dragon
                    updated = list(dragons)
                    updated[position] = (dragons[position][0] + no_joker, dragons[position][1] + joker)
                    new_dragons = tuple(updated)
                state = (1, tiles + choice.size, forced, new_used, new_wild, new_dragons)
                _store(following, state, front, choice.cost, problem, limit)
        states = following
    best = _INFINITY
    all_used = (1 << len(problem.fixed)) - 1
    for (phase, tiles, forced, used, wild_used, dragons), front in states.items():
        if tiles != HAND_SIZE or used != all_used or wild_used != wild_needed:
            continue
        if phase == 0 and not allow_no_numbers:
            continue
        extra_pairs = extra_jokers = 0
        total_forced = forced
        possible = True
        for suit, (no_joker, joker) in zip(suits, dragons, strict=True):
            kind = _kind(suit, 0)
            if kind in closed_kinds:
                continue
            cost = kind_cost(no_joker_slots[kind] + no_joker, joker, problem.held[kind], problem.available[kind])
            if cost is None:
                possible = False
                break
            extra_pairs += cost.no_joker
            extra_jokers += cost.joker
            total_forced += cost.forced
        if not possible or total_forced > problem.available[JOKER]:
            continue
        for pairs, jokers in front:
            best = min(best, pairs + extra_pairs + max(jokers + extra_jokers - problem.jokers, 0))
    return best


def _wild_sizes(problem: _Problem) -> list[int]:
    return sorted({flex_set.size for flex_set in problem.wild})


class _Choice(NamedTuple):
    """One way to give a number its set: ``size`` tiles, the cost of this number's kinds, and
    which exposure (fixed or all-joker) it uses, or the dragon slots it adds (settled at the end)."""

    size: int
    cost: KindCost
    fixed: int | None = None
    wild: int | None = None
    dragon: tuple[int, int, int] | None = None


def _number_cost(
    problem: _Problem,
    kinds: Sequence[int],
    chosen: int | None,
    no_joker: int,
    joker: int,
    is_dragon: bool,
    no_joker_slots: Sequence[int],
    closed_kinds: frozenset[int],
) -> KindCost | None:
    """Settle this number's kinds (dragons wait for the end: they are 0 and 10)."""
    pairs = jokers = forced = 0
    if not is_dragon:
        for position, kind in enumerate(kinds):
            if kind in closed_kinds:
                continue
            mine = position == chosen
            cost = kind_cost(
                no_joker_slots[kind] + (no_joker if mine else 0),
                joker if mine else 0,
                problem.held[kind],
                problem.available[kind],
            )
            if cost is None:
                return None
            pairs, jokers, forced = pairs + cost.no_joker, jokers + cost.joker, forced + cost.forced
    return KindCost(pairs, jokers, forced)


def _store(
    following: dict[State, Front], state: State, front: Front, cost: KindCost, problem: _Problem, limit: int
) -> None:
    phase, tiles, forced, used, wild_used, dragons = state
    forced += cost.forced
    if tiles > HAND_SIZE or forced > problem.available[JOKER]:
        return
    points = [(pairs + cost.no_joker, jokers + cost.joker) for pairs, jokers in front]
    held_jokers = problem.jokers
    points = [(pairs, jokers) for pairs, jokers in points if pairs + max(jokers - held_jokers, 0) < limit]
    if not points:
        return
    target = following.setdefault((phase, tiles, forced, used, wild_used, dragons), [])
    for point in points:
        add_to_front(target, point)


def standard_instance_away(
    hand: Hand,
    options: FlexOptions,
    singles: Sequence[Sequence[int]],
    flower_sizes: Sequence[int],
    suits: tuple[FlexSuit, ...],
    limit: int = _INFINITY,
) -> int:
    """The fewest exchanges to a standard hand with the concealed ``singles`` sets (the exposed
    ones are the hand's), a flower set of one of ``flower_sizes`` (0: none; the exposed set's
    size when one is exposed) and number sets in ``suits``; a large number when there is none.
    A result at or above ``limit`` only says that no hand closer than ``limit`` was found."""
    problem = _problem(hand, options)
    exposed_singles_tiles = sum(len(flex_set.group.tiles) for flex_set in problem.singles)
    slots = [0] * NUM_TILE_KINDS
    for pattern in singles:
        for index in pattern:
            slots[index] += 1
    base_tiles = exposed_singles_tiles + sum(len(pattern) for pattern in singles)
    best = _INFINITY
    for sequence in SEQUENCES.values():
        # Settle now every kind no number set can touch: flowers, singles-only kinds.
        touched = {_kind(suit, number) for suit in suits for number in (*sequence, 0)}
        base = _settle_untouched(problem, slots, touched)
        if base is None:
            continue
        no_wild = (0,) * len(_wild_sizes(problem))
        start: dict[tuple[int, int, tuple[int, ...]], Front] = {}
        for size in flower_sizes:
            flower_slots = size if not problem.flowers else 0
            flower_cost = kind_cost(flower_slots, 0, problem.held[FLOWER], problem.available[FLOWER])
            if flower_cost is None:
                continue
            forced = base.forced + flower_cost.forced
            front = start.setdefault((base_tiles + size, forced, no_wild), [])
            add_to_front(front, (base.no_joker + flower_cost.no_joker, 0))
        if start:
            closed = frozenset({FLOWER})
            best = min(best, _numbers_dp(problem, suits, sequence, start, slots, closed, True, min(best, limit)))
    return best


def _settle_untouched(problem: _Problem, slots: Sequence[int], touched: set[int]) -> KindCost | None:
    pairs = jokers = forced = 0
    for index, count in enumerate(slots):
        if count and index not in touched:
            cost = kind_cost(count, 0, problem.held[index], problem.available[index])
            if cost is None:
                return None
            pairs += cost.no_joker
            forced += cost.forced
    return KindCost(pairs, jokers, forced)
