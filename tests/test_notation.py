"""The tile notation: parsing tokens, aliases, compact and mpsz forms, glyphs; formatting in every
style; and every kind of bad input, with the token, position and suggestion it must report.

Expected tiles come from the table in API-CONTRACT.md ("Tile notation"), written out by hand here;
tiles are named through the enums (``mr.Suit.BAMS.tile(3)``), not through the parser under test.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import given

import mahjong_rules as mr
from mahjong_rules.testing import hands

B, C, D = mr.Suit.BAMS, mr.Suit.CRAKS, mr.Suit.DOTS
GD, RD, WD = mr.Dragon.GREEN.tile, mr.Dragon.RED.tile, mr.Dragon.WHITE.tile
EAST, SOUTH, WEST, NORTH = (seat.wind for seat in mr.Seat)
F, J, BLANK = mr.Tile.FLOWER, mr.Tile.JOKER, mr.Tile.BLANK
CAT, MOUSE, ROOSTER, CENTIPEDE = (animal.tile for animal in mr.Animal)


def rf(n: int) -> mr.Tile:
    return mr.FlowerSet.RED.tile(n)


def bf(n: int) -> mr.Tile:
    return mr.FlowerSet.BLACK.tile(n)


# Every canonical token of the contract table.
CANONICAL: list[tuple[str, mr.Tile]] = [
    *[(f"{rank}B", B.tile(rank)) for rank in range(1, 10)],
    *[(f"{rank}C", C.tile(rank)) for rank in range(1, 10)],
    *[(f"{rank}D", D.tile(rank)) for rank in range(1, 10)],
    ("GD", GD),
    ("RD", RD),
    ("WD", WD),
    ("N", NORTH),
    ("E", EAST),
    ("W", WEST),
    ("S", SOUTH),
    ("F", F),
    *[(f"RF{n}", rf(n)) for n in range(1, 5)],
    *[(f"BF{n}", bf(n)) for n in range(1, 5)],
    ("Cat", CAT),
    ("Mouse", MOUSE),
    ("Rooster", ROOSTER),
    ("Centipede", CENTIPEDE),
    ("J", J),
    ("Blank", BLANK),
]

# Every alias of the contract table's "also accepted" column.
ALIASES: list[tuple[str, mr.Tile]] = [
    *[(f"{rank}s", B.tile(rank)) for rank in range(1, 10)],
    *[(f"{rank}m", C.tile(rank)) for rank in range(1, 10)],
    *[(f"{rank}p", D.tile(rank)) for rank in range(1, 10)],
    ("0B", GD),
    ("0C", RD),
    ("0D", WD),
    ("Soap", WD),
    ("5z", WD),
    ("6z", GD),
    ("7z", RD),
    ("1z", EAST),
    ("2z", SOUTH),
    ("3z", WEST),
    ("4z", NORTH),
    ("Chicken", ROOSTER),
]

# The Unicode Mahjong Tiles block (U+1F000..U+1F02A), by code point.
GLYPHS: list[tuple[str, mr.Tile]] = [
    ("\U0001f000", EAST),
    ("\U0001f001", SOUTH),
    ("\U0001f002", WEST),
    ("\U0001f003", NORTH),
    ("\U0001f004", RD),
    ("\U0001f005", GD),
    ("\U0001f006", WD),
    *[(chr(0x1F007 + rank - 1), C.tile(rank)) for rank in range(1, 10)],
    *[(chr(0x1F010 + rank - 1), B.tile(rank)) for rank in range(1, 10)],
    *[(chr(0x1F019 + rank - 1), D.tile(rank)) for rank in range(1, 10)],
    *[(chr(0x1F022 + n - 1), rf(n)) for n in range(1, 5)],
    *[(chr(0x1F026 + n - 1), bf(n)) for n in range(1, 5)],
    ("\U0001f02a", J),
]


def _glyph_id(text: str) -> str:
    return f"U+{ord(text):04X}"


# -- single tokens --------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "tile"), CANONICAL, ids=[text for text, _ in CANONICAL])
def test_canonical_token_parses(text: str, tile: mr.Tile) -> None:
    assert mr.Tile.parse(text) is tile
    assert mr.parse_tiles(text) == (tile,)
    assert str(tile) == text


@pytest.mark.parametrize(("text", "tile"), ALIASES, ids=[text for text, _ in ALIASES])
def test_alias_parses(text: str, tile: mr.Tile) -> None:
    assert mr.Tile.parse(text) is tile
    assert mr.parse_tiles(text) == (tile,)


@pytest.mark.parametrize(("text", "tile"), CANONICAL + ALIASES, ids=[text for text, _ in CANONICAL + ALIASES])
def test_parsing_is_case_insensitive(text: str, tile: mr.Tile) -> None:
    assert mr.Tile.parse(text.lower()) is tile
    assert mr.Tile.parse(text.upper()) is tile
    assert mr.Tile.parse(text.swapcase()) is tile


@pytest.mark.parametrize(("text", "tile"), GLYPHS, ids=[_glyph_id(text) for text, _ in GLYPHS])
def test_unicode_glyph_parses(text: str, tile: mr.Tile) -> None:
    assert mr.Tile.parse(text) is tile
    assert tile.glyph == text


def test_glyphs_run_together_and_mix_with_tokens() -> None:
    text = "\U0001f007\U0001f008\U0001f009 1B\U0001f004,N"
    assert mr.parse_tiles(text) == (C.tile(1), C.tile(2), C.tile(3), B.tile(1), RD, NORTH)


def test_glyph_with_emoji_presentation_selector() -> None:
    # U+1F004 is often typed as the emoji; the variation selector U+FE0F may follow it.
    assert mr.parse_tiles("\U0001f004\ufe0f\U0001f004") == (RD, RD)


# -- separators and compact forms -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["1B 2B 3B N", "1B,2B,3B,N", "1B, 2B , 3B,,N", "  1B   2B 3B N  ", ", 1B 2B, 3B N,", "1B2B3BN"],
    ids=["spaces", "commas", "mixed", "extra-spaces", "leading-trailing", "no-separator"],
)
def test_spaces_and_commas_separate_tokens(text: str) -> None:
    assert mr.parse_tiles(text) == (B.tile(1), B.tile(2), B.tile(3), NORTH)


COMPACT: list[tuple[str, tuple[mr.Tile, ...]]] = [
    ("222B", (B.tile(2),) * 3),
    ("123C", (C.tile(1), C.tile(2), C.tile(3))),
    ("9876D", (D.tile(9), D.tile(8), D.tile(7), D.tile(6))),
    ("NNN", (NORTH,) * 3),
    ("FFFF", (F,) * 4),
    ("JJ", (J, J)),
    ("NEWS", (NORTH, EAST, WEST, SOUTH)),
    ("EESS", (EAST, EAST, SOUTH, SOUTH)),
    ("GDGD", (GD, GD)),
    ("2026C", (C.tile(2), RD, C.tile(2), C.tile(6))),
    ("000B", (GD, GD, GD)),
    ("0B0C0D", (GD, RD, WD)),
    ("11B 22c", (B.tile(1), B.tile(1), C.tile(2), C.tile(2))),
]


@pytest.mark.parametrize(("text", "tiles"), COMPACT, ids=[text for text, _ in COMPACT])
def test_compact_forms(text: str, tiles: tuple[mr.Tile, ...]) -> None:
    assert mr.parse_tiles(text) == tiles


# -- everyday words -------------------------------------------------------------------------------

# Every everyday word alias, each a whole word (optionally with its second word).
WORDS: list[tuple[str, mr.Tile]] = [
    ("East", EAST),
    ("East Wind", EAST),
    ("South", SOUTH),
    ("South Wind", SOUTH),
    ("West", WEST),
    ("West Wind", WEST),
    ("North", NORTH),
    ("North Wind", NORTH),
    ("Joker", J),
    ("Flower", F),
    ("Green", GD),
    ("Green Dragon", GD),
    ("Red", RD),
    ("Red Dragon", RD),
    ("White", WD),
    ("White Dragon", WD),
]


@pytest.mark.parametrize(("text", "tile"), WORDS, ids=[text for text, _ in WORDS])
def test_everyday_word_parses_to_its_tile_in_any_case(text: str, tile: mr.Tile) -> None:
    """Winds, dragons, the joker and the flower may be written as the words players say."""
    for written in (text, text.lower(), text.upper(), text.swapcase()):
        assert mr.Tile.parse(written) is tile
        assert mr.parse_tiles(written) == (tile,)


@pytest.mark.parametrize(("text", "tile"), WORDS, ids=[text for text, _ in WORDS])
def test_everyday_word_is_printed_as_the_canonical_token(text: str, tile: mr.Tile) -> None:
    """Words are input only: output is the canonical token, as before."""
    assert mr.format_tiles(mr.parse_tiles(text)) == tile.token
    assert str(mr.Hand.parse(f"{text} {text}")) == mr.format_tiles((tile, tile))


def test_second_word_may_follow_after_several_spaces() -> None:
    """'East   Wind' is one tile; the second word is part of the token as written."""
    assert mr.parse_tiles("East   Wind\tRed\nDragon") == (EAST, RD)


def test_everyday_words_mix_with_tokens_and_melds() -> None:
    """Words work wherever a tile token does, inside sets and after '=' too."""
    hand = mr.Hand.parse("East Wind South 3 Bam [Red Dragon Red Dragon Joker @West] [JJJ = White Dragon]")
    assert hand.concealed == (B.tile(3), EAST, SOUTH)
    assert hand.melds[0].tiles == (RD, RD, J)
    assert hand.melds[0].called_from is mr.Seat.WEST
    assert hand.melds[1].represents is WD


def test_a_word_with_its_second_word_is_reported_as_written() -> None:
    """A tile too many written as 'East Wind' is reported with that text and its position."""
    with pytest.raises(mr.TileSetError) as caught:
        mr.Hand.parse("E E E E East Wind", tileset=mr.TileSet.american())
    (problem,) = caught.value.problems
    assert isinstance(problem, mr.TileProblem)
    assert problem.token == "East Wind"
    assert problem.position == 8


SUIT_WORDS: list[tuple[str, mr.Suit]] = [
    ("Bam", B),
    ("Bams", B),
    ("Bamboo", B),
    ("Crak", C),
    ("Craks", C),
    ("Crack", C),
    ("Cracks", C),
    ("Character", C),
    ("Characters", C),
    ("Dot", D),
    ("Dots", D),
    ("Circle", D),
    ("Circles", D),
]


@pytest.mark.parametrize(("word", "suit"), SUIT_WORDS, ids=[word for word, _ in SUIT_WORDS])
def test_digits_with_a_suit_word_are_number_tiles(word: str, suit: mr.Suit) -> None:
    """'3 Bam', '3Bam', '3  BAM': a suit word after digits, with or without spaces, is the suit."""
    for written in (f"3 {word}", f"3{word}", f"3  {word.upper()}", f"3 {word.lower()}"):
        assert mr.Tile.parse(written) is suit.tile(3), written


def test_digits_share_a_suit_word_like_a_suit_letter() -> None:
    """'11 Dots' is two 1 Dots like '11D'; a suit word stands for its letter, 0 included."""
    assert mr.parse_tiles("11 Dots") == mr.parse_tiles("11D") == (D.tile(1), D.tile(1))
    assert mr.parse_tiles("123 Bams, 99Craks") == (B.tile(1), B.tile(2), B.tile(3), C.tile(9), C.tile(9))
    assert mr.parse_tiles("2020 Dots") == mr.parse_tiles("2020D") == (D.tile(2), WD, D.tile(2), WD)


RUNS_OF_TOKENS: list[tuple[str, tuple[mr.Tile, ...]]] = [
    ("NEWS", (NORTH, EAST, WEST, SOUTH)),
    ("NNN", (NORTH,) * 3),
    ("GDGD", (GD, GD)),
    ("FFFF", (F,) * 4),
    ("JJ", (J, J)),
    ("CatMouse", (CAT, MOUSE)),
    ("WE", (WEST, EAST)),
    ("SEW", (SOUTH, EAST, WEST)),
    ("1BNEWS", (B.tile(1), NORTH, EAST, WEST, SOUTH)),
    ("RF1RF2", (rf(1), rf(2))),
    ("W GD", (WEST, GD)),
]


@pytest.mark.parametrize(("text", "tiles"), RUNS_OF_TOKENS, ids=[text for text, _ in RUNS_OF_TOKENS])
def test_runs_of_tokens_split_as_before_words_were_added(text: str, tiles: tuple[mr.Tile, ...]) -> None:
    """Words are matched only as a whole run of letters, so runs of short tokens are unchanged."""
    assert mr.parse_tiles(text) == tiles


@pytest.mark.parametrize(
    "tile", [tile for tile in mr.Tile.all() if not tile.is_bonus or tile.is_animal], ids=lambda tile: tile.token
)
def test_every_tile_name_parses_back(tile: mr.Tile) -> None:
    """Tile.name ('3 Bam', 'Red Dragon', 'East Wind', 'Joker', 'Flower', 'Cat') is valid input."""
    assert mr.Tile.parse(tile.name) is tile


@pytest.mark.parametrize("tile", [tile for tile in mr.Tile.all() if tile.flower_set is not None], ids=str)
def test_singapore_flower_name_is_refused_with_its_token(tile: mr.Tile) -> None:
    """'Red Flower 1' is not read as a red dragon and a flower: it is refused, suggesting RF1."""
    error = _notation_error(tile.name, "tiles")
    assert error.position == 0
    assert error.token == tile.name
    assert error.suggestion == tile.token


def test_red_flower_without_a_number_is_refused_not_split() -> None:
    """'Red Flower' would otherwise silently be a red dragon and the American flower."""
    error = _notation_error("1B Red Flower", "tiles")
    assert (error.token, error.position, error.suggestion) == ("Red Flower", 3, None)
    assert "'RF1' to 'RF4'" in str(error)
    assert "'RD F'" in str(error)


def test_whole_mpsz_string() -> None:
    assert mr.parse_tiles("123m456p789s11z") == (
        C.tile(1),
        C.tile(2),
        C.tile(3),
        D.tile(4),
        D.tile(5),
        D.tile(6),
        B.tile(7),
        B.tile(8),
        B.tile(9),
        EAST,
        EAST,
    )


def test_mpsz_honours_are_winds_then_white_green_red() -> None:
    assert mr.parse_tiles("1234567z") == (EAST, SOUTH, WEST, NORTH, WD, GD, RD)


def test_zero_is_each_suits_dragon() -> None:
    # Contract table: 0B, 0C, 0D are each suit's dragon (Green-Bams, Red-Craks, White-Dots, ruling T1).
    assert mr.parse_tiles("0B 0C 0D") == (GD, RD, WD)


@pytest.mark.parametrize(
    ("text", "tile"),
    [("0m", C.tile(5)), ("0p", D.tile(5)), ("0s", B.tile(5)), ("0M", C.tile(5))],
    ids=["0m", "0p", "0s", "0M"],
)
def test_mpsz_zero_is_the_red_five_read_as_the_plain_five(text: str, tile: mr.Tile) -> None:
    """Riichi players write the red five as 0: 0m, 0p, 0s are the 5 Crak, 5 Dot, 5 Bam."""
    assert mr.Tile.parse(text) is tile
    assert str(mr.Tile.parse(text)) == tile.token


def test_mpsz_red_five_inside_a_whole_mpsz_string() -> None:
    """'406m' is 4, 5, 6 Crak; a hand pasted from a Riichi tool prints with plain fives."""
    assert mr.parse_tiles("406m") == (C.tile(4), C.tile(5), C.tile(6))
    assert mr.format_tiles(mr.parse_tiles("406m067p0s11z"), style="mpsz") == "456m567p5s11z"


def test_zero_with_the_librarys_own_suit_letters_is_still_the_dragon() -> None:
    """0B, 0C, 0D keep their American meaning, next to the mpsz red fives."""
    assert mr.parse_tiles("0B 0s 0C 0m 0D 0p") == (GD, B.tile(5), RD, C.tile(5), WD, D.tile(5))


# -- formatting -----------------------------------------------------------------------------------


def _tiles(*tokens: str) -> tuple[mr.Tile, ...]:
    return tuple(mr.Tile.parse(token) for token in tokens)


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        (_tiles("1B", "2B", "3B", "N", "N", "GD", "GD", "5C", "J"), "123B NN GD GD 5C J"),
        (_tiles("1B", "1B", "2B", "4B"), "112B 4B"),
        (_tiles("3B", "2B", "1B"), "3B 2B 1B"),
        (_tiles("9B", "1C", "2C"), "9B 12C"),
        (_tiles("E", "E", "S", "F", "F", "J", "J"), "EE S FF JJ"),
        (_tiles("RF1", "RF1", "Cat", "Cat", "Blank", "Blank"), "RF1 RF1 Cat Cat Blank Blank"),
        (_tiles("0B", "Soap", "Chicken"), "GD WD Rooster"),
        ((), ""),
    ],
    ids=[
        "run-and-letters",
        "pair-run",
        "descending",
        "suit-change",
        "one-letter",
        "multi-letter",
        "aliases",
        "empty",
    ],
)
def test_format_compact(tiles: tuple[mr.Tile, ...], expected: str) -> None:
    assert mr.format_tiles(tiles) == expected
    assert mr.format_tiles(tiles, style="compact") == expected


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        (_tiles("1B", "2B", "3B", "N", "N"), "1B 2B 3B N N"),
        (_tiles("0B", "Soap", "Chicken", "RF2", "Blank"), "GD WD Rooster RF2 Blank"),
        ((), ""),
    ],
    ids=["numbers-winds", "aliases", "empty"],
)
def test_format_tokens(tiles: tuple[mr.Tile, ...], expected: str) -> None:
    assert mr.format_tiles(tiles, style="tokens") == expected


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        (_tiles("1C", "2C", "3C", "E", "E"), "\U0001f007\U0001f008\U0001f009\U0001f000\U0001f000"),
        (
            _tiles("RD", "GD", "WD", "J", "RF1", "BF4"),
            "\U0001f004\U0001f005\U0001f006\U0001f02a\U0001f022\U0001f029",
        ),
        (_tiles("1B", "F", "2B"), "\U0001f010 F \U0001f011"),
        (_tiles("Cat", "Mouse", "Blank"), "Cat Mouse Blank"),
        (_tiles("9D", "N"), "\U0001f021\U0001f003"),
    ],
    ids=["craks-east", "dragons-joker-flowers", "glyphless-between", "no-glyphs", "dots-north"],
)
def test_format_unicode(tiles: tuple[mr.Tile, ...], expected: str) -> None:
    assert mr.format_tiles(tiles, style="unicode") == expected


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        (mr.parse_tiles("1C 2C 3C 4D 5D 6D 7B 8B 9B E E"), "123m456p789s11z"),
        (_tiles("E", "S", "W", "N", "WD", "GD", "RD"), "1234567z"),
        (_tiles("1B", "2B", "3B", "GD", "E"), "123s61z"),
        (_tiles("1C", "1B", "1C"), "1m1s1m"),
        ((), ""),
    ],
    ids=["suits-and-east", "honours", "in-given-order", "suit-changes", "empty"],
)
def test_format_mpsz(tiles: tuple[mr.Tile, ...], expected: str) -> None:
    assert mr.format_tiles(tiles, style="mpsz") == expected


@pytest.mark.parametrize("token", ["F", "J", "Cat", "Mouse", "Rooster", "Centipede", "RF1", "BF4", "Blank"], ids=str)
def test_format_mpsz_refuses_tiles_without_an_mpsz_form(token: str) -> None:
    with pytest.raises(ValueError, match="mpsz"):
        mr.format_tiles(_tiles("1B", token), style="mpsz")


@pytest.mark.parametrize("style", ["fancy", "COMPACT", "", "glyphs"], ids=repr)
def test_format_unknown_style(style: str) -> None:
    with pytest.raises(ValueError, match="style"):
        mr.format_tiles(_tiles("1B"), style=cast(Any, style))
    with pytest.raises(ValueError, match="style"):
        mr.format_tiles((), style=cast(Any, style))


@pytest.mark.parametrize("token", ["F", "J", "Cat", "Mouse", "Rooster", "Centipede", "RF1", "BF4", "Blank"], ids=str)
def test_format_mpsz_raises_format_error_naming_the_tile(token: str) -> None:
    """A tile mpsz cannot write is a FormatError naming the tile and what mpsz writes."""
    with pytest.raises(mr.FormatError) as caught:
        mr.format_tiles(_tiles("1B", token), style="mpsz")
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == f"{token} has no mpsz form (mpsz writes number tiles, winds and dragons)"


@pytest.mark.parametrize("style", ["fancy", "COMPACT", ""], ids=repr)
def test_unknown_style_raises_format_error_listing_the_styles(style: str) -> None:
    """An unknown style is a FormatError whose message lists every style."""
    with pytest.raises(mr.FormatError) as caught:
        mr.format_tiles(_tiles("1B"), style=cast(Any, style))
    assert str(caught.value) == f"unknown style {style!r}; styles: compact, tokens, unicode, mpsz"


def test_hand_and_meld_format_raise_format_error() -> None:
    """Hand.format and Meld.format report an unknown style and an unwritable tile the same way."""
    hand = mr.Hand.parse("1B J [JJJ=5C]")
    with pytest.raises(mr.FormatError, match="styles: compact, tokens, unicode, mpsz"):
        hand.format(cast(Any, "fancy"))
    with pytest.raises(mr.FormatError, match=r"^J has no mpsz form"):
        hand.format("mpsz")
    with pytest.raises(mr.FormatError, match="styles: compact"):
        hand.melds[0].format(cast(Any, "glyphs"))
    with pytest.raises(mr.FormatError, match=r"^J has no mpsz form"):
        hand.melds[0].format("mpsz")


def test_format_tiles_rejects_non_tiles() -> None:
    with pytest.raises(TypeError):
        mr.format_tiles(cast(Any, ["1B"]))


def test_format_accepts_any_iterable() -> None:
    assert mr.format_tiles(iter(_tiles("1B", "2B"))) == "12B"


# -- errors ---------------------------------------------------------------------------------------


def _notation_error(text: str, parse: str) -> mr.NotationError:
    parser: dict[str, Callable[[Any], object]] = {
        "hand": mr.Hand.parse,
        "tiles": mr.parse_tiles,
        "tile": mr.Tile.parse,
        "meld": mr.Meld.parse,
    }
    with pytest.raises(mr.NotationError) as caught:
        parser[parse](text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert isinstance(error, mr.MahjongError)
    assert error.text == text
    return error


# (id, parser, text, token, position, suggestion)
ERRORS: list[tuple[str, str, str, str, int, str | None]] = [
    # Unknown tokens: the whole word is named, with the nearest valid token.
    ("unknown-word", "hand", "1B 2B Rooser 3B", "Rooser", 6, "Rooster"),
    ("unknown-misspelt-alias", "tiles", "1B 2B Chiken", "Chiken", 6, "Chicken"),
    ("unknown-starting-like-a-wind", "tiles", "1B Sopa", "Sopa", 3, "Soap"),
    ("unknown-nothing-close", "hand", "1B Qqq", "Qqq", 3, None),
    ("unexpected-character", "hand", "1B ? 2B", "?", 3, None),
    ("tile-back-glyph", "tiles", "1B \U0001f02b", "\U0001f02b", 3, None),
    # Misspelt everyday words suggest the word a player meant.
    ("misspelt-east", "tiles", "Eest", "Eest", 0, "East"),
    ("misspelt-joker", "hand", "1B Jokr", "Jokr", 3, "Joker"),
    ("misspelt-white", "tiles", "Whte", "Whte", 0, "White"),
    ("two-words-run-together", "tiles", "EastWind", "EastWind", 0, "East Wind"),
    # Letters and digits of one token written apart suggest the joined token.
    ("letters-space-digit", "tiles", "RF 1", "RF 1", 0, "RF1"),
    ("letters-space-digit-black", "hand", "1B BF 4", "BF 4", 3, "BF4"),
    ("letters-spaces-digit-lower", "tiles", "rf  2", "rf  2", 0, "RF2"),
    ("letters-space-digit-after-a-tile", "tiles", "NRF 3", "RF 3", 1, "RF3"),
    # Words that are not one tile are refused with a hint, never split into letter tokens.
    ("suit-word-alone", "tiles", "Bam", "Bam", 0, None),
    ("suit-word-alone-in-hand", "hand", "1B Dots", "Dots", 3, None),
    ("suit-word-before-its-number", "tiles", "Crak 3", "Crak", 0, None),
    ("plural-jokers", "tiles", "Jokers", "Jokers", 0, "Joker"),
    ("plural-wests", "hand", "1B Wests", "Wests", 3, "West"),
    ("plural-flowers", "tiles", "FLOWERS", "FLOWERS", 0, "Flower"),
    ("plural-reds", "tiles", "Reds", "Reds", 0, "Red"),
    ("wind-alone", "tiles", "Wind", "Wind", 0, None),
    ("winds", "tiles", "Winds", "Winds", 0, None),
    ("dragon-alone", "tiles", "N Dragon", "Dragon", 2, None),
    ("plural-second-word", "tiles", "East Winds", "Winds", 5, None),
    ("word-runs-into-a-token", "tiles", "1BEast", "East", 2, None),
    ("suit-word-runs-into-a-token", "tiles", "3BDots", "Dots", 2, None),
    ("red-flower-with-number", "tiles", "Red Flower 2", "Red Flower 2", 0, "RF2"),
    ("black-flower-with-number", "hand", "1B black  flower 4", "black  flower 4", 3, "BF4"),
    # Digits with no suit letter.
    ("digits-no-suit", "tiles", "123", "123", 0, "123B"),
    ("digits-no-suit-mid", "hand", "1B 45 6C", "45", 3, "45B"),
    ("digit-suit-after-space", "tiles", "5 C", "5", 0, "5B"),
    ("digits-misspelt-suit-word", "tiles", "3 Bma", "3", 0, "3 Bam"),
    ("digits-misspelt-plural-suit-word", "hand", "1B 12 Dotts", "12", 3, "12 Dots"),
    ("digits-then-a-word-not-a-suit", "tiles", "3 East", "3", 0, "3B"),
    # After a space, a single letter is not a suit (suit words are, see below).
    ("digit-space-mpsz-letter", "tiles", "1 s", "1", 0, "1B"),
    ("digit-space-suit-letter", "tiles", "1B 7 d", "7", 3, "7B"),
    # mpsz honours are 1z..7z only (0 is a red five only in m, p, s); the nearest tokens are
    # equally near ones, the last in order.
    ("8z", "tiles", "8z", "8z", 0, "8s"),
    ("9z", "tiles", "1B 9z", "9z", 3, "9s"),
    ("0z", "tiles", "10z", "0z", 1, "7z"),
    ("0z-alone", "tiles", "0z", "0z", 0, "7z"),
    # Brackets.
    ("empty-exposed", "hand", "[]", "[]", 0, None),
    ("empty-concealed", "hand", "{}", "{}", 0, None),
    ("empty-with-space", "hand", "1B [ ]", "[ ]", 3, None),
    ("unclosed-exposed", "hand", "[1B", "[", 0, "]"),
    ("unclosed-concealed", "hand", "1B {5555C", "{", 3, "}"),
    ("never-opened-exposed", "hand", "1B]", "]", 2, None),
    ("never-opened-concealed", "hand", "5555C}", "}", 5, None),
    ("mismatched-exposed", "hand", "[1B}", "}", 3, "]"),
    ("mismatched-concealed", "hand", "{1B]", "]", 3, "}"),
    ("nested", "hand", "[1B [2B]]", "[", 4, None),
    # '@seat'.
    ("at-outside-brackets", "hand", "1B @E", "@E", 3, None),
    ("at-first", "hand", "@W 1B", "@W", 0, None),
    ("at-in-concealed", "hand", "{5555C @E}", "@E", 7, None),
    ("at-twice", "hand", "[555C @E @S]", "@S", 9, None),
    ("at-bad-seat", "hand", "[555C @X]", "@X", 6, None),
    ("at-bad-seat-word", "hand", "[555C @Up]", "@Up", 6, None),
    ("at-no-seat", "hand", "[555C @]", "@", 6, None),
    ("at-misspelt-seat", "hand", "[555C @Sout]", "@Sout", 6, "@South"),
    ("tile-after-at", "hand", "[5C @E 5C]", "5C", 7, None),
    # '=tile'.
    ("equals-outside-brackets", "hand", "1B =5C", "=", 3, None),
    ("equals-first", "hand", "=5C", "=", 0, None),
    ("equals-twice", "hand", "[JJJ =5C =6C]", "=", 9, None),
    ("equals-equals", "hand", "[JJJ ==5C]", "=", 6, None),
    ("equals-no-tile", "hand", "[JJJ =]", "]", 6, None),
    ("tile-after-equals", "hand", "[JJJ =5C 5C]", "5C", 9, None),
    # A joker stands only in a set of identical tiles.
    ("joker-among-different", "hand", "[J 1B 2B]", "[J 1B 2B]", 0, None),
    # Tile.parse takes exactly one tile; with none, the error is at position 0, not past the end.
    ("tile-parse-nothing", "tile", "", "", 0, None),
    ("tile-parse-only-spaces", "tile", "  ", "", 0, None),
    ("tile-parse-only-separators", "tile", " , \n", "", 0, None),
    ("tile-parse-two", "tile", "1B 2B", "1B 2B", 0, None),
    ("tile-parse-two-compact", "tile", " NN", "NN", 1, None),
    # parse_tiles takes tiles only: brackets and marks belong in a hand.
    ("tiles-bracket", "tiles", "1B [2B]", "[", 3, None),
    ("tiles-brace", "tiles", "{5555C}", "{", 0, None),
    ("tiles-at", "tiles", "1B @E", "@E", 3, None),
    ("tiles-equals", "tiles", "1B =2B", "=", 3, None),
]


@pytest.mark.parametrize(
    ("parse", "text", "token", "position", "suggestion"),
    [error[1:] for error in ERRORS],
    ids=[error[0] for error in ERRORS],
)
def test_notation_error(parse: str, text: str, token: str, position: int, suggestion: str | None) -> None:
    error = _notation_error(text, parse)
    assert error.token == token
    assert error.position == position
    assert error.suggestion == suggestion
    # The message names the position, and the suggestion when there is one.
    assert f"position {position}" in str(error)
    if suggestion is not None:
        assert repr(suggestion) in str(error)


def test_unknown_word_starting_with_a_wind_letter_is_named_whole() -> None:
    # "Eastern" is not a token: the error names the word the user wrote, not a stray "astern"
    # after an East wind, and suggests the word it is closest to.
    error = _notation_error("Eastern 1B", "hand")
    assert error.token == "Eastern"
    assert error.position == 0
    assert error.suggestion == "East"


def test_bare_suit_word_says_it_needs_a_number() -> None:
    """'Bam' with no number says so, with both ways of writing a number tile."""
    error = _notation_error("Bam", "tiles")
    assert str(error) == "'Bam' needs a number, like '3 Bam' or '3B' at position 0"
    assert "'dots' needs a number, like '3 dots' or '3D'" in str(_notation_error("1B dots", "hand"))


def test_plural_word_is_refused_with_how_to_write_each_tile() -> None:
    """'Jokers' is not split into J and 'okers' (nor 'Wests' into W, E, S and 't'): it is a plural."""
    error = _notation_error("Jokers", "tiles")
    assert str(error) == (
        "'Jokers' is a plural: write each tile, like 'Joker Joker' or 'JJ' at position 0; did you mean 'Joker'?"
    )
    assert "like 'West West' or 'WW'" in str(_notation_error("Wests", "tiles"))


def test_wind_or_dragon_alone_says_to_name_it() -> None:
    """'Wind' and 'Dragon' alone are not tiles: the message shows how to name one."""
    assert "like 'East Wind' or 'E'" in str(_notation_error("Wind", "tiles"))
    assert "like 'Red Dragon' or 'RD'" in str(_notation_error("Dragon", "tiles"))


def test_letters_and_digits_written_apart_say_to_join_them() -> None:
    """'RF 1' was 'unknown token RF; did you mean RF4'; now it names the joined token RF1."""
    error = _notation_error("RF 1", "tiles")
    assert str(error) == "'RF 1' is one token, written without spaces at position 0; did you mean 'RF1'?"


def test_word_written_against_a_token_is_not_split_into_letters() -> None:
    """'1BEast' is not 1B and East (a word is a whole run of letters): the error says so."""
    error = _notation_error("1BEast", "tiles")
    assert "runs into the token before it" in str(error)
    assert error.suggestion is None


def test_tile_parse_of_nothing_reports_position_zero() -> None:
    """Tile.parse of empty or blank text reports 'found none' at position 0, not past the end."""
    for text in ("", "  ", "\t, "):
        error = _notation_error(text, "tile")
        assert error.position == 0
        assert str(error) == "expected exactly one tile, found none at position 0"


def test_tile_parse_of_two_tiles_still_reports_where_they_start() -> None:
    """Tile.parse of several tiles names them all, from the first, as before."""
    error = _notation_error("  1B 2B ", "tile")
    assert (error.token, error.position) == ("1B 2B", 2)
    assert str(error) == "expected exactly one tile, found 2 at position 2"


def test_joker_error_message_mentions_the_joker() -> None:
    error = _notation_error("1B [J 1B 2B]", "hand")
    assert "joker" in str(error).lower()
    assert error.position == 3
    assert error.token == "[J 1B 2B]"


def test_equals_at_end_of_text_names_the_equals_sign() -> None:
    # An unfinished '=' at the very end is reported where the '=' is.
    text = "[JJJ ="
    error = _notation_error(text, "hand")
    assert error.token == "="
    assert error.position == 5
    assert text[error.position] == "="


def test_unknown_token_error_is_also_caught_as_value_error() -> None:
    with pytest.raises(ValueError, match="unknown token"):
        mr.parse_tiles("XYZ")


@pytest.mark.parametrize(
    ("parse", "value"),
    [
        ("tiles", None),
        ("tiles", b"1B"),
        ("tiles", 3),
        ("tiles", ["1B"]),
        ("tile", None),
        ("tile", b"1B"),
        ("hand", 123),
        ("hand", b"1B"),
        ("meld", 1.0),
        ("meld", None),
    ],
    ids=lambda value: value if isinstance(value, str) else type(value).__name__,
)
def test_non_text_input_is_a_type_error(parse: str, value: Any) -> None:
    parser: dict[str, Callable[[Any], object]] = {
        "hand": mr.Hand.parse,
        "tiles": mr.parse_tiles,
        "tile": mr.Tile.parse,
        "meld": mr.Meld.parse,
    }
    with pytest.raises(TypeError):
        parser[parse](value)


# -- very long input ------------------------------------------------------------------------------
# A parser that is quadratic in the length of its input would not finish these in any reasonable
# time; nothing here asserts on timing.

LONG = 200_000


def test_very_long_spaced_input_parses() -> None:
    tiles = mr.parse_tiles("1B " * LONG)
    assert len(tiles) == LONG
    assert set(tiles) == {B.tile(1)}


def test_very_long_compact_input_parses() -> None:
    tiles = mr.parse_tiles("1B" * (LONG // 2) + "N" * (LONG // 2))
    assert len(tiles) == LONG
    assert tiles[0] is B.tile(1)
    assert tiles[-1] is NORTH


def test_very_long_digit_run_parses() -> None:
    tiles = mr.parse_tiles("5" * LONG + "D")
    assert len(tiles) == LONG
    assert set(tiles) == {D.tile(5)}


def test_very_long_hand_parses() -> None:
    hand = mr.Hand.parse("9C 1B " * (LONG // 2) + "[333D]")
    assert len(hand) == LONG + 3
    assert hand.concealed[0] is B.tile(1)
    assert hand.concealed[-1] is C.tile(9)


def test_unknown_token_at_the_end_of_very_long_input() -> None:
    text = "1B " * 66_666 + "Qx"
    assert len(text) == LONG
    error = _notation_error(text, "tiles")
    assert error.position == 199_998
    assert error.token == "Qx"
    assert error.suggestion is None


def test_digits_without_suit_at_the_end_of_very_long_input() -> None:
    text = "1B " * 66_666 + "12"
    assert len(text) == LONG
    error = _notation_error(text, "hand")
    assert error.position == 199_998
    assert error.token == "12"
    assert error.suggestion == "12B"


def test_very_long_input_of_everyday_words_parses() -> None:
    tiles = mr.parse_tiles("East Wind 3 Bam " * (LONG // 5))
    assert len(tiles) == 2 * (LONG // 5)
    assert tiles[:2] == (EAST, B.tile(3))


def test_second_word_after_a_very_long_gap() -> None:
    """A word and its second word may be far apart; the token text stays short."""
    assert mr.parse_tiles("East" + " " * LONG + "Wind") == (EAST,)
    tiles = mr.parse_tiles("1" * (LONG // 2) + " " * (LONG // 2) + "Dots")
    assert len(tiles) == LONG // 2
    assert set(tiles) == {D.tile(1)}
    with pytest.raises(mr.TileSetError) as caught:
        mr.Hand.parse("E E E E East" + " " * LONG + "Wind", tileset=mr.TileSet.american())
    problem = caught.value.problems[0]
    assert isinstance(problem, mr.TileProblem)
    token = problem.token
    assert token is not None
    assert token.startswith("East")
    assert len(token) <= 50


@pytest.mark.parametrize(
    "text",
    [
        "Jokr" + "r" * LONG,
        "Eest" * (LONG // 4),
        "RF" + " " * LONG + "1",
        "Red" + " " * LONG + "Flower 1",
        "3" + " " * LONG + "Bma",
        "1B " * (LONG // 3) + "Whte",
    ],
    ids=["long-misspelling", "repeated-misspelling", "far-digit", "far-flower", "far-suit-word", "late-misspelling"],
)
def test_errors_and_suggestions_stay_short_for_huge_input(text: str) -> None:
    """Suggestions look at a bounded part of the input: huge text gives a short error, quickly."""
    error = _notation_error(text, "tiles")
    assert len(error.token) <= 50
    assert text[error.position : error.position + len(error.token)] == error.token
    assert len(str(error)) <= 300


def test_unknown_letter_at_the_end_of_a_very_long_letter_run_names_a_short_token() -> None:
    # 199,999 North winds written together, then an X: the error must not quote the whole
    # 200,000-character run back at the user.
    text = "N" * (LONG - 1) + "X"
    error = _notation_error(text, "tiles")
    assert len(error.token) <= 50
    assert text[error.position : error.position + len(error.token)] == error.token
    assert "X" in error.token
    assert len(str(error)) <= 300


@pytest.mark.parametrize(
    ("text", "problem", "suggestion"),
    [
        pytest.param("10B", "there is no ten", "1B 0B", id="ten"),
        pytest.param("5Bs 3C", "looks like a plural", "5B S", id="plural"),
        pytest.param("777K", "'K' is not a suit letter", "777B", id="letter-not-a-suit"),
        pytest.param("F1", "Singapore flowers are RF1 to RF4", "RF1", id="flower-f1"),
        pytest.param("5B S3", "Singapore flowers are RF1 to RF4", "BF3", id="season-s3"),
        pytest.param("Season 1", "unknown token 'Season'", "BF1", id="season-word"),
        pytest.param("Plum", "unknown token 'Plum'", "RF1", id="plum"),
        pytest.param("Spring", "unknown token 'Spring'", "BF1", id="spring"),
        pytest.param("Rat", "unknown token 'Rat'", "Mouse", id="rat-is-the-mouse"),
    ],
)
def test_notation_gotchas_are_refused_with_the_right_hint(text: str, problem: str, suggestion: str) -> None:
    """Issue 22: text a person writes meaning something else is refused, not read silently as
    other tiles (10B was 1B and the Green dragon, 5Bs 5B and South), with the tile they meant."""
    with pytest.raises(mr.NotationError) as raised:
        mr.Hand.parse(text)
    assert problem in str(raised.value)
    assert raised.value.suggestion == suggestion


def test_written_apart_the_gotchas_read_as_documented() -> None:
    """The refused forms' spellings still read: 1B 0B (ruling T1's dragon), 5B S, 5BS joined in
    capitals, and a year written with its zero."""
    assert mr.parse_tiles("1B 0B") == mr.parse_tiles("1B GD")
    assert mr.parse_tiles("5BS") == mr.parse_tiles("5B S")
    assert mr.format_tiles(mr.parse_tiles("2024D")) == "2D WD 2D 4D"


@given(hands(mr.TileSet.american(), max_concealed=14, max_melds=2))
def test_an_arrangement_as_printed_pastes_back(hand: mr.Hand) -> None:
    """Issue 22: the library prints arrangements with parentheses round concealed groups,
    ``(44B) (333C)``; pasted back, they read as those loose tiles."""
    grouped = " ".join(f"({tile})" for tile in hand.concealed) + " " + " ".join(meld.format() for meld in hand.melds)
    assert mr.Hand.parse(grouped) == hand


def test_parentheses_only_group() -> None:
    flex: Any = mr.get_ruleset("flex")
    evaluation = flex.evaluate("333C 44B 555C 666C 777C")
    assert evaluation.arrangement is not None
    pasted = mr.Hand.parse(str(evaluation.arrangement).split(":")[0])
    assert pasted == evaluation.hand
    for text, problem in (
        ("(44B (333C)", "groups cannot be nested"),
        ("44B)", "never opened"),
        ("(44B", "never closed"),
        ("[44B (4B)]", "cannot go inside a set"),
    ):
        with pytest.raises(mr.NotationError, match=re.escape(problem)):
            mr.Hand.parse(text)
