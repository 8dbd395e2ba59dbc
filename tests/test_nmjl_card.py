"""The card format of the card ruleset (``nmjl``): every key and pattern feature read as
``docs/card_format.rst`` says, the errors with their line and column, loading files, the sample
cards, and a seeded fuzz test.

Sources: ``docs/card_format.rst`` ("Format"), ``rules/american-nmjl-guide.txt`` ("Guide") and the
rulings T1, N1-N3 and N5 of ``RULINGS.md``. Every card line here is invented (ruling N1). Expected
values (matching hands, concrete hand counts, lines and columns) are worked out by hand in the
comments, never taken from the code's output.

Where a fault is located. Format: "A card is refused with a CardError naming the file, the line and
the column of the fault"; CardError: "line: ... 0 when it concerns the whole card". We read it as:
a fault in a pattern is at its character (the docs' example, ``6:34`` on the ``q``), or at the
start of the group or pattern at fault; a key of the wrong type or value is at its value; an
unknown key is at the key; a missing key is at the table that lacks it (``{`` of a line,
``[[section]]`` of a section); a limit is at the first thing beyond it; a card too large to read
concerns the whole card (line 0, column 0).
"""

from __future__ import annotations

import importlib.resources
import random
import re
import time
from pathlib import Path

import pytest

import mahjong_rules as mr
from tests.nmjl_cards import FIRST_ROW, HEADER_1, PATTERN_COLUMN, table
from tests.nmjl_cards import card_text as shared_card_text

# The cards of this file are format 1 (tests/nmjl_cards.py: card line k on line 5 + k of the text,
# character i of a pattern at column 13 + i).
HEADER = HEADER_1


def card_text(*tables: str) -> str:
    return shared_card_text(*tables, header=HEADER)


def one_line(pattern: str, value: int = 25, **keys: object) -> mr.Card:
    return mr.parse_card(card_text(table(pattern, value, **keys)))


def ruleset(card: mr.Card) -> mr.Ruleset:
    return mr.get_ruleset("nmjl", card=card)


def wins(card: mr.Card, hand: str) -> bool:
    return ruleset(card).evaluate(mr.Hand.parse(hand)).is_winning


def fault(text: str) -> tuple[int, int]:
    """The line and column of the CardError the text raises (and that it is one)."""
    with pytest.raises(mr.CardError) as caught:
        mr.parse_card(text)
    error = caught.value
    assert error.source == "<string>"
    assert error.problem
    assert str(error).startswith("<string>")
    return error.line, error.column


# -- the document's keys ---------------------------------------------------------------------------

TWO_SECTIONS = """\
format = 1
name = "Keys card"

[[section]]
name = "2468"
lines = [
  { hand = "222x 4444x 666x 8888x", value = 25 },
  { hand = "FF 2222x 44y 66y 8888z", value = 30, concealed = true, note = "any 3 suits" },
]

[[section]]
name = "Like Numbers"
lines = [
  { hand = "FF 1111x 1111y 1111z", value = 35, numbers = "any", concealed = false },
]
"""


def test_keys_are_read_as_the_docs_say() -> None:
    """Format: '``format`` (required) The format's version: ``1``. ``name`` (required) The card's
    name ... ``[[section]]`` (one or more) A section of the card, in the card's order, with a
    ``name`` ... and ``lines``'; each line has ``hand``, ``value``, ``concealed`` (default
    ``false``), ``numbers`` (default: as written) and ``note`` (optional)."""
    card = mr.parse_card(TWO_SECTIONS)
    assert isinstance(card, mr.Card)
    assert card.name == "Keys card"
    assert card.source == "<string>"
    assert [section.name for section in card.sections] == ["2468", "Like Numbers"]
    first, second, third = card.lines
    assert (first.section, first.number, first.hand, first.value) == ("2468", 1, "222x 4444x 666x 8888x", 25)
    assert (first.concealed, first.numbers, first.note) == (False, None, "")
    assert (second.value, second.concealed, second.note) == (30, True, "any 3 suits")
    assert (third.section, third.number, third.value, third.concealed) == ("Like Numbers", 1, 35, False)
    assert third.numbers == (1, 2, 3, 4, 5, 6, 7, 8, 9)


def test_a_line_is_known_by_its_section_and_place() -> None:
    """Format: 'A line is known by its section and its place in it: the third line of the ``2468``
    section is ``2468 #3``'; a C line is concealed, an X line exposed."""
    card = mr.parse_card(TWO_SECTIONS)
    assert [line.label for line in card.lines] == ["2468 #1", "2468 #2", "Like Numbers #1"]
    assert [line.kind for line in card.lines] == ["X", "C", "X"]
    assert str(card.lines[1]) == "2468 #2: FF 2222x 44y 66y 8888z (C 30)"
    assert card.line("like numbers #1") is card.lines[2]
    with pytest.raises(KeyError):
        card.line("2468 #3")


@pytest.mark.parametrize(
    ("numbers", "values"),
    [
        pytest.param("any", (1, 2, 3, 4, 5, 6, 7, 8, 9), id="any"),
        pytest.param("even", (2, 4, 6, 8), id="even"),
        pytest.param("odd", (1, 3, 5, 7, 9), id="odd"),
        pytest.param("3-6", (3, 4, 5, 6), id="range"),
        pytest.param([5, 2], (2, 5), id="list"),
        pytest.param([7], (7,), id="one-number"),
    ],
)
def test_numbers_forms(numbers: object, values: tuple[int, ...]) -> None:
    """Format: '``numbers`` ... ``"any"``, ``"even"``, ``"odd"``, a range such as ``"1-5"``, or a
    list of numbers such as ``[2, 5]``'; '"any": any number from 1 to 9'; '"even" / "odd": 2, 4, 6,
    8 / 1, 3, 5, 7, 9'; '"3-6": any number in the range'; '[2, 5]: one of the numbers listed'."""
    card = one_line("FF 1111x 1111y 1111z", numbers=numbers)
    assert card.lines[0].numbers == values


# -- suit variables --------------------------------------------------------------------------------

