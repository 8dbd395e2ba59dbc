"""Tests of the independent card (``nmjl``) reference, and properties comparing it with the ruleset.

The first part checks ``tests/nmjl_reference.py`` on hands worked by hand from
``rules/american-nmjl-guide.txt``, ``docs/card_format.rst`` and the rulings (T1, N2-N5). The second
part compares the reference with ``mr.get_ruleset("nmjl", card=...)`` on seeded random cards and
near-winning hands.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset
from tests.nmjl_reference import (
    JOKER,
    Group,
    Numbers,
    RefLine,
    expand_line,
    is_makeable,
    is_singles_and_pairs,
    random_hand_near,
    random_line,
    reference_away,
    reference_hand_points,
    reference_line_away,
    reference_points,
    tile_limit,
)
from tests.nmjl_sample import line_away, sample_card_lines, sample_points


def hand(text: str) -> mr.Hand:
    return mr.Hand.parse(text)


def names(target: list[Group]) -> list[str]:
    """A target written as tile names, groups in the target's order: ``["1B 1B", "GD GD GD"]``."""
    return [" ".join(str(mr.Tile.from_index(i)) for i in tiles) + ("" if jokers else " !") for tiles, jokers in target]


# -- expanding lines -------------------------------------------------------------------------------


def test_one_suit_and_its_dragon() -> None:
    # Guide, Color Coding: "If the line is all blue ... the tiles used should all be the same
    # suit", with the example 11 22 333 444 DDDD; the dragon is the suit's own (T1).
    targets = expand_line("11x 22x 333x 444x DDDDx", None)
    assert len(targets) == 3
    assert ["1B 1B !", "2B 2B !", "3B 3B 3B", "4B 4B 4B", "GD GD GD GD"] in [names(t) for t in targets]
    assert ["1C 1C !", "2C 2C !", "3C 3C 3C", "4C 4C 4C", "RD RD RD RD"] in [names(t) for t in targets]
    assert ["1D 1D !", "2D 2D !", "3D 3D 3D", "4D 4D 4D", "WD WD WD WD"] in [names(t) for t in targets]
    line = ("11x 22x 333x 444x DDDDx", None, False)
    assert reference_line_away(hand("1B 1B 2B 2B 3B 3B 3B 4B 4B 4B GD GD GD GD"), *line) == 0
    # The incorrect ways: a dragon of another suit, or a pair in another suit.
    assert reference_line_away(hand("1B 1B 2B 2B 3B 3B 3B 4B 4B 4B RD RD RD RD"), *line) == 4
    assert reference_line_away(hand("1C 1C 2B 2B 3B 3B 3B 4B 4B 4B GD GD GD GD"), *line) == 2


def test_three_suits() -> None:
    # Guide: "111 33 5555 77 999 indicates that all three suits are needed ... the numbered tiles
    # shown in green can be either the bams, craks, or dots so long as the grouping of tiles shown
    # in red and those shown in blue are the other suits." The sentence does not say which groups
    # share a colour; we CHOOSE the symmetric colouring 111 and 999 in one suit, 33 and 77 in a
    # second, 5555 in the third.
    pattern = "111x 33y 5555z 77y 999x"
    targets = expand_line(pattern, None)
    assert len(targets) == 6  # the 3! ways to give the three colours suits
    assert reference_line_away(hand("1B 1B 1B 3C 3C 5D 5D 5D 5D 7C 7C 9B 9B 9B"), pattern, None, False) == 0
    assert reference_line_away(hand("1D 1D 1D 3B 3B 5C 5C 5C 5C 7B 7B 9D 9D 9D"), pattern, None, False) == 0
    # All in one suit: only the 1s and 9s (or only the 3s and 7s, or the 5s) can stay.
    assert reference_line_away(hand("1B 1B 1B 3B 3B 5B 5B 5B 5B 7B 7B 9B 9B 9B"), pattern, None, False) == 8
    # Two suits: the 5s must move to the third suit.
    assert reference_line_away(hand("1B 1B 1B 3C 3C 5C 5C 5C 5C 7C 7C 9B 9B 9B"), pattern, None, False) == 4


