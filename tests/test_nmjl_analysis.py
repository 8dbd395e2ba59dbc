"""The card ruleset's analysis agrees with itself and with slow, obviously exact programmes: the
bit-parallel ranking with the solver's ``target_away`` one concrete hand at a time, ``waits`` with
drawing every tile, ``discard_options`` with discarding and drawing every tile, and the fast
exposed-set ranking with the variant-by-variant one."""

from __future__ import annotations

import random

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.nmjl import NmjlRuleset
from mahjong_rules.rulesets.nmjl.ruleset import _exposed_aways, compiled
from mahjong_rules.solver import Group, target_away
from tests.away_floors import check_floors
from tests.nmjl_hands import nmjl_mahjong

TILESET = mr.TileSet.american()


def sample() -> NmjlRuleset:
    ruleset = mr.get_ruleset("nmjl")
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


def near(rng: random.Random, size: int = 14) -> mr.Hand:
    """A completed line with 0 to 4 concealed tiles changed (a joker now and then), maybe one
    tile fewer."""
    while True:
        hand = nmjl_mahjong(rng)
        concealed = list(hand.concealed)
        for _ in range(rng.randint(0, 4)):
            concealed[rng.randrange(len(concealed))] = (
                mr.Tile.JOKER if rng.random() < 0.15 else mr.Tile.from_index(rng.randrange(35))
            )
        if size == 13:
            concealed.pop(rng.randrange(len(concealed)))
        candidate = mr.Hand(concealed, hand.melds)
        if not TILESET.problems(candidate):
            return candidate


def slow_line_aways(ruleset: NmjlRuleset, hand: mr.Hand) -> list[int | None]:
    exposed = [Group("identical", tuple(t.index for t in meld.naturals), meld.joker_count) for meld in hand.exposed]
    found: list[int | None] = []
    for line in ruleset.card.lines:
        if line.concealed and exposed:
            found.append(None)
            continue
        aways = [target_away(hand.concealed_counts, variant, exposed) for variant in line.variants]
        known = [away for away in aways if away is not None]
        found.append(min(known) if known else None)
    return found


@pytest.mark.parametrize("seed", range(3))
def test_ranking_equals_target_away_over_every_concrete_hand(seed: int) -> None:
    """The ranking is exact: each line's tiles away is the minimum of the solver's
    ``target_away`` over the line's concrete hands (exposures fitting whole groups, ruling N4)."""
    ruleset = sample()
    rng = random.Random(seed)
    for _ in range(40):
        hand = near(rng, rng.choice([13, 14]))
        ranked = {found.line.label: found.tiles_away for found in ruleset.closest_lines(hand)}
        slow = slow_line_aways(ruleset, hand)
        assert [ranked[line.label] for line in ruleset.card.lines] == slow, hand


# Lines with two groups of one tile (two exposures of one tile can fit them) and joker groups of
# every size, for the exposed ranking's cases beyond one set of each tile.
REPEATS = """format = 2
name = "Repeated groups"
[[section]]
name = "Repeats"
lines = [
  { hand = "FFFF FFFF 111x 222x", value = 25, numbers = "any" },
  { hand = "aaax aaaax bbbbx bbbx", value = 25 },
  { hand = "NNN NNNN EEEE EEE", value = 25 },
  { hand = "NNN NNN! EEEE EEEE", value = 25 },
  { hand = "??? ??? 1111x 2222x", value = 25 },
  { hand = "DDD DDD 1111x 2222y", value = 25 },
  { hand = "DDDDx DDDDx 1111x 22x", value = 25 },
  { hand = "11111x 22222x 3333y", value = 25, numbers = "any" },
]
"""


