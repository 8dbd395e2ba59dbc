"""The features of card format 2 (``docs/card_format.rst``): ``suits``, number variables, named
dragons and any dragon, ``-or-`` alternatives, labels, what a line means exactly (moves per choice
of ``|`` alternative, jokers judged on concrete tiles), nothing lost silently, format 1 kept, and
the limits on work, nesting and files.

Sources: ``docs/card_format.rst`` ("Format"), ``rules/american-nmjl-guide.txt`` ("Guide") and the
rulings N2, N3, N5 and T1. Every card line here is invented (ruling N1). Counts of concrete hands
and the columns of faults are worked out by hand in the docstrings, never taken from the code.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset
from mahjong_rules.rulesets.nmjl import card as card_module
from tests.nmjl_cards import FIRST_ROW, HEADER_2, PATTERN_COLUMN, card_text, table

# Format-2 cards (tests/nmjl_cards.py: card line k on line 5 + k of the text, character i of a
# pattern at column 13 + i).
HEADER = HEADER_2


def one_line(pattern: str, value: int = 25, **keys: object) -> mr.Card:
    return mr.parse_card(card_text(table(pattern, value, **keys)))


def hands_of(pattern: str, **keys: object) -> int:
    return len(mr.parse_card(card_text(table(pattern, 25, **keys))).lines[0].variants)


def nmjl(card: mr.Card) -> NmjlRuleset:
    ruleset = mr.get_ruleset("nmjl", card=card)
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


def wins(card: mr.Card, hand: str) -> bool:
    return nmjl(card).evaluate(mr.Hand.parse(hand)).is_winning


def refused(text: str) -> mr.CardError:
    with pytest.raises(mr.CardError) as caught:
        mr.parse_card(text)
    return caught.value


def refused_line(pattern: str, **keys: object) -> mr.CardError:
    return refused(card_text(table(pattern, 25, **keys)))


# -- suits -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("111B 2222B 333B 4444B", True, id="one-suit"),
        pytest.param("111B 2222B 333C 4444C", True, id="two-suits"),
        pytest.param("333D 4444D 555B 6666B", True, id="two-suits-moved"),
        pytest.param("111B 2222C 333C 4444C", False, id="x-split"),
    ],
)
def test_any_1_or_2_suits(hand: str, winning: bool) -> None:
    """Format: 'Any 1 or 2 Suits: ``111x 2222x 333y 4444y``, ``suits = "1 or 2"``: the 1s and 2s in
    one suit, the 3s and 4s in the same suit or another'."""
    assert wins(one_line("111x 2222x 333y 4444y", suits="1 or 2", numbers="any"), hand) is winning


def test_suits_counts_concrete_hands() -> None:
    """Format: 'the line's hands are those that use one of the allowed numbers of different suits'.
    Two variables: one suit 3 ways, two suits 3 x 2 = 6 ways; with ``numbers = "any"`` the run 1-4
    moves to 1..6: (3 + 6) x 6 = 54. Three variables, "1 or 3": 3 + 3! = 9, never two suits."""
    assert hands_of("111x 2222x 333y 4444y", suits="1 or 2", numbers="any") == 54
    assert hands_of("111x 2222x 333y 4444y", numbers="any") == 36  # two suits only: 6 x 6
    assert hands_of("1111x 33y 555z 77y 999x", suits="1 or 3") == 9
    card = one_line("1111x 33y 555z 77y 999x", suits="1 or 3")
    assert wins(card, "1111B 33B 555B 77B 999B")
    assert wins(card, "1111B 33C 555D 77C 999B")
    assert not wins(card, "1111B 33C 555C 77C 999B")  # two suits


