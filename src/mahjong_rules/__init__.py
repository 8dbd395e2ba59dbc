"""mahjong_rules: the rules of American and Singapore mahjong.

>>> import mahjong_rules as mr
>>> hand = mr.Hand.parse("222B 333C 444C 55B [777C]")
>>> len(hand), str(hand.exposed[0])
(14, '[777C]')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_rules import _version
from mahjong_rules.batch import FailedHand, HandFileError, evaluate_many, iter_evaluations, read_hands
from mahjong_rules.errors import (
    ArgumentError,
    CardError,
    ContextError,
    FormatError,
    GrammarError,
    HandError,
    HandSizeError,
    MahjongError,
    MeldError,
    NotationError,
    OptionError,
    RecordError,
    RulesetError,
    SettlementError,
    TileError,
    TileSetError,
    UnknownRulesetError,
    UnreachableError,
)
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldShape
from mahjong_rules.notation import Style, format_tiles, parse_tiles
from mahjong_rules.registry import (
    ENTRY_POINT_GROUP,
    available_rulesets,
    get_ruleset,
    register_ruleset,
    unregister_ruleset,
)
from mahjong_rules.ruleset import (
    Arrangement,
    DiscardOption,
    DiscardOptions,
    Evaluation,
    PassOption,
    Reason,
    Ruleset,
    ScoreItem,
    Settlement,
    Transfer,
    WinContext,
    as_context,
)
from mahjong_rules.serialize import SCHEMA_VERSION, from_dict, json_schema, to_dict
from mahjong_rules.tiles import NUM_TILE_KINDS, Animal, Dragon, FlowerSet, Seat, Suit, Tile, TileKind
from mahjong_rules.tilesets import TileProblem, TileSet

if TYPE_CHECKING:
    from mahjong_rules.rulesets.nmjl.card import Card, format_concrete_hand, load_card, parse_card, sample_card

__version__ = _version.__version__

# Cards are read on first use: importing the library does not load the card reader.
_CARD_NAMES = ("Card", "format_concrete_hand", "load_card", "parse_card", "sample_card")


def __getattr__(name: str) -> Any:
    if name in _CARD_NAMES:
        from mahjong_rules.rulesets.nmjl import card

        return getattr(card, name)
    raise AttributeError(f"module 'mahjong_rules' has no attribute {name!r}")


__all__ = [
    "ENTRY_POINT_GROUP",
    "NUM_TILE_KINDS",
    "SCHEMA_VERSION",
    "Animal",
    "ArgumentError",
    "Arrangement",
    "Card",
    "CardError",
    "ContextError",
    "DiscardOption",
    "DiscardOptions",
    "Dragon",
    "Evaluation",
    "FailedHand",
    "FlowerSet",
    "FormatError",
    "GrammarError",
    "Hand",
    "HandError",
    "HandFileError",
    "HandSizeError",
    "MahjongError",
    "Meld",
    "MeldError",
    "MeldShape",
    "NotationError",
    "OptionError",
    "PassOption",
    "Reason",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "ScoreItem",
    "Seat",
    "Settlement",
    "SettlementError",
    "Style",
    "Suit",
    "Tile",
    "TileError",
    "TileKind",
    "TileProblem",
    "TileSet",
    "TileSetError",
    "Transfer",
    "UnknownRulesetError",
    "UnreachableError",
    "WinContext",
    "__version__",
    "as_context",
    "available_rulesets",
    "evaluate_many",
    "format_concrete_hand",
    "format_tiles",
    "from_dict",
    "get_ruleset",
    "iter_evaluations",
    "json_schema",
    "load_card",
    "parse_card",
    "parse_tiles",
    "read_hands",
    "register_ruleset",
    "sample_card",
    "to_dict",
    "unregister_ruleset",
]
