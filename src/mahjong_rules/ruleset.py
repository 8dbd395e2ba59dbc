"""What every ruleset offers (:class:`Ruleset`) and the records it exchanges with callers.

A ruleset takes a :class:`~mahjong_rules.Hand` (and a :class:`WinContext` saying how it was won)
and returns an :class:`Evaluation`; :meth:`Ruleset.settle` turns an evaluation into a
:class:`Settlement` of payments between seats.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, Protocol, Self, SupportsIndex, TypeVar, overload, runtime_checkable

import attrs

from mahjong_rules._coerce import as_seat, as_tile, describe
from mahjong_rules._text import count_of, signed
from mahjong_rules.errors import ContextError, RecordError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Seat, Tile
from mahjong_rules.tilesets import TileSet

__all__ = [
    "Arrangement",
    "DiscardOption",
    "DiscardOptions",
    "Evaluation",
    "PassOption",
    "Reason",
    "Ruleset",
    "ScoreItem",
    "Settlement",
    "TableList",
    "Transfer",
    "WinContext",
    "as_context",
]


def _is_bool(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise TypeError(f"{attribute.name} is True or False, not {describe(value)}")


def _optional_count(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and type(value) is not int:
        raise TypeError(f"{attribute.name} is a number of tiles (0 or more) or None, not {describe(value)}")
    if value is not None and value < 0:
        raise ContextError(f"{attribute.name} is a number of tiles, 0 or more, not {value}")


def _seat(value: object) -> Seat:
    return as_seat(value, "a wind of the win context")


def _optional_tile(value: object) -> Tile | None:
    return None if value is None else as_tile(value, "winning_tile")


def _instances(kind: type, field: str) -> Any:
    """A converter to a tuple of ``kind`` instances, refusing anything else with a TypeError."""

    def convert(items: Iterable[Any]) -> tuple[Any, ...]:
        if isinstance(items, str | bytes) or not isinstance(items, Iterable):
            raise TypeError(f"{field} is an iterable of {kind.__name__}, not {describe(items)}")
        collected = tuple(items)
        for item in collected:
            if not isinstance(item, kind):
                raise TypeError(f"{field} holds {kind.__name__} records, not {describe(item)}")
        return collected

    return convert


def _melds(items: Iterable[Meld]) -> tuple[Meld, ...]:
    converted: tuple[Meld, ...] = _instances(Meld, "an arrangement's melds")(items)
    return converted


def _score_items(items: Iterable[ScoreItem]) -> tuple[ScoreItem, ...]:
    converted: tuple[ScoreItem, ...] = _instances(ScoreItem, "breakdown")(items)
    return converted


def _reasons(items: Iterable[Reason]) -> tuple[Reason, ...]:
    converted: tuple[Reason, ...] = _instances(Reason, "reasons")(items)
    return converted


def _transfers(items: Iterable[Transfer]) -> tuple[Transfer, ...]:
    converted: tuple[Transfer, ...] = _instances(Transfer, "transfers")(items)
    return converted


MAX_AMOUNT = 10**15
"""The largest number of points or amount paid a record holds: far beyond any hand's worth, and
small enough to print (Python refuses to write integers of thousands of digits as text)."""


def _amount(accepts: str) -> Any:
    """A validator for a whole number of points or an amount: an int (not a bool), at most
    :data:`MAX_AMOUNT` either way."""
    of_type = _of_type(int, accepts)

    def check(instance: object, attribute: attrs.Attribute[Any], value: int) -> None:
        of_type(instance, attribute, value)
        if abs(value) > MAX_AMOUNT:
            digits = int(abs(value).bit_length() * 0.30103) + 1  # never str() of a huge number
            raise RecordError(f"{attribute.name} is at most {MAX_AMOUNT:,} either way, not a {digits}-digit number")

    return check


def _of_type(kind: type | tuple[type, ...], accepts: str) -> Any:
    """A validator refusing values of another type with a TypeError naming the field."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind) or (kind is int and type(value) is bool):
            raise TypeError(f"{attribute.name} is {accepts}, not {describe(value)}")

    return check


