"""The round as a reinforcement-learning environment: a PettingZoo AEC environment for each ruleset
family, with fixed-size observations, the legal-action mask and rewards from the settlement.

Install the optional extra first (``pip install '.[rl]'`` in a clone): this module is the only
part of the library that imports PettingZoo, Gymnasium and NumPy.

>>> from mahjong_rules.engine.rl import env
>>> game = env("flex")
>>> game.reset(seed=1)
>>> game.agent_selection
'east'

Every :class:`~mahjong_rules.engine.Action` a round can offer has one index in a fixed
:class:`ActionEncoding` (see ``docs/engine.rst`` for the layout); the observation's
``"action_mask"`` marks the indexes of the legal actions, and ``step`` takes an index.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
import types
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any

import attrs

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.engine import new_round
from mahjong_rules.engine.american import AmericanRound, PassChoices
from mahjong_rules.engine.core import _POSITION, Action, ActionKind, IllegalActionError, Round
from mahjong_rules.engine.singapore import SingaporeRound
from mahjong_rules.engine.view import PlayerView
from mahjong_rules.errors import ArgumentError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld, MeldShape
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Reason, Ruleset
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat, Tile, index_of

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from pettingzoo import AECEnv

    from mahjong_rules.engine._rl_checked import CheckedEnv
    from mahjong_rules.engine._rl_space import ActionSpace
except ImportError as error:  # pragma: no cover - the extra is installed wherever the tests run
    raise ImportError(
        "mahjong_rules.engine.rl needs the 'rl' extra: pip install '.[rl]' from a clone "
        f"(PettingZoo, Gymnasium and NumPy); {error}"
    ) from error

# Pickled (a trainer saves the action space with a model) and documented by the public module's
# name: the class can move between private modules without breaking saved models.
ActionSpace.__module__ = CheckedEnv.__module__ = __name__

__all__ = [
    "GLOBAL_STATE_ROWS",
    "OBSERVATION_ROWS",
    "STATE_COLUMNS",
    "ActionEncoding",
    "ActionSpace",
    "CheckedEnv",
    "LegalIndexes",
    "MahjongEnv",
    "env",
    "observation_array",
    "raw_env",
]

# The kinds of action of each ruleset without all of them: Singapore has no jokers, blanks or
# Charleston.
_KINDS = {
    "singapore": (
        ActionKind.DRAW,
        ActionKind.DISCARD,
        ActionKind.PASS,
        ActionKind.MAHJONG,
        ActionKind.CALL,
        ActionKind.KONG,
    )
}

# CALL: for each tile, a set of identical tiles of 2 to 8 tiles with 0 to size - 1 jokers, then
# the chow that begins with the tile.
_CALL_IDENTICAL = {
    key: offset for offset, key in enumerate((size, jokers) for size in range(2, 9) for jokers in range(size))
}
_CALL_CHOW = len(_CALL_IDENTICAL)
_CALL_VARIANTS = _CALL_CHOW + 1
# KONG: for each tile, a concealed kong with 0 to 3 jokers, then a tile added to an exposed pung.
_KONG_PROMOTED = 4
_KONG_VARIANTS = 5
# JOKER_SWAP: for each tile the meld stands for, which way (a natural given for a joker, or a
# joker given for a natural), the seat of the meld counted from the actor in turn order, and the
# meld: 3 to 6 tiles with 0 to size jokers.
_SWAP_MELDS = {
    key: offset for offset, key in enumerate((size, jokers) for size in range(3, 7) for jokers in range(size + 1))
}
_SWAP_TARGETS = 4
_SWAP_VARIANTS = 2 * _SWAP_TARGETS * len(_SWAP_MELDS)
# CHARLESTON: the tiles passed (a multiset of 0 to 3 tiles) and the tiles passed blind, at most 3
# in all.
_PASS_LIMIT = 3
# VOTE: no, yes, then an offer of 1 to 3 tiles.
_VOTE_SLOTS = 2 + _PASS_LIMIT


# EnumType's __getattr__ (CPython 3.11) makes reading a member through its class several times
# slower than reading a global: the code below reads these.
_ACTIONKIND_BLANK_SWAP = ActionKind.BLANK_SWAP
_ACTIONKIND_CALL = ActionKind.CALL
_ACTIONKIND_CHARLESTON = ActionKind.CHARLESTON
_ACTIONKIND_DISCARD = ActionKind.DISCARD
_ACTIONKIND_DRAW = ActionKind.DRAW
_ACTIONKIND_JOKER_SWAP = ActionKind.JOKER_SWAP
_ACTIONKIND_KONG = ActionKind.KONG
_ACTIONKIND_MAHJONG = ActionKind.MAHJONG
_ACTIONKIND_PASS = ActionKind.PASS
_ACTIONKIND_VOTE = ActionKind.VOTE
_SEAT_EAST = Seat.EAST


def _multisets(kinds: int, size: int) -> int:
    """How many multisets of ``size`` items drawn from ``kinds`` kinds there are."""
    return math.comb(kinds + size - 1, size)


def _rank_multiset(positions: Sequence[int]) -> int:
    """The colexicographic rank of a sorted multiset (the combinatorial number system)."""
    return sum(math.comb(position + offset, offset + 1) for offset, position in enumerate(positions))


def _unrank_multiset(rank: int, size: int) -> list[int]:
    """The sorted multiset of ``size`` items with the colexicographic ``rank``."""
    found: list[int] = []
    for offset in reversed(range(size)):
        value = offset
        while math.comb(value + 1, offset + 1) <= rank:
            value += 1
        rank -= math.comb(value, offset + 1)
        found.append(value - offset)
    return found[::-1]


@functools.lru_cache(maxsize=64)
def _choices_of(kinds: int, size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every sorted ``size``-tuple of kind numbers below ``kinds`` (repeats allowed), one a row;
    and for each entry, how many copies of its kind the row needs up to it (a kind repeated r
    times in a row needs r copies)."""
    rows = list(itertools.combinations_with_replacement(range(kinds), size))
    needs = [[row[: column + 1].count(row[column]) for column in range(size)] for row in rows]
    shape = (len(rows), size)
    return np.array(rows, dtype=np.int64).reshape(shape), np.array(needs, dtype=np.int64).reshape(shape)


_CODES_REMEMBERED = 50_000


@functools.lru_cache(maxsize=8)
def _rank_terms(kinds: int) -> tuple[bytes, ...]:
    """What a tile at each position adds to the rank of a sorted multiset when it comes at each
    offset (:func:`_rank_multiset`, one term at a time): for each position, its term at each
    offset as the bytes of int64s; then zeros, for the position ``kinds`` (no tile). A hand's
    terms are the join of its kinds' bytes: one call to NumPy reads them, where a gather from an
    array by a list of positions costs twice as much."""
    terms = [[math.comb(position + offset, offset + 1) for offset in range(_PASS_LIMIT)] for position in range(kinds)]
    return tuple(np.array(row, dtype=np.int64).tobytes() for row in [*terms, [0] * _PASS_LIMIT])


