"""The tile notation: parsing tokens, aliases, compact and mpsz forms, glyphs; formatting in every
style; and every kind of bad input, with the token, position and suggestion it must report.

Expected tiles come from the table in API-CONTRACT.md ("Tile notation"), written out by hand here;
tiles are named through the enums (``mr.Suit.BAMS.tile(3)``), not through the parser under test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest

import mahjong_rules as mr

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
    # Digits with no suit letter.
    ("digits-no-suit", "tiles", "123", "123", 0, "123B"),
    ("digits-no-suit-mid", "hand", "1B 45 6C", "45", 3, "45B"),
    ("digit-suit-after-space", "tiles", "5 C", "5", 0, "5B"),
    # 0 is a suit's dragon only with B, C, D.
    ("zero-m", "tiles", "0m", "0m", 0, "0C"),
    ("zero-p", "tiles", "1B 0p", "0p", 3, "0D"),
    ("zero-s-in-run", "tiles", "10s", "0s", 1, "0B"),
    # mpsz honours are 1z..7z only; the nearest tokens are equally near ones, the last in order.
    ("8z", "tiles", "8z", "8z", 0, "8s"),
    ("9z", "tiles", "1B 9z", "9z", 3, "9s"),
    ("0z", "tiles", "10z", "0z", 1, "7z"),
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
    # Tile.parse takes exactly one tile.
    ("tile-parse-nothing", "tile", "", "", 0, None),
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
    # "East" is not a token (the East wind is E): the error names the word the user wrote,
    # not a stray "ast" after an East wind.
    error = _notation_error("East 1B", "hand")
    assert error.token == "East"
    assert error.position == 0


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


def test_unknown_letter_at_the_end_of_a_very_long_letter_run_names_a_short_token() -> None:
    # 199,999 North winds written together, then an X: the error must not quote the whole
    # 200,000-character run back at the user.
    text = "N" * (LONG - 1) + "X"
    error = _notation_error(text, "tiles")
    assert len(error.token) <= 50
    assert text[error.position : error.position + len(error.token)] == error.token
    assert "X" in error.token
    assert len(str(error)) <= 300
