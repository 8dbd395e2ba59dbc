"""JSON for what a seat sees: a :class:`~mahjong_rules.engine.view.PlayerView` and an
:class:`~mahjong_rules.engine.Action`, as documents of :mod:`mahjong_rules.serialize`'s format
(``"view"`` and ``"action"``), for bots in another process or language and for logs of play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from mahjong_rules.engine.american import Phase as AmericanPhase
from mahjong_rules.engine.core import Action, RoundResult
from mahjong_rules.engine.passing import Step, StepKind
from mahjong_rules.engine.singapore import Phase as SingaporePhase
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import RecordError
from mahjong_rules.registry import _ruleset_of, ruleset_class
from mahjong_rules.ruleset import Evaluation, Settlement
from mahjong_rules.rulesets.nmjl.play import CharlestonPass, Direction
from mahjong_rules.serialize import (
    _TOP_KEYS,
    JSON,
    _evaluation,
    _hand,
    _meld,
    _options,
    _Reader,
    _seat,
    _settlement,
    _tile,
)
from mahjong_rules.tiles import Seat

__all__ = ["DOCUMENT_KEYS", "Action", "PlayerView", "read_document", "write_view"]

DOCUMENT_KEYS: dict[str, tuple[set[str], set[str]]] = {
    "view": (
        {field.name for field in attrs.fields(PlayerView)},
        {"ruleset", "seat", "seats", "phase", "to_act", "legal", "hand", "exposed", "discards"}
        | {"concealed_counts", "tiles_left"},
    ),
    "action": ({field.name for field in attrs.fields(Action)}, {"seat", "kind"}),
}
"""Each engine document's keys, and those it must have: a view's are its fields, an action's too."""
_STEP_KEYS = {"kind", "direction", "blind", "jokers", "charleston"}
_RESULT_KEYS = {"winner", "evaluation", "settlement", "payments", "evaluations"}
_STEP_KINDS = {kind.value: kind for kind in StepKind}
_DIRECTIONS = {direction.name.lower(): direction for direction in Direction}


# -- writing ---------------------------------------------------------------------------------------


def _write_step(step: Step | None) -> dict[str, JSON] | None:
    if step is None:
        return None
    charleston = step.charleston
    return {
        "kind": step.kind.value,
        "direction": None if step.direction is None else step.direction.name.lower(),
        "blind": step.blind,
        "jokers": step.jokers,
        "charleston": None
        if charleston is None
        else {
            "charleston": charleston.charleston,
            "number": charleston.number,
            "direction": charleston.direction.name.lower(),
        },
    }


def _write_result(result: RoundResult | None) -> dict[str, JSON] | None:
    if result is None:
        return None
    return {
        "winner": _seat(result.winner),
        "evaluation": None if result.evaluation is None else _evaluation(result.evaluation),
        "settlement": None if result.settlement is None else _settlement(result.settlement),
        "payments": {seat.name: amount for seat, amount in result.payments.items()},
        "evaluations": [_evaluation(evaluation) for evaluation in result.evaluations],
    }


def write_view(view: PlayerView) -> dict[str, JSON]:
    ruleset: Any = view.ruleset
    return {
        "ruleset": {"name": ruleset.name, "options": _options(ruleset.options)},
        "seat": view.seat.name,
        "seats": [seat.name for seat in view.seats],
        "phase": view.phase,
        "step": _write_step(view.step),
        "turn": _seat(view.turn),
        "to_act": [seat.name for seat in view.to_act],
        "legal": [action.to_dict() for action in view.legal],
        "hand": _hand(view.hand),
        "drawn": _tile(view.drawn),
        "exposed": {seat.name: [_meld(meld) for meld in melds] for seat, melds in view.exposed.items()},
        "bonus": {seat.name: [tile.token for tile in tiles] for seat, tiles in view.bonus.items()},
        "discards": {seat.name: [tile.token for tile in tiles] for seat, tiles in view.discards.items()},
        "concealed_counts": {seat.name: count for seat, count in view.concealed_counts.items()},
        "on_offer": _tile(view.on_offer),
        "tiles_left": view.tiles_left,
        "prevailing": _seat(view.prevailing),
        "payments": {seat.name: amount for seat, amount in view.payments.items()},
        "result": _write_result(view.result),
    }


# -- reading ---------------------------------------------------------------------------------------


