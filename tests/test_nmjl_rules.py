"""The card ruleset (``nmjl``) against the guide: what completes a line (one suit and its dragon,
several suits, jokers, the Soap as zero, exposures), what a hand is worth, why a hand is not
winning, and the analyses (decompositions, tiles away, waits, discard options, closest lines).

Sources: ``rules/american-nmjl-guide.txt`` ("Guide"), ``docs/card_format.rst`` ("Format") and the
rulings T1-T5 and N1-N5 of ``RULINGS.md``. Every card line is invented and written inline (ruling
N1). Every expected value is worked out by hand in the comments, not taken from the code. Payouts
are in ``test_nmjl_settlement.py``, calls and the Charleston in ``test_nmjl_play.py``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset

T = mr.Tile.parse
J = mr.Tile.JOKER


def card(*lines: tuple[str, int] | tuple[str, int, bool]) -> mr.Card:
    """A card of one section, "Lines", with the lines given as (pattern, value[, concealed])."""
    tables = []
    for line in lines:
        concealed = len(line) == 3 and line[2]
        tables.append(f'  {{ hand = "{line[0]}", value = {line[1]}, concealed = {str(concealed).lower()} }},\n')
    return mr.parse_card(
        'format = 1\nname = "Rules"\n[[section]]\nname = "Lines"\nlines = [\n' + "".join(tables) + "]\n"
    )


def nmjl(the_card: mr.Card, **options: Any) -> NmjlRuleset:
    ruleset = mr.get_ruleset("nmjl", card=the_card, **options)
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


def codes(evaluation: mr.Evaluation) -> list[str]:
    return [reason.code for reason in evaluation.reasons]


def assert_winning(ruleset: NmjlRuleset, hand: str, context: mr.WinContext | None = None) -> mr.Evaluation:
    evaluation = ruleset.evaluate(mr.Hand.parse(hand), context)
    assert evaluation.is_winning, (hand, evaluation.reasons)
    assert evaluation.reasons == ()
    assert evaluation.arrangement is not None
    return evaluation


def assert_not_winning(ruleset: NmjlRuleset, hand: str) -> mr.Evaluation:
    evaluation = ruleset.evaluate(mr.Hand.parse(hand))
    assert not evaluation.is_winning, (hand, evaluation.arrangement)
    assert evaluation.points == 0
    assert evaluation.reasons
    return evaluation


def tiles(text: str) -> Counter[mr.Tile]:
    return Counter(T(name) for name in text.split())


# The guide's "222 444 6666 8888" (Calling a Tile), one suit.
GUIDE_2468 = card(("222x 444x 6666x 8888x", 25))


# -- one suit and its dragon -----------------------------------------------------------------------

# Guide, Color Coding: "If the line is all blue that indicates that the tiles used should all be the
# same suit ... See the example below ... 11 22 333 444 DDDD". All blue: one suit variable.
ONE_SUIT = nmjl(card(("11x 22x 333x 444x DDDDx", 25)))


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("11B 22B 333B 444B GDGDGDGD", id="bams-green"),
        pytest.param("11C 22C 333C 444C RDRDRDRD", id="craks-red"),
        pytest.param("11D 22D 333D 444D WDWDWDWD", id="dots-white"),
    ],
)
def test_one_suit_with_its_dragon_ruling_t1(hand: str) -> None:
    """Guide: 'If the line is all blue that indicates that the tiles used should all be the same
    suit. They can be made from any suit (either bams, craks, or dots) but need to all be the same
    suit' (the example 11 22 333 444 DDDD); 'Bams with Green Dragons, Craks with Red Dragons, Dots
    with White Dragons'. Ruling T1."""
    evaluation = assert_winning(ONE_SUIT, hand)
    assert evaluation.points == 50  # 25, no jokers: doubled (ruling N5)


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("11B 22B 333B 444B RDRDRDRD", id="bams-red"),
        pytest.param("11B 22B 333B 444B WDWDWDWD", id="bams-white"),
        pytest.param("11C 22C 333C 444C GDGDGDGD", id="craks-green"),
        pytest.param("11C 22B 333B 444B GDGDGDGD", id="a-crak-pair"),
        pytest.param("11B 22B 333C 444C GDGDGDGD", id="two-suits"),
        pytest.param("11B 22C 333D 444B GDGDGDGD", id="three-suits"),
    ],
)
def test_one_suit_incorrect_ways(hand: str) -> None:
    """Guide: 'See the example below showing both an incorrect way and correct way to build the line
    11 22 333 444 DDDD': another suit's dragon, or the numbers in mixed suits, is not the line."""
    assert codes(assert_not_winning(ONE_SUIT, hand)) == ["no-line"]


def test_winds_and_flowers_are_neutral() -> None:
    """Guide: 'the neutral tiles (winds and flowers) are always shown in blue and are not associated
    with a suit': an all-blue line with winds and flowers is one suit for its numbers alone."""
    neutral = nmjl(card(("FF NN 2222x 4444x SS", 25)))
    assert_winning(neutral, "FF NN 2222B 4444B SS")
    assert_winning(neutral, "FF NN 2222D 4444D SS")
    assert_not_winning(neutral, "FF NN 2222B 4444C SS")


