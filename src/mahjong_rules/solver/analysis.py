"""Tiles away, waits, discards and unseen tiles for any grammar, on top of the search, the
distance programme and the standard-form tables.

All functions take the concealed counts (jokers included) and the exposed sets separately:
exposures stay as they are and only concealed tiles are arranged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from mahjong_rules.errors import GrammarError
from mahjong_rules.solver import standard
from mahjong_rules.solver._vectors import INFINITY
from mahjong_rules.solver.distance import grammar_away
from mahjong_rules.solver.grammar import JOKER, Grammar, Group
from mahjong_rules.solver.search import has_arrangement as _search_has_arrangement
from mahjong_rules.solver.standard import NUM_STANDARD_KINDS
from mahjong_rules.tiles import NUM_TILE_KINDS
from mahjong_rules.tilesets import TileSet

__all__ = ["DiscardOption", "discard_options", "has_arrangement", "tiles_away", "unseen", "waits"]


def _standard_sets(grammar: Grammar, concealed_size: int) -> int | None:
    """The sets the concealed tiles form under the standard form, or None if it does not apply."""
    if not grammar.is_standard_form:
        return None
    sets, left = divmod(concealed_size - 2, 3)
    return sets if left == 0 and 0 <= sets <= standard.MAX_SETS else None


def _standard_limits(tileset: TileSet, exposed: Sequence[Group]) -> list[int]:
    """The copies of each of the 34 standard tiles the concealed tiles may reach: the tile set's,
    less those in the exposures."""
    limits = list(tileset.counts[:34])
    for group in exposed:
        for index in group.tiles:
            if index < 34:
                limits[index] -= 1
    return limits


def has_arrangement(grammar: Grammar, counts: Sequence[int], exposed: Sequence[Group] = ()) -> bool:
    """Whether the concealed tiles in ``counts`` can be arranged into the grammar's groups beside
    the ``exposed`` sets (the standard form uses its tables).

    >>> from mahjong_rules import Hand
    >>> has_arrangement(Grammar.standard(), Hand.parse("123m456m789m234p55s").counts)
    True
    """
    total = sum(counts)
    sets = _standard_sets(grammar, total)
    if sets is not None and total == sum(counts[:34]) and not any(group.is_pair for group in exposed):
        return standard.is_complete(counts, sets)
    try:
        concealed_grammar = grammar.for_concealed(exposed)
    except GrammarError:
        return False
    return _search_has_arrangement(concealed_grammar, counts)


def tiles_away(
    grammar: Grammar,
    counts: Sequence[int],
    *,
    size: int,
    tileset: TileSet,
    exposed: Sequence[Group] = (),
    thirteen_wonders: bool = False,
) -> int | None:
    """The fewest tiles to exchange for the concealed tiles to become ``size`` tiles arranged into
    the grammar's groups beside the ``exposed`` sets (0: they already are; a hand one tile short:
    1); ``None`` when no such hand exists in the tile set.

    ``size`` is the concealed part's size at Mahjong (14 less the exposed tiles, by ruling T2).
    The standard form uses its tables (``thirteen_wonders`` adds that hand's distance, for a
    fully concealed hand); grammars of identical and singles groups use the exact distance
    programme.

    >>> from mahjong_rules import Hand, TileSet
    >>> tiles_away(Grammar.standard(), Hand.parse("123m456m789m234p5s").counts, size=14, tileset=TileSet.singapore())
    1
    """
    sets = _standard_sets(grammar, size)
    if sets is not None and not any(group.is_pair for group in exposed):
        # Tiles outside the 34 are simply exchanged: they change nothing in what is missing.
        limits = _standard_limits(tileset, exposed)
        return standard.tiles_away(
            counts, sets, thirteen_wonders=thirteen_wonders and not exposed, limits=None if min(limits) >= 4 else limits
        )
    return grammar_away(grammar, counts, size=size, tileset=tileset, exposed=exposed)


def waits(
    grammar: Grammar,
    counts: Sequence[int],
    *,
    tileset: TileSet,
    exposed: Sequence[Group] = (),
    thirteen_wonders: bool = False,
) -> frozenset[int]:
    """The tile indexes whose addition lets the concealed tiles be arranged beside the ``exposed``
    sets, leaving out tiles the hand already holds every copy of (ruling S14). A joker is a wait
    when drawing one would complete the hand.

    >>> from mahjong_rules import Hand, TileSet
    >>> sorted(waits(Grammar.standard(), Hand.parse("123m456m789m234p5s").counts, tileset=TileSet.singapore()))
    [4]
    """
    held = list(counts)
    for group in exposed:
        for index in group.tiles:
            held[index] += 1
        held[JOKER] += group.jokers
    sets = _standard_sets(grammar, sum(counts) + 1)
    if sets is not None and sum(counts) == sum(counts[:34]) and not any(group.is_pair for group in exposed):
        found = standard.waits(counts, sets, thirteen_wonders=thirteen_wonders and not exposed)
        return frozenset(index for index in found if held[index] < tileset.counts[index])
    working = list(counts)
    found_tiles = set()
    for index in range(NUM_TILE_KINDS):
        if held[index] >= tileset.counts[index]:
            continue
        working[index] += 1
        if has_arrangement(grammar, working, exposed):
            found_tiles.add(index)
        working[index] -= 1
    return frozenset(found_tiles)


class DiscardOption(NamedTuple):
    """A discard from a hand one tile over: what it leaves, which draws would then help, and how
    many copies of those are still unseen (the hand, its exposures and the ``seen`` tiles
    subtracted from the tile set)."""

    discard: int
    tiles_away: int
    helpful: frozenset[int]
    helpful_unseen: int


def discard_options(
    grammar: Grammar,
    counts: Sequence[int],
    *,
    size: int,
    tileset: TileSet,
    exposed: Sequence[Group] = (),
    thirteen_wonders: bool = False,
    seen: Sequence[Sequence[int]] = (),
) -> list[DiscardOption]:
    """For concealed tiles one more than ``size - 1`` (a hand that must discard): every tile it
    could discard, the tiles away that leaves, and the tiles that would then bring it one closer,
    best first (then by more unseen helpful tiles, then by tile index). Discards that leave no
    reachable hand are omitted. A helpful tile still has a copy to draw: one not in the hand, its
    exposures or the discard itself. ``seen`` are count vectors of tiles seen elsewhere (discards,
    other players' exposures), used for the unseen counts.

    >>> from mahjong_rules import Hand, TileSet
    >>> options = discard_options(Grammar.standard(), Hand.parse("123m456m789m234p5s E").counts,
    ...                           size=14, tileset=TileSet.singapore())
    >>> [(o.discard, o.tiles_away, sorted(o.helpful)) for o in options[:2]]
    [(4, 1, [30]), (30, 1, [4])]
    >>> options[0].helpful_unseen  # the hand holds one East: three are unseen
    3
    """
    held = list(counts)
    exposed_counts = [0] * NUM_TILE_KINDS
    for group in exposed:
        for index in group.tiles:
            exposed_counts[index] += 1
        exposed_counts[JOKER] += group.jokers
    remaining = unseen(tileset, counts, exposed_counts, *seen)
    # A kind with every copy in the hand (the discard included) or its exposures cannot be drawn.
    drawable_kinds = [held[kind] + exposed_counts[kind] < tileset.counts[kind] for kind in range(NUM_STANDARD_KINDS)]
    rows = _exchange_rows(
        grammar, counts, drawable_kinds, size=size, tileset=tileset, exposed=exposed, thirteen_wonders=thirteen_wonders
    )
    if rows is not None:
        return _standard_discard_options(rows, held, remaining)
    exchange = _exchange(
        grammar, counts, size=size, tileset=tileset, exposed=exposed, thirteen_wonders=thirteen_wonders
    )
    drawable = [tile for tile in range(NUM_TILE_KINDS) if tileset.counts[tile]]
    options = []
    for index in range(NUM_TILE_KINDS):
        if not held[index]:
            continue
        held[index] -= 1
        away = exchange(index, -1)
        if away is not None:
            helpful = []
            for tile in drawable:
                # The discarded copy lies in the discards: it cannot be drawn again.
                if held[tile] + exposed_counts[tile] + (tile == index) < tileset.counts[tile]:
                    after = exchange(index, tile)
                    if after is not None and after < away:
                        helpful.append(tile)
            helpful_unseen = sum(remaining[tile] for tile in helpful)
            options.append(DiscardOption(index, away, frozenset(helpful), helpful_unseen))
        held[index] += 1
    options.sort(key=lambda option: (option.tiles_away, -option.helpful_unseen, option.discard))
    return options


def _standard_discard_options(
    rows: Callable[[int], tuple[int, list[int]]], held: list[int], remaining: Sequence[int]
) -> list[DiscardOption]:
    """:func:`discard_options` in the standard form, from rows giving each discard's tiles away
    and the drawable kinds whose draw would then lower it. Only kinds 0-33 can help: a bonus tile
    drawn never joins the form."""
    options = []
    for index in range(NUM_STANDARD_KINDS):
        if not held[index]:
            continue
        away, lowering = rows(index)
        if away >= INFINITY:
            continue
        helpful = frozenset(lowering)
        options.append(DiscardOption(index, away, helpful, sum(remaining[tile] for tile in helpful)))
    options.sort(key=lambda option: (option.tiles_away, -option.helpful_unseen, option.discard))
    return options


def _exchange_rows(
    grammar: Grammar,
    counts: Sequence[int],
    drawable: Sequence[bool],
    *,
    size: int,
    tileset: TileSet,
    exposed: Sequence[Group],
    thirteen_wonders: bool,
) -> Callable[[int], tuple[int, list[int]]] | None:
    """Rows for :func:`_standard_discard_options` when the grammar is the standard form and its
    tables hold the hand (no exposed pair, every concealed tile a kind 0-33), from
    :func:`standard.exchange_rows`, or :func:`standard.capped_exchange_rows` when the exposed
    sets hold copies; ``None`` otherwise. Only the ``drawable`` kinds are listed as lowering."""
    sets = _standard_sets(grammar, size)
    if sets is None or any(group.is_pair for group in exposed) or any(counts[NUM_STANDARD_KINDS:]):
        return None
    limits = _standard_limits(tileset, exposed)
    if min(limits) < 4:
        if thirteen_wonders and not exposed:
            return None  # a game of fewer copies: Thirteen Wonders by the reference
        return standard.capped_exchange_rows(counts, sets, limits, drawable)
    rows = standard.exchange_rows(counts, sets, thirteen_wonders=thirteen_wonders and not exposed)
    if rows is None:
        return None

    def lowering(removed: int) -> tuple[int, list[int]]:
        away, afters = rows(removed)
        return away, [added for added in range(NUM_STANDARD_KINDS) if drawable[added] and 0 <= afters[added] < away]

    return lowering


def _exchange(
    grammar: Grammar,
    counts: Sequence[int],
    *,
    size: int,
    tileset: TileSet,
    exposed: Sequence[Group],
    thirteen_wonders: bool,
) -> Callable[[int, int], int | None]:
    """:func:`tiles_away` of the concealed ``counts`` less one tile of kind ``removed`` and plus
    one of kind ``added`` (-1: none), for the many exchanges of one hand: the standard form's
    tables move only the parts the two tiles are in (:func:`standard.exchange_away`)."""
    sets = _standard_sets(grammar, size)
    if (
        sets is not None
        and not any(group.is_pair for group in exposed)
        and min(_standard_limits(tileset, exposed)) >= 4
    ):
        return standard.exchange_away(counts, sets, thirteen_wonders=thirteen_wonders and not exposed)

    def away(removed: int, added: int) -> int | None:
        changed = list(counts)
        if removed >= 0:
            changed[removed] -= 1
        if added >= 0:
            changed[added] += 1
        return tiles_away(
            grammar, changed, size=size, tileset=tileset, exposed=exposed, thirteen_wonders=thirteen_wonders
        )

    return away


def unseen(tileset: TileSet, *seen: Sequence[int]) -> tuple[int, ...]:
    """How many of each tile are still unseen: the tile set's counts less every count vector
    given (the player's hand, the discards, the other players' exposed sets), never below zero.

    >>> from mahjong_rules import Hand, TileSet
    >>> unseen(TileSet.singapore(), Hand.parse("1B 1B 1B").counts, Hand.parse("[1B 1B 1B]").counts)[0]
    0
    """
    left = list(tileset.counts)
    for counts in seen:
        for index, count in enumerate(counts):
            left[index] -= count
    return tuple(max(count, 0) for count in left)
