"""Card play (``nmjl``) legality: calls, who takes a discard several players call, joker swaps, the
Charleston and the courtesy pass, and when a hand is dead.

Sources: ``rules/american-nmjl-guide.txt`` ("Guide"), the rulings T4, N2, N4 of ``RULINGS.md`` and
L11 of ``docs/rulings.rst`` ("the optional second Charleston takes place only when every player
wants it"). Only the most recent discard may be called ("Only the most recently discarded tile may
be called by any player"): which discard that is belongs to the game loop, not to these checks.
Every card line is invented (ruling N1); expected values are worked out by hand.
"""

from __future__ import annotations

import itertools

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets._play import Claim, ClaimKind, IllegalMoveError
from mahjong_rules.rulesets.nmjl import (
    CHARLESTON,
    CharlestonPass,
    Direction,
    NmjlRuleset,
    check_charleston_pass,
    courtesy_pass_size,
    pass_receiver,
    second_charleston_agreed,
)

E, S, W, N = mr.Seat
T = mr.Tile.parse
M = mr.Meld.parse


def card(*lines: tuple[str, int] | tuple[str, int, bool]) -> mr.Card:
    """A card of one section, "Lines", with the lines given as (pattern, value[, concealed])."""
    tables = []
    for line in lines:
        concealed = len(line) == 3 and line[2]
        tables.append(f'  {{ hand = "{line[0]}", value = {line[1]}, concealed = {str(concealed).lower()} }},\n')
    return mr.parse_card(
        'format = 1\nname = "Play"\n[[section]]\nname = "Lines"\nlines = [\n' + "".join(tables) + "]\n"
    )


def nmjl(the_card: mr.Card) -> NmjlRuleset:
    ruleset = mr.get_ruleset("nmjl", card=the_card)
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


def code(reason: mr.Reason | None) -> str | None:
    return None if reason is None else reason.code


# The guide's example line: "A player is building the following line under the 2468 section: 222 444
# 6666 8888", one suit.
GUIDE = nmjl(card(("222x 444x 6666x 8888x", 25)))
GUIDE_CONCEALED = nmjl(card(("222x 444x 6666x 8888x", 25, True)))
PAIRS = nmjl(card(("2222x 44x 66x 8888x FF", 25)))

TWO_4C = "222C 44C 6666C 8888C"  # 13 tiles, two 4 Craks
ONE_4C_AND_A_JOKER = "222C 4C J 6666C 8888C"  # 13 tiles, one 4 Crak and a joker


# -- calls for an exposure -------------------------------------------------------------------------


def test_the_guides_call_with_two_4_craks() -> None:
    """Guide: 'The player currently has two 4 crak tiles in their hand and a player discards a 4
    crak. The discarded tile makes the third tile and completes the grouping of three or more tiles.
    Thus, the player can call the discarded 4 crak and pick up the tile and must expose those three
    4 craks on their rack.'"""
    assert GUIDE.check_call(TWO_4C, "4C", "[4C 4C 4C]") is None


def test_the_guides_call_with_one_4_crak_and_a_joker() -> None:
    """Guide: 'In this same example, let's say that the player has one 4 crak in their hand and has a
    joker. The player can still call the discarded 4 crak because they are able to use the joker as
    the third 4 crak needed to complete that grouping of tiles.'"""
    assert GUIDE.check_call(ONE_4C_AND_A_JOKER, "4C", "[4C 4C J]") is None


@pytest.mark.parametrize(
    ("hand", "discard", "meld", "reason"),
    [
        # one 4 Crak and a joker do not make three natural 4 Craks
        pytest.param(ONE_4C_AND_A_JOKER, "4C", "[4C 4C 4C]", "not-in-hand", id="a-4-crak-short"),
        pytest.param(TWO_4C, "4C", "[4C 4C J]", "not-in-hand", id="no-joker-in-hand"),
        pytest.param(TWO_4C, "4C", "[6666C]", "called-tile-missing", id="other-tiles"),
    ],
)
def test_the_exposure_is_the_called_tile_and_the_hands(hand: str, discard: str, meld: str, reason: str) -> None:
    """Guide: 'when the tile is picked up, that tile along with the other like tiles in that grouping
    must be exposed face up on the player's rack': the called tile and tiles from the hand."""
    assert code(GUIDE.check_call(hand, discard, meld)) == reason


