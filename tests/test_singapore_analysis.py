"""The Singapore ruleset's analysis (``tiles_away``, ``waits``) against the `mahjong` package (PyPI,
MIT; Riichi rules) on seeded hands, and properties of its evaluation and settlement.

A Singapore Mahjong is four sets and an eye, or 13 Wonders (the peer's regular hand and thirteen
orphans); Singapore has no seven pairs, so the peer's seven pairs is left out. The library's tiles
away is the peer's shanten plus one (0: the hand is winning). Waits follow ruling S14: every tile
that completes the hand, never one the hand already holds four of. Flowers and animals are set
aside (S12) and do not change either answer; with declared melds (a kong counted as three tiles,
T2) the peer sees the concealed part, which then needs fewer sets.

Peer layout (34 tiles): Craks 0-8, Dots 9-17, Bams 18-26, winds E S W N 27-30, White Green Red
31-33. The library's: Bams 0-8, Craks 9-17, Dots 18-26, Green Red White 27-29, E S W N 30-33.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from mahjong.shanten import Shanten

import mahjong_rules as mr
from mahjong_rules.rulesets.singapore import SingaporeRuleset
from tests.singapore_hands import random_mahjong
from tests.singapore_reference import ANIMALS, FLOWERS, PLAYABLE, WONDERS, RefOptions, random_cases

RULESET = mr.get_ruleset("singapore")
# Our index -> the peer's.
TO_PEER = [18 + i for i in range(9)] + list(range(9)) + [9 + i for i in range(9)] + [32, 33, 31, 27, 28, 29, 30]
WALL = [tile for tile in PLAYABLE for _ in range(4)]
BONUS = [*FLOWERS, *ANIMALS]
SEED = 20260612


def peer_counts(tiles: Sequence[mr.Tile]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[TO_PEER[tile.index]] += 1
    return counts


def loose(hand: mr.Hand) -> list[mr.Tile]:
    return [tile for tile in hand.concealed if not tile.is_bonus]


def declared_sets(hand: mr.Hand) -> int:
    return sum(1 for meld in hand.melds if not all(tile.is_bonus for tile in meld.tiles))


def peer_away(hand: mr.Hand) -> int:
    """The peer's shanten plus one: regular and thirteen orphans without declared sets, the
    regular hand of the concealed part (fewer sets) with them."""
    counts = peer_counts(loose(hand))
    if declared_sets(hand):
        return Shanten.calculate_shanten_for_regular_hand(counts) + 1
    return Shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=True) + 1


def peer_complete(counts: list[int], melds: int) -> bool:
    if Shanten.calculate_shanten_for_regular_hand(counts) == Shanten.AGARI_STATE:
        return True
    return not melds and Shanten.calculate_shanten_for_kokushi_hand(counts) == Shanten.AGARI_STATE


def peer_waits(hand: mr.Hand) -> frozenset[mr.Tile]:
    """The tiles after which the peer's hand is complete, none the whole hand holds four of."""
    counts = peer_counts(loose(hand))
    melds = declared_sets(hand)
    found = set()
    for tile in PLAYABLE:
        if hand.count(tile) >= 4:
            continue
        counts[TO_PEER[tile.index]] += 1
        if peer_complete(counts, melds):
            found.add(tile)
        counts[TO_PEER[tile.index]] -= 1
    return frozenset(found)


# -- seeded hands -------------------------------------------------------------------------------------------


def _fits(tiles: Sequence[mr.Tile]) -> bool:
    return all(tiles.count(tile) <= 4 for tile in set(tiles))


def complete_tiles(rng: random.Random) -> list[mr.Tile]:
    """Four sets (chows and pungs) and an eye over a random region of the tiles, or 13 Wonders."""
    if rng.random() < 0.1:
        wonders = sorted(WONDERS)
        return [*wonders, rng.choice(wonders)]
    region = rng.choice([PLAYABLE, PLAYABLE[:9] + PLAYABLE[27:], PLAYABLE[9:16], PLAYABLE[18:27]])
    starts = [tile for tile in region if tile.is_number and tile.rank is not None and tile.rank <= 7]
    while True:
        tiles: list[mr.Tile] = []
        for _ in range(4):
            if starts and rng.random() < 0.5:
                first = rng.choice(starts)
                tiles += [mr.Tile.from_index(first.index + step) for step in range(3)]
            else:
                tiles += [rng.choice(region)] * 3
        tiles += [rng.choice(region)] * 2
        if _fits(tiles):
            return tiles


