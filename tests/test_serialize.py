"""JSON for the library's values (``to_dict`` / ``from_dict``): round trips for every type, the
published schemas validate what the library writes, and bad documents are refused with the path of
the fault."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import mahjong_rules as mr
from mahjong_rules.testing import hands as hand_strategy
from tests.nmjl_hands import nmjl_mahjong
from tests.singapore_hands import random_context, random_mahjong


def registry() -> Registry:
    schemas = [mr.json_schema(name) for name in ("values", "protocol")]
    return Registry().with_resources((schema["$id"], Resource.from_contents(dict(schema))) for schema in schemas)


VALUES = Draft202012Validator(dict(mr.json_schema("values")), registry=registry())
PROTOCOL = Draft202012Validator(dict(mr.json_schema("protocol")), registry=registry())


def round_trip(value: object) -> object:
    data = mr.to_dict(value)
    VALUES.validate(data)
    text = json.dumps(data)  # plain JSON: nothing but dicts, lists, strings, numbers, booleans, null
    return mr.from_dict(json.loads(text))


def test_every_tile_round_trips_and_the_schema_lists_every_token() -> None:
    for tile in mr.Tile.all():
        assert round_trip(tile) is tile
    assert mr.json_schema("values")["$defs"]["tile"]["enum"] == [tile.token for tile in mr.Tile.all()]


@pytest.mark.parametrize(
    "text",
    ["[J 5C 5C @W]", "[JJJ=5D]", "{5555C}", "[NEWS]", "[123B]", "[FFFF]"],
)
def test_melds_round_trip(text: str) -> None:
    meld = mr.Meld.parse(text)
    back = round_trip(meld)
    assert back == meld
    assert isinstance(back, mr.Meld)
    assert back.represents == meld.represents
    assert back.called_from == meld.called_from


@settings(max_examples=150, deadline=None)
@given(hand_strategy())
def test_hands_round_trip(hand: mr.Hand) -> None:
    assert round_trip(hand) == hand


@st.composite
def win_contexts(draw: st.DrawFn) -> mr.WinContext:
    """Contexts whose fields agree (the last tile leaves no tile to draw)."""
    last_tile = draw(st.booleans())
    return mr.WinContext(
        seat_wind=draw(st.sampled_from(list(mr.Seat))),
        prevailing_wind=draw(st.sampled_from(list(mr.Seat))),
        winning_tile=draw(st.none() | st.sampled_from(mr.Tile.all())),
        first_turn=draw(st.booleans()),
        last_tile=last_tile,
        tiles_left=draw(st.none() | (st.just(0) if last_tile else st.integers(0, 100))),
    )


@settings(max_examples=100, deadline=None)
@given(win_contexts())
def test_win_contexts_round_trip(context: mr.WinContext) -> None:
    assert round_trip(context) == context


@pytest.mark.parametrize("name", ["flex", "card-free", "nmjl", "singapore"])
def test_evaluations_and_settlements_round_trip(name: str) -> None:
    """Evaluations of every ruleset (winning or not, their options included) and their settlements
    come back equal, so that settlement still accepts the evaluation read back (ruling L2)."""
    ruleset = mr.get_ruleset(name)
    rng = random.Random(7)
    examples = {
        "flex": ["333C 44B 555C 666C 777C", "111B 222C 333D 44B 555B"],
        "card-free": ["333D 5555D 7777D 999D", "1B 2B 3B"],
        "nmjl": [str(nmjl_mahjong(rng)) for _ in range(5)] + ["1B 2B"],
        "singapore": [str(random_mahjong(rng)) for _ in range(5)],
    }[name]
    winning = 0
    for text in examples:
        hand = mr.Hand.parse(text)
        context = random_context(rng, hand) if name == "singapore" else mr.WinContext(seat_wind="S")
        evaluation = ruleset.evaluate(hand, context)
        back = round_trip(evaluation)
        assert back == evaluation
        if evaluation.is_winning:
            winning += 1
            others = [seat for seat in mr.Seat if seat is not evaluation.context.seat_wind]
            discarder = None if evaluation.context.self_drawn else others[0]
            settlement = ruleset.settle(evaluation, discarder=discarder)
            assert round_trip(settlement) == settlement
            assert isinstance(back, mr.Evaluation)
            assert ruleset.settle(back, discarder=discarder) == settlement
    assert winning >= 1


def test_cards_round_trip() -> None:
    for name in ("tutorial", "sample"):
        card = mr.sample_card(name)
        assert round_trip(card) == card


@pytest.mark.parametrize(
    ("document", "fault"),
    [
        ({"type": "tile", "schema": 2, "tile": "3B"}, "schema: this library reads version 1, not 2"),
        ({"type": "dragon", "schema": 1}, "type: expected one of"),
        ({"type": "hand", "schema": 1, "concealed": ["1B", "XB"]}, "hand.concealed[1]: unknown token 'XB'"),
        (
            {"type": "hand", "schema": 1, "concealed": [], "melds": [{"tiles": ["1B", "J", "2B"]}]},
            "hand.melds[0]: a joker",
        ),
        ({"type": "hand", "schema": 1, "concealed": [], "colour": 1}, "hand: unknown key 'colour'"),
        (
            {"type": "settlement", "schema": 1, "transfers": [{"payer": "EAST", "payee": "EAST", "amount": 3}]},
            "settlement.transfers[0]",
        ),
        (
            {
                "type": "settlement",
                "schema": 1,
                "transfers": [{"payer": "SOUTH", "payee": "EAST", "amount": 3}],
                "payments": {"EAST": 4},
            },
            "settlement.payments: the net payments do not follow",
        ),
        ({"type": "win_context", "schema": 1, "self_drawn": "yes"}, "win_context: self_drawn is True or False"),
        ([1, 2], "document: expected an object"),
    ],
)
def test_bad_documents_name_the_fault(document: object, fault: str) -> None:
    with pytest.raises(mr.RecordError) as raised:
        mr.from_dict(document)  # type: ignore[arg-type]
    assert fault in str(raised.value)


def test_to_dict_refuses_other_values() -> None:
    with pytest.raises(TypeError, match="to_dict writes a Tile"):
        mr.to_dict(3)


def _mutations(rng: random.Random, data: object) -> object:
    """``data`` with one random change somewhere inside: a key dropped or added, a value replaced
    by a value of another type."""
    junk = [None, 0, -3, 2.5, "", "XB", [], {}, ["1B"], {"x": 1}, True]
    if isinstance(data, dict) and data and rng.random() < 0.8:
        copy = dict(data)
        key = rng.choice(list(copy))
        choice = rng.random()
        if choice < 0.2:
            del copy[key]
        elif choice < 0.3:
            copy["extra"] = rng.choice(junk)
        elif choice < 0.6:
            copy[key] = rng.choice(junk)
        else:
            copy[key] = _mutations(rng, copy[key])
        return copy
    if isinstance(data, list) and data and rng.random() < 0.8:
        copy_list = list(data)
        index = rng.randrange(len(copy_list))
        copy_list[index] = _mutations(rng, copy_list[index]) if rng.random() < 0.5 else rng.choice(junk)
        return copy_list
    return rng.choice(junk)


def test_damaged_documents_are_read_or_refused_with_a_record_error() -> None:
    """Fuzz: any damage to a valid document gives a value or a RecordError, nothing else."""
    rng = random.Random(21)
    flex = mr.get_ruleset("flex")
    evaluation = flex.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"), mr.WinContext(seat_wind="S"))
    documents = [
        mr.to_dict(evaluation),
        mr.to_dict(flex.settle(evaluation, discarder=mr.Seat.WEST)),
        mr.to_dict(mr.Hand.parse("222B 55B [J 7C 7C @W]")),
        mr.to_dict(mr.sample_card("tutorial")),
        mr.to_dict(mr.WinContext(self_drawn=True)),
    ]
    read = refused = 0
    for _ in range(1500):
        damaged = _mutations(rng, rng.choice(documents))
        try:
            mr.from_dict(damaged)  # type: ignore[arg-type]
            read += 1
        except mr.RecordError:
            refused += 1
    assert refused > 500
    assert read > 10
