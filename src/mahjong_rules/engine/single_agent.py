"""One learner seat against policies: a Gymnasium environment for single-agent trainers.

A learner plays one seat of a round; the other seats play *policies* (``"random"``,
``"greedy"`` or any ``(view) -> action`` callable, given only what its seat may see). After each of the
learner's actions the round runs on until the learner must act again or the round ends, so an
episode is one round and its rewards are the learner seat's payments: Singapore's instant
payments as they are paid, the win's settlement at the end, nothing lost after the learner's last
action. Trainers that mask invalid actions (sb3-contrib's ``MaskablePPO``) read
:meth:`SingleAgentEnv.action_masks`.

>>> from mahjong_rules.engine.single_agent import SingleAgentEnv
>>> env = SingleAgentEnv("singapore", opponents="greedy")
>>> observation, info = env.reset(seed=3)
>>> observation.shape
(11, 49)
>>> total = 0.0
>>> done = False
>>> while not done:
...     action = int(env.action_masks().nonzero()[0][0])
...     observation, reward, done, truncated, info = env.step(action)
...     total += reward
>>> total == env.round.result.payments[env.learner]
True

This module needs the ``rl`` extra (``pip install '.[rl]'`` from a clone).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from mahjong_rules._coerce import as_seat
from mahjong_rules.engine import new_round
from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.engine.core import Action, IllegalActionError, Round
from mahjong_rules.engine.rl import (
    OBSERVATION_ROWS,
    ActionEncoding,
    ActionSpace,
    LegalIndexes,
    _action_index,
    _checked_max_steps,
    _finite,
    _net_payments,
    _Observer,
    observation_array,
)
from mahjong_rules.engine.selfplay import Agent, chosen_by, nothing_to_choose
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import MahjongError, UnreachableError
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Ruleset
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
except ImportError as error:  # pragma: no cover - the extra is installed wherever the tests run
    raise ImportError(
        "mahjong_rules.engine.single_agent needs the 'rl' extra: pip install '.[rl]' from a clone "
        f"(Gymnasium and NumPy); {error}"
    ) from error

__all__ = ["GYMNASIUM_IDS", "Policy", "SingleAgentEnv", "model_policy"]

Policy = Callable[[PlayerView], Action]
"""A seat's way to choose: given what the seat may see (its legal actions among it), one of them."""

_POLICIES = ("random", "greedy")
_ILLEGAL = ("raise", "end")  # what an index the mask rules out does
_FAR = 14  # tiles away of a hand no valid hand keeps the exposures of (shaped reward only)


def _is_random(policy: object) -> bool:
    """Whether ``policy`` is the random one by name (a callable is compared with nothing)."""
    return isinstance(policy, str) and policy == "random"


