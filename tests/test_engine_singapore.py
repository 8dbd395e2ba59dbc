"""Rounds of Singapore mahjong: the deal, calls and their priority, kongs and robbing the kong, the
end of the wall, settlement with the instant payments, illegal actions, replays, the next deal,
and self-play with random and greedy agents.

Each test quotes the sentence of ``rules/singapore-mahjong-rules.txt`` or the ruling it checks.
Positions are arranged with :func:`arrange`: each player's tiles, the tiles at the front and the
back of the wall, and how many tiles are left to draw; the other tiles lie in the middle of the
wall or, beyond it, among the discards, so that every tile of the set is somewhere.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.engine import (
    Action,
    ActionKind,
    IllegalActionError,
    Replay,
    Round,
    RoundResult,
    check_invariants,
    new_round,
    play,
    random_agent,
)
from mahjong_rules.engine.selfplay import Agent
from mahjong_rules.engine.singapore import Phase, Player, SingaporeRound
from mahjong_rules.engine.singapore_players import let_pass, made_player
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import UnreachableError
from mahjong_rules.rulesets.singapore import Deal, SingaporeRuleset
from mahjong_rules.rulesets.singapore.doubles import FLOWERS
from mahjong_rules.solver import standard

E, S, W, N = mr.Seat
LAST_TILES = 15

# 13 or 14 tiles with no pair, no two tiles of a chow and no use for any tile the scenarios discard.
JUNK = "1B 4B 7B 2C 5C 8C 3D 6D 9D E S W N"


def singapore(**options: Any) -> SingaporeRuleset:
    ruleset = mr.get_ruleset("singapore", **options)
    assert isinstance(ruleset, SingaporeRuleset)
    return ruleset


def dealt(seed: int, **options: Any) -> SingaporeRound:
    """``new_round("singapore", seed, **options)``, a Singapore round."""
    round_ = new_round("singapore", seed, **options)
    assert isinstance(round_, SingaporeRound)
    return round_


def arrange(
    hands: dict[mr.Seat, str],
    *,
    turn: mr.Seat = E,
    drawn: str | None = None,
    front: str = "",
    back: str = "",
    left: int = 40,
    **options: Any,
) -> SingaporeRound:
    """A round at ``turn``'s discard: each seat's tiles in notation (flowers and animals among them
    are shown, sets in brackets declared), ``drawn`` the tile ``turn`` just drew; the wall starts
    with ``front`` and ends with ``back``, ``left`` tiles to draw before the last 15."""
    ruleset = singapore(**options)
    pool = Counter(tile for tile in ruleset.tileset.tiles for _ in range(ruleset.tileset.count(tile)))
    players = []
    for seat in ruleset.seats:
        hand = mr.Hand.parse(hands[seat])
        pool.subtract(hand.tiles)
        plain = [tile for tile in hand.concealed if not tile.is_bonus]
        counts = [0] * 34
        for tile in plain:
            counts[tile.index] += 1
        bonus = tuple(tile for tile in hand.concealed if tile.is_bonus)
        players.append(Player(tuple(counts), hand.melds, bonus))
    ends = [*mr.parse_tiles(front), *mr.parse_tiles(back)]
    pool.subtract(ends)
    assert min(pool.values()) >= 0, f"more tiles than the set has: {-pool}"
    rest = sorted(pool.elements())
    plain_rest = [tile for tile in rest if not tile.is_bonus]
    middle = left + LAST_TILES - len(ends)
    wall = (*mr.parse_tiles(front), *plain_rest[:middle], *mr.parse_tiles(back))
    surplus = plain_rest[middle:] + [tile for tile in rest if tile.is_bonus]
    for number, tile in enumerate(surplus):
        player = players[number % len(players)]
        players[number % len(players)] = attrs.evolve(player, discards=(*player.discards, tile))
    round_ = SingaporeRound(
        ruleset, 0, E, E, wall, tuple(players), Phase.TURN, turn, turn, None if drawn is None else mr.Tile.parse(drawn)
    )
    check_invariants(round_)
    return round_


def act(round_: SingaporeRound, seat: mr.Seat, kind: str, tiles: str = "", meld: str | None = None) -> SingaporeRound:
    """``round_`` after ``seat``'s action, checked legal and the invariants kept. A call names
    the tile it takes (the tile offered, unless ``tiles`` says)."""
    if kind == "call" and not tiles and round_.discard is not None:
        tiles = str(round_.discard)
    action = Action(seat, kind, tiles, meld)
    assert action in round_.legal_actions(seat), f"{action} not in {round_.legal_actions(seat)}"
    after = round_.apply(action)
    check_invariants(after)
    return after


def refused(round_: SingaporeRound, action: Action) -> str:
    """The reason code of an illegal ``action``, the round left equal to what it was."""
    before = copy.deepcopy(round_)
    with pytest.raises(IllegalActionError) as error:
        round_.apply(action)
    assert round_ == before
    return error.value.reason.code


def result_of(round_: SingaporeRound) -> RoundResult:
    assert round_.result is not None
    return round_.result


# -- the deal ----------------------------------------------------------------------------------------


def shuffled(seed: int) -> list[mr.Tile]:
    tileset = singapore().tileset
    wall = [tile for tile in tileset.tiles for _ in range(tileset.count(tile))]
    random.Random(seed).shuffle(wall)
    return wall


@pytest.mark.parametrize("seed", range(12))
def test_the_deal_gives_13_tiles_and_the_banker_14_bonus_tiles_replaced_from_the_back(seed: int) -> None:
    """ "each player selects 13 tiles"; "If a player has a tile(s) in the animal or flower suit they
    must put that tile up ... they will take a replacement tile from opposite end of the remaining
    unused tiles"; "The player who is the banker for this game will start by taking another tile.
    At this point the banker has 14 tiles and must discard a tile.\""""
    round_ = new_round("singapore", seed)
    assert isinstance(round_, SingaporeRound)
    check_invariants(round_)
    assert round_.to_act == (E,)
    assert round_.phase is Phase.TURN
    assert round_.extra is E
    sizes = [sum(round_.player(seat).counts) for seat in round_.seats]
    assert sizes == [14, 13, 13, 13]
    assert not any(tile.is_bonus for seat in round_.seats for tile in round_.player(seat).concealed)
    # 52 tiles dealt and the banker's from the front; one from the back for each bonus tile.
    bonus = sum(len(round_.player(seat).bonus) for seat in round_.seats)
    tiles = shuffled(seed)
    assert round_.wall == tuple(tiles[53 : len(tiles) - bonus])
    assert round_.tiles_left == len(tiles) - 53 - bonus - LAST_TILES


def test_a_step_freezes_into_a_round_with_every_field() -> None:
    """A round made by a step (its fields set as one dict, not through the constructor) holds
    every field of SingaporeRound and nothing else, equals the round the constructor makes from
    them, and copies and pickles as one."""
    import pickle

    round_: Any = new_round("singapore", seed=4)
    rng = random.Random(4)
    for _ in range(30):
        round_ = round_.apply(rng.choice(round_.legal_actions(round_.to_act[0])))
    assert set(vars(round_)) == {field.name for field in attrs.fields(SingaporeRound)}
    rebuilt = SingaporeRound(
        **{field.name: getattr(round_, field.name) for field in attrs.fields(SingaporeRound) if field.init}
    )
    assert rebuilt == round_
    assert hash(rebuilt) == hash(round_)
    assert pickle.loads(pickle.dumps(round_)) == round_ == copy.copy(round_)
    assert rebuilt.legal_actions(rebuilt.to_act[0]) == round_.legal_actions(round_.to_act[0])


def test_initial_bonus_tiles_are_paid_at_once_double() -> None:
    """ "If the cat and the mouse were received during the initial 13 tiles at the beginning of the
    game, the player would receive 4 points from each player"; likewise the seat flowers (rulings
    S8, S19). The deal's seeds where the banker's first draw is no bonus tile: every bonus tile was
    in the initial tiles, and the running payments are the instant payments of what each shows."""
    ruleset = singapore()
    checked = doubled = 0
    for seed in range(300):
        round_ = new_round("singapore", seed)
        assert isinstance(round_, SingaporeRound)
        if round_.drawn is not shuffled(seed)[52]:
            continue
        expected: Counter[mr.Seat] = Counter()
        for seat in round_.seats:
            for event in events_shown(seat, round_.player(seat).bonus):
                for transfer in ruleset.instant_payment(event, seat, initial=True).transfers:
                    expected[transfer.payee] += transfer.amount
                    expected[transfer.payer] -= transfer.amount
                    doubled += event in ("cat and mouse", "rooster and centipede", "seat flowers")
        assert dict(round_.payments) == {seat: expected[seat] for seat in round_.seats}
        assert all(transfer.amount in (2, 4) for transfer in round_.transfers)
        assert sum(round_.payments.values()) == 0
        checked += bool(expected)
    assert checked >= 10
    assert doubled >= 3


def events_shown(seat: mr.Seat, bonus: tuple[mr.Tile, ...]) -> list[str]:
    """The instant payments a player's bonus tiles earn, worked out from the document."""
    shown = {str(tile) for tile in bonus}
    found = []
    if {"Cat", "Mouse"} <= shown:
        found.append("cat and mouse")
    if {"Rooster", "Centipede"} <= shown:
        found.append("rooster and centipede")
    if {"Cat", "Mouse", "Rooster", "Centipede"} <= shown:
        found.append("all animals")
    if {f"RF{seat.value + 1}", f"BF{seat.value + 1}"} <= shown:
        found.append("seat flowers")
    for colour in "RB":
        if {f"{colour}F{number}" for number in range(1, 5)} <= shown:
            found.append("flower set")
    return found


