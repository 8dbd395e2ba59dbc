"""The Card-Free ruleset against its rule document: what a winning hand is (blocks, patterns,
categories and sets, suits, special tiles, Dragon hands), the reasons a hand is not winning, what
may be exposed, the tiles in the game, the options, the house rules and the skill levels.

Sources: ``rules/card-free-american-rules.md`` ("Rules"), the rulings T1-T5 and C1-C12 of
``RULINGS.md`` and the library rulings L4-L6 of ``docs/rulings.rst``. Every expected value here
comes from those documents or from a derivation written next to it, not from running the code.
Scoring is in ``test_card_free_scoring.py``, payouts in ``test_card_free_settlement.py`` and
calls in ``test_card_free_play.py``.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest

import mahjong_rules as mr
from mahjong_rules._options import build_options
from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset, Category, DragonHand, Pattern

J = mr.Tile.JOKER
F = mr.Tile.FLOWER
DEFAULT = CardFreeRuleset(CardFreeOptions())
SELF_DRAWN = mr.WinContext(self_drawn=True)
ON_DISCARD = mr.WinContext()


def ruleset(**options: Any) -> CardFreeRuleset:
    return CardFreeRuleset(CardFreeOptions(**options)) if options else DEFAULT


def evaluate(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    return ruleset(**options).evaluate(mr.Hand.parse(text), context)


def codes(evaluation: mr.Evaluation) -> list[str]:
    return [reason.code for reason in evaluation.reasons]


def message(evaluation: mr.Evaluation) -> str:
    return " ".join(reason.message for reason in evaluation.reasons)


def assert_winning(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    evaluation = evaluate(text, context, **options)
    assert evaluation.is_winning, (text, evaluation.reasons)
    assert evaluation.reasons == ()
    assert evaluation.arrangement is not None
    assert evaluation.points > 0
    return evaluation


def assert_not_winning(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    evaluation = evaluate(text, context, **options)
    assert not evaluation.is_winning, (text, evaluation.arrangement)
    assert evaluation.points == 0
    assert evaluation.reasons
    return evaluation


class Read:
    """The arrangement's description, taken apart: ``Consecutive Odds 3-5-7-9 + Flowers; One Pair
    & Four Pungs`` is the category, the set, the special blocks and the pattern."""

    def __init__(self, evaluation: mr.Evaluation) -> None:
        assert evaluation.arrangement is not None
        self.description = evaluation.arrangement.description
        head, _, self.pattern = self.description.partition("; ")
        first, *self.extras = head.split(" + ")
        self.category, _, numbers = first.rpartition(" ")
        self.set = numbers.split("-")
        self.sizes = sorted(meld.size for meld in evaluation.arrangement.melds)


def read(text: str, context: mr.WinContext | None = None, **options: Any) -> Read:
    return Read(assert_winning(text, context, **options))


# -- the game and its tiles ------------------------------------------------------------------------


def test_the_american_tiles() -> None:
    """Rules: 'This variation of American Mah Jongg allows you to play without any card of winning
    hands, such as the National Mah Jongg League's annual card.' / 'This system uses all the
    gameplay rules of American Mah Jongg, but creates a new way of determining winning hands and
    scoring to allow players to avoid using a card.' / 'This guide was written assuming you are
    already familiar with the rules and terminology of American Mah Jongg.' / 'Though the rules are
    designed to be easily memorized, this game is not intended to be an introductory or simplified
    game. Card Free American Mah Jongg should provide ample variety and challenging gameplay for all
    players.' (Ten patterns and six categories, below.) The game is played with
    the American tiles: 4 of each number in three suits (108), 4 of each Dragon (12) and Wind (16),
    8 Flowers and 8 Jokers: 152 tiles."""
    tileset = DEFAULT.tileset
    assert DEFAULT.name == "card-free"
    assert tileset.total == 108 + 12 + 16 + 8 + 8 == 152
    assert tileset.count(F) == 8
    assert tileset.count(J) == 8
    assert all(tileset.count(suit.tile(rank)) == 4 for suit in mr.Suit for rank in range(1, 10))
    assert all(tileset.count(dragon.tile) == 4 for dragon in mr.Dragon)
    assert all(tileset.count(seat.wind) == 4 for seat in mr.Seat)


def test_reduced_tiles_house_rule_2() -> None:
    """Rules, house rule 2: 'Remove 4 Flowers and 4 Joker tiles from the game permanently. When
    building walls, build 18 stacks per player instead of 19.' Four walls of 19 stacks of 2 tiles
    are 152 tiles; of 18 stacks, 144 = 152 - 4 - 4."""
    reduced = ruleset(reduced_tiles=True).tileset
    assert reduced.total == 4 * 18 * 2 == 144
    assert DEFAULT.tileset.total == 4 * 19 * 2
    assert (reduced.count(F), reduced.count(J)) == (4, 4)
    assert all(reduced.count(tile) == DEFAULT.tileset.count(tile) for tile in reduced.tiles if tile not in (F, J))


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("JJJJJ 111B 222B 333B", id="five-jokers"),
        pytest.param("GDGDGDGD RDRDRDRD FFF FF J", id="five-flowers"),
    ],
)
def test_removed_tiles_are_not_in_the_game_ruling_t5(text: str) -> None:
    """Rules, house rule 2: 'Remove 4 Flowers and 4 Joker tiles from the game permanently.' Ruling
    T5: a hand holding more of a tile than the game's tile set has is bad input. Both hands are
    winning in the full game (Three Pungs & One Quint, the Quint all jokers, ruling L4; Dragon's
    Love with a joker in a flower Pung, ruling C12)."""
    assert_winning(text)
    with pytest.raises(mr.TileSetError):
        evaluate(text, reduced_tiles=True)


def test_reduced_game_dragons_love_with_jokers() -> None:
    """Rules, house rule 2 with 'Jokers may be used to complete the Dragon's Love and Dragon Wings
    hands': with 4 Flowers in the game, Dragon's Love takes jokers for the other two Flowers."""
    evaluation = assert_winning("GDGDGDGD RDRDRDRD FFF F JJ", reduced_tiles=True)
    assert evaluation.points == 50


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("33333D 5555D 7777D", id="five-natural-3D"),
        pytest.param("333D 5555D 7777D 99D 33D", id="a-fifth-3D"),
        pytest.param("JJJJJ JJJJ 111B 222B 33B", id="nine-jokers"),
    ],
)
def test_more_tiles_than_the_game_has_raise_ruling_t5(text: str) -> None:
    """Rules: 'A Joker is required in a Quint as there are only 4 of each tile.' Ruling T5: a hand
    holding more of a tile than the game's tile set has (jokers and flowers included) is bad input
    and raises an error."""
    with pytest.raises(mr.TileSetError):
        DEFAULT.evaluate(text)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        pytest.param("333D 5555D 7777D 99D", 13, id="thirteen"),
        pytest.param("333D 5555D 7777D 999D 1B", 15, id="fifteen"),
        pytest.param("", 0, id="empty"),
    ],
)
def test_hand_of_the_wrong_size_ruling_t2_t5(text: str, size: int) -> None:
    """Rules: 'The pattern is the various groupings of identical tiles, known as blocks, that are
    used to build a 14-tile winning hand.' Rulings T2 (the 14 tiles at Mah Jongg) and T5 (a hand of
    the wrong size is simply not winning, with that reason)."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["wrong-size"]
    assert str(size) in message(evaluation)
    assert list(DEFAULT.decompositions(text)) == []


# -- blocks ----------------------------------------------------------------------------------------


def test_winning_hand_needs_category_and_pattern() -> None:
    """Rules: 'Winning hands require both a valid CATEGORY and a valid PATTERN of BLOCKS.' / 'The
    category is the set of number tiles or wind tiles used. The pattern is the various groupings of
    identical tiles, known as blocks, that are used to build a 14-tile winning hand.' A pattern with
    no category (numbers 3-4-6-7) and a category with no pattern (3-5-7-9 and Flowers in blocks of
    2, 2, 3, 3, 4) are not winning; both together are."""
    assert codes(assert_not_winning("333D 444D 6666D 7777D")) == ["not-a-set"]
    assert codes(assert_not_winning("333D 55D 777D 9999D FF")) == ["not-a-pattern"]
    both = read("333D 5555D 7777D 999D")
    assert (both.category, both.set, both.pattern) == (
        "Consecutive Odds",
        ["3", "5", "7", "9"],
        "Two Pungs & Two Kongs",
    )


@pytest.mark.parametrize(
    ("text", "sizes", "pattern"),
    [
        pytest.param("333D 555D 777D 999D 11D", [2, 3, 3, 3, 3], "One Pair & Four Pungs", id="pair-and-pungs"),
        pytest.param("33D 5555D 7777D 9999D", [2, 4, 4, 4], "One Pair & Three Kongs", id="pair-and-kongs"),
        pytest.param("111B 222B 333B 4444B J", [3, 3, 3, 5], "Three Pungs & One Quint", id="pungs-and-quint"),
    ],
)
def test_block_types_pair_pung_kong_quint(text: str, sizes: list[int], pattern: str) -> None:
    """Rules: 'Blocks are groups of between 2 and 5 identical tiles. Block types are named as in
    American Mah Jongg: Pair (2 tiles), Pung (3 tiles), Kong (4 tiles), Quint (5 tiles).' The
    arrangement has blocks of those sizes, and the pattern is named by them."""
    reading = read(text)
    assert reading.sizes == sizes
    assert reading.pattern == pattern
    evaluation = evaluate(text)
    assert evaluation.arrangement is not None
    assert all(len(set(meld.naturals)) == 1 for meld in evaluation.arrangement.melds)


