"""Fuzzing the engine: any action, legal or not, applied to rounds of every ruleset either gives the
next state or raises IllegalActionError, and an illegal action leaves the round as it was."""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr
from mahjong_rules.engine import Action, ActionKind, IllegalActionError, new_round

RULESETS = ("flex", "card-free", "nmjl", "singapore")
TILES = mr.Tile.all()


def random_action(rng: random.Random, seats: tuple[mr.Seat, ...]) -> Action:
    kind = rng.choice(list(ActionKind))
    tiles = tuple(rng.choice(TILES) for _ in range(rng.randint(0, 3)))
    meld = None
    if rng.random() < 0.3:
        tile = rng.choice(TILES)
        meld = mr.Meld([tile] * rng.randint(2, 4) if not tile.is_joker else [tile] * 3, represents=None)
    return Action(
        rng.choice(seats),
        kind,
        tiles,
        meld,
        target=rng.choice([None, *seats]),
        count=rng.randint(0, 3),
        flag=rng.random() < 0.5,
    )


@pytest.mark.parametrize("name", RULESETS)
def test_any_action_gives_the_next_state_or_an_illegal_action_error(name: str) -> None:
    rng = random.Random(sum(map(ord, name)))
    applied = refused = 0
    for seed in range(6):
        round_ = new_round(name, seed=seed)
        seats = round_.ruleset.seats  # type: ignore[attr-defined]
        for _ in range(120):
            if round_.is_over:
                break
            if rng.random() < 0.5:
                action = rng.choice(round_.legal_actions(round_.to_act[0]))
            else:
                try:
                    action = random_action(rng, seats)
                except (mr.MeldError, ValueError):
                    continue
            before = round_
            try:
                round_ = round_.apply(action)
                applied += 1
            except IllegalActionError:
                refused += 1
                assert round_ is before
                assert action not in round_.legal_actions(action.seat)
    assert applied > 50
    assert refused > 50
