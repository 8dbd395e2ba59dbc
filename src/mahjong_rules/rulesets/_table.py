"""What every ruleset played at a table shares: its tiles, its seats, and reading lists of tiles
given as tiles, their notation, or one string of notation."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from mahjong_rules._coerce import as_tiles
from mahjong_rules.errors import ContextError
from mahjong_rules.hand import Hand
from mahjong_rules.ruleset import Ruleset, WinContext, as_context
from mahjong_rules.tiles import Seat, Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["TableRuleset"]

_SEATS = tuple(Seat)  # in turn order


class TableRuleset:
    """A subclass sets ``name``, ``options`` (with ``players``) and ``_tileset``."""

    name: ClassVar[str]
    options: Any
    _tileset: TileSet

    def __reduce__(self) -> tuple[Callable[[type[Any], Any], Ruleset], tuple[type[Any], Any]]:
        # Pickled as its class and options, and loaded as the process's own ruleset of them
        # (registry._ruleset_of): a ruleset comes back as the object already there, equal to itself
        # and with its memos warm, so a pickled round, view or environment still compares equal.
        from mahjong_rules.registry import _ruleset_of

        return _ruleset_of, (type(self), self.options)

    @property
    def tileset(self) -> TileSet:
        """The game's tiles, as the options set them up."""
        return self._tileset

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats at the table, in turn order (ruling T4); with three players nobody is North."""
        return _SEATS[: self.options.players]

    @staticmethod
    def _checked_context(hand: Hand, context: object) -> WinContext:
        """The win context, once it fits the hand: a winning tile named is one of its tiles.

        Raises:
            ContextError: the winning tile is not in the hand.
        """
        won = as_context(context)
        if won.winning_tile is not None and won.winning_tile not in hand.tiles:
            raise ContextError(f"the winning tile {won.winning_tile} is not in the hand {hand}")
        return won

    @staticmethod
    def _tiles(tiles: Iterable[Tile | str] | str | Tile | None, argument: str) -> list[Tile]:
        """Tiles given as tiles, their notation, one string of notation, a single tile, or
        ``None`` (no tiles)."""
        return [] if tiles is None else as_tiles(tiles, argument)