def test_a_block_has_at_most_five_tiles() -> None:
    """Rules: 'Blocks are groups of between 2 and 5 identical tiles.' An exposed block of six (four
    3D and two jokers) is no block."""
    evaluation = assert_not_winning("[3333D JJ] 5555D 7777D")
    assert codes(evaluation) == ["block-too-large"]
    assert "6 tiles" in message(evaluation)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[3B 3C 3D] 5555D 7777D 999D", id="exposed-three-suits"),
        pytest.param("[3D 4D 5D] 6666D 7777D 888D", id="exposed-run"),
    ],
)
def test_a_block_is_identical_tiles_of_one_suit(text: str) -> None:
    """Rules: 'When creating a block, all the tiles in the block must be of the same suit.' /
    'Blocks are groups of between 2 and 5 identical tiles.' An exposed group of 3s of three suits,
    or a run, is not a block."""
    assert codes(assert_not_winning(text)) == ["not-a-block"]


def test_mixed_suit_tiles_do_not_make_a_block() -> None:
    """Rules: 'When creating a block, all the tiles in the block must be of the same suit.' 3B,
    3C and 3D make no Pung: the three are in no block."""
    evaluation = assert_not_winning("3B 3C 3D 5555D 7777D 999D")
    assert codes(evaluation) == ["unmatched-tiles"]
    for tile in ("3B", "3C", "3D"):
        assert tile in message(evaluation)


@pytest.mark.parametrize(
    ("text", "jokers"),
    [
        pytest.param("333D 555D J 7777D 999D", 1, id="joker-in-a-kong"),
        pytest.param("33D J 5555D 7777D 999D", 1, id="joker-in-a-pung"),
        pytest.param("3D JJ 5555D 7777D 999D", 2, id="two-jokers-in-a-pung"),
        pytest.param("111B 222B 333B 4444B J", 1, id="joker-in-a-quint"),
        pytest.param("111B 222B 333B 44B JJJ", 3, id="three-jokers-in-a-quint"),
    ],
)
def test_jokers_replace_tiles_in_pungs_kongs_and_quints_ruling_c4(text: str, jokers: int) -> None:
    """Rules: 'Jokers can be used to replace tiles in any block except for pairs.' Ruling C4:
    jokers in any block of 3 or more identical tiles."""
    evaluation = assert_winning(text)
    assert evaluation.arrangement is not None
    assert sum(meld.joker_count for meld in evaluation.arrangement.melds) == jokers
    assert all(meld.size >= 3 for meld in evaluation.arrangement.melds if meld.joker_count)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("3D J 5555D 7777D 9999D", id="one-pair-three-kongs"),
        pytest.param("1C J 2C J 33C 44C 55C 66C 77C", id="seven-pairs"),
    ],
)
def test_no_joker_in_a_pair_ruling_c4(text: str) -> None:
    """Rules: 'Jokers can be used to replace tiles in any block except for pairs.' Ruling C4:
    never in pairs. (With 3D J a pair, or 1C J and 2C J pairs, the hands would win.)"""
    assert codes(assert_not_winning(text)) == ["joker-in-pair"]


def test_a_quint_needs_a_joker_ruling_c4() -> None:
    """Rules: 'A Joker is required in a Quint as there are only 4 of each tile.' Ruling C4: a Quint
    needs at least one joker: four 4B and a joker make it."""
    reading = read("111B 222B 333B 4444B J")
    assert reading.sizes == [3, 3, 3, 5]
    with pytest.raises(mr.TileSetError):
        DEFAULT.evaluate("111B 222B 333B 44444B")


# -- patterns --------------------------------------------------------------------------------------

# One winning hand per pattern, and one hand of the same blocks that is not winning.
PATTERN_HANDS = [
    # Rules' example: 'SET: 3579 + PATTERN: 2 Pungs 2 Kongs'.
    (Pattern.TWO_PUNGS_TWO_KONGS, "333D 5555D 7777D 999D", "333D 5555D 7777C 999D", "woven"),
    # Rules' example: 'SET: 3579 + PATTERN: 1 Pair 3 Kong'.
    (Pattern.PAIR_THREE_KONGS, "33D 5555D 7777D 9999D", "3D J 5555D 7777D 9999D", "joker-in-pair"),
    # Rules' example: 'SET: 3579 + PATTERN: 1 Pair 4 Pungs' completed with a Flower Pair; the 5th
    # block may not be a 3 of another suit ('Numbers ... cannot be repeated in more than one block').
    (Pattern.PAIR_FOUR_PUNGS, "333D 555D 777D 999D FF", "333D 555D 777D 999D 33C", "number-repeated"),
    # Run 1-2-3-4 in Bams, the 4s a Quint; 1-2-3-5 is no set.
    (Pattern.THREE_PUNGS_QUINT, "111B 222B 333B 4444B J", "111B 222B 333B 5555B J", "not-a-set"),
    # Run 1-2-3 in Craks, the 1s and 2s Quints; 1-2-4 is no set.
    (Pattern.KONG_TWO_QUINTS, "1111C J 2222C J 3333C", "1111C J 2222C J 4444C", "not-a-set"),
    # Run 1-2-3-4 in Dots; Dots 1, Craks 2, Dots 3 and 4 are woven.
    (Pattern.TWO_PAIRS_TWO_QUINTS, "11D 22D 3333D J 4444D J", "11D 22C 3333D J 4444D J", "woven"),
    # Run 1-2-3-4-5 in Bams; 1-2-4-5-6 is no set.
    (Pattern.THREE_PAIRS_TWO_KONGS, "11B 22B 33B 4444B 5555B", "11B 22B 44B 5555B 6666B", "not-a-set"),
    # Run 1-2-3-4-5-6 in Craks; a Flower Pung is no block ('Flowers can only be used to create Pair
    # blocks').
    (Pattern.FOUR_PAIRS_TWO_PUNGS, "11C 22C 33C 44C 555C 666C", "11C 22C 33C 44C 555C FFF", "flower-pung"),
    # Evens 2-4-6-8 in Dots, a Flower Pair and a Green Dragon Kong; 2-4-6-8 with a 3 is no set.
    (Pattern.FIVE_PAIRS_KONG, "22D 44D 66D 88D FF GDGDGDGD", "22D 33D 44D 66D 88D GDGDGDGD", "not-a-set"),
    # Run 1-7 in Craks; 1-6 and 8 is no set.
    (Pattern.SEVEN_PAIRS, "11C 22C 33C 44C 55C 66C 77C", "11C 22C 33C 44C 55C 66C 88C", "not-a-set"),
]


@pytest.mark.parametrize(
    ("pattern", "text"),
    [pytest.param(pattern, valid, id=pattern.name.lower()) for pattern, valid, _, _ in PATTERN_HANDS],
)
def test_each_pattern_wins(pattern: Pattern, text: str) -> None:
    """Rules: 'Patterns are created with combinations of blocks that add up to 14 total tiles, using
    two different block types or all pairs.' / 'This rule creates 10 possible patterns'. Each of the
    ten, with a valid set, is a winning hand named by its pattern."""
    reading = read(text)
    assert reading.pattern == pattern.title
    assert tuple(reading.sizes) == pattern.sizes
    assert sum(pattern.sizes) == 14


@pytest.mark.parametrize(
    ("pattern", "text", "code"),
    [pytest.param(pattern, invalid, code, id=pattern.name.lower()) for pattern, _, invalid, code in PATTERN_HANDS],
)
def test_each_pattern_with_a_broken_rule(pattern: Pattern, text: str, code: str) -> None:
    """Rules: 'Winning hands require both a valid CATEGORY and a valid PATTERN of BLOCKS.' The blocks
    of each pattern with one rule broken (a woven hand, a joker in a pair, a repeated number, no
    category's set, a Flower Pung) do not win, with that reason."""
    assert sum(pattern.sizes) == 14
    assert codes(assert_not_winning(text)) == [code]


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        pytest.param("33D 555D 7777D 9999D FF", None, id="three-types-15-tiles"),
        pytest.param("333D 55D 777D 9999D FF", "2, 2, 3, 3, 4", id="pair-pung-kong"),
        pytest.param("11B 3333B [222B] [4444B J]", "2, 3, 4, 5", id="pair-pung-kong-quint"),
        pytest.param("11B 22B 33B [444B] [5555B J]", "2, 2, 2, 3, 5", id="pairs-pung-quint"),
        pytest.param("11C 22C 333C 444C NEWS", "2, 2, 3, 3, 4", id="news-without-a-kong-pattern"),
    ],
)
def test_blocks_of_three_types_make_no_pattern(text: str, sizes: str | None) -> None:
    """Rules: 'Patterns are created with combinations of blocks that add up to 14 total tiles, using
    two different block types or all pairs.' Blocks of three types (Pair, Pung and Kong; Pair, Pung,
    Kong and Quint; Pairs, a Pung and a Quint) make no pattern; the message lists the block sizes.
    Ruling C3: the NEWS block takes the place of a Kong, so with two Pairs and two Pungs it is a
    third type."""
    evaluation = assert_not_winning(text)
    if sizes is None:
        assert codes(evaluation) == ["wrong-size"]
    else:
        assert codes(evaluation) == ["not-a-pattern"]
        assert sizes in message(evaluation)


def test_ten_patterns_in_three_groups() -> None:
    """Rules: 'This rule creates 10 possible patterns which can be organized into 3 different
    categories: Basic Patterns, Quints Patterns, and Big Pairs Patterns.' / 'BASIC PATTERNS (Pairs,
    Pungs, and Kongs)' / 'QUINT PATTERNS (One or Two Quints)' / 'BIG PAIRS PATTERNS (More than 2
    Pairs)', with the ten listed under them."""
    groups: dict[str, set[str]] = {}
    for pattern in Pattern:
        groups.setdefault(pattern.group, set()).add(pattern.title)
        assert sum(pattern.sizes) == 14
        assert len(set(pattern.sizes)) == 2 or set(pattern.sizes) == {2}
    assert groups == {
        "Basic": {"Two Pungs & Two Kongs", "One Pair & Three Kongs", "One Pair & Four Pungs"},
        "Quints": {"Three Pungs & One Quint", "One Kong & Two Quints", "Two Pairs & Two Quints"},
        "Big Pairs": {
            "Three Pairs & Two Kongs",
            "Four Pairs & Two Pungs",
            "Five Pairs & One Kong",
            "Seven Pairs",
        },
    }


