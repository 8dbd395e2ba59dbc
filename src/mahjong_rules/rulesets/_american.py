"""What the American rulesets share: reading the hand they are given, the sizes the analyses are
defined for, settlement, several winners on one discard, and the Mah Jongg call."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from mahjong_rules._coerce import describe
from mahjong_rules.errors import ArgumentError, ContextError, HandError, HandSizeError
from mahjong_rules.hand import Hand, as_hand
from mahjong_rules.melds import Meld
from mahjong_rules.notation import format_tiles
from mahjong_rules.ruleset import (
    DiscardOption,
    DiscardOptions,
    Evaluation,
    PassOption,
    Reason,
    Settlement,
    Transfer,
    WinContext,
    as_context,
)
from mahjong_rules.rulesets._table import TableRuleset
from mahjong_rules.settling import check_evaluation, settlement_seats, several_winners
from mahjong_rules.tiles import Seat, Tile

_BLANK = Tile.BLANK.index
_JOKER = Tile.JOKER.index

__all__ = ["MAHJONG_SIZE", "AmericanRuleset", "as_meld", "missing_from_like_sets"]

MAHJONG_SIZE = 14  # ruling T2
PASS_SIZES = (1, 2, 3)  # a Charleston pass is of 3 tiles; a courtesy pass of 1 to 3


def missing_from_like_sets(held: Sequence[int], tiles: int) -> int:
    """A lower bound on the tiles missing when the tiles ``held`` (counts by tile index; jokers and
    blanks are not counted) are to make ``tiles`` tiles of sets of two or more like tiles: every
    tile held twice or more may be kept; a lone tile kept needs at least one missing tile beside
    it, so with ``left`` slots after the tiles held twice or more and ``alone`` lone tiles, at
    least ``max(ceil(left / 2), left - alone)`` are missing. Each joker fills at most one of them,
    which the caller takes off."""
    jokers, blanks = held[_JOKER], held[_BLANK]
    # The tiles held twice or more: all of them but those held once (counted in C).
    alone = held.count(1)
    kept = sum(held) - alone - (jokers if jokers >= 2 else 0) - (blanks if blanks >= 2 else 0)
    left = tiles - kept
    if left <= 0:
        return 0
    return max(left - (alone - (jokers == 1) - (blanks == 1)), (left + 1) // 2)


def as_meld(meld: object) -> Meld:
    """A meld, or a meld's notation (``"[777C @W]"``), as a meld."""
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, str):
        return Meld.parse(meld)
    raise TypeError(f"meld is a Meld or its notation (str), not {describe(meld)}")