def concealed_hand(rng: random.Random, size: int) -> mr.Hand:
    """A hand of ``size`` (13 or 14) concealed tiles, no bonus tiles, no declared melds: complete,
    one tile less or one exchanged, with a tile held four times now and then, or random."""
    kind = rng.random()
    if kind < 0.25:
        tiles = rng.sample(WALL, size)
    else:
        tiles = complete_tiles(rng)
        if kind < 0.4:  # a tile held four times (ruling S14's shapes)
            held = rng.choice(tiles)
            tiles = [tile for tile in tiles if tile is not held][:10] + [held] * 4
            while len(tiles) < 14:
                tiles.append(rng.choice(PLAYABLE))
        while len(tiles) > size:
            tiles.remove(rng.choice(tiles))
        if rng.random() < 0.5:
            tiles[rng.randrange(len(tiles))] = rng.choice(PLAYABLE)
    if not _fits(tiles):
        return concealed_hand(rng, size)
    return mr.Hand(tiles)


def with_bonus(rng: random.Random, hand: mr.Hand) -> mr.Hand:
    """``hand`` with 1 to 7 flowers and animals, never all eight flowers (S16), some of them
    declared as a meld of their own."""
    chosen = rng.sample(BONUS, rng.randint(1, 7))
    if all(flower in chosen for flower in FLOWERS):
        chosen.remove(FLOWERS[0])
    if rng.random() < 0.3:
        return mr.Hand(hand.concealed, (*hand.melds, mr.Meld(chosen, exposed=True)))
    return mr.Hand([*hand.concealed, *chosen], hand.melds)


def declared_hand(rng: random.Random, size: int) -> mr.Hand:
    """A Mahjong of ``tests/singapore_hands.py`` with at least one declared set, its bonus tiles
    dropped, then (13 tiles) one concealed tile less or (14) maybe one concealed tile exchanged."""
    while True:
        hand = random_mahjong(rng, seat=rng.choice(tuple(mr.Seat)))
        if hand.melds:
            break
    tiles = loose(hand)
    if size == 13:
        tiles.remove(rng.choice(tiles))
    elif rng.random() < 0.6:
        tiles[rng.randrange(len(tiles))] = rng.choice(PLAYABLE)
    changed = mr.Hand(tiles, hand.melds)
    if any(changed.count(tile) > 4 for tile in PLAYABLE):
        return declared_hand(rng, size)
    return changed


def _hands(seed: int, make: Any, count: int) -> list[mr.Hand]:
    rng = random.Random(seed)
    return [make(rng, size) for size in (13, 14) for _ in range(count)]


CONCEALED = _hands(SEED, concealed_hand, 800)
DECLARED = _hands(SEED + 1, declared_hand, 400)


def test_the_seeded_hands_are_a_mix() -> None:
    """Winning hands (four sets and an eye, or 13 Wonders), hands one tile away, tiles held four
    times (ruling S14), farther hands, and declared sets (T2)."""
    aways = [RULESET.tiles_away(hand) for hand in CONCEALED]
    assert aways.count(0) >= 100
    assert aways.count(1) >= 300
    assert sum(1 for away in aways if away >= 3) >= 150
    assert sum(1 for hand in CONCEALED if set(hand.concealed) == WONDERS) >= 30
    assert sum(1 for hand in CONCEALED if 4 in hand.counts) >= 150
    assert sum(1 for hand in DECLARED if RULESET.tiles_away(hand) == 0) >= 150


def _mismatches(hands: Sequence[mr.Hand], ours: Any, theirs: Any) -> list[str]:
    return [f"{hand}: library {ours(hand)}, peer {theirs(hand)}" for hand in hands if ours(hand) != theirs(hand)]


def test_tiles_away_agrees_with_the_peer() -> None:
    """Tiles away is the peer's shanten plus one (regular hand and thirteen orphans, no seven
    pairs: Singapore's Mahjong is "one and only one EYE and 4 sets", or 13 Wonders)."""
    mismatches = _mismatches(CONCEALED, RULESET.tiles_away, peer_away)
    assert not mismatches, "\n".join(mismatches[:10])


