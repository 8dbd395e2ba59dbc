"""Play many rounds of every ruleset with random (and greedy) agents and check the invariants after
every action: tiles conserved, hand sizes right, every Mahjong valid under the ruleset, payments
summing to zero. The tests play a modest number; this script plays as many as you like.

    python scripts/selfplay.py [--rounds 1000] [--ruleset flex] [--seed 2026] [--greedy]

Exits 1 and prints the seed and the replay of the first round that breaks an invariant.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_rules.engine import InvariantError, Replay, new_round, play
from mahjong_rules.engine.bots import greedy_agent

RULESETS = ("flex", "card-free", "nmjl", "singapore")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--ruleset", choices=RULESETS, action="append")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--greedy", action="store_true", help="every seat plays the greedy bot")
    args = parser.parse_args()
    for name in args.ruleset or RULESETS:
        outcomes: Counter[str] = Counter()
        started = time.perf_counter()
        for number in range(args.rounds):
            seed = args.seed * 100_000 + number
            round_ = new_round(name, seed=seed)
            agents = {seat: greedy_agent() for seat in round_.ruleset.seats} if args.greedy else None  # type: ignore[attr-defined]
            try:
                done = play(round_, agents, seed=seed, check=True)
            except InvariantError as error:
                print(f"{name}, seed {seed}: {error}", file=sys.stderr)
                return 1
            outcomes["won" if done.result is not None and done.result.winner is not None else "wall game"] += 1
            if number == 0:
                assert Replay.from_json(Replay.of(done).to_json()).play().actions == done.actions
        elapsed = time.perf_counter() - started
        agents_name = "greedy" if args.greedy else "random"
        print(
            f"{name:<10} {args.rounds} rounds ({agents_name} agents, invariants checked after every action) "
            f"in {elapsed:.1f} s: {dict(outcomes)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
