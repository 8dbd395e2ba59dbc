"""Card-Free play legality: calls, who takes a discard several players call, and joker swaps.

Rules (``rules/card-free-american-rules.md``): 'All gameplay rules are identical to standard
American Mah Jongg except for winning hands and scoring.' The gameplay sentences quoted here are
from ``rules/american-nmjl-guide.txt`` ("Guide"); the Card-Free rules add that Flowers and the NEWS
block are called only for Mah Jongg (rulings C3, C12, L6).
"""

from __future__ import annotations

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset
from mahjong_rules.rulesets.card_free.play import Claim, ClaimKind, IllegalMoveError

E, S, W, N = mr.Seat
T = mr.Tile.parse
M = mr.Meld.parse
CARD_FREE = CardFreeRuleset(CardFreeOptions())

# 13 tiles: 3-5-7 Dots with a 9 Pair and a joker.
HAND = mr.Hand.parse("333D 5555D 777D 99D J")


def code(reason: mr.Reason | None) -> str | None:
    return None if reason is None else reason.code


# -- calls for an exposure -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("discard", "meld"),
    [
        pytest.param("7D", "[7777D]", id="kong"),
        pytest.param("7D", "[777D J]", id="kong-with-a-joker"),
        pytest.param("9D", "[999D]", id="pung"),
        pytest.param("9D", "[99D J]", id="pung-with-a-joker"),
        pytest.param("5D", "[5555D J]", id="quint"),
        pytest.param("3D", "[3333D]", id="kong-of-3s"),
    ],
)
def test_call_completes_a_block_of_three_or_more(discard: str, meld: str) -> None:
    """Guide: 'When a tile is discarded, any player at the table may call that tile and pick up the
    discarded if the tile completes a grouping of 3 or more like tiles. Additionally, when the tile
    is picked up, that tile along with the other like tiles in that grouping must be exposed' / 'The
    tile being called must complete a grouping of 3 or more tiles and upon calling the tile, that
    grouping must be exposed on the player's rack.' / 'Jokers can be used as a substitute for any
    tile in a grouping of 3 or more tiles.' Rules: 'All gameplay rules are identical to standard
    American Mah Jongg except for winning hands and scoring. Click here for a detailed explanation of
    the rules of standard American Mah Jongg' (the guide); blocks of 2 to 5 tiles (ruling L6)."""
    assert CARD_FREE.check_call(HAND, T(discard), M(meld)) is None


def test_no_call_for_a_pair() -> None:
    """Guide: 'You can not call a tile for a single or a pair (unless it is the final tile needed for
    a player to declare mahjong).' Ruling L6."""
    assert code(CARD_FREE.check_call(HAND, T("9D"), M("[99D]"))) == "exposed-pair"


def test_a_pair_for_mah_jongg() -> None:
    """Guide: '... (unless it is the final tile needed for a player to declare mahjong).' 3D completes
    the 3 Pair of 3-5-7-9 as One Pair & Three Kongs."""
    hand = mr.Hand.parse("3D 5555D 7777D 9999D")
    assert CARD_FREE.check_call(hand, T("3D")) is None


@pytest.mark.parametrize(
    ("meld", "reason"),
    [pytest.param("[JJJ]", "uncallable-tile", id="exposure"), pytest.param(None, "uncallable-tile", id="mahjong")],
)
def test_never_call_a_joker(meld: str | None, reason: str) -> None:
    """Guide: 'You can never call a discarded joker. Jokers are "dead" as soon as they are
    discarded.' / 'Once a Joker is discarded, it is "dead" and may not be called/picked up by another
    player.' (Even when a joker would complete the hand: 333D 5555D 7777D 99D with a joker Pung of
    9s.)"""
    hand = mr.Hand.parse("333D 5555D 7777D 99D")
    assert code(CARD_FREE.check_call(hand, mr.Tile.JOKER, None if meld is None else M(meld))) == reason


@pytest.mark.parametrize("meld", [pytest.param("[FF]", id="pair"), pytest.param("[FFF]", id="pung")])
def test_flowers_only_for_mah_jongg_ruling_c12(meld: str) -> None:
    """Rules: 'Flowers can only be used to create Pair blocks. This also means Flowers can only be
    called for Mah Jongg.' Ruling C12: Flowers can be called only for Mahjong, in every hand."""
    hand = mr.Hand.parse("333D 555D 777D 999D F")
    assert code(CARD_FREE.check_call(hand, T("F"), M(meld))) == "flower-call"
    assert CARD_FREE.check_call(hand, T("F")) is None  # the Flower Pair of 3-5-7-9, One Pair & Four Pungs


