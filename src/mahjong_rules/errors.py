"""The library's exceptions.

Every error the library raises on purpose derives from :class:`MahjongError`. Errors caused by bad
input (text that is not valid notation, a hand that cannot exist in a tile set, an unknown ruleset
or option) also derive from :class:`ValueError`, so ``except ValueError`` catches them too.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

__all__ = [
    "ArgumentError",
    "CardError",
    "ContextError",
    "FormatError",
    "GrammarError",
    "HandError",
    "HandSizeError",
    "MahjongError",
    "MeldError",
    "NotationError",
    "OptionError",
    "RecordError",
    "RulesetError",
    "SettlementError",
    "TileError",
    "TileSetError",
    "UnknownRulesetError",
    "UnreachableError",
]


def _rebuild_error(cls: type[MahjongError], args: tuple[object, ...]) -> MahjongError:
    return cls.__new__(cls, *args)


class MahjongError(Exception):
    """Base class of every error raised by :mod:`mahjong_rules`."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its message and attributes, not by calling the class again: the subclasses'
        # constructors take other arguments, and an error must cross from a worker process.
        return (_rebuild_error, (type(self), self.args), self.__dict__)


class NotationError(MahjongError, ValueError):
    """Text that is not valid tile notation.

    Attributes:
        text: the whole text being parsed.
        token: the offending token, as written.
        position: the 0-based character offset of the token in ``text``.
        suggestion: the nearest valid token, or ``None`` when nothing is close.
    """

    def __init__(
        self,
        problem: str,
        *,
        text: str,
        token: str,
        position: int,
        suggestion: str | None = None,
    ) -> None:
        self.problem = problem
        self.text = text
        self.token = token
        self.position = position
        self.suggestion = suggestion
        message = f"{problem} at position {position}"
        if suggestion is not None:
            message += f"; did you mean {suggestion!r}?"
        super().__init__(message)


class ArgumentError(MahjongError, ValueError):
    """An argument of a call outside what the call accepts: a negative limit, a pass of no tiles,
    the name of a schema that does not exist."""


class TileError(MahjongError, ValueError):
    """A tile that does not exist: an index, a rank or a flower number out of range."""


class RecordError(MahjongError, ValueError):
    """A record built from values that are out of range or contradict each other: a tile set
    with a negative count, an evaluation that wins with reasons against it, a payment of a
    negative amount or between seats not at the table."""


class GrammarError(MahjongError, ValueError):
    """A solver :class:`~mahjong_rules.solver.Grammar` or :class:`~mahjong_rules.solver.GroupRule`
    that describes no possible sets, or a question the solver's function does not answer for it."""


class FormatError(MahjongError, ValueError):
    """Tiles that cannot be written as asked: an unknown output style, or a tile the style has
    no form for (the mpsz style writes only number tiles, winds and dragons)."""


class CardError(MahjongError, ValueError):
    """A card file or text that is not a valid card: malformed TOML, a missing or unknown key, a
    pattern that cannot be read, a line that can never be made, or a card too large to be real.

    Attributes:
        source: the file's path, or ``<string>`` for text.
        line: the 1-based line of the fault in the source (0 when it concerns the whole card).
        column: the 1-based column of the fault (0 when only the line is known).
        problem: what is wrong, without the location.
    """

    def __init__(self, problem: str, *, source: str = "<string>", line: int = 0, column: int = 0) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
        where = source + (f":{line}" if line else "") + (f":{column}" if line and column else "")
        super().__init__(f"{where}: {problem}")


class MeldError(MahjongError, ValueError):
    """A meld whose tiles cannot form one set (for example a joker among different tiles)."""


class TileSetError(MahjongError, ValueError):
    """Tiles that cannot all exist in a tile set: too many copies, or a tile the set lacks.

    Attributes:
        problems: every problem found, not only the first
            (:class:`mahjong_rules.TileProblem` records).
    """

    def __init__(self, tileset_name: str, problems: Sequence[object]) -> None:
        self.tileset_name = tileset_name
        self.problems = tuple(problems)
        lines = "; ".join(str(problem) for problem in self.problems)
        super().__init__(f"not possible in the {tileset_name} tile set: {lines}")


class HandError(MahjongError, ValueError):
    """A change to a hand that cannot be made, such as discarding a tile it does not hold."""


class HandSizeError(HandError):
    """A hand of a size an analysis is not defined for (tiles away takes 13 or 14 tiles, waits
    13), counting tiles as the ruleset does.

    Attributes:
        size: the hand's size as the ruleset counts it.
        expected: the sizes the analysis accepts.
    """

    def __init__(self, message: str, *, size: int, expected: Sequence[int]) -> None:
        self.size = size
        self.expected = tuple(expected)
        super().__init__(message)


class SettlementError(MahjongError, ValueError):
    """A settlement the evaluation contradicts: a discarder for a self-drawn win, no discarder
    for a win on a discard, a winner other than the seat the win context names, an evaluation
    made by another ruleset or under other options, or a hand that is not winning."""


class ContextError(MahjongError, ValueError):
    """A :class:`~mahjong_rules.WinContext` whose flags contradict each other."""


class UnreachableError(MahjongError, ValueError):
    """No winning hand can be reached from this hand: its exposed sets rule out every one."""


class RulesetError(MahjongError):
    """A problem finding, building or registering a ruleset."""


class UnknownRulesetError(RulesetError, ValueError):
    """No ruleset is registered under the requested name.

    Attributes:
        name: the requested name.
        available: the names that are registered.
    """

    def __init__(self, name: str, available: Sequence[str]) -> None:
        self.name = name
        self.available = tuple(available)
        listed = ", ".join(repr(n) for n in self.available) or "none"
        close = difflib.get_close_matches(name[:40].casefold(), self.available, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        super().__init__(f"unknown ruleset {name[:40]!r}{hint} (available rulesets: {listed})")


class OptionError(RulesetError, ValueError):
    """An unknown option, or an option value of the wrong type or out of range. The message names
    the option and what it accepts.

    Attributes:
        ruleset: the ruleset's name.
        option: the offending option's name.
        valid: a description of every valid option of the ruleset (name, type, default).
    """

    def __init__(self, message: str, *, ruleset: str, option: str, valid: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.option = option
        self.valid = tuple(valid)
        super().__init__(message)
