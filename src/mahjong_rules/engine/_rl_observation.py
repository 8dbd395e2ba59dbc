"""The observations of the reinforcement-learning environments: :func:`observation_array` of a
seat's view, and the same arrays read from a round's state as an environment steps through it
(``mahjong_rules.engine.rl`` documents the layout: :data:`OBSERVATION_ROWS`,
:data:`STATE_COLUMNS`)."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

# NumPy comes with the 'rl' extra: this module is imported through mahjong_rules.engine.rl, whose
# import says so when the extra is missing.
import numpy as np
import numpy.typing as npt

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.engine.american import AmericanRound
from mahjong_rules.engine.core import _POSITION, Round
from mahjong_rules.engine.singapore import SingaporeRound
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat, Tile, index_of

_SEAT_EAST = Seat.EAST

# The layout's names are documented where users import them: mahjong_rules.engine.rl.

OBSERVATION_ROWS = (
    "concealed",
    "exposed +0",
    "exposed +1",
    "exposed +2",
    "exposed +3",
    "discards +0",
    "discards +1",
    "discards +2",
    "discards +3",
    "on offer",
    "state",
)

STATE_COLUMNS = (
    "wall",
    "seat",
    "seat",
    "seat",
    "seat",
    "prevailing",
    "prevailing",
    "prevailing",
    "prevailing",
    "to act",
    "to act",
    "to act",
    "to act",
    "concealed",
    "concealed",
    "concealed",
    "concealed",
    *(f"phase {phase}" for phase in ("passing", "turn", "claims", "response", "rob", "over")),
    *(f"step {step}" for step in ("pass", "second Charleston vote", "courtesy vote", "courtesy pass")),
    *(f"pass {direction}" for direction in ("right", "across", "left")),
    "blind pass",
    "Charleston",
    "pass number",
)

GLOBAL_STATE_ROWS = (*(f"concealed +{relative}" for relative in range(4)), *OBSERVATION_ROWS[1:])

_ROW = {name: number for number, name in enumerate(OBSERVATION_ROWS)}
_EXPOSED_ROWS = tuple(_ROW[f"exposed +{relative}"] for relative in range(4))
_DISCARD_ROWS = tuple(_ROW[f"discards +{relative}"] for relative in range(4))
_STATE_ROW = _ROW["state"]
_STATE = {name: number for number, name in enumerate(STATE_COLUMNS) if STATE_COLUMNS.count(name) == 1}


def _tiles_of(value: object) -> list[Tile]:
    """The tiles of an observation's value: tiles, melds, or sequences of them."""
    if value is None:
        return []
    if isinstance(value, Tile):
        return [value]
    if isinstance(value, Meld):
        return list(value.tiles)
    if isinstance(value, Mapping):
        return [tile for item in value.values() for tile in _tiles_of(item)]
    if isinstance(value, Iterable) and not isinstance(value, str):
        return [tile for item in value for tile in _tiles_of(item)]
    raise TypeError(f"an observation holds tiles and melds, not {type(value).__name__}")


def _concealed(seen: Mapping[str, Any]) -> list[Tile]:
    """The observer's concealed tiles: its hand's, bonus tiles apart (they are shown)."""
    hand = seen.get("hand")
    tiles = list(hand.concealed) if isinstance(hand, Hand) else _tiles_of(hand)
    return [tile for tile in tiles if not tile.is_bonus]


def _discards(seen: Mapping[str, Any], seat: Seat) -> list[Tile]:
    """The tiles ``seat`` discarded: ``discards`` maps seats to tiles, or lists (seat, tile)
    pairs."""
    discards = seen.get("discards", {})
    if isinstance(discards, Mapping):
        return _tiles_of(discards.get(seat))
    return [tile for who, tile in discards if who is seat]


