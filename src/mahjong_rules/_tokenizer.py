"""The private tokenizer of the tile notation: text in, a flat stream of tokens out.

One left-to-right pass, constant work per character, so parsing stays linear in the length of
the text. Grouping tokens into melds and hands is the parser's job (:mod:`mahjong_rules.notation`).
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Generator, Iterator
from typing import NamedTuple

from mahjong_rules.errors import NotationError
from mahjong_rules.tiles import Animal, Dragon, FlowerSet, Seat, Suit, Tile

__all__ = ["Token", "TokenKind", "tokenize"]

# Spaces and commas separate tokens; U+FE0F (emoji presentation) may follow a tile glyph.
SEPARATORS = frozenset(" \t\r\n,\ufe0f")

# Lower-cased word -> tile, for tiles written with letters (canonical tokens and aliases).
LETTER_TILES: dict[str, Tile] = {
    "gd": Dragon.GREEN.tile,
    "rd": Dragon.RED.tile,
    "wd": Dragon.WHITE.tile,
    "soap": Dragon.WHITE.tile,
    "e": Seat.EAST.wind,
    "s": Seat.SOUTH.wind,
    "w": Seat.WEST.wind,
    "n": Seat.NORTH.wind,
    "f": Tile.FLOWER,
    "j": Tile.JOKER,
    "blank": Tile.BLANK,
    "cat": Animal.CAT.tile,
    "mouse": Animal.MOUSE.tile,
    "rooster": Animal.ROOSTER.tile,
    "chicken": Animal.ROOSTER.tile,
    "centipede": Animal.CENTIPEDE.tile,
}
for _flower_set in FlowerSet:
    for _number in range(1, 5):
        LETTER_TILES[f"{'rb'[_flower_set.value]}f{_number}"] = _flower_set.tile(_number)
_LONGEST_WORD = max(len(word) for word in LETTER_TILES)

# Suit letters after a run of digits: canonical B/C/D and the mpsz letters s/m/p/z.
SUIT_LETTERS: dict[str, Suit | None] = {
    "b": Suit.BAMS,
    "c": Suit.CRAKS,
    "d": Suit.DOTS,
    "s": Suit.BAMS,
    "m": Suit.CRAKS,
    "p": Suit.DOTS,
    "z": None,
}
_MPSZ_HONORS = {
    1: Seat.EAST.wind,
    2: Seat.SOUTH.wind,
    3: Seat.WEST.wind,
    4: Seat.NORTH.wind,
    5: Dragon.WHITE.tile,
    6: Dragon.GREEN.tile,
    7: Dragon.RED.tile,
}

GLYPH_TILES: dict[str, Tile] = {tile.glyph: tile for tile in Tile.all() if tile.glyph is not None}

# Everything a user might have meant, for "did you mean" suggestions.
_VOCABULARY: tuple[str, ...] = tuple(
    dict.fromkeys(
        [tile.token for tile in Tile.all()]
        + ["0B", "0C", "0D", "Soap", "Chicken"]
        + [f"{rank}{letter}" for letter in "mpsz" for rank in range(1, 10 if letter != "z" else 8)]
    )
)
_VOCABULARY_BY_LOWER = {word.lower(): word for word in _VOCABULARY}
_SUGGESTION_INPUT_LIMIT = 24


def nearest_token(word: str) -> str | None:
    """The valid token closest to ``word``, or ``None`` when nothing is reasonably close."""
    matches = difflib.get_close_matches(
        word[:_SUGGESTION_INPUT_LIMIT].lower(), list(_VOCABULARY_BY_LOWER), n=1, cutoff=0.5
    )
    return _VOCABULARY_BY_LOWER[matches[0]] if matches else None


class TokenKind(enum.Enum):
    TILE = "tile"
    OPEN_EXPOSED = "["
    CLOSE_EXPOSED = "]"
    OPEN_CONCEALED = "{"
    CLOSE_CONCEALED = "}"
    CALLED_FROM = "@"
    STANDS_FOR = "="


class Token(NamedTuple):
    kind: TokenKind
    position: int
    text: str
    tile: Tile | None = None
    seat: Seat | None = None


_PUNCTUATION = {
    "[": TokenKind.OPEN_EXPOSED,
    "]": TokenKind.CLOSE_EXPOSED,
    "{": TokenKind.OPEN_CONCEALED,
    "}": TokenKind.CLOSE_CONCEALED,
    "=": TokenKind.STANDS_FOR,
}


# Errors quote at most this many characters of a bad token, so that a huge input cannot make a
# huge message; the quoted text still starts at the reported position.
TOKEN_QUOTE_LIMIT = 24


def _word_at(text: str, start: int) -> str:
    end = start
    limit = min(len(text), start + TOKEN_QUOTE_LIMIT)
    while end < limit and text[end].isascii() and text[end].isalnum():
        end += 1
    return text[start : max(end, start + 1)]


def tokenize(text: str) -> Iterator[Token]:
    """Yield the tokens of ``text``; raise :class:`NotationError` at the first bad one."""
    length = len(text)
    i = 0
    while i < length:
        char = text[i]
        if char in SEPARATORS:
            i += 1
        elif char in _PUNCTUATION:
            yield Token(_PUNCTUATION[char], i, char)
            i += 1
        elif char == "@":
            i = yield from _called_from(text, i)
        elif "0" <= char <= "9":
            i = yield from _digits(text, i)
        elif char.isascii() and char.isalpha():
            i = yield from _letters(text, i)
        elif char in GLYPH_TILES:
            yield Token(TokenKind.TILE, i, char, GLYPH_TILES[char])
            i += 1
        else:
            raise NotationError(f"unexpected character {char!r}", text=text, token=char, position=i)


def _called_from(text: str, at: int) -> Generator[Token, None, int]:
    start = at + 1
    end = start
    while end < len(text) and text[end].isascii() and text[end].isalpha():
        end += 1
    word = text[start:end]
    try:
        seat = Seat.parse(word)
    except ValueError:
        raise NotationError(
            f"'@' must be followed by the seat a tile was called from (E, S, W or N), not {word!r}",
            text=text,
            token=text[at:end] or "@",
            position=at,
        ) from None
    yield Token(TokenKind.CALLED_FROM, at, text[at:end], seat=seat)
    return end


def _digits(text: str, start: int) -> Generator[Token, None, int]:
    end = start
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    digits = text[start:end]
    letter = text[end].lower() if end < len(text) else ""
    if letter not in SUIT_LETTERS:
        quoted = digits[:TOKEN_QUOTE_LIMIT]
        raise NotationError(
            f"digits {quoted!r} have no suit letter",
            text=text,
            token=quoted,
            position=start,
            suggestion=f"{digits}B" if len(digits) <= TOKEN_QUOTE_LIMIT else None,
        )
    suit = SUIT_LETTERS[letter]
    for offset, digit in enumerate(digits):
        rank = int(digit)
        position = start + offset
        written = digit + text[end]
        if suit is None:
            if rank not in _MPSZ_HONORS:
                raise NotationError(
                    f"{written!r} is not a tile: honours in mpsz are 1z to 7z",
                    text=text,
                    token=written,
                    position=position,
                    suggestion=nearest_token(written),
                )
            tile = _MPSZ_HONORS[rank]
        elif rank == 0:
            if letter not in "bcd":
                raise NotationError(
                    f"{written!r} is not a tile: 0 means a suit's dragon only with B, C or D",
                    text=text,
                    token=written,
                    position=position,
                    suggestion=f"0{suit.letter}",
                )
            tile = suit.dragon
        else:
            tile = suit.tile(rank)
        yield Token(TokenKind.TILE, position, written, tile)
    return end + 1


def _letters(text: str, start: int) -> Generator[Token, None, int]:
    """Split a run of letters into letter tokens (``NEWS``, ``GDGD``, ``RF1``), longest first.

    If any part of the run is not a token, the whole run is reported, so that ``Sopa`` is
    called an unknown token rather than a South wind followed by ``opa``.
    """
    end_of_run = start
    while end_of_run < len(text) and text[end_of_run].isascii() and text[end_of_run].isalpha():
        end_of_run += 1
    found: list[Token] = []
    i = start
    while i < end_of_run:
        lowered = text[i : i + _LONGEST_WORD].lower()
        size = next((n for n in range(len(lowered), 0, -1) if lowered[:n] in LETTER_TILES), 0)
        if size == 0:
            # Name the whole run when it is short ("Sopa"), else the part from the failure on.
            word = _word_at(text, start if end_of_run - start <= TOKEN_QUOTE_LIMIT else i)
            raise NotationError(
                f"unknown token {word!r}",
                text=text,
                token=word,
                position=start if end_of_run - start <= TOKEN_QUOTE_LIMIT else i,
                suggestion=nearest_token(word),
            )
        found.append(Token(TokenKind.TILE, i, text[i : i + size], LETTER_TILES[lowered[:size]]))
        i += size
    yield from found
    return i
