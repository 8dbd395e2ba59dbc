"""The JSON-lines protocol (``mahjong_rules.service``): every command answers with a response the
published protocol schema accepts, the results are the library's own answers, and no request,
however malformed, raises."""

from __future__ import annotations

import io
import json
import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import mahjong_rules as mr
from mahjong_rules.service import handle, serve


def _validator() -> Draft202012Validator:
    schemas = [mr.json_schema(name) for name in ("values", "protocol")]
    registry: Registry = Registry().with_resources((s["$id"], Resource.from_contents(dict(s))) for s in schemas)
    protocol = dict(mr.json_schema("protocol"))
    return Draft202012Validator(protocol, registry=registry)


PROTOCOL = _validator()
REQUEST = PROTOCOL.evolve(schema={"$ref": "https://mahjong-rules.invalid/schema/protocol-1.json#/$defs/request"})
RESPONSE = PROTOCOL.evolve(schema={"$ref": "https://mahjong-rules.invalid/schema/protocol-1.json#/$defs/response"})

REQUESTS: list[dict[str, Any]] = [
    {"id": 1, "command": "evaluate", "ruleset": "flex", "hand": "333C 44B 555C 666C 777C"},
    {
        "id": "b",
        "command": "evaluate",
        "ruleset": "singapore",
        "hand": "123C 456C 789C 234D 55B RF1 Cat",
        "context": {"winning_tile": "5B"},
    },
    {
        "id": 3,
        "command": "settle",
        "ruleset": "card-free",
        "hand": "333D 5555D 7777D 999D",
        "context": {"self_drawn": True},
    },
    {"id": 4, "command": "analyse", "ruleset": "nmjl", "hand": "22B 4444B 66B 888B GD GD", "limit": 2},
    {"id": 5, "command": "analyse", "ruleset": "flex", "hand": "333C 44B 555C 666C 7C J 9D", "seen": "7C 7C"},
    {"id": 6, "command": "rulesets"},
    {
        "id": 7,
        "command": "evaluate",
        "ruleset": "nmjl",
        "options": {"card": mr.to_dict(mr.sample_card("tutorial"))},
        "hand": {"concealed": ["2B", "2B", "2B", "2B", "4B", "4B", "6B", "6B", "8B", "8B", "8B", "8B", "F", "F"]},
    },
]


@pytest.mark.parametrize("request_data", REQUESTS, ids=lambda request: str(request["id"]))
def test_each_command_answers_within_the_schema(request_data: dict[str, Any]) -> None:
    REQUEST.validate(request_data)
    response = handle(request_data)
    RESPONSE.validate(response)
    assert response["ok"] is True, response
    assert response["id"] == request_data["id"]


def test_results_are_the_librarys_answers() -> None:
    flex = mr.get_ruleset("flex")
    response = handle(REQUESTS[0])
    assert mr.from_dict(response["result"]) == flex.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    settled = handle(REQUESTS[2])["result"]
    card_free = mr.get_ruleset("card-free")
    evaluation = card_free.evaluate(mr.Hand.parse("333D 5555D 7777D 999D"), mr.WinContext(self_drawn=True))
    assert mr.from_dict(settled["settlement"]) == card_free.settle(evaluation)
    analysis = handle(REQUESTS[3])["result"]
    assert analysis["tiles_away"] == 1
    assert [line["line"] for line in analysis["closest_lines"]] == ["2468 #1", "2468 #7"]
    # the tutorial card's Numbers #1 (2222x 44x 66x 8888x FF), no jokers: 25 doubled (ruling N5)
    assert handle(REQUESTS[6])["result"]["points"] == 50


@pytest.mark.parametrize(
    ("request_data", "code"),
    [
        ([1, 2], "bad-request"),
        ({"command": "evaluate"}, "bad-request"),
        ({"command": "evaluate", "ruleset": "flex", "hand": 5}, "bad-request"),
        ({"command": "evaluate", "ruleset": "flex", "hand": "1B", "context": {"self_drawn": "yes"}}, "bad-input"),
        ({"command": "evaluate", "ruleset": "nope", "hand": "1B"}, "bad-input"),
        ({"command": "evaluate", "ruleset": "flex", "hand": "1B", "options": {"jokers": "8"}}, "bad-input"),
        ({"command": "settle", "ruleset": "flex", "hand": "333C 44B 555C 666C 777C"}, "bad-input"),
    ],
)
def test_faults_are_responses(request_data: object, code: str) -> None:
    response = handle(request_data)
    RESPONSE.validate(response)
    assert response["ok"] is False
    assert response["error"]["code"] == code


def test_random_requests_never_raise() -> None:
    """Fuzz: requests made of random keys and values get a response within the schema."""
    rng = random.Random(13)
    values: list[Any] = [None, 0, -1, 3.5, "", "1B", "333C 44B 555C 666C 777C", [], {}, ["x"], {"a": 1}, True]
    keys = ["command", "ruleset", "hand", "context", "options", "seen", "limit", "discarder", "winner", "id"]
    for _ in range(400):
        request: dict[str, Any] = {key: rng.choice(values) for key in rng.sample(keys, rng.randint(0, len(keys)))}
        if rng.random() < 0.6:
            request["command"] = rng.choice(["evaluate", "settle", "analyse", "rulesets"])
            request["ruleset"] = rng.choice(mr.available_rulesets())
        response = handle(request)
        if not isinstance(request.get("id"), (str, int, type(None))) or isinstance(request.get("id"), bool):
            continue  # an id the schema does not describe is still echoed
        RESPONSE.validate(response)


def test_serve_writes_one_line_per_request() -> None:
    lines = [json.dumps(REQUESTS[0]), "", "{broken", json.dumps(REQUESTS[5])]
    output = io.StringIO()
    failures = serve(lines, output)
    answers = [json.loads(line) for line in output.getvalue().splitlines()]
    assert failures == 1
    assert [answer["ok"] for answer in answers] == [True, False, True]
    assert answers[1]["error"]["code"] == "bad-request"
