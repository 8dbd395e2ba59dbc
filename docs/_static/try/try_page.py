"""The Python half of the docs' "Try it" page (docs/try.rst), run in the browser by Pyodide.

The page's JavaScript (try.js) sends one request as JSON text to :func:`answer` and shows what
comes back; :func:`palette` gives the tiles a player can click. Everything is the library's own
work: its evaluation, settlement and analysis, its pictures and its error messages. The tests run
these functions natively too (tests/test_try_page.py), so the page answers as the library does.
"""

from __future__ import annotations

import html
import json
from typing import Any

import mahjong_rules as mr
from mahjong_rules import pictures
from mahjong_rules.errors import UnreachableError

# The options the page offers, by ruleset: the house rules and settings a player changes.
FLEX_HOUSE_RULES = ("news", "year", "sequence_quints", "like_numbers", "double_sequence", "opposite_winds")


def _problem(field: str, error: Exception) -> str:
    return json.dumps({"ok": False, "field": field, "type": type(error).__name__, "message": str(error)})


def _ruleset(request: dict[str, Any]) -> mr.Ruleset:
    name = request["ruleset"]
    options: dict[str, Any] = {}
    given = request.get("options", {})
    if name == "flex":
        options = {rule: bool(given.get(rule)) for rule in FLEX_HOUSE_RULES}
    elif name == "card-free":
        options = {"base": int(given.get("base", 25)), "minimum_requirement": bool(given.get("minimum_requirement"))}
    elif name == "nmjl":
        card_text = given.get("card_text")
        if card_text:
            options = {"card": mr.parse_card(card_text, source=given.get("card_name") or "your card file")}
        else:
            options = {"card": given.get("card") or "sample"}
    elif name == "singapore":
        options = {"min_doubles": int(given.get("min_doubles", 1)), "limit": int(given.get("limit", 5))}
    return mr.get_ruleset(name, **options)


def _context(request: dict[str, Any]) -> mr.WinContext:
    won = request.get("context", {})
    return mr.WinContext(
        self_drawn=bool(won.get("self_drawn")),
        winning_tile=won.get("winning_tile") or None,
        seat_wind=won.get("seat_wind") or "E",
        prevailing_wind=won.get("prevailing_wind") or "E",
    )


def _analysis(ruleset: mr.Ruleset, hand: mr.Hand) -> dict[str, Any]:
    """Tiles away, and waits (13 tiles) or the best discards (14), and a card's closest lines."""
    found: dict[str, Any] = {}
    size = len(hand) - sum(1 for tile in hand.tiles if tile.is_bonus)  # Singapore's flowers and animals aside
    if size not in (13, 14):
        found["note"] = f"A hand of {size} tiles: tiles away, waits and discards need 13 or 14."
        return found
    try:
        found["tiles_away"] = ruleset.tiles_away(hand)
    except UnreachableError as error:
        found["tiles_away"] = None
        found["unreachable"] = str(error)
        return found
    if size == 13:
        waits = sorted(ruleset.waits(hand))
        found["waits"] = [tile.token for tile in waits]
        found["waits_html"] = pictures.tiles_svg(waits, width=28) if waits else ""
    else:
        options = ruleset.discard_options(hand)[:5]
        found["discards_html"] = pictures.discard_options_html(options, width=24)
        found["discards"] = [str(option) for option in options]
    closest = getattr(ruleset, "closest_lines", None)
    if closest is not None:
        lines = closest(hand, limit=5)
        found["closest_html"] = pictures.line_distances_html(lines, width=22)
        found["closest"] = [str(line) for line in lines]
    return found


def answer(request_text: str) -> str:
    """The page's answer to one request (JSON text in, JSON text out): the evaluation, the
    settlement when the hand wins, and the analysis; or the problem, with the field it concerns
    (``options``, ``hand``, ``context``) and the library's own message."""
    request = json.loads(request_text)
    try:
        ruleset = _ruleset(request)
    except (mr.MahjongError, ValueError, TypeError, KeyError) as error:
        return _problem("options", error)
    try:
        hand = mr.Hand.parse(request.get("hand", ""), ruleset.tileset)
    except mr.MahjongError as error:
        return _problem("hand", error)
    try:
        context = _context(request)
        evaluation = ruleset.evaluate(hand, context)
    except (mr.MahjongError, ValueError, TypeError) as error:
        return _problem("context", error)
    result: dict[str, Any] = {
        "ok": True,
        "hand": str(hand),
        "evaluation": {
            "text": str(evaluation),
            "html": pictures.evaluation_html(evaluation, width=32),
            "is_winning": evaluation.is_winning,
            "points": evaluation.points,
            "unit": mr.ruleset.points_unit(ruleset.name),
        },
    }
    if evaluation.is_winning:
        discarder = None if context.self_drawn else (request.get("discarder") or None)
        try:
            settlement = ruleset.settle(evaluation, discarder=discarder)
            result["settlement"] = {"text": str(settlement), "html": pictures.settlement_html(settlement)}
        except mr.MahjongError as error:
            result["settlement"] = {"problem": str(error)}
    try:
        result["analysis"] = _analysis(ruleset, hand)
    except mr.MahjongError as error:
        result["analysis"] = {"note": str(error)}
    return json.dumps(result)


def palette(ruleset_name: str) -> str:
    """The tiles of the ruleset's tile set as buttons, each the library's picture of the tile,
    labelled with its name and holding its token, for the page to add to the hand."""
    ruleset = mr.get_ruleset(ruleset_name)
    buttons = []
    for tile in ruleset.tileset.tiles:
        label = html.escape(f"{tile.name} ({tile.token})")
        buttons.append(
            f'<button type="button" class="try-tile" data-token="{html.escape(tile.token)}" '
            f'aria-label="{label}" title="{label}">{pictures.tile_svg(tile, width=26)}</button>'
        )
    return "".join(buttons)


def sample_card_text(name: str) -> str:
    """A sample card's lines as a short list, for the page to show which card is in play."""
    card = mr.sample_card(name)
    return f"{card.name}: {len(card.lines)} lines"