@attrs.frozen
class WinContext:
    """How a hand was won. Every field defaults to the plain case: won on a discard, nothing
    special, East seat in an East round.

    >>> WinContext(self_drawn=True).self_drawn
    True
    >>> context = WinContext(seat_wind="S", winning_tile="5B")  # a seat's letter, a tile's notation
    >>> context.seat_wind, context.winning_tile
    (<Seat.SOUTH: 1>, Tile.parse('5B'))
    >>> WinContext(kong_replacement=True)
    Traceback (most recent call last):
        ...
    mahjong_rules.errors.ContextError: kong_replacement is a self-drawn win: set self_drawn=True too

    Attributes:
        self_drawn: the winning tile was drawn from the wall, not a called discard.
        winning_tile: the tile that completed the hand, when known.
        first_turn: Mahjong on the player's first turn.
        last_tile: won with the last tile of the wall, or the final discard.
        seat_wind: the winner's seat wind, which is also the winner's seat: settlement pays this
            seat.
        prevailing_wind: the round's prevailing wind.
        kong_replacement: won on the replacement tile drawn after a kong (self-drawn).
        robbing_kong: won on a tile another player added to an exposed pung (a discard).
        flower_replacement: won on the replacement tile drawn after a flower or animal
            (self-drawn).
        tiles_left: how many tiles were still to be drawn in the game when the hand was won,
            when known (``None``); tiles never drawn (Singapore keeps 15) are not counted (ruling
            L8). Singapore's end-of-game pay-all reads it. It agrees with ``last_tile``: 0 with
            the last tile; a self-drawn win with 0 left is the last tile (``last_tile`` is set).
        fresh_discard: won on a discard of a tile no one had discarded before in the game
            (a "fresh" tile; a win on a discard only).
    """

    self_drawn: bool = attrs.field(default=False, validator=_is_bool)
    winning_tile: Tile | None = attrs.field(default=None, converter=_optional_tile)
    first_turn: bool = attrs.field(default=False, validator=_is_bool)
    last_tile: bool = attrs.field(default=False, validator=_is_bool)
    seat_wind: Seat = attrs.field(default=Seat.EAST, converter=_seat)
    prevailing_wind: Seat = attrs.field(default=Seat.EAST, converter=_seat)
    kong_replacement: bool = attrs.field(default=False, validator=_is_bool)
    robbing_kong: bool = attrs.field(default=False, validator=_is_bool)
    flower_replacement: bool = attrs.field(default=False, validator=_is_bool)
    tiles_left: int | None = attrs.field(default=None, validator=_optional_count)
    fresh_discard: bool = attrs.field(default=False, validator=_is_bool)

    def __attrs_post_init__(self) -> None:
        for flag in ("kong_replacement", "flower_replacement"):
            if getattr(self, flag) and not self.self_drawn:
                raise ContextError(f"{flag} is a self-drawn win: set self_drawn=True too")
        if self.robbing_kong and self.self_drawn:
            raise ContextError("robbing_kong is a win on another player's tile: self_drawn must be False")
        if self.kong_replacement and self.flower_replacement:
            raise ContextError("a replacement tile follows either a kong or a flower, not both")
        if self.fresh_discard and self.self_drawn:
            raise ContextError("fresh_discard describes a discard won on: self_drawn must be False")
        if self.last_tile and self.tiles_left:
            raise ContextError(f"last_tile says the wall is done, yet tiles_left is {self.tiles_left}")
        if self.self_drawn and self.tiles_left == 0:
            # A tile drawn with none left after it is the last tile: the context says so already.
            object.__setattr__(self, "last_tile", True)


_CONTEXT_FIELDS = tuple(field.name for field in attrs.fields(WinContext))


