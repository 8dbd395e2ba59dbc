"""Check the Singapore ruleset against the independent reference evaluator on seeded cases.

    python benchmarks/singapore_agreement.py [--hands 20000] [--seed 2026] [--show 20]

The cases (``tests/singapore_reference.py``): Mahjongs of ``tests/singapore_hands.py`` (four sets
and an eye with declared chows, pungs and kongs, or 13 Wonders, with flowers and animals; some all
in one suit), near misses (one loose tile exchanged, one tile too few or too many), and hands built
for the pay-all scenarios, All Chow and the 1s and 9s; each won by a random seat (three or four at
the table) on a random player's discard or self-drawn, with a random winning tile, replacement,
last tile, robbed kong, tiles left and fresh discard, under random options (minimum 0-2 doubles,
limit 5-8, whether bonus tiles count toward the minimum, base unit, multipliers, each pay-all
scenario on or off, the fresh-discard threshold). For every case it compares the library's
``evaluate`` with the reference (winning or not, bad input refused by both, the doubles, and the
breakdown's points against those of every best reading) and, for winning hands, ``settle``'s net
payments. It prints the mismatches (the first ``--show`` of each kind, then a count) and exits 1
if there is one.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mahjong_rules as mr
from tests.singapore_reference import Case, RefOptions, random_cases, reference_evaluate, reference_payments

Verdict = tuple[bool, int] | str


def _differences(options: RefOptions) -> dict[str, Any]:
    return {name: value for name, value in options._asdict().items() if RefOptions._field_defaults[name] != value}


def describe(case: Case) -> str:
    return (
        f"({case.origin}) hand {case.hand}\n    {case.context}\n"
        f"    discarder={case.discarder} options={_differences(case.options)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="how many seeded cases")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--show", type=int, default=20, help="mismatches printed of each kind")
    args = parser.parse_args()
    started = time.perf_counter()
    cases = random_cases(args.seed, args.hands)
    rulesets: dict[RefOptions, Any] = {}
    mismatches = Counter[str]()
    counts = Counter[str]()
    library_time = reference_time = 0.0
    for case in cases:
        ruleset = rulesets.setdefault(case.options, mr.get_ruleset("singapore", **case.options._asdict()))
        tick = time.perf_counter()
        evaluation = None
        try:
            evaluation = ruleset.evaluate(case.hand, case.context)
            found: Verdict = (evaluation.is_winning, evaluation.points)
            lines = sorted(item.points for item in evaluation.breakdown)
        except ValueError as error:
            found, lines = "bad input", []
            detail = str(error)
        tock = time.perf_counter()
        try:
            result = reference_evaluate(case.hand, case.context, case.options)
            wanted: Verdict = (result.is_winning, result.doubles)
            best = [sorted(points for _, points in alternative) for alternative in result.alternatives]
        except ValueError:
            wanted, best = "bad input", []
        reference_time += time.perf_counter() - tock
        library_time += tock - tick
        counts["cases"] += 1
        kind = ""
        if found != wanted:
            kind = "evaluate"
        elif evaluation is not None and evaluation.is_winning and lines not in best:
            kind = "breakdown"
        if evaluation is not None:
            detail = f"{[(item.name, item.points) for item in evaluation.breakdown]} {evaluation.arrangement}"
        if not kind and evaluation is not None and evaluation.is_winning:
            counts["settlements"] += 1
            tick = time.perf_counter()
            got = dict(ruleset.settle(evaluation, case.context.seat_wind, case.discarder).payments)
            tock = time.perf_counter()
            expected = reference_payments(case.hand, case.context, case.options, case.discarder)
            reference_time += time.perf_counter() - tock
            library_time += tock - tick
            if got != expected:
                kind = "settle"
                found, wanted = str(got), str(expected)
        if not kind:
            continue
        mismatches[kind] += 1
        if mismatches[kind] <= args.show:
            print(f"MISMATCH {kind} {describe(case)}\n    library: {found} {detail}\n    reference: {wanted}")
    origins = Counter(case.origin for case in cases)
    print(f"{len(cases)} cases, seed {args.seed}: " + ", ".join(f"{n} {o}" for o, n in sorted(origins.items())))
    print(f"{counts['settlements']} settlements compared")
    total = time.perf_counter() - started
    print(f"library {library_time:.2f} s, reference {reference_time:.2f} s, total {total:.2f} s")
    print(f"mismatches: {dict(mismatches) or 0}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
