"""Exact tiles away for Card-Free: the fewest tiles to exchange to reach any valid hand.

(A first, slow version: the minimum of the solver's target formula over every target of
:mod:`.targets`.)
"""

from __future__ import annotations

from mahjong_rules.hand import Hand
from mahjong_rules.rulesets.card_free.options import CardFreeOptions
from mahjong_rules.rulesets.card_free.targets import as_target_groups, targets
from mahjong_rules.solver import Group, TargetGroup, target_away
from mahjong_rules.tiles import NUM_TILE_KINDS, Tile

__all__ = ["CardFreeDistance"]

JOKER = Tile.JOKER.index


class CardFreeDistance:
    """Tiles away for the hands of one game (its tile set)."""

    def __init__(self, options: CardFreeOptions) -> None:
        self.options = options
        self.tileset = options.tileset

    def away(self, hand: Hand) -> int | None:
        exposed = [
            Group(
                "identical" if meld.is_identical else "singles", tuple(t.index for t in meld.naturals), meld.joker_count
            )
            for meld in hand.melds
        ]
        best: int | None = None
        for target in targets():
            groups = as_target_groups(target)
            if not self._within(groups, hand):
                continue
            away = target_away(hand.concealed_counts, groups, exposed)
            if away is not None and (best is None or away < best):
                best = away
        return best

    def _within(self, groups: list[TargetGroup], hand: Hand) -> bool:
        needed = [0] * NUM_TILE_KINDS
        jokers = 0
        for group in groups:
            for index in group.tiles:
                needed[index] += 1
        available = self.tileset.counts
        for index in range(NUM_TILE_KINDS):
            if needed[index] > available[index]:
                jokers += needed[index] - available[index]
        return jokers <= available[JOKER]