def as_context(value: object) -> WinContext:
    """A win context from ``None`` (the plain case), a :class:`WinContext`, or a mapping of its
    fields (``{"self_drawn": True}``).

    Raises:
        TypeError: any other value, or a field of the wrong type.
        ContextError: a mapping naming a field WinContext does not have, or contradictory flags.
    """
    if value is None:
        return WinContext()
    if isinstance(value, WinContext):
        return value
    if isinstance(value, Mapping):
        unknown = [str(key) for key in value if key not in _CONTEXT_FIELDS]
        if unknown:
            raise ContextError(f"unknown win context field {unknown[0]!r}; fields: {', '.join(_CONTEXT_FIELDS)}")
        return WinContext(**value)
    raise TypeError(f"context is a WinContext, a mapping of its fields, or None, not {describe(value)}")


@attrs.frozen
class Reason:
    """Why a hand is not winning: a stable ``code`` for programs, a ``message`` for players."""

    code: str = attrs.field(validator=_of_type(str, "text"))
    message: str = attrs.field(validator=_of_type(str, "text"))

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


@attrs.frozen
class ScoreItem:
    """One line of a score breakdown: a scoring element's ``name`` and the ``points`` it adds
    (in the ruleset's own unit)."""

    name: str = attrs.field(validator=_of_type(str, "text"))
    points: int = attrs.field(validator=_amount("an integer"))

    def __str__(self) -> str:
        return f"{self.name}: {self.points:+d}"


@attrs.frozen
class Arrangement:
    """One way of splitting a hand into its ruleset's sets.

    Attributes:
        melds: every set, exposed and concealed, in the ruleset's order.
        description: what the ruleset read the hand as (for example a sequence or a card line).
    """

    melds: tuple[Meld, ...] = attrs.field(converter=_melds)
    description: str = attrs.field(default="", validator=_of_type(str, "text"))

    def __str__(self) -> str:
        return self.format()

    def format(self, declared: Iterable[Meld] = ()) -> str:
        """The arrangement as text: exposed sets in brackets as in the notation, the
        ``declared`` concealed sets (a hand's ``{5555C}``) in braces, and sets arranged from
        concealed tiles in parentheses; then the description. Hand notation reads it back.

        >>> import mahjong_rules as mr
        >>> evaluation = mr.get_ruleset("singapore").evaluate("123m 456p 789s 22z {5555C} RF1")
        >>> evaluation.arrangement.format(evaluation.hand.melds).split(":")[0]
        '{5555C} (789B) (123C) (456D) (SS) [RF1]'
        """
        left = [meld for meld in declared if not meld.exposed]
        shown = []
        for meld in self.melds:
            if meld.exposed:
                shown.append(meld.format())
            elif any(meld.tiles == other.tiles for other in left):
                left.remove(next(other for other in left if other.tiles == meld.tiles))
                shown.append(meld.format())
            else:
                shown.append(f"({meld.format()[1:-1]})")
        sets = " ".join(shown)
        return f"{sets}: {self.description}" if self.description else sets


POINTS_UNITS: dict[str, str] = {"singapore": "double"}
"""What a ruleset's points count, by its name, when not points: Singapore counts doubles. A
ruleset class registered with a ``points_unit`` attribute adds its own
(:func:`~mahjong_rules.register_ruleset`)."""


def points_unit(ruleset: str) -> str:
    """What the points of the named ruleset count, for text: ``"point"``, or ``"double"`` in
    Singapore, whose rules count doubles (:data:`POINTS_UNITS`)."""
    return POINTS_UNITS.get(ruleset, "point")