def test_the_three_player_deal_and_the_chow_across_the_empty_seat() -> None:
    """ "Deal 13 tiles to each player (14 to the dealer) as normal. Just skip the empty seat (nobody
    is North)"; "Player sitting to right of empty seat may chow from opposite player": East chows
    West's discard."""
    round_ = new_round("singapore", 5, players=3)
    assert isinstance(round_, SingaporeRound)
    assert round_.seats == (E, S, W)
    assert [sum(round_.player(seat).counts) for seat in round_.seats] == [14, 13, 13]
    hands = {W: "5B " + JUNK, E: "4B 6B 9B 9B 9C 1D 1D 1D 2D 2D 2D 3C 3C", S: "3B 7B 1C 1C 1C 2C 4C 6C 7C 7C GD GD RD"}
    after = act(arrange(hands, turn=W, players=3), W, "discard", "5B")
    assert after.to_act == (E,)
    assert Action(E, "call", "5B", meld="[4B 5B 6B @W]") in after.legal_actions(E)


# -- calls and their priority --------------------------------------------------------------------

# East discards 5B. South may PONG it or CHOW it three ways; West wins on it (the Red dragon pong
# is 1 double); North has no use for it.
PRIORITY = {
    E: "5B 1C 4C 7C 2D 5D 8D E S W N GD WD 9B",
    S: "5B 5B 3B 4B 6B 7B 1D 1D 1D 9C 9C 9C N",
    W: "RD RD RD 1C 2C 3C 4C 5C 6C 7C 8C 9C 5B",
    N: "2B 8B 3C 6C 4D 7D 9D S W N E GD WD",
}


def test_every_call_of_a_discard_is_listed_once() -> None:
    """ "When a tile is discarded, the other players have the option of using that tile"; "If the
    user decides to CHOW there may be multiple ways of obtaining the CHOW"; the seats to answer
    are the nearest to the discarder's right first, and those with no use for the tile are not
    asked."""
    after = act(arrange(PRIORITY), E, "discard", "5B")
    assert after.phase is Phase.RESPONSE
    assert after.to_act == (S, W)
    assert after.legal_actions(S) == (
        Action(S, "pass"),
        Action(S, "call", "5B", meld="[5B 5B 5B @E]"),
        Action(S, "call", "5B", meld="[3B 4B 5B @E]"),
        Action(S, "call", "5B", meld="[4B 5B 6B @E]"),
        Action(S, "call", "5B", meld="[5B 6B 7B @E]"),
    )
    assert after.legal_actions(W) == (Action(W, "pass"), Action(W, "mahjong", "5B"))
    assert after.legal_actions(N) == ()
    assert after.legal_actions(E) == ()
    assert after.legal_actions() == (*after.legal_actions(S), *after.legal_actions(W))


