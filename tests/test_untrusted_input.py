"""Input from outside the program (issue 20): protocol lines, files of hands, replays, stored
evaluations and bad arguments get a library error or a ``bad-request`` response, quickly, and a
server goes on answering; settlement never pays what a hand is not worth; caches do not keep
rulesets' grammars alive.

Each test is the regression test of one defect a fuzz of the public surface found; the expected
answers follow the protocol's documented responses (``docs/cli.rst``) and the library's promise
that bad input gets a clear, typed error.
"""

from __future__ import annotations

import gc
import io
import json
import time
import weakref
from pathlib import Path
from typing import Any

import attrs
import pytest

import mahjong_rules as mr
from mahjong_rules import batch, service
from mahjong_rules.engine import Action, Replay
from mahjong_rules.rulesets._play import IllegalMoveError
from mahjong_rules.rulesets.nmjl import check_charleston_pass, courtesy_pass_size, pass_receiver
from mahjong_rules.rulesets.nmjl.play import CHARLESTON

NESTED = "[" * 100_000 + "]" * 100_000
RULESETS_REQUEST = '{"id": 7, "command": "rulesets"}'


def strict(text: str) -> Any:
    """Read a response as strict JSON: ``NaN`` or ``Infinity`` fail the test."""

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in a response")

    return json.loads(text, parse_constant=refuse)


def serve_lines(*lines: str) -> list[dict[str, Any]]:
    output = io.StringIO()
    service.serve(io.StringIO("".join(line + "\n" for line in lines)), output)
    return [strict(line) for line in output.getvalue().splitlines()]


# -- 1. nesting and length -------------------------------------------------------------------------


def test_a_deeply_nested_line_is_a_bad_request_and_the_server_goes_on() -> None:
    """100,000 nested brackets used to raise RecursionError and end ``serve``."""
    first, second = serve_lines(NESTED, RULESETS_REQUEST)
    assert (first["ok"], first["error"]["code"]) == (False, "bad-request")
    assert "nested more than 64 deep" in first["error"]["message"]
    assert (second["id"], second["ok"]) == (7, True)


def test_a_line_too_long_is_refused_without_reading_it_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line longer than the limit (lowered here to 100 characters) is answered bad-request and
    skipped, a piece at a time; the next line is answered."""
    monkeypatch.setattr(service, "MAX_LINE", 100)
    first, second = serve_lines('{"id": 1, "command": "rulesets", "pad": "' + "x" * 5000 + '"}', RULESETS_REQUEST)
    assert first["error"]["code"] == "bad-request"
    assert "longer than 100 characters" in first["error"]["message"]
    assert second["ok"]


def test_reading_hands_bounds_nesting_and_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``read_hands``: a nested JSON line and an endless line are HandFileErrors naming their line,
    never a RecursionError or a file read whole into memory."""
    nested = tmp_path / "nested.jsonl"
    nested.write_text("333C 44B 555C 666C 777C\n" + '{"hand": ' + "[" * 5000 + "]" * 5000 + "}\n")
    with pytest.raises(mr.HandFileError, match="nested more than 64 deep") as caught:
        list(mr.read_hands(nested))
    assert caught.value.line == 2
    monkeypatch.setattr(batch, "MAX_LINE", 50)
    long = tmp_path / "long.txt"
    long.write_text("333C 44B 555C 666C 777C\n" + "1B " * 1000 + "\n")
    with pytest.raises(mr.HandFileError, match="longer than 50 characters") as caught:
        list(mr.read_hands(long))
    assert caught.value.line == 2


def test_a_replay_is_read_strictly() -> None:
    """``Replay.from_json``: nesting, NaN and a text of another type are library errors."""
    with pytest.raises(mr.RecordError, match="nested"):
        Replay.from_json(NESTED)
    with pytest.raises(mr.RecordError, match="NaN"):
        Replay.from_json('{"format": NaN}')
    with pytest.raises(TypeError, match="string"):
        Replay.from_json(5)  # type: ignore[arg-type]


# -- 2. serve's edge cases -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "message"),
    [
        pytest.param(
            '{"id": 1, "command": "evaluate", "ruleset": "flex", "hand": {"type": "tile", "tile": "5B"}}',
            "not one of type 'tile'",
            id="hand-of-another-type",
        ),
        pytest.param(
            '{"id": 1, "command": "analyse", "ruleset": "flex", "hand": "333C 44B 555C 666C 77C", "limit": -1}',
            "'limit' is a number",
            id="negative-limit",
        ),
        pytest.param(
            '{"id": 1, "command": "analyse", "ruleset": "flex", "hand": "333C 44B 555C 666C 77C", "limit": true}',
            "'limit' is a number",
            id="boolean-limit",
        ),
        pytest.param('{"id": NaN, "command": "rulesets"}', "NaN is not a JSON number", id="nan-id"),
        pytest.param('{"id": 1e400, "command": "rulesets"}', "too large", id="infinite-id"),
        pytest.param('{"id": 1.5, "command": "rulesets"}', "'id' is a string", id="float-id"),
        pytest.param(
            '{"id": 1, "command": "settle", "ruleset": "flex", "hand": "333C 44B 555C 666C 777C", "dicarder": "E"}',
            "did you mean 'discarder'?",
            id="unknown-field",
        ),
        pytest.param('{"id": 1, "command": ["evaluate"]}', "'command' is one of", id="command-of-another-type"),
    ],
)
def test_serve_refuses_requests_the_protocol_does_not_read(request_text: str, message: str) -> None:
    """Every such request is a bad-request response naming the field, in strict JSON."""
    (response,) = serve_lines(request_text)
    assert (response["ok"], response["error"]["code"], response["error"]["type"]) == (
        False,
        "bad-request",
        "BadRequest",
    )
    assert message in response["error"]["message"]


