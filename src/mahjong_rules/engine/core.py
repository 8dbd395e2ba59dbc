"""What every playable round shares: actions, the error for an illegal one, the result of a round,
and the protocol a round of any ruleset family provides.

A round is an immutable state. :meth:`Round.legal_actions` lists what each seat may do now;
:meth:`Round.apply` returns the next state, or raises :class:`IllegalActionError` and leaves the
state as it was (it is immutable, so nothing can have changed). A round is determined by its
ruleset, its options, its seed and its actions, which is what a :class:`~mahjong_rules.engine.Replay`
records.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import numbers
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.engine.view import _frozen
from mahjong_rules.errors import ArgumentError, MahjongError, RecordError
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Evaluation, Reason, Ruleset, Settlement
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat, Tile

if TYPE_CHECKING:
    from mahjong_rules.engine.view import PlayerView
    from mahjong_rules.hand import Hand

__all__ = ["Action", "ActionKind", "IllegalActionError", "Round", "RoundResult"]


class ActionKind(enum.Enum):
    """What a seat does. Each family of rounds uses the kinds its rules have."""

    __hash__ = object.__hash__  # as Seat's: one instance per member, hashed often

    DRAW = "draw"
    """Take the next tile of the wall (Singapore: bonus tiles are exposed and replaced on the way)."""
    DISCARD = "discard"
    """Discard ``tiles[0]`` face up."""
    PASS = "pass"
    """Let the last discard go (decline every call), or skip an optional step."""
    CALL = "call"
    """Call the last discard to expose ``meld`` (which holds the discard); ``tiles[0]`` is the
    discard taken, in every family (a call without it is read as naming it)."""
    MAHJONG = "mahjong"
    """Declare a win: on the last discard or by robbing a kong (``tiles[0]`` is the tile taken, in
    every family; a Mahjong without it is read as naming it), or self-drawn (no tile)."""
    KONG = "kong"
    """Declare a kong on one's own turn: concealed (``meld``), or add ``tiles[0]`` to an exposed
    pung (``meld`` is the pung)."""
    JOKER_SWAP = "joker_swap"
    """Give ``tiles[0]`` for a joker in the exposed ``meld`` of seat ``target``."""
    BLANK_SWAP = "blank_swap"
    """Flex: give a blank for a discard on the table: ``tiles`` are the blank and the discard
    taken. (Before 0.2 a blank swap was a ``JOKER_SWAP`` without a meld; rounds still read those.)"""
    CHARLESTON = "charleston"
    """Pass ``tiles`` in the Charleston (``blind`` more passed on unseen)."""
    VOTE = "vote"
    """Say whether to play the optional second Charleston (``flag``) or how many tiles to trade in
    the courtesy pass (``count``)."""


def _checked_seed(seed: object) -> int:
    """A round's seed: a whole number of 0 or more (a NumPy integer too), as an int. A string or a
    float would seed the shuffle too, but no replay records it (1.5 would be read back as 1), and
    -5 would shuffle as 5 does.

    Raises:
        ArgumentError: ``seed`` is not such a number.
    """
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise ArgumentError(f"a round's seed is a whole number (0 or more), not {describe(seed)}")
    return int(seed)


def _tiles(value: Sequence[Tile | str] | Tile) -> tuple[Tile, ...]:
    if isinstance(value, str):
        value = value.split()
    elif isinstance(value, Tile):
        return (value,)  # one tile, as Action("E", "discard", tile) writes it
    elif not isinstance(value, Iterable):
        raise TypeError(f"an action's tiles are tiles or their notation, not {describe(value)}")
    found = []
    for item in value:
        if isinstance(item, Tile):
            found.append(item)
        elif isinstance(item, str):
            found.append(Tile.parse(item))
        else:
            raise TypeError(f"an action's tiles are tiles or their notation, not {describe(item)}")
    return tuple(found)


def _optional_meld(value: object) -> Meld | None:
    if value is None or isinstance(value, Meld):
        return value
    if isinstance(value, str):
        return Meld.parse(value)
    raise TypeError(f"an action's meld is a Meld, its notation or None, not {describe(value)}")


def _optional_seat(value: object) -> Seat | None:
    return None if value is None else as_seat(value, "an action's target")


def _seat(value: object) -> Seat:
    return as_seat(value, "an action's seat")


def _kind(value: object) -> ActionKind:
    if isinstance(value, ActionKind):
        return value
    if isinstance(value, str):
        for kind in ActionKind:
            if kind.value == value.lower():
                return kind
    raise TypeError(f"an action's kind is an ActionKind or its name, not {describe(value)}")


def _check_count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:  # True is no count, nor 2.9
        raise TypeError(f"an action's count is a whole number, not {describe(value)}")
    if not 0 <= value <= MAX_ACTION_COUNT:
        raise RecordError(f"an action's count is 0 to {MAX_ACTION_COUNT}, not {value}")


def _check_flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:  # "false" is no flag, nor 1
        raise TypeError(f"an action's flag is true or false, not {describe(value)}")


MAX_ACTION_COUNT = 14  # no count of tiles passed or offered goes past a hand


@attrs.frozen
class Action:
    """One thing a seat does.

    Attributes:
        seat: who acts.
        kind: what they do.
        tiles: the tiles the action names (the discard, the tiles passed, the tile given in a swap),
            given as tiles, their notation (``"5C"``, ``"1B 2B 3B"``) or one :class:`Tile`.
        meld: the meld it exposes, declares or swaps with.
        target: the seat whose meld a joker swap takes from.
        count: a number (the courtesy pass's offer; tiles passed blind).
        flag: a yes or no (wanting the second Charleston).
    """

    seat: Seat = attrs.field(converter=_seat)
    kind: ActionKind = attrs.field(converter=_kind)
    tiles: tuple[Tile, ...] = attrs.field(default=(), converter=_tiles)
    meld: Meld | None = attrs.field(default=None, converter=_optional_meld)
    target: Seat | None = attrs.field(default=None, converter=_optional_seat)
    count: int = attrs.field(default=0, validator=_check_count)
    flag: bool = attrs.field(default=False, validator=_check_flag)

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON data (for replays)."""
        data: dict[str, Any] = {"seat": self.seat.name, "kind": self.kind.value}
        if self.tiles:
            data["tiles"] = [tile.token for tile in self.tiles]
        if self.meld is not None:
            data["meld"] = str(self.meld)
        if self.target is not None:
            data["target"] = self.target.name
        if self.count:
            data["count"] = self.count
        if self.flag:
            data["flag"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """An action from :meth:`to_dict`'s data.

        Raises:
            TypeError: a value of the wrong type (a flag that is not true or false, a count that is
                not a whole number).
            RecordError: the data is not an action: a key missing or unknown, a value out of range.
        """
        if not isinstance(data, Mapping):
            raise TypeError(f"an action is an object, not {describe(data)}")
        known = {"seat", "kind", "tiles", "meld", "target", "count", "flag"}
        unknown = sorted(str(key) for key in set(data) - known)
        if unknown:
            raise RecordError(f"unknown action key {unknown[0][:40]!r} (keys: {', '.join(sorted(known))})")
        missing = [key for key in ("seat", "kind") if key not in data]
        if missing:
            raise RecordError(f"an action needs a {missing[0]!r}")
        tiles = data.get("tiles", ())
        if isinstance(tiles, str) or not isinstance(tiles, list | tuple):
            raise TypeError(f"an action's tiles are a list of tiles, not {describe(tiles)}")
        return cls(
            data["seat"],
            data["kind"],
            tuple(tiles),
            data.get("meld"),
            data.get("target"),
            data.get("count", 0),
            data.get("flag", False),
        )

    def __str__(self) -> str:
        parts = [self.seat.name.title(), self.kind.value]
        if self.tiles:
            parts.append(" ".join(tile.token for tile in self.tiles))
        if self.meld is not None:
            parts.append(str(self.meld))
        if self.target is not None:
            parts.append(f"from {self.target.name.title()}")
        if self.kind is ActionKind.VOTE:
            parts.append(str(self.count) if self.count else ("yes" if self.flag else "no"))
        return " ".join(parts)


class IllegalActionError(MahjongError, ValueError):
    """An action the rules do not allow now; ``reason`` says which rule. The round is unchanged."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason
        super().__init__(reason.message)


@attrs.frozen
class RoundResult:
    """How a round ended.

    Attributes:
        winner: the seat that won, or ``None`` for a wall game.
        evaluation: the winning hand's evaluation (``None`` for a wall game).
        settlement: the payments of the win (``None`` for a wall game).
        payments: each seat's net amount over the whole round (Singapore's instant payments
            included), positive when it receives; sums to zero.
        evaluations: every winner's evaluation when several won on one discard (Flex), else
            empty (``evaluation`` is the one).
    """

    winner: Seat | None
    evaluation: Evaluation | None
    settlement: Settlement | None
    payments: Mapping[Seat, int] = attrs.field(converter=_frozen, hash=False)
    evaluations: tuple[Evaluation, ...] = ()

    def __reduce__(self) -> tuple[type[RoundResult], tuple[Any, ...]]:
        # A read-only mapping does not pickle: the payments go as a dict, made read-only again.
        return RoundResult, (self.winner, self.evaluation, self.settlement, dict(self.payments), self.evaluations)


@runtime_checkable
class Round(Protocol):
    """A round of play of one ruleset, as an immutable state."""

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset played."""
        ...

    @property
    def seed(self) -> int:
        """The seed of the shuffle."""
        ...

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        ...

    @property
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that have an action to choose now (empty when the round is over)."""
        ...

    @property
    def is_over(self) -> bool:
        """The round has ended (a win or a wall game)."""
        ...

    @property
    def result(self) -> RoundResult | None:
        """How the round ended, once it is over."""
        ...

    def legal_actions(self, seat: Seat | str | None = None) -> Sequence[Action]:
        """Every action ``seat`` may take now (every seat's, without a seat; none for a seat not in
        :attr:`to_act`): an immutable sequence, which an American round works out on demand for
        the hundreds of choices of a Charleston pass (index it, take its length, iterate it;
        ``list()`` it to have them all)."""
        ...

    def apply(self, action: Action) -> Round:
        """The round after ``action``.

        Raises:
            IllegalActionError: the action is not legal now.
        """
        ...

    def hand(self, seat: Seat | str) -> Hand:
        """``seat``'s hand now: its concealed tiles and exposed sets."""
        ...

    def observation(self, seat: Seat | str) -> dict[str, Any]:
        """What ``seat`` can see: its own tiles, every exposure and discard, the tiles left."""
        ...

    def view(self, seat: Seat | str) -> PlayerView:
        """What ``seat`` may see now, as the value a bot is given
        (:class:`~mahjong_rules.engine.view.PlayerView`)."""
        ...


_POSITION = {seat: seat.value for seat in Seat}
"""Each seat's place at the table (its ``value``), read from a dict: an enum's ``value`` is a
Python property, slow in the loops of a round."""


@functools.cache
def seats_after(seats: tuple[Seat, ...], seat: Seat) -> tuple[Seat, ...]:
    """The other seats of ``seats`` in turn order from ``seat``'s right (worked out once)."""
    position = seats.index(seat)
    return seats[position + 1 :] + seats[:position]


@functools.cache
def simple_action(seat: Seat, kind: ActionKind, tile: Tile | None = None) -> Action:
    """``seat``'s action of ``kind`` naming ``tile`` (or no tile), made once: an action is a
    value, so every round of every family shares the discards, passes and Mahjongs it lists."""
    return Action(seat, kind, () if tile is None else (tile,))


@functools.cache
def discard_row(seat: Seat) -> tuple[Action, ...]:
    """``seat``'s discard of each tile, by tile index: ``itertools.compress`` over a hand's
    concealed counts lists its discards."""
    return tuple(simple_action(seat, ActionKind.DISCARD, Tile.from_index(index)) for index in range(NUM_TILE_KINDS))


_WARMED: set[str] = set()
_WARM_HAND = "1B 2B 3B 4C 5C 6C 7D 8D 9D E S W N"  # 13 tiles every ruleset's tile set holds
_WARM_WIN = "1B 2B 3B 4C 5C 6C 7D 8D 9D 1D 1D 1D 2B 2B"  # four sets and a pair: its evaluation reads them


def warm_up(ruleset: Any) -> None:
    """Build the tables ``ruleset``'s solver loads on its first analysis (a fraction of a second)
    now, once per process and ruleset name, so that the first round dealt plays as fast as the
    rest instead of loading them mid-round."""
    if ruleset.name in _WARMED:
        return
    _WARMED.add(ruleset.name)
    with contextlib.suppress(MahjongError):  # a ruleset of its own with other tiles warms up in play
        ruleset.waits(_WARM_HAND)
        ruleset.evaluate(_WARM_WIN)
