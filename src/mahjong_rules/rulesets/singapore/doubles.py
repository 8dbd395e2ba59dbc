"""The doubles of a Singapore hand: one small named unit per item of the rules document's list.

"Doubles add together, such that if there are three tiles that are worth one double a piece, the
player has a total of three doubles" (ruling S11), except where one item replaces another (rulings
S2, S3). Each item returns its breakdown lines; a line's points are doubles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from mahjong_rules.ruleset import ScoreItem, WinContext
from mahjong_rules.rulesets.singapore.hands import PlacedSet, Reading, SortedHand
from mahjong_rules.tiles import Animal, Dragon, FlowerSet, Seat, Tile

__all__ = ["BONUS_ITEMS", "FLOWER_SETS", "ITEMS", "Facts", "Item", "all_chow", "doubles", "four_chows"]

DRAGONS = frozenset(dragon.tile for dragon in Dragon)
WINDS = frozenset(seat.wind for seat in Seat)
ANIMALS = frozenset(animal.tile for animal in Animal)
FLOWERS = frozenset(flower_set.tile(number) for flower_set in FlowerSet for number in range(1, 5))
FLOWER_SETS = {flower_set: frozenset(flower_set.tile(number) for number in range(1, 5)) for flower_set in FlowerSet}
"""Each flower set (red, black) and its four tiles."""


@attrs.frozen
class Facts:
    """What the doubles of one reading depend on: the reading, the sorted hand, how the hand was
    won, and (for All Chow on a discard, ruling S7) how many tiles the hand waited on."""

    reading: Reading
    hand: SortedHand
    context: WinContext
    waits: int | None = None
    tiles: tuple[Tile, ...] = attrs.field(init=False)
    """The tiles of the sets (bonus tiles set aside, ruling S12)."""

    def __attrs_post_init__(self) -> None:
        if self.reading.kind != "standard":
            found = [Tile.from_index(index) for index, count in enumerate(self.hand.concealed) for _ in range(count)]
        else:
            found = [tile for placed in self.reading.sets for tile in placed.tiles]
        object.__setattr__(self, "tiles", tuple(found))

    def triplets(self, tiles: frozenset[Tile]) -> list[PlacedSet]:
        return [placed for placed in self.reading.groups if placed.is_triplet and placed.tile in tiles]


@attrs.frozen
class Item:
    """A doubles item: ``id``, and the lines it adds for a reading."""

    id: str
    lines: Callable[[Facts], list[ScoreItem]]


def _dragon_pungs(facts: Facts) -> list[ScoreItem]:
    # "A Pong or Kong of any the Dragon Tiles - 1 double for each".
    return [ScoreItem(f"Dragon pung ({placed.tile.name})", 1) for placed in facts.triplets(DRAGONS)]


def _wind_pungs(facts: Facts) -> list[ScoreItem]:
    # The prevailing wind's and the seat wind's pung, 1 each; both for one wind is 2 (ruling S10).
    lines = []
    for placed in facts.triplets(WINDS):
        if placed.tile is facts.context.prevailing_wind.wind:
            lines.append(ScoreItem(f"Prevailing wind pung ({placed.tile.name})", 1))
        if placed.tile is facts.context.seat_wind.wind:
            lines.append(ScoreItem(f"Seat wind pung ({placed.tile.name})", 1))
    return lines


def four_chows(reading: Reading) -> bool:
    """The reading's four sets are chows (All Chow's second condition)."""
    return reading.kind == "standard" and all(placed.kind == "chow" for placed in reading.groups)


def all_chow(facts: Facts) -> bool:
    """Ruling S7: the eye is no dragon, prevailing wind or seat wind; four chows; won on a
    discard, more than one tile would have completed the hand."""
    reading, context = facts.reading, facts.context
    eye = reading.eye
    if eye is None or not four_chows(reading):
        return False
    if eye.tile in DRAGONS or eye.tile in (context.prevailing_wind.wind, context.seat_wind.wind):
        return False
    # Ruling L9: on a discard with no winning tile named, the waits before it are unknown.
    return context.self_drawn or (facts.waits is not None and facts.waits > 1)


def _chows(facts: Facts) -> list[ScoreItem]:
    # Ping Wu is an All Chow hand with no flowers or animals, 4 doubles in all (rulings S2, S15).
    if not all_chow(facts):
        return []
    if not facts.hand.bonus:
        return [ScoreItem("Ping Wu", 4)]
    return [ScoreItem("All Chow", 1)]


def _all_pung(facts: Facts) -> list[ScoreItem]:
    groups = facts.reading.groups
    if facts.reading.kind == "standard" and all(placed.is_triplet for placed in groups):
        return [ScoreItem("All Pong", 2)]
    return []


def _color(facts: Facts) -> list[ScoreItem]:
    # Full Color replaces Half Color (ruling S3); bonus tiles never count (ruling S12).
    if facts.reading.kind != "standard":
        return []
    tiles = facts.tiles
    suits = {tile.suit for tile in tiles if tile.suit is not None}
    honors = any(tile.is_honor for tile in tiles)
    if (len(suits) == 1 and not honors) or not suits:
        return [ScoreItem("Full Color", 4)]
    if len(suits) == 1:
        return [ScoreItem("Half Color", 2)]
    return []


def _terminals(facts: Facts) -> list[ScoreItem]:
    # All 1s and 9s replaces Half 1s and 9s (ruling S3); Half needs a 1 or a 9 (ruling S12).
    if facts.reading.kind != "standard":
        return []
    tiles = facts.tiles
    if all(tile.is_terminal for tile in tiles):
        return [ScoreItem("All 1s and 9s", 5)]
    if all(tile.is_terminal or tile.is_honor for tile in tiles) and any(tile.is_terminal for tile in tiles):
        return [ScoreItem("Half 1s and 9s", 1)]
    return []


def _wonders(facts: Facts) -> list[ScoreItem]:
    return [ScoreItem("13 Wonders", 5)] if facts.reading.kind == "13 wonders" else []


def _big_and_small(facts: Facts) -> list[ScoreItem]:
    # Ruling S4, S11: the totals include the dragon and wind pungs' own doubles.
    if facts.reading.kind != "standard":
        return []
    lines = []
    dragons = {placed.tile for placed in facts.triplets(DRAGONS)}
    winds = {placed.tile for placed in facts.triplets(WINDS)}
    eye = facts.reading.eye
    if len(dragons) == 3:
        lines.append(ScoreItem("Big three dragons", 2))
    elif len(dragons) == 2 and eye is not None and eye.tile in DRAGONS:
        lines.append(ScoreItem("Small three dragons", 1))
    wind_doubles = sum(item.points for item in _wind_pungs(facts))
    if len(winds) == 4:
        lines.append(ScoreItem("Big four winds", 5 - wind_doubles))
    elif len(winds) == 3 and eye is not None and eye.tile in WINDS:
        lines.append(ScoreItem("Small four winds", 4 - wind_doubles))
    return [line for line in lines if line.points]


def _animals(facts: Facts) -> list[ScoreItem]:
    # Ruling S5: each animal 1 double; all four 5 in total.
    held = [tile for tile in facts.hand.bonus if tile in ANIMALS]
    lines = [ScoreItem(f"Animal ({tile.name})", 1) for tile in held]
    if len(set(held)) == 4:
        lines.append(ScoreItem("All four animals", 1))
    return lines


def _flowers(facts: Facts) -> list[ScoreItem]:
    # Ruling S5: each flower of the seat's number 1 double; a complete red or black set 2 in total.
    if not facts.hand.bonus:
        return []
    seat = facts.context.seat_wind
    held = FLOWERS.intersection(facts.hand.bonus)
    lines = [ScoreItem(f"Seat flower ({tile})", 1) for tile in sorted(held) if tile.flower_seat is seat]
    for flower_set, tiles in FLOWER_SETS.items():
        if tiles <= held:
            lines.append(ScoreItem(f"{flower_set.name.title()} flower set", 1))
    count = len(held)
    if count >= 7:
        lines.append(ScoreItem("Eight flowers" if count == 8 else "Seven flowers", 5))
    return lines


def _how_won(facts: Facts) -> list[ScoreItem]:
    # Ruling S13: replacement tiles and the last tile are self-drawn; robbing the kong is not.
    context = facts.context
    lines = []
    if context.flower_replacement:
        lines.append(ScoreItem("Flower replacement", 1))
    if context.kong_replacement:
        lines.append(ScoreItem("Kong replacement", 1))
    if context.last_tile and context.self_drawn:
        lines.append(ScoreItem("Last tile", 1))
    if context.robbing_kong:
        lines.append(ScoreItem("Robbing the kong", 1))
    return lines


ITEMS: tuple[Item, ...] = (
    Item("dragon-pungs", _dragon_pungs),
    Item("wind-pungs", _wind_pungs),
    Item("big-and-small", _big_and_small),
    Item("chows", _chows),
    Item("all-pong", _all_pung),
    Item("color", _color),
    Item("terminals", _terminals),
    Item("13-wonders", _wonders),
    Item("animals", _animals),
    Item("flowers", _flowers),
    Item("how-won", _how_won),
)
"""The items, in the order of the document's list (the Big and Small hands beside the pungs they
complete)."""

BONUS_ITEMS = frozenset({"animals", "flowers"})
"""The items ruling S17 leaves out of the minimum doubles when bonus tiles do not count."""


def doubles(facts: Facts) -> tuple[list[ScoreItem], int]:
    """Every line of a reading, and the doubles that count toward the minimum without the bonus
    tiles' (ruling S17)."""
    lines: list[ScoreItem] = []
    without_bonus = 0
    for item in ITEMS:
        found = item.lines(facts)
        lines += found
        if item.id not in BONUS_ITEMS:
            without_bonus += sum(line.points for line in found)
    return lines, without_bonus


def total(lines: Sequence[ScoreItem]) -> int:
    return sum(line.points for line in lines)