@pytest.mark.parametrize(("seed", "card"), [(0, "sample"), (0, "repeats"), (1, "repeats"), (2, "repeats")])
def test_fast_exposed_ranking_equals_variant_by_variant(seed: int, card: str) -> None:
    """Hands with one, two or three exposed groups (jokers in some, jokers alone in some, two of one
    tile in some, a set that fits no group now and then): the bit-parallel exposed ranking gives
    every concrete hand the distance the variant-by-variant programme gives, and answers every
    hand (two sets of jokers alone included); whether the exposures fit some line, read from
    the exposures alone, is whether some variant takes the whole hand."""
    chosen_card = mr.sample_card() if card == "sample" else mr.parse_card(REPEATS)
    table = compiled(chosen_card)
    ruleset = mr.get_ruleset("nmjl", card=chosen_card)
    assert isinstance(ruleset, NmjlRuleset)
    rng = random.Random(100 + seed)
    checked = wild = repeated = fits = 0
    for _ in range(150 if card == "sample" else 500):  # the sample's 1,785 lanes are slow one by one
        line = rng.choice([line for line in chosen_card.lines if not line.concealed])
        variant = rng.choice(line.variants)
        like = [group for group in variant if len(group.tiles) >= 3 and len(set(group.tiles)) == 1]
        if not like:
            continue
        chosen = rng.sample(like, min(len(like), rng.randint(1, 3)))
        melds, concealed = [], []
        for group in variant:
            tiles = [mr.Tile.from_index(index) for index in group.tiles]
            if group in chosen:
                represents: mr.Tile | None = mr.Tile.from_index(group.tiles[0])
                if group.jokers and rng.random() < 0.4:
                    tiles[0] = mr.Tile.JOKER
                if group.jokers and rng.random() < 0.2:
                    tiles, represents = [mr.Tile.JOKER] * len(tiles), None
                melds.append(mr.Meld(tiles, represents=represents))
            else:
                concealed.extend(tiles)
        if rng.random() < 0.15 and len(concealed) >= 3:  # a set of a random tile, fitting or not
            tile = mr.Tile.from_index(rng.randrange(34))
            melds.append(mr.Meld([tile, tile, mr.Tile.JOKER], represents=tile))
            del concealed[:3]
        for _ in range(rng.randint(0, 3) if concealed else 0):
            concealed[rng.randrange(len(concealed))] = mr.Tile.from_index(rng.randrange(35))
        hand = mr.Hand(concealed, melds)
        if TILESET.problems(hand):
            continue
        fast = table.exposed_aways(hand.concealed_counts, hand.exposed)
        alone = sum(meld.represents is None for meld in hand.exposed)
        assert fast is not None, hand
        slow = bytes(_exposed_aways(table, hand))
        assert bytes(fast) == slow, hand
        # Whether the exposures fit a line, which a call asks (read with no concealed tile).
        fitting = any(away != 255 for away in slow)
        assert ruleset._exposures_fit(hand) is fitting, hand
        fits += fitting
        kinds = [meld.represents.index for meld in hand.exposed if meld.represents is not None]
        checked += 1
        wild += alone
        repeated += len(set(kinds)) < len(kinds)
    assert checked > 60
    assert wild > 15
    assert card == "sample" or repeated > 20
    assert 0 < fits < checked


@pytest.mark.parametrize("seed", range(2))
def test_waits_are_the_tiles_whose_draw_completes_a_line(seed: int) -> None:
    ruleset = sample()
    rng = random.Random(200 + seed)
    waiting = 0
    for _ in range(40):
        hand = near(rng, 13)
        drawn = {
            tile
            for tile in TILESET.tiles
            if hand.count(tile) < TILESET.count(tile) and ruleset.tiles_away(hand.draw(tile)) == 0
        }
        assert ruleset.waits(hand) == frozenset(drawn), hand
        waiting += bool(drawn)
    assert waiting >= 5


def test_discard_options_agree_with_discarding_and_drawing() -> None:
    """Each option's tiles away is the hand's after the discard, and its helpful tiles are exactly
    those whose draw then lowers it (with a copy left to draw)."""
    ruleset = sample()
    rng = random.Random(300)
    for _ in range(6):
        hand = near(rng)
        options = ruleset.discard_options(hand)
        assert {option.discard for option in options} == set(hand.concealed)
        for option in options:
            rest = hand.discard(option.discard)
            assert option.tiles_away == ruleset.tiles_away(rest)
            helpful = {
                tile
                for tile in TILESET.tiles
                if rest.count(tile) + (tile is option.discard) < TILESET.count(tile)
                and ruleset.tiles_away(rest.draw(tile)) < option.tiles_away
            }
            assert option.helpful == frozenset(helpful), (hand, option)
        keys = [(option.tiles_away, -option.helpful_unseen) for option in options]
        assert keys == sorted(keys)


