"""Requests and responses: the one place where the command line and the JSON-lines protocol
(``mahjong-rules serve``) turn a request into the library's calls and its answer into JSON.

A request is a JSON object with a ``"command"`` (``"evaluate"``, ``"settle"``, ``"analyse"``,
``"instant"``, ``"rulesets"``; for rounds ``"deal"``, ``"view"``, ``"act"``), the ``"ruleset"``
and its ``"options"``, the ``"hand"`` (notation or a hand object), the ``"context"`` (win context
fields) and, by command, ``"discarder"``, ``"winner"``, ``"seen"``, ``"discarded"`` and
``"limit"`` (analyse), ``"event"``, ``"receiver"`` and ``"initial"`` (instant, Singapore's instant
payments), ``"seed"`` and ``"deal"`` (deal), ``"round"`` (a round's record) with ``"seat"``
(view) or ``"action"`` (act); an ``"id"`` is echoed. A
response is ``{"id": ..., "ok": true, "result": ...}`` or ``{"id": ..., "ok": false, "error":
{"code": ..., "type": ..., "message": ...}}``.
The schema is published (``json_schema("protocol")``) and documented on the command-line page.

>>> response = handle({"id": 1, "command": "evaluate", "ruleset": "flex", "hand": "333C 44B 555C 666C 777C"})
>>> response["ok"], response["result"]["points"]
(True, 3)
>>> handle({"command": "evaluate", "ruleset": "flex", "hand": "1B 2B XB"})["error"]["code"]
'bad-input'
"""

from __future__ import annotations

import contextlib
import difflib
import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from typing import Any, TextIO

from mahjong_rules import _options
from mahjong_rules._coerce import describe
from mahjong_rules._json_text import JsonProblem, dumps, loads, read_line
from mahjong_rules.engine import Action, IllegalActionError, Replay, Round, new_round
from mahjong_rules.errors import HandSizeError, MahjongError
from mahjong_rules.hand import Hand
from mahjong_rules.registry import available_rulesets, get_ruleset, ruleset_class
from mahjong_rules.ruleset import Arrangement, Ruleset, WinContext, as_context
from mahjong_rules.serialize import SCHEMA_VERSION, from_dict, to_dict
from mahjong_rules.tiles import Seat

__all__ = ["COMMANDS", "BadRequest", "handle", "serve"]

JSON = Any


class BadRequest(Exception):
    """A request that is not a request of the protocol (not the library's verdict on a hand)."""


MAX_LINE = 1024 * 1024
"""The longest request line :func:`serve` reads, in characters (a card of the largest size, as
JSON, fits); a longer one is answered ``bad-request`` and the rest of it skipped."""

MAX_LIMIT = 1000
"""The most card lines and arrangements an ``analyse`` request may ask for."""

_COMMON_FIELDS = ("id", "command")
_HAND_FIELDS = ("ruleset", "options", "hand", "context")
FIELDS: dict[str, tuple[str, ...]] = {
    "evaluate": _HAND_FIELDS,
    "settle": (*_HAND_FIELDS, "winner", "discarder"),
    "analyse": (*_HAND_FIELDS, "seen", "limit", "discarded"),
    "instant": ("ruleset", "options", "event", "receiver", "initial"),
    "rulesets": (),
    "deal": ("ruleset", "options", "seed", "deal"),
    "view": ("round", "seat"),
    "act": ("round", "action"),
}
"""The fields each command reads besides ``id`` and ``command``; any other is refused."""


def _field(
    request: Mapping[str, JSON], name: str, kind: type | tuple[type, ...], what: str, default: JSON = None
) -> Any:
    value = request.get(name, default)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    wrong = not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)  # true is no number
    if value is not default and wrong:
        raise BadRequest(f"{name!r} is {what}, not {describe(value)}")
    return value


def _check_fields(request: Mapping[str, JSON], command: str) -> None:
    """Refuse a field the command does not read: a typo (``"dicarder"``) would otherwise be ignored
    and give a misleading answer."""
    known = (*_COMMON_FIELDS, *FIELDS[command])
    for name in request:
        if name not in known:
            close = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            listed = ", ".join(known)
            raise BadRequest(f"unknown field {str(name)[:40]!r} for the {command!r} command{hint} (fields: {listed})")


