"""Flex analysis: tiles away and waits, checked against brute force.

The reference is independent of the distance programme: a hand is 0 away when some reading
of it is valid, and 1 away when one exchange (a tile out, any tile in) makes it valid.
"""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.flex import FlexOptions, FlexRuleset
from mahjong_rules.rulesets.flex.rules import SEQUENCES
from tests.away_floors import check_floors
from tests.flex_reference import random_case

OPTIONS = FlexOptions()
FLEX = FlexRuleset(OPTIONS)
TILESET = OPTIONS.tileset


def _valid(hand: mr.Hand) -> bool:
    return next(FLEX.decompositions(hand), None) is not None


def _one_exchange_away(hand: mr.Hand) -> bool:
    tiles = list(hand.concealed)
    for position in range(len(tiles)):
        rest = tiles[:position] + tiles[position + 1 :]
        for tile in TILESET.tiles:
            candidate = mr.Hand([*rest, tile], hand.melds)
            if not tile.is_blank and not TILESET.problems(candidate) and _valid(candidate):
                return True
    return False


def _winning_hand(rng: random.Random) -> mr.Hand:
    """A valid hand by construction: a block of one sequence, one or two suits, sizes 2 to 4,
    maybe a flower set."""
    while True:
        sequence = rng.choice(list(SEQUENCES.values()))
        flowers = rng.choice([0, 0, 2, 3, 5])
        length = rng.randint(3, 6)
        if length > len(sequence):
            continue
        start = rng.randrange(len(sequence) - length + 1)
        suits = rng.sample(list(mr.Suit), 1 if flowers else 2)
        sizes = [rng.choice([2, 3, 4]) for _ in range(length)]
        if sum(sizes) + flowers != 14:
            continue
        tiles = [mr.Tile.FLOWER] * flowers
        for number, size in zip(sequence[start : start + length], sizes, strict=True):
            suit = rng.choice(suits)
            tiles += [suit.dragon if number in (0, 10) else suit.tile(number)] * size
        hand = mr.Hand(tiles)
        if not TILESET.problems(hand):
            return hand


def _perturbed(seed: int) -> mr.Hand:
    rng = random.Random(seed)
    while True:
        tiles = list(_winning_hand(rng).concealed)
        for _ in range(rng.choice([0, 1, 1, 2])):
            tiles[rng.randrange(len(tiles))] = rng.choice(TILESET.tiles)
        if rng.random() < 0.3:
            tiles[rng.randrange(len(tiles))] = mr.Tile.JOKER
        hand = mr.Hand(tiles)
        if not TILESET.problems(hand):
            return hand


@pytest.mark.parametrize("seed", range(12))
def test_tiles_away_zero_and_one_match_brute_force(seed: int) -> None:
    hand = _perturbed(seed)
    away = FLEX.tiles_away(hand)
    assert (away == 0) == _valid(hand), str(hand)
    if away >= 1:
        assert (away == 1) == _one_exchange_away(hand), str(hand)


@pytest.mark.parametrize("seed", range(12))
def test_a_thirteen_tile_hand_is_one_away_exactly_when_it_waits(seed: int) -> None:
    rng = random.Random(1000 + seed)
    tiles = list(_perturbed(seed).concealed)
    tiles.pop(rng.randrange(len(tiles)))
    hand = mr.Hand(tiles)
    assert (FLEX.tiles_away(hand) == 1) == bool(FLEX.waits(hand)), str(hand)


def test_exposures_stay_as_they_are() -> None:
    # Exposed 6 Craks with a joker: the 6 is used, so the Run 3-4-5-6-7 needs no other 6.
    hand = mr.Hand.parse("333C 44B 555C 7C 7C 9D [66C J]")
    assert FLEX.tiles_away(hand) == 1  # discard the 9D, draw a 7C (or a joker)
    # One tile short of 14: any tile that grows a set completes it (a 3C, 4B, 5C or 7C), and so
    # does a joker in a triple or quad; no single tile can add a new number.
    waits = FLEX.waits(mr.Hand.parse("333C 44B 555C 7C 7C [66C J]"))
    assert waits == frozenset(mr.parse_tiles("3C 4B 5C 7C J"))


def test_exposures_that_rule_out_every_hand_are_unreachable() -> None:
    # Three suits exposed: no valid Flex hand keeps them (Rule #1: no more than two suits).
    hand = mr.Hand.parse("5D 5D 7D 8D 9D [111B] [222C] [333D]")
    with pytest.raises(mr.UnreachableError):
        FLEX.tiles_away(hand)


