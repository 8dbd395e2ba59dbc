"""The card ruleset (``nmjl``): American mah jongg played from a card of hand lines, read from a
card file in the library's format (ruling N1)."""

from mahjong_rules.rulesets.nmjl.card import SAMPLE_CARDS, Card, Line, Section, load_card, parse_card, sample_card
from mahjong_rules.rulesets.nmjl.lines import LineDistance
from mahjong_rules.rulesets.nmjl.options import NmjlOptions
from mahjong_rules.rulesets.nmjl.play import (
    CHARLESTON,
    CharlestonPass,
    Direction,
    check_charleston_pass,
    courtesy_pass_size,
    pass_receiver,
    second_charleston_agreed,
)
from mahjong_rules.rulesets.nmjl.ruleset import NmjlRuleset

__all__ = [
    "CHARLESTON",
    "SAMPLE_CARDS",
    "Card",
    "CharlestonPass",
    "Direction",
    "Line",
    "LineDistance",
    "NmjlOptions",
    "NmjlRuleset",
    "Section",
    "check_charleston_pass",
    "courtesy_pass_size",
    "load_card",
    "parse_card",
    "pass_receiver",
    "sample_card",
    "second_charleston_agreed",
]
