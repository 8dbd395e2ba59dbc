"""Singapore payments: the winning payments (ruling S1), the pay-all scenarios (rulings S9, S18),
the instant payments (rulings S8, S19), and the tiles whose discard would make a player pay for all.

Who is liable under a pay-all scenario is worked out from what the hand records: its declared
melds in the order they were declared, each exposed one's ``called_from`` (the player whose discard
made it), the discarder of the winning tile, and the context's ``winning_tile``, ``tiles_left`` and
``fresh_discard``. Every declared set shows, a concealed kong too (ruling L10), and flowers and
animals are taken as shown from the start (ruling L7).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.errors import RecordError
from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import Evaluation, Settlement, Transfer, WinContext
from mahjong_rules.rulesets.singapore.doubles import DRAGONS, FLOWERS, WINDS, Facts, _animals, _flowers
from mahjong_rules.rulesets.singapore.hands import PlacedSet, Reading, SortedHand, sort_hand
from mahjong_rules.rulesets.singapore.options import SingaporeOptions
from mahjong_rules.tiles import Seat, Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["INSTANT_EVENTS", "instant", "liability", "settle", "warnings"]


def _value(evaluation: Evaluation, options: SingaporeOptions) -> int:
    # "1 point is doubled for each double the winning player has."
    return int(options.base_unit * 2**evaluation.points)


def _paid_as_self_drawn(evaluation: Evaluation) -> bool:
    """Ruling S1: 13 Wonders is paid as self-drawn, even on a discard."""
    return evaluation.arrangement is not None and evaluation.arrangement.description == "13 Wonders"


def _eight_flowers(evaluation: Evaluation) -> bool:
    """Ruling S16: eight flowers drawn by the winner is a self-drawn win; handed over by the
    player who drew the eighth flower, a win on that player's discard."""
    return evaluation.arrangement is not None and evaluation.arrangement.description == "eight flowers"


def _shares(
    evaluation: Evaluation, winner: Seat, discarder: Seat | None, options: SingaporeOptions, seats: Sequence[Seat]
) -> dict[Seat, tuple[int, str, str]]:
    value = _value(evaluation, options)
    shares = {}
    for seat in seats:
        if seat is winner:
            continue
        if evaluation.context.self_drawn:
            shares[seat] = (value * options.self_drawn_multiplier, "self-drawn: each player pays double", "self-drawn")
        elif _paid_as_self_drawn(evaluation):
            shares[seat] = (
                value * options.self_drawn_multiplier,
                "13 Wonders: paid as self-drawn",
                "paid-as-self-drawn",
            )
        elif seat is discarder and _eight_flowers(evaluation):
            shares[seat] = (
                value * options.discarder_multiplier,
                "handed over the eighth flower: as the discarder",
                "eighth-flower",
            )
        elif seat is discarder:
            shares[seat] = (value * options.discarder_multiplier, "discarded the winning tile: double", "discarder")
        else:
            shares[seat] = (value, "hand value", "hand-value")
    return shares


def settle(
    evaluation: Evaluation, winner: Seat, discarder: Seat | None, options: SingaporeOptions, seats: Sequence[Seat]
) -> Settlement:
    """The winning payments, a pay-all scenario's liable player paying every loser's share
    (ruling S18)."""
    shares = _shares(evaluation, winner, discarder, options, seats)
    liable = liability(evaluation, winner, discarder, options)
    if liable is not None and liable[0] in shares:
        payer, scenario = liable
        amount = sum(amount for amount, _, _ in shares.values())
        return Settlement(
            [Transfer(payer, winner, amount, f"pays for all: {scenario}", code="pays-for-all")], seats=seats
        )
    transfers = [Transfer(seat, winner, amount, why, code=code) for seat, (amount, why, code) in shares.items()]
    return Settlement(transfers, seats=seats)


# -- pay-all scenarios ----------------------------------------------------------------------------


def _showing_doubles(placed: PlacedSet, context: WinContext) -> int:
    """The doubles a declared pung or kong shows: a dragon's, the prevailing and seat winds'."""
    if not placed.is_triplet:
        return 0
    if placed.tile in DRAGONS:
        return 1
    return int(placed.tile is context.prevailing_wind.wind) + int(placed.tile is context.seat_wind.wind)


def _bonus_doubles(hand: SortedHand, context: WinContext) -> int:
    facts = Facts(Reading("standard"), hand, context)
    return sum(line.points for line in _animals(facts) + _flowers(facts))


def _scenario_tiles(placed: Sequence[PlacedSet]) -> tuple[set[Tile], set[Tile]]:
    dragons = {item.tile for item in placed if item.is_triplet and item.tile in DRAGONS}
    winds = {item.tile for item in placed if item.is_triplet and item.tile in WINDS}
    return dragons, winds


def _color(tile: Tile) -> str:
    """The suit of a tile for the colour hands: its number suit, or the Honor suit."""
    return "honours" if tile.suit is None else tile.suit.name


