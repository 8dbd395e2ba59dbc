"""The options of the Flex ruleset: which tiles are in the game, how many play, and the house rules.

Every option has a documented default; the defaults are the rule documents read with the
rulings (F9, F11, F14, F15).
"""

from __future__ import annotations

import datetime

import attrs

from mahjong_rules._options import Choice
from mahjong_rules.tilesets import TileSet

__all__ = ["FlexOptions"]


def _current_year() -> int:
    # Ruling F14: the current calendar year, read once when the ruleset is made.
    return datetime.date.today().year


def _check_minimum(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and not 1 <= value <= 11:
        raise ValueError(f"minimum_value is None or a hand value from 1 to 11, not {value!r}")


def _check_year(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not 1000 <= value <= 9999:
        raise ValueError(f"year_digits is a year of four digits, 1000 to 9999, not {value!r}")


@attrs.frozen
class FlexOptions:
    """Options of :func:`get_ruleset("flex", ...) <mahjong_rules.get_ruleset>`.

    Attributes:
        winds: all 16 winds are in the game.
        flowers: how many flowers are in the game: 6 to 8, or 0 for none.
        jokers: how many jokers are in the game: 4 to 8, or 0 for none (Jokerless scores only
            when there are jokers, ruling F9).
        blanks: how many blanks are in the game: 0 to 4.
        players: 2, 3 or 4 players (the documents set tiles aside for 2 and 3; settlement has one
            payer per other player).
        minimum_value: the least a hand may be worth to be Mahjong (ruling F11); ``None`` for no
            minimum.
        news: Flextra NEWS quad singles set (ruling F15).
        year: Flextra YEAR quad singles set (ruling F15).
        year_digits: the year whose digits make the YEAR set (ruling F14); default this year.
        sequence_quints: Flextra SEQUENCE quint singles sets (Evens 2-4-6-8-10, Odds 1-3-5-7-9).
        like_numbers: Flextra Like Numbers sequence.
        double_sequence: Flextra Double Sequence.
        opposite_winds: Flextra Opposite Winds sequence.
        east_starts_with_14: standard-American house rule: East is dealt 14 tiles, so East may
            declare Mahjong on the deal (a first-turn win without a draw).
        joker_swap_from_hand_only: standard-American house rule: a Joker Swap gives a joker from
            hand for an exposed tile, never a natural tile for an exposed joker.
        charleston: standard-American house rule "Do a complete Charleston at the start of a
            round": the game engine (:func:`mahjong_rules.engine.new_round`) plays the first
            Charleston, the vote on the second and the courtesy pass, as the guide has them (no
            jokers passed), instead of Flex's pass of three tiles to the left. Hands are scored
            the same either way.
    """

    winds: bool = True
    flowers: int = attrs.field(default=8, validator=Choice((0, 6, 7, 8), "must be 6 to 8, or 0"))
    jokers: int = attrs.field(default=8, validator=Choice((0, 4, 5, 6, 7, 8), "must be 4 to 8, or 0"))
    blanks: int = attrs.field(default=0, validator=Choice((0, 1, 2, 3, 4), "must be 0 to 4"))
    players: int = attrs.field(default=4, validator=Choice((2, 3, 4), "must be 2, 3 or 4"))
    minimum_value: int | None = attrs.field(default=None, validator=_check_minimum)
    news: bool = False
    year: bool = False
    year_digits: int = attrs.field(factory=_current_year, validator=_check_year)
    sequence_quints: bool = False
    like_numbers: bool = False
    double_sequence: bool = False
    opposite_winds: bool = False
    east_starts_with_14: bool = False
    joker_swap_from_hand_only: bool = False
    charleston: bool = False

    def __attrs_post_init__(self) -> None:
        for rule in ("news", "opposite_winds"):
            if getattr(self, rule) and not self.winds:
                raise ValueError(f"{rule}=True needs the winds in the game (winds=True)")
        if self.year and len(set(str(self.year_digits))) == 1:
            # Ruling L1: a year of one digit four times would spell a plain quad, not a singles set.
            raise ValueError(
                f"year_digits {self.year_digits} is one digit four times: its YEAR set would be a quad of "
                "identical tiles, which the rules read as a number set; the YEAR set needs a year of two "
                "different digits at least (ruling L1)"
            )

    @property
    def tileset(self) -> TileSet:
        """The game's tiles."""
        return TileSet.flex(winds=self.winds, flowers=self.flowers, jokers=self.jokers, blanks=self.blanks)