def test_every_combination_of_two_block_types_is_one_of_the_ten() -> None:
    """Rules: 'Patterns are created with combinations of blocks that add up to 14 total tiles, using
    two different block types or all pairs.' / 'This rule creates 10 possible patterns'. Counting by
    hand: the block sizes 2-5 taken as two types (each at least once) or all pairs, adding up to 14,
    are exactly the ten patterns."""
    found = set()
    for small in range(2, 6):
        for large in range(small, 6):
            for count_small in range(1, 8):
                for count_large in range(0 if small == large else 1, 8):
                    total = small * count_small + large * count_large
                    if total == 14 and (small != large or small == 2):
                        found.add(tuple(sorted([small] * count_small + [large] * count_large)))
    assert found == {pattern.sizes for pattern in Pattern}
    assert len(found) == 10


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("3333D 555D 777D 9999D", id="kongs-outside"),
        pytest.param("333D 5555D 777D 9999D", id="alternating"),
        pytest.param("3333D 5555D 777D 999D", id="kongs-first"),
    ],
)
def test_block_types_in_any_order(text: str) -> None:
    """Rules: 'Different block types can be used in any order in a pattern.' 3-5-7-9 as Two Pungs &
    Two Kongs with the Kongs on any two of the numbers."""
    assert read(text).pattern == "Two Pungs & Two Kongs"


# -- categories and sets ---------------------------------------------------------------------------


def test_the_category_decides_the_tiles_of_the_set_blocks() -> None:
    """Rules: 'The category chosen determines which types of tiles are used in the various blocks in
    the pattern.' The set blocks of a Consecutive Odds hand are number tiles, those of a Winds hand
    wind tiles; the other blocks are special blocks."""
    odds = evaluate("333D 555D 777D 999D FF")
    winds = evaluate("NNNN SSSS FF GDGDGDGD")
    assert odds.arrangement is not None
    assert winds.arrangement is not None
    assert sorted(str(meld.tiles[0]) for meld in odds.arrangement.melds if meld.tiles[0].is_number) == [
        "3D",
        "5D",
        "7D",
        "9D",
    ]
    assert sorted(str(meld.tiles[0]) for meld in winds.arrangement.melds if meld.tiles[0].is_wind) == ["N", "S"]
    assert not any(meld.tiles[0].is_number for meld in winds.arrangement.melds)


def test_six_categories() -> None:
    """Rules: 'The categories are modeled after the standard sections on the National Mah Jongg
    League card.' The table lists six: Consecutive Run, Consecutive Odds, Consecutive Evens,
    Multiples of Three, Like Numbers, Winds."""
    assert [category.value for category in Category] == [
        "Consecutive Run",
        "Consecutive Odds",
        "Consecutive Evens",
        "Multiples of Three",
        "Like Numbers",
        "Winds",
    ]


EXAMPLE_SETS = [
    # Rules, 'Example Sets'. Three numbers: 2 Pungs & 2 Kongs with a Dragon Kong (a Dragon of the
    # suit, so no special tile of another colour is needed); four: 2 Pungs & 2 Kongs; five: One Pair
    # & Four Pungs; six: Four Pairs & Two Pungs.
    ("Consecutive Run", "123", "111B 222B 3333B GDGDGDGD"),
    ("Consecutive Run", "345", "333C 444C 5555C RDRDRDRD"),
    ("Consecutive Run", "2345", "222C 333C 4444C 5555C"),
    ("Consecutive Run", "56789", "55B 666B 777B 888B 999B"),
    ("Consecutive Run", "234567", "22C 33C 44C 55C 666C 777C"),
    ("Consecutive Odds", "135", "111D 333D 5555D WDWDWDWD"),
    ("Consecutive Odds", "357", "333D 555D 7777D WDWDWDWD"),
    ("Consecutive Odds", "579", "555D 777D 9999D WDWDWDWD"),
    ("Consecutive Odds", "1357", "111D 333D 5555D 7777D"),
    ("Consecutive Odds", "3579", "333D 555D 7777D 9999D"),
    ("Consecutive Odds", "13579", "11D 333D 555D 777D 999D"),
    ("Consecutive Evens", "246", "222B 444B 6666B GDGDGDGD"),
    ("Consecutive Evens", "468", "444B 666B 8888B GDGDGDGD"),
    ("Consecutive Evens", "2468", "222B 444B 6666B 8888B"),
    ("Multiples of Three", "369", "333D 666D 9999D WDWDWDWD"),
    ("Like Numbers", "111", "111B 111C 1111D GDGDGDGD"),
    ("Like Numbers", "333", "333B 333C 3333D GDGDGDGD"),
    ("Like Numbers", "444", "444B 444C 4444D GDGDGDGD"),
    ("Like Numbers", "777", "777B 777C 7777D GDGDGDGD"),
    ("Like Numbers", "888", "888B 888C 8888D GDGDGDGD"),
    ("Winds", "NSEW", "NNN EEE WWWW SSSS"),
    ("Winds", "EW", "EEE WWW GDGDGDGD RDRDRDRD"),
]


@pytest.mark.parametrize(
    ("category", "numbers", "text"),
    [pytest.param(category, numbers, text, id=f"{category}-{numbers}") for category, numbers, text in EXAMPLE_SETS],
)
def test_example_sets(category: str, numbers: str, text: str) -> None:
    """Rules: 'The numbers or wind tiles selected from the category are known as the SET. For
    example, the set 456 can be taken from the Consecutive Run category.' / 'Example Sets:
    Consecutive Run: 123, 345, 2345, 56789, 234567; Consecutive Odds: 135, 357, 579, 1357, 3579,
    13579; Consecutive Evens: 246, 468, 2468; Multiples of Three: 369; Like Numbers: 111, 333, 444,
    777, 888; Winds: NSEW, EW'. Ruling C1."""
    reading = read(text)
    assert reading.category == category
    assert sorted(reading.set) == sorted(numbers)


def test_the_set_456() -> None:
    """Rules: 'For example, the set 456 can be taken from the Consecutive Run category.'"""
    reading = read("444B 555B 6666B GDGDGDGD")
    assert (reading.category, reading.set) == ("Consecutive Run", ["4", "5", "6"])


@pytest.mark.parametrize(
    ("text", "category"),
    [
        pytest.param("333D 444D 5555D 6666D", "Consecutive Run", id="run-3456"),
        pytest.param("111C 333C 5555C 7777C", "Consecutive Odds", id="odds-1357"),
        pytest.param("22B 4444B 6666B 8888B", "Consecutive Evens", id="evens-2468"),
        pytest.param("333D 666D 9999D WDWDWDWD", "Multiples of Three", id="threes-369"),
        pytest.param("777B 777C 7777D RDRDRDRD", "Like Numbers", id="like-7s"),
        pytest.param("NNN EEEE WWWW SSS", "Winds", id="winds-nsew"),
        pytest.param("NNNN SSSS FF GDGDGDGD", "Winds", id="winds-ns"),
        pytest.param("EEE WWW RDRDRDRD GDGDGDGD", "Winds", id="winds-ew"),
    ],
)
def test_each_category_valid_ruling_c1(text: str, category: str) -> None:
    """Rules, the categories table: Consecutive Run '123456789', Consecutive Odds '13579',
    Consecutive Evens '2468': 'Use a set of at least 3 consecutive numbers from the category, making
    1 block with each number for at least 3 different blocks in your pattern.' Multiples of Three
    '369': 'Use all 3 numbers, 1 number per block.' Like Numbers: '3 blocks, 1 of each suit, all the
    same number.' Winds: '4 blocks, one of each wind (N, S, E, W) or 2 Blocks of opposite winds (NS
    or EW)'. Ruling C1."""
    assert read(text).category == category


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param("333D 444D 6666D 7777D", "not-a-set", id="run-gap-3467"),
        pytest.param("3333D 4444D FF NEWS", "not-a-set", id="run-only-two-numbers"),
        pytest.param("111C 333C 7777C 9999C", "not-a-set", id="odds-gap-1379"),
        pytest.param("222B 444B 8888B GDGDGDGD", "not-a-set", id="evens-gap-248"),
        pytest.param("3333D 6666D FF NEWS", "not-a-set", id="threes-without-9"),
        pytest.param("777B 777C 7777D 8888D", "number-repeated", id="like-a-fourth-block"),
        pytest.param("N JJ SSSS WWWW [NNN]", "not-a-wind-set", id="winds-north-twice"),
    ],
)
def test_each_category_invalid_ruling_c1(text: str, code: str) -> None:
    """Rules, the categories table: 'at least 3 consecutive numbers' (3-4-6-7 and 1-3-7-9 and 2-4-8
    are not consecutive in their category; 3-4 is two numbers); 'Use all 3 numbers' (3-6 without 9);
    'Like Numbers: 3 blocks, 1 of each suit' (7s in three suits and an 8 make no set: 'Numbers ...
    cannot be repeated in more than one block unless playing the Any Like Numbers category', and
    the 8 is not one); Winds: '4 blocks, one of each wind ... or 2 Blocks of opposite winds (NS or
    EW)' (N twice, S and W are no such set)."""
    assert codes(assert_not_winning(text)) == [code]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("NNN EEEE SSSS GDGDGD", id="three-winds"),
        pytest.param("NNNN EEEE FF RDRDRDRD", id="n-and-e-not-opposite"),
        pytest.param("EEEE WWW NNN FF GDGD", id="ew-and-a-third-wind"),
    ],
)
def test_winds_set_is_four_winds_or_two_opposite_ruling_c1(text: str) -> None:
    """Rules: 'Winds: 4 blocks, one of each wind (N, S, E, W) or 2 Blocks of opposite winds (NS or
    EW)'. Ruling C1. N, E and S are three winds; N and E are not opposite; E, W and N are neither
    four nor two."""
    assert_not_winning(text)