@pytest.mark.parametrize(
    ("hand", "discard", "meld"),
    [
        pytest.param(TWO_4C, "4C", "[4C 4C]", id="pair-of-4s"),
        pytest.param("2222B 4B 66B 8888B FF", "4B", "[4B 4B]", id="pair-on-a-pairs-line"),
        pytest.param("2222B 44B 66B 8888B F", "F", "[F F]", id="flower-pair"),
    ],
)
def test_no_call_for_a_pair(hand: str, discard: str, meld: str) -> None:
    """Guide: 'You can not call a tile for a single or a pair (unless it is the final tile needed for
    a player to declare mahjong).' / 'Note: you cannot call a tile for a single or pair.'"""
    ruleset = GUIDE if hand == TWO_4C else PAIRS
    assert code(ruleset.check_call(hand, discard, meld)) == "exposed-pair"


@pytest.mark.parametrize(
    ("hand", "discard"),
    [
        pytest.param("2222B 4B 66B 8888B FF", "4B", id="the-pair-of-4s"),
        pytest.param("2222B 44B 66B 8888B F", "F", id="the-flower-pair"),
    ],
)
def test_a_pair_for_mahjong(hand: str, discard: str) -> None:
    """Guide: '... (unless it is the final tile needed for a player to declare mahjong)'."""
    assert PAIRS.check_call(hand, discard) is None


def test_a_single_for_mahjong_but_no_exposure() -> None:
    """Guide: 'You can not call a tile for a single or a pair (unless it is the final tile needed for
    a player to declare mahjong)'; NEWS 'are all considered singles'. The South completes NEWS for
    Mahjong; it is no grouping of like tiles to expose."""
    news = nmjl(card(("NEWS 2222x 4444y FF", 25)))
    hand = "N E W 2222B 4444C FF"
    assert news.check_call(hand, "S") is None
    assert code(news.check_call(hand, "S", "[N E W S]")) == "not-like-tiles"


@pytest.mark.parametrize(
    ("hand", "discard", "meld", "reason"),
    [
        # the line's 4s are a pung: a kong of 4s is no whole group of it
        pytest.param("222C 444C 666C 8888C", "4C", "[4444C]", "no-line-fits", id="kong-for-a-pung"),
        # the line's 6s are a kong: a pung of 6s is no whole group of it
        pytest.param("222C 444C 666C 8888C", "6C", "[666C]", "no-line-fits", id="pung-for-a-kong"),
        pytest.param("222C 444C 666C 8888C", "6C", "[6666C]", None, id="kong-of-6s"),
        pytest.param("222C 444C 666C 8888C", "6C", "[666C J]", "not-in-hand", id="kong-with-a-missing-joker"),
        # 5s are on no line at all
        pytest.param("222C 55C 6666C 8888C", "5C", "[555C]", "no-line-fits", id="no-line-has-5s"),
    ],
)
def test_the_exposure_is_a_whole_group_of_an_exposed_line_ruling_n4(
    hand: str, discard: str, meld: str, reason: str | None
) -> None:
    """Guide: 'You may call (pick up) a discarded tile when playing an exposed hand only if the tile
    being called completes a grouping of 3 or more tiles.' Ruling N4: 'Every exposed set must be
    exactly one whole group of the line'."""
    assert code(GUIDE.check_call(hand, discard, meld)) == reason


def test_the_exposure_goes_with_the_hands_other_exposures_ruling_n4() -> None:
    """Ruling N4: each exposed set a whole group of the line, so all of them groups of one line: the
    one-suit line cannot hold an exposed kong of 6 Bams and a pung of 4 Craks."""
    assert code(GUIDE.check_call("[6666B] 222C 44C 888C N", "4C", "[444C]")) == "no-line-fits"
    assert GUIDE.check_call("[6666C] 222C 44C 888C N", "4C", "[444C]") is None