def _one_color(shown: Sequence[PlacedSet]) -> str | None:
    """The suit of 3 or 4 shown sets all of one suit (the Honor suit too: "the Honor Suit only" is
    Full Color), or ``None``."""
    colors = {_color(placed.tile) for placed in shown}
    return colors.pop() if len(shown) >= 3 and len(colors) == 1 else None


def _doubling_tile(tile: Tile, context: WinContext) -> bool:
    return tile in DRAGONS or tile in (context.prevailing_wind.wind, context.seat_wind.wind)


def _showing(shown: Sequence[PlacedSet], hand: SortedHand, context: WinContext) -> int:
    """The doubles showing in a player's exposed tiles: the bonus tiles' (ruling L7), each shown
    dragon or wind pong's (ruling S10), and the big three dragons' and big four winds' totals
    (rulings S4, S11), which the shown pongs make on their own."""
    doubles = _bonus_doubles(hand, context) + sum(_showing_doubles(placed, context) for placed in shown)
    dragons, winds = _scenario_tiles(shown)
    if len(dragons) == 3:
        doubles += 2
    if len(winds) == 4:
        doubles = doubles - sum(_showing_doubles(p, context) for p in shown if p.tile in WINDS and p.is_triplet) + 5
    return doubles


def _reaches_limit(
    tile: Tile,
    pongs: bool,
    shown: Sequence[PlacedSet],
    hand: SortedHand,
    context: WinContext,
    options: SingaporeOptions,
) -> bool:
    """Whether the limit is showing, or showing once ``tile`` is shown as a pong (``pongs``)."""
    if _showing(shown, hand, context) >= options.limit:
        return True
    return pongs and _showing([*shown, PlacedSet("pung", tile)], hand, context) >= options.limit


def liability(
    evaluation: Evaluation, winner: Seat, discarder: Seat | None, options: SingaporeOptions
) -> tuple[Seat, str] | None:
    """The player liable to pay for all, with the scenario, or ``None``: of the scenarios met, the
    last one encountered (ruling S9), and only if the winner drew the winning tile or that player
    threw it (rulings S9, S18). Several scenarios met by that player last, one after another (a
    discard completing the Wind tile set and winning a hand of honours), are all named."""
    context = evaluation.context
    sorted_hand = sort_hand(evaluation.hand)
    events: list[tuple[Seat, str]] = []
    shown: list[PlacedSet] = []
    showing = _showing(shown, sorted_hand, context)
    for placed in sorted_hand.declared:
        caller = placed.meld.called_from if placed.meld is not None else None
        dragons, winds = _scenario_tiles(shown)
        gain = _showing([*shown, placed], sorted_hand, context) - showing
        if caller is not None and caller is not winner and placed.is_triplet:
            if options.pay_all_dragons and len(dragons) == 2 and placed.tile in DRAGONS - dragons:
                events.append((caller, "the Dragon tile set"))
            if options.pay_all_winds and len(winds) == 3 and placed.tile in WINDS - winds:
                events.append((caller, "the Wind tile set"))
            doubling = _doubling_tile(placed.tile, context)
            if options.pay_all_limit and doubling and showing + gain >= options.limit:
                events.append((caller, "the doubles limit"))
        shown.append(placed)
        showing += gain
    tile = context.winning_tile
    # The eighth flower handed over (ruling S16) is settled as a win on that player's discard, and
    # no pay-all scenario applies: a hand of all eight flowers won on a discard is that case.
    if discarder is not None and len(FLOWERS.intersection(sorted_hand.bonus)) == len(FLOWERS):
        return None
    handed_over = tile is not None and tile.is_bonus
    if discarder is not None and tile is not None and not handed_over:
        events += _winning_discard(evaluation, discarder, tile, shown, sorted_hand, options)
    if (
        discarder is not None
        and not handed_over
        and options.pay_all_fresh
        and context.fresh_discard
        and context.tiles_left is not None
        and context.tiles_left < options.fresh_threshold
    ):
        events.append((discarder, "a fresh tile at the end of the game"))
    allowed = [event for event in events if context.self_drawn or event[0] is discarder]
    if not allowed:
        return None
    payer = allowed[-1][0]
    scenarios: list[str] = []
    for seat, scenario in reversed(allowed):  # the last player's scenarios, met one after another
        if seat is not payer:
            break
        if scenario not in scenarios:
            scenarios.insert(0, scenario)
    return payer, " and ".join(scenarios)