def test_some_groups_alike_the_others_free() -> None:
    """Format: '5s and 9s alike, 7s any suit: ``FF 5555x 7777y 9999x``, ``suits = "1 or 2"``: the 7s
    in the suit of the 5s and 9s or in another' (3 + 6 = 9 hands)."""
    card = one_line("FF 5555x 7777y 9999x", suits="1 or 2")
    assert len(card.lines[0].variants) == 9
    assert wins(card, "FF 5555B 7777B 9999B")
    assert wins(card, "FF 5555B 7777C 9999B")
    assert not wins(card, "FF 5555B 7777B 9999C")


@pytest.mark.parametrize(
    ("written", "counts"),
    [
        pytest.param("1 or 2", (1, 2), id="words"),
        pytest.param("1, 2 or 3", (1, 2, 3), id="three"),
        pytest.param("2-3", (2, 3), id="range"),
        pytest.param("any", (1, 2, 3), id="any"),
        pytest.param(2, (2,), id="number"),
        pytest.param([3, 1], (1, 3), id="list"),
    ],
)
def test_suits_forms(written: object, counts: tuple[int, ...]) -> None:
    """Format: '``suits``: ``"1 or 2"``, ``"1 or 3"``, ``"2 or 3"``, ``"any"``, a number, or a list
    such as ``[1, 2]``'."""
    assert one_line("1111x 333y 555z FF 99x", suits=written).lines[0].suits == counts


@pytest.mark.parametrize(
    ("pattern", "written", "message"),
    [
        pytest.param("1111x 333y 555z FF 99x", "1 or 4", "'suits' is how many", id="four-suits"),
        pytest.param("1111x 333y 555z FF 99x", 0, "'suits' is how many", id="zero"),
        pytest.param("1111x 333y 555z FF 99x", "some", "'suits' is how many", id="word"),
        pytest.param("1111x 333y 555y FF 99x", 3, "2 suit variables", id="more-than-variables"),
        pytest.param("NNNN EEEE SSSS WW", "1 or 2", "no suit variables", id="no-variables"),
    ],
)
def test_suits_refused(pattern: str, written: object, message: str) -> None:
    """Format: '``suits`` ... may not allow more suits than the pattern has variables'; refused
    'when a key is missing, unknown or of the wrong type'."""
    error = refused_line(pattern, suits=written)
    assert message in error.problem
    assert error.line == FIRST_ROW


# -- number variables ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("FF 2B WD 2B 5B 222C 222D GDGD", True, id="2s"),
        pytest.param("FF 2B WD 2B 5B 555C 555D RDRD", True, id="5s"),
        pytest.param("FF 2B WD 2B 5B 222C 555D GDGD", False, id="unlike"),
        pytest.param("FF 2B WD 2B 5B 333C 333D GDGD", False, id="3s"),
        pytest.param("FF 2B WD 2B 5B 555B 555D GDGD", False, id="pung-in-the-year-suit"),
    ],
)
def test_like_pungs_2s_or_5s_next_to_the_year(hand: str, winning: bool) -> None:
    """Format: 'FF 2025 222 222 DD, Like Pungs 2s or 5s: ``FF 2025x aaay aaaz DD``, ``a = [2, 5]``';
    'Each of ``a``, ``b`` and ``c`` is one number wherever it is written'; '``D`` alone: any
    dragon'."""
    assert wins(one_line("FF 2025x aaay aaaz DD", a=[2, 5]), hand) is winning


def test_number_variable_counts() -> None:
    """``FF 2025x aaay aaaz DD``, ``a = [2, 5]``: the year's suit 3 ways (the two pungs take the
    other two suits, in either order: one hand), a 2 ways, the dragon pair 3 ways: 18.
    ``NNNN aaaaax bbbbby``: 'different variables are different numbers': 9 x 8 ordered pairs of
    numbers, 3 x 2 ordered pairs of suits: 432 assignments, each hand twice (a in x and b in y is
    b in y and a in x): 216."""
    assert hands_of("FF 2025x aaay aaaz DD", a=[2, 5]) == 18
    assert hands_of("NNNN aaaaax bbbbby") == 216


