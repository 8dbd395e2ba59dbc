"""A card line's concrete hands ("variants"): every way to give its layouts' variables their values.

For each layout (``-or-`` alternative) and each choice among its groups' ``|`` alternatives (a
*form*), the expander tries every assignment of

- suits to the suit variables ``x y z`` (different suits, or as many different suits as the line's
  ``suits`` allows),
- numbers to the number variables ``a b c`` (different numbers, each from its own values),
- winds to the ``?`` groups and dragons to the groups of ``D`` without a suit (a different one in
  each group),
- a move of the written digits (the values the line's ``numbers`` gives the lowest digit of the
  layout; a move that takes a digit of the form outside 1 to 9 is skipped for that form).

A variant is a tuple of :class:`~mahjong_rules.solver.TargetGroup` (the tile indexes of a group,
sorted, and whether jokers may stand in it: 3 or more identical tiles without ``!``, ruling N2) in
the pattern's order; two assignments giving the same groups in another order are one hand, kept
once. Every assignment tried counts as a step of work, so that a line or card whose variables
multiply out of proportion is refused before it takes long, whatever few hands come out.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import NamedTuple

from mahjong_rules.rulesets.nmjl.pattern import NUMBER_VARIABLES, NUMBERS, SUIT_VARIABLES, Alternative, Layout
from mahjong_rules.solver import TargetGroup
from mahjong_rules.tiles import Tile

__all__ = ["ALL_NUMBERS", "Expansion", "Rules", "Shown", "TooManyVariants", "TooMuchWork", "Variant", "expand"]

Variant = tuple[TargetGroup, ...]
Shown = tuple[tuple[int, ...], ...]
"""A concrete hand as written: each group's tile indexes in the order the pattern writes them."""

ALL_NUMBERS = tuple(range(1, 10))

_SUIT_BASE = {"B": Tile.parse("1B").index, "C": Tile.parse("1C").index, "D": Tile.parse("1D").index}
_SUITS = ("B", "C", "D")  # Bams, Craks, Dots
_DRAGON_OF = {suit: Tile.parse(dragon).index for suit, dragon in zip(_SUITS, ("GD", "RD", "WD"), strict=True)}  # T1
_DRAGONS = tuple(Tile.parse(dragon).index for dragon in ("GD", "RD", "WD"))
_WINDS = tuple(Tile.parse(wind).index for wind in "ESWN")
_FIXED_TILES = {
    "F": Tile.FLOWER.index,
    "0": Tile.parse("WD").index,  # ruling N3: the Soap as a zero, suitless
    "G": Tile.parse("GD").index,
    "R": Tile.parse("RD").index,
} | {wind: Tile.parse(wind).index for wind in "NEWS"}


class TooManyVariants(Exception):
    """A line has more concrete hands than the limit."""


class TooMuchWork(Exception):
    """Expanding a line would take more steps (assignments tried) than the budget left."""


class Rules(NamedTuple):
    """How a line's variables may vary (its keys besides the pattern).

    Attributes:
        numbers: the values the lowest written digit of a layout may take (``None``: as written).
        suits: how many different suits the suit variables may use (``None``: each variable its
            own suit).
        letters: the values of each number variable (a variable not named here: 1 to 9).
    """

    numbers: tuple[int, ...] | None = None
    suits: frozenset[int] | None = None
    letters: Mapping[str, tuple[int, ...]] = {}


class Expansion(NamedTuple):
    """What a line expands to, and which parts of what it says gave a hand that can be made.

    Attributes:
        variants: the line's concrete hands that can be made, each once.
        shown: the same hands as written (group by group, tiles in the pattern's order).
        alternatives: ``(layout, group, alternative)`` of every ``|`` alternative in a hand.
        layouts: the layouts with a hand.
        values: the values of ``numbers`` that gave a hand.
        letters: per number variable, the values that gave a hand.
        suit_counts: how many different suits the hands use.
        moved: ``(layout, group, alternative)`` of every ``|`` alternative in a form that some
            value of ``numbers`` keeps within 1 to 9 (made or not).
        moved_layouts: the layouts with such a form.
        steps: the assignments tried.
    """

    variants: list[Variant]
    shown: list[Shown]
    alternatives: set[tuple[int, int, int]]
    layouts: set[int]
    values: set[int]
    letters: dict[str, set[int]]
    suit_counts: set[int]
    moved: set[tuple[int, int, int]]
    moved_layouts: set[int]
    steps: int


