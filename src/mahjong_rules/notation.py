"""Reading and writing tiles, melds and hands as text.

Parsing is case-insensitive and ignores spaces and commas between tokens:

>>> from mahjong_rules import parse_tiles, format_tiles
>>> parse_tiles("12C, soap NN")
(Tile.parse('1C'), Tile.parse('2C'), Tile.parse('WD'), Tile.parse('N'), Tile.parse('N'))
>>> format_tiles(parse_tiles("123m456p789s11z"))
'123C 456D 789B EE'
>>> format_tiles(parse_tiles("123m 11z"), style="unicode")
'🀇🀈🀉🀀🀀'
>>> format_tiles(parse_tiles("1B 2B 3B GD E"), style="mpsz")
'123s61z'

Everyday words are read too, each as a whole word: winds, dragons, the joker and the flower by
name, and number tiles with a suit word after the digits:

>>> format_tiles(parse_tiles("East Wind, Red Dragon, Joker, 3 Bam, 11 Dots"))
'E RD J 3B 11D'

Errors name the offending token, its position, and the nearest valid token:

>>> parse_tiles("1B 2B Chiken")
Traceback (most recent call last):
    ...
mahjong_rules.errors.NotationError: unknown token 'Chiken' at position 6; did you mean 'Chicken'?
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjong_rules import _codec
from mahjong_rules._tokenizer import Token, TokenKind, tokenize
from mahjong_rules.errors import FormatError, MeldError, NotationError, TileSetError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import NUM_TILE_KINDS, Tile
from mahjong_rules.tilesets import TileProblem, TileSet

__all__ = ["Style", "format_tiles", "parse_tiles"]

Style = _codec.Style
"""How :func:`format_tiles` writes tiles:

- ``"compact"`` (the default): canonical tokens; consecutive number tiles of one suit share the
  suit letter (``123B``) and repeated one-letter tiles run together (``NNN``, ``JJ``).
- ``"tokens"``: one canonical token per tile, separated by spaces.
- ``"unicode"``: the Unicode mahjong tile characters, with the token of any tile that has none.
- ``"mpsz"``: the mpsz string used by Riichi tools (``123m456p789s1234567z``), for number
  tiles, winds and dragons only.
