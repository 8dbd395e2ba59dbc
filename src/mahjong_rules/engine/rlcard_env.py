"""Rounds as RLCard environments: RLCard's agents (its DQN, NFSP and random agents) and its loop
(``env.run``, ``rlcard.utils.tournament``) on every ruleset's rounds, beside RLCard's own
mahjong game.

Importing this module registers an RLCard id for each ruleset family (:data:`RLCARD_IDS`), so
``rlcard.make`` builds the environment; ``game_options`` in its config are the ruleset's options.
The state RLCard's agents read holds the same observation and legal indexes as the PettingZoo
environment's (:mod:`mahjong_rules.engine.rl`), the seat's view as the raw observation, and its
legal actions as the raw ones. The payoffs are the seats' net payments, which sum to zero.

>>> import rlcard
>>> from rlcard.agents import RandomAgent
>>> from mahjong_rules.engine.bots import greedy_agent
>>> from mahjong_rules.engine.rlcard_env import rlcard_agent
>>> env = rlcard.make("mahjong-rules-singapore", config={"seed": 3})
>>> env.num_players, env.num_actions, env.state_shape[0]
(4, 1981, [11, 49])
>>> env.set_agents([rlcard_agent(greedy_agent())] + [RandomAgent(env.num_actions) for _ in range(3)])
>>> trajectories, payoffs = env.run(is_training=False)
>>> float(payoffs.sum())
0.0

This module needs the ``rlcard`` extra (``pip install '.[rlcard]'`` from a clone).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, overload

from mahjong_rules._coerce import describe
from mahjong_rules.engine import new_round
from mahjong_rules.engine.core import Action, Round, _checked_seed
from mahjong_rules.engine.rl import (
    OBSERVATION_ROWS,
    ActionEncoding,
    LegalIndexes,
    _action_index,
    _net_payments,
    _Observer,
    observation_array,
)
from mahjong_rules.engine.selfplay import Agent, chosen_by
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import ArgumentError
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Ruleset
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat

try:
    import numpy as np
    import numpy.typing as npt
    import rlcard.envs.registration
    from rlcard.envs import Env
except ImportError as error:  # pragma: no cover - the extra is installed wherever the tests run
    raise ImportError(
        "mahjong_rules.engine.rlcard_env needs the 'rlcard' extra: pip install '.[rlcard]' from a clone "
        f"(RLCard, with PettingZoo, Gymnasium and NumPy); {error}"
    ) from error

__all__ = ["RLCARD_IDS", "LegalActions", "RLCardEnv", "RoundGame", "rlcard_agent", "rlcard_policy"]

_SEEDS = 2**31
_DEFAULT_CONFIG: dict[str, Any] = {"allow_step_back": False, "seed": None}


class RoundGame:
    """A round of ``ruleset`` as the game an RLCard environment drives: players are numbered
    from 0 in turn order (:attr:`seats`), the current player is the first seat of the round's
    ``to_act``, and an action is one of the round's :class:`~mahjong_rules.engine.Action`.
    Rounds are values, so :meth:`step_back` returns exactly to the round before."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.encoding = ActionEncoding(ruleset)
        self.seats: tuple[Seat, ...] = self.encoding.seats
        self.np_random: np.random.RandomState | None = None
        """Set by the environment's ``seed``; each deal draws its round's seed from it."""
        self.allow_step_back = False
        self.round: Round | None = None
        self.history: list[Round] = []
        """The rounds before each step, kept while :attr:`allow_step_back` is on."""
        self._observer = _Observer()
        self._index_cache: tuple[Round, Seat, LegalIndexes] | None = None

    def init_game(self) -> tuple[dict[str, Any], int]:
        """Deal a new round, seeded from :attr:`np_random`: the first player's state and number."""
        if self.np_random is None:
            self.np_random = np.random.RandomState()
        self.round = new_round(self.ruleset, seed=int(self.np_random.randint(_SEEDS)))
        self.history = []
        player = self.get_player_id()
        return self.get_state(player), player

    def step(self, action: Action) -> tuple[dict[str, Any], int]:
        """Apply ``action``: the next player's state and number.

        Raises:
            IllegalActionError: ``action`` is not legal now (the round is unchanged).
            TypeError: ``action`` is not an :class:`~mahjong_rules.engine.Action`.
        """
        round_ = self._round()
        if not isinstance(action, Action):
            raise TypeError(f"a raw action is an Action (one of the state's raw_legal_actions), not {describe(action)}")
        after = round_.apply(action)
        if self.allow_step_back:
            self.history.append(round_)
        self.round = after
        player = self.get_player_id()
        return self.get_state(player), player

    def step_back(self) -> bool:
        """Return to the round before the last step; ``False`` at the deal (nothing to undo)."""
        if not self.history:
            return False
        self.round = self.history.pop()
        return True

    def get_num_players(self) -> int:
        return len(self.seats)

    def get_num_actions(self) -> int:
        return self.encoding.size

    def get_player_id(self) -> int:
        """The number of the first seat to act; once the round is over, of the seat that acted
        last."""
        round_ = self._round()
        to_act = round_.to_act
        if to_act:
            return self.seats.index(to_act[0])
        return self.seats.index(round_.actions[-1].seat) if round_.actions else 0

    def is_over(self) -> bool:
        return self._round().is_over

    def get_state(self, player_id: int) -> dict[str, Any]:
        """What player ``player_id`` may see now: ``"view"``, its
        :class:`~mahjong_rules.engine.view.PlayerView`; ``"observation"``, the PettingZoo
        environment's array of it; ``"legal"``, its legal actions by index (none when it has
        nothing to do)."""
        round_ = self._round()
        seat = self.seat_of(player_id)
        return {
            "view": round_.view(seat),
            "observation": self._observer.array(round_, seat, self.seats),
            "legal": self.indexed(seat),
        }

    def indexed(self, seat: Seat) -> LegalIndexes:
        """``seat``'s legal actions now, by index (worked out once a moment)."""
        round_ = self._round()
        cached = self._index_cache
        if cached is not None and cached[0] is round_ and cached[1] is seat:
            return cached[2]
        found = self.encoding.indexed(round_.legal_actions(seat))
        self._index_cache = (round_, seat, found)
        return found

    def seat_of(self, player_id: object) -> Seat:
        """The seat of player number ``player_id``.

        Raises:
            ArgumentError: no player has that number.
        """
        if type(player_id) is not int and not isinstance(player_id, np.integer):
            raise ArgumentError(f"a player is a number from 0 to {len(self.seats) - 1}, not {player_id!r}")
        if not 0 <= player_id < len(self.seats):
            raise ArgumentError(f"no player {player_id}: the players are 0 to {len(self.seats) - 1}")
        return self.seats[int(player_id)]

    def _round(self) -> Round:
        if self.round is None:
            raise RuntimeError("call reset() before using the environment")
        return self.round