# An element compiled for speed: (kind, value, variable). Kinds: "n" a digit (moves), "l" a number
# variable, "d" the dragon of a suit, "D" any dragon, "?" any wind, "t" a fixed tile.
_Op = tuple[str, int, str]


class _Written(NamedTuple):
    """One alternative of a group, read once: its elements as operations and what it depends on."""

    ops: tuple[_Op, ...]
    variables: tuple[str, ...]  # its suit variables
    letters: tuple[str, ...]  # its number variables
    digits: tuple[int, ...]  # its digits, as written
    digits_low: int  # the lowest of them (10 when it has none)
    digits_high: int  # the highest (0 when it has none)
    any_wind: bool
    any_dragon: bool
    no_jokers: bool


def _written(alternative: Alternative) -> _Written:
    ops: list[_Op] = []
    for element in alternative.elements:
        symbol, suit = element.symbol, element.suit or ""
        if symbol in NUMBERS:
            ops.append(("n", int(symbol), suit))
        elif symbol in NUMBER_VARIABLES:
            ops.append(("l", 0, symbol + suit))
        elif symbol == "D":
            ops.append(("d", 0, suit) if suit else ("D", 0, ""))
        elif symbol == "?":
            ops.append(("?", 0, ""))
        else:
            ops.append(("t", _FIXED_TILES[symbol], ""))
    elements = alternative.elements
    digits = tuple(int(e.symbol) for e in elements if e.symbol in NUMBERS)
    return _Written(
        tuple(ops),
        tuple(sorted({e.suit for e in elements if e.suit})),
        tuple(sorted({e.symbol for e in elements if e.symbol in NUMBER_VARIABLES})),
        digits,
        min(digits, default=10),
        max(digits, default=0),
        any(e.symbol == "?" for e in elements),
        any(e.symbol == "D" and not e.suit for e in elements),
        alternative.no_jokers,
    )


@functools.cache
def _suit_choices(count: int, allowed: frozenset[int] | None) -> tuple[tuple[str, ...], ...]:
    """The suits of ``count`` suit variables: all different, or as many different as ``allowed``
    says (a form without suit variables has nothing for ``suits`` to count)."""
    if allowed is None or count == 0:
        return tuple(itertools.permutations(_SUITS, count))
    return tuple(choice for choice in itertools.product(_SUITS, repeat=count) if len(set(choice)) in allowed)


def _letter_choices(letters: Sequence[str], domains: Mapping[str, tuple[int, ...]]) -> list[tuple[int, ...]]:
    return [
        choice
        for choice in itertools.product(*(domains.get(letter, ALL_NUMBERS) for letter in letters))
        if len(set(choice)) == len(choice)
    ]


@functools.cache
def _orders(choices: tuple[int, ...], count: int) -> tuple[tuple[int, ...], ...]:
    """Every way to give ``count`` groups different ones of ``choices`` (winds or dragons)."""
    return tuple(itertools.permutations(choices, count))


FORM_STEPS = 8
"""Steps of work a form (a choice among a layout's ``|`` alternatives) costs before its
assignments: setting it up takes about as long as eight assignments."""


class _Form(NamedTuple):
    """One choice among a layout's ``|`` alternatives, set up for its assignments."""

    choice: tuple[int, ...]  # the alternative of each group
    written: tuple[_Written, ...]
    variables: tuple[str, ...]  # its suit variables, in x y z order
    letters: tuple[str, ...]  # its number variables
    wind_groups: tuple[int, ...]
    dragon_groups: tuple[int, ...]
    shifts: tuple[tuple[int | None, int], ...]  # (value of numbers, move) that keep its digits in 1-9