def test_soap_is_zero_in_any_suit() -> None:
    # Guide: "The white dragon (soap) is used as zero"; ruling N3: 0 is suitless.
    targets = expand_line("NEWS 2026x 2026y FF", None)
    assert len(targets) == 3
    assert ["2B 2B 6B WD !", "2C 2C 6C WD !", "E S W N !", "F F !"] in [names(t) for t in targets]
    line = ("NEWS 2026x 2026y FF", None, True)
    assert reference_line_away(hand("N E W S 2B WD 2B 6B 2C WD 2C 6C F F"), *line) == 0
    # The Green dragon is not the Bams' zero.
    assert reference_line_away(hand("N E W S 2B GD 2B 6B 2C WD 2C 6C F F"), *line) == 1


def test_dragons_go_with_their_suits() -> None:
    # Ruling T1: Green with Bams, Red with Craks, White with Dots.
    assert [names(t) for t in expand_line("1111x 2222x 3333x DDx", None)] == [
        ["1B 1B 1B 1B", "2B 2B 2B 2B", "3B 3B 3B 3B", "GD GD !"],
        ["1C 1C 1C 1C", "2C 2C 2C 2C", "3C 3C 3C 3C", "RD RD !"],
        ["1D 1D 1D 1D", "2D 2D 2D 2D", "3D 3D 3D 3D", "WD WD !"],
    ]


def test_any_wind() -> None:
    # card_format.rst: "a kong of one wind, a pung of another, and two dragons" (the example as
    # printed, "???? DDDx DDDy ???", has 13 tiles; we use a kong of each wind).
    targets = expand_line("???? DDDx DDDy ????", None)
    assert len(targets) == 6 * 3  # two different winds, two different dragons
    for target in targets:
        winds = [tiles for tiles, _ in target if tiles[0] >= 30]
        assert len(winds) == 2
        assert winds[0][0] != winds[1][0]
        assert all(len(set(tiles)) == 1 for tiles in winds)


def test_numbers_move_together() -> None:
    # card_format.rst: "any five consecutive numbers in one suit": lowest 1 to 5, three suits.
    assert len(expand_line("11x 222x 3333x 444x 55x", "any")) == 15
    # "any like number in three suits": the three suits' assignments are the same hand.
    assert len(expand_line("FF 1111x 1111y 1111z", "any")) == 9
    # 2468 only as written under "even": moving to 4 would take the 8 to 10.
    assert len(expand_line("222x 444x 6666x 8888x", "even")) == 3
    # "odd": 1 3 5 7 or 3 5 7 9; 5 7 9 11 and higher are skipped.
    odd = expand_line("111x 3333x 555x 7777x", "odd")
    assert len(odd) == 2 * 3
    # "numbers" replaces the written values: a line written with 2s under "odd" has no 2s.
    moved = expand_line("2222x FFFF 4444x 66x", "odd")
    assert len(moved) == 3 * 3
    assert all(tile % 9 % 2 == 0 for target in moved for tiles, _ in target for tile in tiles if tile < 27)
    # A range and a list.
    assert len(expand_line("FF 1111x 1111y 1111z", "3-6")) == 4
    assert len(expand_line("FF 1111x 1111y 1111z", [2, 5])) == 2
    # Soaps never move.
    moved_year = expand_line("2024x 000 222y 6666y", "any")
    assert len(moved_year) == 5 * 6
    for target in moved_year:
        assert (29, 29, 29) in [tiles for tiles, _ in target]
        assert sum(tiles.count(29) for tiles, _ in target) == 4