def test_any_like_numbers() -> None:
    """Guide: 'Any like numbers- the any like number section is made up of lines using various
    combinations of tiles with the same number (for example, all 4's)': ``FF 1111x 1111y 1111z``
    with ``numbers = "any"``."""
    text = 'format = 1\nname = "L"\n[[section]]\nname = "Any Like Numbers"\nlines = [\n'
    text += '  { hand = "FF 1111x 1111y 1111z", value = 25, numbers = "any" },\n]\n'
    like = nmjl(mr.parse_card(text))
    assert_winning(like, "FF 4444B 4444C 4444D")
    assert_winning(like, "FF 9999B 9999C 999D J")
    assert_not_winning(like, "FF 4444B 4444C 5555D")


# -- several suits ---------------------------------------------------------------------------------

# Guide: "the following line 111 33 5555 77 999 indicates that all three suits are needed ... the
# numbered tiles shown in green can be either the bams, craks, or dots so long as the grouping of
# tiles shown in red and those shown in blue are the other suits." The guide's picture is not in
# the text; we read the sentence as: the numbered tiles in green, x, are the 1s and the 9s (tiles,
# plural); "the grouping of tiles shown in red", y, one grouping: the kong of 5s; "those shown in
# blue", z: the 3s and the 7s.
THREE_SUITS = nmjl(card(("111x 33z 5555y 77z 999x", 25)))


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("111B 33D 5555C 77D 999B", id="green-bams-red-craks-blue-dots"),
        pytest.param("111B 33C 5555D 77C 999B", id="green-bams-red-dots-blue-craks"),
        pytest.param("111C 33D 5555B 77D 999C", id="green-craks-red-bams-blue-dots"),
        pytest.param("111C 33B 5555D 77B 999C", id="green-craks-red-dots-blue-bams"),
        pytest.param("111D 33C 5555B 77C 999D", id="green-dots-red-bams-blue-craks"),
        pytest.param("111D 33B 5555C 77B 999D", id="green-dots-red-craks-blue-bams"),
    ],
)
def test_three_suits_in_any_order(hand: str) -> None:
    """Guide: '111 33 5555 77 999 indicates that all three suits are needed. You can use the suits in
    any order meaning the numbered tiles shown in green can be either the bams, craks, or dots so
    long as the grouping of tiles shown in red and those shown in blue are the other suits.'"""
    assert assert_winning(THREE_SUITS, hand).points == 50


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("111B 33B 5555B 77B 999B", id="one-suit"),
        pytest.param("111B 33C 5555C 77C 999B", id="red-and-blue-one-suit"),
        pytest.param("111B 33D 5555B 77D 999B", id="green-and-red-one-suit"),
        pytest.param("111B 33D 5555C 77D 999C", id="green-split"),
        pytest.param("111B 33D 5555C 77C 999B", id="blue-split"),
    ],
)
def test_three_suits_incorrect_ways(hand: str) -> None:
    """Guide: 'See the example below showing both an incorrect way and a correct way to build the
    line 111 33 5555 77 999': all three suits are needed, one per colour."""
    assert_not_winning(THREE_SUITS, hand)


# -- jokers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("11B 22B 33B J 444B GDGDGDGD", id="one-in-a-pung"),
        pytest.param("11B 22B 333B 444B GDGDGD J", id="one-in-a-dragon-kong"),
        pytest.param("11B 22B 3B JJ 4B JJ GDGDGDGD", id="two-in-each-pung"),
        pytest.param("11B 22B JJJ 444B GDGDGDGD", id="a-pung-of-jokers"),
        pytest.param("11B 22B 333B 444B JJJJ", id="four-for-none"),
        pytest.param("11B 22B JJJ 4B JJ GD JJJ", id="eight-jokers"),
    ],
)
def test_jokers_in_groups_of_three_or_more_ruling_n2(hand: str) -> None:
    """Guide: 'Jokers can be used as a substitute for any tile in a grouping of 3 or more tiles.' /
    'In a grouping of 3 or more tiles, you may use as many jokers as you have access to. For example,
    if you need four like tiles and you have none of them, but you have four jokers, you may use all
    four jokers as substitutes for that grouping of four tiles.' Ruling N2. With jokers the value is
    not doubled: 25."""
    assert assert_winning(ONE_SUIT, hand).points == 25


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("1B J 22B 333B 444B GDGDGDGD", id="in-a-pair"),
        pytest.param("JJ 22B 333B 444B GDGDGDGD", id="a-pair-of-jokers"),
        pytest.param("11B 2B J 333B 444B GDGDGDGD", id="in-the-second-pair"),
    ],
)
def test_no_joker_in_a_pair_ruling_n2(hand: str) -> None:
    """Guide: 'Jokers can not be used for a single or a pair.' Ruling N2: 'never in a single, a
    pair'."""
    assert_not_winning(ONE_SUIT, hand)


NEWS_LINE = nmjl(card(("NEWS 2222x 4444y FF", 25)))
YEAR_LINE = nmjl(card(("2026x 2026y FFFF 22z", 25)))


