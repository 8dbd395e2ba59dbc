"""Card-Free scoring (rulings C6, C7, C8, C10): 25 points plus the bonuses, doubled for a
self-drawn winning tile and again for a hand with no jokers; a Dragon hand at its fixed value.

One small named unit per bonus; each breakdown line is one bonus or one doubling, so the lines
add up to the hand's points.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import ScoreItem, WinContext
from mahjong_rules.rulesets.card_free.options import CardFreeOptions
from mahjong_rules.rulesets.card_free.rules import Reading

__all__ = ["BONUSES", "Bonus", "bonus_items", "score"]


@attrs.frozen
class Bonus:
    """A bonus: ``id``, the ``name`` players use, and the points it adds to a reading."""

    id: str
    name: str
    points: Callable[[Reading, Hand], int]


def _pairs(reading: Reading, hand: Hand) -> int:
    # "More than 2 pairs": +5 for 3, 4 or 5 pairs, +10 for 7 (the flower pair counts, ruling C12).
    pairs = reading.sizes.count(2)
    return 10 if pairs == 7 else 5 if pairs > 2 else 0


def _quints(reading: Reading, hand: Hand) -> int:
    # "+5 for each Quint used".
    return 5 * reading.sizes.count(5)


def _set(reading: Reading, hand: Hand) -> int:
    # Ruling C6: only number tiles, or only wind tiles (no Dragons or Flowers; a NEWS block in a
    # number hand loses it).
    tiles = reading.tiles_used()
    return 5 if all(tile.is_number for tile in tiles) or all(tile.is_wind for tile in tiles) else 0


def _suit(reading: Reading, hand: Hand) -> int:
    # Ruling C6: every number tile in one suit, any Dragon that suit's, no Flowers, no Winds.
    tiles = reading.tiles_used()
    suits = {tile.american_suit for tile in tiles}
    return 5 if len(suits) == 1 and None not in suits and any(tile.is_number for tile in tiles) else 0


def _concealed(reading: Reading, hand: Hand) -> int:
    # "No exposures made by winning player except calling winning tile" (the called winning tile
    # stays among the concealed tiles, ruling T2).
    return 10 if not hand.exposed else 0


BONUSES: tuple[Bonus, ...] = (
    Bonus("pairs", "Pairs bonus", _pairs),
    Bonus("quints", "Quints bonus", _quints),
    Bonus("set", "Set bonus", _set),
    Bonus("suit", "Suit bonus", _suit),
    Bonus("concealed", "Concealed bonus", _concealed),
)
"""The bonuses in the order of the rules document's table."""


def bonus_items(reading: Reading, hand: Hand) -> tuple[ScoreItem, ...]:
    """The bonuses a regular reading earns (a Dragon hand earns none, ruling C8)."""
    if reading.dragon_hand is not None:
        return ()
    earned = ((bonus.name, bonus.points(reading, hand)) for bonus in BONUSES)
    return tuple(ScoreItem(name, points) for name, points in earned if points)


def score(reading: Reading, hand: Hand, context: WinContext, options: CardFreeOptions) -> tuple[ScoreItem, ...]:
    """The breakdown of a reading: a Dragon hand's fixed value (ruling C8), or the base, each
    bonus, and each doubling as the points it adds (ruling C7)."""
    if reading.dragon_hand is not None:
        return (ScoreItem(reading.dragon_hand.title, reading.dragon_hand.points),)
    items = [ScoreItem("Mahjong", options.base), *bonus_items(reading, hand)]
    if context.self_drawn:
        items.append(ScoreItem("Self-drawn: doubled", sum(item.points for item in items)))
    if hand.joker_count == 0:
        items.append(ScoreItem("No jokers: doubled", sum(item.points for item in items)))
    return tuple(items)