# Two colours: x for the 1s, 3s and 9s, y for the 5s and 7s.
TWO_COLOURS = "111x 33x 555y 77y 9999x"


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("111B 33B 555C 77C 9999B", True, id="x-bams-y-craks"),
        pytest.param("111B 33B 555D 77D 9999B", True, id="x-bams-y-dots"),
        pytest.param("111C 33C 555B 77B 9999C", True, id="x-craks-y-bams"),
        pytest.param("111C 33C 555D 77D 9999C", True, id="x-craks-y-dots"),
        pytest.param("111D 33D 555B 77B 9999D", True, id="x-dots-y-bams"),
        pytest.param("111D 33D 555C 77C 9999D", True, id="x-dots-y-craks"),
        pytest.param("111B 33B 555B 77B 9999B", False, id="x-and-y-one-suit"),
        pytest.param("111B 33C 555D 77D 9999B", False, id="x-split-over-two-suits"),
    ],
)
def test_suit_variables_are_distinct_suits_every_assignment_tried(hand: str, winning: bool) -> None:
    """Format: 'a suit variable, the colour of the printed card ... Each variable is one suit;
    different variables are different suits; every assignment of suits is tried.' Guide: 'If the
    line has multiple colors, the changing colors indicates that multiple suits are needed'."""
    assert wins(one_line(TWO_COLOURS), hand) is winning


def test_suit_variables_count_of_concrete_hands() -> None:
    """Format: 'every assignment of suits is tried': two variables take 3 x 2 = 6 pairs of distinct
    suits, one hand each; one variable 3."""
    assert len(one_line(TWO_COLOURS).lines[0].variants) == 6
    assert len(one_line("111x 33x 555x 77x 9999x").lines[0].variants) == 3


def test_a_variable_gives_its_suit_back_to_the_previous_variable() -> None:
    """Format: 'it gives its suit to the numbers and dragons written before it in the group (back to
    the previous variable)': ``1x1y1z`` is a 1 in each of three suits (a group of singles)."""
    card = one_line("1x1y1z 2222x 2222y 222z")
    assert wins(card, "1B 1C 1D 2222B 2222C 222D")
    assert wins(card, "1D 1B 1C 2222D 2222B 222C")  # x Dots, y Bams, z Craks
    assert not wins(card, "1B 1B 1D 2222B 2222C 222D")  # the y 1 must be a Crak here


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("GDGDGD 111B 2222C 3333C", True, id="bams-green"),
        pytest.param("RDRDRD 111C 2222D 3333D", True, id="craks-red"),
        pytest.param("WDWDWD 111D 2222B 3333B", True, id="dots-white"),
        pytest.param("RDRDRD 111B 2222C 3333C", False, id="bams-red"),
        pytest.param("GDGDGD 111D 2222C 3333C", False, id="dots-green"),
        pytest.param("WDWDWD 111C 2222B 3333B", False, id="craks-white"),
    ],
)
def test_d_is_the_dragon_of_its_suit_ruling_t1(hand: str, winning: bool) -> None:
    """Format: '``D``: the dragon of the suit of the variable that follows it (``DDDx``: the dragon of
    suit x, by ruling T1: Green with Bams, Red with Craks, White with Dots)'. Guide: 'Bams with Green
    Dragons, Craks with Red Dragons, Dots with White Dragons (also known as the Soap)'."""
    assert wins(one_line("DDDx 111x 2222y 3333y"), hand) is winning


# -- the Soap as zero ------------------------------------------------------------------------------

YEAR = "2026x 2026y FFFF 22z"


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("2B WD 2B 6B 2C WD 2C 6C FFFF 2D 2D", True, id="soap-in-bams-and-craks"),
        pytest.param("2C WD 2C 6C 2D WD 2D 6D FFFF 2B 2B", True, id="soap-in-craks-and-dots"),
        pytest.param("2B GD 2B 6B 2C WD 2C 6C FFFF 2D 2D", False, id="green-is-no-zero"),
        pytest.param("2B WD 2B 6B 2C RD 2C 6C FFFF 2D 2D", False, id="red-is-no-zero"),
    ],
)
def test_zero_is_the_soap_in_every_suit_ruling_n3(hand: str, winning: bool) -> None:
    """Format: '``0``: the Soap (White dragon) as a zero: suitless, whatever suit the group is in
    (ruling N3)'. Guide: 'The white dragon (soap) is used as zero.' Ruling N3: 'The Soap (White
    dragon) written as 0 in a line is suitless'."""
    assert wins(one_line(YEAR), hand) is winning


def test_zero_never_moves_with_the_numbers() -> None:
    """Format: 'the Soap (``0``) never moves': with ``numbers = "any"`` the 1s become 5s, the 2s 6s,
    the 3s 7s, and the Soap stays a Soap."""
    card = one_line("000 1111x 2222y 333z", numbers="any")
    assert wins(card, "WDWDWD 5555B 6666C 777D")
    assert wins(card, "WDWDWD 1111C 2222D 333B")


# -- winds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("NNN EEE 2222B 2222C", True, id="north-and-east"),
        pytest.param("SSS WW J 2222B 2222C", True, id="joker-in-a-wind-pung"),
        pytest.param("NNNN JJ 2222B 2222C", False, id="one-wind-twice"),
        pytest.param("NNE SSW 2222B 2222C", False, id="mixed-winds-in-a-group"),
    ],
)
def test_any_wind_one_per_group_another_in_each(hand: str, winning: bool) -> None:
    """Format: '``?``: any wind: the same wind within a group, a different wind in each group written
    with ``?``'. With four Norths and two jokers, the two wind pungs would both be North (the
    jokers cannot make a fourth North a pung of another wind)."""
    assert wins(one_line("??? ??? 2222x 2222y"), hand) is winning


def test_any_wind_may_be_a_wind_written_elsewhere() -> None:
    """Format: '(a ``?`` may be a wind written elsewhere in the line)'. Line ``???? NNN 2222x 333y``:
    four Norths and three jokers fill it only with the ``?`` kong as North (the NNN pung holds at
    most three of the four Norths)."""
    card = one_line("???? NNN 2222x 333y")
    assert wins(card, "NNNN JJJ 2222B 333C")
    assert wins(card, "EEEE NNN 2222B 333C")