class AmericanRuleset(TableRuleset):
    """The parts of an American ruleset that do not depend on its winning hands. A subclass sets
    ``name``, ``options`` (with ``players``) and ``_tileset``, and provides ``evaluate``."""

    def evaluate(self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None) -> Evaluation:
        raise NotImplementedError  # every American ruleset defines its own

    def _checked_hand(self, hand: Hand | str) -> Hand:
        """The hand (or its notation, read with the game's tiles), once it can exist in them (T5)
        and declares no concealed set.

        Raises:
            TileSetError: the hand cannot exist in the game's tiles.
            HandError: the hand declares a concealed set (``{...}``).
        """
        checked = as_hand(hand, self._tileset)
        self._tileset.check(checked)
        declared = [meld for meld in checked.melds if not meld.exposed]
        if declared:
            written = format_tiles(declared[0].tiles)
            raise HandError(
                "an American hand declares no concealed sets (braces are Singapore's concealed kongs): write "
                f"the tiles of {declared[0]} among the concealed tiles ({written}), or in brackets if it was exposed"
            )
        return checked

    def _analysed_hand(self, hand: Hand | str, analysis: str, sizes: tuple[int, ...]) -> Hand:
        """:meth:`_checked_hand`, once it has one of the ``sizes`` ``analysis`` is defined for."""
        checked = self._checked_hand(hand)
        self._check_size(checked, analysis, sizes)
        return checked

    @staticmethod
    def _check_size(hand: Hand, analysis: str, sizes: tuple[int, ...]) -> None:
        # Ruling L3: the analyses are defined for the hands a player holds.
        if len(hand) not in sizes:
            expected = " or ".join(str(size) for size in sizes)
            raise HandSizeError(
                f"{analysis} is defined for hands of {expected} tiles; {hand} has {len(hand)}",
                size=len(hand),
                expected=sizes,
            )

    # -- the Charleston --------------------------------------------------------------------------

    def pass_options(
        self,
        hand: Hand | str,
        count: int = 3,
        *,
        jokers: bool = False,
        seen: Iterable[Tile | str] | str = (),
    ) -> list[PassOption]:
        """For a hand about to pass ``count`` tiles in the Charleston (13 or 14 tiles), every
        choice of ``count`` of its concealed tiles (each choice of tiles once), best first: fewest
        tiles away for the tiles kept (exact: the tiles they lack to make a valid hand, the tiles
        to come in the pass among them), then most unseen copies of the tiles whose arrival would
        bring them closer, then tile order. "Jokers may not be passed during the Charleston": they
        are kept unless ``jokers`` (a house rule allowing it). ``seen``: the tiles seen
        elsewhere, as for :meth:`discard_options`.

        Flex and Card-Free answer every choice (up to 364 for 3 tiles of 14) from one search;
        card play searches each choice.

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
            ArgumentError: ``count`` is not 1, 2 or 3.
            TypeError: ``count`` is not a whole number or ``jokers`` not True or False.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        hand = self._analysed_hand(hand, "pass options", (MAHJONG_SIZE - 1, MAHJONG_SIZE))
        if type(count) is not int:
            raise TypeError(f"count is a number of tiles, not {describe(count)}")
        if type(jokers) is not bool:
            raise TypeError(f"jokers is True or False, not {describe(jokers)}")
        if count not in PASS_SIZES:
            raise ArgumentError(f"a pass is of 1, 2 or 3 tiles, not {count}")
        tileset = self._tileset
        unseen = self._unseen(hand, seen)
        passable = sorted(tile.index for tile in hand.concealed if jokers or not tile.is_joker)
        passes = sorted(set(itertools.combinations(passable, count)))
        # A kind may arrive while a copy is left outside the kept tiles (passed ones may come back).
        # The copies of each kind outside the exposed sets: a kind may arrive while the kept
        # tiles hold fewer (passed ones may come back); a blank never helps.
        limits = [
            total - held + concealed
            for total, held, concealed in zip(tileset.counts, hand.counts, hand.concealed_counts, strict=True)
        ]
        for tile in tileset.tiles:
            if tile.is_blank:
                limits[tile.index] = 0
        options = [
            PassOption(
                [Tile.from_index(index) for index in passed],
                away,
                frozenset(Tile.from_index(index) for index in helpful),
                sum(unseen[index] for index in helpful),
            )
            for passed, away, helpful in self._pass_analysis(hand, passes, limits)
        ]
        options.sort(key=lambda option: (option.tiles_away, -option.helpful_unseen, option.tiles))
        return options

    def _discard_options_from(
        self,
        hand: Hand,
        unseen: Sequence[int],
        discards: Callable[[Hand, list[int]], Iterable[tuple[int, int, Sequence[int]]]],
        *,
        blanks_help: bool = True,
    ) -> DiscardOptions:
        """The options ``discards(hand, drawable)`` finds (each discard's index, tiles away and
        helpful indexes), best first. A tile with every copy in the hand (the discard included)
        cannot be drawn; nor can a blank help unless ``blanks_help``."""
        held, limits = hand.counts, self._tileset.counts
        drawable = [
            index for index, limit in enumerate(limits) if held[index] < limit and (blanks_help or index != _BLANK)
        ]
        tiles = Tile.all()
        options = [
            DiscardOption._built(
                tiles[discard],
                away,
                frozenset(map(tiles.__getitem__, helpful)),
                sum(map(unseen.__getitem__, helpful)),
            )
            for discard, away, helpful in discards(hand, drawable)
        ]
        # Tiles in their order are their indexes in order (compared in C, not by Tile.__lt__).
        options.sort(key=lambda option: (option.tiles_away, -option.helpful_unseen, option.discard.index))
        return DiscardOptions(options)

    def _unseen(self, hand: Hand, seen: Iterable[Tile | str] | str) -> list[int]:
        """How many copies of each tile are unseen: the game's, less the hand's (exposures
        included) and the ``seen`` tiles (as tiles, their notation, or one string of it)."""
        # Comparisons, not max(): one for each kind of tile, for every hand asked about.
        unseen = [
            total - held if total > held else 0 for total, held in zip(self._tileset.counts, hand.counts, strict=True)
        ]
        for tile in self._tiles(seen, "seen"):
            if unseen[tile.index] > 0:
                unseen[tile.index] -= 1
        return unseen

    def _pass_analysis(
        self, hand: Hand, passes: Sequence[tuple[int, ...]], limits: Sequence[int]
    ) -> list[tuple[tuple[int, ...], int, list[int]]]:
        """For each choice of tiles to pass (kinds, with repeats): the tiles away of the tiles
        kept and the kinds whose arrival would bring them closer (fewer than ``limits`` copies
        concealed); choices after which no valid hand keeps the exposures are left out. One search
        for each choice; Flex and Card-Free answer them all from one (:meth:`_passes_at_once`)."""
        at_once = self._passes_at_once(hand, passes, limits)
        if at_once is not None:
            return at_once
        found = []
        for passed in passes:
            kept_tiles = list(hand.concealed)
            for index in passed:
                kept_tiles.remove(Tile.from_index(index))
            kept = Hand(kept_tiles, hand.melds)
            counts = kept.concealed_counts
            drawable = [index for index, limit in enumerate(limits) if counts[index] < limit]
            analysis = self._kept_analysis(kept, drawable)
            if analysis is not None:
                found.append((passed, *analysis))
        return found

    def _passes_at_once(
        self, hand: Hand, passes: Sequence[tuple[int, ...]], limits: Sequence[int]
    ) -> list[tuple[tuple[int, ...], int, list[int]]] | None:
        """Every choice of pass from one search, when the ruleset's distance can (else ``None``)."""
        return None

    def _kept_analysis(self, hand: Hand, drawable: Sequence[int]) -> tuple[int, list[int]] | None:
        """For a hand of any size up to 14 tiles: its tiles away (the tiles it lacks to make a
        valid hand) and which of the ``drawable`` kinds would bring it one closer; ``None`` when
        no valid hand keeps its exposures."""
        raise NotImplementedError  # every American ruleset defines its own

    # -- settlement ------------------------------------------------------------------------------

    def settle(
        self, evaluation: Evaluation, winner: Seat | str | None = None, discarder: Seat | str | None = None
    ) -> Settlement:
        """Every other player pays the hand's value; the discarder of the winning tile pays
        double (Flex: ruling F12; Card-Free: rulings C7, C8).

        How the hand was won comes from the evaluation (ruling L2): ``winner`` defaults to its
        context's seat wind (and may not differ from it), and ``discarder`` is named exactly when
        the hand was not self-drawn.

        Raises:
            SettlementError: the evaluation is not a winning one of this ruleset made under its
                options, or the seats contradict its context.
        """
        evaluation = check_evaluation(evaluation, self.name, self.options, self.evaluate)
        won_by, thrown_by = settlement_seats(evaluation, winner, discarder, self.seats)
        transfers = [
            Transfer(
                seat,
                won_by,
                evaluation.points * (2 if seat is thrown_by else 1),
                "discarded the winning tile: double" if seat is thrown_by else "hand value",
                code="discarder" if seat is thrown_by else "hand-value",
            )
            for seat in self.seats
            if seat is not won_by
        ]
        return Settlement(transfers, seats=self.seats)

    def settle_several(self, wins: Sequence[Evaluation | tuple[Evaluation, Seat]], discarder: Seat | str) -> Settlement:
        """Several players win on one discard (ruling F12): every other player, the discarder
        included, pays each winner that winner's value; nobody pays double.

        ``wins`` holds each winner's evaluation (its context names the winner's seat wind and a
        win on a discard), or (evaluation, winner) pairs.

        Raises:
            SettlementError: no wins, a self-drawn evaluation, two wins by one seat, or a
                discarder who is also a winner.
        """
        checked, _ = several_winners(wins, discarder, self.name, self.options, self.seats, self.evaluate)
        winners = [winner for _, winner in checked]
        transfers = []
        for evaluation, winner in checked:
            transfers += [
                Transfer(seat, winner, evaluation.points, "hand value (several winners)", code="several-winners")
                for seat in self.seats
                if seat not in winners
            ]
        return Settlement(transfers, seats=self.seats)

    # -- play ------------------------------------------------------------------------------------

    def _mahjong_call(
        self, hand: Hand, discard: Tile, context: WinContext | Mapping[str, Any] | None, uncallable: Reason | None
    ) -> Reason | None:
        """Why ``hand`` may not call ``discard`` for Mah Jongg (``uncallable`` when the tile can
        never be called), or ``None``: the completed hand, won as ``context`` says, must win.

        Raises:
            ContextError: ``context`` says the win was self-drawn, which a called discard is not.
        """
        won = as_context(context)
        if won.self_drawn:
            raise ContextError("a Mah Jongg call takes another player's discard: the context cannot be self_drawn")
        if uncallable is not None:
            return uncallable
        evaluation = self.evaluate(hand.draw(discard), won)
        if evaluation.is_winning:
            return None
        why = "; ".join(reason.message for reason in evaluation.reasons)
        return Reason("not-mahjong", f"{discard} does not complete a Mahjong: {why}")