def observation_array(view: PlayerView, seats: Iterable[Seat | str] | None = None) -> npt.NDArray[np.float32]:
    """What a seat sees (its :class:`~mahjong_rules.engine.view.PlayerView`) as an array of shape
    ``(len(OBSERVATION_ROWS), 49)``; ``seats``, the table's seats in turn order, default to the
    view's. Bonus tiles are counted with the exposed sets; a family without a prevailing wind
    counts it as East."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"observation_array takes a PlayerView, not {describe(view)}")
    seats = tuple(as_seat(each, "a seat of seats") for each in seats) if seats is not None else view.seats
    if set(seats) != set(view.seats) or len(seats) != len(view.seats):
        shown = ", ".join(each.name.title() for each in seats)
        raise ValueError(f"seats are the view's table in turn order, each once, not {shown}")
    seat = view.seat
    # Every tile counted goes in one flat list of cells (row * columns + tile), counted at once.
    cells: list[int] = []
    width = NUM_TILE_KINDS

    def add(row: int, tiles: Iterable[Tile]) -> None:
        cells.extend(map((row * width).__add__, map(index_of, tiles)))

    add(_ROW["concealed"], [tile for tile in view.hand.concealed if not tile.is_bonus])
    here = seats.index(seat)
    counts: list[tuple[int, int]] = []
    for other in seats:
        relative = (seats.index(other) - here) % len(seats)
        add(_ROW[f"exposed +{relative}"], [tile for meld in view.exposed.get(other, ()) for tile in meld.tiles])
        add(_ROW[f"exposed +{relative}"], view.bonus.get(other, ()))
        add(_ROW[f"discards +{relative}"], view.discards.get(other, ()))
        counts.append((13 + relative, view.concealed_counts.get(other, 0)))
        if other in view.to_act:
            counts.append((9 + relative, 1))
    if view.on_offer is not None:
        add(_ROW["on offer"], (view.on_offer,))
    array = np.bincount(cells, minlength=len(OBSERVATION_ROWS) * width).astype(np.float32)
    array = array.reshape(len(OBSERVATION_ROWS), width)
    state = array[_STATE_ROW]
    for column, value in counts:
        state[column] = value
    _round_columns(state, seat, view.tiles_left, view.prevailing, view.phase, view.step)
    return array


_Cells = npt.NDArray[np.float32] | list[int]
"""A state row being written: an array's row, or a list of numbers to become one."""

_PHASE_COLUMNS: dict[object, int | None] = {}  # a phase (name or member) to its state column


def _round_columns(
    state: _Cells, seat: Seat, tiles_left: int, prevailing: Seat | None, phase: object, step: object
) -> None:
    """The state row's columns of the round as a whole: the wall, the observer's seat, the
    prevailing wind (East when the family has none), the phase (its name, or its member of a
    round's ``Phase``) and the step."""
    state[0] = tiles_left
    state[1 + _POSITION[seat]] = 1
    state[5 + _POSITION[prevailing or _SEAT_EAST]] = 1
    column = _phase_column(phase)
    if column is not None:
        state[column] = 1
    _step_columns(state, step)


_ROW_SIZE = NUM_TILE_KINDS
_SHAPE = (len(OBSERVATION_ROWS), _ROW_SIZE)
_NO_TILES = bytes(_ROW_SIZE)
_OFFERED = tuple(bytes(index == kind for index in range(_ROW_SIZE)) for kind in range(_ROW_SIZE))
_BYTE = 255
_UINT8 = np.dtype(np.uint8)
_CONCEALED = operator.attrgetter("concealed")
_MELDS = operator.attrgetter("melds")
_FLOAT32 = np.dtype(np.float32)

# The environment's observations are built as bytes, then read by NumPy at once: every number of
# an observation is a small count (a few copies of a tile, at most 14 concealed tiles, a step
# number) but the wall's size, patched in afterwards when a tile set has more than 255 tiles left.
# A step of the environment costs a few dozen µs, and each call into NumPy a good part of one.