def test_the_same_number_exposed_twice_is_unreachable() -> None:
    # Ruling F5: each number in one set per hand, across suits.
    hand = mr.Hand.parse("5C 5C 6C 6C 7C 7C 8C [333B] [333C]")
    with pytest.raises(mr.UnreachableError):
        FLEX.tiles_away(hand)


@pytest.mark.parametrize("seed", range(20))
def test_points_are_the_best_over_every_reading(seed: int) -> None:
    """Ruling T3: a hand is worth its best arrangement. Score every valid reading the rules allow
    (each arrangement of decompositions, with every way of reading its dragons and jokers) and
    compare the best with what evaluate reports."""
    from mahjong_rules.rulesets.flex.scoring import score

    rng = random.Random(2000 + seed)
    tiles = list(_winning_hand(rng).concealed)
    for _ in range(rng.choice([0, 1, 2])):
        position = rng.randrange(len(tiles))
        if tiles.count(tiles[position]) >= 3:
            tiles[position] = mr.Tile.JOKER
    hand = mr.Hand(tiles)
    context = mr.WinContext(self_drawn=rng.random() < 0.5)
    everything = FlexRuleset(
        FlexOptions(like_numbers=True, double_sequence=True, opposite_winds=True, news=True, sequence_quints=True)
    )
    for ruleset in (FLEX, everything):
        readings = [reading for reading, _ in ruleset._valid_readings(hand)]
        best = max(len(score(reading, hand, context, ruleset.options)) for reading in readings)
        assert ruleset.evaluate(hand, context).points == best


# -- issue 8: sizes, and the tiles held four times ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("333C 44B 555C 666C 777C 7C", id="15-tiles"),
        pytest.param("333C 44B 555C 666C 777C 88C", id="16-tiles"),
        pytest.param("333C 44B 555C", id="8-tiles"),
        pytest.param("", id="empty"),
    ],
)
def test_tiles_away_is_defined_for_13_and_14_tiles_ruling_l3(text: str) -> None:
    """Ruling L3: a 15- or 16-tile hand used to be 0 tiles away; other sizes are errors now."""
    hand = mr.Hand.parse(text)
    with pytest.raises(mr.HandSizeError, match="tiles away is defined for hands of 13 or 14 tiles") as caught:
        FLEX.tiles_away(hand)
    assert (caught.value.size, caught.value.expected) == (len(hand), (13, 14))


@pytest.mark.parametrize("text", ["333C 44B 555C 666C 777C", "333C 44B 555C 666C"])
def test_waits_are_defined_for_13_tiles_ruling_l3(text: str) -> None:
    with pytest.raises(mr.HandSizeError, match="waits is defined for hands of 13 tiles"):
        FLEX.waits(mr.Hand.parse(text))


def test_a_hand_holding_four_flowers_waits_on_a_fifth() -> None:
    """The game has 8 flowers ("Flowers: 8 tiles"), so a hand holding four may draw a fifth:
    FFFFF 222B 444B 666B is a Flex hand (a flower set and Evens in Bams). A wait is skipped only
    when the hand holds every copy in the game."""
    hand = mr.Hand.parse("FFFF 222B 444B 666B")
    waits = FLEX.waits(hand)
    assert mr.Tile.FLOWER in waits
    assert FLEX.evaluate(hand.draw("F")).is_winning
    every_flower = mr.Hand.parse("FFFFFFFF 2B 44B 66B")
    assert mr.Tile.FLOWER not in FLEX.waits(every_flower)  # all 8 are in the hand


def test_a_hand_holding_four_jokers_waits_on_a_joker() -> None:
    """The game has 8 jokers, which stand in triples and quads: with a fifth joker,
    JJJJ 222B 444B 666B reads 222B J, 444B J, 666B and JJJ as the 8 Bams (Evens in Bams)."""
    hand = mr.Hand.parse("JJJJ 222B 444B 666B")
    assert mr.Tile.JOKER in FLEX.waits(hand)
    assert FLEX.evaluate(hand.draw("J")).is_winning
    assert FLEX.tiles_away(hand) == 1