def test_different_variables_are_different_numbers() -> None:
    """Format: '**different variables are different numbers**, and a variable may equal a written
    digit'."""
    card = one_line("NNNN aaaaax bbbbby")
    assert wins(card, "NNNN 3333B J 7777C J")
    assert not wins(card, "NNNN 5555B J 5555C J")
    year = one_line("FFFF 2026x aaay aaaz", a=[2, 6])
    assert wins(year, "FFFF 2B WD 2B 6B 222C 222D")  # a = 2, like the year's 2s


def test_number_variables_do_not_move_with_numbers() -> None:
    """Format: 'The Soap (``0``) never moves, nor do the number variables': the run 1-3 moves to
    4-6 while the kongs stay 9s."""
    card = one_line("11x 22x 33x aaaay aaaaz", numbers="any", a=[9])
    assert wins(card, "44B 55B 66B 9999C 9999D")
    assert not wins(card, "44B 55B 66B 3333C 3333D")
    # The run 1-3 takes 1..7 (7 moves), the kongs the two other suits (3 ways): 21 hands.
    assert len(card.lines[0].variants) == 21


def test_pairs_of_any_like_odd_number_next_to_a_fixed_run() -> None:
    """Format: 'FFF 135 55 55 5555, Pairs Any Like Odd No.: ``FFF 135x aay aaz 5555x``,
    ``a = "odd"``'."""
    card = one_line("FFF 135x aay aaz 5555x", a="odd")
    assert wins(card, "FFF 1B 3B 5B 77C 77D 555B J")
    assert not wins(card, "FFF 1B 3B 5B 66C 66D 555B J")
    # x 3 ways, a 5 ways (the pairs take the other suits, one hand either way): 15.
    assert len(card.lines[0].variants) == 15


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        pytest.param({"b": "odd"}, "no number variable b", id="unused"),
        pytest.param({"a": [2, 10]}, "'a' is", id="past-9"),
        pytest.param({"a": "some"}, "'a' is", id="word"),
        pytest.param({"a": []}, "'a' is", id="empty"),
    ],
)
def test_number_variable_keys_refused(keys: dict[str, object], message: str) -> None:
    """Format: '``a``, ``b``, ``c``: ``"any"``, ``"even"``, ``"odd"``, a range such as ``"3-6"``,
    or a list such as ``[2, 5]``'; a key for a variable the pattern does not have is a mistake."""
    error = refused_line("FF 2025x aaay aaaz DD", **keys)
    assert message in error.problem


def test_a_number_variable_needs_a_suit() -> None:
    """Format: 'A variable needs a suit variable after it, like a digit'. The group ``aaa`` starts
    at column 13 + 9 = 22 (after 'FF 2025x ')."""
    error = refused_line("FF 2025x aaa aaaz DD")
    assert (error.line, error.column) == (FIRST_ROW, PATTERN_COLUMN + 9)
    assert "number variable a needs a suit variable" in error.problem


# -- dragons ---------------------------------------------------------------------------------------


def test_named_dragons_whatever_the_suits() -> None:
    """Format: '``G`` ``R`` ``0``: the Green dragon, the Red dragon, the White dragon ... whatever
    the suits'. ``FF GGGG NEWS RRRR`` is one hand."""
    card = one_line("FF GGGG NEWS RRRR")
    assert len(card.lines[0].variants) == 1
    assert wins(card, "FF GDGDGDGD N E W S RDRDRDRD")
    assert wins(card, "FF GDGDGD J N E W S RDRD JJ")
    assert not wins(card, "FF WDWDWDWD N E W S RDRDRDRD")