"""

_STYLES = ("compact", "tokens", "unicode", "mpsz")
_ONE_LETTER = frozenset(tile for tile in Tile.all() if len(tile.token) == 1)
_MPSZ_LETTER = {0: "s", 1: "m", 2: "p"}
_MPSZ_HONOR_DIGIT = {"E": 1, "S": 2, "W": 3, "N": 4, "WD": 5, "GD": 6, "RD": 7}


# -- parsing --------------------------------------------------------------------------------------


class _ParsedMeld:
    __slots__ = ("called_from", "end", "exposed", "position", "represents", "tiles")

    def __init__(self, position: int, exposed: bool) -> None:
        self.position = position
        self.end = position  # the position just after the closing bracket, once closed
        self.exposed = exposed
        self.tiles: list[Token] = []
        self.called_from: Token | None = None
        self.represents: Token | None = None


def _structure(text: str) -> tuple[list[Token], list[_ParsedMeld]]:
    """Split the token stream into loose tiles and bracketed melds, checking the brackets."""
    if not isinstance(text, str):
        raise TypeError(f"notation is text (str), not {type(text).__name__}")
    loose: list[Token] = []
    melds: list[_ParsedMeld] = []
    current: _ParsedMeld | None = None
    expecting_represented: Token | None = None  # the '=' waiting for its tile
    groups = _Groups(text)
    for token in tokenize(text):
        kind = token.kind
        if kind in (TokenKind.OPEN_GROUP, TokenKind.CLOSE_GROUP):
            if current is not None:
                raise NotationError(
                    "parentheses group loose tiles, as the library prints an arrangement: they cannot go inside a set",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            groups.take(token)
        elif expecting_represented is not None:
            if kind is not TokenKind.TILE or current is None:
                raise NotationError(
                    "'=' must be followed by the tile the set stands for",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            current.represents = token
            expecting_represented = None
        elif kind is TokenKind.TILE:
            if current is None:
                loose.append(token)
            elif current.represents is not None or current.called_from is not None:
                raise NotationError(
                    "tiles of a set come before its '=' and '@' marks",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            else:
                current.tiles.append(token)
        elif kind in (TokenKind.OPEN_EXPOSED, TokenKind.OPEN_CONCEALED):
            if current is not None:
                raise NotationError(
                    f"sets cannot be nested: the set opened at position {current.position} is not closed",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            current = _ParsedMeld(token.position, exposed=kind is TokenKind.OPEN_EXPOSED)
        elif kind in (TokenKind.CLOSE_EXPOSED, TokenKind.CLOSE_CONCEALED):
            if current is None:
                raise NotationError(
                    f"{token.text!r} closes a set that was never opened",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            expected = "]" if current.exposed else "}"
            if token.text != expected:
                raise NotationError(
                    f"the set opened at position {current.position} must be closed with {expected!r}",
                    text=text,
                    token=token.text,
                    position=token.position,
                    suggestion=expected,
                )
            if not current.tiles:
                raise NotationError(
                    "empty set: a set needs at least one tile",
                    text=text,
                    token=text[current.position : token.position + 1],
                    position=current.position,
                )
            current.end = token.position + 1
            melds.append(current)
            current = None
        elif kind is TokenKind.CALLED_FROM:
            if current is None or not current.exposed:
                raise NotationError(
                    "'@seat' marks who an exposed set was called from; it belongs inside [...]",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            if current.called_from is not None:
                raise NotationError(
                    "a set was called from one seat only",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            current.called_from = token
        else:  # STANDS_FOR
            if current is None or current.represents is not None:
                raise NotationError(
                    "'=tile' marks what an all-joker set stands for; it belongs once inside a set",
                    text=text,
                    token=token.text,
                    position=token.position,
                )
            expecting_represented = token
    if expecting_represented is not None:
        raise NotationError(
            "'=' must be followed by the tile the set stands for",
            text=text,
            token="=",
            position=expecting_represented.position,
        )
    groups.done()
    if current is not None:
        bracket = "[" if current.exposed else "{"
        raise NotationError(
            f"the set opened with {bracket!r} is never closed",
            text=text,
            token=bracket,
            position=current.position,
            suggestion="]" if current.exposed else "}",
        )
    return loose, melds


class _Groups:
    """The parentheses of a text: an arrangement as the library prints it (``(44B) (333C)``)
    groups loose tiles in them, and pastes back. They only group: each must close before the
    next opens."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.open: Token | None = None

    def take(self, token: Token) -> None:
        if token.kind is TokenKind.OPEN_GROUP:
            if self.open is not None:
                raise NotationError(
                    f"groups cannot be nested: the '(' at position {self.open.position} is not closed",
                    text=self.text,
                    token=token.text,
                    position=token.position,
                )
            self.open = token
        elif self.open is None:
            raise NotationError(
                "')' closes a group that was never opened", text=self.text, token=token.text, position=token.position
            )
        else:
            self.open = None

    def done(self) -> None:
        if self.open is not None:
            raise NotationError(
                "the group opened with '(' is never closed",
                text=self.text,
                token="(",
                position=self.open.position,
                suggestion=")",
            )


def _build_meld(text: str, parsed: _ParsedMeld) -> Meld:
    try:
        return Meld(
            (token.tile for token in parsed.tiles if token.tile is not None),
            exposed=parsed.exposed,
            called_from=None if parsed.called_from is None else parsed.called_from.seat,
            represents=None if parsed.represents is None else parsed.represents.tile,
        )
    except MeldError as error:
        raise NotationError(
            f"invalid set: {error}",
            text=text,
            token=text[parsed.position : parsed.end],
            position=parsed.position,
        ) from error


def _tile_tokens(loose: list[Token], melds: list[_ParsedMeld]) -> list[Token]:
    """Every tile token, in the order written."""
    tokens = [*loose, *(token for meld in melds for token in meld.tiles)]
    return sorted(tokens, key=lambda token: token.position)


