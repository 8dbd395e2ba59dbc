"""Check the Card-Free ruleset against the independent reference evaluator on seeded hands.

    python benchmarks/card_free_agreement.py [--hands 5000] [--seed 2026]

The hands (``tests/card_free_reference.py``): random 14-tile hands from the American tiles (the
whole wall, a dense part of it, or a part heavy in jokers and flowers), hands built to be valid
regular hands (all categories and patterns, special blocks, jokers and all-joker blocks), the same
with one or two tiles changed or jokered, Winds hands and Dragon hands, some with exposed blocks
(rarely an invalid exposure), each won on a discard or self-drawn. Every hand is evaluated by
``CardFreeRuleset(CardFreeOptions(...))`` for each option set below and compared with the
reference (winning or not and the points; a hand the game's tiles cannot make must be refused by
both). It prints every mismatch and exits 1 if there is one.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset
from tests.card_free_reference import Case, RefOptions, random_cases, reference_points

OPTION_SETS: dict[str, dict[str, Any]] = {
    "default": {},
    "minimum_requirement": {"minimum_requirement": True},
    "base 20, minimum_requirement": {"base": 20, "minimum_requirement": True},
    "reduced_tiles": {"reduced_tiles": True},
    **{f"skill_level {level}": {"skill_level": level} for level in range(1, 6)},
    "reduced_tiles, base 20, minimum_requirement, skill_level 3": {
        "reduced_tiles": True,
        "base": 20,
        "minimum_requirement": True,
        "skill_level": 3,
    },
}

Verdict = tuple[bool, int] | str


def library_verdict(ruleset: CardFreeRuleset, case: Case) -> tuple[Verdict, str]:
    try:
        evaluation = ruleset.evaluate(case.hand, case.context)
    except ValueError as error:
        return "bad input", str(error)
    if evaluation.is_winning:
        detail = f"{[(item.name, item.points) for item in evaluation.breakdown]} {evaluation.arrangement}"
    else:
        detail = "; ".join(str(reason) for reason in evaluation.reasons)
    return (evaluation.is_winning, evaluation.points), detail


def reference_verdict(options: dict[str, Any], case: Case) -> Verdict:
    try:
        points = reference_points(case.hand, case.context, RefOptions(**options))
    except ValueError:
        return "bad input"
    return points is not None, points or 0


def describe(verdict: Verdict) -> str:
    if isinstance(verdict, str):
        return verdict
    winning, points = verdict
    return f"winning, {points} points" if winning else "not winning"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=5_000, help="how many seeded hands")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    started = time.perf_counter()
    cases = random_cases(args.seed, args.hands)
    rulesets = {label: CardFreeRuleset(CardFreeOptions(**options)) for label, options in OPTION_SETS.items()}
    mismatches = comparisons = 0
    winning = Counter[str]()
    library_time = reference_time = 0.0
    for case in cases:
        for label, options in OPTION_SETS.items():
            tick = time.perf_counter()
            found, detail = library_verdict(rulesets[label], case)
            tock = time.perf_counter()
            wanted = reference_verdict(options, case)
            reference_time += time.perf_counter() - tock
            library_time += tock - tick
            comparisons += 1
            if wanted != "bad input" and wanted[0]:
                winning[label] += 1
            if found != wanted:
                mismatches += 1
                print(
                    f"MISMATCH ({case.origin}; {label}) hand {case.hand}  [self_drawn={case.context.self_drawn}]\n"
                    f"    library: {describe(found)}: {detail}\n"
                    f"    reference: {describe(wanted)}"
                )
    origins = Counter(case.origin for case in cases)
    print(f"{len(cases)} hands, seed {args.seed}: " + ", ".join(f"{n} {o}" for o, n in sorted(origins.items())))
    print(f"winning by the reference: {dict(winning)}")
    total = time.perf_counter() - started
    print(f"library {library_time:.2f} s, reference {reference_time:.2f} s, total {total:.2f} s")
    print(f"{mismatches} mismatches in {comparisons} comparisons")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
