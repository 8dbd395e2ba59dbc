"""Play legality in Singapore mahjong: calls of a discard, who takes it, kong declarations and the
next deal. Each test cites the sentence of ``rules/singapore-mahjong-rules.txt`` (by line) or the
ruling it checks; the expected answers are read off the document."""

from __future__ import annotations

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.singapore import Call, Deal, IllegalMoveError, Move, SingaporeOptions, SingaporeRuleset

SINGAPORE = SingaporeRuleset(SingaporeOptions())
THREE = SingaporeRuleset(SingaporeOptions(players=3))
E, S, W, N = mr.Seat

# 13 tiles: 11B eye, 234C, 567D, EEE, and 45C waiting on 3C or 6C.
HAND = "11B 234C 567D EEE 45C"


def call(hand: str, discard: str, move: str, seat: str, discarder: str, **more: object) -> str | None:
    reason = SINGAPORE.check_call(hand, discard, move, seat=seat, discarder=discarder, **more)  # type: ignore[arg-type]
    return None if reason is None else reason.code


def test_game_on_a_discard_that_completes_a_winning_hand() -> None:
    """Lines 124-125: "When a tile is discarded, any other player may decide that they would like to
    win the game using that tile." 3C completes 11B 234C 345C 567D EEE; South's hand holds a pung
    of the prevailing East wind, 1 double, the minimum (line 267)."""
    assert call(HAND, "3C", "game", "S", "W") is None
    assert call(HAND, "6C", "game", "S", "W") is None
    assert call(HAND, "9C", "game", "S", "W") == "not-mahjong"


def test_game_needs_the_minimum_doubles() -> None:
    """Line 275: "To win the game, a player must have mahjong and at least the minimum number of
    doubles." With South wind prevailing and the hand at North, EEE is worth nothing: the
    completed hand 11B 234C 345C 567D EEE has no double."""
    context = mr.WinContext(seat_wind=N, prevailing_wind=S)
    reason = SINGAPORE.check_call(HAND, "3C", "game", seat="N", discarder="W", context=context)
    assert reason is not None
    assert reason.code == "not-mahjong"
    assert "less than the minimum" in reason.message


def test_no_game_or_pong_on_a_tile_let_pass_since_the_last_move() -> None:
    """Lines 128-130 and 160-162: "A player may not use a discarded tile to GAME (win) if that same
    tile was discarded previously and was not used by that player after that players last move",
    and the same for PONG."""
    assert call(HAND, "3C", "game", "S", "W", passed="3C") == "passed-tile"
    assert call(HAND, "1B", "pong", "S", "W", passed=["1B"]) == "passed-tile"
    assert call(HAND, "1B", "pong", "S", "W", passed="9C") is None


def test_no_call_of_the_tile_the_player_last_discarded() -> None:
    """Lines 130-131, 162-163, 171: "A player may not GAME on a tile that he last discarded"; "A
    player may not PONG on a tile that he last discarded"; "A player may not CHOW on a tile that he
    last discarded"."""
    assert call(HAND, "3C", "game", "S", "E", last_discarded="3C") == "own-last-discard"
    assert call(HAND, "1B", "pong", "S", "E", last_discarded="1B") == "own-last-discard"
    assert call(HAND, "6C", "chow", "S", "E", last_discarded="6C") == "own-last-discard"


def test_exposed_kong_type_1_needs_three_concealed_tiles() -> None:
    """Lines 137-138: "When a tile is discarded, and a player has 3 of the same tiles in his
    concealed tiles, he may declare a KONG"."""
    assert call(HAND, "E", "kong", "S", "W") is None
    assert call(HAND, "1B", "kong", "S", "W") == "not-in-hand"


def test_pong_needs_two_concealed_tiles() -> None:
    """Lines 158-160: "the discarded tile plus two tiles from the players concealed tiles are moved
    to that players exposed tiles"."""
    assert call(HAND, "1B", "pong", "N", "W") is None
    assert call(HAND, "E", "pong", "N", "W") is None
    assert call(HAND, "2C", "pong", "N", "W") == "not-in-hand"


def test_chow_only_by_the_player_to_the_right_of_the_discarder() -> None:
    """Lines 166-168: "the player to the right of the player who discarded may choose to CHOW the
    tile" (ruling T4: South is to East's right)."""
    assert call(HAND, "6C", "chow", "S", "E") is None
    assert call(HAND, "6C", "chow", "W", "E") == "chow-not-next"
    assert call(HAND, "6C", "chow", "E", "N") is None


