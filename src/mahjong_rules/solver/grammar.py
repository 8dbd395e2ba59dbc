"""How a ruleset describes its sets to the solver.

A :class:`Grammar` says which groups the concealed tiles may be arranged into:

- groups of identical tiles, by :class:`GroupRule` (which tiles, which sizes, from which size
  jokers may stand in);
- chows (three consecutive number tiles of one suit, never with jokers);
- singles groups: fixed sets of different tiles, such as NEWS or the digits of a year, never
  with jokers;
- groups made only of jokers, standing for a tile the ruleset chooses;

with an exact number of pairs or of groups when the game requires one.

>>> from mahjong_rules import Tile
>>> from mahjong_rules.solver import Grammar, GroupRule
>>> flex_like = Grammar(
...     groups=(GroupRule.of(Tile.all()[:34], sizes=(2, 3, 4), jokers_from=3),),
...     one_group_per_tile=True,
... )
>>> flex_like.joker_sizes
(3, 4)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import NamedTuple

import attrs

from mahjong_rules.errors import GrammarError
from mahjong_rules.tiles import NUM_TILE_KINDS, Seat, Suit, Tile

__all__ = ["Grammar", "Group", "GroupRule"]

JOKER = Tile.JOKER.index


def _index_set(tiles: Iterable[Tile | int]) -> frozenset[int]:
    indexes = set()
    for tile in tiles:
        index = tile.index if isinstance(tile, Tile) else tile
        if type(index) is not int or not 0 <= index < NUM_TILE_KINDS or index == JOKER:
            raise GrammarError(f"a group rule's tiles are tiles other than the joker, not {tile!r}")
        indexes.add(index)
    return frozenset(indexes)


def _sizes(sizes: Iterable[int]) -> tuple[int, ...]:
    collected = tuple(sorted(set(sizes)))
    if not collected or any(type(size) is not int or size < 1 for size in collected):
        raise GrammarError(f"group sizes are positive integers, not {sizes!r}")
    return collected


@attrs.frozen(cache_hash=True)
class GroupRule:
    """Groups of identical tiles of the kinds in ``tiles`` (indexes), ``sizes`` tiles each, jokers
    included; jokers may stand in only in groups of at least ``jokers_from`` tiles (``None``:
    never)."""

    tiles: frozenset[int] = attrs.field(converter=_index_set)
    sizes: tuple[int, ...] = attrs.field(converter=_sizes)
    jokers_from: int | None = 3

    @classmethod
    def of(cls, tiles: Iterable[Tile], *, sizes: Iterable[int], jokers_from: int | None = 3) -> GroupRule:
        """A rule from tiles (rather than indexes)."""
        return cls(frozenset(tile.index for tile in tiles), tuple(sizes), jokers_from)

    def joker_sizes(self) -> tuple[int, ...]:
        """The sizes of this rule's groups in which jokers may stand."""
        if self.jokers_from is None:
            return ()
        return tuple(size for size in self.sizes if size >= self.jokers_from)


def _singles(patterns: Iterable[Iterable[Tile | int]]) -> tuple[tuple[int, ...], ...]:
    collected = []
    for pattern in patterns:
        indexes = tuple(sorted(tile.index if isinstance(tile, Tile) else tile for tile in pattern))
        if len(indexes) < 2 or JOKER in indexes or len(set(indexes)) < 2:
            raise GrammarError(f"a singles group has two or more tiles, not all the same, no joker: {pattern!r}")
        collected.append(indexes)
    return tuple(sorted(set(collected)))


