"""A greedy bot, written from scratch on the library's analysis, playing rounds against random
players: it declares Mahjong whenever it can, calls a discard only to win, and otherwise discards
the tile that leaves its hand fewest tiles away (``ruleset.tiles_away``).

    python examples/greedy_bot.py [--ruleset flex] [--rounds 10] [--seed 1]

An agent is a function ``agent(view) -> action``, given only what its seat may see (its hand, its
legal actions, the table); ``play`` asks each seat's agent in turn until the round ends.
"""

from __future__ import annotations

import argparse
import random
import sys

import mahjong_rules as mr
from mahjong_rules.engine import Action, ActionKind, new_round, play, random_agent
from mahjong_rules.engine.view import PlayerView


def tiles_away(ruleset: mr.Ruleset, hand: mr.Hand) -> int:
    try:
        return ruleset.tiles_away(hand)
    except (mr.UnreachableError, mr.HandSizeError):
        return 99


def greedy(view: PlayerView) -> Action:
    """Mahjong if possible; else the discard that keeps the hand closest; else the first choice
    that gives nothing away (passing on a discard, keeping jokers in a Charleston)."""
    for action in view.legal:
        if action.kind is ActionKind.MAHJONG:
            return action
    discards = [action for action in view.legal if action.kind is ActionKind.DISCARD]
    if discards:
        return min(discards, key=lambda action: tiles_away(view.ruleset, view.hand.discard(action.tiles[0])))
    passes = [action for action in view.legal if action.kind is ActionKind.PASS]
    if passes:
        return passes[0]
    return view.legal[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="flex")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    totals: dict[mr.Seat, int] = {}
    wins = 0
    for number in range(args.rounds):
        seed = args.seed * 1000 + number
        round_ = new_round(args.ruleset, seed=seed)
        rng = random.Random(seed)
        agents = {seat: random_agent(rng) for seat in round_.ruleset.seats}  # type: ignore[attr-defined]
        agents[mr.Seat.EAST] = greedy
        done = play(round_, agents, seed=seed)
        result = done.result
        assert result is not None
        winner = "wall game" if result.winner is None else f"{result.winner.name.title()} wins"
        wins += result.winner is mr.Seat.EAST
        for seat, amount in result.payments.items():
            totals[seat] = totals.get(seat, 0) + amount
        print(f"round {number + 1}: {winner} after {len(done.actions)} actions")
    print(f"the greedy bot (East) won {wins} of {args.rounds} rounds")
    print("totals: " + ", ".join(f"{seat.name.title()} {amount:+d}" for seat, amount in totals.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
