"""Simple bots for self-play: a greedy agent built on the ruleset's tiles away.

>>> from mahjong_rules.engine import new_round, play
>>> from mahjong_rules.engine.bots import greedy_agent
>>> round_ = new_round("flex", seed=4)
>>> finished = play(round_, dict.fromkeys(round_.seats, greedy_agent()), seed=4)
>>> finished.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable

from mahjong_rules.engine.core import Action, ActionKind
from mahjong_rules.engine.selfplay import Agent, nothing_to_choose
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import UnreachableError
from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import Ruleset
from mahjong_rules.tiles import Tile

__all__ = ["greedy_agent"]

_FAR = 99


def _away(ruleset: Ruleset, hand: Hand) -> int:
    try:
        return ruleset.tiles_away(hand)
    except UnreachableError:
        return _FAR


def _pass_cost(hand: Hand) -> Callable[[Action], tuple[int, int, int]]:
    """How much a pass gives away: the copies the hand holds of each tile passed (lonely tiles go
    first), jokers last, blind tiles counted as lonely ones; blanks are useless and go first."""

    def cost(action: Action) -> tuple[int, int, int]:
        jokers = sum(1 for tile in action.tiles if tile.is_joker)
        kept = sum(-1 if tile.is_blank else hand.concealed.count(tile) for tile in action.tiles)
        return (jokers, kept + action.count, -action.count)

    return cost


def _best_discard(ruleset: Ruleset, hand: Hand, discards: list[Action]) -> Action:
    """The discard leaving the fewest tiles away; ties go to a blank, then to the tile the hand
    holds fewest of, then to tile order. Jokers are kept unless nothing else is as good."""

    def score(action: Action) -> tuple[int, int, int, Tile]:
        tile = action.tiles[0]
        return (_away(ruleset, hand.discard(tile)), 0 if tile.is_blank else 1, tile.is_joker, tile)

    return min(discards, key=score)


def _helpful_call(ruleset: Ruleset, hand: Hand, calls: list[Action], tile: Tile | None) -> Action | None:
    """Singapore: a PONG or KONG of the discard ``tile`` that leaves the hand fewer tiles away."""
    if tile is None:
        return None
    now = _away(ruleset, hand)
    for call in calls:
        meld = call.meld
        if meld is not None and meld.is_identical and _away(ruleset, hand.with_meld(meld, called=tile)) < now:
            return call
    return None


def greedy_agent() -> Agent:
    """An agent that declares Mahjong whenever it may, calls a discard only for Mahjong (in
    Singapore also for a PONG or KONG that leaves its hand fewer tiles away), discards
    the tile that leaves its hand fewest tiles away (the ruleset's ``tiles_away``), passes its
    loneliest tiles in the Charleston, never swaps, and votes against the optional passes.

    It reads only what its seat may see (a :class:`~mahjong_rules.engine.view.PlayerView`), and
    pickles with whatever holds it (a training environment's opponents, a worker's copy).
    """
    return _GreedyAgent()


class _GreedyAgent:
    """:func:`greedy_agent`'s agent: an object, not a closure, so that it pickles."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "greedy_agent()"

    def __call__(self, view: PlayerView) -> Action:
        if not view.legal:
            raise nothing_to_choose(view)
        by_kind: dict[ActionKind, list[Action]] = {}
        for action in view.legal:
            by_kind.setdefault(action.kind, []).append(action)
        if ActionKind.MAHJONG in by_kind:
            return by_kind[ActionKind.MAHJONG][0]
        hand = view.hand
        if ActionKind.DISCARD in by_kind:
            return _best_discard(view.ruleset, hand, by_kind[ActionKind.DISCARD])
        if ActionKind.CALL in by_kind and view.ruleset.name == "singapore":
            call = _helpful_call(view.ruleset, hand, by_kind[ActionKind.CALL], view.on_offer)
            if call is not None:
                return call
        if ActionKind.PASS in by_kind:
            return by_kind[ActionKind.PASS][0]
        if ActionKind.CHARLESTON in by_kind:
            return min(by_kind[ActionKind.CHARLESTON], key=_pass_cost(hand))
        if ActionKind.VOTE in by_kind:
            return min(by_kind[ActionKind.VOTE], key=lambda action: (action.flag, action.count))
        return view.legal[0]
