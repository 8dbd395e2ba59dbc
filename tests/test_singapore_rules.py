"""The Singapore ruleset against its rule document: the tile set, the valid patterns, what a
Mahjong is (kongs, 13 Wonders, eight flowers), every item of the list of doubles, the minimum
doubles and the doubles limit, the best reading, and bad input.

Sources: ``rules/singapore-mahjong-rules.txt`` (cited as "line N"), the rulings T1-T5 and S1-S20 of
``RULINGS.md``. Every expected value here is worked out by hand from those documents, with the
arithmetic in a comment next to it, not taken from running the code. Payments (the document's
"How do you score?", the instant payments and the pay-all scenarios) are in
``test_singapore_settlement.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.singapore import SingaporeOptions, SingaporeRuleset

E, S, W, N = mr.Seat
DEFAULT = SingaporeRuleset(SingaporeOptions())
SELF_DRAWN = mr.WinContext(self_drawn=True)

# Four sets and an eye worth no doubles at all (seat East, prevailing East, won on a discard): a
# pong of 1 Crak, chows of Dots and Bams, an eye of 5 Bam. Not All Chow (a pong), not All Pong (three
# chows), three suits (no colour), 2-8 tiles in it (no 1s and 9s hand).
BASE0 = "111C 234D 567D 789B 55B"
# The same with a Red Dragon pong in place of the 1 Crak pong: 1 double (line 238), nothing else.
BASE1 = "RDRDRD 234D 567D 789B 55B"
# 14 tiles that are no Mahjong and no 13 Wonders: no pair, no run of three, no complete honours.
JUNK = "1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D 5D E S"
WONDERS = "1B 9B 1C 9C 1D 9D E S W N RD GD WD"  # the 13 different tiles of 13 Wonders
RED = "RF1 RF2 RF3 RF4"
BLACK = "BF1 BF2 BF3 BF4"
ANIMALS = "Cat Mouse Rooster Centipede"


def ruleset(**options: Any) -> SingaporeRuleset:
    return SingaporeRuleset(SingaporeOptions(**options)) if options else DEFAULT


def evaluate(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    return ruleset(**options).evaluate(text, context)


def won(text: str, context: mr.WinContext | None = None, **options: Any) -> mr.Evaluation:
    evaluation = evaluate(text, context, **options)
    assert evaluation.is_winning, (text, evaluation.reasons)
    assert evaluation.reasons == ()
    assert evaluation.arrangement is not None
    return evaluation


def not_won(text: str, context: mr.WinContext | None = None, **options: Any) -> str:
    """The reason code of a hand that is not winning (exactly one reason)."""
    evaluation = evaluate(text, context, **options)
    assert not evaluation.is_winning, (text, evaluation.arrangement)
    assert evaluation.points == 0
    assert len(evaluation.reasons) == 1, evaluation.reasons
    return evaluation.reasons[0].code


def doubles(evaluation: mr.Evaluation) -> dict[str, int]:
    """The breakdown as {line name: doubles}; the points are their sum."""
    lines: dict[str, int] = {}
    for item in evaluation.breakdown:
        lines[item.name] = lines.get(item.name, 0) + item.points
    assert sum(lines.values()) == evaluation.points
    return lines


def at(seat: mr.Seat, prevailing: mr.Seat = E, **fields: Any) -> mr.WinContext:
    return mr.WinContext(seat_wind=seat, prevailing_wind=prevailing, **fields)


def set_sizes(evaluation: mr.Evaluation) -> list[int]:
    """The sizes of the sets of the scored arrangement, bonus tiles left out."""
    assert evaluation.arrangement is not None
    return sorted(meld.size for meld in evaluation.arrangement.melds if not any(tile.is_bonus for tile in meld.tiles))


# -- the tile set (lines 8-53) -----------------------------------------------------------------------


def test_the_148_tiles() -> None:
    """Line 9: 'The tile set is made up of 148 tiles. These 148 tiles are broken into suits that
    contain 136 total playable tiles, flower suit tiles that contain 8 tiles, and animal suit tiles
    that contain 4 tiles.' Lines 13-14: 36 tiles in each of three suits, 4 of each number 1-9.
    Lines 26-27, 33-34: 3 dragons x 4 = 12, 4 winds x 4 = 16. Lines 40-41: two flower sets of four
    unique tiles. Line 51: four unique animals. 3 x 36 + 12 + 16 = 136; 136 + 8 + 4 = 148."""
    tileset = DEFAULT.tileset
    assert mr.get_ruleset("singapore").tileset.total == tileset.total == 148
    for suit in mr.Suit:
        assert sum(tileset.count(suit.tile(rank)) for rank in range(1, 10)) == 36
        assert all(tileset.count(suit.tile(rank)) == 4 for rank in range(1, 10))
    assert sum(tileset.count(dragon.tile) for dragon in mr.Dragon) == 12
    assert sum(tileset.count(seat.wind) for seat in mr.Seat) == 16
    flowers = mr.parse_tiles(f"{RED} {BLACK}")
    animals = mr.parse_tiles(ANIMALS)
    assert len(set(flowers)) == 8
    assert all(tileset.count(tile) == 1 for tile in flowers)
    assert len(set(animals)) == 4
    assert all(tileset.count(tile) == 1 for tile in animals)
    assert 3 * 36 + 12 + 16 == 136
    assert tileset.total - 8 - 4 == 136


def test_get_ruleset_gives_the_singapore_ruleset() -> None:
    """Ruling S1: the default preset is the rules document (minimum 1, limit 5)."""
    singapore = mr.get_ruleset("singapore")
    assert isinstance(singapore, SingaporeRuleset)
    assert singapore.name == "singapore"
    assert singapore.options == SingaporeOptions()
    assert (singapore.options.min_doubles, singapore.options.limit) == (1, 5)
    assert isinstance(mr.get_ruleset("singapore", limit=8), SingaporeRuleset)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("1B 1B 1B 1B 1B 234D 567D 789B 5B", id="fifth-1B"),
        pytest.param("RDRDRDRDRD 234D 567D 789B 5B", id="fifth-dragon"),
        pytest.param("[EEEE] E 234D 567D 789B 55B", id="fifth-wind"),
        pytest.param(f"{BASE1} RF1 RF1", id="second-RF1"),
        pytest.param(f"{BASE1} Cat Cat", id="second-cat"),
        pytest.param(f"{BASE1} J", id="joker-not-in-the-set"),
    ],
)
def test_more_tiles_than_the_set_has_is_an_error_ruling_t5(text: str) -> None:
    """Lines 13-14: 'containing 4 tiles for each number in the suit'; lines 40-41 and 51: each
    flower and animal tile is unique. Ruling T5: a hand holding more of a tile than the tile set
    has is bad input and raises an error, whether given as text or as a parsed Hand."""
    with pytest.raises(mr.TileSetError):
        DEFAULT.evaluate(text)
    with pytest.raises(mr.TileSetError):
        DEFAULT.evaluate(mr.Hand.parse(text))


@pytest.mark.parametrize(
    ("number", "seat"),
    [
        pytest.param(1, E, id="1-east"),
        pytest.param(2, S, id="2-south"),
        pytest.param(3, W, id="3-west"),
        pytest.param(4, N, id="4-north"),
    ],
)
def test_flower_numbers_match_the_winds(number: int, seat: mr.Seat) -> None:
    """Lines 41-43: 'The number 1 corresponds to the East Wind, the number 2 corresponds to the South
    Wind, the number 3 corresponds to the West Wind, and the number 4 corresponds to the North
    Wind.' With line 251 ('Flower Suit tiles that match the Players Wind - 1 double for each'), both
    flowers of the seat's number are 2 doubles on BASE0 (0 doubles): 0 + 1 + 1 = 2; the six
    flowers of the other numbers are worth nothing there (0 doubles, winning only with minimum 0)."""
    own = won(f"{BASE0} RF{number} BF{number}", at(seat))
    assert own.points == 2
    assert doubles(own) == {f"Seat flower (RF{number})": 1, f"Seat flower (BF{number})": 1}
    others = " ".join(f"{colour}F{other}" for colour in "RB" for other in range(1, 5) if other != number)
    assert won(f"{BASE0} {others}", at(seat), min_doubles=0).points == 0


# -- valid patterns (lines 55-67) --------------------------------------------------------------------


def test_a_chow_is_three_in_sequence_of_one_suit() -> None:
    """Lines 56-57: 'A CHOW contains 3 tiles in numerical sequence of the same suit. For example a 5,
    6, 7 of Circles ... is considered a CHOW.' An exposed 567 of Circles is one of the four sets:
    [567D] 123C 456C 789B 55B is a Mahjong (four chows, eye 5B; with self-draw All Chow)."""
    evaluation = won("[567D] 123C 456C 789B 55B", SELF_DRAWN)
    assert set_sizes(evaluation) == [2, 3, 3, 3, 3]


@pytest.mark.parametrize(
    "meld",
    [
        pytest.param("[124C]", id="not-consecutive"),
        pytest.param("[579D]", id="gaps"),
        pytest.param("[1C 2B 3D]", id="three-suits"),
        pytest.param("[5B 5B 5D]", id="pong-of-two-suits"),
        pytest.param("[E S W]", id="winds-chow"),
        pytest.param("[RD GD WD]", id="dragons-chow"),
        pytest.param("[RF1 1B 2B]", id="flower-in-a-chow"),
        pytest.param("[Cat 9C 9C]", id="animal-in-a-pong"),
    ],
)
def test_a_declared_set_that_is_no_chow_pong_or_kong_is_an_error(meld: str) -> None:
    """Lines 56-58: a CHOW is 3 tiles in numerical sequence of the same suit; 'The Honor Suit
    Tiles, Flower Suit Tiles and Animal Tiles cannot be used in a CHOW.' Line 60: 'A PONG contains 3
    tiles of the same number and suit.' Line 61: 'The Flower Suit Tiles and Animal Tiles cannot be
    used in a PONG.' A declared set that is none of these is bad input: MeldError."""
    with pytest.raises(mr.MeldError):
        DEFAULT.evaluate(f"{meld} 123C 456C 789C 55B")