def test_any_wind_count_of_concrete_hands() -> None:
    """Format: 'every assignment' of winds: two ``?`` groups of different winds take 4 x 3 = 12
    ordered pairs of winds, the suits 3 x 2 = 6 ordered pairs: 72 assignments. Swapping the two
    winds of ``??? ???``, or the two suits of ``2222x 2222y``, gives the same hand: 6 x 3 = 18
    different hands (each kept once)."""
    assert len(one_line("??? ??? 2222x 2222y").lines[0].variants) == 18


# -- numbers ---------------------------------------------------------------------------------------

RUN = "11x 222x 3333x 444x 55x"  # the docs' example: five consecutive numbers in one suit


def run_hand(lowest: int, suit: str = "B") -> str:
    """The run line with its lowest number moved to ``lowest``: 2, 3, 4, 3, 2 tiles of five
    consecutive numbers."""
    sizes = (2, 3, 4, 3, 2)
    return " ".join(str(lowest + step) * size + suit for step, size in enumerate(sizes))


@pytest.mark.parametrize(
    ("numbers", "lowest"),
    [
        pytest.param(None, [1], id="as-written"),
        pytest.param("any", [1, 2, 3, 4, 5], id="any"),
        pytest.param("even", [2, 4], id="even"),
        pytest.param("odd", [1, 3, 5], id="odd"),
        pytest.param("2-4", [2, 3, 4], id="range"),
        pytest.param("4-9", [4, 5], id="range-past-9"),
        pytest.param([1, 5], [1, 5], id="list"),
    ],
)
def test_numbers_move_together_shifts_out_of_range_skipped(numbers: object, lowest: list[int]) -> None:
    """Format: '``numbers`` moves the written numbers together: it gives the values the **lowest**
    written number may take, and every other number moves by the same amount, so a run stays a
    run ... Positions that would take a number outside 1 to 9 are skipped'. The run 1-5 moves to
    L..L+4: L from 6 on would need a 10 and is skipped ("even": 2, 4; 6 and 8 skipped)."""
    keys = {} if numbers is None else {"numbers": numbers}
    card = one_line(RUN, 25, **keys)
    assert len(card.lines[0].variants) == 3 * len(lowest)  # one suit variable: 3 suits per shift
    for start in range(1, 6):
        assert wins(card, run_hand(start, "C")) is (start in lowest), start


def test_a_listed_number_that_gives_no_hand_is_refused() -> None:
    """Format: 'A line is refused, with the position of the fault, when a part of what it says never
    gives a hand: ... a value listed in ``numbers`` (a list, not a word or a range)'. The run 1-5
    cannot start at 7 (7 to 11). The fault is at the value of ``numbers``: column 13 + 23 + 25 = 61
    of the card's line 6 (the pattern's 23 characters, then '", value = 25, numbers = ', 25)."""
    with pytest.raises(mr.CardError) as caught:
        one_line(RUN, numbers=[5, 7])
    assert (caught.value.line, caught.value.column) == (FIRST_ROW, PATTERN_COLUMN + len(RUN) + 25)
    assert "lowest number be 7" in caught.value.problem


def test_the_lowest_number_is_the_lowest_of_any_alternative() -> None:
    """Format: 'The lowest written number is the lowest in any alternative of the line': in
    ``3333x|6666x 9999x ...`` with ``numbers = [1]`` the 3 moves to 1, so 6 to 4 and 9 to 7."""
    card = one_line("FFFF 3333x|6666x 9999x DDx", numbers=[1])
    assert wins(card, "FFFF 1111B 7777B GDGD")
    assert wins(card, "FFFF 4444C 7777C RDRD")
    assert not wins(card, "FFFF 3333B 9999B GDGD")


# -- alternatives and joker bans -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("FFFF 2222B GDGDGD RDRDRD", True, id="2s"),
        pytest.param("FFFF 5555D WDWDWD GDGDGD", True, id="5s"),
        pytest.param("FFFF 3333B GDGDGD RDRDRD", False, id="3s"),
        pytest.param("FFFF 2222C GDGDGD WDWDWD", False, id="not-the-matching-dragon"),
    ],
)
def test_either_alternative(hand: str, winning: bool) -> None:
    """Format: '``|`` between two groups of the same size: either one (``2222x|5555x``)'; the example
    ``FFFF 2222x|5555x DDDx DDDy``: '2s or 5s, with the matching dragon and another suit's dragon'."""
    assert wins(one_line("FFFF 2222x|5555x DDDx DDDy"), hand) is winning


def test_alternatives_count_of_concrete_hands() -> None:
    """Format: every assignment is tried: 3 x 2 suit assignments and 2 alternatives, 12 hands."""
    assert len(one_line("FFFF 2222x|5555x DDDx DDDy").lines[0].variants) == 12


@pytest.mark.parametrize(
    ("hand", "winning"),
    [
        pytest.param("FFFF N E W S 3333B 33C", True, id="no-jokers"),
        pytest.param("FFFF N E W S 333B J 33C", True, id="joker-in-the-kong"),
        pytest.param("FFF J N E W S 3333B 33C", False, id="joker-in-the-banned-group"),
    ],
)
def test_bang_bans_jokers_in_its_group(hand: str, winning: bool) -> None:
    """Format: '``!``: at the end of a group: no jokers in this group'; 'jokers may stand in it when
    it has 3 tiles or more and no ``!`` (ruling N2)'."""
    assert wins(one_line("FFFF! NEWS 3333x 33y"), hand) is winning