def test_news_takes_no_joker_ruling_n2() -> None:
    """Guide: 'This also applies for a grouping of winds that are not like tiles (ex. NEWS). These
    are all considered singles and no jokers can be used.' Ruling N2."""
    assert_winning(NEWS_LINE, "N E W S 2222B 4444C FF")
    assert_not_winning(NEWS_LINE, "N E W J 2222B 4444C FF")
    assert_not_winning(NEWS_LINE, "J E W S 2222B 4444C FF")
    # a joker in the kong is fine: 25, not doubled
    assert assert_winning(NEWS_LINE, "N E W S 2222B 444C J FF").points == 25


def test_year_digits_take_no_joker_ruling_n2() -> None:
    """Guide: 'In the current year section of the card, any grouping with the year (ex. 2024) is
    considered a group of singles. Each tile is a single as they are not like tiles.' Ruling N2:
    'never in ... a group of different tiles (NEWS, year digits ...)'."""
    assert_winning(YEAR_LINE, "2B WD 2B 6B 2C WD 2C 6C FFFF 2D 2D")
    assert_not_winning(YEAR_LINE, "2B WD 2B J 2C WD 2C 6C FFFF 2D 2D")
    assert_not_winning(YEAR_LINE, "2B J 2B 6B 2C WD 2C 6C FFFF 2D 2D")
    assert_winning(YEAR_LINE, "2B WD 2B 6B 2C WD 2C 6C FFF J 2D 2D")  # the flower kong takes one


def test_jokers_stand_for_flowers_ruling_n2() -> None:
    """Ruling N2: 'Jokers stand in only in groups of 3 or more identical tiles, flowers included'."""
    flowers = nmjl(card(("FFFF 2222x 4444x 66y", 25), ("FF 2222x 4444x 6666y", 25)))
    assert assert_winning(flowers, "FF JJ 2222B 4444B 66C").points == 25
    assert_not_winning(flowers, "F J 2222B 4444B 6666C")  # the flower pair of the second line


def test_ten_jokers_option() -> None:
    """Guide: 'Typical American Mahjong tile sets will also include 2 additional jokers (for a total
    of 10 jokers) ... Some people include the extra jokers ... this is a deviation from the NMJL
    rules of play.' With 10 jokers, ten can stand in; with 8 (the NMJL rules) a hand of ten jokers
    cannot exist (ruling T5)."""
    winds = card(("NNNN EEEE SSSS WW", 25))
    hand = "JJJJ JJJJ SS JJ WW"
    assert assert_winning(nmjl(winds, jokers=10), hand).points == 25
    with pytest.raises(mr.TileSetError):
        nmjl(winds).evaluate(hand)


def test_the_games_tiles_ruling_t5() -> None:
    """Guide: 'American Mahjong is played with 152 tiles: 36 Bamboos, 36 Characters, 36 Dots, 16
    Winds, 12 Dragons, 8 Flowers, 8 Jokers' / 'There are 4 of each numbered tile and each dragon.'
    Ruling T5: more of a tile than that raises an error. With the two extra jokers: 154 tiles."""
    tileset = nmjl(GUIDE_2468).options.tileset
    assert tileset.total == 152
    assert [tileset.count(T(name)) for name in ("1B", "9C", "5D", "GD", "RD", "WD", "N", "E", "W", "S")] == [4] * 10
    assert (tileset.count(T("F")), tileset.count(J)) == (8, 8)
    assert nmjl(GUIDE_2468, jokers=10).options.tileset.total == 154
    with pytest.raises(mr.TileSetError):
        nmjl(GUIDE_2468).evaluate("JJJJ JJJJ J 444B 6666B")


# -- the Soap as zero ------------------------------------------------------------------------------


def test_soap_as_zero_in_any_suit_ruling_n3() -> None:
    """Guide: 'The white dragon (soap) is used as zero.' Ruling N3: 'The Soap (White dragon) written
    as 0 in a line is suitless'. A kong of zeros is the Soap with Bams and Craks alike."""
    zeros = nmjl(card(("0000 2222x 4444y FF", 25)))
    assert_winning(zeros, "WDWDWDWD 2222B 4444C FF")
    assert_winning(zeros, "WDWDWDWD 2222C 4444D FF")
    assert_not_winning(zeros, "GDGDGDGD 2222B 4444C FF")  # the Bams' dragon is no zero
    assert_not_winning(zeros, "RDRDRDRD 2222B 4444C FF")


def test_soap_as_a_dragon_is_the_dots_dragon_ruling_n3() -> None:
    """Ruling N3: '... written as a dragon of a colour it is the Dots' dragon (T1)': ``DDDDx`` is the
    Soap only when x is Dots."""
    dragons = nmjl(card(("DDDDx 2222x 4444y FF", 25)))
    assert_winning(dragons, "WDWDWDWD 2222D 4444C FF")
    assert_not_winning(dragons, "WDWDWDWD 2222B 4444C FF")
    assert_winning(dragons, "GDGDGDGD 2222B 4444C FF")


# -- exposures -------------------------------------------------------------------------------------