def test_alternatives_are_the_same_as_numbers_listed() -> None:
    # card_format.rst: "FFFF 2222x|5555x DDDx DDDy": 2s or 5s, with the matching dragon and another
    # suit's dragon; the same hands as the line written with 2s and numbers = [2, 5].
    assert expand_line("FFFF 2222x|5555x DDDx DDDy", None) == expand_line("FFFF 2222x DDDx DDDy", [2, 5])
    assert len(expand_line("FFFF 2222x|5555x DDDx DDDy", None)) == 2 * 3 * 2


def test_jokers_only_in_identical_groups_of_three_or_more() -> None:
    # Guide, Jokers: "Jokers can be used as a substitute for any tile in a grouping of 3 or more
    # tiles. Jokers can not be used for a single or a pair." Year groups and NEWS are singles.
    # Ruling N2: flowers included. "!" bans them.
    [target] = expand_line("FFF 2024x NEWS 1x E 0", None)[:1]
    assert sorted(names(target)) == sorted(["F F F", "2B 2B 4B WD !", "E S W N !", "1B !", "E !", "WD !"])
    [target] = expand_line("FFF! 22x 11111x! 0000", None)[:1]
    assert sorted(names(target)) == sorted(["F F F !", "2B 2B !", "1B 1B 1B 1B 1B !", "WD WD WD WD"])
    line = ("FFF 2024x NEWS 1x E 0", None, False)
    assert reference_line_away(hand("F F J 2B WD 2B 4B N E W S 1B E WD"), *line) == 0
    assert reference_line_away(hand("F F F 2B J 2B 4B N E W S 1B E WD"), *line) == 1
    assert reference_line_away(hand("F F F 2B WD 2B 4B N E W J 1B E WD"), *line) == 1
    assert reference_line_away(hand("F F F 2B WD 2B 4B N E W S J E WD"), *line) == 1
    pair_line = ("11x 222x 3333x 444x 55x", None, False)
    assert reference_line_away(hand("1B J 2B 2B 2B 3B 3B 3B 3B 4B 4B 4B 5B 5B"), *pair_line) == 1
    assert reference_line_away(hand("1B 1B 2B J 2B 3B J 3B J 4B J 4B 5B 5B"), *pair_line) == 0


def test_four_jokers_make_a_kong() -> None:
    # Guide: "if you need four like tiles and you have none of them, but you have four jokers, you
    # may use all four jokers as substitutes for that grouping of four tiles."
    line = ("222x 444x 6666x 8888x", None, False)
    assert reference_line_away(hand("2C 2C 2C 4C 4C 4C 6C 6C 6C 6C J J J J"), *line) == 0


def test_calling_a_tile_with_a_joker() -> None:
    # Guide, Calling a Tile: building 222 444 6666 8888 with one 4 Crak and a joker, the player
    # calls the discarded 4 Crak and exposes the pung; with two 4 Craks the same.
    line = ("222x 444x 6666x 8888x", None, False)
    before = hand("2C 2C 2C 4C J 6C 6C 6C 6C 8C 8C 8C 8C")
    assert reference_line_away(before, *line) == 1
    assert reference_line_away(hand("2C 2C 2C 6C 6C 6C 6C 8C 8C 8C 8C [4C 4C J]"), *line) == 0
    assert reference_line_away(hand("2C 2C 2C 6C 6C 6C 6C 8C 8C 8C 8C [4C 4C 4C]"), *line) == 0
    # The exposure is one whole group (N4): a kong of 4 Craks is no group of this line.
    assert reference_line_away(hand("2C 2C 2C 6C 6C 6C 6C 8C 8C 8C [4C 4C 4C 4C]"), *line) is None
    # An exposed pung of 6s is not part of the kong of 6s.
    assert reference_line_away(hand("2C 2C 2C 4C 4C 4C 6C 8C 8C 8C 8C [6C 6C 6C]"), *line) is None
    # An exposure in another suit decides the suit of the whole line.
    assert reference_line_away(hand("2C 2C 2C 6C 6C 6C 6C 8C 8C 8C 8C [4B 4B J]"), *line) == 11


