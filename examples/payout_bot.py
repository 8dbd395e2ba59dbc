"""A small payout bot: settle finished hands and keep each seat's running total.

Each finished hand is one line: the ruleset, the hand, the winner's seat, the seat that discarded
the winning tile (or ``self`` for a self-drawn win) and, optionally, more fields of the win context,
separated by ``|``::

    flex      | 333C 44B 555C 666C 777C         | E | S
    singapore | 123C 456C 789C 234D 55B RF1 Cat | E | S    | winning_tile=5B
    card-free | 333D 5555D 7777D 999D           | W | self

Run it on the hands built in below, or on a file of such lines (blank lines and ``#`` comments are
skipped)::

    python examples/payout_bot.py
    python examples/payout_bot.py finished_hands.txt

A line the library refuses (bad notation, an unknown ruleset, a settlement that contradicts the
hand) is reported on standard error and skipped; the exit status is then 1. Amounts are in each
ruleset's own unit: a real table plays one ruleset all evening.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import mahjong_rules as mr

BUILT_IN = """\
# ruleset | hand                             | winner | discarder | more of the win context
flex      | 333C 44B 555C 666C 777C          | E      | S
singapore | 123C 456C 789C 234D 55B RF1 Cat  | E      | S         | winning_tile=5B
nmjl      | 22C 444C J 66C 8888C RD RD       | S      | W
card-free | 333D 5555D 7777D 999D            | W      | self
flex      | 111B 222C 333D 44B 555B          | N      | E
singapore | 123C 456C 789C 234D 55B RF1 Cat  | N      | self      | winning_tile=5B
"""


@dataclass(frozen=True)
class Result:
    """One finished hand, evaluated and (when it wins) settled: each seat's net amount."""

    evaluation: mr.Evaluation
    winner: mr.Seat
    discarder: mr.Seat | None
    payments: dict[mr.Seat, int]


def parse_value(text: str) -> object:
    """A context field's value: ``true``/``false``, a whole number, or the text (a seat, a tile)."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return int(text) if text.isdigit() else text


def settle_line(line: str, rulesets: dict[str, mr.Ruleset]) -> Result:
    """Evaluate and settle one finished hand; raise ``ValueError`` for anything the library refuses."""
    fields = [field.strip() for field in line.split("|")]
    if len(fields) not in (4, 5):
        raise ValueError(f"expected 'ruleset | hand | winner | discarder [| context]', got {len(fields)} fields")
    name, hand_text, winner_text, discarder_text = fields[:4]
    if name not in rulesets:
        rulesets[name] = mr.get_ruleset(name)  # built once each: the card ruleset compiles its card
    ruleset = rulesets[name]
    winner = mr.Seat.parse(winner_text)
    self_drawn = discarder_text.lower() == "self"
    discarder = None if self_drawn else mr.Seat.parse(discarder_text)
    context: dict[str, object] = {"seat_wind": winner, "self_drawn": self_drawn}
    for item in fields[4].split() if len(fields) == 5 else ():
        key, _, value = item.partition("=")
        context[key] = parse_value(value)
    hand = mr.Hand.parse(hand_text, tileset=ruleset.tileset)  # a hand the game's tiles cannot hold is refused
    evaluation = ruleset.evaluate(hand, mr.as_context(context))
    if not evaluation.is_winning:
        return Result(evaluation, winner, discarder, {})
    settlement = ruleset.settle(evaluation, winner=winner, discarder=discarder)
    return Result(evaluation, winner, discarder, dict(settlement.payments))


def run(lines: list[str]) -> tuple[list[Result], dict[mr.Seat, int], int]:
    """Settle every finished hand; return the results, the running totals and the lines skipped."""
    rulesets: dict[str, mr.Ruleset] = {}
    results: list[Result] = []
    totals = dict.fromkeys(mr.Seat, 0)
    skipped = 0
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            result = settle_line(line, rulesets)
        except (mr.MahjongError, ValueError, TypeError) as error:  # the library's input errors are ValueErrors
            print(f"line {number}: skipped: {error}", file=sys.stderr)
            skipped += 1
            continue
        for seat, amount in result.payments.items():
            totals[seat] += amount
        results.append(result)
    return results, totals, skipped


def print_row(number: str, ruleset: str, hand: str, winner: str, source: str, points: str, amounts: list[str]) -> None:
    print(
        f"{number:>2}  {ruleset:<10} {hand:<34} {winner:<7} {source:<6} {points:>6}"
        + "".join(f"{amount:>7}" for amount in amounts)
    )


def print_table(results: list[Result], totals: dict[mr.Seat, int]) -> None:
    print_row("#", "ruleset", "hand", "winner", "from", "points", [seat.name.title() for seat in mr.Seat])
    notes = []
    for number, result in enumerate(results, start=1):
        evaluation = result.evaluation
        source = result.discarder.name.title() if result.discarder else "wall"
        if evaluation.is_winning:
            points, amounts = str(evaluation.points), [f"{result.payments[seat]:+d}" for seat in mr.Seat]
        else:
            points, amounts = "-", ["0"] * len(mr.Seat)
            notes.append(f"hand {number}: not Mahjong, no payments ({evaluation.reasons[0].message})")
        winner = result.winner.name.title()
        print_row(str(number), evaluation.ruleset, str(evaluation.hand), winner, source, points, amounts)
    print_row("", "totals", "", "", "", "", [f"{totals[seat]:+d}" for seat in mr.Seat])
    for note in notes:
        print(note)


def main(argv: list[str]) -> int:
    text = Path(argv[0]).read_text(encoding="utf-8") if argv else BUILT_IN
    results, totals, skipped = run(text.splitlines())
    print_table(results, totals)
    return 1 if skipped else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