EXPOSED = nmjl(GUIDE_2468)
CONCEALED = nmjl(card(("222x 444x 6666x 8888x", 25, True)))


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("[222B] 444B 6666B 8888B", id="a-pung"),
        pytest.param("[4B 4B J] 222B 6666B 8888B", id="a-pung-with-a-joker"),
        pytest.param("[8888B] [6666B] 222B 444B", id="two-kongs"),
        pytest.param("[8B JJJ] [66B JJ] 222B 444B", id="two-kongs-with-jokers"),
        pytest.param("[JJJJ=8B] 222B 444B 6666B", id="a-kong-of-jokers"),
    ],
)
def test_an_exposure_is_a_whole_group_ruling_n4(hand: str) -> None:
    """Guide: 'when the tile is picked up, that tile along with the other like tiles in that grouping
    must be exposed face up'. Ruling N4: 'Every exposed set must be exactly one whole group of the
    line'."""
    assert_winning(EXPOSED, hand)


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        pytest.param("[666B] 6B 222B 444B 8888B", "exposure-not-a-group", id="part-of-a-kong"),
        pytest.param("[66B J] 6B 222B 444B 8888B", "exposure-not-a-group", id="part-of-a-kong-with-a-joker"),
        pytest.param("[6666B J] 222B 444B 888B", "exposure-not-a-group", id="a-kong-and-more"),
        pytest.param("[2222B] 44B 6666B 8888B", "exposures-fit-no-line", id="a-pung-as-a-kong"),
        pytest.param("[22B] 2B 444B 6666B 8888B", "exposed-pair", id="a-pair"),
        pytest.param("[2B 4B 6B] 22B 44B 666B 8888B", "not-like-tiles", id="different-tiles"),
    ],
)
def test_an_exposure_that_is_no_whole_group_ruling_n4(hand: str, code: str) -> None:
    """Ruling N4: 'Every exposed set must be exactly one whole group of the line'. Guide: 'The tile
    being called must complete a grouping of 3 or more tiles' (so no pair is ever exposed, nor a
    grouping of tiles that are not like tiles). The first three hands hold the line's tiles, but an
    exposure cuts across its groups (``exposure-not-a-group``); the fourth's exposed kong of 2s is
    no group of any line (``exposures-fit-no-line``)."""
    assert codes(assert_not_winning(EXPOSED, hand)) == [code]


@pytest.mark.parametrize(
    ("pattern", "hand"),
    [
        # a pung without jokers and one with: each exposure takes the group it can be
        pytest.param("NNN! NNN 2222x 2222y", "[NNN] N JJ 2222B 2222C", id="natural-pung-the-banned-group"),
        pytest.param("NNN! NNN 2222x 2222y", "[N JJ] NNN 2222B 2222C", id="joker-pung-the-other-group"),
        pytest.param("NNN! NNN 2222x 2222y", "[N JJ] [NNN] 2222B 2222C", id="both-exposed"),
        # a pair and a pung of one tile: the exposed pung leaves the pair to the hand
        pytest.param("22x 222x 4444x 66y 888y", "[2B 2B J] 22B 4444B 66C 888C", id="pung-beside-a-pair"),
        # two groups of flowers of different sizes
        pytest.param("FFF FFFF 2222x 444x", "[FFF] [FFFF] 2222B 444B", id="flower-pung-and-kong"),
        pytest.param("FFF FFFF 2222x 444x", "[FF J] FFFF 2222B 444B", id="flower-pung-with-a-joker"),
        # either alternative may be exposed
        pytest.param("FFFF 2222x|5555x DDDx DDDy", "[5555B] FFFF GDGDGD RDRDRD", id="an-alternative"),
        pytest.param("NNNNN 2222x 2222y 3x", "[NNNN J] 2222B 2222C 3B", id="a-quint"),
    ],
)
def test_exposures_take_whole_groups_ruling_n4(pattern: str, hand: str) -> None:
    """Ruling N4: 'Every exposed set must be exactly one whole group of the line'; each exposure here
    is one."""
    assert_winning(nmjl(card((pattern, 25))), hand)


def test_an_exposed_pung_leaves_a_pair_to_natural_tiles_ruling_n2() -> None:
    """Ruling N2 with N4: on ``22x 222x ...`` an exposed natural pung of 2 Bams is the pung; the pair
    of 2s left must be two natural 2 Bams, not a 2 Bam and a joker."""
    evaluation = assert_not_winning(nmjl(card(("22x 222x 4444x 66y 888y", 25))), "[222B] 2B J 4444B 66C 888C")
    assert evaluation.reasons[0].code in {"exposure-not-a-group", "no-line"}


def test_a_joker_in_an_exposure_is_a_joker_in_the_hand_ruling_n5() -> None:
    """Ruling N5: 'a jokerless hand doubles the value': a joker in an exposed set is in the hand."""
    assert assert_winning(EXPOSED, "[4B 4B J] 222B 6666B 8888B").points == 25
    assert assert_winning(EXPOSED, "[444B] 222B 6666B 8888B").points == 50