def test_exposed_jokers_only_in_joker_groups() -> None:
    # "222x!" bans jokers: an exposed [2B 2B J] cannot be that group; a natural one can.
    line = ("222x! 444x 6666x 8888x", None, False)
    assert reference_line_away(hand("4B 4B 4B 6B 6B 6B 6B 8B 8B 8B 8B [2B 2B J]"), *line) is None
    assert reference_line_away(hand("4B 4B 4B 6B 6B 6B 6B 8B 8B 8B 8B [2B 2B 2B]"), *line) == 0


def test_only_groupings_of_like_tiles_are_exposed() -> None:
    # Guide, Calling a Tile: a discard is called to complete "a grouping of 3 or more like tiles";
    # the tile called for Mahjong stays among the concealed tiles (docs/rulings.rst N4, T2), so an
    # exposed pair or group of singles is no group of any line.
    line = ("NEWS 2026x 2026y FF", None, False)
    assert reference_line_away(hand("2B WD 2B 6B 2C WD 2C 6C F F [N E W S]"), *line) is None
    assert reference_line_away(hand("N E W S 2C WD 2C 6C F F [2B WD 2B 6B]"), *line) is None
    assert reference_line_away(hand("222B 3333B 4444B 5B [1B 1B]"), "11x 222x 3333x 4444x 5x", None, False) is None
    # An exposed set of jokers alone stands for its "=" tile.
    runs = ("111x 2222x 333x 4444x", None, False)
    assert reference_line_away(hand("111B 2222B 4444B [J J J =3B]"), *runs) == 0
    assert reference_line_away(hand("111B 2222B 4444B [J J J =4B]"), *runs) is None
    assert reference_line_away(hand("111B 2222B 333B [J J J J =4B]"), *runs) == 0


def test_concealed_line_allows_no_exposure() -> None:
    # Ruling N4 (and the guide's "C- concealed hand").
    exposed = hand("2C 2C 2C 6C 6C 6C 6C 8C 8C 8C 8C [4C 4C J]")
    assert reference_line_away(exposed, "222x 444x 6666x 8888x", None, True) is None
    assert (
        reference_line_away(hand("2C 2C 2C 4C 4C J 6C 6C 6C 6C 8C 8C 8C 8C"), "222x 444x 6666x 8888x", None, True) == 0
    )


def test_matching_places_jokers_where_they_are_needed() -> None:
    # A greedy placement could put the joker in the pung of 2s and leave the 4s short.
    target = expand_line("222x 444x 6666x 8888x", None)[0]
    assert names(target)[0] == "2B 2B 2B"
    assert reference_away(hand("2B 2B 2B 4B 4B J 6B 6B 6B 6B 8B 8B 8B 8B"), target) == 0
    assert reference_away(hand("2B 2B J 4B 4B J 6B 6B 6B 6B 8B 8B 8B 8B"), target) == 0
    # Thirteen tiles: one slot is always empty.
    assert reference_away(hand("2B 2B J 4B 4B J 6B 6B 6B 6B 8B 8B 8B"), target) == 1
    # Extra jokers do not fit a pair.
    pairs = expand_line("FF 11x 22x 33x 44x 55x 66x", None)[0]
    assert reference_away(hand("F F 1B 1B 2B 2B 3B 3B 4B 4B 5B 5B 6B J"), pairs) == 1


