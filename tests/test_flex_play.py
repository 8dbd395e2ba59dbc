"""Flex play legality: calls, who gets a discard, Joker Swaps and Blank Swaps. Each test quotes
the sentence of the rules it checks (flex-mahjong-rules.txt, 'Taking a Turn')."""

from __future__ import annotations

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import Claim, ClaimKind, FlexOptions, FlexRuleset, IllegalMoveError

E, S, W, N = mr.Seat
T = mr.Tile.parse
FLEX = FlexRuleset(FlexOptions())
HAND = mr.Hand.parse("333C 44B 555C 666C 7C J")  # 13 tiles: one 7C short of a Run 3-7


@pytest.mark.parametrize("discard", ["J", "Blank"])
def test_jokers_and_blanks_cannot_be_called(discard: str) -> None:
    """'You can call any tile except a blank or a joker'; 'A discarded joker can't be picked up'."""
    reason = FLEX.check_call(HAND, T(discard))
    assert reason is not None
    assert reason.code == "uncallable-tile"


def test_a_call_for_a_set_needs_two_matching_tiles_or_jokers_from_hand() -> None:
    """'You can make a set using at least 2 matching tiles and/or jokers from your hand.'"""
    assert FLEX.check_call(HAND, T("4B"), mr.Meld.parse("[444B]")) is None
    assert FLEX.check_call(HAND, T("4B"), mr.Meld.parse("[44B J]")) is None
    reason = FLEX.check_call(HAND, T("7C"), mr.Meld.parse("[77C J J]"))
    assert reason is not None
    assert reason.code == "not-in-hand"  # the hand holds one joker only


def test_a_pair_is_never_exposed() -> None:
    """'If a player calls for a tile, but the exposure is not valid, such as exposing a pair set'."""
    reason = FLEX.check_call(HAND, T("4B"), mr.Meld.parse("[44B]"))
    assert reason is not None
    assert reason.code == "exposed-pair"


def test_the_called_tile_must_be_in_the_exposed_set() -> None:
    reason = FLEX.check_call(HAND, T("4B"), mr.Meld.parse("[333C]"))
    assert reason is not None
    assert reason.code == "called-tile-missing"


def test_jokers_never_join_an_exposed_flower_set() -> None:
    """'Jokers cannot be used in a flower set' (ruling F4)."""
    hand = mr.Hand.parse("FF J 333C 44B 555C 666C")
    reason = FLEX.check_call(hand, T("F"), mr.Meld.parse("[FFF J]"))
    assert reason is not None
    assert reason.code == "joker-in-flowers"
    assert FLEX.check_call(hand, T("F"), mr.Meld.parse("[FFF]")) is None


def test_a_singles_set_is_called_only_for_mahjong() -> None:
    """'You can't call a discarded tile for a Singles set unless it is the last tile needed for
    Mahjong' (ruling F13)."""
    news = FlexRuleset(FlexOptions(news=True))
    hand = mr.Hand.parse("N E W 2222C 444C 666C")
    reason = news.check_call(hand, T("S"), mr.Meld.parse("[N E W S]"))
    assert reason is not None
    assert reason.code == "singles-call"
    assert news.check_call(hand, T("S")) is None  # the last tile for Mahjong: NEWS 2-4-6 Craks


def test_mahjong_call_with_the_last_tile() -> None:
    """'The discarded tile is the last tile you need to form a winning Mahjong hand.'"""
    assert FLEX.check_call(HAND, T("7C")) is None
    reason = FLEX.check_call(HAND, T("9D"))
    assert reason is not None
    assert reason.code == "not-mahjong"


def test_claims_mahjong_first() -> None:
    """'1. A player calling Mahjong'."""
    claims = [Claim(S, ClaimKind.EXPOSURE, 4), Claim(N, ClaimKind.MAHJONG)]
    assert FLEX.resolve_claims(claims, discarder=E) == (Claim(N, ClaimKind.MAHJONG),)


def test_claims_larger_set_next() -> None:
    """'2. The player calling for the set with the most number of tiles.'"""
    claims = [Claim(S, ClaimKind.EXPOSURE, 3), Claim(N, ClaimKind.EXPOSURE, 4)]
    assert FLEX.resolve_claims(claims, discarder=E) == (Claim(N, ClaimKind.EXPOSURE, 4),)


def test_claims_nearest_in_turn_order_last() -> None:
    """'3. The player in turn order closest to the discarding player' (ruling T4: the next player
    after West is North, then East)."""
    claims = [Claim(E, ClaimKind.EXPOSURE, 3), Claim(N, ClaimKind.EXPOSURE, 3)]
    assert FLEX.resolve_claims(claims, discarder=W) == (Claim(N, ClaimKind.EXPOSURE, 3),)