@pytest.mark.parametrize(
    ("pattern", "hand"),
    [
        pytest.param("FFFF! NEWS 3333x 33y", "FFFF N E W J 3333B 33C", id="news"),
        pytest.param("2026x 2026y FFFF 22z", "2B WD 2B J 2C WD 2C 6C FFFF 2D 2D", id="year-digits"),
        pytest.param("123x 4444y 5555z 678x", "1B 2B J 4444C 5555D 6B 7B 8B", id="run-of-singles"),
        pytest.param("1x1y1z 2222x 2222y 222z", "1B 1C J 2222B 2222C 222D", id="like-numbers-three-suits"),
        pytest.param("FFFF! NEWS 3333x 33y", "FFFF N E W S 3333B 3C J", id="pair"),
        pytest.param("N E W S 11x 11y DDx DDy DDz", "N E W J 11B 11C GDGD RDRD WDWD", id="single"),
    ],
)
def test_no_joker_in_singles_or_pairs_ruling_n2(pattern: str, hand: str) -> None:
    """Format: 'A group of different tiles (``2026x``, ``NEWS``, ``123x``, ``1x1y1z``) is a group of
    singles: no joker ever stands in it. A group may have a single tile'. Ruling N2: 'never in a
    single, a pair, or a group of different tiles (NEWS, year digits, other singles groups)'."""
    assert not wins(one_line(pattern), hand)


@pytest.mark.parametrize(
    ("pattern", "singles_and_pairs"),
    [
        pytest.param("NEWS 2026x 2026y FF", True, id="singles-and-a-pair"),
        pytest.param("FF 11x 22x 33x 44x 55x DDy", True, id="pairs"),
        pytest.param("FFFF! NEWS 3333x! 33y", True, id="bang-groups"),
        pytest.param("FFFF! NEWS 3333x 33y", False, id="a-kong-takes-jokers"),
        pytest.param("FFF 2222x 444x 5555y", False, id="pungs-and-kongs"),
    ],
)
def test_singles_and_pairs_line(pattern: str, singles_and_pairs: bool) -> None:
    """Format: 'A line in which no joker can stand anywhere (only pairs, singles and ``!`` groups) is
    a *Singles and Pairs* line for ruling N5'."""
    assert one_line(pattern).lines[0].singles_and_pairs is singles_and_pairs


@pytest.mark.parametrize(
    ("pattern", "numbers", "hand", "winning"),
    [
        # "a year line: pung of 2s, kong of Soaps, then 2s and 6s in a second suit"
        pytest.param("222x 0000 222y 6666y", None, "222B WDWDWDWD 222C 6666C", True, id="year-line"),
        pytest.param(
            "222x 0000 222y 6666y", None, "222B WDWDWDWD 222C 6666D", False, id="year-line-6s-in-a-third-suit"
        ),
        # "singles: the winds, the year in two suits, a pair of flowers (no jokers anywhere)"
        pytest.param("NEWS 2026x 2026y FF", None, "N E W S 2B WD 2B 6B 2D WD 2D 6D FF", True, id="singles"),
        # "any like number in three suits"
        pytest.param("FF 1111x 1111y 1111z", "any", "FF 7777B 7777C 7777D", True, id="like-numbers"),
        pytest.param("FF 1111x 1111y 1111z", "any", "FF 7777B 8888C 7777D", False, id="unlike-numbers"),
        # "kongs of two different winds and pungs of two different dragons"
        pytest.param("???? DDDx DDDy ????", None, "NNNN GDGDGD RDRDRD EEEE", True, id="winds-and-dragons"),
        pytest.param("???? DDDx DDDy ????", None, "NNNN GDGDGD GD JJ EEEE", False, id="one-dragon-twice"),
    ],
)
def test_the_docs_examples(pattern: str, numbers: str | None, hand: str, winning: bool) -> None:
    """Format, 'Examples, as a printed card would show them': each pattern means what the docs say."""
    keys = {} if numbers is None else {"numbers": numbers}
    assert wins(one_line(pattern, 25, **keys), hand) is winning


# -- errors: TOML and keys -------------------------------------------------------------------------


def test_malformed_toml() -> None:
    """Format: 'A card is refused with a CardError naming the file, the line and the column of the
    fault when it is malformed TOML'. ``name = = ...``: the second ``=`` at line 2, column 8."""
    assert fault('format = 1\nname = = "x"\n') == (2, 8)


def test_malformed_toml_in_a_line() -> None:
    """An inline table left open: ``{ hand = "...", value = 25`` then a new line. TOML allows no new
    line in an inline table: the fault is the end of line 6, after the 25 at columns 40-41."""
    text = HEADER + '  { hand = "2222x 44x 66x 8888x FF", value = 25\n]\n'
    # '  { hand = "' is 12 characters, the pattern 22 (columns 13-34), then '", value = 25' (13).
    assert fault(text) == (6, 48)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # The whole card: no place to point at.
        pytest.param(
            'name = "x"\n[[section]]\nname = "S"\nlines = [ { hand = "NNNN EEEE SSSS WW", value = 1 } ]\n',
            (0, 0),
            id="missing-format",
        ),
        pytest.param(
            'format = 1\n[[section]]\nname = "S"\nlines = [ { hand = "NNNN EEEE SSSS WW", value = 1 } ]\n',
            (0, 0),
            id="missing-name",
        ),
        pytest.param('format = 1\nname = "x"\n', (0, 0), id="missing-sections"),
        # '# a comment' is line 1; 'format = 3': the value at column 10.
        pytest.param('# a comment\nformat = 3\nname = "x"\n', (2, 10), id="format-3"),
        pytest.param('format = "1"\nname = "x"\n', (1, 10), id="format-text"),
        pytest.param('format = true\nname = "x"\n', (1, 10), id="format-bool"),
        # 'name = 5': the value at column 8.
        pytest.param("format = 1\nname = 5\n", (2, 8), id="name-number"),
        # An unknown key at the start of line 3.
        pytest.param('format = 1\nname = "x"\ncolour = "red"\n', (3, 1), id="unknown-card-key"),
        # 'section = 3': the value at column 11.
        pytest.param('format = 1\nname = "x"\nsection = 3\n', (3, 11), id="section-not-a-table"),
    ],
)
def test_card_key_faults(text: str, where: tuple[int, int]) -> None:
    """Format: '``format`` (required) The format's version: ``2``. Files of format ``1`` are still
    read'. '``name`` (required) ...
    ``[[section]]`` (one or more)'; refused 'when a key is missing, unknown or of the wrong
    type'."""
    assert fault(text) == where


