"""American Flex Mahjong: the Three S rules (Suits, Sets, Sequence), the eleven scoring factors,
payouts, and the Flextra house rules."""

from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.play import Claim, ClaimKind, IllegalMoveError
from mahjong_rules.rulesets.flex.ruleset import FlexRuleset, flex_grammar

__all__ = ["Claim", "ClaimKind", "FlexOptions", "FlexRuleset", "IllegalMoveError", "flex_grammar"]
