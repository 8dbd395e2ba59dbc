"""The obvious conversions the public API accepts, and the type errors it raises otherwise.

A tile may be given as its notation (``"5B"``), a seat as its letter or name (``"S"``,
``"south"``); :func:`mahjong_rules.hand.as_hand` does the same for hands. Anything else of the
wrong type raises :class:`TypeError` naming the argument, what it got and what it accepts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from mahjong_rules import _codec
from mahjong_rules.tiles import Seat, Tile

__all__ = ["as_optional_seat", "as_seat", "as_tile", "as_tiles", "describe"]

_SHOWN = 60  # characters of a wrong value quoted in a message


def describe(value: object) -> str:
    """A wrong value as a message shows it: its type and a bounded repr."""
    shown = repr(value)
    if len(shown) > _SHOWN:
        shown = shown[: _SHOWN - 3] + "..."
    return f"{type(value).__name__} {shown}"


def as_tile(value: object, argument: str = "tile") -> Tile:
    """A tile, or a tile's notation (``"5B"``, ``"soap"``), as a tile."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    raise TypeError(f"{argument} is a Tile or its notation (str), not {describe(value)}")


def as_seat(value: object, argument: str = "seat") -> Seat:
    """A seat, or a seat's letter or name (``"S"``, ``"south"``), as a seat."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str):
        return Seat.parse(value)
    raise TypeError(f"{argument} is a Seat or its letter or name (str), not {describe(value)}")


def as_optional_seat(value: object, argument: str = "seat") -> Seat | None:
    """Like :func:`as_seat`, with ``None`` kept."""
    return None if value is None else as_seat(value, argument)


def as_tiles(value: object, argument: str = "tiles") -> list[Tile]:
    """Tiles given as one string of notation (``"5B 5B RD"``), a single tile, or any iterable of
    tiles or their notation, as a list."""
    if isinstance(value, str):
        return list(_codec.text().parse_tiles(value))
    if isinstance(value, Tile):
        return [value]
    if isinstance(value, Iterable) and not isinstance(value, bytes | bytearray | Mapping):
        return [as_tile(tile, f"a tile of {argument}") for tile in value]
    raise TypeError(f"{argument} is tiles (their notation, a tile, or tiles and their notation), not {describe(value)}")
