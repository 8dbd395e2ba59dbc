"""The action space of the reinforcement-learning environments: every action a round can offer
has one index in a fixed :class:`ActionEncoding`, and :class:`LegalIndexes` holds one moment's
legal actions by index (``mahjong_rules.engine.rl`` documents both; the layout is in
``docs/engine.rst``)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

import attrs

# NumPy comes with the 'rl' extra: this module is imported through mahjong_rules.engine.rl, whose
# import says so when the extra is missing.
import numpy as np
import numpy.typing as npt

from mahjong_rules._coerce import describe
from mahjong_rules.engine.american import PassChoices
from mahjong_rules.engine.core import Action, ActionKind, IllegalActionError
from mahjong_rules.melds import MeldShape
from mahjong_rules.registry import _as_ruleset
from mahjong_rules.ruleset import Reason, Ruleset
from mahjong_rules.tiles import Seat, Tile

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
        shown = self._shown(index)
        raise IllegalActionError(
            Reason("illegal-index", f"action {index} ({shown}) is not legal now: the action mask marks the legal ones")
        )

    def _shown(self, index: int) -> str:
        """What ``index`` does (:meth:`describe`), or that it is outside the action space."""
        return self.describe(index) if 0 <= index < self.size else "outside the action space"

    def chosen(self, legal: LegalIndexes, index: object, chooser: str, seat: Seat) -> Action:
        """The legal action of ``index`` among ``legal`` (``seat``'s now), which ``chooser`` (a
        model, an RLCard agent) chose.

        Raises:
            IllegalActionError: ``index`` is no index, or no legal action's (``illegal-index``),
                naming the chooser and the seat.
        """
        number = _action_index(index)
        action = legal.action(number)
        if action is None:
            shown, player = self._shown(number), seat.name.title()
            message = f"{chooser} chose action {number} ({shown}), not a legal action of {player} now"
            raise IllegalActionError(Reason("illegal-index", message))
        return action

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