def test_honours_are_never_a_concealed_chow() -> None:
    """Line 57-58: 'The Honor Suit Tiles ... cannot be used in a CHOW.' E S W held concealed with
    three chows and an eye is no Mahjong (no pong of E, S or W can be made of one tile each)."""
    assert not_won("E S W 123C 456C 789D 55B") == "not-mahjong"
    assert not_won("RD GD WD 123C 456C 789D 55B") == "not-mahjong"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(f"[RF1 RF1 RF1] {BASE1}", id="flower-pong"),
        pytest.param(f"[BF2 BF2 BF2 BF2] {BASE1}", id="flower-kong"),
        pytest.param("RF3 RF3 123C 456C 789C 234D", id="flower-eye"),
        pytest.param(f"[Cat Cat Cat] {BASE1}", id="animal-pong"),
        pytest.param(f"{{Mouse Mouse Mouse Mouse}} {BASE1}", id="animal-kong"),
        pytest.param("Rooster Rooster 123C 456C 789C 234D", id="animal-eye"),
    ],
)
def test_flowers_and_animals_make_no_pong_kong_or_eye(text: str) -> None:
    """Line 61: 'The Flower Suit Tiles and Animal Tiles cannot be used in a PONG.' Line 64: '... in
    a KONG.' Line 67: '... as an EYE.' Each flower and animal is unique (lines 40-41, 51), so two
    or more of one is more than the set has: TileSetError (ruling T5)."""
    with pytest.raises(mr.TileSetError):
        DEFAULT.evaluate(text)


def test_flowers_and_animals_shown_together_are_no_set() -> None:
    """Lines 57-58: flowers and animals 'cannot be used in a CHOW'; lines 106-108: they are put up
    as exposed tiles. Three different flowers shown together are set aside, not a set: with three
    chows and an eye beside them the hand has 11 tiles, not a Mahjong; with four chows it is one
    (seat East: RF1 is 1 double, RF2, RF3 nothing; all chows won on a discard with no winning tile
    named: no All Chow; total 1). The animals likewise."""
    assert not_won("[RF1 RF2 RF3] 123C 456C 789C 55B") == "wrong-size"
    assert not_won("[Cat Mouse Rooster] 123C 456C 789C 55B") == "wrong-size"
    evaluation = won("[RF1 RF2 RF3] 123C 456C 789C 234D 55B")
    assert doubles(evaluation) == {"Seat flower (RF1)": 1}
    assert set_sizes(evaluation) == [2, 3, 3, 3, 3]
    assert doubles(won(f"[{ANIMALS}] {BASE0}")) == {
        "Animal (Cat)": 1,
        "Animal (Mouse)": 1,
        "Animal (Rooster)": 1,
        "Animal (Centipede)": 1,
        "All four animals": 1,
    }


@pytest.mark.parametrize(
    ("text", "points"),
    [
        # [EEE] at seat East in an East round: prevailing 1 + seat 1 (ruling S10) = 2.
        pytest.param("[EEE] 234D 567D 789B 55B", 2, id="honour-pong"),
        # a Green Dragon kong: 1 (line 238).
        pytest.param("[GDGDGDGD] 234D 567D 789B 55B", 1, id="honour-kong"),
        # a Red Dragon pong (1) and an eye of North (no double).
        pytest.param("RDRDRD 234D 567D 789B NN", 1, id="honour-eye"),
    ],
)
def test_honours_make_pongs_kongs_and_eyes(text: str, points: int) -> None:
    """Lines 60-67: only flowers and animals are kept out of pongs, kongs and eyes; honour tiles make
    them (and line 238 counts a dragon pong or kong)."""
    assert won(text).points == points


def test_tiles_that_are_no_sets_are_not_mahjong() -> None:
    """Lines 56-66: a chow is 3 in sequence, a pong 3 the same, an eye 2 the same; 14 tiles that do
    not split into them are not a Mahjong. 12C 45C 78D 99B 11D 33D 55D: no three in sequence (Dots
    1 3 5 7 8) and no three the same."""
    assert not_won("12C 45C 78D 99B 11D 33D 55D") == "not-mahjong"


# -- Getting Mahjong (lines 69-71), kongs (ruling T2, S20) ------------------------------------------


