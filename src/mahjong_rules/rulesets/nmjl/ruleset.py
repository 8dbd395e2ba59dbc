"""The card ruleset: American mah jongg played from a card of hand lines (``nmjl``)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from mahjong_rules._coerce import as_tile, describe
from mahjong_rules.errors import ArgumentError, UnreachableError
from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import (
    Arrangement,
    DiscardOption,
    DiscardOptions,
    Evaluation,
    Reason,
    ScoreItem,
    Settlement,
    Transfer,
    WinContext,
)
from mahjong_rules.rulesets._american import MAHJONG_SIZE, AmericanRuleset, as_meld
from mahjong_rules.rulesets._play import swap_joker
from mahjong_rules.rulesets.card_free.play import resolve_claims
from mahjong_rules.rulesets.nmjl.card import MAX_VALUE, Card, Line
from mahjong_rules.rulesets.nmjl.lines import LineDistance, LineDistances, Ranking
from mahjong_rules.rulesets.nmjl.options import NmjlOptions
from mahjong_rules.rulesets.nmjl.play import check_exposure_tiles
from mahjong_rules.rulesets.nmjl.ranking import (
    CompiledCard,
    VariantSlots,
    best_fitting,
    exposed_away,
    fittings,
    slots_of,
)
from mahjong_rules.rulesets.nmjl.variants import Variant
from mahjong_rules.settling import check_evaluation, settlement_seats
from mahjong_rules.solver import TargetGroup
from mahjong_rules.solver.grammar import JOKER
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat, Tile

__all__ = ["NmjlRuleset"]

ANALYSED_SIZES = (MAHJONG_SIZE - 1, MAHJONG_SIZE)
_RULED_OUT = 255  # a variant the hand's exposures cannot fit
_NO_CONCEALED = (0,) * NUM_TILE_KINDS
_POSITION_BITS = 10  # a card has at most 400 lines
_POSITION_MASK = (1 << _POSITION_BITS) - 1
_AWAY_SHIFT = _POSITION_BITS + 14  # values are at most 10,000 < 2**14


_FITS_REMEMBERED = 100_000
_MISFITS_REMEMBERED = 4096


@functools.lru_cache(maxsize=16)
def compiled(card: Card) -> CompiledCard:
    """The card compiled for ranking, once per card."""
    return CompiledCard(card)


def _least_lane(lanes: int, size: int) -> int:
    """The least of ``size`` byte lanes of tiles away, at most a whole hand's tiles
    (``MAHJONG_SIZE`` for a card without variants)."""
    if not size:
        return MAHJONG_SIZE
    aways = lanes.to_bytes(size, "little")
    # Each value looked for by memchr: far quicker than min() over a byte per variant.
    return next((away for away in range(MAHJONG_SIZE + 1) if away in aways), MAHJONG_SIZE)


class _Distances:
    """Every variant's tiles away for one hand (``_RULED_OUT`` where the exposures do not fit), as
    bytes and each line's least, both worked out when first asked."""

    def __init__(self, table: CompiledCard, hand: Hand) -> None:
        self.table = table
        self._lanes: int | None = None
        self._aways: bytes | bytearray | None = None
        if not hand.exposed:
            self._lanes = table.concealed_lanes(hand.counts)
        else:
            fast = table.exposed_aways(hand.concealed_counts, hand.exposed)
            self._aways = fast if fast is not None else _exposed_aways(table, hand)
        self._minimums: list[int] | None = None

    @property
    def aways(self) -> bytes | bytearray:
        if self._aways is None:
            assert self._lanes is not None
            self._aways = self._lanes.to_bytes(self.table.size, "little")
        return self._aways

    @property
    def minimums(self) -> list[int]:
        if self._minimums is None:
            self._minimums = self.table.line_minimums(self.aways, self._lanes)
        return self._minimums

    def best(self) -> int | None:
        """The least tiles away of any variant (``None``: the exposures rule every one out): the
        first distance found in the bytes, each search a C loop."""
        aways = self.aways
        return next((away for away in range(MAHJONG_SIZE + 1) if away in aways), None)

    def line_away(self, position: int) -> int | None:
        away = self.minimums[position]
        return None if away == _RULED_OUT else away

    def variants_at(self, position: int, away: int) -> Iterator[Variant]:
        start, end = self.table.slices[position]
        for lane in range(start, end):
            if self.aways[lane] == away:
                yield self.table.variants[lane]

    def candidates(self, position: int) -> list[tuple[int, Variant]]:
        start, end = self.table.slices[position]
        return [
            (self.aways[lane], self.table.variants[lane])
            for lane in range(start, end)
            if self.aways[lane] != _RULED_OUT
        ]


