"""Seven pairs: a toy ruleset for mahjong_rules, installed as a package of its own.

A winning hand is seven pairs of identical tiles: 14 concealed tiles, no jokers (four of a tile are
two pairs). Each pair is worth ``pair_value`` points and a self-drawn win adds
``self_drawn_bonus``; every other player pays the hand's value, the discarder double.

The class needs a ``name``, an attrs ``Options`` class whose annotated fields are the options (the
library checks values against the annotations before building the ruleset), a constructor taking
one ``Options``, and the members of the ``mahjong_rules.Ruleset`` protocol.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import attrs

import mahjong_rules as mr
from mahjong_rules.settling import check_evaluation, settlement_seats

__all__ = ["ToyPairsOptions", "ToyPairsRuleset"]

MAHJONG_SIZE = 14


@attrs.frozen
class ToyPairsOptions:
    pair_value: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    self_drawn_bonus: int = attrs.field(default=2, validator=attrs.validators.ge(0))


class ToyPairsRuleset:
    name: ClassVar[str] = "toy-pairs"
    Options: ClassVar[type[ToyPairsOptions]] = ToyPairsOptions

    def __init__(self, options: ToyPairsOptions) -> None:
        self.options = options
        self.tileset = mr.TileSet.american()

    def _pairs(self, hand: mr.Hand) -> int:
        """The pairs of identical tiles among the concealed tiles (jokers never pair)."""
        counts = zip(mr.Tile.all(), mr.Hand(hand.concealed).counts, strict=True)
        return sum(count // 2 for tile, count in counts if not tile.is_joker)

    def decompositions(self, hand: mr.Hand) -> Iterator[mr.Arrangement]:
        if len(hand) == MAHJONG_SIZE and not hand.melds and self._pairs(hand) == 7:
            tiles = sorted(hand.concealed)
            yield mr.Arrangement([mr.Meld((tile, tile), exposed=False) for tile in tiles[::2]], "seven pairs")

    def evaluate(self, hand: mr.Hand, context: mr.WinContext | None = None) -> mr.Evaluation:
        context = context or mr.WinContext()
        self.tileset.check(hand)  # a hand the game's tiles cannot hold is bad input (ruling T5)
        arrangement = next(self.decompositions(hand), None)
        if arrangement is None:
            if len(hand) != MAHJONG_SIZE:
                reason = mr.Reason("size", f"a winning hand has 14 tiles, not {len(hand)}")
            elif hand.melds:
                reason = mr.Reason("exposed", "seven pairs is a concealed hand")
            else:
                reason = mr.Reason("not-pairs", "the tiles are not seven pairs (jokers never pair)")
            return mr.Evaluation(self.name, hand, context, is_winning=False, reasons=[reason], options=self.options)
        breakdown = [mr.ScoreItem("seven pairs", 7 * self.options.pair_value)]
        if context.self_drawn:
            breakdown.append(mr.ScoreItem("self-drawn", self.options.self_drawn_bonus))
        return mr.Evaluation(
            self.name,
            hand,
            context,
            is_winning=True,
            points=sum(item.points for item in breakdown),
            breakdown=breakdown,
            arrangement=arrangement,
            options=self.options,
        )

    def _check_size(self, hand: mr.Hand, what: str, sizes: tuple[int, ...]) -> None:
        if len(hand) not in sizes:
            expected = " or ".join(map(str, sizes))
            message = f"{what} is defined for hands of {expected} tiles, not {len(hand)}"
            raise mr.HandSizeError(message, size=len(hand), expected=sizes)

    def tiles_away(self, hand: mr.Hand) -> int:
        self._check_size(hand, "tiles away", (13, 14))
        if hand.melds:
            raise mr.UnreachableError("seven pairs is a concealed hand: no exposed set can be part of it")
        return 7 - min(7, self._pairs(hand))

    def waits(self, hand: mr.Hand) -> frozenset[mr.Tile]:
        self._check_size(hand, "waits", (13,))
        return frozenset(
            tile
            for tile in self.tileset.tiles
            if hand.count(tile) < self.tileset.count(tile)
            and self.evaluate(mr.Hand([*hand.concealed, tile], hand.melds)).is_winning
        )

    def settle(
        self, evaluation: mr.Evaluation, winner: mr.Seat | None = None, discarder: mr.Seat | None = None
    ) -> mr.Settlement:
        # The library's shared checks: the evaluation is this ruleset's, under these options,
        # winning, and the seats agree with how the hand was won.
        evaluation = check_evaluation(evaluation, self.name, self.options)
        winner, discarder = settlement_seats(evaluation, winner, discarder, tuple(mr.Seat))
        return mr.Settlement(
            mr.Transfer(
                seat,
                winner,
                evaluation.points * (2 if seat is discarder else 1),
                "discarded the winning tile: double" if seat is discarder else "hand value",
            )
            for seat in mr.Seat
            if seat is not winner
        )