def test_one_eye_and_four_sets_is_mahjong() -> None:
    """Lines 70-71: 'To get mahjong you must have one and only one EYE and 4 sets of any combination
    of CHOW's, PONG's, and KONG's.' BASE1: pong RD, chows 234D 567D 789B, eye 55B."""
    evaluation = won(BASE1)
    assert set_sizes(evaluation) == [2, 3, 3, 3, 3]
    assert evaluation.points == 1  # the Red Dragon pong, line 238


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("11C 33C 55C 77D 99D 22B 44B", id="seven-pairs"),
        pytest.param("RDRDRD 123C 456D 55B 77B 9B", id="three-sets-two-eyes"),
        pytest.param("RDRDRD 123C 456D 789B 5B 6B", id="four-sets-no-eye"),
    ],
)
def test_not_one_eye_and_four_sets_is_not_mahjong(text: str) -> None:
    """Line 70: 'one and only one EYE and 4 sets': seven pairs (that make no chows: 1-3-5-7-9 Craks
    and Dots, 2-4 Bams) or two eyes beside three sets are not a Mahjong; nor four sets with no eye."""
    assert not_won(text) == "not-mahjong"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("123C 456C 789D 55B", id="11-tiles"),
        pytest.param("RDRDRD 123C 456D 789B 55B 5C", id="15-tiles"),
        pytest.param("[RDRDRDRD] 234D 567D 789B 5B", id="kong-counts-three"),
    ],
)
def test_a_hand_of_the_wrong_size_is_not_winning_ruling_t5(text: str) -> None:
    """Ruling T5: a hand of the wrong size is simply not winning, with that reason. Ruling T2: a
    Mahjong is 14 tiles, each declared kong adding one: [RDRDRDRD] 234D 567D 789B 5B is 14 tiles,
    counted 13 (the kong as three)."""
    assert not_won(text) == "wrong-size"


@pytest.mark.parametrize(
    ("text", "points", "size"),
    [
        # exposed kong of Red Dragon: 1 (line 238); 14 + 1 = 15 tiles.
        pytest.param("[RDRDRDRD] 234D 567D 789B 55B", 1, 15, id="exposed-kong"),
        # declared concealed kong of Red Dragon: 1; 15 tiles.
        pytest.param("{RDRDRDRD} 234D 567D 789B 55B", 1, 15, id="concealed-kong"),
        # four kongs, 14 + 4 = 18 tiles: RD kong 1 + All Pong 2 (four kongs and an eye, line 197) = 3.
        pytest.param("[1111C] [2222D] {3333B} [RDRDRDRD] 55B", 3, 18, id="four-kongs"),
    ],
)
def test_each_kong_adds_a_tile_ruling_t2(text: str, points: int, size: int) -> None:
    """Line 63: 'A KONG contains 4 tiles of the same number and suit.' Line 70: a Mahjong is 4 sets
    of chows, pongs and kongs and an eye. Ruling T2: each declared kong adds one tile to the 14."""
    evaluation = won(text)
    assert evaluation.points == points
    assert len(evaluation.hand) == size


def test_four_undeclared_tiles_are_a_pong_and_one_tile_ruling_s20() -> None:
    """Ruling S20: four equal concealed tiles that were not declared as a kong count as a pong plus
    one tile. 1111C 23C 567D 789B 55B (14 tiles) is then 111C + 123C + 567D + 789B + eye 55B: a
    Mahjong of 0 doubles (minimum 0). RDRDRDRD 234D 567D 789B 5B (14 tiles): RD pong + the fourth
    RD alone + 5B alone: no Mahjong; declared as {RDRDRDRD} it counts as three and the hand is 13,
    so one more 5B makes the declared-kong Mahjong (1 double)."""
    evaluation = won("1111C 23C 567D 789B 55B", min_doubles=0)
    assert evaluation.points == 0
    assert set_sizes(evaluation) == [2, 3, 3, 3, 3]
    assert not_won("RDRDRDRD 234D 567D 789B 5B") == "not-mahjong"
    assert not_won("{RDRDRDRD} 234D 567D 789B 5B") == "wrong-size"
    assert won("{RDRDRDRD} 234D 567D 789B 55B").points == 1


def test_decompositions_list_every_reading() -> None:
    """Ruling T3 (with line 70): 111C 222C 333C 456D 77B splits as three pongs or three chows of
    1-2-3 Craks (one chow would leave 11 22 33 Craks, two more chows: the same reading). With
    minimum 0 both readings are Mahjongs; by default the pong reading (0 doubles) is not, and
    self-drawn the chow reading is Ping Wu (4)."""
    loose = mr.WinContext(self_drawn=True)
    assert len(list(ruleset(min_doubles=0).decompositions("111C 222C 333C 456D 77B", loose))) == 2
    assert len(list(DEFAULT.decompositions("111C 222C 333C 456D 77B", loose))) == 1


# -- 13 Wonders (lines 215-218) ----------------------------------------------------------------------


@pytest.mark.parametrize("eye", mr.parse_tiles(WONDERS), ids=str)
def test_13_wonders(eye: mr.Tile) -> None:
    """Lines 216-218: 'the one and the nine of the Bamboo suit, the Circle Suit, and the Numbers Suit
    along with each unique tile in the Honors suit. You must also have an EYE which can be made up
    of any of the above mentioned tiles.' Line 248: '13 Wonders Game - 5 doubles'."""
    evaluation = won(f"{WONDERS} {eye}")
    assert doubles(evaluation) == {"13 Wonders": 5}
    assert evaluation.points == 5


def test_13_wonders_needs_every_tile() -> None:
    """Line 216: each of the 13 tiles is needed: without the White Dragon (two extra Green Dragons
    in its place) the hand is nothing."""
    assert not_won("1B 9B 1C 9C 1D 9D E S W N RD GD GD GD") == "not-mahjong"


def test_13_wonders_needs_no_minimum_doubles() -> None:
    """Lines 275-276: 'To win the game, a player must have mahjong and at least the minimum number
    of doubles. The only exceptions to this rule is when the player has 13 wonders or 8 flowers.'
    With a minimum of 6 (limit 10), 13 Wonders (5 doubles) still wins."""
    evaluation = won(f"{WONDERS} 1B", limit=10, min_doubles=6)
    assert evaluation.points == 5
    assert not_won(BASE1, limit=10, min_doubles=6) == "below-minimum"


# -- eight flowers (lines 220-225, ruling S16) -------------------------------------------------------


@pytest.mark.parametrize(
    "others",
    [pytest.param(JUNK, id="14-junk-tiles"), pytest.param(JUNK[:-2], id="13-junk-tiles")],
)
def test_eight_flowers_win_whatever_the_other_tiles_ruling_s16(others: str) -> None:
    """Lines 221-222: 'In the case that a player has all eight Flower Suit tiles that person
    automatically wins the game regardless of their other tiles.' Ruling S16. Seat East, limit 13:
    RF1 1 + BF1 1 (line 251) + red set 1 + black set 1 (lines 252-253: 2 in total each with its seat
    flower) + 5 (line 258) = 9; by default capped at 5."""
    hand = f"{RED} {BLACK} {others}"
    assert won(hand).points == 5
    evaluation = won(hand, limit=13)
    assert evaluation.points == 1 + 1 + 1 + 1 + 5 == 9
    assert doubles(evaluation) == {
        "Seat flower (RF1)": 1,
        "Seat flower (BF1)": 1,
        "Red flower set": 1,
        "Black flower set": 1,
        "Eight flowers": 5,
    }


def test_seven_flowers_are_not_an_automatic_win_ruling_s16() -> None:
    """Ruling S16: 'Seven flowers is not an automatic win.' (Lines 222-225 hand the eighth flower
    over; until then the player has not won.) Seven flowers beside 14 junk tiles are no Mahjong."""
    assert not_won(f"{RED} BF1 BF2 BF3 {JUNK}") == "not-mahjong"


# -- the doubles (lines 238-264) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(BASE1, {"Dragon pung (Red Dragon)": 1}, id="red-pong"),
        pytest.param("[GDGDGDGD] 234D 567D 789B 55B", {"Dragon pung (Green Dragon)": 1}, id="green-kong"),
        pytest.param(
            "RDRDRD WDWDWD 567D 789B 55B",
            {"Dragon pung (Red Dragon)": 1, "Dragon pung (White Dragon)": 1},
            id="two-dragons",
        ),
    ],
)
def test_dragon_pongs_and_kongs(text: str, expected: dict[str, int]) -> None:
    """Line 238: 'A Pong or Kong of any the Dragon Tiles - 1 double for each'. Two dragons: 1 + 1."""
    assert doubles(won(text)) == expected


