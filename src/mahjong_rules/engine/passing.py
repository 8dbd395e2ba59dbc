"""The steps before play in American rounds: the Flex pass of three tiles to the left, the
Charleston's passes (blind on the last pass of each), the vote on the second Charleston and the
courtesy pass, and who receives a pass at a table of two, three or four."""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from mahjong_rules.rulesets.nmjl.play import CHARLESTON, CharlestonPass, Direction
from mahjong_rules.tiles import Seat

__all__ = ["PASS_SIZE", "Step", "StepKind", "charleston_steps", "flex_plan", "partner", "receiver"]

PASS_SIZE = 3
"""Tiles passed in the Flex pass and in each pass of the Charleston; the most in a courtesy pass."""


class StepKind(enum.Enum):
    """A step before play."""

    PASS = "pass"
    SECOND_VOTE = "second Charleston vote"
    COURTESY_VOTE = "courtesy vote"
    COURTESY_PASS = "courtesy pass"


_DIRECTION_WORDS = {Direction.RIGHT: "to the right", Direction.ACROSS: "across", Direction.LEFT: "to the left"}


@attrs.frozen
class Step:
    """One step before play.

    Attributes:
        kind: a pass of tiles, or a vote.
        direction: where a pass goes (``None`` for votes and the courtesy pass, which goes
            across).
        blind: tiles may be passed on blind (the last pass of each Charleston).
        jokers: jokers may be passed (the Flex pass: its rules do not forbid it).
        charleston: the guide's pass this step is (checked with the card ruleset's
            ``check_charleston_pass``), or ``None``.
    """

    kind: StepKind
    direction: Direction | None = None
    blind: bool = False
    jokers: bool = False
    charleston: CharlestonPass | None = None

    def describe(self) -> str:
        """The step in words."""
        if self.kind is not StepKind.PASS:
            return str(self.kind.value)
        where = _DIRECTION_WORDS[self.direction] if self.direction is not None else "across"
        if self.charleston is None:
            return f"the pass: {PASS_SIZE} tiles {where}"
        which = "first" if self.charleston.charleston == 1 else "second"
        return f"{which} Charleston, pass {self.charleston.number}: {PASS_SIZE} tiles {where}"


def flex_plan() -> tuple[Step, ...]:
    """Flex: "To start a round, each player passes three tiles from their hand to the player on
    their left." The rules do not forbid passing jokers (or blanks), so they may be passed."""
    return (Step(StepKind.PASS, Direction.LEFT, jokers=True),)


def charleston_steps(number: int, players: int) -> list[Step]:
    """The passes of the first (required) or second (optional) Charleston. Guide: "First, each
    player will pass 3 unwanted tiles to the person to their right. Second, ... across the table.
    Third, ... to the person on their left." The second goes left, across, right. "On the last
    pass of both ... any player can blindly pass 1, 2, or 3 tiles." With three players nobody
    sits across, so the across passes are left out."""
    return [
        Step(StepKind.PASS, step.direction, blind=step.blind_allowed, charleston=step)
        for step in CHARLESTON
        if step.charleston == number and not (players == 3 and step.direction is Direction.ACROSS)
    ]


def receiver(seat: Seat, direction: Direction, seats: Sequence[Seat]) -> Seat:
    """Who receives what ``seat`` passes in ``direction``: to the right is the next seat in turn
    order, to the left the previous one (ruling T4); with two players, who sit across from each
    other, every pass goes to the other player.

    >>> receiver(Seat.EAST, Direction.LEFT, tuple(Seat))
    <Seat.NORTH: 3>
    >>> receiver(Seat.EAST, Direction.LEFT, (Seat.EAST, Seat.SOUTH, Seat.WEST))
    <Seat.WEST: 2>
    """
    position, players = seats.index(seat), len(seats)
    if direction is Direction.RIGHT:
        return seats[(position + 1) % players]
    if direction is Direction.LEFT:
        return seats[(position - 1) % players]
    return seats[(position + 2) % players]


def partner(seat: Seat, seats: Sequence[Seat]) -> Seat | None:
    """The player sitting across from ``seat`` (the other one of two), or ``None`` with three."""
    if len(seats) == 3:
        return None
    return seats[(seats.index(seat) + len(seats) // 2) % len(seats)]
