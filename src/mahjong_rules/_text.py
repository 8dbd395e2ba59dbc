"""Small helpers for the words of messages: counts, signed amounts, and the closest valid word
to suggest for a misspelt one."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["TOKEN_QUOTE_LIMIT", "closest", "count_of", "signed"]

# Errors quote at most this many characters of a bad token, so that a huge input cannot make a
# huge message; the quoted text still starts at the reported position.
TOKEN_QUOTE_LIMIT = 24
_SUGGESTION_INPUT_LIMIT = 24


def count_of(number: int, singular: str, plural: str | None = None) -> str:
    """``"1 point"``, ``"3 points"``, ``"0 tiles"``.

    >>> count_of(1, "point"), count_of(2, "tile"), count_of(0, "copy", "copies")
    ('1 point', '2 tiles', '0 copies')
    """
    if number == 1:
        return f"{number} {singular}"
    return f"{number} {plural or singular + 's'}"


def signed(number: int) -> str:
    """A net amount with its sign: ``+12``, ``-6``, ``0``."""
    return f"{number:+d}" if number else "0"


def closest(word: str, candidates: Iterable[str], cutoff: float) -> str | None:
    """The candidate most like ``word`` (case-insensitive), or ``None`` when none is close enough.

    Similarity is :mod:`difflib`'s ratio. On a tie, a word starting with a letter prefers the
    candidates with the same first letter (a misspelt word rarely starts wrong: ``Eest`` is
    ``East``, not ``West``); then the last candidate in alphabetical order wins, as in
    :func:`difflib.get_close_matches`. Only the first 24 characters of ``word`` are compared, so
    the cost is bounded whatever the input.
    """
    key = word[:_SUGGESTION_INPUT_LIMIT].lower()
    if not key:
        return None
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(key)
    best: tuple[float, bool, str] | None = None
    for candidate in candidates:
        matcher.set_seq1(candidate.lower())
        if matcher.real_quick_ratio() < cutoff or matcher.quick_ratio() < cutoff:
            continue
        score = matcher.ratio()
        if score < cutoff:
            continue
        ranked = (score, key[0].isalpha() and candidate[:1].lower() == key[0], candidate)
        if best is None or ranked > best:
            best = ranked
    return None if best is None else best[2]