# The builders below lay out the rows in this order: concealed, exposed, discards, on offer, state.
assert _EXPOSED_ROWS == (1, 2, 3, 4)
assert _DISCARD_ROWS == (5, 6, 7, 8)
assert _STATE_ROW == _ROW["on offer"] + 1 == len(OBSERVATION_ROWS) - 1


class _Layout:
    """What one observer's observation takes from the table, whatever the moment: worked out once
    per observer and table (:func:`_layout`) and read at every step."""

    __slots__ = ("_acting", "acting", "concealed", "discard_row", "head", "rows")

    def __init__(self, seats: tuple[Seat, ...], seat: Seat, places: int) -> None:
        """The layout of ``seat``'s observations, ``seats`` in turn order, at a table of
        ``places`` places whose rows are each place's shown tiles, then each place's discards,
        then a row of zeros (for seats not at the table)."""
        here = seats.index(seat)
        zero = 2 * places
        exposed, discards = [zero] * len(_EXPOSED_ROWS), [zero] * len(_DISCARD_ROWS)
        counted = [places] * _SEAT_COLUMNS
        self.acting: dict[Seat, int] = {}
        """The state column marking that a seat must act."""
        self.discard_row: dict[Seat, int] = {}
        """Where a seat's discards are among the rows that :attr:`rows` picks."""
        for position, other in enumerate(seats):
            relative = (position - here) % len(seats)
            self.acting[other] = _ACTING + relative
            self.discard_row[other] = len(_EXPOSED_ROWS) + relative
            if other.value < places:
                exposed[relative], discards[relative] = other.value, places + other.value
                counted[relative] = other.value
        self.rows = operator.itemgetter(*exposed, *discards)
        """The exposed and discard rows of each seat counted from the observer, picked from the
        table's rows."""
        self.concealed = operator.itemgetter(*counted)
        """Each seat's concealed count, counted from the observer (a zero for each of the four
        seats not at the table), picked from the places' counts followed by a zero."""
        self.head: dict[Seat, bytes] = {}
        """The state row's columns after the wall's, up to the seats to act: the observer's
        seat, then each prevailing wind."""
        for wind in Seat:
            cells = [0] * (_ACTING - 1)
            cells[_POSITION[seat]] = cells[4 + _POSITION[wind]] = 1
            self.head[wind] = bytes(cells)
        self._acting: dict[tuple[Seat, ...], bytes] = {}

    def acting_columns(self, to_act: tuple[Seat, ...]) -> bytes:
        """The state row's columns of the seats to act, counted from the observer."""
        found = self._acting.get(to_act)
        if found is None:
            cells = [0] * _SEAT_COLUMNS
            for seat in to_act:
                cells[self.acting[seat] - _ACTING] = 1
            found = self._acting[to_act] = bytes(cells)
        return found


@functools.cache
def _layout(seats: tuple[Seat, ...], seat: Seat, places: int) -> _Layout:
    return _Layout(seats, seat, places)


def _phase_column(phase: object) -> int | None:
    """The state column of a phase (its name, or its member of a round's ``Phase``)."""
    column = _PHASE_COLUMNS.get(phase, -1)
    if column == -1:
        column = _PHASE_COLUMNS[phase] = _STATE.get(f"phase {getattr(phase, 'value', phase)}")
    return column


_WALL_COLUMN = (*(bytes((count,)) for count in range(_BYTE + 1)), b"\0")
"""The wall's column for each count up to a byte's, then for a larger count (patched in after)."""
_SEAT_COLUMNS = STATE_COLUMNS.count("to act")  # the columns of a value for each seat
_ACTING = STATE_COLUMNS.index("to act")
_PHASES = STATE_COLUMNS.index("phase passing")
_TAILS: dict[object, tuple[object, bytes]] = {}  # (phase, step) by identity to the state row's rest
_TAILS_KEPT = 1_000
_PLAY_TAILS: dict[object, bytes] = {}  # the same in play (no step), by phase alone


