"""The check both American rulesets' ``tiles_away_floor`` tests share."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import mahjong_rules as mr


def check_floors(ruleset: Any, hands: Iterable[mr.Hand]) -> tuple[int, int, int]:
    """Assert that ``ruleset.tiles_away_floor`` is at most ``tiles_away`` on every hand some valid
    hand can be reached from; return how many such hands there were, on how many the two are
    equal, and on how many the floor is 2 or more."""
    checked = equal = far = 0
    for hand in hands:
        try:
            away = ruleset.tiles_away(hand)
        except mr.UnreachableError:
            continue
        floor = ruleset.tiles_away_floor(hand)
        assert floor <= away, str(hand)
        checked += 1
        equal += floor == away
        far += floor >= 2
    return checked, equal, far