class RLCardEnv(Env):  # type: ignore[misc]
    """A round of a ruleset as an RLCard environment (an ``rlcard.envs.Env``).

    ``config`` is RLCard's: ``"seed"`` and ``"allow_step_back"`` (both optional here), and this
    environment's own, ``"game_ruleset"`` (a ruleset or its name; the registered ids set it) and
    ``"game_options"`` (the ruleset's options, with a name). Each agent's state is a dict:

    - ``"obs"``: the float32 array of shape ``(11, 49)`` the PettingZoo environment observes
      (:data:`~mahjong_rules.engine.rl.OBSERVATION_ROWS`);
    - ``"legal_actions"``: an ``OrderedDict`` whose keys are the indexes of the seat's legal
      actions in :attr:`encoding`, as RLCard's agents read them;
    - ``"raw_obs"``: the seat's :class:`~mahjong_rules.engine.view.PlayerView`;
    - ``"raw_legal_actions"``: its legal actions, the i-th the action of the i-th legal index
      (:class:`LegalActions`, a sequence making each when it is read);
    - ``"action_record"``: RLCard's record of the actions so far.

    :meth:`get_payoffs` gives each player's net payment in the round (Singapore's instant payments
    included), summing to zero. Players are numbered from 0 in turn order (:attr:`seats`).
    """

    default_ruleset = "flex"

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        """The environment of ``config`` (RLCard's settings and the game's, as above).

        Raises:
            TypeError: ``config`` is not a mapping, or ``game_ruleset`` is neither a ruleset nor
                a name.
            ArgumentError: ``allow_step_back`` is not a bool, ``game_options`` is not a mapping,
                the seed is not a whole number of 0 or more, or ``game_ruleset`` is of another
                family than the id's.
            OptionError: an option the ruleset does not have, or a value it does not take.
        """
        if config is not None and not isinstance(config, Mapping):
            raise TypeError(f"an RLCard config is a mapping of its settings, not {describe(config)}")
        settings = {**_DEFAULT_CONFIG, **(config or {})}
        if not isinstance(settings["allow_step_back"], bool):
            raise ArgumentError(f"allow_step_back is True or False, not {describe(settings['allow_step_back'])}")
        options = settings.get("game_options") or {}
        if not isinstance(options, Mapping):
            raise ArgumentError(f"game_options is a mapping of the ruleset's options, not {type(options).__name__}")
        ruleset = _as_ruleset(settings.get("game_ruleset", self.default_ruleset), dict(options))
        if type(self) is not RLCardEnv and ruleset.name != self.default_ruleset:
            raise ArgumentError(
                f"this id's environment plays {self.default_ruleset}, not {ruleset.name}: "
                f"use mahjong-rules-{ruleset.name} or leave game_ruleset out"
            )
        self.name = f"mahjong-rules-{ruleset.name}"
        self.ruleset: Ruleset = ruleset
        self.game = RoundGame(ruleset)
        super().__init__(settings)
        self.encoding: ActionEncoding = self.game.encoding
        self.seats: tuple[Seat, ...] = self.game.seats
        self.state_shape = [[len(OBSERVATION_ROWS), NUM_TILE_KINDS] for _ in self.seats]
        self.action_shape: list[Any] = [None for _ in self.seats]

    def seed(self, seed: int | None = None) -> int:
        """Seed the deals (RLCard's ``seed``): from the system with ``None``.

        Raises:
            ArgumentError: ``seed`` is not ``None`` or a whole number of 0 or more.
        """
        return int(super().seed(None if seed is None else _checked_seed(seed)))

    def _extract_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return _rlcard_state(state["view"], state["observation"], state["legal"], self.action_recorder)

    def _decode_action(self, action_id: object) -> Action:
        """The current player's legal action of index ``action_id``.

        Raises:
            IllegalActionError: ``action_id`` is not the index of a legal action now.
        """
        index = _action_index(action_id)
        seat = self.game.seat_of(self.game.get_player_id())
        legal = self.game.indexed(seat)
        chosen = legal.action(index)
        if chosen is None:
            return self.encoding.decode(index, self.game._round().legal_actions(seat))  # raises, saying why
        return chosen

    def _get_legal_actions(self) -> OrderedDict[int, None]:
        """The current player's legal indexes, as the state's ``"legal_actions"``."""
        legal = self.game.indexed(self.game.seat_of(self.game.get_player_id()))
        return OrderedDict.fromkeys(legal.indexes.tolist())

    def get_payoffs(self) -> npt.NDArray[np.float64]:
        """Each player's net payment so far (all of them once the round is over)."""
        net = _net_payments(self.game._round())
        return np.array([float(net.get(seat, 0)) for seat in self.seats])

    def get_perfect_information(self) -> dict[str, Any]:
        """The whole table now: each player's concealed tiles (as notation), the current player,
        its legal actions, and the round itself."""
        round_ = self.game._round()
        player = self.game.get_player_id()
        return {
            "hand_cards": [[str(tile) for tile in round_.view(seat).hand.concealed] for seat in self.seats],
            "current_player": player,
            "legal_actions": [str(action) for action in round_.legal_actions(self.seats[player])],
            "round": round_,
        }