def test_a_refused_exposure_is_named_each_time_it_is_asked_ruling_n4() -> None:
    """Ruling N4: an exposure no line fits is refused, and the refusal names the set asked about,
    however often it is asked and whoever it is called from (the answer is kept by the set's tiles,
    the message by the set itself)."""
    hand = "222C 444C 666C 8888C"
    from_west, from_north = M("[4444C @W]"), M("[4444C @N]")
    first = GUIDE.check_call(hand, "4C", from_west)
    assert code(first) == "no-line-fits"
    assert "[4444C@W]" in str(first)
    again = GUIDE.check_call(hand, "4C", from_west)
    assert again == first
    other = GUIDE.check_call(hand, "4C", from_north)
    assert code(other) == "no-line-fits"
    assert "[4444C@N]" in str(other)
    assert "@W" not in str(other)


def test_a_hand_with_an_exposed_pair_calls_nothing_ruling_n4() -> None:
    """Ruling N4: every exposed set is a whole group of 3 or more like tiles; a hand already showing
    a pair fits no line, whatever it calls."""
    assert code(GUIDE.check_call("[22C] 444C 666C 8888C N", "6C", "[6666C]")) == "no-line-fits"
    assert GUIDE.check_call("222C 444C 666C 8888C", "6C", "[6666C]") is None


def test_an_exposed_grouping_is_never_added_to() -> None:
    """Guide: 'Once you have called a tile and exposed a grouping of tiles, this grouping can not be
    edited (added to or removed from), except for a joker swap' / 'Once a discarded tile has been
    called and that grouping of tiles is exposed, those tiles cannot be changed'. The exposed pung of
    4 Craks stays a pung: calling the fourth 4 Crak for a kong needs three more from the hand."""
    assert code(GUIDE.check_call("[444C] 222C 6666C 888C", "4C", "[4444C]")) == "not-in-hand"


def test_a_flower_pung_may_be_called_ruling_n2() -> None:
    """Guide: 'any player at the table may call that tile ... if the tile completes a grouping of 3 or
    more like tiles'; 'each flower tile has the same meaning'. Ruling N2: jokers stand in groups of 3
    or more identical tiles, 'flowers included'."""
    flowers = nmjl(card(("FFF 2222x 444x 5555y", 25)))
    assert flowers.check_call("FF 2222B 444B 5555C", "F", "[FFF]") is None
    assert flowers.check_call("F J 2222B 444B 5555C", "F", "[F F J]") is None


def test_no_joker_in_an_exposure_of_a_bang_group() -> None:
    """Format: '``!``: at the end of a group: no jokers in this group': an exposed flower kong with a
    joker is no group of ``FFFF! 2222x 4444x 66y``; four natural flowers are."""
    banned = nmjl(card(("FFFF! 2222x 4444x 66y", 25)))
    assert code(banned.check_call("FF J 2222B 4444B 66C", "F", "[F F F J]")) == "no-line-fits"
    assert banned.check_call("FFF 2222B 4444B 66C", "F", "[FFFF]") is None


@pytest.mark.parametrize(
    ("hand", "meld"),
    [
        pytest.param(TWO_4C, "[4C 4C J]", id="exposure"),
        # a joker would complete the kong of 8s: still no call
        pytest.param("222C 444C 6666C 888C", None, id="mahjong"),
    ],
)
def test_never_call_a_joker(hand: str, meld: str | None) -> None:
    """Guide: 'You can never call a discarded joker. Jokers are "dead" as soon as they are
    discarded.' / 'Once a Joker is discarded, it is "dead" and may not be called/picked up by another
    player.'"""
    assert code(GUIDE.check_call(hand, "J", meld)) == "uncallable-tile"


# -- calls for Mahjong -----------------------------------------------------------------------------


def test_call_for_mahjong_must_complete_the_line() -> None:
    """Guide: 'You can not call a tile for a single or a pair (unless it is the final tile needed for
    a player to declare mahjong)': the 8 Crak completes ``222 444 6666 8888``; a 9 Crak does not."""
    hand = "222C 444C 6666C 888C"
    assert GUIDE.check_call(hand, "8C") is None
    assert code(GUIDE.check_call(hand, "9C")) == "not-mahjong"