def _tileset_problems(tokens: Iterable[Token], tileset: TileSet) -> list[TileProblem]:
    seen = [0] * NUM_TILE_KINDS
    first_excess: dict[int, Token] = {}
    for token in tokens:
        assert token.tile is not None
        index = token.tile.index
        seen[index] += 1
        if seen[index] > tileset.counts[index] and index not in first_excess:
            first_excess[index] = token
    return [
        TileProblem(token.tile, seen[index], tileset.counts[index], token.position, token.text)
        for index, token in sorted(first_excess.items(), key=lambda item: item[1].position)
        if token.tile is not None
    ]


def parse_hand(text: str, tileset: TileSet | None = None) -> Hand:
    """The hand written in ``text`` (see :meth:`Hand.parse <mahjong_rules.Hand.parse>`)."""
    if tileset is not None and not isinstance(tileset, TileSet):
        raise TypeError(f"tileset is a TileSet or None, not {tileset!r}")
    loose, parsed_melds = _structure(text)
    if tileset is not None:
        problems = _tileset_problems(_tile_tokens(loose, parsed_melds), tileset)
        if problems:
            raise TileSetError(tileset.name, problems)
    melds = [_build_meld(text, parsed) for parsed in parsed_melds]
    return Hand((token.tile for token in loose if token.tile is not None), melds)


def parse_meld(text: str) -> Meld:
    """The one bracketed meld written in ``text``."""
    loose, melds = _structure(text)
    if loose:
        token = loose[0]
        raise NotationError(
            "a meld is written in brackets, like '[333B]' or '{5555C}': this tile is outside them",
            text=text,
            token=token.text,
            position=token.position,
        )
    if len(melds) != 1:
        extra = melds[1] if melds else None
        raise NotationError(
            f"expected exactly one meld, found {len(melds)}",
            text=text,
            token=text[extra.position : extra.end] if extra else text,
            position=extra.position if extra else 0,
        )
    return _build_meld(text, melds[0])


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """The tiles written in ``text``, in the order written.

    >>> parse_tiles("0B 0C 0D")
    (Tile.parse('GD'), Tile.parse('RD'), Tile.parse('WD'))
    >>> parse_tiles("406m")  # mpsz: Riichi's red five is the plain five
    (Tile.parse('4C'), Tile.parse('5C'), Tile.parse('6C'))

    Raises:
        NotationError: an unknown token, a digit with no suit, or a bracket (brackets mark melds,
            which belong in a hand: use :meth:`Hand.parse <mahjong_rules.Hand.parse>`).
    """
    if not isinstance(text, str):
        raise TypeError(f"notation is text (str), not {type(text).__name__}")
    tiles: list[Tile] = []
    groups = _Groups(text)
    for token in tokenize(text):
        if token.kind in (TokenKind.OPEN_GROUP, TokenKind.CLOSE_GROUP):
            groups.take(token)
        elif token.tile is None:
            raise NotationError(
                f"{token.text!r} marks a set; sets belong in a hand (use Hand.parse)",
                text=text,
                token=token.text,
                position=token.position,
            )
        else:
            tiles.append(token.tile)
    groups.done()
    return tuple(tiles)


def parse_single_tile(text: str) -> Tile:
    """Exactly one tile (see :meth:`Tile.parse <mahjong_rules.Tile.parse>`)."""
    tiles = parse_tiles(text)
    if not tiles:
        # Nothing but spaces (or nothing at all): report the start, not a position past the end.
        raise NotationError("expected exactly one tile, found none", text=text, token="", position=0)
    if len(tiles) != 1:
        raise NotationError(
            f"expected exactly one tile, found {len(tiles)}",
            text=text,
            token=text.strip() or text,
            position=len(text) - len(text.lstrip()),
        )
    return tiles[0]


# -- formatting -----------------------------------------------------------------------------------


def _check_style(style: str) -> None:
    if style not in _STYLES:
        raise FormatError(f"unknown style {style!r}; styles: {', '.join(_STYLES)}")


