"""The eleven scoring factors of Flex: one point each, one small named unit each."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import ScoreItem, WinContext
from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.rules import FULL_SEQUENCES, Reading
from mahjong_rules.rulesets.flex.sets import SetKind

__all__ = ["FACTORS", "Factor", "score"]


@attrs.frozen
class Factor:
    """A scoring factor: ``id``, the ``name`` players use, and when it applies."""

    id: str
    name: str
    applies: Callable[[Reading, Hand, WinContext, FlexOptions], bool]


def _mahjong(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    return True


def _suit_flush(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F7: exactly one suit among all sets; winds alone score it, winds and flowers do not.
    return len(reading.suits) == 1


def _full_sequence(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F6: the numbers used include a whole Evens, Odds or Threes sequence.
    # An Opposite Winds hand's numbers may make one too; Like Numbers and Double Sequence use
    # too few numbers ever to.
    used = set(reading.numbers)
    return any(full <= used for full in FULL_SEQUENCES)


def _big_sets(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F8: six or seven sets, the flower set and singles sets included.
    return len(reading.sets) in (6, 7)


def _seven_pairs(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F17: the flower pair is a pair.
    return len(reading.sets) == 7 and all(resolved.set.size == 2 for resolved in reading.sets)


def _bouquet(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    return any(resolved.set.kind is SetKind.FLOWER and resolved.set.size > 4 for resolved in reading.sets)


def _self_draw(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    return context.self_drawn


def _concealed(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F10: no exposed sets; the last tile may have been called.
    return not hand.exposed


def _jokerless(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F9: only in a game played with jokers.
    return options.jokers > 0 and hand.joker_count == 0


def _sunrise(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F16: Mahjong on the player's first turn.
    return context.first_turn


def _sunset(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> bool:
    # Ruling F16: Mahjong with the final face-down tile or the final discard.
    return context.last_tile


FACTORS: tuple[Factor, ...] = (
    Factor("mahjong", "Mahjong", _mahjong),
    Factor("suit-flush", "Suit Flush", _suit_flush),
    Factor("full-sequence", "Full Sequence", _full_sequence),
    Factor("big-sets", "Big Sets", _big_sets),
    Factor("seven-pairs", "Seven Pairs", _seven_pairs),
    Factor("bouquet", "Bouquet", _bouquet),
    Factor("self-draw", "Self Draw", _self_draw),
    Factor("concealed", "Concealed", _concealed),
    Factor("jokerless", "Jokerless", _jokerless),
    Factor("sunrise", "Sunrise", _sunrise),
    Factor("sunset", "Sunset", _sunset),
)
"""The factors in the order of the rules document."""


def score(reading: Reading, hand: Hand, context: WinContext, options: FlexOptions) -> tuple[ScoreItem, ...]:
    """The factors that apply to this reading of the hand, one point each."""
    return tuple(ScoreItem(factor.name, 1) for factor in FACTORS if factor.applies(reading, hand, context, options))
