"""The Three S rules (Suits, Sets, Sequence) and the Flextra sequences, applied to the sets of one
arrangement: every valid reading of the arrangement, or what is wrong with it.

Readings resolve what the tiles leave open: whether a dragon is its suit's 0 or 10 (ruling F1),
and what each all-joker set stands for (rulings F2, F18).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import attrs

from mahjong_rules.ruleset import Reason
from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.sets import NUMBER_SUITS, FlexSet, FlexSuit, SetKind
from mahjong_rules.tiles import Seat

__all__ = ["FULL_SEQUENCES", "SEQUENCES", "Reading", "ResolvedSet", "problems", "readings"]

SEQUENCES: dict[str, tuple[int, ...]] = {
    "Run": tuple(range(11)),
    "Evens": (0, 2, 4, 6, 8, 10),
    "Odds": (1, 3, 5, 7, 9),
    "Threes": (0, 3, 6, 9),
}
"""The four number sequences; a suit's dragon is its 0 and its 10 (ruling F1)."""

FULL_SEQUENCES: tuple[frozenset[int], ...] = (
    frozenset({0, 2, 4, 6, 8}),
    frozenset({2, 4, 6, 8, 10}),
    frozenset({1, 3, 5, 7, 9}),
    frozenset({0, 3, 6, 9}),
)
"""Ruling F6: the number sets whose presence scores Full Sequence."""

OPPOSITE_WINDS = (frozenset({Seat.NORTH, Seat.SOUTH}), frozenset({Seat.EAST, Seat.WEST}))


@attrs.frozen
class ResolvedSet:
    """A set with everything it stands for decided."""

    set: FlexSet
    suit: FlexSuit
    number: int | None = None
    wind: Seat | None = None


@attrs.frozen
class Reading:
    """One valid reading of an arrangement.

    Attributes:
        hand_type: ``"numbers"``, ``"winds"``, ``"like numbers"``, ``"double sequence"`` or
            ``"opposite winds"``.
        sequence: the sequence the numbers run in (``"Run"``, ``"Evens"``, ``"Odds"``,
            ``"Threes"``), or ``None`` when the hand uses no numbers.
        numbers: the numbers used, sorted, each once.
        sets: every set, resolved.
    """

    hand_type: str
    sequence: str | None
    numbers: tuple[int, ...]
    sets: tuple[ResolvedSet, ...]

    @property
    def suits(self) -> frozenset[FlexSuit]:
        return frozenset(resolved.suit for resolved in self.sets)

    def describe(self) -> str:
        suits = " and ".join(suit.value for suit in sorted(self.suits, key=_suit_order))
        if self.hand_type == "winds":
            return "Winds N-E-W-S and Flowers" if FlexSuit.FLOWERS in self.suits else "Winds N-E-W-S"
        numbers = "-".join(str(n) for n in self.numbers)
        if self.hand_type == "numbers":
            if self.sequence is None:
                return f"singles sets in {suits}"
            return f"{self.sequence} {numbers} in {suits}"
        return f"{self.hand_type.title()} {numbers} in {suits}"


def _suit_order(suit: FlexSuit) -> int:
    return list(FlexSuit).index(suit)


def _by_kind(sets: Sequence[FlexSet]) -> dict[SetKind, list[FlexSet]]:
    grouped: dict[SetKind, list[FlexSet]] = {kind: [] for kind in SetKind}
    for flex_set in sets:
        grouped[flex_set.kind].append(flex_set)
    return grouped