def test_a_concealed_line_allows_no_exposure_ruling_n4() -> None:
    """Guide: 'C- concealed hand ... You may not call (pick up) a discarded tile when playing a
    concealed line. The only exception to this rule is that you may call (pick up) a discarded tile
    if that tile is the last tile needed to declare a mahjong.' Ruling N4: 'a concealed (C) line
    allows no exposure except the tile called for Mahjong'."""
    assert codes(assert_not_winning(CONCEALED, "[222B] 444B 6666B 8888B")) == ["concealed-line"]
    assert codes(assert_not_winning(CONCEALED, "[8888B] 222B 444B 6666B")) == ["concealed-line"]
    assert assert_winning(CONCEALED, "222B 444B 6666B 8888B", mr.WinContext(self_drawn=True)).points == 50
    # won on a discard: the Mahjong tile was called, the hand stays concealed (ruling T2)
    assert assert_winning(CONCEALED, "222B 444B 6666B 8888B", mr.WinContext(winning_tile=T("8B"))).points == 50


# -- value -----------------------------------------------------------------------------------------

# Two lines a hand with a joker kong of 8s completes both of: the 8s in the suit of the rest (25), or
# in another suit (40).
VALUES = nmjl(card(("222x 444x 6666x 8888x", 25), ("222x 444x 6666x 8888y", 40)))


def test_the_best_line_wins_ruling_n5() -> None:
    """Ruling N5: 'The hand is worth the highest-valued line it matches.' ``222B 444B 6666B JJJJ``
    completes both lines (the jokers as 8 Bams or as 8 Craks or Dots): 40."""
    evaluation = assert_winning(VALUES, "222B 444B 6666B JJJJ")
    assert evaluation.points == 40
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description.startswith("Lines #2")


def test_each_line_alone_ruling_n5() -> None:
    """Ruling N5: the line's value, doubled without jokers: 8888 in the suit of the rest is only the
    first line (25 x 2), in another suit only the second (40 x 2)."""
    first = assert_winning(VALUES, "222B 444B 6666B 8888B")
    assert first.points == 50
    assert first.arrangement is not None
    assert first.arrangement.description.startswith("Lines #1")
    assert assert_winning(VALUES, "222B 444B 6666B 8888C").points == 80


def test_equal_lines_the_first_on_the_card_ruling_t3() -> None:
    """Ruling T3: 'it is worth its best arrangement (the one that scores the most; ties broken by a
    documented, deterministic order)': two lines of equal value, the first on the card."""
    ties = nmjl(card(("222x 444x 6666x 8888y", 30), ("222x 444x 6666x 8888x", 30)))
    evaluation = assert_winning(ties, "222B 444B 6666B JJJJ")
    assert evaluation.points == 30
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description.startswith("Lines #1")


def test_jokerless_doubles_the_value_ruling_n5() -> None:
    """Ruling N5: 'a jokerless hand doubles the value except on Singles and Pairs lines'; the
    breakdown shows the line and the doubling."""
    evaluation = assert_winning(EXPOSED, "222B 444B 6666B 8888B")
    assert evaluation.points == 50
    assert [item.points for item in evaluation.breakdown] == [25, 25]
    assert assert_winning(EXPOSED, "222B 444B 6666B 888B J").points == 25


# A Singles and Pairs line (50, pairs only, concealed as every line of that section) and an X line of
# kongs (30) that the same tiles complete: two pairs of 2 Bams are a kong of 2 Bams.
PAIRS_OR_KONGS = card(("22x 22x 44x 44x 66y 66y 88z", 50, True), ("2222x 4444x 6666y 88z", 30))


def test_singles_and_pairs_not_doubled_ruling_n5() -> None:
    """Ruling N5: '... except on Singles and Pairs lines'. Guide: 'Singles and pairs- the singles and
    pair section of the card is made up of lines that include various groupings of 1 or 2 tiles.'
    A hand only the pairs line takes (the 8s are in a third suit, as two pairs of one suit): 50."""
    pairs = nmjl(card(("FF 22x 44x 66x 88x 66y 88y", 50, True)))
    evaluation = assert_winning(pairs, "FF 22B 44B 66B 88B 66C 88C")
    assert evaluation.points == 50
    assert [item.points for item in evaluation.breakdown] == [50]


def test_best_after_doubling_ruling_t3() -> None:
    """Ruling T3: 'worth its best arrangement (the one that scores the most)', with N5's doubling:
    ``2222B 4444B 6666C 88D`` completes the pairs line (50, not doubled) and the kongs line (30,
    doubled: 60): 60 on the kongs line."""
    evaluation = assert_winning(nmjl(PAIRS_OR_KONGS), "2222B 4444B 6666C 88D")
    assert evaluation.points == 60
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description.startswith("Lines #2")


