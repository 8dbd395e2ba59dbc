"""Singapore mahjong: four sets and an eye, doubles, flowers and animals, payouts, instant
payments and the pay-all scenarios."""

from mahjong_rules.rulesets.singapore.options import SingaporeOptions
from mahjong_rules.rulesets.singapore.payments import INSTANT_EVENTS
from mahjong_rules.rulesets.singapore.ruleset import SingaporeRuleset

__all__ = ["INSTANT_EVENTS", "SingaporeOptions", "SingaporeRuleset"]