@attrs.frozen
class Evaluation:
    """A ruleset's verdict on a hand.

    Attributes:
        ruleset: the name of the ruleset that evaluated the hand.
        hand: the hand evaluated.
        context: how it was won.
        is_winning: whether the hand is a valid Mahjong.
        points: the hand's value in the ruleset's own unit (0 when not winning).
        breakdown: the scoring elements that make up ``points``.
        arrangement: the arrangement scored (the best one, ruling T3), or ``None``.
        reasons: why the hand is not winning (empty when it is).
        options: the options of the ruleset that made the evaluation (``None`` when a ruleset
            does not record them); settlement refuses an evaluation made under other options.
    """

    ruleset: str = attrs.field(validator=_of_type(str, "the ruleset's name"))
    hand: Hand = attrs.field(validator=_of_type(Hand, "a Hand"))
    context: WinContext = attrs.field(validator=_of_type(WinContext, "a WinContext"))
    is_winning: bool = attrs.field(validator=_is_bool)
    points: int = attrs.field(default=0, validator=_amount("an integer"))
    breakdown: tuple[ScoreItem, ...] = attrs.field(default=(), converter=_score_items)
    arrangement: Arrangement | None = attrs.field(
        default=None, validator=attrs.validators.optional(_of_type(Arrangement, "an Arrangement or None"))
    )
    reasons: tuple[Reason, ...] = attrs.field(default=(), converter=_reasons)
    options: Any = None

    def __attrs_post_init__(self) -> None:
        if self.is_winning and self.reasons:
            raise RecordError("a winning evaluation has no reasons against it")
        if not self.is_winning and not self.reasons:
            raise RecordError("an evaluation that is not winning says why (reasons)")
        if not self.is_winning and self.points:
            raise RecordError("a hand that is not winning is worth 0 points")
        if self.points < 0:
            raise RecordError(f"a hand is worth 0 points or more, not {self.points}")

    def __str__(self) -> str:
        if not self.is_winning:
            why = "; ".join(reason.message for reason in self.reasons)
            return f"{self.hand}: not Mahjong in {self.ruleset} ({why})"
        items = ", ".join(str(item) for item in self.breakdown)
        return f"{self.hand}: Mahjong in {self.ruleset}, {count_of(self.points, points_unit(self.ruleset))} ({items})"

    def _repr_html_(self) -> str:
        """The evaluation with pictures, which Jupyter shows
        (:func:`mahjong_rules.pictures.evaluation_html`)."""
        from mahjong_rules.pictures import evaluation_html

        return evaluation_html(self)


def _tiles(items: Iterable[Tile]) -> frozenset[Tile]:
    collected = frozenset(items)
    for item in collected:
        if not isinstance(item, Tile):
            raise TypeError(f"helpful holds tiles, not {describe(item)}")
    return collected


@attrs.frozen
class DiscardOption:
    """One discard a hand that must discard could make, for a player or a bot choosing one.

    Attributes:
        discard: the tile discarded.
        tiles_away: the tiles away the hand is after the discard (1: it then waits).
        helpful: the tiles whose draw would then bring the hand one tile closer, among those
            with a copy left to draw.
        helpful_unseen: how many copies of the helpful tiles are still unseen (not in the hand,
            its exposures, or the tiles the caller says were seen).
    """

    discard: Tile = attrs.field(validator=_of_type(Tile, "a Tile"))
    tiles_away: int = attrs.field(validator=_of_type(int, "an integer"))
    helpful: frozenset[Tile] = attrs.field(converter=_tiles)
    helpful_unseen: int = attrs.field(validator=_of_type(int, "an integer"))

    @classmethod
    def _built(cls, discard: Tile, tiles_away: int, helpful: frozenset[Tile], helpful_unseen: int) -> DiscardOption:
        """An option the library worked out itself, its fields right by construction: made without
        checking them again (an analysis makes one for every discard, at every turn of a game)."""
        option: DiscardOption = object.__new__(cls)
        object.__setattr__(option, "discard", discard)
        object.__setattr__(option, "tiles_away", tiles_away)
        object.__setattr__(option, "helpful", helpful)
        object.__setattr__(option, "helpful_unseen", helpful_unseen)
        return option

    def __str__(self) -> str:
        helpful = " ".join(str(tile) for tile in sorted(self.helpful)) or "none"
        return (
            f"discard {self.discard}: {count_of(self.tiles_away, 'tile')} away, "
            f"helped by {helpful} ({count_of(self.helpful_unseen, 'unseen copy', 'unseen copies')})"
        )

    def _repr_html_(self) -> str:
        """The option as a row of pictures, which Jupyter shows."""
        from mahjong_rules.pictures import discard_options_html

        return discard_options_html([self])


