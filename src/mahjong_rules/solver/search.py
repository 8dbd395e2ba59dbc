"""Arranging concealed tiles into a grammar's groups: every arrangement, lazily, or whether there
is one (memoized).

The search visits tile kinds in index order and, at each kind, covers every remaining copy at once
(singles groups whose first tile it is, chows starting there, then identical groups with the
jokers they take), so each arrangement is produced exactly once. Jokers left at the end form
all-joker groups when the grammar allows them.
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Iterator, Sequence

from mahjong_rules.solver._cache import BoundedMemo
from mahjong_rules.solver.grammar import JOKER, SUIT_OF_INDEX, Grammar, Group, GroupRule
from mahjong_rules.tiles import NUM_TILE_KINDS

__all__ = ["arrangements", "has_arrangement"]

_MEMO_LIMIT = 1 << 13  # about 4 MB of keys at most
_ORDER = tuple(index for index in range(NUM_TILE_KINDS) if index != JOKER)

Choice = tuple[tuple[Group, ...], tuple[tuple[int, int], ...], int]
"""Groups added, (tile index, copies used) for every tile they use, jokers used."""


@functools.lru_cache(maxsize=16)
def _singles_by_first(grammar: Grammar) -> dict[int, tuple[tuple[int, ...], ...]]:
    found: dict[int, list[tuple[int, ...]]] = {}
    for pattern in grammar.singles:
        found.setdefault(pattern[0], []).append(pattern)
    return {first: tuple(patterns) for first, patterns in found.items()}


def _identical_parts(
    rule: GroupRule, copies: int, jokers: int, largest: tuple[int, int], one_group: bool
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Multisets of (natural tiles, jokers) covering ``copies`` tiles of one kind, largest first."""
    if copies == 0:
        yield ()
        return
    for naturals in range(copies, 0 if not one_group else copies - 1, -1):
        for size in rule.sizes:
            used = size - naturals
            if used < 0 or used > jokers or (naturals, used) > largest:
                continue
            if used and (rule.jokers_from is None or size < rule.jokers_from):
                continue
            for rest in _identical_parts(rule, copies - naturals, jokers - used, (naturals, used), one_group):
                yield ((naturals, used), *rest)


def _joker_groups(jokers: int, sizes: tuple[int, ...], largest: int) -> Iterator[tuple[int, ...]]:
    if jokers == 0:
        yield ()
        return
    for size in sizes:
        if size <= min(jokers, largest):
            for rest in _joker_groups(jokers - size, sizes, size):
                yield (size, *rest)


