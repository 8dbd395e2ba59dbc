"""Seeded hands near the lines of the card ruleset's sample card, for property tests."""

from __future__ import annotations

import random

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset


def nmjl_mahjong(rng: random.Random, card: mr.Card | None = None) -> mr.Hand:
    """A hand completing a random concrete hand of a random line: jokers stand in some groups of
    3 or more, and on an exposed line one such group is sometimes exposed."""
    ruleset = mr.get_ruleset("nmjl", card=card)
    assert isinstance(ruleset, NmjlRuleset)
    line = rng.choice(ruleset.card.lines)
    variant = rng.choice(line.variants)
    jokers_left = 8
    counts = [0] * mr.NUM_TILE_KINDS
    concealed: list[mr.Tile] = []
    melds: list[mr.Meld] = []
    for group in variant:
        tiles = [mr.Tile.from_index(index) for index in group.tiles]
        for position, tile in enumerate(tiles):
            room = 8 if tile.is_flower else 4
            use_joker = group.jokers and jokers_left > 0 and (counts[tile.index] >= room or rng.random() < 0.2)
            if use_joker:
                tiles[position] = mr.Tile.JOKER
                jokers_left -= 1
            else:
                counts[tile.index] += 1
        if group.jokers and not line.concealed and not melds and rng.random() < 0.3:
            melds.append(mr.Meld(tiles, represents=mr.Tile.from_index(group.tiles[0])))
        else:
            concealed.extend(tiles)
    return mr.Hand(concealed, melds)