def test_prevailing_wind_pong() -> None:
    """Line 239: 'A Pong or Kong of the Prevailing Wind for that game - 1 double'. Seat South, West
    round: WWW is 1; a kong {WWWW} is 1."""
    assert doubles(won("WWW 234D 567D 789B 55B", at(S, W))) == {"Prevailing wind pung (West Wind)": 1}
    assert won("{WWWW} 234D 567D 789B 55B", at(S, W)).points == 1


def test_seat_wind_pong() -> None:
    """Line 240: 'A Pong or Kong of the Player Game Wind for that game - 1 double'. Seat South, West
    round: SSS is 1; [SSSS] is 1. A pong of North, neither wind, is 0 (not winning by default)."""
    assert doubles(won("SSS 234D 567D 789B 55B", at(S, W))) == {"Seat wind pung (South Wind)": 1}
    assert won("[SSSS] 234D 567D 789B 55B", at(S, W)).points == 1
    assert not_won("NNN 234D 567D 789B 55B", at(S, W)) == "below-minimum"
    assert doubles(won("NNN 234D 567D 789B 55B", at(S, W), min_doubles=0)) == {}


@pytest.mark.parametrize("wind", list(mr.Seat), ids=lambda seat: seat.name)
def test_a_wind_both_seat_and_prevailing_is_two_doubles_ruling_s10(wind: mr.Seat) -> None:
    """Ruling S10: a pong or kong of a wind that is both the seat wind and the prevailing wind is
    worth 2 doubles (lines 239 + 240: 1 + 1)."""
    letter = str(wind.wind)
    evaluation = won(f"{letter * 3} 234D 567D 789B 55B", at(wind, wind))
    assert evaluation.points == 1 + 1


def test_all_chow_one_double() -> None:
    """Line 241: 'All Chow Game - 1 double'. 123C 456D 789B 234B 55B won on the 4 Bam (a discard; it
    waited on 1B or 4B: two tiles, line 190), eye 5B, with a flower RF2 at seat East (no double,
    line 251; but it makes the hand no Ping Wu, line 193): All Chow 1."""
    evaluation = won("123C 456D 789B 234B 55B RF2", mr.WinContext(winning_tile="4B"))
    assert doubles(evaluation) == {"All Chow": 1}


def test_ping_wu_four_doubles_in_all_ruling_s2() -> None:
    """Line 242: 'Ping Wu Game - 4 doubles'; lines 193-194: 'A Ping Wu game is an All Chow game with
    no tiles of the flower suit or animal suit'. Ruling S2: 4 in total, replacing All Chow's 1 (not
    1 + 4 = 5)."""
    evaluation = won("123C 456D 789B 234B 55B", mr.WinContext(winning_tile="4B"))
    assert doubles(evaluation) == {"Ping Wu": 4}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("111C 222D 333B 555B 77D", id="pongs"),
        pytest.param("[1111C] 222D 333B 555B 77D", id="with-a-kong"),
    ],
)
def test_all_pong_two_doubles(text: str) -> None:
    """Line 243: 'All Pong Game - 2 doubles'; line 197: 'the tiles must be made of an EYE and four
    PONG's and or KONG's.' Three suits: no colour; no 1s-and-9s hand (2, 3, 5, 7)."""
    assert doubles(won(text)) == {"All Pong": 2}


def test_all_pong_needs_four_pongs() -> None:
    """Line 197: a chow among the sets is no All Pong: BASE0 has one pong (0 doubles)."""
    assert doubles(won(BASE0, min_doubles=0)) == {}


def test_half_color_two_doubles() -> None:
    """Line 244: 'Half Color Game - 2 doubles'; lines 200-201: one of the three suits 'combined with
    tiles from the Honor Suit'. 123C 456C 789C NNN 55C, seat East, East round: North is no double;
    Half Color 2."""
    assert doubles(won("123C 456C 789C NNN 55C")) == {"Half Color": 2}


def test_full_color_four_doubles_ruling_s3() -> None:
    """Line 245: 'Full Color Game - 4 doubles'; line 205: 'the Bamboo suit only, the Circle Suit
    only, the Numbers Suit only'. 123C 456C 789C 111C 55C: all Craks (only reading: 111C 123C 456C
    789C eye 55C; a pong, so no All Chow): 4. Ruling S3: Full Color replaces Half Color."""
    evaluation = won("123C 456C 789C 111C 55C")
    assert doubles(evaluation) == {"Full Color": 4}


def test_an_honours_only_hand_is_full_color_ruling_s12() -> None:
    """Line 205: '... or the Honor Suit only' is Full Color. EEE SSS WWW GDGDGD RDRD, seat North,
    North round (no wind doubles), limit 13: Green Dragon 1 + All Pong 2 + Full Color 4 = 7. Ruling
    S12: Half 1s and 9s needs at least one 1 or 9, so honours alone are not Half 1s and 9s; one
    dragon pong is no small three dragons and an eye of RD no small four winds."""
    evaluation = won("EEE SSS WWW GDGDGD RDRD", at(N, N), limit=13)
    assert doubles(evaluation) == {"Dragon pung (Green Dragon)": 1, "All Pong": 2, "Full Color": 4}
    assert evaluation.points == 1 + 2 + 4


def test_two_suits_are_no_color() -> None:
    """Lines 200-205: Half and Full Color are one suit (with or without honours). 123C 456C 789C
    RDRDRD 55B has Craks and Bams: Red Dragon 1 only."""
    assert doubles(won("123C 456C 789C RDRDRD 55B")) == {"Dragon pung (Red Dragon)": 1}


def test_all_ones_and_nines_five_doubles_ruling_s3() -> None:
    """Line 246: 'All one's and nine's game - 5 doubles'; line 209: 'All the tiles must be a
    combination of one's and nine's only.' 111C 999C 111D 999D 11B is also All Pong (2, line 243;
    doubles add, ruling S11): limit 13, 5 + 2 = 7; ruling S3: All 1s and 9s replaces Half 1s and
    9s (no Half line). By default 7 is capped at the limit of 5 (line 272)."""
    evaluation = won("111C 999C 111D 999D 11B", limit=13)
    assert doubles(evaluation) == {"All 1s and 9s": 5, "All Pong": 2}
    assert won("111C 999C 111D 999D 11B").points == 5


def test_half_ones_and_nines_one_double() -> None:
    """Line 247: 'Half one's and nine's game - 1 double'; line 213: 'a combination of one's and
    nine's combined with the Honor Suit'. 111C 999D 111B NNN 99B, seat East, East round (North no
    double): Half 1s and 9s 1 + All Pong 2 = 3; three suits, no colour."""
    evaluation = won("111C 999D 111B NNN 99B")
    assert doubles(evaluation) == {"Half 1s and 9s": 1, "All Pong": 2}
    assert evaluation.points == 3


def test_a_chow_with_a_one_is_no_ones_and_nines_hand() -> None:
    """Lines 209, 213: all the tiles are 1s and 9s (and honours): 123C holds a 2 and a 3. 123C 999C
    111D 999D 11B: no 1s-and-9s hand, no All Pong (a chow): 0 doubles."""
    assert doubles(won("123C 999C 111D 999D 11B", min_doubles=0)) == {}


def test_13_wonders_five_doubles() -> None:
    """Line 248: '13 Wonders Game - 5 doubles'."""
    assert won(f"{WONDERS} N").points == 5


