"""An independent, deliberately slow reference for American mah jongg played from a card (``nmjl``).

It is written from ``docs/card_format.rst`` (the card format), ``rules/american-nmjl-guide.txt`` and
``RULINGS.md`` (T1-T5, N1-N5) only. It does not use ``mahjong_rules.rulesets`` or the solver: from
the library it takes only the :class:`~mahjong_rules.Tile` and :class:`~mahjong_rules.Hand` value
types (and their notation).

The method is brute force, for clarity rather than speed:

1. :func:`expand_line` lists every concrete target of a line: every choice among ``|``
   alternatives, every assignment of distinct suits to the suit variables, every assignment of
   distinct winds to the ``?`` groups and every move of the numbers allowed by ``numbers``. A target
   is a list of groups, each ``(tile indexes, jokers allowed)``.
2. :func:`reference_away` fits a hand to one target: every exposed meld must be exactly one whole
   group of 3 or more like tiles (ruling N4, :func:`meld_fits`), every way of giving the melds
   distinct groups is tried; the concealed tiles
   then go into the other groups' slots by a maximum bipartite matching (a natural tile fits a slot
   of its own kind, a joker any slot of a group that allows jokers, ruling N2). The tiles away are
   the slots left empty.
3. :func:`reference_line_away` is the minimum over a line's targets; :func:`reference_points` and
   :func:`reference_hand_points` apply ruling N5.

The module also holds the seeded generators of random lines and near-winning hands used by
``tests/test_nmjl_reference.py``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import mahjong_rules as mr

__all__ = [
    "JOKER",
    "Group",
    "Numbers",
    "RefLine",
    "Target",
    "expand_line",
    "is_makeable",
    "is_singles_and_pairs",
    "random_hand_near",
    "random_line",
    "reference_away",
    "reference_hand_points",
    "reference_line_away",
    "reference_points",
    "tile_limit",
]

Group = tuple[tuple[int, ...], bool]
"""A concrete group: its tile indexes (sorted) and whether jokers may stand in it."""
Target = list[Group]
"""A concrete hand of a line: its groups."""
Numbers = str | list[int] | None

# -- the tiles, as Tile.index values ---------------------------------------------------------------

# Suits in the order of the tile indexes: Bams 0..8, Craks 9..17, Dots 18..26.
SUITS = ("B", "C", "D")
# Ruling T1: Green dragon with Bams, Red with Craks, White (Soap) with Dots.
DRAGON_OF_SUIT = {"B": 27, "C": 28, "D": 29}
SOAP = 29  # ruling N3: a 0 is the White dragon, whatever the suit
WINDS = {"E": 30, "S": 31, "W": 32, "N": 33}
FLOWER = 34
JOKER = 47
FLOWER_INDEXES = frozenset(range(34, 43))  # any flower tile counts as "F" in an American hand
VARIABLES = "xyz"


def number_tile(suit: str, number: int) -> int:
    """The index of a number tile: ``number_tile("C", 4)`` is 4 Crak."""
    return SUITS.index(suit) * 9 + number - 1


def tile_limit(index: int) -> int:
    """How many of a tile the game has: 8 flowers, 8 jokers, 4 of every other tile."""
    return 8 if index in (FLOWER, JOKER) else 4


def natural(index: int) -> int:
    """A tile's kind for matching: every flower is the same flower."""
    return FLOWER if index in FLOWER_INDEXES else index


# -- reading a pattern -----------------------------------------------------------------------------

# One written tile of a group: ("n", number, variable), ("D", 0, variable), ("0",), ("F",),
# ("w", wind letter), ("?",).
Item = tuple[str, int, str]


@dataclass(frozen=True)
class WrittenGroup:
    items: tuple[Item, ...]
    no_jokers: bool  # written with "!"