def test_flowers_for_dragons_love_only_for_mah_jongg_ruling_c12() -> None:
    """Ruling C12: 'Flowers can be called only for Mahjong, in every hand (Dragon's Love
    included).'"""
    hand = mr.Hand.parse("GDGDGDGD RDRDRDRD FFF FF")
    assert code(CARD_FREE.check_call(hand, T("F"), M("[FFF]"))) == "flower-call"
    assert CARD_FREE.check_call(hand, T("F")) is None


def test_news_tiles_only_for_mah_jongg_ruling_c3() -> None:
    """Rules: 'you cannot call a tile in the NEWS block unless it completes your hand for Mah Jongg.'
    Ruling L6."""
    hand = mr.Hand.parse("2222B 4444B 66B N E W")
    assert code(CARD_FREE.check_call(hand, T("S"), M("[N E W S]"))) == "news-call"
    assert CARD_FREE.check_call(hand, T("S")) is None


def test_a_wind_pung_may_be_called() -> None:
    """Guide: 'any player at the table may call that tile ... if the tile completes a grouping of 3 or
    more like tiles': a Pung of North for a Winds hand."""
    hand = mr.Hand.parse("NN EEEE WWWW SSS")
    assert CARD_FREE.check_call(hand, T("N"), M("[NNN]")) is None


@pytest.mark.parametrize(
    ("discard", "meld", "reason"),
    [
        pytest.param("9D", "[9999D]", "not-in-hand", id="two-9D-in-hand"),
        pytest.param("7D", "[777D JJ]", "not-in-hand", id="one-joker-in-hand"),
        pytest.param("9D", "[777D J]", "called-tile-missing", id="other-tile"),
        pytest.param("7D", "[777D JJJ]", "block-too-large", id="six-tiles"),
    ],
)
def test_the_exposure_is_the_hands_tiles(discard: str, meld: str, reason: str) -> None:
    """Guide: 'when the tile is picked up, that tile along with the other like tiles in that grouping
    must be exposed': the exposure is the called tile and tiles from the hand (which holds two 9D
    and one joker), a block of 2 to 5 tiles ('Blocks are groups of between 2 and 5 identical
    tiles')."""
    assert code(CARD_FREE.check_call(HAND, T(discard), M(meld))) == reason


def test_a_run_is_never_exposed() -> None:
    """Guide: 'the tile completes a grouping of 3 or more like tiles'; Rules: 'Blocks are groups of
    between 2 and 5 identical tiles.' A run of 5-6-7 is no such grouping."""
    hand = mr.Hand.parse("333D 5555D 66D 777D J")
    assert CARD_FREE.check_call(hand, T("7D"), M("[5D 6D 7D]")) is not None


# -- calls for Mah Jongg ---------------------------------------------------------------------------


def test_call_for_mah_jongg_must_complete_the_hand() -> None:
    """Guide: 'You can not call a tile for a single or a pair (unless it is the final tile needed for
    a player to declare mahjong).' 9D completes 3-5-7-9; 1D does not."""
    hand = mr.Hand.parse("333D 5555D 7777D 99D")
    assert CARD_FREE.check_call(hand, T("9D")) is None
    assert code(CARD_FREE.check_call(hand, T("1D"))) == "not-mahjong"


def test_call_for_mah_jongg_is_not_self_drawn() -> None:
    """A call takes another player's discard: a self-drawn context is an error."""
    with pytest.raises(mr.ContextError):
        CARD_FREE.check_call(mr.Hand.parse("333D 5555D 7777D 99D"), T("9D"), context=mr.WinContext(self_drawn=True))


def test_call_for_mah_jongg_with_a_skill_level() -> None:
    """Rules, level 5: 'Your hand must use no Jokers, be self-picked, or be a special Dragon hand': a
    call on a discard completing a hand with a joker is no Mah Jongg at level 5."""
    hand = mr.Hand.parse("333D 555D J 777D WDWDWD")
    assert CARD_FREE.check_call(hand, T("WD")) is None
    level_5 = CardFreeRuleset(CardFreeOptions(skill_level=5))
    assert code(level_5.check_call(hand, T("WD"))) == "not-mahjong"


# -- several claims --------------------------------------------------------------------------------


def test_mah_jongg_claim_first() -> None:
    """Guide: 'If two players call for the same discarded tile, the player closest in line to their
    turn would take priority or a player calling the tile to declare mahjong would take priority.'
    South plays next after East, but North calls for Mah Jongg."""
    claims = [Claim(S, ClaimKind.EXPOSURE, 3), Claim(N, ClaimKind.MAHJONG)]
    assert CARD_FREE.resolve_claims(claims, discarder=E) == (Claim(N, ClaimKind.MAHJONG),)


