"""What the library answers, in Python, for the cases the browser check puts to the "Try it" page.

scripts/check_docs_browser.mjs writes the cases (JSON) to this script's standard input and reads
the answers (JSON) from its standard output, then checks that the page, running the library in
Pyodide, shows the same. The answers come from the library's API directly, not from the page's
own Python (docs/_static/try/try_page.py), so that a fault there shows too.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import mahjong_rules as mr


def expected(case: dict[str, Any]) -> dict[str, Any]:
    options = {"card": case["card"]} if case.get("card") else {}
    ruleset = mr.get_ruleset(case["ruleset"], **options)
    try:
        hand = mr.Hand.parse(case["hand"], ruleset.tileset)
    except mr.MahjongError as error:
        return {"problem": str(error)}
    context = mr.WinContext(
        self_drawn=bool(case.get("self_drawn")), winning_tile=case.get("winning_tile") or None, seat_wind="E"
    )
    evaluation = ruleset.evaluate(hand, context)
    found: dict[str, Any] = {"evaluation": str(evaluation)}
    if evaluation.is_winning:
        discarder = None if context.self_drawn else case.get("discarder", "S")
        found["settlement"] = str(ruleset.settle(evaluation, discarder=discarder))
    size = len(hand) - sum(1 for tile in hand.tiles if tile.is_bonus)
    if size in (13, 14):
        found["tiles_away"] = str(ruleset.tiles_away(hand))
    if size == 13:
        found["waits"] = " ".join(tile.token for tile in sorted(ruleset.waits(hand)))
    closest = getattr(ruleset, "closest_lines", None)
    if closest is not None:
        found["closest"] = "\n".join(str(line) for line in closest(hand, limit=5))
    return found


def main() -> int:
    cases = json.load(sys.stdin)
    json.dump([expected(case) for case in cases], sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
