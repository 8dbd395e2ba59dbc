"""The Singapore ruleset: Singapore mahjong with doubles, bonus tiles, payouts, instant payments and
pay-all scenarios."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from mahjong_rules._coerce import as_seat, as_tile, describe
from mahjong_rules.errors import ContextError, HandSizeError, SettlementError, UnreachableError
from mahjong_rules.hand import Hand, as_hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import (
    Arrangement,
    DiscardOption,
    DiscardOptions,
    Evaluation,
    Reason,
    ScoreItem,
    Settlement,
    WinContext,
    as_context,
)
from mahjong_rules.rulesets._table import TableRuleset
from mahjong_rules.rulesets.singapore import payments
from mahjong_rules.rulesets.singapore.doubles import FLOWERS, Facts, all_chow, doubles, four_chows, total
from mahjong_rules.rulesets.singapore.hands import MAHJONG_SIZE, STANDARD, Reading, SortedHand, readings, sort_hand
from mahjong_rules.rulesets.singapore.options import SingaporeOptions
from mahjong_rules.rulesets.singapore.play import (
    Call,
    Deal,
    Move,
    as_move,
    check_move,
    declarable_kongs,
    next_deal,
    next_seat,
    resolve_calls,
)
from mahjong_rules.settling import check_evaluation, settlement_seats, verify_evaluation
from mahjong_rules.solver import Group, discard_options, tiles_away, waits
from mahjong_rules.tiles import Seat, Tile

__all__ = ["SingaporeRuleset"]

ANALYSED_SIZES = (MAHJONG_SIZE - 1, MAHJONG_SIZE)


class SingaporeRuleset(TableRuleset):
    """Singapore mahjong (``get_ruleset("singapore", **options)``; options:
    :class:`SingaporeOptions`).

    >>> import mahjong_rules as mr
    >>> singapore = mr.get_ruleset("singapore")
    >>> evaluation = singapore.evaluate("123C 456C 789C 234D 55B RF1 Cat")
    >>> evaluation.points, [item.name for item in evaluation.breakdown]
    (2, ['Animal (Cat)', 'Seat flower (RF1)'])
    """

    points_unit = "double"
    """An evaluation's points are the hand's doubles (as ``mahjong_rules.ruleset.POINTS_UNITS``
    says for the built-in ruleset)."""

    name: ClassVar[str] = "singapore"
    Options: ClassVar[type[SingaporeOptions]] = SingaporeOptions
    options: SingaporeOptions

    def __init__(self, options: SingaporeOptions) -> None:
        self.options = options
        self._tileset = options.tileset

    def __repr__(self) -> str:
        return f"<SingaporeRuleset {self.options}>"

    # -- reading hands ---------------------------------------------------------------------------

    def _checked(self, hand: Hand | str, context: object = None) -> tuple[Hand, SortedHand, WinContext]:
        """The hand, sorted, and its context, once they are possible.

        Raises:
            TileSetError: a tile too many, or a tile Singapore does not use (ruling T5).
            MeldError: a declared meld that is no chow, pong or kong.
            ContextError: a winning tile the hand does not hold among its concealed tiles (or a
                bonus tile, but the eighth flower), the last tile won on a discard, a flower
                replacement with no bonus tile, or a kong replacement with no declared kong.
        """
        checked = as_hand(hand, self._tileset)
        self._tileset.check(checked)
        won = self._checked_context(checked, context)
        sorted_hand = sort_hand(checked)
        if won.winning_tile is not None and not won.winning_tile.is_bonus and won.winning_tile not in checked.concealed:
            raise ContextError(
                f"the winning tile {won.winning_tile} is only in the hand's declared sets: the tile a hand is won "
                "on joins its concealed tiles (sets are declared before the win), so write the set it completes "
                "without brackets"
            )
        if won.winning_tile is not None and won.winning_tile.is_bonus and not _eight_flowers(sorted_hand):
            raise ContextError(
                f"the winning tile {won.winning_tile} is a bonus tile: flowers and animals are set aside and "
                "replaced, never won on (except the eighth flower, ruling S16)"
            )
        if won.last_tile and not won.self_drawn:
            raise ContextError(
                "last_tile is a win on the last tile drawn: nobody discards after it (the game is finished "
                "when it is picked), so the context must be self_drawn"
            )
        if won.flower_replacement and not sorted_hand.bonus:
            raise ContextError("a flower replacement follows a flower or animal: the hand holds none")
        if won.kong_replacement and not any(placed.kind == "kong" for placed in sorted_hand.declared):
            raise ContextError("a kong replacement follows a declared kong: the hand declares none")
        return checked, sorted_hand, won

    def _waits_before(self, hand: Hand, sorted_hand: SortedHand, context: WinContext) -> int | None:
        """How many tiles the hand waited on before the winning tile (ruling S7), when known."""
        tile = context.winning_tile
        if tile is None or context.self_drawn or tile.is_bonus or not sorted_hand.concealed[tile.index]:
            return None
        before = list(sorted_hand.concealed)
        before[tile.index] -= 1
        return len(attrs.evolve(sorted_hand, concealed=tuple(before), size=sorted_hand.size - 1).waits(self._tileset))

    def _scored(
        self, hand: Hand, sorted_hand: SortedHand, context: WinContext
    ) -> Iterator[tuple[list[ScoreItem], int, Reading]]:
        held_flowers = len(set(sorted_hand.bonus) & FLOWERS)
        found = list(readings(sorted_hand))
        if held_flowers == 8:
            # Last, so that a tie goes to a Mahjong of the tiles: 13 Wonders is paid as self-drawn
            # even on a discard (S1), eight flowers on a discard is a plain discard (S16).
            found.append(Reading("eight flowers"))
        # The waits before the winning tile matter only to All Chow (ruling S7): four chows.
        chows_only = any(four_chows(reading) for reading in found)
        waited = self._waits_before(hand, sorted_hand, context) if chows_only else None
        for reading in found:
            lines, without_bonus = doubles(Facts(reading, sorted_hand, context, waited))
            counted = total(lines) if self.options.min_doubles_count_bonus else without_bonus
            yield lines, counted, reading

    def _arrangement(self, reading: Reading, sorted_hand: SortedHand) -> Arrangement:
        melds = [placed.as_meld() for placed in reading.sets]
        if reading.kind == "13 wonders":
            tiles = [Tile.from_index(i) for i, count in enumerate(sorted_hand.concealed) for _ in range(count)]
            melds = [Meld(tiles, exposed=False)]
        if sorted_hand.bonus:
            melds.append(Meld(sorted_hand.bonus, exposed=True))
        names = {"standard": "four sets and an eye", "13 wonders": "13 Wonders", "eight flowers": "eight flowers"}
        return Arrangement(melds, names[reading.kind])

    def _capped(self, lines: list[ScoreItem]) -> list[ScoreItem]:
        excess = total(lines) - self.options.limit
        return [*lines, ScoreItem("Doubles limit", -excess)] if excess > 0 else lines

    # -- the protocol ----------------------------------------------------------------------------

    def evaluate(self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None) -> Evaluation:
        """Whether ``hand`` (a Hand or its notation) is a Mahjong with at least the minimum doubles,
        or 13 Wonders, or eight flowers (ruling S16); its points are the doubles of its best
        reading (ruling T3), capped at the limit, every item a line of the breakdown.

        Raises:
            TileSetError: the hand cannot exist in the 148 tiles (ruling T5).
            MeldError: a declared meld that is no chow, pong or kong.
            ContextError: the context contradicts the hand.
        """
        checked, sorted_hand, won = self._checked(hand, context)
        best: tuple[int, list[ScoreItem], Reading] | None = None
        below: int | None = None
        for lines, counted, reading in self._scored(checked, sorted_hand, won):
            exempt = reading.kind != "standard"  # 13 Wonders and eight flowers need no doubles
            if not exempt and counted < self.options.min_doubles:
                below = counted if below is None else max(below, counted)
                continue
            value = min(total(lines), self.options.limit)
            if best is None or value > best[0]:
                best = (value, lines, reading)
        if best is None:
            reasons = self._why_not(sorted_hand, won, below)
            return Evaluation(self.name, checked, won, is_winning=False, reasons=reasons, options=self.options)
        value, lines, reading = best
        return Evaluation(
            self.name,
            checked,
            won,
            is_winning=True,
            points=value,
            breakdown=self._capped(lines),
            arrangement=self._arrangement(reading, sorted_hand),
            options=self.options,
        )

    def _why_not(self, sorted_hand: SortedHand, context: WinContext, below: int | None) -> list[Reason]:
        if sorted_hand.size != MAHJONG_SIZE:
            return [
                Reason(
                    "wrong-size",
                    "a Mahjong has 14 tiles besides flowers and animals (a kong counted as three), "
                    f"not {sorted_hand.size}",
                )
            ]
        if below is not None:
            counted = "" if self.options.min_doubles_count_bonus else " without the bonus tiles"
            reasons = [
                Reason(
                    "below-minimum",
                    f"the hand is worth {below} doubles{counted}, less than the minimum of {self.options.min_doubles}",
                )
            ]
            if _all_chow_unknown(sorted_hand, context):
                reasons.append(
                    Reason(
                        "winning-tile-unknown",
                        "All Chow and Ping Wu on a discard need the tile the hand was won on (rulings S7, L9): "
                        "name it as the context's winning_tile",
                    )
                )
            return reasons
        return [Reason("not-mahjong", "the tiles are not one eye and four chows, pongs or kongs, nor 13 Wonders")]

    def decompositions(
        self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None
    ) -> Iterator[Arrangement]:
        """Every reading under which :meth:`evaluate` calls the hand a Mahjong (the minimum doubles
        met when won as ``context`` says), lazily."""
        checked, sorted_hand, won = self._checked(hand, context)
        for _, counted, reading in self._scored(checked, sorted_hand, won):
            if reading.kind != "standard" or counted >= self.options.min_doubles:
                yield self._arrangement(reading, sorted_hand)

    # -- analysis --------------------------------------------------------------------------------

    def _analysed(self, hand: Hand | str, analysis: str, sizes: tuple[int, ...]) -> tuple[SortedHand, list[Group]]:
        checked, sorted_hand, _ = self._checked(hand)
        if sorted_hand.size not in sizes:
            expected = " or ".join(str(size) for size in sizes)
            raise HandSizeError(
                f"{analysis} is defined for hands of {expected} tiles besides flowers and animals (a kong "
                f"counted as three); {checked} has {sorted_hand.size}",
                size=sorted_hand.size,
                expected=sizes,
            )
        return sorted_hand, sorted_hand.groups

    def tiles_away(self, hand: Hand | str) -> int:
        """The fewest tiles to exchange for ``hand`` to become four sets and an eye beside its
        declared sets, or 13 Wonders when it declares none (0: it is one, or it holds all eight
        flowers, which win whatever the other tiles, ruling S16); exact, through the solver's
        standard form. Like the doubles, the minimum doubles depends on how the hand is won: it is
        not counted.

        Raises:
            HandSizeError: the hand is not 13 or 14 tiles besides its bonus tiles.
        """
        sorted_hand, exposed = self._analysed(hand, "tiles away", ANALYSED_SIZES)
        if _eight_flowers(sorted_hand):
            return 0
        away = tiles_away(
            STANDARD,
            sorted_hand.concealed,
            size=MAHJONG_SIZE - 3 * len(exposed),
            tileset=self._tileset,
            exposed=exposed,
            thirteen_wonders=not exposed,
        )
        if away is None:
            raise UnreachableError("no Mahjong keeps these declared sets")
        return away

    def waits(self, hand: Hand | str) -> frozenset[Tile]:
        """For a hand one tile short, the tiles that complete four sets and an eye (or 13 Wonders),
        leaving out tiles the hand holds every copy of (ruling S14). A hand holding all eight
        flowers has already won (ruling S16): it waits on nothing.

        Raises:
            HandSizeError: the hand is not 13 tiles besides its bonus tiles.
        """
        sorted_hand, exposed = self._analysed(hand, "waits", (MAHJONG_SIZE - 1,))
        if _eight_flowers(sorted_hand):
            return frozenset()
        found = waits(
            STANDARD, sorted_hand.concealed, tileset=self._tileset, exposed=exposed, thirteen_wonders=not exposed
        )
        return frozenset(Tile.from_index(index) for index in found)

    def discard_options(self, hand: Hand | str, seen: Iterable[Tile | str] | str = ()) -> list[DiscardOption]:
        """For a hand that must discard (14 tiles besides its bonus tiles): each concealed tile it
        could discard, the tiles away that leaves, the draws that would then help and how many of
        them are unseen (not in the hand or among ``seen``), best first. With all eight flowers
        (ruling S16) every discard leaves a won hand: 0 tiles away, nothing helps.

        Raises:
            HandSizeError: the hand is not 14 tiles besides its bonus tiles.
        """
        sorted_hand, exposed = self._analysed(hand, "discard options", (MAHJONG_SIZE,))
        seen_tiles = self._tiles(seen, "seen")
        seen_counts = [0] * len(sorted_hand.concealed)
        for tile in seen_tiles:
            seen_counts[tile.index] += 1
        options = discard_options(
            STANDARD,
            sorted_hand.concealed,
            size=MAHJONG_SIZE - 3 * len(exposed),
            tileset=self._tileset,
            exposed=exposed,
            thirteen_wonders=not exposed,
            seen=[seen_counts],
        )
        if _eight_flowers(sorted_hand):
            return DiscardOptions(
                DiscardOption._built(Tile.from_index(option.discard), 0, frozenset(), 0) for option in options
            )
        return DiscardOptions(
            DiscardOption._built(
                Tile.from_index(option.discard),
                option.tiles_away,
                frozenset(Tile.from_index(index) for index in option.helpful),
                option.helpful_unseen,
            )
            for option in options
        )

    # -- settlement ------------------------------------------------------------------------------

    def settle(
        self, evaluation: Evaluation, winner: Seat | str | None = None, discarder: Seat | str | None = None
    ) -> Settlement:
        """The payments for a win (ruling S1): each player pays the hand's value, ``base_unit``
        doubled once per double; self-drawn, every player pays double; on a discard, the
        discarder pays double. 13 Wonders is paid as self-drawn; eight flowers handed over by the
        player who drew the eighth is a win on that player's discard, with no pay-all (ruling
        S16). A player liable under a
        pay-all scenario pays every loser's share (rulings S9, S18); each transfer says why.

        How the hand was won comes from the evaluation (ruling L2): ``winner`` is its context's seat
        wind, and ``discarder`` is named exactly for a win on a discard (the player who added to the
        kong when it was robbed, ruling S13).

        Raises:
            SettlementError: the evaluation is not a winning Singapore one made under these
                options, the seats contradict its context, or a declared meld is called from the
                winner's own seat or a seat not at the table.
        """
        evaluation = check_evaluation(evaluation, self.name, self.options)
        if not 0 <= evaluation.points <= self.options.limit:
            # an evaluation built by hand: the value doubles with each double, so never trust it
            raise SettlementError(
                f"the evaluation's {evaluation.points} doubles are not a Singapore hand's: "
                f"from 0 to the limit of {self.options.limit}"
            )
        verify_evaluation(evaluation, self.evaluate)
        won_by, thrown_by = settlement_seats(evaluation, winner, discarder, self.seats)
        for meld in evaluation.hand.melds:
            if meld.is_chow and meld.called_from is not None and next_seat(meld.called_from, self.seats) is not won_by:
                raise SettlementError(
                    f"{meld} is called from {meld.called_from.name.title()}: only the player to the right of "
                    f"the discarder may CHOW the tile, and {won_by.name.title()} sits to the right of "
                    f"{_left_of(won_by, self.seats).name.title()}"
                )
        return payments.settle(evaluation, won_by, thrown_by, self.options, self.seats)

    def instant_payment(self, event: str, receiver: Seat | str, *, initial: bool = False) -> Settlement:
        """The instant payment every other player makes to ``receiver`` when ``event`` happens
        (rulings S8, S19): ``"exposed kong"``, ``"concealed kong"``, ``"cat and mouse"``,
        ``"rooster and centipede"``, ``"seat flowers"``, ``"all animals"``, ``"flower set"``;
        ``initial`` when the pair or seat flowers were in the player's first 13 tiles."""
        return payments.instant(event, receiver, self.options, self.seats, initial=initial)

    def pay_all_discards(
        self,
        hand: Hand | str,
        context: WinContext | Mapping[str, Any] | None = None,
        *,
        discarded: Iterable[Tile | str] | str = (),
    ) -> dict[Tile, str]:
        """The help menu's warning: each tile whose discard by another player would now make that
        player liable to pay for all (rulings S9, S18), with the scenario; ``discarded`` lists the
        tiles discarded so far (for the fresh-tile scenario, with ``context.tiles_left``)."""
        checked, sorted_hand, won = self._checked(hand, context)
        seen = set(self._tiles(discarded, "discarded"))
        return payments.warnings(checked, sorted_hand, won, self.options, seen, self._tileset)

    # -- play ------------------------------------------------------------------------------------

    def check_call(
        self,
        hand: Hand | str,
        discard: Tile | str,
        move: Move | str,
        *,
        seat: Seat | str,
        discarder: Seat | str,
        chow: Iterable[Tile | str] | str | None = None,
        passed: Iterable[Tile | str] | str = (),
        last_discarded: Tile | str | None = None,
        context: WinContext | Mapping[str, Any] | None = None,
    ) -> Reason | None:
        """Why the player at ``seat``, holding ``hand`` (13 tiles besides its bonus tiles), may not
        take ``discard``, thrown by ``discarder``, for ``move`` (``"game"``, ``"kong"``,
        ``"pong"`` or ``"chow"``), or ``None`` when they may.

        ``chow`` names the two tiles of the hand a CHOW uses (any that fit when ``None``);
        ``passed`` holds the tiles discarded since the player's last move that they let pass (no
        GAME or PONG on those); ``last_discarded`` is the tile the player last discarded (no call
        of it at all). A GAME call evaluates the completed hand, won on this discard as
        ``context`` says (for robbing the kong, ``robbing_kong=True``); its seat wind is ``seat``.

        >>> import mahjong_rules as mr
        >>> singapore = mr.get_ruleset("singapore")
        >>> hand = "11B 234C 567D EEE 45C"
        >>> singapore.check_call(hand, "6C", "chow", seat="S", discarder="E") is None
        True
        >>> print(singapore.check_call(hand, "6C", "chow", seat="W", discarder="E"))
        chow-not-next: only the player to the right of the discarder may CHOW the tile
        >>> singapore.check_call(hand, "3C", "game", seat="S", discarder="W") is None
        True

        Raises:
            HandSizeError: the hand is not 13 tiles besides its bonus tiles.
            ContextError: ``context`` is self-drawn, names another seat wind or another winning
                tile.
        """
        checked, sorted_hand, _ = self._checked(hand)
        self._analysed(checked, "a call", (MAHJONG_SIZE - 1,))
        tile = as_tile(discard, "discard")
        chosen = as_move(move)
        caller, thrower = self._at_table(seat, "seat"), self._at_table(discarder, "discarder")
        if caller is thrower:
            return Reason("own-discard", "the discarder cannot call their own discard")
        if chosen is Move.CHOW and caller is not next_seat(thrower, self.seats):
            return Reason("chow-not-next", "only the player to the right of the discarder may CHOW the tile")
        let_pass = frozenset(self._tiles(passed, "passed"))
        last = None if last_discarded is None else as_tile(last_discarded, "last_discarded")
        if chosen is not Move.GAME:
            pair = None
            if chow is not None:
                chow_tiles = self._tiles(chow, "chow")
                if len(chow_tiles) != 2:
                    raise ContextError(f"chow names the two tiles of the hand a CHOW uses, not {len(chow_tiles)}")
                pair = (chow_tiles[0], chow_tiles[1])
            return check_move(sorted_hand, tile, chosen, chow=pair, passed=let_pass, last_discarded=last)
        refused = check_move(sorted_hand, tile, Move.PONG, chow=None, passed=let_pass, last_discarded=last)
        if refused is not None and refused.code != "not-in-hand":
            return refused
        won = self._call_context(context, caller, tile)
        evaluation = self.evaluate(checked.draw(tile), won)
        if evaluation.is_winning:
            return None
        why = "; ".join(reason.message for reason in evaluation.reasons)
        return Reason("not-mahjong", f"{tile} does not complete a Mahjong: {why}")

    def _call_context(self, context: object, seat: Seat, tile: Tile) -> WinContext:
        if context is None:
            return WinContext(seat_wind=seat, winning_tile=tile)
        won = as_context(context)
        if won.self_drawn:
            raise ContextError("a GAME call takes another player's discard: the context cannot be self_drawn")
        if won.seat_wind is not seat:
            raise ContextError(
                f"the context's seat wind is {won.seat_wind.name.title()}, the caller sits {seat.name.title()}"
            )
        if won.winning_tile is not None and won.winning_tile is not tile:
            raise ContextError(f"the context's winning tile is {won.winning_tile}, the discard is {tile}")
        return attrs.evolve(won, winning_tile=tile)

    def _at_table(self, seat: object, argument: str) -> Seat:
        found = as_seat(seat, argument)
        if found not in self.seats:
            raise ContextError(f"{argument} {found.name.title()} is not at a table of {self.options.players}")
        return found

    def resolve_calls(self, calls: Sequence[Call], discarder: Seat | str) -> Call | None:
        """Who takes a discard: GAME before KONG and PONG, those before CHOW; among several GAME
        calls, the nearest to the discarder's right. ``None`` when nobody calls.

        >>> import mahjong_rules as mr
        >>> from mahjong_rules.rulesets.singapore import Call
        >>> singapore = mr.get_ruleset("singapore")
        >>> singapore.resolve_calls([Call("S", "chow"), Call("N", "pong"), Call("W", "game")], "E")
        Call(seat=<Seat.WEST: 2>, move=<Move.GAME: 'game'>)

        Raises:
            IllegalMoveError: the discarder calls, a player calls twice or is not at the table,
                or a CHOW comes from anyone but the player to the discarder's right.
        """
        return resolve_calls(calls, self._at_table(discarder, "discarder"), self.seats)

    def declarable_kongs(self, hand: Hand | str) -> dict[Tile, str]:
        """The kongs the player may declare on their own turn, each tile with its kind:
        ``"concealed kong"`` (four concealed tiles) or ``"exposed kong type 2"`` (a tile matching
        an exposed pung, which another player may rob).

        >>> import mahjong_rules as mr
        >>> mr.get_ruleset("singapore").declarable_kongs("5555B 123C 9D 99C 4D [RD RD RD]")
        {Tile.parse('5B'): 'concealed kong'}
        """
        _, sorted_hand, _ = self._checked(hand)
        return declarable_kongs(sorted_hand)

    def next_deal(
        self, banker: Seat | str, prevailing_wind: Seat | str, *, won: bool, kong_declared: bool = False
    ) -> Deal:
        """The banker and prevailing wind of the next game, and whether the round is over, after a
        game that ``won`` (someone declared Mahjong) or ran out of tiles (``kong_declared``: a
        KONG was declared in it). ``banker`` is the banker's table position (their seat in the
        round's first game).

        >>> import mahjong_rules as mr
        >>> singapore = mr.get_ruleset("singapore")
        >>> singapore.next_deal("N", "E", won=True)
        Deal(banker=<Seat.EAST: 0>, prevailing_wind=<Seat.SOUTH: 1>, round_over=False)
        """
        return next_deal(
            as_seat(banker, "banker"),
            as_seat(prevailing_wind, "prevailing_wind"),
            won=_flag(won, "won"),
            kong_declared=_flag(kong_declared, "kong_declared"),
            seats=self.seats,
        )


def _flag(value: object, argument: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{argument} is True or False, not {describe(value)}")
    return value


def _left_of(seat: Seat, seats: Sequence[Seat]) -> Seat:
    return seats[seats.index(seat) - 1]


def _all_chow_unknown(sorted_hand: SortedHand, context: WinContext) -> bool:
    """A reading would be All Chow if the hand waited on more than one tile, and the context, a
    win on a discard, does not say which tile it was won on (ruling L9)."""
    if context.self_drawn or context.winning_tile is not None:
        return False
    return any(all_chow(Facts(reading, sorted_hand, context, waits=2)) for reading in readings(sorted_hand))


def _eight_flowers(sorted_hand: SortedHand) -> bool:
    return len(set(sorted_hand.bonus) & FLOWERS) == len(FLOWERS)