def test_game_has_priority_over_pong_and_the_discarder_pays_double() -> None:
    """ "the GAME move has priority over the KONG, PONG, and CHOW moves"; "If the winning player won
    via a discarded tile, then the winning player receives double the points from the player who
    discarded the winning tile". One double: 2 points, East pays 4."""
    after = act(arrange(PRIORITY), E, "discard", "5B")
    after = act(after, S, "call", meld="[5B 5B 5B @E]")
    assert after.to_act == (W,)
    done = act(after, W, "mahjong", "5B")
    result = result_of(done)
    assert done.is_over
    assert done.to_act == ()
    assert result.winner is W
    assert result.evaluation is not None
    assert result.evaluation.context.winning_tile == mr.Tile.parse("5B")
    assert result.evaluation.points == 1
    assert dict(result.payments) == {E: -4, S: -2, W: 8, N: -2}
    assert done.player(S).melds == ()  # the pong was not made
    assert done.next_deal == Deal(S, E)


def test_pong_has_priority_over_chow_and_play_goes_on_from_the_caller() -> None:
    """ "The GAME, KONG, and PONG moves have priority over the CHOW move"; the caller then discards,
    and the player to their right draws next (West's turn is skipped)."""
    hands = {
        E: "5B 1C 4C 7C 2D 5D 8D E S W N GD WD 9B",
        S: "3B 4B 6B 7B 1D 1D 1D 9C 9C 9C RD RD RD",
        W: "2B 8B 3C 6C 4D 7D 9D S W N E GD WD",
        N: "5B 5B 1B 1B 1B 2C 2C 2C 3D 3D 3D 6D 6D",
    }
    after = act(arrange(hands), E, "discard", "5B")
    assert after.to_act == (S, N)
    after = act(after, N, "call", meld="[5B 5B 5B @E]")  # answers come in any order
    after = act(after, S, "call", meld="[4B 5B 6B @E]")
    assert after.phase is Phase.TURN
    assert after.to_act == (N,)
    assert after.drawn is None
    assert after.player(N).melds == (mr.Meld.parse("[5B 5B 5B @E]"),)
    assert after.player(S).melds == ()
    assert {action.kind for action in after.legal_actions(N)} == {ActionKind.DISCARD}  # no kong after a call
    after = act(after, N, "discard", "2C")
    assert after.phase is Phase.TURN
    assert after.turn is E


def test_chow_only_from_the_player_on_the_left() -> None:
    """ "When a tile is discarded, the player to the right of the player who discarded may choose
    to CHOW the tile" (ruling T4): West, two seats on, may not."""
    after = act(arrange(PRIORITY), E, "discard", "5B")
    assert refused(after, Action(W, "call", meld="[4B 5B 6B @E]")) == "chow-not-next"
    assert refused(after, Action(S, "call", meld="[1D 2D 3D @E]")) == "wrong-meld"
    assert refused(after, Action(S, "call", meld="[5B 5B 5B @W]")) == "wrong-meld"


def test_no_pong_of_a_tile_let_pass_since_the_last_move() -> None:
    """ "A player may not use a discarded tile to PONG if that same tile was discarded previously
    and was not used by that player after that players last move. A players last move is defined
    by any new tile, chow, pong, or kong": North let East's 5B pass, then West's 5B comes before
    North has moved; North may still CHOW it."""
    hands = {
        E: "5B 1C 4C 7C 2D 5D 8D E S W N 9C WD 9B",
        S: "2B 8B 3C 6C 4D 7D 9D S W N E RD 1D",
        W: "5B GD GD 3B 1C 2C 2C 4C 6D 6D 7C 8D 9D",
        N: "5B 5B 4B 6B 3D 3D 5D 5D 7D 8B 9B 1D 2D",
    }
    round_ = arrange(hands, front="GD")
    after = act(round_, E, "discard", "5B")
    assert after.to_act == (N,)
    after = act(after, N, "pass")
    assert after.turn is S
    assert after.drawn == mr.Tile.parse("GD")
    after = act(after, S, "discard", "GD")
    after = act(after, W, "call", meld="[GD GD GD @S]")
    after = act(after, W, "discard", "5B")
    assert after.to_act == (N,)
    assert after.legal_actions(N) == (Action(N, "pass"), Action(N, "call", "5B", meld="[4B 5B 6B @W]"))
    assert refused(after, Action(N, "call", meld="[5B 5B 5B @W]")) == "passed-tile"
    # both discards since North's last move, the White dragon West took included
    assert let_pass(after.history, N, after.player(N)) == frozenset(mr.parse_tiles("5B GD"))


# -- kongs ---------------------------------------------------------------------------------------------


def test_a_concealed_kong_takes_a_replacement_from_the_back() -> None:
    """ "When a new tile is picked by a player, and there are 4 of the same tiles in his concealed
    tiles, he may declare a KONG ... and the player will pick a new tile" (from the back, as every
    replacement); a concealed kong pays nothing by default (ruling S8), an option pays it."""
    hands = {
        E: "5C 5C 5C 5C 1B 4B 7B 3D 6D 9D E S W N",
        S: "2B 8B 3C 6C 4D 7D 1D RD GD WD 2D 8D 9C",
        W: "3B 6B 9B 1C 2C 4C 7C 8C 2D 5D 8D E S",
        N: "1B 4B 7B 3C 6C 9C 1D 3D 4D 6D 7D W N",
    }
    for amount in (0, 1):
        round_ = arrange(hands, drawn="5C", back="9B", concealed_kong=amount)
        kong = Action(E, "kong", meld="{5C 5C 5C 5C}")
        assert kong in round_.legal_actions(E)
        after = act(round_, E, "kong", meld="{5C 5C 5C 5C}")
        assert after.player(E).melds == (mr.Meld.parse("{5C 5C 5C 5C}"),)
        assert after.drawn == mr.Tile.parse("9B")
        assert after.replacement == "kong"
        assert after.wall == round_.wall[:-1]
        assert after.kong_declared
        assert after.payments[E] == 3 * amount


