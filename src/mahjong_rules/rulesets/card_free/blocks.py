"""What each block of a Card-Free arrangement is: its kind, its tile, its size.

The solver hands over groups of tiles; this module reads each one as a block. A block is 2 to 5
identical tiles ("Blocks are groups of between 2 and 5 identical tiles"), jokers standing in any
block but a pair (ruling C4); the NEWS block is four single winds (ruling C3); a block made only
of jokers stands for whatever the reading needs (ruling L4), so its kind stays open here. The
solver reads six flowers (with their jokers) as one group: the two flower pungs of Dragon's Love.
"""

from __future__ import annotations

import enum

import attrs

from mahjong_rules.melds import Meld
from mahjong_rules.solver import Group
from mahjong_rules.tiles import Tile

__all__ = ["Block", "BlockKind", "block_of_meld", "read_group"]

NEWS_SIZE = 4


class BlockKind(enum.Enum):
    NUMBER = "number"
    WIND = "wind"
    DRAGON = "dragon"
    FLOWER = "flower"
    NEWS = "NEWS"
    JOKERS = "jokers"
    """Only jokers: any block the reading needs (ruling L4)."""
    OTHER = "other"
    """A declared set no Card-Free block can be (a run, or singles other than NEWS)."""


_SIZE_NAMES = {2: "Pair", 3: "Pung", 4: "Kong", 5: "Quint"}


@attrs.frozen
class Block:
    """One block of an arrangement.

    Attributes:
        group: the solver's group (natural tile indexes, jokers).
        exposed: whether the block is exposed.
        kind: what kind of block it is.
        tile: the tile of an identical block (``None`` for NEWS and all-joker blocks).
    """

    group: Group
    exposed: bool
    kind: BlockKind
    tile: Tile | None = None

    @property
    def size(self) -> int:
        return self.group.size

    @property
    def jokers(self) -> int:
        return self.group.jokers

    @property
    def size_name(self) -> str:
        """``"Pair"``, ``"Pung"``, ``"Kong"``, ``"Quint"`` (a NEWS block is singles)."""
        if self.kind is BlockKind.NEWS:
            return "NEWS"
        return _SIZE_NAMES.get(self.size, f"{self.size} tiles")

    def describe(self) -> str:
        """The block's tiles in notation, for messages."""
        names = [str(Tile.from_index(index)) for index in self.group.tiles] + ["J"] * self.group.jokers
        return " ".join(names)


def read_group(group: Group, exposed: bool) -> Block:
    """Read one group of tiles as a block."""
    if group.shape == "singles":
        winds = sorted(group.tiles) == sorted(Tile.parse(wind).index for wind in "NEWS")
        return Block(group, exposed, BlockKind.NEWS if winds else BlockKind.OTHER)
    if group.shape != "identical":
        return Block(group, exposed, BlockKind.OTHER)
    if not group.tiles:
        return Block(group, exposed, BlockKind.JOKERS)
    tile = Tile.from_index(group.tiles[0])
    if tile.is_number:
        kind = BlockKind.NUMBER
    elif tile.is_wind:
        kind = BlockKind.WIND
    elif tile.is_dragon:
        kind = BlockKind.DRAGON
    elif tile.is_flower:
        kind = BlockKind.FLOWER
    else:
        kind = BlockKind.OTHER
    return Block(group, exposed, kind, tile)


def block_of_meld(meld: Meld) -> Block:
    """The block a declared meld is."""
    naturals = tuple(sorted(tile.index for tile in meld.naturals))
    shape = "chow" if meld.is_chow else "singles" if meld.is_singles else "identical"
    return read_group(Group(shape, naturals, meld.joker_count), exposed=meld.exposed)
