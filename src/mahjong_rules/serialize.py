"""JSON for the library's values: :func:`to_dict` turns a tile, meld, hand, win context, evaluation,
settlement, card, a seat's view of a round or an action into plain JSON data (dicts, lists,
strings, numbers, booleans, ``None``), and :func:`from_dict` turns such data back into the value.
The format is versioned (:data:`SCHEMA_VERSION`) and published as a JSON Schema
(:func:`json_schema`).

Every document has a ``"type"`` (``"tile"``, ``"meld"``, ``"hand"``, ``"win_context"``,
``"evaluation"``, ``"settlement"``, ``"card"``, ``"view"``, ``"action"``) and the ``"schema"``
version; values nested inside a document (the melds of a hand, the hand of an evaluation) are
written the same way without those two keys. Tiles are their canonical tokens (``"3B"``), seats
their names (``"EAST"``).

>>> import mahjong_rules as mr
>>> data = mr.to_dict(mr.Hand.parse("222B 55B [J 7C 7C @W]"))
>>> data["type"], data["schema"], data["concealed"]
('hand', 1, ['2B', '2B', '2B', '5B', '5B'])
>>> data["melds"]
[{'tiles': ['7C', '7C', 'J'], 'exposed': True, 'called_from': 'WEST', 'represents': '7C'}]
>>> mr.from_dict(data) == mr.Hand.parse("222B 55B [J 7C 7C @W]")
True
"""

from __future__ import annotations

import functools
import importlib.resources
import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules.errors import ArgumentError, RecordError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Arrangement, Evaluation, Reason, ScoreItem, Settlement, Transfer, WinContext
from mahjong_rules.tiles import Seat, Tile

__all__ = ["SCHEMA_VERSION", "from_dict", "json_schema", "to_dict"]

SCHEMA_VERSION = 1
"""The version of the JSON format; documents of another version are refused."""

JSON = Any


# -- writing ---------------------------------------------------------------------------------------


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.name


def _tile(tile: Tile | None) -> str | None:
    return None if tile is None else tile.token


def _meld(meld: Meld) -> dict[str, JSON]:
    return {
        "tiles": [tile.token for tile in meld.tiles],
        "exposed": meld.exposed,
        "called_from": _seat(meld.called_from),
        "represents": _tile(meld.represents),
    }


def _hand(hand: Hand) -> dict[str, JSON]:
    return {"concealed": [tile.token for tile in hand.concealed], "melds": [_meld(meld) for meld in hand.melds]}


def _context(context: WinContext) -> dict[str, JSON]:
    data: dict[str, JSON] = {}
    for field in attrs.fields(WinContext):
        value = getattr(context, field.name)
        if isinstance(value, Seat):
            value = value.name
        elif isinstance(value, Tile):
            value = value.token
        data[field.name] = value
    return data


def _options(options: object) -> dict[str, JSON] | None:
    if options is None or not attrs.has(type(options)):
        return None
    data: dict[str, JSON] = {}
    for field in attrs.fields(type(options)):  # type: ignore[arg-type]
        if not field.init:
            continue
        value = getattr(options, field.name)
        data[field.alias] = _card(value) if _is_card(value) else value
    return data


def _is_card(value: object) -> bool:
    return type(value).__name__ == "Card" and type(value).__module__ == "mahjong_rules.rulesets.nmjl.card"


def _card_line(line: Any) -> dict[str, JSON]:
    from mahjong_rules.rulesets.nmjl.card import written_numbers as _values

    data: dict[str, JSON] = {
        "hand": line.hand,
        "value": line.value,
        "concealed": line.concealed,
        "numbers": None if line.numbers is None else _values(line.numbers),
        "note": line.note,
    }
    if line.suits is not None:
        data["suits"] = list(line.suits)
    for letter, values in line.number_variables.items():
        data[letter] = _values(values)
    if line.given_label:
        data["label"] = line.given_label
    return data


def _card(card: Any) -> dict[str, JSON]:
    return {
        "name": card.name,
        "sections": [
            {"name": section.name, "lines": [_card_line(line) for line in section.lines]} for section in card.sections
        ],
    }