def _tail(phase: object, step: object) -> bytes:
    """The state row's columns from the phase on: the phase (its name, or its member of a
    round's ``Phase``) and the step before play, kept for each phase and step object."""
    if step is None:
        found_in_play = _PLAY_TAILS.get(phase)
        if found_in_play is None:
            found_in_play = _PLAY_TAILS[phase] = _tail_of(phase, None)
        return found_in_play
    key = (phase, id(step))
    found = _TAILS.get(key)
    if found is None or found[0] is not step:
        if len(_TAILS) > _TAILS_KEPT:
            _TAILS.clear()
        found = _TAILS[key] = (step, _tail_of(phase, step))
    return found[1]


def _tail_of(phase: object, step: object) -> bytes:
    cells: list[int] = [0] * _ROW_SIZE
    column = _phase_column(phase)
    if column is not None:
        cells[column] = 1
    _step_columns(cells, step)
    return bytes(cells[_PHASES:])


def _observation(
    layout: _Layout,
    rows: Sequence[bytes | bytearray],
    concealed: Sequence[int],
    to_act: tuple[Seat, ...],
    wall: int,
    prevailing: Seat,
    phase: object,
    step: object = None,
) -> npt.NDArray[np.float32]:
    """The observation of ``rows`` (the bytes of every row but the state row, in order, a row in
    one piece or more) and of the moment: each place's concealed count (then a zero), the seats to
    act, the wall, the prevailing wind, the phase and the step before play. The state row is put
    together from its parts' bytes, each kept (:class:`_Layout`, :func:`_tail`)."""
    # The parts kept are read here, without a call, when they are there (as they are in all but
    # a round's first steps): a call costs a good part of a µs in an environment's step.
    state = (
        _WALL_COLUMN[wall if wall <= _BYTE else -1],
        layout.head[prevailing],
        layout._acting.get(to_act) or layout.acting_columns(to_act),
        bytes(layout.concealed(concealed)),
        (_PLAY_TAILS.get(phase) if step is None else None) or _tail(phase, step),
    )
    array = np.ndarray(_SHAPE, _UINT8, b"".join((*rows, *state))).astype(_FLOAT32)
    if wall > _BYTE:
        array[_STATE_ROW, 0] = wall
    return array


class _TableCounts:
    """Each seat's exposed tiles and discards in an American round as rows of counts, as of the
    round last read: read once per state and shared by every observer (:func:`_american_array`).
    Counted on from the round read before: a discard adds one tile, a call takes the last away,
    and a seat's exposed tiles are counted again only when its sets change."""

    def __init__(self) -> None:
        self.round: AmericanRound | None = None
        self.table: tuple[tuple[Seat, Tile], ...] = ()
        self.melds: tuple[object, ...] = ()
        self.rows: list[bytearray] = [bytearray(_ROW_SIZE)]
        """Each seat's exposed tiles, then each seat's discards (the tile on offer among them),
        then a row of zeros, as :class:`_Layout` picks them."""

    def observe(self, round_: AmericanRound, seat: Seat, seats: tuple[Seat, ...]) -> npt.NDArray[np.float32]:
        """:func:`observation_array` of ``seat``'s view of ``round_`` (``seats`` in turn order),
        the round read first."""
        self.read(round_)
        hands = round_.hands
        layout = _layout(seats, seat, len(hands))
        table = layout.rows(self.rows)
        offered = round_.last_discard
        if offered is None:
            on_offer = _NO_TILES
        else:  # the tile on offer has its own row, not among its discarder's
            on_offer = _OFFERED[offered.index]
            row = layout.discard_row[round_.discards[-1][0]]
            table = list(table)
            table[row] = discards = bytearray(table[row])
            discards[offered.index] -= 1
        own = bytes(hands[_POSITION[seat]].concealed_counts)
        concealed = [*map(len, map(_CONCEALED, hands)), 0]
        rows = (own, *table, on_offer)
        return _observation(
            layout, rows, concealed, round_.to_act, len(round_.wall), _SEAT_EAST, round_.phase, round_.step
        )

    def read(self, round_: AmericanRound) -> None:
        """Bring the rows up to ``round_``."""
        if round_ is self.round:
            return
        hands = round_.hands
        places = len(hands)
        if places != len(self.melds):
            self.rows = [bytearray(_ROW_SIZE) for _ in range(2 * places + 1)]
            self.melds = (None,) * places
            self.table = ()
        rows = self.rows
        melds = tuple(map(_MELDS, hands))
        if melds != self.melds:  # compared in C, by identity first: most steps change no sets
            for place, (hand, now, then) in enumerate(zip(hands, melds, self.melds, strict=True)):
                if now is not then:
                    rows[place] = bytearray(map(operator.sub, hand.counts, hand.concealed_counts))
            self.melds = melds
        table, before = round_.discards, self.table
        if table is not before:
            if len(table) == len(before) + 1 and table[:-1] == before:
                seat, tile = table[-1]
                rows[places + _POSITION[seat]][tile.index] += 1
            elif len(table) + 1 == len(before) and before[:-1] == table:
                seat, tile = before[-1]
                rows[places + _POSITION[seat]][tile.index] -= 1
            elif table != before:
                rows[places : 2 * places] = [bytearray(_ROW_SIZE) for _ in range(places)]
                for seat, tile in table:
                    rows[places + _POSITION[seat]][tile.index] += 1
            self.table = table
        self.round = round_


