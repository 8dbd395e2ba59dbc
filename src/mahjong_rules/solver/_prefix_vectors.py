"""Distance vectors of parts with capped copies, sharing the work between similar parts.

:func:`~mahjong_rules.solver._vectors.part_distances` runs its programme rank by rank, and its
state after a rank depends only on the counts and caps of the ranks so far. The parts asked about
for one hand differ by a tile or two (a discard, a draw), and a game's hands from turn to turn by
little more: so the states after each prefix are kept, and a part is worked out from the end of
the longest prefix it shares with one seen before. This serves the parts the shipped tables
cannot (copies capped by exposed sets), for which the programme is the only way; the results
equal :func:`part_distances` (tested).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules.solver._vectors import CHOWS_AT_A_RANK, NO_CHOWS, State, advance, vector_of

__all__ = ["prefix_part_distances"]

_KEPT = 8192
# (chows allowed, size, counts so far, caps so far) -> the states after those ranks and their costs.
_states: dict[tuple[bool, int, tuple[int, ...], tuple[int, ...]], dict[State, int]] = {}
_START: dict[State, int] = {(0, 0, 0, 0): 0}


def _depth(chows: bool, key: tuple[int, ...], caps: tuple[int, ...]) -> int:
    """How many leading ranks of the part have their states kept."""
    size = len(key)
    for depth in range(size, 0, -1):
        if (chows, size, key[:depth], caps[:depth]) in _states:
            return depth
    return 0


def prefix_part_distances(key: Sequence[int], chows: bool, caps: Sequence[int]) -> tuple[int, ...]:
    """:func:`~mahjong_rules.solver._vectors.part_distances` of ``key`` with ``caps``, from the
    longest kept prefix."""
    counts, limits = tuple(key), tuple(caps)
    size = len(counts)
    if len(_states) >= _KEPT:
        _states.clear()
    depth = _depth(chows, counts, limits)
    states = _states[chows, size, counts[:depth], limits[:depth]] if depth else _START
    for rank in range(depth, size):
        choices = CHOWS_AT_A_RANK if chows and rank + 2 < size else NO_CHOWS
        states = advance(states, counts[rank], limits[rank], choices)
        _states[chows, size, counts[: rank + 1], limits[: rank + 1]] = states
    return vector_of(states)
