"""A view as text (``str(view)``): the table from the seat's side, its own tiles shown and the
other seats' only counted, at every moment of rounds of every family."""

from __future__ import annotations

import random

import pytest

from mahjong_rules.engine import new_round

FAMILIES = ("flex", "card-free", "nmjl", "singapore")


@pytest.mark.parametrize("family", FAMILIES)
def test_a_views_text_shows_its_seat_and_counts_the_others(family: str) -> None:
    round_ = new_round(family, seed=6)
    rng = random.Random(6)
    moments = 0
    while True:
        moments += 1
        for seat in round_.seats:  # type: ignore[attr-defined]
            view = round_.view(seat)
            lines = str(view).splitlines()
            assert lines[0].startswith(f"{seat.name.title()}'s view of a {family} round: {view.phase}")
            table = {line[2:7].strip(): line for line in lines[1 : 1 + len(view.seats)]}
            assert set(table) == {each.name.title() for each in view.seats}
            for each in view.seats:
                line = table[each.name.title()]
                assert line.startswith("*" if each in view.to_act else " ")
                shown = line[8:]
                if each is seat:
                    own = " ".join(str(tile) for tile in view.hand.concealed if not tile.is_bonus)
                    assert shown.startswith(own)
                else:
                    assert shown.startswith(f"{view.concealed_counts[each]} tiles")
            last = lines[-1]
            if view.result is not None:
                winner = view.result.winner
                assert last.startswith(f"over: {winner.name.title() + ' wins' if winner else 'a wall game'}")
            elif view.legal:
                assert last.startswith("legal: ")
                assert len(view.legal) <= 6 or last.endswith(f"({len(view.legal)} in all)")
            else:
                assert last == "nothing to choose now"
            if view.on_offer is not None:
                assert f"on offer: {view.on_offer}" in lines
        if round_.is_over:
            break
        round_ = round_.apply(rng.choice(round_.legal_actions(round_.to_act[0])))
    assert moments > 50
