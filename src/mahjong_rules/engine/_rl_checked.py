"""PettingZoo's checks on an environment, in one wrapper whose per-step calls reach it directly.

``env()`` used to wrap the environment in PettingZoo's ``AssertOutOfBoundsWrapper`` and then its
``OrderEnforcingWrapper``, as PettingZoo's own environments are. Each reads the environment's
attributes through ``__getattr__``, one wrapper after the other: the loop's ``agent_iter``,
``last`` and ``step`` made some twenty Python calls a step, which cost a third of the rounds per
second of the unwrapped environment. :class:`CheckedEnv` is an ``OrderEnforcingWrapper`` that makes
the same checks, with the same errors, and the out-of-bounds one too, reading the environment
directly in the calls a loop makes at every step.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

if TYPE_CHECKING:
    from mahjong_rules.engine.rl import MahjongEnv

__all__ = ["CheckedEnv"]

_OUT_OF_BOUNDS = "action is not in action space"  # AssertOutOfBoundsWrapper's message
_INT64 = np.int64


class CheckedEnv(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """A :class:`~mahjong_rules.engine.rl.MahjongEnv` with PettingZoo's checks: no call before
    :meth:`reset` (``OrderEnforcingWrapper``'s errors), a ``step`` in each turn of
    :meth:`agent_iter`, and only actions of the action space (``AssertOutOfBoundsWrapper``'s
    ``AssertionError``; ``None`` only for an agent that has terminated or been truncated)."""

    def __init__(self, env: MahjongEnv) -> None:
        super().__init__(env)
        self._raw = env

    def __str__(self) -> str:
        return str(self.env)

    def step(self, action: Any) -> None:
        """The environment's ``step``, after the checks."""
        raw = self._raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not raw.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
            return
        self._has_updated = True  # before the bounds are checked, as in PettingZoo's wrappers
        agent = raw.agent_selection
        if action is None:
            assert raw.terminations[agent] or raw.truncations[agent], _OUT_OF_BOUNDS
        elif (type(action) is not int and type(action) is not _INT64) or not 0 <= action < raw._mask_size:
            # An int or the NumPy integer a space samples, in range, is plainly in bounds (the
            # space's ``contains`` costs a step a few per cent more); anything else is asked.
            assert raw.action_space(agent).contains(action), _OUT_OF_BOUNDS
        raw.step(action)

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The environment's ``observe``, after a reset."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.observe(agent)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The environment's ``last``, after a reset."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._raw.last(observe)  # type: ignore[no-any-return]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """The environment's ``reset``; from then on :meth:`last` is the environment's own (its one
        check, that a reset came first, holds for good), one call fewer at every step."""
        super().reset(seed=seed, options=options)
        self.__dict__["last"] = self._raw.last

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The selected agent while any is left, at most ``max_iter`` times, each after a
        ``step`` (or the reset) of the one before."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return self._agents(max_iter)

    def _agents(self, max_iter: int) -> Iterator[str]:
        raw = self._raw
        left = max_iter
        while raw.agents and left > 0:
            left -= 1
            assert self._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
            self._has_updated = False
            yield raw.agent_selection
