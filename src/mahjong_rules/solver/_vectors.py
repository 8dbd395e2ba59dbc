"""Distance vectors of the standard form, computed from first principles (the tomohxx method).

A part of a hand is a suit (nine counts, chows allowed) or the honours (seven counts, no chows).
Its distance vector has 10 entries: entry ``2 * m + p`` is the fewest tiles the part lacks to hold
``m`` sets and ``p`` pairs (``m`` up to 4, ``p`` 0 or 1), or :data:`INFINITY` when it cannot. Two
parts combine by a min-plus product. These functions are the reference the shipped tables are
generated from (``scripts/build_standard_tables.py``), and what the solver falls back to for parts
the tables do not cover (copies capped by exposures, or more than 14 tiles in one part).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "CHOWS_AT_A_RANK",
    "INFINITY",
    "MAX_SETS",
    "NO_CHOWS",
    "VECTOR_LENGTH",
    "State",
    "advance",
    "combine",
    "final_distance",
    "part_distances",
    "vector_of",
]

MAX_SETS = 4
VECTOR_LENGTH = 2 * (MAX_SETS + 1)
INFINITY = 99

Key = tuple[int, ...]

State = tuple[int, int, int, int]
"""A state of the programme after a rank: (chows started one rank back, chows started at this
rank, sets, pairs)."""


CHOWS_AT_A_RANK = range(3)
"""How many chows the programme starts at one rank: at most two, since three like chows hold the
same tiles as three pungs (of their three ranks), which make as many sets at the same cost, so
some best arrangement never needs a third."""
NO_CHOWS = range(1)


def part_distances(key: Sequence[int], chows: bool, caps: Sequence[int] | None = None) -> Key:
    """The distance vector of one part, by a dynamic programme over its ranks.

    The state after a rank is (chows started one rank back, chows started at this rank, sets,
    pairs); choosing at each rank how many chows start there, and whether a pung or the pair sits
    there, costs the tiles the part lacks at that rank. No rank may need more than four tiles, or
    than its ``caps`` when some copies are out of reach (in exposed sets).

    >>> part_distances((1, 1, 0, 0, 0, 0, 0, 0, 0), chows=True)[2]  # one set: a chow lacks a 3
    1
    """
    states: dict[State, int] = {(0, 0, 0, 0): 0}
    size = len(key)
    for rank in range(size):
        cap = 4 if caps is None else caps[rank]
        states = advance(states, key[rank], cap, CHOWS_AT_A_RANK if chows and rank + 2 < size else NO_CHOWS)
    return vector_of(states)


def advance(states: dict[State, int], have: int, cap: int, chow_choices: range) -> dict[State, int]:
    """The states after one more rank holding ``have`` tiles, at most ``cap`` of them usable,
    where ``chow_choices`` is how many chows may start there."""
    following: dict[State, int] = {}
    known = following.get
    for (older, newer, sets, pairs), cost in states.items():
        # The tiles needed and the sets made only grow with each choice below (more chows, a
        # pung, a pair), so the first choice past the cap or the sets ends its loop.
        for started in chow_choices:
            opened = older + newer + started
            if opened > cap or sets + started > MAX_SETS:
                break
            for pung in (0, 1):
                made = sets + started + pung
                if made > MAX_SETS or opened + 3 * pung > cap:
                    break
                for pair in (0,) if pairs else (0, 1):
                    need = opened + 3 * pung + 2 * pair
                    if need > cap:
                        break
                    state = (newer, started, made, pairs + pair)
                    total = cost + (need - have if need > have else 0)
                    if total < known(state, INFINITY):
                        following[state] = total
    return following


def vector_of(states: dict[State, int]) -> Key:
    """The distance vector of the states after a part's last rank (no chow left open)."""
    vector = [INFINITY] * VECTOR_LENGTH
    for (older, newer, sets, pairs), cost in states.items():
        if older == 0 and newer == 0 and cost < vector[2 * sets + pairs]:
            vector[2 * sets + pairs] = cost
    return tuple(vector)


def combine(left: Sequence[int], right: Sequence[int]) -> Key:
    """The distance vector of two parts together: the min-plus product of theirs."""
    combined = [INFINITY] * VECTOR_LENGTH
    for sets_left in range(MAX_SETS + 1):
        for pairs_left in (0, 1):
            cost_left = left[2 * sets_left + pairs_left]
            if cost_left >= INFINITY:
                continue
            for sets_right in range(MAX_SETS + 1 - sets_left):
                for pairs_right in (0,) if pairs_left else (0, 1):
                    total = cost_left + right[2 * sets_right + pairs_right]
                    index = 2 * (sets_left + sets_right) + pairs_left + pairs_right
                    if total < combined[index]:
                        combined[index] = total
    return tuple(min(value, INFINITY) for value in combined)


def final_distance(left: Sequence[int], right: Sequence[int], sets: int) -> int:
    """Tiles away for ``sets`` sets and one pair from two halves of a hand: the one entry of
    their min-plus product that the question needs."""
    best = INFINITY
    for sets_left in range(sets + 1):
        sets_right = sets - sets_left
        best = min(
            best,
            left[2 * sets_left] + right[2 * sets_right + 1],
            left[2 * sets_left + 1] + right[2 * sets_right],
        )
    return min(best, INFINITY)
