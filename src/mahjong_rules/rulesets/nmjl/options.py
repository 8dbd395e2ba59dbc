"""The options of the card ruleset: the card, the game's jokers and players, and the payout
multipliers of ruling N5."""

from __future__ import annotations

import attrs

from mahjong_rules._options import Choice
from mahjong_rules.rulesets.nmjl.card import Card, as_card
from mahjong_rules.tiles import Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["NmjlOptions"]


def _check_multiplier(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not 1 <= value <= 10:
        raise ValueError(f"{attribute.name} is a multiplier from 1 (no change) to 10, not {value!r}")


@attrs.frozen(repr=False)
class NmjlOptions:
    """Options of :func:`get_ruleset("nmjl", ...) <mahjong_rules.get_ruleset>`.

    Attributes:
        card: the card of winning hands: a :class:`Card`, the path of a card file, a sample
            card's name (``"sample"``, ``"tutorial"``), or ``None``
            for the invented full-size sample card (ruling N1).
        jokers: how many jokers are in the game: 8, or 10 with the two extra jokers of most sets
            ("a deviation from the NMJL rules of play").
        players: 2, 3 or 4 players ("with slight variations, you can play with 3 or 2 players");
            settlement has one payer per other player.
        jokerless_multiplier: a hand without jokers is worth the line's value times this, except
            on a Singles and Pairs line (ruling N5: 2).
        discarder_multiplier: the discarder of the winning tile pays the value times this (ruling
            N5: 2).
        self_drawn_multiplier: on a self-drawn win every other player pays the value times this
            (ruling N5: 2).
    """

    card: Card = attrs.field(default=None, converter=as_card)
    jokers: int = attrs.field(default=8, validator=Choice((8, 10), "is 8, or 10 with the two extra jokers"))
    players: int = attrs.field(default=4, validator=Choice((2, 3, 4), "is 2, 3 or 4"))
    jokerless_multiplier: int = attrs.field(default=2, validator=_check_multiplier)
    discarder_multiplier: int = attrs.field(default=2, validator=_check_multiplier)
    self_drawn_multiplier: int = attrs.field(default=2, validator=_check_multiplier)

    @property
    def tileset(self) -> TileSet:
        """The game's tiles: the 152 American tiles, with 10 jokers when ``jokers`` is 10."""
        american = TileSet.american()
        if self.jokers == 8:
            return american
        counts = list(american.counts)
        counts[Tile.JOKER.index] = self.jokers
        return TileSet("American, 10 jokers", counts)

    def __repr__(self) -> str:
        return (
            f"NmjlOptions(card={self.card.name!r}, jokers={self.jokers}, players={self.players}, "
            f"jokerless_multiplier={self.jokerless_multiplier}, discarder_multiplier={self.discarder_multiplier}, "
            f"self_drawn_multiplier={self.self_drawn_multiplier})"
        )