def test_waits_agree_with_the_peer() -> None:
    """Ruling S14: "any tile that completes the hand counts, whether it completes a chow, a pong or
    the eye; a tile the hand already holds four of is not a wait"."""
    thirteen = [hand for hand in CONCEALED if len(hand) == 13]
    assert sum(1 for hand in thirteen if RULESET.waits(hand)) >= 300
    mismatches = _mismatches(thirteen, RULESET.waits, peer_waits)
    assert not mismatches, "\n".join(mismatches[:10])


def test_seven_pairs_is_no_singapore_hand() -> None:
    """Singapore has no seven pairs: "To get mahjong you must have one and only one EYE"."""
    hand = mr.Hand.parse("11B 22B 33C 44C 55D 77D 99D")
    assert RULESET.tiles_away(hand) == peer_away(hand) > 0
    assert not RULESET.evaluate(hand, mr.WinContext(self_drawn=True)).is_winning
    assert RULESET.waits(mr.Hand.parse("11B 22B 33C 44C 55D 77D 9D")) == frozenset()


def test_bonus_tiles_change_nothing() -> None:
    """Ruling S12: flowers and animals are set aside, loose or declared; tiles away and waits are
    those of the hand without them."""
    rng = random.Random(SEED + 2)
    mismatches = []
    for hand in CONCEALED[::3] + DECLARED[::3]:
        bonus = with_bonus(rng, hand)
        if RULESET.tiles_away(bonus) != RULESET.tiles_away(hand) or RULESET.tiles_away(bonus) != peer_away(hand):
            mismatches.append(f"tiles away {bonus}: {RULESET.tiles_away(bonus)}, without {RULESET.tiles_away(hand)}")
        if len(hand) == 13 and RULESET.waits(bonus) != peer_waits(hand):
            mismatches.append(f"waits {bonus}: {sorted(RULESET.waits(bonus))}, peer {sorted(peer_waits(hand))}")
    assert not mismatches, "\n".join(mismatches[:10])


def test_eight_flowers_win_whatever_the_tiles() -> None:
    """Ruling S16: "Eight flowers (all eight flower tiles) wins at once whatever the other tiles"."""
    hand = mr.Hand([*mr.Hand.parse("1B 5B 9B 2C 6C E S N RD GD 3D 7D 8D").concealed, *FLOWERS])
    assert RULESET.tiles_away(hand) == 0
    assert RULESET.tiles_away(mr.Hand(hand.concealed[:-1])) == peer_away(mr.Hand(hand.concealed[:-1])) > 1


def test_declared_melds_leave_fewer_sets_to_make() -> None:
    """Declared melds are sets already made (a kong counted as three tiles, T2): the concealed
    part needs one set fewer for each, as the peer's regular hand of fewer tiles."""
    mismatches = _mismatches(DECLARED, RULESET.tiles_away, peer_away)
    thirteen = [hand for hand in DECLARED if len(loose(hand)) + 3 * declared_sets(hand) == 13]
    assert len(thirteen) == len(DECLARED) // 2
    mismatches += _mismatches(thirteen, RULESET.waits, peer_waits)
    assert not mismatches, "\n".join(mismatches[:10])


def test_a_wait_held_four_times_across_melds() -> None:
    """Ruling S14 counts the declared melds: [678C][678C][789C] 5678C waits on 5C and, by its
    shape, on 8C, but the hand holds all four 8C."""
    hand = mr.Hand.parse("[678C@S] [678C@W] [789C@N] 5678C")
    assert RULESET.waits(hand) == peer_waits(hand) == frozenset({mr.Tile.parse("5C")})