def _singles_choices(
    patterns: tuple[tuple[int, ...], ...], remaining: Sequence[int]
) -> Iterator[tuple[tuple[Group, ...], tuple[tuple[int, int], ...]]]:
    """Every multiset of the singles patterns that fits in ``remaining``."""
    if not patterns:
        yield (), ()
        return
    first, rest = patterns[0], patterns[1:]
    most = min(remaining[index] // first.count(index) for index in set(first))
    for times in range(most + 1):
        used = {index: first.count(index) * times for index in set(first)}
        reduced = list(remaining)
        for index, count in used.items():
            reduced[index] -= count
        for groups, uses in _singles_choices(rest, reduced):
            mine = (Group("singles", first),) * times
            yield mine + groups, tuple(used.items()) + uses


def _choices(grammar: Grammar, index: int, remaining: Sequence[int], jokers: int) -> Iterator[Choice]:
    """Every way of covering all copies of tile ``index``, given what is left."""
    rule = grammar.rule_for(index)
    patterns = _singles_by_first(grammar).get(index, ())
    for singles, singles_uses in _singles_choices(patterns, remaining):
        left = list(remaining)
        for used_index, count in singles_uses:
            left[used_index] -= count
        suit = SUIT_OF_INDEX.get(index)
        chow_limit = 0
        if grammar.chows and suit is not None and SUIT_OF_INDEX.get(index + 2) is suit:
            chow_limit = min(left[index], left[index + 1], left[index + 2])
        for chows in range(chow_limit + 1):
            rest = left[index] - chows
            if rest and rule is None:
                continue
            parts = _identical_parts(rule, rest, jokers, (99, 99), grammar.one_group_per_tile) if rule else [()]
            chow_groups = (Group("chow", (index, index + 1, index + 2)),) * chows
            chow_uses = ((index + 1, chows), (index + 2, chows)) if chows else ()
            for part in parts:
                identical = tuple(Group("identical", (index,) * naturals, used) for naturals, used in part)
                used_jokers = sum(used for _, used in part)
                yield (
                    singles + chow_groups + identical,
                    ((index, remaining[index]), *_except(singles_uses, index), *chow_uses),
                    used_jokers,
                )


def _except(uses: tuple[tuple[int, int], ...], index: int) -> tuple[tuple[int, int], ...]:
    """The uses of tiles other than ``index`` (whose copies are all accounted for at once)."""
    return tuple((used, count) for used, count in uses if used != index)


def _finish_counts_ok(grammar: Grammar, pairs: int, groups: int) -> bool:
    return (grammar.pairs is None or pairs == grammar.pairs) and (grammar.sets is None or groups == grammar.sets)


def _too_many(grammar: Grammar, pairs: int, groups: int) -> bool:
    return (grammar.pairs is not None and pairs > grammar.pairs) or (grammar.sets is not None and groups > grammar.sets)


def arrangements(grammar: Grammar, counts: Sequence[int]) -> Iterator[tuple[Group, ...]]:
    """Every arrangement of the tiles in ``counts`` (jokers at the joker's index) into the
    grammar's groups, each exactly once, lazily.

    >>> from mahjong_rules import Hand, Tile
    >>> from mahjong_rules.solver import Grammar, GroupRule
    >>> grammar = Grammar(groups=(GroupRule.of(Tile.all()[:34], sizes=(2, 3, 4)),), one_group_per_tile=True)
    >>> for groups in arrangements(grammar, Hand.parse("222B 44B J").counts):
    ...     print(" ".join(map(str, groups)))
    (2B 2B 2B) (4B 4B J)
    (2B 2B 2B J) (4B 4B)
    """
    remaining = list(counts)
    jokers = remaining[JOKER]
    remaining[JOKER] = 0
    yield from _arrange(grammar, 0, remaining, jokers, 0, 0, ())


def _arrange(
    grammar: Grammar,
    position: int,
    remaining: list[int],
    jokers: int,
    pairs: int,
    groups: int,
    built: tuple[Group, ...],
) -> Iterator[tuple[Group, ...]]:
    while position < len(_ORDER) and remaining[_ORDER[position]] == 0:
        position += 1
    if position == len(_ORDER):
        if jokers and not grammar.all_joker_groups:
            return
        for sizes in _joker_groups(jokers, grammar.joker_sizes, 99):
            final_pairs = pairs + sizes.count(2)
            if _finish_counts_ok(grammar, final_pairs, groups + len(sizes)):
                yield built + tuple(Group("identical", (), size) for size in sizes)
        return
    index = _ORDER[position]
    for added, uses, used_jokers in _choices(grammar, index, remaining, jokers):
        new_pairs = pairs + sum(1 for group in added if group.is_pair)
        new_groups = groups + len(added)
        if _too_many(grammar, new_pairs, new_groups):
            continue
        for used, count in uses:
            remaining[used] -= count
        yield from _arrange(
            grammar, position + 1, remaining, jokers - used_jokers, new_pairs, new_groups, built + added
        )
        for used, count in uses:
            remaining[used] += count


def _search_has_arrangement(key: tuple[int, tuple[int, ...]]) -> bool:
    return next(arrangements(_grammars_by_number[key[0]], key[1]), None) is not None


# One memo for every grammar, so that its size stays bounded however many rulesets a process
# builds (a server that makes one per request, each with its own year or options). Its keys name
# a grammar by a number never reused, not by the grammar itself: a grammar dropped by every
# ruleset is freed (numbers of dropped grammars stay in the memo until it is next emptied).
_memo: BoundedMemo[tuple[int, tuple[int, ...]], bool] = BoundedMemo(_search_has_arrangement, _MEMO_LIMIT)
_numbers: weakref.WeakKeyDictionary[Grammar, int] = weakref.WeakKeyDictionary()
_grammars_by_number: weakref.WeakValueDictionary[int, Grammar] = weakref.WeakValueDictionary()
_next_number = itertools.count()


def _number(grammar: Grammar) -> int:
    number = _numbers.get(grammar)
    if number is None:
        number = _numbers[grammar] = next(_next_number)
        _grammars_by_number[number] = grammar
    return number


def has_arrangement(grammar: Grammar, counts: Sequence[int]) -> bool:
    """Whether the tiles in ``counts`` can be arranged into the grammar's groups (memoized on the
    grammar and the counts).

    >>> from mahjong_rules import Hand, Tile
    >>> from mahjong_rules.solver import Grammar
    >>> has_arrangement(Grammar.standard(), Hand.parse("123m456m789m234p55s").counts)
    True
    """
    return _memo((_number(grammar), tuple(counts)))