def read_document(reader: _Reader, kind: str, body: Mapping[str, JSON]) -> PlayerView | Action:
    """The view or action a document of ``kind`` describes, its body being ``body``."""
    if kind == "view":
        return read_view(reader, reader.mapping(body, kind, *DOCUMENT_KEYS[kind]), kind)
    return read_action(reader, body, kind)


def read_action(reader: _Reader, data: object, path: str) -> Action:
    try:
        return Action.from_dict(reader.mapping(data, path, *DOCUMENT_KEYS["action"]))
    except (ValueError, TypeError) as error:
        raise reader.fail(path, str(error)) from None


def _read_direction(reader: _Reader, data: object, path: str) -> Direction:
    name = reader.text(data, path)
    if name not in _DIRECTIONS:
        raise reader.fail(path, f"expected one of {', '.join(_DIRECTIONS)}, not {name[:40]!r}")
    return _DIRECTIONS[name]


def _within(reader: _Reader, data: object, path: str, most: int) -> int:
    """A number from 1 to ``most`` (which Charleston, which pass of it)."""
    number = reader.integer(data, path)
    if not 1 <= number <= most:
        raise reader.fail(path, f"expected 1 to {most}, not {number}")
    return number


def _read_step(reader: _Reader, data: object, path: str) -> Step | None:
    if data is None:
        return None
    fields = reader.mapping(data, path, _STEP_KEYS, {"kind"})
    kind = reader.text(fields["kind"], f"{path}.kind")
    if kind not in _STEP_KINDS:
        raise reader.fail(f"{path}.kind", f"expected one of {', '.join(_STEP_KINDS)}, not {kind[:40]!r}")
    direction = fields.get("direction")
    charleston: CharlestonPass | None = None
    if fields.get("charleston") is not None:
        where = f"{path}.charleston"
        passed = reader.mapping(
            fields["charleston"], where, {"charleston", "number", "direction"}, {"charleston", "number", "direction"}
        )
        charleston = CharlestonPass(
            _within(reader, passed["charleston"], f"{where}.charleston", 2),
            _within(reader, passed["number"], f"{where}.number", 3),
            _read_direction(reader, passed["direction"], f"{where}.direction"),
        )
    return Step(
        _STEP_KINDS[kind],
        None if direction is None else _read_direction(reader, direction, f"{path}.direction"),
        blind=reader.boolean(fields.get("blind", False), f"{path}.blind"),
        jokers=reader.boolean(fields.get("jokers", False), f"{path}.jokers"),
        charleston=charleston,
    )


def _by_seat(reader: _Reader, data: object, path: str, seats: tuple[Seat, ...], read: Any) -> dict[Seat, Any]:
    """A mapping keyed by the table's seat names, each value read by ``read(value, path)``."""
    names = {seat.name: seat for seat in seats}
    fields = reader.mapping(data, path, set(names), set())
    return {names[name]: read(value, f"{path}.{name}") for name, value in fields.items()}


def _nested(reader: _Reader, kind: str, data: object, path: str) -> Mapping[str, JSON]:
    """A value of ``kind`` written inside another document (no type nor schema of its own)."""
    keys, required = _TOP_KEYS[kind]
    return reader.mapping(data, path, keys, required)


def _read_evaluation(reader: _Reader, data: object, path: str) -> Evaluation:
    return reader.evaluation(_nested(reader, "evaluation", data, path), path)


def _read_settlement(reader: _Reader, data: object, path: str) -> Settlement:
    return reader.settlement(_nested(reader, "settlement", data, path), path)


def _read_result(reader: _Reader, data: object, path: str, seats: tuple[Seat, ...]) -> RoundResult | None:
    if data is None:
        return None
    fields = reader.mapping(data, path, _RESULT_KEYS, {"winner", "payments"})
    evaluation = fields.get("evaluation")
    settlement = fields.get("settlement")
    listed = reader.items(fields.get("evaluations", []), f"{path}.evaluations")
    return RoundResult(
        reader.seat(fields["winner"], f"{path}.winner"),
        None if evaluation is None else _read_evaluation(reader, evaluation, f"{path}.evaluation"),
        None if settlement is None else _read_settlement(reader, settlement, f"{path}.settlement"),
        _by_seat(reader, fields["payments"], f"{path}.payments", seats, reader.integer),
        tuple(_read_evaluation(reader, item, f"{path}.evaluations[{i}]") for i, item in enumerate(listed)),
    )


_PHASES = {"singapore": tuple(phase.value for phase in SingaporePhase)}
_AMERICAN_PHASES = tuple(phase.value for phase in AmericanPhase)