SECTION_HEAD = 'format = 1\nname = "x"\n'  # lines 1-2; [[section]] on line 3
GOOD_LINES = 'lines = [ { hand = "NNNN EEEE SSSS WW", value = 1 } ]\n'


@pytest.mark.parametrize(
    ("text", "where"),
    [
        pytest.param(SECTION_HEAD + "[[section]]\n" + GOOD_LINES, (3, 1), id="missing-section-name"),
        pytest.param(SECTION_HEAD + '[[section]]\nname = "S"\n', (3, 1), id="missing-lines"),
        # 'lines = []': the value at column 9.
        pytest.param(SECTION_HEAD + '[[section]]\nname = "S"\nlines = []\n', (5, 9), id="no-lines"),
        # 'lines = "x"': the value at column 9.
        pytest.param(SECTION_HEAD + '[[section]]\nname = "S"\nlines = "x"\n', (5, 9), id="lines-text"),
        # 'name = 7': the value at column 8.
        pytest.param(SECTION_HEAD + "[[section]]\nname = 7\n" + GOOD_LINES, (4, 8), id="section-name-number"),
        pytest.param(SECTION_HEAD + '[[section]]\nname = "S"\nkind = "X"\n' + GOOD_LINES, (5, 1), id="unknown-key"),
        # 'lines = [ 25 ]': the 25 at column 11.
        pytest.param(SECTION_HEAD + '[[section]]\nname = "S"\nlines = [ 25 ]\n', (5, 11), id="line-not-a-table"),
        # The second section named "S": its name's value at line 7, column 8.
        pytest.param(
            SECTION_HEAD + '[[section]]\nname = "S"\n' + GOOD_LINES + '[[section]]\nname = "S"\n' + GOOD_LINES,
            (7, 8),
            id="two-sections-one-name",
        ),
    ],
)
def test_section_key_faults(text: str, where: tuple[int, int]) -> None:
    """Format: '``[[section]]`` (one or more) A section of the card ... with a ``name`` (required ...)
    and ``lines``: an array of lines, one TOML inline table per line'; 'A line is known by its
    section and its place in it' (so two sections of one name are refused)."""
    assert fault(text) == where


# Each faulty key is written first in its line, right after '  { ' (columns 1-4): the key at column
# 5, and its value at column 5 + len(key) + 3.
@pytest.mark.parametrize(
    ("line", "column"),
    [
        pytest.param('{ value = "25", hand = "NNNN EEEE SSSS WW" }', 13, id="value-text"),
        pytest.param('{ value = 0, hand = "NNNN EEEE SSSS WW" }', 13, id="value-0"),
        pytest.param('{ value = 10001, hand = "NNNN EEEE SSSS WW" }', 13, id="value-over-10000"),
        pytest.param('{ value = 2.5, hand = "NNNN EEEE SSSS WW" }', 13, id="value-float"),
        pytest.param('{ concealed = "yes", hand = "NNNN EEEE SSSS WW", value = 25 }', 17, id="concealed-text"),
        pytest.param('{ note = 5, hand = "NNNN EEEE SSSS WW", value = 25 }', 12, id="note-number"),
        pytest.param('{ numbers = "most", hand = "1111x EEEE SSSS WW", value = 25 }', 15, id="numbers-word"),
        pytest.param('{ numbers = "6-3", hand = "1111x EEEE SSSS WW", value = 25 }', 15, id="numbers-range-down"),
        pytest.param('{ numbers = [0, 2], hand = "1111x EEEE SSSS WW", value = 25 }', 15, id="numbers-0"),
        pytest.param('{ numbers = [10], hand = "1111x EEEE SSSS WW", value = 25 }', 15, id="numbers-10"),
        pytest.param('{ numbers = [], hand = "1111x EEEE SSSS WW", value = 25 }', 15, id="numbers-empty"),
        pytest.param('{ numbers = 3, hand = "1111x EEEE SSSS WW", value = 25 }', 15, id="numbers-number"),
        # numbers given to a line with no numbers to move
        pytest.param('{ numbers = "any", hand = "NNNN EEEE SSSS WW", value = 25 }', 15, id="numbers-nothing-to-move"),
        # no value of numbers keeps 1111 ... 9999 within 1 to 9 once 1 moves to 8
        pytest.param('{ numbers = [8], hand = "1111x 9999x SSSS WW", value = 25 }', 15, id="numbers-all-skipped"),
        pytest.param("{ hand = 2222, value = 25 }", 12, id="hand-number"),
        # unknown key: at the key
        pytest.param('{ colour = "blue", hand = "NNNN EEEE SSSS WW", value = 25 }', 5, id="unknown-key"),
        # missing keys: at the line's table, the '{' in column 3
        pytest.param("{ value = 25 }", 3, id="missing-hand"),
        pytest.param('{ hand = "NNNN EEEE SSSS WW" }', 3, id="missing-value"),
    ],
)
def test_line_key_faults(line: str, column: int) -> None:
    """Format: each line has ``hand`` (required), ``value`` (required) 'a whole number from 1 to
    10,000', ``concealed`` '``true`` ... ``false``', ``numbers`` '``"any"``, ``"even"``, ``"odd"``, a
    range such as ``"1-5"``, or a list of numbers such as ``[2, 5]``' and ``note``; a key 'missing,
    unknown or of the wrong type' is refused. The faulty line is the second (line 7), after a good
    one, so that the fault cannot be mistaken for the line before."""
    text = card_text(table("FF 2222x 44x 66x 8888x"), line)
    assert fault(text) == (FIRST_ROW + 1, column)


