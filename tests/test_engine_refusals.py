"""Refusals speak one vocabulary: the same wrong action gets the same ``reason.code`` in every
family (docs/engine.rst's table lists them all), and agents that cannot or do not choose for their
own seat are refused with a typed error naming the seat."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from mahjong_rules.engine import (
    Action,
    ActionKind,
    IllegalActionError,
    Round,
    chosen_by,
    new_round,
    nothing_to_choose,
    play,
    random_agent,
)
from mahjong_rules.engine.bots import greedy_agent
from mahjong_rules.engine.single_agent import SingleAgentEnv
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.tiles import Seat, Tile

FAMILIES = ("flex", "card-free", "nmjl", "singapore")
ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "src" / "mahjong_rules" / "engine"


def _code(round_: Round, action: Action) -> str:
    with pytest.raises(IllegalActionError) as raised:
        round_.apply(action)
    return raised.value.reason.code


def _until(round_: Round, phase: str, seed: int = 0) -> Round:
    """``round_`` played on at random (never a Mahjong) until its phase is ``phase``."""
    rng = random.Random(seed)
    while getattr(round_.phase, "value", round_.phase) != phase:  # type: ignore[attr-defined]
        assert not round_.is_over, f"the round ended before its phase was {phase}"
        legal = round_.legal_actions(round_.to_act[0])
        round_ = round_.apply(rng.choice([each for each in legal if each.kind is not ActionKind.MAHJONG] or legal))
    return round_


def _answering(family: str) -> Round:
    """A round of ``family`` where the seats after a discarder answer it."""
    return _until(new_round(family, seed=2), "response" if family == "singapore" else "claims")


@pytest.mark.parametrize("family", FAMILIES)
def test_the_same_wrong_answer_to_a_discard_has_the_same_code_in_every_family(family: str) -> None:
    """Answering a discard: the codes of docs/engine.rst's table, whichever the family."""
    round_ = _answering(family)
    seat = round_.to_act[0]
    view = round_.view(seat)
    offer = view.on_offer
    assert offer is not None
    other = next(tile for tile in view.hand.concealed if tile != offer)
    idle = next(each for each in view.seats if each not in round_.to_act)
    assert _code(round_, Action(idle, "pass")) == "not-to-act"
    assert _code(round_, Action(seat, "call", (other,))) == "not-the-discard"
    assert _code(round_, Action(seat, "mahjong", (other,))) == "not-the-discard"
    assert _code(round_, Action(seat, "call", (offer,))) == "no-meld"
    assert _code(round_, Action(seat, "discard", view.hand.concealed[:1])) == "wrong-action"
    if not any(action.kind is ActionKind.MAHJONG for action in view.legal):
        assert _code(round_, Action(seat, "mahjong", (offer,))) == "not-mahjong"


@pytest.mark.parametrize("family", FAMILIES)
def test_the_same_wrong_turn_has_the_same_code_in_every_family(family: str) -> None:
    """On one's own turn, and after the end: the same codes in every family."""
    round_ = _until(new_round(family, seed=5), "turn")
    seat = round_.to_act[0]
    held = set(round_.view(seat).hand.concealed)
    missing = next(tile for tile in map(Tile.parse, ("1B", "2B", "3B", "4B")) if tile not in held)
    assert _code(round_, Action(seat, "discard", (missing,))) == "not-in-hand"
    assert _code(round_, Action(seat, "pass")) == "wrong-action"
    assert _code(round_, Action(seat, "charleston", round_.view(seat).hand.concealed[:3])) == "wrong-action"
    finished = play(round_, seed=1, check=False)
    assert _code(finished, Action(seat, "discard", (missing,))) == "round-over"