def test_an_exposed_kong_is_paid_at_once_and_a_win_on_its_replacement_scores_a_double() -> None:
    """Exposed Kong Type 1: "When a tile is discarded, and a player has 3 of the same tiles in his
    concealed tiles, he may declare a KONG"; "When a player performs an Exposed Kong ... they
    receive 2 points from each player"; "Picking the winning tile after a Kong Move with a
    replacement tile - 1 double". Red dragon 1 + kong replacement 1: 4 points, self-drawn: 8 from
    each (and 2 each for the kong)."""
    hands = {
        E: "5B 1B 4B 7B 2D 5D 8D E S W N GD WD 9B",
        S: "5B 5B 5B RD RD RD 1C 2C 3C 4C 5C 6C 9D",
        W: "2B 8B 3C 6C 4D 7D 9D S W N E GD WD",
        N: "3B 6B 7C 8C 9C 1D 3D 6D 2B 8B RD GD WD",
    }
    after = act(arrange(hands, back="9D"), E, "discard", "5B")
    assert after.to_act == (S,)
    after = act(after, S, "call", meld="[5B 5B 5B 5B @E]")
    assert after.payments == {E: -2, S: 6, W: -2, N: -2}
    assert after.turn is S
    assert after.drawn == mr.Tile.parse("9D")
    assert after.replacement == "kong"
    done = act(after, S, "mahjong")
    result = result_of(done)
    assert result.evaluation is not None
    context = result.evaluation.context
    assert context.self_drawn
    assert context.kong_replacement
    assert context.winning_tile == mr.Tile.parse("9D")
    assert result.evaluation.points == 2
    assert dict(result.payments) == {E: -10, S: 30, W: -10, N: -10}
    assert done.next_deal == Deal(S, E)


# East has an exposed pung of 5C and draws the fourth; North waits on 2C or 5C.
ROBBING = {
    E: "[5C 5C 5C @N] 5C 1B 4B 7B 2D 5D 8D E S W N",
    S: "2B 8B 3C 6C 4D 7D 9D S W N E GD WD",
    W: "3B 6B 9B 7C 8C 9C 1D 3D 6D GD WD 9B 2B",
    N: "RD RD RD 1B 2B 3B 4B 5B 6B 9D 9D 3C 4C",
}


def test_robbing_the_kong() -> None:
    """ "when a player performs an exposed Kong Type 2, the tile that is put in the exposed tiles is
    treated as a discard for that moment. Any other player can use that tile to win the game if
    they are able. This is called Robbing the Kong" (ruling S13: East pays as the discarder). Red
    dragon 1 + robbing the kong 1: 4 points, East pays 8; the kong never stood, so it is not paid."""
    round_ = arrange(ROBBING, drawn="5C")
    add = Action(E, "kong", "5C", "[5C 5C 5C @N]")
    assert add in round_.legal_actions(E)
    after = act(round_, E, "kong", "5C", "[5C 5C 5C @N]")
    assert after.phase is Phase.ROB
    assert after.to_act == (N,)
    assert after.discard == mr.Tile.parse("5C")
    assert after.legal_actions(N) == (Action(N, "pass"), Action(N, "mahjong", "5C"))
    assert refused(after, Action(N, "call", meld="[3C 4C 5C @E]")) == "rob-game-only"
    done = act(after, N, "mahjong", "5C")
    result = result_of(done)
    assert result.winner is N
    assert result.evaluation is not None
    assert result.evaluation.context.robbing_kong
    assert dict(result.payments) == {E: -8, S: -4, W: -4, N: 16}
    assert done.player(E).melds == (mr.Meld.parse("[5C 5C 5C @N]"),)
    assert not done.kong_declared


def test_a_kong_nobody_robs_stands_where_the_pung_was() -> None:
    """Exposed Kong Type 2: "the new picked tile in the concealed tiles is transferred to the
    exposed tiles and the player will pick a replacement tile"; it is paid as an exposed kong."""
    after = act(arrange(ROBBING, drawn="5C", back="WD"), E, "kong", "5C", "[5C 5C 5C @N]")
    after = act(after, N, "pass")
    assert after.player(E).melds == (mr.Meld.parse("[5C 5C 5C 5C @N]"),)
    assert after.payments == {E: 6, S: -2, W: -2, N: -2}
    assert after.turn is E
    assert after.drawn == mr.Tile.parse("WD")
    assert after.replacement == "kong"


def test_the_player_whose_discard_completed_the_dragons_pays_for_all() -> None:
    """Dragon Tile Set Scenario: "If player A has a Pong or a Kong of 2 of the 3 Dragon tiles
    showing in his exposed tiles, and a discard by player B of the Dragon tile ... would cause
    player A to Kong, Pong or Game where player A now has the completed Dragon tile set, then
    player B would pay for all the other players if player A won by picking his own winning tile"
    (ruling S18). The round records who gave each set (``called_from``): East's White dragon.
    Three dragon pongs 3 + big three dragons 2: the limit of 5, 32 points; self-drawn, 64 from
    each, 192 from East alone."""
    hands = {
        E: "WD 1B 4B 7B 2C 5C 8C 3D 6D 9D E S W N",
        S: "2B 5B 8B 1C 9C 2D 4D 7D 8D GD E S W",
        W: "[RD RD RD @S] [GD GD GD @N] WD WD 1C 2C 4C 5D 5D",
        N: "3B 6B 9B 7C 6C 1D 4D 7D 9D WD N RD 8C",
    }
    round_ = act(arrange(hands, front="S N W 3C"), E, "discard", "WD")
    round_ = act(round_, W, "call", meld="[WD WD WD @E]")
    round_ = act(round_, W, "discard", "4C")
    for seat, tile in ((N, "S"), (E, "N"), (S, "W")):
        assert round_.turn is seat
        round_ = act(round_, seat, "discard", tile)
    done = act(round_, W, "mahjong")
    result = result_of(done)
    assert result.settlement is not None
    (transfer,) = result.settlement.transfers
    assert (transfer.payer, transfer.payee, transfer.amount) == (E, W, 192)
    assert transfer.reason.startswith("pays for all: the Dragon tile set")
    assert dict(result.payments) == {E: -192, S: 0, W: 192, N: 0}