# -- errors: patterns ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "index"),
    [
        # the docs' example: q at index 13 of the pattern
        pytest.param("11x 222x 3333q 444x 55x", 13, id="unknown-letter"),
        pytest.param("ff 2222x 4444x 6666x", 0, id="lower-case-flower"),
        pytest.param("FF 2222x 44x 66x 8888x J", 23, id="joker-in-a-pattern"),
        pytest.param("FF 2222x 44x\t66x 8888x", 12, id="tab"),
        pytest.param("FF 2222a 44x 66x 8888x", 7, id="suit-variable-a"),
        # no suit variable: the group '8888' starts at index 14
        pytest.param("2222x 44x 66x 8888 FF", 14, id="number-without-variable"),
        pytest.param("DDD 111x 2222x 3333x", 0, id="dragon-without-variable"),
        # a variable with nothing before it: the y at index 12 ('44xy')
        pytest.param("FF 2222x 44xy 666x 888x", 12, id="variable-after-variable"),
        pytest.param("x2222 444x 666x 8888x", 0, id="variable-first"),
        # '00x': 0 takes no suit, the x at index 2 has nothing to give its suit to
        pytest.param("00x 222x 4444y 4444z", 2, id="zero-zero-x"),
        pytest.param("FFF 0x 2222x 4444y 66z", 5, id="zero-x"),
        # alternatives of different sizes: the group at index 5
        pytest.param("FFFF 2222x|555x DDDx DDDy", 5, id="alternatives-4-and-3"),
        pytest.param("FFFF 2222x| DDDx DDDy 555y", 11, id="empty-alternative"),
        pytest.param("FF 22!22x 44x 66x 8888x", 5, id="bang-inside-a-group"),
        # 13 and 15 tiles: the whole pattern, at its start
        pytest.param("FF 2222x 444x 6666y", 0, id="13-tiles"),
        pytest.param("FFFF 2222x 444x 6666y", 0, id="15-tiles"),
        pytest.param("", 0, id="empty"),
        # 21 groups of singles: the 21st starts at index 3 x 20 = 60
        pytest.param("1x 2x 3x 4x 5x 6x 7x 8x 9x 1y 2y 3y 4y 5y 6y 7y 8y 9y 1z 2z 3z", 60, id="21-groups"),
    ],
)
def test_pattern_faults(pattern: str, index: int) -> None:
    """Format: refused 'when a pattern has an unknown character, a number or dragon with no suit
    variable, a variable with nothing to give its suit to, alternatives of different sizes, or not 14
    tiles'; '``0`` takes no suit, so ``00x`` is an error (the variable has nothing to give its suit
    to)'; '``!`` at the end of a group'; 'more than ... 20 groups in a line'."""
    assert fault(card_text(table(pattern))) == (FIRST_ROW, PATTERN_COLUMN + index)


@pytest.mark.parametrize(
    "pattern",
    [
        # 2x in a pair, a pair and a single: 5 natural 2s of one suit (no joker stands in them)
        pytest.param("22x 22x 2x 3333y 3333z 4x", id="fifth-tile-for-pairs"),
        # a kong without jokers and a pair of the same tile: 6 natural tiles
        pytest.param("2222x! 22x 4444x 4444y", id="banned-kong-and-pair"),
        # ten flowers in pairs, the game has 8
        pytest.param("FF FF FF FF FF 1111x", id="ten-flowers"),
        # 14 Norths: 4 natural and 10 jokers, the game has 8
        pytest.param("NNNNNNN NNNNNNN", id="more-jokers-than-the-game"),
        # two pairs of the Soap as 0, and one of x, y, z is Dots: a third pair of White dragons
        pytest.param("00 00 DDx DDy DDz 22x", id="six-soaps-in-pairs"),
    ],
)
def test_impossible_lines(pattern: str) -> None:
    """Format: refused 'when a line can never be made with the game's tiles'. Guide: 'There are 4 of
    each numbered tile and each dragon', '8 Flowers, 8 Jokers'; jokers only in groups of 3 or more
    (ruling N2). The fault is the whole line: its pattern's start."""
    assert fault(card_text(table(pattern))) == (FIRST_ROW, PATTERN_COLUMN)


def test_impossible_for_one_suit_only_is_kept() -> None:
    """A line is refused only when it can *never* be made: ``00 00 DDz ...`` needs six White
    dragons in pairs when z is Dots (two of the six assignments of x, y, z), but is fine when z is
    Bams or Craks: those four hands are kept."""
    card = one_line("00 00 DDz 1111x 2222y")
    assert len(card.lines[0].variants) == 4
    assert wins(card, "WDWD WDWD GDGD 1111C 2222D")
    assert wins(card, "WDWD WDWD RDRD 1111D 2222B")


# -- errors: absurd sizes --------------------------------------------------------------------------


def test_values_from_1_to_10000() -> None:
    """Format: '``value`` (required) What the hand is worth, a whole number from 1 to 10,000.'"""
    card = mr.parse_card(card_text(table("NNNN EEEE SSSS WW", 1), table("NNNN EEEE SSSS WW", 10_000)))
    assert [line.value for line in card.lines] == [1, 10_000]


def test_a_long_note_is_read() -> None:
    """Format: '``note`` (optional) A remark shown with the line'. The limits the docs list ('more
    than 256 KiB of text, 64 sections, 400 lines, 20 groups in a line, 5,000 concrete hands in a
    line or 100,000 in the card') say nothing of the length of a note: a 300-character remark is
    read."""
    note = "any 3 suits; " * 23 + "1"  # 13 x 23 + 1 = 300 characters
    assert len(note) == 300
    assert one_line("NNNN EEEE SSSS WW", note=note).lines[0].note == note


def test_5000_concrete_hands_counts_hands_not_assignments() -> None:
    """Format: refused when it has 'more than ... 5,000 concrete hands in a line'. Four wind pairs
    and a pair of 1s or 3s in each suit, the numbers moving: the winds are always all four (one way);
    for each lowest number 1 to 7 (the 3 goes to 9 at most) each suit's pair is the lower or the
    higher number, 2 x 2 x 2 = 8 hands, 7 x 8 = 56; but the hand with all three pairs of n + 2 comes
    both from lowest number n (all the higher) and from n + 2 (all the lower), for n = 1 to 5: 51
    concrete hands, far fewer than 5,000 (though the suit variables, ``?`` groups, alternatives and
    numbers can be assigned 24 x 6 x 8 x 7 = 8,064 ways)."""
    card = one_line("?? ?? ?? ?? 11x|33x 11y|33y 11z|33z", 50, numbers="any")
    assert len(card.lines[0].variants) == 51
    assert wins(card, "NN EE SS WW 55B 77C 77D")


