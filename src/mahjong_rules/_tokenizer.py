"""The private tokenizer of the tile notation: text in, a flat stream of tokens out.

One left-to-right pass, constant work per character, so parsing stays linear in the length of
the text: looking past a word for its second word (``East Wind``, ``3 Bam``) reads the spaces
after it at most once more, and never more than a few letters. Grouping tokens into melds and
hands is the parser's job (:mod:`mahjong_rules.notation`).
"""

from __future__ import annotations

import enum
from collections.abc import Generator, Iterator
from typing import NamedTuple

from mahjong_rules._text import TOKEN_QUOTE_LIMIT, closest
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

# Everyday words, each a tile on its own, matched only as a whole run of letters: ``East`` is the
# East wind but ``NEWS`` is still four winds. None of these words splits into shorter tokens, so
# no text that parsed before means something else now. Each may be followed by a second word
# ("East Wind", "Red Dragon"), which is then part of the same token.
WORD_TILES: dict[str, Tile] = {
    "east": Seat.EAST.wind,
    "south": Seat.SOUTH.wind,
    "west": Seat.WEST.wind,
    "north": Seat.NORTH.wind,
    "joker": Tile.JOKER,
    "flower": Tile.FLOWER,
    "green": Dragon.GREEN.tile,
    "red": Dragon.RED.tile,
    "white": Dragon.WHITE.tile,
}
_SECOND_WORD = dict.fromkeys(["east", "south", "west", "north"], "wind") | dict.fromkeys(
    ["green", "red", "white"], "dragon"
)

# Suit words after digits, as in "3 Bam", "3Crak" or "11 Dots"; like the suit letters B, C, D.
SUIT_WORDS: dict[str, Suit] = {
    **dict.fromkeys(["bam", "bams", "bamboo"], Suit.BAMS),
    **dict.fromkeys(["crak", "craks", "crack", "cracks", "character", "characters"], Suit.CRAKS),
    **dict.fromkeys(["dot", "dots", "circle", "circles"], Suit.DOTS),
}

# Words that name a tile alone, by lower-cased word: their plurals are refused with a hint.
_SINGULARS: dict[str, str] = {
    word.lower(): word
    for word in [
        *(word.title() for word in WORD_TILES),
        "Soap",
        "Blank",
        "Cat",
        "Mouse",
        "Rooster",
        "Chicken",
        "Centipede",
    ]
}
# The longest whole word compared above: a longer run of letters is never one of them.
_LONGEST_WHOLE_WORD = max(len(word) for word in [*SUIT_WORDS, *_SINGULARS, "dragons", "flowers"])

# Spaces that may separate the words of one token ("East Wind", "3 Bam").
_WORD_GAP = frozenset(" \t\r\n")

# Everything a user might have meant, for "did you mean" suggestions.
_VOCABULARY: tuple[str, ...] = tuple(
    dict.fromkeys(
        [tile.token for tile in Tile.all()]
        + ["0B", "0C", "0D", "Soap", "Chicken"]
        + [f"{rank}{letter}" for letter in "mpsz" for rank in range(1, 10 if letter != "z" else 8)]
        + ["0m", "0p", "0s"]
        + [word.title() for word in WORD_TILES]
        + [f"{word.title()} {second.title()}" for word, second in _SECOND_WORD.items()]
    )
)
_VOCABULARY_BY_LOWER = {word.lower(): word for word in _VOCABULARY}


# What Singapore and Hong Kong players call their bonus tiles, and the library's tokens for them:
# the red set is the flowers (plum, orchid, bamboo, chrysanthemum), the black set the seasons.
_BONUS_NAMES = {
    "plum": "RF1",
    "orchid": "RF2",
    "chrysanthemum": "RF4",
    "mum": "RF4",
    "season": "BF1",
    "seasons": "BF1",
    "spring": "BF1",
    "summer": "BF2",
    "autumn": "BF3",
    "fall": "BF3",
    "winter": "BF4",
    "rat": "Mouse",
    "rats": "Mouse",
    "hen": "Rooster",
    "cock": "Rooster",
}


def nearest_token(word: str) -> str | None:
    """The valid token closest to ``word``, or ``None`` when nothing is reasonably close; a
    common name of a Singapore bonus tile (``Plum``, ``Spring``, ``Rat``) gets its token."""
    if word.lower() in _BONUS_NAMES:
        return _BONUS_NAMES[word.lower()]
    match = closest(word, _VOCABULARY_BY_LOWER, cutoff=0.5)
    return None if match is None else _VOCABULARY_BY_LOWER[match]


