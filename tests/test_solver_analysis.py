"""The analysis layer's handling of exposures for the standard form: copies held in exposed sets
are out of the concealed tiles' reach (rulings T5, S14)."""

from __future__ import annotations

import mahjong_rules as mr
from mahjong_rules.solver import Grammar, Group, tiles_away, waits

SINGAPORE = mr.TileSet.singapore()
EXPOSED_1B_PUNG = [Group("identical", (0, 0, 0), 0)]


def test_a_pair_needing_a_fifth_copy_is_out_of_reach() -> None:
    # Concealed 1B 234C 567C 789D, exposed 1B 1B 1B: three sets are there, the eye is missing.
    # Pairing the 1B needs the one 1B left, but all four are held (three exposed): instead two
    # copies of some other tile must be drawn, the 1B discarded. Without the exposure, one 1B
    # completes the hand.
    concealed = mr.Hand.parse("1B 234C 567C 789D").counts
    assert tiles_away(Grammar.standard(), concealed, size=11, tileset=SINGAPORE, exposed=EXPOSED_1B_PUNG) == 2
    assert tiles_away(Grammar.standard(), concealed, size=11, tileset=SINGAPORE) == 1


def test_the_fifth_copy_is_never_a_wait() -> None:
    # Ruling S14: a tile the hand holds four of (exposures included) is not a wait.
    concealed = mr.Hand.parse("1B 234C 567C 789D").counts
    assert waits(Grammar.standard(), concealed, tileset=SINGAPORE, exposed=EXPOSED_1B_PUNG) == frozenset()
    assert waits(Grammar.standard(), concealed, tileset=SINGAPORE) == frozenset({0})