def test_more_than_5000_concrete_hands() -> None:
    """Format: refused with 'more than ... 5,000 concrete hands in a line'. Fourteen singles, twelve
    of them with two choices: with x Bams, y Craks, z Dots alone 2**12 = 4,096 different hands, and
    as many again with z Bams (then 9C and 9D are held, not 9B): over 8,000. The fault is the whole
    line: its pattern's start."""
    pattern = "1x|2x 1y|2y 1z|2z 3x|4x 3y|4y 3z|4z 5x|6x 5y|6y 5z|6z 7x|8x 7y|8y 7z|8z 9x 9y"
    assert fault(card_text(table(pattern, 50, concealed=True))) == (FIRST_ROW, PATTERN_COLUMN)


def test_larger_than_256_kib() -> None:
    """Format: refused 'when it is absurdly large: more than 256 KiB of text'. It concerns the whole
    card: line 0, column 0. 256 KiB exactly is read."""
    good = card_text(table("NNNN EEEE SSSS WW"))
    padding = 256 * 1024 - len(good) - 2
    assert isinstance(mr.parse_card(good + "#" + "a" * padding + "\n"), mr.Card)
    assert fault(good + "#" + "a" * (padding + 1) + "\n") == (0, 0)


def many_sections(count: int) -> str:
    # Lines 1-2 the card's keys; section k takes lines 3k to 3k + 2, its [[section]] on line 3k.
    body = "".join(
        f'[[section]]\nname = "S{k}"\nlines = [ {{ hand = "NNNN EEEE SSSS WW", value = 1 }} ]\n'
        for k in range(1, count + 1)
    )
    return 'format = 1\nname = "x"\n' + body


def test_64_sections_and_no_more() -> None:
    """Format: 'more than ... 64 sections' is refused: at the 65th section, on line 3 x 65 = 195."""
    assert len(mr.parse_card(many_sections(64)).sections) == 64
    assert fault(many_sections(65)) == (195, 1)


def test_400_lines_and_no_more() -> None:
    """Format: 'more than ... 400 lines' is refused: at the 401st line, line 5 + 401 = 406 of the
    text, its '{' in column 3."""
    assert len(mr.parse_card(card_text(*[table("NNNN EEEE SSSS WW")] * 400)).lines) == 400
    assert fault(card_text(*[table("NNNN EEEE SSSS WW")] * 401)) == (406, 3)


def test_lines_over_several_sections_count_together() -> None:
    """Format: '400 lines' in the card, not per section: 200 + 201 is too many (the 401st line is the
    201st of the second section)."""
    section = '[[section]]\nname = "{name}"\nlines = [\n{lines}]\n'
    first = section.format(name="A", lines='  { hand = "NNNN EEEE SSSS WW", value = 1 },\n' * 200)
    second = section.format(name="B", lines='  { hand = "NNNN EEEE SSSS WW", value = 1 },\n' * 201)
    # lines 1-2 the card's keys; A: [[section]] 3, name 4, lines = [ 5, its lines 6-205, ] 206;
    # B: [[section]] 207, name 208, lines = [ 209, its lines 210-410: the 201st on line 410.
    assert fault('format = 1\nname = "x"\n' + first + second) == (410, 3)


# -- files -----------------------------------------------------------------------------------------


def test_load_card_from_a_file(tmp_path: Path) -> None:
    """Format: ':func:`load_card` reads a file, :func:`parse_card` reads text'."""
    path = tmp_path / "mine.toml"
    path.write_text(TWO_SECTIONS, encoding="utf-8")
    card = mr.load_card(path)
    assert card.source == str(path)
    assert card == mr.parse_card(TWO_SECTIONS)
    assert [line.label for line in mr.load_card(str(path)).lines] == ["2468 #1", "2468 #2", "Like Numbers #1"]


def test_load_card_names_the_file_line_and_column(tmp_path: Path) -> None:
    """Format: 'A card is refused with a CardError naming the file, the line and the column of the
    fault'."""
    path = tmp_path / "broken.toml"
    path.write_text(card_text(table("11x 222x 3333q 444x 55x")), encoding="utf-8")
    with pytest.raises(mr.CardError) as caught:
        mr.load_card(path)
    assert (caught.value.source, caught.value.line, caught.value.column) == (str(path), FIRST_ROW, PATTERN_COLUMN + 13)
    assert str(caught.value).startswith(f"{path}:6:26: ")


def test_load_card_missing_file(tmp_path: Path) -> None:
    """A file that cannot be read is refused with a CardError naming it."""
    path = tmp_path / "nowhere.toml"
    with pytest.raises(mr.CardError) as caught:
        mr.load_card(path)
    assert caught.value.source == str(path)
    assert caught.value.line == 0


def test_load_card_too_large_file(tmp_path: Path) -> None:
    """Format: 'more than 256 KiB of text' is refused, from a file too."""
    path = tmp_path / "huge.toml"
    path.write_text(card_text(table("NNNN EEEE SSSS WW")) + "#" + "a" * (256 * 1024) + "\n", encoding="utf-8")
    with pytest.raises(mr.CardError) as caught:
        mr.load_card(path)
    assert caught.value.source == str(path)


# -- the sample cards ------------------------------------------------------------------------------

# The guide's sections ("in most years, the card will have the following sections"), in its order,
# each named by a word its name must hold.
GUIDE_SECTIONS = [
    "",  # the current year: four digits
    "2468",
    "like number",
    "addition",
    "quint",
    "consecutive",
    "13579",
    "wind",
    "369",
    "singles and pairs",
]