def _rlcard_state(
    view: PlayerView, observation: npt.NDArray[np.float32], legal: LegalIndexes, record: list[Any]
) -> dict[str, Any]:
    """The state RLCard's agents read, of a seat's ``view``, ``observation`` and ``legal``
    indexes: the i-th raw legal action is the action of the i-th legal index, as RLCard's
    agents pair them."""
    indexes = legal.indexes.tolist()
    return {
        "obs": observation,
        "legal_actions": OrderedDict.fromkeys(indexes),
        "raw_obs": view,
        "raw_legal_actions": LegalActions(legal, indexes),
        "action_record": record,
    }


class LegalActions(Sequence[Action]):
    """A seat's legal actions in the order of their indexes (a state's ``"legal_actions"``), each
    made when it is read: in a Charleston a seat has hundreds of passes, which an agent reading
    only the indexes never needs as actions."""

    __slots__ = ("_indexes", "_legal")

    def __init__(self, legal: LegalIndexes, indexes: list[int]) -> None:
        self._legal = legal
        self._indexes = indexes

    def __len__(self) -> int:
        return len(self._indexes)

    @overload
    def __getitem__(self, position: int) -> Action: ...

    @overload
    def __getitem__(self, position: slice) -> list[Action]: ...

    def __getitem__(self, position: int | slice) -> Action | list[Action]:
        if isinstance(position, slice):
            return [self._action(index) for index in self._indexes[position]]
        return self._action(self._indexes[position])

    def _action(self, index: int) -> Action:
        action = self._legal.action(index)
        assert action is not None, "every index listed is a legal action's"
        return action

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