def test_several_mahjong_claims_all_win() -> None:
    """'Sometimes the same discarded tile can complete a Mahjong hand for more than one player'
    (ruling F12), nearest first."""
    claims = [Claim(E, ClaimKind.MAHJONG), Claim(N, ClaimKind.MAHJONG), Claim(S, ClaimKind.EXPOSURE, 4)]
    assert FLEX.resolve_claims(claims, discarder=W) == (Claim(N, ClaimKind.MAHJONG), Claim(E, ClaimKind.MAHJONG))


def test_joker_swap_with_a_matching_tile() -> None:
    """'1. Swap a matching tile from your hand with a joker in any player's exposed set.'"""
    meld, taken = FLEX.swap_joker(mr.Meld.parse("[55C J@W]"), T("5C"))
    assert taken is mr.Tile.JOKER
    assert meld == mr.Meld.parse("[555C@W]")
    with pytest.raises(IllegalMoveError) as caught:
        FLEX.swap_joker(mr.Meld.parse("[55C J]"), T("6C"))
    assert caught.value.reason.code == "not-matching"


def test_joker_swap_with_a_joker_from_hand() -> None:
    """'2. Swap a joker from your hand with any tile in any player's exposed set except for flower
    tiles.' An exposed set may end all jokers (ruling F18)."""
    meld, taken = FLEX.swap_joker(mr.Meld.parse("[55C J]"), mr.Tile.JOKER)
    assert taken is T("5C")
    assert meld.joker_count == 2
    assert meld.represents is T("5C")
    with pytest.raises(IllegalMoveError) as caught:
        FLEX.swap_joker(mr.Meld.parse("[FFF]"), mr.Tile.JOKER)
    assert caught.value.reason.code == "flower-swap"


def test_house_rule_joker_swaps_only_with_a_joker_from_hand() -> None:
    """Standard American house rule: 'Only allow Joker swaps using a Joker from your hand.'"""
    strict = FlexRuleset(FlexOptions(joker_swap_from_hand_only=True))
    with pytest.raises(IllegalMoveError) as caught:
        strict.swap_joker(mr.Meld.parse("[55C J]"), T("5C"))
    assert caught.value.reason.code == "house-rule"
    assert strict.swap_joker(mr.Meld.parse("[555C]"), mr.Tile.JOKER)[1] is T("5C")


def test_blank_swap() -> None:
    """'A Blank Swap allows you to exchange a blank tile from your hand with any discarded tile that
    is face up on the table except a joker or another blank.'"""
    with_blanks = FlexRuleset(FlexOptions(blanks=2))
    hand = mr.Hand.parse("Blank 333C 44B 555C 666C 7C")
    assert with_blanks.check_blank_swap(hand, T("7C")) is None
    for discard in ("J", "Blank"):
        reason = with_blanks.check_blank_swap(hand, T(discard))
        assert reason is not None
        assert reason.code == "uncallable-tile"
    no_blank = with_blanks.check_blank_swap(mr.Hand.parse("333C 44B"), T("7C"))
    assert no_blank is not None
    assert no_blank.code == "no-blank"
    no_blanks = FLEX.check_blank_swap(mr.Hand.parse("333C 44B"), T("7C"))
    assert no_blanks is not None
    assert no_blanks.code == "no-blanks"
    with pytest.raises(mr.TileSetError, match="Blank is not in the set"):  # ruling T5
        FLEX.check_blank_swap(hand, T("7C"))


def test_east_is_dealt_thirteen_and_draws_first() -> None:
    """'Each player randomly selects 13 tiles'; 'First, the East player draws one random face-down
    tile and places it in their hand.'"""
    assert FLEX.dealt_tiles(E) == 13
    assert FLEX.draws_first(E)


def test_house_rule_east_starts_with_fourteen() -> None:
    """Standard American house rule: 'Give the East player 14 tiles during the initial deal.'"""
    dealt = FlexRuleset(FlexOptions(east_starts_with_14=True))
    assert (dealt.dealt_tiles(E), dealt.draws_first(E)) == (14, False)
    assert (dealt.dealt_tiles(S), dealt.draws_first(S)) == (13, True)


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        pytest.param(4, 152, id="four"),
        pytest.param(3, 122, id="three-remove-30"),
        pytest.param(2, 76, id="two-set-aside-half"),
    ],
)
def test_tiles_in_play_by_player_count(players: int, expected: int) -> None:
    """'Three Players: ... after shuffling remove 30 tiles'; 'Two Players: ... set aside roughly half
    of the tiles'. The default game has 108 number tiles, 12 dragons, 16 winds, 8 flowers, 8 jokers."""
    assert FlexRuleset(FlexOptions(players=players)).tiles_in_play == expected


def test_settlement_seats_follow_the_player_count() -> None:
    """Ruling F12 with three players: the two other players pay, the discarder double."""
    three = FlexRuleset(FlexOptions(players=3))
    evaluation = three.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    settlement = three.settle(evaluation, winner=E, discarder=W)
    assert dict(settlement.payments) == {E: 9, S: -3, W: -6}
    north = three.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"), mr.WinContext(seat_wind=N))
    with pytest.raises(mr.SettlementError, match="the seats are East, South, West"):
        three.settle(north, winner=N, discarder=E)