@attrs.frozen(cache_hash=True)
class Grammar:
    """The sets a ruleset arranges concealed tiles into (see the module's description).

    Attributes:
        groups: the rules for groups of identical tiles.
        chows: whether chows are sets.
        singles: the singles groups allowed, each as the sorted indexes of its tiles.
        pairs: the exact number of pairs (identical groups of two) required, or ``None``.
        sets: the exact number of groups required, pairs included, or ``None``.
        one_group_per_tile: each kind of tile may form at most one identical group.
        all_joker_groups: jokers alone may form a group (of a size some rule lets jokers into).
    """

    groups: tuple[GroupRule, ...] = ()
    chows: bool = False
    singles: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_singles)
    pairs: int | None = None
    sets: int | None = None
    one_group_per_tile: bool = False
    all_joker_groups: bool = True

    def __attrs_post_init__(self) -> None:
        seen: set[int] = set()
        for rule in self.groups:
            if seen & rule.tiles:
                raise GrammarError("each tile is covered by at most one group rule")
            seen |= rule.tiles

    @classmethod
    def standard(cls) -> Grammar:
        """Chows, pungs and exactly one pair (the eye) from the 34 suit and honour tiles, no
        jokers: the Singapore (and Riichi) shape. The number of sets follows from the number of
        tiles."""
        tiles = [tile for tile in Tile.all() if tile.is_number or tile.is_honor]
        return cls(groups=(GroupRule.of(tiles, sizes=(2, 3), jokers_from=None),), chows=True, pairs=1)

    @property
    def joker_sizes(self) -> tuple[int, ...]:
        """Every size of group in which jokers may stand (all-joker groups take these sizes)."""
        return tuple(sorted({size for rule in self.groups for size in rule.joker_sizes()}))

    @property
    def is_standard_form(self) -> bool:
        """Whether this grammar is the standard form, for which the fast tables apply."""
        return self == _STANDARD

    def for_concealed(self, exposed: Iterable[Group]) -> Grammar:
        """The grammar the concealed tiles must satisfy beside the ``exposed`` sets: the exact
        counts of pairs and groups less what the exposures hold, and, with one group per tile,
        no identical group of a tile already exposed as one (all-joker groups stand for no tile,
        so they stay allowed).

        Raises:
            GrammarError: the exposures already break the grammar: more pairs or groups than it
                allows, or, with one group per tile, two exposed groups of one tile.
        """
        exposed = tuple(exposed)
        if not exposed:
            return self
        pairs = None if self.pairs is None else self.pairs - sum(1 for group in exposed if group.is_pair)
        sets = None if self.sets is None else self.sets - len(exposed)
        if (pairs is not None and pairs < 0) or (sets is not None and sets < 0):
            raise GrammarError("the exposed sets already hold more pairs or groups than the grammar allows")
        groups = self.groups
        if self.one_group_per_tile:
            exposed_tiles = [group.tiles[0] for group in exposed if group.shape == "identical" and group.tiles]
            if len(set(exposed_tiles)) < len(exposed_tiles):
                raise GrammarError("with one group per tile, two exposed groups cannot be of the same tile")
            taken = set(exposed_tiles)
            # A rule whose tiles are all taken stays, empty, so that its sizes still allow all-joker groups.
            groups = tuple(GroupRule(rule.tiles - taken, rule.sizes, rule.jokers_from) for rule in groups)
        return attrs.evolve(self, groups=groups, pairs=pairs, sets=sets)

    def rule_for(self, index: int) -> GroupRule | None:
        """The group rule covering the tile with this index, if any."""
        return _rules_by_index(self).get(index)


class Group(NamedTuple):
    """One group of an arrangement, as the solver returns it.

    ``shape`` is ``"identical"``, ``"chow"`` or ``"singles"``; ``tiles`` are the natural tiles'
    indexes (sorted); ``jokers`` how many jokers stand in. An all-joker group has no tiles.
    """

    shape: str
    tiles: tuple[int, ...]
    jokers: int = 0

    @property
    def size(self) -> int:
        return len(self.tiles) + self.jokers

    @property
    def is_pair(self) -> bool:
        return self.shape == "identical" and self.size == 2

    def __str__(self) -> str:
        names = [str(Tile.from_index(index)) for index in self.tiles] + ["J"] * self.jokers
        return "(" + " ".join(names) + ")"


SUIT_OF_INDEX = {suit.tile(rank).index: suit for suit in Suit for rank in range(1, 10)}
WIND_INDEXES = tuple(seat.wind.index for seat in Seat)


@functools.lru_cache(maxsize=16)
def _rules_by_index(grammar: Grammar) -> dict[int, GroupRule]:
    return {index: rule for rule in grammar.groups for index in rule.tiles}


_STANDARD = Grammar.standard()