def test_discard_options_are_discarding_then_drawing() -> None:
    """Each option's tiles away is the hand's after the discard, and its helpful tiles are exactly
    those whose draw then lowers it, with a copy left to draw (declared melds' copies count, and
    cap what the concealed part may reach). The options read tables once per hand, the caps by
    a bound; ``tiles_away`` costs each hand on its own."""
    singapore = RULESET
    assert isinstance(singapore, SingaporeRuleset)
    hands = [hand for hand in CONCEALED[:60] + DECLARED if len(loose(hand)) + 3 * declared_sets(hand) == 14][:45]
    assert sum(1 for hand in hands if declared_sets(hand)) >= 20
    tiles = [mr.Tile.from_index(index) for index in range(34)]
    for hand in hands:
        options = singapore.discard_options(hand)
        assert {option.discard for option in options} == set(loose(hand)), hand
        for option in options:
            rest = hand.discard(option.discard)
            assert option.tiles_away == RULESET.tiles_away(rest), (hand, option)
            helpful = {
                tile
                for tile in tiles
                if hand.count(tile) < 4 and RULESET.tiles_away(rest.draw(tile)) < option.tiles_away
            }
            assert option.helpful == frozenset(helpful), (hand, option)


# -- properties of evaluation and settlement ---------------------------------------------------------------

CASES = random_cases(SEED + 3, 1500)


@pytest.fixture(scope="module")
def rulesets() -> dict[RefOptions, Any]:
    return {options: mr.get_ruleset("singapore", **options._asdict()) for options in {case.options for case in CASES}}


def _shuffled(rng: random.Random, hand: mr.Hand) -> mr.Hand:
    concealed = list(hand.concealed)
    rng.shuffle(concealed)
    melds = []
    for meld in hand.melds:
        tiles = list(meld.tiles)
        rng.shuffle(tiles)
        melds.append(mr.Meld(tiles, exposed=meld.exposed, called_from=meld.called_from))
    return mr.Hand(concealed, melds)


def _summary(evaluation: mr.Evaluation) -> tuple[bool, int, list[tuple[str, int]]]:
    return evaluation.is_winning, evaluation.points, [(item.name, item.points) for item in evaluation.breakdown]


def test_tile_order_changes_nothing(rulesets: dict[RefOptions, Any]) -> None:
    """A hand is its tiles: shuffled concealed tiles and meld tiles, or the hand written out in a
    shuffled order and read back, give the same evaluation (the order of the melds is kept: it is
    the order of declaration the pay-all scenarios read)."""
    rng = random.Random(SEED + 4)
    for case in CASES[:600]:
        ruleset = rulesets[case.options]
        expected = _summary(ruleset.evaluate(case.hand, case.context))
        assert _summary(ruleset.evaluate(_shuffled(rng, case.hand), case.context)) == expected, case.hand
        tokens = [str(tile) for tile in case.hand.concealed]
        rng.shuffle(tokens)
        written = " ".join([*tokens, *(str(meld) for meld in case.hand.melds)])
        reread = mr.Hand.parse(written)
        assert reread == case.hand
        assert _summary(ruleset.evaluate(written, case.context)) == expected


def test_points_never_exceed_the_limit(rulesets: dict[RefOptions, Any]) -> None:
    """Document: "There is a maximum number of doubles that is allowed for a player when they win
    a game"; a winning hand also reaches the minimum, except 13 Wonders and eight flowers."""
    for case in CASES:
        evaluation = rulesets[case.options].evaluate(case.hand, case.context)
        assert 0 <= evaluation.points <= case.options.limit
        assert evaluation.points == sum(item.points for item in evaluation.breakdown)
        special = set(loose(case.hand)) == WONDERS or all(flower in case.hand.tiles for flower in FLOWERS)
        if evaluation.is_winning and not special:
            assert evaluation.points >= case.options.min_doubles


def test_payments_sum_to_zero(rulesets: dict[RefOptions, Any]) -> None:
    """Every point the winner receives is paid by another player (S1, S18): the net amounts sum to
    zero, the winner receives at least ``base_unit * 2**doubles`` from each other player, nobody
    else receives anything, and a seat not at the table (three players) takes no part."""
    settled = 0
    for case in CASES:
        ruleset = rulesets[case.options]
        evaluation = ruleset.evaluate(case.hand, case.context)
        if not evaluation.is_winning:
            continue
        settled += 1
        payments = dict(ruleset.settle(evaluation, case.context.seat_wind, case.discarder).payments)
        winner = case.context.seat_wind
        assert sum(payments.values()) == 0
        assert len(payments) == case.options.players
        losers = case.options.players - 1
        assert payments[winner] >= losers * case.options.base_unit * 2**evaluation.points
        assert all(amount <= 0 for seat, amount in payments.items() if seat is not winner)
    assert settled >= 700
