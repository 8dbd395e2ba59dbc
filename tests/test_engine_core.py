"""The engine's shared parts: actions and their JSON, replay records, the invariant checks."""

from __future__ import annotations

import subprocess
import sys

import pytest

import mahjong_rules as mr
from mahjong_rules.engine import Action, ActionKind, IllegalActionError, Replay
from mahjong_rules.engine.replay import REPLAY_FORMAT


@pytest.mark.parametrize(
    "action",
    [
        Action("E", "discard", ("5C",)),
        Action(mr.Seat.SOUTH, ActionKind.CALL, ("4C",), "[4C 4C J]"),
        Action("W", "joker_swap", ("8B",), "[8B 8B J]", target="N"),
        Action("N", "charleston", ("1B", "2B"), count=1),
        Action("E", "vote", flag=True),
        Action("S", "mahjong", ("GD",)),
        Action("E", "pass"),
    ],
    ids=str,
)
def test_actions_round_trip_through_json_data(action: Action) -> None:
    assert Action.from_dict(action.to_dict()) == action


def test_actions_accept_notation_and_refuse_wrong_types() -> None:
    assert Action("east", "DISCARD", "5C").tiles == (mr.Tile.parse("5C"),)
    with pytest.raises(TypeError, match="an action's kind"):
        Action("E", 3)
    with pytest.raises(mr.NotationError):
        Action("Q", "pass")
    with pytest.raises(ValueError, match="unknown action key 'colour'"):
        Action.from_dict({"seat": "EAST", "kind": "pass", "colour": "red"})


def test_replay_records_refuse_other_formats() -> None:
    with pytest.raises(mr.RecordError, match="a replay is JSON"):
        Replay.from_json("{broken")
    with pytest.raises(mr.RecordError, match="'format'"):
        Replay.from_json('{"format": 99}')
    with pytest.raises(mr.RecordError, match="not a replay"):
        Replay.from_json(f'{{"format": {REPLAY_FORMAT}, "ruleset": "flex", "seed": 1, "actions": [{{"kind": 1}}]}}')


def test_illegal_action_error_is_bad_input_with_its_reason() -> None:
    error = IllegalActionError(mr.Reason("not-to-act", "it is East's turn"))
    assert isinstance(error, ValueError)
    assert error.reason.code == "not-to-act"
    assert str(error) == "it is East's turn"


def test_a_later_singapore_game_replays_with_its_banker_and_prevailing_wind() -> None:
    """A replay records how the game was set up beyond the seed (the banker's position and the
    prevailing wind of a game after the first), so that it replays the same game."""
    from mahjong_rules.engine import new_round, play

    round_ = new_round("singapore", seed=5, deal={"banker": "S", "prevailing_wind": "W"})
    finished = play(round_, seed=5)
    record = Replay.from_json(Replay.of(finished).to_json())
    assert record.deal == {"banker": "SOUTH", "prevailing_wind": "WEST"}
    again = record.play()
    assert again.actions == finished.actions
    assert again.result == finished.result


def test_the_solver_tables_load_at_the_deal_once_per_ruleset() -> None:
    """Issue 21: the first analysis of a ruleset builds its solver's tables (a fraction of a
    second); a deal does it before the round, once per process and ruleset name, so that no round
    loads them mid-play: the waits of a hand, and the evaluation of a win (the splits of complete
    hands, which a first Mahjong in a fresh process took a quarter of a second to build). A
    ruleset whose tiles the warm-up hand does not fit is left to warm up in play."""
    from mahjong_rules.engine.core import warm_up

    class Counting:
        def __init__(self, name: str, fails: bool = False) -> None:
            self.name, self.fails, self.asked, self.evaluated = name, fails, 0, 0

        def waits(self, hand: str) -> frozenset[mr.Tile]:
            self.asked += 1
            if self.fails:
                raise mr.TileSetError("a toy set", problems=())
            return frozenset()

        def evaluate(self, hand: str) -> None:
            self.evaluated += 1

    first = Counting("warm-up test ruleset")
    warm_up(first)
    warm_up(first)
    warm_up(Counting("warm-up test ruleset"))
    assert (first.asked, first.evaluated) == (1, 1)
    failing = Counting("warm-up test ruleset that refuses the hand", fails=True)
    warm_up(failing)
    assert (failing.asked, failing.evaluated) == (1, 0)
    # In a fresh process, a deal leaves the splits of complete hands built.
    script = (
        "from mahjong_rules.engine import new_round\n"
        "from mahjong_rules.solver import standard\n"
        "assert standard._splits_state is None\n"
        "new_round('singapore', seed=1)\n"
        "assert standard._splits_state is not None\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