def _ruleset(request: Mapping[str, JSON]) -> Ruleset:
    name = request.get("ruleset")
    if not isinstance(name, str):
        raise BadRequest(f"'ruleset' is a ruleset's name ({', '.join(available_rulesets())}), not {describe(name)}")
    options = dict(_field(request, "options", Mapping, "an object of option values", {}) or {})
    for key, value in options.items():
        if isinstance(value, Mapping) and value.get("type") == "card":
            options[key] = from_dict(value)
    return get_ruleset(name, **options)


def _hand(request: Mapping[str, JSON], ruleset: Ruleset) -> Hand:
    hand = request.get("hand")
    if isinstance(hand, str):
        return Hand.parse(hand, ruleset.tileset)
    if isinstance(hand, Mapping):
        if hand.get("type", "hand") != "hand":
            raise BadRequest(f"'hand' is a hand object, not one of type {str(hand.get('type'))[:40]!r}")
        parsed = from_dict({**hand, "type": "hand", "schema": hand.get("schema", SCHEMA_VERSION)})
        if not isinstance(parsed, Hand):  # pragma: no cover - from_dict of a hand document is a hand
            raise BadRequest("'hand' is not a hand object")
        return parsed
    raise BadRequest(f"'hand' is the hand's notation or a hand object, not {describe(hand)}")


def _context(request: Mapping[str, JSON]) -> WinContext:
    return as_context(_field(request, "context", Mapping, "an object of win context fields", {}) or {})


def _seat(request: Mapping[str, JSON], name: str) -> Seat | None:
    value = _field(request, name, str, "a seat (EAST, SOUTH, WEST, NORTH or E, S, W, N)")
    return None if value is None else Seat.parse(value)


def _evaluate(request: Mapping[str, JSON]) -> JSON:
    ruleset = _ruleset(request)
    return to_dict(ruleset.evaluate(_hand(request, ruleset), _context(request)))


def _settle(request: Mapping[str, JSON]) -> JSON:
    ruleset = _ruleset(request)
    evaluation = ruleset.evaluate(_hand(request, ruleset), _context(request))
    settlement = None
    if evaluation.is_winning:
        settlement = to_dict(ruleset.settle(evaluation, _seat(request, "winner"), _seat(request, "discarder")))
    return {"evaluation": to_dict(evaluation), "settlement": settlement}


def _analyse(request: Mapping[str, JSON]) -> JSON:
    ruleset = _ruleset(request)
    hand = _hand(request, ruleset)
    seen = _field(request, "seen", str, "the notation of the tiles seen elsewhere", "")
    limit = _field(request, "limit", int, f"a number of card lines and arrangements, 0 to {MAX_LIMIT}", 10)
    if not 0 <= limit <= MAX_LIMIT:
        raise BadRequest(f"'limit' is a number of card lines and arrangements, 0 to {MAX_LIMIT}, not {limit}")
    result: dict[str, JSON] = {"hand": to_dict(hand), "tiles": len(hand), "tiles_away": None, "waits": None}
    try:
        result["tiles_away"] = ruleset.tiles_away(hand)
    except MahjongError as error:
        result["unreachable"] = str(error)
    # The ruleset knows which hands wait and which discard (Singapore sets bonus tiles aside and
    # counts a kong as three tiles): a hand of another size is simply not asked.
    with contextlib.suppress(HandSizeError):
        result["waits"] = sorted(tile.token for tile in ruleset.waits(hand))
    discard_options = getattr(ruleset, "discard_options", None)
    if discard_options is not None:
        try:
            found = discard_options(hand, seen)
        except HandSizeError:
            found = None
        if found is not None:
            result["discard_options"] = [
                {
                    "discard": option.discard.token,
                    "tiles_away": option.tiles_away,
                    "helpful": sorted(tile.token for tile in option.helpful),
                    "helpful_unseen": option.helpful_unseen,
                }
                for option in found
            ]
    closest_lines = getattr(ruleset, "closest_lines", None)
    if closest_lines is not None:
        result["closest_lines"] = [
            {
                "line": found.line.label,
                "pattern": found.line.hand,
                "value": found.value,
                "concealed": found.line.concealed,
                "tiles_away": found.tiles_away,
                "needed": [tile.token for tile in found.needed],
                "joker_fillable": [tile.token for tile in found.joker_fillable],
                "jokers_used": found.jokers_used,
                "unseen": {tile.token: count for tile, count in found.unseen.items()},
                "dead": found.dead,
            }
            for found in closest_lines(hand, seen or None, limit)
        ]
    if result["tiles_away"] == 0:
        result["decompositions"] = [str(found) for found in islice(_decompositions(ruleset, hand, request), limit)]
    pay_all_discards = getattr(ruleset, "pay_all_discards", None)
    if pay_all_discards is not None:
        discarded = _field(request, "discarded", str, "the notation of the tiles discarded so far", "")
        warnings = pay_all_discards(hand, _context(request), discarded=discarded)
        result["pay_all_discards"] = {tile.token: scenario for tile, scenario in warnings.items()}
    return result


