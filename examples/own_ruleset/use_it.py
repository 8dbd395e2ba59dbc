"""Use the toy-pairs ruleset once its package is installed (``pip install ./examples/own_ruleset``).

Nothing is imported or registered by hand: the package's ``mahjong_rules.rulesets`` entry point
tells the library where the class is, and ``mr.get_ruleset`` builds it by name, with its options
checked like any built-in ruleset's.
"""

from __future__ import annotations

import sys

import mahjong_rules as mr


def main() -> int:
    if "toy-pairs" not in mr.available_rulesets():
        print("toy-pairs is not installed: pip install ./examples/own_ruleset", file=sys.stderr)
        return 1
    print("available rulesets:", ", ".join(mr.available_rulesets()))
    toy = mr.get_ruleset("toy-pairs", pair_value=2)
    print(f"{toy.name}: a {type(toy).__name__} from {type(toy).__module__}, a Ruleset: {isinstance(toy, mr.Ruleset)}")

    hand = mr.Hand.parse("1B 1B 5B 5B 3C 3C 9C 9C 2D 2D N N RD RD")
    evaluation = toy.evaluate(hand, mr.WinContext(seat_wind=mr.Seat.SOUTH))
    print(evaluation)
    print(toy.settle(evaluation, discarder=mr.Seat.EAST))

    short = mr.Hand.parse("1B 1B 5B 5B 3C 3C 9C 9C 2D 2D N N RD")
    print(f"{short}: {toy.tiles_away(short)} away, waits for", " ".join(map(str, sorted(toy.waits(short)))))
    print(toy.evaluate(mr.Hand.parse("1B 1B 5B 5B 3C 3C 9C 9C 2D 2D N N RD J")))

    try:
        mr.get_ruleset("toy-pairs", pair_value=0)
    except mr.OptionError as error:
        print(f"refused: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