def test_any_dragon_one_per_group_another_in_each() -> None:
    """Format: '``D`` alone: any dragon: the same dragon within a group, a different dragon in each
    group written with ``D`` alone'. ``FF 2468x DD DDD DDD``: the suit 3 ways, the pair's dragon
    3 ways (the pungs take the other two, one hand either way): 9. ``FF DDDD NEWS DDDD``: two
    different dragons of three, unordered: 3."""
    pungs = one_line("FF 2468x DD DDD DDD")
    assert len(pungs.lines[0].variants) == 9
    assert wins(pungs, "FF 2B 4B 6B 8B GDGD RDRD J WDWDWD")
    assert not wins(pungs, "FF 2B 4B 6B 8B GDGD GDGD J RDRDRD")  # the pair and a pung one dragon
    card = one_line("FF DDDD NEWS DDDD")
    assert len(card.lines[0].variants) == 3
    assert wins(card, "FF GDGDGDGD N E W S WDWDWDWD")


def test_any_dragon_independent_of_the_numbers_suits() -> None:
    """Format: '(such a ``D`` may be a dragon written elsewhere in the line)' and the any-dragon
    groups are not tied to a suit: ``FF 135x DD DDD DDDD`` with 1-3-5 in Bams and the pair Green."""
    card = one_line("FF 135x DD DDD DDDD")
    assert wins(card, "FF 1B 3B 5B GDGD RDRDRD WDWDWDWD")
    assert wins(card, "FF 1B 3B 5B RDRD GDGDGD WDWDWDWD")
    # 3 suits x 3! orders of the three dragons: 18.
    assert len(card.lines[0].variants) == 18
    same = one_line("DDDx DDD 1111x 2222x")  # the D alone may be the suit's own dragon
    assert wins(same, "GDGDGD GD J J 1111B 2222B")


# -- alternatives ----------------------------------------------------------------------------------


def test_or_alternatives_under_one_label() -> None:
    """Format: '``-or-``: between two whole patterns of 14 tiles: either one, under the line's one
    label and value'."""
    card = one_line("EEEE NNN SSS WWWW -or- EEE NNNN SSSS WWW", 40)
    (line,) = card.lines
    assert len(line.layouts) == 2
    assert len(line.variants) == 2
    ruleset = nmjl(card)
    for hand in ("EEEE NNN SSS WWWW", "EEE NNNN SSSS WWW"):
        evaluation = ruleset.evaluate(hand)
        assert evaluation.is_winning
        assert evaluation.breakdown[0].name.startswith("Runs #1: ")
    assert not wins(card, "EEEE NNNN SSS WWW")


def test_each_or_alternative_moves_from_its_own_lowest_digit() -> None:
    """Format: 'each is read on its own': with ``numbers = [2]`` the 1s of the first alternative and
    the 3s of the second both move to 2 (one hand per suit: 3), so 4-5-6 is no hand of the line."""
    card = one_line("FF 1111x 2222x 3333x -or- FF 3333x 4444x 5555x", numbers=[2])
    assert len(card.lines[0].variants) == 3
    assert wins(card, "FF 2222B 3333B 4444B")
    assert not wins(card, "FF 4444B 5555B 6666B")


def test_or_alternatives_have_their_own_variables() -> None:
    """Format: 'each alternative is a full pattern of 14 tiles, read on its own with the line's keys
    (its own suit variables ...)': North-South or East-West, any 3 consecutive numbers: 7 moves x 3
    suits in each alternative: 42."""
    card = one_line("NN SS 111x 222x 3333x -or- EE WW 111x 222x 3333x", numbers="any")
    assert len(card.lines[0].variants) == 42
    assert wins(card, "EE WW 555D 666D 7777D")
    assert not wins(card, "NN WW 555D 666D 7777D")


def test_each_bar_choice_moves_as_far_as_its_own_digits_allow() -> None:
    """Format: 'Each choice among a pattern's ``|`` alternatives moves as far as its own digits
    allow'. ``11x 2222y|8888y 3333z 4444x`` with ``numbers = "any"``: with the 2s (digits 1-4) the
    lowest takes 1..6, with the 8s (1-8) only 1..2; 6 suit assignments each: 36 + 12 = 48. Format 1
    lost the 2s' moves past 2 with the 8s (a defect)."""
    card = one_line("11x 2222y|8888y 3333z 4444x", numbers="any")
    assert len(card.lines[0].variants) == 48
    assert wins(card, "55B 6666C 7777D 8888B")  # the 2s' choice moved by 4
    assert wins(card, "22B 9999C 4444D 5555B")  # the 8s' choice moved by 1


