"""Playable rounds for every ruleset: the state of a round, the legal actions of each seat,
replays, and self-play.

>>> from mahjong_rules.engine import new_round
>>> round_ = new_round("singapore", seed=1)
>>> round_.to_act
(<Seat.EAST: 0>,)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from mahjong_rules.engine.core import Action, ActionKind, IllegalActionError, Round, RoundResult, _checked_seed
from mahjong_rules.engine.replay import Replay
from mahjong_rules.engine.selfplay import (
    InvariantError,
    check_invariants,
    chosen_by,
    nothing_to_choose,
    play,
    random_agent,
)
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Ruleset

__all__ = [
    "Action",
    "ActionKind",
    "Comparison",
    "IllegalActionError",
    "InvariantError",
    "Replay",
    "Round",
    "RoundResult",
    "Standing",
    "check_invariants",
    "chosen_by",
    "compare",
    "new_round",
    "nothing_to_choose",
    "play",
    "random_agent",
]

# ruleset name -> "module:Class" of its rounds
_ROUNDS = {
    "flex": "mahjong_rules.engine.american:AmericanRound",
    "card-free": "mahjong_rules.engine.american:AmericanRound",
    "nmjl": "mahjong_rules.engine.american:AmericanRound",
    "singapore": "mahjong_rules.engine.singapore:SingaporeRound",
}


def new_round(ruleset: Ruleset | str, seed: int = 0, *, deal: Mapping[str, Any] | None = None, **options: Any) -> Round:
    """A new round of ``ruleset`` (a ruleset, or its name and ``options``), shuffled with ``seed``
    and dealt; ``deal`` sets up a later game (Singapore: ``banker`` and ``prevailing_wind``, as
    ``next_deal`` gives them).

    Raises:
        TypeError: ``ruleset`` is neither a ruleset nor a name.
        ArgumentError: ``seed`` is not a whole number of 0 or more.
        ValueError: the ruleset has no playable rounds, or ``options`` are given with a ruleset
            object.
    """
    built = _as_ruleset(ruleset, options)
    seed = _checked_seed(seed)
    path = _ROUNDS.get(built.name)
    if path is None:
        raise ValueError(f"no playable rounds for the ruleset {built.name!r}; rounds exist for {', '.join(_ROUNDS)}")
    module_name, _, class_name = path.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    round_: Round = cls.deal(built, seed, **dict(deal or {}))
    return round_


from mahjong_rules.engine.duplicate import Comparison, Standing, compare  # noqa: E402 - it plays rounds new_round deals
