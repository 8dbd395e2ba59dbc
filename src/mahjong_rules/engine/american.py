"""Rounds of the three American rulesets, Flex (``flex``), Card-Free (``card-free``) and the card
(``nmjl``), from a seeded shuffle to settlement.

One immutable class, :class:`AmericanRound`, plays all three. The rulesets differ in the deal
(Flex: 13 tiles each and a pass of 3 to the left; Card-Free and the card: East 14 and the
Charleston), in what a player may call (each ruleset's ``check_call``), in who takes a discard
several players call (``resolve_claims``), in joker swaps (``swap_joker``), in Flex's blanks
(``check_blank_swap``), and in winning hands and payments (``evaluate``, ``settle``).

Steps that are simultaneous at the table (a pass, a vote, the answers to a discard) collect every
seat's choice before anything changes: :attr:`AmericanRound.to_act` lists the seats still to
choose. Steps with nothing to choose happen by themselves: the draw, a courtesy pass of no tiles,
and letting a discard go for a seat that could neither call it nor win on it.

>>> from mahjong_rules.engine import new_round
>>> round_ = new_round("nmjl", seed=1)
>>> round_.phase.value, [len(round_.hand(seat)) for seat in round_.seats]
('passing', [14, 13, 13, 13])
>>> round_.step.describe()
'first Charleston, pass 1: 3 tiles to the right'
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, Protocol, overload

import attrs

from mahjong_rules._coerce import as_seat, describe
from mahjong_rules.engine.core import (
    _POSITION,
    Action,
    ActionKind,
    IllegalActionError,
    RoundResult,
    discard_row,
    seats_after,
    simple_action,
    warm_up,
)
from mahjong_rules.engine.passing import (
    PASS_SIZE,
    Step,
    StepKind,
    charleston_steps,
    flex_plan,
    partner,
    receiver,
)
from mahjong_rules.engine.selfplay import InvariantError
from mahjong_rules.engine.view import PlayerView, view_of
from mahjong_rules.errors import UnreachableError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Evaluation, Reason, Ruleset, Settlement, WinContext
from mahjong_rules.rulesets._play import Claim, ClaimKind, IllegalMoveError
from mahjong_rules.rulesets.nmjl.play import check_charleston_pass
from mahjong_rules.tiles import Seat, Tile, index_of

__all__ = ["AmericanRound", "Family", "Phase", "Step", "StepKind", "partner", "receiver"]


class _AmericanRuleset(Ruleset, Protocol):
    """What a round needs of an American ruleset (Flex, Card-Free, the card) beyond the
    :class:`~mahjong_rules.Ruleset` protocol."""

    @property
    def options(self) -> Any: ...

    @property
    def seats(self) -> tuple[Seat, ...]: ...

    def settle_several(self, wins: Sequence[tuple[Evaluation, Seat]], discarder: Seat) -> Settlement: ...

    def check_call(
        self, hand: Hand, discard: Tile, meld: Meld | None = None, context: WinContext | None = None
    ) -> Reason | None: ...

    def resolve_claims(self, claims: Sequence[Claim], discarder: Seat) -> tuple[Claim, ...]: ...

    def swap_joker(self, meld: Meld, give: Tile) -> tuple[Meld, Tile]: ...

    def _away_of(self, hand: Hand) -> int | None: ...

    def _call_problem(
        self, hand: Hand, discard: Tile, meld: Meld | None, context: WinContext | None = None
    ) -> Reason | None: ...


class Family(enum.Enum):
    """Which American ruleset a round plays: they share the table, not the deal or the calls."""

    FLEX = "flex"
    CARD_FREE = "card-free"
    NMJL = "nmjl"


class Phase(enum.Enum):
    """Where a round is."""

    __hash__ = object.__hash__  # a member equals only itself: the identity hash, in C (see Seat)

    PASSING = "passing"
    """Before play: the Flex pass, or the Charleston with its votes and the courtesy pass."""
    TURN = "turn"
    """A seat holds 14 tiles: it may swap, declare Mahjong, and must discard."""
    CLAIMS = "claims"
    """The seats that could take the last discard say whether they call it."""
    OVER = "over"
    """A Mahjong or a wall game ended the round."""


# -- the plan of the steps before play ---------------------------------------------------------


def _family(ruleset: _AmericanRuleset) -> Family:
    for family in Family:
        if ruleset.name == family.value:
            return family
    raise ValueError(f"AmericanRound plays flex, card-free and nmjl, not {ruleset.name!r}")


def _american_plan(ruleset: _AmericanRuleset) -> tuple[Step, ...]:
    """Card-Free and the card: the first Charleston, the vote on the second (none with Card-Free's
    house rule "Always skip the second round of the Charleston"), and the courtesy pass between
    players "sitting across from each other" (none with three players)."""
    players = len(ruleset.seats)
    steps = charleston_steps(1, players)
    if not getattr(ruleset.options, "skip_second_charleston", False):
        steps.append(Step(StepKind.SECOND_VOTE))
    if players != 3:
        steps += [Step(StepKind.COURTESY_VOTE), Step(StepKind.COURTESY_PASS)]
    return tuple(steps)


class PassChoices(Sequence[Action]):
    """Every choice of tiles ``seat`` may pass, as a sequence worked out on demand: each
    multiset of ``size - unseen`` of the ``counts`` (tiles in order, more copies of a tile first),
    for each number ``unseen`` passed blind in ``blinds``. An index is unranked in a few steps,
    so a random choice among hundreds of passes builds one action, not all of them."""

    def __init__(self, seat: Seat, counts: Mapping[Tile, int], size: int, blinds: Sequence[int]) -> None:
        kinds = tuple(sorted(counts, key=index_of))
        self._set_up(seat, kinds, tuple(counts[tile] for tile in kinds), size, blinds)

    @classmethod
    def _of_counts(cls, seat: Seat, held: Sequence[int], size: int, blinds: Sequence[int]) -> PassChoices:
        """The choices of the tiles whose counts by index are ``held`` (the hand's concealed
        counts, jokers left out where they may not go): read in tile order without hashing a
        tile."""
        choices: PassChoices = object.__new__(cls)
        choices._set_up(seat, tuple(itertools.compress(_TILES, held)), tuple(filter(None, held)), size, blinds)
        return choices

    def _set_up(
        self, seat: Seat, kinds: tuple[Tile, ...], limits: tuple[int, ...], size: int, blinds: Sequence[int]
    ) -> None:
        self.seat = seat
        self.kinds = kinds
        """The kinds of tile that may be passed, in tile order."""
        self.limits = limits
        """How many of each kind may be passed (the hand's copies)."""
        self.size = size
        """The tiles each pass takes from the hand or passes on blind."""
        self.blinds = tuple(blinds)
        """The numbers of tiles passed blind, a block of choices for each."""
        self._ways = ways = _pass_ways(self.limits, size)
        self._blocks = [(unseen, ways[0][size - unseen]) for unseen in self.blinds]
        self._length = sum(count for _, count in self._blocks)
        self._made: Action | None = None  # the pass made last, legal by construction

    def made(self, action: Action) -> bool:
        """Whether ``action`` is the pass these choices made last (an agent's pick from them),
        which the round takes without checking its tiles again."""
        return action is self._made

    def _pick(self, tiles: tuple[Tile, ...], unseen: int) -> Action:
        """The pass of ``tiles`` (of :attr:`kinds`, in tile order, within :attr:`limits`) with
        ``unseen`` more passed blind, made as a pick from these choices (:meth:`made`): for a
        caller that found it among them by rank, as the environment does, so that the round does
        not check its tiles again."""
        if unseen not in self.blinds or len(tiles) + unseen != self.size:
            raise ValueError(f"no pass of {len(tiles)} tiles and {unseen} blind among {self!r}")
        made = self._made = _action(self.seat, _ACTIONKIND_CHARLESTON, tiles, unseen)
        return made

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Action]:
        for unseen in self.blinds:
            for tiles in self._listed(0, self.size - unseen):
                yield _action(self.seat, ActionKind.CHARLESTON, tiles, unseen)

    def _listed(self, start: int, size: int) -> Iterator[tuple[Tile, ...]]:
        if size == 0:
            yield ()
            return
        for position in range(start, len(self.kinds)):
            tile = self.kinds[position]
            for taken in range(min(self.limits[position], size), 0, -1):
                for rest in self._listed(position + 1, size - taken):
                    yield (tile,) * taken + rest

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PassChoices):
            return self._key() == other._key()
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.kinds, self.limits, self.size, self.blinds)

    def __repr__(self) -> str:
        return f"<{len(self)} Charleston passes of {self.seat.name.title()}>"

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(f"pass choice {index} out of range: there are {self._length}")
        for unseen, count in self._blocks:
            if index < count:
                made = self._made = _action(
                    self.seat, ActionKind.CHARLESTON, self._unrank(index, self.size - unseen), unseen
                )
                return made
            index -= count
        raise AssertionError("unreachable: the blocks add up to the length")

    def _unrank(self, rank: int, size: int) -> tuple[Tile, ...]:
        tiles: tuple[Tile, ...] = ()
        position = 0
        while size:
            for taken in range(min(self.limits[position], size), 0, -1):
                count = self._ways[position + 1][size - taken]
                if rank < count:
                    tiles += (self.kinds[position],) * taken
                    size -= taken
                    break
                rank -= count
            position += 1
        return tiles


