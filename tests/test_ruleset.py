"""The protocol's records: WinContext, Evaluation, Settlement, and the toy ruleset through them."""

from __future__ import annotations

from typing import Any

import pytest

import mahjong_rules as mr
from tests.toy_ruleset import SevenPairsOptions, SevenPairsRuleset

E, S, W, N = mr.Seat


def test_win_context_defaults_are_the_plain_case() -> None:
    context = mr.WinContext()
    assert context.self_drawn is False
    assert context.winning_tile is None
    assert (context.first_turn, context.last_tile) == (False, False)
    assert (context.kong_replacement, context.robbing_kong, context.flower_replacement) == (
        False,
        False,
        False,
    )
    assert (context.seat_wind, context.prevailing_wind) == (E, E)


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        pytest.param({"kong_replacement": True}, "kong_replacement is a self-drawn win", id="kong-not-drawn"),
        pytest.param({"flower_replacement": True}, "flower_replacement is a self-drawn win", id="flower-not-drawn"),
        pytest.param({"robbing_kong": True, "self_drawn": True}, "robbing_kong", id="robbing-drawn"),
        pytest.param(
            {"kong_replacement": True, "flower_replacement": True, "self_drawn": True},
            "either a kong or a flower",
            id="both-replacements",
        ),
        pytest.param({"last_tile": True, "tiles_left": 3}, "tiles_left is 3", id="last-tile-with-tiles-left"),
    ],
)
def test_win_context_refuses_contradictions(flags: dict[str, Any], message: str) -> None:
    # Ruling S13: kong and flower replacements are self-drawn; robbing the kong is a discard win.
    # The last tile leaves none to draw.
    with pytest.raises(mr.ContextError, match=message):
        mr.WinContext(**flags)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("self_drawn", 1, "self_drawn is True or False, not int 1"),
        ("last_tile", None, "last_tile is True or False, not NoneType None"),
        ("seat_wind", 0, "is a Seat or its letter or name"),
        ("winning_tile", 23, "winning_tile is a Tile or its notation"),
    ],
)
def test_win_context_checks_types(field: str, value: object, message: str) -> None:
    """Issue 8: a wrong type names the field, what it got and what it accepts."""
    with pytest.raises(TypeError, match=message):
        mr.WinContext(**{field: value})  # type: ignore[arg-type]


def test_the_last_tile_agrees_with_the_tiles_left() -> None:
    """Contexts that agree are accepted: the last tile drawn with none left, the final discard
    with none left, an ordinary discard with none left (called for an exposure, then discarded
    again), and a tile drawn with tiles still to come. A tile drawn with none left after it is the
    last tile, whether or not the context says so: it is the same context."""
    assert mr.WinContext(self_drawn=True, last_tile=True, tiles_left=0).last_tile
    assert mr.WinContext(last_tile=True, tiles_left=0).last_tile
    assert not mr.WinContext(tiles_left=0).last_tile
    assert not mr.WinContext(self_drawn=True, tiles_left=5).last_tile
    drawn_last = mr.WinContext(self_drawn=True, tiles_left=0)
    assert drawn_last.last_tile
    assert drawn_last == mr.WinContext(self_drawn=True, tiles_left=0, last_tile=True)


def test_win_context_takes_a_seats_letter_and_a_tiles_notation() -> None:
    """Issue 8: the obvious conversions are accepted."""
    context = mr.WinContext(seat_wind="s", prevailing_wind="North", winning_tile="5B")
    assert (context.seat_wind, context.prevailing_wind, context.winning_tile) == (
        mr.Seat.SOUTH,
        mr.Seat.NORTH,
        mr.Tile.parse("5B"),
    )
    with pytest.raises(mr.NotationError, match="unknown seat 'Sud'"):
        mr.WinContext(seat_wind="Sud")


def test_as_context_takes_a_mapping_of_fields() -> None:
    assert mr.as_context({"self_drawn": True}) == mr.WinContext(self_drawn=True)
    assert mr.as_context(None) == mr.WinContext()
    with pytest.raises(mr.ContextError, match="unknown win context field 'selfdrawn'"):
        mr.as_context({"selfdrawn": True})
    with pytest.raises(TypeError, match="context is a WinContext, a mapping of its fields, or None, not list"):
        mr.as_context([True])


def test_evaluation_invariants() -> None:
    hand = mr.Hand.parse("1B")
    context = mr.WinContext()
    with pytest.raises(ValueError, match="says why"):
        mr.Evaluation("toy", hand, context, is_winning=False)
    with pytest.raises(ValueError, match="no reasons"):
        mr.Evaluation("toy", hand, context, is_winning=True, reasons=[mr.Reason("x", "y")])
    with pytest.raises(ValueError, match="0 points"):
        mr.Evaluation("toy", hand, context, is_winning=False, points=3, reasons=[mr.Reason("x", "y")])


def test_settlement_nets_transfers_and_sums_to_zero() -> None:
    # The Flex payout example: discarder pays 6, the other two pay 3 each; winner receives 12.
    settlement = mr.Settlement([mr.Transfer(S, E, 6, "discarder"), mr.Transfer(W, E, 3), mr.Transfer(N, E, 3)])
    assert dict(settlement.payments) == {E: 12, S: -6, W: -3, N: -3}
    assert sum(settlement.payments.values()) == 0
    with pytest.raises(TypeError):
        settlement.payments[E] = 0  # type: ignore[index]