class TokenKind(enum.Enum):
    TILE = "tile"
    OPEN_EXPOSED = "["
    CLOSE_EXPOSED = "]"
    OPEN_CONCEALED = "{"
    CLOSE_CONCEALED = "}"
    CALLED_FROM = "@"
    STANDS_FOR = "="
    OPEN_GROUP = "("
    CLOSE_GROUP = ")"


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
    "(": TokenKind.OPEN_GROUP,
    ")": TokenKind.CLOSE_GROUP,
}


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


def _is_letter(char: str) -> bool:
    return char.isascii() and char.isalpha()


def _skip_gap(text: str, at: int) -> int:
    """The first position from ``at`` that is not a space between words."""
    while at < len(text) and text[at] in _WORD_GAP:
        at += 1
    return at


def _short_word(text: str, at: int) -> tuple[str, int]:
    """The lower-cased run of letters at ``at`` and its end, or ``("", at)`` when the run is
    empty or too long to be one of the whole words (only a bounded prefix is ever read)."""
    end = at
    limit = min(len(text), at + _LONGEST_WHOLE_WORD + 1)
    while end < limit and _is_letter(text[end]):
        end += 1
    if end - at > _LONGEST_WHOLE_WORD:
        return "", at
    return text[at:end].lower(), end


def _called_from(text: str, at: int) -> Generator[Token, None, int]:
    start = at + 1
    end = start
    while end < len(text) and _is_letter(text[end]):
        end += 1
    word = text[start:end]
    try:
        seat = Seat.parse(word)
    except NotationError as error:
        raise NotationError(
            f"'@' must be followed by the seat a tile was called from (E, S, W or N), not {word[:TOKEN_QUOTE_LIMIT]!r}",
            text=text,
            token=text[at : min(end, at + 1 + TOKEN_QUOTE_LIMIT)] or "@",
            position=at,
            suggestion=None if error.suggestion is None else f"@{error.suggestion}",
        ) from None
    yield Token(TokenKind.CALLED_FROM, at, text[at:end], seat=seat)
    return end


def _suit_word(text: str, end_of_digits: int) -> tuple[Suit | None, int]:
    """The suit of a suit word written after digits (``3Bam``, ``3 Bams``), and its end."""
    at = _skip_gap(text, end_of_digits)
    word, end = _short_word(text, at)
    if word in SUIT_WORDS and (end == len(text) or not _is_letter(text[end])):
        return SUIT_WORDS[word], end
    return None, end_of_digits


def _digits(text: str, start: int) -> Generator[Token, None, int]:
    end = start
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    digits = text[start:end]
    # A suit word follows a space or is two letters or more; else skip looking (the usual "1B ").
    following = text[end + 1] if end + 1 < len(text) else ""
    if end < len(text) and (text[end] in _WORD_GAP or (text[end].isalpha() and following.isalpha())):
        word_suit, end_of_word = _suit_word(text, end)
    else:
        word_suit, end_of_word = None, end
    if word_suit is not None:
        # A suit word stands for its letter: "11 Dots" is "11D", "0 Dots" the white dragon. Each
        # tile's text is its digit and the word, cut short after a huge run of spaces.
        written = text[end : min(end_of_word, end + TOKEN_QUOTE_LIMIT - 1)]
        for offset, digit in enumerate(digits):
            rank = int(digit)
            tile = word_suit.dragon if rank == 0 else word_suit.tile(rank)
            yield Token(TokenKind.TILE, start + offset, digit + written, tile)
        return end_of_word
    letter = text[end].lower() if end < len(text) else ""
    if letter not in SUIT_LETTERS and len(digits) == 1 and "1" <= digits <= "4" and start > 0:
        before = text[start - 1].upper()
        alone = start == 1 or not _is_letter(text[start - 2])
        if before in "FS" and alone:
            # F1..F4 and S1..S4, the flowers and seasons of other notations.
            written = text[start - 1 : end]
            token = f"{'RF' if before == 'F' else 'BF'}{digits}"
            raise NotationError(
                f"{written!r} is not a tile here: the Singapore flowers are RF1 to RF4 (the flowers) and "
                "BF1 to BF4 (the seasons)",
                text=text,
                token=written,
                position=start - 1,
                suggestion=token,
            )
    if letter not in SUIT_LETTERS:
        quoted = digits[:TOKEN_QUOTE_LIMIT]
        after = text[end] if end < len(text) and _is_letter(text[end]) else ""
        problem = (
            f"{quoted + after!r}: {after!r} is not a suit letter (B, C, D; or m, p, s, z)"
            if after
            else f"digits {quoted!r} have no suit letter"
        )
        raise NotationError(
            problem,
            text=text,
            token=quoted + after,
            position=start,
            suggestion=_digits_suggestion(text, digits, end),
        )
    suit = SUIT_LETTERS[letter]
    if digits == "10" and letter in "bcd":
        # ruling T1 reads it as 1 and the suit's dragon, but it is written like a ten.
        written = text[start : end + 1]
        raise NotationError(
            f"{written!r} reads as 1{text[end]} and 0{text[end]} (its dragon), but there is no ten: write them apart",
            text=text,
            token=written,
            position=start,
            suggestion=f"1{text[end]} 0{text[end]}",
        )
    plural = text[end + 1 : end + 2]
    if letter in "bcd" and plural == "s" and (end + 2 == len(text) or not _is_letter(text[end + 2])):
        # "5Bs" is "5 Bams" to a person; joined, it would read as 5B and the South wind.
        written = text[start : end + 2]
        raise NotationError(
            f"{written!r} looks like a plural: a tile is written {digits[-1] + text[end]!r}; "
            "write the South wind apart",
            text=text,
            token=written,
            position=start,
            suggestion=f"{digits}{text[end]} S",
        )
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
            # American 0B, 0C, 0D: the suit's dragon (ruling T1). Riichi 0m, 0p, 0s: the red
            # five, which is the plain five here (the library has no red fives).
            tile = suit.dragon if letter in "bcd" else suit.tile(5)
        else:
            tile = suit.tile(rank)
        yield Token(TokenKind.TILE, position, written, tile)
    return end + 1


