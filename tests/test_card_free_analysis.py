"""Card-Free analysis: tiles away, waits and discard options, checked against references.

The reference of tiles away is the enumeration of every valid hand as a concrete target
(:mod:`mahjong_rules.rulesets.card_free.targets`), scanned bit-parallel (:class:`TargetScan`),
itself checked against the plain brute force over targets on a few hands. ``evaluate`` is the
independent check of distance 0, and brute force over exchanges checks the rest.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence

import pytest

import mahjong_rules as mr
from mahjong_rules.rulesets.card_free import CardFreeOptions, CardFreeRuleset, distance
from mahjong_rules.rulesets.card_free.distance import CardFreeDistance
from mahjong_rules.rulesets.card_free.targets import Target, TargetScan, reference_away, targets
from tests.away_floors import check_floors

DEFAULT = CardFreeOptions()
REDUCED = CardFreeOptions(reduced_tiles=True)
FLOWER = mr.Tile.FLOWER
JOKER = mr.Tile.JOKER
NEWS = tuple(mr.Tile.parse(wind) for wind in "NEWS")


# -- seeded hands (also used by benchmarks/card_free_speed.py) -----------------------------------------


def wall(options: CardFreeOptions) -> list[mr.Tile]:
    """Every tile of the game, each copy once."""
    return [tile for tile in options.tileset.tiles for _ in range(options.tileset.count(tile))]


def _take(pool: list[mr.Tile], tiles: Sequence[mr.Tile]) -> bool:
    """Remove ``tiles`` from ``pool``; ``False`` (pool unchanged) when it lacks one."""
    removed: list[mr.Tile] = []
    for tile in tiles:
        if tile not in pool:
            pool.extend(removed)
            return False
        pool.remove(tile)
        removed.append(tile)
    return True


def _random_exposure(rng: random.Random, pool: list[mr.Tile]) -> mr.Meld | None:
    size = rng.choice([3, 3, 4, 4, 5])
    if rng.random() < 0.15:
        tiles = [JOKER] * size
    else:
        tile = rng.choice(mr.Tile.all()[:34])
        jokers = rng.randint(max(size - 4, 0), size - 1) if rng.random() < 0.5 else max(size - 4, 0)
        tiles = [tile] * (size - jokers) + [JOKER] * jokers
    return mr.Meld(tiles) if _take(pool, tiles) else None


def random_hand(
    rng: random.Random, options: CardFreeOptions = DEFAULT, size: int | None = None, exposures: float = 0.3
) -> mr.Hand:
    """Random tiles of the whole game (jokers and flowers included), 13 or 14 of them (or
    ``size``), with one or two random exposed blocks of 3 to 5 tiles with probability
    ``exposures``."""
    size = size or rng.choice([13, 14])
    pool = wall(options)
    melds = []
    if rng.random() < exposures:
        for _ in range(rng.choice([1, 1, 2])):
            meld = _random_exposure(rng, pool)
            if meld is not None:
                melds.append(meld)
    exposed = sum(meld.size for meld in melds)
    return mr.Hand(rng.sample(pool, size - exposed), melds)


def _block_tiles(rng: random.Random, index: int, size: int, jokers: float) -> list[list[mr.Tile]]:
    """One block of a target as tiles (six flowers: two Pungs), with some jokers where allowed."""
    if index < 0:
        return [list(NEWS)]
    tile = mr.Tile.from_index(index)
    sizes = [3, 3] if size == 6 else [size]
    blocks = []
    for part in sizes:
        wild = 0
        if part >= 3:
            wild = max(part - 4, 0)
            while wild < part and rng.random() < jokers:
                wild += 1
        blocks.append([tile] * (part - wild) + [JOKER] * wild)
    return blocks


def near_hand(
    rng: random.Random,
    options: CardFreeOptions = DEFAULT,
    size: int | None = None,
    changes: Sequence[int] = (0, 1, 1, 2, 3),
    choose: Callable[[random.Random], Target] | None = None,
    jokers: float = 0.2,
    exposures: float = 0.35,
) -> mr.Hand:
    """A valid hand (a random target, or ``choose``'s, realised with some jokers), maybe with
    exposed blocks (some of jokers only), with a few concealed tiles changed at random; 13 or 14
    tiles (or ``size``)."""
    size = size or rng.choice([13, 14])
    while True:
        target = choose(rng) if choose else rng.choice(targets())
        blocks = [block for index, block_size in target for block in _block_tiles(rng, index, block_size, jokers)]
        pool = wall(options)
        if not _take(pool, [tile for block in blocks for tile in block]):
            continue
        melds = []
        concealed: list[mr.Tile] = []
        for block in blocks:
            identical = len({tile for tile in block if not tile.is_joker}) <= 1
            if len(block) >= 3 and identical and FLOWER not in block and rng.random() < exposures:
                if rng.random() < 0.2 and _take(pool, [JOKER] * (len(block) - block.count(JOKER))):
                    pool.extend(tile for tile in block if not tile.is_joker)
                    block = [JOKER] * len(block)
                melds.append(mr.Meld(block))
            else:
                concealed += block
        if not concealed:
            continue
        for _ in range(rng.choice(changes)):
            position = rng.randrange(len(concealed))
            pool.append(concealed[position])
            concealed[position] = pool.pop(rng.randrange(len(pool)))
        while len(concealed) + sum(meld.size for meld in melds) > size:
            pool.append(concealed.pop(rng.randrange(len(concealed))))
        if concealed:
            return mr.Hand(concealed, melds)


def _kind_of(predicate: Callable[[Target], bool]) -> Callable[[random.Random], Target]:
    chosen = [target for target in targets() if predicate(target)]
    return lambda rng: rng.choice(chosen)


def winds_target(target: Target) -> bool:
    """A Winds hand or a hand with the NEWS block."""
    return any(27 < index < 34 or index < 0 for index, _ in target)


def dragon_target(target: Target) -> bool:
    """A hand of two dragon blocks or more (Dragon hands included)."""
    return sum(27 <= index < 30 for index, _ in target) >= 2


# -- tiles away against the reference -----------------------------------------------------------------


Scans = Callable[[CardFreeOptions], TargetScan]


@pytest.fixture(scope="module")
def scans() -> Iterator[Scans]:
    """The reference scan of each options, built on first use and dropped after this module
    (tens of MB each)."""
    built: dict[CardFreeOptions, TargetScan] = {}

    def scan(options: CardFreeOptions) -> TargetScan:
        if options not in built:
            built[options] = TargetScan(options)
        return built[options]

    yield scan
    built.clear()


@functools.cache
def _distance(options: CardFreeOptions) -> CardFreeDistance:
    return CardFreeDistance(options)


def _check(hands: Sequence[mr.Hand], options: CardFreeOptions, scans: Scans) -> None:
    distance, scan = _distance(options), scans(options)
    wrong = [(str(hand), distance.away(hand), scan.away(hand)) for hand in hands]
    wrong = [case for case in wrong if case[1] != case[2]]
    assert not wrong, wrong[:5]


def _hands(seed: int, count: int, make: Callable[[random.Random], mr.Hand]) -> list[mr.Hand]:
    rng = random.Random(seed)
    return [make(rng) for _ in range(count)]


@pytest.mark.parametrize("options", [DEFAULT, REDUCED], ids=["default", "reduced"])
def test_random_hands_match_the_reference(options: CardFreeOptions, scans: Scans) -> None:
    _check(_hands(1, 250, lambda rng: random_hand(rng, options, exposures=0.0)), options, scans)


@pytest.mark.parametrize("options", [DEFAULT, REDUCED], ids=["default", "reduced"])
def test_near_winning_hands_match_the_reference(options: CardFreeOptions, scans: Scans) -> None:
    _check(_hands(2, 300, lambda rng: near_hand(rng, options, exposures=0.0)), options, scans)


@pytest.mark.parametrize("options", [DEFAULT, REDUCED], ids=["default", "reduced"])
def test_hands_with_exposures_match_the_reference(options: CardFreeOptions, scans: Scans) -> None:
    hands = _hands(3, 150, lambda rng: near_hand(rng, options, exposures=0.5, jokers=0.1))
    hands += _hands(4, 40, lambda rng: random_hand(rng, options, exposures=1.0))
    _check([hand for hand in hands if hand.melds], options, scans)


def test_many_jokers_and_flowers_match_the_reference(scans: Scans) -> None:
    def jokers(rng: random.Random) -> mr.Hand:
        hand = near_hand(rng, jokers=0.6, exposures=0.0)
        return hand if len(hand) == 14 or rng.random() < 0.5 else random_hand(rng, exposures=0.0)

    def flowers(rng: random.Random) -> mr.Hand:
        count = rng.randint(2, 8)
        pool = [tile for tile in wall(DEFAULT) if tile is not FLOWER]
        return mr.Hand([FLOWER] * count + rng.sample(pool, rng.choice([13, 14]) - count))

    _check(_hands(5, 150, jokers) + _hands(6, 100, flowers), DEFAULT, scans)


@pytest.mark.parametrize("options", [DEFAULT, REDUCED], ids=["default", "reduced"])
def test_winds_and_dragon_hands_match_the_reference(options: CardFreeOptions, scans: Scans) -> None:
    winds, dragons = _kind_of(winds_target), _kind_of(dragon_target)
    hands = _hands(7, 110, lambda rng: near_hand(rng, options, choose=winds, exposures=0.3))
    hands += _hands(8, 110, lambda rng: near_hand(rng, options, choose=dragons, exposures=0.3))
    _check(hands, options, scans)


@pytest.mark.parametrize(
    ("text", "options"),
    [
        ("5B 5B 6C 6C 7D F F [JJJ] [GD GD GD J]", DEFAULT),
        ("E E N N S F F [WWWW] [J J J]", DEFAULT),
        ("1B 5B 4C 5D F F F [22B J] [333C]", REDUCED),
        ("E S W N 4C 5C [3333B J] [JJJJJ]", DEFAULT),
        ("RD RD F F F J [GD GD GD GD] [JJJ]", REDUCED),
    ],
)
def test_the_scan_matches_brute_force_over_the_targets(text: str, options: CardFreeOptions, scans: Scans) -> None:
    """The bit-parallel reference against the plain one (a natural exposed block keeps the brute
    force to the targets holding it: a fraction of a second a hand)."""
    hand = mr.Hand.parse(text)
    assert scans(options).away(hand) == reference_away(hand, options)


# -- known cases ------------------------------------------------------------------------------------------

CARD_FREE = CardFreeRuleset(DEFAULT)


@pytest.mark.parametrize(
    ("text", "away"),
    [
        ("777B 888B 9999B RD RD RD RD", 0),  # Consecutive Run 789 + Red dragon, 2 Pungs 2 Kongs
        ("777B 888B 9999B RD RD RD", 1),
        ("GD GD RD RD WD WD E E S S W W N N", 0),  # Dragon's Breath
        ("GD GD RD RD WD WD E E S S W W N J", 1),  # no joker in Dragon's Breath (ruling C8)
        ("GD GD GD GD RD RD RD RD F F F F F F", 0),  # Dragon's Love
        ("111B 111C 1111D GD GD GD GD", 0),  # Like Numbers 1 + Green dragon
        ("111B 111C 1111D GD GD GD 5B", 1),
        ("111B 111C 1111D GD GD GD", 1),
    ],
)
def test_known_hands(text: str, away: int) -> None:
    assert CARD_FREE.tiles_away(text) == away


@pytest.mark.parametrize(
    "text",
    [
        "1B 2B 3B 4B 5B 6B 7B 8B [EEE] [555C]",  # no category has numbers and winds (ruling C1)
        "1B 2B 3B 4B 5B 6B 7B 8B [555C] [5C J J]",  # one block per number
        "1B 2B 3B 4B 5B 6B 7B 8B [RD RD RD] [RD J J]",  # one block of each Dragon
    ],
)
def test_exposures_that_rule_out_every_hand_are_unreachable(text: str, scans: Scans) -> None:
    with pytest.raises(mr.UnreachableError):
        CARD_FREE.tiles_away(text)
    assert scans(DEFAULT).away(mr.Hand.parse(text)) is None


def test_dragons_love_needs_jokers_for_flowers_in_the_reduced_game() -> None:
    # Four flowers only (house rule 2): the six flowers of Dragon's Love need two jokers (ruling C12).
    hand = "GD GD GD GD F F F F J J [RD RD RD RD]"
    assert CardFreeRuleset(REDUCED).tiles_away(hand) == 0
    assert CardFreeRuleset(REDUCED).tiles_away(hand.replace("J J", "WD WD")) == 2


# -- the exchange property --------------------------------------------------------------------------------


def _exchanges(hand: mr.Hand, options: CardFreeOptions) -> list[mr.Hand]:
    tileset = options.tileset
    found = []
    for out in sorted(set(hand.concealed)):
        rest = hand.discard(out)
        for tile in tileset.tiles:
            if rest.count(tile) < tileset.count(tile):
                found.append(rest.draw(tile))
    return found


@pytest.mark.parametrize("seed", range(8))
def test_zero_means_winning_and_an_exchange_moves_one_step(seed: int) -> None:
    rng = random.Random(100 + seed)
    options = REDUCED if seed % 4 == 3 else DEFAULT
    ruleset = CardFreeRuleset(options)
    distance = _distance(options)
    if seed % 2:
        hand = near_hand(rng, options, size=14, exposures=0.3)
    else:
        hand = random_hand(rng, options, size=14, exposures=0.0)
    away = distance.away(hand)
    assert away is not None
    assert (away == 0) == ruleset.evaluate(hand).is_winning, str(hand)
    after = [distance.away(other) for other in _exchanges(hand, options)]
    assert all(value is not None and value >= away - 1 for value in after), str(hand)
    if away > 0:
        assert away - 1 in after, str(hand)


def test_distance_zero_is_exactly_evaluate_on_near_winning_hands() -> None:
    rng = random.Random(11)
    for _ in range(60):
        options = REDUCED if rng.random() < 0.3 else DEFAULT
        hand = near_hand(rng, options, size=14, changes=(0, 0, 1), exposures=0.3)
        ruleset = CardFreeRuleset(options)
        assert (_distance(options).away(hand) == 0) == ruleset.evaluate(hand).is_winning, str(hand)


# -- waits and discard options against brute force --------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_waits_match_brute_force(seed: int) -> None:
    rng = random.Random(200 + seed)
    hand = near_hand(rng, size=13, changes=(0, 0, 1), exposures=0.3)
    tileset = DEFAULT.tileset
    expected = frozenset(
        tile
        for tile in tileset.tiles
        if hand.count(tile) < tileset.count(tile) and CARD_FREE.evaluate(hand.draw(tile)).is_winning
    )
    assert CARD_FREE.waits(hand) == expected, str(hand)


@pytest.mark.parametrize("seed", range(2))
def test_discard_options_match_brute_force(seed: int, scans: Scans) -> None:
    rng = random.Random(300 + seed)
    hand = near_hand(rng, size=14, changes=(1, 2), exposures=0.0)
    tileset = DEFAULT.tileset
    scan = scans(DEFAULT)
    expected = []
    for discard in sorted(set(hand.concealed)):
        rest = hand.discard(discard)
        away = scan.away(rest)
        assert away is not None
        helpful = frozenset(
            tile
            for tile in tileset.tiles
            if rest.count(tile) + (tile is discard) < tileset.count(tile)
            and (after := scan.away(rest.draw(tile))) is not None
            and after < away
        )
        unseen = sum(tileset.count(tile) - hand.count(tile) for tile in helpful)
        expected.append((away, -unseen, discard, helpful))
    expected.sort(key=lambda option: option[:3])
    found = [
        (option.tiles_away, -option.helpful_unseen, option.discard, option.helpful)
        for option in CARD_FREE.discard_options(hand)
    ]
    assert found == expected, str(hand)


@pytest.mark.parametrize("options", [DEFAULT, REDUCED], ids=["default", "reduced"])
def test_a_limited_search_finds_exactly_the_hands_closer_than_its_limit(options: CardFreeOptions) -> None:
    """``away(hand, limit)`` (what ``waits`` and ``discard_options`` ask) is the exact distance
    when it is below the limit and ``None`` otherwise, on random and near-winning hands with and
    without exposures."""
    distance = _distance(options)
    rng = random.Random(31)
    hands = [random_hand(rng, options) for _ in range(150)] + [near_hand(rng, options) for _ in range(150)]
    for hand in hands:
        exact = distance.away(hand)
        for limit in (1, 2, 3, 5):
            expected = exact if exact is not None and exact < limit else None
            assert distance.away(hand, limit=limit) == expected, (str(hand), limit, exact)


def test_costs_shared_between_hands_never_change_an_answer() -> None:
    """The costs of sets beside the blocks a hand reads are shared by every hand reading the same
    blocks beside the same kind of exposures (their sizes, blocks of jokers, and the Quints the
    jokers left allow). Hands alike in everything but one of these, asked one after another, get
    the answers each gets alone (the shared costs forgotten before it)."""
    rng = random.Random(4)
    pool = [tile for tile in wall(DEFAULT) if str(tile) not in ("3B", "7C", "RD", "J")]
    alike_but_exposures: list[tuple[CardFreeOptions, list[list[str]], list[Sequence[mr.Tile]]]] = [
        (
            DEFAULT,
            [
                ["3B 3B 3B", "7C 7C 7C 7C J"],  # 8 exposed tiles in blocks of 3 and 5
                ["3B 3B 3B 3B", "7C 7C 7C J"],  # 8 in blocks of 4 and 4
                ["3B J J", "7C 7C 7C J J"],  # blocks of 3 and 5 with more jokers
                ["J J J", "7C 7C 7C 7C J"],  # a block of jokers alone
                ["RD RD RD", "7C 7C 7C 7C J"],  # a dragon
            ],
            [rng.sample(pool, 6) for _ in range(12)],
        ),
        (  # four jokers: one or two exposed leave two Quints possible, three one, four none
            REDUCED,
            [["5B 5B 5B 5B J"], ["5B 5B 5B J J"], ["5B 5B J J J"], ["5B J J J J"]],
            [
                mr.Hand.parse(text).concealed
                for text in ("6B 6B 6B 6B 7B 7B 7B 7B 8B", "6B 6B 6B 7B 7B 7B 8B 8B 8B", "1D 1D 1D 1D 2D 2D 2D 3D 3D")
            ],
        ),
    ]
    checked = 0
    for options, exposures, concealed_tiles in alike_but_exposures:
        ruleset = mr.get_ruleset("card-free", reduced_tiles=options.reduced_tiles)
        assert isinstance(ruleset, CardFreeRuleset)
        for concealed in concealed_tiles:
            hands = [mr.Hand(concealed, [mr.Meld.parse(f"[{meld}]") for meld in melds]) for melds in exposures]
            together = [ruleset.discard_options(hand) for hand in hands]
            alone = []
            for hand in hands:
                distance._shared_beside.clear()
                alone.append(ruleset.discard_options(hand))
            assert together == alone, [str(hand) for hand in hands]
            checked += sum(1 for found in alone if found)
    assert checked >= 60  # most of these hands have discards to compare


def test_draws_of_tiles_beside_are_grouped_by_the_change_they_make() -> None:
    """After a discard, the draws of the tiles the blocks beside a set read (flowers, jokers,
    winds, dragons) are grouped by what the blocks then read, worked out from the counts: the
    same groups as changing the hand tile by tile (:meth:`_Beside.change`)."""
    rng = random.Random(8)
    compared = 0
    for _ in range(150):
        hand = random_hand(rng, size=14, exposures=0.5)
        if not all(distance._fits_fast_path(meld) for meld in hand.melds):
            continue
        exposed = distance._Exposed(hand.melds)
        beside = distance._Beside(_distance(DEFAULT), hand.concealed_counts, exposed)
        for removed in [-1, *(kind for kind, count in enumerate(hand.concealed_counts) if count)]:
            expected: dict[object, int] = {}
            for tile in range(distance.JOKER + 1):
                if beside.kinds >> tile & 1:
                    blocks = beside.change(removed, tile)
                    expected[blocks] = expected.get(blocks, 0) | 1 << tile
            assert dict(beside.draws(removed)) == expected, (str(hand), removed)
            compared += 1
    assert compared > 1000


def test_shared_costs_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared costs are forgotten all at once past their limit (here 40, in use about 25 MB),
    and the answers stay those of hands asked alone."""
    monkeypatch.setattr(distance._SharedBeside, "LIMIT", 40)
    distance._shared_beside.clear()
    rng = random.Random(12)
    hands = [near_hand(rng, size=14, changes=(1, 2, 3), exposures=0.4) for _ in range(15)]
    together = [CARD_FREE.discard_options(hand) for hand in hands]
    assert distance._shared_beside.size <= 40
    alone = []
    for hand in hands:
        distance._shared_beside.clear()
        alone.append(CARD_FREE.discard_options(hand))
    assert together == alone


# -- the quick lower bound ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "floor"),
    [
        # 13 lone tiles, no wind: 14 slots, at least 7 missing (a lone tile kept needs a partner).
        ("1B 3B 5B 7B 9B 2C 4C 6C 8C 1D 3D 5D 7D", 7),
        # Four winds in a NEWS block: 10 slots left to 9 lone tiles, at least 5 missing.
        ("N E W S 1B 3B 5B 7B 9B 2C 4C 6C 8C", 5),
        # Two winds: the NEWS block misses 2, then 10 slots to 11 lone tiles miss 5; without
        # it, 14 slots to 13 lone tiles miss 7. Two jokers fill two.
        ("N E 1B 3B 5B 7B 9B 2C 4C 6C 8C JJ", 5),
    ],
)
def test_tiles_away_floor_by_hand(text: str, floor: int) -> None:
    """The bound worked out by hand, each at or under the hand's tiles away."""
    ruleset = CardFreeRuleset(DEFAULT)
    hand = mr.Hand.parse(text)
    assert ruleset.tiles_away_floor(hand) == floor
    assert floor <= ruleset.tiles_away(hand)


@pytest.mark.parametrize("options", [DEFAULT, REDUCED], ids=["default", "reduced"])
def test_tiles_away_floor_is_a_lower_bound(options: CardFreeOptions) -> None:
    """``tiles_away_floor`` never exceeds ``tiles_away``: on random hands with exposed blocks, and
    on hands near Winds and NEWS hands, Dragon hands and any valid hand (jokers, exposed blocks of
    jokers alone). It is no stub: it rules most far hands out (2 or more) and equals the tiles
    away on some."""
    ruleset = CardFreeRuleset(options)
    winds, dragons = _kind_of(winds_target), _kind_of(dragon_target)
    makers: list[Callable[[random.Random], mr.Hand]] = [
        lambda rng: random_hand(rng, options),
        lambda rng: near_hand(rng, options),
        lambda rng: near_hand(rng, options, choose=winds, jokers=0.4),
        lambda rng: near_hand(rng, options, choose=dragons),
    ]
    hands = [hand for number, make in enumerate(makers) for hand in _hands(40 + number, 60, make)]
    checked, equal, far = check_floors(ruleset, hands)
    assert checked > 150
    assert far > checked // 3
    assert equal > checked // 20