@pytest.mark.parametrize(
    ("animals", "expected"),
    [
        pytest.param("Cat", {"Animal (Cat)": 1}, id="cat"),
        pytest.param("Rooster Centipede", {"Animal (Rooster)": 1, "Animal (Centipede)": 1}, id="two"),
        pytest.param(
            ANIMALS,
            {
                "Animal (Cat)": 1,
                "Animal (Mouse)": 1,
                "Animal (Rooster)": 1,
                "Animal (Centipede)": 1,
                "All four animals": 1,
            },
            id="all-four",
        ),
    ],
)
def test_animal_doubles_ruling_s5(animals: str, expected: dict[str, int]) -> None:
    """Line 249: 'Animal Suit tiles - 1 double for each'; line 250: 'Complete set of the Animal Suit
    - 1 extra double (5 doubles total)'. Ruling S5. On BASE0 (0 doubles): 1; 1 + 1 = 2; 4 + 1 = 5."""
    evaluation = won(f"{BASE0} {animals}")
    assert doubles(evaluation) == expected
    assert evaluation.points == sum(expected.values())


@pytest.mark.parametrize(
    ("flowers", "seat", "points"),
    [
        pytest.param("RF3", W, 1, id="one-seat-flower"),
        pytest.param("RF3 BF3", W, 2, id="both-seat-flowers"),
        pytest.param("RF3 BF1", W, 1, id="one-of-two"),
        # the whole red set at seat South: RF2 1 + 1 extra = 2 in total.
        pytest.param(RED, S, 2, id="red-set"),
        # the whole black set at seat North: BF4 1 + 1 extra = 2 in total.
        pytest.param(BLACK, N, 2, id="black-set"),
        # the red set and BF2 at seat South: RF2 1 + BF2 1 + red set 1 = 3.
        pytest.param(f"{RED} BF2", S, 3, id="red-set-and-seat-flower"),
    ],
)
def test_flower_doubles_ruling_s5(flowers: str, seat: mr.Seat, points: int) -> None:
    """Line 251: 'Flower Suit tiles that match the Players Wind - 1 double for each'; line 252:
    'Complete set of Red Flower Suit - 1 extra double (2 doubles total)'; line 253: the same for the
    Black Flower Suit. Ruling S5: each seat flower 1; a complete set 2 in total. On BASE0."""
    assert won(f"{BASE0} {flowers}", at(seat)).points == points


def test_a_flower_of_another_seat_is_no_double() -> None:
    """Line 251: only flowers 'that match the Players Wind' count: RF1 at seat South is 0."""
    assert not_won(f"{BASE0} RF1", at(S)) == "below-minimum"
    assert won(f"{BASE0} RF1", at(S), min_doubles=0).points == 0


def test_flower_replacement_double_ruling_s13() -> None:
    """Line 254: 'Picking the winning tile after a flower suit or animal suit with a replacement tile
    - 1 double'. Ruling S13: a self-drawn win. BASE1 with RF2 (seat East: no double): Red Dragon 1 +
    replacement 1 = 2."""
    context = mr.WinContext(self_drawn=True, flower_replacement=True)
    assert doubles(won(f"{BASE1} RF2", context)) == {"Dragon pung (Red Dragon)": 1, "Flower replacement": 1}


def test_kong_replacement_double_ruling_s13() -> None:
    """Line 255: 'Picking the winning tile after a Kong Move with a replacement tile - 1 double'.
    [RDRDRDRD] 234D 567D 789B 55B: Red Dragon kong 1 + replacement 1 = 2."""
    context = mr.WinContext(self_drawn=True, kong_replacement=True)
    evaluation = won("[RDRDRDRD] 234D 567D 789B 55B", context)
    assert doubles(evaluation) == {"Dragon pung (Red Dragon)": 1, "Kong replacement": 1}


def test_last_tile_double_only_when_drawn_ruling_s13() -> None:
    """Line 256: 'Picking the winning tile on the last valid tile left in the game - 1 double'.
    Ruling S13: the last tile is a self-drawn win by nature, its double only for drawing it. BASE1
    drawn: 1 + 1 = 2. No discard follows the last tile (lines 170-174): the last tile on a discard
    contradicts itself."""
    assert won(BASE1, mr.WinContext(self_drawn=True, last_tile=True)).points == 2
    assert "Last tile" in doubles(won(BASE1, mr.WinContext(self_drawn=True, last_tile=True)))
    with pytest.raises(mr.ContextError, match="last_tile"):
        DEFAULT.evaluate(BASE1, mr.WinContext(last_tile=True))


def test_robbing_the_kong_double_ruling_s13() -> None:
    """Line 257: 'Winning the game on a tile when another player performs a Exposed Type 2 Kong
    (Robbing the Kong) - 1 double'. BASE1 won on a robbed 5 Bam: 1 + 1 = 2."""
    evaluation = won(BASE1, mr.WinContext(robbing_kong=True, winning_tile="5B"))
    assert doubles(evaluation) == {"Dragon pung (Red Dragon)": 1, "Robbing the kong": 1}


def test_seven_flowers_five_doubles() -> None:
    """Line 258: 'Winning the game with seven or eight flower suit tiles - 5 doubles'. BASE1 with
    seven flowers (all but BF4), seat East, limit 13: Red Dragon 1 + RF1 1 + BF1 1 + red set 1 +
    seven flowers 5 = 9 (doubles add, ruling S11)."""
    evaluation = won(f"{BASE1} {RED} BF1 BF2 BF3", limit=13)
    assert evaluation.points == 1 + 1 + 1 + 1 + 5
    assert doubles(evaluation)["Seven flowers"] == 5


def test_big_three_dragons_five_in_total_ruling_s11() -> None:
    """Line 259: 'Winning the game with a pong and/or a kong of each of the Dragon Tiles - 2 extra
    doubles (5 doubles total)'. Ruling S4, S11: 3 pongs (1 each) + 2 = 5, the pongs included.
    RDRDRD GDGDGD [WDWDWDWD] 123C 55B (Craks and Bams: no colour), limit 13: 5."""
    evaluation = won("RDRDRD GDGDGD [WDWDWDWD] 123C 55B", limit=13)
    assert doubles(evaluation) == {
        "Dragon pung (Red Dragon)": 1,
        "Dragon pung (Green Dragon)": 1,
        "Dragon pung (White Dragon)": 1,
        "Big three dragons": 2,
    }


@pytest.mark.parametrize(
    ("seat", "prevailing"),
    [
        pytest.param(S, E, id="seat-south-east-round"),
        pytest.param(E, E, id="seat-east-east-round"),
        pytest.param(N, W, id="seat-north-west-round"),
    ],
)
def test_big_four_winds_five_in_total_ruling_s11(seat: mr.Seat, prevailing: mr.Seat) -> None:
    """Line 260: 'Winning the game with a pong and/or a kong of each of the Wind Tiles - 3 extra
    doubles (5 doubles total)'. Rulings S4, S11: the winds are 5 in total, the prevailing and
    seat wind pongs included (with S10 when both are one wind). EEE SSS WWW NNN 55B is also All
    Pong (2) and Half Color (Bams and honours, 2): limit 13, 5 + 2 + 2 = 9."""
    evaluation = won("EEE SSS WWW NNN 55B", at(seat, prevailing), limit=13)
    assert evaluation.points == 5 + 2 + 2
    lines = doubles(evaluation)
    assert (lines["All Pong"], lines["Half Color"]) == (2, 2)
    winds = {name: points for name, points in lines.items() if name not in ("All Pong", "Half Color")}
    assert sum(winds.values()) == 5


