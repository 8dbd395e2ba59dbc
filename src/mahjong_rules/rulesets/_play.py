"""What every American ruleset's play shares: illegal moves, claims on a discard, and checking
who claims it.

Each ruleset orders the claims by its own document (:func:`checked_claims` does the checks that
do not depend on the order)."""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.errors import MahjongError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Reason
from mahjong_rules.tiles import Seat, Tile

__all__ = [
    "Claim",
    "ClaimKind",
    "IllegalMoveError",
    "checked_claims",
    "missing_from_hand",
    "swap_joker",
    "turn_distance",
]


class IllegalMoveError(MahjongError, ValueError):
    """A call or swap the rules do not allow; ``reason`` says which rule."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason
        super().__init__(reason.message)


class ClaimKind(enum.Enum):
    MAHJONG = "mahjong"
    EXPOSURE = "exposure"


def _claim_seat(seat: object) -> Seat:
    return as_seat(seat, "a claim's seat")


def _claim_kind(kind: object) -> ClaimKind:
    if isinstance(kind, ClaimKind):
        return kind
    if isinstance(kind, str):
        for member in ClaimKind:
            if kind.lower() == member.value:
                return member
    raise TypeError(f"a claim's kind is a ClaimKind ('mahjong' or 'exposure'), not {describe(kind)}")


@attrs.frozen
class Claim:
    """A player's call of the last discard: for Mahjong, or to expose a set of ``size`` tiles."""

    seat: Seat = attrs.field(converter=_claim_seat)
    kind: ClaimKind = attrs.field(converter=_claim_kind)
    size: int = attrs.field(default=0)

    def __attrs_post_init__(self) -> None:
        if type(self.size) is not int:
            raise TypeError(f"a claim's size is an integer, not {describe(self.size)}")
        if self.kind is ClaimKind.EXPOSURE and not self.size >= 3:
            raise IllegalMoveError(Reason("exposed-pair", f"an exposure claims 3 tiles or more, not {self.size}"))


def turn_distance(discarder: Seat, seat: Seat) -> int:
    """How many turns after the discarder ``seat`` plays (ruling T4)."""
    return (seat.value - discarder.value) % 4


def checked_claims(claims: Sequence[Claim], discarder: object) -> tuple[tuple[Claim, ...], Seat]:
    """The claims and the discarder, once checked: claims are Claim records, one per player, none
    by the discarder.

    Raises:
        TypeError: a claim or the discarder of the wrong type.
        IllegalMoveError: the discarder claims the discard, or a player claims twice.
    """
    seat = as_seat(discarder, "discarder")
    if isinstance(claims, str) or not isinstance(claims, Sequence):
        raise TypeError(f"claims is a sequence of Claim records, not {describe(claims)}")
    for claim in claims:
        if not isinstance(claim, Claim):
            raise TypeError(f"claims holds Claim records, not {describe(claim)}")
    if any(claim.seat is seat for claim in claims):
        raise IllegalMoveError(Reason("own-discard", "the discarder cannot call their own discard"))
    if len({claim.seat for claim in claims}) < len(claims):
        raise IllegalMoveError(Reason("two-claims", "each player makes one claim"))
    return tuple(claims), seat


def swap_joker(meld: Meld, give: Tile) -> tuple[Meld, Tile]:
    """A joker swap: a natural tile from hand for a joker in an exposed block that the joker
    stands in for; the block after the swap and the joker taken.

    Raises:
        IllegalMoveError: the swap breaks a rule.
    """
    if not meld.exposed:
        raise IllegalMoveError(Reason("not-exposed", "a joker swap is made with an exposed block"))
    if give.is_joker:
        raise IllegalMoveError(Reason("joker-for-joker", "a joker is swapped for a natural tile, not a joker"))
    tiles = list(meld.tiles)
    if Tile.JOKER not in tiles:
        raise IllegalMoveError(Reason("no-joker", f"the exposed block {meld} holds no joker"))
    if meld.represents is not give:
        raise IllegalMoveError(Reason("not-matching", f"{give} is not the tile the jokers of {meld} stand for"))
    tiles.remove(Tile.JOKER)
    tiles.append(give)
    return Meld(tiles, exposed=True, called_from=meld.called_from, represents=meld.represents), Tile.JOKER


def missing_from_hand(hand: Hand, discard: Tile, meld: Meld) -> Reason | None:
    """Why ``hand`` cannot expose ``meld`` by calling ``discard``: a tile of the meld, other than
    the called one, that the concealed tiles lack, or no concealed tile left to discard after the
    call (a player who calls a tile to expose a set then discards; only a Mahjong call may take
    the last concealed tiles); ``None`` when it may."""
    from_hand = list(meld.tiles)
    from_hand.remove(discard)
    held, used = hand.concealed_counts, [0] * len(hand.concealed_counts)
    for tile in from_hand:
        index = tile.index
        if used[index] == held[index]:
            return Reason("not-in-hand", f"the hand does not hold the {tile} the exposure needs")
        used[index] += 1
    if len(hand.concealed) == len(from_hand):
        return Reason(
            "nothing-to-discard",
            f"exposing {meld} would leave no concealed tile to discard: only a Mahjong call takes the last tiles",
        )
    return None
