"""A seeded fuzz of the input that comes from outside (issue 20): protocol lines for ``serve``,
documents for ``from_dict`` of every value type, replays for ``Replay.from_json``, files for
``read_hands``. Whatever the input: an answer or a library error (a ``MahjongError`` or a
``TypeError`` naming what was expected), a response in strict JSON for each protocol line,
``internal`` never, and nothing slow. Card files have their own fuzz in ``test_nmjl_card.py``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules import service
from mahjong_rules.engine import Action, Replay, new_round
from tests.test_service import REQUESTS

SEED = 2026

# Values of every JSON type and then some: huge and negative numbers, deep nesting, long text.
_ODD_VALUES: list[Callable[[random.Random], Any]] = [
    lambda rng: None,
    lambda rng: rng.choice([True, False]),
    lambda rng: rng.choice([0, -1, 1, 2**70, -(10**40), 7]),
    lambda rng: rng.choice([0.5, -3.25, 1e300, 2.9]),
    lambda rng: rng.choice(["", "x", "E", "5B", "333C 44B 555C 666C 777C", "J" * 50, "é" * 30, "\x00"]),
    lambda rng: [rng.choice([1, "a", None])] * rng.randint(0, 5),
    lambda rng: {"type": rng.choice(["hand", "tile", "card", "x"]), "k": rng.randint(0, 3)},
    lambda rng: _nested(rng.choice([3, 40, 70, 200])),
]


def _nested(depth: int) -> Any:
    value: Any = 1
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


def _odd(rng: random.Random) -> Any:
    return rng.choice(_ODD_VALUES)(rng)


def _containers(value: Any) -> list[Any]:
    """Every object and array of a JSON document, itself included."""
    if not isinstance(value, dict | list):
        return []
    found = [value]
    for item in value.values() if isinstance(value, dict) else value:
        found += _containers(item)
    return found


def _mutate(document: Any, rng: random.Random) -> Any:
    """A copy of a JSON document with one to three fields changed, removed or added, anywhere."""
    mutated = copy.deepcopy(document)
    for _ in range(rng.randint(1, 3)):
        target = rng.choice(_containers(mutated))
        if isinstance(target, dict):
            action = rng.randrange(3)
            if action == 0 and target:
                del target[rng.choice(list(target))]
            elif action == 1 and target:
                target[rng.choice(list(target))] = _odd(rng)
            else:
                target[rng.choice(["extra", "dicarder", "type", "schema", "seat", "tiles"])] = _odd(rng)
        elif target:
            target[rng.randrange(len(target))] = _odd(rng)
        else:
            target.append(_odd(rng))
    return mutated


# -- serve ---------------------------------------------------------------------------------------------

# The protocol's own examples (tests/test_service.py), and a hand object.
_REQUESTS: list[dict[str, Any]] = [
    *REQUESTS,
    {"id": 9, "command": "evaluate", "ruleset": "singapore", "hand": {"concealed": ["1B", "2B"], "melds": []}},
]


def _line(rng: random.Random) -> str:
    kind = rng.randrange(10)
    if kind == 0:
        return rng.choice(["[", "{", '"']) * rng.choice([10, 100, 5000]) + rng.choice(["", "]", "}"])
    if kind == 1:
        return rng.choice(
            [
                '{"id": NaN}',
                '{"id": Infinity, "command": "rulesets"}',
                "1e400",
                "[]",
                "null",
                "{",
                '{"id": 1' + "9" * 5000 + "}",
            ]
        )
    text = json.dumps(_mutate(rng.choice(_REQUESTS), rng))
    if kind == 2 and text:  # a character changed
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice('{}[]",:0eN\\') + text[at + 1 :]
    return text


def test_serve_answers_every_line() -> None:
    """1,200 seeded lines, malformed, mutated or hostile: one strict-JSON response each, never
    ``internal``, every one quick; the server answers a good request after them."""
    rng = random.Random(SEED)
    lines = [_line(rng) for _ in range(1200)]
    output = io.StringIO()
    started = time.perf_counter()
    service.serve(io.StringIO("\n".join([*lines, json.dumps({"id": 0, "command": "rulesets"})]) + "\n"), output)
    assert time.perf_counter() - started < 120  # a hang, not a timing
    responses = output.getvalue().splitlines()
    answered = [line for line in lines if line.strip()]
    assert len(responses) == len(answered) + 1

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in a response")

    codes = [json.loads(response, parse_constant=refuse) for response in responses]
    assert all(code["ok"] or code["error"]["code"] in ("bad-request", "bad-input") for code in codes), [
        code for code in codes if not code["ok"] and code["error"]["code"] == "internal"
    ][:3]
    assert codes[-1]["ok"]
    assert sum(code["ok"] for code in codes) > 50  # some mutations still make good requests


# -- from_dict ---------------------------------------------------------------------------------------


def _documents() -> list[dict[str, Any]]:
    flex = mr.get_ruleset("flex")
    hand = mr.Hand.parse("333C 44B 555C 666C [J 7C 7C@W]")
    evaluation = flex.evaluate(hand, mr.WinContext(self_drawn=True))
    return [
        mr.to_dict(mr.Tile.parse("5B")),
        mr.to_dict(mr.Meld.parse("[J 7C 7C@W]")),
        mr.to_dict(hand),
        mr.to_dict(mr.WinContext(self_drawn=True, winning_tile=mr.Tile.parse("5C"))),
        mr.to_dict(evaluation),
        mr.to_dict(flex.settle(evaluation)),
        mr.to_dict(mr.sample_card("tutorial")),
        mr.to_dict(_played("flex", 30).view("S")),
        mr.to_dict(_played("singapore", 10_000).view("W")),  # the round over: its result
        mr.to_dict(Action("E", "call", "5B", meld="[5B 5B 5B @N]")),
    ]


def _played(family: str, actions: int) -> Any:
    """A round of ``family`` played at random for ``actions`` actions, or to its end."""
    round_ = new_round(family, seed=SEED)
    rng = random.Random(SEED)
    while not round_.is_over and len(round_.actions) < actions:
        round_ = round_.apply(rng.choice(round_.legal_actions(round_.to_act[0])))
    return round_


@pytest.mark.parametrize(
    "kind",
    range(10),
    ids=["tile", "meld", "hand", "context", "evaluation", "settlement", "card", "view", "finished-view", "action"],
)
def test_from_dict_of_every_value_type(kind: int) -> None:
    """300 mutations of a document of each type: the value, or a RecordError or TypeError."""
    rng = random.Random(SEED + kind)
    document = _documents()[kind]
    read = 0
    for _ in range(300):
        mutated = _mutate(document, rng)
        try:
            mr.from_dict(mutated)
        except (mr.MahjongError, TypeError):
            continue
        read += 1
    assert read < 300  # the mutations do break documents


# -- Replay.from_json --------------------------------------------------------------------------------


def test_replay_from_json() -> None:
    """400 mutated replays (JSON changed, or its text): a replay or a library error."""
    finished = new_round("flex", seed=SEED)
    while not finished.is_over:
        finished = finished.apply(finished.legal_actions(finished.to_act[0])[0])
    document = json.loads(Replay.of(finished).to_json())
    rng = random.Random(SEED)
    for attempt in range(400):
        text = json.dumps(_mutate(document, rng))
        if attempt % 4 == 0:
            at = rng.randrange(len(text))
            text = text[:at] + rng.choice('{}[]",:0eN') + text[at + 1 :]
        with contextlib.suppress(mr.MahjongError, TypeError):
            Replay.from_json(text)


# -- read_hands --------------------------------------------------------------------------------------


def test_read_hands(tmp_path: Path) -> None:
    """200 files of mutated lines (JSON lines, notation, hostile nesting): hands or a HandFileError
    naming a line of the file."""
    rng = random.Random(SEED)
    for number in range(200):
        lines = []
        for _ in range(rng.randint(1, 8)):
            choice = rng.randrange(4)
            if choice == 0:
                lines.append(json.dumps(_mutate({"hand": "333C 44B 555C 666C 777C", "id": 1}, rng)))
            elif choice == 1:
                lines.append(rng.choice(["333C 44B 555C 666C 777C", "# comment", "", "{", "{]"]))
            elif choice == 2:
                lines.append('{"hand": ' + "[" * rng.choice([10, 100, 3000]) + "}")
            else:
                lines.append(json.dumps({"hand": _odd(rng)}))
        path = tmp_path / f"hands{number}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        read: list[str] = []
        fault: mr.HandFileError | None = None
        try:
            read.extend(mr.read_hands(path))
        except mr.HandFileError as error:
            fault = error
        assert all(isinstance(hand, str) for hand in read)
        assert fault is None or 1 <= fault.line <= len(lines)
