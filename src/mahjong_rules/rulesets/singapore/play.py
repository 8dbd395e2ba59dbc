"""What a Singapore game needs to know during play: which calls of a discard are legal (GAME,
KONG, PONG, CHOW), who takes a discard several players call, which kongs a player may declare on
their own turn, and how the banker and the prevailing wind move from one game to the next.

Sentences of the rules document are quoted where they decide something.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.ruleset import Reason
from mahjong_rules.rulesets._play import IllegalMoveError
from mahjong_rules.rulesets.singapore.hands import SortedHand
from mahjong_rules.tiles import Seat, Tile

__all__ = [
    "Call",
    "Deal",
    "Move",
    "as_move",
    "check_move",
    "declarable_kongs",
    "next_deal",
    "next_seat",
    "resolve_calls",
]

LAST_TILES = 15
"""Ruling L8: "The game is finished when someone wins the game or when there are 15 tiles left";
those 15 tiles are never drawn."""


class Move(enum.Enum):
    """The moves that take a discard, in priority order: "the GAME move has priority over the KONG,
    PONG, and CHOW moves"; "The GAME and KONG moves have priority over the PONG move"."""

    GAME = "game"
    KONG = "kong"
    PONG = "pong"
    CHOW = "chow"


def as_move(value: object) -> Move:
    """A move, or its name, as a move."""
    if isinstance(value, Move):
        return value
    if isinstance(value, str):
        for member in Move:
            if value.lower() == member.value:
                return member
    raise TypeError(f"a move is a Move ('game', 'kong', 'pong' or 'chow'), not {describe(value)}")


def _seat(value: object) -> Seat:
    return as_seat(value, "a call's seat")


@attrs.frozen
class Call:
    """A player's call of the last discard: ``seat`` wants it for ``move``."""

    seat: Seat = attrs.field(converter=_seat)
    move: Move = attrs.field(converter=as_move)


def next_seat(seat: Seat, seats: Sequence[Seat]) -> Seat:
    """The player to the right of ``seat`` (ruling T4), among the seats at the table: with three
    players nobody is North, and "Player sitting to right of empty seat may chow from opposite
    player"."""
    return seats[(seats.index(seat) + 1) % len(seats)]


def _priority(call: Call, discarder: Seat, seats: Sequence[Seat]) -> tuple[int, int]:
    order = list(Move).index(call.move)
    distance = (seats.index(call.seat) - seats.index(discarder)) % len(seats)
    return order, distance


def resolve_calls(calls: Sequence[Call], discarder: Seat, seats: Sequence[Seat]) -> Call | None:
    """Who takes the discard: GAME first, then KONG or PONG, then CHOW; among several GAME calls,
    "the person closest to the right hand side of the player (counterclockwise from the player) who
    discarded the tile will have priority and win the game". ``None`` when nobody calls.

    Raises:
        TypeError: a call that is no :class:`Call`.
        IllegalMoveError: the discarder calls, a player calls twice, a player not at the table
            calls, or a CHOW comes from anyone but the player to the discarder's right.
    """
    if isinstance(calls, str) or not isinstance(calls, Sequence):
        raise TypeError(f"calls is a sequence of Call records, not {describe(calls)}")
    for call in calls:
        if not isinstance(call, Call):
            raise TypeError(f"calls holds Call records, not {describe(call)}")
        if call.seat not in seats:
            raise IllegalMoveError(Reason("not-at-table", f"{call.seat.name.title()} is not at the table"))
        if call.seat is discarder:
            raise IllegalMoveError(Reason("own-discard", "the discarder cannot call their own discard"))
        if call.move is Move.CHOW and call.seat is not next_seat(discarder, seats):
            raise IllegalMoveError(
                Reason("chow-not-next", "only the player to the right of the discarder may CHOW the tile")
            )
    if len({call.seat for call in calls}) < len(calls):
        raise IllegalMoveError(Reason("two-calls", "each player makes one call"))
    if not calls:
        return None
    return min(calls, key=lambda call: _priority(call, discarder, seats))


