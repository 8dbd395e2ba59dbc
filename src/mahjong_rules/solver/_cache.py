"""A bounded memo: a plain dict that is emptied when it reaches its size limit.

Cheaper per hit than an LRU (a hit is one dict lookup), and a long-running bot's memory stays
bounded. The solver's keys are small tuples of counts, so refilling after a reset is cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

__all__ = ["BoundedMemo"]


class BoundedMemo(Generic[K, V]):
    """Memoize ``compute`` on hashable keys, holding at most ``limit`` entries."""

    __slots__ = ("_compute", "_limit", "data", "misses")

    def __init__(self, compute: Callable[[K], V], limit: int) -> None:
        self._compute = compute
        self._limit = limit
        self.data: dict[K, V] = {}
        self.misses = 0

    def __call__(self, key: K) -> V:
        try:
            return self.data[key]
        except KeyError:
            pass
        value = self._compute(key)
        if len(self.data) >= self._limit:
            self.data.clear()
        self.data[key] = value
        self.misses += 1
        return value

    def __len__(self) -> int:
        return len(self.data)

    def clear(self) -> None:
        self.data.clear()