def test_strings_are_read_as_hands() -> None:
    """Issue 8: ``evaluate("333C ...")`` was a TypeError about list indices; a hand's notation is
    read with the game's tile set, so a tile too many is reported at its position."""
    assert FLEX.tiles_away("333C 44B 555C 666C 77C") == 1
    assert FLEX.waits("333C 44B 555C 666C 77C") == FLEX.waits(mr.Hand.parse("333C 44B 555C 666C 77C"))
    with pytest.raises(mr.TileSetError, match="5th 3C, the set has 4"):
        FLEX.tiles_away("33333C 44B 555C 666C 7C")
    with pytest.raises(TypeError, match="hand is a Hand or its notation"):
        FLEX.tiles_away(["3C"])  # type: ignore[arg-type]


def test_waits_follow_the_gates_of_evaluate() -> None:
    """Found by the fuzz test: an exposed pair ("a pair cannot be exposed") makes every Mahjong
    impossible, yet ``waits`` listed 4B, 3C, 5C, 6C and J. Waits are the tiles after which
    ``evaluate`` says Mahjong, and ``tiles_away`` agrees there are none."""
    hand = mr.Hand.parse("333C 44B 555C 666C [77C]")
    assert FLEX.waits(hand) == frozenset()
    assert not any(FLEX.evaluate(hand.draw(tile)).is_winning for tile in TILESET.tiles if tile.index < 34)
    with pytest.raises(mr.UnreachableError):
        FLEX.tiles_away(hand)


# -- tiles away by tables: exactness properties on seeded hands --------------------------------------

FLEXTRA = FlexRuleset(
    FlexOptions(
        news=True,
        year=True,
        year_digits=2026,
        sequence_quints=True,
        like_numbers=True,
        double_sequence=True,
        opposite_winds=True,
    )
)

# Valid hands of the Flextra shapes, for the seeded hands to start from (the reference generator
# knows only the base game).
FLEXTRA_HANDS = (
    "NEWS 222C 333C 4444C",
    "2B GD 2B 6B 222C 333C 4444C",
    "2D 4D 6D 8D WD 22D 33D 444D 55D",
    "555B 555C 5555D FFFF",
    "GD GD GD RD RD RD WD WD WD WD FFFF",
    "11B 22B 333B 11C 22C 333C",
    "NNN SSS 333D 666D 99D",
    "EE WW 444D 666D 88D WD WD",
    "1B 3B 5B 7B 9B 2B 4B 6B 8B GD NEWS",
)


def _seeded_hands(seed: int, count: int, ruleset: FlexRuleset) -> list[mr.Hand]:
    """14-tile hands, random or near a valid hand, with jokers and flowers, some with exposed sets
    (``tests/flex_reference.random_case``), and for the Flextra ruleset its own shapes changed in
    one to three tiles."""
    rng = random.Random(seed)
    tileset = ruleset.tileset
    found: list[mr.Hand] = []
    while len(found) < count:
        if ruleset is FLEXTRA and rng.random() < 0.5:
            tiles = list(mr.Hand.parse(rng.choice(FLEXTRA_HANDS)).concealed)
            for _ in range(rng.randint(0, 3)):
                tiles[rng.randrange(len(tiles))] = rng.choice([mr.Tile.JOKER, *tileset.tiles])
            hand = mr.Hand(tiles)
        else:
            hand = random_case(rng).hand
        if rng.random() < 0.2:  # more jokers
            tiles = list(hand.concealed)
            for _ in range(rng.randint(1, 4)):
                tiles[rng.randrange(len(tiles))] = mr.Tile.JOKER
            hand = mr.Hand(tiles, hand.melds)
        if len(hand) == 14 and not tileset.problems(hand) and not ruleset._exposure_reasons(hand):
            found.append(hand)
    return found


def _away(ruleset: FlexRuleset, hand: mr.Hand) -> int | None:
    try:
        return ruleset.tiles_away(hand)
    except mr.UnreachableError:
        return None


def _exchanges(ruleset: FlexRuleset, hand: mr.Hand) -> list[mr.Hand]:
    """Every hand one exchange away: a concealed tile out, any tile of the set in (within its
    counts), the exposed sets kept."""
    found = []
    for out in sorted(set(hand.concealed)):
        rest = hand.discard(out)
        for tile in ruleset.tileset.tiles:
            if rest.count(tile) < ruleset.tileset.count(tile) and tile is not out:
                found.append(rest.draw(tile))
    return found