def test_winds_one_kong_two_quints() -> None:
    """Rules: 'Winds: ... 2 Blocks of opposite winds (NS or EW)' with 'If there are more blocks in your
    pattern than there are number or wind tiles in your set, then you must complete the pattern
    using blocks of Flowers, Dragons, or a NEWS singles block': N and S Quints and a Green Dragon
    Kong."""
    reading = read("NNNN J SSSS J GDGDGDGD")
    assert (reading.category, sorted(reading.set), reading.pattern) == ("Winds", ["N", "S"], "One Kong & Two Quints")


def test_like_numbers_is_one_block_in_each_suit() -> None:
    """Rules: 'Like Numbers: 3 blocks, 1 of each suit, all the same number.' Two blocks of 7 Bams
    (seven 7B with a joker) and 7 Dots are not a Like Numbers set."""
    assert_not_winning("777B 7B JJ 7777D GDGDGDGD")


@pytest.mark.parametrize(
    ("text", "number"),
    [
        pytest.param("333D 3333C 555D 7777D", 3, id="3-in-two-suits"),
        pytest.param("333D 555D 777D 999D 55B", 5, id="5-as-a-second-block"),
    ],
)
def test_a_number_in_one_block_only(text: str, number: int) -> None:
    """Rules: 'Each number or wind in the set must be used in its own block. Numbers or wind tiles
    cannot be repeated in more than one block unless playing the Any Like Numbers category.' Ruling
    C1: each gets exactly one block. The message names the number."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["number-repeated"]
    assert re.search(rf"\b{number}\b", message(evaluation))


def test_a_wind_in_one_block_only() -> None:
    """Rules: 'Numbers or wind tiles cannot be repeated in more than one block unless playing the Any
    Like Numbers category.' Two North Pungs (three N exposed, and one N with two jokers) with S and
    W are no Winds set."""
    evaluation = assert_not_winning("N JJ SSSS WWWW [NNN]")
    assert codes(evaluation) == ["not-a-wind-set"]


def test_like_numbers_repeat_a_number_across_suits() -> None:
    """Rules: 'Numbers or wind tiles cannot be repeated in more than one block unless playing the Any
    Like Numbers category.' / 'Like Numbers: 3 blocks, 1 of each suit, all the same number.' Three
    blocks of 1s with a Flower Pair (the document's pattern One Pair & Three Kongs)."""
    reading = read("1111B 1111C 111D J FF")
    assert reading.category == "Like Numbers"
    assert reading.set == ["1", "1", "1"]
    assert reading.extras == ["Flowers"]
    assert reading.pattern == "One Pair & Three Kongs"


# -- suits in a hand: no woven hands ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("333C 555C 7777D 9999D", id="craks-then-dots"),
        pytest.param("333D 555C 7777C 9999B", id="three-suits"),
        pytest.param("111B 222C 3333D GDGDGDGD", id="three-suits-one-block-each"),
    ],
)
def test_suits_next_to_each_other_ruling_c5(text: str) -> None:
    """Rules: 'All blocks of number tiles with the same suit must be next to each other in the pattern
    when tiles are arranged in sequential order.' / 'This is a winning hand because the Crak tiles
    are all next to each other and the dot tiles are all next to each other'. Ruling C5: different
    suits are otherwise free (three suits are allowed)."""
    assert_winning(text)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        pytest.param("333C 5555D 7777C 999D", "Craks 3, Dots 5, Craks 7, Dots 9", id="alternating"),
        pytest.param("333C 444D 555C 666C FF", "Craks 3, Dots 4, Craks 5, Craks 6", id="one-dot-inside"),
        pytest.param("111B 222C 3333B GDGDGDGD", "Bams 1, Craks 2, Bams 3", id="bams-around-craks"),
    ],
)
def test_woven_hands_are_not_winning_ruling_c5(text: str, shown: str) -> None:
    """Rules: 'Hands with suits that alternate in the pattern, commonly known as "woven" or
    "braided" or "knitted" hands, are not valid winning hands.' / 'This is NOT a winning hand
    because the Crak tiles are not next to each other in the sequence'. Ruling C5. The message shows
    the blocks in order."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == ["woven"]
    assert shown in message(evaluation)


# -- putting the set and the pattern together; special tiles --------------------------------------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        pytest.param("333D 5555D 7777D 999D", "Two Pungs & Two Kongs", id="3579-2-pungs-2-kongs"),
        pytest.param("33D 5555D 7777D 9999D", "One Pair & Three Kongs", id="3579-1-pair-3-kongs"),
        pytest.param("333D 555D 777D 999D FF", "One Pair & Four Pungs", id="3579-1-pair-4-pungs"),
    ],
)
def test_set_3579_with_different_patterns(text: str, pattern: str) -> None:
    """Rules: 'To create a winning hand, combine your SET with a valid PATTERN. Below is an example of
    a hand using the set 3579 from the Consecutive Odds category paired different patterns: SET: 3579
    + PATTERN: 2 Pungs 2 Kongs / 1 Pair 3 Kong / 1 Pair 4 Pungs'."""
    reading = read(text)
    assert (reading.category, reading.set, reading.pattern) == ("Consecutive Odds", ["3", "5", "7", "9"], pattern)


def test_more_blocks_than_the_set_needs_special_tiles_ruling_c2() -> None:
    """Rules: 'In this hand, there are only 4 numbers in the set, but the 1-Pair 4-Pungs pattern
    requires 5 blocks. To complete this hand, you will need to use Special Tiles' / 'If there are
    more blocks in your pattern than there are number or wind tiles in your set, then you must
    complete the pattern using blocks of Flowers, Dragons, or a NEWS singles block.' Ruling C2: the
    fifth block may be a Flower Pair, not a number of the set again."""
    assert read("333D 555D 777D 999D FF").extras == ["Flowers"]
    assert codes(assert_not_winning("333D 555D 777D 999D 55B")) == ["number-repeated"]


def test_special_tiles_example_468() -> None:
    """Rules: 'In this hand, the set is 468 from consecutive evens, and the pattern is 1 Pair 4 Pungs
    which has 5 blocks. To fill in the remaining 2 blocks not filled in by the set, a block of Red
    Dragons and a block of Flowers is used'."""
    reading = read("444C 666C 888C RDRDRD FF")
    assert (reading.category, reading.set, reading.pattern) == (
        "Consecutive Evens",
        ["4", "6", "8"],
        "One Pair & Four Pungs",
    )
    assert sorted(reading.extras) == ["Flowers", "Red Dragon"]


@pytest.mark.parametrize(
    ("text", "extras"),
    [
        pytest.param("111B 222B 3333B GDGDGDGD", ["Green Dragon"], id="dragon"),
        pytest.param("111B 222B 333B 444B FF", ["Flowers"], id="flowers"),
        pytest.param("2222B 4444B 66B NEWS", ["NEWS"], id="news"),
        pytest.param("11B 22B 3333B FF GDGDGDGD", ["Flowers", "Green Dragon"], id="flowers-and-dragon"),
        pytest.param("11B 22B 33B 44B RDRD GDGDGDGD", ["Green Dragon", "Red Dragon"], id="two-dragons"),
        pytest.param(
            "11C 22C 33C FF GDGD RDRD WDWD",
            ["Flowers", "Green Dragon", "Red Dragon", "White Dragon"],
            id="three-dragons-and-flowers",
        ),
    ],
)
def test_special_blocks_fill_the_pattern_ruling_c2(text: str, extras: list[str]) -> None:
    """Rules: 'If there are more blocks in your pattern than there are number or wind tiles in your
    set, then you must complete the pattern using blocks of Flowers, Dragons, or a NEWS singles
    block.' Ruling C2: the flower block (a pair), dragon blocks (one per colour), the NEWS block."""
    assert sorted(read(text).extras) == extras


def test_wind_blocks_are_not_special_blocks_ruling_c2() -> None:
    """Rules: 'you must complete the pattern using blocks of Flowers, Dragons, or a NEWS singles
    block.' Ruling C2: blocks beyond the set are special blocks only: a Pung of North is not one."""
    assert codes(assert_not_winning("444C 666C 888C NNN FF")) == ["winds-with-numbers"]


# -- Flowers ---------------------------------------------------------------------------------------


def test_one_flower_pair_wins() -> None:
    """Rules: 'Flowers can only be used to create Pair blocks.' / 'This is a winning hand because
    there is only one Flower block and it is a Pair.'"""
    assert read("FF 333D 555D 777D 999D").extras == ["Flowers"]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("33D 555D 777D 999D FFF", id="flower-pung"),
        pytest.param("333D 5555D 7777D FFF", id="flower-pung-as-a-set-block"),
        pytest.param("FFFF 333D 555D 7777D", id="flower-kong"),
    ],
)
def test_flowers_make_only_pairs_ruling_c2(text: str) -> None:
    """Rules: 'Flowers can only be used to create Pair blocks.' Ruling C2: the flower block is a pair.
    (Dragon's Love's Flower Pungs are the exception, ruling C8.)"""
    assert "flower-pung" in codes(assert_not_winning(text))


def test_two_flower_blocks_one_a_pung() -> None:
    """Rules: 'Only one block of Flowers is allowed per hand.' / 'This is not a winning hand for two
    reasons: there are two blocks of Flowers and one of the blocks is a Pung.'"""
    evaluation = assert_not_winning("FF 333D 555D 777D FFF")
    assert "flower-pung" in codes(evaluation)


def test_two_flower_pairs() -> None:
    """Rules: 'Only one block of Flowers is allowed per hand.' Ruling C2: the flower block, at most
    one per hand. Run 1-5 with two Flower Pairs would be Seven Pairs."""
    assert_not_winning("11C 22C 33C 44C 55C FF FF")


# -- Dragons ---------------------------------------------------------------------------------------


def test_two_dragon_blocks_of_different_colours() -> None:
    """Rules: 'You can have multiple Dragon blocks, but they cannot be of the same type of Dragon.' /
    'This is a winning hand because the two Dragon blocks are two different colors'."""
    reading = read("111B 222B 333B GDGDGD RDRD")
    assert sorted(reading.extras) == ["Green Dragon", "Red Dragon"]


