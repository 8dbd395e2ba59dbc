"""What a Card-Free game needs to know during play. "All gameplay rules are identical to standard
American Mah Jongg except for winning hands and scoring": calls, claims and joker swaps follow
the American guide (``american-nmjl-guide.txt``), and the Card-Free rules add that Flowers and the
NEWS block are called only for Mah Jongg (rulings C3, C12)."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Reason
from mahjong_rules.rulesets._play import (
    Claim,
    ClaimKind,
    IllegalMoveError,
    checked_claims,
    missing_from_hand,
    swap_joker,
    turn_distance,
)
from mahjong_rules.tiles import Seat, Tile

__all__ = ["check_exposure", "resolve_claims", "swap_joker"]


def check_exposure(hand: Hand, discard: Tile, meld: Meld) -> Reason | None:
    """Why ``hand`` may not call ``discard`` to expose ``meld`` (the called tile included), or
    ``None`` when it may.

    Guide: "You can never call a discarded joker"; "The tile being called must complete a grouping
    of 3 or more tiles and upon calling the tile, that grouping must be exposed"; "You can not call a
    tile for a single or a pair (unless it is the final tile needed ... to declare mahjong)". Card-Free:
    "Flowers can only be called for Mah Jongg" and "you cannot call a tile in the NEWS block unless
    it completes your hand for Mah Jongg". A block has 2 to 5 identical tiles.
    """
    if discard.is_joker:
        return Reason("uncallable-tile", "a discarded joker is dead: it cannot be called")
    if discard not in meld.tiles:
        return Reason("called-tile-missing", f"the exposed block {meld} does not hold the called {discard}")
    if discard.is_flower:
        return Reason("flower-call", "Flowers are called only for Mah Jongg")
    if meld.is_chow or (meld.is_singles and not all(tile.is_wind for tile in meld.tiles)):
        return Reason("not-a-block", f"{meld} is not a block of identical tiles")
    if meld.is_singles:
        return Reason("news-call", "the tiles of a NEWS block are called only for Mah Jongg")
    if meld.represents is not discard:
        return Reason("not-matching", f"the exposed block {meld} is not a block of {discard}")
    if meld.size < 3:
        return Reason("exposed-pair", "a tile is called only to complete a block of 3 or more")
    if meld.size > 5:
        return Reason("block-too-large", f"a block has 2 to 5 tiles, not {meld.size}")
    return missing_from_hand(hand, discard, meld)


def resolve_claims(claims: Sequence[Claim], discarder: Seat) -> tuple[Claim, ...]:
    """Who takes a discard several players call. Guide: "If two players call for the same
    discarded tile, the player closest in line to their turn would take priority or a player
    calling the tile to declare mahjong would take priority." A Mah Jongg claim comes first, then
    the nearest in turn order (ruling T4); one player takes the tile.
    """
    checked, seat = checked_claims(claims, discarder)
    if not checked:
        return ()
    return (min(checked, key=lambda claim: (claim.kind is not ClaimKind.MAHJONG, turn_distance(seat, claim.seat))),)


__all__ += ["Claim", "ClaimKind", "IllegalMoveError"]