class _RLCardAgent:
    """:func:`rlcard_agent`'s agent."""

    use_raw = True

    def __init__(self, agent: Agent) -> None:
        self.agent = agent

    def step(self, state: Mapping[str, Any]) -> Action:
        view = state.get("raw_obs") if isinstance(state, Mapping) else None
        if not isinstance(view, PlayerView):
            raise ArgumentError(f"an RLCard state of this library holds a PlayerView as raw_obs, not {view!r}")
        return chosen_by(self.agent, view)

    def eval_step(self, state: Mapping[str, Any]) -> tuple[Action, dict[str, Any]]:
        return self.step(state), {}


def rlcard_agent(agent: Agent) -> Any:
    """An RLCard agent playing as ``agent`` does (a ``(view) -> action`` callable: the library's
    bots, a :func:`~mahjong_rules.engine.single_agent.model_policy`...), given the seat's view
    from the state's ``"raw_obs"``: it takes raw actions (``use_raw``), as RLCard's human agents
    do.

    >>> from mahjong_rules.engine.bots import greedy_agent
    >>> rlcard_agent(greedy_agent()).use_raw
    True
    """
    if not callable(agent):
        raise TypeError(f"an agent is a callable taking a PlayerView, not {type(agent).__name__}")
    return _RLCardAgent(agent)


class _RLCardPolicy:
    """:func:`rlcard_policy`'s policy."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self._encoding: ActionEncoding | None = None

    def __call__(self, view: PlayerView) -> Action:
        encoding = self._encoding
        if encoding is None or (encoding.ruleset is not view.ruleset and encoding.ruleset != view.ruleset):
            encoding = self._encoding = ActionEncoding(view.ruleset)
        legal = encoding.indexed(view.legal)
        state = _rlcard_state(view, observation_array(view, encoding.seats), legal, [])
        if getattr(self.agent, "use_raw", False):
            chosen = self.agent.eval_step(state)[0]
            if not isinstance(chosen, Action):
                raise TypeError(f"a raw RLCard agent returned {type(chosen).__name__}, not an Action")
            return chosen
        return encoding.chosen(legal, self.agent.eval_step(state)[0], "the RLCard agent", view.seat)


def rlcard_policy(agent: Any) -> Agent:
    """A ``(view) -> action`` policy playing as an RLCard agent does (a trained ``DQNAgent``, an
    ``NFSPAgent``...), asked by its ``eval_step`` with the state this module's environment would
    give the seat: so it plays in :func:`~mahjong_rules.engine.play`, as an opponent of
    :class:`~mahjong_rules.engine.single_agent.SingleAgentEnv`, or as a bot.

    >>> from rlcard.agents import RandomAgent
    >>> from mahjong_rules.engine import new_round, play
    >>> round_ = new_round("flex", seed=2)
    >>> policy = rlcard_policy(RandomAgent(num_actions=17_808))
    >>> play(round_, dict.fromkeys(round_.seats, policy), seed=2).is_over
    True

    Raises (when asked):
        IllegalActionError: the agent chose an index that is not legal for the seat now.
    """
    if not callable(getattr(agent, "eval_step", None)):
        raise TypeError(f"an RLCard agent has an eval_step(state) method; {type(agent).__name__} has none")
    return _RLCardPolicy(agent)


class _Flex(RLCardEnv):
    default_ruleset = "flex"


class _CardFree(RLCardEnv):
    default_ruleset = "card-free"


class _Nmjl(RLCardEnv):
    default_ruleset = "nmjl"


class _Singapore(RLCardEnv):
    default_ruleset = "singapore"


RLCARD_IDS = {
    "mahjong-rules-flex": _Flex,
    "mahjong-rules-card-free": _CardFree,
    "mahjong-rules-nmjl": _Nmjl,
    "mahjong-rules-singapore": _Singapore,
}
"""The RLCard ids of :class:`RLCardEnv`, one per ruleset family, registered when this module is
imported: ``rlcard.make("mahjong-rules-card-free", config={"seed": 1, "game_options":
{...}})``."""


def _register() -> None:
    specs = rlcard.envs.registration.registry.env_specs
    for env_id, cls in RLCARD_IDS.items():
        if env_id not in specs:  # a module imported again registers nothing twice
            rlcard.envs.registration.register(env_id, f"{__name__}:{cls.__name__}")


_register()