_ADD_REDUCE = np.add.reduce  # without ndarray.sum's wrapper, a good part of a µs a call
_CONCATENATE = np.concatenate


@functools.lru_cache(maxsize=256)
def _shared_pass_layout(kinds: int, size: int, blinds: tuple[int, ...], starts: tuple[int, ...]) -> _PassLayout:
    """:class:`_PassLayout`, kept for the process: every encoding whose blocks begin at the same
    ``starts`` shares it (an environment made anew, or one per worker of a vector of them, does
    not build them again; some 50 µs each, two dozen of them in the first rounds)."""
    return _PassLayout(kinds, size, blinds, starts)


class _PassLayout:
    """Every pass of a Charleston step of ``size`` tiles (``blind`` of them blind, for each of
    ``blinds``, whose blocks of indexes begin at ``starts``) from a hand of ``kinds`` kinds of
    tile, as if it held copies enough of each: one a row, those passing no kind twice first."""

    __slots__ = ("blinds", "columns", "plain", "repeat_kinds", "repeat_needs", "rows", "starts")

    def __init__(self, kinds: int, size: int, blinds: Sequence[int], starts: Sequence[int]) -> None:
        rows, needs, first, blind_counts = [], [], [], []
        for blind, start in zip(blinds, starts, strict=True):
            passed = size - blind
            if passed:
                block_rows, block_needs = _choices_of(kinds, passed)
            else:
                block_rows = block_needs = np.zeros((1, 0), dtype=np.int64)
            padding = ((0, 0), (0, _PASS_LIMIT - passed))
            rows.append(np.pad(block_rows, padding, constant_values=kinds))
            needs.append(np.pad(block_needs, padding))
            first.append(np.full(len(block_rows), start, dtype=np.int64))
            blind_counts.append(np.full(len(block_rows), blind, dtype=np.int64))
        empty = np.zeros((0, _PASS_LIMIT), dtype=np.int64)
        all_rows = np.concatenate(rows) if rows else empty
        needed = np.concatenate(needs) if needs else empty
        # A pass of at most three tiles repeats at most one kind: the most copies a row needs
        # are those of its one repeated kind.
        most = needed.max(axis=1, initial=0)
        repeats = (most >= 2).nonzero()[0]
        order = np.concatenate(((most < 2).nonzero()[0], repeats))
        self.rows = all_rows[order]
        """The kinds passed, sorted, then the padding kind (``kinds``) up to :data:`_PASS_LIMIT`
        columns."""
        self.plain = len(order) - len(repeats)
        """How many rows come first, passing no kind twice (the others pass one kind twice or three
        times, and only a hand holding the copies may)."""
        self.repeat_kinds = all_rows[repeats, needed[repeats].argmax(axis=1)]
        """The kind each of the other rows repeats..."""
        self.repeat_needs = most[repeats]
        """...and how many copies of it the row passes."""
        self.starts = (np.concatenate(first) if first else empty[:, 0])[order]
        """The first index of each row's block."""
        self.blinds = (np.concatenate(blind_counts) if blind_counts else empty[:, 0])[order]
        """How many tiles each row passes blind."""
        self.columns = np.ascontiguousarray((self.rows * _PASS_LIMIT + np.arange(_PASS_LIMIT)).T)
        """For each column (a row of this array), where each row's term is in a table of terms by
        kind and column (:func:`_rank_terms`) laid flat."""
        for array in (self.rows, self.repeat_kinds, self.repeat_needs, self.starts, self.blinds, self.columns):
            array.flags.writeable = False  # a layout is shared by the encodings of a process


def _checked_max_steps(max_steps: object) -> int | None:
    """``max_steps`` as given to an environment: a whole number of at least 1, or ``None``."""
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
        raise ValueError(f"max_steps is a whole number of at least 1 or None, not {max_steps!r}")
    return max_steps