def test_settlement_for_fewer_seats() -> None:
    settlement = mr.Settlement([mr.Transfer(S, E, 2)], seats=(S, E, W))
    assert dict(settlement.payments) == {E: 2, S: -2, W: 0}
    with pytest.raises(mr.RecordError, match="North is not one of the settlement's seats"):
        mr.Settlement([mr.Transfer(N, E, 2)], seats=(S, E, W))


def test_transfer_invariants() -> None:
    with pytest.raises(mr.RecordError, match="does not pay itself"):
        mr.Transfer(E, E, 1)
    with pytest.raises(mr.RecordError, match="non-negative"):
        mr.Transfer(S, E, -1)
    with pytest.raises(TypeError, match=r"amount is a non-negative integer, not float 2\.5"):
        mr.Transfer(S, E, 2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="payer is a Seat, not str 'S'"):
        mr.Transfer("S", E, 2)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        pytest.param({"context": None}, TypeError, "context is a WinContext, not NoneType", id="context-none"),
        pytest.param({"points": -3}, mr.RecordError, "worth 0 points or more, not -3", id="negative-points"),
        pytest.param({"points": "5"}, TypeError, "points is an integer, not str '5'", id="text-points"),
        pytest.param({"hand": "1B"}, TypeError, "hand is a Hand, not str", id="text-hand"),
        pytest.param({"breakdown": [3]}, TypeError, "breakdown holds ScoreItem records, not int 3", id="breakdown"),
    ],
)
def test_evaluation_fields_are_checked(fields: dict[str, Any], error: type[Exception], message: str) -> None:
    """Found by the fuzz test: a hand-built Evaluation with a context of None or negative points
    crashed settlement with AttributeError or a bare ValueError; the record refuses them."""
    base: dict[str, Any] = {
        "ruleset": "toy",
        "hand": mr.Hand.parse("1B"),
        "context": mr.WinContext(),
        "is_winning": True,
        "points": 1,
    }
    with pytest.raises(error, match=message):
        mr.Evaluation(**(base | fields))


def test_toy_ruleset_provides_the_protocol_end_to_end() -> None:
    ruleset = SevenPairsRuleset(SevenPairsOptions())
    assert isinstance(ruleset, mr.Ruleset)
    winning = mr.Hand.parse("11B 22B 33B 44C 55C 1111D")
    evaluation = ruleset.evaluate(winning, mr.WinContext(self_drawn=True))
    assert evaluation.is_winning
    assert evaluation.points == 7
    assert [item.points for item in evaluation.breakdown] == [7]
    assert evaluation.arrangement is not None
    assert [meld.kind_name for meld in evaluation.arrangement.melds] == ["pair"] * 7
    assert "Mahjong in seven-pairs, 7 points" in str(evaluation)

    losing = ruleset.evaluate(mr.Hand.parse("11B 22B 33B 44C 55C 66D 1D J"))
    assert not losing.is_winning
    assert losing.points == 0
    assert [reason.code for reason in losing.reasons] == ["joker"]
    assert "a joker cannot stand in a pair" in str(losing)

    one_short = mr.Hand.parse("11B 22B 33B 44C 55C 66D 7D")
    assert ruleset.tiles_away(one_short) == 1
    assert ruleset.waits(one_short) == frozenset({mr.Tile.parse("7D")})

    settlement = ruleset.settle(evaluation, winner=W, discarder=N)
    assert dict(settlement.payments) == {W: 28, E: -7, S: -7, N: -14}


@pytest.mark.parametrize("name", ["flex", "card-free", "nmjl"])
@pytest.mark.parametrize(
    "hand",
    ["22B 6B 22D GD GD RD RD FF {WD WD WD}", "22B 4444B 66B GD GD {8888B}", "22B 66B GD GD [8888B] {4444B}"],
)
def test_american_hands_declare_no_concealed_sets(name: str, hand: str) -> None:
    """American games call a tile only to expose a set (guide: 'that grouping must be exposed'); a
    concealed declared set ``{...}`` is Singapore's concealed kong. Every call of every American
    ruleset refuses it with a HandError that says what to write instead."""
    ruleset = mr.get_ruleset(name)
    parsed = mr.Hand.parse(hand)
    calls: list[Any] = [
        ruleset.evaluate,
        lambda h: list(ruleset.decompositions(h)),
        ruleset.tiles_away,
        ruleset.waits,
        ruleset.discard_options,  # type: ignore[attr-defined]
        lambda h: ruleset.check_call(h, "3C"),  # type: ignore[attr-defined]
    ]
    if name == "nmjl":
        calls += [ruleset.closest_lines, ruleset.dead_hand_reasons]  # type: ignore[attr-defined]
    for call in calls:
        with pytest.raises(mr.HandError, match="declares no concealed sets") as caught:
            call(parsed)
        assert "among the concealed tiles" in str(caught.value)