def test_a_pair_on_any_number_of_a_run() -> None:
    """Format: 'a pair on any number of a run' written as five ``-or-`` alternatives: each takes
    3 suits for the run, the kongs the two others (one hand either way): 5 x 3 = 15."""
    pattern = " -or- ".join(f"{run}x 6666y 6666z" for run in ("112345", "122345", "123345", "123445", "123455"))
    card = one_line(pattern)
    assert len(card.lines[0].variants) == 15
    assert wins(card, "1B 2B 3B 3B 4B 5B 6666C 6666D")
    assert not wins(card, "1B 2B 3B 4B 5B 5B 6666B 6666D")  # the kongs in the run's suit


# -- jokers on concrete tiles ----------------------------------------------------------------------


def test_jokers_judged_on_the_concrete_tiles() -> None:
    """Format: 'Whether the tiles are the same is decided on the concrete tiles: ``1x1y1z`` with
    ``suits = "1 or 3"`` is a pung of one tile, jokers allowed, when the three variables take one
    suit'; ruling N2."""
    card = one_line("FF 1x1y1z 2x2y2z 33x 44x 55x", suits="1 or 3")
    assert wins(card, "FF 1B 1B J 2B 2B 2B 33B 44B 55B")
    assert wins(card, "FF 1B 1C 1D 2B 2C 2D 33B 44B 55B")
    assert not wins(card, "FF 1B 1C J 2B 2C 2D 33B 44B 55B")  # singles: no joker
    (line,) = card.lines
    assert not line.singles_and_pairs  # a joker may stand in its one-suit hands
    assert one_line("FF 1x1y1z 2x2y2z 33x 44x 55x").lines[0].singles_and_pairs


# -- nothing lost ----------------------------------------------------------------------------------


def test_a_bar_alternative_that_never_fits_is_refused_at_its_place() -> None:
    """Format: 'A line is refused, with the position of the fault, when ... one of a group's ``|``
    alternatives' never gives a hand. With ``numbers = "3-6"`` the 8s reach 10 at every value; the
    alternative ``8888y`` starts at column 13 + 10 = 23 (after '11x 2222y|')."""
    error = refused_line("11x 2222y|8888y 3333z 4444x", numbers="3-6")
    assert (error.line, error.column) == (FIRST_ROW, PATTERN_COLUMN + 10)
    assert "'8888y' (one of '2222y|8888y') never gives a hand" in error.problem


def test_an_or_alternative_that_can_never_be_made_is_refused_at_its_place() -> None:
    """Format: 'one of its ``-or-`` alternatives' never giving a hand: three pairs of North need six
    Norths (no jokers in pairs; the game has 4). The second alternative starts at column 13 + 23."""
    error = refused_line("NNNN EEE SSS WWWW -or- NN NN NN 1111x 2222x")
    assert (error.line, error.column) == (FIRST_ROW, PATTERN_COLUMN + 23)
    assert "the alternative 'NN NN NN 1111x 2222x' never gives a hand" in error.problem


def test_a_listed_value_of_a_number_variable_that_never_fits_is_refused() -> None:
    """Format: 'a value listed for a number variable' never giving a hand: a = 3 would equal b,
    which different variables may not."""
    error = refused_line("aaaax aaaay bbbbz bbz", a=[3, 4], b=[3])
    assert "the value 3 of 'a'" in error.problem


def test_a_number_of_suits_that_never_fits_is_refused() -> None:
    """Format: 'one of the numbers of suits that ``suits`` allows' never giving a hand: in one suit
    the pairs need six 1s and six 2s (pairs take no joker)."""
    error = refused_line("11x 11y 11z 22x 22y 22z FF", suits="1 or 3")
    assert "in 1 different suit" in error.problem


