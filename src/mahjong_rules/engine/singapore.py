"""A round of Singapore mahjong, from the shuffle to the settlement, as an immutable state.

Sentences of ``rules/singapore-mahjong-rules.txt`` are quoted where they decide something. The
round follows the document:

* the deal: "each player selects 13 tiles"; "If a player has a tile(s) in the animal or flower
  suit they must put that tile up to show the rest of the players ... they will take a
  replacement tile from opposite end of the remaining unused tiles"; then "The player who is the
  banker for this game will start by taking another tile". The seats are the players' winds:
  East is the banker of the game (``banker`` is the banker's table position, for the next deal).
* turns: "If no one wants to use that discarded tile, the player to the right of the player who
  discarded last picks a new tile ... He in turn will discard a tile." Drawing is not an action:
  the next player draws as soon as everyone has let the discard go, flowers and animals exposed
  and replaced from the back of the wall on the way.
* calls: the seats that could use a discard answer it (GAME, a KONG, PONG or CHOW call, or PASS);
  the ruleset's :meth:`~mahjong_rules.rulesets.singapore.SingaporeRuleset.resolve_calls` says who
  takes it. Seats with nothing to call are not asked.
* kongs with a replacement from the back, robbing the kong, the instant payments, and the end:
  "The game is finished when someone wins the game or when there are 15 tiles left" (ruling L8:
  those 15 tiles are never drawn).

The actions: ``DISCARD`` (``tiles[0]``); ``KONG`` on one's own turn after a draw (a concealed
kong: ``meld`` is ``{....}``; a tile added to an exposed pung: ``tiles[0]`` and the pung as
``meld``); ``MAHJONG`` (self-drawn: no tile; on the tile offered: ``tiles[0]``); ``CALL`` (``meld``
holds the discard and is ``called_from`` the discarder); ``PASS`` (let the tile go; after the
last tile, end the game without a discard).

Where the document leaves it open, the round reads it so:

* the tiles "received during the initial 13 tiles" are the dealt tiles and their replacements
  during the deal; the banker's 14th tile is the banker's first draw (and may win at once);
* eight flowers win at once, without an action (ruling S16), whether the eighth flower is drawn
  by the holder of seven or handed over by the player who drew it; at the deal a player holding
  all eight wins before the banker draws (seven and one at the deal are not handed over);
* a flower or animal drawn with no tile left to replace it ends the game as a wall game;
* a kong after the last tile stands (and is paid) but draws no replacement: the game ends.

>>> from mahjong_rules.engine import new_round
>>> round_ = new_round("singapore", seed=1)
>>> round_.to_act, round_.phase.value
((<Seat.EAST: 0>,), 'turn')
>>> [len(round_.hand(seat).concealed) - len(round_.player(seat).bonus) for seat in round_.seats]
[14, 13, 13, 13]
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import attrs

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.engine.core import (
    _POSITION,
    Action,
    ActionKind,
    IllegalActionError,
    RoundResult,
    discard_row,
    seats_after,
    simple_action,
    warm_up,
)
from mahjong_rules.engine.selfplay import InvariantError
from mahjong_rules.engine.singapore_players import (
    KINDS,
    Player,
    bonus_events,
    changed_counts,
    chow_pairs,
    let_pass,
    made_player,
    tile_counts,
)
from mahjong_rules.engine.view import PlayerView, view_of
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Evaluation, Reason, Ruleset, Transfer, WinContext
from mahjong_rules.rulesets.singapore.doubles import FLOWERS
from mahjong_rules.rulesets.singapore.play import LAST_TILES, Call, Deal, Move, check_move, declarable_kongs, next_seat
from mahjong_rules.rulesets.singapore.ruleset import SingaporeRuleset
from mahjong_rules.tiles import Seat, Tile

__all__ = ["Phase", "Player", "SingaporeRound"]

HAND_SIZE = 13
"""Every player holds 13 tiles besides flowers and animals, a kong counted as three (ruling T2);
the player to discard holds one more."""


class Phase(enum.Enum):
    """The moment of a round."""

    __hash__ = object.__hash__  # a member equals only itself: the identity hash, in C (see Seat)

    TURN = "turn"
    """A player holds a tile more than 13: they discard, declare a kong, or win."""
    RESPONSE = "response"
    """The others answer a discard: GAME, KONG, PONG, CHOW or PASS."""
    ROB = "rob"
    """The others may win on the tile added to an exposed pung: robbing the kong."""
    OVER = "over"
    """Someone won, or the wall is down to its last 15 tiles."""


# -- the round ---------------------------------------------------------------------------------------


_SEATS = {players: tuple(Seat)[:players] for players in (3, 4)}


# EnumType's __getattr__ (CPython 3.11) makes reading a member through its class several times
# slower than reading a global: the code below reads these.
_ACTIONKIND_CALL = ActionKind.CALL
_ACTIONKIND_DISCARD = ActionKind.DISCARD
_ACTIONKIND_KONG = ActionKind.KONG
_ACTIONKIND_MAHJONG = ActionKind.MAHJONG
_ACTIONKIND_PASS = ActionKind.PASS
_MOVE_CHOW = Move.CHOW
_MOVE_GAME = Move.GAME
_MOVE_KONG = Move.KONG
_MOVE_PONG = Move.PONG
_PHASE_OVER = Phase.OVER
_PHASE_RESPONSE = Phase.RESPONSE
_PHASE_ROB = Phase.ROB
_PHASE_TURN = Phase.TURN
_SEAT_EAST = Seat.EAST
_ALONE = {seat: (seat,) for seat in Seat}  # each seat's to_act on its turn, made once


@functools.cache
def _others_after(seats: tuple[Seat, ...], seat: Seat) -> tuple[tuple[Seat, int], ...]:
    """The other seats in turn order from the one after ``seat``, each with its place at the table
    (its player's index)."""
    return tuple((other, _POSITION[other]) for other in seats_after(seats, seat))


def _seats(ruleset: SingaporeRuleset) -> tuple[Seat, ...]:
    """The ruleset's seats (ruling T4; with three players nobody is North), looked up once."""
    return _SEATS[ruleset.options.players]


def _same_ruleset(first: SingaporeRuleset, second: SingaporeRuleset) -> bool:
    return first.options == second.options


@attrs.frozen(slots=False)  # a step takes and makes a round's fields as one dict (_Step)
class SingaporeRound:
    """A round of Singapore mahjong, immutable: :meth:`apply` returns the next round.

    Build one with :meth:`deal` (or :func:`mahjong_rules.engine.new_round`).

    Attributes:
        ruleset: the Singapore ruleset played (rounds compare equal when its options do).
        seed: the seed of the shuffle.
        banker: the banker's table position (the seat they held in the first game of the mahjong
            round), for :attr:`next_deal`; in this game the banker sits East.
        prevailing_wind: the prevailing wind of the game.
        wall: the tiles not yet drawn, drawn from the front, replacements from the back.
        players: each seat's tiles, in the order of the ruleset's seats.
        phase: the moment of the round.
        turn: the player whose turn it is (who discarded, during the answers to a discard; who
            declared the kong, while it may be robbed).
        extra: the player holding a tile more than 13 (a kong counted as three): the player to
            discard, or the winner of a complete hand, or the player who drew the last tile.
        drawn: the tile the player whose turn it is has just drawn (``None`` after a call): the
            winning tile of a self-drawn win; kongs are declared only after a draw.
        replacement: ``"kong"`` or ``"flower"`` when that tile replaced a kong or a bonus tile.
        discard: the tile offered: the discard being answered, or the tile added to a kong.
        robbed: the exposed pung the tile is added to, while the kong may be robbed.
        pending: the players still to answer the discard or the kong.
        calls: the answers that call the tile, so far.
        history: every discard answered so far, with its discarder, in order (a fresh tile is
            none of these).
        kong_declared: whether a kong stood in the game (for the next banker).
        transfers: the instant payments made so far.
        actions: every action applied since the deal.
        result: how the round ended, once it is over.
    """

    ruleset: SingaporeRuleset = attrs.field(eq=attrs.cmp_using(eq=_same_ruleset), hash=False)
    seed: int
    banker: Seat
    prevailing_wind: Seat
    wall: tuple[Tile, ...]
    players: tuple[Player, ...]
    phase: Phase
    turn: Seat
    extra: Seat | None = None
    drawn: Tile | None = None
    replacement: str | None = None
    discard: Tile | None = None
    robbed: Meld | None = None
    pending: tuple[Seat, ...] = ()
    calls: tuple[Action, ...] = ()
    history: tuple[tuple[Seat, Tile], ...] = ()
    kong_declared: bool = False
    transfers: tuple[Transfer, ...] = ()
    actions: tuple[Action, ...] = ()
    result: RoundResult | None = None
    _legal: dict[Seat, tuple[Action, ...]] = attrs.field(init=False, factory=dict, eq=False, repr=False)
    """The legal actions of each seat, worked out once (a cache: it changes nothing)."""

    # -- the deal ------------------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        ruleset: Ruleset,
        seed: int = 0,
        *,
        banker: Seat | str = Seat.EAST,
        prevailing_wind: Seat | str = Seat.EAST,
    ) -> SingaporeRound:
        """A new round: the 148 tiles shuffled with ``seed``, 13 dealt to each player, their
        flowers and animals exposed and replaced from the back of the wall, player by player in
        turn order, until no one holds any (with their instant payments, "received during the
        initial 13 tiles"), then the banker's first draw.

        ``banker`` (the banker's table position) and ``prevailing_wind`` come from the previous
        game's :attr:`next_deal`.

        Raises:
            TypeError: ``ruleset`` is not a Singapore ruleset.
        """
        if not isinstance(ruleset, SingaporeRuleset):
            raise TypeError(f"a Singapore round plays the Singapore ruleset, not {describe(ruleset)}")
        if type(seed) is not int:
            raise TypeError(f"seed is an integer, not {describe(seed)}")
        warm_up(ruleset)
        seats = ruleset.seats
        tileset = ruleset.tileset
        wall = list(tileset.copies())
        random.Random(seed).shuffle(wall)
        dealt = [wall[HAND_SIZE * position : HAND_SIZE * (position + 1)] for position in range(len(seats))]
        step = _Step.start(ruleset, seed, as_seat(banker, "banker"), as_seat(prevailing_wind, "prevailing_wind"))
        step.wall = tuple(wall[HAND_SIZE * len(seats) :])
        for seat, tiles in zip(seats, dealt, strict=True):
            step.deal_to(seat, tiles)
        for seat in seats:
            if step.players[_POSITION[seat]].eight_flowers:
                step.win_eight_flowers(seat, None, None)
                return step.freeze()
        step.draw(_SEAT_EAST, back=False, after=None)
        return step.freeze()

    # -- the protocol --------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats at the table, in turn order."""
        return _seats(self.ruleset)

    @property
    def to_act(self) -> tuple[Seat, ...]:
        """The players who must choose now: the player whose turn it is, or the players still to
        answer a discard or a kong (nearest to the discarder's right first); empty once over."""
        if self.phase is _PHASE_TURN:
            return _ALONE[self.turn]
        return self.pending

    @property
    def is_over(self) -> bool:
        """Someone won, or the wall is down to its last 15 tiles."""
        return self.phase is _PHASE_OVER

    @property
    def tiles_left(self) -> int:
        """The tiles still to be drawn before the game ends (ruling L8)."""
        return len(self.wall) - LAST_TILES

    @property
    def payments(self) -> Mapping[Seat, int]:
        """Each seat's net amount so far: the instant payments, and the win's once over."""
        if self.result is not None:
            return self.result.payments
        return _net(self.transfers, self.seats)

    @property
    def next_deal(self) -> Deal | None:
        """The next game's banker (table position) and prevailing wind, once the round is over:
        "When a player has Mahjong (GAME) or the tiles run out and someone has declared a KONG,
        the banker position rotates to the player to the right ... otherwise the banker remains
        the same" (the ruleset's ``next_deal``); ``None`` while the round goes on."""
        if self.result is None:
            return None
        won = self.result.winner is not None
        return self.ruleset.next_deal(self.banker, self.prevailing_wind, won=won, kong_declared=self.kong_declared)

    def player(self, seat: Seat | str) -> Player:
        """The tiles of ``seat``."""
        return self.players[self._seat(seat).value]

    def hand(self, seat: Seat | str) -> Hand:
        """The tiles of ``seat`` as a hand (bonus tiles among the concealed tiles, as the ruleset
        reads them)."""
        return self.player(seat).hand

    def legal_actions(self, seat: Seat | str | None = None) -> Sequence[Action]:
        """Every action ``seat`` may take now (every seat's, without a seat), each once: discards
        by tile, each kong, each chow a hand can make, GAME when the ruleset says the hand wins."""
        if seat is None:
            return tuple(action for each in self.to_act for action in self._legal_for(each))
        # Found by the seat as given first: only seats at the table are ever kept (a loop asks
        # every step, a Seat each time).
        found = self._legal.get(seat) if type(seat) is Seat else None
        return found if found is not None else self._legal_for(self._seat(seat))

    def apply(self, action: Action) -> SingaporeRound:
        """The round after ``action``; this round is unchanged.

        Raises:
            TypeError: ``action`` is not an :class:`Action`.
            IllegalActionError: the action is not legal now; its reason says which rule.
        """
        if not isinstance(action, Action):
            raise TypeError(f"apply takes an Action, not {describe(action)}")
        if (
            self.phase is not _PHASE_TURN
            and action.kind in (_ACTIONKIND_CALL, _ACTIONKIND_MAHJONG)
            and not action.tiles
            and self.discard is not None
        ):
            action = attrs.evolve(action, tiles=(self.discard,))  # the tile offered goes without saying
        # An agent mostly passes back one of the round's own actions: found by identity first,
        # among the seat's legal actions worked out already when they were (only seats at the
        # table are ever kept).
        legal = self._legal.get(action.seat)
        if legal is None:
            if action.seat not in self.seats:
                raise IllegalActionError(self._refusal(action))
            legal = self._legal_for(action.seat)
        if not (any(map(operator.is_, legal, itertools.repeat(action))) or action in legal):
            raise IllegalActionError(self._refusal(action))
        step = _Step.of(self, action)
        if self.phase is _PHASE_TURN:
            step.turn_action(action)
        elif self.phase is _PHASE_RESPONSE:
            step.answer(action)
        else:
            step.answer_rob(action)
        return step.freeze()

    def view(self, seat: Seat | str) -> PlayerView:
        """What ``seat`` may see now, as the value a bot is given (:class:`PlayerView`)."""
        return view_of(self, seat)

    def observation(self, seat: Seat | str) -> dict[str, Any]:
        """What ``seat`` can see: its own tiles, every player's declared sets, bonus tiles and
        discards, how many concealed tiles each holds, the tile offered, the tiles left.

        Keys (the American rounds' names, and the names the RL environment reads): ``seat``,
        ``phase``, ``turn``, ``to_act``, ``hand`` (a :class:`~mahjong_rules.Hand`: the seat's
        concealed tiles, bonus tiles and declared sets), ``drawn`` (the tile the seat just drew,
        or ``None``), ``exposed`` (seat to its declared sets, concealed kongs included: "the new
        picked tile and the 4 other tiles in the concealed tiles are transferred to the exposed
        tiles"), ``bonus`` (seat to its flowers and animals), ``discards`` (seat to its discards
        nobody took), ``concealed`` and ``concealed_counts`` (seat to its number of concealed
        tiles), ``last_discard`` (the tile offered now, or ``None``), ``tiles_left`` and ``wall``
        (the tiles still to draw), ``prevailing`` (the prevailing wind), ``payments`` (each seat's
        net so far) and ``result``.
        """
        own = self._seat(seat)
        counts = {each: sum(player.counts) for each, player in zip(self.seats, self.players, strict=True)}
        return {
            "seat": own,
            "phase": self.phase.value,
            "turn": self.turn,
            "to_act": self.to_act,
            "hand": self.hand(own),
            "drawn": self.drawn if self.turn is own else None,
            "exposed": {each: player.melds for each, player in zip(self.seats, self.players, strict=True)},
            "bonus": {each: player.bonus for each, player in zip(self.seats, self.players, strict=True)},
            "discards": {each: player.discards for each, player in zip(self.seats, self.players, strict=True)},
            "concealed": counts,
            "concealed_counts": dict(counts),
            "last_discard": self.discard,
            "tiles_left": self.tiles_left,
            "wall": self.tiles_left,
            "prevailing": self.prevailing_wind,
            "payments": dict(self.payments),
            "result": self.result,
        }

    # -- invariants ----------------------------------------------------------------------------

    def all_tiles(self) -> list[Tile]:
        """Every tile of the game wherever it is: the wall (its last 15 tiles included), each
        player's concealed tiles, sets, declared kongs, bonus tiles and discards, and the tile
        offered to the others."""
        tiles = list(self.wall)
        for player in self.players:
            tiles += player.concealed
            tiles += [tile for meld in player.melds for tile in meld.tiles]
            tiles += player.bonus
            tiles += player.discards
        if self.discard is not None:
            tiles.append(self.discard)
        return tiles

    def check(self) -> None:
        """Raise :class:`~mahjong_rules.engine.InvariantError` if a hand has the wrong size: 13
        tiles plus one per declared kong, one more for the player to discard (:attr:`extra`), or
        if the moment of the round contradicts who holds that tile."""
        for seat, player in zip(self.seats, self.players, strict=True):
            expected = HAND_SIZE + player.kongs + (seat is self.extra)
            held = sum(player.counts) + sum(meld.size for meld in player.melds)
            if held != expected:
                raise InvariantError(f"{seat.name.title()} holds {held} tiles besides bonus tiles, not {expected}")
        if self.phase is _PHASE_TURN and self.extra is not self.turn:
            raise InvariantError(f"it is {self.turn.name.title()}'s turn but they hold no tile to discard")
        if self.phase in (_PHASE_RESPONSE, _PHASE_ROB) and (self.extra is not None or self.discard is None):
            raise InvariantError("while a tile is offered, nobody holds a tile to discard")
        if self.turn in self.pending:
            raise InvariantError(f"{self.turn.name.title()} answers their own tile")
        if self.tiles_left < 0:
            raise InvariantError(f"the wall holds {len(self.wall)} tiles, fewer than the {LAST_TILES} never drawn")
        if (self.phase is _PHASE_OVER) != (self.result is not None):
            raise InvariantError("a round has a result exactly when it is over")

    # -- legal actions -------------------------------------------------------------------------

    def _seat(self, seat: Seat | str) -> Seat:
        found = seat if type(seat) is Seat else as_seat(seat)
        if found not in _SEATS[self.ruleset.options.players]:
            raise ValueError(f"{found.name.title()} is not at a table of {len(self.seats)}")
        return found

    def _legal_for(self, seat: Seat) -> tuple[Action, ...]:
        cached = self._legal.get(seat)
        if cached is None:
            cached = tuple(self._compute_legal(seat))
            self._legal[seat] = cached
        return cached

    def _compute_legal(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        player = self.players[_POSITION[seat]]
        if self.phase is not _PHASE_TURN:
            assert self.discard is not None
            return [simple_action(seat, _ACTIONKIND_PASS), *_answers(self, seat, player, self.discard)]
        actions = []
        if self.drawn is not None and _self_drawn_win(self, seat, player) is not None:
            actions.append(simple_action(seat, _ACTIONKIND_MAHJONG))
        if self.drawn is not None:
            actions += _kong_declarations(seat, player)
        if self.tiles_left > 0:
            row = discard_row(seat)
            actions += itertools.compress(row, player.counts)  # the discard of each kind held
        else:
            # "he is not required to discard any tiles after he has picked the last tile"
            actions.append(simple_action(seat, _ACTIONKIND_PASS))
        return actions

    def _refusal(self, action: Action) -> Reason:
        """Why ``action`` is not legal now."""
        seat, kind = action.seat, action.kind
        if self.is_over:
            return Reason("round-over", "the round is over: no action is legal")
        if seat not in self.seats:
            return Reason("not-at-table", f"{seat.name.title()} is not at a table of {len(self.seats)}")
        if seat not in self.to_act:
            waiting = ", ".join(each.name.title() for each in self.to_act)
            return Reason("not-to-act", f"{seat.name.title()} has nothing to choose now; waiting for {waiting}")
        if self.phase is _PHASE_TURN:
            return self._turn_refusal(action)
        assert self.discard is not None
        if kind is _ACTIONKIND_CALL and self.phase is _PHASE_ROB:
            return Reason("rob-game-only", "a tile added to a kong may only be taken to win: robbing the kong")
        if kind is _ACTIONKIND_CALL or kind is _ACTIONKIND_MAHJONG:
            return _call_refusal(self, action, self.discard)
        return Reason("wrong-action", f"{seat.name.title()} answers {self.discard}: GAME, a call, or PASS")

    def _turn_refusal(self, action: Action) -> Reason:
        seat, kind = action.seat, action.kind
        player = self.players[_POSITION[seat]]
        if kind is _ACTIONKIND_DISCARD:
            if self.tiles_left == 0:
                return Reason("last-tile", "after the last tile the game is finished: there is no discard")
            tile = action.tiles[0] if len(action.tiles) == 1 else None
            if tile is None or tile.is_bonus or player.counts[tile.index] == 0:
                shown = " ".join(str(each) for each in action.tiles) or "no tile"
                return Reason("not-in-hand", f"{seat.name.title()} cannot discard {shown}: discard one concealed tile")
        if kind in (_ACTIONKIND_KONG, _ACTIONKIND_MAHJONG) and self.drawn is None:
            return Reason("not-after-draw", f"a {kind.value} on one's own turn follows a new tile, not a call")
        if kind is _ACTIONKIND_KONG:
            kongs = ", ".join(str(each.meld) for each in _kong_declarations(seat, player)) or "none"
            return Reason("no-kong", f"not a kong {seat.name.title()} may declare (declarable: {kongs})")
        if kind is _ACTIONKIND_MAHJONG:
            evaluation = self.ruleset.evaluate(player.hand, _drawn_context(self, seat))
            why = "; ".join(reason.message for reason in evaluation.reasons)
            return Reason("not-mahjong", f"{seat.name.title()}'s hand is not a Mahjong: {why}")
        if kind not in (_ACTIONKIND_DISCARD, _ACTIONKIND_KONG, _ACTIONKIND_MAHJONG):
            return Reason("wrong-action", f"it is {seat.name.title()}'s turn: discard, declare a kong, or win")
        return Reason("not-legal", f"{action} is not a move of Singapore mahjong now")


def _net(transfers: Iterable[Transfer], seats: tuple[Seat, ...]) -> dict[Seat, int]:
    net = dict.fromkeys(seats, 0)
    for transfer in transfers:
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    return net


def _drawn_context(round_: SingaporeRound | _Step, seat: Seat) -> WinContext:
    """A self-drawn win on the tile just drawn: after a kong or a bonus tile "with a replacement
    tile", or "on the last valid tile left in the game" (ruling S13)."""
    left = len(round_.wall) - LAST_TILES
    return WinContext(
        self_drawn=True,
        winning_tile=round_.drawn,
        seat_wind=seat,
        prevailing_wind=round_.prevailing_wind,
        kong_replacement=round_.replacement == "kong",
        flower_replacement=round_.replacement == "flower",
        last_tile=left == 0,
        tiles_left=left,
    )


def _offered_context(round_: SingaporeRound | _Step, seat: Seat, tile: Tile) -> WinContext:
    """A win on another player's tile: a discard, or the tile added to a kong ("Robbing the
    Kong"); fresh when nobody discarded that tile before (the end-of-game pay-all scenario)."""
    return WinContext(
        winning_tile=tile,
        seat_wind=seat,
        prevailing_wind=round_.prevailing_wind,
        robbing_kong=round_.phase is _PHASE_ROB,
        tiles_left=len(round_.wall) - LAST_TILES,
        fresh_discard=all(tile is not discarded for _, discarded in round_.history),
    )


def _self_drawn_win(round_: SingaporeRound | _Step, seat: Seat, player: Player) -> Evaluation | None:
    """The evaluation of a self-drawn win, when the ruleset accepts it: "If a player picks a new
    tile and wants to win the game he may so by clicking the GAME button"."""
    if not player.could_win():
        return None
    evaluation = round_.ruleset.evaluate(player.hand, _drawn_context(round_, seat))
    return evaluation if evaluation.is_winning else None


def _offered_win(round_: SingaporeRound | _Step, seat: Seat, player: Player, tile: Tile) -> Evaluation | None:
    """The evaluation of a win on ``tile``, when the rules allow the call and the ruleset accepts
    the hand. "A player may not use a discarded tile to GAME (win) if that same tile was
    discarded previously and was not used by that player after that players last move"; "A
    player may not GAME on a tile that he last discarded" (as the ruleset's ``check_call``)."""
    if not player.could_win(tile):
        return None
    passed = let_pass(round_.history, seat, player)
    refused = check_move(
        player.sorted_hand, tile, _MOVE_PONG, chow=None, passed=passed, last_discarded=player.last_discarded
    )
    if refused is not None and refused.code != "not-in-hand":
        return None
    evaluation = round_.ruleset.evaluate(player.hand.draw(tile), _offered_context(round_, seat, tile))
    return evaluation if evaluation.is_winning else None


def _answers(round_: SingaporeRound | _Step, seat: Seat, player: Player, tile: Tile) -> list[Action]:
    """What ``seat`` may do with the tile offered, PASS apart: GAME; on a discard, a KONG ("3 of
    the same tiles in his concealed tiles"), a PONG, and each CHOW ("the player to the right of
    the player who discarded may choose to CHOW the tile"; "there may be multiple ways of
    obtaining the CHOW")."""
    found = []
    if _offered_win(round_, seat, player, tile) is not None:
        found.append(Action(seat, _ACTIONKIND_MAHJONG, (tile,)))
    if round_.phase is _PHASE_ROB:
        return found
    discarder = round_.turn
    held = player.counts[tile.index]

    def allowed(move: Move, chow: tuple[Tile, Tile] | None = None) -> bool:
        hand, passed = player.sorted_hand, let_pass(round_.history, seat, player)
        return check_move(hand, tile, move, chow=chow, passed=passed, last_discarded=player.last_discarded) is None

    if held >= 3 and allowed(_MOVE_KONG):
        found.append(_call_action(seat, tile, (tile,) * 4, discarder))
    if held >= 2 and allowed(_MOVE_PONG):
        found.append(_call_action(seat, tile, (tile,) * 3, discarder))
    if seat is next_seat(discarder, _seats(round_.ruleset)):
        for low, high in chow_pairs(tile):
            if player.counts[low.index] and player.counts[high.index] and allowed(_MOVE_CHOW, (low, high)):
                found.append(_call_action(seat, tile, (low, tile, high), discarder))
    return found


@functools.cache
def _call_action(seat: Seat, tile: Tile, tiles: tuple[Tile, ...], discarder: Seat) -> Action:
    """``seat``'s call of ``tile`` from ``discarder`` for the set ``tiles`` (actions and sets are
    immutable: one serves every round)."""
    return Action(seat, _ACTIONKIND_CALL, (tile,), meld=Meld(tiles, called_from=discarder))


def _kong_declarations(seat: Seat, player: Player) -> list[Action]:
    """The kongs ``seat`` may declare after drawing (the ruleset's ``declarable_kongs``): a
    concealed kong (``meld`` is the kong, ``{....}``), or a tile added to an exposed pung ("Exposed
    Kong Type 2": ``tiles[0]`` is the tile, ``meld`` the pung)."""
    counts = player.counts
    # Most turns hold no four of a kind and no tile of an exposed pung: nothing to ask the ruleset.
    if 4 not in counts and (
        not player.melds or not any(meld.size == 3 and counts[meld.tiles[0].index] for meld in player.melds)
    ):
        return []
    actions = []
    for tile, kind in declarable_kongs(player.sorted_hand).items():
        if kind == "concealed kong":
            actions.append(Action(seat, _ACTIONKIND_KONG, meld=Meld((tile,) * 4, exposed=False)))
        else:
            pung = next(meld for meld in player.melds if meld.size == 3 and meld.represents is tile)
            actions.append(Action(seat, _ACTIONKIND_KONG, (tile,), pung))
    return actions


def _move_of(meld: Meld) -> Move:
    if meld.is_chow:
        return _MOVE_CHOW
    return _MOVE_KONG if meld.size == 4 else _MOVE_PONG


def _call_refusal(round_: SingaporeRound, action: Action, tile: Tile) -> Reason:
    """Why a GAME or a call of ``tile`` is not legal, in the ruleset's words where it has them."""
    seat = action.seat
    player = round_.players[_POSITION[seat]]
    discarder = round_.turn
    if action.tiles != (tile,):
        return Reason("not-the-discard", f"only the tile offered, {tile}, may be called")
    if action.kind is _ACTIONKIND_MAHJONG:
        move, chow = _MOVE_PONG, None
    else:
        meld = action.meld
        if meld is None:
            return Reason("no-meld", "a call names the set it exposes (the called tile included)")
        if tile not in meld.tiles or not meld.exposed or meld.called_from is not discarder:
            return Reason(
                "wrong-meld",
                f"a call of {tile} exposes a pong, kong or chow holding it, called from {discarder.name.title()}",
            )
        move = _move_of(meld)
        if move is _MOVE_CHOW and seat is not next_seat(discarder, round_.seats):
            return Reason("chow-not-next", "only the player to the right of the discarder may CHOW the tile")
        rest = list(meld.tiles)
        rest.remove(tile)
        chow = (rest[0], rest[1]) if move is _MOVE_CHOW else None
        if move is not _MOVE_CHOW and not meld.is_identical:
            return Reason("not-a-set", f"{meld} is not a pong, kong or chow")
    passed = let_pass(round_.history, seat, player)
    refused = check_move(player.sorted_hand, tile, move, chow=chow, passed=passed, last_discarded=player.last_discarded)
    if action.kind is _ACTIONKIND_CALL:
        return refused or Reason("not-legal", f"{action} is not legal now")
    if refused is not None and refused.code != "not-in-hand":
        return refused
    evaluation = round_.ruleset.evaluate(player.hand.draw(tile), _offered_context(round_, seat, tile))
    why = "; ".join(reason.message for reason in evaluation.reasons) or "it is"
    return Reason("not-mahjong", f"{tile} does not complete a Mahjong: {why}")


# -- changing a round ----------------------------------------------------------------------------


class _Step:
    """A round being changed by one action: a working copy of its state, frozen into the next
    round by :meth:`freeze`."""

    def __init__(
        self,
        ruleset: SingaporeRuleset,
        seed: int,
        banker: Seat,
        prevailing_wind: Seat,
        players: list[Player] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.seats = _seats(ruleset)
        self.seed = seed
        self.banker = banker
        self.prevailing_wind = prevailing_wind
        self.wall: tuple[Tile, ...] = ()
        self.players: list[Player] = players if players is not None else [Player((0,) * KINDS) for _ in self.seats]
        self.phase = _PHASE_TURN
        self.turn = _SEAT_EAST
        self.extra: Seat | None = None
        self.drawn: Tile | None = None
        self.replacement: str | None = None
        self.discard: Tile | None = None
        self.robbed: Meld | None = None
        self.pending: tuple[Seat, ...] = ()
        self.calls: tuple[Action, ...] = ()
        self.history: tuple[tuple[Seat, Tile], ...] = ()
        self.kong_declared = False
        self.transfers: list[Transfer] = []
        self.paid_before: tuple[Transfer, ...] = ()  # the round's transfers before this step
        self.actions: tuple[Action, ...] = ()
        self.result: RoundResult | None = None
        self.legal: dict[Seat, tuple[Action, ...]] = {}

    @classmethod
    def start(cls, ruleset: SingaporeRuleset, seed: int, banker: Seat, prevailing_wind: Seat) -> _Step:
        if banker not in ruleset.seats:
            raise ValueError(f"the banker's position {banker.name.title()} is not at a table of {len(ruleset.seats)}")
        return cls(ruleset, seed, banker, prevailing_wind)

    @classmethod
    def of(cls, round_: SingaporeRound, action: Action) -> _Step:
        # The round's fields are the step's, copied at once, then what the step keeps its own way.
        # A whole new __dict__, not the step's own one filled by update: CPython 3.11 reads the
        # attributes of the first kind about twice as fast.
        fields = round_.__dict__.copy()
        del fields["_legal"]
        fields["seats"] = _seats(round_.ruleset)
        fields["players"] = list(round_.players)
        fields["transfers"] = list(round_.transfers)
        fields["paid_before"] = round_.transfers
        fields["actions"] = (*round_.actions, action)
        fields["legal"] = {}
        step = object.__new__(cls)
        step.__dict__ = fields
        return step

    def freeze(self) -> SingaporeRound:
        """The round this step has made (the step is not used after)."""
        round_ = object.__new__(SingaporeRound)
        # SingaporeRound's fields (it has no converters or validators), as one new __dict__ (see
        # ``of``); the legal actions worked out during the step are the round's first.
        fields = {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "banker": self.banker,
            "prevailing_wind": self.prevailing_wind,
            "wall": self.wall,
            "players": tuple(self.players),
            "phase": self.phase,
            "turn": self.turn,
            "extra": self.extra,
            "drawn": self.drawn,
            "replacement": self.replacement,
            "discard": self.discard,
            "robbed": self.robbed,
            "pending": self.pending,
            "calls": self.calls,
            "history": self.history,
            "kong_declared": self.kong_declared,
            # Transfers are only ever added: when none was, the round keeps the same tuple (so
            # that what is worked out from it, like an environment's rewards, can be kept too).
            "transfers": self.paid_before if len(self.transfers) == len(self.paid_before) else tuple(self.transfers),
            "actions": self.actions,
            "result": self.result,
            "_legal": self.legal,
        }
        object.__setattr__(round_, "__dict__", fields)
        return round_

    def player(self, seat: Seat) -> Player:
        return self.players[_POSITION[seat]]

    def change(
        self,
        seat: Seat,
        *,
        counts: tuple[int, ...] | None = None,
        melds: tuple[Meld, ...] | None = None,
        bonus: tuple[Tile, ...] | None = None,
        discards: tuple[Tile, ...] | None = None,
        moved: int | None = None,
        last_discarded: Tile | None = None,
    ) -> Player:
        """Replace ``seat``'s player with one whose fields given here differ (a player's last
        discard, once set, is never taken back)."""
        old = self.players[_POSITION[seat]]
        # Made field by field: attrs.evolve looks the fields up every time.
        changed = made_player(
            old.counts if counts is None else counts,
            old.melds if melds is None else melds,
            old.bonus if bonus is None else bonus,
            old.discards if discards is None else discards,
            old.moved if moved is None else moved,
            old.last_discarded if last_discarded is None else last_discarded,
        )
        self.players[_POSITION[seat]] = changed
        return changed

    # -- the deal and the wall ---------------------------------------------------------------

    def deal_to(self, seat: Seat, tiles: list[Tile]) -> None:
        """Give ``seat`` its 13 tiles: "If a player has a tile(s) in the animal or flower suit they
        must put that tile up ... they will take a replacement tile from opposite end of the
        remaining unused tiles", until they hold none."""
        held = list(tiles)
        bonus: list[Tile] = []
        while (tile := next((tile for tile in held if tile.is_bonus), None)) is not None:
            held.remove(tile)
            bonus.append(tile)
            self.pay_events(seat, bonus, tile, initial=True)
            held.append(self.wall[-1])
            self.wall = self.wall[:-1]
        self.players[_POSITION[seat]] = Player(tile_counts(held), bonus=tuple(bonus))

    def pay(self, event: str, seat: Seat, *, initial: bool = False) -> None:
        self.transfers += self.ruleset.instant_payment(event, seat, initial=initial).transfers

    def pay_events(self, seat: Seat, held: Collection[Tile], tile: Tile, *, initial: bool) -> None:
        for event in bonus_events(seat, held, tile):
            self.pay(event, seat, initial=initial)

    def draw(self, seat: Seat, *, back: bool, after: str | None) -> None:
        """``seat`` picks a new tile: from the front of the wall, or a replacement from the back
        after a kong (``after="kong"``) or a bonus tile, each flower or animal exposed and
        replaced. With no tile left to draw the game is over: "The game is finished ... when there
        are 15 tiles left"."""
        while True:
            if len(self.wall) <= LAST_TILES:
                self.wall_game()
                return
            tile = self.wall[-1] if back else self.wall[0]
            self.wall = self.wall[:-1] if back else self.wall[1:]
            if not tile.is_bonus:
                break
            if self.take_bonus(seat, tile):
                return
            back, after = True, "flower"
        # "A players last move is defined by any new tile, chow, pong, or kong"
        self.change(seat, counts=changed_counts(self.player(seat).counts, tile, 1), moved=len(self.history))
        self.phase, self.turn, self.extra = _PHASE_TURN, seat, seat
        self.drawn, self.replacement = tile, after
        self.discard, self.robbed, self.pending, self.calls = None, None, (), ()

    def take_bonus(self, seat: Seat, tile: Tile) -> bool:
        """Expose a flower or animal ``seat`` drew, with its instant payments; whether that ends
        the game with eight flowers: "If a player has seven Flower Suit tiles and another player
        picks the eighth and last Flower Suit tile, this eighth Flower Suit tile is automatically
        transferred to the player with seven Flower Suit tiles and that player automatically wins
        the game" (ruling S16: a win on the discard of the player who picked it)."""
        if tile in FLOWERS:
            for other in self.seats:
                if other is not seat and len(FLOWERS & set(self.player(other).bonus)) == len(FLOWERS) - 1:
                    self.give_bonus(other, tile)
                    self.win_eight_flowers(other, tile, seat)
                    return True
        self.give_bonus(seat, tile)
        if self.player(seat).eight_flowers:
            self.win_eight_flowers(seat, tile, None)
            return True
        return False

    def give_bonus(self, seat: Seat, tile: Tile) -> None:
        held = (*self.player(seat).bonus, tile)
        self.change(seat, bonus=held)
        self.pay_events(seat, held, tile, initial=False)

    # -- the player whose turn it is ---------------------------------------------------------

    def turn_action(self, action: Action) -> None:
        seat = action.seat
        if action.kind is _ACTIONKIND_DISCARD:
            self.discard_tile(seat, action.tiles[0])
        elif action.kind is _ACTIONKIND_MAHJONG:
            evaluation = _self_drawn_win(self, seat, self.player(seat))
            assert evaluation is not None
            self.win(seat, evaluation, None)
        elif action.kind is _ACTIONKIND_KONG:
            assert action.meld is not None
            if action.meld.exposed:
                self.add_to_pung(seat, action.tiles[0], action.meld)
            else:
                self.declare_concealed_kong(seat, action.meld)
        else:  # PASS after the last tile
            self.wall_game()

    def discard_tile(self, seat: Seat, tile: Tile) -> None:
        """ "The banker will discard a tile which is then shown to the rest of the players"; the
        others answer it."""
        player = self.player(seat)
        counts = changed_counts(player.counts, tile, -1)
        if self.offer(seat, tile, _PHASE_RESPONSE, resolve=False):
            self.change(seat, counts=counts, last_discarded=tile)
            return
        # Nobody may answer (the others' answers do not read the discarder's tiles): the
        # discarder's tiles and discards change at once.
        self.change(seat, counts=counts, last_discarded=tile, discards=(*player.discards, tile))
        self.unanswered(seat, tile)

    def offer(self, seat: Seat, tile: Tile, phase: Phase, *, resolve: bool = True) -> bool:
        """Offer ``tile`` to the others: those who can use it answer, nearest to the right of
        ``seat`` first; if nobody can, the round moves on at once (unless ``resolve`` is false:
        then the caller does). Whether anyone answers."""
        self.phase, self.turn, self.extra, self.drawn, self.replacement = phase, seat, None, None, None
        self.discard, self.calls = tile, ()
        pending = []
        players = self.players
        # Only the player to the discarder's right may chow: the next seat, the first asked.
        chow = phase is _PHASE_RESPONSE
        for other, place in _others_after(self.seats, seat):
            player = players[place]
            might = player.might_take(tile, chow)
            chow = False
            if not might:
                continue
            answers = _answers(self, other, player, tile)
            if answers:
                pending.append(other)
                self.legal[other] = (simple_action(other, _ACTIONKIND_PASS), *answers)
        self.pending = tuple(pending)
        if not pending and resolve:
            self.resolve()
        return bool(pending)

    def declare_concealed_kong(self, seat: Seat, kong: Meld) -> None:
        """ "When a new tile is picked by a player, and there are 4 of the same tiles in his
        concealed tiles, he may declare a KONG ... and the player will pick a new tile." No one may
        rob a concealed kong ("This rule is not supported by this game")."""
        player = self.player(seat)
        self.change(seat, counts=changed_counts(player.counts, kong.tiles[0], -4), melds=(*player.melds, kong))
        self.extra = None  # the kong counts a tile more: the player is a tile short until replaced
        self.pay("concealed kong", seat)
        self.kong_declared = True
        self.draw(seat, back=True, after="kong")

    def add_to_pung(self, seat: Seat, tile: Tile, pung: Meld) -> None:
        """ "Exposed Kong Type 2 ... the tile that is put in the exposed tiles is treated as a
        discard for that moment. Any other player can use that tile to win the game if they are
        able. This is called Robbing the Kong.\""""
        player = self.player(seat)
        self.change(seat, counts=changed_counts(player.counts, tile, -1))
        self.robbed = pung
        self.offer(seat, tile, _PHASE_ROB)

    # -- answers to a tile offered -------------------------------------------------------------

    def answer(self, action: Action) -> None:
        self.pending = tuple(seat for seat in self.pending if seat is not action.seat)
        if action.kind is not _ACTIONKIND_PASS:
            self.calls = (*self.calls, action)
        if not self.pending:
            self.resolve()

    def answer_rob(self, action: Action) -> None:
        self.answer(action)

    def resolve(self) -> None:
        """Everyone has answered: the ruleset's ``resolve_calls`` says who takes the tile ("the
        GAME move has priority over the KONG, PONG, and CHOW moves"; "The GAME and KONG moves have
        priority over the PONG move"; among several GAMEs "the person closest to the right hand
        side of the player ... who discarded the tile")."""
        tile, offered_by = self.discard, self.turn
        assert tile is not None
        calls = [
            Call(action.seat, _MOVE_GAME if action.meld is None else _move_of(action.meld)) for action in self.calls
        ]
        chosen = self.ruleset.resolve_calls(calls, offered_by) if calls else None
        taken = None if chosen is None else next(action for action in self.calls if action.seat is chosen.seat)
        if self.phase is _PHASE_ROB:
            if taken is not None:
                self.win_on(taken.seat, tile, offered_by)
            else:
                self.complete_kong(offered_by, tile)
            return
        if taken is not None and taken.kind is _ACTIONKIND_MAHJONG:
            self.win_on(taken.seat, tile, offered_by)
            return
        if taken is None:
            self.change(offered_by, discards=(*self.player(offered_by).discards, tile))
            self.unanswered(offered_by, tile)
            return
        self.history = (*self.history, (offered_by, tile))
        assert taken.meld is not None
        self.expose(taken.seat, taken.meld, tile)

    def unanswered(self, seat: Seat, tile: Tile) -> None:
        """Nobody takes ``seat``'s discard (the caller has put it among the discarder's): it stays
        on the table and the next player draws."""
        self.history = (*self.history, (seat, tile))
        self.discard = None
        self.draw(next_seat(seat, self.seats), back=False, after=None)

    def expose(self, seat: Seat, meld: Meld, tile: Tile) -> None:
        """The caller shows the set: "the discarded tile plus two tiles from the players concealed
        tiles are moved to that players exposed tiles" (a KONG: three, and "the player will pick a
        replacement tile from the opposite side of the remaining tiles")."""
        player = self.player(seat)
        counts = list(player.counts)
        rest = list(meld.tiles)
        rest.remove(tile)
        for each in rest:
            counts[each.index] -= 1
        self.change(seat, counts=tuple(counts), melds=(*player.melds, meld), moved=len(self.history))
        self.discard = None
        if meld.size == 4:
            self.pay("exposed kong", seat)
            self.kong_declared = True
            self.draw(seat, back=True, after="kong")
            return
        self.phase, self.turn, self.extra = _PHASE_TURN, seat, seat
        self.drawn, self.replacement, self.pending, self.calls = None, None, (), ()

    def complete_kong(self, seat: Seat, tile: Tile) -> None:
        """Nobody robbed the kong: the tile joins the pung where it lies, the kong is paid for
        ("When a player performs an Exposed Kong (Type 1 or Type 2), they receive 2 points from
        each player") and the player picks a replacement tile."""
        player = self.player(seat)
        pung = self.robbed
        assert pung is not None
        kong = Meld((*pung.tiles, tile), called_from=pung.called_from)
        melds = list(player.melds)
        melds[melds.index(pung)] = kong
        self.change(seat, melds=tuple(melds))
        self.discard, self.robbed = None, None
        self.pay("exposed kong", seat)
        self.kong_declared = True
        self.draw(seat, back=True, after="kong")

    # -- the end -------------------------------------------------------------------------------

    def win_on(self, seat: Seat, tile: Tile, offered_by: Seat) -> None:
        """GAME on a discard, or robbing the kong (ruling S13: the player who added to the kong
        pays as the discarder)."""
        player = self.player(seat)
        evaluation = _offered_win(self, seat, player, tile)
        assert evaluation is not None
        self.change(seat, counts=changed_counts(player.counts, tile, 1))
        self.discard, self.robbed = None, None
        self.extra = seat
        self.win(seat, evaluation, offered_by)

    def win_eight_flowers(self, seat: Seat, tile: Tile | None, handed_by: Seat | None) -> None:
        """Eight flowers win "regardless of their other tiles": self-drawn, or a win on the discard
        of the player who picked the eighth (ruling S16)."""
        context = WinContext(
            self_drawn=handed_by is None,
            winning_tile=tile,
            seat_wind=seat,
            prevailing_wind=self.prevailing_wind,
            tiles_left=len(self.wall) - LAST_TILES,
        )
        self.extra = None
        self.win(seat, self.ruleset.evaluate(self.player(seat).hand, context), handed_by)

    def win(self, seat: Seat, evaluation: Evaluation, discarder: Seat | None) -> None:
        settlement = self.ruleset.settle(evaluation, seat, discarder)
        net = _net((*self.transfers, *settlement.transfers), self.seats)
        self.result = RoundResult(seat, evaluation, settlement, net)
        self.end()

    def wall_game(self) -> None:
        """ "the unused tiles run out and the game is over (nobody wins)": only the instant
        payments stand."""
        self.result = RoundResult(None, None, None, _net(self.transfers, self.seats))
        self.end()

    def end(self) -> None:
        self.phase, self.pending, self.calls, self.drawn, self.replacement = _PHASE_OVER, (), (), None, None
        self.legal = {}