def format_tiles(tiles: Iterable[Tile], *, style: Style = "compact") -> str:
    """Write tiles as text, in the order given; :func:`parse_tiles` reads the result back.

    >>> format_tiles(parse_tiles("1B 2B 3B N N GD GD 5C J"))
    '123B NN GD GD 5C J'
    >>> format_tiles(parse_tiles("1B 2B 3B N N"), style="tokens")
    '1B 2B 3B N N'

    Raises:
        FormatError: an unknown ``style``, or a tile the style has no form for (``mpsz`` writes
            number tiles, winds and dragons only).
        TypeError: something other than a tile among ``tiles``.
    """
    _check_style(style)
    collected = tuple(tiles)
    for tile in collected:
        if not isinstance(tile, Tile):
            raise TypeError(f"format_tiles takes tiles, not {tile!r}")
    if style == "tokens":
        return " ".join(tile.token for tile in collected)
    if style == "unicode":
        return _format_unicode(collected)
    if style == "mpsz":
        return _format_mpsz(collected)
    return _format_compact(collected)


def _continues_number_run(previous: Tile | None, tile: Tile) -> bool:
    """Whether ``tile`` shares the suit letter of ``previous``: same suit, same or next rank."""
    return (
        previous is not None
        and previous.rank is not None
        and tile.rank is not None
        and tile.suit is previous.suit
        and tile.rank - previous.rank in (0, 1)
    )


def _format_compact(tiles: tuple[Tile, ...]) -> str:
    words: list[str] = []
    previous: Tile | None = None
    for tile in tiles:
        if _continues_number_run(previous, tile):
            words[-1] = words[-1][:-1] + tile.token
        elif previous is not None and tile is previous and tile in _ONE_LETTER:
            words[-1] += tile.token
        else:
            words.append(tile.token)
        previous = tile
    return " ".join(words)


def _format_unicode(tiles: tuple[Tile, ...]) -> str:
    words: list[str] = []
    in_glyph_run = False
    for tile in tiles:
        if tile.glyph is None:
            words.append(tile.token)
        elif in_glyph_run:
            words[-1] += tile.glyph
        else:
            words.append(tile.glyph)
        in_glyph_run = tile.glyph is not None
    return " ".join(words)


def _format_mpsz(tiles: tuple[Tile, ...]) -> str:
    out: list[str] = []
    letter_of_run = ""
    for tile in tiles:
        if tile.suit is not None and tile.rank is not None:
            digit, letter = str(tile.rank), _MPSZ_LETTER[tile.suit.value]
        elif tile.token in _MPSZ_HONOR_DIGIT:
            digit, letter = str(_MPSZ_HONOR_DIGIT[tile.token]), "z"
        else:
            raise FormatError(f"{tile} has no mpsz form (mpsz writes number tiles, winds and dragons)")
        if letter_of_run and letter != letter_of_run:
            out.append(letter_of_run)
        out.append(digit)
        letter_of_run = letter
    if letter_of_run:
        out.append(letter_of_run)
    return "".join(out)


def format_meld(meld: Meld, style: Style = "compact") -> str:
    """A meld in notation: ``[...]`` exposed, ``{...}`` concealed, with its marks."""
    _check_style(style)
    body = format_tiles(meld.tiles, style=style)
    if meld.represents is not None and not meld.naturals:
        body += f"={format_tiles((meld.represents,), style=style)}"
    if meld.called_from is not None:
        body += f"@{meld.called_from.letter}"
    return f"[{body}]" if meld.exposed else f"{{{body}}}"


def format_hand(hand: Hand, style: Style = "compact") -> str:
    """A hand in notation: its concealed tiles, then its melds."""
    _check_style(style)
    parts = [format_tiles(hand.concealed, style=style)] if hand.concealed else []
    parts.extend(format_meld(meld, style) for meld in hand.melds)
    return " ".join(parts)


class _Notation:
    """This module's functions, as the value types call them (:mod:`mahjong_rules._codec`)."""

    parse_single_tile = staticmethod(parse_single_tile)
    parse_tiles = staticmethod(parse_tiles)
    parse_meld = staticmethod(parse_meld)
    parse_hand = staticmethod(parse_hand)
    format_tiles = staticmethod(format_tiles)
    format_meld = staticmethod(format_meld)
    format_hand = staticmethod(format_hand)


_codec.register(_Notation())