def test_no_exchange_lowers_tiles_away_by_more_than_one() -> None:
    """Exactness in the exchange sense: 0 exactly for a winning hand, and from a 14-tile hand one
    exchange (a discard and a draw) lowers the distance by one at most, and some exchange does."""
    ruleset = sample()
    rng = random.Random(400)
    for _ in range(8):
        hand = near(rng)
        away = ruleset.tiles_away(hand)
        assert (away == 0) == ruleset.evaluate(hand).is_winning
        if away == 0:
            continue
        best = min(
            ruleset.tiles_away(hand.discard(out).draw(tile))
            for out in set(hand.concealed)
            for tile in TILESET.tiles
            if hand.discard(out).count(tile) < TILESET.count(tile)
        )
        assert best == away - 1, hand


@pytest.mark.parametrize(
    ("text", "floor", "away"),
    [
        # All concealed, 2468 #1 (222x 4444x 666x 8888x) lacks one 4C and the Flower is extra: 1.
        # Exposed, the pung of 4C cannot be the line's kong of them (ruling N4): farther.
        ("[444C] 222C 666C 8888C F", 1, None),
        # Nothing exposed: the bound is the tiles away themselves.
        ("222C 444C 666C 8888C F", 1, 1),
    ],
)
def test_tiles_away_floor_by_hand(text: str, floor: int, away: int | None) -> None:
    """The floor worked out by hand: the tiles away of the same tiles with nothing exposed."""
    ruleset = sample()
    hand = mr.Hand.parse(text)
    assert ruleset.tiles_away_floor(hand) == floor
    if away is None:
        assert ruleset.tiles_away(hand) > floor
    else:
        assert ruleset.tiles_away(hand) == away


def test_tiles_away_floor_is_a_lower_bound() -> None:
    """``tiles_away_floor`` never exceeds ``tiles_away`` on hands near the sample card's lines,
    with exposures (jokers in some) and without; on a hand with nothing exposed it is exact. It is
    no stub: it rules most of these hands out (2 or more), and is below the tiles away of some
    exposed ones."""
    ruleset = sample()
    rng = random.Random(23)
    hands = [near(rng, rng.choice([13, 14])) for _ in range(200)]
    checked, equal, far = check_floors(ruleset, hands)
    concealed = [hand for hand in hands if not hand.exposed]
    assert all(ruleset.tiles_away_floor(hand) == ruleset.tiles_away(hand) for hand in concealed)
    assert checked > 150
    assert len(concealed) > 50
    assert far > checked // 3
    assert equal < checked


def test_the_loose_floor_is_below_the_floor_lane_by_lane() -> None:
    """The game loop's floor (jokers counted as filling singles and pairs too) is never above
    ``tiles_away_floor``, variant by variant, so never above the tiles away either; it is the
    floor itself on most hands near the card's lines and lower on some, where jokers stand in a
    pair's place (guide: jokers "can not be used for a single or a pair")."""
    ruleset = sample()
    table = ruleset._table
    rng = random.Random(29)
    hands = [near(rng, rng.choice([13, 14])) for _ in range(300)]
    lower = 0
    for hand in hands:
        loose = table.loose_lanes(hand.counts).to_bytes(table.size, "little")
        exact = table.concealed_lanes(hand.counts).to_bytes(table.size, "little")
        assert all(low <= high for low, high in zip(loose, exact, strict=True)), str(hand)
        floor = ruleset._loose_floor_of(hand)
        assert floor == min(loose)
        assert floor <= ruleset.tiles_away_floor(hand)
        lower += floor < ruleset.tiles_away_floor(hand)
    assert 0 < lower < len(hands) // 2