def parse_group(text: str) -> WrittenGroup:
    """Read one alternative of a group, such as ``2026x``, ``DDDx!`` or ``1x1y1z``."""
    no_jokers = text.endswith("!")
    body = text[:-1] if no_jokers else text
    if not body or "!" in body:
        raise ValueError(f"bad group {text!r}")
    items: list[Item] = []
    pending: list[int] = []  # positions in items of numbers and dragons still waiting for a variable
    for char in body:
        if char in VARIABLES:
            if not pending:
                raise ValueError(f"variable {char!r} with nothing to give its suit to in {text!r}")
            for position in pending:
                kind, number, _ = items[position]
                items[position] = (kind, number, char)
            pending = []
        elif char in "123456789":
            pending.append(len(items))
            items.append(("n", int(char), ""))
        elif char == "D":
            pending.append(len(items))
            items.append(("D", 0, ""))
        elif char == "0":
            items.append(("0", 0, ""))
        elif char == "F":
            items.append(("F", 0, ""))
        elif char in "NEWS":
            items.append(("w", 0, char))
        elif char == "?":
            items.append(("?", 0, ""))
        else:
            raise ValueError(f"unknown character {char!r} in {text!r}")
    if pending:
        raise ValueError(f"a number or dragon with no suit variable in {text!r}")
    return WrittenGroup(tuple(items), no_jokers)


def parse_pattern(hand: str) -> list[list[WrittenGroup]]:
    """The pattern's groups, each a list of its alternatives (one unless written with ``|``)."""
    groups: list[list[WrittenGroup]] = []
    for token in hand.split():
        alternatives = [parse_group(part) for part in token.split("|")]
        if len({len(alt.items) for alt in alternatives}) != 1:
            raise ValueError(f"alternatives of different sizes in {token!r}")
        groups.append(alternatives)
    if sum(len(alts[0].items) for alts in groups) != 14:
        raise ValueError(f"pattern {hand!r} is not 14 tiles")
    return groups


def lowest_values(numbers: Numbers) -> list[int]:
    """The values the lowest written number may take, as ``numbers`` says (all of 1-9 for "any")."""
    if isinstance(numbers, list):
        return sorted(set(numbers))
    if numbers == "any":
        return list(range(1, 10))
    if numbers == "even":
        return [2, 4, 6, 8]
    if numbers == "odd":
        return [1, 3, 5, 7, 9]
    if isinstance(numbers, str) and "-" in numbers:
        low, high = numbers.split("-")
        return list(range(int(low), int(high) + 1))
    raise ValueError(f"bad numbers {numbers!r}")


def concrete_group(group: WrittenGroup, suits: dict[str, str], shift: int, wind: int | None) -> Group:
    """One written group made concrete; jokers only in identical groups of 3+ without "!" (N2)."""
    tiles: list[int] = []
    for kind, number, extra in group.items:
        if kind == "n":
            tiles.append(number_tile(suits[extra], number + shift))
        elif kind == "D":
            tiles.append(DRAGON_OF_SUIT[suits[extra]])
        elif kind == "0":
            tiles.append(SOAP)  # ruling N3: never moves, no suit
        elif kind == "F":
            tiles.append(FLOWER)
        elif kind == "w":
            tiles.append(WINDS[extra])
        else:  # "?"
            assert wind is not None
            tiles.append(wind)
    # "Identical" is judged on the concrete tiles (a group that reads as one tile repeated).
    identical = len(set(tiles)) == 1
    jokers = identical and len(tiles) >= 3 and not group.no_jokers
    return (tuple(sorted(tiles)), jokers)


def expand_line(hand: str, numbers: Numbers) -> list[Target]:
    """Every concrete target of a line, each once (targets compared as multisets of groups)."""
    groups = parse_pattern(hand)
    written_numbers = [number for alts in groups for alt in alts for kind, number, _ in alt.items if kind == "n"]
    shifts = [0]
    if numbers is not None and written_numbers:
        lowest, highest = min(written_numbers), max(written_numbers)
        # Every number moves by the same amount; a move that takes any written number out of 1-9
        # is skipped (the Soap never moves).
        shifts = [v - lowest for v in lowest_values(numbers) if 1 <= v - lowest + highest <= 9 and v >= 1]
    variables = sorted({extra for alts in groups for alt in alts for kind, _, extra in alt.items if kind in "nD"})
    seen: set[tuple[Group, ...]] = set()
    targets: list[Target] = []
    for choice in itertools.product(*groups):
        any_wind_groups = [i for i, group in enumerate(choice) if any(item[0] == "?" for item in group.items)]
        for suit_order in itertools.permutations(SUITS, len(variables)):
            suits = dict(zip(variables, suit_order, strict=True))
            for wind_order in itertools.permutations(sorted(WINDS.values()), len(any_wind_groups)):
                winds = dict(zip(any_wind_groups, wind_order, strict=True))
                for shift in shifts:
                    target = tuple(
                        sorted(concrete_group(group, suits, shift, winds.get(i)) for i, group in enumerate(choice))
                    )
                    if target not in seen:
                        seen.add(target)
                        targets.append(list(target))
    return sorted(targets)