def test_small_three_dragons_three_in_total_ruling_s4() -> None:
    """Lines 261-262: 'a pong and/or a kong of two of the three Dragon Tiles and having the third
    Dragon tile as the EYE - 1 extra double (3 doubles total)'. Ruling S4. RDRDRD GDGDGD WDWD 123C
    456D: 1 + 1 + 1 = 3."""
    evaluation = won("RDRDRD GDGDGD WDWD 123C 456D")
    assert doubles(evaluation) == {
        "Dragon pung (Red Dragon)": 1,
        "Dragon pung (Green Dragon)": 1,
        "Small three dragons": 1,
    }


@pytest.mark.parametrize(
    ("seat", "prevailing"),
    [
        pytest.param(S, E, id="seat-south-east-round"),
        pytest.param(N, N, id="eye-is-seat-and-prevailing"),
        pytest.param(E, E, id="seat-east-east-round"),
    ],
)
def test_small_four_winds_four_in_total_ruling_s4(seat: mr.Seat, prevailing: mr.Seat) -> None:
    """Lines 263-264: 'a pong and/or a kong of three of the four Dragon Tiles and having the third
    Dragon tile as the EYE - 4 doubles total'. Ruling S4 reads it as winds: pongs of three winds and
    the fourth as the eye is 4 in total, the wind pongs' doubles included. EEE SSS WWW NN 123B is
    also Half Color (Bams and honours, 2): limit 13, 4 + 2 = 6, whatever the seat and round."""
    evaluation = won("EEE SSS WWW NN 123B", at(seat, prevailing), limit=13)
    assert evaluation.points == 4 + 2
    assert doubles(evaluation)["Half Color"] == 2


def test_doubles_add_together_ruling_s11() -> None:
    """Lines 229-231: 'Doubles add together, such that if there are three tiles that are worth one
    double a piece, the player has a total of three doubles.' RDRDRD GDGDGD 567D 789B 55B Cat: Red
    Dragon 1 + Green Dragon 1 + Cat 1 = 3."""
    assert won("RDRDRD GDGDGD 567D 789B 55B Cat").points == 3


# -- All Chow's three conditions (lines 185-190, rulings S7, S14) ----------------------------------


@pytest.mark.parametrize(
    ("eye", "seat", "prevailing", "points"),
    [
        pytest.param("RDRD", S, W, 0, id="dragon-eye"),
        pytest.param("WW", S, W, 0, id="prevailing-wind-eye"),
        pytest.param("SS", S, W, 0, id="seat-wind-eye"),
        pytest.param("EE", S, W, 4, id="other-wind-eye"),
        pytest.param("55C", S, W, 4, id="number-eye"),
    ],
)
def test_all_chow_condition_1_the_eye(eye: str, seat: mr.Seat, prevailing: mr.Seat, points: int) -> None:
    """Line 187: '1. The EYE cannot be of the Dragon Tiles or the Prevailing Wind or the Players Game
    Wind.' 123C 456D 789B 234B and the eye, self-drawn (condition 3 does not apply), seat South,
    West round: a dragon, West or South eye gives nothing (0 doubles: three suits, no pong);
    another eye is Ping Wu (no bonus tiles): 4."""
    evaluation = won(f"123C 456D 789B 234B {eye}", at(seat, prevailing, self_drawn=True), min_doubles=0)
    assert evaluation.points == points


def test_all_chow_condition_2_four_chows() -> None:
    """Line 188: '2. The tiles must be made up of one EYE and four CHOWs.' BASE0 (a pong and three
    chows) self-drawn is no All Chow: 0."""
    assert won(BASE0, SELF_DRAWN, min_doubles=0).points == 0


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        # edge wait: before 12B 55B only 3B completes (5B would leave 12B).
        pytest.param("123C 456D 789B 123B 55B Cat", "3B", id="edge"),
        # closed wait: before 13B 55B only 2B.
        pytest.param("123C 456D 789B 123B 55B Cat", "2B", id="closed"),
        # eye wait: before 567B 2B only 2B (5B or 8B leave 2B alone).
        pytest.param("123C 456D 789B 567B 22B Cat", "2B", id="eye"),
        # ruling S14: before 1 22 3333 44 5 Craks waits on 6C only: 3C would be a fifth 3 Crak.
        pytest.param("1C 22C 3333C 44C 5C 6C 789D Cat", "6C", id="fifth-tile-is-no-wait"),
    ],
)
def test_all_chow_condition_3_one_wait_on_a_discard_ruling_s7(text: str, tile: str) -> None:
    """Lines 189-190: '3. If the player wins the game on a discarded tile, there must be more than
    one unique tile that could have caused the player to win the game (get mahjong).' Ruling S7:
    decided from the waits of the hand before the winning tile; ruling S14: a tile the hand holds
    four of is not a wait. Each hand is four chows and a number eye, with a Cat (1 double, and no
    Ping Wu, line 193). On a discard it waited on one tile: Cat only, 1. Self-drawn the condition
    does not apply: Cat 1 + All Chow 1 = 2."""
    on_discard = won(text, mr.WinContext(winning_tile=tile))
    assert doubles(on_discard) == {"Animal (Cat)": 1}
    self_drawn = won(text, mr.WinContext(self_drawn=True, winning_tile=tile))
    assert doubles(self_drawn) == {"Animal (Cat)": 1, "All Chow": 1}


def test_all_chow_on_a_discard_needs_the_winning_tile() -> None:
    """Lines 189-190: condition 3 depends on which tile won, which the tiles alone do not say (the
    library's ruling L9: with no ``winning_tile`` named, a win on a discard cannot meet it). Four
    chows with an eye of 5 Bam and a Cat: Cat 1 only; naming the 4 Bam (waits 1B, 4B): Cat 1 + All
    Chow 1 = 2."""
    assert doubles(won("123C 456D 789B 234B 55B Cat")) == {"Animal (Cat)": 1}
    named = won("123C 456D 789B 234B 55B Cat", mr.WinContext(winning_tile="4B"))
    assert doubles(named) == {"Animal (Cat)": 1, "All Chow": 1}


def test_a_hand_short_of_the_minimum_for_want_of_the_winning_tile_says_so() -> None:
    """Ruling L9 from the user's side: four chows and a plain eye, won on a discard with no
    winning tile named, are worth 0 doubles; the reasons say that naming the tile may make it All
    Chow or Ping Wu. Not said when the eye rules All Chow out (the prevailing wind East) or the
    tile is named."""
    evaluation = DEFAULT.evaluate("123C 456D 789B 234B 55B")
    assert [reason.code for reason in evaluation.reasons] == ["below-minimum", "winning-tile-unknown"]
    assert "winning_tile" in evaluation.reasons[1].message
    assert [reason.code for reason in DEFAULT.evaluate("123C 456D 789B 234B EE").reasons] == ["below-minimum"]
    one_wait = DEFAULT.evaluate("123C 456D 789B 234B 55B", mr.WinContext(winning_tile="7B"))  # 89B waits on 7B
    assert [reason.code for reason in one_wait.reasons] == ["below-minimum"]


