"""Pictures: every tile drawn as well-formed SVG without fonts or glyphs, one ``g.tile`` per tile
in rows, melds and hands, jokers labelled with what they stand for, evaluations and settlements
as well-formed, escaped HTML."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings

import mahjong_rules as mr
from mahjong_rules.pictures import evaluation_html, hand_svg, meld_svg, settlement_html, tile_svg, tiles_svg
from mahjong_rules.testing import hands

SVG = "{http://www.w3.org/2000/svg}"

CARD = """
format = 1
name = "Picture card"
[[section]]
name = "2468"
lines = [ { hand = "222x 4444x 666x 8888x", value = 25 } ]
"""

# Hands of every kind: American with jokers, flowers and exposures (one called, one all-joker
# set with what it stands for), Singapore with bonus tiles and a declared concealed kong, Flex
# blanks, and hands with no concealed tiles or no melds.
HANDS = (
    "2B 2B 2B 3C 3C 3C 4C 4C 4C 5B 5B [J 7C 7C @W]",
    "FF 2222B J 66C [888D J @E] [JJJ=N@S] [JJJJ=8B]",
    "123C 456C 789D 55B RF1 BF2 Cat Mouse {5555C}",
    "RF1 RF2 RF3 RF4 BF1 BF2 BF3 BF4 Cat Mouse Rooster Centipede 11D",
    "Blank Blank 1D 2D 3D NEWS GD RD WD",
    "[111B] [222C@N] {3333D} [NNN]",
    "J",
)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def tile_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]


def tokens(root: ET.Element) -> list[str]:
    return [g.get("data-tile", "") for g in tile_groups(root)]


def fragment(page: str) -> ET.Element:
    """An HTML fragment parsed as XML: it must be well-formed."""
    return ET.fromstring(f"<div>{page}</div>")


def texts(element: ET.Element) -> str:
    return "".join(element.itertext())


def classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if name in element.get("class", "").split()]


def translate_x(element: ET.Element) -> float:
    match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
    assert match is not None
    return float(match.group(1))


# -- tiles -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tile", mr.Tile.all(), ids=str)
def test_every_tile_is_one_well_formed_tile_picture(tile: mr.Tile) -> None:
    root = parse(tile_svg(tile))
    groups = tile_groups(root)
    assert [group.get("data-tile") for group in groups] == [tile.token]
    assert groups[0].findtext(f"{SVG}title") == tile.name
    assert root.get("width") == "40"
    assert root.get("height") == f"{80 * 40 / 60:.2f}".rstrip("0")


def test_the_49_pictures_differ_even_without_their_names() -> None:
    pictures = [tile_svg(tile) for tile in mr.Tile.all()]
    assert len(set(pictures)) == 49
    faces = {re.sub(r'data-tile="[^"]*"|<title>[^<]*</title>', "", picture) for picture in pictures}
    assert len(faces) == 49


def test_pictures_use_no_mahjong_glyphs_and_plain_ascii_text() -> None:
    page = "".join(tile_svg(tile) for tile in mr.Tile.all())
    assert not any(0x1F000 <= ord(char) <= 0x1F02F for char in page)
    assert page.isascii()


def test_number_tiles_draw_their_count() -> None:
    for rank in range(1, 10):
        bams = parse(tile_svg(mr.Suit.BAMS.tile(rank)))
        dots = parse(tile_svg(mr.Suit.DOTS.tile(rank)))
        assert len(list(bams.iter(f"{SVG}rect"))) == 2 + rank  # the tile's edge and face, then sticks
        assert len(list(dots.iter(f"{SVG}circle"))) == 2 * rank  # each dot is a ring: two circles
        craks = parse(tile_svg(mr.Suit.CRAKS.tile(rank)))
        assert [text.text for text in craks.iter(f"{SVG}text")] == [str(rank), "C"]


def test_a_tile_may_be_given_by_its_notation_and_a_width() -> None:
    assert tile_svg("soap") == tile_svg(mr.Tile.parse("WD"))
    root = parse(tile_svg("J", width=60))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("60", "80", "0 0 60 80")


@pytest.mark.parametrize("width", [0, -3, float("nan"), float("inf")])
def test_a_width_must_be_a_positive_number(width: float) -> None:
    with pytest.raises(ValueError, match="positive"):
        tile_svg("1B", width=width)


def test_wrong_types_are_refused() -> None:
    with pytest.raises(TypeError, match="width"):
        tile_svg("1B", width=True)
    with pytest.raises(TypeError, match="tile"):
        tile_svg(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tiles"):
        tiles_svg([mr.Tile.JOKER, "1B"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="meld"):
        meld_svg(mr.Hand())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hand"):
        hand_svg(["1B"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="evaluation"):
        evaluation_html("1B")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="settlement"):
        settlement_html(None)  # type: ignore[arg-type]
    with pytest.raises(mr.NotationError):
        tile_svg("Sopa")


# -- rows, melds and hands ---------------------------------------------------------------------------


def test_a_row_keeps_the_order_given() -> None:
    row = mr.parse_tiles("N 1B J 9D Cat 1B")
    root = parse(tiles_svg(row))
    assert tokens(root) == [tile.token for tile in row]
    assert tokens(parse(tiles_svg("N 1B J 9D Cat 1B"))) == tokens(root)
    xs = [translate_x(group) for group in tile_groups(root)]
    assert xs == sorted(xs)
    assert len(set(xs)) == len(xs)


def test_no_tiles_is_an_empty_picture() -> None:
    assert tile_groups(parse(tiles_svg(()))) == []
    assert tile_groups(parse(hand_svg(mr.Hand()))) == []


@pytest.mark.parametrize("text", HANDS)
def test_a_hand_has_one_tile_picture_per_tile_in_notation_order(text: str) -> None:
    hand = mr.Hand.parse(text)
    root = parse(hand_svg(hand))
    assert tokens(root) == [tile.token for tile in hand.tiles]
    assert len(tile_groups(root)) == len(hand)
    melds = [group for group in root.iter(f"{SVG}g") if "meld" in group.get("class", "").split()]
    assert [group.get("data-meld") for group in melds] == [str(meld) for meld in hand.melds]
    assert len(classed(root, "exposed")) == len(hand.exposed)
    assert len(classed(root, "concealed")) == len(hand.melds) - len(hand.exposed)
    assert root.findtext(f"{SVG}title") == str(hand)
    labelled = [meld for meld in hand.melds if meld.represents is not None]
    stands_for = classed(root, "stands-for")
    assert len(stands_for) == sum(meld.joker_count for meld in labelled)
    assert [label.get("data-tile") for label in stands_for] == [
        str(meld.represents) for meld in labelled for _ in range(meld.joker_count)
    ]


def test_sets_are_set_apart_from_the_concealed_tiles() -> None:
    hand = mr.Hand.parse("123C 456C 789D 55B RF1 BF2 Cat Mouse {5555C}")
    xs = [translate_x(group) for group in tile_groups(parse(hand_svg(hand)))]
    steps = [after - before for before, after in itertools.pairwise(xs)]
    # Tiles of one group touch (the tile's width and a small gap); a wider step starts the kong.
    assert len(set(steps)) == 2
    assert steps.index(max(steps)) == len(hand.concealed) - 1


def test_a_singapore_concealed_kong_is_marked_as_declared() -> None:
    root = parse(hand_svg("123C 456C 789D 55B RF1 {5555C}"))
    (kong,) = classed(root, "concealed")
    assert kong.get("data-meld") == "{5555C}"
    assert tokens(kong) == ["5C"] * 4
    assert kong.find(f"{SVG}line") is not None  # the dashed bar
    assert classed(root, "exposed") == []


def test_a_meld_labels_each_joker_with_the_tile_it_stands_for() -> None:
    root = parse(meld_svg("[J 8B 8B J @W]"))
    assert tokens(root) == ["8B", "8B", "J", "J"]
    labels = classed(root, "stands-for")
    assert [label.findtext(f"{SVG}text") for label in labels] == ["8B", "8B"]
    jokers = [group for group in tile_groups(root) if group.get("data-tile") == "J"]
    for joker, label in zip(jokers, labels, strict=True):
        text = label.find(f"{SVG}text")
        assert text is not None
        assert float(text.get("x", "nan")) == translate_x(joker) + 30  # centred under that joker
    assert classed(parse(meld_svg("[JJJ]")), "stands-for") == []


@settings(max_examples=60, deadline=None)
@given(hands())
def test_any_hand_draws_each_of_its_tiles_once(hand: mr.Hand) -> None:
    root = parse(hand_svg(hand))
    assert tokens(root) == [tile.token for tile in hand.tiles]


def test_pictures_are_deterministic() -> None:
    text = HANDS[1]
    assert hand_svg(text) == hand_svg(mr.Hand.parse(text))
    assert hand_svg(text) == hand_svg(text)


# -- evaluations -------------------------------------------------------------------------------------


def picture_of(page: str) -> ET.Element:
    (svg,) = fragment(page).iter(f"{SVG}svg")
    return svg


def test_an_nmjl_joker_shows_the_tile_it_stands_for() -> None:
    nmjl = mr.get_ruleset("nmjl", card=mr.parse_card(CARD))
    evaluation = nmjl.evaluate(mr.Hand.parse("222B 4444B 666B 888B J"))
    assert evaluation.is_winning
    root = picture_of(evaluation_html(evaluation))
    assert tokens(root) == [tile.token for meld in evaluation.arrangement.melds for tile in meld.tiles]  # type: ignore[union-attr]
    (label,) = classed(root, "stands-for")
    assert label.get("data-tile") == "8B"
    assert "8B" in texts(label)
    (joker,) = (group for group in tile_groups(root) if group.get("data-tile") == "J")
    text = label.find(f"{SVG}text")
    assert text is not None
    assert float(text.get("x", "nan")) == translate_x(joker) + 30


def test_a_flex_evaluation_marks_exposed_sets_and_each_joker() -> None:
    evaluation = mr.get_ruleset("flex").evaluate(mr.Hand.parse("88B J 44C 555C 666C [77C J]"))
    assert evaluation.arrangement is not None
    root = picture_of(evaluation_html(evaluation))
    assert len(tile_groups(root)) == len(evaluation.hand) == 14
    labels = [label.get("data-tile", "") for label in classed(root, "stands-for")]
    stands_for = [str(meld.represents) for meld in evaluation.arrangement.melds for tile in meld.tiles if tile.is_joker]
    assert labels == stands_for
    assert sorted(labels) == ["6C", "7C"]
    (exposed,) = classed(root, "exposed")
    assert exposed.get("data-meld") == "[77C J]"
    assert "7C" in [label.get("data-tile") for label in classed(exposed, "stands-for")]
    assert len(classed(root, "meld")) == len(evaluation.arrangement.melds)


def breakdown_rows(page: str) -> list[tuple[str, ...]]:
    (table,) = classed(fragment(page), "mahjong-breakdown")
    return [tuple(texts(cell) for cell in row) for row in table.iter("tr")]


def test_the_breakdown_and_points_stand_beside_the_picture() -> None:
    flex = mr.get_ruleset("flex")
    evaluation = flex.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    page = evaluation_html(evaluation)
    assert breakdown_rows(page) == [
        ("Mahjong", "+1"),
        ("Concealed", "+1"),
        ("Jokerless", "+1"),
        ("Total", "3"),
    ]
    verdict = texts(classed(fragment(page), "mahjong-verdict")[0])
    assert verdict.startswith("Mahjong in flex: 3 points")
    assert "Run 3-4-5-6-7 in Bams and Craks" in texts(fragment(page))


def test_a_singapore_evaluation_shows_its_bonus_tiles_and_doubles() -> None:
    singapore = mr.get_ruleset("singapore")
    context = mr.WinContext(winning_tile=mr.Tile.parse("5B"))
    evaluation = singapore.evaluate(mr.Hand.parse("{5555C} 123C 789C 234D 55B RF1 BF2 Cat Mouse"), context)
    page = evaluation_html(evaluation)
    rows = breakdown_rows(page)
    assert rows[:-1] == [(item.name, f"{item.points:+d}") for item in evaluation.breakdown]
    assert rows[-1] == ("Total", str(evaluation.points))
    assert len(rows) == 4
    assert sorted(tokens(picture_of(page))) == sorted(tile.token for tile in evaluation.hand.tiles)


def test_a_hand_that_is_not_winning_shows_its_reasons() -> None:
    evaluation = mr.get_ruleset("flex").evaluate(mr.Hand.parse("111B 222C 333D 44B 555B"))
    page = fragment(evaluation_html(evaluation))
    (reasons,) = classed(page, "mahjong-reasons")
    assert [(item.get("data-code"), texts(item)) for item in reasons] == [
        ("too-many-suits", "three suits: Bams, Craks, Dots")
    ]
    assert classed(page, "mahjong-breakdown") == []
    assert texts(classed(page, "mahjong-verdict")[0]).startswith("Not Mahjong in flex")
    assert tokens(picture_of(evaluation_html(evaluation))) == [tile.token for tile in evaluation.hand.tiles]


def test_evaluation_text_is_escaped() -> None:
    hand = mr.Hand.parse("333C 44B 555C 666C 777C")
    nasty = "<b>Tom & \"Jerry\"</b> 'x'"
    evaluation = mr.Evaluation(
        ruleset="<script>alert(1)</script>",
        hand=hand,
        context=mr.WinContext(),
        is_winning=True,
        points=2,
        breakdown=[mr.ScoreItem(nasty, 2)],
        arrangement=mr.Arrangement([mr.Meld(hand.tiles, exposed=False)], description=nasty),
    )
    page = evaluation_html(evaluation)
    assert "<b>" not in page
    assert "<script>" not in page
    root = fragment(page)
    assert breakdown_rows(page)[0] == (nasty, "+2")
    assert nasty in texts(root)
    assert "<script>alert(1)</script>" in texts(root)
    losing = mr.Evaluation(
        ruleset="r", hand=hand, context=mr.WinContext(), is_winning=False, reasons=[mr.Reason("a&b", nasty)]
    )
    (item,) = classed(fragment(evaluation_html(losing)), "mahjong-reasons")[0]
    assert (item.get("data-code"), texts(item)) == ("a&b", nasty)


# -- settlements -------------------------------------------------------------------------------------


def test_a_settlement_lists_each_transfer_and_each_net_amount() -> None:
    flex = mr.get_ruleset("flex")
    won = flex.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    settlement = flex.settle(won, winner=mr.Seat.EAST, discarder=mr.Seat.SOUTH)
    root = fragment(settlement_html(settlement))
    (transfers,) = classed(root, "mahjong-transfers")
    rows = [tuple(texts(cell) for cell in row) for row in transfers.iter("tr")]
    assert rows[0] == ("Payer", "Payee", "Amount", "Reason")
    assert rows[1:] == [
        ("South", "East", "6", "discarded the winning tile: double"),
        ("West", "East", "3", "hand value"),
        ("North", "East", "3", "hand value"),
    ]
    (net,) = classed(root, "mahjong-net")
    assert [tuple(texts(cell) for cell in row) for row in net.iter("tr")] == [
        ("Seat", "Net"),
        ("East", "+12"),
        ("South", "-6"),
        ("West", "-3"),
        ("North", "-3"),
    ]


def test_settlement_text_is_escaped_and_no_payments_is_said() -> None:
    reason = "<i>limit</i> & 'double'"
    settlement = mr.Settlement(
        [mr.Transfer(mr.Seat.NORTH, mr.Seat.WEST, 7, reason)], seats=[mr.Seat.NORTH, mr.Seat.WEST]
    )
    page = settlement_html(settlement)
    assert "<i>" not in page
    root = fragment(page)
    assert reason in texts(root)
    assert [row.get("data-seat") for row in root.iter("tr") if row.get("data-seat")] == ["W", "N"]
    assert "no payments" in texts(fragment(settlement_html(mr.Settlement([]))))


# -- Jupyter -----------------------------------------------------------------------------------------


def test_values_show_themselves_as_pictures_in_jupyter() -> None:
    hand = mr.Hand.parse(HANDS[1])
    assert mr.Tile.JOKER._repr_svg_() == tile_svg(mr.Tile.JOKER)
    assert hand.melds[0]._repr_svg_() == meld_svg(hand.melds[0])
    assert hand._repr_svg_() == hand_svg(hand)
    flex = mr.get_ruleset("flex")
    won = flex.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    assert won._repr_html_() == evaluation_html(won)
    settlement = flex.settle(won, winner=mr.Seat.EAST, discarder=mr.Seat.SOUTH)
    assert settlement._repr_html_() == settlement_html(settlement)


def test_importing_the_library_does_not_import_the_pictures() -> None:
    code = "import sys, mahjong_rules as mr; mr.Hand.parse('1B'); print('mahjong_rules.pictures' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_analysis_results_show_as_tables_in_a_notebook() -> None:
    """Issue 22: discard options, a card and its lines ranked for a hand show as tables with
    pictures in Jupyter, one row each; a slice of the options or lines is still such a table."""
    flex: Any = mr.get_ruleset("flex")
    options = flex.discard_options("333C 44B 555C 666C 77C 9D")
    assert isinstance(options, mr.DiscardOptions)
    page = options._repr_html_()
    assert page.count("<tr>") - 1 == len(options)
    assert page.count('<g class="tile"') >= len(options)  # each discard drawn as a tile
    assert isinstance(options[:2], mr.DiscardOptions)
    assert options[:2]._repr_html_().count("<tr>") == 3
    assert options[0]._repr_html_().count("<tr>") == 2
    nmjl: Any = mr.get_ruleset("nmjl")
    lines = nmjl.closest_lines("22B 4444B 66B 888B J GD", limit=3)
    assert lines._repr_html_().count("<tr>") == 4
    assert lines[0].line.label in lines[0]._repr_html_()
    assert type(lines[1:]).__name__ == "LineDistances"
    card = nmjl.card
    page = card._repr_html_()
    assert page.count("<tr>") - 1 == len(card.lines)
    assert all(line.label in page for line in card.lines[:5])
