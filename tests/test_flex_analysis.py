"""Flex analysis: tiles away and waits, checked against brute force.

The reference is independent of the distance programme: a hand is 0 away when some reading
of it is valid, and 1 away when one exchange (a tile out, any tile in) makes it valid.
"""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset
from mahjong_rules.rulesets.flex.rules import SEQUENCES

OPTIONS = FlexOptions()
FLEX = FlexRuleset(OPTIONS)
TILESET = OPTIONS.tileset


def _valid(hand: mr.Hand) -> bool:
    return next(FLEX.decompositions(hand), None) is not None


def _one_exchange_away(hand: mr.Hand) -> bool:
    tiles = list(hand.concealed)
    for position in range(len(tiles)):
        rest = tiles[:position] + tiles[position + 1 :]
        for tile in TILESET.tiles:
            candidate = mr.Hand([*rest, tile], hand.melds)
            if not tile.is_blank and not TILESET.problems(candidate) and _valid(candidate):
                return True
    return False


def _winning_hand(rng: random.Random) -> mr.Hand:
    """A valid hand by construction: a block of one sequence, one or two suits, sizes 2 to 4,
    maybe a flower set."""
    while True:
        sequence = rng.choice(list(SEQUENCES.values()))
        flowers = rng.choice([0, 0, 2, 3, 5])
        length = rng.randint(3, 6)
        if length > len(sequence):
            continue
        start = rng.randrange(len(sequence) - length + 1)
        suits = rng.sample(list(mr.Suit), 1 if flowers else 2)
        sizes = [rng.choice([2, 3, 4]) for _ in range(length)]
        if sum(sizes) + flowers != 14:
            continue
        tiles = [mr.Tile.FLOWER] * flowers
        for number, size in zip(sequence[start : start + length], sizes, strict=True):
            suit = rng.choice(suits)
            tiles += [suit.dragon if number in (0, 10) else suit.tile(number)] * size
        hand = mr.Hand(tiles)
        if not TILESET.problems(hand):
            return hand


def _perturbed(seed: int) -> mr.Hand:
    rng = random.Random(seed)
    while True:
        tiles = list(_winning_hand(rng).concealed)
        for _ in range(rng.choice([0, 1, 1, 2])):
            tiles[rng.randrange(len(tiles))] = rng.choice(TILESET.tiles)
        if rng.random() < 0.3:
            tiles[rng.randrange(len(tiles))] = mr.Tile.JOKER
        hand = mr.Hand(tiles)
        if not TILESET.problems(hand):
            return hand


@pytest.mark.parametrize("seed", range(12))
def test_tiles_away_zero_and_one_match_brute_force(seed: int) -> None:
    hand = _perturbed(seed)
    away = FLEX.tiles_away(hand)
    assert (away == 0) == _valid(hand), str(hand)
    if away >= 1:
        assert (away == 1) == _one_exchange_away(hand), str(hand)


@pytest.mark.parametrize("seed", range(12))
def test_a_thirteen_tile_hand_is_one_away_exactly_when_it_waits(seed: int) -> None:
    rng = random.Random(1000 + seed)
    tiles = list(_perturbed(seed).concealed)
    tiles.pop(rng.randrange(len(tiles)))
    hand = mr.Hand(tiles)
    assert (FLEX.tiles_away(hand) == 1) == bool(FLEX.waits(hand)), str(hand)


def test_exposures_stay_as_they_are() -> None:
    # Exposed 6 Craks with a joker: the 6 is used, so the Run 3-4-5-6-7 needs no other 6.
    hand = mr.Hand.parse("333C 44B 555C 7C 7C 9D [66C J]")
    assert FLEX.tiles_away(hand) == 1  # discard the 9D, draw a 7C (or a joker)
    # One tile short of 14: any tile that grows a set completes it (a 3C, 4B, 5C or 7C), and so
    # does a joker in a triple or quad; no single tile can add a new number.
    waits = FLEX.waits(mr.Hand.parse("333C 44B 555C 7C 7C [66C J]"))
    assert waits == frozenset(mr.parse_tiles("3C 4B 5C 7C J"))


def test_exposures_that_rule_out_every_hand_are_unreachable() -> None:
    # Three suits exposed: no valid Flex hand keeps them (Rule #1: no more than two suits).
    hand = mr.Hand.parse("5D 5D 7D 8D 9D [111B] [222C] [333D]")
    with pytest.raises(mr.UnreachableError):
        FLEX.tiles_away(hand)


def test_the_same_number_exposed_twice_is_unreachable() -> None:
    # Ruling F5: each number in one set per hand, across suits.
    hand = mr.Hand.parse("5C 5C 6C 6C 7C 7C 8C [333B] [333C]")
    with pytest.raises(mr.UnreachableError):
        FLEX.tiles_away(hand)