def _evaluation(evaluation: Evaluation) -> dict[str, JSON]:
    arrangement = evaluation.arrangement
    return {
        "ruleset": evaluation.ruleset,
        "hand": _hand(evaluation.hand),
        "context": _context(evaluation.context),
        "is_winning": evaluation.is_winning,
        "points": evaluation.points,
        "breakdown": [{"name": item.name, "points": item.points} for item in evaluation.breakdown],
        "arrangement": None
        if arrangement is None
        else {"melds": [_meld(meld) for meld in arrangement.melds], "description": arrangement.description},
        "reasons": [{"code": reason.code, "message": reason.message} for reason in evaluation.reasons],
        "options": _options(evaluation.options),
    }


def _settlement(settlement: Settlement) -> dict[str, JSON]:
    return {
        "transfers": [
            {"payer": t.payer.name, "payee": t.payee.name, "amount": t.amount, "reason": t.reason, "code": t.code}
            for t in settlement.transfers
        ],
        "seats": [seat.name for seat in settlement.seats],
        "payments": {seat.name: amount for seat, amount in settlement.payments.items()},
    }


def to_dict(value: object) -> dict[str, JSON]:
    """``value`` (a Tile, Meld, Hand, WinContext, Evaluation, Settlement, Card, a
    :class:`~mahjong_rules.engine.view.PlayerView` or an :class:`~mahjong_rules.engine.Action`) as
    JSON data, with its ``"type"`` and the ``"schema"`` version.

    >>> to_dict(Tile.parse("RD"))
    {'type': 'tile', 'schema': 1, 'tile': 'RD'}

    Raises:
        TypeError: ``value`` is of no type the format writes.
    """
    writers: list[tuple[type | Callable[[object], bool], str, Callable[[Any], dict[str, JSON]]]] = [
        (Tile, "tile", lambda tile: {"tile": tile.token}),
        (Meld, "meld", _meld),
        (Hand, "hand", _hand),
        (WinContext, "win_context", _context),
        (Evaluation, "evaluation", _evaluation),
        (Settlement, "settlement", _settlement),
    ]
    for kind, name, write in writers:
        if isinstance(kind, type) and isinstance(value, kind):
            return {"type": name, "schema": SCHEMA_VERSION, **write(value)}
    if _is_card(value):
        return {"type": "card", "schema": SCHEMA_VERSION, **_card(value)}
    if type(value).__module__.startswith("mahjong_rules.engine."):
        engine = _engine_documents()
        if isinstance(value, engine.PlayerView):
            return {"type": "view", "schema": SCHEMA_VERSION, **engine.write_view(value)}
        if isinstance(value, engine.Action):
            return {"type": "action", "schema": SCHEMA_VERSION, **value.to_dict()}
    raise TypeError(
        "to_dict writes a Tile, Meld, Hand, WinContext, Evaluation, Settlement, Card, PlayerView or Action, "
        f"not {describe(value)}"
    )


# -- reading ---------------------------------------------------------------------------------------


_CARDS_KEPT = 16
_CARDS_READ: dict[tuple[str, str], Any] = {}  # (the card's data as JSON text, its path) to the card


