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
from mahjong_rules.engine import Replay, new_round
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
    {"id": 8, "command": "instant", "ruleset": "singapore", "event": "cat and mouse", "receiver": "S", "initial": True},
    {
        "id": 9,
        "command": "analyse",
        "ruleset": "singapore",
        "hand": "[RD RD RD@S] [GD GD GD@W] 234C 56C WD WD",
        "context": {"tiles_left": 3},
        "discarded": "4C",
    },
    {"id": 10, "command": "deal", "ruleset": "flex", "seed": 4},
    {"id": 11, "command": "view", "round": Replay.of(new_round("singapore", seed=2)).to_dict(), "seat": "E"},
    {
        "id": 12,
        "command": "act",
        "round": Replay.of(new_round("singapore", seed=2)).to_dict(),
        "action": {"seat": "EAST", "kind": "discard", "tiles": ["N"]},  # East holds a North
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
    assert [line["line"] for line in analysis["closest_lines"]] == ["2468 #1", "2468 #8"]
    # the tutorial card's Numbers #1 (2222x 44x 66x 8888x FF), no jokers: 25 doubled (ruling N5)
    assert handle(REQUESTS[6])["result"]["points"] == 50
    # Singapore, ruling S19: the cat and mouse in the first 13 tiles, 4 from each player.
    assert handle(REQUESTS[7])["result"]["payments"] == {"EAST": -4, "SOUTH": 12, "WEST": -4, "NORTH": -4}


def test_singapore_analysis_asks_the_ruleset_which_sizes_wait_and_discard() -> None:
    """Bonus tiles are set aside and a kong counts as three tiles: a 13-tile hand with a kong and
    two bonus tiles waits; a 14-tile one lists its discards."""
    waiting = handle({"command": "analyse", "ruleset": "singapore", "hand": "{5555B} 123C 456C 789C 1D RF1 Cat"})
    assert waiting["result"]["waits"] == ["1D"]
    assert "discard_options" not in waiting["result"]
    discarding = handle({"command": "analyse", "ruleset": "singapore", "hand": "{5555B} 123C 456C 789C 1D 9D RF1"})
    assert discarding["result"]["waits"] is None
    assert {option["discard"] for option in discarding["result"]["discard_options"][:2]} == {"1D", "9D"}


def test_analysis_of_a_complete_hand_lists_its_arrangements() -> None:
    """111C 222C 333C 456C 99C is three pongs or three chows of 123C (both readings are Mahjong
    self-drawn: Full Color); under a context with a minimum it cannot meet, none is listed."""
    request = {"command": "analyse", "ruleset": "singapore", "hand": "111C 222C 333C 456C 99C"}
    result = handle({**request, "context": {"self_drawn": True}})["result"]
    assert result["tiles_away"] == 0
    assert sorted(result["decompositions"]) == [
        "(111C) (222C) (333C) (456C) (99C): four sets and an eye",
        "(123C) (123C) (123C) (456C) (99C): four sets and an eye",
    ]
    assert len(handle({**request, "limit": 1})["result"]["decompositions"]) == 1
    strict = handle({**request, "options": {"min_doubles": 5}})["result"]
    assert strict["decompositions"] == []


def test_analysis_calls_decompositions_with_the_hand_alone_when_that_is_the_signature() -> None:
    """The protocol's ``decompositions(hand)``: a registered ruleset need not read a context."""
    from tests.toy_ruleset import SevenPairsRuleset

    mr.register_ruleset(SevenPairsRuleset)
    try:
        result = handle({"command": "analyse", "ruleset": "seven-pairs", "hand": "11B 22B 33B 44C 55C 66D 77D"})
    finally:
        mr.unregister_ruleset("seven-pairs")
    assert result["ok"], result
    assert result["result"]["decompositions"] == ["(11B) (22B) (33B) (44C) (55C) (66D) (77D): seven pairs"]


def test_singapore_analysis_lists_the_pay_all_discards() -> None:
    """Ruling S9, the Dragon tile set scenario: with two dragon pongs showing, a discard of the third
    dragon the hand can pong makes the discarder liable; near the end of the game a fresh tile
    that wins (here 1C, 4C or 7C; 4C was discarded) does too."""
    result = handle(REQUESTS[8])["result"]
    assert result["waits"] == ["1C", "4C", "7C"]
    warnings = result["pay_all_discards"]
    assert "the Dragon tile set" in warnings["WD"]
    assert warnings["1C"] == warnings["7C"] == "a fresh tile at the end of the game"
    assert "4C" not in warnings


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
        ({"command": "instant", "ruleset": "flex", "event": "exposed kong", "receiver": "E"}, "bad-request"),
        ({"command": "instant", "ruleset": "singapore", "receiver": "E"}, "bad-request"),
        ({"command": "instant", "ruleset": "singapore", "event": "exposed kong"}, "bad-request"),
        ({"command": "instant", "ruleset": "singapore", "event": "exposed pong", "receiver": "E"}, "bad-input"),
        ({"command": "instant", "ruleset": "singapore", "event": "exposed kong", "receiver": "X"}, "bad-input"),
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
    keys += ["discarded", "event", "receiver", "initial"]
    for _ in range(400):
        request: dict[str, Any] = {key: rng.choice(values) for key in rng.sample(keys, rng.randint(0, len(keys)))}
        if rng.random() < 0.6:
            request["command"] = rng.choice(["evaluate", "settle", "analyse", "instant", "rulesets"])
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


@pytest.mark.parametrize("family", ["flex", "card-free", "nmjl", "singapore"])
def test_a_whole_round_is_played_through_the_protocol(family: str) -> None:
    """A referee in any language: ``deal``, then at each moment the view of the seat to act and
    one of its legal actions sent back with ``act``, the round travelling as its record. Every
    request and response fits the schema, and the round the server played is the one the library
    plays from the same actions."""
    rng = random.Random(7)
    state = handle({"id": 0, "command": "deal", "ruleset": family, "seed": 11})
    RESPONSE.validate(state)
    number = 0
    while not state["result"]["over"]:
        number += 1
        record = state["result"]["round"]
        seat = state["result"]["to_act"][0]
        asked = {"id": number, "command": "view", "round": record, "seat": seat}
        view = handle(json.loads(json.dumps(asked)))
        assert view["result"]["seat"] == seat
        acted = {"id": number, "command": "act", "round": record, "action": rng.choice(view["result"]["legal"])}
        state = handle(json.loads(json.dumps(acted)))
        assert state["ok"], state
        if number % 20 == 1:  # the schema's checks of records of a hundred actions take their time
            for request, response in ((asked, view), (acted, state)):
                REQUEST.validate(request)
                RESPONSE.validate(response)
    played = Replay.from_dict(state["result"]["round"]).play()
    local = new_round(family, seed=11)
    for action in played.actions:
        local = local.apply(action)
    assert local.is_over
    assert local.result == played.result
    final = handle({"id": "end", "command": "view", "round": state["result"]["round"], "seat": "S"})["result"]
    assert final["phase"] == "over"
    assert sum(final["payments"].values()) == 0


def test_an_illegal_action_through_the_protocol_says_why() -> None:
    record = Replay.of(new_round("singapore", seed=2)).to_dict()
    response = handle({"id": 1, "command": "act", "round": record, "action": {"seat": "SOUTH", "kind": "pass"}})
    RESPONSE.validate(response)
    assert response["error"]["code"] == "bad-input"
    assert response["error"]["reason"] == "not-to-act"
    as_document = {"type": "action", "schema": 1, "seat": "EAST", "kind": "discard", "tiles": ["9D"]}
    refused = handle({"id": 2, "command": "act", "round": record, "action": as_document})
    assert refused["error"]["reason"] == "not-in-hand"
    for wrong, code in (
        ({"id": 3, "command": "act", "round": "flex", "action": {}}, "bad-request"),
        ({"id": 4, "command": "act", "round": {**record, "seed": 1.5}, "action": {}}, "bad-input"),
        (
            {"id": 5, "command": "act", "round": record, "action": {"type": "tile", "schema": 1, "tile": "5B"}},
            "bad-request",
        ),
        ({"id": 6, "command": "view", "round": record}, "bad-request"),
        ({"id": 7, "command": "deal", "ruleset": "flex", "seed": -1}, "bad-input"),
        ({"id": 8, "command": "deal", "ruleset": "singapore", "deal": {"banker": "Q"}}, "bad-input"),
    ):
        answer = handle(wrong)
        RESPONSE.validate(answer)
        assert answer["error"]["code"] == code, answer