def _american_array(
    round_: AmericanRound, seat: Seat, seats: tuple[Seat, ...], shared: _TableCounts | None = None
) -> npt.NDArray[np.float32]:
    """:func:`observation_array` of ``seat``'s view of an American round, read from the round's
    state directly (no view is built): the same array, which the tests check state by state."""
    return (shared or _TableCounts()).observe(round_, seat, seats)


class _PlayerRows:
    """Every Singapore player's shown tiles (declared sets and bonus tiles) and discards as rows of
    counts, and their concealed counts, by table place, as of the players last read: a player
    that did not change since (most of them) is not counted again, and a changed player's rows are
    carried on from its last ones where they can be (a discard adds one tile)."""

    def __init__(self) -> None:
        self.players: list[Any] = []
        self.rows: list[bytearray] = [bytearray(_ROW_SIZE)]
        """Each place's shown tiles, then each place's discards, then a row of zeros."""
        self.concealed: list[int] = []

    def observe(self, round_: SingaporeRound, seat: Seat, seats: tuple[Seat, ...]) -> npt.NDArray[np.float32]:
        """:func:`observation_array` of ``seat``'s view of ``round_`` (``seats`` in turn order),
        its players read first. One function: an environment asks it at every step."""
        players = round_.players
        table = len(players)
        kept = self.players
        if table != len(kept):
            kept = self.players = [None] * table
            self.rows = [bytearray(_ROW_SIZE) for _ in range(2 * table + 1)]
            self.concealed = [0] * (table + 1)  # a zero after the places, for seats not at the table
        rows = self.rows
        for place, player in enumerate(players):
            before = kept[place]
            if before is player:
                continue
            kept[place] = player
            if before is None or player.melds is not before.melds or player.bonus is not before.bonus:
                rows[place] = shown = bytearray(_ROW_SIZE)
                for meld in player.melds:
                    for tile in meld.tiles:
                        shown[tile.index] += 1
                for tile in player.bonus:
                    shown[tile.index] += 1
            discards, earlier = player.discards, () if before is None else before.discards
            if discards is not earlier:
                if len(discards) == len(earlier) + 1 and discards[:-1] == earlier:
                    rows[table + place][discards[-1].index] += 1
                else:
                    rows[table + place] = counted = bytearray(_ROW_SIZE)
                    for tile in discards:
                        counted[tile.index] += 1
            counts = player.counts
            if before is None or counts is not before.counts:
                self.concealed[place] = sum(counts)
        layout = _layout(seats, seat, table)
        discard = round_.discard
        own = players[_POSITION[seat]].counts
        return _observation(
            layout,
            (
                bytes(own),
                _PADDING[len(own)],
                *layout.rows(rows),
                _NO_TILES if discard is None else _OFFERED[discard.index],
            ),
            self.concealed,
            round_.to_act,
            round_.tiles_left,
            round_.prevailing_wind,
            round_.phase,
        )


