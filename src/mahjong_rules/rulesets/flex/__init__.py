"""American Flex Mahjong: the Three S rules (Suits, Sets, Sequence), the eleven scoring factors,
payouts, and the Flextra house rules."""

from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.ruleset import FlexRuleset, flex_grammar

__all__ = ["FlexOptions", "FlexRuleset", "flex_grammar"]
