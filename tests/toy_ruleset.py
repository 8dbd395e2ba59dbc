"""A small, complete ruleset defined in the tests, to exercise the registry and the protocol.

Seven Pairs: a winning hand is 14 concealed tiles forming seven pairs of identical tiles (four of a
tile are two pairs); no jokers. Each pair is worth ``pair_value`` points; every other player pays
the value, the discarder double.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import attrs

import mahjong_rules as mr


@attrs.frozen
class SevenPairsOptions:
    pair_value: int = attrs.field(default=1, validator=attrs.validators.ge(1))
    label: str = "seven pairs"


class SevenPairsRuleset:
    name: ClassVar[str] = "seven-pairs"
    Options: ClassVar[type[SevenPairsOptions]] = SevenPairsOptions

    def __init__(self, options: SevenPairsOptions) -> None:
        self.options = options

    @property
    def tileset(self) -> mr.TileSet:
        return mr.TileSet.american()

    def _pairs(self, hand: mr.Hand) -> int:
        return sum(count // 2 for tile, count in zip(mr.Tile.all(), hand.counts, strict=True) if not tile.is_joker)

    def evaluate(self, hand: mr.Hand, context: mr.WinContext | None = None) -> mr.Evaluation:
        context = context or mr.WinContext()
        reasons = []
        if len(hand) != 14:
            reasons.append(mr.Reason("size", f"a winning hand has 14 tiles, not {len(hand)}"))
        if hand.melds:
            reasons.append(mr.Reason("exposed", "seven pairs is a concealed hand"))
        if hand.joker_count:
            reasons.append(mr.Reason("joker", "a joker cannot stand in a pair"))
        if not reasons and self._pairs(hand) != 7:
            reasons.append(mr.Reason("not-pairs", "the tiles do not form seven pairs"))
        if reasons:
            return mr.Evaluation(self.name, hand, context, is_winning=False, reasons=reasons)
        points = 7 * self.options.pair_value
        return mr.Evaluation(
            self.name,
            hand,
            context,
            is_winning=True,
            points=points,
            breakdown=[mr.ScoreItem(self.options.label, points)],
            arrangement=next(self.decompositions(hand)),
        )

    def decompositions(self, hand: mr.Hand) -> Iterator[mr.Arrangement]:
        if len(hand) == 14 and not hand.melds and not hand.joker_count and self._pairs(hand) == 7:
            melds = [
                mr.Meld((tile, tile), exposed=False)
                for tile, count in zip(mr.Tile.all(), hand.counts, strict=True)
                for _ in range(count // 2)
            ]
            yield mr.Arrangement(melds, self.options.label)

    def tiles_away(self, hand: mr.Hand) -> int:
        return 7 - min(7, self._pairs(hand))

    def waits(self, hand: mr.Hand) -> frozenset[mr.Tile]:
        if len(hand) != 13 or self.tiles_away(hand) != 1:
            return frozenset()
        return frozenset(
            tile for tile, count in zip(mr.Tile.all(), hand.counts, strict=True) if count % 2 and not tile.is_joker
        )

    def settle(self, evaluation: mr.Evaluation, winner: mr.Seat, discarder: mr.Seat | None = None) -> mr.Settlement:
        transfers = [
            mr.Transfer(seat, winner, evaluation.points * (2 if seat is discarder else 1), "hand value")
            for seat in mr.Seat
            if seat is not winner
        ]
        return mr.Settlement(transfers)
