"""Play your own card: load ``my_card.toml``, check hands against it, rank its lines for a hand, and
settle a win.

Write your card in the card format (docs/card_format.rst), one line of the card per line of the
file, then run ``python examples/own_card/check_my_card.py``. ``mahjong-rules card validate
examples/own_card/my_card.toml`` checks the file alone, naming the line and column of any fault.
"""

from __future__ import annotations

from pathlib import Path

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset

CARD_FILE = Path(__file__).with_name("my_card.toml")

HANDS = [
    "44B 666B 8888B 222C FF",  # Evens #1 with no jokers: doubled
    "444D 55D 666D 777C J RD RD",  # Runs #1 moved up to 4-5-6-7, a joker in the kong
    "FFF NNNN RD RD RD J WD WD WD",  # Winds and Dragons #2: jokers may stand in a kong, never a pair
    "44B 666B 8888B 222B FF",  # Evens #1 needs a second suit for the 2s
    "FF 123B 456C 789D EEE",  # the concealed line, all concealed: fine
    "FF 123B 456C 789D [EEE]",  # ... but a concealed line allows no exposed set
]


def main() -> None:
    card = mr.load_card(CARD_FILE)  # a CardError names the file, line and column of any fault
    print(f"{card.name}: {len(card.sections)} sections, {len(card.lines)} lines")
    for line in card.lines:
        print(f"  {line.label:<22} {line.hand:<24} {line.kind} {line.value}")

    ruleset = mr.get_ruleset("nmjl", card=card)
    assert isinstance(ruleset, NmjlRuleset)  # closest_lines is the card ruleset's, beyond the protocol

    print("\nHands:")
    for text in HANDS:
        evaluation = ruleset.evaluate(text)
        if evaluation.is_winning and evaluation.arrangement is not None:
            print(f"  {text:<30} {evaluation.points} points: {evaluation.arrangement.description}")
        else:
            print(f"  {text:<30} no: {evaluation.reasons[0].message}")

    hand = "111D 22D 33D 4444C RD RD F"
    print(f"\nClosest lines for {hand}:")
    for found in ruleset.closest_lines(hand, limit=3):
        print(f"  {found}")

    print("\nWest wins on North's discard:")
    evaluation = ruleset.evaluate("444D 55D 666D 777C J RD RD", mr.WinContext(seat_wind=mr.Seat.WEST))
    print(ruleset.settle(evaluation, discarder=mr.Seat.NORTH))


if __name__ == "__main__":
    main()
