"""One truth per hand, for every registered ruleset: ``decompositions``, ``evaluate``,
``tiles_away``, ``waits`` and ``settle`` agree with each other on random hands.

The contract (``API-CONTRACT.md``): ``decompositions(hand)`` is "non-empty exactly when
``evaluate`` calls the hand winning"; ``tiles_away`` is 0 exactly for a winning hand; ``waits``
are the tiles that complete a hand one tile short; settlement follows the evaluation (ruling L2).
The hands are drawn from each ruleset's own tile set and weighted toward the shapes that hide
bugs: many flowers and jokers, several pairs, four copies of a tile, exposures holding jokers, and
hands one exchange away from a win.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

import mahjong_rules as mr
from tests.card_free_reference import random_case as card_free_case
from tests.flex_reference import random_case as flex_case
from tests.nmjl_hands import nmjl_mahjong
from tests.singapore_hands import random_mahjong as singapore_mahjong

RULESETS = mr.available_rulesets()
ON_DISCARD, SELF_DRAWN = mr.WinContext(), mr.WinContext(self_drawn=True)


def _pool(tileset: mr.TileSet, taken: Counter[mr.Tile]) -> list[mr.Tile]:
    return [tile for tile in tileset.tiles for _ in range(tileset.count(tile) - taken[tile])]


def _take(rng: random.Random, pool: list[mr.Tile], wanted: list[mr.Tile]) -> list[mr.Tile]:
    """The wanted tiles that the pool still holds, removed from it."""
    taken = []
    for tile in wanted:
        if tile in pool:
            pool.remove(tile)
            taken.append(tile)
    return taken


def weighted_hand(rng: random.Random, tileset: mr.TileSet, size: int) -> mr.Hand:
    """A hand of ``size`` tiles from ``tileset``, of one of several bug-hiding shapes."""
    pool = _pool(tileset, Counter())
    kinds = [tile for tile in tileset.tiles if not tile.is_joker]
    shape = rng.choice(["random", "pairs", "fours", "flowers-and-jokers", "exposed-jokers"])
    melds: list[mr.Meld] = []
    concealed: list[mr.Tile] = []
    if shape == "pairs":
        for tile in rng.sample(kinds, min(len(kinds), size // 2)):
            concealed += _take(rng, pool, [tile, tile])
    elif shape == "fours":
        for tile in rng.sample(kinds, min(len(kinds), rng.randint(1, 3))):
            concealed += _take(rng, pool, [tile] * 4)
    elif shape == "flowers-and-jokers":
        concealed += _take(rng, pool, [mr.Tile.FLOWER] * rng.randint(0, 8) + [mr.Tile.JOKER] * rng.randint(0, 8))
    elif shape == "exposed-jokers":
        for _ in range(rng.randint(1, 2)):
            tile = rng.choice(kinds)
            naturals = _take(rng, pool, [tile] * rng.randint(1, 3))
            jokers = _take(rng, pool, [mr.Tile.JOKER] * rng.randint(0, 2))
            if naturals and len(naturals) + len(jokers) >= 2:
                melds.append(mr.Meld(naturals + jokers, exposed=True))
            else:
                pool += naturals + jokers
    concealed = concealed[: max(0, size - sum(meld.size for meld in melds))]
    while len(concealed) + sum(meld.size for meld in melds) < size and pool:
        concealed.append(pool.pop(rng.randrange(len(pool))))
    return mr.Hand(concealed, melds)


def random_hands(name: str, seed: int, count: int) -> list[mr.Hand]:
    """Weighted random hands of 13 and 14 tiles, and near-winning hands for the rulesets with a
    reference generator of their own."""
    rng = random.Random(seed)
    tileset = mr.get_ruleset(name).tileset
    near: dict[str, Callable[[random.Random], mr.Hand]] = {
        "flex": lambda rng: flex_case(rng).hand,
        "card-free": lambda rng: card_free_case(rng).hand,
        "singapore": singapore_mahjong,
        "nmjl": nmjl_mahjong,
    }
    found = []
    for _ in range(count):
        if name in near and rng.random() < 0.5:
            hand = near[name](rng)
            if rng.random() < 0.5 and hand.concealed:
                hand = hand.discard(rng.choice(hand.concealed))
        else:
            hand = weighted_hand(rng, tileset, rng.choice([13, 14]))
        found.append(hand)
    return found


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("seed", range(3))
def test_decompositions_are_non_empty_exactly_when_evaluate_wins(name: str, seed: int) -> None:
    """Contract: ``decompositions(hand)`` is non-empty exactly when ``evaluate`` calls the hand
    winning, for hands of every size and shape (issue 8: exposures no ruleset allows, sets too
    large and 8-tile hands used to yield readings)."""
    ruleset = mr.get_ruleset(name)
    winning = 0
    for hand in random_hands(name, 100 + seed, 150):
        try:
            evaluation = ruleset.evaluate(hand)
        except mr.MahjongError as error:  # bad input (a declared pair in Singapore): both refuse it
            with pytest.raises(type(error)):
                list(ruleset.decompositions(hand))
            continue
        readings = list(ruleset.decompositions(hand))
        assert evaluation.is_winning == bool(readings), hand
        if evaluation.is_winning:
            assert evaluation.arrangement in readings, hand
            winning += 1
    assert winning >= 10  # the weighting reaches winning hands


@pytest.mark.parametrize("seed", range(2))
def test_with_a_minimum_value_decompositions_follow_the_context(seed: int) -> None:
    """Ruling F11 with the one-truth contract: a hand worth 3 on a discard is below a minimum of 4
    but reaches it self-drawn; ``decompositions`` takes the same context as ``evaluate``."""
    strict = mr.get_ruleset("flex", minimum_value=4)
    for hand in random_hands("flex", 200 + seed, 150):
        for context in (ON_DISCARD, SELF_DRAWN):
            readings = list(strict.decompositions(hand, context))  # type: ignore[call-arg]
            assert strict.evaluate(hand, context).is_winning == bool(readings), (hand, context)
    example = mr.Hand.parse("333C 44B 555C 666C 777C")
    assert list(strict.decompositions(example, ON_DISCARD)) == []  # type: ignore[call-arg]
    assert list(strict.decompositions(example, SELF_DRAWN))  # type: ignore[call-arg]


def mahjong_size(name: str, hand: mr.Hand) -> int:
    """The size a ruleset's analysis counts: Singapore sets bonus tiles aside and counts a kong as
    three tiles (ruling T2)."""
    if name != "singapore":
        return len(hand)
    return sum(not tile.is_bonus for tile in hand.tiles) - sum(meld.size == 4 for meld in hand.melds)


def shape_ruleset(name: str) -> mr.Ruleset:
    """The ruleset with no minimum hand value, which ``tiles_away`` and ``waits`` do not count (it
    depends on how the hand is won): Singapore's minimum of 1 double set to 0."""
    return mr.get_ruleset(name, min_doubles=0) if name == "singapore" else mr.get_ruleset(name)