# -- the end ---------------------------------------------------------------------------------------

LAST = {
    E: "GD 1C 4C 7C 2D 5D 8D E S W N 1B 4B 7B",
    S: "RD RD RD 1B 2B 3B 4B 5B 6B 9D 9D 3C 4C",
    W: "2B 8B 3C 6C 4D 7D 9D S W N E WD GD",
    N: "3B 6B 9B 7C 8C 9C 1D 3D 6D GD WD 8B 2C",
}


def test_the_game_ends_with_15_tiles_left() -> None:
    """ "The game is finished when someone wins the game or when there are 15 tiles left. When a
    player picks that last remaining new tile ... he is not required to discard any tiles after he
    has picked the last tile" (ruling L8: the 15 are never drawn). A wall game with no kong keeps
    the banker."""
    after = act(arrange(LAST, left=1, front="1D"), E, "discard", "GD")
    assert after.turn is S
    assert after.tiles_left == 0
    assert len(after.wall) == LAST_TILES
    assert Action(S, "pass") in after.legal_actions(S)
    assert not any(action.kind is ActionKind.DISCARD for action in after.legal_actions(S))
    assert refused(after, Action(S, "discard", "1D")) == "last-tile"
    done = act(after, S, "pass")
    result = result_of(done)
    assert done.is_over
    assert result.winner is None
    assert result.settlement is None
    assert dict(result.payments) == dict.fromkeys(done.seats, 0)
    assert done.next_deal == Deal(E, E)
    assert refused(done, Action(E, "discard", "1C")) == "round-over"


def test_a_win_on_the_last_tile() -> None:
    """ "Picking the winning tile on the last valid tile left in the game - 1 double"."""
    after = act(arrange(LAST, left=1, front="5C"), E, "discard", "GD")
    done = act(after, S, "mahjong")
    result = result_of(done)
    assert result.evaluation is not None
    assert result.evaluation.context.last_tile
    assert "Last tile" in [item.name for item in result.evaluation.breakdown]


def test_a_kong_on_the_last_tile_ends_the_game_and_moves_the_banker() -> None:
    """ "When a player picks that last remaining new tile, he may win the game on that tile or
    perform a KONG"; "the tiles run out and someone has declared a KONG, the banker position
    rotates"."""
    hands = {**LAST, S: "RD RD RD 1B 2B 3B 4B 5B 6B 9D 9D 9D 4C", W: "2B 8B 3C 6C 4D 7D 1D S W N E WD GD"}
    after = act(arrange(hands, left=1, front="9D"), E, "discard", "GD")
    done = act(after, S, "kong", meld="{9D 9D 9D 9D}")
    assert done.is_over
    assert result_of(done).winner is None
    assert done.kong_declared
    assert done.next_deal == Deal(S, E)


def test_the_eighth_flower_goes_to_the_player_with_seven() -> None:
    """ "If a player has seven Flower Suit tiles and another player picks the eighth and last Flower
    Suit tile, this eighth Flower Suit tile is automatically transferred to the player with seven
    Flower Suit tiles and that player automatically wins the game" (ruling S16: South, who picked
    it, pays as the discarder)."""
    hands = {**LAST, N: "RF1 RF2 RF3 RF4 BF1 BF2 BF3 3B 6B 9B 7C 8C 9C 1D 3D 6D GD WD 8B 2C"}
    after = act(arrange(hands, front="BF4"), E, "discard", "GD")
    result = result_of(after)
    assert result.winner is N
    assert result.evaluation is not None
    assert result.evaluation.arrangement is not None
    assert result.evaluation.arrangement.description == "eight flowers"
    assert result.settlement is not None
    assert [transfer.reason for transfer in result.settlement.transfers if transfer.payer is S] == [
        "handed over the eighth flower: as the discarder"
    ]
    assert after.player(S).bonus == ()
    assert len(after.player(N).bonus) == 8
    assert sum(result.payments.values()) == 0


# -- illegal actions -----------------------------------------------------------------------------


def test_illegal_actions_raise_and_leave_the_round_as_it_was() -> None:
    """An illegal action is never accepted: the round (immutable) is unchanged and the error says
    which rule."""
    round_ = arrange(PRIORITY)
    assert refused(round_, Action(S, "discard", "5B")) == "not-to-act"
    assert refused(round_, Action(E, "discard", "3B")) == "not-in-hand"
    assert refused(round_, Action(E, "pass")) == "wrong-action"
    assert refused(round_, Action(E, "mahjong")) == "not-after-draw"
    assert refused(round_, Action(E, "kong", meld="{5B 5B 5B 5B}")) == "not-after-draw"
    assert refused(round_, Action(E, "charleston", "5B 1C 4C")) == "wrong-action"
    assert refused(round_, Action(N, "discard", "2B", target="E")) == "not-to-act"
    drawn = attrs.evolve(round_, drawn=mr.Tile.parse("9B"))
    assert refused(drawn, Action(E, "mahjong")) == "not-mahjong"
    assert refused(drawn, Action(E, "kong", meld="{9B 9B 9B 9B}")) == "no-kong"
    after = act(round_, E, "discard", "5B")
    assert refused(after, Action(E, "pass")) == "not-to-act"
    assert refused(after, Action(S, "discard", "1D")) == "wrong-action"
    assert refused(after, Action(S, "mahjong", "5B")) == "not-mahjong"
    assert refused(after, Action(W, "mahjong", "9B")) == "not-the-discard"
    with pytest.raises(TypeError, match="apply takes an Action"):
        round_.apply("E discard 5B")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not at a table of 3"):
        new_round("singapore", 1, players=3).legal_actions(N)


