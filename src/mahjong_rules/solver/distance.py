"""Exact tiles away for grammars of identical groups with jokers, and for concrete targets.

For one concrete target (the groups a finished hand would hold), natural tiles go first to the
slots jokers cannot fill (pairs, singles), then to the others; jokers fill what is left of the
joker-eligible slots. With ``NP`` a tile's count in slots jokers cannot fill, ``NE`` its count in
joker-eligible slots, ``h`` the hand's count and ``J`` the hand's jokers::

    away = sum(max(NP - h, 0)) + max(sum(max(NE - max(h - NP, 0), 0)) - J, 0)

:func:`target_away` applies this to one target, matching each exposed set to a whole group of
the target first. :func:`grammar_away` finds the minimum over every target a grammar of identical
and singles groups allows, by a programme over tile kinds whose states are the bits of one integer
(see "the minimum over a grammar's targets" below).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from mahjong_rules.errors import GrammarError
from mahjong_rules.solver.grammar import JOKER, Grammar, Group
from mahjong_rules.tiles import NUM_TILE_KINDS
from mahjong_rules.tilesets import TileSet

__all__ = ["KindCost", "TargetGroup", "add_to_front", "grammar_away", "kind_cost", "singles_multisets", "target_away"]


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


# -- helpers shared with the rulesets' own programmes -----------------------------------------------

Front = list[tuple[int, int]]
"""Minimal (missing tiles for joker-free slots, missing tiles for joker slots) pairs."""


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


def singles_multisets(patterns: tuple[tuple[int, ...], ...], size: int) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every multiset of the singles ``patterns`` holding at most ``size`` tiles."""
    if not patterns:
        yield ()
        return
    first, rest = patterns[0], patterns[1:]
    for times in range(size // len(first) + 1):
        for others in singles_multisets(rest, size - times * len(first)):
            yield (first,) * times + others


# -- the minimum over a grammar's targets -----------------------------------------------------------
#
# A target is a choice, for every tile kind, of its identical groups (and of how many times each
# singles group appears); each kind then adds to five sums, which are all the minimum needs:
#
#   t   the target's tiles               (must end at ``size``)
#   pd  tiles missing from joker-free slots
#   u   tiles missing from all slots     (u - pd from joker slots)
#   p   pairs, g groups                  (counted only when the grammar fixes their number)
#   f   jokers forced by kinds with more slots than copies in the set (at most the set's jokers)
#
# and the formula above is ``pd + max(u - pd - J, 0) = max(u - J, pd)``.
#
# The set of reachable sums is one integer used as a bit set: bit ``t + T*(pd + W*(u + W*(p + P*(g
# + G*f))))`` is set when some choice so far reaches those sums. Adding a kind ORs shifted copies
# of the set, one per option, and one AND drops the sums out of range. Each field has room above
# its range for one kind's step, so an overflow never carries into the next field before the AND
# drops it (a state in range has u <= t <= size, so u and pd need none); f, the highest, needs
# none, and keeps the integer short while few jokers are forced. Singles groups are folded in:
# the kinds they use are added once per multiset of them, from that multiset's start, and the
# union goes on through the other kinds. Kinds the hand does not hold are interchangeable: what
# they can add is precomputed per rule, copies in the set and number of such kinds (all-joker
# groups included), and each of those increments moves only the states it completes.


class _KindOption(NamedTuple):
    tiles: int
    pairs: int
    groups: int
    no_joker_slots: int
    joker_slots: int


_NO_GROUP = _KindOption(0, 0, 0, 0, 0)

Increment = tuple[int, int, int, int, int, int]
"""(tiles, pd, u, pairs, groups, forced) added by one choice."""


@functools.lru_cache(maxsize=1024)
def _size_options(
    sizes: tuple[int, ...], jokers_from: int | None, one_group: bool, all_joker_groups: bool, limit: int
) -> tuple[_KindOption, ...]:
    options = [_NO_GROUP]
    most = 1 if one_group else limit // min(sizes)
    for count in range(1, most + 1):
        for chosen in itertools.combinations_with_replacement(sizes, count):
            if sum(chosen) > limit:
                continue
            no_joker = joker = 0
            for size in chosen:
                if jokers_from is not None and size >= jokers_from:
                    # Without all-joker groups, an eligible group still needs one natural tile.
                    natural = 0 if all_joker_groups else 1
                    no_joker += natural
                    joker += size - natural
                else:
                    no_joker += size
            options.append(_KindOption(sum(chosen), chosen.count(2), count, no_joker, joker))
    return tuple(options)


def _pareto(increments: Iterator[Increment] | list[Increment]) -> list[Increment]:
    """Drop every increment that another with the same tiles, pairs and groups beats or equals
    in pd, u and forced jokers (all three only ever hurt)."""
    kept: dict[tuple[int, int, int], list[Increment]] = {}
    for step in sorted(set(increments), key=lambda step: (step[1] + step[2] + step[5], step)):
        same = kept.setdefault((step[0], step[3], step[4]), [])
        if not any(other[1] <= step[1] and other[2] <= step[2] and other[5] <= step[5] for other in same):
            same.append(step)
    return [step for group in kept.values() for step in group]


class _Layout(NamedTuple):
    size: int
    t_width: int
    pairs: int | None  # the exact number the concealed part needs, None: not counted
    pairs_width: int
    groups: int | None
    groups_width: int
    jokers: int  # the tile set's: no state ever forces more

    def strides(self) -> tuple[int, int, int, int, int]:
        wide = self.size + 1
        pd = self.t_width
        u = pd * wide
        pairs = u * wide
        groups = pairs * self.pairs_width
        return pd, u, pairs, groups, groups * self.groups_width

    def shift(self, step: Increment) -> int:
        tiles, pd, u, pairs, groups, forced = step
        pd_stride, u_stride, pairs_stride, groups_stride, forced_stride = self.strides()
        pairs = pairs if self.pairs is not None else 0
        groups = groups if self.groups is not None else 0
        fields = pd * pd_stride + u * u_stride + pairs * pairs_stride + groups * groups_stride
        return tiles + fields + forced * forced_stride

    def fits(self, step: Increment) -> bool:
        """Whether the step's overflow stays within the room above each field's range."""
        return (
            step[0] < self.t_width - self.size
            and (self.pairs is None or step[3] < self.pairs_width - self.pairs)
            and (self.groups is None or step[4] < self.groups_width - self.groups)
        )


def _repeat(mask: int, stride: int, low: int, high: int) -> int:
    """``mask`` (below ``stride`` bits) copied at field values ``low`` to ``high``."""
    copies, placed, block, size = high - low + 1, 0, mask, 1
    repeated = 0
    while copies > 0:
        if copies & 1:
            repeated |= block << (placed * stride)
            placed += size
        block |= block << (size * stride)
        size *= 2
        copies >>= 1
    return repeated << (low * stride)


Range = tuple[int, int]


@functools.lru_cache(maxsize=1024)
def _mask(layout: _Layout, tiles: Range, pairs: Range, groups: Range, forced: Range) -> int:
    """The states whose fields lie in the given (inclusive) ranges, with any pd and u (pairs and
    groups are ignored when not counted)."""
    pd_stride, u_stride, pairs_stride, groups_stride, forced_stride = layout.strides()
    low, high = tiles[0], min(tiles[1], layout.t_width - 1)
    mask = ((1 << (high + 1)) - 1) ^ ((1 << low) - 1) if high >= low else 0
    mask = _repeat(mask, pd_stride, 0, layout.size)
    mask = _repeat(mask, u_stride, 0, layout.size)
    if layout.pairs is not None:
        mask = _repeat(mask, pairs_stride, pairs[0], pairs[1])
    if layout.groups is not None:
        mask = _repeat(mask, groups_stride, groups[0], groups[1])
    return _repeat(mask, forced_stride, forced[0], forced[1])


def _valid(layout: _Layout, set_jokers: int) -> int:
    """The states in range: at most ``size`` tiles, the pairs and groups needed, the jokers left."""
    return _mask(layout, (0, layout.size), (0, layout.pairs or 0), (0, layout.groups or 0), (0, set_jokers))


def _room(layout: _Layout, step: Increment) -> int:
    """The states that a step keeps within the ranges of tiles, pairs and groups."""
    pairs = (0, layout.pairs - step[3]) if layout.pairs is not None else (0, 0)
    groups = (0, layout.groups - step[4]) if layout.groups is not None else (0, 0)
    return _mask(layout, (0, layout.size - step[0]), pairs, groups, (0, layout.jokers))


class _Steps(NamedTuple):
    """One kind's options as shifts of the state set; ``masked`` ones could overflow the room
    above a field (several groups in one kind), so only the states they keep in range move."""

    plain: tuple[int, ...]
    masked: tuple[tuple[int, int], ...]


class _Plan(NamedTuple):
    """What every hand of one grammar shares for one size, numbers of pairs and groups to make,
    and tile set's number of jokers."""

    layout: _Layout
    kind_rules: tuple[int, ...]  # per tile kind: its rule's position in ``rules``, or -1
    rules: tuple[tuple[tuple[int, ...], int | None], ...]  # (sizes, jokers_from) of each rule
    singles_kinds: tuple[int, ...]  # kinds in some singles group, each handled on its own
    starts: tuple[tuple[int, tuple[int, ...]], ...]  # per multiset of singles groups: start bit, slots
    other_kinds: tuple[int, ...]  # kinds of a rule outside every singles group
    one_group: bool
    all_joker_groups: bool
    joker_sizes: tuple[int, ...]
    steps: dict[tuple[int, int, int, int], _Steps]  # filled on demand, bounded


_STEPS_LIMIT = 4096


@functools.lru_cache(maxsize=32)
def _plan(grammar: Grammar, pairs: int | None, sets: int | None, size: int, jokers: int) -> _Plan:
    rules = tuple((rule.sizes, rule.jokers_from) for rule in grammar.groups)
    kind_rules = [-1] * NUM_TILE_KINDS
    for position, rule in enumerate(grammar.groups):
        for index in rule.tiles:
            kind_rules[index] = position
    # The room above each field is the largest step of a kind holding at most one group (all of
    # them with one group per tile); larger steps mask the states they move instead.
    options = [
        option
        for sizes, jokers_from in rules
        for option in _size_options(sizes, jokers_from, grammar.one_group_per_tile, grammar.all_joker_groups, size)
        if option.groups <= 1
    ]
    room = max((option.tiles for option in options), default=0)
    pairs_width = groups_width = 1
    if pairs is not None:
        pairs_width = pairs + 1 + max((option.pairs for option in options), default=0)
    if sets is not None:
        groups_width = sets + 1 + max((option.groups for option in options), default=0)
    layout = _Layout(size, size + 1 + room, pairs, pairs_width, sets, groups_width, jokers)
    singles_kinds = tuple(sorted({index for pattern in grammar.singles for index in pattern}))
    starts = []
    for chosen in singles_multisets(grammar.singles, size):
        if sets is not None and len(chosen) > sets:
            continue
        slots = [0] * NUM_TILE_KINDS
        for pattern in chosen:
            for index in pattern:
                slots[index] += 1
        start = layout.shift((sum(slots), 0, 0, 0, len(chosen), 0))
        starts.append((start, tuple(slots[index] for index in singles_kinds)))
    other_kinds = tuple(
        index
        for index in range(NUM_TILE_KINDS)
        if index != JOKER and kind_rules[index] >= 0 and index not in singles_kinds
    )
    return _Plan(
        layout,
        tuple(kind_rules),
        rules,
        singles_kinds,
        tuple(starts),
        other_kinds,
        grammar.one_group_per_tile,
        grammar.all_joker_groups,
        grammar.joker_sizes if grammar.all_joker_groups else (),
        {},
    )


def _kind_steps(plan: _Plan, key: tuple[int, int, int, int]) -> _Steps:
    """One kind's options as shifts: its rule, held copies, singles slots and copies in the set
    give each option's increment (the kind's formula); beaten increments are dropped."""
    rule, held, slots, in_set = key
    options: tuple[_KindOption, ...] = (_NO_GROUP,)
    if rule >= 0:
        sizes, jokers_from = plan.rules[rule]
        options = _size_options(sizes, jokers_from, plan.one_group, plan.all_joker_groups, plan.layout.size)
    increments = []
    for option in options:
        no_joker = option.no_joker_slots + slots
        if no_joker > in_set:
            continue
        total = no_joker + option.joker_slots
        pd = max(no_joker - held, 0)
        increments.append((option.tiles, pd, max(total - held, 0), option.pairs, option.groups, max(total - in_set, 0)))
    layout = plan.layout
    best = _pareto(increments)
    plain = sorted({layout.shift(step) for step in best if layout.fits(step)})
    masked = sorted({(layout.shift(step), _room(layout, step)) for step in best if not layout.fits(step)})
    steps = _Steps(tuple(plain), tuple(masked))
    if len(plan.steps) >= _STEPS_LIMIT:
        plan.steps.clear()
    plan.steps[key] = steps
    return steps


def _sums(choices: list[list[Increment]], repeats: list[int], size: int) -> tuple[Increment, ...]:
    """The Pareto-best totals of at most ``repeats[i]`` picks among ``choices[i]``, for each i."""
    table: list[Increment] = [(0, 0, 0, 0, 0, 0)]
    for options, times in zip(choices, repeats, strict=True):
        for _ in range(times):
            grown = list(table)
            for base in table:
                for step in options:
                    if base[0] + step[0] <= size:
                        grown.append(
                            (
                                base[0] + step[0],
                                base[1] + step[1],
                                base[2] + step[2],
                                base[3] + step[3],
                                base[4] + step[4],
                                base[5] + step[5],
                            )
                        )
            table = _pareto(grown)
    return tuple(table)


@functools.lru_cache(maxsize=1024)
def _all_joker_table(joker_sizes: tuple[int, ...], size: int) -> tuple[Increment, ...]:
    """What all-joker groups can add: every slot needs a joker (held or drawn) and none can
    take a natural tile, so each group forces its jokers from the tile set."""
    options = [(joker_size, 0, joker_size, int(joker_size == 2), 1, joker_size) for joker_size in joker_sizes]
    return _sums([options], [size // min(joker_sizes)], size)


@functools.lru_cache(maxsize=1024)
def _pool_table(
    classes: tuple[tuple[tuple[int, ...], int | None, int, int], ...],
    one_group: bool,
    all_joker_groups: bool,
    joker_sizes: tuple[int, ...],
    size: int,
) -> tuple[Increment, ...]:
    """What groups on kinds the hand does not hold can add, all-joker groups included. Each class
    is (sizes, jokers_from, copies in the set, number of such kinds); every slot is missing."""
    choices: list[list[Increment]] = []
    repeats: list[int] = []
    for sizes, jokers_from, in_set, kinds in classes:
        options = []
        for option in _size_options(sizes, jokers_from, one_group, all_joker_groups, size)[1:]:
            if option.no_joker_slots <= in_set:
                forced = max(option.tiles - in_set, 0)
                options.append((option.tiles, option.no_joker_slots, option.tiles, option.pairs, option.groups, forced))
        choices.append(options)
        repeats.append(min(kinds, size // min(sizes)))
    if joker_sizes:
        choices.append(list(_all_joker_table(joker_sizes, size)))
        repeats.append(1)
    return _sums(choices, repeats, size)


@functools.lru_cache(maxsize=1024)
def _completions(layout: _Layout, pool: tuple[Increment, ...]) -> tuple[tuple[int, int], ...]:
    """For each increment of the pool: the states it completes (a mask) and its shift. (Those it
    takes past the jokers left are dropped afterwards.)"""
    found = []
    for step in pool:
        tiles, _pd, _u, pairs, groups, forced = step
        pairs_range = (0, 0) if layout.pairs is None else (layout.pairs - pairs, layout.pairs - pairs)
        groups_range = (0, 0) if layout.groups is None else (layout.groups - groups, layout.groups - groups)
        if forced > layout.jokers or pairs_range[0] < 0 or groups_range[0] < 0:
            continue
        needed = layout.size - tiles
        found.append(
            (_mask(layout, (needed, needed), pairs_range, groups_range, (0, layout.jokers)), layout.shift(step))
        )
    return tuple(found)


def _fewest_away(layout: _Layout, complete: int, jokers: int) -> int:
    """The least ``max(u - jokers, pd)`` among complete states (t = size, pairs and groups as
    needed): fold every (pairs, groups, forced) block onto the first, then read it by u."""
    pd_stride, u_stride, block, _groups_stride, _forced_stride = layout.strides()
    blocks = -(-complete.bit_length() // block)
    while blocks > 1:
        half = (blocks + 1) // 2
        complete = (complete & ((1 << (half * block)) - 1)) | (complete >> (half * block))
        blocks = half
    best = layout.size + 1
    row_mask = (1 << u_stride) - 1
    for u in range(layout.size + 1):
        if u - jokers >= best:
            break
        row = (complete >> (u * u_stride)) & row_mask
        if row:
            pd = ((row & -row).bit_length() - 1) // pd_stride
            best = min(best, max(u - jokers, pd))
    return best


def _grammar_distance(
    plan: _Plan, counts: Sequence[int], available: Sequence[int], taken: frozenset[int]
) -> int | None:
    layout = plan.layout
    valid = _valid(layout, available[JOKER])
    steps_of = plan.steps
    kind_rules = plan.kind_rules
    reached = 0
    for start, slots in plan.starts:
        states = 1 << start
        for index, slot in zip(plan.singles_kinds, slots, strict=True):
            key = (-1 if index in taken else kind_rules[index], counts[index], slot, available[index])
            steps = steps_of.get(key) or _kind_steps(plan, key)
            grown = 0
            for shift in steps.plain:
                grown |= states << shift
            for shift, keep in steps.masked:
                grown |= (states & keep) << shift
            states = grown & valid
            if not states:
                break
        reached |= states
    pool: dict[tuple[int, int], int] = {}
    for index in plan.other_kinds:
        if index in taken:
            continue
        held = counts[index]
        if not held:
            pool_key = (kind_rules[index], available[index])
            pool[pool_key] = pool.get(pool_key, 0) + 1
            continue
        if not reached:
            return None
        key = (kind_rules[index], held, 0, available[index])
        steps = steps_of.get(key) or _kind_steps(plan, key)
        grown = 0
        for shift in steps.plain:
            grown |= reached << shift
        for shift, keep in steps.masked:
            grown |= (reached & keep) << shift
        reached = grown & valid
    if not reached:
        return None
    classes = tuple((*plan.rules[rule], in_set, kinds) for (rule, in_set), kinds in sorted(pool.items()))
    table = _pool_table(classes, plan.one_group, plan.all_joker_groups, plan.joker_sizes, layout.size)
    complete = 0
    for mask, shift in _completions(layout, table):
        part = reached & mask
        if part:
            complete |= part << shift
    complete &= valid
    if not complete:
        return None
    return _fewest_away(layout, complete, counts[JOKER])


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
    if min(available) < 0 or size < 0:
        return None
    # The plan is the whole grammar's: with one group per tile, the kinds exposed as a group are
    # left out here rather than by the concealed grammar's rules (which differ with every exposure).
    taken: frozenset[int] = frozenset()
    if grammar.one_group_per_tile:
        taken = frozenset(group.tiles[0] for group in exposed if group.shape == "identical" and group.tiles)
    plan = _plan(grammar, concealed.pairs, concealed.sets, size, tileset.counts[JOKER])
    return _grammar_distance(plan, counts, available, taken)