def _winning_discard(
    evaluation: Evaluation,
    discarder: Seat,
    tile: Tile,
    shown: list[PlacedSet],
    hand: SortedHand,
    options: SingaporeOptions,
) -> list[tuple[Seat, str]]:
    context = evaluation.context
    arrangement = evaluation.arrangement
    completes = arrangement is not None and any(
        not meld.exposed and meld.is_identical and meld.size >= 3 and meld.represents is tile
        for meld in arrangement.melds
    )
    dragons, winds = _scenario_tiles(shown)
    events = []
    if options.pay_all_dragons and completes and len(dragons) == 2 and tile in DRAGONS - dragons:
        events.append((discarder, "the Dragon tile set"))
    if options.pay_all_winds and completes and len(winds) == 3 and tile in WINDS - winds:
        events.append((discarder, "the Wind tile set"))
    reaches = _reaches_limit(tile, completes, shown, hand, context, options)
    if options.pay_all_limit and _doubling_tile(tile, context) and reaches:
        events.append((discarder, "the doubles limit"))
    color = _one_color(shown)
    if options.pay_all_full_color and color is not None and _color(tile) == color:
        events.append((discarder, "full color"))
    return events


# -- instant payments -------------------------------------------------------------------------------

INSTANT_EVENTS = (
    "exposed kong",
    "concealed kong",
    "cat and mouse",
    "rooster and centipede",
    "seat flowers",
    "all animals",
    "flower set",
)
"""The events that are paid at once (rulings S8, S19)."""

_DOUBLED_WHEN_INITIAL = frozenset({"cat and mouse", "rooster and centipede", "seat flowers"})


def instant(
    event: str, receiver: object, options: SingaporeOptions, seats: Sequence[Seat], *, initial: bool
) -> Settlement:
    """Every other player pays ``receiver`` the event's amount; the animal pairs and the seat
    flowers pay ``initial_multiplier`` times as much when held in the first 13 tiles (ruling S19).

    Raises:
        RecordError: an event the rules do not pay for.
    """
    amounts = {
        "exposed kong": options.exposed_kong,
        "concealed kong": options.concealed_kong,
        "cat and mouse": options.animal_pair,
        "rooster and centipede": options.animal_pair,
        "seat flowers": options.seat_flowers,
        "all animals": options.all_animals,
        "flower set": options.flower_set,
    }
    if type(initial) is not bool:  # "no" would read as true
        raise TypeError(f"initial is True or False, not {describe(initial)}")
    if not isinstance(event, str):
        raise TypeError(f"event is the name of an instant payment, not {describe(event)}")
    if event not in amounts:
        raise RecordError(f"no instant payment for {event[:40]!r}; the events are: {', '.join(INSTANT_EVENTS)}")
    seat = as_seat(receiver, "receiver")
    if seat not in seats:
        raise RecordError(f"{seat.name.title()} is not at the table")
    amount = amounts[event] * (options.initial_multiplier if initial and event in _DOUBLED_WHEN_INITIAL else 1)
    reason = f"{event}{' in the first 13 tiles' if initial and event in _DOUBLED_WHEN_INITIAL else ''}"
    code = event.replace(" ", "-")
    transfers = [Transfer(other, seat, amount, reason, code=code) for other in seats if other is not seat and amount]
    return Settlement(transfers, seats=seats)


# -- warnings ---------------------------------------------------------------------------------------


def warnings(
    hand: Hand,
    sorted_hand: SortedHand,
    context: WinContext,
    options: SingaporeOptions,
    discarded: set[Tile],
    tileset: TileSet,
) -> dict[Tile, str]:
    """The tiles whose discard by another player would make that player liable: a third dragon or a
    fourth wind the hand could pung, kong or win with, a doubling tile at (or reaching) the limit,
    a tile of the full color suit it wins with, a fresh tile it wins with at the end of the game."""
    shown = list(sorted_hand.declared)
    winning = {Tile.from_index(index) for index in sorted_hand.waits(tileset)} if sorted_hand.size == 13 else set()
    # A dragon or wind completes a set by a pong, a kong, or a win that pongs it: 2 held at least.
    pungable = {Tile.from_index(index) for index, count in enumerate(sorted_hand.concealed) if count >= 2}
    dragons, winds = _scenario_tiles(shown)
    found: dict[Tile, list[str]] = {}
    if options.pay_all_dragons and len(dragons) == 2:
        for tile in (DRAGONS - dragons) & pungable:
            found.setdefault(tile, []).append("the Dragon tile set")
    if options.pay_all_winds and len(winds) == 3:
        for tile in (WINDS - winds) & pungable:
            found.setdefault(tile, []).append("the Wind tile set")
    if options.pay_all_limit:
        for tile in winning | pungable:
            reaches = _reaches_limit(tile, tile in pungable, shown, sorted_hand, context, options)
            if _doubling_tile(tile, context) and reaches:
                found.setdefault(tile, []).append("the doubles limit")
    color = _one_color(shown)
    if options.pay_all_full_color and color is not None:
        for tile in winning:
            if _color(tile) == color:
                found.setdefault(tile, []).append("full color")
    if options.pay_all_fresh and context.tiles_left is not None and context.tiles_left < options.fresh_threshold:
        for tile in winning - discarded:
            found.setdefault(tile, []).append("a fresh tile at the end of the game")
    return {tile: " and ".join(scenarios) for tile, scenarios in sorted(found.items())}