@pytest.mark.parametrize(
    ("multiplier", "points", "line"),
    [
        pytest.param(1, 50, "Lines #1", id="times-1-pairs-line-best"),
        pytest.param(2, 60, "Lines #2", id="times-2-kongs-line-best"),
        pytest.param(3, 90, "Lines #2", id="times-3"),
    ],
)
def test_jokerless_multiplier_is_an_option_ruling_n5(multiplier: int, points: int, line: str) -> None:
    """Ruling N5: 'Each multiplier is an option.' Without doubling the kongs line is 30 and the pairs
    line 50 is best; times 3 the kongs line is 90."""
    evaluation = assert_winning(nmjl(PAIRS_OR_KONGS, jokerless_multiplier=multiplier), "2222B 4444B 6666C 88D")
    assert evaluation.points == points
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description.startswith(line)


def test_bang_only_line_is_singles_and_pairs_ruling_n5() -> None:
    """Format: 'A line in which no joker can stand anywhere (only pairs, singles and ``!`` groups) is
    a *Singles and Pairs* line for ruling N5: a hand without jokers is not doubled on it.'"""
    banned = nmjl(card(("FFFF! NEWS 3333x! 33y", 40)))
    assert assert_winning(banned, "FFFF N E W S 3333B 33C").points == 40
    allowed = nmjl(card(("FFFF! NEWS 3333x 33y", 40)))
    assert assert_winning(allowed, "FFFF N E W S 3333B 33C").points == 80


# -- reasons ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        pytest.param("222B 444B 6666B 888B", "wrong-size", id="13-tiles"),
        pytest.param("222B 444B 6666B 8888B N", "wrong-size", id="15-tiles"),
        pytest.param("1B 3B 5B 7B 9B 1C 3C 5C 7C 9C N E W S", "no-line", id="no-line"),
        pytest.param("222B 444B 6666B 8888C", "no-line", id="one-tile-off"),
        pytest.param("[22B] 2B 444B 6666B 8888B", "exposed-pair", id="exposed-pair"),
        pytest.param("[N E W S] 222B 444B 6666B", "not-like-tiles", id="exposed-singles"),
        pytest.param("[333B] 22B 444B 6666B 88B", "exposures-fit-no-line", id="exposures-fit-no-line"),
    ],
)
def test_reason_codes(hand: str, code: str) -> None:
    """Ruling T5: 'a hand of the wrong size is simply not winning, with that reason'; a hand matching
    no line, or whose exposures are no whole group of any line (ruling N4), says so."""
    assert codes(assert_not_winning(EXPOSED, hand)) == [code]


def test_concealed_line_reason_code() -> None:
    """Ruling N4: 'a concealed (C) line allows no exposure': the hand would complete a C line but
    for its exposure."""
    assert codes(assert_not_winning(CONCEALED, "[444B] 222B 6666B 8888B")) == ["concealed-line"]


def test_too_many_of_a_tile_ruling_t5() -> None:
    """Ruling T5: 'A hand holding more of a tile than the game's tile set has (jokers and flowers
    included) raises an error'."""
    with pytest.raises(mr.TileSetError):
        EXPOSED.evaluate("22222B 444B 6666B 88B")
    with pytest.raises(mr.TileSetError):
        EXPOSED.evaluate("FFFFFFFFF 222B 444B")


# -- decompositions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand",
    [
        "222B 444B 6666B 8888B",
        "222B 444B 6666B JJJJ",
        "222B 444B 6666B 8888C",
        "222B 444B 6666B 888C J",
        "[444B] 222B 6666B 8888B",
        "222B 444B 6666B 888B N",
        "222B 444B 6666C 8888C",
        "[22B] 2B 444B 6666B 8888B",
        "222B 444B 6666B 888B",
    ],
)
def test_decompositions_exactly_when_winning(hand: str) -> None:
    """Ruling T3: a hand arranged 'in several valid ways' is worth its best arrangement: there is an
    arrangement exactly when the hand wins, and the first is the evaluation's."""
    evaluation = VALUES.evaluate(hand)
    arrangements = list(VALUES.decompositions(hand))
    assert bool(arrangements) is evaluation.is_winning
    if arrangements:
        assert arrangements[0].description == evaluation.arrangement.description  # type: ignore[union-attr]


def test_decompositions_one_per_completed_hand() -> None:
    """``222B 444B 6666B JJJJ`` completes three concrete hands: the first line with Bams (the jokers
    8 Bams), the second with 8 Craks or 8 Dots. The 40 line first (ruling N5)."""
    arrangements = list(VALUES.decompositions("222B 444B 6666B JJJJ"))
    assert len(arrangements) == 3
    assert [arrangement.description[:8] for arrangement in arrangements] == ["Lines #2", "Lines #2", "Lines #1"]
    kongs = {meld.represents for arrangement in arrangements for meld in arrangement.melds if meld.joker_count}
    assert kongs == {T("8B"), T("8C"), T("8D")}