@functools.cache
def _votes(seat: Seat, kind: StepKind) -> tuple[Action, ...]:
    """``seat``'s votes in a step of ``kind``: yes or no to the second Charleston, 0 to 3 tiles for
    the courtesy pass (values, made once)."""
    if kind is StepKind.SECOND_VOTE:
        return (Action(seat, ActionKind.VOTE, flag=True), Action(seat, ActionKind.VOTE, flag=False))
    return tuple(Action(seat, ActionKind.VOTE, count=count) for count in range(PASS_SIZE + 1))


_TILES = Tile.all()


@functools.lru_cache(maxsize=4096)
def _pass_ways(limits: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """``ways[position][left]``: the multisets of ``left`` tiles among the kinds from ``position``
    on, at most ``limits[kind]`` of each (hands alike in their copies share it). Tuples of numbers,
    which the garbage collector stops tracking, where thousands of kept lists would lengthen every
    full collection."""
    below: tuple[int, ...] = (1, *[0] * size)  # past the last kind, only the empty multiset
    ways = [below]
    lefts = range(size + 1)
    for limit in reversed(limits):
        # ways[position][left] sums ways[position + 1][left - taken] for taken up to the limit:
        # a sliding window's sum over the row below, carried from one ``left`` to the next.
        row = []
        window = 0
        for left in lefts:
            window += below[left]
            if left > limit:
                window -= below[left - limit - 1]
            row.append(window)
        below = tuple(row)
        ways.append(below)
    return tuple(reversed(ways))


def _action(seat: Seat, kind: ActionKind, tiles: tuple[Tile, ...] = (), count: int = 0) -> Action:
    """An action made from values already of the right types, without Action's converters: a
    round lists hundreds of passes, and builds them this way about three times faster."""
    action: Action = object.__new__(Action)
    for name, value in (
        ("seat", seat),
        ("kind", kind),
        ("tiles", tiles),
        ("meld", None),
        ("target", None),
        ("count", count),
        ("flag", False),
    ):
        object.__setattr__(action, name, value)
    return action


@functools.cache
def _call(seat: Seat, tile: Tile, size: int, jokers: int, discarder: Seat) -> tuple[Meld, Action]:
    """The exposure of ``size`` tiles (``jokers`` of them jokers) calling ``tile`` from
    ``discarder``, and ``seat``'s action calling for it, made once (both are values)."""
    meld = Meld((tile,) * (size - jokers) + (Tile.JOKER,) * jokers, exposed=True, called_from=discarder)
    return meld, Action(seat, ActionKind.CALL, (tile,), meld)


def _same_ruleset(first: Any, second: Any) -> bool:
    return bool(first is second or (first.name == second.name and first.options == second.options))


def _action_key(action: Action) -> tuple[Any, ...]:
    """What makes two actions the same move: the tiles passed in any order, a meld by its tiles
    and what it stands for (who it was called from is known to the round)."""
    tiles = tuple(sorted(action.tiles, key=index_of)) if action.kind is ActionKind.CHARLESTON else action.tiles
    meld = None if action.meld is None else (action.meld.tiles, action.meld.represents)
    return (action.seat, action.kind, tiles, meld, action.target, action.count, action.flag)


_SwapOffer = tuple[Tile, Seat, int, Meld, Tile]
"""A joker swap some exposed set allows: (tile given, target seat, the set's index, the set, tile
taken)."""


class _Analyses:
    """Waits per hand, shared by a round and every round that follows it (hands change
    little from one action to the next), and the card's callable group sizes."""

    # Slots: every step reads these, and a __dict__ of one attribute more cost Card-Free's rounds
    # 0.4% more instructions.
    __slots__ = (
        "_away",
        "_meld_swaps",
        "_quick_floor",
        "_sizes",
        "_swap_actions",
        "_swapped",
        "_waits",
        "call_fits",
        "family",
        "ruleset",
    )

    def __init__(self, ruleset: _AmericanRuleset, family: Family) -> None:
        self.ruleset = ruleset
        self.family = family
        self._waits: dict[Hand, frozenset[Tile]] = {}
        self._away: dict[Hand, int] = {}
        # The ruleset's tiles_away_floor without checking the hand again (the round's hands are
        # of its tiles and sizes), or a looser floor still where the ruleset has a cheaper one.
        self._quick_floor: Callable[[Hand], int] | None = getattr(ruleset, "_loose_floor_of", None) or getattr(
            ruleset, "_floor_of", None
        )
        # Whether a call the round makes of a hand's own tiles fits, where the ruleset can say so
        # without checking the tiles again (the card: whether an exposed line has the set).
        self.call_fits: Callable[[Hand, Tile, Meld], bool] | None = getattr(ruleset, "_call_fits", None)
        self._swap_actions: dict[tuple[Seat, int, Seat, int], tuple[Meld, Action]] = {}
        self._meld_swaps: dict[int, tuple[Meld, tuple[tuple[Tile, Tile], ...]]] = {}
        self._swapped: dict[tuple[tuple[Tile, ...], Tile | None, Seat | None, Tile], tuple[Meld, Tile] | None] = {}
        self._sizes: dict[Tile, tuple[int, ...]] = {}
        if family is Family.NMJL:
            self._sizes = _card_group_sizes(ruleset.options.card)

    def waits(self, hand: Hand) -> frozenset[Tile]:
        """The tiles that would complete a 13-tile hand (a necessary condition for a Mahjong on
        them), remembered like tiles away."""
        found = self._waits.get(hand)
        if found is None:
            try:
                found = self.ruleset.waits(hand)
            except UnreachableError:
                found = frozenset()
            self._waits[hand] = found
        return found

    def swap_action(self, seat: Seat, give: Tile, meld: Meld, target: Seat) -> Action:
        """``seat``'s joker swap giving ``give`` to ``target``'s ``meld``: made once per round (by
        the meld object, which the round's hands keep while it lasts)."""
        key = (seat, give.index, target, id(meld))
        found = self._swap_actions.get(key)
        if found is None or found[0] is not meld:
            found = self._swap_actions[key] = (meld, Action(seat, ActionKind.JOKER_SWAP, (give,), meld, target))
        return found[1]

    def swaps_of(self, meld: Meld) -> tuple[tuple[Tile, Tile], ...]:
        """The joker swaps the rules allow with ``meld``, each as (tile given, tile taken): the
        tile a joker stands for, when the set holds a joker; a joker from the hand, in Flex,
        when the set holds a natural tile. Worked out once per meld object."""
        found = self._meld_swaps.get(id(meld))
        if found is not None and found[0] is meld:
            return found[1]
        swaps: list[tuple[Tile, Tile]] = []
        if meld.exposed:
            jokers = meld.tiles.count(Tile.JOKER)
            gives = []
            if jokers and meld.represents is not None:
                gives.append(meld.represents)
            if self.family is Family.FLEX and jokers < len(meld.tiles):
                gives.append(Tile.JOKER)
            for give in gives:
                swapped = self.swapped(meld, give)
                if swapped is not None:
                    swaps.append((give, swapped[1]))
        self._meld_swaps[id(meld)] = (meld, tuple(swaps))
        return tuple(swaps)

    def swapped(self, meld: Meld, give: Tile) -> tuple[Meld, Tile] | None:
        """The ruleset's ``swap_joker(meld, give)`` (the exposed set after the swap and the tile
        taken), or ``None`` when the rules refuse it: worked out once per set of tiles, what its
        jokers stand for and who it was called from, which are all a swap depends on (a round's
        sets come back turn after turn)."""
        key = (meld.tiles, meld.represents, meld.called_from, give)
        try:
            return self._swapped[key]
        except KeyError:
            pass
        try:
            found: tuple[Meld, Tile] | None = self.ruleset.swap_joker(meld, give)
        except IllegalMoveError:
            found = None
        self._swapped[key] = found
        return found

    def swap_offers(self, melds: tuple[tuple[Meld, ...], ...], seats: Sequence[Seat]) -> tuple[_SwapOffer, ...]:
        """Every joker swap the exposed sets ``melds`` (each seat's, in ``seats`` order) allow
        anyone, as (tile given, target, set's index, set, tile taken), in that order (a round keeps
        them until some seat's sets change)."""
        return tuple(
            (give, target, index, meld, taken)
            for target, target_melds in zip(seats, melds, strict=True)
            for index, meld in enumerate(target_melds)
            for give, taken in self.swaps_of(meld)
        )

    @staticmethod
    def discards(seat: Seat, counts: Sequence[int]) -> list[Action]:
        """``seat``'s discard of every kind its concealed ``counts`` hold, in tile order."""
        return list(itertools.compress(discard_row(seat), counts))

    def floor(self, hand: Hand) -> int:
        """A floor under the hand's tiles away: the ruleset's quick lower bound
        (``tiles_away_floor``, where it has one) when that is 2 or more, so that no search is
        needed until draws could bring the hand within a tile; else the tiles away themselves."""
        if self._quick_floor is not None:
            found = self._quick_floor(hand)
            if found >= 2:
                return found
        return self.away(hand)

    def away(self, hand: Hand) -> int:
        """The hand's tiles away (:data:`FAR` when no valid hand keeps its exposed sets),
        remembered."""
        found = self._away.get(hand)
        if found is None:
            # The ruleset's tiles_away without checking the hand again (None: no valid hand keeps
            # the exposed sets).
            away = self.ruleset._away_of(hand)
            found = FAR if away is None else away
            self._away[hand] = found
        return found

    def call_sizes(self, tile: Tile, naturals: int, jokers: int) -> Iterator[tuple[int, int]]:
        """The exposures worth asking the ruleset about when ``tile`` is discarded to a hand
        holding ``naturals`` of it and ``jokers``: (size, jokers used) pairs, the called tile
        included in the size. Flex: sets of 3 or 4, flowers in any number and never with a joker;
        Card-Free: blocks of 3 to 5; the card: the sizes of its groups of that tile."""
        if self.family is Family.FLEX:
            sizes: Sequence[int] = range(3, naturals + 2) if tile.is_flower else range(3, 5)
            jokers = 0 if tile.is_flower else jokers
        elif self.family is Family.CARD_FREE:
            sizes = range(3, 6)
        else:
            sizes = self._sizes.get(tile, ())
        for size in sizes:
            for used in range(max(0, size - 1 - naturals), min(jokers, size - 1) + 1):
                yield size, used


_JOKER_INDEX = Tile.JOKER.index
_BLANK_INDEX = Tile.BLANK.index

#: The floor of a hand no valid hand keeps the exposed sets of: far enough that draws never
#: bring it to 1 within a round.
FAR = 1000


_GROUP_SIZES: dict[int, tuple[Any, dict[Tile, tuple[int, ...]]]] = {}
"""Each card's group sizes, by the card's identity (the entry keeps the card, so its id stays
its own): hashing a card hashes every line of it, some 60 µs, and every round deals anew."""
_CARDS_KEPT = 16


def _card_group_sizes(card: Any) -> dict[Tile, tuple[int, ...]]:
    """For each tile, the sizes of the groups of it (3 or more like tiles) in the exposed lines
    of the card: an exposure must be a whole group of an exposed line (ruling N4). Worked out
    once per card object."""
    kept = _GROUP_SIZES.get(id(card))
    if kept is not None and kept[0] is card:
        return kept[1]
    sizes = _group_sizes_of(card)
    if len(_GROUP_SIZES) >= _CARDS_KEPT:
        _GROUP_SIZES.clear()
    _GROUP_SIZES[id(card)] = (card, sizes)
    return sizes


def _group_sizes_of(card: Any) -> dict[Tile, tuple[int, ...]]:
    found: dict[Tile, set[int]] = {}
    for line in card.lines:
        if line.concealed:
            continue
        for variant in line.variants:
            for group in variant:
                if len(group.tiles) >= 3 and len(set(group.tiles)) == 1:
                    found.setdefault(Tile.from_index(group.tiles[0]), set()).add(len(group.tiles))
    return {tile: tuple(sorted(sizes)) for tile, sizes in found.items()}


# EnumType's __getattr__ (CPython 3.11) makes reading a member through its class several times
# slower than reading a global: the round's code reads these.
_ACTIONKIND_BLANK_SWAP = ActionKind.BLANK_SWAP
_ACTIONKIND_CALL = ActionKind.CALL
_ACTIONKIND_CHARLESTON = ActionKind.CHARLESTON
_ACTIONKIND_DISCARD = ActionKind.DISCARD
_ACTIONKIND_JOKER_SWAP = ActionKind.JOKER_SWAP
_ACTIONKIND_MAHJONG = ActionKind.MAHJONG
_ACTIONKIND_PASS = ActionKind.PASS
_CLAIMKIND_EXPOSURE = ClaimKind.EXPOSURE
_CLAIMKIND_MAHJONG = ClaimKind.MAHJONG
_FAMILY_FLEX = Family.FLEX
_PHASE_CLAIMS = Phase.CLAIMS
_PHASE_OVER = Phase.OVER
_PHASE_PASSING = Phase.PASSING
_PHASE_TURN = Phase.TURN
_STEPKIND_COURTESY_PASS = StepKind.COURTESY_PASS
_STEPKIND_COURTESY_VOTE = StepKind.COURTESY_VOTE
_STEPKIND_PASS = StepKind.PASS
_STEPKIND_SECOND_VOTE = StepKind.SECOND_VOTE


@attrs.frozen(slots=False)  # a __dict__ is copied in one step: a round is copied a few times per action
class AmericanRound:
    """A round of Flex, Card-Free or the card, as an immutable state (the
    :class:`~mahjong_rules.engine.Round` protocol). Make one with :meth:`deal` (or
    :func:`~mahjong_rules.engine.new_round`); :meth:`apply` returns the next state.

    Attributes:
        ruleset: the ruleset played.
        seed: the seed of the shuffle.
        seats: the seats at the table, in turn order.
        hands: each seat's hand (concealed tiles and exposed sets), in the order of ``seats``.
        wall: the tiles still to draw (drawn from the end; the shuffle makes any draw random).
        set_aside: tiles set aside unused (Flex with two or three players).
        discards: the discards on the table, with who discarded them, oldest first.
        phase: where the round is.
        steps: the steps before play still to come, the current one first.
        chosen: the choices made so far in the current simultaneous step (passes, votes, answers
            to a discard).
        courtesy: after the courtesy vote, how many tiles each seat trades with the seat across.
        turn: whose turn it is (during claims: who discarded).
        began: how the turn began: ``"deal"`` (East holding 14 at the start), ``"draw"`` or
            ``"call"``.
        taken: the tile drawn or called to begin the turn.
        called_from: the discarder of the called tile that began the turn.
        swaps: the joker swaps of this turn, as (target seat, set index, tile given, tile taken).
        claim_options: during claims, each seat that may call the discard or win on it, with
            its actions, in turn order from the discarder.
        discarded: the seats that have discarded at least once (a Mahjong before is on the first
            turn).
        actions: every action applied since the deal.
        result: how the round ended, once over.
        winners: every winner (Flex: several may win on one discard).
        declared: the round ended with a Mahjong declared on the winner's turn (its hand then
            holds 14 tiles; a winner on a discard holds 13, the discard staying on the table).
        floors: during play, for each seat, a number its hand's tiles away is at least (empty:
            nothing known). A drawn, called or swapped-in tile brings a hand at most one tile
            closer, and a discard or an exposure never does, so a seat's exact distance, worked
            out when its floor comes down to 1, rules its hand out of Mahjongs and waits for
            several turns without another search.
    """

    ruleset: _AmericanRuleset = attrs.field(eq=attrs.cmp_using(eq=_same_ruleset), hash=False)
    seed: int
    seats: tuple[Seat, ...]
    hands: tuple[Hand, ...]
    wall: tuple[Tile, ...]
    set_aside: tuple[Tile, ...] = ()
    discards: tuple[tuple[Seat, Tile], ...] = ()
    phase: Phase = Phase.PASSING
    steps: tuple[Step, ...] = ()
    chosen: tuple[Action, ...] = ()
    courtesy: tuple[int, ...] = ()
    turn: Seat = Seat.EAST
    began: Literal["deal", "draw", "call"] = "deal"
    taken: Tile | None = None
    called_from: Seat | None = None
    swaps: tuple[tuple[Seat, int, Tile, Tile], ...] = ()
    claim_options: tuple[tuple[Seat, tuple[Action, ...]], ...] = ()
    discarded: frozenset[Seat] = frozenset()
    actions: tuple[Action, ...] = ()
    result: RoundResult | None = None
    winners: tuple[Seat, ...] = ()
    declared: bool = False
    floors: tuple[int, ...] = ()
    _analyses: _Analyses | None = attrs.field(default=None, eq=False, hash=False, repr=False)
    _memo: dict[Seat, Sequence[Action]] = attrs.field(factory=dict, init=False, eq=False, hash=False, repr=False)
    _acting: tuple[Seat, ...] | None = attrs.field(default=None, init=False, eq=False, hash=False, repr=False)
    _offers: tuple[tuple[_SwapOffer, ...], tuple[_SwapOffer, ...]] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    # -- the deal ----------------------------------------------------------------------------------

    @classmethod
    def deal(cls, ruleset: Any, seed: int = 0) -> AmericanRound:
        """A new round of ``ruleset``: its tiles shuffled with ``random.Random(seed)``, tiles set
        aside with fewer players (Flex: "set aside roughly half of the tiles" for two, "remove 30
        tiles" for three), and dealt: Flex "Each player randomly selects 13 tiles" (East 14 with
        the option ``east_starts_with_14``); Card-Free and the card: "East will have 14 tiles,
        and the other players have 13 tiles."

        Raises:
            ValueError: the ruleset is not one of the American rulesets.
        """
        family = _family(ruleset)
        warm_up(ruleset)
        tileset = ruleset.tileset
        tiles = list(tileset.copies())
        random.Random(seed).shuffle(tiles)
        in_play = ruleset.tiles_in_play if family is _FAMILY_FLEX else len(tiles)
        wall, set_aside = tiles[:in_play], tiles[in_play:]
        seats = tuple(ruleset.seats)
        hands = []
        for seat in seats:
            size = ruleset.dealt_tiles(seat) if family is _FAMILY_FLEX else (14 if seat is Seat.EAST else 13)
            hands.append(Hand(wall[:size]))
            del wall[:size]
        # Flex's house rule "Do a complete Charleston at the start of a round" plays the guide's.
        flex_pass = family is _FAMILY_FLEX and not ruleset.options.charleston
        plan = flex_plan() if flex_pass else _american_plan(ruleset)
        return cls(
            ruleset,
            seed,
            seats,
            tuple(hands),
            tuple(wall),
            tuple(set_aside),
            steps=plan,
            analyses=_Analyses(ruleset, family),
        )

    # -- the protocol ------------------------------------------------------------------------------

    @property
    def family(self) -> Family:
        """Which American ruleset the round plays."""
        return self._tools.family

    @property
    def _tools(self) -> _Analyses:
        assert self._analyses is not None, "make rounds with AmericanRound.deal"
        return self._analyses

    @property
    def is_over(self) -> bool:
        """The round has ended: a Mahjong or a wall game."""
        return self.phase is _PHASE_OVER

    @property
    def step(self) -> Step | None:
        """The current step before play, or ``None`` once play has begun."""
        return self.steps[0] if self.phase is _PHASE_PASSING else None

    @property
    def last_discard(self) -> Tile | None:
        """The discard the seats may call now, during claims."""
        return self.discards[-1][1] if self.phase is _PHASE_CLAIMS else None

    @property
    def next_east(self) -> Seat:
        """Who is East next round. Flex: "The player sitting to the right of the East player
        becomes the new East for the next round" (the right: the next seat, ruling T4)."""
        return self.seats[1 % len(self.seats)]

    def hand(self, seat: Seat | str) -> Hand:
        """``seat``'s hand: its concealed tiles and exposed sets.

        Raises:
            ValueError: ``seat`` is not at the table.
        """
        chosen = as_seat(seat, "seat")
        if chosen.value >= len(self.hands):
            raise ValueError(f"{chosen.name.title()} is not at the table: the seats are {self._seat_names()}")
        return self.hands[chosen.value]

    def _hand(self, seat: Seat) -> Hand:
        return self.hands[_POSITION[seat]]

    @property
    def to_act(self) -> tuple[Seat, ...]:
        """The seats with an action to choose now: the seat whose turn it is; in a simultaneous
        step, every seat that has not chosen yet (in seat order for passes and votes, in turn order
        from the discarder for the answers to a discard)."""
        found = self._acting
        if found is None:  # worked out once per state: the loop, the view and the env all ask
            found = self.__dict__["_acting"] = self._seats_to_act()
        return found

    def _seats_to_act(self) -> tuple[Seat, ...]:
        if self.phase is _PHASE_TURN:
            return (self.turn,)
        done = {action.seat for action in self.chosen}
        if self.phase is _PHASE_CLAIMS:
            return tuple(seat for seat, _ in self.claim_options if seat not in done)
        if self.phase is _PHASE_PASSING:
            return tuple(seat for seat in self._active(self.steps[0]) if seat not in done)
        return ()

    def legal_actions(self, seat: Seat | str | None = None) -> Sequence[Action]:
        """Every action ``seat`` may take now, each once (every seat's, without a seat); none for
        a seat that has nothing to choose now. The passes of a Charleston step are worked out as
        they are read."""
        if seat is None:
            return tuple(action for each in self.to_act for action in self._legal(each))
        chosen = as_seat(seat, "seat")
        if chosen not in self.to_act:
            return ()
        return self._legal(chosen)

    def apply(self, action: Action) -> AmericanRound:
        """The round after ``action``; this round is unchanged.

        Raises:
            TypeError: ``action`` is not an :class:`~mahjong_rules.engine.Action`.
            IllegalActionError: the action is not legal now; its ``reason`` says why.
        """
        if not isinstance(action, Action):
            raise TypeError(f"apply takes an Action, not {describe(action)}")
        if self.is_over:
            raise IllegalActionError(Reason("round-over", "the round is over: no more actions"))
        if action.seat not in self.to_act:
            waiting = ", ".join(seat.name.title() for seat in self.to_act)
            raise IllegalActionError(
                Reason("not-to-act", f"{action.seat.name.title()} has nothing to choose now; waiting for {waiting}")
            )
        legal = self._checked(action)
        played = self._play(legal)
        # _play returns a round of its own making that nothing else holds yet, so the action is
        # recorded in it rather than in one more copy of the round.
        assert played is not self
        played.__dict__["actions"] = (*self.actions, legal)
        return played

    def view(self, seat: Seat | str) -> PlayerView:
        """What ``seat`` may see now, as the value a bot is given (:class:`PlayerView`)."""
        return view_of(self, seat)

    def observation(self, seat: Seat | str) -> dict[str, Any]:
        """What ``seat`` can see: its own hand, every exposure and discard, how many concealed
        tiles each seat holds, the tiles left in the wall, the step or turn, and its own choice in
        the current simultaneous step.

        Keys: ``seat``, ``phase``, ``step`` (its description, before play), ``turn``, ``to_act``,
        ``hand`` (a :class:`~mahjong_rules.Hand`), ``exposed`` (seat to its exposed sets),
        ``concealed_counts`` (seat to its number of concealed tiles), ``discards`` ((seat, tile)
        pairs), ``last_discard``, ``tiles_left``, ``chosen`` (its action in this step, or
        ``None``), ``result``.
        """
        own = as_seat(seat, "seat")
        hand = self.hand(own)
        mine = [action for action in self.chosen if action.seat is own]
        step = self.step
        return {
            "seat": own,
            "phase": self.phase.value,
            "step": None if step is None else step.describe(),
            "turn": self.turn,
            "to_act": self.to_act,
            "hand": hand,
            "exposed": {other: self._hand(other).exposed for other in self.seats},
            "concealed_counts": {other: len(self._hand(other).concealed) for other in self.seats},
            "discards": self.discards,
            "last_discard": self.last_discard,
            "tiles_left": len(self.wall),
            "chosen": mine[0] if mine else None,
            "result": self.result,
        }

    # -- invariants --------------------------------------------------------------------------------

    def all_tiles(self) -> list[Tile]:
        """Every tile of the game, wherever it is: the wall, the tiles set aside, the hands
        (exposed sets included) and the discards. Tiles chosen for a pass stay in their hand
        until every seat has chosen."""
        found = [*self.wall, *self.set_aside, *(tile for _, tile in self.discards)]
        for hand in self.hands:
            found += hand.tiles
        return found

    def expected_size(self, seat: Seat) -> int:
        """How many tiles ``seat`` holds now (exposed sets included): 13, or 14 for the seat
        whose turn it is (and for East before play when dealt 14, and a winner by a Mahjong
        declared on its turn)."""
        if self.phase is _PHASE_PASSING:
            if self.family is _FAMILY_FLEX:
                flex: Any = self.ruleset
                return int(flex.dealt_tiles(seat))
            return 14 if seat is Seat.EAST else 13
        holding = self.phase is _PHASE_TURN or (self.phase is _PHASE_OVER and self.declared)
        return 14 if holding and seat is self.turn else 13

    def check(self) -> None:
        """Raise :class:`~mahjong_rules.engine.InvariantError` when a hand has the wrong size for
        the moment."""
        for seat in self.seats:
            size, expected = len(self._hand(seat)), self.expected_size(seat)
            if size != expected:
                moment = self.phase.value
                raise InvariantError(
                    f"{seat.name.title()} holds {size} tiles ({moment}), not {expected}: {self._hand(seat)}"
                )
            floor = self._floor(seat)
            if floor and self.phase is not _PHASE_OVER and floor > self._tools.away(self._hand(seat)):
                raise InvariantError(
                    f"{seat.name.title()}'s hand {self._hand(seat)} is {self._tools.away(self._hand(seat))} tiles"
                    f" away, below the floor {floor} the round keeps"
                )

    # -- legal actions -----------------------------------------------------------------------------

    def _legal(self, seat: Seat) -> Sequence[Action]:
        found = self._memo.get(seat)
        if found is None:
            if self.phase is _PHASE_PASSING:
                found = self._step_actions(seat, self.steps[0])
            elif self.phase is _PHASE_TURN:
                found = self._turn_actions(seat)
            else:
                found = dict(self.claim_options).get(seat, ())
            self._memo[seat] = found
        return found

    def _floor(self, seat: Seat) -> int:
        return self.floors[_POSITION[seat]] if self.floors else 0

    def _floors(self, changes: Mapping[Seat, int]) -> tuple[int, ...]:
        floors = list(self.floors) if self.floors else [0] * len(self.seats)
        for seat, floor in changes.items():
            floors[_POSITION[seat]] = max(0, floor)
        return tuple(floors)

    def _active(self, step: Step) -> tuple[Seat, ...]:
        """The seats that choose in ``step``: everyone, but in the courtesy pass only those trading
        tiles (a trade of no tiles happens by itself)."""
        if step.kind is _STEPKIND_COURTESY_PASS:
            return tuple(seat for seat in self.seats if self.courtesy[seat.value])
        return self.seats

    def _pass_rules(self, seat: Seat, step: Step) -> tuple[int, bool, bool]:
        """How many tiles ``seat`` passes in ``step``, whether some may be blind, whether jokers may
        go."""
        if step.kind is _STEPKIND_COURTESY_PASS:
            return self.courtesy[seat.value], False, False
        return PASS_SIZE, step.blind, step.jokers

    def _step_actions(self, seat: Seat, step: Step) -> Sequence[Action]:
        """A vote (yes or no to the second Charleston; 0 to 3 tiles for the courtesy pass), or
        every choice of tiles to pass, each once: those passed blind counted in ``count``."""
        if step.kind in (_STEPKIND_SECOND_VOTE, _STEPKIND_COURTESY_VOTE):
            return _votes(seat, step.kind)
        size, blind, jokers = self._pass_rules(seat, step)
        held = self._hand(seat).concealed_counts
        if held[_JOKER_INDEX] and not jokers:
            held = (*held[:_JOKER_INDEX], 0, *held[_JOKER_INDEX + 1 :])
        return PassChoices._of_counts(seat, held, size, range(size + 1) if blind else (0,))

    def _turn_actions(self, seat: Seat) -> tuple[Action, ...]:
        """Flex's turn: "Step 2 (Optional) - Swap Tiles ... Step 3 (Optional) - Declare Mahjong
        ... Step 4 (Mandatory) - Discard One Tile"; the guide's turn is the same without blanks.
        Any tile may be discarded, jokers and blanks included."""
        hand = self._hand(seat)
        found: list[Action] = []
        if self._turn_evaluation() is not None:
            found.append(simple_action(seat, _ACTIONKIND_MAHJONG))
        found += self._joker_swaps(seat, hand)
        found += self._blank_swaps(seat, hand)
        found += self._tools.discards(seat, hand.concealed_counts)
        return tuple(found)

    def _joker_swaps(self, seat: Seat, hand: Hand) -> list[Action]:
        """Flex: "1. Swap a matching tile from your hand with a joker in any player's exposed set.
        2. Swap a joker from your hand with any tile in any player's exposed set except for flower
        tiles." The guide has the first way only ("you may swap your tile for the joker when it is
        your turn"), with anyone's exposures, one's own included. The ruleset's ``swap_joker``
        decides. A swap may not undo a swap made this turn with the same set (giving back the tile
        taken, or taking back the tile given), which would only repeat a position."""
        tools = self._tools
        kept = self._offers
        if kept is None:  # kept from round to round until some exposed set changes
            melds = tuple(self._hand(target).melds for target in self.seats)
            every = tools.swap_offers(melds, self.seats)
            kept = self.__dict__["_offers"] = (every, tuple(offer for offer in every if offer[0] is not Tile.JOKER))
        held = hand.concealed_counts
        # Without a joker in hand, only the swaps giving a natural tile can be made (Flex's swaps
        # giving a joker are most of the offers).
        offers = kept[0] if held[_JOKER_INDEX] else kept[1]
        if not offers:
            return []
        found: dict[tuple[Any, ...], Action] = {}
        for give, target, index, meld, taken in offers:
            if held[give.index] and not (self.swaps and self._undoes(target, index, give, taken)):
                action = tools.swap_action(seat, give, meld, target)
                found.setdefault((give, target, meld.tiles, meld.represents), action)
        return list(found.values())

    def _undoes(self, target: Seat, index: int, give: Tile, taken: Tile) -> bool:
        return any(
            (target, index) == (done_target, done_index) and (give is done_taken or taken is done_given)
            for done_target, done_index, done_given, done_taken in self.swaps
        )

    def _blank_swaps(self, seat: Seat, hand: Hand) -> list[Action]:
        """Flex: "A Blank Swap allows you to exchange a blank tile from your hand with any
        discarded tile that is face up on the table except a joker or another blank." Written as a
        BLANK_SWAP action whose tiles are the blank and the discard taken (``tiles[0]`` a blank),
        with no set and no target."""
        if not hand.concealed_counts[_BLANK_INDEX] or self.family is not _FAMILY_FLEX:
            return []
        flex: Any = self.ruleset
        check = flex.check_blank_swap
        return [
            Action(seat, _ACTIONKIND_BLANK_SWAP, (Tile.BLANK, tile))
            for tile in sorted({tile for _, tile in self.discards}, key=index_of)
            if check(hand, tile) is None
        ]

    def _claim_actions(self, seat: Seat, discard: Tile) -> tuple[Action, ...]:
        """What ``seat`` may do with ``discard``: call it to expose a set (every exposure the
        ruleset's ``check_call`` allows, with the hand's jokers), declare Mahjong on it, or let it
        go. Flex: "You can call any tile except a blank or a joker"; guide: "You can never call a
        discarded joker." The final discard "can be called for Mahjong" only."""
        if discard.is_joker or discard.is_blank:
            return ()
        hand = self._hand(seat)
        found = []
        if (
            self._floor(seat) <= 1
            and discard in self._tools.waits(hand)
            and self.ruleset._call_problem(hand, discard, None, self._claim_context(seat, discard)) is None
        ):
            found.append(simple_action(seat, _ACTIONKIND_MAHJONG, discard))
        counts = hand.concealed_counts
        naturals, jokers = counts[discard.index], counts[_JOKER_INDEX]
        # A set of three or more takes at least two tiles from the hand.
        if self.wall and naturals + jokers >= 2:
            fits = self._tools.call_fits
            for size, used in self._tools.call_sizes(discard, naturals, jokers):
                meld, call = _call(seat, discard, size, used, self.turn)
                if (
                    fits(hand, discard, meld)
                    if fits is not None
                    else self.ruleset._call_problem(hand, discard, meld) is None
                ):
                    found.append(call)
        return (*found, simple_action(seat, _ACTIONKIND_PASS)) if found else ()

    # -- the contexts of a win ---------------------------------------------------------------------

    def _claim_context(self, seat: Seat, discard: Tile | None = None) -> WinContext:
        """A win on the last discard (or on ``discard``, about to be made by the seat whose turn
        it is): by ``seat``, on its first turn if it has not discarded yet; Flex's Sunset "final
        possible discarded tile" when the wall is empty."""
        return WinContext(
            self_drawn=False,
            winning_tile=self.discards[-1][1] if discard is None else discard,
            first_turn=seat not in self.discarded,
            last_tile=not self.wall,
            seat_wind=seat,
            tiles_left=len(self.wall),
        )

    def _turn_context(self) -> WinContext:
        """A win declared on one's turn: self-drawn after a draw (or East's 14 dealt tiles), on a
        discard after a call; the last tile when the wall is empty after the draw. The tile taken
        is the winning tile while the hand still holds it (a swap may have given it away)."""
        taken = self.taken if self.taken is not None and self.taken in self._hand(self.turn).tiles else None
        return WinContext(
            self_drawn=self.began != "call",
            winning_tile=taken,
            first_turn=self.turn not in self.discarded,
            last_tile=self.began == "draw" and not self.wall,
            seat_wind=self.turn,
            tiles_left=len(self.wall),
        )

    def _turn_evaluation(self) -> Evaluation | None:
        """The evaluation of the hand of the seat whose turn it is, when it is a Mahjong. Any
        winning hand less one concealed tile is 1 tile away, so the (remembered) tiles away of the
        hand less the tile taken rules most hands out before evaluating."""
        hand = self._hand(self.turn)
        if not hand.concealed or self._floor(self.turn) >= 1:
            return None
        without = self.taken if self.taken in hand.concealed else hand.concealed[-1]
        assert without is not None
        if without not in self._tools.waits(hand.discard(without)):
            return None
        evaluation = self.ruleset.evaluate(hand, self._turn_context())
        return evaluation if evaluation.is_winning else None

    # -- checking an action ------------------------------------------------------------------------

    def _checked(self, action: Action) -> Action:
        """The legal action ``action`` stands for (passed tiles sorted, the set as the round
        holds it).

        Raises:
            IllegalActionError: it is not legal now.
        """
        if self.phase is _PHASE_PASSING and action.kind is _ACTIONKIND_CHARLESTON:
            step = self.steps[0]
            if step.kind in (_STEPKIND_PASS, _STEPKIND_COURTESY_PASS):
                choices = self._legal(action.seat)
                if isinstance(choices, PassChoices) and choices.made(action):
                    return action  # made by the round's own choices: its tiles are sorted and legal
                reason = self._pass_problem(action, step)
                if reason is not None:
                    raise IllegalActionError(reason)
                ordered = tuple(sorted(action.tiles, key=index_of))
                if ordered == action.tiles:
                    return action
                return Action(action.seat, _ACTIONKIND_CHARLESTON, ordered, count=action.count)
        elif any(map(operator.is_, self._legal(action.seat), itertools.repeat(action))):
            return action  # one of the round's own legal actions, as an agent chose it
        if self.phase is _PHASE_CLAIMS and action.kind in (_ACTIONKIND_MAHJONG, _ACTIONKIND_CALL) and not action.tiles:
            action = attrs.evolve(action, tiles=(self.discards[-1][1],))  # the discard goes without saying
        if action.kind is _ACTIONKIND_JOKER_SWAP and action.meld is None and action.tiles and action.tiles[0].is_blank:
            action = attrs.evolve(action, kind=_ACTIONKIND_BLANK_SWAP)  # a blank swap as written before 0.2
        key = _action_key(action)
        for legal in self._legal(action.seat):
            if _action_key(legal) == key:
                return legal
        raise IllegalActionError(self._why_illegal(action))

    def _pass_problem(self, action: Action, step: Step) -> Reason | None:
        """Why a pass breaks the rules, or ``None``. The guide's passes are checked by the card
        ruleset's ``check_charleston_pass`` ("Jokers may not be passed during the Charleston";
        blind only on the last pass of each Charleston)."""
        hand = self._hand(action.seat)
        if step.charleston is not None:
            try:
                check_charleston_pass(hand, action.tiles, step.charleston, action.count)
            except IllegalMoveError as error:
                return error.reason
            return None
        size, blind, jokers = self._pass_rules(action.seat, step)
        if action.count and not blind:
            return Reason("blind-pass", f"no tiles are passed blind in {step.describe()}")
        if len(action.tiles) != size:
            return Reason("pass-size", f"{action.seat.name.title()} passes {size} tiles, not {len(action.tiles)}")
        if not jokers and any(tile.is_joker for tile in action.tiles):
            return Reason("joker-passed", "jokers may not be passed")
        left = list(hand.concealed)
        for tile in action.tiles:
            if tile not in left:
                return Reason("not-in-hand", f"the hand does not hold the {tile} it passes")
            left.remove(tile)
        return None

    def _why_illegal(self, action: Action) -> Reason:
        seat = action.seat.name.title()
        hand = self._hand(action.seat)
        if self.phase is _PHASE_TURN and action.kind is _ACTIONKIND_MAHJONG:
            evaluation = self.ruleset.evaluate(hand, self._turn_context())
            why = "; ".join(reason.message for reason in evaluation.reasons)
            return Reason("not-mahjong", f"{seat}'s hand is not a Mahjong: {why}")
        if self.phase is _PHASE_CLAIMS and action.kind in (_ACTIONKIND_CALL, _ACTIONKIND_MAHJONG):
            discard = self.discards[-1][1]
            if action.tiles and action.tiles != (discard,):
                return Reason("not-the-discard", f"only the last discard, {discard}, may be called")
            if action.kind is _ACTIONKIND_CALL and action.meld is None:
                return Reason("no-meld", "a call names the set it exposes (the called tile included)")
            context = self._claim_context(action.seat) if action.meld is None else None
            refused = self.ruleset.check_call(hand, discard, action.meld, context)
            if refused is not None:
                return refused
            if not self.wall:
                return Reason("final-discard", "the final discard can be called for Mahjong only")
        kinds = sorted({legal.kind.value for legal in self._legal(action.seat)})
        if action.kind.value not in kinds:
            return Reason("wrong-action", f"{seat} may now {' or '.join(kinds)}, not {action.kind.value}")
        if action.kind is _ACTIONKIND_DISCARD and action.tiles and action.tiles[0] not in hand.concealed:
            return Reason("not-in-hand", f"{seat}'s concealed tiles hold no {action.tiles[0]} to discard")
        return Reason("not-legal", f"{action} is not one of {seat}'s legal actions now")

    # -- playing an action -------------------------------------------------------------------------

    def _play(self, action: Action) -> AmericanRound:
        if self.phase is _PHASE_PASSING:
            return self._replace(chosen=(*self.chosen, action))._after_choice()
        if self.phase is _PHASE_CLAIMS:
            answered = self._replace(chosen=(*self.chosen, action))
            return answered if answered.to_act else answered._resolve_claims()
        if action.kind is _ACTIONKIND_MAHJONG:
            return self._self_win()
        if action.kind is _ACTIONKIND_BLANK_SWAP:
            return self._blank_swap(action)
        if action.kind is _ACTIONKIND_JOKER_SWAP:
            return self._joker_swap(action)
        return self._discard(action.seat, action.tiles[0])

    def _replace(self, **changes: Any) -> AmericanRound:
        """This round with ``changes`` (like ``attrs.evolve``, faster: a round is replaced a few
        times per action), and nothing remembered of its legal actions."""
        return self._replaced(changes)

    def _replaced(self, changes: Mapping[str, Any]) -> AmericanRound:
        """:meth:`_replace` with the changes as a mapping (not packed into keywords again)."""
        replaced: AmericanRound = object.__new__(AmericanRound)
        fields = self.__dict__.copy()
        fields.update(changes)
        fields["_memo"] = {}
        fields["_acting"] = None
        # A whole new __dict__, not the new object's own one filled from another: CPython 3.11
        # reads the attributes of the first kind about twice as fast (and makes it faster).
        object.__setattr__(replaced, "__dict__", fields)
        return replaced

    def _with_hands(self, changes: Mapping[Seat, Hand], **fields: Any) -> AmericanRound:
        hands = list(self.hands)
        exposed = False
        for seat, hand in changes.items():
            position = _POSITION[seat]
            exposed = exposed or hand.melds is not hands[position].melds
            hands[position] = hand
        if exposed:  # the joker swaps on offer are worked out again (_joker_swaps)
            fields["_offers"] = None
        fields["hands"] = tuple(hands)
        return self._replaced(fields)

    # -- before play -------------------------------------------------------------------------------

    def _after_choice(self) -> AmericanRound:
        """Once every seat has chosen in the current step, the step happens; then the next."""
        if self.to_act:
            return self
        step = self.steps[0]
        if step.kind is _STEPKIND_SECOND_VOTE:
            return self._second_vote()
        if step.kind is _STEPKIND_COURTESY_VOTE:
            return self._courtesy_vote()
        return self._exchange(step)._next_step()

    def _next_step(self, inserted: tuple[Step, ...] = ()) -> AmericanRound:
        """The next step with someone to choose (the current one done), or play."""
        following = self._replace(steps=inserted + self.steps[1:], chosen=())
        while following.steps and not following._active(following.steps[0]):
            following = following._replace(steps=following.steps[1:])
        return following if following.steps else following._start_play()

    def _second_vote(self) -> AmericanRound:
        """Guide: "Second Charleston - OPTIONAL": it takes place only when every player wants it
        (ruling L11)."""
        agreed = all(action.flag for action in self.chosen)
        return self._next_step(tuple(charleston_steps(2, len(self.seats))) if agreed else ())

    def _courtesy_vote(self) -> AmericanRound:
        """Guide: "players sitting across from each other may choose to do one final pass of up to three
        tiles ... If one of the players only wants to trade one tile and the other wants to trade
        3 tiles, the players will go with the lower number"."""
        offers = {action.seat: action.count for action in self.chosen}
        sizes = [0] * 4
        for seat in self.seats:
            across = partner(seat, self.seats)
            if across is not None:
                sizes[seat.value] = min(offers[seat], offers[across])
        return self._replace(courtesy=tuple(sizes))._next_step()

    def _exchange(self, step: Step) -> AmericanRound:
        """Every seat's chosen tiles go to their receiver at once ("The tiles are kept face down
        until all players have finished passing"). A blind pass ("take either 1, 2, or 3 of the
        tiles being passed to them and pass them along ... without looking") passes on the first
        tiles received in this pass, after the passer's own: so tiles can travel on through
        several blind passers; when every seat passes all three blind, nothing moves."""
        passes = {action.seat: action for action in self.chosen}
        if step.kind is _STEPKIND_COURTESY_PASS or step.direction is None:
            giver = {seat: partner(seat, self.seats) for seat in passes}
        else:
            direction = step.direction
            giver = {receiver(seat, direction, self.seats): seat for seat in passes}
        if not any(action.tiles for action in passes.values()):
            return self

        def outgoing(seat: Seat, position: int) -> Tile:
            own = passes[seat].tiles
            if position < len(own):
                return own[position]
            source = giver[seat]
            assert source is not None
            return outgoing(source, position - len(own))

        changes = {}
        for seat, action in passes.items():
            source = giver[seat]
            assert source is not None
            size = len(passes[source].tiles) + passes[source].count
            received = [outgoing(source, position) for position in range(size)]
            kept = received[action.count :]
            changes[seat] = self._hand(seat)._exchanged(action.tiles, kept)
        return self._with_hands(changes)

    def _start_play(self) -> AmericanRound:
        """Play begins with East: "play will begin with East discarding one tile" when dealt 14;
        Flex: "First, the East player draws one random face-down tile"."""
        floors = tuple(self._tools.floor(hand) for hand in self.hands)
        playing = self._replace(phase=_PHASE_TURN, steps=(), chosen=(), turn=self.seats[0], began="deal", floors=floors)
        if len(self._hand(self.seats[0])) == 14:
            return playing
        return playing._draw(self.seats[0])

    # -- play ----------------------------------------------------------------------------------------

    def _draw(self, seat: Seat) -> AmericanRound:
        """``seat`` draws the next tile of the wall and begins its turn; with the wall empty the
        round is a wall game ("If the round ends without a player making a winning Mahjong hand,
        no points are scored")."""
        if not self.wall:
            return self._over(RoundResult(None, None, None, dict.fromkeys(self.seats, 0)))
        tile = self.wall[-1]
        hand = self._hand(seat).draw(tile)
        return self._with_hands(
            {seat: hand},
            wall=self.wall[:-1],
            phase=_PHASE_TURN,
            turn=seat,
            began="draw",
            taken=tile,
            called_from=None,
            swaps=(),
            claim_options=(),
            chosen=(),
            floors=self._floors({seat: self._floor(seat) - 1}),
        )

    def _discard(self, seat: Seat, tile: Tile) -> AmericanRound:
        """The discard goes face up on the table; every seat that may call it or win on it answers
        before anything else happens. When none may, the next seat draws at once."""
        here = _POSITION[seat]
        hand = self.hands[here].discard(tile)
        kept_floors = self.floors
        floor = kept_floors[here] if kept_floors else 0
        if floor <= 1:
            floor = self._tools.floor(hand)
        order = seats_after(self.seats, seat)
        # The discard changes no other seat's hand, nor the wall: what each may do with it is
        # read from this round, before the round after the discard is made.
        options = []
        if not (tile.is_joker or tile.is_blank):  # never called (_claim_actions)
            index, hands, wall = tile.index, self.hands, self.wall
            for other in order:
                place = _POSITION[other]
                held = hands[place].concealed_counts
                if kept_floors and kept_floors[place] > 1 and (not wall or held[index] + held[_JOKER_INDEX] < 2):
                    continue  # too far to win on it, and no set of it to call (_claim_actions)
                actions = self._claim_actions(other, tile)
                if actions:
                    options.append((other, actions))
        discards = (*self.discards, (seat, tile))
        discarded = self.discarded if seat in self.discarded else self.discarded | {seat}
        floors = list(kept_floors) if kept_floors else [0] * len(self.seats)
        floors[here] = max(0, floor)
        new_hands = list(self.hands)
        new_hands[here] = hand
        wall = self.wall
        if not options and wall:
            # Nobody answers: the discard and the next seat's draw make one round, not two. Neither
            # changes a hand's exposures, so the joker swaps on offer stand (_with_hands).
            drawer, drawn = order[0], wall[-1]
            there = _POSITION[drawer]
            new_hands[there] = new_hands[there].draw(drawn)
            floors[there] = max(0, floors[there] - 1)
            return self._replaced(
                {
                    "hands": tuple(new_hands),
                    "discards": discards,
                    "discarded": discarded,
                    "wall": wall[:-1],
                    "phase": _PHASE_TURN,
                    "turn": drawer,
                    "began": "draw",
                    "taken": drawn,
                    "called_from": None,
                    "swaps": (),
                    "claim_options": (),
                    "chosen": (),
                    "floors": tuple(floors),
                }
            )
        answered = self._replaced(
            {
                "hands": tuple(new_hands),
                "discards": discards,
                "discarded": discarded,
                "phase": _PHASE_CLAIMS,
                "chosen": (),
                "swaps": (),
                "claim_options": tuple(options),
                "floors": tuple(floors),
            }
        )
        return answered if options else answered._next_draw()

    def _resolve_claims(self) -> AmericanRound:
        """Who takes the discard, by the ruleset's ``resolve_claims`` (Flex: "1. A player calling
        Mahjong 2. The player calling for the set with the most number of tiles. 3. The player in
        turn order closest to the discarding player"; guide: the closest, or a player calling for
        mahjong). Nobody: the next player draws."""
        claims, calls = [], {}
        for action in self.chosen:
            if action.kind is _ACTIONKIND_MAHJONG:
                claims.append(Claim(action.seat, _CLAIMKIND_MAHJONG))
            elif action.kind is _ACTIONKIND_CALL and action.meld is not None:
                claims.append(Claim(action.seat, _CLAIMKIND_EXPOSURE, action.meld.size))
                calls[action.seat] = action.meld
        if not claims:
            return self._next_draw()
        taking = self.ruleset.resolve_claims(claims, self.turn)
        if not taking:
            return self._next_draw()
        if taking[0].kind is _CLAIMKIND_MAHJONG:
            return self._discard_win(tuple(claim.seat for claim in taking))
        return self._expose(taking[0].seat, calls[taking[0].seat])

    def _next_draw(self) -> AmericanRound:
        """Nobody takes the discard: the player after the discarder draws."""
        return self._draw(self.seats[(self.seats.index(self.turn) + 1) % len(self.seats)])

    def _expose(self, seat: Seat, meld: Meld) -> AmericanRound:
        """Flex: "Place the called tile and the additional matching tiles from your hand face up"; the
        caller's turn goes on with no draw (swaps, Mahjong, a discard)."""
        tile = self.discards[-1][1]
        hand = self._hand(seat).with_meld(meld, called=tile)
        return self._with_hands(
            {seat: hand},
            discards=self.discards[:-1],
            phase=_PHASE_TURN,
            called_from=self.turn,
            turn=seat,
            began="call",
            taken=tile,
            swaps=(),
            claim_options=(),
            chosen=(),
            # Exposing tiles only rules readings out, so the call counts as a draw.
            floors=self._floors({seat: self._floor(seat) - 1}),
        )

    def _joker_swap(self, action: Action) -> AmericanRound:
        seat, give, target = action.seat, action.tiles[0], action.target
        assert target is not None
        assert action.meld is not None
        melds = list(self._hand(target).melds)
        index = melds.index(action.meld)
        found = self._tools.swapped(melds[index], give)
        assert found is not None  # a legal swap's
        swapped, taken = found
        melds[index] = swapped
        changes = {target: Hand(self._hand(target).concealed, melds)}
        own = changes.get(seat, self._hand(seat))
        changes[seat] = own._exchanged((give,), (taken,))
        swaps = (*self.swaps, (target, index, give, taken))
        # The swapper draws the tile taken; the target's set changes, so its hand is measured again.
        floors = self._floors({seat: self._floor(seat) - 1, target: self._tools.floor(changes[target])})
        return self._with_hands(changes, swaps=swaps, floors=floors)

    def _blank_swap(self, action: Action) -> AmericanRound:
        """Flex: "Place a blank tile from your hand face up on the table next to a previously discarded
        tile you want to pick up ... Pick up the tile and put it in your hand.\""""
        seat, wanted = action.seat, action.tiles[1]
        hand = self._hand(seat)
        position = max(index for index, (_, tile) in enumerate(self.discards) if tile is wanted)
        discards = (*self.discards[:position], *self.discards[position + 1 :], (seat, Tile.BLANK))
        swapped = hand._exchanged((Tile.BLANK,), (wanted,))
        floors = self._floors({seat: self._floor(seat) - 1})
        return self._with_hands({seat: swapped}, discards=discards, floors=floors)

    # -- the end -------------------------------------------------------------------------------------

    def _self_win(self) -> AmericanRound:
        """Mahjong declared on one's turn, settled by the ruleset: self-drawn, or after a call the
        caller's discard win (the discarder of the called tile pays as the discarder)."""
        evaluation = self._turn_evaluation()
        assert evaluation is not None
        discarder = self.called_from if self.began == "call" else None
        settlement = self.ruleset.settle(evaluation, discarder=discarder)
        result = RoundResult(self.turn, evaluation, settlement, dict(settlement.payments))
        return self._over(result)._replace(winners=(self.turn,), declared=True)

    def _discard_win(self, seats: tuple[Seat, ...]) -> AmericanRound:
        """Mahjong on the discard: one winner, settled with the discarder paying as such; Flex's
        "More Than One Mahjong": every winner, settled together (ruling F12). The discard stays on
        the table; each winner's hand is its 13 tiles and the discard (ruling T2)."""
        discard = self.discards[-1][1]
        wins = [
            (self.ruleset.evaluate(self._hand(seat).draw(discard), self._claim_context(seat)), seat) for seat in seats
        ]
        if len(wins) == 1:
            settlement = self.ruleset.settle(wins[0][0], discarder=self.turn)
        else:
            settlement = self.ruleset.settle_several(wins, self.turn)
        evaluations = tuple(evaluation for evaluation, _ in wins) if len(wins) > 1 else ()
        result = RoundResult(seats[0], wins[0][0], settlement, dict(settlement.payments), evaluations)
        return self._over(result)._replace(winners=seats)

    def _over(self, result: RoundResult) -> AmericanRound:
        return self._replace(phase=_PHASE_OVER, result=result, chosen=(), claim_options=(), steps=())

    def _seat_names(self) -> str:
        return ", ".join(seat.name.title() for seat in self.seats)