# -- 3. a performance cliff --------------------------------------------------------------------------


@pytest.mark.parametrize("hand", ["333D 5555D 7777D 99D [5C]", "333D 5555D 7777D 9D [J=5B]"])
def test_a_one_tile_exposure_is_refused_before_any_search(hand: str) -> None:
    """Ruling L6: a tile is called only to complete a block of 3 or more, so an exposed set of one
    tile is no Card-Free hand's; it took 1-7 s to search for one."""
    card_free = mr.get_ruleset("card-free")
    started = time.perf_counter()
    parsed = mr.Hand.parse(hand)
    evaluation = card_free.evaluate(parsed)
    assert "exposed-single" in [reason.code for reason in evaluation.reasons]
    with pytest.raises(mr.UnreachableError):
        card_free.tiles_away(parsed)
    if len(parsed) == 13:
        assert card_free.waits(parsed) == frozenset()
    else:
        assert card_free.discard_options(parsed) == []  # type: ignore[attr-defined]
    assert time.perf_counter() - started < 5  # a hang, not a timing


# -- 4. errors outside the promise -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        pytest.param(lambda: mr.TileSet.american().problems(5), TypeError, "tiles", id="problems-int"),  # type: ignore[arg-type]
        pytest.param(lambda: mr.TileSet.american().problems(b"5B"), TypeError, "tiles", id="problems-bytes"),  # type: ignore[arg-type]
        pytest.param(lambda: mr.TileSet.american().check(5), TypeError, "tiles", id="check-int"),  # type: ignore[arg-type]
        pytest.param(lambda: mr.TileSet.american().count(5), TypeError, "Tile", id="count-int"),  # type: ignore[arg-type]
        pytest.param(lambda: pass_receiver("E", "up"), mr.ArgumentError, "right, across or left", id="direction"),
        pytest.param(lambda: courtesy_pass_size(4, 0), mr.ArgumentError, "0 to 3", id="courtesy-pass"),
        pytest.param(lambda: mr.load_card("a\x00b"), mr.CardError, "NUL", id="nul-path"),
        pytest.param(lambda: mr.json_schema("x"), mr.ArgumentError, "no schema", id="schema-name"),
        pytest.param(lambda: Action.from_dict({}), mr.RecordError, "needs a 'seat'", id="empty-action"),
        pytest.param(
            lambda: mr.get_ruleset("nmjl").closest_lines("2222B 44B 66B 888B FF", limit=-1),  # type: ignore[attr-defined]
            mr.ArgumentError,
            "limit",
            id="negative-limit",
        ),
        pytest.param(
            lambda: mr.get_ruleset("flex").discard_options("333C 44B 555C 666C 777C", seen=5),  # type: ignore[attr-defined]
            TypeError,
            "seen is tiles",
            id="seen-int",
        ),
        pytest.param(lambda: mr.Hand(5), TypeError, "tiles", id="hand-int"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_raise_the_promised_errors(call: Any, error: type[Exception], message: str) -> None:
    """A TypeError naming what was expected, or a MahjongError; never AttributeError, KeyError or
    a bare ValueError."""
    with pytest.raises(error, match=message):
        call()


def test_tiles_may_be_given_as_one_tile_or_none_where_tiles_are_seen() -> None:
    """``seen`` as a single tile or ``None`` reads as the natural thing: that tile, or none."""
    flex = mr.get_ruleset("flex")
    hand = "333C 44B 555C 666C 777C"
    none = flex.discard_options(hand, seen=None)  # type: ignore[attr-defined]
    assert none == flex.discard_options(hand)  # type: ignore[attr-defined]
    one = flex.discard_options(hand, seen=mr.Tile.parse("5C"))  # type: ignore[attr-defined]
    assert one == flex.discard_options(hand, seen=["5C"])  # type: ignore[attr-defined]


def test_a_charleston_pass_reads_text() -> None:
    """``check_charleston_pass`` takes the hand and the tiles as notation too."""
    check_charleston_pass("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C", "1B 2B 3B", CHARLESTON[0])
    with pytest.raises(IllegalMoveError, match="does not hold"):
        check_charleston_pass("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C 2C 3C 4C", "5D 2B 3B", CHARLESTON[0])


# -- 5. values that read as something else ---------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({"seat": "E", "kind": "vote", "flag": "false"}, "flag is true or false", id="flag-text"),
        pytest.param({"seat": "E", "kind": "vote", "flag": 1}, "flag is true or false", id="flag-number"),
        pytest.param({"seat": "E", "kind": "vote", "count": 2.9}, "count is a whole number", id="count-float"),
        pytest.param({"seat": "E", "kind": "vote", "count": True}, "count is a whole number", id="count-bool"),
    ],
)
def test_an_action_value_is_taken_as_it_is(data: dict[str, object], message: str) -> None:
    """``Action.from_dict`` read ``"false"`` as true and 2.9 as 2; the engine's actions refuse them."""
    with pytest.raises(TypeError, match=message):
        Action.from_dict(data)