def test_two_dragon_blocks_of_one_colour_ruling_c2() -> None:
    """Rules: 'You can only use one block of each Dragon in a winning hand.' / 'This is NOT a winning
    hand because the two Dragon blocks are both White (SOAP)'. Ruling C2: at most one dragon block
    per colour. (An exposed Pung of White Dragons and a concealed one with two jokers.)"""
    evaluation = assert_not_winning("11B 222B 333B WD J J [WDWDWD]")
    assert codes(evaluation) == ["two-dragon-blocks"]
    assert "White Dragon" in message(evaluation)


def test_two_dragon_pairs_of_one_colour() -> None:
    """Rules: 'You can only use one block of each Dragon in a winning hand.' Four White Dragons as
    two Pairs beside Run 1-4 would be Four Pairs & Two Pungs; as one Kong they make no pattern."""
    assert_not_winning("11B 22B 333B 444B WDWD WDWD")


@pytest.mark.parametrize(
    ("text", "sizes"),
    [
        pytest.param("111B 222B 3333B [RDRD J J]", [3, 3, 4, 4], id="dragon-kong-with-jokers"),
        pytest.param("111B 222B 333B RDRDRDRD J", [3, 3, 3, 5], id="dragon-quint"),
        pytest.param("11B 22B 33B 44B 55B RDRD RD", None, id="dragon-pung-15"),
    ],
)
def test_dragon_blocks_of_any_size_ruling_c12(text: str, sizes: list[int] | None) -> None:
    """Ruling C12: Dragon blocks may be any block size (a dragon Quint needs a joker); ruling C4:
    jokers stand in blocks of 3 or more."""
    if sizes is None:
        assert codes(assert_not_winning(text)) == ["wrong-size"]
    else:
        assert read(text).sizes == sizes


# -- NEWS ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        pytest.param("2222B 4444B 66B NEWS", "One Pair & Three Kongs", id="one-pair-three-kongs"),
        pytest.param("222B 444B 6666B NEWS", "Two Pungs & Two Kongs", id="two-pungs-two-kongs"),
        pytest.param("11C 22C 33C 4444C NEWS", "Three Pairs & Two Kongs", id="three-pairs-two-kongs"),
        pytest.param("11C 22C 33C 44C 55C NEWS", "Five Pairs & One Kong", id="five-pairs-one-kong"),
    ],
)
def test_news_block_in_patterns_with_kongs_ruling_c3(text: str, pattern: str) -> None:
    """Rules: 'A block of four single wind tiles, one of each (North, East, West, South) is allowed to
    be used in any pattern that contains Kongs.' Ruling C3: it takes the place of one Kong."""
    reading = read(text)
    assert reading.pattern == pattern
    assert reading.extras == ["NEWS"]


def test_news_block_not_in_patterns_without_kongs_ruling_c3() -> None:
    """Rules: 'A block of four single wind tiles ... is allowed to be used in any pattern that contains
    Kongs.' Ruling C3: with Pairs and Pungs only it would be a Kong's place in a pattern that has
    none: 1-2-3-4 as two Pairs and two Pungs with NEWS is no pattern."""
    assert codes(assert_not_winning("11C 22C 333C 444C NEWS")) == ["not-a-pattern"]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("2222B 4444B 66B N E W J", id="joker-for-south"),
        pytest.param("2222B 4444B 66B N E J J", id="two-jokers"),
    ],
)
def test_no_joker_in_the_news_block_ruling_c4(text: str) -> None:
    """Rules: 'Jokers cannot be used to replace one of the single tiles' (of the NEWS block). Ruling
    C4: never in the NEWS block."""
    assert_not_winning(text)


def test_news_block_with_a_winds_set() -> None:
    """Rules: 'You can even use a NEWS block when using Wind tiles as your set'. Ruling C3: it may also
    appear in a Winds hand."""
    reading = read("NNN SSS NEWS GDGDGDGD")
    assert (reading.category, sorted(reading.set)) == ("Winds", ["N", "S"])
    assert sorted(reading.extras) == ["Green Dragon", "NEWS"]


def test_one_news_block_per_hand_ruling_c11() -> None:
    """Ruling C11: at most one NEWS block per hand. Run 1-3 with two NEWS blocks would be Three Pairs
    & Two Kongs."""
    assert_not_winning("NEWS NEWS 11B 22B 33B")


# -- jokers only (ruling L4) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stands_for"),
    [
        pytest.param("11C 22C 33C 44C 555C JJJ", {"6C"}, id="pung-for-6C"),
        pytest.param("NNN SSS EEEE JJJJ", {"W"}, id="kong-for-west"),
        pytest.param("NNNN SSSS FF JJJJ", {"GD", "RD", "WD"}, id="kong-for-a-dragon"),
        pytest.param("11D 22D 3333D J JJJJJ", {"4D"}, id="quint-for-4D"),
    ],
)
def test_all_joker_blocks_ruling_l4(text: str, stands_for: set[str]) -> None:
    """Ruling L4: a block of 3 to 5 jokers is a block, standing for whatever the hand needs: a number
    of the set, a wind of a Winds set, a Dragon block of a colour not used. The arrangement shows
    what it stands for. (Beside pairs, the jokers cannot join another block: Run 1-6 in Craks with
    6C earns the Set and Suit bonuses, a Dragon would lose the Set bonus; Run 1-4 in Dots likewise
    with 4D; N, S, E and the jokers as West; North and South with a Dragon Kong.)"""
    evaluation = assert_winning(text)
    assert evaluation.arrangement is not None
    jokers_only = [meld for meld in evaluation.arrangement.melds if meld.size and meld.joker_count == meld.size]
    assert len(jokers_only) == 1
    represents = jokers_only[0].represents
    assert represents is not None
    assert str(represents) in stands_for


def test_all_joker_flower_pung_in_dragons_love_ruling_l4() -> None:
    """Ruling L4: a block of jokers only may be a flower Pung in Dragon's Love; ruling C12: 'Jokers
    may stand in Dragon's Love's flower pungs'."""
    evaluation = assert_winning("GDGDGDGD RDRDRDRD FFF JJJ")
    assert evaluation.points == 50
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description == "Dragon's Love"


# -- Dragon hands (ruling C8) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "hand", "points"),
    [
        pytest.param("GDGDGDGD RDRDRDRD FFF FFF", "Dragon's Love", 50, id="love"),
        pytest.param("RDRDRDRD WDWDWDWD FFF FFF", "Dragon's Love", 50, id="love-red-white"),
        pytest.param("GDGDGD J WDWDWDWD FFF FF J", "Dragon's Love", 50, id="love-with-jokers"),
        pytest.param("GDGDGDGD RDRDRDRD WDWDWDWD 1B 1B", "Dragon's Wings", 50, id="wings"),
        pytest.param("GDGDGD J RDRDRD J WDWDWDWD 1B 1B", "Dragon's Wings", 50, id="wings-with-jokers"),
        pytest.param("GDGD RDRD WDWD NN EE WW SS", "Dragon's Breath", 100, id="breath"),
    ],
)
def test_dragon_hands_ruling_c8(text: str, hand: str, points: int) -> None:
    """Rules: 'Dragon's Love (50 points): Two different Dragon Kongs and Two Flower Pungs' / 'Dragon's
    Wings (50 points): One Kong of Each Dragon and one Pair of 1 Bamboo' / 'Dragon's Breath (100
    points): One Pair of each Dragon and one Pair of each Wind' / 'Jokers may be used to complete the
    Dragon's Love and Dragon Wings hands'. Ruling C8 (Dragon's Breath won on a discard: its regular
    reading, Winds with seven pairs, is worth less, ruling C10)."""
    evaluation = assert_winning(text)
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description == hand
    assert evaluation.points == points


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("GDGD RDRD WD J NN EE WW SS", id="breath-with-a-joker"),
        pytest.param("GDGDGDGD NNNN FFF FFF", id="love-with-a-wind-kong"),
        pytest.param("GDGDGDGD RDRDRDRD FFF FF 1B", id="love-with-five-flowers"),
        pytest.param("GDGDGDGD RDRDRDRD WDWDWDWD 1C 1C", id="wings-with-1-craks"),
        pytest.param("GDGDGDGD RDRDRDRD WDWDWDWD 2B 2B", id="wings-with-2-bams"),
        pytest.param("GDGD RDRD WDWD NN EE WW 1B1B", id="breath-without-south"),
    ],
)
def test_not_dragon_hands_ruling_c8(text: str) -> None:
    """Rules: 'the Dragon's Breath is made up of 7 pairs so Jokers are not allowed' / 'Dragon's Love
    (50 points): Two different Dragon Kongs and Two Flower Pungs' / 'Dragon's Wings (50 points): One
    Kong of Each Dragon and one Pair of 1 Bamboo' / 'Dragon's Breath (100 points): One Pair of each
    Dragon and one Pair of each Wind'. Ruling C8: Dragon's Love is the one hand with flower pungs."""
    assert_not_winning(text)


def test_dragon_hand_enum_values_ruling_c8() -> None:
    """Rules: 'Dragon's Love (50 points)' / 'Dragon's Wings (50 points)' / 'Dragon's Breath (100
    points)'."""
    assert {hand.title: hand.points for hand in DragonHand} == {
        "Dragon's Love": 50,
        "Dragon's Wings": 50,
        "Dragon's Breath": 100,
    }


# -- exposures (ruling L6) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("888B 9999B RDRDRDRD [777B]", id="exposed-pung"),
        pytest.param("333D 555D 999D [7777D J]", id="exposed-quint"),
        pytest.param("333D 999D [5555D] [777D J]", id="two-exposed-kongs"),
        pytest.param("GDGDGDGD FFF FFF [RDRD RD J]", id="dragons-love-exposed-kong"),
    ],
)
def test_exposed_blocks_of_three_or_more_ruling_l6(text: str) -> None:
    """Ruling L6: during play a tile is called only to complete a block of 3 or more, which is
    exposed; ruling T2: the exposed sets count toward the 14 tiles."""
    evaluation = assert_winning(text)
    assert len(evaluation.hand) == 14