# -- tiles away, waits, discard options ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "away"),
    [
        pytest.param("222B 444B 6666B 8888B", 0, id="complete"),
        pytest.param("222B 444B 6666B 888B", 1, id="13-tiles-one-short"),
        pytest.param("222B 444B 6666B 888B N", 1, id="one-stray"),
        pytest.param("22B 44B 6666B 8888B N E", 2, id="two-strays"),
        pytest.param("22B 44B 6666B 8888B J N", 1, id="a-joker-fills-a-pung"),
        pytest.param("JJJ 444B 6666B 888B", 1, id="a-pung-of-jokers"),
        # Bams: 2s and 4s, 6 tiles, 8 away; Craks: 6s and 8s, 8 tiles, 6 away
        pytest.param("222B 444B 6666C 8888C", 6, id="two-suits"),
        # Bams 222 + 8888 = 7 tiles; Craks 444 = 3; Dots 6666 = 4: 7 away
        pytest.param("222B 444C 6666D 8888B", 7, id="three-suits"),
        # exposed 8888B: 222B 444B 6666B still needed, 666B held
        pytest.param("[8888B] 222B 444B 666B N", 1, id="an-exposure"),
    ],
)
def test_tiles_away_on_the_guides_2468_line(hand: str, away: int) -> None:
    """Guide: 'A player is building the following line under the 2468 section: 222 444 6666 8888'.
    Tiles away: the fewest tiles to exchange to complete the line, jokers filling pungs and kongs
    (Guide: 'Jokers can be used as a substitute for any tile in a grouping of 3 or more tiles')."""
    assert EXPOSED.tiles_away(hand) == away


def test_tiles_away_jokers_never_fill_a_pair() -> None:
    """Guide: 'Jokers can not be used for a single or a pair': on ``2222x 44x 66x 8888x FF`` the joker
    held cannot be the second 4: still 1 away."""
    pairs = nmjl(card(("2222x 44x 66x 8888x FF", 25)))
    assert pairs.tiles_away("2222B 4B J 66B 8888B FF") == 1
    assert pairs.tiles_away("2222B 4B 66B 8888B FF") == 1
    assert pairs.tiles_away("222B J 44B 66B 8888B FF") == 0


def test_tiles_away_exposures_fit_no_line() -> None:
    """Ruling N4: an exposed set that is no whole group of any line: the hand can never win."""
    with pytest.raises(mr.UnreachableError):
        EXPOSED.tiles_away("[666B] 6B 222B 444B 8888B")


def test_tiles_away_sizes() -> None:
    """Tiles away is for the hands a player holds: 13 or 14 tiles."""
    with pytest.raises(mr.HandSizeError):
        EXPOSED.tiles_away("222B 444B 6666B 88B")


@pytest.mark.parametrize(
    ("hand", "waits"),
    [
        # the kong of 8s lacks one: an 8 Bam or a joker
        pytest.param("222B 444B 6666B 888B", {"8B", "J"}, id="kong-of-8s"),
        pytest.param("22B 444B 6666B 8888B", {"2B", "J"}, id="pung-of-2s"),
        # two tiles short: no wait
        pytest.param("22B 44B 6666B 8888B N", set(), id="two-away"),
    ],
)
def test_waits_on_the_guides_2468_line(hand: str, waits: set[str]) -> None:
    """Guide: '222 444 6666 8888'; a joker completes a grouping of 3 or more ('Jokers can be used as
    a substitute for any tile in a grouping of 3 or more tiles')."""
    assert EXPOSED.waits(hand) == {T(name) for name in waits}


def test_waits_with_an_exposure_ruling_n4() -> None:
    """Ruling N4: the exposed kong of 8 Bams is a whole group; the hand waits on the fourth 6 Bam or a
    joker for the kong of 6s."""
    assert EXPOSED.waits("[8888B] 222B 444B 666B") == {T("6B"), J}


def test_waits_no_joker_for_a_pair() -> None:
    """Guide: 'Jokers can not be used for a single or a pair': waiting on the second 4 of a pair,
    only a 4 Bam completes the hand."""
    pairs = nmjl(card(("2222x 44x 66x 8888x FF", 25)))
    assert pairs.waits("2222B 4B 66B 8888B FF") == {T("4B")}


def test_waits_only_a_joker_for_a_fifth_tile() -> None:
    """Guide: 'Quints- the quints section includes lines that have at least one grouping of 5 tiles'
    ('There are 4 of each numbered tile'): holding all four 2 Bams, only a joker makes the quint."""
    quints = nmjl(card(("22222x 444x 6666x FF", 40)))
    assert quints.waits("2222B 444B 6666B FF") == {J}
    assert assert_winning(quints, "2222B J 444B 6666B FF").points == 40


def test_discard_options_on_the_guides_2468_line() -> None:
    """Guide: '222 444 6666 8888'. Holding ``222B 444B 6666B 888B N``, discarding the North leaves the
    hand 1 away, waiting on an 8 Bam (1 unseen: four less the three held) or a joker (8 unseen): 9.
    Discarding any other tile leaves it 2 away."""
    options = EXPOSED.discard_options("222B 444B 6666B 888B N")
    assert str(options[0].discard) == "N"
    best = options[0]
    assert (best.tiles_away, best.helpful, best.helpful_unseen) == (1, frozenset({T("8B"), J}), 9)
    assert {str(option.discard) for option in options} == {"2B", "4B", "6B", "8B", "N"}
    assert all(option.tiles_away == 2 for option in options[1:])
    # with an 8 Bam seen elsewhere, none is left unseen: 0 + 8
    assert EXPOSED.discard_options("222B 444B 6666B 888B N", seen=["8B"])[0].helpful_unseen == 8