def _check_exactness(ruleset: FlexRuleset, hand: mr.Hand) -> None:
    away = _away(ruleset, hand)
    assert (away == 0) == ruleset.evaluate(hand).is_winning, str(hand)
    after = [_away(ruleset, other) for other in _exchanges(ruleset, hand)]
    if away is None:
        assert all(other is None for other in after), str(hand)  # the exposed sets still rule out all
        return
    assert all(other is not None and other >= away - 1 for other in after), str(hand)
    if away > 0:
        assert away - 1 in after, str(hand)


@pytest.mark.parametrize("seed", range(8))
def test_tiles_away_is_exact_on_seeded_hands(seed: int) -> None:
    """The issue's exactness property, default options: 0 exactly when ``evaluate`` says Mahjong;
    no exchange (a concealed tile out, any tile in) lowers tiles away by more than one; from a hand
    not yet valid, some exchange lowers it by exactly one."""
    for hand in _seeded_hands(300 + seed, 8, FLEX):
        _check_exactness(FLEX, hand)


@pytest.mark.parametrize("seed", range(6))
def test_tiles_away_is_exact_on_seeded_hands_with_every_flextra_rule(seed: int) -> None:
    for hand in _seeded_hands(400 + seed, 5, FLEXTRA):
        _check_exactness(FLEXTRA, hand)


@pytest.mark.parametrize(
    ("options", "text", "away"),
    [
        # Ruling F1: one suit's dragon as 0 and as 10, two pairs of the Green dragon.
        pytest.param({}, "GD GD 2B 2B 4B 4B 6B 6B 8B 8B GD GD FF", 0, id="dragon-both-ends"),
        pytest.param({"jokers": 0}, "GD GD 2B 2B 4B 4B 6B 6B 8B 8B GD GD FF", 0, id="dragon-both-ends-no-jokers"),
        # Two triples of one dragon need two jokers beyond its four copies. Without jokers in the
        # game, the dragons make two pairs and two more tiles are missing (two pairs grown to
        # triples, or a flower pair): the 9s fit no block with 0-2-4-6-8-10.
        pytest.param({}, "GD GD GD 2B 2B 4B 4B 6B 6B 8B 8B GD J J", 0, id="dragon-two-triples"),
        pytest.param({"jokers": 0}, "GD GD GD 2B 2B 4B 4B 6B 6B 8B 8B GD 9B 9D", 2, id="dragon-no-jokers"),
        # The exposed Green dragon is the 0, and the concealed one (with two jokers) the 10.
        pytest.param({}, "[GD GD GD] GD J J 2B 2B 4B 4B 6B 6B 8B 8B", 0, id="exposed-dragon-and-concealed"),
        # Both exposed: the earlier programme kept one exposed set per kind and called this hand,
        # a Mahjong, unreachable.
        pytest.param({}, "[GD GD GD] [GD J J] 2B 2B 4B 4B 6B 6B 8B 8B", 0, id="dragon-exposed-twice"),
        pytest.param({}, "[GD GD GD] [GD J J] 2B 2B 4B 4B 6B 6B 8B 9B", 1, id="dragon-exposed-twice-one-off"),
        # An exposed all-joker set stands where the hand holds least: here the 4.
        pytest.param({}, "[JJJ] 333C 555C 666C 7C 9D", 1, id="all-joker-exposure"),
        pytest.param({}, "[JJJJ] [JJJJ] 22C 33C 44C", 0, id="two-all-joker-exposures"),
        pytest.param({"flowers": 0}, "FFFF 222B 444B 666B", None, id="flowers-not-in-the-game"),
        # A SEQUENCE quint shares its kinds with the Odds sets, and without jokers no kind may
        # have more slots than copies (the slower programme settles these).
        pytest.param(
            {"jokers": 0, "sequence_quints": True}, "1B 3B 5B 7B 9B 33B 55B 777B 11B", 0, id="quint-no-jokers"
        ),
        pytest.param(
            {"jokers": 0, "sequence_quints": True}, "1B 3B 5B 7B 9B 33B 55B 777B 1B 9D", 1, id="quint-no-jokers-one-off"
        ),
        # Singles sets alone, no number set: a SEQUENCE quint and two Year sets (2-4-6-8 with the
        # dragon as 0, and 2026). The search bounds the number sets a choice of singles leaves
        # room for; with no tiles left for them, the singles (and flowers) are the whole cost.
        pytest.param(
            {"year": True, "sequence_quints": True}, "1B 3B 5B 7B 9B 2B 4B 6B 8B GD 2C 2C 6C RD", 0, id="singles-only"
        ),
        # The same lacking 1B, 3B, 4B, 6B and a 2C (five tiles, each missing once).
        pytest.param(
            {"year": True, "sequence_quints": True}, "2B 5B 789B 2C 6C 9C 2D 78D GD RD", 5, id="singles-only-five-off"
        ),
    ],
)
def test_tiles_away_by_hand(options: dict[str, int], text: str, away: int | None) -> None:
    ruleset = FlexRuleset(FlexOptions(**options))  # type: ignore[arg-type]
    if away is None:
        with pytest.raises(mr.TileSetError):
            ruleset.tiles_away(text)
        return
    hand = mr.Hand.parse(text)
    assert ruleset.tiles_away(hand) == away
    assert ruleset.evaluate(hand).is_winning == (away == 0)