@pytest.mark.parametrize("family", FAMILIES)
def test_agents_with_nothing_to_choose_raise_the_rounds_own_code(family: str) -> None:
    """An agent asked for a seat with no legal action raises ``IllegalActionError`` with the code
    the round gives that seat's actions then (not a bare ``IndexError`` from an empty choice)."""
    round_ = _until(new_round(family, seed=3), "turn")
    idle = next(seat for seat in round_.view(round_.to_act[0]).seats if seat not in round_.to_act)
    finished = play(round_, seed=2, check=False)
    for agent in (random_agent(random.Random(1)), greedy_agent()):
        for moment, code in ((round_, "not-to-act"), (finished, "round-over")):
            with pytest.raises(IllegalActionError) as raised:
                agent(moment.view(idle))
            assert raised.value.reason.code == code
            assert idle.name.title() in raised.value.reason.message
    assert nothing_to_choose(round_.view(idle)).reason.code == _code(round_, Action(idle, "pass"))


@pytest.mark.parametrize("family", ["flex", "card-free", "nmjl"])
def test_an_agent_choosing_for_another_seat_is_refused(family: str) -> None:
    """In the Charleston every seat acts at once, so East's agent could slip in a pass South may
    make: :func:`play` and the training environment refuse it (``wrong-seat``) instead of letting
    one agent play for another seat."""
    round_ = new_round(family, seed=4)
    assert Seat.EAST in round_.to_act
    assert Seat.SOUTH in round_.to_act
    south_pass = round_.legal_actions(Seat.SOUTH)[0]

    def cheat(view: PlayerView) -> Action:
        return south_pass

    with pytest.raises(IllegalActionError) as raised:
        play(round_, {Seat.EAST: cheat}, check=False)
    assert raised.value.reason.code == "wrong-seat"
    assert "East's agent chose for South" in raised.value.reason.message
    assert round_.apply(south_pass).actions == (south_pass,)  # the round would have taken it
    learner = SingleAgentEnv(family, learner="N", opponents={"E": cheat, "S": "random", "W": "random"})
    with pytest.raises(IllegalActionError, match="East's agent chose for South") as refused:
        learner.reset(seed=4)  # the opponents act first in the Charleston
    assert refused.value.reason.code == "wrong-seat"


@pytest.mark.parametrize("returned", [None, 3, "E discard 5C", ()])
def test_an_agent_returning_no_action_is_named(returned: object) -> None:
    """What an agent returns is checked before it reaches the round, and the error names the
    seat whose agent it was."""
    round_ = new_round("singapore", seed=1)
    agents = {Seat.EAST: lambda view: returned}
    with pytest.raises(TypeError, match=r"East's agent returned .*, not an Action"):
        play(round_, agents, check=False)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="South's agent returned"):
        chosen_by(lambda view: returned, round_.view("S"))  # type: ignore[arg-type, return-value]


def _table_codes() -> set[str]:
    text = (ROOT / "docs" / "engine.rst").read_text(encoding="utf-8")
    table = text.split(".. list-table:: Why an action is refused", 1)[1].split("\n\n\n", 1)[0]
    table = table.split("\nA call the ruleset refuses", 1)[0]
    rows = re.findall(r"^   \* - (.+)$", table, flags=re.MULTILINE)[1:]  # the header row left out
    return {code for row in rows for code in re.findall(r"``([a-z-]+)``", row)}


def test_the_refusal_table_lists_every_code_the_engine_writes() -> None:
    """docs/engine.rst's table of refusals is the engine's whole vocabulary: every code its rounds
    and agents write, and no other."""
    written: set[str] = set()
    for module in sorted(ENGINE.glob("*.py")):  # every module of the engine's
        source = module.read_text(encoding="utf-8")
        written |= set(re.findall(r'Reason\(\s*"([a-z-]+)"', source))
    assert written >= {"not-to-act", "wrong-action", "not-the-discard", "no-meld", "wrong-seat", "illegal-index"}
    assert _table_codes() == written