def _count(reader: _Reader, data: object, path: str) -> int:
    count = reader.integer(data, path)
    if count < 0:
        raise reader.fail(path, f"expected a count (0 or more), not {count}")
    return count


def _phase(reader: _Reader, data: object, path: str, ruleset: str) -> str:
    phase = reader.text(data, path)
    phases = _PHASES.get(ruleset, _AMERICAN_PHASES)
    if phase not in phases:
        raise reader.fail(path, f"a {ruleset} round's phase is one of {', '.join(phases)}, not {phase[:40]!r}")
    return phase


def read_view(reader: _Reader, fields: Mapping[str, JSON], path: str) -> PlayerView:
    where = f"{path}.ruleset"
    described = reader.mapping(fields["ruleset"], where, {"name", "options"}, {"name"})
    name = reader.text(described["name"], f"{where}.name")
    try:
        cls = ruleset_class(name)
    except ValueError as error:
        raise reader.fail(f"{where}.name", str(error)) from None
    options = reader.options(name, described.get("options"), f"{where}.options")
    ruleset = _ruleset_of(cls, options if options is not None else cls.Options())
    seats = tuple(
        reader.required_seat(item, f"{path}.seats[{i}]")
        for i, item in enumerate(reader.items(fields["seats"], f"{path}.seats"))
    )
    if len(set(seats)) != len(seats) or not seats:
        raise reader.fail(f"{path}.seats", "expected the table's seats, each once")
    seat = reader.required_seat(fields["seat"], f"{path}.seat")
    if seat not in seats:
        raise reader.fail(f"{path}.seat", f"{seat.name} is not at the table ({', '.join(s.name for s in seats)})")

    def at_table(item: object, item_path: str) -> Seat:
        found = reader.required_seat(item, item_path)
        if found not in seats:
            raise reader.fail(item_path, f"{found.name} is not at the table")
        return found

    legal = tuple(
        read_action(reader, item, f"{path}.legal[{i}]")
        for i, item in enumerate(reader.items(fields["legal"], f"{path}.legal"))
    )
    for index, action in enumerate(legal):
        if action.seat is not seat:
            raise reader.fail(
                f"{path}.legal[{index}]", f"an action of {action.seat.name}, not of the view's seat {seat.name}"
            )
    turn = fields.get("turn")
    try:
        return PlayerView(
            ruleset=ruleset,
            seat=seat,
            seats=seats,
            phase=_phase(reader, fields["phase"], f"{path}.phase", name),
            step=_read_step(reader, fields.get("step"), f"{path}.step"),
            turn=None if turn is None else at_table(turn, f"{path}.turn"),
            to_act=tuple(
                at_table(item, f"{path}.to_act[{i}]")
                for i, item in enumerate(reader.items(fields["to_act"], f"{path}.to_act"))
            ),
            legal=legal,
            hand=reader.hand(fields["hand"], f"{path}.hand"),
            drawn=reader.optional_tile(fields.get("drawn"), f"{path}.drawn"),
            exposed=_by_seat(
                reader,
                fields["exposed"],
                f"{path}.exposed",
                seats,
                lambda value, at: tuple(
                    reader.meld(item, f"{at}[{i}]") for i, item in enumerate(reader.items(value, at))
                ),
            ),
            bonus=_by_seat(
                reader,
                fields.get("bonus", {}),
                f"{path}.bonus",
                seats,
                lambda value, at: tuple(reader.tiles(value, at)),
            ),
            discards=_by_seat(
                reader, fields["discards"], f"{path}.discards", seats, lambda value, at: tuple(reader.tiles(value, at))
            ),
            concealed_counts=_by_seat(
                reader,
                fields["concealed_counts"],
                f"{path}.concealed_counts",
                seats,
                lambda value, at: _count(reader, value, at),
            ),
            on_offer=reader.optional_tile(fields.get("on_offer"), f"{path}.on_offer"),
            tiles_left=_count(reader, fields["tiles_left"], f"{path}.tiles_left"),
            prevailing=reader.seat(fields.get("prevailing"), f"{path}.prevailing"),
            payments=_by_seat(reader, fields.get("payments", {}), f"{path}.payments", seats, reader.integer),
            result=_read_result(reader, fields.get("result"), f"{path}.result", seats),
        )
    except (ValueError, TypeError) as error:
        if isinstance(error, RecordError):
            raise
        raise reader.fail(path, str(error)) from None
