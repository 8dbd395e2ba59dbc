"""The players of a Singapore round: each one's concealed tiles (as counts), declared sets, bonus
tiles and discards, whether their tiles could win, the tiles they let pass, and the instant
payments a bonus tile brings them."""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable

import attrs

from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.rulesets.singapore.doubles import ANIMALS, FLOWER_SETS, FLOWERS
from mahjong_rules.rulesets.singapore.hands import PlacedSet, SortedHand
from mahjong_rules.solver import standard
from mahjong_rules.tiles import Animal, FlowerSet, Seat, Tile

__all__ = ["KINDS", "Player", "bonus_events", "changed_counts", "chow_pairs", "let_pass", "tile_counts"]

KINDS = 34
"""The tile kinds a hand holds concealed in play: suits, dragons and winds (flowers and animals
are set aside as soon as they are drawn)."""

SETS = 4
_FLOWER_COUNT = len(FLOWERS)

ANIMAL_PAIRS = {
    "cat and mouse": frozenset({Animal.CAT.tile, Animal.MOUSE.tile}),
    "rooster and centipede": frozenset({Animal.ROOSTER.tile, Animal.CENTIPEDE.tile}),
}


def tile_counts(tiles: Iterable[Tile]) -> tuple[int, ...]:
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile.index] += 1
    return tuple(counts)


def changed_counts(counts: tuple[int, ...], tile: Tile, by: int) -> tuple[int, ...]:
    changed = list(counts)
    changed[tile.index] += by
    return tuple(changed)


def _placed(meld: Meld) -> PlacedSet:
    if meld.is_chow:
        return PlacedSet("chow", meld.tiles[0], meld)
    return PlacedSet("kong" if meld.size == 4 else "pung", meld.tiles[0], meld)


@attrs.frozen
class Player:
    """One player's tiles.

    Attributes:
        counts: the concealed tiles, as counts by :attr:`Tile.index` (suits, dragons, winds).
        melds: the declared sets in the order they were declared (exposed sets record
            ``called_from``; a declared concealed kong is ``{....}``).
        bonus: the flowers and animals set aside, in the order they came.
        discards: the player's discards that nobody took.
        moved: how many discards had been answered at the player's last move ("A players last
            move is defined by any new tile, chow, pong, or kong"): the discards of others since
            then are the tiles the player let pass.
        last_discarded: the tile the player last discarded.
    """

    counts: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    discards: tuple[Tile, ...] = ()
    moved: int = 0
    last_discarded: Tile | None = None

    @property
    def concealed(self) -> tuple[Tile, ...]:
        """The concealed tiles, sorted."""
        return tuple(Tile.from_index(index) for index, count in enumerate(self.counts) for _ in range(count))

    @property
    def kongs(self) -> int:
        """How many kongs the player has declared."""
        return sum(1 for meld in self.melds if meld.size == 4)

    @property
    def size(self) -> int:
        """The tiles held besides flowers and animals, a kong counted as three."""
        return sum(self.counts) + 3 * len(self.melds)

    @property
    def hand(self) -> Hand:
        """The player's tiles as a hand: the concealed tiles and the bonus tiles, and the melds."""
        return Hand(self.concealed + self.bonus, self.melds)

    @property
    def sorted_hand(self) -> SortedHand:
        """The hand as the ruleset's play checks read it."""
        return SortedHand(
            tuple(sorted(self.bonus)), tuple(_placed(meld) for meld in self.melds), self.counts, self.size
        )

    @property
    def eight_flowers(self) -> bool:
        """ "In the case that a player has all eight Flower Suit tiles that person automatically
        wins the game regardless of their other tiles" (ruling S16)."""
        return len(self.bonus) >= len(FLOWERS) and set(self.bonus) >= FLOWERS

    def could_win(self, tile: Tile | None = None) -> bool:
        """Whether the concealed tiles, with ``tile``, complete four sets and an eye beside the
        declared sets, or 13 Wonders, or the player holds eight flowers: the shape alone, before
        the ruleset counts the doubles (a quick test that spares most evaluations)."""
        counts = self.counts if tile is None else changed_counts(self.counts, tile, 1)
        return _complete(counts, self.melds) or self.eight_flowers

    def might_take(self, tile: Tile, chow: bool) -> bool:
        """Whether the player might answer ``tile`` on offer at all: win on it, pong or kong it,
        or (``chow``: the player sits to the right of the discarder) chow it. A quick necessary
        test, on the tiles alone: the rules that forbid a call (a tile let pass, the player's own
        last discard) are the ruleset's to apply after it."""
        index = tile.index
        counts = self.counts
        if counts[index] >= 2 or (len(self.bonus) >= _FLOWER_COUNT and self.eight_flowers):
            return True
        # A win on it: the hand with it complete (a table lookup), not the hand's waits worked
        # out (a search, for a hand that changes before most of its waits would be asked about).
        # A tile the hand holds no copy of and nothing within two of, in its suit, would be a
        # lone tile in any hand but 13 Wonders: most tiles offered are never looked up.
        near = counts[index] or (not self.melds and index in _WONDERS)
        if not near:
            for other in _NEAR[index]:
                if counts[other]:
                    near = True
                    break
        if near and _complete(changed_counts(counts, tile, 1), self.melds):
            return True
        if chow:
            for low, high in _CHOW_INDEXES[index]:
                if counts[low] and counts[high]:
                    return True
        return False