def test_initial_is_true_or_false() -> None:
    """``instant_payment(initial='no')`` paid the doubled amount."""
    singapore = mr.get_ruleset("singapore")
    with pytest.raises(TypeError, match="initial is True or False"):
        singapore.instant_payment("cat and mouse", "E", initial="no")  # type: ignore[attr-defined]


def test_points_past_any_hand_are_refused() -> None:
    """Points of thousands of digits made ``str()`` and ``to_dict`` raise Python's own error."""
    with pytest.raises(mr.RecordError, match="at most"):
        mr.ScoreItem("forged", 10**5000)


# -- 6. settlement pays what the hand is worth -------------------------------------------------------

FORGED_CASES = [
    ("flex", "333C 44B 555C 666C 777C", "1B 2B 3B 4C 5C 6C 7D 8D 9D E E S S W"),
    ("card-free", "333D 5555D 7777D 999D", "1B 2B 3B 4C 5C 6C 7D 8D 9D E E S S W"),
    ("nmjl", "22B 4444B 66B 8888B GD GD", "1B 2B 3B 4C 5C 6C 7D 8D 9D E E S S W"),
    ("singapore", "123B 456B 789B 123C 55C", "1B 2B 3B 4C 5C 6C 7D 8D 9D E E S S W"),
]


@pytest.mark.parametrize(("name", "winning", "losing"), FORGED_CASES, ids=[case[0] for case in FORGED_CASES])
def test_a_forged_evaluation_is_refused(name: str, winning: str, losing: str) -> None:
    """An evaluation read with ``from_dict`` (forged, or from another version) was settled as it
    said: Flex paid 999 points for 14 unrelated tiles. Settlement now checks it against the
    ruleset's own evaluation and names what differs."""
    ruleset = mr.get_ruleset(name)
    context = mr.WinContext(self_drawn=True)
    real = ruleset.evaluate(mr.Hand.parse(winning), context)
    assert real.is_winning
    assert mr.from_dict(mr.to_dict(real)) == real
    ruleset.settle(mr.from_dict(mr.to_dict(real)))  # the true evaluation read back is paid
    more = attrs.evolve(real, points=real.points + 1, breakdown=(*real.breakdown, mr.ScoreItem("forged", 1)))
    with pytest.raises(mr.SettlementError, match="its points is"):
        ruleset.settle(mr.from_dict(mr.to_dict(more)))
    document = mr.to_dict(ruleset.evaluate(mr.Hand.parse(losing), context))
    document.update(is_winning=True, points=999 if name != "singapore" else 3, reasons=[])
    document["breakdown"] = [{"name": "forged", "points": document["points"]}]
    document["arrangement"] = mr.to_dict(real)["arrangement"]
    with pytest.raises(mr.SettlementError, match="its is_winning is True"):
        ruleset.settle(mr.from_dict(document))


def test_several_winners_are_checked_too() -> None:
    """``settle_several`` checks each evaluation the same way."""
    flex = mr.get_ruleset("flex")
    real = flex.evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"), mr.WinContext(seat_wind=mr.Seat.SOUTH))
    more = attrs.evolve(real, points=99, breakdown=(mr.ScoreItem("forged", 99),))
    with pytest.raises(mr.SettlementError, match="its points is"):
        flex.settle_several([more], discarder="E")  # type: ignore[attr-defined]


# -- 7. caches ---------------------------------------------------------------------------------------


def test_a_dropped_rulesets_grammar_is_freed() -> None:
    """3,000 Flex rulesets with their own years left about 70 MB of grammars: the solver's memo
    kept each one alive. It now names a grammar by a number, so a grammar no ruleset holds is
    freed. The registry keeps the last rulesets it built (at most ``_BUILT_KEPT``) for the
    next caller with the same options: more than that many new ones push it out too."""
    from mahjong_rules.registry import _BUILT_KEPT

    ruleset = mr.get_ruleset("flex", year=True, year_digits=1987)
    for hand in ("1B 9B 8B 7B 222C 333C 4444C", "333C 44B 555C 666C 777C"):
        ruleset.evaluate(mr.Hand.parse(hand))
    grammar = weakref.ref(ruleset._grammar)  # type: ignore[attr-defined]
    del ruleset
    # Push it out of the registry and of the small function caches keyed by grammar.
    for year in range(3001, 3001 + max(40, _BUILT_KEPT + 1)):
        mr.get_ruleset("flex", year=True, year_digits=year).evaluate(mr.Hand.parse("333C 44B 555C 666C 777C"))
    gc.collect()
    assert grammar() is None