def test_call_on_a_concealed_line_only_for_mahjong_ruling_n4() -> None:
    """Guide: 'You cannot call a tile if you are playing a concealed hand (marked with a blue C in the
    Values column next to the line) unless the tile is the final tile needed to declare mahjong.'
    Ruling N4: 'a concealed (C) line allows no exposure except the tile called for Mahjong'."""
    assert code(GUIDE_CONCEALED.check_call(TWO_4C, "4C", "[4C 4C 4C]")) == "no-line-fits"
    assert GUIDE_CONCEALED.check_call("222C 444C 6666C 888C", "8C") is None


def test_no_mahjong_on_a_concealed_line_after_an_exposure_ruling_n4() -> None:
    """Ruling N4: a concealed line allows no exposure: a hand that exposed 4 Craks cannot go out on
    it, even with the right tile."""
    assert code(GUIDE_CONCEALED.check_call("[444C] 222C 6666C 888C", "8C")) == "not-mahjong"
    assert GUIDE.check_call("[444C] 222C 6666C 888C", "8C") is None


def test_call_for_mahjong_is_not_self_drawn() -> None:
    """A call takes another player's discard: a self-drawn context is an error."""
    with pytest.raises(mr.ContextError):
        GUIDE.check_call("222C 444C 6666C 888C", "8C", context=mr.WinContext(self_drawn=True))


# -- several claims --------------------------------------------------------------------------------


def test_mahjong_claim_first() -> None:
    """Guide: 'If two players call for the same discarded tile, the player closest in line to their
    turn would take priority or a player calling the tile to declare mahjong would take priority.'
    South plays next after East, but North calls for Mahjong."""
    claims = [Claim(S, ClaimKind.EXPOSURE, 3), Claim(N, ClaimKind.MAHJONG)]
    assert GUIDE.resolve_claims(claims, discarder=E) == (Claim(N, ClaimKind.MAHJONG),)


@pytest.mark.parametrize(
    ("discarder", "claimers", "taker"),
    [
        pytest.param(E, [W, S], S, id="after-east-south-before-west"),
        pytest.param(E, [N, W], W, id="after-east-west-before-north"),
        pytest.param(W, [E, N], N, id="after-west-north-before-east"),
        pytest.param(N, [S, E], E, id="after-north-east-before-south"),
        pytest.param(S, [E, N, W], W, id="after-south-west-first"),
    ],
)
def test_nearest_in_turn_order_ruling_t4(discarder: mr.Seat, claimers: list[mr.Seat], taker: mr.Seat) -> None:
    """Guide: 'the player closest in line to their turn would take priority'. Ruling T4: 'Seats are
    East, South, West, North in turn order'."""
    claims = [Claim(seat, ClaimKind.EXPOSURE, 3) for seat in claimers]
    assert [claim.seat for claim in GUIDE.resolve_claims(claims, discarder=discarder)] == [taker]


def test_two_mahjong_claims_nearest_first_ruling_t4() -> None:
    """Guide: both priorities at once: between two Mahjong claims, the one closest in turn; after
    South, West plays before East."""
    claims = [Claim(E, ClaimKind.MAHJONG), Claim(W, ClaimKind.MAHJONG), Claim(N, ClaimKind.EXPOSURE, 4)]
    assert GUIDE.resolve_claims(claims, discarder=S) == (Claim(W, ClaimKind.MAHJONG),)


def test_claims_that_break_the_rules() -> None:
    """Guide: 'any player at the table may call that tile' (the discarder does not); 'You can not
    call a tile for a single or a pair' (an exposure claim is of 3 tiles or more)."""
    with pytest.raises(IllegalMoveError) as caught:
        GUIDE.resolve_claims([Claim(E, ClaimKind.EXPOSURE, 3)], discarder=E)
    assert caught.value.reason.code == "own-discard"
    with pytest.raises(IllegalMoveError) as caught:
        Claim(S, ClaimKind.EXPOSURE, 2)
    assert caught.value.reason.code == "exposed-pair"
    assert GUIDE.resolve_claims([], discarder=E) == ()


# -- joker swaps -----------------------------------------------------------------------------------