def test_like_numbers_of_dragons_with_every_dragon_set_exposed() -> None:
    # Flextra Like Numbers with the dragons as the number (0) and all three sets exposed: no set
    # is left to fill, and tiles away must still answer (it once failed on the empty list of free
    # kinds), 0 with a flower set, 1 a tile short of one; exact on every exchange.
    like = FlexRuleset(FlexOptions(like_numbers=True))
    assert like.tiles_away("FFFF [GD GD GD] [WD WD WD] [RD JJJ]") == 0
    assert like.evaluate("FFFF [GD GD GD] [WD WD WD] [RD JJJ]").is_winning
    assert like.tiles_away("FFF 9B [GD GD GD] [WD WD WD] [RD JJJ]") == 1
    _check_exactness(FLEXTRA, mr.Hand.parse("2B 6B 2D WD [GD GD GD] [WD WD WD] [RD JJJ]"))


def _short_of_copies(rng: random.Random) -> mr.Hand | None:
    """A hand whose exposed sets and Year tiles leave several numbers short of copies: exposed
    sets (with jokers) of numbers and dragons, the concealed tiles mostly 2s, 6s and dragons."""
    tileset = FLEXTRA.tileset
    pool = [tile for tile in tileset.tiles for _ in range(tileset.count(tile))]
    rng.shuffle(pool)
    melds = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        tile = rng.choice([tile for tile in pool if tile.is_number or tile.is_dragon])
        size = rng.choice([3, 3, 4])
        naturals = rng.choice([1, 2, size])
        tiles = [tile] * naturals + [mr.Tile.JOKER] * (size - naturals)
        if pool.count(tile) >= naturals and pool.count(mr.Tile.JOKER) >= size - naturals:
            for taken in tiles:
                pool.remove(taken)
            melds.append(mr.Meld(tiles, exposed=True, represents=tile))
    year = [tile for tile in tileset.tiles if tile.is_dragon or (tile.is_number and tile.rank in (2, 6))]
    concealed = []
    for _ in range(14 - sum(meld.size for meld in melds)):
        choices = [tile for tile in (year if rng.random() < 0.6 else pool) if tile in pool]
        concealed.append(choices[rng.randrange(len(choices))])
        pool.remove(concealed[-1])
    hand = mr.Hand(concealed, melds)
    return None if tileset.problems(hand) or FLEXTRA._exposure_reasons(hand) else hand