def test_legal_actions_take_a_seat_its_letter_or_its_name_and_refuse_anything_else() -> None:
    # A Seat is looked up among the actions worked out already; a letter or a name is read first.
    round_ = new_round("singapore", seed=3)
    seat = round_.to_act[0]
    found = round_.legal_actions(seat)
    assert found
    assert round_.legal_actions(seat.name.lower()) == found == round_.legal_actions(seat.name[0])
    for wrong in (["E"], 0, None.__class__):
        with pytest.raises(TypeError, match="seat is a Seat"):
            round_.legal_actions(wrong)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not at a table of 3"):
        new_round("singapore", 3, players=3).legal_actions("north")


# -- the round as a whole ------------------------------------------------------------------------


def test_the_next_deal_and_the_prevailing_wind_over_a_full_round() -> None:
    """ "A mahjong round is complete when the banker position has rotated around the table four
    times"; "When the banker position rotates one full time around the table the prevailing wind
    changes to South, then West, then finally North. After the North prevailing wind the round is
    complete." Greedy players play game after game, each dealt with the previous game's
    next_deal."""
    ruleset = singapore()
    banker, wind = E, E
    winds = []
    for seed in range(200):
        round_ = SingaporeRound.deal(ruleset, seed, banker=banker, prevailing_wind=wind)
        done = play(round_, dict.fromkeys(round_.seats, greedy_agent), check=False)
        assert isinstance(done, SingaporeRound)
        deal = done.next_deal
        assert deal is not None
        rotated = result_of(done).winner is not None or done.kong_declared
        assert (deal.banker is not banker) == rotated
        winds.append(wind)
        if deal.round_over:
            break
        banker, wind = deal.banker, deal.prevailing_wind
    else:
        pytest.fail("the round did not end in 200 games")
    assert [wind for number, wind in enumerate(winds) if number == 0 or winds[number - 1] is not wind] == [E, S, W, N]
    assert banker is N


def test_a_dealt_round_is_observed_by_each_seat() -> None:
    """Each player sees its own tiles, and of the others only what is shown."""
    round_ = new_round("singapore", 3)
    assert isinstance(round_, SingaporeRound)
    seen = round_.observation("S")
    assert seen["seat"] is S
    assert seen["hand"] == round_.hand(S)
    assert seen["drawn"] is None
    assert seen["concealed"] == {E: 14, S: 13, W: 13, N: 13}
    assert seen["bonus"] == {seat: round_.player(seat).bonus for seat in round_.seats}
    assert seen["tiles_left"] == round_.tiles_left
    assert seen["prevailing"] is E
    assert round_.observation(E)["drawn"] == round_.drawn
    assert seen["exposed"] == {seat: round_.player(seat).melds for seat in round_.seats}


# -- self-play -------------------------------------------------------------------------------------


def away(ruleset: mr.Ruleset, hand: mr.Hand) -> int:
    try:
        return ruleset.tiles_away(hand)
    except UnreachableError:
        return 99


def greedy_agent(view: PlayerView) -> Action:
    """MAHJONG when legal; else the discard leaving the fewest tiles away, a kong when it costs
    nothing, a PONG or KONG call when it lowers tiles away; else PASS."""
    kinds: dict[ActionKind, list[Action]] = {}
    for action in view.legal:
        kinds.setdefault(action.kind, []).append(action)
    if ActionKind.MAHJONG in kinds:
        return kinds[ActionKind.MAHJONG][0]
    hand = view.hand
    if ActionKind.DISCARD in kinds:
        scored = [(away(view.ruleset, hand.discard(a.tiles[0])), a) for a in kinds[ActionKind.DISCARD]]
        best_away, best = min(scored, key=lambda pair: pair[0])
        for kong in kinds.get(ActionKind.KONG, []):
            assert kong.meld is not None
            if kong.tiles or away(view.ruleset, hand.with_meld(kong.meld)) <= best_away:
                return kong
        return best
    calls = [a for a in kinds.get(ActionKind.CALL, []) if a.meld is not None and not a.meld.is_chow]
    if calls:
        now = away(view.ruleset, hand)
        for call in calls:
            assert call.meld is not None
            if away(view.ruleset, hand.with_meld(call.meld, called=view.on_offer)) < now:
                return call
    return kinds[ActionKind.PASS][0]


def exact_legal_actions(round_: SingaporeRound) -> None:
    """The legal actions of every seat, each listed once, against the ruleset's own play API:
    ``check_call`` for every call, ``declarable_kongs`` and ``evaluate`` on one's own turn."""
    ruleset = round_.ruleset
    answered = set()  # the seats that answered the discard already
    for action in reversed(round_.actions):
        if action.kind is ActionKind.DISCARD:
            break
        answered.add(action.seat)
    for seat in round_.seats:
        legal = round_.legal_actions(seat)
        assert len(set(legal)) == len(legal)
        if seat not in round_.to_act:
            assert legal == ()
        player = round_.player(seat)
        if round_.phase is Phase.TURN and seat is round_.turn:
            drew = round_.drawn is not None
            kongs = set(ruleset.declarable_kongs(round_.hand(seat))) if drew else set()
            assert {a.meld.represents for a in legal if a.kind is ActionKind.KONG and a.meld is not None} == kongs
            won = mr.WinContext(
                self_drawn=True,
                winning_tile=round_.drawn,
                seat_wind=seat,
                prevailing_wind=round_.prevailing_wind,
                kong_replacement=round_.replacement == "kong",
                flower_replacement=round_.replacement == "flower",
                last_tile=round_.tiles_left == 0,
                tiles_left=round_.tiles_left,
            )
            wins = drew and ruleset.evaluate(round_.hand(seat), won).is_winning
            assert (Action(seat, "mahjong") in legal) == wins
            assert {a.tiles[0] for a in legal if a.kind is ActionKind.DISCARD} == (
                set(player.concealed) if round_.tiles_left else set()
            )
        if round_.phase is not Phase.RESPONSE or seat is round_.turn or seat in answered:
            continue
        tile = round_.discard
        assert tile is not None
        context = mr.WinContext(
            seat_wind=seat,
            prevailing_wind=round_.prevailing_wind,
            tiles_left=round_.tiles_left,
            fresh_discard=all(tile is not seen for _, seen in round_.history),
        )
        common: dict[str, Any] = {
            "seat": seat,
            "discarder": round_.turn,
            "passed": let_pass(round_.history, seat, player),
            "last_discarded": player.last_discarded,
        }
        hand = round_.hand(seat)
        wins = ruleset.check_call(hand, tile, "game", context=context, **common) is None
        assert (Action(seat, "mahjong", (tile,)) in legal) == wins
        for meld in candidate_melds(tile, round_.turn):
            move = "chow" if meld.is_chow else ("kong" if meld.size == 4 else "pong")
            rest = list(meld.tiles)
            rest.remove(tile)
            chow = rest if meld.is_chow else None
            allowed = ruleset.check_call(hand, tile, move, chow=chow, **common) is None
            assert (Action(seat, "call", (tile,), meld=meld) in legal) == allowed, (seat, meld)


