"""A seeded fuzz of the public API: no call raises anything but ``TypeError`` or the library's own
errors (:class:`mahjong_rules.MahjongError`), whatever it is given.

Random text over the notation's alphabet (digits, suit letters, tokens and words, brackets and
marks, the Unicode mahjong glyphs, other Unicode), mutations of valid hands, very long strings,
and objects of the wrong type go to the parsers, the hand methods, the tile and tile-set
constructors, ``WinContext``, ``as_context``, ``get_ruleset`` and its options, and every ruleset's
``evaluate``, ``decompositions``, ``tiles_away``, ``waits`` and ``settle`` (with real, forged and
junk evaluations), and Flex's ``settle_several``, ``check_call``, ``swap_joker``,
``check_blank_swap`` and ``resolve_claims``. A bare ``ValueError``, ``KeyError``, ``IndexError``,
``AttributeError``, ``AssertionError``, ``RecursionError``... is a failure, reported with the seed,
the call and its arguments; so is a broken invariant (a hand or meld that does not read back, a
winning evaluation worth nothing, ``evaluate`` and ``decompositions`` disagreeing, a wait that does
not complete the hand or ``tiles_away`` disagreeing with ``evaluate`` and ``waits`` when no minimum
hand value is set, a settlement whose payments do not sum to zero).

Each test collects every distinct failure (by call, exception type and the last library frame of
its traceback, keeping the shortest input) before failing, so one run shows them all.
"""

from __future__ import annotations

import itertools
import random
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import attrs
import pytest

import mahjong_rules as mr

_T = TypeVar("_T")

SEEDS = (3, 17, 2024)
RULESETS = mr.available_rulesets()
ALLOWED = (TypeError, mr.MahjongError)
LIBRARY = Path(mr.__file__).resolve().parent
SHOWN = 240  # characters of an argument shown in a report


# -- reporting ----------------------------------------------------------------------------------


def shorten(text: str, limit: int = SHOWN) -> str:
    return text if len(text) <= limit else f"{text[: limit - 30]}...<{len(text)} chars>"


def show(value: object) -> str:
    try:
        return shorten(repr(value))
    except Exception as error:  # a repr that fails is itself worth seeing
        return f"<{type(value).__name__} whose repr raised {type(error).__name__}: {error}>"


def last_library_frame(error: BaseException) -> str:
    """Where in the library the error was raised: its last traceback frame under the package."""
    frames = traceback.extract_tb(error.__traceback__)
    inside = [frame for frame in frames if Path(frame.filename).resolve().is_relative_to(LIBRARY)]
    if not inside:
        return "outside the library"
    frame = inside[-1]
    where = Path(frame.filename).resolve().relative_to(LIBRARY.parent)
    return f"{where}:{frame.lineno} in {frame.name}: {frame.line}"