def test_the_guides_joker_swap() -> None:
    """Guide: 'a player has exposed a grouping of 4 tiles, the grouping includes two 5 dots and two
    jokers that are being used in place of 5 dots. If a player has a 5-dot tile in their hand, on
    their turn, they may swap the 5 dot for the joker. This same concept applies to your own hand.'
    Two swaps leave four natural 5 Dots and give two jokers."""
    swapped, taken = GUIDE.swap_joker("[5D 5D J J]", "5D")
    assert taken is mr.Tile.JOKER
    assert swapped.tiles == M("[5D 5D 5D J]").tiles
    assert swapped.exposed
    again, taken_again = GUIDE.swap_joker(swapped, T("5D"))
    assert taken_again is mr.Tile.JOKER
    assert again.tiles == M("[5555D]").tiles
    # 'this grouping can not be edited (added to or removed from), except for a joker swap': a swap
    # keeps it a kong of 5 Dots
    assert (len(again.tiles), again.represents, again.exposed) == (4, T("5D"), True)


@pytest.mark.parametrize(
    ("meld", "give", "reason"),
    [
        pytest.param("[5D 5D J J]", "6D", "not-matching", id="another-number"),
        pytest.param("[5D 5D J J]", "5C", "not-matching", id="another-suit"),
        pytest.param("[5555D]", "5D", "no-joker", id="no-joker"),
        pytest.param("{5D 5D J J}", "5D", "not-exposed", id="not-exposed"),
        pytest.param("[5D 5D J J]", "J", "joker-for-joker", id="a-joker"),
    ],
)
def test_swaps_that_break_the_rules(meld: str, give: str, reason: str) -> None:
    """Guide: 'If a player exposes a grouping of tiles that includes a joker (or multiple jokers) and
    you have a tile in your hand that corresponds to the tile represented by the exposed joker(s),
    you may swap your tile for the joker'."""
    with pytest.raises(IllegalMoveError) as caught:
        GUIDE.swap_joker(meld, give)
    assert caught.value.reason.code == reason


# -- the Charleston --------------------------------------------------------------------------------


def test_the_charlestons_passes() -> None:
    """Guide: 'The first Charleston consists of three passes. First, each player will pass 3 unwanted
    tiles to the person to their right. Second, each player will pass 3 tiles to the person across
    the table. Third, each player will pass 3 tiles to the person on their left.' / 'The second
    Charleston consists of three passes. First, each player will pass 3 unwanted tiles to the person
    to their left. Second ... across the table. Third ... on their right.'"""
    assert [(step.charleston, step.number, step.direction) for step in CHARLESTON] == [
        (1, 1, Direction.RIGHT),
        (1, 2, Direction.ACROSS),
        (1, 3, Direction.LEFT),
        (2, 1, Direction.LEFT),
        (2, 2, Direction.ACROSS),
        (2, 3, Direction.RIGHT),
    ]


def test_the_first_charleston_required_the_second_optional() -> None:
    """Guide: 'First Charleston- REQUIRED' / 'Second Charleston- OPTIONAL'."""
    assert [step.required for step in CHARLESTON] == [True, True, True, False, False, False]


@pytest.mark.parametrize(
    ("passer", "direction", "receiver"),
    [
        # ruling T4: the player to the right is the next in turn order, E -> S -> W -> N -> E
        pytest.param(E, Direction.RIGHT, S, id="east-right-south"),
        pytest.param(S, Direction.RIGHT, W, id="south-right-west"),
        pytest.param(W, Direction.RIGHT, N, id="west-right-north"),
        pytest.param(N, Direction.RIGHT, E, id="north-right-east"),
        # to the left: the one before in turn order
        pytest.param(E, Direction.LEFT, N, id="east-left-north"),
        pytest.param(S, Direction.LEFT, E, id="south-left-east"),
        pytest.param(W, Direction.LEFT, S, id="west-left-south"),
        pytest.param(N, Direction.LEFT, W, id="north-left-west"),
        # across: two seats on
        pytest.param(E, Direction.ACROSS, W, id="east-across-west"),
        pytest.param(S, Direction.ACROSS, N, id="south-across-north"),
        pytest.param(W, Direction.ACROSS, E, id="west-across-east"),
        pytest.param(N, Direction.ACROSS, S, id="north-across-south"),
    ],
)
def test_pass_receiver_ruling_t4(passer: mr.Seat, direction: Direction, receiver: mr.Seat) -> None:
    """Ruling T4: '"The player to the right" of a player is the next one in turn order (East → South →
    West → North → East), as the documents use it.'"""
    assert pass_receiver(passer, direction) is receiver


