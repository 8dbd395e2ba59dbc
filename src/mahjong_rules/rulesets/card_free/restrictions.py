"""The optional restrictions on a winning Card-Free hand: the minimum-requirement house rule and
the skill level adjustments (ruling C9), each with the reason it gives.

"As a player increases in skill level, they will add the given restriction and any restrictions
from the lower levels." Skill levels 1, 2 and 4 speak of categories, patterns and the Suit bonus,
which only regular hands have; levels 3 and 5 hold for every hand (ruling L5).
"""

from __future__ import annotations

from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import Reason, WinContext
from mahjong_rules.rulesets.card_free.options import CardFreeOptions
from mahjong_rules.rulesets.card_free.rules import Category, Pattern, Reading
from mahjong_rules.rulesets.card_free.scoring import bonus_items

__all__ = ["restriction_reasons"]


def _level_1(reading: Reading, hand: Hand, context: WinContext) -> Reason | None:
    # "You can only use the 2 Pungs 2 Kongs pattern with Wind tiles" (ruling L5: the Winds category).
    if reading.category is Category.WINDS and reading.pattern is not Pattern.TWO_PUNGS_TWO_KONGS:
        return Reason("skill-winds-pattern", "skill level 1: a Winds hand uses only the Two Pungs & Two Kongs pattern")
    return None


def _level_2(reading: Reading, hand: Hand, context: WinContext) -> Reason | None:
    # "If using the Consecutive Run set category, your hand cannot contain any Flowers, Dragons, or Winds."
    if reading.category is Category.RUN and any(block.role in ("flower", "dragon", "news") for block in reading.blocks):
        return Reason("skill-run-specials", "skill level 2: a Consecutive Run hand has no Flowers, Dragons or Winds")
    return None


def _level_3(reading: Reading, hand: Hand, context: WinContext) -> Reason | None:
    # "If using one or more Dragon blocks, the hand must be concealed."
    if hand.exposed and any(block.role == "dragon" for block in reading.blocks):
        return Reason("skill-dragons-concealed", "skill level 3: a hand with a Dragon block must be concealed")
    return None


def _level_4(reading: Reading, hand: Hand, context: WinContext) -> Reason | None:
    # "If using number tiles, the hand must earn the SUIT bonus."
    numbers = any(tile.is_number for tile in reading.tiles_used())
    if (
        reading.dragon_hand is None
        and numbers
        and not any(item.name == "Suit bonus" for item in bonus_items(reading, hand))
    ):
        return Reason("skill-suit", "skill level 4: a hand of number tiles must earn the Suit bonus")
    return None


def _level_5(reading: Reading, hand: Hand, context: WinContext) -> Reason | None:
    # "Your hand must use no Jokers, be self-picked, or be a special Dragon hand."
    if reading.dragon_hand is None and hand.joker_count and not context.self_drawn:
        return Reason("skill-jokers", "skill level 5: the hand must use no jokers, be self-picked or be a Dragon hand")
    return None


_LEVELS = (_level_1, _level_2, _level_3, _level_4, _level_5)


def restriction_reasons(reading: Reading, hand: Hand, context: WinContext, options: CardFreeOptions) -> list[Reason]:
    """Why the options' house rules and skill level refuse this reading (empty: they allow it)."""
    found = []
    for check in _LEVELS[: options.skill_level]:
        reason = check(reading, hand, context)
        if reason is not None:
            found.append(reason)
    # House rule 3: "at least 1 bonus, use no Jokers, be self-picked, or be a special Dragon hand".
    unmet = not bonus_items(reading, hand) and hand.joker_count and not context.self_drawn
    if options.minimum_requirement and reading.dragon_hand is None and unmet:
        found.append(
            Reason(
                "minimum-requirement",
                "house rule: a winning hand scores a bonus, uses no jokers, is self-picked or is a Dragon hand",
            )
        )
    return found