def _decompositions(ruleset: Ruleset, hand: Hand, request: Mapping[str, JSON]) -> Iterator[Arrangement]:
    """The hand's arrangements; the built-in rulesets read the context too (a Singapore hand's
    doubles, and so its minimum, depend on how it was won)."""
    if len(inspect.signature(ruleset.decompositions).parameters) > 1:
        return ruleset.decompositions(hand, _context(request))  # type: ignore[call-arg]
    return ruleset.decompositions(hand)


def _instant(request: Mapping[str, JSON]) -> JSON:
    ruleset = _ruleset(request)
    instant_payment = getattr(ruleset, "instant_payment", None)
    if instant_payment is None:
        raise BadRequest(f"the {ruleset.name} ruleset has no instant payments")
    event = _field(request, "event", str, "an instant payment event")
    if event is None:
        raise BadRequest("'event' names the instant payment event")
    receiver = _seat(request, "receiver")
    if receiver is None:
        raise BadRequest("'receiver' is the seat that receives the instant payment")
    initial = _field(request, "initial", bool, "true or false", False)
    return to_dict(instant_payment(event, receiver, initial=initial))


# -- rounds: a referee for bots and tables in any language ------------------------------------------
# The server keeps nothing between requests: a round travels as its record (a replay: the ruleset,
# options, seed and actions), which the client sends back with each request.


def _round_state(round_: Round) -> JSON:
    return {
        "round": Replay.of(round_).to_dict(),
        "to_act": [seat.name for seat in round_.to_act],
        "over": round_.is_over,
    }


def _round(request: Mapping[str, JSON]) -> Round:
    record = request.get("round")
    if not isinstance(record, Mapping):
        raise BadRequest(f"'round' is a round's record (as 'deal' and 'act' answer it), not {describe(record)}")
    return Replay.from_dict(record).play()


def _deal(request: Mapping[str, JSON]) -> JSON:
    ruleset = _ruleset(request)
    seed = _field(request, "seed", int, "a whole number (0 or more)", 0)
    deal = _field(request, "deal", Mapping, "an object of the deal's settings (Singapore: banker, prevailing_wind)", {})
    return _round_state(new_round(ruleset, seed, deal=deal))


def _view(request: Mapping[str, JSON]) -> JSON:
    round_ = _round(request)
    seat = _seat(request, "seat")
    if seat is None:
        raise BadRequest("'seat' is the seat whose view is asked for")
    return to_dict(round_.view(seat))


def _act(request: Mapping[str, JSON]) -> JSON:
    round_ = _round(request)
    data = request.get("action")
    if not isinstance(data, Mapping):
        raise BadRequest(f"'action' is an action object (one of a view's 'legal'), not {describe(data)}")
    if "type" in data or "schema" in data:  # an action document: its own type and version
        action = from_dict(data)
        if not isinstance(action, Action):
            raise BadRequest(f"'action' is an action object, not a document of type {str(data.get('type'))[:40]!r}")
    else:
        action = Action.from_dict(data)
    return _round_state(round_.apply(action))