class Raised:
    """What :meth:`Fuzz.call` returns for a call that raised (an allowed error or not)."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    def __repr__(self) -> str:
        return f"<raised {self.error!r}>"


class Fuzz:
    """One seeded run: its random source, and the distinct failures it found."""

    def __init__(self, seed: int, area: str) -> None:
        self.seed = seed
        self.area = area
        self.rng = random.Random(seed)
        self.failures: dict[tuple[str, ...], str] = {}
        self.calls = 0

    def call(self, label: str, function: Callable[..., _T], /, *args: Any, **kwargs: Any) -> _T | Raised:
        """``function(*args, **kwargs)``: its result, or :class:`Raised`; an error other than
        ``TypeError`` or a ``MahjongError`` is recorded as a failure."""
        self.calls += 1
        try:
            return function(*args, **kwargs)
        except ALLOWED as error:
            return Raised(error)
        except Exception as error:
            shown = ", ".join([*(show(arg) for arg in args), *(f"{key}={show(v)}" for key, v in kwargs.items())])
            where = last_library_frame(error)
            report = (
                f"[{self.area}, seed {self.seed}] {label}({shown}) raised {type(error).__name__}: "
                f"{shorten(str(error), 300)}\n    last library frame: {where}"
            )
            self._add((label, type(error).__name__, where), report)
            return Raised(error)

    def broken(self, invariant: str, detail: str) -> None:
        """Record a broken invariant."""
        self._add(("invariant", invariant), f"[{self.area}, seed {self.seed}] {invariant}: {shorten(detail, 1200)}")

    def _add(self, key: tuple[str, ...], report: str) -> None:
        known = self.failures.get(key)
        if known is None or len(report) < len(known):
            self.failures[key] = report

    def finish(self) -> None:
        assert self.calls > 0
        if self.failures:
            listed = "\n".join(sorted(self.failures.values()))
            pytest.fail(
                f"{len(self.failures)} distinct failures in {self.calls} fuzzed calls:\n{listed}", pytrace=False
            )


# -- nasty inputs -------------------------------------------------------------------------------

ALL_TILES = mr.Tile.all()
SEATS = tuple(mr.Seat)
STYLES: tuple[mr.Style, ...] = ("compact", "tokens", "unicode", "mpsz")
BAD_STYLES: tuple[object, ...] = ("Compact", "", "ascii", "mpsz ", None, 0, ["compact"], b"compact")

TOKENS = (
    *(tile.token for tile in ALL_TILES),
    *("0B", "0C", "0D", "Soap", "Chicken", "0m", "0p", "0s", "1z", "5z", "7z", "8z", "0z", "9s", "10B"),
)
WORDS = (
    *("East", "South", "West", "North", "Wind", "Winds", "Joker", "Jokers", "Flower", "Flowers", "Green", "Red"),
    *("White", "Black", "Dragon", "Dragons", "Bam", "Bams", "Bamboo", "Crak", "Craks", "Crack", "Character"),
    *("Dot", "Dots", "Circle", "Circles", "Cat", "Cats", "Mouse", "Rooster", "Chicken", "Centipede", "Blank"),
    *("Soap", "Chiken", "Eest", "NEWS", "Red Flower", "Black Flower 3", "East Wind", "3 Bma", "11 Dots"),
)
MARKS = ("[", "]", "{", "}", "@", "=", ",", " ", "  ", "\t", "\n", "@E", "@s", "@x", "@", "=5C", "=J", "=", "[]", "{}")
GLYPHS = tuple(chr(code) for code in range(0x1F000, 0x1F02C))
NOTATION_CHARS = "0123456789BCDmpszEWSNFJGRWDbcdjfnewsglRFKOTtaok[]{}@=, "
ODD_CHARS = (
    *("\ufe0f", "\u200b", "\x00", "\x7f", "\u00e9", "\u00df", "\u0130", "\u2460", "\u0663", "\ud800"),
    *("\uff11", "\uff22", "\u212a", "\ufb03", "\u0301", "\U0001f0cf", "\U0001f02c", "\U000e0041"),
)

VALID_TEXTS = (
    "222B 333C 444C 55B [777C@E]",
    "333C 44B 555C 666C 777C",
    "333C 44B 555C 666C [77C J]",
    "333C 44B 555C 777C [JJJ]",
    "[JJJ=5C@S] 1B 2B",
    "{5555C} 11B [J 5D 5D]",
    "123m456p789s11z",
    "East Wind, Red Dragon, Joker, 3 Bam, 11 Dots",
    "RF1 BF2 Cat Mouse Rooster Centipede Blank F J",
    "\U0001f010\U0001f011\U0001f012 \U0001f004\ufe0f NEWS",
    "0B 0C 0D soap chicken 406m",
    "FFFFF 66B 8888B GD GD GD",
    "N E W S 111C 222C 33C 44C",
)

# Hands Flex calls winning: where settlement gets exercised.
WINNING_TEXTS = (
    "333C 44B 555C 666C 777C",
    "333C 44B 555C 666C [777C]",
    "333C 44B 555C 666C [77C J]",
    "333C 44B 555C 777C [JJJ]",
    "[55C J] 333C 44B 666C 777C",
    "111B 222B 333B 444B 55B",
    "111D 222C 333B 444D 55D",
    "2222B 4444B 666B 888B",
    "3333D 6666D 999D FFF",
    "FF 111C 222C 333C 444C",
    "NNNN EEEE WWW SSS",
    "NN EEEE WWW SS FFF",
    "GD GD GD GD 222B 444B 66B 88B",
    "WD WD WD 3333D 666D 9999D",
    "[FFFFF] 66B 8888B GD GD GD",
    "RD RD RD 111C 222C 333C 44C",
)


class Text(str):
    """A str subclass: accepted as text, but not exactly ``str``."""

    __slots__ = ()


def junk(rng: random.Random) -> object:
    """A value of some type the API does not take where text or a tile is expected (or does)."""
    choices: list[Callable[[], object]] = [
        lambda: None,
        lambda: rng.choice([0, 1, -1, 13, 14, 2**70, -(2**70)]),
        lambda: rng.choice([1.5, float("nan"), float("inf"), -0.0]),
        lambda: rng.choice([True, False]),
        lambda: rng.choice([[], ["1B"], ["1B", "2B"], [None]]),
        lambda: rng.choice([(), ("1B",), (mr.Tile.parse("1B"),)]),
        lambda: rng.choice([{}, {"1B": 1}, {"self_drawn": True}, {None: None}]),
        lambda: rng.choice([b"1B", bytearray(b"E"), memoryview(b"N")]),
        lambda: rng.choice([set(), frozenset({"1B"}), range(3), 3j]),
        lambda: iter(["1B", "2B"]),
        object,
        lambda: rng.choice(ALL_TILES),
        lambda: rng.choice(SEATS),
        lambda: rng.choice(list(mr.Suit) + list(mr.Dragon) + list(mr.Animal) + list(mr.TileKind)),
        lambda: mr.Hand.parse(rng.choice(VALID_TEXTS)),
        lambda: mr.Meld.parse(rng.choice(["[333B]", "[J 5C 5C@W]", "{5555C}", "[NEWS]", "[123B]"])),
        lambda: mr.WinContext(self_drawn=rng.random() < 0.5),
        lambda: rng.choice([mr.Tile, mr.Hand, mr.Seat, mr.WinContext, str, int]),
        lambda: Text(rng.choice(TOKENS)),
        lambda: mr.TileSet.american(),
    ]
    return rng.choice(choices)()


def random_piece(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(TOKENS)
    if roll < 0.5:
        word = rng.choice(WORDS)
        return rng.choice([word, word.lower(), word.upper()])
    if roll < 0.75:
        return rng.choice(MARKS)
    if roll < 0.85:
        return rng.choice(GLYPHS)
    if roll < 0.95:
        return rng.choice(NOTATION_CHARS)
    return rng.choice(ODD_CHARS)


def random_char(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(NOTATION_CHARS)
    if roll < 0.75:
        return rng.choice(GLYPHS)
    if roll < 0.9:
        return rng.choice(ODD_CHARS)
    return chr(rng.randrange(0x110000))


def mutate(rng: random.Random, text: str, steps: int | None = None) -> str:
    """``text`` with characters inserted, deleted, duplicated, replaced or swapped."""
    chars = list(text)
    for _ in range(rng.randint(1, 4) if steps is None else steps):
        at = rng.randint(0, len(chars))
        operation = rng.randrange(5)
        if operation == 0 or not chars:
            chars[at:at] = list(rng.choice([random_char(rng), random_piece(rng)]))
        elif operation == 1:
            del chars[max(0, at - rng.randint(1, 3)) : at]
        elif operation == 2:
            start = rng.randrange(len(chars))
            chars[at:at] = chars[start : start + rng.randint(1, 6)]
        elif operation == 3:
            chars[min(at, len(chars) - 1)] = random_char(rng)
        else:
            i = rng.randrange(len(chars))
            j = rng.randrange(len(chars))
            chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def long_text(rng: random.Random) -> str:
    n = rng.randint(1000, 5000)
    makers: list[Callable[[], str]] = [
        lambda: "1B " * (n // 3),
        lambda: "[" * n,
        lambda: "]" * n,
        lambda: "{" * n + "1B",
        lambda: "1" * n + "B",
        lambda: "1" * n,
        lambda: "9" * n + " Dots",
        lambda: "E" * n,
        lambda: "East " * (n // 5),
        lambda: "1" + " " * n + "Bam",
        lambda: "Red" + " " * n + "Flower 1",
        lambda: "@" * n,
        lambda: "=" * n,
        lambda: "[1B" * (n // 3),
        lambda: "[JJJ=" + "5C" * (n // 2) + "]",
        lambda: "[1B @" + "E" * n + "]",
        lambda: "x" * n,
        lambda: "\U0001f000" * n,
        lambda: "".join(random_piece(rng) for _ in range(n // 3)),
        lambda: mutate(rng, " ".join(rng.choice(VALID_TEXTS) for _ in range(n // 25)), 10),
    ]
    return rng.choice(makers)()


def random_text(rng: random.Random, hand: mr.Hand | None = None) -> str:
    roll = rng.random()
    if roll < 0.2:
        return "".join(rng.choice(NOTATION_CHARS) for _ in range(rng.randint(0, 30)))
    if roll < 0.45:
        return rng.choice(["", " ", ","]).join(random_piece(rng) for _ in range(rng.randint(0, 20)))
    if roll < 0.7:
        return mutate(rng, rng.choice(VALID_TEXTS) if hand is None else hand.format(rng.choice(STYLES)))
    if roll < 0.8:
        return "".join(random_char(rng) for _ in range(rng.randint(0, 20)))
    if roll < 0.85:
        return long_text(rng)
    return rng.choice([*VALID_TEXTS, *TOKENS, *WORDS, *MARKS, *GLYPHS])


def random_tile_arg(rng: random.Random) -> object:
    """A tile, its notation, or something else."""
    roll = rng.random()
    if roll < 0.4:
        return rng.choice(ALL_TILES)
    if roll < 0.6:
        tile = rng.choice(ALL_TILES)
        return rng.choice([tile.token, tile.token.lower(), f" {tile.token} ", tile.glyph or tile.name])
    if roll < 0.8:
        return random_text(rng)
    return junk(rng)


def random_seat_arg(rng: random.Random) -> object:
    """A seat, its letter or name, ``None``, or something else."""
    seat = rng.choice(SEATS)
    return rng.choice(
        [
            None,
            seat,
            seat,
            seat.letter,
            seat.name,
            seat.name.lower(),
            f" {seat.letter.lower()} ",
            random_text(rng),
            junk(rng),
            "",
            "Eats",
        ]
    )


def anything(rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.4:
        return random_text(rng)
    if roll < 0.8:
        return junk(rng)
    return rng.choice([random_tile_arg, random_seat_arg])(rng)


# -- random hands from a tile set ---------------------------------------------------------------


class TilePool:
    """The tiles a hand may still take from a tile set (or any tiles, for hands that exceed it)."""

    def __init__(self, tileset: mr.TileSet, excess: bool) -> None:
        self.left: Counter[mr.Tile] = Counter({tile: tileset.count(tile) for tile in tileset.tiles})
        self.kinds = tileset.tiles or ALL_TILES
        self.excess = excess

    def take(self, tiles: list[mr.Tile]) -> bool:
        wanted = Counter(tiles)
        if not self.excess and any(self.left[tile] < n for tile, n in wanted.items()):
            return False
        self.left.subtract(wanted)
        return True

    def pick(self, rng: random.Random, *, jokers: bool = True) -> mr.Tile | None:
        if self.excess:
            kinds = ALL_TILES if rng.random() < 0.1 else self.kinds
            choices = [tile for tile in kinds if jokers or not tile.is_joker]
        else:
            choices = [tile for tile in self.left.elements() if jokers or not tile.is_joker]
        return rng.choice(choices) if choices else None


def random_meld_tiles(rng: random.Random, pool: TilePool) -> tuple[list[mr.Tile], mr.Tile | None]:
    """Tiles of one meld (jokers only in identical sets) and what an all-joker set stands for."""
    shape = rng.choice(["identical", "identical", "identical", "jokers", "chow", "singles"])
    if shape == "identical":
        tile = pool.pick(rng, jokers=False)
        if tile is None:
            return [], None
        size = rng.choice([2, 3, 3, 4, 4, 5, 6] if tile.is_flower else [2, 3, 3, 4, 4, 5])
        jokers = rng.randint(0, size - 1) if rng.random() < 0.4 else 0
        return [tile] * (size - jokers) + [mr.Tile.JOKER] * jokers, None
    if shape == "jokers":
        represents = rng.choice([None, rng.choice(ALL_TILES)])
        return [mr.Tile.JOKER] * rng.randint(1, 5), represents
    if shape == "chow":
        suit, rank = rng.choice(list(mr.Suit)), rng.randint(1, 7)
        return [suit.tile(rank + i) for i in range(3)], None
    if rng.random() < 0.5:
        return [seat.wind for seat in SEATS], None
    kinds = [tile for tile in pool.kinds if not tile.is_joker]
    return rng.sample(kinds, min(len(kinds), rng.randint(2, 5))), None


def random_hand(fuzz: Fuzz, tileset: mr.TileSet, *, excess: bool = False, size: int | None = None) -> mr.Hand:
    """A hand of 0 to 18 tiles from ``tileset`` (any number of copies with ``excess``), some with
    declared melds."""
    rng = fuzz.rng
    pool = TilePool(tileset, excess)
    target = rng.randint(0, 18) if size is None else size
    melds: list[mr.Meld] = []
    count = 0
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        tiles, represents = random_meld_tiles(rng, pool)
        if not tiles or count + len(tiles) > target or not pool.take(tiles):
            continue
        exposed = rng.random() < 0.85
        called_from = rng.choice(SEATS) if exposed and rng.random() < 0.4 else None
        meld = fuzz.call("Meld", mr.Meld, tiles, exposed=exposed, called_from=called_from, represents=represents)
        if isinstance(meld, mr.Meld):
            melds.append(meld)
            count += len(tiles)
    concealed: list[mr.Tile] = []
    while count + len(concealed) < target:
        tile = pool.pick(rng)
        if tile is None:
            break
        pool.take([tile])
        concealed.append(tile)
    return mr.Hand(concealed, melds)


def random_context_fields(rng: random.Random) -> dict[str, object]:
    """The fields of a consistent win context (tiles and seats given as objects or notation)."""
    self_drawn = rng.random() < 0.5
    fields: dict[str, object] = {"self_drawn": self_drawn}
    if rng.random() < 0.7:
        fields["seat_wind"] = rng.choice([*SEATS, *(seat.letter for seat in SEATS), "north", "East"])
    if rng.random() < 0.3:
        fields["prevailing_wind"] = rng.choice(SEATS)
    if rng.random() < 0.3:
        fields["winning_tile"] = rng.choice([rng.choice(ALL_TILES), rng.choice(TOKENS), None])
    for flag in ("first_turn", "last_tile"):
        if rng.random() < 0.2:
            fields[flag] = True
    if self_drawn and rng.random() < 0.3:
        fields[rng.choice(["kong_replacement", "flower_replacement"])] = True
    if not self_drawn and rng.random() < 0.2:
        fields["robbing_kong"] = True
    return fields


CONTEXT_FIELDS = tuple(field.name for field in attrs.fields(mr.WinContext))


def junk_context_fields(rng: random.Random) -> dict[str, object]:
    """Fields of a win context, some unknown, with values of any type."""
    fields = random_context_fields(rng)
    for _ in range(rng.randint(1, 3)):
        name = rng.choice([*CONTEXT_FIELDS, *CONTEXT_FIELDS, "selfdrawn", "seat", "", "__class__", "winner"])
        fields[name] = rng.choice([anything(rng), True, False, None, rng.choice(SEATS), rng.choice(ALL_TILES)])
    return fields


def random_context_arg(fuzz: Fuzz) -> object:
    """A win context, a mapping of its fields, ``None``, or something else."""
    rng = fuzz.rng
    roll = rng.random()
    if roll < 0.25:
        return None
    if roll < 0.55:
        context = fuzz.call("WinContext", mr.WinContext, **random_context_fields(rng))
        return None if isinstance(context, Raised) else context
    if roll < 0.75:
        return random_context_fields(rng)
    if roll < 0.9:
        return junk_context_fields(rng)
    return anything(rng)


# -- checks shared by the tests -----------------------------------------------------------------


def check_hand_reads_back(fuzz: Fuzz, hand: mr.Hand) -> None:
    """``str(hand)`` parses back to an equal hand, and so does every style that can write it."""
    for style in STYLES:
        text = fuzz.call("Hand.format", hand.format, style)
        if isinstance(text, Raised):
            if not (style == "mpsz" and isinstance(text.error, mr.FormatError)):
                fuzz.broken(f"Hand.format({style!r}) refuses a hand", f"{hand!r} -> {text.error!r}")
            continue
        again = fuzz.call("Hand.parse", mr.Hand.parse, text)
        if again != hand:
            fuzz.broken(f"Hand.parse(hand.format({style!r})) != hand", f"{hand!r} -> {text!r} -> {again!r}")


def first_arrangements(ruleset: mr.Ruleset, hand: object, limit: int = 3) -> list[mr.Arrangement]:
    return list(itertools.islice(ruleset.decompositions(hand), limit))  # type: ignore[arg-type]


def check_evaluation(fuzz: Fuzz, ruleset: mr.Ruleset, hand_arg: object, evaluation: mr.Evaluation) -> None:
    if not isinstance(evaluation, mr.Evaluation):
        fuzz.broken(
            "evaluate returns an Evaluation", f"{ruleset.name}.evaluate({show(hand_arg)}) -> {show(evaluation)}"
        )
    if evaluation.is_winning:
        if not (type(evaluation.points) is int and evaluation.points > 0 and not evaluation.reasons):
            fuzz.broken(
                "a winning evaluation has points > 0 and no reasons",
                f"{ruleset.name}.evaluate({show(hand_arg)}) -> {show(evaluation)}",
            )
    else:
        if not (evaluation.points == 0 and bool(evaluation.reasons)):
            fuzz.broken(
                "a losing evaluation has 0 points and reasons",
                f"{ruleset.name}.evaluate({show(hand_arg)}) -> {show(evaluation)}",
            )


def check_settlement(fuzz: Fuzz, call: str, settlement: mr.Settlement) -> None:
    payments = dict(settlement.payments)
    if not (sum(payments.values()) == 0 and all(isinstance(seat, mr.Seat) for seat in payments)):
        fuzz.broken("a settlement's payments sum to zero", f"{call} -> {payments!r}")


# -- the tests ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_notation(seed: int) -> None:
    """Parsers and formatters take any text, or refuse it with a library error."""
    fuzz = Fuzz(seed, "notation")
    rng = fuzz.rng
    for _ in range(600):
        text: object = random_text(rng) if rng.random() < 0.9 else junk(rng)
        hand = fuzz.call("Hand.parse", mr.Hand.parse, text)
        if isinstance(hand, mr.Hand):
            check_hand_reads_back(fuzz, hand)
            fuzz.call("Hand.format", hand.format, rng.choice(BAD_STYLES))
        tileset = rng.choice([mr.TileSet.american(), mr.TileSet.singapore(), mr.TileSet.flex(), junk(rng)])
        fuzz.call("Hand.parse", mr.Hand.parse, text, tileset)
        tiles = fuzz.call("parse_tiles", mr.parse_tiles, text)
        if isinstance(tiles, tuple):
            style = rng.choice(STYLES)
            written = fuzz.call("format_tiles", mr.format_tiles, tiles, style=style)
            if isinstance(written, str):
                again = fuzz.call("parse_tiles", mr.parse_tiles, written)
                if again != tiles:
                    fuzz.broken(
                        f"parse_tiles(format_tiles(tiles, style={style!r})) != tiles",
                        f"{text!r} -> {written!r} -> {again!r}",
                    )
        fuzz.call("Tile.parse", mr.Tile.parse, text)
        fuzz.call("Meld.parse", mr.Meld.parse, text)
        tiles_of_meld, represents = random_meld_tiles(rng, TilePool(mr.TileSet.american(), excess=True))
        exposed = rng.random() < 0.7
        called_from = rng.choice(SEATS) if exposed and rng.random() < 0.5 else None
        meld = fuzz.call(
            "Meld", mr.Meld, tiles_of_meld, exposed=exposed, called_from=called_from, represents=represents
        )
        if isinstance(meld, mr.Meld):
            meld_text = fuzz.call("Meld.format", meld.format, rng.choice(STYLES))
            if isinstance(meld_text, str):
                meld_again = fuzz.call("Meld.parse", mr.Meld.parse, meld_text)
                if meld_again != meld:
                    fuzz.broken("Meld.parse(meld.format(style)) == meld", f"{meld_text!r}")
                fuzz.call("Meld.parse", mr.Meld.parse, mutate(rng, meld_text))
        fuzz.call("Seat.parse", mr.Seat.parse, text)
        number = rng.choice([-1, 0, 1, 4, 5, 9, 10, 48, 49, 2**70, "1", None, 1.0, True])
        fuzz.call("Tile.from_index", mr.Tile.from_index, number)
        fuzz.call("Suit.tile", rng.choice(list(mr.Suit)).tile, number)
        fuzz.call("FlowerSet.tile", rng.choice(list(mr.FlowerSet)).tile, number)
        fuzz.call("TileSet.flex", mr.TileSet.flex, **{rng.choice(["flowers", "jokers", "blanks"]): number})
        fuzz.call("TileSet.from_counts", mr.TileSet.from_counts, "fuzz", {rng.choice(ALL_TILES): number})
        fuzz.call("format_tiles", mr.format_tiles, rng.choice([text, [text], [*ALL_TILES[:3], text]]))
        fuzz.call("format_tiles", mr.format_tiles, rng.sample(ALL_TILES, 5), style=rng.choice(BAD_STYLES))
    fuzz.finish()


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_hand_methods(seed: int) -> None:
    """``count``, ``in``, ``draw``, ``discard``, ``with_meld`` and the constructors take anything."""
    fuzz = Fuzz(seed, "hand")
    rng = fuzz.rng
    tilesets = [mr.TileSet.american(), mr.TileSet.singapore(), mr.TileSet.flex(blanks=4)]
    for _ in range(400):
        hand = random_hand(fuzz, rng.choice(tilesets), excess=rng.random() < 0.3)
        check_hand_reads_back(fuzz, hand)
        x = random_tile_arg(rng)
        fuzz.call("Hand.count", hand.count, x)
        fuzz.call("Hand.__contains__", hand.__contains__, x)
        drawn = fuzz.call("Hand.draw", hand.draw, x)
        if isinstance(drawn, mr.Hand):
            if len(drawn) != len(hand) + 1:
                fuzz.broken("draw adds one tile", f"{hand!r}.draw({x!r})")
            check_hand_reads_back(fuzz, drawn)
        discard = rng.choice([x, *hand.concealed[:2], *hand.tiles[-1:]]) if hand.tiles else x
        left = fuzz.call("Hand.discard", hand.discard, discard)
        if isinstance(left, mr.Hand) and len(left) != len(hand) - 1:
            fuzz.broken("discard removes one tile", f"{hand!r}.discard({x!r})")
        tiles, represents = random_meld_tiles(rng, TilePool(mr.TileSet.american(), excess=True))
        exposed = rng.choice([True, True, False, None, 1, "yes"])
        called_from = rng.choice([None, rng.choice(SEATS), rng.choice(SEATS), "E", junk(rng)])
        represents_arg = rng.choice([represents, represents, rng.choice(ALL_TILES), "5C", junk(rng)])
        meld = fuzz.call("Meld", mr.Meld, tiles, exposed=exposed, called_from=called_from, represents=represents_arg)
        meld_arg = rng.choice(
            [
                meld,
                meld.format(rng.choice(STYLES[:3])) if isinstance(meld, mr.Meld) else None,
                random_text(rng),
                anything(rng),
                *hand.melds[:1],
            ]
        )
        called = rng.choice([None, None, *tiles[:1], random_tile_arg(rng)])
        fuzz.call("Hand.with_meld", hand.with_meld, meld_arg, called=called)
        if isinstance(meld, mr.Meld) and rng.random() < 0.5:
            # a hand holding the meld's tiles, so that with_meld gets past its checks
            holding = mr.Hand([*hand.concealed, *meld.tiles], hand.melds)
            declared = fuzz.call("Hand.with_meld", holding.with_meld, meld, called=called)
            if isinstance(declared, mr.Hand):
                check_hand_reads_back(fuzz, declared)
        fuzz.call("Hand", mr.Hand, rng.choice([tiles, anything(rng)]), rng.choice([(), hand.melds, [anything(rng)]]))
        fuzz.call("Meld", mr.Meld, anything(rng), exposed=rng.choice([True, False]))
    fuzz.finish()


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_contexts_and_registry(seed: int) -> None:
    """``WinContext``, ``as_context`` and ``get_ruleset`` with random names and options."""
    fuzz = Fuzz(seed, "context/registry")
    rng = fuzz.rng
    options: dict[str, list[str]] = {}
    for name in RULESETS:
        options_class: Any = getattr(type(mr.get_ruleset(name)), "Options", None)
        has_options = options_class is not None and attrs.has(options_class)
        options[name] = list(attrs.fields_dict(options_class)) if has_options else []
    option_names = sorted({option for names in options.values() for option in names})
    for _ in range(250):
        fields = random_context_fields(rng) if rng.random() < 0.5 else junk_context_fields(rng)
        context = fuzz.call("WinContext", mr.WinContext, **fields)
        converted = fuzz.call("as_context", mr.as_context, rng.choice([fields, context, None, anything(rng)]))
        if isinstance(context, mr.WinContext) and mr.as_context(fields) != context:
            fuzz.broken("as_context(fields) == WinContext(**fields)", f"{fields!r} -> {converted!r}")
        asked = rng.choice(
            [
                *RULESETS,
                *(name.upper() for name in RULESETS),
                *(f" {name} " for name in RULESETS),
                "card-free",
                "nmjl",
                "singapore",
                "",
                random_text(rng),
                anything(rng),
            ]
        )
        given: dict[str, object] = {}
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            option = rng.choice([*option_names, *option_names, "jokerz", "", "name", "tileset", "__class__", "card"])
            given[option] = rng.choice(
                [
                    rng.choice([True, False]),
                    rng.randint(-2, 12),
                    rng.choice([0, 4, 6, 8, 1000, 2024, 9999, 10000, 1111]),
                    None,
                    anything(rng),
                ]
            )
        ruleset = fuzz.call("get_ruleset", mr.get_ruleset, asked, **given)
        if not isinstance(ruleset, Raised) and not (isinstance(ruleset, mr.Ruleset) and ruleset.name in RULESETS):
            fuzz.broken(
                "get_ruleset returns a registered Ruleset", f"get_ruleset({asked!r}, **{given!r}) -> {ruleset!r}"
            )
    fuzz.finish()


def ruleset_variants(fuzz: Fuzz, name: str) -> list[mr.Ruleset]:
    """The ruleset with its defaults, and with random options that it accepts."""
    base = mr.get_ruleset(name)
    variants = [base]
    options_class: Any = getattr(type(base), "Options", None)
    if options_class is None or not attrs.has(options_class):
        return variants
    fields = attrs.fields_dict(options_class)
    rng = fuzz.rng
    for _ in range(30):
        given: dict[str, object] = {}
        for option in rng.sample(sorted(fields), min(len(fields), rng.randint(1, 4))):
            given[option] = rng.choice([True, False, None, rng.randint(0, 11), rng.choice([2024, 1980, 2100])])
        ruleset = fuzz.call("get_ruleset", mr.get_ruleset, name, **given)
        if isinstance(ruleset, mr.Ruleset):
            variants.append(ruleset)
        if len(variants) >= 5:
            break
    return variants


def hand_argument(fuzz: Fuzz, ruleset: mr.Ruleset, winners: list[mr.Hand]) -> object:
    """A hand for ``ruleset``: from its tile set, beyond it, as text, mutated text, or junk."""
    rng = fuzz.rng
    roll = rng.random()
    if roll < 0.15 and winners:
        hand: mr.Hand = rng.choice(winners)
    elif roll < 0.4 and winners:
        hand = near_winner(fuzz, rng.choice(winners))
    elif roll < 0.75:
        hand = random_hand(fuzz, ruleset.tileset, size=rng.choice([None, 13, 13, 14, 14]))
    else:
        hand = random_hand(fuzz, ruleset.tileset, excess=True)
    roll = rng.random()
    if roll < 0.7:
        return hand
    if roll < 0.85:
        return hand.format(rng.choice(["compact", "tokens", "unicode"]))
    if roll < 0.95:
        return mutate(rng, str(hand))
    return anything(rng)


def near_winner(fuzz: Fuzz, hand: mr.Hand) -> mr.Hand:
    """A winning hand changed a little: identical tiles of it declared as an exposed set (a pair
    too), a tile taken away or exchanged."""
    rng = fuzz.rng
    counts = Counter(tile for tile in hand.concealed if not tile.is_joker)
    pairs = sorted(tile for tile, n in counts.items() if n >= 2)
    if pairs and rng.random() < 0.6:
        tile = rng.choice(pairs)
        jokers = min(hand.concealed.count(mr.Tile.JOKER), rng.choice([0, 0, 1, 2]))
        tiles = [tile] * rng.randint(2, counts[tile]) + [mr.Tile.JOKER] * jokers
        meld = mr.Meld(tiles, called_from=rng.choice([None, *SEATS]))
        declared = fuzz.call("Hand.with_meld", hand.with_meld, meld)
        if isinstance(declared, mr.Hand):
            hand = declared
    if hand.concealed and rng.random() < 0.8:
        hand = hand.discard(rng.choice(hand.concealed))
        if rng.random() < 0.2:
            hand = hand.draw(rng.choice(ALL_TILES))
    return hand


def explore_winners(fuzz: Fuzz, ruleset: mr.Ruleset, seeds: list[mr.Hand], steps: int) -> list[mr.Hand]:
    """Winning hands found by changing a tile of known ones and completing them with a wait."""
    rng = fuzz.rng
    found: list[mr.Hand] = []
    for _ in range(steps):
        if not seeds:
            break
        hand = rng.choice(seeds + found)
        if not hand.concealed:
            continue
        short = hand.discard(rng.choice(hand.concealed))
        if rng.random() < 0.5 and short.concealed:
            swapped = short.discard(rng.choice(short.concealed)).draw(rng.choice(ruleset.tileset.tiles))
            if not ruleset.tileset.problems(swapped):
                short = swapped
        waits = fuzz.call("waits", ruleset.waits, short)
        if isinstance(waits, frozenset):
            for tile in sorted(waits)[:3]:
                completed = short.draw(tile)
                evaluation = fuzz.call("evaluate", ruleset.evaluate, completed)
                if isinstance(evaluation, mr.Evaluation) and evaluation.is_winning:
                    found.append(completed)
    return found


def fuzz_settle(fuzz: Fuzz, rulesets: list[mr.Ruleset], ruleset: mr.Ruleset, evaluation: object) -> None:
    """Settle ``evaluation`` (winning or not, ``ruleset``'s or another's, or junk) with random seats."""
    rng = fuzz.rng
    for _ in range(3):
        winner, discarder = random_seat_arg(rng), random_seat_arg(rng)
        context = evaluation.context if isinstance(evaluation, mr.Evaluation) else None
        if isinstance(context, mr.WinContext) and rng.random() < 0.5:
            # the arguments that agree with the evaluation, now and then
            winner = rng.choice([None, context.seat_wind])
            others = [seat for seat in SEATS if seat is not context.seat_wind]
            discarder = None if context.self_drawn else rng.choice([*others, discarder])
        settler = ruleset if rng.random() < 0.8 else rng.choice(rulesets)
        settlement = fuzz.call("settle", settler.settle, evaluation, winner, discarder)
        if isinstance(settlement, mr.Settlement):
            check_settlement(fuzz, f"settle({show(evaluation)}, {winner!r}, {discarder!r})", settlement)


def forged(fuzz: Fuzz, evaluation: mr.Evaluation) -> object:
    """A winning evaluation with one field changed, as a caller might build by hand."""
    rng = fuzz.rng
    change: dict[str, Any] = rng.choice(
        [
            {"points": rng.choice([-3, 0, "5", 2.5, None, 10**30])},
            {"ruleset": rng.choice(["", "FLEX", "other", None])},
            {"options": rng.choice([None, {}, "options"])},
            {"context": rng.choice([None, {"self_drawn": True}, "E"])},
            {"hand": rng.choice([None, "1B"])},
        ]
    )
    return fuzz.call("attrs.evolve(Evaluation)", attrs.evolve, evaluation, **change)


def without_minimum(ruleset: mr.Ruleset) -> bool:
    """Whether winning does not depend on how the hand is won (no minimum hand value), so that
    the analyses, which ignore the context, must agree with ``evaluate``."""
    options = getattr(ruleset, "options", None)
    return getattr(options, "minimum_value", None) is None and not getattr(options, "min_doubles", 0)


def check_analyses(fuzz: Fuzz, ruleset: mr.Ruleset, plain: mr.Evaluation, away: object, waits: object) -> None:
    """``tiles_away`` is 0 exactly for a winning hand, ``waits`` are the tiles that complete a hand
    one tile short (each makes ``evaluate`` call it winning) and then it is one tile away."""
    hand = plain.hand
    if type(away) is int and len(hand) == 14 and (away == 0) != plain.is_winning:
        fuzz.broken(
            "tiles_away(h) == 0 exactly when evaluate(h).is_winning",
            f"{ruleset!r}, {hand!r}: tiles_away {away}, is_winning {plain.is_winning}",
        )
    if not isinstance(waits, frozenset) or not waits:
        return
    if away != 1:
        fuzz.broken(
            "a hand with waits is one tile away",
            f"{ruleset!r}, {hand!r}: waits {sorted(waits)}, tiles_away {show(away)}",
        )
    for tile in sorted(waits):
        completed = fuzz.call("evaluate", ruleset.evaluate, hand.draw(tile))
        if isinstance(completed, mr.Evaluation) and not completed.is_winning:
            fuzz.broken(
                "each tile of waits(h) completes h: evaluate(h.draw(tile)).is_winning",
                f"{ruleset!r}, {hand!r}: waits {sorted(waits)}, evaluate(+{tile}) -> {completed}",
            )


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_ruleset(name: str, seed: int) -> None:
    """``evaluate``, ``decompositions``, ``tiles_away``, ``waits`` and ``settle`` of every ruleset."""
    fuzz = Fuzz(seed, f"ruleset {name}")
    rng = fuzz.rng
    rulesets = ruleset_variants(fuzz, name)
    known = [mr.Hand.parse(text) for text in WINNING_TEXTS]
    winners = {id(ruleset): [hand for hand in known if not ruleset.tileset.problems(hand)] for ruleset in rulesets}
    for ruleset in rulesets[:2]:
        winners[id(ruleset)] += explore_winners(fuzz, ruleset, winners[id(ruleset)], 6)
    for _ in range(100):
        ruleset = rng.choice(rulesets)
        hand_arg = hand_argument(fuzz, ruleset, winners[id(ruleset)])
        context_arg = random_context_arg(fuzz)
        evaluation = fuzz.call("evaluate", ruleset.evaluate, hand_arg, context_arg)
        if isinstance(evaluation, mr.Evaluation):
            check_evaluation(fuzz, ruleset, hand_arg, evaluation)
            fuzz_settle(fuzz, rulesets, ruleset, evaluation)
            if evaluation.is_winning:
                fuzz_settle(fuzz, rulesets, ruleset, forged(fuzz, evaluation))
        else:
            fuzz_settle(fuzz, rulesets, ruleset, rng.choice([None, anything(rng), hand_arg]))
        plain = fuzz.call("evaluate", ruleset.evaluate, hand_arg)
        arrangements = fuzz.call("decompositions", first_arrangements, ruleset, hand_arg)
        if isinstance(plain, mr.Evaluation) and isinstance(arrangements, list):
            check_evaluation(fuzz, ruleset, hand_arg, plain)
            if plain.is_winning != bool(arrangements):
                fuzz.broken(
                    "evaluate(h).is_winning == (next(decompositions(h), None) is not None)",
                    f"{ruleset!r}, {show(hand_arg)}: {plain.is_winning} vs {arrangements!r}",
                )
        elif isinstance(plain, mr.Evaluation) or isinstance(arrangements, list):
            fuzz.broken(
                "evaluate and decompositions accept the same hands",
                f"{ruleset!r}, {show(hand_arg)}: {show(plain)} vs {show(arrangements)}",
            )
        away = fuzz.call("tiles_away", ruleset.tiles_away, hand_arg)
        if not isinstance(away, Raised) and not (type(away) is int and away >= 0):
            fuzz.broken("tiles_away is a non-negative int", f"{show(hand_arg)} -> {away!r}")
        waits = fuzz.call("waits", ruleset.waits, hand_arg)
        well_formed = isinstance(waits, frozenset) and all(isinstance(tile, mr.Tile) for tile in waits)
        if not isinstance(waits, Raised) and not well_formed:
            fuzz.broken("waits is a frozenset of tiles", f"{show(hand_arg)} -> {waits!r}")
        if isinstance(plain, mr.Evaluation) and without_minimum(ruleset):
            check_analyses(fuzz, ruleset, plain, away, waits)
        if isinstance(plain, mr.Evaluation) and plain.is_winning and rng.random() < 0.5:
            winners[id(ruleset)].append(plain.hand)
    fuzz.finish()


def flex_wins(fuzz: Fuzz, flex: Any, count: int) -> list[mr.Evaluation]:
    """Winning Flex evaluations with random contexts."""
    rng = fuzz.rng
    found: list[mr.Evaluation] = []
    for _ in range(count):
        fields = random_context_fields(rng)
        context = fuzz.call("WinContext", mr.WinContext, **fields)
        evaluation = fuzz.call("evaluate", flex.evaluate, rng.choice(WINNING_TEXTS), context)
        if isinstance(evaluation, mr.Evaluation) and evaluation.is_winning:
            found.append(evaluation)
    return found


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_flex_play(seed: int) -> None:
    """Flex's ``settle_several``, ``check_call``, ``swap_joker`` and ``check_blank_swap``."""
    fuzz = Fuzz(seed, "flex play")
    rng = fuzz.rng
    rulesets: list[Any] = [
        mr.get_ruleset("flex"),
        mr.get_ruleset("flex", blanks=2, players=3),
        mr.get_ruleset("flex", joker_swap_from_hand_only=True, minimum_value=2),
    ]
    wins = {id(flex): flex_wins(fuzz, flex, 12) for flex in rulesets}
    for _ in range(150):
        flex = rng.choice(rulesets)
        own: list[mr.Evaluation | None] = [*wins[id(flex)]] or [None]
        entries: list[object] = []
        for _ in range(rng.randint(0, 4)):
            win = rng.choice([*own, *own, rng.choice(wins[id(rng.choice(rulesets))] or [None]), anything(rng)])
            entries.append(win if rng.random() < 0.6 else (win, random_seat_arg(rng)))
        several: object = rng.choice([entries, tuple(entries), entries[:1], anything(rng)])
        discarder = random_seat_arg(rng)
        settlement = fuzz.call("settle_several", flex.settle_several, several, discarder)
        if isinstance(settlement, mr.Settlement):
            check_settlement(fuzz, f"settle_several({show(several)}, {discarder!r})", settlement)
        hand = random_hand(fuzz, flex.tileset, excess=rng.random() < 0.1, size=rng.choice([None, 13, 13]))
        hand_arg = rng.choice([hand, hand, str(hand), anything(rng)])
        discard = random_tile_arg(rng)
        tiles, represents = random_meld_tiles(rng, TilePool(flex.tileset, excess=True))
        if isinstance(discard, mr.Tile) and rng.random() < 0.5:
            tiles = [discard] * len(tiles)
        meld = fuzz.call("Meld", mr.Meld, tiles, represents=represents)
        meld_arg = rng.choice([None, None, meld, str(meld), random_text(rng), anything(rng)])
        context_arg = random_context_arg(fuzz)
        fuzz.call("check_call", flex.check_call, hand_arg, discard, meld_arg, context_arg)
        give = rng.choice([mr.Tile.JOKER, "J", random_tile_arg(rng), *(tiles[:1] if tiles else [])])
        swap_meld = rng.choice([meld, meld, str(meld), "[JJJ=5C]", "[555C J]", "{5555C}", anything(rng)])
        swapped = fuzz.call("swap_joker", flex.swap_joker, swap_meld, give)
        if isinstance(swapped, tuple) and not (
            len(swapped) == 2 and isinstance(swapped[0], mr.Meld) and isinstance(swapped[1], mr.Tile)
        ):
            fuzz.broken("swap_joker returns (meld, tile)", f"swap_joker({swap_meld!r}, {give!r}) -> {swapped!r}")
        blank_hand = hand.draw(mr.Tile.BLANK) if rng.random() < 0.5 else hand
        fuzz.call("check_blank_swap", flex.check_blank_swap, rng.choice([blank_hand, hand_arg]), discard)
    fuzz.finish()