class SingleAgentEnv(gymnasium.Env[Any, Any]):
    """A round of ``ruleset`` (a name with its ``options``, or a ruleset) in which the seat
    ``learner`` acts by action index and the other seats by ``opponents``.

    ``opponents`` is ``"random"`` (uniform over the legal actions, seeded by :meth:`reset`),
    ``"greedy"`` (:func:`~mahjong_rules.engine.bots.greedy_agent`), one callable for every other
    seat (given the seat's :class:`~mahjong_rules.engine.view.PlayerView`), or a mapping from
    seats to any of these. Seats, the learner's and the mapping's, are seats or their notation
    (``"S"``, ``"south"``).

    Observations are float32 arrays of shape ``(11, 49)`` laid out as
    :data:`~mahjong_rules.engine.rl.OBSERVATION_ROWS` says (the learner's view of the round);
    actions are indexes of :attr:`encoding`, legal exactly where :meth:`action_masks` is true.
    Each step's reward is the change in the learner seat's net payment since its last action; an
    episode's rewards add up to ``round.result.payments[learner]`` (0 in a wall game without
    instant payments). A round that ends before the learner ever acts (another seat wins on the
    first discards) is not an episode: :meth:`reset` deals again and counts it in
    ``info["rounds_skipped"]``.

    ``shaping`` (default 0) adds a *shaped* reward for trainers that need a signal before the
    end: ``shaping`` times how many tiles closer to Mahjong the learner's hand came (its
    ruleset's ``tiles_away`` before the learner's action and after the round ran on; 0 once it
    has won). It is a potential-based shaping (the potential being minus ``shaping`` times tiles
    away): over an episode it adds ``shaping`` times (tiles away at the start less tiles away at
    the end), and it changes no optimal policy. ``info["payment"]`` always holds the unshaped
    part of the step's reward, ``info["shaped"]`` the shaped one.

    The step that ends an episode (terminated or truncated) also says in ``info["tiles_away"]`` how
    far the learner's hand then was from Mahjong (0 if it won; ``None`` when its exposures rule
    every valid hand out): the figure to watch while an American learner still wins no rounds,
    shaped or not (Stable-Baselines3's ``Monitor(env, info_keywords=("tiles_away",))`` logs it
    per episode). Without shaping, measuring it is the episode's one ``tiles_away``: 3-7% of an
    episode's time with random play; with shaping, the shaped reward reads the same figure.

    With ``max_steps``, an episode still going after that many learner actions is truncated.

    An index the mask rules out is refused (``illegal="raise"``, the default): :meth:`step`
    raises :class:`~mahjong_rules.engine.IllegalActionError` and nothing changes. With
    ``illegal="end"``, it ends the episode instead, as a lost one: the round is left as it was,
    the step's reward is ``illegal_reward`` (payments are in the ruleset's units: scale it to
    them) plus any payment not yet rewarded, ``terminated`` is true and ``info["illegal"]`` says
    why. That is what checkers that step with unmasked random actions (Gymnasium's and
    Stable-Baselines3's ``check_env``) and trainers without masks need.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - read from the class by gymnasium.make

    def __init__(
        self,
        ruleset: Ruleset | str = "flex",
        *,
        learner: Seat | str = Seat.EAST,
        opponents: str | Policy | Mapping[Any, str | Policy] = "random",  # keys: seats or their notation
        shaping: float = 0.0,
        max_steps: int | None = None,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.ruleset: Ruleset = _as_ruleset(ruleset, options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.encoding = ActionEncoding(self.ruleset)
        self._index_cache: tuple[Round, LegalIndexes] | None = None
        self._observer = _Observer()
        self.seats: tuple[Seat, ...] = self.encoding.seats
        self.learner = self._seat(learner)
        self.shaping = _finite(shaping, "shaping")
        self.max_steps = _checked_max_steps(max_steps)
        if illegal not in _ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(map(repr, _ILLEGAL))}, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = _finite(illegal_reward, "illegal_reward")
        self._ended = False  # by an illegal index, with illegal="end"
        choices = self._opponents(opponents)
        shape = (len(OBSERVATION_ROWS), NUM_TILE_KINDS)
        high = np.full(shape, float(self.ruleset.tileset.total), dtype=np.float32)
        self.observation_space = gymnasium.spaces.Box(low=0.0, high=high, shape=shape, dtype=np.float32)
        self.action_space = ActionSpace(self.encoding.size)
        self._seeds = random.Random()
        # The other opponents are agents given their seat's view.
        self._agents: dict[Seat, Agent] = {
            seat: self._agent(policy) for seat, policy in choices.items() if not _is_random(policy)
        }
        self._random_seats = tuple(seat for seat, policy in choices.items() if _is_random(policy))
        self._draws: dict[Seat, random.Random] = {}  # the random opponents' generator, by seat
        self.round: Round | None = None
        self.steps = 0
        self._paid = 0
        self._away = 0

    # -- construction ------------------------------------------------------------------------

    def _seat(self, value: Seat | str, argument: str = "learner") -> Seat:
        """A seat at the table, given as a seat or in the library's seat notation (``"S"``,
        ``"south"``...)."""
        names = ", ".join(seat.name.lower() for seat in self.seats)
        try:
            seat = as_seat(value, argument)
        except (TypeError, ValueError) as error:
            raise ValueError(f"{argument} is one of the seats {names}, not {value!r}") from error
        if seat not in self.seats:
            raise ValueError(f"{argument} is one of the seats {names}, not {value!r}")
        return seat

    def _opponents(self, opponents: str | Policy | Mapping[Any, str | Policy]) -> dict[Seat, str | Policy]:
        others = [seat for seat in self.seats if seat is not self.learner]
        if isinstance(opponents, Mapping):
            chosen = {self._seat(seat, "an opponent's seat"): policy for seat, policy in opponents.items()}
            if len(chosen) < len(opponents):
                raise ValueError(f"opponents name a seat twice: {list(opponents)}")
            unknown = [seat for seat in chosen if seat not in others]
            if unknown:
                raise ValueError(f"opponents are the seats other than the learner's, not {unknown}")
            missing = [seat.name.lower() for seat in others if seat not in chosen]
            if missing:
                raise ValueError(f"opponents has no policy for {', '.join(missing)}")
        else:
            chosen = dict.fromkeys(others, opponents)
        for policy in chosen.values():
            if isinstance(policy, str) and policy not in _POLICIES:
                raise ValueError(f"a policy is one of {', '.join(_POLICIES)} or a callable, not {policy!r}")
            if not isinstance(policy, str) and not callable(policy):
                raise TypeError(f"a policy is a name or a callable, not {type(policy).__name__}")
        return chosen

    @staticmethod
    def _agent(policy: str | Policy) -> Agent:
        """The agent of a policy other than the random one (which draws without a view)."""
        if policy == "greedy":
            return greedy_agent()
        assert callable(policy)
        return policy

    # -- the Gymnasium interface -------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a new round and run it until the learner must act. A seed seeds the round and the
        random opponents; without one, they come from a generator seeded by the last seed given.
        ``options`` is accepted and unused."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        skipped = 0
        while True:
            round_seed = seed if seed is not None and skipped == 0 else self._seeds.randrange(2**31)
            rng = random.Random(round_seed)
            # The random opponents share the round's generator and choose as random_agent(rng)
            # would, without a view (_run_others).
            self._draws = dict.fromkeys(self._random_seats, rng)
            self.round = new_round(self.ruleset, seed=round_seed)
            self._run_others()
            if not self.round.is_over:
                break
            skipped += 1
        self.steps = 0
        self._ended = False
        self._paid = _net_payments(self.round).get(self.learner, 0)
        self._away = self._tiles_away()
        info = {"rounds_skipped": skipped, "payment": float(self._paid), "round_seed": round_seed}
        # Instant payments before the learner's first action are part of the episode's reward.
        self._opening = float(self._paid)
        return self._observe(), info

    def step(
        self, action: int | np.integer[Any] | npt.NDArray[np.integer[Any]]
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action (an index of :attr:`encoding`), run the other seats until the
        learner must act again or the round ends, and return (observation, reward, terminated,
        truncated, info).

        Raises:
            IllegalActionError: the index is not that of a legal action now (:meth:`action_masks`
                is false there), with ``illegal="raise"``; the environment is unchanged. An action
                that is not an index at all is refused so whatever ``illegal`` says. Also an
                opponent's policy choosing an illegal action, or one of another seat
                (``wrong-seat``).
            TypeError: an opponent's policy returned something other than an action.
            RuntimeError: the episode has ended (call :meth:`reset`).
        """
        round_ = self._round()
        if self._ended or round_.is_over or self.learner not in round_.to_act:
            raise RuntimeError("the episode has ended: call reset()")
        index = _action_index(action)
        chosen = self._indexed().action(index)
        if chosen is None:
            try:
                chosen = self.encoding.decode(index, round_.legal_actions(self.learner))  # raises, saying why
            except IllegalActionError as error:
                if self.illegal == "raise":
                    raise
                return self._end_illegally(error)
        self.round = round_.apply(chosen)
        self._run_others()
        self.steps += 1
        paid = _net_payments(self.round).get(self.learner, 0)
        payment = float(paid - self._paid) + self._opening
        self._opening = 0.0
        self._paid = paid
        terminated = self.round.is_over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        end = self._away_at_end() if terminated or truncated else None
        # The hand is measured once at the end: the shaping reads the same figure when there is one.
        away = end if self.shaping and end is not None else self._tiles_away()
        shaped = self.shaping * (self._away - away) if self.shaping else 0.0
        self._away = away
        info: dict[str, Any] = {"payment": payment, "shaped": shaped}
        if terminated or truncated:
            info["tiles_away"] = end
        return self._observe(), payment + shaped, terminated, truncated, info

    def _end_illegally(
        self, error: IllegalActionError
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The step of an index the mask rules out, with ``illegal="end"``: the episode ends, lost."""
        self._ended = True
        self.steps += 1
        payment, self._opening = self._opening, 0.0  # instant payments not yet rewarded
        info = {"payment": payment, "shaped": 0.0, "illegal": str(error), "tiles_away": self._away_at_end()}
        return self._observe(), payment + self.illegal_reward, True, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which action indexes are legal for the learner now (all false once the episode is over)."""
        if self._ended:
            return np.zeros(self.encoding.size, dtype=np.bool_)
        mask: npt.NDArray[np.bool_] = self._indexed().mask(self.encoding.size, dtype=np.bool_)
        return mask

    def _indexed(self) -> LegalIndexes:
        """The learner's legal actions now by index, worked out once for the mask and the step."""
        round_ = self._round()
        cached = self._index_cache
        if cached is None or cached[0] is not round_:
            legal = round_.legal_actions(self.learner) if self.learner in round_.to_act else ()
            cached = self._index_cache = (round_, self.encoding.indexed(legal))
        return cached[1]

    def render(self) -> str | None:
        """The round as text when ``render_mode="ansi"``."""
        if self.render_mode != "ansi":
            return None
        round_ = self._round()
        lines = [f"{self.ruleset.name}, seed {round_.seed}, learner {self.learner.name.title()}"]
        if round_.actions:
            lines.append(f"last: {round_.actions[-1]}")
        lines.append(f"tiles away: {self._away}")
        return "\n".join(lines)

    # -- running the round -------------------------------------------------------------------

    def _round(self) -> Round:
        if self.round is None:
            raise RuntimeError("call reset() before using the environment")
        return self.round

    def _run_others(self) -> None:
        """Let the other seats act until the learner must act or the round ends. When the
        learner and others must both answer (claims on a discard), the others answer first."""
        round_ = self._round()
        while not round_.is_over:
            others = [seat for seat in round_.to_act if seat is not self.learner]
            if not others:
                break
            seat = others[0]
            draw = self._draws.get(seat)
            if draw is not None:
                # What random_agent(rng) chooses, without building the seat's view (two fifths of
                # a step with random opponents): the view's legal actions are these.
                round_ = round_.apply(draw.choice(round_.legal_actions(seat)))
            else:
                round_ = round_.apply(chosen_by(self._agents[seat], round_.view(seat)))
        self.round = round_

    def _observe(self) -> npt.NDArray[np.float32]:
        return self._observer.array(self._round(), self.learner, self.seats)

    def _hand_away(self) -> int:
        """The learner's tiles away now: 0 once it has won, whether or not the hand the round
        shows holds the tile won on (an American win on a discard shows the 13 tiles before it,
        and Flex lets several seats win on one discard: American rounds list them all).

        Raises:
            UnreachableError: its exposures rule every valid hand out.
            MahjongError: its hand is not of a size to be measured.
        """
        round_ = self._round()
        result = round_.result
        if result is not None and (result.winner == self.learner or self.learner in getattr(round_, "winners", ())):
            return 0
        return int(self.ruleset.tiles_away(round_.hand(self.learner)))

    def _away_at_end(self) -> int | None:
        """:meth:`_hand_away` as the episode ends, ``None`` when it cannot be measured."""
        try:
            return self._hand_away()
        except MahjongError:  # UnreachableError among them
            return None

    def _tiles_away(self) -> int:
        """The learner's tiles away now (for the shaped reward only; 0 when shaping is off)."""
        if not self.shaping:
            return 0
        try:
            return self._hand_away()
        except UnreachableError:
            return _FAR
        except MahjongError:  # a hand of another size, mid-step: the last figure stands
            return self._away


def model_policy(model: object, *, deterministic: bool = True) -> Policy:
    """A trained model as a policy: a seat's opponent in :class:`SingleAgentEnv` (self-play against
    a frozen copy of the learner), an agent of :func:`~mahjong_rules.engine.play`, a bot.

    ``model`` chooses an action index as the learner did, from what the seat sees: the seat's
    observation (:func:`~mahjong_rules.engine.rl.observation_array`, the array the environment
    gives that seat) and the boolean mask of its legal actions (:meth:`SingleAgentEnv.action_masks`'
    form). It is either a trained model with sb3-contrib's ``predict(observation,
    action_masks=mask, deterministic=...)`` (``MaskablePPO``, whose first result is the index) or
    any callable ``(observation, mask) -> index``.

    >>> import numpy as np
    >>> from mahjong_rules.engine import new_round, play
    >>> def last_legal(observation, mask):  # a stand-in for a trained model
    ...     return int(np.flatnonzero(mask)[-1])
    >>> policy = model_policy(last_legal)
    >>> finished = play(new_round("singapore", seed=2), {seat: policy for seat in "ESWN"})
    >>> sum(finished.result.payments.values())
    0

    The policy raises :class:`~mahjong_rules.engine.IllegalActionError` (``illegal-index``) when the
    model's index is not a legal action of the seat (a model that ignores the mask), and as
    :func:`~mahjong_rules.engine.nothing_to_choose` says when the seat has nothing to choose.
    """
    return _ModelPolicy(model, deterministic)


class _ModelPolicy:
    """:func:`model_policy`'s policy: an object that pickles with its model."""

    __slots__ = ("_encoding", "deterministic", "model")

    def __init__(self, model: object, deterministic: bool) -> None:
        predict = getattr(model, "predict", None)
        if not callable(predict) and not callable(model):
            raise TypeError(f"a model has a predict method or is a callable, not {type(model).__name__}")
        self.model = model
        self.deterministic = deterministic
        self._encoding: ActionEncoding | None = None

    def __repr__(self) -> str:
        return f"model_policy({self.model!r}, deterministic={self.deterministic})"

    def _encoding_for(self, ruleset: Ruleset) -> ActionEncoding:
        """The encoding of ``ruleset``, checked against the model's action space when it says
        one (a model trained on another family would otherwise fail inside its own code)."""
        encoding = ActionEncoding(ruleset)
        size = getattr(getattr(self.model, "action_space", None), "n", None)
        if size is not None and int(size) != encoding.size:
            raise ValueError(
                f"the model acts in {int(size):,} actions, the {ruleset.name} encoding has {encoding.size:,}: "
                "it was trained on another family"
            )
        return encoding

    def __call__(self, view: PlayerView) -> Action:
        if not view.legal:
            raise nothing_to_choose(view)
        encoding = self._encoding
        if encoding is None or (encoding.ruleset is not view.ruleset and encoding.ruleset != view.ruleset):
            encoding = self._encoding = self._encoding_for(view.ruleset)
        legal = encoding.indexed(view.legal)
        observation = observation_array(view, encoding.seats)
        mask = legal.mask(encoding.size, dtype=np.bool_)
        predict = getattr(self.model, "predict", None)
        if callable(predict):
            chosen = predict(observation, action_masks=mask, deterministic=self.deterministic)[0]
        else:
            chosen = self.model(observation, mask)  # type: ignore[operator]
        return encoding.chosen(legal, chosen, "the model", view.seat)


GYMNASIUM_IDS = {
    "mahjong_rules/Flex-v0": "flex",
    "mahjong_rules/CardFree-v0": "card-free",
    "mahjong_rules/Nmjl-v0": "nmjl",
    "mahjong_rules/Singapore-v0": "singapore",
}
"""The Gymnasium ids of :class:`SingleAgentEnv`, one per ruleset family, registered when this module
is imported: ``gymnasium.make("mahjong_rules/Singapore-v0", opponents="greedy")`` passes its keyword
arguments (the learner, the opponents, the ruleset's options...) to the environment."""


def _register() -> None:
    for env_id, ruleset in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:  # a module imported again registers nothing twice
            gymnasium.register(env_id, entry_point=f"{__name__}:SingleAgentEnv", kwargs={"ruleset": ruleset})


_register()