def _finite(value: object, name: str) -> float:
    """``value`` as a float: a number, and finite (a NaN reward would spoil a whole training run)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise TypeError(f"{name} is a number, not {type(value).__name__}")
    if not math.isfinite(value):
        raise ValueError(f"{name} is a finite number, not {value!r}")
    return float(value)


def _action_index(action: object) -> int:
    """``action`` as an action index: an int, a NumPy integer, or a NumPy array of one integer
    and no dimensions (what Stable-Baselines3's ``predict`` returns for one observation, and
    what Gymnasium's ``Discrete`` space contains); not a bool.

    Raises:
        IllegalActionError: ``action`` is not an index (a float, a string, a bool, an array
            with a dimension...), its reason's code ``illegal-index``; nothing is rounded or
            parsed.
    """
    if isinstance(action, int | np.integer) and not isinstance(action, bool):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    raise IllegalActionError(Reason("illegal-index", f"an action is an index (an int), not {action!r}"))


class _PassDecoder:
    """The legal pass of an index, among a Charleston step's passes ranked at once: an object,
    not a closure, so that an environment holding it pickles."""

    __slots__ = ("choices", "fits", "indexes", "layout", "plain")

    def __init__(
        self,
        indexes: npt.NDArray[np.int64],
        plain: int,
        fits: npt.NDArray[np.bool_] | None,
        layout: _PassLayout,
        choices: PassChoices,
    ) -> None:
        self.indexes = indexes  # the passes' indexes: the layout's plain rows, then those that fit
        self.plain = plain
        self.fits = fits  # which of the layout's other rows the hand holds the copies for
        self.layout = layout
        self.choices = choices

    def __call__(self, index: int) -> Action | None:
        # The pass is found where its index is, not unranked: its row lists the tiles. It is made
        # as a pick from the round's choices, which the round takes unchecked: the rows kept are
        # the choices, by construction.
        indexes = self.indexes
        if not len(indexes):
            return None
        place = int((indexes == index).argmax())
        if indexes[place] != index:
            return None
        plain, fits = self.plain, self.fits
        if place >= plain and fits is not None:
            place = plain + int(fits.nonzero()[0][place - plain])
        kinds = self.choices.kinds
        chosen = tuple([kinds[kind] for kind in self.layout.rows[place].tolist() if kind < len(kinds)])
        return self.choices._pick(chosen, int(self.layout.blinds[place]))


class LegalIndexes:
    """One seat's legal actions at one moment, by index: :attr:`indexes` and :meth:`mask` for the
    mask, and :meth:`action` for the action of an index. Charleston passes (hundreds a step) are
    ranked from the hand's counts at once and one is made on demand, so neither builds their
    actions."""

    __slots__ = ("_actions", "_array", "_cells", "_decode", "_indexes")

    def __init__(
        self,
        indexes: Collection[int] | npt.NDArray[np.int64],
        actions: Mapping[int, Action] | None = None,
        decode: Callable[[int], Action | None] | None = None,
        cells: bytearray | None = None,
    ) -> None:
        """``indexes``, with the action of each: listed in ``actions``, or made by ``decode``
        (``None`` for an index not among them); ``cells``, the bytes of a mask of them if they
        were set while the indexes were found (handed out by the first :meth:`mask` of their
        size)."""
        self._indexes = indexes
        self._array: npt.NDArray[np.int64] | None = None
        self._actions = actions
        self._decode = decode
        self._cells = cells

    @property
    def indexes(self) -> npt.NDArray[np.int64]:
        """The index of every legal action."""
        if self._array is None:
            indexes = self._indexes
            listed = indexes if isinstance(indexes, np.ndarray) else list(indexes)
            self._array = np.asarray(listed, dtype=np.int64)
        return self._array

    def mask(self, size: int, dtype: npt.DTypeLike = np.int8) -> npt.NDArray[Any]:
        """A new array of ``size`` zeros of ``dtype`` (one byte wide: ``int8``, ``uint8`` or
        ``bool``) with a one at each legal index.

        >>> from mahjong_rules.engine import new_round
        >>> round_ = new_round("singapore", seed=1)
        >>> encoding = ActionEncoding(round_.ruleset)
        >>> legal = encoding.indexed(round_.legal_actions("E"))
        >>> mask = legal.mask(encoding.size)
        >>> mask.dtype, int(mask.sum()) == len(legal), bool(legal.mask(encoding.size, bool)[legal.indexes].all())
        (dtype('int8'), True, True)

        Raises:
            ValueError: ``dtype`` is not one byte wide.
        """
        if dtype is not np.int8 and dtype is not np.bool_ and np.dtype(dtype).itemsize != 1:
            raise ValueError(f"a mask's dtype is one byte wide (int8, uint8 or bool), not {np.dtype(dtype)}")
        cells = self._cells
        if cells is not None and len(cells) == size:
            self._cells = None  # the mask is the caller's now: a second one is made anew
            return np.frombuffer(cells, dtype=dtype)
        if isinstance(self._indexes, np.ndarray):
            mask = np.zeros(size, dtype=dtype)
            mask[self._indexes] = 1
            return mask
        # A handful of indexes: set in a byte buffer that NumPy then reads as is (one call to
        # NumPy instead of two, which counts when an environment step is a few dozen µs).
        cells = bytearray(size)
        for index in self._indexes:
            cells[index] = 1
        return np.frombuffer(cells, dtype=dtype)

    def __contains__(self, index: object) -> bool:
        if self._actions is not None:
            return index in self._actions
        # Hundreds of passes: one comparison over the array costs less than a set of them, which
        # a step would build to ask once.
        return isinstance(index, int | np.integer) and bool((self.indexes == index).any())

    def __len__(self) -> int:
        return len(self._actions) if self._actions is not None else len(self.indexes)

    def action(self, index: int) -> Action | None:
        """The legal action of ``index``; ``None`` when no legal action has it."""
        if self._actions is not None:
            return self._actions.get(index)
        assert self._decode is not None
        return self._decode(index) if isinstance(index, int | np.integer) else None


@attrs.frozen
class _Block:
    kind: ActionKind
    name: str
    start: int
    size: int


class ActionEncoding:
    """A fixed numbering of every action a round of ``ruleset`` can offer: each legal action has
    exactly one index in ``range(size)``, and distinct legal actions of one moment have distinct
    indexes.

    The indexes come in blocks, in this order (``K`` is the number of kinds of tile in the
    ruleset's tile set, :attr:`tiles`, numbered in tile order; Singapore has the first six blocks,
    the American rulesets every block):

    - ``draw`` (1), ``pass`` (1);
    - ``discard`` (``K``): by the tile discarded;
    - ``mahjong`` (``K + 1``): without a tile named, then by ``tiles[0]``;
    - ``call`` (``36 K``): by the tile the meld stands for: a set of 2 to 8 identical tiles with 0
      to ``size - 1`` jokers (35 variants), then the chow that begins with the tile;
    - ``kong`` (``5 K``): by the kong's tile: concealed with 0 to 3 jokers, or a tile added to an
      exposed pung;
    - ``joker_swap`` (``176 K``): by the tile the meld stands for, then which way (the natural
      given for a joker, or a joker given for a natural), the meld's seat counted from the actor
      in turn order (0 its own, 1 the next seat...) and the meld (3 to 6 tiles, 0 to ``size``
      jokers: 22 variants);
    - ``blank_swap`` (``K``): a joker swap without a meld (a blank traded for a discard), by the
      tile taken;
    - ``vote`` (5): no, yes, then an offer of 1, 2 or 3 tiles (``count``);
    - ``charleston``: the tiles passed as a multiset of 0 to 3 tiles (ranked in the combinatorial
      number system) and how many are passed blind (``count``), at most 3 in all: a sub-block for
      each (tiles, blind) pair, tiles from 0 to 3 and blind from 0 to ``3 - tiles``.

    :meth:`encode` gives an action's index (from its fields alone), :meth:`decode` the legal
    action with an index, :meth:`mask` the legal indexes as an array, :meth:`describe` an index in
    words.

    >>> import mahjong_rules as mr
    >>> encoding = ActionEncoding(mr.get_ruleset("singapore"))
    >>> encoding.size
    1981
    >>> index = encoding.encode(Action("E", "discard", "5C"))
    >>> index, encoding.describe(index)
    (15, 'discard 5C')
    """

    def __init__(self, ruleset: Ruleset | str) -> None:
        """The encoding of ``ruleset`` (a ruleset, or its name with the default options).

        Raises:
            TypeError: ``ruleset`` is neither a ruleset nor a name.
        """
        ruleset = _as_ruleset(ruleset)
        self.ruleset = ruleset
        counts = ruleset.tileset.counts
        self.tiles: tuple[Tile, ...] = tuple(tile for tile in Tile.all() if counts[tile.index] > 0)
        """The kinds of tile of the ruleset's tile set, in tile order: the tile axis of the blocks."""
        self.seats: tuple[Seat, ...] = tuple(getattr(ruleset, "seats", tuple(Seat)))
        """The seats at the table, in turn order."""
        self._position = {tile.index: position for position, tile in enumerate(self.tiles)}
        kinds = _KINDS.get(ruleset.name, tuple(ActionKind))
        count = len(self.tiles)
        sizes: list[tuple[ActionKind, str, int]] = [
            (_ACTIONKIND_DRAW, "draw", 1),
            (_ACTIONKIND_PASS, "pass", 1),
            (_ACTIONKIND_DISCARD, "discard", count),
            (_ACTIONKIND_MAHJONG, "mahjong", count + 1),
            (_ACTIONKIND_CALL, "call", count * _CALL_VARIANTS),
            (_ACTIONKIND_KONG, "kong", count * _KONG_VARIANTS),
            (_ACTIONKIND_JOKER_SWAP, "joker_swap", count * _SWAP_VARIANTS),
            (_ACTIONKIND_BLANK_SWAP, "blank_swap", count),
            (_ACTIONKIND_VOTE, "vote", _VOTE_SLOTS),
        ]
        self._charleston: dict[tuple[int, int], int] = {}
        self._codes: dict[int, tuple[Action, int]] = {}
        self._pass_layouts: dict[tuple[int, int, tuple[int, ...]], _PassLayout] = {}
        for passed in range(_PASS_LIMIT + 1):
            for blind in range(_PASS_LIMIT + 1 - passed):
                sizes.append((_ACTIONKIND_CHARLESTON, f"charleston {passed}+{blind}", _multisets(count, passed)))
        blocks: list[_Block] = []
        start = 0
        for kind, name, size in sizes:
            if kind not in kinds:
                continue
            blocks.append(_Block(kind, name, start, size))
            if kind is _ACTIONKIND_CHARLESTON:
                passed, blind = (int(part) for part in name.split()[1].split("+"))
                self._charleston[passed, blind] = start
            start += size
        self._blocks = {block.name: block for block in blocks}
        self.blocks: tuple[tuple[str, int, int], ...] = tuple((block.name, block.start, block.size) for block in blocks)
        """Each block's name, first index and size, in index order."""
        self.size: int = start
        """The number of indexes: the size of the action space."""

    # -- encoding ------------------------------------------------------------------------------

    def _tile(self, tile: Tile, action: Action) -> int:
        position = self._position.get(tile.index)
        if position is None:
            raise ValueError(f"{action} names {tile}, which is not in the {self.ruleset.name} tile set")
        return position

    def _start(self, name: str, action: Action) -> int:
        block = self._blocks.get(name)
        if block is None:
            raise ValueError(f"the {self.ruleset.name} encoding has no {name} actions: {action}")
        return block.start

    def _relative(self, seat: Seat, target: Seat, action: Action) -> int:
        if seat not in self.seats or target not in self.seats:
            raise ValueError(f"{action} names a seat not at the {self.ruleset.name} table")
        return (self.seats.index(target) - self.seats.index(seat)) % len(self.seats)

    def encode(self, action: Action) -> int:
        """The index of ``action``.

        Raises:
            TypeError: ``action`` is not an :class:`~mahjong_rules.engine.Action`.
            ValueError: the action has no index in this encoding (a kind of action the family
                does not have, a tile not in the tile set, a meld or a pass of a size the
                encoding does not provide for).
        """
        try:
            kind = action.kind
        except AttributeError:
            raise TypeError(f"an encoding encodes an Action, not {describe(action)}") from None
        if kind is _ACTIONKIND_DRAW:
            return self._start("draw", action)
        if kind is _ACTIONKIND_PASS:
            return self._start("pass", action)
        if kind is _ACTIONKIND_DISCARD:
            if len(action.tiles) != 1:
                raise ValueError(f"a discard names one tile: {action}")
            return self._start("discard", action) + self._tile(action.tiles[0], action)
        if kind is _ACTIONKIND_MAHJONG:
            start = self._start("mahjong", action)
            return start if not action.tiles else start + 1 + self._tile(action.tiles[0], action)
        if kind is _ACTIONKIND_CALL:
            return self._encode_call(action)
        if kind is _ACTIONKIND_KONG:
            return self._encode_kong(action)
        if kind in (_ACTIONKIND_JOKER_SWAP, _ACTIONKIND_BLANK_SWAP):
            return self._encode_swap(action)
        if kind is _ACTIONKIND_VOTE:
            start = self._start("vote", action)
            if action.count:
                if not 1 <= action.count <= _PASS_LIMIT:
                    raise ValueError(f"a vote offers 1 to {_PASS_LIMIT} tiles: {action}")
                return start + 1 + action.count
            return start + int(action.flag)
        return self._encode_charleston(action)

    def _encode_call(self, action: Action) -> int:
        start = self._start("call", action)
        meld = action.meld
        if meld is None:
            raise ValueError(f"a call names its meld: {action}")
        if meld.shape is MeldShape.CHOW:
            return start + self._tile(meld.tiles[0], action) * _CALL_VARIANTS + _CALL_CHOW
        variant = _CALL_IDENTICAL.get((meld.size, meld.joker_count))
        tile = meld.represents or (action.tiles[0] if action.tiles else None)
        if meld.shape is not MeldShape.IDENTICAL or variant is None or tile is None:
            raise ValueError(f"the encoding calls sets of 2 to 8 identical tiles and chows, not {meld}: {action}")
        return start + self._tile(tile, action) * _CALL_VARIANTS + variant

    def _encode_kong(self, action: Action) -> int:
        start = self._start("kong", action)
        meld = action.meld
        tile = meld.represents if meld is not None else None
        if tile is None and action.tiles:
            tile = action.tiles[0]
        if tile is None:
            raise ValueError(f"a kong names its tile: {action}")
        if meld is not None and meld.exposed:
            variant = _KONG_PROMOTED
        else:
            variant = meld.joker_count if meld is not None else 0
            if variant >= _KONG_PROMOTED:
                raise ValueError(f"a concealed kong has at most 3 jokers: {action}")
        return start + self._tile(tile, action) * _KONG_VARIANTS + variant

    def _encode_swap(self, action: Action) -> int:
        meld = action.meld
        if meld is None:
            start = self._start("blank_swap", action)
            taken = [tile for tile in action.tiles if not tile.is_blank] or list(action.tiles)
            if not taken:
                raise ValueError(f"a blank swap names the tile it takes: {action}")
            return start + self._tile(taken[0], action)
        start = self._start("joker_swap", action)
        given = action.tiles[0] if action.tiles else None
        joker_given = given is not None and given.is_joker
        tile = meld.represents or (None if joker_given else given)
        variant = _SWAP_MELDS.get((meld.size, meld.joker_count))
        if tile is None or variant is None:
            raise ValueError(f"the encoding swaps jokers with sets of 3 to 6 like tiles, not {meld}: {action}")
        relative = self._relative(action.seat, action.target or action.seat, action)
        variant += (int(joker_given) * _SWAP_TARGETS + relative) * len(_SWAP_MELDS)
        return start + self._tile(tile, action) * _SWAP_VARIANTS + variant

    def _encode_charleston(self, action: Action) -> int:
        passed = len(action.tiles)
        start = self._charleston.get((passed, action.count))
        if start is None:
            if _ACTIONKIND_CHARLESTON not in {block.kind for block in self._blocks.values()}:
                raise ValueError(f"the {self.ruleset.name} encoding has no charleston actions: {action}")
            raise ValueError(f"a Charleston pass is at most {_PASS_LIMIT} tiles in all, blind ones included: {action}")
        positions = sorted(self._tile(tile, action) for tile in action.tiles)
        return start + _rank_multiset(positions)

    # -- decoding ------------------------------------------------------------------------------

    def decode(self, index: int, legal: Iterable[Action]) -> Action:
        """The action of ``legal`` (the legal actions of one seat at one moment) that has
        ``index``.

        Raises:
            IllegalActionError: no legal action has that index (its reason's code is
                ``illegal-index``).
        """
        index = _action_index(index)
        for action in legal:
            if self.encode(action) == index:
                return action
        shown = self.describe(index) if 0 <= index < self.size else "outside the action space"
        raise IllegalActionError(
            Reason("illegal-index", f"action {index} ({shown}) is not legal now: the action mask marks the legal ones")
        )

    def indexes(self, legal: Iterable[Action]) -> dict[int, Action]:
        """Each legal action by its index.

        Raises:
            ValueError: two legal actions share an index (the encoding cannot tell them apart).
        """
        return self._indexes_and_mask(legal, None)

    def _indexes_and_mask(self, legal: Iterable[Action], cells: bytearray | None) -> dict[int, Action]:
        """:meth:`indexes`, setting each index's byte in ``cells`` too (a mask's, when given)."""
        found: dict[int, Action] = {}
        codes = self._codes
        if len(codes) > _CODES_REMEMBERED:
            codes.clear()
        listed = 0
        for action in legal:
            # Rounds reuse their action objects (a discard of a tile, a pass): each is encoded once.
            known = codes.get(id(action))
            if known is not None and known[0] is action:
                index = known[1]
            else:
                index = self.encode(action)
                codes[id(action)] = (action, index)
            found[index] = action
            if cells is not None:
                cells[index] = 1
            listed += 1
        if len(found) < listed:  # two actions share an index: the same action twice, or a fault
            self._check_distinct(legal)
        return found

    def _check_distinct(self, legal: Iterable[Action]) -> None:
        """Raise ValueError when two different actions of ``legal`` share an index."""
        seen: dict[int, Action] = {}
        for action in legal:
            index = self.encode(action)
            if seen.setdefault(index, action) != action:
                raise ValueError(f"the legal actions {seen[index]} and {action} share the index {index}")

    def indexed(self, legal: Sequence[Action]) -> LegalIndexes:
        """The legal actions of one seat at one moment (as ``legal_actions`` gives them) by index.

        Raises:
            ValueError: two legal actions share an index (the encoding cannot tell them apart).
        """
        if not isinstance(legal, tuple) and isinstance(legal, PassChoices):  # the second asks an ABC, in Python
            return self._pass_indexes(legal)
        # The mask is set while the actions are indexed: an environment asks for it every step.
        cells = bytearray(self.size)
        found = self._indexes_and_mask(legal, cells)
        return LegalIndexes(found, found, cells=cells)

    def _pass_indexes(self, choices: PassChoices) -> LegalIndexes:
        """A Charleston step's passes by index: the multisets of each size of the hand's kinds,
        within its copies, ranked at once (a pass's rank adds one term per tile)."""
        position = self._position
        try:
            positions = [position[tile.index] for tile in choices.kinds]
        except KeyError:
            probe = Action(choices.seat, _ACTIONKIND_CHARLESTON)
            for tile in choices.kinds:
                self._tile(tile, probe)  # raises, naming the tile
            raise
        layout = self._pass_layout(len(positions), choices.size, choices.blinds)
        # What each of the hand's kinds (then the padding kind, at a position that reads zeros)
        # adds to a pass's rank at each column: a pass's rank adds one term per column.
        positions.append(len(self.tiles))
        terms = _rank_terms(len(self.tiles))
        flat = np.frombuffer(b"".join([terms[position] for position in positions]), dtype=np.int64)
        ranks = _ADD_REDUCE(flat.take(layout.columns), 0)
        ranks += layout.starts
        # The passes that need more copies of a kind than the hand holds are left out.
        plain = layout.plain
        fits: npt.NDArray[np.bool_] | None = None
        if plain < len(ranks):
            limits = np.array(choices.limits, dtype=np.int64)
            fits = limits.take(layout.repeat_kinds) >= layout.repeat_needs
            ranks = _CONCATENATE((ranks[:plain], ranks[plain:][fits]))
        return LegalIndexes(ranks, decode=_PassDecoder(ranks, plain, fits, layout, choices))

    def _pass_layout(self, kinds: int, size: int, blinds: tuple[int, ...]) -> _PassLayout:
        """The passes of a Charleston step of ``size`` tiles, ``blind`` of them blind for each of
        ``blinds``, of a hand of ``kinds`` kinds of tile (:class:`_PassLayout`); kept for each
        (kinds, size, blinds) asked."""
        key = (kinds, size, blinds)
        found = self._pass_layouts.get(key)
        if found is None:
            starts: list[int] = []
            for blind in blinds:
                start = self._charleston.get((size - blind, blind))
                if start is None:
                    raise ValueError(f"a Charleston pass is at most {_PASS_LIMIT} tiles in all, blind ones included")
                starts.append(start)
            found = self._pass_layouts[key] = _shared_pass_layout(kinds, size, blinds, tuple(starts))
        return found

    def mask(self, legal: Iterable[Action]) -> npt.NDArray[np.int8]:
        """An array of :attr:`size` holding 1 at the index of each action of ``legal``, 0
        elsewhere."""
        mask = np.zeros(self.size, dtype=np.int8)
        for action in legal:
            mask[self.encode(action)] = 1
        return mask

    def block_of(self, index: int | np.integer[Any]) -> tuple[str, int]:
        """The name of the block holding ``index`` and the offset in it.

        Raises:
            IllegalActionError: ``index`` is not an index at all (a float, a string...).
            ValueError: the index is outside ``range(size)``.
        """
        index = _action_index(index)
        for name, start, size in self.blocks:
            if start <= index < start + size:
                return name, index - start
        raise ValueError(f"action index {index} is outside range({self.size})")

    def describe(self, index: int | np.integer[Any]) -> str:
        """``index`` in words: ``'discard 5C'``, ``'call pung of 5C with 1 joker'``...

        Raises:
            IllegalActionError: ``index`` is not an index at all (a float, a string...).
            ValueError: the index is outside ``range(size)``.
        """
        name, offset = self.block_of(index)
        if name in ("draw", "pass"):
            return name
        if name in ("discard", "blank_swap"):
            return f"{name.replace('_', ' ')} {self.tiles[offset]}"
        if name == "mahjong":
            return "mahjong" if offset == 0 else f"mahjong on {self.tiles[offset - 1]}"
        if name == "vote":
            return ("vote no", "vote yes")[offset] if offset < 2 else f"vote {offset - 1}"
        if name == "call":
            tile, variant = divmod(offset, _CALL_VARIANTS)
            if variant == _CALL_CHOW:
                first = self.tiles[tile]
                if first.suit is None or first.rank is None or first.rank > 7:
                    return f"call chow from {first} (never legal)"
                return f"call chow {first} {first.suit.tile(first.rank + 1)} {first.suit.tile(first.rank + 2)}"
            size, jokers = next(key for key, value in _CALL_IDENTICAL.items() if value == variant)
            return f"call {_set_name(size)} of {self.tiles[tile]} with {_jokers(jokers)}"
        if name == "kong":
            tile, variant = divmod(offset, _KONG_VARIANTS)
            if variant == _KONG_PROMOTED:
                return f"kong: add {self.tiles[tile]} to an exposed pung"
            return f"concealed kong of {self.tiles[tile]} with {_jokers(variant)}"
        if name == "joker_swap":
            tile, variant = divmod(offset, _SWAP_VARIANTS)
            way, variant = divmod(variant, _SWAP_TARGETS * len(_SWAP_MELDS))
            relative, variant = divmod(variant, len(_SWAP_MELDS))
            size, jokers = next(key for key, value in _SWAP_MELDS.items() if value == variant)
            whose = "own" if relative == 0 else f"seat +{relative}'s"
            meld = f"{whose} {_set_name(size)} of {self.tiles[tile]} with {_jokers(jokers)}"
            return (
                f"joker swap: give a joker for {self.tiles[tile]} from {meld}"
                if way
                else f"joker swap: give {self.tiles[tile]} for a joker from {meld}"
            )
        passed, blind = (int(part) for part in name.split()[1].split("+"))
        tiles = " ".join(str(self.tiles[position]) for position in _unrank_multiset(offset, passed))
        described = f"pass {tiles}" if tiles else "pass no tiles"
        return f"{described} and {blind} blind" if blind else described


def _set_name(size: int) -> str:
    return {2: "pair", 3: "pung", 4: "kong", 5: "quint"}.get(size, f"{size} of a kind")


def _jokers(count: int) -> str:
    return "no joker" if count == 0 else ("1 joker" if count == 1 else f"{count} jokers")


# -- observations ------------------------------------------------------------------------------

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
"""The rows of an observation, each of 49 numbers (one per kind of tile, in tile order, except
``state``): the seat's concealed tiles; the tiles of each seat's exposures (bonus tiles included)
and each seat's discards, seats counted from the observer in turn order (``+0`` is the observer;
rows of seats not at the table are zero); the tile that may be called now (one-hot); and
``state`` (see :data:`STATE_COLUMNS`)."""

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
"""The first columns of the ``state`` row (the rest are zero): the tiles left in the wall; the
observer's seat, one-hot (East, South, West, North); the prevailing wind, one-hot; which seats
must act now, counted from the observer; how many concealed tiles each seat holds, counted from
the observer; the round's phase, one-hot (American rounds: passing, turn, claims, over;
Singapore: turn, response, rob, over); before play in American rounds, the step, one-hot (a pass
of tiles, the vote on the second Charleston, the vote on the courtesy pass, the courtesy pass),
where the pass goes, one-hot (to the right, across, to the left; the courtesy pass goes across),
whether tiles may be passed blind, which Charleston it is (1 or 2, 0 for the Flex pass and the
courtesy steps) and which pass of it (1 to 3)."""

GLOBAL_STATE_ROWS = (*(f"concealed +{relative}" for relative in range(4)), *OBSERVATION_ROWS[1:])
"""The rows of :meth:`MahjongEnv.state`, the whole table for a centralized critic: each seat's
concealed tiles, counted from the table's first seat (East) in turn order (a row of zeros for a
seat not at the table), then what the first seat observes besides its own concealed tiles (the
rows of :data:`OBSERVATION_ROWS` after the first, seats counted from it)."""

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


# -- the environment ---------------------------------------------------------------------------


_RENDER_MODES = ("ansi", "human")


_AGENTS = {seat: seat.name.lower() for seat in Seat}


def _agent(seat: Seat) -> str:
    return _AGENTS[seat]


def _net_payments(round_: Round) -> Mapping[Seat, int]:
    """Each seat's net payment so far: the result's once the round is over; before, what the
    round has paid (Singapore's instant payments), or nothing."""
    if round_.is_over:
        result = round_.result
        return result.payments if result is not None else _NOTHING_PAID
    paid: Mapping[Seat, int] = getattr(round_, "payments", _NOTHING_PAID)
    return paid


_NOTHING_PAID: Mapping[Seat, int] = types.MappingProxyType({})
"""No payment yet: one object, so that an environment sees from step to step that nothing was
paid (``MahjongEnv.step`` then leaves the rewards at zero)."""


class MahjongEnv(AECEnv):  # type: ignore[misc]
    """A round of ``ruleset`` (a name with its ``options``, or a ruleset) as a PettingZoo AEC
    environment.

    The agents are the seats, ``"east"``, ``"south"``... (:attr:`possible_agents`), all of them
    playing until the round ends. :meth:`reset` deals ``new_round(ruleset, seed)``;
    :attr:`agent_selection` is the first seat of the round's ``to_act``; :meth:`step` takes the
    index of a legal action in :attr:`encoding` (an :class:`ActionEncoding`). Each agent's
    observation is a dict: ``"observation"``, a float32 array of shape ``(11, 49)`` laid out as
    :data:`OBSERVATION_ROWS` says, and ``"action_mask"``, an int8 array marking the indexes of the
    agent's legal actions now (all zero when it has nothing to do). The selected agent's info
    holds the same mask (``infos[agent]["action_mask"]``) while it has an action to take, so that
    an agent reading only the mask may skip the observation (``last(observe=False)``); a
    centralized critic reads the whole table from :meth:`state`. After each
    action every agent is rewarded with the change in its seat's net payment: Singapore's instant
    payments when they are paid (those of the deal with the first action), the win's payments when
    the round ends, so that an episode's rewards add up to the seat's ``result.payments`` (summing
    to zero over the seats; zero for all in a wall game without instant payments); every agent
    terminates at the end. With ``max_steps``, a round still going after that many actions is
    truncated.

    ``render_mode="ansi"`` makes :meth:`render` return the round as text, ``"human"`` prints it.
    """

    # Slots (PettingZoo's attributes among them) read at every step without a dict: an instance
    # held more attributes than CPython 3.11 keeps in a class's shared dictionary keys (30), and
    # PettingZoo adds one more at the end of each episode. ``metadata`` and ``render_mode`` stay in
    # the instance's dict, so that the class itself has no such attribute, as tools reading them
    # from a class expect.
    __slots__ = (
        "_cumulative_rewards",
        "_index_cache",
        "_info_agent",
        "_info_mask",
        "_mask_size",
        "_net_kept",
        "_observer",
        "_paid",
        "_pays_in_play",
        "_read_observation",
        "_rewarded",
        "_seat_of",
        "_seeds",
        "_skip_agent_selection",
        "action_spaces",
        "agent_selection",
        "agents",
        "encoding",
        "infos",
        "max_steps",
        "observation_spaces",
        "possible_agents",
        "rewards",
        "round",
        "ruleset",
        "seats",
        "state_space",
        "steps",
        "terminations",
        "truncations",
    )

    def __init__(
        self,
        ruleset: Ruleset | str = "flex",
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(_RENDER_MODES)} or None, not {render_mode!r}")
        self.ruleset: Ruleset = _as_ruleset(ruleset, options)
        # These two in the instance's dict (AECEnv gives it one), not in slots: see __slots__.
        self.render_mode = render_mode  # type: ignore[misc]
        self.max_steps = _checked_max_steps(max_steps)
        self.metadata: dict[str, Any] = {  # type: ignore[misc]
            "name": f"mahjong_{self.ruleset.name.replace('-', '_')}_v0",
            "render_modes": list(_RENDER_MODES),
            "is_parallelizable": False,
        }
        self.encoding = ActionEncoding(self.ruleset)
        self._mask_size = self.encoding.size
        self.seats: tuple[Seat, ...] = self.encoding.seats
        self.possible_agents: list[str] = [_agent(seat) for seat in self.seats]
        self._seat_of = {_agent(seat): seat for seat in self.seats}
        shape = (len(OBSERVATION_ROWS), NUM_TILE_KINDS)
        high = np.full(shape, float(max(self.ruleset.tileset.counts)), dtype=np.float32)
        high[_STATE_ROW] = float(self.ruleset.tileset.total)
        observation = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low=0.0, high=high, shape=shape, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(self.encoding.size,), dtype=np.int8),
            }
        )
        state_high = np.full(
            (len(GLOBAL_STATE_ROWS), NUM_TILE_KINDS), float(max(self.ruleset.tileset.counts)), np.float32
        )
        state_high[-1] = float(self.ruleset.tileset.total)
        self.state_space = gymnasium.spaces.Box(low=0.0, high=state_high, dtype=np.float32)
        """The space of :meth:`state`'s arrays."""
        action = ActionSpace(self.encoding.size)
        self.observation_spaces: dict[str, gymnasium.spaces.Dict] = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces: dict[str, gymnasium.spaces.Discrete] = dict.fromkeys(self.possible_agents, action)
        self._seeds = random.Random()
        self.round: Round | None = None
        self.steps = 0
        self._paid: dict[Seat, int] = {}
        self._index_cache: tuple[Round, str, LegalIndexes] | None = None
        self._observer = _Observer()
        self._read_observation: _Reader = _viewed_array
        self._pays_in_play = False
        self._net_kept: tuple[object, Mapping[Seat, int]] | None = None
        self._rewarded: Mapping[Seat, int] | None = None  # the net payments after which every reward is 0.0
        # The mask in the selected agent's info, with the round and agent it is of, until the first
        # observe of that moment hands it out as the observation's mask too.
        self._info_mask: tuple[Round, str, npt.NDArray[np.int8]] | None = None
        self._info_agent: str | None = None  # the agent whose info holds a mask

    def __getstate__(self) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        # The net payments last rewarded and kept are caches, often read-only mappings (which do
        # not pickle): a copy works them out again at its next step, to the same rewards.
        state, slots = super().__getstate__()
        return state, {**slots, "_rewarded": None, "_net_kept": None}

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The space of ``agent``'s observations (the same object for every agent)."""
        try:
            return self.observation_spaces[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The indexes of :attr:`encoding` (the same object for every agent)."""
        try:
            return self.action_spaces[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def _unknown(self, agent: object) -> ArgumentError:
        """The error for an agent not of this environment."""
        return ArgumentError(f"no agent {agent!r} in this environment; its agents: {', '.join(self.possible_agents)}")

    def _seat_of_agent(self, agent: object) -> Seat:
        try:
            return self._seat_of[agent]  # type: ignore[index]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None

    def _round(self) -> Round:
        if self.round is None:
            raise RuntimeError("call reset() before using the environment")
        return self.round

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round: ``new_round(ruleset, seed)``. Without a seed, the round's seed comes
        from a generator seeded by the last seed given (from the system at first), so a seeded
        reset followed by unseeded ones repeats the same rounds. ``options`` is accepted and
        unused (the ruleset's options are the constructor's)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            round_seed = seed
        else:
            round_seed = self._seeds.randrange(2**31)
        self.round = new_round(self.ruleset, seed=round_seed)
        self._read_observation = self._observer.reader(self.round)
        self._pays_in_play = hasattr(self.round, "transfers")  # Singapore's instant payments
        self.steps = 0
        self._paid = dict.fromkeys(self.seats, 0)  # each seat's net payment rewarded so far
        self._rewarded = None  # the net payments after which every reward is 0.0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._info_mask = self._info_agent = None
        self._select()
        self._show_mask(self.round)

    def _select(self) -> None:
        to_act = self._round().to_act
        if to_act:
            self.agent_selection = _AGENTS[to_act[0]]

    def _show_mask(self, round_: Round) -> None:
        """Put the selected agent's action mask in its info (PettingZoo's loop reads it there or in
        the observation), and take the mask out of the info of the agent that had one before; no
        mask once the round is over or truncated."""
        shown = self._info_agent
        if shown is not None and shown in self.infos:
            self.infos[shown] = {}
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._info_mask = self._info_agent = None
            return
        # Indexed here rather than through _indexed: the round is this step's, the cache stale.
        indexed = self.encoding.indexed(round_.legal_actions(self._seat_of[agent]))
        mask = indexed.mask(self._mask_size)
        self._index_cache = (round_, agent, indexed)
        self.infos[agent] = {"action_mask": mask}
        self._info_mask = (round_, agent, mask)
        self._info_agent = agent

    def legal_actions(self, agent: str | None = None) -> Sequence[Action]:
        """The legal actions of ``agent`` (the selected agent by default) now."""
        round_ = self._round()
        return round_.legal_actions(self._seat_of_agent(agent or self.agent_selection))  # none if not to act

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The selected agent (:attr:`agent_selection`) while any agent is left, at most
        ``max_iter`` times, as PettingZoo's ``agent_iter`` (a generator: PettingZoo's iterator
        costs a Python call per step)."""
        left = max_iter
        while self.agents and left > 0:
            left -= 1
            yield self.agent_selection

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` sees now (:func:`observation_array`) and the mask of its legal actions."""
        round_ = self.round
        if round_ is None:
            raise RuntimeError("call reset() before using the environment")
        shown = self._info_mask
        if shown is not None and shown[0] is round_ and shown[1] == agent:
            self._info_mask = None  # the info's mask is handed out once: a later observe makes its own
            mask = shown[2]
        else:
            mask = self._indexed(agent).mask(self._mask_size)
        return {"observation": self._read_observation(round_, self._seat_of[agent], self.seats), "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """The whole table now, for a centralized critic (PettingZoo's ``state``): a float32
        array laid out as :data:`GLOBAL_STATE_ROWS` says, in :attr:`state_space`. Every seat's
        concealed tiles are in it, as no agent's observation has them; the wall's order is not.
        An agent's observation stays its own seat's view."""
        round_ = self._round()
        seats = self.seats
        first = self._read_observation(round_, seats[0], seats)
        return np.concatenate((self._observer.concealed_rows(round_, seats), first[1:]))

    def _indexed(self, agent: str) -> LegalIndexes:
        """The agent's legal actions now by index, worked out once for the mask and the step."""
        round_ = self._round()
        cached = self._index_cache
        if cached is not None and cached[0] is round_ and cached[1] == agent:
            return cached[2]
        try:  # inline, not _seat_of_agent: a call fewer at every step
            seat = self._seat_of[agent]
        except (KeyError, TypeError):
            raise self._unknown(agent) from None
        found = self.encoding.indexed(round_.legal_actions(seat))  # none if not to act
        self._index_cache = (round_, agent, found)
        return found

    def step(self, action: int | np.integer[Any] | npt.NDArray[np.integer[Any]] | None) -> None:
        """Apply the selected agent's action, given by its index (``None`` for an agent that has
        terminated, as PettingZoo's loop does).

        Raises:
            IllegalActionError: the index is not that of a legal action (the mask's zeros); the
                environment is unchanged.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(Reason("illegal-index", "a live agent's action is an index, not None"))
        index = action if type(action) is int else _action_index(action)
        round_ = self.round
        if round_ is None:
            raise RuntimeError("call reset() before using the environment")
        cached = self._index_cache  # as in observe, without a call
        if cached is not None and cached[0] is round_ and cached[1] == agent:
            indexed = cached[2]
        else:
            indexed = self._indexed(agent)
        listed = indexed._actions  # most steps' actions are listed: read here, without a call
        chosen = listed.get(index) if listed is not None else indexed.action(index)
        if chosen is None:
            chosen = self.encoding.decode(index, self.legal_actions(agent))  # raises, saying why
        self.round = round_ = round_.apply(chosen)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        # Every agent's reward is set here, so PettingZoo's _clear_rewards and
        # _accumulate_rewards (two more passes over the agents) are folded into this one.
        over = round_.is_over
        # A family paying only at the end (its rounds keep no transfers) has paid nothing before:
        # not asked, since looking up a missing attribute raises and catches an error each step.
        net = self._net_of(round_) if over or self._pays_in_play else _NOTHING_PAID
        if net is not self._rewarded:  # else every reward is already 0.0 and nothing accumulates
            paid, rewards, cumulative = self._paid, self.rewards, self._cumulative_rewards
            changed = False
            for other in self.agents:
                seat = self._seat_of[other]
                now = net.get(seat, 0)
                rewards[other] = reward = float(now - paid[seat])
                cumulative[other] += reward
                paid[seat] = now
                changed = changed or reward != 0.0
            # The same net payments next step reward nothing, which the rewards now say already
            # only if this step rewarded nothing either.
            self._rewarded = net if not changed else None
        if over:
            for other in self.agents:
                self.terminations[other] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            to_act = round_.to_act
            if to_act:
                self.agent_selection = _AGENTS[to_act[0]]
        self._show_mask(round_)
        if self.render_mode == "human":
            self.render()

    def _net_of(self, round_: Round) -> Mapping[Seat, int]:
        """:func:`_net_payments` of ``round_``, kept while a round under way pays nothing new (its
        tuple of transfers is the same object)."""
        transfers = getattr(round_, "transfers", None)
        if transfers is None or round_.is_over:
            return _net_payments(round_)
        kept = self._net_kept
        if kept is not None and kept[0] is transfers:
            return kept[1]
        net = _net_payments(round_)
        self._net_kept = (transfers, net)
        return net

    def render(self) -> str | None:
        """The round as text (``render_mode="ansi"``), or printed (``"human"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def text(self) -> str:
        """The round as text: each seat's concealed tiles, exposures and discards (``*`` marks the
        seats to act), the last action, and the end."""
        round_ = self._round()
        lines = [f"{self.ruleset.name}, seed {round_.seed}, {len(round_.actions)} actions"]
        for seat in self.seats:
            seen = round_.observation(seat)
            hand = " ".join(str(tile) for tile in sorted(_concealed(seen)))
            shown = [str(meld) for meld in seen.get("exposed", {}).get(seat, ())]
            shown += [str(tile) for tile in _tiles_of(seen.get("bonus", {}).get(seat))]
            discards = " ".join(str(tile) for tile in _discards(seen, seat))
            marker = "*" if seat in round_.to_act else " "
            lines.append(f"{marker} {seat.name.title():<5} {hand}  {' '.join(shown)}  | {discards}".rstrip())
        if round_.actions:
            lines.append(f"last: {round_.actions[-1]}")
        if round_.result is not None:
            winner = round_.result.winner
            lines.append(f"over: {winner.name.title() + ' wins' if winner else 'wall game'}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(ruleset: Ruleset | str = "flex", **options: Any) -> MahjongEnv:
    """The environment of ``ruleset`` without PettingZoo's wrappers: ``MahjongEnv(ruleset,
    **options)``."""
    return MahjongEnv(ruleset, **options)


def env(ruleset: Ruleset | str = "flex", **options: Any) -> CheckedEnv:
    """The environment of ``ruleset`` (``"flex"``, ``"card-free"``, ``"nmjl"`` or
    ``"singapore"``, or a ruleset of one of them; ``options`` are the ruleset's options, with
    ``render_mode`` and ``max_steps``), with PettingZoo's checks of calls in order (no step
    before a reset) and of actions in bounds: a PettingZoo ``OrderEnforcingWrapper``
    (:class:`CheckedEnv`) whose calls at every step reach the
    environment directly, so that the checks cost little (see ``docs/performance.rst``)."""
    return CheckedEnv(raw_env(ruleset, **options))