@pytest.mark.parametrize(
    ("text", "code", "token"),
    [
        pytest.param("[33D] 5555D 7777D 9999D", "exposed-pair", "[33D]", id="pair"),
        pytest.param("[FF] 333D 555D 777D 999D", "exposed-flowers", "[FF]", id="flower-pair"),
        pytest.param("GDGDGDGD RDRDRDRD FFF [FFF]", "exposed-flowers", "[FFF]", id="dragons-love-flowers"),
        pytest.param("2222B 4444B 66B [N E W S]", "exposed-news", "NEWS", id="news"),
    ],
)
def test_exposed_pairs_flowers_and_news_ruling_l6(text: str, code: str, token: str) -> None:
    """Ruling L6: a pair, Flowers and the NEWS block are called only for Mah Jongg, and the Mah Jongg
    tile stays among the concealed tiles, so a hand whose exposed sets include a pair, Flowers or
    NEWS is no winning hand. Rules: 'Flowers can only be called for Mah Jongg' / 'you cannot call a
    tile in the NEWS block unless it completes your hand for Mah Jongg'. Ruling C12: Dragon's Love
    included. The message names the exposed set."""
    evaluation = assert_not_winning(text)
    assert code in codes(evaluation)
    compact = re.sub(r"\s", "", message(evaluation))
    assert re.sub(r"\s", "", token) in compact
    assert list(DEFAULT.decompositions(text)) == []


# -- reasons ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        pytest.param("333D 5555D 7777D 99D", "wrong-size", ("14", "13"), id="wrong-size"),
        pytest.param("[3D 4D 5D] 6666D 7777D 888D", "not-a-block", ("identical",), id="not-a-block"),
        pytest.param("[3333D JJ] 5555D 7777D", "block-too-large", ("6",), id="block-too-large"),
        pytest.param("[33D] 5555D 7777D 9999D", "exposed-pair", ("pair",), id="exposed-pair"),
        pytest.param("[FF] 333D 555D 777D 999D", "exposed-flowers", ("Flowers",), id="exposed-flowers"),
        pytest.param("2222B 4444B 66B [N E W S]", "exposed-news", ("NEWS",), id="exposed-news"),
        pytest.param("3D J 5555D 7777D 9999D", "joker-in-pair", ("joker", "pair"), id="joker-in-pair"),
        pytest.param("33D 555D 777D 999D FFF", "flower-pung", ("Flowers", "Pair"), id="flower-pung"),
        pytest.param("333D 5555D 7777D 99D 1B", "unmatched-tiles", ("1B",), id="unmatched-tiles"),
        pytest.param("11B 222B 333B WD J J [WDWDWD]", "two-dragon-blocks", ("White",), id="two-dragon-blocks"),
        pytest.param("333D 55D 777D 9999D FF", "not-a-pattern", ("2, 2, 3, 3, 4",), id="not-a-pattern"),
        pytest.param("444C 666C 888C NNN FF", "winds-with-numbers", ("wind",), id="winds-with-numbers"),
        pytest.param("N JJ SSSS WWWW [NNN]", "not-a-wind-set", ("N", "S"), id="not-a-wind-set"),
        pytest.param("333D 555D 777D 999D 33C", "number-repeated", ("3",), id="number-repeated"),
        pytest.param("333D 444D 6666D 7777D", "not-a-set", ("3, 4, 6, 7",), id="not-a-set"),
        pytest.param("333C 5555D 7777C 999D", "woven", ("Craks 3", "Dots 5"), id="woven"),
    ],
)
def test_reasons_and_their_codes(text: str, code: str, words: tuple[str, ...]) -> None:
    """A hand that is not a Mah Jongg says why, with a reason code and a message naming what is
    wrong: the wrong size (ruling T2), no block of identical tiles, a block of more than 5 ('Blocks
    are groups of between 2 and 5 identical tiles'), exposed pairs, Flowers and NEWS (ruling L6), a
    joker in a pair (ruling C4), a Flower Pung ('Flowers can only be used to create Pair blocks'),
    tiles in no block, two blocks of one Dragon ('one block of each Dragon'), no pattern ('two
    different block types or all pairs'), winds among numbers and winds that are no Winds set
    (ruling C1), a repeated number ('cannot be repeated in more than one block'), no category's set
    (ruling C1), a woven hand (ruling C5)."""
    evaluation = assert_not_winning(text)
    assert codes(evaluation) == [code]
    for word in words:
        assert word in message(evaluation), (word, message(evaluation))


# -- options (ruling C9) ---------------------------------------------------------------------------


def test_default_options_ruling_c9() -> None:
    """Ruling C9: house rules and skill levels 0-5 are options, off / level 0 by default; with the
    minimum-value house rule on, the base is 25 by default. Rules: 'A winning hand earns 25 points'
    / 'Level 0: No additional restrictions'."""
    options = CardFreeOptions()
    assert options.base == 25
    assert options.minimum_requirement is False
    assert options.reduced_tiles is False
    assert options.skip_second_charleston is False
    assert options.skill_level == 0
    assert options.players == 4
    assert CardFreeOptions(minimum_requirement=True).base == 25


@pytest.mark.parametrize(
    ("options", "option", "words"),
    [
        pytest.param({"base": 20}, "base", "base 20 needs the minimum-requirement house rule", id="base-20-alone"),
        pytest.param({"base": 30}, "base", "base is 25, or 20 with minimum_requirement", id="base-30"),
        pytest.param({"base": 15, "minimum_requirement": True}, "base", "base is 25, or 20", id="base-15-with-minimum"),
        pytest.param({"skill_level": 6}, "skill_level", "skill_level is a level from 0 to 5", id="skill-6"),
        pytest.param({"skill_level": -1}, "skill_level", "skill_level is a level from 0 to 5", id="skill-minus-1"),
        pytest.param({"players": 5}, "players", "players must be 2, 3 or 4", id="five-players"),
        pytest.param({"players": 1}, "players", "players must be 2, 3 or 4", id="one-player"),
        pytest.param({"skill_level": "3"}, "skill_level", "must be int", id="skill-as-text"),
        pytest.param({"reduced_tiles": 1}, "reduced_tiles", "must be bool", id="reduced-as-int"),
        pytest.param({"jokers": 4}, "jokers", "unknown option 'jokers'", id="unknown-option"),
    ],
)
def test_option_errors_name_the_option_ruling_c9(options: dict[str, Any], option: str, words: str) -> None:
    """Ruling C9: the skill levels are 0-5; the base is 25, or 20 with the minimum-value house rule
    ('If using this rule, the base value of a winning hand may be reduced to 20'). A bad value is an
    OptionError naming the option (as ``get_ruleset`` builds options)."""
    with pytest.raises(mr.OptionError, match=re.escape(words)) as caught:
        build_options("card-free", CardFreeOptions, options)
    assert caught.value.option == option
    if type(next(iter(options.values()))) is int and option in ("base", "skill_level", "players"):
        with pytest.raises(ValueError, match=re.escape(words.split(" must")[0])):
            CardFreeOptions(**options)


@pytest.mark.parametrize(
    "options",
    [
        pytest.param({"base": 20, "minimum_requirement": True}, id="base-20-with-minimum"),
        pytest.param({"skill_level": 5}, id="skill-5"),
        pytest.param({"players": 2}, id="two-players"),
        pytest.param({"reduced_tiles": True, "skip_second_charleston": True}, id="house-rules-1-2"),
    ],
)
def test_accepted_options_ruling_c9(options: dict[str, Any]) -> None:
    """Ruling C9: 'With the minimum-value house rule on, an option sets the base (25 by default, 20
    allowed)'; skill levels 0-5; every house rule its own option."""
    built = build_options("card-free", CardFreeOptions, options)
    for name, value in options.items():
        assert getattr(built, name) == value


# -- house rules -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("333D 5555D 7777D 999D", id="odds"),
        pytest.param("33D J 5555D 7777D 9999D", id="not-winning"),
        pytest.param("GDGD RDRD WDWD NN EE WW SS", id="dragons-breath"),
    ],
)
def test_skip_second_charleston_changes_no_hand_house_rule_1(text: str) -> None:
    """Rules, house rule 1: 'Always skip the second round of the Charleston' (a rule of play, ruling
    C9: its own option, off by default): it changes no hand's verdict or value."""
    skipping = ruleset(skip_second_charleston=True)
    assert skipping.options.skip_second_charleston is True
    plain, other = DEFAULT.evaluate(text), skipping.evaluate(text)
    assert (plain.is_winning, plain.points, codes(plain)) == (other.is_winning, other.points, codes(other))


# A hand worth no bonus: Run 7-8-9 in Bams with a joker, a Red Dragon Kong (not the Bams' Dragon),
# a Pung exposed (no Concealed bonus): 25 points on a discard.
NO_BONUS = "88B J 9999B RDRDRDRD [777B]"


@pytest.mark.parametrize(
    ("text", "context", "points"),
    [
        # Odds 1-3-5 Dots, 7-9 Craks: the Set bonus only (numbers only; two suits; a Pung exposed;
        # a joker; no Quint: no block has 4 natural tiles): base 20 + 5 = 25, the minimum hand.
        pytest.param("11D 55D J 777C 999C [333D]", ON_DISCARD, 25, id="one-bonus"),
        # No jokers: the document's scoring example, 20 doubled = 40.
        pytest.param("888B 9999B RDRDRDRD [777B]", ON_DISCARD, 40, id="no-jokers"),
        # Self-picked: 20 doubled = 40.
        pytest.param(NO_BONUS, SELF_DRAWN, 40, id="self-picked"),
        # A Dragon hand with a joker on a discard, an exposed Kong: its fixed 50.
        pytest.param("GDGDGDGD FFF FFF [RDRD RD J]", ON_DISCARD, 50, id="dragon-hand"),
    ],
)
def test_minimum_requirement_allowed_house_rule_3(text: str, context: mr.WinContext, points: int) -> None:
    """Rules, house rule 3: 'A hand must score at least 1 bonus, use no Jokers, be self-picked, or be
    a special Dragon hand in order to be a valid winning hand. If using this rule, the base value of
    a winning hand may be reduced to 20, making the minimum winning hand only 25 points.' Ruling C9.
    Each of the four ways is allowed; with base 20 the least of them is 20 + 5 = 25."""
    evaluation = assert_winning(text, context, minimum_requirement=True, base=20)
    assert evaluation.points == points