def test_a_chow_is_three_numbers_in_sequence_of_one_suit() -> None:
    """Lines 56-58: "A CHOW contains 3 tiles in numerical sequence of the same suit ... The Honor
    Suit Tiles, Flower Suit Tiles and Animal Tiles cannot be used in a CHOW." Lines 170-171: "The
    user should click on the tiles that they wish to use for the CHOW" (``chow``)."""
    assert call(HAND, "E", "chow", "S", "E") == "not-a-chow"
    assert call(HAND, "6C", "chow", "S", "E", chow="45C") is None
    assert call(HAND, "6C", "chow", "S", "E", chow="78C") == "not-in-hand"
    assert call(HAND, "6C", "chow", "S", "E", chow="48C") == "not-a-chow"
    assert call(HAND, "3D", "chow", "S", "E") == "not-in-hand"  # no 12D, 24D or 45D in the hand
    assert call(HAND, "6D", "chow", "S", "E") is None  # 5D 7D + 6D
    assert call(HAND, "8D", "chow", "S", "E") is None  # 67D + 8D


def test_flowers_and_animals_are_never_called() -> None:
    """Lines 106-109: a flower or animal is put up and replaced, never discarded."""
    for move in ("game", "kong", "pong", "chow"):
        assert call(HAND, "RF1", move, "S", "E") == "uncallable-tile"


def test_the_discarder_cannot_call_their_own_tile() -> None:
    """Line 124: "any other player" may use a discard."""
    assert call(HAND, "1B", "pong", "E", "E") == "own-discard"


def test_robbing_the_kong_is_a_game_call_on_the_added_tile() -> None:
    """Lines 145-147: the tile of an Exposed Kong Type 2 "is treated as a discard for that moment.
    Any other player can use that tile to win the game if they are able." With robbing_kong, the
    completed hand scores its double (ruling S13)."""
    context = mr.WinContext(seat_wind=S, robbing_kong=True)
    assert SINGAPORE.check_call(HAND, "3C", "game", seat="S", discarder="N", context=context) is None


def test_a_game_call_context_must_fit_the_call() -> None:
    """Ruling L2: a fact the call already holds (the caller's seat, the discard) is never asked for
    again and contradicted."""
    with pytest.raises(mr.ContextError):
        SINGAPORE.check_call(HAND, "3C", "game", seat="S", discarder="W", context={"self_drawn": True})
    with pytest.raises(mr.ContextError):
        SINGAPORE.check_call(HAND, "3C", "game", seat="S", discarder="W", context={"seat_wind": "N"})
    with pytest.raises(mr.ContextError):
        SINGAPORE.check_call(
            HAND, "3C", "game", seat="S", discarder="W", context={"seat_wind": "S", "winning_tile": "6C"}
        )


def test_calls_are_made_from_thirteen_tiles() -> None:
    """Line 105: each player holds 13 tiles between turns (bonus tiles set aside, a kong as
    three, ruling T2)."""
    with pytest.raises(mr.HandSizeError):
        SINGAPORE.check_call(HAND + " 9C", "3C", "game", seat="S", discarder="W")
    assert SINGAPORE.check_call(HAND + " RF1 Cat", "1B", "pong", seat="S", discarder="W") is None


def test_game_beats_kong_and_pong_which_beat_chow() -> None:
    """Lines 127, 163, 169: "the GAME move has priority over the KONG, PONG, and CHOW moves"; "The
    GAME and KONG moves have priority over the PONG move"; "The GAME, KONG, and PONG moves have
    priority over the CHOW move"."""
    assert SINGAPORE.resolve_calls([Call("S", "chow"), Call("N", "pong")], "E") == Call(N, Move.PONG)
    assert SINGAPORE.resolve_calls([Call("S", "chow"), Call("W", "kong"), Call("N", "game")], "E") == Call(N, Move.GAME)
    assert SINGAPORE.resolve_calls([], "E") is None


def test_of_several_game_calls_the_nearest_to_the_discarders_right_wins() -> None:
    """Lines 125-126: "the person closest to the right hand side of the player (counterclockwise
    from the player) who discarded the tile will have priority and win the game"."""
    assert SINGAPORE.resolve_calls([Call("N", "game"), Call("W", "game")], "S") == Call(W, Move.GAME)
    assert SINGAPORE.resolve_calls([Call("S", "game"), Call("E", "game")], "W") == Call(E, Move.GAME)