@pytest.mark.parametrize("seed", SEEDS)
def test_fuzz_flex_resolve_claims(seed: int) -> None:
    """Flex's ``resolve_claims`` (with ``mahjong_rules.rulesets.flex.Claim``) on random claims."""
    from mahjong_rules.rulesets.flex import Claim, ClaimKind

    fuzz = Fuzz(seed, "flex claims")
    rng = fuzz.rng
    flex: Any = mr.get_ruleset("flex")

    def claims() -> Iterator[object]:
        for seat in rng.sample(SEATS, rng.randint(0, 4)):
            kind = rng.choice(list(ClaimKind))
            yield Claim(seat, kind, rng.choice([3, 4, 5]) if kind is ClaimKind.EXPOSURE else 0)
        if rng.random() < 0.2:
            yield Claim(rng.choice(SEATS), ClaimKind.EXPOSURE, 3)  # a second claim by a seat

    for _ in range(100):
        fuzz.call("Claim", Claim, random_seat_arg(rng), rng.choice([*ClaimKind, "mahjong", "pass", 1]), anything(rng))
        given = list(claims())
        discarder = rng.choice([*SEATS, *SEATS, random_seat_arg(rng)])
        fuzz.call("resolve_claims", flex.resolve_claims, given, discarder)
    fuzz.finish()