def test_makeable() -> None:
    # A quint needs a joker; five natural Bams of one kind can never be held.
    [quint] = expand_line("11111x 2222x 3333x 4x", None)[:1]
    assert is_makeable(quint)
    [banned] = expand_line("11111x! 2222x 3333x 4x", None)[:1]
    assert not is_makeable(banned)
    # 0 and the Dots' dragon are the same tile (N3, T1): 4 + 4 White dragons need 4 jokers.
    targets = expand_line("0000 DDDDx 2222x 33x", None)
    assert all(is_makeable(t) for t in targets)
    assert all(is_makeable(t) for t in expand_line("0000 DDDDx! 2222x 33x", None))
    assert not all(is_makeable(t) for t in expand_line("0000! DDDDx! 2222x 33x", None))
    assert reference_line_away(hand("WD WD WD WD J J J J 2D 2D 2D 2D 3D 3D"), "0000 DDDDx 2222x 33x", None, False) == 0


def test_points() -> None:
    # Ruling N5: the line's value, doubled when jokerless, except on singles-and-pairs lines.
    run = RefLine("11x 22x 333x 444x DDDDx", None, 25, False)
    sp = RefLine("FF 11x 22x 33x 44x 55x 66x", None, 50, True)
    assert not is_singles_and_pairs(expand_line(run.hand, run.numbers))
    assert is_singles_and_pairs(expand_line(sp.hand, sp.numbers))
    jokerless = hand("1B 1B 2B 2B 3B 3B 3B 4B 4B 4B GD GD GD GD")
    with_joker = hand("1B 1B 2B 2B 3B 3B J 4B 4B 4B GD GD GD GD")
    exposed_joker = hand("1B 1B 2B 2B 4B 4B 4B GD GD GD GD [3B 3B J]")
    assert reference_points(jokerless, 25, False) == 50
    assert reference_points(with_joker, 25, False) == 25
    assert reference_points(exposed_joker, 25, False) == 25
    assert reference_points(jokerless, 50, True) == 50
    # Groups of singles are singles (guide: "Each tile is a single"): a year line is one; so is a
    # line where no joker can stand (card_format.rst: "only pairs, singles and ! groups").
    assert is_singles_and_pairs(expand_line("NEWS 2026x 2026y FF", None))
    assert not is_singles_and_pairs(expand_line("FFF NEWS 2026x 123y", None))
    assert is_singles_and_pairs(expand_line("FFF! NEWS 2026x 123y", None))
    assert is_singles_and_pairs(expand_line("1111x! 2222x! 3333x! 44x", None))
    assert not is_singles_and_pairs(expand_line("1111x! 2222x 3333x! 44x", None))
    assert reference_hand_points(jokerless, [run, sp]) == 50
    assert reference_hand_points(with_joker, [run, sp]) == 25
    pairs_hand = hand("F F 1C 1C 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C")
    assert reference_hand_points(pairs_hand, [run, sp]) == 50
    assert reference_hand_points(hand("F F 1C 1C 2C 2C 3C 3C 4C 4C 5C 5C 6C"), [run, sp]) is None
    # The best line wins (T3): a jokerless 25 line (50) beats a 40 line that is not doubled.
    double = RefLine("11x 22x 333x 444x DDDDx", None, 40, False)
    assert reference_hand_points(jokerless, [double]) == 80


# -- the generators --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(200))
def test_generators(seed: int) -> None:
    rng = random.Random(seed)
    pattern, numbers = random_line(rng)
    targets = expand_line(pattern, numbers)
    assert targets
    assert all(sum(len(tiles) for tiles, _ in target) == 14 for target in targets)
    assert all(is_makeable(target) for target in targets)
    h = random_hand_near(rng, targets)
    tiles = [*h.concealed, *(tile for meld in h.exposed for tile in meld.tiles)]
    assert len(tiles) in (13, 14)
    counts = Counter(tile.index for tile in tiles)
    assert all(count <= tile_limit(index) for index, count in counts.items())
    for meld in h.exposed:
        assert meld.represents is not None
        assert meld.size >= 3
    assert reference_line_away(h, pattern, numbers, False) is not None


