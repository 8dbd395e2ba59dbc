"""What a Flex game needs to know during play: which calls are legal and who gets a discard,
and the Joker and Blank Swaps."""

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
    turn_distance,
)
from mahjong_rules.tiles import Seat, Tile

__all__ = [
    "Claim",
    "ClaimKind",
    "IllegalMoveError",
    "check_blank_swap",
    "check_exposure",
    "resolve_claims",
    "swap_joker",
]


def check_exposure(hand: Hand, discard: Tile, meld: Meld) -> Reason | None:
    """Why ``hand`` may not call ``discard`` to expose ``meld`` (the called tile included), or
    ``None`` when it may. A call for Mahjong is checked by evaluating the completed hand instead.

    Rules: "You can call any tile except a blank or a joker"; the set is made "using at least 2
    matching tiles and/or jokers from your hand", so never a pair; jokers never join flowers; a
    singles set is called only as the last tile for Mahjong (ruling F13).
    """
    if discard.is_joker or discard.is_blank:
        return Reason("uncallable-tile", f"a discarded {discard.name.lower()} cannot be called")
    if discard not in meld.tiles:
        return Reason("called-tile-missing", f"the exposed set {meld} does not hold the called {discard}")
    if meld.is_singles or meld.is_chow:
        return Reason("singles-call", "a singles set can be called only with the last tile for Mahjong")
    if meld.represents is not discard:
        return Reason("not-matching", f"the exposed set {meld} is not a set of {discard}")
    if meld.size < 3:
        return Reason("exposed-pair", "a pair cannot be exposed: a call needs 2 matching tiles or jokers from hand")
    if discard.is_flower and meld.joker_count:
        return Reason("joker-in-flowers", "a joker cannot stand in a flower set")
    if not discard.is_flower and meld.size > 4:
        return Reason("set-too-large", f"a set has 2 to 4 tiles, not {meld.size}")
    return missing_from_hand(hand, discard, meld)


def resolve_claims(claims: Sequence[Claim], discarder: Seat) -> tuple[Claim, ...]:
    """Who takes a discard several players call. Rules: "1. A player calling Mahjong 2. The
    player calling for the set with the most number of tiles. 3. The player in turn order closest
    to the discarding player." Every Mahjong claim wins ("More Than One Mahjong"; ruling F12),
    nearest first; otherwise the one best exposure. Turn order follows ruling T4.
    """
    claims, seat = checked_claims(claims, discarder)
    mahjong = sorted((c for c in claims if c.kind is ClaimKind.MAHJONG), key=lambda c: turn_distance(seat, c.seat))
    if mahjong:
        return tuple(mahjong)
    if not claims:
        return ()
    return (min(claims, key=lambda claim: (-claim.size, turn_distance(seat, claim.seat))),)


def swap_joker(meld: Meld, give: Tile, *, from_hand_only: bool = False) -> tuple[Meld, Tile]:
    """A Joker Swap with an exposed set: the set after the swap and the tile the swapper takes.

    Rules: "1. Swap a matching tile from your hand with a joker in any player's exposed set.
    2. Swap a joker from your hand with any tile in any player's exposed set except for flower
    tiles." With the house rule "Only allow Joker swaps using a Joker from your hand"
    (``from_hand_only``), only the second way is allowed.

    Raises:
        IllegalMoveError: the swap breaks a rule.
    """
    if not meld.exposed:
        raise IllegalMoveError(Reason("not-exposed", "a Joker Swap is made with an exposed set"))
    tiles = list(meld.tiles)
    if give.is_joker:
        naturals = [tile for tile in tiles if not tile.is_joker]
        if not naturals:
            raise IllegalMoveError(Reason("no-tile-to-take", f"the exposed set {meld} holds only jokers"))
        taken = naturals[0]
        if taken.is_flower:
            raise IllegalMoveError(Reason("flower-swap", "a joker cannot be swapped for a flower tile"))
        tiles.remove(taken)
        tiles.append(Tile.JOKER)
    else:
        if from_hand_only:
            raise IllegalMoveError(Reason("house-rule", "house rule: Joker Swaps are made only with a joker from hand"))
        if Tile.JOKER not in tiles:
            raise IllegalMoveError(Reason("no-joker", f"the exposed set {meld} holds no joker"))
        if meld.represents is not give:
            raise IllegalMoveError(Reason("not-matching", f"{give} does not match the exposed set {meld}"))
        taken = Tile.JOKER
        tiles.remove(Tile.JOKER)
        tiles.append(give)
    swapped = Meld(tiles, exposed=True, called_from=meld.called_from, represents=meld.represents)
    return swapped, taken


def check_blank_swap(hand: Hand, discard: Tile) -> Reason | None:
    """Why ``hand`` may not make a Blank Swap for ``discard``, or ``None`` when it may. Rules: "A
    Blank Swap allows you to exchange a blank tile from your hand with any discarded tile that is
    face up on the table except a joker or another blank."
    """
    if Tile.BLANK not in hand.concealed:
        return Reason("no-blank", "a Blank Swap needs a blank in hand")
    if discard.is_joker or discard.is_blank:
        return Reason("uncallable-tile", f"a blank cannot be swapped for a discarded {discard.name.lower()}")
    return None
