"""The round as a reinforcement-learning environment: a PettingZoo AEC environment for each ruleset
family, with fixed-size observations, the legal-action mask and rewards from the settlement.

Install the optional extra first (``pip install '.[rl]'`` in a clone): this module is the only
part of the library that imports PettingZoo, Gymnasium and NumPy.

>>> from mahjong_rules.engine.rl import env
>>> game = env("flex")
>>> game.reset(seed=1)
>>> game.agent_selection
'east'

Every :class:`~mahjong_rules.engine.Action` a round can offer has one index in a fixed
:class:`ActionEncoding` (see ``docs/engine.rst`` for the layout); the observation's
``"action_mask"`` marks the indexes of the legal actions, and ``step`` takes an index.
"""

from __future__ import annotations

import math
import random
import types
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from mahjong_rules.engine import new_round
from mahjong_rules.engine.core import Action, IllegalActionError, Round
from mahjong_rules.errors import ArgumentError
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Reason, Ruleset
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from pettingzoo import AECEnv

    from mahjong_rules.engine import _rl_observation
    from mahjong_rules.engine._rl_checked import CheckedEnv
    from mahjong_rules.engine._rl_encoding import ActionEncoding, LegalIndexes
    from mahjong_rules.engine._rl_encoding import _action_index as _action_index  # for the other environments
    from mahjong_rules.engine._rl_observation import (
        _STATE_ROW,
        _concealed,
        _discards,
        _Reader,
        _tiles_of,
        _viewed_array,
        observation_array,
    )
    from mahjong_rules.engine._rl_observation import _Observer as _Observer  # for the other environments
    from mahjong_rules.engine._rl_space import ActionSpace
except ImportError as error:  # pragma: no cover - the extra is installed wherever the tests run
    raise ImportError(
        "mahjong_rules.engine.rl needs the 'rl' extra: pip install '.[rl]' from a clone "
        f"(PettingZoo, Gymnasium and NumPy); {error}"
    ) from error

# Pickled (a trainer saves the action space with a model) and documented by the public module's
# name: the class can move between private modules without breaking saved models.
ActionSpace.__module__ = CheckedEnv.__module__ = __name__

OBSERVATION_ROWS: tuple[str, ...] = _rl_observation.OBSERVATION_ROWS
"""The rows of an observation, each of 49 numbers (one per kind of tile, in tile order, except
``state``): the seat's concealed tiles; the tiles of each seat's exposures (bonus tiles included)
and each seat's discards, seats counted from the observer in turn order (``+0`` is the observer;
rows of seats not at the table are zero); the tile that may be called now (one-hot); and
``state`` (see :data:`STATE_COLUMNS`)."""

STATE_COLUMNS: tuple[str, ...] = _rl_observation.STATE_COLUMNS
"""The first columns of the ``state`` row (the rest are zero): the tiles left in the wall; the
observer's seat, one-hot (East, South, West, North); the prevailing wind, one-hot; which seats
must act now, counted from the observer; how many concealed tiles each seat holds, counted from
the observer; the round's phase, one-hot (American rounds: passing, turn, claims, over;
Singapore: turn, response, rob, over); before play in American rounds, the step, one-hot (a pass
of tiles, the vote on the second Charleston, the vote on the courtesy pass, the courtesy pass),
where the pass goes, one-hot (to the right, across, to the left; the courtesy pass goes across),
whether tiles may be passed blind, which Charleston it is (1 or 2, 0 for the Flex pass and the
courtesy steps) and which pass of it (1 to 3)."""

GLOBAL_STATE_ROWS: tuple[str, ...] = _rl_observation.GLOBAL_STATE_ROWS
"""The rows of :meth:`MahjongEnv.state`, the whole table for a centralized critic: each seat's
concealed tiles, counted from the table's first seat (East) in turn order (a row of zeros for a
seat not at the table), then what the first seat observes besides its own concealed tiles (the
rows of :data:`OBSERVATION_ROWS` after the first, seats counted from it)."""

__all__ = [
    "GLOBAL_STATE_ROWS",
    "OBSERVATION_ROWS",
    "STATE_COLUMNS",
    "ActionEncoding",
    "ActionSpace",
    "CheckedEnv",
    "LegalIndexes",
    "MahjongEnv",
    "env",
    "observation_array",
    "raw_env",
]