def test_the_fifth_copy_is_no_wait_ruling_s14() -> None:
    """Ruling S14: 'a tile the hand already holds four of is not a wait'. 1C 22C 3333C 44C 5C 789D
    (13 tiles): 6C makes 123 234 456 and 33 (the only other completions, none: 1C, 2C, 4C, 5C leave
    a tile over, 7C-9C alone); a 3C would make 123 234 345 and 33 but the hand holds all four."""
    assert DEFAULT.waits("1C 22C 3333C 44C 5C 789D") == {mr.Tile.parse("6C")}


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        # before 23B 55B: 1B or 4B.
        pytest.param("123C 456D 789B 234B 55B", "4B", id="two-sided"),
        # ruling S14, the eye: before 2345B waits 2B (22 + 345) or 5B (234 + 55).
        pytest.param("123C 456D 789B 2345B 5B", "5B", id="eye-waits-count"),
        # ruling S14, a pong: before 111B 2B waits 2B (111 + 22) or 3B (11 + 123).
        pytest.param("123C 456D 789B 11B 123B", "3B", id="pong-wait-counts"),
    ],
)
def test_all_chow_with_several_waits_on_a_discard_ruling_s14(text: str, tile: str) -> None:
    """Lines 189-190 with ruling S14: 'any tile that completes the hand counts, whether it completes
    a chow, a pong or the eye'. Two waits: All Chow on a discard; no bonus tiles: Ping Wu, 4."""
    assert doubles(won(text, mr.WinContext(winning_tile=tile))) == {"Ping Wu": 4}


def test_robbing_the_kong_keeps_the_wait_condition_ruling_s13() -> None:
    """Ruling S13: robbing the kong is a win on a discard, and All Chow's wait condition applies.
    Robbing a 3 Bam for an edge wait (123B): Robbing the kong 1 only. Robbing a 4 Bam for a two-sided
    wait (1B or 4B): Ping Wu 4 + Robbing the kong 1 = 5."""
    edge = won("123C 456D 789B 123B 55B", mr.WinContext(robbing_kong=True, winning_tile="3B"))
    assert doubles(edge) == {"Robbing the kong": 1}
    two_sided = won("123C 456D 789B 234B 55B", mr.WinContext(robbing_kong=True, winning_tile="4B"))
    assert doubles(two_sided) == {"Ping Wu": 4, "Robbing the kong": 1}


# -- Ping Wu (lines 192-194, rulings S2, S15) --------------------------------------------------------


def test_ping_wu_allows_exposed_chows_ruling_s15() -> None:
    """Ruling S15: Ping Wu forbids bonus tiles only; exposed chows are allowed. [123C] [456D] 789B
    234B 55B won on a discarded 4B (waits 1B, 4B): Ping Wu 4."""
    evaluation = won("[123C] [456D] 789B 234B 55B", mr.WinContext(winning_tile="4B"))
    assert doubles(evaluation) == {"Ping Wu": 4}


@pytest.mark.parametrize(
    ("bonus", "expected"),
    [
        # a flower of another seat: worth nothing itself, but the hand is All Chow (1), not Ping Wu.
        pytest.param("RF3", {"All Chow": 1}, id="flower"),
        # an animal: 1 + All Chow 1 = 2.
        pytest.param("Mouse", {"All Chow": 1, "Animal (Mouse)": 1}, id="animal"),
    ],
)
def test_bonus_tiles_forbid_ping_wu_ruling_s15(bonus: str, expected: dict[str, int]) -> None:
    """Lines 193-194: 'A Ping Wu game is an All Chow game with no tiles of the flower suit or animal
    suit in the players exposed tiles.' Seat East, self-drawn."""
    assert doubles(won(f"123C 456D 789B 234B 55B {bonus}", SELF_DRAWN)) == expected


# -- bonus tiles and colours (rulings S3, S12) -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        # Half Color 2; RF2 at seat East is worth nothing and breaks nothing.
        pytest.param("123C 456C 789C NNN 55C RF2", 5, {"Half Color": 2}, id="half-color"),
        # Full Color 4 + Cat 1 = 5.
        pytest.param("123C 456C 789C 111C 55C Cat", 5, {"Full Color": 4, "Animal (Cat)": 1}, id="full-color"),
        # All 1s and 9s 5 + All Pong 2 = 7 (limit 13); BF3 is nothing at seat East.
        pytest.param("111C 999C 111D 999D 11B BF3", 13, {"All 1s and 9s": 5, "All Pong": 2}, id="terminals"),
    ],
)
def test_bonus_tiles_are_set_aside_ruling_s12(text: str, limit: int, expected: dict[str, int]) -> None:
    """Ruling S12: bonus tiles (flowers, animals) are set aside: they never make a hand Half or Full
    Color or break All 1s and 9s (lines 201, 205, 209)."""
    assert doubles(won(text, limit=limit)) == expected


# -- minimum doubles (lines 266-268, 274-276, rulings S6, S17) -------------------------------------


def test_minimum_one_double_by_default() -> None:
    """Lines 267-268: 'The default setting for the game is 1 double'; line 275: 'To win the game, a
    player must have mahjong and at least the minimum number of doubles.' BASE0 has 0."""
    assert not_won(BASE0) == "below-minimum"
    assert won(BASE1).points == 1


def test_minimum_doubles_option() -> None:
    """Line 268: 'this can be changed under the options menu.' Minimum 0: BASE0 wins with 0
    doubles (line 289: 'If they have no doubles ...'). Minimum 2: BASE1 (1) does not, BASE1 with a
    Cat (1 + 1 = 2) does."""
    assert won(BASE0, min_doubles=0).points == 0
    assert not_won(BASE1, min_doubles=2) == "below-minimum"
    assert won(f"{BASE1} Cat", min_doubles=2).points == 2


@pytest.mark.parametrize(
    ("bonus", "seat"),
    [
        pytest.param("Cat", E, id="animal"),
        pytest.param(ANIMALS, E, id="all-animals"),
        pytest.param("RF1 BF1", E, id="seat-flowers"),
        pytest.param(RED, S, id="flower-set"),
        pytest.param(f"{RED} BF1 BF2 BF3", N, id="seven-flowers"),
    ],
)
def test_bonus_doubles_count_toward_the_minimum_ruling_s6(bonus: str, seat: mr.Seat) -> None:
    """Ruling S6: minimum doubles count bonus tiles by default; an option excludes them. Ruling
    S17: left out are the animals and the all-animals bonus, seat flowers, complete flower sets,
    seven or eight flowers. On BASE0 (0 doubles) these are the only doubles: winning by default,
    below the minimum of 1 with min_doubles_count_bonus=False."""
    text = f"{BASE0} {bonus}"
    assert won(text, at(seat)).points >= 1
    assert not_won(text, at(seat), min_doubles_count_bonus=False) == "below-minimum"


def test_bonus_doubles_still_score_when_not_counted_ruling_s17() -> None:
    """Ruling S17 leaves only the bonus items out of the minimum: the Red Dragon (1) meets it, and
    the Cat still scores: 1 + 1 = 2. A flower replacement double is no bonus item: BASE0 with RF2
    (nothing at seat East) won on the flower's replacement tile has 1 double that counts."""
    assert won(f"{BASE1} Cat", min_doubles_count_bonus=False).points == 2
    context = mr.WinContext(self_drawn=True, flower_replacement=True)
    assert doubles(won(f"{BASE0} RF2", context, min_doubles_count_bonus=False)) == {"Flower replacement": 1}


def test_eight_flowers_need_no_minimum_ruling_s16() -> None:
    """Line 276: 'The only exceptions to this rule is when the player has 13 wonders or 8 flowers.'
    Not counting bonus doubles, eight flowers still win."""
    assert won(f"{RED} {BLACK} {JUNK}", min_doubles_count_bonus=False).points == 5