@pytest.mark.parametrize("seed", range(20))
def test_points_are_the_best_over_every_reading(seed: int) -> None:
    """Ruling T3: a hand is worth its best arrangement. Score every valid reading the rules allow
    (each arrangement of decompositions, with every way of reading its dragons and jokers) and
    compare the best with what evaluate reports."""
    from mahjong_rules.rulesets.flex.scoring import score

    rng = random.Random(2000 + seed)
    tiles = list(_winning_hand(rng).concealed)
    for _ in range(rng.choice([0, 1, 2])):
        position = rng.randrange(len(tiles))
        if tiles.count(tiles[position]) >= 3:
            tiles[position] = mr.Tile.JOKER
    hand = mr.Hand(tiles)
    context = mr.WinContext(self_drawn=rng.random() < 0.5)
    everything = FlexRuleset(
        FlexOptions(like_numbers=True, double_sequence=True, opposite_winds=True, news=True, sequence_quints=True)
    )
    for ruleset in (FLEX, everything):
        readings = [reading for reading, _ in ruleset._valid_readings(hand)]
        best = max(len(score(reading, hand, context, ruleset.options)) for reading in readings)
        assert ruleset.evaluate(hand, context).points == best


# -- issue 8: sizes, and the tiles held four times ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("333C 44B 555C 666C 777C 7C", id="15-tiles"),
        pytest.param("333C 44B 555C 666C 777C 88C", id="16-tiles"),
        pytest.param("333C 44B 555C", id="8-tiles"),
        pytest.param("", id="empty"),
    ],
)
def test_tiles_away_is_defined_for_13_and_14_tiles_ruling_l3(text: str) -> None:
    """Ruling L3: a 15- or 16-tile hand used to be 0 tiles away; other sizes are errors now."""
    hand = mr.Hand.parse(text)
    with pytest.raises(mr.HandSizeError, match="tiles away is defined for hands of 13 or 14 tiles") as caught:
        FLEX.tiles_away(hand)
    assert (caught.value.size, caught.value.expected) == (len(hand), (13, 14))


@pytest.mark.parametrize("text", ["333C 44B 555C 666C 777C", "333C 44B 555C 666C"])
def test_waits_are_defined_for_13_tiles_ruling_l3(text: str) -> None:
    with pytest.raises(mr.HandSizeError, match="waits is defined for hands of 13 tiles"):
        FLEX.waits(mr.Hand.parse(text))


def test_a_hand_holding_four_flowers_waits_on_a_fifth() -> None:
    """The game has 8 flowers ("Flowers: 8 tiles"), so a hand holding four may draw a fifth:
    FFFFF 222B 444B 666B is a Flex hand (a flower set and Evens in Bams). A wait is skipped only
    when the hand holds every copy in the game."""
    hand = mr.Hand.parse("FFFF 222B 444B 666B")
    waits = FLEX.waits(hand)
    assert mr.Tile.FLOWER in waits
    assert FLEX.evaluate(hand.draw("F")).is_winning
    every_flower = mr.Hand.parse("FFFFFFFF 2B 44B 66B")
    assert mr.Tile.FLOWER not in FLEX.waits(every_flower)  # all 8 are in the hand


def test_a_hand_holding_four_jokers_waits_on_a_joker() -> None:
    """The game has 8 jokers, which stand in triples and quads: with a fifth joker,
    JJJJ 222B 444B 666B reads 222B J, 444B J, 666B and JJJ as the 8 Bams (Evens in Bams)."""
    hand = mr.Hand.parse("JJJJ 222B 444B 666B")
    assert mr.Tile.JOKER in FLEX.waits(hand)
    assert FLEX.evaluate(hand.draw("J")).is_winning
    assert FLEX.tiles_away(hand) == 1


def test_strings_are_read_as_hands() -> None:
    """Issue 8: ``evaluate("333C ...")`` was a TypeError about list indices; a hand's notation is
    read with the game's tile set, so a tile too many is reported at its position."""
    assert FLEX.tiles_away("333C 44B 555C 666C 77C") == 1
    assert FLEX.waits("333C 44B 555C 666C 77C") == FLEX.waits(mr.Hand.parse("333C 44B 555C 666C 77C"))
    with pytest.raises(mr.TileSetError, match="5th 3C, the set has 4"):
        FLEX.tiles_away("33333C 44B 555C 666C 7C")
    with pytest.raises(TypeError, match="hand is a Hand or its notation"):
        FLEX.tiles_away(["3C"])  # type: ignore[arg-type]


def test_waits_follow_the_gates_of_evaluate() -> None:
    """Found by the fuzz test: an exposed pair ("a pair cannot be exposed") makes every Mahjong
    impossible, yet ``waits`` listed 4B, 3C, 5C, 6C and J. Waits are the tiles after which
    ``evaluate`` says Mahjong, and ``tiles_away`` agrees there are none."""
    hand = mr.Hand.parse("333C 44B 555C 666C [77C]")
    assert FLEX.waits(hand) == frozenset()
    assert not any(FLEX.evaluate(hand.draw(tile)).is_winning for tile in TILESET.tiles if tile.index < 34)
    with pytest.raises(mr.UnreachableError):
        FLEX.tiles_away(hand)
