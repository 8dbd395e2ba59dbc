"""American play rules from the guide (``american-nmjl-guide.txt``): calling a discard, the
Charleston and the courtesy pass.

The Charleston: "Jokers may not be passed during the Charleston." The first Charleston is
REQUIRED: right, across, left; the second is OPTIONAL: left, across, right. "On the last pass of
both the first Charleston and second Charleston, any player can blindly pass 1, 2, or 3 tiles."
The courtesy pass: "players sitting across from each other may choose to do one final pass of up
to three tiles ... the players will go with the lower number."
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

from mahjong_rules._coerce import as_seat, as_tiles, describe
from mahjong_rules.errors import ArgumentError
from mahjong_rules.hand import Hand, as_hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Reason
from mahjong_rules.rulesets._play import IllegalMoveError, missing_from_hand
from mahjong_rules.tiles import Seat, Tile

__all__ = [
    "CHARLESTON",
    "CharlestonPass",
    "Direction",
    "check_charleston_pass",
    "check_exposure_tiles",
    "courtesy_pass_size",
    "pass_receiver",
    "second_charleston_agreed",
]

PASS_SIZE = 3


class Direction(enum.Enum):
    """Where a Charleston pass goes. "The player to the right" is the next in turn order
    (ruling T4)."""

    RIGHT = 1
    ACROSS = 2
    LEFT = 3


@attrs.frozen
class CharlestonPass:
    """One pass of the Charleston: which Charleston (1 or 2), its place in it (1 to 3), its
    direction, and whether tiles may be passed blind on it (the last pass of each)."""

    charleston: int
    number: int
    direction: Direction

    @property
    def blind_allowed(self) -> bool:
        return self.number == 3

    @property
    def required(self) -> bool:
        """The first Charleston is required; the second is optional."""
        return self.charleston == 1


CHARLESTON: tuple[CharlestonPass, ...] = (
    CharlestonPass(1, 1, Direction.RIGHT),
    CharlestonPass(1, 2, Direction.ACROSS),
    CharlestonPass(1, 3, Direction.LEFT),
    CharlestonPass(2, 1, Direction.LEFT),
    CharlestonPass(2, 2, Direction.ACROSS),
    CharlestonPass(2, 3, Direction.RIGHT),
)
"""The six passes, in order: the first Charleston (required), then the second (optional)."""


def pass_receiver(passer: Seat | str, direction: Direction | str) -> Seat:
    """Who receives the tiles ``passer`` passes in ``direction`` (ruling T4: to the right is the
    next seat in turn order).

    >>> pass_receiver("E", Direction.RIGHT), pass_receiver("E", Direction.LEFT)
    (<Seat.SOUTH: 1>, <Seat.NORTH: 3>)
    """
    seat = as_seat(passer, "passer")
    if isinstance(direction, str):
        name = direction
        try:
            direction = Direction[name.strip().upper()]
        except KeyError:
            raise ArgumentError(f"direction is right, across or left, not {name[:40]!r}") from None
    if not isinstance(direction, Direction):
        raise TypeError(f"direction is a Direction (or right, across, left), not {describe(direction)}")
    return Seat((seat.value + direction.value) % 4)


def check_charleston_pass(
    hand: Hand | str, tiles: Iterable[Tile | str] | str, step: CharlestonPass, blind: int = 0
) -> None:
    """Check that ``hand`` may pass ``tiles`` (from the hand) on ``step`` of the Charleston, with
    ``blind`` more tiles passed on unseen from those received.

    Three tiles go on every pass. "Jokers may not be passed during the Charleston." Tiles passed
    blind (1, 2 or 3) are allowed "only ... on the last pass of each Charleston", and take the
    place of tiles from the hand.

    Raises:
        IllegalMoveError: the pass breaks a rule; its ``reason`` says which.
    """
    if not isinstance(step, CharlestonPass):
        raise TypeError(f"step is a CharlestonPass (one of CHARLESTON), not {describe(step)}")
    if type(blind) is not int:
        raise TypeError(f"blind is a number of tiles, not {describe(blind)}")
    hand = as_hand(hand)
    passed = as_tiles(tiles, "the tiles passed")
    if blind and not step.blind_allowed:
        raise IllegalMoveError(Reason("blind-pass", "tiles are passed blind only on the last pass of each Charleston"))
    if not 0 <= blind <= PASS_SIZE:
        raise IllegalMoveError(Reason("blind-pass", f"a blind pass is of 1, 2 or 3 tiles, not {blind}"))
    if len(passed) + blind != PASS_SIZE:
        raise IllegalMoveError(
            Reason("pass-size", f"a Charleston pass is of 3 tiles: {len(passed)} from the hand and {blind} blind")
        )
    if any(tile.is_joker for tile in passed):
        raise IllegalMoveError(Reason("joker-passed", "jokers may not be passed during the Charleston"))
    concealed = list(hand.concealed)
    for tile in passed:
        if tile not in concealed:
            raise IllegalMoveError(Reason("not-in-hand", f"the hand does not hold the {tile} it passes"))
        concealed.remove(tile)


def second_charleston_agreed(wanted: Sequence[bool]) -> bool:
    """Whether the optional second Charleston takes place: only when every player wants it
    (ruling L11: any player may stop it).

    >>> second_charleston_agreed([True, True, True, False])
    False
    """
    if isinstance(wanted, str | bytes) or not all(type(choice) is bool for choice in wanted):
        raise TypeError("wanted holds one True or False per player")
    return all(wanted)


def courtesy_pass_size(first: int, second: int) -> int:
    """How many tiles two players sitting across trade in the courtesy pass: each offers 0 to 3,
    and "the players will go with the lower number".

    >>> courtesy_pass_size(1, 3)
    1
    """
    for offered in (first, second):
        if type(offered) is not int:
            raise TypeError(f"a courtesy pass is a number of tiles, 0 to 3, not {describe(offered)}")
        if not 0 <= offered <= PASS_SIZE:
            raise ArgumentError(f"a courtesy pass is of 0 to 3 tiles, not {offered}")
    return min(first, second)


def check_exposure_tiles(hand: Hand, discard: Tile, meld: Meld) -> Reason | None:
    """The checks of a call to expose ``meld`` that do not depend on the card.

    Guide: "You can never call a discarded joker"; "The tile being called must complete a grouping
    of 3 or more tiles and upon calling the tile, that grouping must be exposed"; "You can not
    call a tile for a single or a pair"; jokers "can not be used for a single or a pair", and a
    grouping of different tiles (NEWS, year digits) takes no joker (ruling N2).
    """
    if discard.is_joker:
        return Reason("uncallable-tile", "a discarded joker is dead: it cannot be called")
    if discard not in meld.tiles:
        return Reason("called-tile-missing", f"the exposed group {meld} does not hold the called {discard}")
    if not meld.is_identical:
        return Reason("not-like-tiles", f"{meld} is not a grouping of like tiles: only those are called")
    if meld.represents is not discard:
        return Reason("not-matching", f"the exposed group {meld} is not a group of {discard}")
    if meld.size < 3:
        return Reason("exposed-pair", "a tile is called only to complete a grouping of 3 or more")
    return missing_from_hand(hand, discard, meld)
