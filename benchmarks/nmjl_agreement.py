"""The card ruleset against the independent reference of ``tests/nmjl_reference.py`` (written from
the guide, the card format and the rulings only: its own pattern reader, and tiles away by a
maximum matching of tiles to slots), on seeded random invented cards and hands near their lines.

    python benchmarks/nmjl_agreement.py [--cases 5000] [--seed 2026] [--exposures 2]

Each case is a card of 1 to 5 random lines (the whole pattern grammar) and a 13- or 14-tile hand
near one of them (tiles changed, jokers standing in, up to --exposures exposed groups). Compared:
every line's tiles away (``closest_lines``), the hand's ``tiles_away``, whether ``evaluate`` wins,
and its points. Then the invented sample card (format 2), every line, its concrete hands read by
the blind format-2 reference (``tests/card_reference.py``), on hands near its lines. Prints every
mismatch; exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset
from tests.nmjl_reference import random_hand_near, reference_hand_points, reference_line_away
from tests.nmjl_sample import line_away, sample_card_lines, sample_points
from tests.test_nmjl_reference import card_text, random_case


def nmjl(card: mr.Card | None = None) -> NmjlRuleset:
    ruleset = mr.get_ruleset("nmjl", card=card)
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


def compare(ruleset: NmjlRuleset, expected: dict[str, int | None], hand: mr.Hand) -> list[str]:
    """The mismatches for one hand, with ``expected`` each line's tiles away by the reference."""
    found = []
    ranked = {record.line.label: record.tiles_away for record in ruleset.closest_lines(hand)}
    for label, away in expected.items():
        if ranked[label] != away:
            found.append(f"{label}: library {ranked[label]}, reference {away}")
    reachable = [away for away in expected.values() if away is not None]
    if reachable:
        away = ruleset.tiles_away(hand)
        if away != min(reachable):
            found.append(f"tiles_away: library {away}, reference {min(reachable)}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--exposures", type=int, default=2)
    args = parser.parse_args()

    mismatches = 0
    winning = 0
    for case in range(args.cases):
        lines, hand = random_case(args.seed * 100_000 + case, args.exposures)
        ruleset = nmjl(mr.parse_card(card_text(lines)))
        expected = {
            f"Random #{i + 1}": reference_line_away(hand, line.hand, line.numbers, line.concealed)
            for i, line in enumerate(lines)
        }
        problems = compare(ruleset, expected, hand)
        if len(hand) == 14:
            evaluation = ruleset.evaluate(hand)
            points = reference_hand_points(hand, lines)
            winning += evaluation.is_winning
            if evaluation.is_winning != (points is not None) or (points is not None and evaluation.points != points):
                problems.append(
                    f"evaluate: library {evaluation.points if evaluation.is_winning else None}, reference {points}"
                )
        if problems:
            mismatches += 1
            print(f"case {case}: hand {hand}\n  " + "\n  ".join(problems) + "\n" + card_text(lines))

    # The sample card (format 2: number variables, suits, -or-, any dragons): its lines' concrete
    # hands by the blind format-2 reference of tests/card_reference.py.
    sample = nmjl()
    sample_lines = sample_card_lines()
    rng = random.Random(args.seed)
    sample_cases = args.cases // 5
    for case in range(sample_cases):
        base = rng.choice(sample_lines)
        hand = random_hand_near(rng, base.targets, args.exposures)
        problems = compare(sample, {line.label: line_away(hand, line) for line in sample_lines}, hand)
        if len(hand) == 14:
            points = sample_points(hand, sample_lines)
            evaluation = sample.evaluate(hand)
            if evaluation.is_winning != (points is not None) or (points is not None and evaluation.points != points):
                problems.append(
                    f"evaluate: library {evaluation.points if evaluation.is_winning else None}, reference {points}"
                )
        if problems:
            mismatches += 1
            print(f"sample card, case {case}: hand {hand}\n  " + "\n  ".join(problems))

    print(
        f"{args.cases} random cards and hands ({winning} winning), {sample_cases} hands on the sample card "
        f"({len(sample.card.lines)} lines each): {mismatches} mismatches"
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