def _blocks(numbers: Sequence[int], extra: int) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Each (sequence, block) of consecutive sequence numbers holding ``numbers`` (distinct) and
    exactly ``extra`` more."""
    wanted = set(numbers)
    for name, sequence in SEQUENCES.items():
        if not wanted <= set(sequence):
            continue
        length = len(wanted) + extra
        for start in range(len(sequence) - length + 1):
            block = sequence[start : start + length]
            if wanted <= set(block):
                yield name, block


def _number_choices(fixed: Sequence[FlexSet]) -> Iterator[tuple[int, ...]]:
    """Each way of giving every number set one of its numbers (a dragon is 0 or 10)."""
    return itertools.product(*(flex_set.numbers for flex_set in fixed))


def _wild_suits(base: set[FlexSuit], has_wild: bool) -> list[FlexSuit | None]:
    if not has_wild:
        return [None]
    return [suit for suit in NUMBER_SUITS if len(base | {suit}) <= 2]


def _resolve_numbers(
    fixed: Sequence[FlexSet],
    numbers: Sequence[int],
    wild: Sequence[FlexSet],
    free: Sequence[int],
    suit: FlexSuit | None,
) -> list[ResolvedSet]:
    resolved = []
    for flex_set, number in zip(fixed, numbers, strict=True):
        assert flex_set.suit is not None
        resolved.append(ResolvedSet(flex_set, flex_set.suit, number))
    for flex_set, number in zip(wild, free, strict=True):
        assert suit is not None
        resolved.append(ResolvedSet(flex_set, suit, number))
    return resolved


def _plain(sets: Sequence[FlexSet]) -> list[ResolvedSet]:
    """Flower and singles sets, which stand only for themselves."""
    resolved = []
    for flex_set in sets:
        assert flex_set.suit is not None
        resolved.append(ResolvedSet(flex_set, flex_set.suit))
    return resolved


def _numbers_readings(sets: Sequence[FlexSet]) -> Iterator[Reading]:
    """The standard hand: number sets in one sequence, with a flower set and singles sets."""
    kinds = _by_kind(sets)
    if kinds[SetKind.WIND] or len(kinds[SetKind.FLOWER]) > 1:
        return
    fixed, wild = kinds[SetKind.NUMBER], kinds[SetKind.JOKERS]
    others = kinds[SetKind.FLOWER] + kinds[SetKind.SINGLES]
    base = {flex_set.suit for flex_set in fixed + others if flex_set.suit is not None}
    if len(base) > 2:
        return
    if not fixed and not wild:
        yield Reading("numbers", None, (), tuple(_plain(others)))
        return
    for numbers in _number_choices(fixed):
        if len(set(numbers)) < len(numbers):  # ruling F5: each number in one set only
            continue
        for name, block in _blocks(numbers, len(wild)):
            free = [number for number in block if number not in numbers]
            for suit in _wild_suits(base, bool(wild)):
                resolved = _resolve_numbers(fixed, numbers, wild, free, suit) + _plain(others)
                yield Reading("numbers", name, block, tuple(resolved))


def _winds_readings(sets: Sequence[FlexSet]) -> Iterator[Reading]:
    """Ruling F3: four wind sets, one per wind, and at most a flower set besides."""
    kinds = _by_kind(sets)
    if kinds[SetKind.NUMBER] or kinds[SetKind.SINGLES] or len(kinds[SetKind.FLOWER]) > 1:
        return
    winds, wild = kinds[SetKind.WIND], kinds[SetKind.JOKERS]
    present = [flex_set.wind for flex_set in winds]
    if len(set(present)) < len(present) or len(winds) + len(wild) != 4:
        return
    missing = [seat for seat in Seat if seat not in present]
    resolved = [ResolvedSet(flex_set, FlexSuit.WINDS, wind=flex_set.wind) for flex_set in winds]
    resolved += [ResolvedSet(flex_set, FlexSuit.WINDS, wind=seat) for flex_set, seat in zip(wild, missing, strict=True)]
    yield Reading("winds", None, (), tuple(resolved + _plain(kinds[SetKind.FLOWER])))


def _like_numbers_readings(sets: Sequence[FlexSet]) -> Iterator[Reading]:
    """Flextra Like Numbers: three sets of one number, one in each suit, with a flower set and/or
    singles sets (the one hand that may use more than two suits)."""
    kinds = _by_kind(sets)
    if kinds[SetKind.WIND] or len(kinds[SetKind.FLOWER]) > 1:
        return
    fixed, wild = kinds[SetKind.NUMBER], kinds[SetKind.JOKERS]
    others = kinds[SetKind.FLOWER] + kinds[SetKind.SINGLES]
    if len(fixed) + len(wild) != 3 or not others:
        return
    fixed_suits = [flex_set.suit for flex_set in fixed]
    if len(set(fixed_suits)) < len(fixed_suits):
        return
    missing_suits = [suit for suit in NUMBER_SUITS if suit not in fixed_suits]
    candidates = set.intersection(*(set(flex_set.numbers) for flex_set in fixed)) if fixed else {1}
    for number in sorted(candidates):
        resolved = [ResolvedSet(flex_set, flex_set.suit, number) for flex_set in fixed if flex_set.suit]
        resolved += [ResolvedSet(flex_set, suit, number) for flex_set, suit in zip(wild, missing_suits, strict=True)]
        yield Reading("like numbers", None, (number,), tuple(resolved + _plain(others)))


def _double_sequence_readings(sets: Sequence[FlexSet]) -> Iterator[Reading]:
    """Flextra Double Sequence: one three-number sequence twice, in two suits; nothing else."""
    kinds = _by_kind(sets)
    fixed, wild = kinds[SetKind.NUMBER], kinds[SetKind.JOKERS]
    if len(fixed) + len(wild) != 6 or len(fixed) + len(wild) != len(sets):
        return
    for first, second in itertools.combinations(NUMBER_SUITS, 2):
        if any(flex_set.suit not in (first, second) for flex_set in fixed):
            continue
        for numbers in _number_choices(fixed):
            cells = list(zip((flex_set.suit for flex_set in fixed), numbers, strict=True))
            if len(set(cells)) < len(cells):
                continue
            for name, sequence in SEQUENCES.items():
                for start in range(len(sequence) - 2):
                    block = sequence[start : start + 3]
                    wanted = [(suit, number) for suit in (first, second) for number in block]
                    if not set(cells) <= set(wanted):
                        continue
                    free = [cell for cell in wanted if cell not in cells]
                    resolved = [
                        ResolvedSet(flex_set, suit, number)
                        for flex_set, (suit, number) in zip(fixed, cells, strict=True)
                        if suit is not None
                    ]
                    resolved += [
                        ResolvedSet(flex_set, suit, number)
                        for flex_set, (suit, number) in zip(wild, free, strict=True)
                        if suit is not None
                    ]
                    yield Reading("double sequence", name, block, tuple(resolved))


def _opposite_winds_readings(sets: Sequence[FlexSet]) -> Iterator[Reading]:
    """Flextra Opposite Winds: two sets of opposite winds and number sets of one suit in a
    standard sequence; nothing else."""
    kinds = _by_kind(sets)
    if kinds[SetKind.FLOWER] or kinds[SetKind.SINGLES]:
        return
    winds, fixed, wild = kinds[SetKind.WIND], kinds[SetKind.NUMBER], kinds[SetKind.JOKERS]
    present = [flex_set.wind for flex_set in winds]
    number_suits = {flex_set.suit for flex_set in fixed}
    if len(number_suits) > 1 or len(set(present)) < len(present):
        return
    for pair in OPPOSITE_WINDS:
        if not set(present) <= pair:
            continue
        missing = sorted(pair - set(present), key=lambda seat: seat.value)
        if len(missing) > len(wild):
            continue
        wind_wild, number_wild = wild[: len(missing)], wild[len(missing) :]
        if not fixed and not number_wild:
            continue
        resolved_winds = [ResolvedSet(s, FlexSuit.WINDS, wind=s.wind) for s in winds]
        resolved_winds += [ResolvedSet(s, FlexSuit.WINDS, wind=w) for s, w in zip(wind_wild, missing, strict=True)]
        suits = [suit for suit in NUMBER_SUITS if suit in number_suits] if number_suits else list(NUMBER_SUITS)
        for numbers in _number_choices(fixed):
            if len(set(numbers)) < len(numbers):
                continue
            for name, block in _blocks(numbers, len(number_wild)):
                free = [number for number in block if number not in numbers]
                for suit in suits:
                    resolved = _resolve_numbers(fixed, numbers, number_wild, free, suit)
                    yield Reading("opposite winds", name, block, tuple(resolved_winds + resolved))


def readings(sets: Sequence[FlexSet], options: FlexOptions) -> Iterator[Reading]:
    """Every valid reading of one arrangement's sets under the options' house rules."""
    if any(flex_set.kind is SetKind.OTHER for flex_set in sets):
        return
    yield from _numbers_readings(sets)
    yield from _winds_readings(sets)
    if options.like_numbers:
        yield from _like_numbers_readings(sets)
    if options.double_sequence:
        yield from _double_sequence_readings(sets)
    if options.opposite_winds:
        yield from _opposite_winds_readings(sets)


# -- what is wrong -------------------------------------------------------------------------------


def _names(suits: set[FlexSuit]) -> str:
    return ", ".join(suit.value for suit in sorted(suits, key=_suit_order))


def problems(sets: Sequence[FlexSet]) -> list[Reason]:
    """Why one arrangement breaks the Three S rules (for a hand with no valid reading)."""
    kinds = _by_kind(sets)
    found: list[Reason] = [
        Reason("not-a-set", f"{flex_set.describe()} is not a Flex set") for flex_set in kinds[SetKind.OTHER]
    ]
    flowers = kinds[SetKind.FLOWER]
    if len(flowers) > 1:
        found.append(Reason("two-flower-sets", f"only one flower set is allowed, not {len(flowers)} (ruling F4)"))
    winds = kinds[SetKind.WIND]
    if winds and (kinds[SetKind.NUMBER] or kinds[SetKind.SINGLES]):
        found.append(Reason("winds-with-numbers", "sets of winds cannot be combined with number or singles sets"))
    elif winds:
        present = [flex_set.wind for flex_set in winds]
        missing = [seat.name.title() for seat in Seat if seat not in present]
        repeated = sorted({seat.name.title() for seat in present if seat and present.count(seat) > 1})
        if repeated:
            found.append(Reason("wind-repeated", f"a winds hand has one set of each wind: {', '.join(repeated)} twice"))
        if len(missing) > len(kinds[SetKind.JOKERS]):
            found.append(
                Reason("incomplete-winds", f"a winds hand has one set of each wind; missing {', '.join(missing)}")
            )
    suits = {flex_set.suit for flex_set in sets if flex_set.suit is not None}
    if len(suits) > 2:
        found.append(Reason("too-many-suits", f"{_count_word(len(suits))} suits: {_names(suits)}"))
    fixed = kinds[SetKind.NUMBER]
    single_numbers = [flex_set.numbers[0] for flex_set in fixed if len(flex_set.numbers) == 1]
    repeated_numbers = sorted({n for n in single_numbers if single_numbers.count(n) > 1})
    for number in repeated_numbers:
        holders = " and ".join(s.describe().split()[0] for s in fixed if s.numbers == (number,))
        found.append(Reason("number-repeated", f"number {number} is used in more than one set ({holders})"))
    if not repeated_numbers and fixed and not winds:
        wild = len(kinds[SetKind.JOKERS])
        in_sequence = any(
            len(set(numbers)) == len(numbers) and next(_blocks(numbers, wild), None) is not None
            for numbers in _number_choices(fixed)
        )
        if not in_sequence:
            shown = sorted({n for flex_set in fixed for n in flex_set.numbers})
            listed = ", ".join(str(n) for n in shown)
            found.append(Reason("not-a-sequence", f"numbers {listed} are not consecutive in any sequence"))
    return found


def _count_word(number: int) -> str:
    return {3: "three", 4: "four", 5: "five"}.get(number, str(number))