def check_move(
    hand: SortedHand,
    discard: Tile,
    move: Move,
    *,
    chow: tuple[Tile, Tile] | None,
    passed: frozenset[Tile],
    last_discarded: Tile | None,
) -> Reason | None:
    """Why a hand may not take ``discard`` for a KONG, PONG or CHOW (GAME is checked by evaluating
    the completed hand), or ``None``; the seats are checked by the caller.

    Document: "A player may not use a discarded tile to PONG if that same tile was discarded
    previously and was not used by that player after that players last move" (``passed`` holds the
    tiles discarded since the player's last move); "A player may not PONG on a tile that he last
    discarded", and likewise for CHOW and GAME.
    """
    if discard.is_bonus:
        return Reason("uncallable-tile", "flowers and animals are shown and replaced, never discarded")
    if last_discarded is discard:
        return Reason("own-last-discard", f"a player may not call {discard}, the tile they last discarded")
    held = hand.concealed[discard.index]
    if move is Move.KONG:
        # Exposed Kong Type 1: "a player has 3 of the same tiles in his concealed tiles".
        if held < 3:
            return Reason("not-in-hand", f"a KONG of {discard} needs three concealed {discard}, the hand holds {held}")
        return None
    if move is Move.PONG:
        if discard in passed:
            return Reason("passed-tile", f"{discard} was discarded before and let pass since the player's last move")
        if held < 2:
            return Reason("not-in-hand", f"a PONG of {discard} needs two concealed {discard}, the hand holds {held}")
        return None
    return _check_chow(hand, discard, chow)


def _check_chow(hand: SortedHand, discard: Tile, chow: tuple[Tile, Tile] | None) -> Reason | None:
    """A CHOW "contains 3 tiles in numerical sequence of the same suit"; "The Honor Suit Tiles,
    Flower Suit Tiles and Animal Tiles cannot be used in a CHOW"; "The user should click on the
    tiles that they wish to use for the CHOW" (``chow``; ``None``: any that fits)."""
    if not discard.is_number or discard.suit is None or discard.rank is None:
        return Reason("not-a-chow", f"{discard} is an honour: honours make no CHOW")
    suit, rank = discard.suit, discard.rank
    candidates = [
        (suit.tile(rank + low), suit.tile(rank + high))
        for low, high in ((-2, -1), (-1, 1), (1, 2))
        if rank + low >= 1 and rank + high <= 9
    ]
    if chow is not None:
        wanted = tuple(sorted(chow))
        if wanted not in candidates:
            return Reason("not-a-chow", f"{discard} with {wanted[0]} {wanted[1]} is not three tiles in sequence")
        candidates = [wanted]
    for first, second in candidates:
        if hand.concealed[first.index] >= 1 and hand.concealed[second.index] >= 1:
            return None
    tiles = " or ".join(f"{first} {second}" for first, second in candidates)
    return Reason("not-in-hand", f"a CHOW of {discard} needs {tiles} among the concealed tiles")


def declarable_kongs(hand: SortedHand) -> dict[Tile, str]:
    """The kongs a player may declare on their own turn, after drawing: "Exposed Kong Type 2" (a
    drawn tile matching an exposed pung) and "Concealed Kong" (four of a tile among the concealed
    tiles; ruling S20: until declared they are a pung and one tile)."""
    found: dict[Tile, str] = {}
    for placed in hand.declared:
        if placed.kind == "pung" and placed.exposed and hand.concealed[placed.tile.index] >= 1:
            found[placed.tile] = "exposed kong type 2"
    for index, count in enumerate(hand.concealed):
        if count == 4:
            found[Tile.from_index(index)] = "concealed kong"
    return dict(sorted(found.items()))


@attrs.frozen
class Deal:
    """Who deals the next game: the banker's table position (the seat they held in the first game
    of the round), the prevailing wind, and whether the round is over."""

    banker: Seat
    prevailing_wind: Seat
    round_over: bool = False


def next_deal(banker: Seat, prevailing_wind: Seat, *, won: bool, kong_declared: bool, seats: Sequence[Seat]) -> Deal:
    """The next game's banker and prevailing wind. "When a player has Mahjong (GAME) or the tiles
    run out and someone has declared a KONG, the banker position rotates to the player to the
    right ... of the banker of the previous game, otherwise the banker remains the same." "When the
    banker position rotates one full time around the table the prevailing wind changes to South,
    then West, then finally North. After the North prevailing wind the round is complete."

    Raises:
        IllegalMoveError: ``banker`` is not at the table.
    """
    if banker not in seats:
        raise IllegalMoveError(Reason("not-at-table", f"{banker.name.title()} is not at the table"))
    if not (won or kong_declared):
        return Deal(banker, prevailing_wind)
    following = next_seat(banker, seats)
    if following is not seats[0]:
        return Deal(following, prevailing_wind)
    if prevailing_wind is Seat.NORTH:
        return Deal(following, prevailing_wind, round_over=True)
    return Deal(following, prevailing_wind.next)
