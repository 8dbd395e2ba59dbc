"""Small helpers for the words of messages."""

from __future__ import annotations

__all__ = ["count_of", "signed"]


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
