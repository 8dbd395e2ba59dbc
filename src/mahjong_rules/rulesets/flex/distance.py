"""Exact tiles away for Flex: the fewest tiles to exchange to reach any valid Flex hand.

Every valid hand is a *target*: a multiset of sets, each of one tile (or of jokers), some of
them exposed already. The distance to one target is the solver's formula (natural tiles fill
first the slots jokers cannot fill: pairs, flowers, singles; jokers fill what is left of the
triples and quads). The minimum over every standard number hand is a dynamic programme over the
numbers of a sequence, for each choice of suits, flower set and singles sets: at each number the
hand's set is skipped (outside the block of consecutive numbers), an exposed set, or a concealed
set of 2 to 4 tiles in one of the suits. A tile kind's cost is settled once all its slots are
known (a dragon's at the end, since it is both 0 and 10, ruling F1). Winds hands and the Flextra
special sequences have few shapes and are enumerated with :func:`~mahjong_rules.solver.target_away`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from mahjong_rules.hand import Hand
from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.rules import SEQUENCES
from mahjong_rules.rulesets.flex.sets import NUMBER_SUITS, FlexSet, FlexSuit, SetKind, group_of_meld, read_group
from mahjong_rules.solver import Grammar, Group, TargetGroup, target_away
from mahjong_rules.solver.distance import KindCost, add_to_front, kind_cost, singles_multisets
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat, Suit, Tile

__all__ = ["flex_tiles_away"]

JOKER = Tile.JOKER.index
FLOWER = Tile.FLOWER.index
HAND_SIZE = 14
_INFINITY = 1 << 20
WIND_INDEXES = tuple(seat.wind.index for seat in Seat)


def _kind(suit: FlexSuit, number: int) -> int:
    real = Suit(NUMBER_SUITS.index(suit))
    return real.dragon.index if number in (0, 10) else real.tile(number).index


Front = list[tuple[int, int]]


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
) -> int:
    """The cheapest way to add number sets of ``suits`` in one block of ``sequence`` to the
    ``start`` states ((tiles, forced jokers, all-joker exposures used per size) -> front), given
    the slots already fixed on each kind."""
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
                _store(following, state, front, choice.cost, problem)
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


def _store(following: dict[State, Front], state: State, front: Front, cost: KindCost, problem: _Problem) -> None:
    phase, tiles, forced, used, wild_used, dragons = state
    forced += cost.forced
    if tiles > HAND_SIZE or forced > problem.available[JOKER]:
        return
    target = following.setdefault((phase, tiles, forced, used, wild_used, dragons), [])
    for pairs, jokers in front:
        add_to_front(target, (pairs + cost.no_joker, jokers + cost.joker))


def _suit_of_singles(pattern: Sequence[int]) -> FlexSuit:
    tile = Tile.from_index(pattern[0])
    suit = tile.american_suit
    return FlexSuit.WINDS if suit is None else NUMBER_SUITS[suit.value]


def _number_suit_choices(others: set[FlexSuit]) -> list[tuple[FlexSuit, ...]]:
    """The largest sets of number suits that keep the hand within two suits."""
    room = 2 - len(others)
    if room < 0:
        return []
    present = [suit for suit in NUMBER_SUITS if suit in others]
    free = [suit for suit in NUMBER_SUITS if suit not in others]
    return [
        tuple(sorted(present + list(extra), key=NUMBER_SUITS.index)) for extra in itertools.combinations(free, room)
    ]


def _standard_away(problem: _Problem, options: FlexOptions, grammar: Grammar) -> int:
    if problem.winds or len(problem.flowers) > 1:
        return _INFINITY
    best = _INFINITY
    exposed_singles = [flex_set.group.tiles for flex_set in problem.singles]
    exposed_singles_tiles = sum(len(pattern) for pattern in exposed_singles)
    flower_sizes: list[int]
    flower_sizes = [problem.flowers[0].size] if problem.flowers else [0, *list(range(2, options.flowers + 1))]
    fixed_tiles = sum(s.size for s in problem.fixed) + sum(s.size for s in problem.wild)
    for singles in singles_multisets(grammar.singles, HAND_SIZE - exposed_singles_tiles - fixed_tiles):
        all_singles = list(singles) + exposed_singles
        slots = [0] * NUM_TILE_KINDS
        for pattern in singles:
            for index in pattern:
                slots[index] += 1
        singles_suits = {_suit_of_singles(pattern) for pattern in all_singles}
        base_tiles = exposed_singles_tiles + sum(len(p) for p in singles)
        for with_flowers in (False, True):
            sizes = [size for size in flower_sizes if (size > 0) == with_flowers]
            if not sizes:
                continue
            others = singles_suits | ({FlexSuit.FLOWERS} if with_flowers else set())
            for suits in _number_suit_choices(others):
                if any(flex_set.suit not in suits for flex_set in problem.fixed):
                    continue
                for sequence in SEQUENCES.values():
                    # Settle now every kind no number set can touch: flowers, singles-only kinds.
                    touched = {_kind(suit, number) for suit in suits for number in (*sequence, 0)}
                    base = _settle_untouched(problem, slots, touched)
                    if base is None:
                        continue
                    no_wild = (0,) * len(_wild_sizes(problem))
                    start: dict[tuple[int, int, tuple[int, ...]], Front] = {}
                    for size in sizes:
                        flower_slots = size if not problem.flowers else 0
                        flower_cost = kind_cost(flower_slots, 0, problem.held[FLOWER], problem.available[FLOWER])
                        if flower_cost is None:
                            continue
                        forced = base.forced + flower_cost.forced
                        front = start.setdefault((base_tiles + size, forced, no_wild), [])
                        add_to_front(front, (base.no_joker + flower_cost.no_joker, 0))
                    if start:
                        closed = frozenset({FLOWER})
                        best = min(best, _numbers_dp(problem, suits, sequence, start, slots, closed, True))
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


def _opposite_winds_away(problem: _Problem) -> int:
    """Flextra Opposite Winds: two sets of opposite winds and number sets of one suit."""
    if problem.flowers or problem.singles:
        return _INFINITY
    best = _INFINITY
    wild_sizes = _wild_sizes(problem)
    exposed_winds = {flex_set.wind: flex_set for flex_set in problem.winds}
    if len(exposed_winds) < len(problem.winds):
        return _INFINITY
    for pair in ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST)):
        if any(wind not in pair for wind in exposed_winds):
            continue
        start: dict[tuple[int, int, tuple[int, ...]], Front] = {}
        # Each wind of the pair: its exposed set, an all-joker exposure, or a concealed set.
        choices: list[list[tuple[str, int]]] = []
        for wind in pair:
            if wind in exposed_winds:
                choices.append([("exposed", exposed_winds[wind].size)])
            else:
                choices.append([("concealed", size) for size in (2, 3, 4)] + [("wild", size) for size in wild_sizes])
        for picked in itertools.product(*choices):
            pairs = jokers = forced = 0
            wild_used = [0] * len(wild_sizes)
            possible = True
            for wind, (source, size) in zip(pair, picked, strict=True):
                if source == "wild":
                    wild_used[wild_sizes.index(size)] += 1
                if source != "concealed":
                    continue
                no_joker, joker = (2, 0) if size == 2 else (0, size)
                cost = kind_cost(no_joker, joker, problem.held[wind.wind.index], problem.available[wind.wind.index])
                if cost is None:
                    possible = False
                    break
                pairs, jokers, forced = pairs + cost.no_joker, jokers + cost.joker, forced + cost.forced
            needed = [sum(1 for s in problem.wild if s.size == size) for size in wild_sizes]
            if possible and all(used <= need for used, need in zip(wild_used, needed, strict=True)):
                tiles = sum(size for _, size in picked)
                add_to_front(start.setdefault((tiles, forced, tuple(wild_used)), []), (pairs, jokers))
        for suit in NUMBER_SUITS:
            if any(flex_set.suit is not suit for flex_set in problem.fixed):
                continue
            for sequence in SEQUENCES.values():
                closed = frozenset(WIND_INDEXES)
                best = min(best, _numbers_dp(problem, (suit,), sequence, start, [0] * NUM_TILE_KINDS, closed, False))
    return best


# -- hands with few shapes: enumerated targets ---------------------------------------------------


def _group(index: int, size: int, jokers: bool) -> TargetGroup:
    return TargetGroup((index,) * size, jokers and size >= 3)


def _winds_targets(options: FlexOptions) -> Iterator[list[TargetGroup]]:
    flower_sizes = [0, *list(range(2, options.flowers + 1))]
    for sizes in itertools.product((2, 3, 4), repeat=4):
        flowers = HAND_SIZE - sum(sizes)
        if flowers in flower_sizes:
            groups = [_group(index, size, True) for index, size in zip(WIND_INDEXES, sizes, strict=True)]
            if flowers:
                groups.append(_group(FLOWER, flowers, False))
            yield groups


def _like_numbers_targets(options: FlexOptions, grammar: Grammar) -> Iterator[list[TargetGroup]]:
    extras: list[list[TargetGroup]] = []
    for flowers in [0, *range(2, options.flowers + 1)]:
        for count in range(3):
            for singles in itertools.combinations_with_replacement(grammar.singles, count):
                if not flowers and not singles:
                    continue
                extra = [TargetGroup(tuple(pattern), False) for pattern in singles]
                if flowers:
                    extra.append(_group(FLOWER, flowers, False))
                extras.append(extra)
    for number in range(10):  # 0 stands for the dragons (0 and 10 are the same tiles)
        kinds = [_kind(suit, number) for suit in NUMBER_SUITS]
        for sizes in itertools.product((2, 3, 4), repeat=3):
            for extra in extras:
                if sum(sizes) + sum(group.size for group in extra) == HAND_SIZE:
                    yield [_group(kind, size, True) for kind, size in zip(kinds, sizes, strict=True)] + extra


def _double_sequence_targets() -> Iterator[list[TargetGroup]]:
    for first, second in itertools.combinations(NUMBER_SUITS, 2):
        for sequence in SEQUENCES.values():
            for start in range(len(sequence) - 2):
                block = sequence[start : start + 3]
                kinds = [_kind(suit, number) for suit in (first, second) for number in block]
                for sizes in itertools.product((2, 3, 4), repeat=6):
                    if sum(sizes) == HAND_SIZE:
                        yield [_group(kind, size, True) for kind, size in zip(kinds, sizes, strict=True)]


def _enumerated_away(hand: Hand, problem: _Problem, targets: Iterator[list[TargetGroup]]) -> int:
    exposed = [group_of_meld(meld) for meld in hand.melds]
    best = _INFINITY
    for target in targets:
        if not _within(target, problem, exposed):
            continue
        away = target_away(hand.concealed_counts, target, exposed)
        if away is not None:
            best = min(best, away)
    return best


def _within(target: Sequence[TargetGroup], problem: _Problem, exposed: Sequence[Group]) -> bool:
    """Whether the target's natural tiles exist in the tile set (exposed copies included)."""
    needed = [0] * NUM_TILE_KINDS
    for target_group in target:
        if not target_group.jokers:
            for index in target_group.tiles:
                needed[index] += 1
    total = [problem.available[index] for index in range(NUM_TILE_KINDS)]
    for exposed_group in exposed:
        for index in exposed_group.tiles:
            total[index] += 1
    return all(needed[index] <= total[index] for index in range(NUM_TILE_KINDS))


def flex_tiles_away(hand: Hand, options: FlexOptions, grammar: Grammar) -> int | None:
    """The fewest tiles to exchange for ``hand`` to become a valid Flex hand of 14 tiles, its
    exposed sets kept; ``None`` if no valid hand keeps them."""
    problem = _problem(hand, options)
    if problem.other:
        return None
    best = _standard_away(problem, options, grammar)
    if options.winds:
        best = min(best, _enumerated_away(hand, problem, _winds_targets(options)))
        if options.opposite_winds:
            best = min(best, _opposite_winds_away(problem))
    if options.like_numbers:
        best = min(best, _enumerated_away(hand, problem, _like_numbers_targets(options, grammar)))
    if options.double_sequence:
        best = min(best, _enumerated_away(hand, problem, _double_sequence_targets()))
    return None if best >= _INFINITY else best