class _Reader:
    """Reads nested data, naming the path of a fault (``hand.melds[0].tiles[2]``)."""

    def fail(self, path: str, problem: str) -> RecordError:
        return RecordError(f"{path}: {problem}")

    def mapping(self, data: object, path: str, keys: set[str], required: set[str]) -> Mapping[str, JSON]:
        if not isinstance(data, Mapping):
            raise self.fail(path, f"expected an object, not {describe(data)}")
        unknown = sorted(set(data) - keys)
        if unknown:
            raise self.fail(path, f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(keys))})")
        missing = sorted(required - set(data))
        if missing:
            raise self.fail(path, f"missing key {missing[0]!r}")
        return data

    def of(self, kind: type | tuple[type, ...], data: object, path: str, what: str) -> Any:
        if not isinstance(data, kind) or (kind is int and isinstance(data, bool)):
            raise self.fail(path, f"expected {what}, not {describe(data)}")
        return data

    def integer(self, data: object, path: str) -> int:
        if type(data) is not int:
            raise self.fail(path, f"expected an integer, not {describe(data)}")
        return data

    def boolean(self, data: object, path: str) -> bool:
        if type(data) is not bool:
            raise self.fail(path, f"expected true or false, not {describe(data)}")
        return data

    def text(self, data: object, path: str) -> str:
        return self.of(str, data, path, "text")  # type: ignore[no-any-return]

    def items(self, data: object, path: str) -> list[JSON]:
        return self.of(list, data, path, "a list")  # type: ignore[no-any-return]

    def tile(self, data: object, path: str) -> Tile:
        token = self.text(data, path)
        try:
            return Tile.parse(token)
        except ValueError as error:
            raise self.fail(path, str(error)) from None

    def optional_tile(self, data: object, path: str) -> Tile | None:
        return None if data is None else self.tile(data, path)

    def seat(self, data: object, path: str) -> Seat | None:
        if data is None:
            return None
        name = self.text(data, path)
        try:
            return Seat.parse(name)
        except ValueError as error:
            raise self.fail(path, str(error)) from None

    def required_seat(self, data: object, path: str) -> Seat:
        seat = self.seat(data, path)
        if seat is None:
            raise self.fail(path, "expected a seat, not null")
        return seat

    def tiles(self, data: object, path: str) -> list[Tile]:
        return [self.tile(item, f"{path}[{index}]") for index, item in enumerate(self.items(data, path))]

    def meld(self, data: object, path: str) -> Meld:
        fields = self.mapping(data, path, {"tiles", "exposed", "called_from", "represents"}, {"tiles"})
        try:
            return Meld(
                self.tiles(fields["tiles"], f"{path}.tiles"),
                exposed=self.boolean(fields.get("exposed", True), f"{path}.exposed"),
                called_from=self.seat(fields.get("called_from"), f"{path}.called_from"),
                represents=self.optional_tile(fields.get("represents"), f"{path}.represents"),
            )
        except (ValueError, TypeError) as error:
            if isinstance(error, RecordError):
                raise
            raise self.fail(path, str(error)) from None

    def hand(self, data: object, path: str) -> Hand:
        fields = self.mapping(data, path, {"concealed", "melds"}, {"concealed"})
        melds = [
            self.meld(item, f"{path}.melds[{index}]")
            for index, item in enumerate(self.items(fields.get("melds", []), f"{path}.melds"))
        ]
        return Hand(self.tiles(fields["concealed"], f"{path}.concealed"), melds)

    def context(self, data: object, path: str) -> WinContext:
        names = {field.name for field in attrs.fields(WinContext)}
        fields = dict(self.mapping(data, path, names, set()))
        try:
            return WinContext(**fields)
        except (ValueError, TypeError) as error:
            raise self.fail(path, str(error)) from None

    def card(self, data: Mapping[str, JSON], path: str) -> Any:
        # A card is read anew only when its data is new: every view and evaluation of a card
        # ruleset carries its card, which takes tens of milliseconds to read.
        try:
            key = json.dumps(data, sort_keys=True)
        except (TypeError, ValueError):  # not JSON data at all: read, to say where it is wrong
            return self._card(data, path)
        found = _CARDS_READ.get((key, path))
        if found is None:
            found = self._card(data, path)
            if len(_CARDS_READ) >= _CARDS_KEPT:
                _CARDS_READ.clear()
            _CARDS_READ[key, path] = found
        return found

    def _card(self, data: Mapping[str, JSON], path: str) -> Any:
        from mahjong_rules.rulesets.nmjl.card import parse_card

        lines = [f"format = 2\nname = {json.dumps(self.text(data.get('name'), f'{path}.name'))}"]
        for place, section in enumerate(self.items(data.get("sections"), f"{path}.sections")):
            where = f"{path}.sections[{place}]"
            fields = self.mapping(section, where, {"name", "lines"}, {"name", "lines"})
            lines.append(f"[[section]]\nname = {json.dumps(self.text(fields['name'], f'{where}.name'))}\nlines = [")
            for number, line in enumerate(self.items(fields["lines"], f"{where}.lines")):
                keys = {"hand", "value", "concealed", "numbers", "note", "suits", "label", "a", "b", "c"}
                entry = self.mapping(line, f"{where}.lines[{number}]", keys, {"hand", "value"})
                written = ", ".join(f"{key} = {json.dumps(value)}" for key, value in entry.items() if value is not None)
                lines.append(f"  {{ {written} }},")
            lines.append("]")
        try:
            return parse_card("\n".join(lines) + "\n", source=f"<{path}>")
        except ValueError as error:
            raise self.fail(path, str(error)) from None

    def options(self, ruleset: str, data: object, path: str) -> object:
        if data is None:
            return None
        from mahjong_rules._options import build_options
        from mahjong_rules.registry import ruleset_class

        fields = dict(self.mapping(data, path, set(data) if isinstance(data, Mapping) else set(), set()))
        for key, value in fields.items():
            if isinstance(value, Mapping):
                fields[key] = self.card(value, f"{path}.{key}")
        try:
            cls = ruleset_class(ruleset)
            return build_options(cls.name, cls.Options, fields)
        except ValueError as error:
            raise self.fail(path, str(error)) from None

    def evaluation(self, data: Mapping[str, JSON], path: str) -> Evaluation:
        ruleset = self.text(data["ruleset"], f"{path}.ruleset")
        arrangement_data = data.get("arrangement")
        arrangement = None
        if arrangement_data is not None:
            fields = self.mapping(arrangement_data, f"{path}.arrangement", {"melds", "description"}, {"melds"})
            melds = [
                self.meld(item, f"{path}.arrangement.melds[{index}]")
                for index, item in enumerate(self.items(fields["melds"], f"{path}.arrangement.melds"))
            ]
            arrangement = Arrangement(
                melds, self.text(fields.get("description", ""), f"{path}.arrangement.description")
            )
        breakdown = []
        for index, item in enumerate(self.items(data.get("breakdown", []), f"{path}.breakdown")):
            where = f"{path}.breakdown[{index}]"
            fields = self.mapping(item, where, {"name", "points"}, {"name", "points"})
            breakdown.append(
                ScoreItem(self.text(fields["name"], f"{where}.name"), self.integer(fields["points"], f"{where}.points"))
            )
        reasons = []
        for index, item in enumerate(self.items(data.get("reasons", []), f"{path}.reasons")):
            where = f"{path}.reasons[{index}]"
            fields = self.mapping(item, where, {"code", "message"}, {"code", "message"})
            reasons.append(
                Reason(self.text(fields["code"], f"{where}.code"), self.text(fields["message"], f"{where}.message"))
            )
        try:
            return Evaluation(
                ruleset,
                self.hand(data["hand"], f"{path}.hand"),
                self.context(data.get("context", {}), f"{path}.context"),
                is_winning=self.boolean(data["is_winning"], f"{path}.is_winning"),
                points=self.integer(data.get("points", 0), f"{path}.points"),
                breakdown=breakdown,
                arrangement=arrangement,
                reasons=reasons,
                options=self.options(ruleset, data.get("options"), f"{path}.options"),
            )
        except (ValueError, TypeError) as error:
            if isinstance(error, RecordError) and str(error).startswith(path):
                raise
            raise self.fail(path, str(error)) from None

    def settlement(self, data: Mapping[str, JSON], path: str) -> Settlement:
        transfers = []
        for index, item in enumerate(self.items(data["transfers"], f"{path}.transfers")):
            where = f"{path}.transfers[{index}]"
            fields = self.mapping(
                item, where, {"payer", "payee", "amount", "reason", "code"}, {"payer", "payee", "amount"}
            )
            try:
                transfers.append(
                    Transfer(
                        self.required_seat(fields["payer"], f"{where}.payer"),
                        self.required_seat(fields["payee"], f"{where}.payee"),
                        self.integer(fields["amount"], f"{where}.amount"),
                        self.text(fields.get("reason", ""), f"{where}.reason"),
                        code=self.text(fields.get("code", ""), f"{where}.code"),
                    )
                )
            except RecordError as error:
                if str(error).startswith(where):
                    raise
                raise self.fail(where, str(error)) from None
        seats = [
            self.required_seat(item, f"{path}.seats[{i}]")
            for i, item in enumerate(self.items(data.get("seats", [s.name for s in Seat]), f"{path}.seats"))
        ]
        settlement = Settlement(transfers, seats=seats)
        if "payments" in data:
            given = self.mapping(data["payments"], f"{path}.payments", {seat.name for seat in Seat}, set())
            expected = {seat.name: amount for seat, amount in settlement.payments.items()}
            if dict(given) != expected:
                raise self.fail(f"{path}.payments", "the net payments do not follow from the transfers")
        return settlement