def is_makeable(target: Sequence[Group]) -> bool:
    """Whether the game's tiles can make the target: natural tiles within the set's counts, the
    rest jokers in joker groups, at most 8 jokers."""
    needed: Counter[int] = Counter()
    natural_only: Counter[int] = Counter()
    for tiles, jokers in target:
        for tile in tiles:
            needed[tile] += 1
            if not jokers:
                natural_only[tile] += 1
    if any(count > tile_limit(tile) for tile, count in natural_only.items()):
        return False
    jokers_needed = sum(max(0, count - tile_limit(tile)) for tile, count in needed.items())
    return jokers_needed <= tile_limit(JOKER)


def is_singles_and_pairs(targets: Iterable[Sequence[Group]]) -> bool:
    """A Singles and Pairs line (ruling N5): "a line in which no joker can stand anywhere (only
    pairs, singles and ``!`` groups)" (docs/card_format.rst). A year or NEWS group is singles (guide:
    "Each tile is a single"), so ``NEWS 2026x 2026y FF`` is one; so is a line whose kongs are all
    written with "!"."""
    return not any(jokers for target in targets for _, jokers in target)


# -- fitting a hand to a target ----------------------------------------------------------------------


def meld_fits(meld: mr.Meld, group: Group) -> bool:
    """Ruling N4: an exposed set is exactly one whole group of the target.

    A set is exposed by calling a discard to complete "a grouping of 3 or more like tiles" (guide,
    Calling a Tile), so a pair, a single or a group of different tiles is never an exposed set: the
    tile called for Mahjong stays among the concealed tiles (docs/rulings.rst, N4 and T2; the
    reasons ``exposed-pair`` and "not a grouping of like tiles" of docs/nmjl.rst). A set holding a
    joker fits only a group in which jokers may stand (N2). A set of jokers alone stands for its
    ``=`` tile when it has one (docs/notation.rst), otherwise for any joker group of its size (no
    ruling says so for ``nmjl``; Flex's F18 reads it so).
    """
    tiles, jokers = group
    meld_tiles = [natural(tile.index) for tile in meld.tiles]
    if len(meld_tiles) != len(tiles) or len(meld_tiles) < 3 or len(set(tiles)) != 1:
        return False
    kinds = {tile for tile in meld_tiles if tile != JOKER}
    if meld.represents is not None:
        kinds.add(natural(meld.represents.index))
    if len(kinds) > 1 or (kinds and kinds != {tiles[0]}):
        return False
    return jokers or JOKER not in meld_tiles


def max_matching(tiles: Sequence[int], slots: Sequence[tuple[int, bool]]) -> int:
    """The most tiles placed in distinct slots; a slot is (its tile, jokers allowed)."""

    def fits(tile: int, slot: tuple[int, bool]) -> bool:
        return tile == slot[0] or (tile == JOKER and slot[1])

    slot_owner: list[int | None] = [None] * len(slots)

    def augment(tile_position: int, visited: list[bool]) -> bool:
        for s, slot in enumerate(slots):
            if visited[s] or not fits(tiles[tile_position], slot):
                continue
            visited[s] = True
            owner = slot_owner[s]
            if owner is None or augment(owner, visited):
                slot_owner[s] = tile_position
                return True
        return False

    return sum(1 for t in range(len(tiles)) if augment(t, [False] * len(slots)))


def reference_away(hand: mr.Hand, target: Sequence[Group]) -> int | None:
    """The target's empty slots once the hand is placed in it, or None when the exposed melds
    cannot each be one whole group of the target."""
    melds = list(hand.exposed)
    concealed = [natural(tile.index) for tile in hand.concealed]
    best: int | None = None
    for chosen in itertools.permutations(range(len(target)), len(melds)):
        if not all(meld_fits(meld, target[g]) for meld, g in zip(melds, chosen, strict=True)):
            continue
        slots = [(tile, jokers) for g, (tiles, jokers) in enumerate(target) if g not in chosen for tile in tiles]
        away = len(slots) - max_matching(concealed, slots)
        best = away if best is None else min(best, away)
    return best