def test_a_whole_line_that_can_never_be_made() -> None:
    """Format: refused 'when a line or a part of it never gives a hand'."""
    error = refused_line("NN NN NN 1111x 2222x")
    assert "can never be made" in error.problem


# -- labels ----------------------------------------------------------------------------------------


def test_a_given_label_names_the_line_everywhere() -> None:
    """Format: 'A line is known by its label: its section and its place in it ... or the ``label`` it
    is given ... The label names the line everywhere: evaluations, closest lines'."""
    card = mr.parse_card(
        card_text(table("EEEE NNN SSS WWWW"), table("FFFF EEEE GGGG WW", label="Winds #7"), table("NN SS EEEE WWWW FF"))
    )
    assert [line.label for line in card.lines] == ["Runs #1", "Winds #7", "Runs #3"]
    assert card.line("winds #7") is card.lines[1]
    ruleset = nmjl(card)
    evaluation = ruleset.evaluate("FFFF EEEE GDGDGDGD WW")
    assert evaluation.breakdown[0].name == "Winds #7: FFFF EEEE GGGG WW"
    assert evaluation.arrangement is not None
    assert evaluation.arrangement.description == "Winds #7: FFFF EEEE GGGG WW (X 25)"
    assert ruleset.closest_lines("FFFF EEEE GDGDGD WW J", limit=1)[0].line.label == "Winds #7"


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        pytest.param(
            (table("EEEE NNN SSS WWWW", label="Runs #2"), table("FFFF EEEE GGGG WW")), "two lines", id="given-default"
        ),
        pytest.param(
            (table("EEEE NNN SSS WWWW", label="Top"), table("FFFF EEEE GGGG WW", label="TOP")), "two lines", id="case"
        ),
        pytest.param((table("EEEE NNN SSS WWWW", label="  "),), "one line of text", id="blank"),
    ],
)
def test_labels_are_unique_and_real(tables: tuple[str, ...], message: str) -> None:
    """Format: 'Labels are unique in a card (case does not count)'."""
    assert message in refused(card_text(*tables)).problem


# -- format 1 --------------------------------------------------------------------------------------

FORMAT_1 = HEADER.replace("format = 2", "format = 1")


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        pytest.param(table("FF 2025x aaay aaaz DD"), "new in format 2", id="number-variable"),
        pytest.param(table("FFFF EEEE GGGG WW"), "new in format 2", id="named-dragon"),
        pytest.param(table("FF 135x DD DDD DDDD"), "in format 2, D alone", id="any-dragon"),
        pytest.param(table("EEEE NNN SSS WWWW -or- EEE NNNN SSSS WWW"), "new in format 2", id="or"),
        pytest.param(table("FF 5555x 7777y 9999x", suits="1 or 2"), "new in format 2", id="suits"),
        pytest.param(table("NNNN EEEE SSSS WW", label="W"), "new in format 2", id="label"),
    ],
)
def test_format_1_refuses_format_2_features_with_a_hint(line: str, hint: str) -> None:
    """Format: 'format 1 is format 2 without ``-or-``, ``suits``, number variables, ``G``, ``R``, ``D``
    alone and ``label``, and a format-1 card that uses one of them is refused with a hint'."""
    assert hint in refused(card_text(line, header=FORMAT_1)).problem


def test_format_1_cards_mean_the_same_in_format_2() -> None:
    """Format: 'every format-1 card means the same as format 2': the tutorial and sample cards'
    format-1 lines give the same hands read either way."""
    text = (Path(card_module.__file__).parent.parent.parent / "cards" / "tutorial.toml").read_text()
    assert "format = 1" in text
    old, new = mr.parse_card(text), mr.parse_card(text.replace("format = 1", "format = 2"))
    assert [line.variants for line in old.lines] == [line.variants for line in new.lines]


# -- concrete hands as written ---------------------------------------------------------------------