_TOP_KEYS = {
    "tile": ({"tile"}, {"tile"}),
    "meld": ({"tiles", "exposed", "called_from", "represents"}, {"tiles"}),
    "hand": ({"concealed", "melds"}, {"concealed"}),
    "win_context": ({field.name for field in attrs.fields(WinContext)}, set()),
    "evaluation": (
        {"ruleset", "hand", "context", "is_winning", "points", "breakdown", "arrangement", "reasons", "options"},
        {"ruleset", "hand", "is_winning"},
    ),
    "settlement": ({"transfers", "seats", "payments"}, {"transfers"}),
    "card": ({"name", "sections"}, {"name", "sections"}),
}
_ENGINE_KINDS = ("view", "action")  # the engine's documents: their keys and reading are the engine's


def from_dict(data: Mapping[str, JSON]) -> Any:
    """The value a :func:`to_dict` document describes (its ``"type"`` says which).

    >>> from_dict({"type": "tile", "schema": 1, "tile": "RD"})
    Tile.parse('RD')

    Raises:
        RecordError: the data is not a document of this format and version; the message names the
            path of the fault (``hand.melds[0].tiles[2]: unknown token ...``).
    """
    reader = _Reader()
    if not isinstance(data, Mapping):
        raise reader.fail("document", f"expected an object, not {describe(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or (kind not in _TOP_KEYS and kind not in _ENGINE_KINDS):
        raise reader.fail("type", f"expected one of {', '.join(sorted([*_TOP_KEYS, *_ENGINE_KINDS]))}, not {kind!r}")
    if data.get("schema") != SCHEMA_VERSION:
        raise reader.fail("schema", f"this library reads version {SCHEMA_VERSION}, not {data.get('schema')!r}")
    body = {key: value for key, value in data.items() if key not in ("type", "schema")}
    try:
        if kind in _ENGINE_KINDS:
            return _engine_documents().read_document(reader, kind, body)
        return _read_document(reader, kind, body)
    except RecursionError:  # values nested beyond any document's depth: never a crash
        raise reader.fail(kind, "nested too deeply") from None


def _read_document(reader: _Reader, kind: str, body: Mapping[str, JSON]) -> Any:
    """The value of a document of ``kind`` (one of this module's), its body being ``body``."""
    keys, required = _TOP_KEYS[kind]
    fields = reader.mapping(body, kind, keys, required)
    readers: dict[str, Callable[[], Any]] = {
        "tile": lambda: reader.tile(fields["tile"], "tile"),
        "meld": lambda: reader.meld(fields, "meld"),
        "hand": lambda: reader.hand(fields, "hand"),
        "win_context": lambda: reader.context(fields, "win_context"),
        "evaluation": lambda: reader.evaluation(fields, "evaluation"),
        "settlement": lambda: reader.settlement(fields, "settlement"),
        "card": lambda: reader.card(fields, "card"),
    }
    return readers[kind]()


def _engine_documents() -> Any:
    """The engine's documents (a seat's view, an action), loaded when one is read or written: the
    engine is above this module's layer, so it is imported here on demand, never when this module
    loads (tests/test_layers.py names this function as the one exception)."""
    from mahjong_rules.engine import _view_json

    return _view_json


@functools.cache
def json_schema(name: str = "values") -> Mapping[str, JSON]:
    """The published JSON Schema of the format: ``"values"`` (the documents of :func:`to_dict`) or
    ``"protocol"`` (the requests and responses of ``mahjong-rules serve``).

    >>> json_schema()["$id"]
    'https://mahjong-rules.invalid/schema/values-1.json'
    """
    if name not in ("values", "protocol"):
        raise ArgumentError(f"no schema {str(name)[:40]!r}; the schemas: values, protocol")
    text = importlib.resources.files("mahjong_rules").joinpath("schema", f"{name}.schema.json").read_text("utf-8")
    loaded: Mapping[str, JSON] = json.loads(text)
    return loaded