def test_one_charleston_passes_once_to_each_other_player() -> None:
    """Guide: passes to the right, across and left: over one Charleston each player passes once to
    each of the three others."""
    for passer in mr.Seat:
        receivers = [pass_receiver(passer, step.direction) for step in CHARLESTON[:3]]
        assert len(receivers) == 3
        assert set(receivers) == set(mr.Seat) - {passer}


HAND = mr.Hand.parse("1B 3B 5B 7C 9C N E W S F GD RD J")  # 13 tiles


@pytest.mark.parametrize("step", CHARLESTON, ids=[f"charleston-{s.charleston}-pass-{s.number}" for s in CHARLESTON])
def test_three_tiles_each_pass(step: CharlestonPass) -> None:
    """Guide: 'each player will pass 3 unwanted tiles to the person to their right' (and 3 on every
    pass): three tiles from the hand, never two or four."""
    check_charleston_pass(HAND, ["N", "E", "W"], step)  # allowed: no IllegalMoveError
    for tiles in (["N", "E"], ["N", "E", "W", "S"]):
        with pytest.raises(IllegalMoveError) as caught:
            check_charleston_pass(HAND, tiles, step)
        assert caught.value.reason.code == "pass-size"


@pytest.mark.parametrize("step", CHARLESTON, ids=[f"charleston-{s.charleston}-pass-{s.number}" for s in CHARLESTON])
def test_no_jokers_passed(step: CharlestonPass) -> None:
    """Guide: 'Jokers may not be passed during the Charleston.' / 'Jokers may not be traded in
    Charleston.'"""
    with pytest.raises(IllegalMoveError) as caught:
        check_charleston_pass(HAND, ["J", "N", "E"], step)
    assert caught.value.reason.code == "joker-passed"


def test_only_tiles_from_the_hand() -> None:
    """A player passes 'unwanted tiles' of their own: the hand holds one North, not two."""
    with pytest.raises(IllegalMoveError) as caught:
        check_charleston_pass(HAND, ["N", "N", "E"], CHARLESTON[0])
    assert caught.value.reason.code == "not-in-hand"
    with pytest.raises(IllegalMoveError) as caught:
        check_charleston_pass(HAND, ["2B", "N", "E"], CHARLESTON[0])
    assert caught.value.reason.code == "not-in-hand"


@pytest.mark.parametrize(
    ("step", "allowed"),
    [
        pytest.param(step, step.number == 3, id=f"charleston-{step.charleston}-pass-{step.number}")
        for step in CHARLESTON
    ],
)
def test_blind_pass_only_on_the_last_pass_of_each(step: CharlestonPass, allowed: bool) -> None:
    """Guide: 'BLIND PASS: on the last pass of both the first Charleston and second Charleston, any
    player can blindly pass 1, 2, or 3 tiles. This is only permitted on the last pass of each
    Charleston (the first left and second right).'"""
    assert step.blind_allowed is allowed
    if allowed:
        assert step.direction is (Direction.LEFT if step.charleston == 1 else Direction.RIGHT)
    for blind, own in ((1, ["N", "E"]), (2, ["N"]), (3, [])):
        if allowed:
            check_charleston_pass(HAND, own, step, blind=blind)  # allowed: no IllegalMoveError
        else:
            with pytest.raises(IllegalMoveError) as caught:
                check_charleston_pass(HAND, own, step, blind=blind)
            assert caught.value.reason.code == "blind-pass"


@pytest.mark.parametrize("blind", [4, -1])
def test_blind_pass_of_1_2_or_3(blind: int) -> None:
    """Guide: 'any player can blindly pass 1, 2, or 3 tiles'."""
    with pytest.raises(IllegalMoveError) as caught:
        check_charleston_pass(HAND, [], CHARLESTON[2], blind=blind)
    assert caught.value.reason.code == "blind-pass"


