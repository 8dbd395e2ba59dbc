"""The options of the Singapore ruleset: the doubles needed and allowed, the payments, and the
pay-all scenarios. The defaults are the rules document's values (ruling S1)."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from mahjong_rules._options import Choice
from mahjong_rules.tilesets import TileSet

__all__ = ["SingaporeOptions"]


def _at_least(least: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if value < least:
            raise ValueError(f"{attribute.name} is {least} or more, not {value!r}")

    return check


@attrs.frozen
class SingaporeOptions:
    """Options of :func:`get_ruleset("singapore", ...) <mahjong_rules.get_ruleset>`.

    Attributes:
        min_doubles: the doubles a hand needs to win (13 Wonders and eight flowers need none).
        limit: the most doubles a hand is worth (the doubles limit).
        min_doubles_count_bonus: whether the bonus tiles' doubles count toward ``min_doubles``
            (rulings S6, S17).
        base_unit: the points a hand of no doubles is worth; each double doubles it.
        self_drawn_multiplier: how many times the value each player pays for a self-drawn win.
        discarder_multiplier: how many times the value the discarder of the winning tile pays.
        exposed_kong: points from each player for an exposed kong.
        concealed_kong: points from each player for a concealed kong (0: none, ruling S8).
        all_animals: points from each player for all four animals.
        flower_set: points from each player for a complete red or black flower set.
        animal_pair: points from each player for the cat and mouse, or the rooster and centipede.
        seat_flowers: points from each player for both flowers of the player's seat.
        initial_multiplier: how many times those pair and seat-flower points are paid when the
            tiles were in the player's initial 13 (ruling S19).
        pay_all_dragons: the Dragon tile set pay-all scenario (ruling S9).
        pay_all_winds: the Wind tile set pay-all scenario.
        pay_all_limit: the doubles limit pay-all scenario.
        pay_all_full_color: the full color pay-all scenario.
        pay_all_fresh: the end-of-game fresh discard pay-all scenario.
        fresh_threshold: the fresh-discard scenario applies with fewer tiles than this left to
            draw (7; the document's variant is 4).
        players: 4, or 3 (the document's three-player variant: nobody sits North).
    """

    min_doubles: int = attrs.field(default=1, validator=_at_least(0))
    limit: int = attrs.field(default=5, validator=_at_least(1))
    min_doubles_count_bonus: bool = True
    base_unit: int = attrs.field(default=1, validator=_at_least(1))
    self_drawn_multiplier: int = attrs.field(default=2, validator=_at_least(1))
    discarder_multiplier: int = attrs.field(default=2, validator=_at_least(1))
    exposed_kong: int = attrs.field(default=2, validator=_at_least(0))
    concealed_kong: int = attrs.field(default=0, validator=_at_least(0))
    all_animals: int = attrs.field(default=4, validator=_at_least(0))
    flower_set: int = attrs.field(default=4, validator=_at_least(0))
    animal_pair: int = attrs.field(default=2, validator=_at_least(0))
    seat_flowers: int = attrs.field(default=2, validator=_at_least(0))
    initial_multiplier: int = attrs.field(default=2, validator=_at_least(1))
    pay_all_dragons: bool = True
    pay_all_winds: bool = True
    pay_all_limit: bool = True
    pay_all_full_color: bool = True
    pay_all_fresh: bool = True
    fresh_threshold: int = attrs.field(default=7, validator=_at_least(1))
    players: int = attrs.field(default=4, validator=Choice((3, 4), "must be 3 or 4"))

    def __attrs_post_init__(self) -> None:
        if self.min_doubles > self.limit:
            raise ValueError(f"min_doubles {self.min_doubles} is above the limit of {self.limit} doubles")

    @property
    def tileset(self) -> TileSet:
        """The 148 Singapore tiles."""
        return TileSet.singapore()