def candidate_melds(tile: mr.Tile, discarder: mr.Seat) -> list[mr.Meld]:
    melds = [mr.Meld((tile,) * 4, called_from=discarder), mr.Meld((tile,) * 3, called_from=discarder)]
    if tile.is_number and tile.suit is not None and tile.rank is not None:
        for low in (tile.rank - 2, tile.rank - 1, tile.rank):
            if low >= 1 and low + 2 <= 9:
                melds.append(mr.Meld([tile.suit.tile(low + step) for step in range(3)], called_from=discarder))
    return melds


def play_checked(round_: Round, agent: Agent) -> Round:
    """``round_`` played to its end by ``agent`` at every seat, the legal actions of each moment
    first checked against the ruleset (the referee's check: the agent sees only its view)."""
    while not round_.is_over:
        assert isinstance(round_, SingaporeRound)
        exact_legal_actions(round_)
        round_ = round_.apply(agent(round_.view(round_.to_act[0])))
    return round_


def test_legal_actions_agree_with_the_rulesets_play_api() -> None:
    """Every call ``check_call`` allows is listed, and no other; kongs are ``declarable_kongs``."""
    for seed in range(20):
        round_ = dealt(seed)
        play_checked(round_, random_agent(random.Random(seed)))
        play_checked(round_, greedy_agent)


@pytest.mark.parametrize("players", [4, 3])
def test_random_self_play_keeps_every_invariant(players: int) -> None:
    """Rounds played to the end by random agents: tiles conserved, hand sizes right, every
    Mahjong valid, payments summing to zero (checked after every action)."""
    for seed in range(200 if players == 4 else 60):
        done = play(new_round("singapore", seed, players=players), seed=seed)
        assert done.is_over
        assert done.result is not None
        assert sum(done.result.payments.values()) == 0


def test_greedy_self_play_wins_and_settles() -> None:
    """Greedy players win most rounds; every win is settled by the ruleset (pay-all cases
    included), on top of the instant payments made during the round."""
    outcomes: Counter[str] = Counter()
    for seed in range(100):
        round_ = dealt(seed, players=3 if seed % 4 == 3 else 4)
        done = play(round_, dict.fromkeys(round_.seats, greedy_agent), seed=seed)
        assert isinstance(done, SingaporeRound)
        result = result_of(done)
        instant = Counter[mr.Seat]()
        for transfer in done.transfers:
            instant[transfer.payee] += transfer.amount
            instant[transfer.payer] -= transfer.amount
        if result.winner is None:
            outcomes["wall game"] += 1
            assert dict(result.payments) == {seat: instant[seat] for seat in done.seats}
            continue
        outcomes["won"] += 1
        assert result.settlement is not None
        assert result.evaluation is not None
        context = result.evaluation.context
        outcomes["self-drawn" if context.self_drawn else "on a discard"] += 1
        if any(transfer.reason.startswith("pays for all") for transfer in result.settlement.transfers):
            outcomes["pay-all"] += 1
        assert dict(result.payments) == {seat: instant[seat] + result.settlement.payments[seat] for seat in done.seats}
    assert outcomes["won"] >= 60, outcomes
    assert outcomes["pay-all"] >= 1, outcomes
    assert outcomes["on a discard"] >= 10, outcomes


@pytest.mark.parametrize("seed", range(6))
def test_replays_round_trip(seed: int) -> None:
    """A round's seed and actions as JSON replay to the same round, action by action."""
    round_ = dealt(seed, players=3 if seed == 5 else 4)
    agents: dict[mr.Seat, Agent] | None = dict.fromkeys(round_.seats, greedy_agent) if seed % 2 else None
    done = play(round_, agents, seed=seed)
    again = Replay.from_json(Replay.of(done).to_json()).play()
    assert again.actions == done.actions
    assert again == done


def test_a_concealed_kong_cannot_be_robbed_even_for_13_wonders() -> None:
    """Rule variations: "Robbing the Kong for Concealed Kong on 13 wonders - If a player invokes a
    concealed Kong and another played needs that tile to GAME for 13 wonders that tile is
    transferred to him from the KONG and he wins the game with 13 wonders. This rule is not
    supported by this game." Nor here: North waits on the Red dragon for 13 Wonders, East declares
    a concealed kong of it, and East simply takes the replacement; North is never asked."""
    hands = {
        E: "RD RD RD RD 1B 4B 7B 2D 5D 8D 2C 5C 8C 3B",
        S: "2B 8B 3C 6C 4D 7D 9D S W N E GD WD",
        W: "3B 6B 9B 7C 8C 9C 1D 3D 6D GD WD 9B 2B",
        N: "1B 9B 1C 9C 1D 9D E S W N GD WD WD",
    }
    round_ = arrange(hands, drawn="RD", back="7D")
    assert mr.get_ruleset("singapore").waits(round_.hand(N)) == {mr.Tile.parse("RD")}
    after = act(round_, E, "kong", meld="{RD RD RD RD}")
    assert after.phase is Phase.TURN
    assert after.to_act == (E,)
    assert after.drawn == mr.Tile.parse("7D")
    assert after.legal_actions(N) == ()