def test_generators_use_the_grammar() -> None:
    rng = random.Random(7)
    lines = [random_line(rng) for _ in range(300)]
    text = " ".join(pattern for pattern, _ in lines)
    for char in "0123456789DFNEWS?xyz!|":
        assert char in text
    kinds = {type(numbers).__name__ if not isinstance(numbers, str) else numbers for _, numbers in lines}
    assert {"NoneType", "list", "any", "even", "odd"} <= kinds
    sizes = {len(group.rstrip("!xyz")) for pattern, _ in lines for group in pattern.split()}
    assert {1, 2, 3, 4, 5} <= sizes
    hands = [random_hand_near(rng, expand_line(p, n)) for p, n in lines]
    assert any(h.exposed for h in hands)
    assert any(any(t.index == JOKER for t in h.concealed) for h in hands)


# -- the ruleset against the reference --------------------------------------------------------------


def nmjl(card: mr.Card | None = None) -> NmjlRuleset:
    ruleset = mr.get_ruleset("nmjl", card=card)
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


def toml_numbers(numbers: Numbers) -> str:
    if numbers is None:
        return ""
    if isinstance(numbers, list):
        return f", numbers = [{', '.join(str(n) for n in numbers)}]"
    return f', numbers = "{numbers}"'


def card_text(lines: list[RefLine]) -> str:
    rows = [
        f'  {{ hand = "{line.hand}", value = {line.value}, concealed = {str(line.concealed).lower()}'
        f"{toml_numbers(line.numbers)} }},"
        for line in lines
    ]
    return 'format = 1\nname = "Random"\n[[section]]\nname = "Random"\nlines = [\n' + "\n".join(rows) + "\n]\n"


def random_case(seed: int, max_exposures: int = 1) -> tuple[list[RefLine], mr.Hand]:
    rng = random.Random(seed)
    lines: list[RefLine] = []
    for _ in range(rng.randint(1, 5)):
        pattern, numbers = random_line(rng)
        lines.append(RefLine(pattern, numbers, rng.choice([25, 30, 35, 40, 50, 75]), rng.random() < 0.25))
    base = rng.choice(lines)
    return lines, random_hand_near(rng, expand_line(base.hand, base.numbers), max_exposures)


def describe(lines: list[RefLine], h: mr.Hand) -> str:
    return f"hand {h}\n" + card_text(lines)


@pytest.mark.parametrize("seed", range(400))
def test_ruleset_agrees_with_reference(seed: int) -> None:
    lines, h = random_case(seed)
    card = mr.parse_card(card_text(lines))
    ruleset = nmjl(card)
    records = ruleset.closest_lines(h)
    by_label = {f"Random #{i + 1}": line for i, line in enumerate(lines)}
    assert sorted(record.line.label for record in records) == sorted(by_label), describe(lines, h)
    expected_aways: list[int] = []
    for record in records:
        line = by_label[record.line.label]
        assert record.line.hand == line.hand
        expected = reference_line_away(h, line.hand, line.numbers, line.concealed)
        assert record.tiles_away == expected, f"{record.line.label} ({line.hand})\n" + describe(lines, h)
        if expected is not None:
            expected_aways.append(expected)
    if expected_aways:
        assert ruleset.tiles_away(h) == min(expected_aways), describe(lines, h)
    evaluation = ruleset.evaluate(h)
    expected_points = reference_hand_points(h, lines)
    assert evaluation.is_winning == (expected_points is not None), describe(lines, h)
    if expected_points is not None:
        assert evaluation.points == expected_points, describe(lines, h)