def _rulesets(request: Mapping[str, JSON]) -> JSON:
    return {name: _options.option_specs(ruleset_class(name).Options) for name in available_rulesets()}


COMMANDS: dict[str, Callable[[Mapping[str, JSON]], JSON]] = {
    "evaluate": _evaluate,
    "settle": _settle,
    "analyse": _analyse,
    "instant": _instant,
    "rulesets": _rulesets,
    "deal": _deal,
    "view": _view,
    "act": _act,
}
"""The commands of the protocol, by name."""


def error_response(request_id: JSON, code: str, error: BaseException) -> dict[str, JSON]:
    described: dict[str, JSON] = {"code": code, "type": type(error).__name__, "message": str(error)}
    if isinstance(error, IllegalActionError):
        described["reason"] = error.reason.code  # why the rules refuse it (docs/engine.rst's table)
    return {"id": request_id, "ok": False, "error": described}


def handle(request: object) -> dict[str, JSON]:
    """The response to one request (never raises: every fault is a response with ``ok`` false and
    an error ``code``: ``bad-request`` for a request the protocol does not know, ``bad-input`` for
    a hand, option or context the library refuses, ``internal`` for a fault of the library)."""
    request_id = request.get("id") if isinstance(request, Mapping) else None
    if not _valid_id(request_id):
        return error_response(None, "bad-request", BadRequest("'id' is a string, a whole number or null"))
    try:
        if not isinstance(request, Mapping):
            raise BadRequest(f"a request is a JSON object, not {describe(request)}")
        command = request.get("command")
        if not isinstance(command, str) or command not in COMMANDS:
            raise BadRequest(f"'command' is one of {', '.join(COMMANDS)}, not {str(command)[:40]!r}")
        _check_fields(request, command)
        return {"id": request_id, "ok": True, "result": COMMANDS[command](request)}
    except BadRequest as error:
        return error_response(request_id, "bad-request", error)
    except (MahjongError, ValueError, TypeError, KeyError) as error:
        return error_response(request_id, "bad-input", error)
    except Exception as error:
        return error_response(request_id, "internal", error)


def _valid_id(request_id: JSON) -> bool:
    """An id is echoed as it came: a string, a whole number or null (a float such as ``1e400``
    would not come back as the same JSON)."""
    if request_id is None or (isinstance(request_id, int) and not isinstance(request_id, bool)):
        return True
    return isinstance(request_id, str) and len(request_id) <= 1000


def _lines(source: Iterable[str] | TextIO) -> Iterator[tuple[str, bool]]:
    """Each line of ``source``, and whether it was longer than :data:`MAX_LINE` (then cut): a
    stream is read a bounded piece at a time, so a line of gigabytes never fills the memory."""
    readline = getattr(source, "readline", None)
    if readline is None:
        for line in source:
            yield line[:MAX_LINE], len(line.rstrip("\n")) > MAX_LINE
        return
    while True:
        line, long = read_line(source, MAX_LINE)  # type: ignore[arg-type]
        if not line:
            return
        yield line, long


def respond(line: str, long: bool = False) -> dict[str, JSON]:
    """The response to one request line (never raises)."""
    if long:
        return error_response(None, "bad-request", BadRequest(f"a request line is longer than {MAX_LINE:,} characters"))
    try:
        request = loads(line)
    except JsonProblem as error:
        return error_response(None, "bad-request", BadRequest(str(error)))
    return handle(request)


def serve(lines: Iterable[str] | TextIO, output: TextIO) -> int:
    """Answer each JSON request line of ``lines`` (a stream, or any iterable of lines) with one
    response line on ``output`` (blank lines are skipped); a line that is not strict JSON, nests
    too deeply or is longer than :data:`MAX_LINE` gets a ``bad-request`` response, and the server
    goes on. Returns how many requests failed."""
    failures = 0
    for line, long in _lines(lines):
        if not long and not line.strip():
            continue
        response = respond(line, long)
        failures += not response["ok"]
        try:
            text = dumps(response)
        except ValueError as error:  # pragma: no cover - every answer is strict JSON
            text = dumps(error_response(None, "internal", error))
        output.write(text + "\n")
        output.flush()
    return failures