def test_a_fresh_tile_that_makes_a_kong_at_the_end_pays_only_the_kong() -> None:
    """Rule variations: "Pay all for Kong at the End of Game - Some games play that any fresh tile
    that causes a KONG at the end of the game (usually fewer than 7 tiles remaining) is pay all for
    the Kong for the person who threw the tile. This computer game does not support this rule."
    Nor here: with 3 tiles left to draw, East throws a 5 Bam nobody has discarded and South kongs
    it; every player pays South the kong's 2, East no more than the others."""
    hands = {
        E: "5B 1B 4B 7B 2D 5D 8D E S W N GD WD 9B",
        S: "5B 5B 5B RD RD RD 1C 2C 3C 4C 5C 6C 9D",
        W: "2B 8B 3C 6C 4D 7D 9D S W N E GD WD",
        N: "3B 6B 7C 8C 9C 1D 3D 6D 2B 8B RD GD WD",
    }
    round_ = arrange(hands, back="9D", left=3)
    assert round_.tiles_left == 3
    assert all(mr.Tile.parse("5B") not in round_.player(seat).discards for seat in round_.seats)
    after = act(act(round_, E, "discard", "5B"), S, "call", meld="[5B 5B 5B 5B @E]")
    assert after.payments == {E: -2, S: 6, W: -2, N: -2}


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_could_win_is_the_shape_of_a_winning_hand(data: st.DataObject) -> None:
    """``Player.could_win``, the quick test before the ruleset evaluates a GAME, is exactly the
    shape: the concealed tiles with the tile offered (or as drawn) make the sets left and an eye,
    or 13 Wonders with nothing declared, or the player shows all eight flowers (ruling S16). The
    expected shape is read from the counts and checked against the hand's waits, found by the
    solver's search (another way), on random hands and on hands built one tile short of a win.
    ``Player.might_take``, which spares the answers to most tiles offered, is exactly a win, a
    pong or kong, or (for the discarder's right) a chow, on the counts."""
    sets = data.draw(st.integers(0, 4), label="declared sets")
    shape = data.draw(st.sampled_from(["random", "one short", "13 Wonders"] if sets == 0 else ["random", "one short"]))
    counts = [0] * 34
    if shape == "13 Wonders":  # all 13 (waiting on any of them), or 12 and a pair (on the 13th)
        for kind in standard.TERMINALS_AND_HONORS:
            counts[kind] += 1
        if data.draw(st.booleans(), label="a pair"):
            missing, paired = data.draw(st.permutations(standard.TERMINALS_AND_HONORS))[:2]
            counts[missing] -= 1
            counts[paired] += 1
    elif shape == "one short":  # sets and an eye, one tile taken away
        for _ in range(4 - sets):
            kind = data.draw(st.integers(0, 33), label="set")
            chow = kind < 27 and kind % 9 < 7 and data.draw(st.booleans(), label="chow")
            for member in (kind, kind + 1, kind + 2) if chow else (kind, kind, kind):
                counts[member] += 1
        counts[data.draw(st.integers(0, 33), label="eye")] += 2
        assume(max(counts) <= 4)
        counts[data.draw(st.sampled_from([kind for kind in range(34) if counts[kind]]), label="taken")] -= 1
    else:
        for _ in range(3 * (4 - sets) + 1):
            counts[data.draw(st.sampled_from([kind for kind in range(34) if counts[kind] < 4]))] += 1
    melds = tuple(mr.Meld.parse(text) for text in ("[1B 1B 1B]", "[2C 2C 2C]", "[3D 3D 3D]", "[4B 4B 4B]")[:sets])
    flowers = sorted(FLOWERS)
    bonus = tuple(flowers[: data.draw(st.sampled_from([0, 7, 8]), label="flowers")])
    player = Player(tuple(counts), melds, bonus)
    eight = len(bonus) == 8
    waits = standard.waits(tuple(counts), 4 - sets, thirteen_wonders=sets == 0)
    for tile in map(mr.Tile.from_index, range(34)):
        after = list(counts)
        after[tile.index] += 1
        complete = standard.is_complete(after, 4 - sets) or (
            sets == 0 and standard.thirteen_wonders_away(after) == 0 and sum(after) == 14
        )
        if counts[tile.index] < 4:  # a fifth copy is never offered
            assert complete is (tile.index in waits), (counts, tile)
        assert player.could_win(tile) is (complete or eight), (player, tile)
        drawn = Player(tuple(after), melds, bonus)
        assert drawn.could_win() is (complete or eight), (drawn, tile)
        # The quick test before the answers to a tile offered: a win, a pong or kong (two or more
        # held), or for the next player a chow (two tiles held in sequence with it, one suit).
        suit, rank = divmod(tile.index, 9)
        chow = tile.index < 27 and any(
            low >= 0 and high <= 8 and counts[9 * suit + low] and counts[9 * suit + high]
            for low, high in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2))
        )
        takes = complete or eight or counts[tile.index] >= 2
        assert player.might_take(tile, chow=False) is takes, (player, tile)
        assert player.might_take(tile, chow=True) is (takes or chow), (player, tile)


def test_players_made_field_by_field_equal_those_the_constructor_makes() -> None:
    """A round replaces its players with ``made_player`` (no attrs constructor): every player of
    a round played to its end, made again both ways, is the same value with the same hash, and
    the fields read back as given."""
    round_ = play(new_round("singapore", seed=11), seed=11)
    assert isinstance(round_, SingaporeRound)
    checked = 0
    for player in round_.players:
        fields = (player.counts, player.melds, player.bonus, player.discards, player.moved, player.last_discarded)
        made, built = made_player(*fields), Player(*fields)
        assert made == built
        assert hash(made) == hash(built)
        assert attrs.astuple(made, recurse=False) == fields
        checked += bool(player.melds or player.discards)
    assert checked