# Each slot's own setter: the frozen class's __init__ sets its fields through object.__setattr__,
# which looks each name up again (a round replaces a player or two per action).
_SET_COUNTS = Player.__dict__["counts"].__set__
_SET_MELDS = Player.__dict__["melds"].__set__
_SET_BONUS = Player.__dict__["bonus"].__set__
_SET_DISCARDS = Player.__dict__["discards"].__set__
_SET_MOVED = Player.__dict__["moved"].__set__
_SET_LAST_DISCARDED = Player.__dict__["last_discarded"].__set__


def made_player(
    counts: tuple[int, ...],
    melds: tuple[Meld, ...],
    bonus: tuple[Tile, ...],
    discards: tuple[Tile, ...],
    moved: int,
    last_discarded: Tile | None,
) -> Player:
    """``Player(counts, melds, bonus, discards, moved, last_discarded)``, made faster (a game
    loop's players, whose fields are already of the right types)."""
    player: Player = object.__new__(Player)
    _SET_COUNTS(player, counts)
    _SET_MELDS(player, melds)
    _SET_BONUS(player, bonus)
    _SET_DISCARDS(player, discards)
    _SET_MOVED(player, moved)
    _SET_LAST_DISCARDED(player, last_discarded)
    return player


@functools.cache
def chow_pairs(tile: Tile) -> tuple[tuple[Tile, Tile], ...]:
    """The pairs of tiles that make a chow with ``tile`` (worked out once per tile)."""
    suit, rank = tile.suit, tile.rank
    if not tile.is_number or suit is None or rank is None:
        return ()
    return tuple(
        (suit.tile(rank + low), suit.tile(rank + high))
        for low, high in ((-2, -1), (-1, 1), (1, 2))
        if rank + low >= 1 and rank + high <= 9
    )


_WONDERS = frozenset(standard.TERMINALS_AND_HONORS)

_CHOW_INDEXES = tuple(
    tuple((low.index, high.index) for low, high in chow_pairs(Tile.from_index(index))) for index in range(KINDS)
)
"""The pairs of tile indexes that make a chow with each tile index held concealed."""

_NEAR = tuple(tuple(sorted({near for pair in pairs for near in pair})) for pairs in _CHOW_INDEXES)
"""The tile indexes within two of each tile index in its suit (none for honours): those of its
chows."""


def _complete(counts: tuple[int, ...], melds: tuple[Meld, ...]) -> bool:
    """Whether concealed ``counts`` complete four sets and an eye beside ``melds``, or (with no
    declared sets) 13 Wonders."""
    if standard.is_complete(counts, SETS - len(melds)):
        return True
    return (
        not melds
        and standard.terminals_and_honors_only(counts)
        and sum(counts) == 14
        and standard.thirteen_wonders_away(counts) == 0
    )


def let_pass(history: tuple[tuple[Seat, Tile], ...], seat: Seat, player: Player) -> frozenset[Tile]:
    """The tiles ``seat`` let pass: "that same tile was discarded previously and was not used by
    that player after that players last move"."""
    return frozenset(tile for by, tile in history[player.moved :] if by is not seat)


def bonus_events(seat: Seat, held: Collection[Tile], tile: Tile) -> list[str]:
    """The instant payments ``tile`` brings its holder, ``held`` being every bonus tile they now
    show (``tile`` included): "When a player gets the cat and the mouse ...", "the chicken and the
    centipede", "When a player gets both flowers that match his wind number", "When a player
    obtains all four tiles in the Animal Suit Tile set", "all four tiles in either the Red Flower
    Set or the Black Flower Set" (rulings S8, S19). The event is paid when its last tile comes."""
    events = []
    if tile.is_animal:
        for event, pair in ANIMAL_PAIRS.items():
            if tile in pair and pair <= set(held):
                events.append(event)
        if set(held) >= ANIMALS:
            events.append("all animals")
    elif tile in FLOWERS:
        own = frozenset(flower_set.tile(seat.value + 1) for flower_set in FlowerSet)
        if tile in own and own <= set(held):
            events.append("seat flowers")
        for flowers in FLOWER_SETS.values():
            if tile in flowers and flowers <= set(held):
                events.append("flower set")
    return events