def _form(choice: tuple[int, ...], written: Sequence[_Written], moves: Sequence[tuple[int | None, int]]) -> _Form:
    low = min((alternative.digits_low for alternative in written), default=10)
    high = max((alternative.digits_high for alternative in written), default=0)
    shifts = tuple(move for move in moves if low > high or (low + move[1] >= 1 and high + move[1] <= 9))
    variables: set[str] = set()
    letters: set[str] = set()
    for alternative in written:
        variables.update(alternative.variables)
        letters.update(alternative.letters)
    return _Form(
        choice,
        tuple(written),
        tuple(sorted(variables, key=SUIT_VARIABLES.index)),
        tuple(sorted(letters)),
        tuple(index for index, alternative in enumerate(written) if alternative.any_wind),
        tuple(index for index, alternative in enumerate(written) if alternative.any_dragon),
        shifts,
    )


def expand(
    layouts: Sequence[Layout],
    rules: Rules,
    feasible: Callable[[Variant], bool],
    limit: int,
    budget: int,
) -> Expansion:
    """Every concrete hand of a line that ``feasible`` accepts, each once, in a deterministic order.

    Raises:
        TooManyVariants: the line has more than ``limit`` concrete hands.
        TooMuchWork: more than ``budget`` steps of work would be needed.
    """
    forms = sum(math.prod(len(group.alternatives) for group in layout.groups) for layout in layouts)
    if forms * FORM_STEPS > budget:
        raise TooMuchWork
    result = Expansion([], [], set(), set(), set(), {}, set(), set(), set(), 0)
    kept: dict[Variant, bool] = {}  # every distinct hand met, sorted, and whether it can be made
    steps = 0
    for layout_index, layout in enumerate(layouts):
        written = [[_written(alternative) for alternative in group.alternatives] for group in layout.groups]
        digits = [digit for group in written for alternative in group for digit in alternative.digits]
        lowest = min(digits) if digits else 0
        moves: list[tuple[int | None, int]] = (
            [(value, value - lowest) for value in rules.numbers]
            if rules.numbers is not None and digits
            else [(None, 0)]
        )
        cache: dict[tuple[object, ...], tuple[tuple[int, ...], TargetGroup]] = {}
        for choice in itertools.product(*(range(len(group)) for group in written)):
            steps += FORM_STEPS
            form = _form(choice, [group[index] for group, index in zip(written, choice, strict=True)], moves)
            if not form.shifts:
                continue
            result.moved_layouts.add(layout_index)
            result.moved.update((layout_index, place, alternative) for place, alternative in enumerate(choice))
            produced = False
            for found, groups in _assignments(form, rules, budget - steps, cache):
                steps += 1
                key = tuple(sorted(groups))
                makeable = kept.get(key)
                if makeable is None:
                    makeable = kept[key] = feasible(groups)
                    if makeable:
                        result.variants.append(groups)
                        result.shown.append(found.shown)
                        if len(result.variants) > limit:
                            raise TooManyVariants
                if not makeable:
                    continue
                produced = True
                if found.value is not None:
                    result.values.add(found.value)
                for letter, number in found.letters:
                    result.letters.setdefault(letter, set()).add(number)
                if found.suit_count:
                    result.suit_counts.add(found.suit_count)
            if produced:
                result.layouts.add(layout_index)
                result.alternatives.update(
                    (layout_index, place, alternative) for place, alternative in enumerate(choice)
                )
    return result._replace(steps=steps)


class _Found(NamedTuple):
    """One assignment's facts, for the expansion's record of what gave a hand."""

    shown: Shown
    value: int | None
    letters: tuple[tuple[str, int], ...]
    suit_count: int


