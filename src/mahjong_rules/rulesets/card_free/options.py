"""The options of the Card-Free ruleset: its house rules and skill levels (ruling C9).

Every option has a documented default; the defaults are the rules document without any house
rule or skill adjustment.
"""

from __future__ import annotations

import attrs

from mahjong_rules._options import Choice
from mahjong_rules.tiles import Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["CardFreeOptions"]

_SKILL_LEVELS = range(6)


def _check_skill(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in _SKILL_LEVELS:
        raise ValueError(f"skill_level is a level from 0 to 5, not {value!r}")


@attrs.frozen
class CardFreeOptions:
    """Options of :func:`get_ruleset("card-free", ...) <mahjong_rules.get_ruleset>`.

    Attributes:
        base: the points of any winning hand before bonuses, 25. With the minimum-requirement
            house rule it may be 20 ("the base value of a winning hand may be reduced to 20",
            ruling C9).
        minimum_requirement: house rule 3: a hand must score at least one bonus, use no jokers,
            be self-picked, or be a Dragon hand to be a valid winning hand.
        reduced_tiles: house rule 2: 4 flowers and 4 jokers are removed from the game (the game
            has 4 of each instead of 8).
        skip_second_charleston: house rule 1: always skip the second round of the Charleston
            (read by play code; it changes no hand's verdict).
        skill_level: the winner's skill level adjustment, 0 to 5; each level adds its
            restriction to those of the levels below it.
        players: 2, 3 or 4 players (settlement has one payer per other player).
    """

    base: int = 25
    minimum_requirement: bool = False
    reduced_tiles: bool = False
    skip_second_charleston: bool = False
    skill_level: int = attrs.field(default=0, validator=_check_skill)
    players: int = attrs.field(default=4, validator=Choice((2, 3, 4), "must be 2, 3 or 4"))

    def __attrs_post_init__(self) -> None:
        allowed = (20, 25) if self.minimum_requirement else (25,)
        if self.base not in allowed:
            if self.base == 20:
                raise ValueError("base 20 needs the minimum-requirement house rule (minimum_requirement=True)")
            raise ValueError(f"base is 25, or 20 with minimum_requirement=True, not {self.base!r}")

    @property
    def jokers(self) -> int:
        """How many jokers the game has: 8, or 4 with ``reduced_tiles``."""
        return 4 if self.reduced_tiles else 8

    @property
    def flowers(self) -> int:
        """How many flowers the game has: 8, or 4 with ``reduced_tiles``."""
        return 4 if self.reduced_tiles else 8

    @property
    def tileset(self) -> TileSet:
        """The game's tiles: the 152 American tiles, less 4 flowers and 4 jokers with
        ``reduced_tiles``."""
        american = TileSet.american()
        if not self.reduced_tiles:
            return american
        counts = list(american.counts)
        counts[Tile.FLOWER.index] = self.flowers
        counts[Tile.JOKER.index] = self.jokers
        return TileSet("American, reduced", counts)