def test_numbers_short_of_copies_in_small_blocks_agree_with_the_slower_programme(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A block counts its numbers short of copies one option at a time; more than two such numbers
    # in one search were all left to the slower programme, even when the tiles left for number
    # sets make blocks of one or two numbers. Now those are counted directly: every discard's
    # distance and helpful draws must equal the programme's.
    from mahjong_rules.rulesets.flex import distance

    rng = random.Random(2026)
    hands = [hand for hand in (_short_of_copies(rng) for _ in range(150)) if hand is not None]
    counted = []
    special_positions = distance._Search._special_positions

    def counting(self: object, *arguments: object) -> object:
        found = special_positions(self, *arguments)  # type: ignore[arg-type]
        counted.append(len(found) > 2)
        return found

    monkeypatch.setattr(distance._Search, "_special_positions", counting)
    direct = [FLEXTRA.discard_options(hand) for hand in hands]
    assert sum(counted) >= 20  # the direct counting of more than two numbers is exercised

    def programme_for_more_than_two(self: object, *arguments: object) -> object:
        found = special_positions(self, *arguments)  # type: ignore[arg-type]
        if len(found) > 2:
            raise distance._NeedsProgramme
        return found

    monkeypatch.setattr(distance._Search, "_special_positions", programme_for_more_than_two)
    assert direct == [FLEXTRA.discard_options(hand) for hand in hands]


def test_the_bound_on_number_sets_beside_exposed_sets_changes_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 21: a choice of singles sets beside exposed sets is searched only when the number sets
    # could cost little enough at the numbers where the hand holds most (the tables' costs only
    # fall as the copies held rise). Without the bound, every choice is searched: tiles away and
    # every discard's distance and helpful draws must be the same, on hands where it prunes.
    from mahjong_rules.rulesets.flex import distance

    rng = random.Random(21)
    hands = [hand for hand in (_short_of_copies(rng) for _ in range(120)) if hand is not None]
    hands += [hand for hand in _seeded_hands(2100, 60, FLEXTRA) if hand.melds]
    floors = []
    positions_floor = distance._Search._positions_floor

    def counting(self: object, *arguments: object) -> int:
        found = positions_floor(self, *arguments)  # type: ignore[arg-type]
        floors.append(found)
        return found

    monkeypatch.setattr(distance._Search, "_positions_floor", counting)
    bounded = [(_away(FLEXTRA, hand), FLEXTRA.discard_options(hand)) for hand in hands]
    assert sum(floor > 0 for floor in floors) >= 100  # the bound is more than nothing, often

    monkeypatch.setattr(distance._Search, "_positions_floor", lambda self, suits, tiles: 0)
    assert bounded == [(_away(FLEXTRA, hand), FLEXTRA.discard_options(hand)) for hand in hands]


# -- discard options ---------------------------------------------------------------------------------


def test_the_obvious_discard_is_best() -> None:
    """A 14-tile hand one tile from 333C 44B 555C 666C 777C: throwing the 9D leaves it waiting on
    any tile that grows a set (4B, 3C, 5C, 6C, 7C) or a joker for a triple or quad. Unseen
    copies: 4B 4-2, 3C 4-3, 5C 4-3, 6C 4-3, 7C 4-2 and 8 jokers, 15 in all."""
    options = FLEX.discard_options("333C 44B 555C 666C 77C 9D")
    best = options[0]
    assert best.discard == mr.Tile.parse("9D")
    assert best.tiles_away == 1
    assert best.helpful == frozenset(mr.parse_tiles("4B 3C 5C 6C 7C J"))
    assert best.helpful_unseen == 15
    # Any other discard breaks a set: two tiles away.
    assert [option.tiles_away for option in options[1:]] == [2] * (len(options) - 1)
    assert len({option.discard for option in options}) == len(options) == 6


def test_seen_tiles_are_not_unseen() -> None:
    seen: list[mr.Tile | str] = [mr.Tile.parse("7C"), "7C", "J"]
    best = FLEX.discard_options("333C 44B 555C 666C 77C 9D", seen=seen)[0]
    assert best.helpful_unseen == 15 - 3
    assert FLEX.discard_options("333C 44B 555C 666C 77C 9D", seen="7C 7C J")[0].helpful_unseen == 12


def test_discard_options_of_a_winning_hand() -> None:
    """Every discard from a Mahjong leaves a hand waiting. Throwing a 3C leaves 33C, which a 3C
    or a joker for any triple completes; throwing a 4B leaves a lone 4B, which only a 4B pairs:
    helped by 4B, with 2 unseen (the hand holds the other two)."""
    options = FLEX.discard_options("333C 44B 555C 666C 777C")
    assert all(option.tiles_away == 1 for option in options)
    by_tile = {str(option.discard): option for option in options}
    assert by_tile["4B"].helpful == frozenset({mr.Tile.parse("4B")})
    assert by_tile["4B"].helpful_unseen == 2
    assert mr.Tile.JOKER in by_tile["3C"].helpful
    assert options[-1].discard == mr.Tile.parse("4B")  # the fewest unseen helpful copies
    unseen = [option.helpful_unseen for option in options]
    assert unseen == sorted(unseen, reverse=True)


def test_discarding_a_blank() -> None:
    with_blanks = FlexRuleset(FlexOptions(blanks=2))
    best = with_blanks.discard_options("333C 44B 555C 666C 77C Blank")[0]
    assert (str(best.discard), best.tiles_away) == ("Blank", 1)


def test_discard_options_need_14_tiles() -> None:
    with pytest.raises(mr.HandSizeError, match="discard options is defined for hands of 14 tiles"):
        FLEX.discard_options("333C 44B 555C 666C 77C")


def test_discard_options_when_exposures_rule_out_every_hand() -> None:
    # "a pair cannot be exposed": no discard leaves a valid hand within reach.
    assert FLEX.discard_options("333C 44B 555C 666C 7C [77C]") == []


@pytest.mark.parametrize("seed", range(3))
def test_discard_options_match_tiles_away(seed: int) -> None:
    """Each option agrees with tiles_away tile by tile, on seeded hands with exposed sets."""
    for hand in _seeded_hands(500 + seed, 2, FLEX):
        options = FLEX.discard_options(hand)
        expected = []
        for out in sorted(set(hand.concealed)):
            rest = hand.discard(out)
            away = _away(FLEX, rest)
            if away is None:
                continue
            helpful = {
                tile
                for tile in TILESET.tiles
                if hand.count(tile) < TILESET.count(tile) and _away(FLEX, rest.draw(tile)) == away - 1
            }
            unseen = sum(TILESET.count(tile) - hand.count(tile) for tile in helpful)
            expected.append(mr.DiscardOption(out, away, frozenset(helpful), unseen))
        expected.sort(key=lambda option: (option.tiles_away, -option.helpful_unseen, option.discard))
        assert options == expected, str(hand)


@pytest.mark.parametrize("ruleset", [FLEX, FLEXTRA], ids=["default", "flextra"])
def test_discard_options_are_discarding_then_drawing(ruleset: FlexRuleset) -> None:
    """Each discard option is what discarding and drawing give, by ``tiles_away`` alone: its tiles
    away is the 13-tile hand's, and a tile helps exactly when drawing it (a copy being left to
    draw) brings that hand closer."""
    tileset = ruleset.tileset
    for hand in _seeded_hands(23, 12, ruleset):
        options = ruleset.discard_options(hand)
        assert {option.discard for option in options} <= set(hand.concealed)
        for option in options:
            rest = hand.discard(option.discard)
            assert option.tiles_away == ruleset.tiles_away(rest)
            expected = set()
            for tile in tileset.tiles:
                if tile.is_blank or hand.count(tile) >= tileset.count(tile):
                    continue
                after = _away(ruleset, rest.draw(tile))
                if after is not None and after < option.tiles_away:
                    expected.add(tile)
            assert option.helpful == expected, (str(hand), str(option.discard))


@pytest.mark.parametrize(
    ("text", "floor"),
    [
        # 14 slots; 13 lone tiles, each kept beside a missing tile: at least 7 missing.
        ("1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D 5D 7D", 7),
        # 12 tiles of pairs kept; 2 slots left and 1 lone tile: at least 1 missing.
        ("11B 33B 55B 77B 99B 22C 4C", 1),
        # 11 lone tiles, 14 slots: 7 missing, less a joker each.
        ("1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D JJ", 5),
        # An exposed set leaves 11 slots to 11 lone tiles: 6 missing.
        ("1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D [555D]", 6),
    ],
)
def test_tiles_away_floor_by_hand(text: str, floor: int) -> None:
    """The bound worked out by hand, each at or under the hand's tiles away."""
    hand = mr.Hand.parse(text)
    assert FLEX.tiles_away_floor(hand) == floor
    assert floor <= FLEX.tiles_away(hand)


@pytest.mark.parametrize("seed", range(3))
def test_tiles_away_floor_is_a_lower_bound(seed: int) -> None:
    """``tiles_away_floor`` never exceeds ``tiles_away``, on 14-tile hands (random or near a valid
    hand, with jokers, flowers and exposed sets) and on the 13 tiles left after a discard. It is
    no stub: it equals the tiles away on a good share of them and rules many out (2 or more);
    with Flextra's singles sets, whose tiles all differ, it is 0."""
    hands = _seeded_hands(500 + seed, 60, FLEX)
    thirteen = [mr.Hand(list(hand.concealed)[1:], hand.melds) for hand in hands]
    checked, equal, far = check_floors(FLEX, hands + thirteen)
    assert checked > 100
    assert equal > checked // 4
    assert far > checked // 8
    assert all(FLEXTRA.tiles_away_floor(hand) == 0 for hand in _seeded_hands(600 + seed, 10, FLEXTRA))
