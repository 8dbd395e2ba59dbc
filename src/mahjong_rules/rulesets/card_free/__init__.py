"""Card-Free American Mah Jongg: a category's set and a pattern of blocks, the special Dragon
hands, bonuses and doublings, payouts, house rules and skill levels."""

from mahjong_rules.rulesets.card_free.options import CardFreeOptions
from mahjong_rules.rulesets.card_free.rules import Category, DragonHand, Pattern
from mahjong_rules.rulesets.card_free.ruleset import CardFreeRuleset, card_free_grammar

__all__ = ["CardFreeOptions", "CardFreeRuleset", "Category", "DragonHand", "Pattern", "card_free_grammar"]
