"""A table run over the JSON-lines protocol, as a program in any language would run it.

The referee is ``mahjong-rules serve``, started once as a child process; this script only writes
JSON lines to it and reads JSON lines back, so the same loop works from JavaScript, Rust or Go.
The round travels as its record: ``deal`` answers it, each ``act`` answers the next one, and each
request sends the latest back (the server keeps nothing between requests). At every moment the
seat to act is sent its view (what it may see, its legal actions among it) and answers with one
of them; here the bots choose at random, seeded.

    python examples/protocol_table.py --ruleset singapore --seed 3
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from typing import Any


class Referee:
    """The server process, one JSON line out and one in per request."""

    def __init__(self) -> None:
        command = [sys.executable, "-m", "mahjong_rules", "serve"]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.requests = 0

    def ask(self, command: str, **fields: Any) -> Any:
        """The result of one request; a refusal stops the table with the server's words."""
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        self.requests += 1
        self.process.stdin.write(json.dumps({"id": self.requests, "command": command, **fields}) + "\n")
        self.process.stdin.flush()
        response = json.loads(self.process.stdout.readline())
        if not response["ok"]:
            error = response["error"]
            sys.exit(f"the referee refused {command}: {error['message']} ({error.get('reason', error['code'])})")
        return response["result"]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="singapore", help="flex, card-free, nmjl or singapore")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    referee = Referee()
    state = referee.ask("deal", ruleset=args.ruleset, seed=args.seed)
    while not state["over"]:
        seat = state["to_act"][0]
        view = referee.ask("view", round=state["round"], seat=seat)
        state = referee.ask("act", round=state["round"], action=rng.choice(view["legal"]))
    final = referee.ask("view", round=state["round"], seat="EAST")
    referee.close()

    result = final["result"]
    winner = result["winner"].title() if result["winner"] else "no one (a wall game)"
    net = ", ".join(f"{seat.title()} {amount:+d}" for seat, amount in final["payments"].items())
    print(f"{args.ruleset}, seed {args.seed}: {len(state['round']['actions'])} actions, {referee.requests} requests")
    print(f"won by {winner}; net: {net}")


if __name__ == "__main__":
    main()