def _digits_suggestion(text: str, digits: str, end: int) -> str | None:
    """For digits with no suit: the digits with a suit word close to the word after them
    (``3 Bma`` -> ``3 Bam``), else with ``B``."""
    if len(digits) > TOKEN_QUOTE_LIMIT:
        return None
    word, _ = _short_word(text, _skip_gap(text, end))
    if len(word) > 1:
        suit_word = closest(word, SUIT_WORDS, cutoff=0.6)
        if suit_word is not None:
            return f"{digits} {suit_word.title()}"
    return f"{digits}B"


def _word_tile(text: str, start: int, end_of_run: int) -> Generator[Token, None, int]:
    """An everyday word (``East``, ``Joker``), with its optional second word (``East Wind``)."""
    word = text[start:end_of_run].lower()
    end = end_of_run
    second = _SECOND_WORD.get(word)
    if second is not None:
        after_gap = _skip_gap(text, end_of_run)
        if after_gap > end_of_run:
            following, end_of_following = _short_word(text, after_gap)
            if following == second:
                end = end_of_following
            elif word == "red" and following in ("flower", "flowers"):
                raise _coloured_flower_error(text, start, end_of_following, "red")
    yield Token(TokenKind.TILE, start, text[start : min(end, start + TOKEN_QUOTE_LIMIT)], WORD_TILES[word])
    return end


def _coloured_flower_error(text: str, start: int, end_of_flower: int, colour: str) -> NotationError:
    """``Red Flower`` or ``Black Flower``: a Singapore flower is written with its number."""
    prefix = f"{colour[0].upper()}F"
    after_gap = _skip_gap(text, end_of_flower)
    number = text[after_gap : after_gap + 1]
    has_number = (
        after_gap > end_of_flower
        and number in ("1", "2", "3", "4")
        and not "0" <= text[after_gap + 1 : after_gap + 2] <= "9"
    )
    end = after_gap + 1 if has_number else end_of_flower
    written = text[start:end][:TOKEN_QUOTE_LIMIT]
    also = ", or a red dragon and a flower as 'RD F'" if colour == "red" else ""
    return NotationError(
        f"{written!r} is not a token: write a Singapore {colour} flower as '{prefix}1' to '{prefix}4'{also}",
        text=text,
        token=written,
        position=start,
        suggestion=f"{prefix}{number}" if has_number else None,
    )


def _letters(text: str, start: int) -> Generator[Token, None, int]:
    """Read a run of letters: an everyday word (``East``, ``Red Dragon``) when the whole run is
    one, else split it into letter tokens (``NEWS``, ``GDGD``, ``RF1``), longest first.

    If any part of the run is not a token, the whole run is reported, so that ``Sopa`` is
    called an unknown token rather than a South wind followed by ``opa``.
    """
    end_of_run = start
    while end_of_run < len(text) and text[end_of_run].isascii() and text[end_of_run].isalpha():
        end_of_run += 1
    # A whole run starts after a non-letter: after "1B", the "NEWS" of "1BNEWS" is split as
    # before, and "1Beast" is not 1B and East.
    whole = start == 0 or not _is_letter(text[start - 1])
    if whole and end_of_run - start <= _LONGEST_WHOLE_WORD and text[start:end_of_run].lower() in WORD_TILES:
        return (yield from _word_tile(text, start, end_of_run))
    found: list[Token] = []
    i = start
    while i < end_of_run:
        lowered = text[i : i + _LONGEST_WORD].lower()
        size = next((n for n in range(len(lowered), 0, -1) if lowered[:n] in LETTER_TILES), 0)
        if size == 0:
            raise _letters_error(text, start, end_of_run, i, whole)
        found.append(Token(TokenKind.TILE, i, text[i : i + size], LETTER_TILES[lowered[:size]]))
        i += size
    yield from found
    return i


