"""Check the Flex ruleset against the independent reference evaluator on seeded hands.

    python benchmarks/flex_agreement.py [--hands 5000] [--seed 2026]

The hands (``tests/flex_reference.py``): random 14-tile hands from the Flex tile set, hands built
to pass the Three S rules, the same with one or two tiles replaced by jokers or random tiles, some
with exposed sets, each with random Self Draw / Sunrise / Sunset flags. Every hand is evaluated
by ``get_ruleset("flex")``, by ``get_ruleset("flex", minimum_value=3)`` and, when it holds no joker,
by ``get_ruleset("flex", jokers=0)``, and compared with the reference (winning or not, and the
points). It prints every mismatch and exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mahjong_rules as mr
from tests.flex_reference import Case, random_cases, reference_points


class Variant(NamedTuple):
    """A game compared: its label, the library's options, the same for the reference."""

    label: str
    jokers: int = 8
    minimum_value: int | None = None


# Hands are compared with the game without jokers only when they hold none.
VARIANTS = (Variant("default"), Variant("minimum_value=3", minimum_value=3), Variant("jokers=0", jokers=0))


def describe(case: Case, variant: str, evaluation: mr.Evaluation, reference: int | None) -> str:
    context = case.context
    flags = f"self_drawn={context.self_drawn} first_turn={context.first_turn} last_tile={context.last_tile}"
    if evaluation.is_winning:
        verdict = f"winning, {evaluation.points} points, {[item.name for item in evaluation.breakdown]}"
        verdict += f"\n    arrangement: {evaluation.arrangement}"
    else:
        verdict = "not winning: " + "; ".join(str(reason) for reason in evaluation.reasons)
    expected = "not winning" if reference is None else f"winning, {reference} points"
    return (
        f"MISMATCH ({case.origin}; {variant}) hand {case.hand}  [{flags}]\n"
        f"    library: {verdict}\n"
        f"    reference: {expected}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=5_000, help="how many seeded hands")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    started = time.perf_counter()
    cases = random_cases(args.seed, args.hands)
    rulesets = [
        (variant, mr.get_ruleset("flex", jokers=variant.jokers, minimum_value=variant.minimum_value))
        for variant in VARIANTS
    ]
    mismatches = comparisons = 0
    winning = Counter[str]()
    library_time = reference_time = 0.0
    for case in cases:
        for variant, ruleset in rulesets:
            if variant.jokers == 0 and case.hand.joker_count:
                continue
            tick = time.perf_counter()
            evaluation = ruleset.evaluate(case.hand, case.context)
            tock = time.perf_counter()
            reference = reference_points(
                case.hand, case.context, jokers_in_game=variant.jokers, minimum_value=variant.minimum_value
            )
            reference_time += time.perf_counter() - tock
            library_time += tock - tick
            comparisons += 1
            if reference is not None:
                winning[variant.label] += 1
            if evaluation.is_winning != (reference is not None) or evaluation.points != (reference or 0):
                mismatches += 1
                print(describe(case, variant.label, evaluation, reference))
    origins = Counter(case.origin for case in cases)
    print(f"{len(cases)} hands, seed {args.seed}: " + ", ".join(f"{n} {o}" for o, n in sorted(origins.items())))
    print(f"winning by the reference: {dict(winning)}")
    total = time.perf_counter() - started
    print(f"library {library_time:.2f} s, reference {reference_time:.2f} s, total {total:.2f} s")
    print(f"{mismatches} mismatches in {comparisons} comparisons")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