def test_minimum_requirement_refused_house_rule_3() -> None:
    """Rules, house rule 3: 'A hand must score at least 1 bonus, use no Jokers, be self-picked, or be
    a special Dragon hand in order to be a valid winning hand.' A hand with none of the four is
    refused, with that reason; without the house rule it wins (25 points)."""
    assert assert_winning(NO_BONUS, ON_DISCARD).points == 25
    for base in (20, 25):
        evaluation = assert_not_winning(NO_BONUS, ON_DISCARD, minimum_requirement=True, base=base)
        assert codes(evaluation) == ["minimum-requirement"]
        assert list(ruleset(minimum_requirement=True, base=base).decompositions(NO_BONUS, ON_DISCARD)) == []


# -- skill levels (ruling L5) ----------------------------------------------------------------------

# For each level: a hand that level allows and one it refuses, with the reason. The refused hand
# passes every lower level, and the allowed hand every level up to its own.
SKILL_HANDS = [
    # Level 0: 'No additional restrictions': a Winds hand of Three Pairs & Two Kongs is allowed; a
    # woven hand is refused by the rules, not the level.
    (0, "NN EEEE WWWW SS GDGD", ON_DISCARD, "333C 5555D 7777C 999D", ON_DISCARD, "woven"),
    # Level 1: 'You can only use the 2 Pungs 2 Kongs pattern with Wind tiles'.
    (1, "NNN EEEE WWWW SSS", ON_DISCARD, "NN EEEE WWWW SS GDGD", ON_DISCARD, "skill-winds-pattern"),
    # Level 2: 'If using the Consecutive Run set category, your hand cannot contain any Flowers,
    # Dragons, or Winds.' Odds with Flowers is fine; Run 1-2-3 with a Green Dragon is not.
    (2, "333D 555D 777D 999D FF", ON_DISCARD, "111B 222B 3333B GDGDGDGD", ON_DISCARD, "skill-run-specials"),
    # Level 3: 'If using one or more Dragon blocks, the hand must be concealed.'
    (3, "333D 555D 7777D GDGDGDGD", ON_DISCARD, "555D 7777D GDGDGDGD [333D]", ON_DISCARD, "skill-dragons-concealed"),
    # Level 4: 'If using number tiles, the hand must earn the SUIT bonus (only containing 1 suit and
    # if using a Dragon block it must match that suit).' Dots with the White Dragon; Dots with the
    # Green Dragon is not.
    (4, "333D 555D 7777D WDWDWDWD", ON_DISCARD, "333D 555D 7777D GDGDGDGD", ON_DISCARD, "skill-suit"),
    # Level 5: 'Your hand must use no Jokers, be self-picked, or be a special Dragon hand'. Dots with
    # a joker, self-drawn, is allowed; on a discard, not.
    (5, "333D 555D J 777D WDWDWDWD", SELF_DRAWN, "333D 555D J 777D WDWDWDWD", ON_DISCARD, "skill-jokers"),
]


@pytest.mark.parametrize(
    ("level", "text", "context"),
    [pytest.param(level, text, context, id=f"level-{level}") for level, text, context, *_ in SKILL_HANDS],
)
def test_skill_level_allows_ruling_l5(level: int, text: str, context: mr.WinContext) -> None:
    """Rules, Skill Level Adjustments: 'Level 0: No additional restrictions' / 'Level 1: You can only
    use the 2 Pungs 2 Kongs pattern with Wind tiles' / 'Level 2: If using the Consecutive Run set
    category, your hand cannot contain any Flowers, Dragons, or Winds.' / 'Level 3: If using one or
    more Dragon blocks, the hand must be concealed.' / 'Level 4: If using number tiles, the hand
    must earn the SUIT bonus' / 'Level 5: Your hand must use no Jokers, be self-picked, or be a
    special Dragon hand'. A hand within the restrictions wins at its level, and scores as at
    level 0."""
    at_level = assert_winning(text, context, skill_level=level)
    assert at_level.points == assert_winning(text, context).points


@pytest.mark.parametrize(
    ("level", "text", "context", "code"),
    [pytest.param(level, text, context, code, id=f"level-{level}") for level, _, _, text, context, code in SKILL_HANDS],
)
def test_skill_level_refuses_ruling_l5(level: int, text: str, context: mr.WinContext, code: str) -> None:
    """Rules: the Skill Level Adjustments quoted above; 'The skill level adjustment restrictions give
    the more advanced player additional restrictions for forming winning hands.' Ruling L5: reason
    codes skill-winds-pattern, skill-run-specials, skill-dragons-concealed, skill-suit, skill-jokers.
    The refused hand wins at the level below."""
    assert codes(assert_not_winning(text, context, skill_level=level)) == [code]
    if level:
        assert_winning(text, context, skill_level=level - 1)
        assert list(ruleset(skill_level=level).decompositions(text, context)) == []


@pytest.mark.parametrize(
    ("text", "context", "code"),
    [pytest.param(text, context, code, id=code) for level, _, _, text, context, code in SKILL_HANDS if level],
)
def test_higher_levels_keep_lower_restrictions_ruling_l5(text: str, context: mr.WinContext, code: str) -> None:
    """Rules: 'As a player increases in skill level, they will add the given restriction and any
    restrictions from the lower levels. For example, if you are a Level 3 player, you have the
    restrictions for Levels 1, 2, and 3.' Each level's refused hand is refused at level 5 too,
    with that level's reason among the reasons."""
    assert code in codes(assert_not_winning(text, context, skill_level=5))


def test_level_3_player_has_levels_1_2_3() -> None:
    """Rules: 'For example, if you are a Level 3 player, you have the restrictions for Levels 1, 2,
    and 3.' Run 1-2-3 with a Red Dragon and a Pung exposed breaks levels 2 and 3 (not 4: it is not
    refused for the Suit bonus at level 3)."""
    evaluation = assert_not_winning("222C 3333C RDRDRDRD [111C]", skill_level=3)
    assert codes(evaluation) == ["skill-run-specials", "skill-dragons-concealed"]
    assert "skill-suit" in codes(assert_not_winning("222C 3333C GDGDGDGD [111C]", skill_level=4))


@pytest.mark.parametrize(
    ("text", "level", "points"),
    [
        # Dragon's Breath at level 1: a Dragon hand, not a Winds hand (its Winds reading is Seven
        # Pairs).
        pytest.param("GDGD RDRD WDWD NN EE WW SS", 1, 100, id="breath-level-1"),
        # Dragon's Love with Flowers at level 2 (it is no Consecutive Run).
        pytest.param("GDGDGDGD RDRDRDRD FFF FFF", 2, 50, id="love-level-2"),
        # Dragon's Wings at level 4: number tiles (1 Bams) and three Dragons, no Suit bonus needed.
        pytest.param("GDGDGDGD RDRDRDRD WDWDWDWD 1B 1B", 4, 50, id="wings-level-4"),
        # Dragon's Love with jokers, on a discard, at level 5: a special Dragon hand.
        pytest.param("GDGDGDGD RDRDRDRD FFF FF J", 5, 50, id="love-with-joker-level-5"),
    ],
)
def test_skill_levels_1_2_4_leave_dragon_hands_alone_ruling_l5(text: str, level: int, points: int) -> None:
    """Ruling L5: 'Skill levels 1, 2 and 4 speak of categories, patterns and the Suit bonus, which
    only regular hands have, so they leave Dragon hands alone'; Rules, level 5: '... or be a special
    Dragon hand'."""
    assert assert_winning(text, ON_DISCARD, skill_level=level).points == points


def test_skill_level_3_applies_to_dragon_hands_ruling_l5() -> None:
    """Ruling L5: 'Levels 3 (a hand with a Dragon block is concealed) and 5 (no jokers, self-picked,
    or a Dragon hand) apply to every hand.' Dragon's Love with an exposed Dragon Kong is refused at
    level 3."""
    text = "GDGDGDGD FFF FFF [RDRDRDRD]"
    assert assert_winning(text, skill_level=2).points == 50
    assert codes(assert_not_winning(text, skill_level=3)) == ["skill-dragons-concealed"]


def test_skill_level_1_restricts_the_winds_category_only_ruling_l5() -> None:
    """Ruling L5: level 1 ('You can only use the 2 Pungs 2 Kongs pattern with Wind tiles') restricts
    hands of the Winds category: a number hand of One Pair & Three Kongs with a NEWS block is
    allowed."""
    assert read("2222B 4444B 66B NEWS", skill_level=1).pattern == "One Pair & Three Kongs"


def test_skill_level_4_winds_hands_use_no_number_tiles_ruling_l5() -> None:
    """Rules, level 4: 'If using number tiles, the hand must earn the SUIT bonus'. A Winds hand uses
    no number tiles: allowed at level 4."""
    assert read("NNN EEEE WWWW SSS", skill_level=4).category == "Winds"


def test_skill_level_2_news_is_winds() -> None:
    """Rules, level 2: 'If using the Consecutive Run set category, your hand cannot contain any
    Flowers, Dragons, or Winds.' A NEWS block is four winds: Run 1-2-3 with NEWS is refused."""
    text = "11C 22C 33C 4444C NEWS"
    assert_winning(text, skill_level=1)
    assert codes(assert_not_winning(text, skill_level=2)) == ["skill-run-specials"]


def test_skill_level_5_self_drawn_or_no_jokers() -> None:
    """Rules, level 5: 'Your hand must use no Jokers, be self-picked, or be a special Dragon hand in
    order to be a valid winning hand.' The same hand without a joker wins on a discard."""
    assert assert_winning("333D 555D 7777D WDWDWDWD", ON_DISCARD, skill_level=5).points > 0