_PADDING = {size: bytes(_ROW_SIZE - size) for size in range(_ROW_SIZE + 1)}


def _singapore_array(
    round_: SingaporeRound, seat: Seat, seats: tuple[Seat, ...], rows: _PlayerRows | None = None
) -> npt.NDArray[np.float32]:
    """:func:`observation_array` of ``seat``'s view of a Singapore round, read from the round's
    players directly (no view is built): the same array, which the tests check state by state."""
    return (rows or _PlayerRows()).observe(round_, seat, seats)


_Reader = Callable[[Any, Seat, tuple[Seat, ...]], npt.NDArray[np.float32]]
"""Reads a seat's observation of a round: ``reader(round_, seat, seats)``."""


def _viewed_array(round_: Round, seat: Seat, seats: tuple[Seat, ...]) -> npt.NDArray[np.float32]:
    return observation_array(round_.view(seat), seats)


class _Observer:
    """Observation arrays of the rounds an environment steps through, each as the seat's view
    would give it (:func:`observation_array`) but read from the round itself: an American
    round's table counts carried from one state to the next, a Singapore player's rows kept while
    the player is unchanged; any other round through its view."""

    def __init__(self) -> None:
        self._table_counts = _TableCounts()
        self._player_rows = _PlayerRows()

    def reader(self, round_: Round) -> _Reader:
        """What reads observations of rounds of ``round_``'s family (an environment keeps it for
        the rounds it deals)."""
        if isinstance(round_, AmericanRound):
            return self._table_counts.observe
        if isinstance(round_, SingaporeRound):
            return self._player_rows.observe
        return _viewed_array

    def array(self, round_: Round, seat: Seat, seats: tuple[Seat, ...]) -> npt.NDArray[np.float32]:
        return self.reader(round_)(round_, seat, seats)

    def concealed_rows(self, round_: Round, seats: tuple[Seat, ...]) -> npt.NDArray[np.float32]:
        """Each of ``seats``' concealed tiles, as its own observation's first row has them, then
        rows of zeros up to four: read from the round's hands or players directly."""
        if isinstance(round_, AmericanRound):
            hands = round_.hands
            rows = [bytes(hands[_POSITION[seat]].concealed_counts) for seat in seats]
        elif isinstance(round_, SingaporeRound):
            players = round_.players
            rows = [bytes(players[_POSITION[seat]].counts).ljust(_ROW_SIZE, b"\0") for seat in seats]
        else:
            rows = [self.array(round_, seat, seats)[0].astype(np.uint8).tobytes() for seat in seats]
        rows += [_NO_TILES] * (len(_EXPOSED_ROWS) - len(seats))
        return np.frombuffer(b"".join(rows), _UINT8).reshape(len(rows), _ROW_SIZE).astype(_FLOAT32)


def _step_columns(state: _Cells, step: object) -> None:
    """The step before play of an American round (``None`` once play has begun)."""
    if step is None:
        return
    kind = getattr(step, "kind", None)
    state[_STATE[f"step {getattr(kind, 'value', '')}"]] = 1
    if getattr(kind, "value", "") in ("pass", "courtesy pass"):
        direction = getattr(step, "direction", None)
        state[_STATE[f"pass {direction.name.lower() if direction is not None else 'across'}"]] = 1
    state[_STATE["blind pass"]] = bool(getattr(step, "blind", False))
    charleston = getattr(step, "charleston", None)
    if charleston is not None:
        state[_STATE["Charleston"]] = charleston.charleston
        state[_STATE["pass number"]] = charleston.number
