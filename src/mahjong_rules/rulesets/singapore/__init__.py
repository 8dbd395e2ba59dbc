"""Singapore mahjong: four sets and an eye, doubles, flowers and animals, payouts, instant
payments and the pay-all scenarios."""

from mahjong_rules.rulesets._play import IllegalMoveError
from mahjong_rules.rulesets.singapore.options import SingaporeOptions
from mahjong_rules.rulesets.singapore.payments import INSTANT_EVENTS
from mahjong_rules.rulesets.singapore.play import Call, Deal, Move
from mahjong_rules.rulesets.singapore.ruleset import SingaporeRuleset

__all__ = ["INSTANT_EVENTS", "Call", "Deal", "IllegalMoveError", "Move", "SingaporeOptions", "SingaporeRuleset"]