# A sample of hands, won on a discard or self-drawn, for the properties below.
SAMPLE = [
    "333D 5555D 7777D 999D",
    "333D 555D J 777D WDWDWDWD",
    "11D 333D 555D 777D 99D J",
    "NN EEEE WWWW SS GDGD",
    "NNN EEEE WWWW SSS",
    "111B 222B 3333B GDGDGDGD",
    "222C 3333C RDRDRDRD [111C]",
    "555D 7777D GDGDGDGD [333D]",
    "333D 555D 777D 999D FF",
    "11C 22C 33C 4444C NEWS",
    "888B 9999B RDRDRDRD [777B]",
    "88B J 9999B RDRDRDRD [777B]",
    "GDGDGDGD FFF FFF [RDRD RD J]",
    "GDGD RDRD WDWD NN EE WW SS",
    "GDGDGDGD RDRDRDRD FFF FF J",
    "JJJJJ 111B 222B 333B",
]


def _wins(game: CardFreeRuleset, text: str, context: mr.WinContext) -> bool:
    try:
        return game.evaluate(text, context).is_winning
    except mr.TileSetError:  # ruling T5: not a hand of this game
        return False


def test_house_rules_only_make_winning_harder() -> None:
    """Rules: 'Experienced players of Card Free American Mah Jongg may want to increase the difficulty
    of the game by including advanced house rules. Players may agree before starting the first game
    to add any of these optional rules. Implementing any or all of these house rules increases the
    difficulty in forming a winning hand, which both increases the overall challenge of the game,
    and allows time for more interesting and challenging winning hands to be built. The optional
    house rules include:' Any combination of the three is an option set before the game (frozen);
    a hand that wins with house rules wins without them, and some hands win only without."""
    harder = False
    for chosen in itertools.product((False, True), repeat=3):
        skip, reduced, minimum = chosen
        game = ruleset(skip_second_charleston=skip, reduced_tiles=reduced, minimum_requirement=minimum)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            game.options.minimum_requirement = not minimum  # type: ignore[misc]
        for text in SAMPLE:
            for context in (ON_DISCARD, SELF_DRAWN):
                if _wins(game, text, context):
                    assert _wins(DEFAULT, text, context), (chosen, text)
                elif _wins(DEFAULT, text, context):
                    harder = True
    assert harder


def test_skill_levels_add_restrictions_for_advanced_players() -> None:
    """Rules: 'Once you become experienced in Card Free American Mah Jongg, you will have an advantage
    over new players. One way to level the playing field for players of different skill levels in
    the same game is to assign additional hand restrictions for only advanced players. This allows
    players of different skill levels to play in the same game together with closer to equal
    chances of winning. There is not a scientific way to calculate exactly what a player's skill
    adjustment should be. Players must choose for themselves what skill level adjustment they should
    take based on their experience.' Each level 0-5 is the player's choice; a hand a level allows,
    every lower level allows; each level from 1 refuses a hand of the sample the level below
    allows."""
    games = [ruleset(skill_level=level) for level in range(6)]
    assert [game.options.skill_level for game in games] == list(range(6))
    for level in range(1, 6):
        stricter = False
        for text in SAMPLE:
            for context in (ON_DISCARD, SELF_DRAWN):
                if _wins(games[level], text, context):
                    assert _wins(games[level - 1], text, context), (level, text)
                elif _wins(games[level - 1], text, context):
                    stricter = True
        assert stricter, level


# -- decompositions and evaluate agree -------------------------------------------------------------

WINNING = [valid for _, valid, _, _ in PATTERN_HANDS] + [text for _, _, text in EXAMPLE_SETS]
LOSING = [invalid for _, _, invalid, _ in PATTERN_HANDS]
OTHERS = [
    "GDGDGDGD RDRDRDRD FFF FFF",
    "GDGDGDGD RDRDRDRD WDWDWDWD 1B 1B",
    "GDGD RDRD WDWD NN EE WW SS",
    "GDGDGDGD RDRDRDRD FFF JJJ",
    "888B 9999B RDRDRDRD [777B]",
    "333D 5555D 7777D JJJ",
    "NNN SSS NEWS GDGDGDGD",
    "11B 222B 333B WD J J [WDWDWD]",
    "[33D] 5555D 7777D 9999D",
    NO_BONUS,
]
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"skill_level": 3},
    {"skill_level": 5},
    {"minimum_requirement": True},
    {"minimum_requirement": True, "base": 20, "skill_level": 4},
]


def _check_decompositions(hand: mr.Hand, context: mr.WinContext, game: CardFreeRuleset) -> bool:
    evaluation = game.evaluate(hand, context)
    arrangements = list(game.decompositions(hand, context))
    assert evaluation.is_winning == bool(arrangements), (str(hand), game.options, context)
    assert len(set(arrangements)) == len(arrangements)
    if evaluation.is_winning:
        assert evaluation.arrangement in arrangements
        for arrangement in arrangements:
            assert Counter(t for meld in arrangement.melds for t in meld.tiles) == Counter(hand.tiles)
    return evaluation.is_winning


@pytest.mark.parametrize(
    "options",
    [
        pytest.param(options, id=",".join(f"{k}={v}" for k, v in options.items()) or "default")
        for options in OPTION_SETS
    ],
)
def test_decompositions_iff_winning_hand_picked(options: dict[str, Any]) -> None:
    """Contract: ``decompositions`` is non-empty exactly when ``evaluate`` calls the hand winning,
    under the options (skill levels and the minimum requirement, with the context's way of winning,
    ruling L5 and house rule 3), and every decomposition uses exactly the hand's tiles."""
    game = ruleset(**options)
    outcomes = set()
    for text in WINNING + LOSING + OTHERS:
        for context in (ON_DISCARD, SELF_DRAWN):
            outcomes.add(_check_decompositions(mr.Hand.parse(text), context, game))
    assert outcomes == {True, False}


def _mutations(rng: random.Random, hand: mr.Hand, tileset: mr.TileSet) -> mr.Hand:
    """A random change of a hand: a concealed tile swapped for a joker or for any tile, or a
    concealed block of 3 or more exposed."""
    concealed = list(hand.concealed)
    choice = rng.randrange(3)
    if choice == 0:
        concealed[rng.randrange(len(concealed))] = J
    elif choice == 1:
        concealed[rng.randrange(len(concealed))] = rng.choice(tileset.tiles)
    else:
        counts = Counter(concealed)
        tiles = [tile for tile, count in counts.items() if count >= 3 and not tile.is_joker and not tile.is_flower]
        if tiles:
            tile = rng.choice(tiles)
            size = rng.randint(3, counts[tile])
            for _ in range(size):
                concealed.remove(tile)
            return mr.Hand(concealed, [*hand.melds, mr.Meld([tile] * size, exposed=True)])
    return mr.Hand(concealed, hand.melds)


def test_decompositions_iff_winning_seeded_random_hands() -> None:
    """Contract: ``decompositions`` is non-empty exactly when ``evaluate`` calls the hand winning, on
    seeded random hands: 14 tiles drawn from the game, and the winning hands above changed at random
    (a tile for a joker or for any tile, a block exposed), under several options."""
    rng = random.Random(20240611)
    tileset = DEFAULT.tileset
    pool = [tile for tile in tileset.tiles for _ in range(tileset.count(tile))]
    outcomes: Counter[bool] = Counter()
    for round_ in range(300):
        if round_ % 3 == 0:
            hand = mr.Hand(rng.sample(pool, 14))
        else:
            hand = mr.Hand.parse(rng.choice(WINNING + OTHERS[:3]))
            for _ in range(rng.randint(1, 2)):
                hand = _mutations(rng, hand, tileset)
        if tileset.problems(hand):
            continue
        game = ruleset(**rng.choice(OPTION_SETS))
        context = rng.choice((ON_DISCARD, SELF_DRAWN))
        outcomes[_check_decompositions(hand, context, game)] += 1
    assert outcomes[True] >= 20
    assert outcomes[False] >= 20


# -- properties over seeded winning hands: notation and joker substitution ----------------------------


def _winning_cases(seed: int, count: int) -> list[mr.Hand]:
    from tests.card_free_reference import random_case

    rng = random.Random(seed)
    found: list[mr.Hand] = []
    while len(found) < count:
        hand = random_case(rng).hand
        if DEFAULT.evaluate(hand).is_winning:
            found.append(hand)
    return found


@pytest.mark.parametrize("seed", range(2))
def test_a_winning_hand_written_and_read_back_scores_the_same(seed: int) -> None:
    """The notation round-trips (``str(hand)`` parses to an equal hand), and so does the verdict."""
    for hand in _winning_cases(seed, 40):
        again = mr.Hand.parse(str(hand))
        assert again == hand
        assert DEFAULT.evaluate(again).points == DEFAULT.evaluate(hand).points


@pytest.mark.parametrize("seed", range(2))
def test_a_joker_may_replace_a_natural_tile_of_a_block_of_three_or_more(seed: int) -> None:
    """Ruling C4: "Jokers can be used to replace tiles in any block except for pairs." Replacing
    one natural tile of a concealed block of 3 or more by a joker keeps a Mah Jongg (the tile
    supply allowing). A hand that had no jokers loses the no-jokers doubling (ruling C7), which no
    bonus a joker opens (a Quint, +5 each) makes up for: it never gains. (With jokers already in
    the hand, one more may open a better reading.)"""
    checked = 0
    for hand in _winning_cases(100 + seed, 40):
        evaluation = DEFAULT.evaluate(hand)
        assert evaluation.arrangement is not None
        for meld in evaluation.arrangement.melds:
            if meld.exposed or not meld.is_identical or meld.size < 3 or not meld.naturals:
                continue
            if meld.naturals[0].is_flower or hand.joker_count >= DEFAULT.tileset.count(mr.Tile.JOKER):
                continue
            jokered = hand.discard(meld.naturals[0]).draw(mr.Tile.JOKER)
            after = DEFAULT.evaluate(jokered)
            assert after.is_winning, (hand, meld)
            if hand.joker_count == 0 and not evaluation.arrangement.description.startswith("Dragon"):
                assert after.points < evaluation.points, (hand, meld)
            checked += 1
    assert checked >= 40