def test_illegal_calls_are_refused() -> None:
    """Lines 166-168 (CHOW only by the next player), line 124 (other players), one call each."""
    with pytest.raises(IllegalMoveError, match="to the right"):
        SINGAPORE.resolve_calls([Call("W", "chow")], "E")
    with pytest.raises(IllegalMoveError, match="own discard"):
        SINGAPORE.resolve_calls([Call("E", "pong")], "E")
    with pytest.raises(IllegalMoveError, match="one call"):
        SINGAPORE.resolve_calls([Call("S", "pong"), Call("S", "chow")], "E")
    with pytest.raises(IllegalMoveError, match="not at the table"):
        THREE.resolve_calls([Call("N", "pong")], "E")
    with pytest.raises(TypeError):
        SINGAPORE.resolve_calls([("S", "pong")], "E")  # type: ignore[list-item]
    with pytest.raises(TypeError):
        Call("S", "riichi")


def test_three_players_chow_from_across_the_empty_seat() -> None:
    """Line 423: "Just skip the empty seat (nobody is North) ... Player sitting to right of empty
    seat may chow from opposite player": East chows West's discard."""
    assert THREE.resolve_calls([Call("E", "chow")], "W") == Call(E, Move.CHOW)
    assert THREE.check_call(HAND, "6C", "chow", seat="E", discarder="W") is None
    with pytest.raises(mr.ContextError):
        THREE.check_call(HAND, "6C", "chow", seat="N", discarder="W")


def test_kongs_declared_on_the_players_own_turn() -> None:
    """Lines 141-144 (Exposed Kong Type 2: a new tile matching an exposed pung) and 149-152
    (Concealed Kong: four of the same tiles among the concealed tiles); ruling S20: until declared,
    four concealed tiles are a pung and one tile."""
    assert SINGAPORE.declarable_kongs("5B 123C 9D 99C 4D 678D [RD RD RD] [555B]") == {
        mr.Tile.parse("5B"): "exposed kong type 2"
    }
    assert SINGAPORE.declarable_kongs("5555B 123C 9D 99C 4D 678D [RD RD RD]") == {mr.Tile.parse("5B"): "concealed kong"}
    assert SINGAPORE.declarable_kongs("5B 123C 9D 99C 4D 678D [RD RD RD] [567B]") == {}


def test_several_kongs_at_once_are_each_offered() -> None:
    """Line 154: "If a player invokes the KONG move and more than one KONG move is possible, the
    player must click on the tile that they wish to KONG": each possible kong is listed by its tile,
    a concealed kong of 5 Bam and the Red dragon added to an exposed pung alike."""
    assert SINGAPORE.declarable_kongs("5555B 123C 9D 99C RD [RD RD RD]") == {
        mr.Tile.parse("5B"): "concealed kong",
        mr.Tile.parse("RD"): "exposed kong type 2",
    }


def test_the_banker_stays_unless_someone_wins_or_a_kong_was_declared() -> None:
    """Lines 80-82: "When a player has Mahjong (GAME) or the tiles run out and someone has declared
    a KONG, the banker position rotates to the player to the right ... otherwise the banker remains
    the same.\""""
    assert SINGAPORE.next_deal("S", "E", won=False) == Deal(S, E)
    assert SINGAPORE.next_deal("S", "E", won=False, kong_declared=True) == Deal(W, E)
    assert SINGAPORE.next_deal("S", "E", won=True) == Deal(W, E)


def test_the_prevailing_wind_moves_after_each_full_rotation_and_the_round_ends_after_north() -> None:
    """Lines 82-88: "A mahjong round is complete when the banker position has rotated around the
    table four times"; "When the banker position rotates one full time around the table the
    prevailing wind changes to South, then West, then finally North. After the North prevailing
    wind the round is complete." Three players: the rotation skips the empty North seat."""
    assert SINGAPORE.next_deal("N", "E", won=True) == Deal(E, S)
    assert SINGAPORE.next_deal("N", "W", won=True) == Deal(E, N)
    assert SINGAPORE.next_deal("N", "N", won=True) == Deal(E, N, round_over=True)
    assert THREE.next_deal("W", "E", won=True) == Deal(E, S)
    with pytest.raises(IllegalMoveError):
        THREE.next_deal("N", "E", won=True)
    with pytest.raises(TypeError):
        SINGAPORE.next_deal("N", "E", won=1)  # type: ignore[arg-type]