def _letters_error(text: str, start: int, end_of_run: int, failed_at: int, whole: bool) -> NotationError:
    """The error for a run of letters that is not tokens, with the most helpful message."""
    if end_of_run - start <= _LONGEST_WHOLE_WORD:
        error = _whole_word_error(text, start, end_of_run) if whole else _run_in_word_error(text, start, end_of_run)
        if error is not None:
            return error
    joined = _joined_with_digits(text, failed_at, end_of_run)
    if joined is not None:
        return joined
    # Name the whole run when it is short ("Sopa"), else the part from the failure on.
    at = start if end_of_run - start <= TOKEN_QUOTE_LIMIT else failed_at
    word = _word_at(text, at)
    return NotationError(f"unknown token {word!r}", text=text, token=word, position=at, suggestion=nearest_token(word))


def _whole_word_error(text: str, start: int, end_of_run: int) -> NotationError | None:
    """A word players use that is not a tile on its own: a suit with no number, ``Wind`` or
    ``Dragon`` with no name, ``Black Flower``, or a plural such as ``Jokers``."""
    written = text[start:end_of_run]
    word = written.lower()
    problem: str | None = None
    suggestion: str | None = None
    if word in SUIT_WORDS:
        problem = f"{written!r} needs a number, like '3 {written}' or '3{SUIT_WORDS[word].letter}'"
    elif word in ("wind", "winds"):
        problem = f"{written!r} is not a tile on its own: name each wind, like 'East Wind' or 'E'"
    elif word in ("dragon", "dragons"):
        problem = f"{written!r} is not a tile on its own: name each dragon, like 'Red Dragon' or 'RD'"
    elif word == "black":
        following, end_of_following = _short_word(text, _skip_gap(text, end_of_run))
        if following in ("flower", "flowers") and end_of_following > end_of_run:
            return _coloured_flower_error(text, start, end_of_following, "black")
    elif word.endswith("s") and word[:-1] in _SINGULARS:
        # "Jokers" is refused, not read as J and something else: each tile is written alone.
        singular = written[:-1]
        tile = WORD_TILES.get(word[:-1]) or LETTER_TILES[word[:-1]]
        examples = [f"{singular} {singular}"]
        compact = tile.token * 2 if len(tile.token) == 1 else f"{tile.token} {tile.token}"
        if compact.lower() != examples[0].lower():
            examples.append(compact)
        problem = f"{written!r} is a plural: write each tile, like " + " or ".join(repr(e) for e in examples)
        suggestion = _SINGULARS[word[:-1]]
    if problem is None:
        return None
    return NotationError(problem, text=text, token=written, position=start, suggestion=suggestion)


def _run_in_word_error(text: str, start: int, end_of_run: int) -> NotationError | None:
    """``1BEast``: a word written straight after a token, which it must stand apart from."""
    written = text[start:end_of_run]
    if written.lower() not in WORD_TILES and written.lower() not in SUIT_WORDS:
        return None
    return NotationError(
        f"{written!r} runs into the token before it: write a space before a word",
        text=text,
        token=written,
        position=start,
    )


def _joined_with_digits(text: str, at: int, end_of_run: int) -> NotationError | None:
    """``RF 1``: letters, spaces and digits that make one token when written together."""
    if end_of_run - at > _LONGEST_WORD:
        return None
    digits_start = _skip_gap(text, end_of_run)
    digits_end = digits_start
    while digits_end < len(text) and digits_end - digits_start <= 1 and "0" <= text[digits_end] <= "9":
        digits_end += 1
    joined = (text[at:end_of_run] + text[digits_start:digits_end]).lower()
    if digits_start == end_of_run or digits_end == digits_start or joined not in LETTER_TILES:
        return None
    if digits_end - at > TOKEN_QUOTE_LIMIT:
        return None  # too far apart to be quoted whole, or meant as one token
    written = text[at:digits_end]
    return NotationError(
        f"{written!r} is one token, written without spaces",
        text=text,
        token=written,
        position=at,
        suggestion=LETTER_TILES[joined].token,
    )