# Hand-checked cases, the line alone on a card: (pattern, numbers, concealed, hand).
HAND_CHECKED: list[tuple[str, Numbers, bool, str]] = [
    ("11x 22x 333x 444x DDDDx", None, False, "1B 1B 2B 2B 3B 3B 3B 4B 4B 4B GD GD GD GD"),
    ("11x 22x 333x 444x DDDDx", None, False, "1B 1B 2B 2B 3B 3B 3B 4B 4B 4B RD RD RD RD"),
    ("11x 22x 333x 444x DDDDx", None, False, "1C 1C 2B 2B 3B 3B 3B 4B 4B 4B GD GD GD GD"),
    ("111x 33y 5555z 77y 999x", None, False, "1B 1B 1B 3C 3C 5D 5D 5D 5D 7C 7C 9B 9B 9B"),
    ("111x 33y 5555z 77y 999x", None, False, "1B 1B 1B 3B 3B 5B 5B 5B 5B 7B 7B 9B 9B 9B"),
    ("NEWS 2026x 2026y FF", None, True, "N E W S 2B WD 2B 6B 2C WD 2C 6C F F"),
    ("NEWS 2026x 2026y FF", None, True, "N E W S 2B GD 2B 6B 2C WD 2C 6C F F"),
    ("FFF 2024x NEWS 1x E 0", None, False, "F F J 2B WD 2B 4B N E W S 1B E WD"),
    ("FFF 2024x NEWS 1x E 0", None, False, "F F F 2B J 2B 4B N E W S 1B E WD"),
    ("11x 222x 3333x 444x 55x", None, False, "1B J 2B 2B 2B 3B 3B 3B 3B 4B 4B 4B 5B 5B"),
    ("11x 222x 3333x 444x 55x", "any", False, "5C 5C 6C J 6C 7C J 7C J 8C J 8C 9C 9C"),
    ("222x 444x 6666x 8888x", None, False, "2C 2C 2C 4C 4C 4C 6C 6C 6C 6C J J J J"),
    ("222x 444x 6666x 8888x", None, False, "2C 2C 2C 4C J 6C 6C 6C 6C 8C 8C 8C 8C"),
    ("222x 444x 6666x 8888x", None, False, "2C 2C 2C 6C 6C 6C 6C 8C 8C 8C 8C [4C 4C J]"),
    ("222x 444x 6666x 8888x", None, False, "2C 2C 2C 6C 6C 6C 6C 8C 8C 8C [4C 4C 4C 4C]"),
    ("222x 444x 6666x 8888x", None, False, "2C 2C 2C 4C 4C 4C 6C 8C 8C 8C 8C [6C 6C 6C]"),
    ("222x 444x 6666x 8888x", None, False, "2C 2C 2C 6C 6C 6C 6C 8C 8C 8C 8C [4B 4B J]"),
    ("222x 444x 6666x 8888x", None, True, "2C 2C 2C 6C 6C 6C 6C 8C 8C 8C 8C [4C 4C J]"),
    ("222x! 444x 6666x 8888x", None, False, "4B 4B 4B 6B 6B 6B 6B 8B 8B 8B 8B [2B 2B J]"),
    ("222x! 444x 6666x 8888x", None, False, "4B 4B 4B 6B 6B 6B 6B 8B 8B 8B 8B [2B 2B 2B]"),
    ("FFFF 2222x|5555x DDDx DDDy", None, False, "F F F J 5C 5C 5C 5C RD RD RD WD WD J"),
    ("FFFF 2222x|5555x DDDx DDDy", None, False, "F F F J 5C 5C 5C 5C GD GD GD WD WD J"),
    ("???? DDDx DDDy ????", None, False, "E E E E GD GD GD RD RD J N N N N"),
    ("???? DDDx DDDy ????", None, False, "E E E E GD GD GD RD RD J N N N S"),
    ("???? DDDx DDDy ????", None, False, "E E E E GD GD GD RD RD J J J J J"),
    ("0000 DDDDx 2222x 33x", None, False, "WD WD WD WD J J J J 2D 2D 2D 2D 3D 3D"),
    ("0000! DDDDx! 2222x 33x", None, False, "WD WD WD WD J J J J 2D 2D 2D 2D 3D 3D"),
    ("111x 2222x 333x 4444x", None, False, "111B 2222B [3B 3B J] [4B J J J]"),
    ("111x 222y 333x 4444y 5x", None, False, "111B 4444C 5B [2C 2C J] [3B 3B 3B]"),
    ("11x 222x 3333x 4444x 5x", None, False, "222B 3333B 4444B 5B [1B 1B]"),
    ("NEWS 2026x 2026y FF", None, False, "2B WD 2B 6B 2C WD 2C 6C F F [N E W S]"),
    ("NEWS 2026x 2026y FF", None, False, "N E W S 2C WD 2C 6C F F [2B WD 2B 6B]"),
    ("111x 2222x 333x 4444x", None, False, "111B 2222B 4444B [J J J =3B]"),
    ("111x 2222x 333x 4444x", None, False, "111B 2222B 4444B [J J J =4B]"),
    ("111x 2222x 333x 4444x", None, False, "111B 2222B 333B [J J J J =4B]"),
    # Open: an exposed set of jokers alone, with no "=" tile. The reference lets it stand for any
    # joker group of its size (as Flex's F18 does); no nmjl ruling decides it.
    ("111x 2222x 333x 4444x", None, False, "111B 2222B 4444B [J J J]"),
]