def test_both_sample_cards_load() -> None:
    """Ruling N1: 'the project ships only cards it invented'; both load with ``sample_card`` and
    from their files."""
    for name in ("sample", "tutorial"):
        card = mr.sample_card(name)
        assert isinstance(card, mr.Card)
        assert card.lines
        text = importlib.resources.files("mahjong_rules").joinpath("cards", f"{name}.toml").read_text(encoding="utf-8")
        assert mr.parse_card(text) == card
    with pytest.raises(KeyError):
        mr.sample_card("league")


def test_full_sample_has_the_guides_ten_sections() -> None:
    """Guide: 'in most years, the card will have the following sections: The current year ... 2468
    ... Any like numbers ... Addition hands ... Quints ... Consecutive runs ... 13579 ... Winds and
    dragons ... 369 ... Singles and pairs'; a full card of 50 to 70 lines."""
    card = mr.sample_card("sample")
    names = [section.name.casefold() for section in card.sections]
    assert len(names) == 10
    assert re.fullmatch(r"20\d\d", names[0])
    for name, word in zip(names[1:], GUIDE_SECTIONS[1:], strict=True):
        assert word in name, (name, word)
    assert 50 <= len(card.lines) <= 70


def test_sample_singles_and_pairs_are_concealed() -> None:
    """Guide: 'Singles and pairs- ... All of the lines in this section are concealed hands'."""
    section = mr.sample_card("sample").sections[-1]
    assert section.lines
    assert all(line.concealed for line in section.lines)


def test_sample_year_section_uses_the_year() -> None:
    """Guide: 'The current year section is made up of various combinations of tiles that include
    the current year. For example, in 2024 ... each line will have a combination of tiles that uses
    2, 0, 2 and 4. The white dragon (soap) is used as zero.'"""
    section = mr.sample_card("sample").sections[0]
    for line in section.lines:
        for digit in set(section.name):
            assert digit in line.hand, (line, digit)


# -- fuzz ------------------------------------------------------------------------------------------

_SAMPLE_TEXT = importlib.resources.files("mahjong_rules").joinpath("cards", "sample.toml").read_text(encoding="utf-8")
_SAMPLE_LINES = [line for line in _SAMPLE_TEXT.splitlines() if line.strip().startswith("{ hand")]
_ALPHABET = 'xyzabc0123456789DGRFNEWS?|! "=[]{},#\n\tqJ-or.\\' + "é"


def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        position = rng.randrange(len(chars) + 1)
        action = rng.randrange(4)
        if action == 0 and chars and position < len(chars):
            del chars[position]
        elif action == 1:
            chars.insert(position, rng.choice(_ALPHABET))
        elif action == 2 and chars and position < len(chars):
            chars[position] = rng.choice(_ALPHABET)
        elif chars:
            start = rng.randrange(len(chars))
            chars[position:position] = chars[start : start + rng.randint(1, 12)]
    return "".join(chars)


def _heavy_line(rng: random.Random) -> str:
    """A line whose variables multiply out: many ``|`` choices, number variables, ``?`` groups and
    any suits (the work limits must refuse it quickly, or it is small enough to read)."""
    groups: list[str] = []
    while len(groups) < 9 and sum(len(group.split("|")[0].rstrip("xyz")) for group in groups) < 14:
        groups.append(
            rng.choice(
                [
                    "|".join(f"{number}{rng.choice('xyz')}" for number in range(1, rng.randint(2, 9))),
                    "abc"[rng.randrange(3)] + rng.choice("xyz"),
                    "?",
                    "D",
                    "F",
                ]
            )
        )
    keys = rng.choice(['suits = "any"', 'numbers = "any"', 'a = "any", suits = "1 or 2"', 'numbers = "odd"'])
    return f'{{ hand = "{" ".join(groups)}", value = 25, {keys} }}'


def _fuzz_inputs(rng: random.Random) -> list[str]:
    inputs = []
    header = HEADER.replace("format = 1", "format = 2")
    for _ in range(1700):  # one line of the sample card in a card of its own, mutated
        inputs.append(_mutate(header + rng.choice(_SAMPLE_LINES).strip() + "\n]\n", rng))
    for _ in range(6):  # the whole sample card, mutated
        inputs.append(_mutate(_SAMPLE_TEXT, rng))
    for _ in range(300):  # random strings
        inputs.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 80))))
    for _ in range(40):  # brackets nested from a few to thousands deep, in values and in lines
        depth = rng.choice([3, 8, 9, 50, 3000])
        opening, closing = rng.choice([("[", "]"), ("{ x = ", "}")])
        nested = opening * depth + closing * depth
        inputs.append(rng.choice([f"{header}{nested}\n]\n", f'format = 2\nname = "n"\nx = {nested}\n']))
    for _ in range(40):  # heavy lines, alone or many to a card
        inputs.append(header + "".join(f"  {_heavy_line(rng)},\n" for _ in range(rng.randint(1, 30))) + "]\n")
    return inputs


def test_fuzz_parse_card_returns_a_card_or_raises_card_error() -> None:
    """Format: 'A card is refused with a CardError': whatever the text, ``parse_card`` returns a Card
    or raises CardError, with a line and column within the text, nothing else."""
    rng = random.Random(20260)
    cards = 0
    errors: list[tuple[str, mr.CardError]] = []
    slowest = 0.0
    for text in _fuzz_inputs(rng):
        started = time.perf_counter()
        try:
            card = mr.parse_card(text)
        except mr.CardError as error:
            errors.append((text, error))
        except Exception as error:  # pragma: no cover - the failure shows the text
            pytest.fail(f"parse_card raised {error!r} on {text!r}")
        else:
            cards += 1
            assert isinstance(card, mr.Card)
        slowest = max(slowest, time.perf_counter() - started)
    assert slowest < 10  # a hang, not a timing: the work limits bound every card to seconds
    for text, refused in errors:
        assert 0 <= refused.line <= text.count("\n") + 1, (text, refused)
        assert refused.column >= 0, (text, refused)
        assert refused.problem, text
    assert cards > 100
    assert len(errors) > 1000