@pytest.mark.parametrize(
    ("discarder", "claims", "taker"),
    [
        pytest.param(W, [E, N], N, id="after-west-north"),
        pytest.param(E, [N, W, S], S, id="after-east-south"),
        pytest.param(S, [E, N], N, id="after-south-north-before-east"),
    ],
)
def test_nearest_in_turn_order_ruling_t4(discarder: mr.Seat, claims: list[mr.Seat], taker: mr.Seat) -> None:
    """Guide: 'the player closest in line to their turn would take priority'. Ruling T4: turn order
    East, South, West, North. Exposure claims of a Kong and a Pung alike: only the order counts."""
    made = [Claim(seat, ClaimKind.EXPOSURE, 4 if index % 2 else 3) for index, seat in enumerate(claims)]
    taken = CARD_FREE.resolve_claims(made, discarder=discarder)
    assert [claim.seat for claim in taken] == [taker]


def test_two_mah_jongg_claims_nearest_first() -> None:
    """Guide: 'the player closest in line to their turn would take priority or a player calling the
    tile to declare mahjong would take priority': between two Mah Jongg claims, the nearest."""
    claims = [Claim(E, ClaimKind.MAHJONG), Claim(N, ClaimKind.MAHJONG), Claim(S, ClaimKind.EXPOSURE, 4)]
    assert CARD_FREE.resolve_claims(claims, discarder=W) == (Claim(N, ClaimKind.MAHJONG),)


def test_no_claims() -> None:
    assert CARD_FREE.resolve_claims([], discarder=W) == ()


def test_claims_that_break_the_rules() -> None:
    """Guide: 'any player at the table may call that tile' (not its discarder); 'You can not call a
    tile for a single or a pair': an exposure claim is of 3 tiles or more."""
    with pytest.raises(IllegalMoveError) as caught:
        CARD_FREE.resolve_claims([Claim(E, ClaimKind.EXPOSURE, 3)], discarder=E)
    assert caught.value.reason.code == "own-discard"
    with pytest.raises(IllegalMoveError) as caught:
        Claim(S, ClaimKind.EXPOSURE, 2)
    assert caught.value.reason.code == "exposed-pair"


# -- joker swaps -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "give", "after"),
    [
        pytest.param("[777D J]", "7D", "[7777D]", id="kong"),
        pytest.param("[77D JJ]", "7D", "[777D J]", id="pung-two-jokers"),
        pytest.param("[GDGDGD J]", "GD", "[GDGDGDGD]", id="dragon-kong"),
        pytest.param("[NN J]", "N", "[NNN]", id="wind-pung"),
    ],
)
def test_swap_a_matching_tile_for_a_joker(meld: str, give: str, after: str) -> None:
    """Guide: 'If a player exposes a grouping of tiles that includes a joker (or multiple jokers) and
    you have a tile in your hand that corresponds to the tile represented by the exposed joker(s),
    you may swap your tile for the joker when it is your turn.'"""
    swapped, taken = CARD_FREE.swap_joker(M(meld), T(give))
    assert taken is mr.Tile.JOKER
    assert swapped.tiles == M(after).tiles
    assert swapped.exposed


def test_swap_for_an_all_joker_block_ruling_l4() -> None:
    """Guide: '... a tile in your hand that corresponds to the tile represented by the exposed
    joker(s)'; ruling L4: the arrangement shows what a block of jokers stands for (JJJ=5D)."""
    swapped, taken = CARD_FREE.swap_joker(M("[JJJ=5D]"), T("5D"))
    assert taken is mr.Tile.JOKER
    assert (swapped.joker_count, swapped.represents) == (2, T("5D"))


@pytest.mark.parametrize(
    ("meld", "give", "reason"),
    [
        pytest.param("[777D J]", "8D", "not-matching", id="other-tile"),
        pytest.param("[777D J]", "7C", "not-matching", id="other-suit"),
        pytest.param("[7777D]", "7D", "no-joker", id="no-joker"),
        pytest.param("{777D J}", "7D", "not-exposed", id="concealed"),
        pytest.param("[777D J]", "J", "joker-for-joker", id="joker"),
    ],
)
def test_swaps_that_break_the_rules(meld: str, give: str, reason: str) -> None:
    """Guide: 'If a player exposes a grouping of tiles that includes a joker ... and you have a tile
    in your hand that corresponds to the tile represented by the exposed joker(s), you may swap your
    tile for the joker': an exposed grouping, with a joker, and the tile it represents."""
    with pytest.raises(IllegalMoveError) as caught:
        CARD_FREE.swap_joker(M(meld), T(give))
    assert caught.value.reason.code == reason