def test_an_action_takes_one_tile_as_its_tiles() -> None:
    """``Action("E", "discard", tile)`` names that tile; a value that is no tiles at all is refused
    with a ``TypeError`` naming it (not Python's own "not iterable")."""
    tile = Tile.parse("5C")
    assert Action("E", "discard", tile).tiles == (tile,) == Action("E", "discard", "5C").tiles
    for wrong in (5, None, 2.5):
        with pytest.raises(TypeError, match="an action's tiles are tiles or their notation, not"):
            Action("E", "discard", wrong)  # type: ignore[arg-type]


def test_play_reads_agents_by_seat_notation_and_refuses_bad_keys() -> None:
    """``play(round_, {"E": agent})`` plays East with the agent (it was played at random, the key
    never matching a seat); keys naming no seat, a seat twice or one not at the table, and agents
    that are not callable are refused."""
    asked: list[Seat] = []

    def first(view: PlayerView) -> Action:
        asked.append(view.seat)
        return view.legal[0]

    play(new_round("flex", seed=1), {"E": first, "south": first}, check=False)
    assert set(asked) == {Seat.EAST, Seat.SOUTH}
    three = new_round("singapore", 1, players=3)
    for agents, error, message in (
        ({"E": first, "east": first}, ValueError, "agents name a seat twice"),
        ({"N": first}, ValueError, "agents name North, not at a table of 3"),
        ({"X": first}, ValueError, "unknown seat 'X'"),
        ({"E": 3}, TypeError, "East's agent is a callable"),
        ([first], TypeError, "agents is a mapping from seats to agents"),
    ):
        with pytest.raises(error, match=re.escape(message)):
            play(three, agents, check=False)  # type: ignore[arg-type]


@pytest.mark.parametrize("wrong", [None, 7, 1.5, ["flex"]])
def test_what_is_no_ruleset_is_refused_by_every_maker(wrong: object) -> None:
    """A round, an environment, a training environment and an encoding are made of a ruleset or
    its name; anything else gets the library's ``TypeError`` (it failed inside with an
    ``AttributeError``)."""
    from mahjong_rules.engine.rl import ActionEncoding, raw_env

    makers: list[Any] = [new_round, raw_env, SingleAgentEnv, ActionEncoding]
    for make in makers:
        with pytest.raises(TypeError, match="ruleset is a Ruleset or a ruleset's name, not"):
            make(wrong)


@pytest.mark.parametrize("seed", ["x", 1.5, -1, True])
def test_a_round_s_seed_is_a_whole_number_a_replay_can_record(seed: object) -> None:
    """A string or a float seeded a shuffle but no replay could record it: a seed of 1.5 was
    read back as 1 and replayed another round. Seeds are whole numbers of 0 or more, in rounds,
    environments and replays; a NumPy integer is one."""
    import json

    from mahjong_rules.engine import Replay
    from mahjong_rules.engine.rl import raw_env

    with pytest.raises(ValueError, match="seed is a whole number"):
        new_round("flex", seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed is a whole number"):
        raw_env("flex").reset(seed=seed)  # type: ignore[arg-type]
    record = json.loads(Replay.of(new_round("flex", seed=3)).to_json())
    record["seed"] = seed
    with pytest.raises(ValueError, match="seed is a whole number"):
        Replay.from_json(json.dumps(record))
    assert new_round("flex", np.int64(3)).seed == 3  # type: ignore[arg-type]


def test_an_environment_names_its_agents_when_asked_for_another() -> None:
    from mahjong_rules.engine.rl import env

    game = env("singapore")
    game.reset(seed=1)
    asks: list[Any] = [game.observe, game.legal_actions, game.observation_space, game.action_space]
    for ask in asks:
        for agent in ("nobody", 3, ["east"]):
            with pytest.raises(ValueError, match=r"no agent .* in this environment; its agents: east, south"):
                ask(agent)


def test_play_and_replays_take_rounds_only() -> None:
    from mahjong_rules.engine import Replay

    for wrong in (None, "flex", new_round("flex", seed=1).view("E")):
        with pytest.raises(TypeError, match="play plays a round"):
            play(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a replay records a round"):
            Replay.of(wrong)  # type: ignore[arg-type]