def test_concrete_hands_in_the_order_written() -> None:
    """Format: ':attr:`Line.concrete_hands` lists a line's hands, each group's tiles in the order the
    pattern writes them': the year 2026 reads 2, Soap, 2, 6."""
    (line,) = one_line("FFFF 2026x aaay aaaz", a=[2, 6]).lines
    hands = line.concrete_hands
    assert len(hands) == len(line.variants) == 6  # the year's suit 3 ways, a 2 ways
    first = hands[0]
    assert [str(tile) for tile in first[1]] == ["2B", "WD", "2B", "6B"]
    assert mr.format_concrete_hand(first) == "FFFF  2B WD 2B 6B  222C  222D"
    assert all(
        sorted(t.index for t in group) == list(g.tiles)
        for hand, variant in zip(hands, line.variants, strict=True)
        for group, g in zip(hand, variant, strict=True)
    )


# -- limits: work, nesting, files ------------------------------------------------------------------


def test_a_line_with_too_many_choices_is_refused_at_once() -> None:
    """Format: 'more than 50,000 steps of work to expand a line (each assignment ... and alternatives
    tried is a step)': six groups of nine alternatives are 531,441 choices."""
    group = "|".join(f"{number}x" for number in range(1, 10))
    started = time.perf_counter()
    error = refused_line(" ".join([group] * 6) + " FFFF NNNN")
    assert "steps" in error.problem
    assert time.perf_counter() - started < 5  # refused before the work, not after it


def test_the_card_has_a_budget_of_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Format: '... or 100,000 for the card'. With the budget lowered to 700 steps, two lines of
    about 400 steps each (``aaax aaay bbbbx bbbby``: 9 x 8 numbers x 6 suits = 432 assignments) go
    past it on the second line (line 7 of the text)."""
    monkeypatch.setattr(card_module, "MAX_CARD_STEPS", 700)
    line = table("aaax aaay bbbbx bbbby")
    error = refused(card_text(line, line))
    assert "the card takes more than 700 steps" in error.problem
    assert error.line == FIRST_ROW + 1


def test_deep_nesting_is_a_card_error_not_a_crash() -> None:
    """Format: refused when it has 'brackets nested more than 8 deep'; 100,000 brackets (well under
    the size limit) used to overflow the TOML reader's recursion. The ninth bracket is at column 13
    of line 3 ('x = ' then eight brackets)."""
    text = 'format = 2\nname = "Deep"\nx = ' + "[" * 100_000 + "]" * 100_000 + "\n"
    error = refused(text)
    assert (error.line, error.column) == (3, 13)
    assert "nested more than 8 deep" in error.problem
    strings = 'format = 2\nname = "[[[[[[[[[[[[{{{{{{{{{{"\n'  # brackets in a string do not count
    assert "needs at least one [[section]]" in refused(strings).problem


def test_loading_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    """Format: ':func:`load_card` reads regular files only, never a device or a pipe'. A FIFO with
    no writer would block a plain open; /dev/zero never ends; a folder is not a card; a path with a
    NUL character cannot name a file."""
    fifo = tmp_path / "card.fifo"
    os.mkfifo(fifo)
    outcome: list[BaseException | None] = []

    def load() -> None:
        try:
            mr.load_card(fifo)
        except BaseException as error:  # the test checks what it was
            outcome.append(error)
        else:
            outcome.append(None)

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(5)
    assert outcome, "load_card waited on a pipe"
    assert isinstance(outcome[0], mr.CardError)
    assert "not a regular file" in outcome[0].problem
    for path in ("/dev/zero", tmp_path):
        with pytest.raises(mr.CardError, match="not a regular file"):
            mr.load_card(path)
    with pytest.raises(mr.CardError, match="NUL"):
        mr.load_card("a\x00b")


def test_loading_reads_no_more_than_the_limit(tmp_path: Path) -> None:
    """Format: refused when it has 'more than 256 KiB of text'."""
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * (256 * 1024) + "\n")
    with pytest.raises(mr.CardError, match="larger than 256 KiB"):
        mr.load_card(big)
