"""A seat's view and an action as JSON documents (``to_dict``/``from_dict``, type ``"view"`` and
``"action"``): for bots in another process or language and for logs of play. Every view of whole
rounds in every family goes to JSON, validates against the published schema and comes back equal
(and hashing alike); bad documents are refused naming the path of the fault."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import mahjong_rules as mr
from mahjong_rules.engine import Action, ActionKind, Round, new_round
from mahjong_rules.engine.view import PlayerView
from tests.test_serialize import VALUES

FAMILIES = ("flex", "card-free", "nmjl", "singapore")


def _moments(family: str, seed: int) -> list[Round]:
    """Every moment of a seeded random round of ``family``, the end included."""
    round_ = new_round(family, seed=seed)
    rng = random.Random(seed)
    moments = [round_]
    while not round_.is_over:
        round_ = round_.apply(rng.choice(round_.legal_actions(round_.to_act[0])))
        moments.append(round_)
    return moments


@pytest.mark.parametrize("family", FAMILIES)
def test_every_view_of_a_round_round_trips_through_json(family: str) -> None:
    """Each seat's view at every moment (Charleston steps with their passes, claims, the result
    with its evaluation and settlement): written, validated by the schema, read back equal."""
    seen_phases: set[str] = set()
    moments = _moments(family, seed=3)
    for moment in moments[::3] + moments[-1:]:
        for seat in moment.view(moment.to_act[0] if moment.to_act else "E").seats:
            view = moment.view(seat)
            data = mr.to_dict(view)
            VALUES.validate(data)
            assert data["type"] == "view"
            back = mr.from_dict(json.loads(json.dumps(data)))
            assert isinstance(back, PlayerView)
            assert back == view
            assert hash(back) == hash(view)
            assert back.ruleset is view.ruleset  # the process's own ruleset of those options
            assert list(back.legal) == list(view.legal)
            seen_phases.add(view.phase)
    assert "over" in seen_phases
    assert len(seen_phases) >= 3


def test_a_views_document_is_what_the_seat_sees() -> None:
    """The document's keys are the view's fields; its seat's own tiles are in it, no other
    seat's concealed tiles are (only their counts)."""
    round_ = new_round("singapore", seed=2)
    data = mr.to_dict(round_.view("S"))
    assert set(data) - {"type", "schema"} == {field.name for field in PlayerView.__attrs_attrs__}
    assert sorted(data["hand"]["concealed"]) == sorted(tile.token for tile in round_.view("S").hand.concealed)
    assert data["concealed_counts"] == {seat.name: count for seat, count in round_.view("S").concealed_counts.items()}
    assert "EAST" not in json.dumps(data["hand"])  # the document holds no seat's hand but its own


def test_a_remote_bot_answers_with_an_action_document() -> None:
    """A referee sends a view as JSON; a bot elsewhere reads it, chooses, answers with an action
    document, which the referee reads and applies."""
    round_ = new_round("card-free", seed=9)
    for _ in range(40):
        seat = round_.to_act[0]
        sent = json.dumps(mr.to_dict(round_.view(seat)))
        received = json.loads(sent)  # the bot's side: plain JSON
        choice = received["legal"][-1]
        answer = json.dumps({"type": "action", "schema": 1, **choice})
        action = mr.from_dict(json.loads(answer))
        assert isinstance(action, Action)
        VALUES.validate(json.loads(answer))
        assert action == round_.legal_actions(seat)[-1]
        round_ = round_.apply(action)
    assert mr.to_dict(action) == {"type": "action", "schema": 1, **action.to_dict()}


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda data: data.update(seat="NOWHERE"), "view.seat"),
        (lambda data: data.update(seats=["EAST", "EAST"]), "view.seats"),
        (lambda data: data["legal"].append({"seat": "NORTH", "kind": "pass"}), "view.legal[1]"),
        (lambda data: data["legal"].append({"seat": "EAST", "kind": "dance"}), "view.legal[1]"),
        (lambda data: data["discards"].update(CENTER=[]), "view.discards"),
        (lambda data: data.update(tiles_left="many"), "view.tiles_left"),
        (lambda data: data.update(tiles_left=-1), "view.tiles_left"),
        (lambda data: data["concealed_counts"].update(SOUTH=-13), "view.concealed_counts.SOUTH"),
        (lambda data: data.update(phase="claims"), "view.phase"),  # Singapore's is "response"
        (lambda data: data.update(ruleset={"name": "riichi"}), "view.ruleset.name"),
        (lambda data: data["ruleset"].update(options={"no_such_option": 1}), "view.ruleset.options"),
        (lambda data: data.update(step={"kind": "dance"}), "view.step.kind"),
        (
            lambda data: data.update(
                step={"kind": "pass", "charleston": {"charleston": 3, "number": 1, "direction": "left"}}
            ),
            "view.step.charleston.charleston",
        ),
        (lambda data: data.update(turn="NORTH", seats=["EAST", "SOUTH", "WEST"]), "view"),
        (lambda data: data.update(extra=1), "view"),
        (lambda data: data.pop("hand"), "view"),
    ],
)
def test_a_bad_view_document_is_refused_naming_where(change: Any, path: str) -> None:
    data = mr.to_dict(new_round("singapore", seed=1).view("E"))
    assert len(data["legal"]) == 1 or data["legal"]  # East's discards, at least one
    data["legal"] = data["legal"][:1]
    change(data)
    with pytest.raises(mr.RecordError) as raised:
        mr.from_dict(data)
    assert str(raised.value).startswith(path)


def test_an_action_document_is_checked() -> None:
    VALUES.validate(mr.to_dict(Action("E", ActionKind.CALL, "5B", meld="[5B 5B 5B @N]")))
    assert mr.from_dict(mr.to_dict(Action("W", "vote", flag=True))) == Action("W", "vote", flag=True)
    for bad, where in (
        ({"type": "action", "schema": 1, "seat": "EAST"}, "action: missing key 'kind'"),
        ({"type": "action", "schema": 1, "seat": "EAST", "kind": "discard", "tiles": "5B"}, "action"),
        ({"type": "action", "schema": 1, "seat": "EAST", "kind": "vote", "count": 99}, "action"),
    ):
        with pytest.raises(mr.RecordError, match=where):
            mr.from_dict(bad)