def test_tiles_away_of_a_hand_whose_exposures_fit_no_line_is_unreachable() -> None:
    """Ruling N4: an exposed kong of North winds fits no line of the tutorial card."""
    tutorial = mr.get_ruleset("nmjl", card=mr.sample_card("tutorial"))
    assert isinstance(tutorial, NmjlRuleset)
    hand = mr.Hand.parse("123B 456C 789D J [NNNN]")
    with pytest.raises(mr.UnreachableError):
        tutorial.tiles_away(hand)
    assert 0 <= tutorial.tiles_away_floor(hand) <= 14  # a bound all the same, no error
    assert tutorial.waits(mr.Hand.parse("123B 456C 789D [NNNN]")) == frozenset()


def test_the_needed_tiles_less_those_the_hands_jokers_fill_are_the_tiles_still_to_draw() -> None:
    """For every live line of a hand near the sample card, the tiles still needed, less those the
    hand's jokers fill (``jokers_used``: at most the hand's jokers, only in groups a joker may join),
    are its tiles away; the readable line says how many the jokers fill."""
    ruleset = sample()
    rng = random.Random(17)
    used = 0
    for _ in range(200):
        hand = near(rng, rng.choice([13, 14]))
        jokers = hand.concealed_counts[mr.Tile.JOKER.index]
        for found in ruleset.closest_lines(hand, limit=5):
            if found.live_tiles_away is None:
                continue
            assert found.jokers_used <= min(jokers, len(found.joker_fillable))
            assert len(found.needed) - found.jokers_used == found.live_tiles_away, (str(hand), found.line.label)
            assert ("the hand's jokers fill" in str(found)) == bool(found.jokers_used)
            used += found.jokers_used
    assert used > 0


def line_card(*patterns: str) -> NmjlRuleset:
    lines = ", ".join(f'{{ hand = "{pattern}", value = 25 }}' for pattern in patterns)
    card = mr.parse_card(f'format = 2\nname = "Pins"\n[[section]]\nname = "Pins"\nlines = [ {lines} ]\n')
    ruleset = mr.get_ruleset("nmjl", card=card)
    assert isinstance(ruleset, NmjlRuleset)
    return ruleset


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("6B 6B 6B F F [5B 5B J] [J J J] [J J J]", id="two-sets-of-jokers-alone"),
        pytest.param("6B 6B 6B F F 2C 2C 2C [5B 5B J] [J J J]", id="one-set-of-jokers-alone"),
    ],
)
def test_an_exposure_with_a_joker_never_takes_a_group_that_bans_jokers(hand: str) -> None:
    """Format: '``!`` at the end of a group: no jokers in this group'; ruling N4: each exposed set is
    one whole group. An exposed ``[5B 5B J]`` cannot be the ``555x!`` group, on either path of the
    ranking: the bit-parallel one, and the variant-by-variant one (its ``fittings`` place the sets for
    arrangements and the tiles a line needs); without the ``!`` it can."""
    banned = line_card("555x! 222y 444z 666x FF")
    allowed = line_card("555x 222y 444z 666x FF")
    parsed = mr.Hand.parse(hand)
    table = compiled(banned.card)
    fast = table.exposed_aways(parsed.concealed_counts, parsed.exposed)
    assert fast is not None
    assert set(_exposed_aways(table, parsed)) == {255}
    assert set(fast) == {255}
    assert banned.closest_lines(parsed)[0].tiles_away is None
    assert allowed.closest_lines(parsed)[0].tiles_away == 0


@pytest.mark.parametrize(("jokers_seen", "dead"), [(7, False), (8, True)])
def test_the_last_unseen_joker_keeps_a_line_live(jokers_seen: int, dead: bool) -> None:
    """A line is dead when 'a tile it needs has no copy left unseen (with the jokers that could
    stand in)': ``NNNN EEEE SSSS WW`` held as ``NNN EEEE SSSS WW`` with the fourth North seen needs
    a joker; with 7 of the 8 jokers seen one is left to draw, with all 8 none is."""
    ruleset = line_card("NNNN EEEE SSSS WW")
    (distance,) = ruleset.closest_lines("NNN EEEE SSSS WW", seen=["N"] + ["J"] * jokers_seen)
    assert distance.tiles_away == 1
    assert distance.dead is dead
    assert distance.live_tiles_away == (None if dead else 1)