def reference_line_away(hand: mr.Hand, hand_pattern: str, numbers: Numbers, concealed: bool) -> int | None:
    """The line's tiles away: the best of its makeable targets; None when no target takes the
    hand's exposures, and always for a concealed line with an exposure (ruling N4)."""
    if concealed and hand.exposed:
        return None
    aways = [reference_away(hand, target) for target in expand_line(hand_pattern, numbers) if is_makeable(target)]
    found = [away for away in aways if away is not None]
    return min(found) if found else None


def hand_has_joker(hand: mr.Hand) -> bool:
    return any(tile.index == JOKER for tile in hand.concealed) or any(meld.joker_count for meld in hand.exposed)


def reference_points(hand: mr.Hand, line_value: int, line_targets_are_all_small: bool) -> int:
    """Ruling N5: a winning hand is worth the line's value, doubled when it holds no joker at all,
    except on a singles-and-pairs line (no group of 3 tiles or more)."""
    if not hand_has_joker(hand) and not line_targets_are_all_small:
        return 2 * line_value
    return line_value


@dataclass(frozen=True)
class RefLine:
    hand: str
    numbers: Numbers
    value: int
    concealed: bool


def reference_hand_points(hand: mr.Hand, lines: Sequence[RefLine]) -> int | None:
    """The hand's worth: its best winning line's points (N5, T3), or None when no line is won."""
    if len(hand.concealed) + sum(meld.size for meld in hand.exposed) != 14:
        return None
    points = [
        reference_points(hand, line.value, is_singles_and_pairs(expand_line(line.hand, line.numbers)))
        for line in lines
        if reference_line_away(hand, line.hand, line.numbers, line.concealed) == 0
    ]
    return max(points) if points else None


# -- random lines and hands ------------------------------------------------------------------------

WIND_LETTERS = "NEWS"


def _identical_group(rng: random.Random, size: int, variable: str, digit: int, use_any_wind: bool) -> str:
    kinds = ["number", "number", "number", "dragon", "soap", "flower", "wind"]
    if use_any_wind:
        kinds.append("any wind")
    kind = rng.choice(kinds)
    if kind == "number":
        return str(digit) * size + variable
    if kind == "dragon":
        return "D" * size + variable
    if kind == "soap":
        return "0" * min(size, 4)
    if kind == "flower":
        return "F" * size
    if kind == "wind":
        return rng.choice(WIND_LETTERS) * size
    return "?" * size


def _singles_group(rng: random.Random, size: int, variable: str) -> str | None:
    options: list[str] = []
    if size == 4:
        options += ["NEWS", rng.choice(["2026", "2024", "2025", "1029"]) + variable]
    if 2 <= size <= 4:
        options.append("".join(rng.sample(WIND_LETTERS, size)))
    if 2 <= size <= 3:
        digit = rng.randint(1, 9)
        options.append("".join(f"{digit}{v}" for v in VARIABLES[:size]))
    if 2 <= size <= 5:
        start = rng.randint(1, 10 - size)
        options.append("".join(str(start + i) for i in range(size)) + variable)
    if size == 2:
        options.append("F" + rng.choice(WIND_LETTERS))
    return rng.choice(options) if options else None


def _sizes(rng: random.Random) -> list[int]:
    while True:
        sizes: list[int] = []
        while sum(sizes) < 14:
            sizes.append(rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5]))
        if sum(sizes) == 14 and len(sizes) <= 8:
            return sizes


def _one_group(rng: random.Random, size: int, use_any_wind: bool) -> str:
    variable = rng.choice(VARIABLES)
    if rng.random() < 0.2:
        singles = _singles_group(rng, size, variable)
        if singles is not None:
            return singles
    digit = rng.randint(1, 9)
    text = _identical_group(rng, size, variable, digit, use_any_wind)
    if len(text.rstrip(VARIABLES)) != size:  # a Soap group is at most 4: try again
        return _one_group(rng, size, use_any_wind)
    return text