# -- the doubles limit (lines 270-272) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("limit", "points", "cut"),
    [
        # 7 doubles (All 1s and 9s 5 + All Pong 2): the default limit 5 cuts 2.
        pytest.param(5, 5, -2, id="default-5"),
        pytest.param(6, 6, -1, id="limit-6"),
        pytest.param(7, 7, None, id="limit-7"),
        pytest.param(10, 7, None, id="limit-10"),
    ],
)
def test_doubles_limit(limit: int, points: int, cut: int | None) -> None:
    """Lines 271-272: 'There is a maximum number of doubles that is allowed for a player when they
    win a game. The default setting for the game is 5 doubles, however this can be changed under
    the options menu.' The breakdown shows the cut as a negative 'Doubles limit' line."""
    options: dict[str, Any] = {} if limit == 5 else {"limit": limit}
    evaluation = won("111C 999C 111D 999D 11B", None, **options)
    assert evaluation.points == points
    assert doubles(evaluation).get("Doubles limit") == cut


def test_13_wonders_with_a_flower_is_capped() -> None:
    """Lines 248, 251, 272: 13 Wonders 5 + RF1 at seat East 1 = 6, capped at 5 (a -1 line)."""
    evaluation = won(f"{WONDERS} WD RF1")
    assert evaluation.points == 5
    assert doubles(evaluation)["Doubles limit"] == -1


def test_minimum_above_the_limit_is_refused() -> None:
    """Lines 266-272: a minimum above the maximum would let no hand win but 13 Wonders and eight
    flowers; the options refuse it."""
    with pytest.raises(mr.OptionError):
        mr.get_ruleset("singapore", min_doubles=6)


# -- the best reading (ruling T3) --------------------------------------------------------------------


def test_best_reading_chows() -> None:
    """Ruling T3: a hand is worth its best arrangement. 111C 222C 333C 456D 77B self-drawn: as three
    chows of 123C it is four chows with eye 7B, Ping Wu 4; as three pongs (and a chow of Dots) 0.
    The chows win: 4."""
    evaluation = won("111C 222C 333C 456D 77B", SELF_DRAWN)
    assert doubles(evaluation) == {"Ping Wu": 4}
    assert set_sizes(evaluation) == [2, 3, 3, 3, 3]
    assert evaluation.arrangement is not None
    assert sum(meld.is_chow for meld in evaluation.arrangement.melds) == 4


def test_best_reading_pongs() -> None:
    """Ruling T3: 111C 222C 333C 555D 77B: as three pongs with 555D, All Pong 2; as three chows of
    123C with a pong, 0. The pongs win: 2."""
    evaluation = won("111C 222C 333C 555D 77B", SELF_DRAWN)
    assert doubles(evaluation) == {"All Pong": 2}
    assert evaluation.arrangement is not None
    assert not any(meld.is_chow for meld in evaluation.arrangement.melds)


@pytest.mark.parametrize(
    ("text", "context"),
    [
        pytest.param("111C 222C 333C 456D 77B", SELF_DRAWN, id="chows"),
        pytest.param("111C 222C 333C 555D 77B", None, id="pongs"),
        pytest.param("RDRDRD GDGDGD WDWD 123C 456D Cat RF1", None, id="dragons"),
        pytest.param(f"{WONDERS} 9D BF1", None, id="wonders"),
        pytest.param("[SSS] 1C 22C 3333C 44C 5C 6C Mouse", mr.WinContext(winning_tile="6C"), id="exposed"),
    ],
)
def test_tile_order_does_not_matter(text: str, context: mr.WinContext | None) -> None:
    """Line 106: the tiles are the player's concealed tiles, not a sequence: any order of the same
    tiles is the same hand, with the same doubles."""
    expected = won(text, context)
    rng = random.Random(20020618)
    melds = [token for token in text.split() if token.startswith("[")]
    loose = [str(tile) for tile in mr.Hand.parse(" ".join(t for t in text.split() if not t.startswith("["))).concealed]
    for _ in range(5):
        rng.shuffle(loose)
        shuffled = won(" ".join([*loose, *melds]), context)
        assert shuffled.points == expected.points
        assert sorted(map(str, shuffled.breakdown)) == sorted(map(str, expected.breakdown))


# -- bad input --------------------------------------------------------------------------------------


def test_a_winning_tile_the_hand_does_not_hold() -> None:
    """The win context contradicts the hand: the winning tile must be one of its tiles."""
    with pytest.raises(mr.ContextError):
        DEFAULT.evaluate(BASE1, mr.WinContext(winning_tile="9C"))


def test_robbing_the_kong_is_not_self_drawn_ruling_s13() -> None:
    """Line 146-147: robbing the kong uses a tile another player put down: 'treated as a discard'.
    Ruling S13: a win on a discard; a self-drawn robbing is a contradiction."""
    with pytest.raises(mr.ContextError):
        DEFAULT.evaluate(BASE1, mr.WinContext(self_drawn=True, robbing_kong=True))


def test_flower_replacement_needs_a_bonus_tile() -> None:
    """Line 109: 'When a player exposes an animal or flower tile, they will take a replacement tile'.
    A flower replacement win with no flower or animal in the hand is a contradiction."""
    with pytest.raises(mr.ContextError):
        DEFAULT.evaluate(BASE1, mr.WinContext(self_drawn=True, flower_replacement=True))


def test_kong_replacement_needs_a_kong() -> None:
    """Line 139: the replacement tile follows a kong; with no declared kong it is a contradiction."""
    with pytest.raises(mr.ContextError):
        DEFAULT.evaluate(BASE1, mr.WinContext(self_drawn=True, kong_replacement=True))


# -- the document's rule variations that its game does not play (lines ~405-420) --------------------


def test_no_extra_double_for_a_concealed_game() -> None:
    """ "Extra double for concealed game - Some games play that when a player games with no exposed
    tiles showing (excluding animals and flowers) and he picks the winning tile himself, he gets an
    extra double. This rule is not supported by this game." A concealed self-drawn hand with a Red
    dragon pung is worth the pung's 1 double only, as the same hand with the pung exposed."""
    concealed = won("RDRDRD 234D 567D 789B 55B", mr.WinContext(self_drawn=True))
    exposed = won("[RDRDRD@S] 234D 567D 789B 55B", mr.WinContext(self_drawn=True))
    assert doubles(concealed) == doubles(exposed) == {"Dragon pung (Red Dragon)": 1}


def test_no_extra_points_for_a_self_drawn_win() -> None:
    """ "Extra points for self draw winning - Some games play when a player wins a game by picking
    the winning tile himself, extra points are received from each player. This rule is not
    supported by this game." Self-drawn, each player pays double the hand's value (ruling S1) and
    nothing more: 1 double is worth 2, each pays 4."""
    evaluation = won("RDRDRD 234D 567D 789B 55B", mr.WinContext(self_drawn=True))
    payments = DEFAULT.settle(evaluation).payments
    assert dict(payments) == {mr.Seat.EAST: 12, mr.Seat.SOUTH: -4, mr.Seat.WEST: -4, mr.Seat.NORTH: -4}


def test_a_dragon_or_wind_set_alone_does_not_win() -> None:
    """ "Winning with Dragon or Wind Set - Some games play that once a PONG and or KONG of the
    Dragon or Wind set is obtained by a player he automatically wins the game without having to
    obtain Mahjong." The library plays the document's own rules: pongs of all three dragons (or
    all four winds) with loose tiles are not a Mahjong."""
    for text in ("RDRDRD GDGDGD WDWDWD 1C 4C 7C 2D 5D", "EEE SSS WWW NNN 1C 4C"):
        evaluation = DEFAULT.evaluate(text, mr.WinContext(self_drawn=True))
        assert not evaluation.is_winning
        assert [reason.code for reason in evaluation.reasons] == ["not-mahjong"]