def _exposed_aways(table: CompiledCard, hand: Hand) -> bytearray:
    """Variant by variant: each exposed set must be a whole group (ruling N4), and a concealed
    line allows no exposure."""
    aways = bytearray([_RULED_OUT]) * table.size
    counts = hand.concealed_counts
    jokers = counts[JOKER]
    exposed = hand.exposed
    for line, (start, end) in zip(table.lines, table.slices, strict=True):
        if line.concealed:
            continue
        for lane in range(start, end):
            away = exposed_away(table.variants[lane], exposed, counts, jokers)
            if away is not None:
                aways[lane] = away
    return aways


def _standing_for(meld: Meld, tile: Tile) -> Meld:
    """An exposed set of jokers alone, saying the tile it stands for in the arrangement."""
    return Meld(meld.tiles, exposed=True, called_from=meld.called_from, represents=tile)


def _no_candidates(position: int) -> list[tuple[int, Variant]]:
    return []


def _bad_exposures(hand: Hand) -> list[Reason]:
    """An exposure is a whole grouping of 3 or more like tiles: only those are called (the guide),
    and the Mahjong tile stays among the concealed tiles (ruling T2)."""
    found = []
    for meld in hand.exposed:
        if not meld.is_identical:
            found.append(Reason("not-like-tiles", f"the exposed set {meld} is not a grouping of like tiles"))
        elif meld.size < 3:
            found.append(Reason("exposed-pair", f"the exposed set {meld}: a tile is called only for 3 or more"))
    return found