def _candidate_line(rng: random.Random) -> tuple[str, Numbers]:
    sizes = _sizes(rng)
    groups = [_one_group(rng, size, use_any_wind=True) for size in sizes]
    groups = [g + "!" if rng.random() < 0.1 else g for g in groups]
    use_alternative = rng.random() < 0.2
    if use_alternative:
        # "|" between two groups of the same size; never with "?" or with moving numbers (how a
        # move that takes one alternative out of 1-9 is treated is not pinned by the format).
        position = rng.randrange(len(groups))
        if "?" not in groups[position]:
            other = _one_group(rng, sizes[position], use_any_wind=False)
            groups[position] = groups[position] + "|" + other
    numbers: Numbers = None
    if not use_alternative and any(c in "123456789" for g in groups for c in g) and rng.random() < 0.4:
        choices: list[Numbers] = ["any", "even", "odd", "2-5", [2, 5], [1, 4, 7]]
        numbers = rng.choice(choices)
        if isinstance(numbers, list):
            numbers = list(numbers)
    rng.shuffle(groups)
    return " ".join(groups), numbers


def random_line(rng: random.Random, max_targets: int = 200) -> tuple[str, Numbers]:
    """A valid invented line of 14 tiles: every target makeable, at most ``max_targets`` targets,
    and each number of a ``numbers`` list giving a target (docs/card_format.rst: a line is refused
    when "a value listed in ``numbers``" never gives a hand)."""
    while True:
        pattern, numbers = _candidate_line(rng)
        targets = expand_line(pattern, numbers)
        if not targets or len(targets) > max_targets or not all(is_makeable(t) for t in targets):
            continue
        if isinstance(numbers, list) and not all(expand_line(pattern, [value]) for value in numbers):
            continue
        return pattern, numbers


def _tile_text(index: int) -> str:
    return str(mr.Tile.from_index(index))


def random_hand_near(rng: random.Random, targets: Sequence[Sequence[Group]], max_exposures: int = 1) -> mr.Hand:
    """A 13- or 14-tile hand built from a random (makeable) target, with 0-3 tiles changed at
    random, sometimes jokers in joker groups, sometimes groups of 3+ like tiles exposed (up to
    ``max_exposures``, each with a natural tile); never more of a tile than the game has."""
    target = rng.choice([t for t in targets if is_makeable(t)])
    groups: list[list[int]] = [list(tiles) for tiles, _ in target]
    joker_groups = [g for g, (_, jokers) in enumerate(target) if jokers]
    # Jokers for the tiles the set lacks, then some more at random in joker groups.
    counts: Counter[int] = Counter(tile for group in groups for tile in group)
    for g in joker_groups:
        for position, tile in enumerate(groups[g]):
            if counts[tile] > tile_limit(tile):
                counts[tile] -= 1
                groups[g][position] = JOKER
    joker_rate = rng.choice([0.0, 0.0, 0.15, 0.4])
    for g in joker_groups:
        for position, tile in enumerate(groups[g]):
            if tile != JOKER and sum(x == JOKER for grp in groups for x in grp) < 8 and rng.random() < joker_rate:
                groups[g][position] = JOKER
    exposed: list[list[int]] = []
    # A set is exposed by calling a discard for a grouping of 3 or more like tiles: a joker group
    # (holding a natural tile) or, less often, a "!" group of like tiles.
    exposable = [g for g in joker_groups if any(tile != JOKER for tile in groups[g])]
    exposable += [
        g for g, (tiles, jokers) in enumerate(target) if not jokers and len(tiles) >= 3 and len(set(tiles)) == 1
    ]
    for g in sorted(rng.sample(exposable, min(len(exposable), max_exposures)), reverse=True):
        if rng.random() < 0.3:
            exposed.append(groups.pop(g))
    concealed = [tile for group in groups for tile in group]
    rng.shuffle(concealed)
    all_tiles: Counter[int] = Counter(concealed) + Counter(tile for meld in exposed for tile in meld)
    pool = [*range(34), FLOWER, JOKER]
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        position = rng.randrange(len(concealed))
        new = rng.choice(pool)
        if all_tiles[new] < tile_limit(new):
            all_tiles[concealed[position]] -= 1
            all_tiles[new] += 1
            concealed[position] = new
    if rng.random() < 0.4:
        concealed.pop(rng.randrange(len(concealed)))
    text = " ".join(_tile_text(tile) for tile in concealed)
    for meld in exposed:
        text += " [" + " ".join(_tile_text(tile) for tile in meld) + "]"
    return mr.Hand.parse(text)