def _group(
    written: _Written,
    base: Mapping[str, int],
    dragon_of: Mapping[str, int],
    letter_values: Mapping[str, int],
    shift: int,
    wind: int,
    dragon: int,
) -> tuple[tuple[int, ...], TargetGroup]:
    """One group made concrete: its tiles as written, and as a target group (jokers may stand in
    3 or more identical tiles without ``!``, ruling N2: identical as concrete tiles)."""
    tiles = tuple(
        [
            base[variable] + number + shift - 1
            if kind == "n"
            else base[variable[1]] + letter_values[variable[0]] - 1
            if kind == "l"
            else dragon_of[variable]
            if kind == "d"
            else dragon
            if kind == "D"
            else wind
            if kind == "?"
            else number
            for kind, number, variable in written.ops
        ]
    )
    identical = len(set(tiles)) == 1
    return tiles, TargetGroup(tuple(sorted(tiles)), identical and len(tiles) >= 3 and not written.no_jokers)


def _assignments(
    form: _Form, rules: Rules, budget: int, cache: dict[tuple[object, ...], tuple[tuple[int, ...], TargetGroup]]
) -> Iterator[tuple[_Found, Variant]]:
    """Every assignment of one form's variables, as the concrete groups it gives. ``cache`` keeps
    each group's concrete form, for the layout's forms, by what it depends on: its place and
    alternative, the suits of its suit variables, the numbers of its number variables, the move,
    its wind and its dragon."""
    variables, letters = form.variables, form.letters
    suit_choices = _suit_choices(len(variables), rules.suits)
    letter_choices = _letter_choices(letters, rules.letters) if letters else [()]
    wind_choices = _orders(_WINDS, len(form.wind_groups))
    dragon_choices = _orders(_DRAGONS, len(form.dragon_groups))
    shifts = form.shifts
    total = len(suit_choices) * len(letter_choices) * len(wind_choices) * len(dragon_choices) * len(shifts)
    if total > budget:
        raise TooMuchWork
    # What each group depends on: the places in the form's suits of its suit variables, in its
    # numbers of its number variables, and whether the move, a wind or a dragon matter to it.
    needs = [
        (
            (index, alternative),
            tuple(variables.index(variable) for variable in written.variables),
            tuple(letters.index(letter) for letter in written.letters),
            bool(written.digits),
            written.any_wind,
            written.any_dragon,
        )
        for index, (alternative, written) in enumerate(zip(form.choice, form.written, strict=True))
    ]
    for suits in suit_choices:
        base = dict(zip(variables, (_SUIT_BASE[suit] for suit in suits), strict=True))
        dragon_of = dict(zip(variables, (_DRAGON_OF[suit] for suit in suits), strict=True))
        suit_count = len(set(suits)) if variables else 0
        for numbers in letter_choices:
            letter_values = dict(zip(letters, numbers, strict=True))
            found_letters = tuple(letter_values.items())
            for winds in wind_choices:
                wind_of = dict(zip(form.wind_groups, winds, strict=True))
                for dragons in dragon_choices:
                    any_dragon = dict(zip(form.dragon_groups, dragons, strict=True))
                    for value, shift in shifts:
                        shown: list[tuple[int, ...]] = []
                        groups: list[TargetGroup] = []
                        for index, (place, suit_places, letter_places, by_shift, by_wind, by_dragon) in enumerate(
                            needs
                        ):
                            wind = wind_of[index] if by_wind else 0
                            dragon = any_dragon[index] if by_dragon else 0
                            key = (
                                place,
                                tuple([suits[at] for at in suit_places]) if suit_places else None,
                                tuple([numbers[at] for at in letter_places]) if letter_places else None,
                                shift if by_shift else 0,
                                wind,
                                dragon,
                            )
                            made = cache.get(key)
                            if made is None:
                                made = cache[key] = _group(
                                    form.written[index], base, dragon_of, letter_values, shift, wind, dragon
                                )
                            shown.append(made[0])
                            groups.append(made[1])
                        yield _Found(tuple(shown), value, found_letters, suit_count), tuple(groups)