def test_discard_options_size() -> None:
    with pytest.raises(mr.HandSizeError):
        EXPOSED.discard_options("222B 444B 6666B 888B")


# -- closest lines ---------------------------------------------------------------------------------

TWO_LINES = nmjl(card(("222x 444x 6666x 8888x", 25), ("2222x 44x 66x 8888x FF", 30)))


def test_closest_lines_on_the_guides_2468_line() -> None:
    """``222B 444B 6666B 888B N``: 1 away from ``222x 444x 6666x 8888x`` (an 8 Bam, which a joker may
    fill, 1 unseen); 4 away from ``2222x 44x 66x 8888x FF`` (a 2 Bam and an 8 Bam for the kongs,
    two flowers for the pair: jokers may fill the kongs only)."""
    first, second = TWO_LINES.closest_lines("222B 444B 6666B 888B N")
    assert (first.line.label, first.tiles_away, first.live_tiles_away, first.value) == ("Lines #1", 1, 1, 25)
    assert first.needed == (T("8B"),)
    assert first.joker_fillable == (T("8B"),)
    assert dict(first.unseen) == {T("8B"): 1}
    assert (first.dead, first.dead_reason) == (False, "")
    assert [Counter(group) for group in first.target] == [
        tiles("2B 2B 2B"),
        tiles("4B 4B 4B"),
        tiles("6B 6B 6B 6B"),
        tiles("8B 8B 8B 8B"),
    ]
    assert (second.line.label, second.tiles_away, second.value) == ("Lines #2", 4, 30)
    assert Counter(second.needed) == tiles("2B 8B F F")
    assert Counter(second.joker_fillable) == tiles("2B 8B")
    assert dict(second.unseen) == {T("2B"): 1, T("8B"): 1, T("F"): 8}


def test_closest_lines_equal_distance_higher_value_first() -> None:
    """Closest lines are ranked by tiles away, then the higher value (ruling N5: 'The hand is worth
    the highest-valued line it matches'): ``222B 444B 6666B N E W S`` holds ten tiles of each line
    (4 away from both), the 40 line first."""
    ranked = VALUES.closest_lines("222B 444B 6666B N E W S")
    assert [(distance.line.label, distance.tiles_away) for distance in ranked] == [("Lines #2", 4), ("Lines #1", 4)]


def test_closest_lines_limit() -> None:
    assert [distance.line.label for distance in TWO_LINES.closest_lines("222B 444B 6666B 888B N", limit=1)] == [
        "Lines #1"
    ]


def test_a_kong_stays_live_through_jokers() -> None:
    """Guide: 'you may use as many jokers as you have access to': with every 8 Bam but the hand's
    three gone, the kong of 8s can still be made with a joker; the line is live."""
    distance = TWO_LINES.closest_lines("222B 444B 6666B 888B N", seen=["8B"])[0]
    assert distance.line.label == "Lines #1"
    assert (distance.dead, distance.live_tiles_away) == (False, 1)


def test_a_pair_with_no_copy_left_is_dead() -> None:
    """Guide: 'Jokers can not be used for a single or a pair': on ``2222x 44x 66x 8888x FF`` the hand
    ``2222B 4B 66B 8888B FF N`` needs a 4 Bam for its pair; with the three others seen, the Bams hand
    is dead; the line lives on in Craks or Dots (12 tiles away: only the flower pair is held)."""
    pairs = nmjl(card(("2222x 44x 66x 8888x FF", 25)))
    distance = pairs.closest_lines("2222B 4B 66B 8888B FF N", seen=["4B", "4B", "4B"])[0]
    assert (distance.tiles_away, distance.dead, distance.live_tiles_away) == (1, False, 12)


def test_a_line_dead_for_want_of_a_flower() -> None:
    """Every hand of ``2222x 44x 66x 8888x FF`` needs a flower pair; holding one flower with the seven
    others seen, no joker can stand in the pair: the line is dead."""
    pairs = nmjl(card(("2222x 44x 66x 8888x FF", 25)))
    distance = pairs.closest_lines("2222B 44B 66B 8888B F N", seen=["F"] * 7)[0]
    assert distance.tiles_away == 1
    assert distance.dead
    assert distance.live_tiles_away is None
    assert distance.dead_reason


def test_closest_lines_ruled_out_by_exposures_ruling_n4() -> None:
    """Ruling N4: an exposed pung of 6s is no whole group of ``222x 444x 6666x 8888x`` (its 6s are a
    kong); ``222x 444x 666x 88x 888y`` has a pung of 6s, but is a concealed line, which takes no
    exposure at all."""
    lines = nmjl(card(("222x 444x 6666x 8888x", 25), ("222x 444x 666x 88x 888y", 25, True)))
    first, second = lines.closest_lines("[666B] 222B 444B 8888B")
    assert first.tiles_away is None
    assert second.tiles_away is None
    assert first.dead
    assert second.dead
    assert {first.dead_reason, second.dead_reason} == {
        "an exposed set is not a whole group of the line",
        "a concealed line allows no exposures",
    }