def _checked_max_steps(max_steps: object) -> int | None:
    """``max_steps`` as given to an environment: a whole number of at least 1, or ``None``."""
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
        raise ValueError(f"max_steps is a whole number of at least 1 or None, not {max_steps!r}")
    return max_steps


def _finite(value: object, name: str) -> float:
    """``value`` as a float: a number, and finite (a NaN reward would spoil a whole training run)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise TypeError(f"{name} is a number, not {type(value).__name__}")
    if not math.isfinite(value):
        raise ValueError(f"{name} is a finite number, not {value!r}")
    return float(value)


_RENDER_MODES = ("ansi", "human")


_AGENTS = {seat: seat.name.lower() for seat in Seat}


def _agent(seat: Seat) -> str:
    return _AGENTS[seat]


def _net_payments(round_: Round) -> Mapping[Seat, int]:
    """Each seat's net payment so far: the result's once the round is over; before, what the
    round has paid (Singapore's instant payments), or nothing."""
    if round_.is_over:
        result = round_.result
        return result.payments if result is not None else _NOTHING_PAID
    paid: Mapping[Seat, int] = getattr(round_, "payments", _NOTHING_PAID)
    return paid


_INT64 = np.int64  # what the action space samples

_NOTHING_PAID: Mapping[Seat, int] = types.MappingProxyType({})
"""No payment yet: one object, so that an environment sees from step to step that nothing was
paid (``MahjongEnv.step`` then leaves the rewards at zero)."""


class MahjongEnv(AECEnv):  # type: ignore[misc]
    """A round of ``ruleset`` (a name with its ``options``, or a ruleset) as a PettingZoo AEC
    environment.

    The agents are the seats, ``"east"``, ``"south"``... (:attr:`possible_agents`), all of them
    playing until the round ends. :meth:`reset` deals ``new_round(ruleset, seed)``;
    :attr:`agent_selection` is the first seat of the round's ``to_act``; :meth:`step` takes the
    index of a legal action in :attr:`encoding` (an :class:`ActionEncoding`). Each agent's
    observation is a dict: ``"observation"``, a float32 array of shape ``(11, 49)`` laid out as
    :data:`OBSERVATION_ROWS` says, and ``"action_mask"``, an int8 array marking the indexes of the
    agent's legal actions now (all zero when it has nothing to do). The selected agent's info
    holds the same mask (``infos[agent]["action_mask"]``) while it has an action to take, so that
    an agent reading only the mask may skip the observation (``last(observe=False)``); a
    centralized critic reads the whole table from :meth:`state`. After each
    action every agent is rewarded with the change in its seat's net payment: Singapore's instant
    payments when they are paid (those of the deal with the first action), the win's payments when
    the round ends, so that an episode's rewards add up to the seat's ``result.payments`` (summing
    to zero over the seats; zero for all in a wall game without instant payments); every agent
    terminates at the end. With ``max_steps``, a round still going after that many actions is
    truncated.

    ``render_mode="ansi"`` makes :meth:`render` return the round as text, ``"human"`` prints it.
    """

    # Slots (PettingZoo's attributes among them) read at every step without a dict: an instance
    # held more attributes than CPython 3.11 keeps in a class's shared dictionary keys (30), and
    # PettingZoo adds one more at the end of each episode. ``metadata`` and ``render_mode`` stay in
    # the instance's dict, so that the class itself has no such attribute, as tools reading them
    # from a class expect.
    __slots__ = (
        "_cumulative_rewards",
        "_index_cache",
        "_info_agent",
        "_info_mask",
        "_mask_size",
        "_net_kept",
        "_observer",
        "_paid",
        "_pays_in_play",
        "_read_observation",
        "_rewarded",
        "_seat_of",
        "_seeds",
        "_skip_agent_selection",
        "action_spaces",
        "agent_selection",
        "agents",
        "encoding",
        "infos",
        "max_steps",
        "observation_spaces",
        "possible_agents",
        "rewards",
        "round",
        "ruleset",
        "seats",
        "state_space",
        "steps",
        "terminations",
        "truncations",
    )

    def __init__(
        self,
        ruleset: Ruleset | str = "flex",
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(_RENDER_MODES)} or None, not {render_mode!r}")
        self.ruleset: Ruleset = _as_ruleset(ruleset, options)
        # These two in the instance's dict (AECEnv gives it one), not in slots: see __slots__.
        self.render_mode = render_mode  # type: ignore[misc]
        self.max_steps = _checked_max_steps(max_steps)
        self.metadata: dict[str, Any] = {  # type: ignore[misc]
            "name": f"mahjong_{self.ruleset.name.replace('-', '_')}_v0",
            "render_modes": list(_RENDER_MODES),
            "is_parallelizable": False,
        }
        self.encoding = ActionEncoding(self.ruleset)
        self._mask_size = self.encoding.size
        self.seats: tuple[Seat, ...] = self.encoding.seats
        self.possible_agents: list[str] = [_agent(seat) for seat in self.seats]
        self._seat_of = {_agent(seat): seat for seat in self.seats}
        shape = (len(OBSERVATION_ROWS), NUM_TILE_KINDS)
        high = np.full(shape, float(max(self.ruleset.tileset.counts)), dtype=np.float32)
        high[_STATE_ROW] = float(self.ruleset.tileset.total)
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low=0.0, high=high, shape=shape, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(self.encoding.size,), dtype=np.int8),
            }
        )
        state_high = np.full(
            (len(GLOBAL_STATE_ROWS), NUM_TILE_KINDS), float(max(self.ruleset.tileset.counts)), np.float32
        )
        state_high[-1] = float(self.ruleset.tileset.total)
        self.state_space = gymnasium.spaces.Box(low=0.0, high=state_high, dtype=np.float32)
        """The space of :meth:`state`'s arrays."""
        action = ActionSpace(self.encoding.size)
        self.observation_spaces: dict[str, gymnasium.spaces.Dict] = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces: dict[str, gymnasium.spaces.Discrete] = dict.fromkeys(self.possible_agents, action)
        self._seeds = random.Random()
        self.round: Round | None = None
        self.steps = 0
        self._paid: dict[Seat, int] = {}
        self._index_cache: tuple[Round, str, LegalIndexes] | None = None
        self._observer = _Observer()
        self._read_observation: _Reader = _viewed_array
        self._pays_in_play = False
        self._net_kept: tuple[object, Mapping[Seat, int]] | None = None
        self._rewarded: Mapping[Seat, int] | None = None  # the net payments after which every reward is 0.0
        # The mask in the selected agent's info, with the round and agent it is of, until the first
        # observe of that moment hands it out as the observation's mask too.
        self._info_mask: tuple[Round, str, npt.NDArray[np.int8]] | None = None
        self._info_agent: str | None = None  # the agent whose info holds a mask

    def __getstate__(self) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        # The net payments last rewarded and kept are caches, often read-only mappings (which do
        # not pickle): a copy works them out again at its next step, to the same rewards.
        state, slots = super().__getstate__()
        return state, {**slots, "_rewarded": None, "_net_kept": None}

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The space of ``agent``'s observations (the same object for every agent)."""
        try:
            return self.observation_spaces[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The indexes of :attr:`encoding` (the same object for every agent)."""
        try:
            return self.action_spaces[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def _unknown(self, agent: object) -> ArgumentError:
        """The error for an agent not of this environment."""
        return ArgumentError(f"no agent {agent!r} in this environment; its agents: {', '.join(self.possible_agents)}")

    def _seat_of_agent(self, agent: object) -> Seat:
        try:
            return self._seat_of[agent]  # type: ignore[index]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def _round(self) -> Round:
        if self.round is None:
            raise RuntimeError("call reset() before using the environment")
        return self.round

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round: ``new_round(ruleset, seed)``. Without a seed, the round's seed comes
        from a generator seeded by the last seed given (from the system at first), so a seeded
        reset followed by unseeded ones repeats the same rounds. ``options`` is accepted and
        unused (the ruleset's options are the constructor's)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            round_seed = seed
        else:
            round_seed = self._seeds.randrange(2**31)
        self.round = new_round(self.ruleset, seed=round_seed)
        self._read_observation = self._observer.reader(self.round)
        self._pays_in_play = hasattr(self.round, "transfers")  # Singapore's instant payments
        self.steps = 0
        self._paid = dict.fromkeys(self.seats, 0)  # each seat's net payment rewarded so far
        self._rewarded = None  # the net payments after which every reward is 0.0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._info_mask = self._info_agent = None
        self._select()
        self._show_mask(self.round)

    def _select(self) -> None:
        to_act = self._round().to_act
        if to_act:
            self.agent_selection = _AGENTS[to_act[0]]

    def _show_mask(self, round_: Round) -> None:
        """Put the selected agent's action mask in its info (PettingZoo's loop reads it there or in
        the observation), and take the mask out of the info of the agent that had one before; no
        mask once the round is over or truncated."""
        shown = self._info_agent
        if shown is not None and shown in self.infos:
            self.infos[shown] = {}
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._info_mask = self._info_agent = None
            return
        # Indexed here rather than through _indexed: the round is this step's, the cache stale.
        indexed = self.encoding.indexed(round_.legal_actions(self._seat_of[agent]))
        mask = indexed.mask(self._mask_size)
        self._index_cache = (round_, agent, indexed)
        self.infos[agent] = {"action_mask": mask}
        self._info_mask = (round_, agent, mask)
        self._info_agent = agent

    def legal_actions(self, agent: str | None = None) -> Sequence[Action]:
        """The legal actions of ``agent`` (the selected agent by default) now."""
        round_ = self._round()
        return round_.legal_actions(self._seat_of_agent(agent or self.agent_selection))  # none if not to act

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The selected agent (:attr:`agent_selection`) while any agent is left, at most
        ``max_iter`` times, as PettingZoo's ``agent_iter`` (a generator: PettingZoo's iterator
        costs a Python call per step)."""
        left = max_iter
        while self.agents and left > 0:
            left -= 1
            yield self.agent_selection

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` sees now (:func:`observation_array`) and the mask of its legal actions."""
        round_ = self.round
        if round_ is None:
            raise RuntimeError("call reset() before using the environment")
        shown = self._info_mask
        if shown is not None and shown[0] is round_ and shown[1] == agent:
            self._info_mask = None  # the info's mask is handed out once: a later observe makes its own
            mask = shown[2]
        else:
            mask = self._indexed(agent).mask(self._mask_size)
        return {"observation": self._read_observation(round_, self._seat_of[agent], self.seats), "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """The whole table now, for a centralized critic (PettingZoo's ``state``): a float32
        array laid out as :data:`GLOBAL_STATE_ROWS` says, in :attr:`state_space`. Every seat's
        concealed tiles are in it, as no agent's observation has them; the wall's order is not.
        An agent's observation stays its own seat's view."""
        round_ = self._round()
        seats = self.seats
        first = self._read_observation(round_, seats[0], seats)
        return np.concatenate((self._observer.concealed_rows(round_, seats), first[1:]))

    def _indexed(self, agent: str) -> LegalIndexes:
        """The agent's legal actions now by index, worked out once for the mask and the step."""
        round_ = self._round()
        cached = self._index_cache
        if cached is not None and cached[0] is round_ and cached[1] == agent:
            return cached[2]
        try:  # inline, not _seat_of_agent: a call fewer at every step
            seat = self._seat_of[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None
        found = self.encoding.indexed(round_.legal_actions(seat))  # none if not to act
        self._index_cache = (round_, agent, found)
        return found

    def step(self, action: int | np.integer[Any] | npt.NDArray[np.integer[Any]] | None) -> None:
        """Apply the selected agent's action, given by its index (``None`` for an agent that has
        terminated, as PettingZoo's loop does).

        Raises:
            IllegalActionError: the index is not that of a legal action (the mask's zeros); the
                environment is unchanged.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(Reason("illegal-index", "a live agent's action is an index, not None"))
        index = action if type(action) is int else int(action) if type(action) is _INT64 else _action_index(action)
        round_ = self.round
        if round_ is None:
            raise RuntimeError("call reset() before using the environment")
        cached = self._index_cache  # as in observe, without a call
        if cached is not None and cached[0] is round_ and cached[1] == agent:
            indexed = cached[2]
        else:
            indexed = self._indexed(agent)
        listed = indexed._actions  # most steps' actions are listed: read here, without a call
        chosen = listed.get(index) if listed is not None else indexed.action(index)
        if chosen is None:
            chosen = self.encoding.decode(index, self.legal_actions(agent))  # raises, saying why
        self.round = round_ = round_.apply(chosen)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        # Every agent's reward is set here, so PettingZoo's _clear_rewards and
        # _accumulate_rewards (two more passes over the agents) are folded into this one.
        over = round_.is_over
        # A family paying only at the end (its rounds keep no transfers) has paid nothing before:
        # not asked, since looking up a missing attribute raises and catches an error each step.
        net = self._net_of(round_) if over or self._pays_in_play else _NOTHING_PAID
        if net is not self._rewarded:  # else every reward is already 0.0 and nothing accumulates
            paid, rewards, cumulative = self._paid, self.rewards, self._cumulative_rewards
            changed = False
            for other in self.agents:
                seat = self._seat_of[other]
                now = net.get(seat, 0)
                rewards[other] = reward = float(now - paid[seat])
                cumulative[other] += reward
                paid[seat] = now
                changed = changed or reward != 0.0
            # The same net payments next step reward nothing, which the rewards now say already
            # only if this step rewarded nothing either.
            self._rewarded = net if not changed else None
        if over:
            for other in self.agents:
                self.terminations[other] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            to_act = round_.to_act
            if to_act:
                self.agent_selection = _AGENTS[to_act[0]]
        self._show_mask(round_)
        if self.render_mode == "human":
            self.render()

    def _net_of(self, round_: Round) -> Mapping[Seat, int]:
        """:func:`_net_payments` of ``round_``, kept while a round under way pays nothing new (its
        tuple of transfers is the same object)."""
        transfers = getattr(round_, "transfers", None)
        if transfers is None or round_.is_over:
            return _net_payments(round_)
        kept = self._net_kept
        if kept is not None and kept[0] is transfers:
            return kept[1]
        net = _net_payments(round_)
        self._net_kept = (transfers, net)
        return net

    def render(self) -> str | None:
        """The round as text (``render_mode="ansi"``), or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def text(self) -> str:
        """The round as text: each seat's concealed tiles, exposures and discards (``*`` marks the
        seats to act), the last action, and the end."""
        round_ = self._round()
        lines = [f"{self.ruleset.name}, seed {round_.seed}, {len(round_.actions)} actions"]
        for seat in self.seats:
            seen = round_.observation(seat)
            hand = " ".join(str(tile) for tile in sorted(_concealed(seen)))
            shown = [str(meld) for meld in seen.get("exposed", {}).get(seat, ())]
            shown += [str(tile) for tile in _tiles_of(seen.get("bonus", {}).get(seat))]
            discards = " ".join(str(tile) for tile in _discards(seen, seat))
            marker = "*" if seat in round_.to_act else " "
            lines.append(f"{marker} {seat.name.title():<5} {hand}  {' '.join(shown)}  | {discards}".rstrip())
        if round_.actions:
            lines.append(f"last: {round_.actions[-1]}")
        if round_.result is not None:
            winner = round_.result.winner
            lines.append(f"over: {winner.name.title() + ' wins' if winner else 'wall game'}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(ruleset: Ruleset | str = "flex", **options: Any) -> MahjongEnv:
    """The environment of ``ruleset`` without PettingZoo's wrappers: ``MahjongEnv(ruleset,
    **options)``."""
    return MahjongEnv(ruleset, **options)


def env(ruleset: Ruleset | str = "flex", **options: Any) -> CheckedEnv:
    """The environment of ``ruleset`` (``"flex"``, ``"card-free"``, ``"nmjl"`` or
    ``"singapore"``, or a ruleset of one of them; ``options`` are the ruleset's options, with
    ``render_mode`` and ``max_steps``), with PettingZoo's checks of calls in order (no step
    before a reset) and of actions in bounds: a PettingZoo ``OrderEnforcingWrapper``
    (:class:`CheckedEnv`) whose calls at every step reach the
    environment directly, so that the checks cost little (see ``docs/performance.rst``)."""
    return CheckedEnv(raw_env(ruleset, **options))