_Item = TypeVar("_Item")


class TableList(list[_Item]):
    """A list of analysis results that Jupyter shows as a table (its subclass's ``_repr_html_``);
    a slice of it is a list of the same kind, so it shows as a table too."""

    @overload
    def __getitem__(self, index: SupportsIndex) -> _Item: ...

    @overload
    def __getitem__(self, index: slice) -> Self: ...

    def __getitem__(self, index: SupportsIndex | slice) -> _Item | Self:
        if isinstance(index, slice):
            return type(self)(super().__getitem__(index))
        return super().__getitem__(index)


class DiscardOptions(TableList[DiscardOption]):
    """The discard options of a hand, best first: a list that Jupyter shows as a table with
    pictures (:func:`mahjong_rules.pictures.discard_options_html`)."""

    def _repr_html_(self) -> str:
        from mahjong_rules.pictures import discard_options_html

        return discard_options_html(self)


def _sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    found = tuple(sorted(tiles))
    if not all(isinstance(tile, Tile) for tile in found):
        raise TypeError("the tiles passed are Tiles")
    return found


@attrs.frozen
class PassOption:
    """One choice of tiles to pass in the Charleston, for a player or a bot choosing one.

    Attributes:
        tiles: the tiles passed, in tile order.
        tiles_away: how many tiles the kept ones still lack to make a valid hand (exact, the
            tiles to come in the pass included: a 13-tile hand keeping 10 is at least 4 away).
        helpful: the tiles whose arrival would bring the kept tiles one closer, among those with
            a copy left outside the kept tiles.
        helpful_unseen: how many copies of the helpful tiles are still unseen (not in the hand,
            its exposures, or the tiles the caller says were seen).
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_sorted_tiles)
    tiles_away: int = attrs.field(validator=_of_type(int, "an integer"))
    helpful: frozenset[Tile] = attrs.field(converter=_tiles)
    helpful_unseen: int = attrs.field(validator=_of_type(int, "an integer"))

    def __str__(self) -> str:
        helpful = " ".join(str(tile) for tile in sorted(self.helpful)) or "none"
        passed = " ".join(str(tile) for tile in self.tiles)
        return (
            f"pass {passed}: {count_of(self.tiles_away, 'tile')} away, "
            f"helped by {helpful} ({count_of(self.helpful_unseen, 'unseen copy', 'unseen copies')})"
        )


@attrs.frozen
class Transfer:
    """One payment: ``payer`` pays ``amount`` to ``payee``, for ``reason`` (text for people) and
    ``code`` (a stable name for programs: ``"hand-value"``, ``"discarder"``, ``"self-drawn"``,
    ``"several-winners"``, ``"paid-as-self-drawn"``, ``"eighth-flower"``, ``"pays-for-all"``, or
    an instant payment's event, such as ``"exposed-kong"``; empty when not given)."""

    payer: Seat = attrs.field(validator=_of_type(Seat, "a Seat"))
    payee: Seat = attrs.field(validator=_of_type(Seat, "a Seat"))
    amount: int = attrs.field(validator=_amount("a non-negative integer"))
    reason: str = attrs.field(default="", validator=_of_type(str, "text"))
    code: str = attrs.field(default="", validator=_of_type(str, "text"), kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.payer is self.payee:
            raise RecordError(f"a seat does not pay itself: {self.payer.name.title()} pays {self.payee.name.title()}")
        if self.amount < 0:
            raise RecordError(f"a transfer's amount is a non-negative integer, not {self.amount!r}")

    def __str__(self) -> str:
        text = f"{self.payer.name.title()} pays {self.payee.name.title()} {self.amount}"
        return f"{text} ({self.reason})" if self.reason else text


def _net_payments(transfers: tuple[Transfer, ...], seats: tuple[Seat, ...]) -> Mapping[Seat, int]:
    net = dict.fromkeys(seats, 0)
    for transfer in transfers:
        for seat in (transfer.payer, transfer.payee):
            if seat not in net:
                raise RecordError(f"{seat.name.title()} is not one of the settlement's seats")
        net[transfer.payer] -= transfer.amount
        net[transfer.payee] += transfer.amount
    return MappingProxyType(net)


def _seats(seats: Iterable[Seat]) -> tuple[Seat, ...]:
    collected: tuple[Seat, ...] = _instances(Seat, "seats")(seats)
    return tuple(sorted(set(collected), key=lambda seat: seat.value))


@attrs.frozen
class Settlement:
    """The payments for one win, as transfers between seats.

    >>> s = Settlement((Transfer(Seat.SOUTH, Seat.EAST, 6, "discarder"), Transfer(Seat.WEST, Seat.EAST, 3)))
    >>> dict(s.payments)
    {<Seat.EAST: 0>: 9, <Seat.SOUTH: 1>: -6, <Seat.WEST: 2>: -3, <Seat.NORTH: 3>: 0}
    >>> print(s)
    South pays East 6 (discarder)
    West pays East 3
    net: East +9, South -6, West -3, North 0

    Attributes:
        transfers: each payment with its reason.
        seats: the seats at the table (all four by default).
        payments: each seat's net amount, positive when it receives; always sums to zero.
    """

    transfers: tuple[Transfer, ...] = attrs.field(converter=_transfers)
    seats: tuple[Seat, ...] = attrs.field(default=tuple(Seat), converter=_seats)
    payments: Mapping[Seat, int] = attrs.field(init=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "payments", _net_payments(self.transfers, self.seats))

    def __reduce__(self) -> tuple[type[Settlement], tuple[tuple[Transfer, ...], tuple[Seat, ...]]]:
        # Pickled as its transfers and seats: the read-only payments mapping is computed again.
        return (Settlement, (self.transfers, self.seats))

    def __str__(self) -> str:
        net = ", ".join(f"{seat.name.title()} {signed(amount)}" for seat, amount in self.payments.items())
        lines = [str(transfer) for transfer in self.transfers] or ["no payments"]
        return "\n".join([*lines, f"net: {net}"])

    def _repr_html_(self) -> str:
        """The settlement as tables, which Jupyter shows
        (:func:`mahjong_rules.pictures.settlement_html`)."""
        from mahjong_rules.pictures import settlement_html

        return settlement_html(self)


@runtime_checkable
class Ruleset(Protocol):
    """What every ruleset offers. Get one with :func:`~mahjong_rules.get_ruleset`."""

    @property
    def name(self) -> str:
        """The name the ruleset is registered under."""
        ...

    @property
    def tileset(self) -> TileSet:
        """The tiles of the game as the ruleset's options set it up."""
        ...

    def evaluate(self, hand: Hand, context: WinContext | None = None) -> Evaluation:
        """Whether ``hand`` is a winning hand and what it is worth (its best arrangement, T3)."""
        ...

    def decompositions(self, hand: Hand) -> Iterator[Arrangement]:
        """Every valid arrangement of ``hand`` into the ruleset's sets, lazily."""
        ...

    def tiles_away(self, hand: Hand) -> int:
        """The fewest tiles to exchange to reach a winning hand (0: it is winning). Exact."""
        ...

    def waits(self, hand: Hand) -> frozenset[Tile]:
        """For a hand one tile short, the tiles that would complete it."""
        ...

    def settle(self, evaluation: Evaluation, winner: Seat | None = None, discarder: Seat | None = None) -> Settlement:
        """The payments for a winning ``evaluation`` made by this ruleset, under its options.

        How the hand was won comes from the evaluation: ``winner`` defaults to the context's seat
        wind and may not contradict it; ``discarder`` threw the winning tile, and is required
        exactly when the context says the hand was not self-drawn.

        Raises:
            SettlementError: the arguments contradict the evaluation, or it is not winning.
        """
        ...