def _exposures_key(melds: Sequence[Meld]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """What decides whether exposed sets fit a line: each set's tiles and the tile it stands for
    (-1: none), in any order. Who a tile was called from does not matter, so hands alike in
    exposures share the answer."""
    return tuple(
        sorted(
            # A meld's tiles are sorted by index already (Meld sorts them).
            (tuple([tile.index for tile in meld.tiles]), -1 if meld.represents is None else meld.represents.index)
            for meld in melds
        )
    )


_SlotRows = tuple[tuple[int, int, int], ...]
"""A variant's slots as (tile index, slots only a natural tile fills, slots a joker may fill)."""


@functools.lru_cache(maxsize=8192)
def _slot_rows(groups: tuple[TargetGroup, ...]) -> _SlotRows:
    """The slots of a variant's groups, as rows (kept, like :func:`_slots`)."""
    no_jokers, with_jokers = _slots(groups)
    return tuple(
        (index, no_jokers.get(index, 0), with_jokers.get(index, 0))
        for index in sorted(no_jokers.keys() | with_jokers.keys())
    )


@functools.lru_cache(maxsize=8192)
def _slots(groups: tuple[TargetGroup, ...]) -> VariantSlots:
    """The slots of a variant's groups (kept: the closest variants come back for every discard)."""
    return slots_of(groups)


class NmjlRuleset(AmericanRuleset):
    """American mah jongg played from a card (``get_ruleset("nmjl", card=...)``; options:
    :class:`NmjlOptions`). Without a card it plays the invented full-size sample card.

    >>> import mahjong_rules as mr
    >>> tutorial = mr.get_ruleset("nmjl", card=mr.sample_card("tutorial"))
    >>> evaluation = tutorial.evaluate("2222B 44B 66B 8888B FF")
    >>> evaluation.points, evaluation.arrangement.description
    (50, 'Numbers #1: 2222x 44x 66x 8888x FF (X 25)')
    """

    name: ClassVar[str] = "nmjl"
    Options: ClassVar[type[NmjlOptions]] = NmjlOptions
    options: NmjlOptions

    def __init__(self, options: NmjlOptions) -> None:
        self.options = options
        self.card = options.card
        self._tileset = options.tileset
        self._table = compiled(options.card)
        # The lower part of each line's ranking key: its value (higher first), then its place.
        self._rank_tails = [
            (MAX_VALUE - line.value) << _POSITION_BITS | position for position, line in enumerate(self._table.lines)
        ]
        # Whether some line has a set of exposures as whole groups, by the exposures: the
        # concealed tiles play no part, and a game asks it for every call.
        self._fits: dict[tuple[tuple[tuple[int, ...], int], ...], bool] = {}  # see _exposures_key
        # The refusal of each meld no line fits, by the meld object (a game asks about its calls
        # again and again; the message spells the meld out).
        self._misfits: dict[int, tuple[Meld, Reason]] = {}

    def __repr__(self) -> str:
        return f"<NmjlRuleset card={self.card.name!r}>"

    # -- reading hands ---------------------------------------------------------------------------

    def _points(self, line: Line, hand: Hand) -> tuple[int, tuple[ScoreItem, ...]]:
        """Ruling N5: the line's value, multiplied for a hand without jokers except on a Singles
        and Pairs line."""
        items = [ScoreItem(f"{line.label}: {line.hand}", line.value)]
        multiplier = self.options.jokerless_multiplier
        if hand.joker_count == 0 and not line.singles_and_pairs and multiplier > 1:
            name = "No jokers: doubled" if multiplier == 2 else f"No jokers: times {multiplier}"
            items.append(ScoreItem(name, line.value * (multiplier - 1)))
        return sum(item.points for item in items), tuple(items)

    def _arrangement(self, line: Line, variant: Variant, hand: Hand) -> Arrangement:
        """The hand laid out as ``variant`` of ``line`` (which it completes): the exposed sets as
        they are, the concealed tiles in the line's other groups, jokers standing for the tile of
        their group."""
        counts = hand.concealed_counts
        found = best_fitting(variant, hand.exposed, counts, counts[JOKER])
        assert found is not None
        _, left, taken = found
        exposed = [
            meld
            if meld.represents is not None
            else Meld(
                meld.tiles, exposed=True, called_from=meld.called_from, represents=Tile.from_index(group.tiles[0])
            )
            for meld, group in zip(hand.exposed, taken, strict=True)
        ]
        naturals = list(counts)
        melds: list[Meld] = []
        for group in sorted(left, key=lambda group: group.jokers):  # joker-free groups take naturals first
            tiles = []
            for index in group.tiles:
                if naturals[index] > 0:
                    naturals[index] -= 1
                    tiles.append(Tile.from_index(index))
                else:
                    tiles.append(Tile.JOKER)
            identical = len(set(group.tiles)) == 1
            represents = Tile.from_index(group.tiles[0]) if identical else None
            melds.append(Meld(tiles, exposed=False, represents=represents))
        order = {group: place for place, group in enumerate(variant)}
        concealed = sorted(
            zip(sorted(left, key=lambda group: group.jokers), melds, strict=True), key=lambda pair: order[pair[0]]
        )
        return Arrangement([*exposed, *(meld for _, meld in concealed)], str(line))

    def _winning(self, hand: Hand) -> tuple[list[tuple[int, int, Line, tuple[ScoreItem, ...]]], _Distances | None]:
        """The lines the hand completes, best first (ruling N5, then T3: higher value, then the
        card's order) as (points, position, line, breakdown), and the distances found."""
        if len(hand) != MAHJONG_SIZE or _bad_exposures(hand):
            return [], None
        distances = _Distances(self._table, hand)
        found = []
        for position, line in enumerate(self._table.lines):
            if distances.line_away(position) == 0:
                points, items = self._points(line, hand)
                found.append((points, position, line, items))
        found.sort(key=lambda entry: (-entry[0], -entry[2].value, entry[1]))
        return found, distances

    def _why_not(self, hand: Hand) -> list[Reason]:
        if len(hand) != MAHJONG_SIZE:
            return [Reason("wrong-size", f"a Mahjong hand has 14 tiles, not {len(hand)}")]
        bad = _bad_exposures(hand)
        if bad:
            return bad
        distances = _Distances(self._table, hand)
        if hand.exposed:
            as_concealed = _Distances(self._table, Hand(hand.tiles))
            for position, line in enumerate(self._table.lines):
                if as_concealed.line_away(position) != 0:
                    continue
                if line.concealed:
                    why = f"{line.label} ({line.hand}) is a concealed line: it allows no exposed set (ruling N4)"
                    return [Reason("concealed-line", why)]
                why = (
                    f"the tiles make {line.label} ({line.hand}), "
                    "but an exposed set is not a whole group of it (ruling N4)"
                )
                return [Reason("exposure-not-a-group", why)]
        reachable = [
            (away, position)
            for position in range(len(self._table.lines))
            if (away := distances.line_away(position)) is not None
        ]
        if not reachable:
            return [
                Reason("exposures-fit-no-line", "the exposed sets are not whole groups of any exposed line (ruling N4)")
            ]
        away, position = min(reachable)
        line = self._table.lines[position]
        return [
            Reason(
                "no-line",
                f"the hand matches no line of {self.card.name!r}; the closest, {line.label} ({line.hand}), "
                f"is {away} {'tile' if away == 1 else 'tiles'} away",
            )
        ]

    # -- the protocol ----------------------------------------------------------------------------

    def evaluate(self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None) -> Evaluation:
        """Whether ``hand`` (14 tiles at Mahjong, ruling T2; a Hand or its notation) completes a
        line of the card, and its worth: the best line's value (ruling N5), doubled without
        jokers except on a Singles and Pairs line. Exposed sets must each be one whole group of the
        line, and a concealed line allows none (ruling N4).

        Raises:
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        hand = self._checked_hand(hand)
        context = self._checked_context(hand, context)
        winning, distances = self._winning(hand)
        if not winning or distances is None:
            return Evaluation(
                self.name, hand, context, is_winning=False, reasons=self._why_not(hand), options=self.options
            )
        points, position, line, items = winning[0]
        variant = next(distances.variants_at(position, 0))
        return Evaluation(
            self.name,
            hand,
            context,
            is_winning=True,
            points=points,
            breakdown=items,
            arrangement=self._arrangement(line, variant, hand),
            options=self.options,
        )

    def decompositions(
        self, hand: Hand | str, context: WinContext | Mapping[str, Any] | None = None
    ) -> Iterator[Arrangement]:
        """Every way the hand completes a line, lazily, best line first: one arrangement per
        concrete hand of each line it completes (the winning tile's context changes nothing)."""
        hand = self._checked_hand(hand)
        self._checked_context(hand, context)
        winning, distances = self._winning(hand)
        if distances is None:
            return
        seen: set[Arrangement] = set()
        for _, position, line, _ in winning:
            for variant in distances.variants_at(position, 0):
                arrangement = self._arrangement(line, variant, hand)
                if arrangement not in seen:
                    seen.add(arrangement)
                    yield arrangement

    # -- analysis --------------------------------------------------------------------------------

    def _distances(self, hand: Hand) -> _Distances | None:
        return None if _bad_exposures(hand) else _Distances(self._table, hand)

    def _best(self, distances: _Distances | None) -> int | None:
        return None if distances is None else distances.best()

    def _exposures_fit(self, hand: Hand) -> bool:
        """Whether some line of the card has every exposed set of ``hand`` as a whole group: only
        the exposed tiles rule a variant out (the concealed ones say how far it is), so the lanes
        each exposed tile's sets fit are read alone; with two or more sets of jokers alone, the
        variants' tiles away with no concealed tile; with a set of unlike tiles, variant by
        variant."""
        if _bad_exposures(hand):
            return False
        fits = self._table.exposures_fit(hand.exposed)
        if fits is not None:
            return fits
        aways = self._table.exposed_aways(_NO_CONCEALED, hand.exposed)
        if aways is None:  # a set of unlike tiles: variant by variant
            return self._best(self._distances(hand)) is not None
        return aways.count(_RULED_OUT) < len(aways)

    def tiles_away(self, hand: Hand | str) -> int:
        """The fewest tiles to exchange for ``hand`` (13 or 14 tiles) to complete a line of the
        card, keeping its exposed sets as whole groups (0: it completes one; a 13-tile hand one
        tile short: 1). Exact, jokers included: the closest line's distance.

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
            UnreachableError: the exposed sets fit no line of the card.
        """
        hand = self._analysed_hand(hand, "tiles away", ANALYSED_SIZES)
        away = self._away_of(hand)
        if away is None:
            raise UnreachableError(f"the exposed sets of {hand} fit no line of the card {self.card.name!r}")
        return away

    def tiles_away_floor(self, hand: Hand | str) -> int:
        """A lower bound on :meth:`tiles_away`: the tiles away of the same tiles all concealed
        (about 10 µs a hand on the sample card, against some 80 µs for ranking the card with the
        exposed sets): what a bot or a game loop can rule a hand out with. Exact for a hand with
        nothing exposed.

        The exposures only take choices away: every way the hand completes a line with its exposed
        sets as whole groups completes it with those tiles concealed too (a joker of an exposed
        set fills the same group), and concealed lines are open to concealed tiles. So the tiles
        away of the hand as if nothing were exposed are never more than the hand's own. A hand
        whose exposed sets fit no line has no tiles away (:meth:`tiles_away` raises
        UnreachableError); its floor is still a number.

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
            TileSetError: the hand cannot exist in this game's tiles (ruling T5).
        """
        return self._floor_of(self._analysed_hand(hand, "tiles away", ANALYSED_SIZES))

    def _floor_of(self, hand: Hand) -> int:
        """:meth:`tiles_away_floor` of a hand already checked (a game loop's)."""
        table = self._table
        return _least_lane(table.concealed_lanes(hand.counts), table.size)

    def _loose_floor_of(self, hand: Hand) -> int:
        """A floor under :meth:`_floor_of` for a game loop's hands: the tiles away as if jokers
        could fill singles and pairs too (:meth:`CompiledCard.loose_lanes`). It is lower than
        :meth:`_floor_of` on some hands, so a loop works a hand's floor out again a draw or so
        sooner, but at half the cost: a random card round runs some 7% fewer instructions."""
        table = self._table
        return _least_lane(table.loose_lanes(hand.counts), table.size)

    def _away_of(self, hand: Hand) -> int | None:
        """:meth:`tiles_away` of a hand already checked (a game loop's), ``None`` when its exposed
        sets fit no line."""
        return self._best(self._distances(hand))

    def _helpful(
        self, hand: Hand, distances: _Distances, away: int, fitted: dict[int, list[_SlotRows]] | None = None
    ) -> set[Tile]:
        """The tiles whose draw brings ``hand`` closer: a tile the closest variants lack, where
        jokers held do not already fill it (a joker too when they are short of jokers).
        ``away`` is the hand's tiles away, the least of any variant: so the variants at ``away``
        are the closest of their lines, found by a scan of the bytes. ``fitted`` keeps each
        variant's slots left by the exposures, by lane, for hands with the same exposures (the
        discards of one hand)."""
        counts = hand.concealed_counts
        jokers = counts[JOKER]
        helpful: set[int] = set()
        table = self._table
        aways = distances.aways
        known = {} if fitted is None else fitted
        wanted = bytes((away,))
        lane = aways.find(wanted)
        while lane >= 0:
            ways = known.get(lane)
            if ways is None:
                ways = known[lane] = [
                    _slot_rows(tuple(left)) for left, _ in fittings(table.variants[lane], hand.exposed)
                ]
            lane = aways.find(wanted, lane + 1)
            for rows in ways:
                # The variant's shortfall (see ``lines.shortfall``), summed as it is found.
                naturals_short = fillable_short = 0
                naturals: list[int] = []
                fillable: list[int] = []
                for index, pair_slots, joker_slots in rows:
                    held = counts[index]
                    if pair_slots > held:
                        naturals_short += pair_slots - held
                        naturals.append(index)
                    left = held - pair_slots if held > pair_slots else 0
                    if joker_slots > left:
                        fillable_short += joker_slots - left
                        fillable.append(index)
                if naturals_short + max(fillable_short - jokers, 0) != away:
                    continue  # another way of fitting the exposures is closer
                helpful.update(naturals)
                if fillable_short > jokers:
                    helpful.update(fillable)
                    helpful.add(JOKER)
        return {Tile.from_index(index) for index in helpful}

    def waits(self, hand: Hand | str) -> frozenset[Tile]:
        """For a 13-tile hand, the tiles that would complete a line (a joker included, when
        drawing one would), leaving out tiles whose every copy the hand already holds.

        Raises:
            HandSizeError: the hand does not have 13 tiles.
        """
        hand = self._analysed_hand(hand, "waits", (MAHJONG_SIZE - 1,))
        distances = self._distances(hand)
        if distances is None or self._best(distances) != 1:
            return frozenset()
        return frozenset(
            tile for tile in self._helpful(hand, distances, 1) if hand.count(tile) < self._tileset.count(tile)
        )

    def _kept_analysis(self, hand: Hand, drawable: Sequence[int]) -> tuple[int, list[int]] | None:
        distances = self._distances(hand)
        away = self._best(distances)
        if distances is None or away is None:
            return None
        if away == 0:
            return 0, []
        allowed = set(drawable)
        return away, sorted(tile.index for tile in self._helpful(hand, distances, away) if tile.index in allowed)

    def discard_options(self, hand: Hand | str, seen: Iterable[Tile | str] | str = ()) -> list[DiscardOption]:
        """For a 14-tile hand, every concealed tile it could discard (each kind once), best first:
        fewest tiles away from the closest line after the discard, then most unseen copies of the
        tiles that would then help, then tile order. ``seen`` holds the tiles seen elsewhere
        (discards, other players' exposures). Discards after which the exposed sets fit no line are
        left out.

        Raises:
            HandSizeError: the hand does not have 14 tiles.
        """
        hand = self._analysed_hand(hand, "discard options", (MAHJONG_SIZE,))
        unseen = self._unseen(hand, seen)
        options = []
        fitted: dict[int, list[_SlotRows]] = {}  # every discard keeps the exposures
        # A tile helps only while a copy is left to draw: not every copy in the hand (the
        # discarded one lies in the discards).
        held, limits = hand.counts, self._tileset.counts
        for discard in sorted(set(hand.concealed)):
            rest = hand.discard(discard)
            distances = self._distances(rest)
            away = self._best(distances)
            if distances is None or away is None:
                continue
            helpful = frozenset(
                tile for tile in self._helpful(rest, distances, away, fitted) if held[tile.index] < limits[tile.index]
            )
            options.append(DiscardOption._built(discard, away, helpful, sum(unseen[tile.index] for tile in helpful)))
        options.sort(key=lambda option: (option.tiles_away, -option.helpful_unseen, option.discard))
        return DiscardOptions(options)

    def closest_lines(
        self, hand: Hand | str, seen: Iterable[Tile | str] | str | None = None, limit: int | None = None
    ) -> list[LineDistance]:
        """Every line of the card ranked by how far ``hand`` (13 or 14 tiles, exposures kept) is
        from it: exact tiles away, then the higher value, then the card's order; lines the
        exposures rule out come last. With ``seen`` (the tiles visible elsewhere: discards, other
        players' exposures), dead lines, which can no longer be completed, come after the live
        ones. Each :class:`~mahjong_rules.rulesets.nmjl.LineDistance` tells the tiles still needed,
        which a joker may fill, and how many of each are unseen.

        >>> import mahjong_rules as mr
        >>> tutorial = mr.get_ruleset("nmjl", card=mr.sample_card("tutorial"))
        >>> best = tutorial.closest_lines("2222B 44B 66B 888B FF", limit=1)[0]
        >>> best.line.label, best.tiles_away, [str(tile) for tile in best.joker_fillable]
        ('Numbers #1', 1, ['8B'])

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
        """
        hand = self._analysed_hand(hand, "closest lines", ANALYSED_SIZES)
        if limit is not None and type(limit) is not int:
            raise TypeError(f"limit is a number of lines (0 or more) or None, not {describe(limit)}")
        if limit is not None and limit < 0:
            raise ArgumentError(f"limit is a number of lines (0 or more) or None, not {limit}")
        seen_tiles = self._tiles(seen, "seen")
        distances = self._distances(hand)
        lines = self._table.lines
        minimums = distances.minimums if distances is not None else [_RULED_OUT] * len(lines)
        # One integer a line orders them all: tiles away, then the higher value, then the card's order.
        order = sorted([away << _AWAY_SHIFT | tail for away, tail in zip(minimums, self._rank_tails, strict=True)])
        if limit is not None and seen is None:
            order = order[:limit]
        candidates = distances.candidates if distances is not None else _no_candidates
        ranking = Ranking(hand, lines, minimums, candidates, lambda: self._unseen(hand, seen_tiles))
        positions = [key & _POSITION_MASK for key in order]
        found = list(map(LineDistance, itertools.repeat(ranking, len(positions)), positions))
        if seen is not None:
            found.sort(key=lambda distance: distance.dead)  # stable: the ranking holds among live lines
        return LineDistances(found if limit is None else found[:limit])

    def dead_hand_reasons(self, hand: Hand | str, seen: Iterable[Tile | str] | str = ()) -> tuple[Reason, ...]:
        """Why ``hand`` (13 or 14 tiles) can no longer win, or ``()``: its exposed sets fit no
        line of the card (ruling N4), or every line it could still make needs a tile with no
        copy left unseen (given the ``seen`` tiles).

        Raises:
            HandSizeError: the hand does not have 13 or 14 tiles.
        """
        lines = self.closest_lines(hand, seen)
        if all(distance.tiles_away is None for distance in lines):
            return (Reason("dead-exposures", "the exposed sets fit no exposed line of the card (ruling N4)"),)
        if all(distance.dead for distance in lines):
            return (Reason("no-live-line", "every line the hand could make needs a tile with no copy left"),)
        return ()

    # -- settlement ------------------------------------------------------------------------------

    def settle(
        self, evaluation: Evaluation, winner: Seat | str | None = None, discarder: Seat | str | None = None
    ) -> Settlement:
        """Ruling N5: every other player pays the hand's value; the discarder of the winning tile
        pays double; on a self-drawn win every other player pays double (each multiplier an
        option).

        How the hand was won comes from the evaluation (ruling L2): ``winner`` defaults to its
        context's seat wind, and ``discarder`` is named exactly when the hand was not self-drawn.

        Raises:
            SettlementError: the evaluation is not a winning one of this ruleset made under its
                options, or the seats contradict its context.
        """
        evaluation = check_evaluation(evaluation, self.name, self.options, self.evaluate)
        won_by, thrown_by = settlement_seats(evaluation, winner, discarder, self.seats)
        value = evaluation.points
        transfers = []
        for seat in self.seats:
            if seat is won_by:
                continue
            if evaluation.context.self_drawn:
                amount, why = value * self.options.self_drawn_multiplier, "self-drawn win: every player pays double"
                code = "self-drawn"
            elif seat is thrown_by:
                amount, why = value * self.options.discarder_multiplier, "discarded the winning tile: double"
                code = "discarder"
            else:
                amount, why, code = value, "hand value", "hand-value"
            transfers.append(Transfer(seat, won_by, amount, why, code=code))
        return Settlement(transfers, seats=self.seats)

    # -- play ------------------------------------------------------------------------------------

    def check_call(
        self,
        hand: Hand | str,
        discard: Tile | str,
        meld: Meld | str | None = None,
        context: WinContext | Mapping[str, Any] | None = None,
    ) -> Reason | None:
        """Why ``hand`` (13 tiles) may not call ``discard``, or ``None`` when it may: to expose
        ``meld`` (a grouping of 3 or more like tiles, the called tile included, that is a whole
        group of an exposed line alongside the hand's other exposures: ruling N4; a concealed
        line is never called for but for Mahjong), or, with no meld, for Mahjong (the completed
        hand, won on this discard as ``context`` says, must win).

        Raises:
            ContextError: ``context`` says the win was self-drawn, which a called discard is not.
        """
        return self._call_problem(
            self._checked_hand(hand), as_tile(discard, "discard"), None if meld is None else as_meld(meld), context
        )

    def _call_problem(
        self, hand: Hand, discard: Tile, meld: Meld | None, context: WinContext | Mapping[str, Any] | None = None
    ) -> Reason | None:
        """:meth:`check_call` of a hand, tile and meld already checked (a game loop's)."""
        if meld is None:
            uncallable = (
                Reason("uncallable-tile", "a discarded joker is dead: it cannot be called")
                if discard.is_joker
                else None
            )
            return self._mahjong_call(hand, discard, context, uncallable)
        problem = check_exposure_tiles(hand, discard, meld)
        if problem is not None:
            return problem
        if self._call_fits(hand, discard, meld):
            return None
        known = self._misfits.get(id(meld))
        if known is not None and known[0] is meld:
            return known[1]
        refusal = Reason(
            "no-line-fits",
            f"no exposed line of the card has {meld} as a whole group alongside the hand's other exposures (ruling N4)",
        )
        if len(self._misfits) >= _MISFITS_REMEMBERED:
            self._misfits.clear()
        self._misfits[id(meld)] = (meld, refusal)
        return refusal

    def _call_fits(self, hand: Hand, discard: Tile, meld: Meld) -> bool:
        """Whether ``meld``, a set of like tiles calling ``discard`` whose tiles
        :func:`check_exposure_tiles` accepts (a game loop makes its calls of the hand's own tiles),
        is a whole group of some exposed line beside the hand's exposures (ruling N4):
        :meth:`_call_problem`'s answer without checking the tiles again or saying why not."""
        key = _exposures_key((*hand.melds, meld))
        fits = self._fits.get(key)
        if fits is None:
            shown = meld if meld.exposed else Meld(meld.tiles, exposed=True, represents=meld.represents)
            exposed = (*hand.exposed, shown)
            # Read from the exposures alone where they settle it: the hand after the call is made
            # only when they do not (a set of unlike tiles, two sets of jokers alone).
            if _bad_exposures(hand):  # the new set is checked by check_exposure_tiles
                fits = False
            else:
                found = self._table.exposures_fit(exposed)
                fits = found if found is not None else self._exposures_fit(hand.with_meld(shown, called=discard))
            if len(self._fits) > _FITS_REMEMBERED:
                self._fits.clear()
            self._fits[key] = fits
        return fits

    resolve_claims = staticmethod(resolve_claims)

    def swap_joker(self, meld: Meld | str, give: Tile | str) -> tuple[Meld, Tile]:
        """A joker swap with an exposed group. Guide: "If a player exposes a grouping of tiles
        that includes a joker ... and you have a tile in your hand that corresponds to the tile
        represented by the exposed joker(s), you may swap your tile for the joker when it is your
        turn."

        Raises:
            IllegalMoveError: the swap breaks a rule.
        """
        return swap_joker(as_meld(meld), as_tile(give, "give"))
