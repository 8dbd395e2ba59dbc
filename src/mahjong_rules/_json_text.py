"""JSON that comes from outside (protocol lines, files of hands, replays): read strictly, with its
nesting and length bounded, so that no input can exhaust the recursion limit, the memory or the
time of the program reading it.

Strict means what the JSON standard says: no ``NaN``, ``Infinity`` or numbers too large to be a
finite float, which Python's ``json`` accepts by default and could not write back as JSON.
"""

from __future__ import annotations

import json
import math
import re
from typing import IO, Any

__all__ = ["MAX_DEPTH", "JsonProblem", "dumps", "loads", "read_line"]

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read; the library's own documents nest at most 8."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class JsonProblem(ValueError):
    """Text that is not strict JSON, or nests too deeply; the caller turns it into its own error."""


def _refuse_constant(name: str) -> float:
    raise JsonProblem(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonProblem(f"the number {text[:40]} is too large")
    return value


def too_deep(text: str, limit: int = MAX_DEPTH) -> int | None:
    """The position of the first bracket nested deeper than ``limit`` outside strings, or ``None``."""
    depth = 0
    outside = _STRING.sub(lambda match: " " * len(match.group()), text)
    for match in _BRACKET.finditer(outside):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return match.start()
        else:
            depth -= 1
    return None


def loads(text: str, limit: int = MAX_DEPTH) -> Any:
    """The JSON value of ``text``, read strictly.

    Raises:
        JsonProblem: the text is not strict JSON, or nests deeper than ``limit``.
    """
    deep = too_deep(text, limit)
    if deep is not None:
        raise JsonProblem(f"arrays and objects nested more than {limit} deep (at character {deep})")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except json.JSONDecodeError as error:
        raise JsonProblem(f"not valid JSON: {error.msg} (at character {error.pos})") from None
    except RecursionError:  # a nesting the scan did not see: never a crash
        raise JsonProblem("not valid JSON: nested too deeply") from None
    except JsonProblem:
        raise
    except ValueError as error:  # an integer of more digits than Python converts
        raise JsonProblem(f"not valid JSON: {error}") from None


def dumps(value: Any) -> str:
    """``value`` as strict JSON text (one line; non-ASCII characters kept)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def read_line(stream: IO[str], limit: int) -> tuple[str, bool]:
    """The next line of ``stream`` (``""`` at the end), reading at most ``limit`` characters of it,
    and whether it was longer (the rest of such a line is read and thrown away, a piece at a time,
    so that an endless line never fills the memory)."""
    line = stream.readline(limit + 1)
    if len(line) <= limit or line.endswith("\n"):
        return line, False
    while True:
        rest = stream.readline(limit + 1)
        if not rest or rest.endswith("\n"):
            return line[:limit], True
