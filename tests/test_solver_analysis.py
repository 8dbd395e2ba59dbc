"""The analysis layer's waits and tiles away: copies held in exposed sets are out of the concealed
tiles' reach (rulings T5, S14), and a tile the hand holds four of is still a wait when the tile
set has more copies (American flowers and jokers: eight each)."""

from __future__ import annotations

import mahjong_rules as mr
from mahjong_rules.rulesets.flex.options import FlexOptions
from mahjong_rules.rulesets.flex.ruleset import flex_grammar
from mahjong_rules.solver import Grammar, Group, GroupRule, standard, tiles_away, waits

SINGAPORE = mr.TileSet.singapore()
AMERICAN = mr.TileSet.american()
EXPOSED_1B_PUNG = [Group("identical", (0, 0, 0), 0)]
FLOWER = mr.Tile.FLOWER.index
JOKER = mr.Tile.JOKER.index
FLEX = flex_grammar(FlexOptions())
"""Flex: groups of 2 to 4 identical number, dragon or wind tiles (jokers in groups of 3 and 4,
all-joker groups of 3 and 4 allowed), and groups of 2 to 8 flowers without jokers."""


def _tiny_tileset(counts: dict[int, int]) -> mr.TileSet:
    name = "tiny " + " ".join(f"{n}x{mr.Tile.from_index(tile)}" for tile, n in sorted(counts.items()))
    return mr.TileSet.from_counts(name, {mr.Tile.from_index(tile): n for tile, n in counts.items()})


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


def test_standard_form_never_waits_on_a_tile_held_four_times() -> None:
    # Ruling S14, standard form (four of each tile in the set): 2222345C 678D EEE would be
    # complete with a fifth 2C, (222C)(22C)(345C)(678D)(EEE), but the hand holds every 2C, so
    # only 5C completes it, (222C)(234C)(55C)(678D)(EEE). 2C is index 10, 5C index 13.
    concealed = mr.Hand.parse("2222345C 678D EEE").counts
    assert waits(Grammar.standard(), concealed, tileset=SINGAPORE) == frozenset({13})
    assert standard.waits(concealed) == frozenset({13})


def test_four_flowers_wait_on_a_fifth_in_an_eight_flower_set() -> None:
    # Flex, American set (eight flowers, eight jokers). F F F F 1B 1B 1B 2C 2C 2C 3D 3D 3D is
    # already (FFFF)(1B 1B 1B)(2C 2C 2C)(3D 3D 3D); a drawn tile completes it if it joins a group:
    # a fifth flower (FFFFF, flower groups go up to 8; ruling S14 leaves it in, the set holding
    # more than the four in hand), a fourth 1B, 2C or 3D, or a joker in any of the three triples.
    # Any other tile stands alone; flower groups take no joker.
    concealed = mr.Hand.parse("F F F F 1B 1B 1B 2C 2C 2C 3D 3D 3D").counts
    assert AMERICAN.counts[FLOWER] == 8
    assert waits(FLEX, concealed, tileset=AMERICAN) == frozenset({FLOWER, 0, 10, 20, JOKER})


def test_four_flowers_wait_on_a_fifth_only_while_the_set_has_one() -> None:
    # Quints of flowers and pungs of 1B only: F F F F 1B 1B 1B needs exactly a fifth flower.
    # With eight flowers in the set it is the one wait; with four, the hand holds them all
    # (ruling S14) and nothing completes it.
    grammar = Grammar(groups=(GroupRule(frozenset({FLOWER}), (5,), None), GroupRule(frozenset({0}), (3,), None)))
    concealed = mr.Hand.parse("F F F F 1B 1B 1B").counts
    assert waits(grammar, concealed, tileset=_tiny_tileset({0: 4, FLOWER: 8})) == frozenset({FLOWER})
    assert waits(grammar, concealed, tileset=_tiny_tileset({0: 4, FLOWER: 4})) == frozenset()


def test_four_jokers_wait_on_a_fifth_joker() -> None:
    # Flex, American set: 1B 1B 1B 2C 2C 2C 3D 3D 3D J J J J is (1B 1B 1B)(2C 2C 2C)(3D 3D 3D)
    # (J J J J). A fifth joker joins a triple, (1B 1B 1B J)(J J J J): a wait, the set holding
    # eight jokers (ruling S14 leaves it in). Any number, dragon or wind tile X completes it too,
    # (X J J J)(1B 1B 1B J); a flower stands alone (flower groups take no joker).
    concealed = mr.Hand.parse("1B 1B 1B 2C 2C 2C 3D 3D 3D J J J J").counts
    assert AMERICAN.counts[JOKER] == 8
    assert waits(FLEX, concealed, tileset=AMERICAN) == frozenset({*range(34), JOKER})


def test_four_jokers_wait_on_a_joker_only_while_the_set_has_one() -> None:
    # Pungs of 1B, jokers allowed in them and alone: 1B J J J J completes as (1B J J)(J J J) with a
    # fifth joker, or as (1B 1B J)(J J J) with a second 1B. With four jokers in the set the hand
    # holds them all (ruling S14): only 1B is left.
    grammar = Grammar(groups=(GroupRule(frozenset({0}), (3,), 3),))
    concealed = mr.Hand.parse("1B J J J J").counts
    assert waits(grammar, concealed, tileset=_tiny_tileset({0: 4, JOKER: 8})) == frozenset({0, JOKER})
    assert waits(grammar, concealed, tileset=_tiny_tileset({0: 4, JOKER: 4})) == frozenset({0})