@pytest.mark.parametrize(("pattern", "numbers", "concealed", "text"), HAND_CHECKED)
def test_ruleset_on_hand_checked_cases(pattern: str, numbers: Numbers, concealed: bool, text: str) -> None:
    line = RefLine(pattern, numbers, 40, concealed)
    ruleset = nmjl(mr.parse_card(card_text([line])))
    h = hand(text)
    [record] = ruleset.closest_lines(h)
    assert record.tiles_away == reference_line_away(h, pattern, numbers, concealed)
    assert ruleset.evaluate(h).is_winning == (reference_hand_points(h, [line]) is not None)


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("1111x 2222x 3333x 44x", "1111B 2222B 3333B 44B"),
        ("NEWS 2026x 2026y FF", "N E W S 2B WD 2B 6B 2C WD 2C 6C F F"),
        ("FF 11x 22x 33x 44x 55x 66x", "F F 1C 1C 2C 2C 3C 3C 4C 4C 5C 5C 6C 6C"),
        ("FFF NEWS 1234x 123y", "F F F N E W S 1B 2B 3B 4B 1C 2C 3C"),
        # No joker can stand anywhere: a Singles and Pairs line (card_format.rst), not doubled.
        ("1111x! 2222x! 3333x! 44x", "1111B 2222B 3333B 44B"),
        ("1111x! 2222x 3333x! 44x", "1111B 2222B 3333B 44B"),
    ],
)
def test_ruleset_jokerless_points(pattern: str, text: str) -> None:
    line = RefLine(pattern, None, 40, False)
    ruleset = nmjl(mr.parse_card(card_text([line])))
    h = hand(text)
    evaluation = ruleset.evaluate(h)
    assert evaluation.is_winning
    assert evaluation.points == reference_hand_points(h, [line])


@pytest.mark.parametrize("seed", range(40))
def test_sample_card_agrees_with_reference(seed: int) -> None:
    # The invented card the ruleset ships (format 2: number variables, suits, -or-, any dragons),
    # with hands near its lines.
    ruleset = nmjl()
    lines = sample_card_lines()
    assert [line.label for line in lines] == [line.label for line in ruleset.card.lines]
    rng = random.Random(seed)
    base = rng.choice(lines)
    h = random_hand_near(rng, base.targets, max_exposures=2)
    records = {record.line.label: record.tiles_away for record in ruleset.closest_lines(h)}
    for line in lines:
        assert records[line.label] == line_away(h, line), (line.label, str(h))
    expected_points = sample_points(h, lines)
    evaluation = ruleset.evaluate(h)
    assert evaluation.is_winning == (expected_points is not None), str(h)
    if expected_points is not None:
        assert evaluation.points == expected_points, str(h)
