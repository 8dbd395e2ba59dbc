"""An independent, deliberately simple reference evaluator for Singapore mahjong.

It is written from the rules document (``rules/singapore-mahjong-rules.txt``) and ``RULINGS.md``
(T1-T5, S1-S20) only. It does not use ``mahjong_rules.rulesets.singapore`` or
``mahjong_rules.solver``: from the library it takes the :class:`~mahjong_rules.Tile`,
:class:`~mahjong_rules.Hand`, :class:`~mahjong_rules.Meld`, :class:`~mahjong_rules.Seat` and
:class:`~mahjong_rules.WinContext` types (and their notation) and nothing else; its options are its
own :class:`RefOptions`, with the same field names and defaults as the library's
``SingaporeOptions``.

The method is brute force, for clarity rather than speed:

1. the bonus tiles (flowers and animals) are set aside, loose or declared (S12); the declared
   melds must be exposed chows, pungs or kongs, or declared concealed kongs; a kong counts as three
   tiles toward the 14 (T2); four equal loose tiles are a pung plus one tile (S20);
2. every way to split the loose tiles into chows, pungs and one eye is tried; with the declared
   sets, each split of four sets and an eye is a reading of the hand; 13 Wonders (the thirteen
   terminals and honours plus one more of them, no declared set) and eight flowers (all eight
   flower tiles, whatever the other tiles, S16) are readings too;
3. each reading gets its lines of doubles (the list "How to get doubles?" with S2-S5, S7, S10-S15,
   S17); a four-sets reading must reach the minimum doubles (S6, S17), unless the hand holds the
   eight flowers; the hand is worth its best reading, capped at the limit (T3); every reading
   worth as much is returned too, so that a caller can check a breakdown against any of them.

Payments (S1, S16, S18, document lines 288-302): the hand's value is ``base_unit * 2**doubles``.
Self-drawn, every other player pays ``value * self_drawn_multiplier``; on a discard, the
discarder pays ``value * discarder_multiplier`` and the others ``value``. 13 Wonders is paid as
self-drawn even on a discard. Eight flowers drawn by the winner is paid as self-drawn; when the
eighth flower was handed over, it is settled as a win on that player's discard: that player pays
the discarder's share, the others the ordinary share, and no pay-all scenario applies (S16 as
clarified). The instant payments (kongs, flower sets, animal pairs, S8) are made during play,
not when the hand is settled, and are not part of a settlement.

Pay-all (S9, S18, document lines 316-374). The hand records when each set was shown: the order
of ``hand.melds`` is the order of declaration, and ``Meld.called_from`` is the player whose discard
made an exposed pung or kong. Flowers and animals are "exposed tiles" from the moment they are
drawn (document, "Starting the game"), so they are showing before any set; a declared concealed
kong is "transferred to the exposed tiles" too (document, "Concealed Kong"), so it shows but was
called from no one. This module reads the scenarios so:

- Dragon tile set: a pung or kong of a dragon called from player B while pungs or kongs of the
  two other dragons are already showing (declared earlier) makes B liable when it is declared; a
  winning discard of a dragon by B that makes a pung of it (the loose tiles hold three of it) while
  the two other dragons are showing makes B liable at the win.
- Wind tile set: the same with the fourth wind while the three other winds are showing.
- Doubles limit: the doubles "showing" are those of the sets shown so far (dragon pungs, seat and
  prevailing wind pungs (S10), the big three dragons or big four winds extra when all of them show)
  plus those of the bonus tiles (seat flowers, flower sets, animals, seven or eight flowers). A
  pung or kong of a dragon, of the prevailing wind or of the seat wind called from B after which
  the showing doubles reach the limit makes B liable (whether A was at the limit before or the
  set brings A to it). At the win on B's discard of such a tile: B is liable when the showing
  doubles already reach the limit, or when the winning tile makes a pung (three of it among the
  loose tiles) that brings the showing doubles to the limit.
- Full color: at the win on B's discard of a tile of a suit when 3 or 4 sets are showing and
  all of them are of that suit, B is liable; the hand need not end Full Color. The Honor Suit is
  a suit here (document, "The Honor suit"; Full Color is "the Honor Suit only" too, S12). Three
  sets of a suit beside a fourth shown set of another suit are no longer a Full Color threat.
- Fresh discard: at the win on B's discard with ``context.fresh_discard`` and
  ``context.tiles_left`` below ``fresh_threshold``, B is liable.

Each scenario makes its player B pay for all only "if player A won by picking his own winning tile
or player B threw the winning tile to player A": a scenario whose player did neither does not
apply. The scenarios are met in the order of the declarations, then at the win (those all name
the discarder); of the scenarios that apply, "the player that last encountered it" pays: every
loser's share (S18), the others nothing. So on a discard the discarder pays for all when any
scenario names it, and self-drawn the player of the last scenario met pays. When none applies,
everyone pays as usual. A scenario at the win needs the tile of the winning discard
(``context.winning_tile``), except the fresh discard.

The module also holds the seeded case generators (built on ``tests/singapore_hands.py``) shared by
``tests/test_singapore_reference.py`` and ``benchmarks/singapore_agreement.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import attrs

import mahjong_rules as mr
from tests.singapore_hands import random_context, random_mahjong

__all__ = [
    "Case",
    "RefOptions",
    "RefResult",
    "random_case",
    "random_cases",
    "random_options",
    "reference_evaluate",
    "reference_payments",
    "reference_waits",
]

# -- the rules as data -----------------------------------------------------------------------------

SUITED = tuple(mr.Tile.from_index(index) for index in range(27))
DRAGONS = tuple(tile for tile in mr.Tile.all() if tile.is_dragon)
WINDS = tuple(tile for tile in mr.Tile.all() if tile.is_wind)
PLAYABLE = SUITED + DRAGONS + WINDS  # the 34 tiles that make sets
PLAYABLE_SET = frozenset(PLAYABLE)
FLOWERS = tuple(tile for tile in mr.Tile.all() if tile.kind is mr.TileKind.SINGAPORE_FLOWER)
ANIMALS = tuple(tile for tile in mr.Tile.all() if tile.is_animal)
# 13 Wonders: "the one and the nine of the Bamboo suit, the Circle Suit, and the Numbers Suit along
# with each unique tile in the Honors suit".
WONDERS = frozenset(tile for tile in PLAYABLE if tile.is_terminal or tile.is_honor)

CHOW, PUNG, KONG = "chow", "pung", "kong"


class RefOptions(NamedTuple):
    """The reference's own copy of the options (same names and defaults as the library's
    ``SingaporeOptions``). The instant payments (``exposed_kong`` to ``initial_multiplier``) are
    not part of a settlement and are not used here."""

    min_doubles: int = 1
    limit: int = 5
    min_doubles_count_bonus: bool = True
    base_unit: int = 1
    self_drawn_multiplier: int = 2
    discarder_multiplier: int = 2
    exposed_kong: int = 2
    concealed_kong: int = 0
    all_animals: int = 4
    flower_set: int = 4
    animal_pair: int = 2
    seat_flowers: int = 2
    initial_multiplier: int = 2
    pay_all_dragons: bool = True
    pay_all_winds: bool = True
    pay_all_limit: bool = True
    pay_all_full_color: bool = True
    pay_all_fresh: bool = True
    fresh_threshold: int = 7
    players: int = 4


DEFAULT_OPTIONS = RefOptions()


class Group(NamedTuple):
    """One set: its kind, its lowest tile, and whether and how it was declared."""

    kind: str
    tile: mr.Tile
    declared: bool = False
    exposed: bool = False
    called_from: mr.Seat | None = None

    @property
    def tiles(self) -> tuple[mr.Tile, ...]:
        if self.kind == CHOW:
            return tuple(mr.Tile.from_index(self.tile.index + step) for step in range(3))
        return (self.tile,) * (4 if self.kind == KONG else 3)

    @property
    def is_pung(self) -> bool:
        """A pung or a kong (the document's "a Pong or Kong")."""
        return self.kind != CHOW


class Line(NamedTuple):
    """One item of doubles; ``bonus`` marks the items S17 leaves out of the minimum (S6 option)."""

    name: str
    doubles: int
    bonus: bool = False


class Reading(NamedTuple):
    kind: str  # "four sets and an eye", "13 Wonders", "eight flowers"
    lines: tuple[Line, ...]
    groups: tuple[Group, ...] = ()
    eye: mr.Tile | None = None


class RefResult(NamedTuple):
    """The reference's verdict: winning or not, the doubles (capped at the limit), the lines of
    the best reading (with a ``Doubles limit`` line taking off what is above the limit), the
    lines of every reading worth as much (``alternatives``), and the reading's kind."""

    is_winning: bool
    doubles: int
    lines: list[tuple[str, int]]
    alternatives: list[list[tuple[str, int]]]
    reading: str | None
    reason: str = ""


# -- step 1: the tiles -----------------------------------------------------------------------------


def _check_tiles(hand: mr.Hand, context: mr.WinContext) -> None:
    """T5: a hand the 148 tiles cannot make is bad input (so are the jokers, blanks and the American
    flower, which are not in the set); a declared meld that is not a Singapore set is bad input;
    a context that contradicts the hand (a replacement with nothing replaced, a winning tile the
    hand does not hold) is bad input."""
    counts = Counter(hand.tiles)
    for tile, count in counts.items():
        most = 4 if tile in PLAYABLE_SET else 1 if tile.is_bonus else 0
        if count > most:
            raise ValueError(f"{count} x {tile} cannot be in a Singapore hand")
    for meld in hand.melds:
        if all(tile.is_bonus for tile in meld.tiles):
            continue
        if _declared_group(meld) is None:
            raise ValueError(f"{meld} is not a chow, pung or kong")
    if context.kong_replacement and not any(group.kind == KONG for group in _declared(hand)):
        raise ValueError("a kong replacement with no declared kong")
    if context.flower_replacement and not any(tile.is_bonus for tile in hand.tiles):
        raise ValueError("a flower replacement with no flower or animal")
    if context.winning_tile is not None and context.winning_tile not in hand.tiles:
        raise ValueError(f"the winning tile {context.winning_tile} is not in the hand")


def _declared_group(meld: mr.Meld) -> Group | None:
    """The set a declared meld is: an exposed chow, an exposed pung, an exposed kong, or a
    concealed kong; ``None`` for anything else."""
    tiles = meld.tiles
    if any(tile not in PLAYABLE_SET for tile in tiles):
        return None
    if len(set(tiles)) == 1 and (len(tiles) == 4 or (len(tiles) == 3 and meld.exposed)):
        kind = KONG if len(tiles) == 4 else PUNG
        return Group(kind, tiles[0], True, meld.exposed, meld.called_from)
    first = tiles[0]
    if (
        meld.exposed
        and len(tiles) == 3
        and first.is_number
        and all(tile.suit is first.suit for tile in tiles)
        and [tile.index - first.index for tile in tiles] == [0, 1, 2]
    ):
        return Group(CHOW, first, True, True, meld.called_from)
    return None


def _bonus(hand: mr.Hand) -> list[mr.Tile]:
    """The flowers and animals, wherever they are (set aside, S12)."""
    return [tile for tile in hand.tiles if tile.is_bonus]


def _declared(hand: mr.Hand) -> list[Group]:
    """The declared sets, in the order of declaration (melds of bonus tiles only are set aside)."""
    groups = []
    for meld in hand.melds:
        group = _declared_group(meld)
        if group is not None:
            groups.append(group)
    return groups


def _loose(hand: mr.Hand) -> list[mr.Tile]:
    return [tile for tile in hand.concealed if not tile.is_bonus]


def _counted(hand: mr.Hand) -> int:
    """The tiles toward the 14: a kong counts as three (T2)."""
    return len(_loose(hand)) + 3 * len(_declared(hand))


# -- step 2: the splits ------------------------------------------------------------------------------


def _splits(counts: Counter[mr.Tile], eye: mr.Tile | None) -> Iterator[tuple[list[Group], mr.Tile]]:
    """Every way to split the loose tiles ``counts`` into chows, pungs and exactly one eye. The
    lowest tile left must be in a pung, a chow starting with it, or the eye."""
    left = sorted(tile for tile, count in counts.items() if count > 0)
    if not left:
        if eye is not None:
            yield [], eye
        return
    tile = left[0]
    if counts[tile] >= 3:
        rest = counts.copy()
        rest[tile] -= 3
        for groups, found in _splits(rest, eye):
            yield [Group(PUNG, tile), *groups], found
    if tile.is_number and tile.rank is not None and tile.rank <= 7:
        chow = [mr.Tile.from_index(tile.index + step) for step in range(3)]
        if all(counts[other] > 0 for other in chow):
            rest = counts.copy()
            for other in chow:
                rest[other] -= 1
            for groups, found in _splits(rest, eye):
                yield [Group(CHOW, tile), *groups], found
    if eye is None and counts[tile] >= 2:
        rest = counts.copy()
        rest[tile] -= 2
        yield from _splits(rest, tile)


def _four_sets_splits(hand: mr.Hand) -> list[tuple[tuple[Group, ...], mr.Tile]]:
    """Every reading of the hand as four sets and one eye (each once), declared sets first."""
    if _counted(hand) != 14:
        return []
    declared = _declared(hand)
    found = set()
    for groups, eye in _splits(Counter(_loose(hand)), None):
        if len(declared) + len(groups) == 4:
            found.add((tuple(declared) + tuple(sorted(groups)), eye))
    return sorted(found, key=str)


def _wonders_shape(loose: Sequence[mr.Tile], declared: int) -> bool:
    return not declared and len(loose) == 14 and set(loose) == WONDERS


def _is_wonders(hand: mr.Hand) -> bool:
    return _wonders_shape(_loose(hand), len(_declared(hand)))


def _complete(loose: Sequence[mr.Tile], declared: int) -> bool:
    """Whether ``loose`` tiles beside ``declared`` sets are a Mahjong by their shape alone: four
    sets and an eye, or 13 Wonders."""
    if len(loose) + 3 * declared != 14:
        return False
    for groups, _eye in _splits(Counter(loose), None):
        if declared + len(groups) == 4:
            return True
    return _wonders_shape(loose, declared)


def reference_waits(hand: mr.Hand) -> frozenset[mr.Tile]:
    """The tiles that complete ``hand`` (one tile short): any tile that makes it four sets and an
    eye or 13 Wonders, whether it completes a chow, a pung or the eye; never a tile the hand
    already holds four of (S14)."""
    loose, declared = _loose(hand), len(_declared(hand))
    return frozenset(tile for tile in PLAYABLE if hand.count(tile) < 4 and _complete([*loose, tile], declared))


# -- step 3: the doubles ---------------------------------------------------------------------------


def _wind_pung_lines(tile: mr.Tile, context: mr.WinContext) -> list[Line]:
    lines = []
    if tile.is_dragon:
        lines.append(Line(f"Dragon pung ({tile})", 1))
    if tile.is_wind:
        # S10: a wind that is both the prevailing and the seat wind is worth one of each.
        if tile.wind is context.prevailing_wind:
            lines.append(Line(f"Prevailing wind pung ({tile})", 1))
        if tile.wind is context.seat_wind:
            lines.append(Line(f"Seat wind pung ({tile})", 1))
    return lines


def _honour_pung_doubles(tiles: Sequence[mr.Tile], context: mr.WinContext) -> int:
    return sum(line.doubles for tile in tiles for line in _wind_pung_lines(tile, context))


def _bonus_lines(hand: mr.Hand, context: mr.WinContext) -> list[Line]:
    """S5, S17: the flowers and animals."""
    bonus = _bonus(hand)
    lines = [Line(f"Animal ({tile})", 1, True) for tile in bonus if tile.is_animal]
    if all(animal in bonus for animal in ANIMALS):
        lines.append(Line("All four animals", 1, True))  # 5 in total with the four animals
    lines += [Line(f"Seat flower ({tile})", 1, True) for tile in bonus if tile.flower_seat is context.seat_wind]
    for flower_set in mr.FlowerSet:
        if all(flower_set.tile(number) in bonus for number in range(1, 5)):
            lines.append(Line(f"{flower_set.name.title()} flower set", 1, True))  # 2 with its seat flower
    flowers = sum(1 for tile in bonus if tile.kind is mr.TileKind.SINGAPORE_FLOWER)
    if flowers >= 7:
        lines.append(Line("Seven or eight flowers", 5, True))
    return lines


def _context_lines(context: mr.WinContext) -> list[Line]:
    """S13: how the winning tile came."""
    lines = []
    if context.flower_replacement:
        lines.append(Line("Flower replacement", 1))
    if context.kong_replacement:
        lines.append(Line("Kong replacement", 1))
    if context.last_tile and context.self_drawn:
        lines.append(Line("Last tile", 1))
    if context.robbing_kong:
        lines.append(Line("Robbing the kong", 1))
    return lines


def _several_waits(hand: mr.Hand, context: mr.WinContext) -> bool:
    """All Chow's third condition (S7, S13, S14): won on a discard (robbing the kong included),
    more than one tile would have completed the hand before the winning tile. Without the winning
    tile, or with a winning tile that is not among the loose tiles, it cannot be established."""
    if context.self_drawn:
        return True
    tile = context.winning_tile
    if tile is None or tile not in hand.concealed:
        return False
    return len(reference_waits(hand.discard(tile))) > 1


def _set_lines(
    hand: mr.Hand, context: mr.WinContext, groups: Sequence[Group], eye: mr.Tile, several_waits: bool
) -> list[Line]:
    lines: list[Line] = []
    pungs = [group.tile for group in groups if group.is_pung]
    for tile in pungs:
        lines += _wind_pung_lines(tile, context)
    # All Chow (three conditions) and Ping Wu (no flowers or animals; S2, S15).
    eye_ok = not eye.is_dragon and eye.wind not in (context.prevailing_wind, context.seat_wind)
    if all(group.kind == CHOW for group in groups) and eye_ok and several_waits:
        lines.append(Line("All Chow", 1) if _bonus(hand) else Line("Ping Wu", 4))
    if not any(group.kind == CHOW for group in groups):
        lines.append(Line("All Pong", 2))
    # Colour (S3, S12): the bonus tiles are set aside.
    tiles = [tile for group in groups for tile in group.tiles] + [eye, eye]
    suits = {tile.suit for tile in tiles if tile.is_number}
    honours = any(tile.is_honor for tile in tiles)
    if not suits or (len(suits) == 1 and not honours):
        lines.append(Line("Full Color", 4))
    elif len(suits) == 1:
        lines.append(Line("Half Color", 2))
    # Ones and nines (S3, S12).
    if all(tile.is_terminal for tile in tiles):
        lines.append(Line("All 1s and 9s", 5))
    elif all(tile.is_terminal or tile.is_honor for tile in tiles) and any(tile.is_terminal for tile in tiles):
        lines.append(Line("Half 1s and 9s", 1))
    # Dragon and wind sets (S4, S11): the totals include the pungs' own doubles.
    dragons = [tile for tile in pungs if tile.is_dragon]
    winds = [tile for tile in pungs if tile.is_wind]
    if len(dragons) == 3:
        lines.append(Line("Big three dragons", 5 - _honour_pung_doubles(dragons, context)))
    elif len(dragons) == 2 and eye.is_dragon:
        lines.append(Line("Small three dragons", 3 - _honour_pung_doubles(dragons, context)))
    if len(winds) == 4:
        lines.append(Line("Big four winds", 5 - _honour_pung_doubles(winds, context)))
    elif len(winds) == 3 and eye.is_wind:
        lines.append(Line("Small four winds", 4 - _honour_pung_doubles(winds, context)))
    return lines


def _readings(hand: mr.Hand, context: mr.WinContext) -> list[Reading]:
    common = _bonus_lines(hand, context) + _context_lines(context)
    readings = []
    splits = _four_sets_splits(hand)
    if splits:
        several = _several_waits(hand, context)
        for groups, eye in splits:
            lines = _set_lines(hand, context, groups, eye, several) + common
            readings.append(Reading("four sets and an eye", tuple(lines), groups, eye))
    if _is_wonders(hand):
        readings.append(Reading("13 Wonders", (Line("13 Wonders", 5), *common)))
    if _eight_flowers(hand):
        readings.append(Reading("eight flowers", tuple(common)))
    return readings


def _eight_flowers(hand: mr.Hand) -> bool:
    bonus = _bonus(hand)
    return all(flower in bonus for flower in FLOWERS)


def _total(lines: Sequence[Line]) -> int:
    return sum(line.doubles for line in lines)


def _capped_lines(lines: Sequence[Line], options: RefOptions) -> list[tuple[str, int]]:
    shown = [(line.name, line.doubles) for line in lines]
    total = _total(lines)
    if total > options.limit:
        shown.append(("Doubles limit", options.limit - total))
    return shown


def reference_evaluate(hand: mr.Hand, context: mr.WinContext, options: RefOptions = DEFAULT_OPTIONS) -> RefResult:
    """The reference's verdict on ``hand`` won as ``context`` says.

    Raises:
        ValueError: bad input (T5): too many of a tile, a tile not in the Singapore set, a declared
            meld that is no Singapore set, a context contradicting the hand.
    """
    _check_tiles(hand, context)
    eight = _eight_flowers(hand)
    readings = _readings(hand, context)
    valid = []
    for reading in readings:
        if reading.kind == "four sets and an eye" and not eight:
            counted = [line for line in reading.lines if options.min_doubles_count_bonus or not line.bonus]
            if _total(counted) < options.min_doubles:
                continue
        valid.append(reading)
    if not valid:
        if not readings:
            reason = "not a Mahjong" if _counted(hand) == 14 else "wrong size"
        else:
            reason = "below the minimum doubles"
        return RefResult(False, 0, [], [], None, reason)
    best = max(min(_total(reading.lines), options.limit) for reading in valid)
    chosen = [reading for reading in valid if min(_total(reading.lines), options.limit) == best]
    alternatives = [_capped_lines(reading.lines, options) for reading in chosen]
    return RefResult(True, best, alternatives[0], alternatives, chosen[0].kind)


# -- payments ------------------------------------------------------------------------------------------


def _table(options: RefOptions) -> tuple[mr.Seat, ...]:
    """The seats at the table: nobody sits North with three players."""
    return tuple(mr.Seat)[: options.players]


def _showing_doubles(groups: Sequence[Group], hand: mr.Hand, context: mr.WinContext) -> int:
    """The doubles showing in the exposed tiles: the shown sets' honour pungs, the big three
    dragons or big four winds when all show, and the flowers and animals."""
    pungs = [group.tile for group in groups if group.is_pung]
    doubles = _honour_pung_doubles(pungs, context)
    dragons = [tile for tile in pungs if tile.is_dragon]
    winds = [tile for tile in pungs if tile.is_wind]
    if len(set(dragons)) == 3:
        doubles += 5 - _honour_pung_doubles(dragons, context)
    if len(set(winds)) == 4:
        doubles += 5 - _honour_pung_doubles(winds, context)
    return doubles + _total(_bonus_lines(hand, context))


def _valuable(tile: mr.Tile, context: mr.WinContext) -> bool:
    """A Dragon tile, the Prevailing Wind tile or the Player's Game Wind."""
    return tile.is_dragon or tile.wind in (context.prevailing_wind, context.seat_wind)


def _completes_set(tile: mr.Tile, shown: Sequence[Group]) -> bool:
    """Whether a pung of ``tile`` (a dragon or a wind) completes the dragon or wind set, the
    others of its kind showing as pungs or kongs in ``shown``."""
    family = DRAGONS if tile.is_dragon else WINDS if tile.is_wind else ()
    showing = {group.tile for group in shown if group.is_pung}
    return bool(family) and tile not in showing and all(other in showing for other in family if other is not tile)


def _suit_of(tile: mr.Tile) -> object:
    """A tile's suit for Full Color: its number suit, or the Honor Suit (document, "The Honor
    suit"; a hand of honours only is Full Color, S12)."""
    return tile.suit if tile.is_number else "honours"


def _set_scenario_on(tile: mr.Tile, options: RefOptions) -> bool:
    return (tile.is_dragon and options.pay_all_dragons) or (tile.is_wind and options.pay_all_winds)


def pay_all_scenarios(
    hand: mr.Hand, context: mr.WinContext, options: RefOptions, discarder: mr.Seat | None
) -> list[tuple[str, mr.Seat]]:
    """Every pay-all scenario met, in the order met, with the player it makes liable."""
    met: list[tuple[str, mr.Seat]] = []
    declared = _declared(hand)
    for position, group in enumerate(declared):
        caller = group.called_from
        if caller is None or not group.exposed or not group.is_pung:
            continue
        before = declared[:position]
        if _set_scenario_on(group.tile, options) and _completes_set(group.tile, before):
            met.append(("dragon set" if group.tile.is_dragon else "wind set", caller))
        if (
            options.pay_all_limit
            and _valuable(group.tile, context)
            and _showing_doubles(declared[: position + 1], hand, context) >= options.limit
        ):
            met.append(("doubles limit", caller))
    if context.self_drawn or discarder is None:
        return met
    tile = context.winning_tile
    if tile is not None:
        makes_pung = tile in PLAYABLE_SET and _loose(hand).count(tile) == 3
        if makes_pung and _set_scenario_on(tile, options) and _completes_set(tile, declared):
            met.append(("dragon set" if tile.is_dragon else "wind set", discarder))
        if options.pay_all_limit and _valuable(tile, context):
            showing = _showing_doubles(declared, hand, context)
            with_pung = _showing_doubles([*declared, Group(PUNG, tile)], hand, context) if makes_pung else showing
            if showing >= options.limit or with_pung >= options.limit:
                met.append(("doubles limit", discarder))
        shown_suits = {_suit_of(group.tile) for group in declared}
        if options.pay_all_full_color and len(declared) >= 3 and shown_suits == {_suit_of(tile)}:
            met.append(("full color", discarder))
    if (
        options.pay_all_fresh
        and context.fresh_discard
        and context.tiles_left is not None
        and context.tiles_left < options.fresh_threshold
    ):
        met.append(("fresh discard", discarder))
    return met


def reference_payments(
    hand: mr.Hand, context: mr.WinContext, options: RefOptions = DEFAULT_OPTIONS, discarder: mr.Seat | None = None
) -> dict[mr.Seat, int]:
    """Each seat's net amount for the win of ``hand`` by the seat ``context.seat_wind``;
    ``discarder`` threw the winning tile (given exactly when the hand was not self-drawn).

    Raises:
        ValueError: the hand is not winning, or the seats do not fit the table.
    """
    result = reference_evaluate(hand, context, options)
    if not result.is_winning:
        raise ValueError("only a winning hand is settled")
    table = _table(options)
    winner = context.seat_wind
    if winner not in table or (discarder is not None and (discarder not in table or discarder is winner)):
        raise ValueError("the seats do not fit the table")
    if (discarder is None) != context.self_drawn:
        raise ValueError("a discarder exactly when the hand was not self-drawn")
    value = options.base_unit * 2**result.doubles
    losers = [seat for seat in table if seat is not winner]
    as_self_drawn = context.self_drawn or result.reading == "13 Wonders"
    shares = {}
    for seat in losers:
        if seat is discarder and not as_self_drawn:
            shares[seat] = value * options.discarder_multiplier
        elif as_self_drawn:
            shares[seat] = value * options.self_drawn_multiplier
        else:
            shares[seat] = value
    handed_over = discarder is not None and _eight_flowers(hand)  # S16: no pay-all scenario applies
    liable = [
        seat
        for _, seat in ([] if handed_over else pay_all_scenarios(hand, context, options, discarder))
        if seat in shares and (context.self_drawn or seat is discarder)
    ]
    if liable:
        total = sum(shares.values())
        shares = dict.fromkeys(losers, 0)
        shares[liable[-1]] = total
    payments = {seat: -shares.get(seat, 0) for seat in table}
    payments[winner] = sum(shares.values())
    return payments


# -- seeded cases ----------------------------------------------------------------------------------------


class Case(NamedTuple):
    """One seeded case: a hand, how it was won, who threw the winning tile, and the options."""

    hand: mr.Hand
    context: mr.WinContext
    discarder: mr.Seat | None
    options: RefOptions
    origin: str


def random_options(rng: random.Random) -> RefOptions:
    """Random options: the defaults a third of the time."""
    if rng.random() < 0.33:
        return DEFAULT_OPTIONS
    limit = rng.randint(5, 8)
    return RefOptions(
        min_doubles=rng.randint(0, 2),
        limit=limit,
        min_doubles_count_bonus=rng.random() < 0.6,
        base_unit=rng.choice([1, 1, 2, 5]),
        self_drawn_multiplier=rng.choice([1, 2, 2, 3]),
        discarder_multiplier=rng.choice([1, 2, 2, 4]),
        pay_all_dragons=rng.random() < 0.8,
        pay_all_winds=rng.random() < 0.8,
        pay_all_limit=rng.random() < 0.8,
        pay_all_full_color=rng.random() < 0.8,
        pay_all_fresh=rng.random() < 0.8,
        fresh_threshold=rng.choice([4, 7, 7, 10]),
        players=4 if rng.random() < 0.85 else 3,
    )


def _tile(text: str) -> mr.Tile:
    return mr.Tile.parse(text)


def _fits(hand: mr.Hand) -> bool:
    return all(count <= 4 for tile, count in Counter(hand.tiles).items() if tile in PLAYABLE_SET)


def _exchanged(rng: random.Random, hand: mr.Hand) -> mr.Hand:
    """A near miss: ``hand`` with one loose tile (not a bonus tile) exchanged for another."""
    loose = _loose(hand)
    if not loose:
        return hand
    for _attempt in range(20):
        old = rng.choice(loose)
        new = rng.choice(PLAYABLE)
        if rng.random() < 0.5 and old.is_number and old.rank is not None:
            near = [t for t in SUITED if t.suit is old.suit and t.rank is not None and abs(t.rank - old.rank) <= 2]
            new = rng.choice(near)
        changed = hand.discard(old).draw(new)
        if new is not old and _fits(changed):
            return changed
    return hand


def _theme_hand(rng: random.Random, seat: mr.Seat, others: Sequence[mr.Seat]) -> tuple[mr.Hand, str]:
    """A Mahjong built around a theme: for the pay-all scenarios, honour pungs (dragons, winds, or
    the valuable ones of the doubles limit) or sets of one suit; for the rarer doubles, four chows
    (All Chow, Ping Wu) or pungs of 1s, 9s and honours. Most sets are declared, in a random order,
    called from random players (kongs now and then, some concealed); bonus tiles now and then."""
    while True:
        hand, theme = _theme_attempt(rng, seat, others)
        if _fits(hand):
            return hand, f"built {theme}"


def _theme_sets(rng: random.Random, theme: str, seat: mr.Seat, suit: str) -> list[list[str]]:
    honours = ["E", "S", "W", "N", "RD", "GD", "WD"]
    if theme == "dragons":
        return [[dragon] * 3 for dragon in rng.sample(["RD", "GD", "WD"], rng.choice([2, 3, 3]))]
    if theme == "winds":
        return [[wind] * 3 for wind in rng.sample(["E", "S", "W", "N"], rng.choice([3, 4, 4]))]
    if theme == "limit":
        valuable = ["RD", "GD", "WD", seat.wind.token, rng.choice(["E", "S", "W", "N"])]
        return [[honour] * 3 for honour in dict.fromkeys(rng.sample(valuable, rng.randint(2, 3)))]
    if theme == "chows":
        suits = [suit] * 4 if rng.random() < 0.3 else [rng.choice("BCD") for _ in range(4)]
        return [
            [f"{low + step}{one}" for step in range(3)]
            for one, low in zip(suits, rng.choices(range(1, 8), k=4), strict=True)
        ]
    if theme == "terminals":
        pool = [f"{rank}{one}" for rank in (1, 9) for one in "BCD"] + (honours if rng.random() < 0.5 else [])
        return [[tile] * 3 for tile in rng.sample(pool, 4)]
    return []


def _theme_attempt(rng: random.Random, seat: mr.Seat, others: Sequence[mr.Seat]) -> tuple[mr.Hand, str]:
    theme = rng.choice(["dragons", "winds", "color", "limit", "chows", "terminals"])
    suit = rng.choice("BCD")
    sets = _theme_sets(rng, theme, seat, suit)
    while len(sets) < 4:
        if rng.random() < 0.5:
            low = rng.randint(1, 7)
            sets.append([f"{low + step}{suit}" for step in range(3)])
        else:
            sets.append([f"{rng.randint(1, 9)}{suit}"] * 3)
    eye_choices = [f"{rng.randint(1, 9)}{suit}", rng.choice(["E", "S", "W", "N", "RD", "GD", "WD"])]
    if theme == "terminals":
        eye_choices = [f"{rng.choice([1, 9])}{rng.choice('BCD')}"]
    eye = [rng.choice(eye_choices)] * 2
    rng.shuffle(sets)
    melds: list[mr.Meld] = []
    concealed = [_tile(text) for text in eye]
    declare = 0.4 if theme == "chows" else 0.7
    for tiles in sets:
        as_tiles = [_tile(text) for text in tiles]
        kong = len(set(tiles)) == 1 and rng.random() < 0.2
        if kong:
            as_tiles.append(as_tiles[0])
        if kong and rng.random() < 0.3:
            melds.append(mr.Meld(as_tiles, exposed=False))
        elif kong or rng.random() < declare:
            melds.append(mr.Meld(as_tiles, exposed=True, called_from=rng.choice(others)))
        else:
            concealed += as_tiles
    if rng.random() < (0.3 if theme == "chows" else 0.5):
        bonus = [*FLOWERS, *ANIMALS]
        concealed += rng.sample(bonus, rng.randint(1, 6))
    return mr.Hand(concealed, melds), theme


def _seated(rng: random.Random, hand: mr.Hand, table: Sequence[mr.Seat], seat: mr.Seat) -> mr.Hand:
    """``hand`` with every call made from a seat at the table other than the winner's, each chow
    from the player to the left (only the player to the right of the discarder may CHOW)."""
    others = [other for other in table if other is not seat]
    left = table[table.index(seat) - 1]
    melds = [
        attrs.evolve(meld, called_from=left)
        if meld.called_from is not None and meld.is_chow
        else attrs.evolve(meld, called_from=rng.choice(others))
        if meld.called_from is not None and meld.called_from not in others
        else meld
        for meld in hand.melds
    ]
    return mr.Hand(hand.concealed, melds)


def _context(rng: random.Random, hand: mr.Hand, seat: mr.Seat, theme: bool) -> mr.WinContext:
    context = random_context(rng, hand, seat)
    changes: dict[str, Any] = {}
    loose = _loose(hand)
    if theme and loose and rng.random() < 0.6:
        # A winning tile that completes a loose honour pung, or a number tile.
        honours = [tile for tile in loose if tile.is_honor and loose.count(tile) == 3]
        changes["winning_tile"] = rng.choice(honours or loose)
    if not context.self_drawn:
        if rng.random() < 0.5:
            changes["tiles_left"] = rng.randint(0, 14)
        changes["fresh_discard"] = rng.random() < 0.4
    return attrs.evolve(context, **changes) if changes else context


def random_case(rng: random.Random, options: RefOptions | None = None) -> Case:
    """One seeded case: a Mahjong from ``tests/singapore_hands.py`` (some all in one suit), a near
    miss (one loose tile exchanged, or one tile too few or too many), or a hand built around a
    theme (the pay-all scenarios, All Chow, 1s and 9s); won by a random seat at the table, on a
    random discarder's tile or self-drawn; with random options unless given."""
    if options is None:
        options = random_options(rng)
    table = _table(options)
    seat = rng.choice(table)
    others = [other for other in table if other is not seat]
    kind = rng.choices(["mahjong", "one suit", "near miss", "size", "built"], weights=[5, 1, 3, 1, 4])[0]
    if kind == "built":
        hand, origin = _theme_hand(rng, seat, others)
    else:
        hand = random_mahjong(rng, seat=seat, one_suit=0.9 if kind == "one suit" else 0.2)
        origin = kind
        if kind == "near miss":
            hand = _exchanged(rng, hand)
        elif kind == "size":
            loose = _loose(hand)
            extra = hand.draw(rng.choice(PLAYABLE))
            if loose and (rng.random() < 0.5 or not _fits(extra)):
                hand = hand.discard(rng.choice(loose))
            elif _fits(extra):
                hand = extra
    hand = _seated(rng, hand, table, seat)
    context = _context(rng, hand, seat, kind == "built")
    discarder = None if context.self_drawn else rng.choice(others)
    return Case(hand, context, discarder, options, origin)


def random_cases(seed: int, count: int) -> list[Case]:
    """``count`` seeded cases."""
    rng = random.Random(seed)
    return [random_case(rng) for _ in range(count)]
