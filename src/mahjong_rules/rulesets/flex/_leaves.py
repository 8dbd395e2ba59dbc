"""The leaves of the Flex distance search, each costed again on other counts (for discard options,
:mod:`mahjong_rules.solver.discards`).

A leaf is one shape of target the search costs with one table lookup (a window leaf reading
:class:`FlexRow`: rows of interchangeable positions, an exposed all-joker set standing for the one
holding least) or with a few positions counted one way at a time (:class:`ComboLeaf`: kinds short
of copies, a dragon used as 0 and 10). Both read the concealed counts the same way the search does:
a position holds the copies of the most held of its kinds, less those a concealed singles set takes,
and a *deficit* ``(kind, needed)`` adds the copies of ``kind`` missing from ``needed`` (a flower
set, the singles sets' tiles).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from mahjong_rules.rulesets.flex._window import IMPOSSIBLE, MAX_JOKERS, POW, cost_tables, drop_lowest
from mahjong_rules.solver.discards import Deficit, Position, ScratchLeaf, held_in, kinds_of, missing

__all__ = ["WILD", "ComboLeaf", "FlexRow", "Option", "Spec", "combine", "dragon_options", "flex_row", "set_options"]

JOKER = 47

Option = tuple[int, int, int, int, int]
"""One way to fill a position: (tiles, missing from pairs, missing from triples and quads, jokers
forced, exposed all-joker sets used)."""
WILD: Option = (0, 0, 0, 0, 1)

Spec = tuple[str, tuple[int, ...], tuple[int, ...], bool]
"""How a counted position finds its options on given counts: ``("set", kinds, copies, wild)``
(the sets of any of ``kinds``, each with its copies left, and an all-joker set if ``wild``),
``("dragon", (kind,), (copies,), False)`` (one dragon as 0 and 10) or ``("wild", (), (), True)``."""


@functools.cache
def set_options(held: int, copies: int) -> tuple[Option, ...]:
    """The sets of one kind of which the hand holds ``held`` and the game has ``copies`` left."""
    options: list[Option] = []
    if copies >= 2:
        options.append((2, max(2 - held, 0), 0, 0, 0))
    options += [(size, 0, max(size - held, 0), max(size - copies, 0), 0) for size in (3, 4)]
    return tuple(options)


@functools.cache
def dragon_options(held: int, copies: int) -> tuple[Option, ...]:
    """Two sets of one dragon, as 0 and as 10 (ruling F1): its copies fill the pairs first."""
    options: list[Option] = []
    for zero, ten in itertools.product((2, 3, 4), repeat=2):
        no_joker = (2 if zero == 2 else 0) + (2 if ten == 2 else 0)
        joker = (zero if zero > 2 else 0) + (ten if ten > 2 else 0)
        if no_joker <= copies:
            pairs = max(no_joker - held, 0)
            missing = max(joker - max(held - no_joker, 0), 0)
            options.append((zero + ten, pairs, missing, max(no_joker + joker - copies, 0), 0))
    return tuple(options)


def combine(
    slots: Sequence[Sequence[Option]], key: int, plain: int, tiles: int, wild: int, spare: int, jokers: int
) -> int:
    """The cheapest way to fill some positions one option at a time (``slots``) and the ``plain``
    positions of ``key`` by the tables, with ``tiles`` tiles in all, ``wild`` exposed all-joker
    sets, ``spare`` jokers left in the game and ``jokers`` in the hand."""
    drop = drop_lowest()
    all_tables = cost_tables()
    if not slots:
        if wild > plain:
            return IMPOSSIBLE
        for _ in range(wild):
            key = drop[key]
        return all_tables[jokers][tiles][key]
    best = IMPOSSIBLE
    for combo in itertools.product(*slots):
        used = pairs = missing = forced = wilds = 0
        for option in combo:
            used += option[0]
            pairs += option[1]
            missing += option[2]
            forced += option[3]
            wilds += option[4]
        if used > tiles or forced > spare or wilds > wild or wild - wilds > plain:
            continue
        rest = key
        for _ in range(wild - wilds):
            rest = drop[rest]
        if missing <= jokers:
            cost = pairs + all_tables[jokers - missing][tiles - used][rest]
        else:
            cost = pairs + missing - jokers + all_tables[0][tiles - used][rest]
        if cost < best:
            best = cost
    return best


def _key(positions: Sequence[Position], held: Sequence[int]) -> int:
    return sum(POW[held_in(position, held)] for position in positions)


class FlexRow:
    """The table a Flex window leaf looks up: ``tiles`` tiles in its positions, ``wild`` of them
    exposed all-joker sets (standing where the hand holds least)."""

    __slots__ = ("_drop", "_rows", "tiles", "wild")

    def __init__(self, tiles: int, wild: int) -> None:
        self.tiles = tiles
        self.wild = wild
        tables = cost_tables()
        self._rows = tuple(tables[jokers][tiles] for jokers in range(MAX_JOKERS + 1))
        self._drop = drop_lowest()

    def lookup(self, key: int, jokers: int) -> int:
        if self.wild:
            drop = self._drop
            for _ in range(self.wild):
                key = drop[key]
        return self._rows[jokers if jokers < MAX_JOKERS else MAX_JOKERS][key]


@functools.cache
def flex_row(tiles: int, wild: int) -> FlexRow:
    """The :class:`FlexRow` of ``tiles`` tiles and ``wild`` exposed all-joker sets, made once (a
    row only reads the tables)."""
    return FlexRow(tiles, wild)


class ComboLeaf(ScratchLeaf):
    """Positions of a table and positions counted one option at a time (:func:`combine`)."""

    __slots__ = ("deficits", "kinds", "offsets", "plain", "positions", "spare", "specs", "tiles", "wild")

    def __init__(
        self,
        positions: Sequence[Position],
        specs: Sequence[Spec],
        plain: int,
        tiles: int,
        wild: int,
        spare: int,
        deficits: Sequence[Deficit],
        offsets: dict[int, int],
    ) -> None:
        self.positions = tuple(positions)
        self.specs = tuple(specs)
        self.plain = plain
        self.tiles = tiles
        self.wild = wild
        self.spare = spare
        self.deficits = tuple(deficits)
        self.offsets = offsets
        self.kinds = kinds_of(self.positions, self.deficits, JOKER, *(kind for spec in self.specs for kind in spec[1]))

    def _options(self, spec: Spec, held: Sequence[int]) -> Sequence[Option]:
        shape, kinds, copies, wild = spec
        counts = [max(held[kind] - self.offsets.get(kind, 0), 0) for kind in kinds]
        if shape == "dragon":
            return dragon_options(counts[0], copies[0])
        options = sorted(
            {option for count, left in zip(counts, copies, strict=True) for option in set_options(count, left)}
        )
        return [*options, WILD] if wild else options

    def cost(self, held: Sequence[int]) -> int:
        slots = [self._options(spec, held) for spec in self.specs]
        jokers = min(held[JOKER], MAX_JOKERS)
        value = combine(slots, _key(self.positions, held), self.plain, self.tiles, self.wild, self.spare, jokers)
        return value + missing(self.deficits, held)
