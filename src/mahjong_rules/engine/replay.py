"""Replays: a round's ruleset, options, seed and actions as JSON; replaying them gives the same
round, action by action."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules._json_text import JsonProblem, loads
from mahjong_rules.engine.core import Action, Round, _checked_seed
from mahjong_rules.errors import RecordError
from mahjong_rules.serialize import to_dict

__all__ = ["REPLAY_FORMAT", "Replay"]

REPLAY_FORMAT = 1
"""The version of the replay format."""

_DEAL_FIELDS = ("banker", "prevailing_wind")


@attrs.frozen
class Replay:
    """A round as a record: the ruleset's name and options, the seed and the actions.

    >>> import mahjong_rules as mr
    >>> from mahjong_rules.engine import new_round
    >>> first = new_round("flex", seed=3)
    >>> played = first.apply(first.legal_actions()[0])
    >>> record = Replay.of(played)
    >>> Replay.from_json(record.to_json()).play().actions == played.actions
    True
    """

    ruleset: str
    options: Mapping[str, Any] = attrs.field(hash=False)  # compared, not hashed: a record hashes too
    seed: int
    actions: tuple[Action, ...]
    deal: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    """How the game was set up beyond the seed: Singapore's banker position and prevailing wind
    for a game after the first of a mahjong round (``{"banker": "SOUTH", ...}``)."""

    @classmethod
    def of(cls, round_: Round) -> Replay:
        """The record of ``round_``.

        Raises:
            TypeError: ``round_`` is not a round.
        """
        if not isinstance(round_, Round):
            raise TypeError(f"a replay records a round, not {describe(round_)}")
        options: dict[str, Any] = {}
        chosen = getattr(round_.ruleset, "options", None)
        if chosen is not None and attrs.has(type(chosen)):
            for field in attrs.fields(type(chosen)):
                value = getattr(chosen, field.name)
                options[field.alias] = value if isinstance(value, bool | int | str | None) else to_dict(value)
        deal = {name: getattr(round_, name).name for name in _DEAL_FIELDS if getattr(round_, name, None) is not None}
        return cls(round_.ruleset.name, options, round_.seed, tuple(round_.actions), deal)

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data (what :meth:`to_json` writes)."""
        return {
            "format": REPLAY_FORMAT,
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "seed": self.seed,
            "deal": dict(self.deal),
            "actions": [action.to_dict() for action in self.actions],
        }

    @classmethod
    def from_json(cls, text: str) -> Replay:
        """A record from :meth:`to_json`'s text.

        Raises:
            RecordError: the text is not a replay of this format.
        """
        if not isinstance(text, str):
            raise TypeError(f"a replay's text is a string, not {describe(text)}")
        try:
            data = loads(text)
        except JsonProblem as error:
            raise RecordError(f"a replay is JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> Replay:
        """A record from :meth:`to_dict`'s data.

        Raises:
            RecordError: the data is not a replay of this format.
        """
        if not isinstance(data, Mapping) or data.get("format") != REPLAY_FORMAT:
            raise RecordError(f"a replay is an object with 'format': {REPLAY_FORMAT}, not {describe(data)}")
        try:
            actions = tuple(Action.from_dict(item) for item in data["actions"])
            deal = {str(key): str(value) for key, value in dict(data.get("deal", {})).items()}
            seed = _checked_seed(data["seed"])
            return cls(str(data["ruleset"]), dict(data.get("options", {})), seed, actions, deal)
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"not a replay: {error}") from None

    def play(self) -> Round:
        """The round replayed: dealt from the seed, every action applied again.

        Raises:
            IllegalActionError: an action is not legal in the replayed round (a replay of another
                version of the rules).
        """
        from mahjong_rules.engine import new_round
        from mahjong_rules.serialize import from_dict

        options = {
            key: from_dict(value) if isinstance(value, Mapping) else value for key, value in self.options.items()
        }
        round_ = new_round(self.ruleset, seed=self.seed, deal=self.deal, **options)
        for action in self.actions:
            round_ = round_.apply(action)
        return round_