def test_blind_tiles_and_own_tiles_make_three() -> None:
    """Guide: 'a player would take either 1, 2, or 3 of the tiles being passed to them and pass them
    along': with the hand's own tiles, still three in all."""
    with pytest.raises(IllegalMoveError) as caught:
        check_charleston_pass(HAND, ["N", "E", "W"], CHARLESTON[5], blind=1)
    assert caught.value.reason.code == "pass-size"


# -- the courtesy pass and the second Charleston ---------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "size"),
    [
        pytest.param(1, 3, 1, id="one-and-three"),
        pytest.param(3, 1, 1, id="three-and-one"),
        pytest.param(3, 3, 3, id="three-and-three"),
        pytest.param(2, 3, 2, id="two-and-three"),
        pytest.param(0, 3, 0, id="none-and-three"),
        pytest.param(0, 0, 0, id="none"),
    ],
)
def test_courtesy_pass_the_lower_number(first: int, second: int, size: int) -> None:
    """Guide: 'After completing the Charleston, players sitting across from each other may choose to
    do one final pass of up to three tiles. This is an optional courtesy pass. If one of the players
    only wants to trade one tile and the other wants to trade 3 tiles, the players will go with the
    lower number and only trade one tile.'"""
    assert courtesy_pass_size(first, second) == size


@pytest.mark.parametrize(("first", "second"), [(4, 1), (1, 4), (-1, 2)])
def test_courtesy_pass_up_to_three(first: int, second: int) -> None:
    """Guide: 'one final pass of up to three tiles'."""
    with pytest.raises(ValueError, match="0 to 3"):
        courtesy_pass_size(first, second)


@pytest.mark.parametrize("wanted", list(itertools.product([False, True], repeat=4)))
def test_second_charleston_only_when_every_player_wants_it_ruling_l11(wanted: tuple[bool, ...]) -> None:
    """Ruling L11: 'the optional second Charleston takes place only when every player wants it'
    (Guide: 'Second Charleston- OPTIONAL')."""
    assert second_charleston_agreed(list(wanted)) is (wanted == (True, True, True, True))


def test_second_charleston_three_players_ruling_l11() -> None:
    """Ruling L11 at a table of three: every player is the three of them."""
    assert second_charleston_agreed([True, True, True]) is True
    assert second_charleston_agreed([True, False, True]) is False


# -- dead hands ------------------------------------------------------------------------------------


def test_a_live_hand() -> None:
    """A hand one tile from a line, its tile still to be drawn: not dead."""
    assert PAIRS.dead_hand_reasons("2222B 44B 66B 8888B F N") == ()


def test_dead_when_no_tile_is_left_for_a_pair() -> None:
    """Guide: 'Jokers can not be used for a single or a pair': every hand of ``2222x 44x 66x 8888x FF``
    needs a flower pair; holding one flower with the seven others seen, no line can be made."""
    reasons = PAIRS.dead_hand_reasons("2222B 44B 66B 8888B F N", seen=["F"] * 7)
    assert [reason.code for reason in reasons] == ["no-live-line"]
    # six seen: one flower is left to draw
    assert PAIRS.dead_hand_reasons("2222B 44B 66B 8888B F N", seen=["F"] * 6) == ()


def test_dead_when_the_exposures_fit_no_line_ruling_n4() -> None:
    """Ruling N4: 'Every exposed set must be exactly one whole group of the line': a pung of 3s fits
    no line of a card without 3s, and nothing fits a card of concealed lines."""
    reasons = PAIRS.dead_hand_reasons("[333B] 2222B 44B 66B 888B")
    assert [reason.code for reason in reasons] == ["dead-exposures"]
    reasons = GUIDE_CONCEALED.dead_hand_reasons("[444C] 222C 6666C 888C N")
    assert [reason.code for reason in reasons] == ["dead-exposures"]


def test_a_kong_needing_a_gone_tile_lives_on_jokers() -> None:
    """Guide: 'you may use as many jokers as you have access to': the last 8 Bam seen, the kong of 8s
    can still take a joker."""
    assert GUIDE.dead_hand_reasons("222B 444B 6666B 888B N", seen=["8B"]) == ()


def test_dead_hand_sizes() -> None:
    with pytest.raises(mr.HandSizeError):
        GUIDE.dead_hand_reasons("222B 444B 6666B")
