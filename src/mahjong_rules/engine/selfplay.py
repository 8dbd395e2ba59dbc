"""Self-play: rounds played to the end by agents (random ones by default), with the invariants
checked after every action: tiles conserved, hand sizes right, every Mahjong valid under the
ruleset, payments summing to zero."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.engine.core import Action, IllegalActionError, Round
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import ArgumentError, MahjongError
from mahjong_rules.ruleset import Reason
from mahjong_rules.tiles import Seat, Tile

__all__ = ["Agent", "InvariantError", "check_invariants", "chosen_by", "nothing_to_choose", "play", "random_agent"]

Agent = Callable[[PlayerView], Action]
"""Chooses one of a seat's legal actions from what the seat may see: ``agent(view) -> action``,
one of ``view.legal`` (:class:`~mahjong_rules.engine.view.PlayerView`)."""

MAX_ACTIONS = 5_000


class InvariantError(MahjongError, AssertionError):
    """A round broke an invariant: a bug in the engine, never the players' fault."""


def random_agent(rng: random.Random) -> Agent:
    """An agent choosing uniformly among the legal actions, with ``rng`` (it pickles, with its
    generator's state)."""
    return _RandomAgent(rng)


class _RandomAgent:
    """:func:`random_agent`'s agent: an object, not a closure, so that it pickles."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, view: PlayerView) -> Action:
        legal = view.legal
        if not legal:
            raise nothing_to_choose(view)
        return self.rng.choice(legal)


def nothing_to_choose(view: PlayerView) -> IllegalActionError:
    """The error for an agent asked to choose from a view with no legal action: the round is over
    (``round-over``) or the seat is not to act (``not-to-act``), as the round says of an action
    of that seat then."""
    seat = view.seat.name.title()
    if view.result is not None:
        return IllegalActionError(Reason("round-over", f"the round is over: {seat} has nothing to choose"))
    waiting = ", ".join(each.name.title() for each in view.to_act)
    return IllegalActionError(Reason("not-to-act", f"{seat} has nothing to choose now; waiting for {waiting}"))


def chosen_by(agent: Agent, view: PlayerView) -> Action:
    """What ``agent`` chooses for ``view``'s seat, checked to be an :class:`Action` of that seat
    (whether it is legal is the round's to say when it is applied).

    Raises:
        TypeError: the agent returned something other than an action.
        IllegalActionError: the agent chose for another seat (``wrong-seat``).
    """
    action = agent(view)
    if not isinstance(action, Action):
        seat = view.seat.name.title()
        raise TypeError(f"{seat}'s agent returned {describe(action)}, not an Action (one of its view's legal actions)")
    if action.seat is not view.seat:
        seat = view.seat.name.title()
        reason = Reason("wrong-seat", f"{seat}'s agent chose for {action.seat.name.title()}: {action}")
        raise IllegalActionError(reason)
    return action


def check_invariants(round_: Round) -> None:
    """Raise :class:`InvariantError` if ``round_`` breaks an invariant: every tile of the tile set
    is somewhere exactly once, each hand has the size the round's moment gives it (the round's own
    ``check`` method), a seat not to act has no legal action, and a finished round's Mahjong is
    valid and its payments sum to zero."""
    held = Counter(tile.index for tile in round_.all_tiles())  # type: ignore[attr-defined]
    counts = round_.ruleset.tileset.counts
    wrong = {
        str(Tile.from_index(index)): held.get(index, 0) - count
        for index, count in enumerate(counts)
        if held.get(index, 0) != count
    }
    if wrong:
        raise InvariantError(f"tiles not conserved (found minus the tile set's): {wrong}")
    round_.check()  # type: ignore[attr-defined]
    for seat in round_.ruleset.seats:  # type: ignore[attr-defined]
        if seat not in round_.to_act and round_.legal_actions(seat):
            raise InvariantError(f"{seat.name.title()} is not to act but has legal actions")
    result = round_.result
    if result is not None:
        if sum(result.payments.values()) != 0:
            raise InvariantError(f"payments do not sum to zero: {dict(result.payments)}")
        winning = result.evaluations or ((result.evaluation,) if result.evaluation is not None else ())
        for evaluation in winning:
            again = round_.ruleset.evaluate(evaluation.hand, evaluation.context)
            if not again.is_winning:
                raise InvariantError(f"a Mahjong the ruleset does not accept: {evaluation.hand}")


def play(
    round_: Round,
    agents: Mapping[Any, Agent] | None = None,  # keys: seats or their notation
    *,
    seed: int = 0,
    check: bool = True,
) -> Round:
    """``round_`` played to its end: at each step the first seat of ``to_act`` chooses with its
    agent, given only what that seat may see (``round_.view(seat)``; random agents seeded with
    ``seed`` by default), checking the invariants after every action when ``check`` is true.
    ``agents`` maps seats (or their notation, ``"E"``, ``"east"``) to agents.

    Raises:
        InvariantError: the round broke an invariant.
        ArgumentError: ``agents`` names a seat twice or one not at the table.
        TypeError: ``round_`` is not a round, ``agents`` is no mapping of seats to callables, or
            an agent returned something other than an action.
        IllegalActionError: an agent chose an action the rules do not allow then, or one of
            another seat (``wrong-seat``).
    """
    if not isinstance(round_, Round):
        raise TypeError(f"play plays a round (new_round gives one), not {describe(round_)}")
    rng = random.Random(seed)
    chosen = _agents_by_seat(agents, round_)
    steps = 0
    if check:
        check_invariants(round_)
    while not round_.is_over:
        seat = round_.to_act[0]
        agent = chosen.get(seat)
        if agent is None:
            legal = round_.legal_actions(seat)
            if not legal:
                raise InvariantError(f"{seat.name.title()} must act but has no legal action")
            action = rng.choice(legal)  # what random_agent(rng) chooses, without building a view
        else:
            view = round_.view(seat)
            if not view.legal:
                raise InvariantError(f"{seat.name.title()} must act but has no legal action")
            action = chosen_by(agent, view)
        round_ = round_.apply(action)
        steps += 1
        if check:
            check_invariants(round_)
        if steps > MAX_ACTIONS:
            raise InvariantError(f"the round did not end in {MAX_ACTIONS} actions")
    return round_


def _agents_by_seat(agents: Mapping[Any, Agent] | None, round_: Round) -> dict[Seat, Agent]:
    """``agents`` by seat, each key a seat at ``round_``'s table and each value a callable."""
    if agents is None:
        return {}
    if not isinstance(agents, Mapping):
        raise TypeError(f"agents is a mapping from seats to agents, not {describe(agents)}")
    chosen = {as_seat(seat, "an agent's seat"): agent for seat, agent in agents.items()}
    if len(chosen) < len(agents):
        raise ArgumentError(f"agents name a seat twice: {', '.join(map(str, agents))}")
    seats: tuple[Seat, ...] = round_.seats  # type: ignore[attr-defined]
    for seat, agent in chosen.items():
        if seat not in seats:
            raise ArgumentError(f"agents name {seat.name.title()}, not at a table of {len(seats)}")
        if not callable(agent):
            raise TypeError(f"{seat.name.title()}'s agent is a callable (view) -> action, not {describe(agent)}")
    return chosen