@pytest.mark.parametrize("name", RULESETS)
def test_tiles_away_is_zero_exactly_for_winning_hands_and_waits_complete(name: str) -> None:
    """``tiles_away`` of a 14-tile hand is 0 exactly when ``evaluate`` calls it winning (the minimum
    hand value aside); a 13-tile hand waits exactly on the tiles that make it winning, and has
    waits exactly when it is one tile away."""
    ruleset = shape_ruleset(name)
    checked = 0
    for hand in random_hands(name, 300, 120):
        try:
            away = ruleset.tiles_away(hand)
        except mr.UnreachableError:
            assert not ruleset.evaluate(hand).is_winning
            continue
        except mr.MeldError:  # a declared pair, which only Singapore reads as declared sets
            assert name == "singapore"
            continue
        except mr.HandSizeError:  # Singapore's bonus tiles do not count toward the size
            assert mahjong_size(name, hand) not in (13, 14)
            continue
        checked += 1
        if sum(tile.kind is mr.TileKind.SINGAPORE_FLOWER for tile in set(hand.tiles)) == 8:
            # ruling S16: all eight flowers win whatever the other tiles, already at 13 of them
            assert away == 0
            assert ruleset.evaluate(hand).is_winning
            if mahjong_size(name, hand) == 13:
                assert not ruleset.waits(hand)
            continue
        if mahjong_size(name, hand) == 14:
            assert (away == 0) == ruleset.evaluate(hand).is_winning, hand
            continue
        waits = ruleset.waits(hand)
        assert bool(waits) == (away == 1), (hand, away, waits)
        for tile in ruleset.tileset.tiles:
            if hand.count(tile) < ruleset.tileset.count(tile):
                assert (tile in waits) == ruleset.evaluate(hand.draw(tile)).is_winning, (hand, tile)
    assert checked >= 60


@pytest.mark.parametrize("name", RULESETS)
def test_settle_pays_exactly_what_the_evaluation_says(name: str) -> None:
    """Ruling L2: the winner is the context's seat wind and the discarder is named exactly for a
    win on a discard; the payments sum to zero, the winner receives them all, and a discarder
    pays at least as much as any other loser."""
    ruleset = mr.get_ruleset(name)
    rng = random.Random(400)
    settled = 0
    for hand in random_hands(name, 400, 150):
        callers = {meld.called_from for meld in hand.melds}
        # A chow is called from the player to the left (Singapore's CHOW move).
        chow_callers = {meld.called_from for meld in hand.melds if meld.is_chow and meld.called_from is not None}
        seats = [seat for seat in mr.Seat if seat not in callers and all(left.next is seat for left in chow_callers)]
        if not seats:
            continue
        seat = rng.choice(seats)
        context = mr.WinContext(self_drawn=rng.random() < 0.5, seat_wind=seat)
        try:
            evaluation = ruleset.evaluate(hand, context)
        except mr.MeldError:  # Singapore refuses a declared pair
            continue
        if not evaluation.is_winning:
            with pytest.raises(mr.SettlementError):
                ruleset.settle(evaluation, seat, None if context.self_drawn else seat.next)
            continue
        wrong = seat.next if context.self_drawn else None
        with pytest.raises(mr.SettlementError):
            ruleset.settle(evaluation, seat, wrong)
        discarder = None if context.self_drawn else seat.next
        settlement = ruleset.settle(evaluation, seat, discarder)
        payments = settlement.payments
        assert sum(payments.values()) == 0
        assert payments[seat] > 0
        assert all(amount <= 0 for other, amount in payments.items() if other is not seat)
        if discarder is not None:
            assert payments[discarder] == min(payments.values())
        settled += 1
    assert settled >= 10
