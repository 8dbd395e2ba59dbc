"""The text layer's entry points, for the value types below it.

The value types (:mod:`~mahjong_rules.tiles`, :mod:`~mahjong_rules.melds`,
:mod:`~mahjong_rules.hand`) offer ``parse`` and ``format`` methods, but the notation that does the
work (:mod:`~mahjong_rules.notation`, with its tokenizer) is built on top of them. So that nothing
below imports what is above, the notation module registers its functions here when it is imported
(the package's ``__init__`` imports it), and the value types call them through :func:`text`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterable

    from mahjong_rules.hand import Hand
    from mahjong_rules.melds import Meld
    from mahjong_rules.tiles import Tile
    from mahjong_rules.tilesets import TileSet

__all__ = ["Style", "TextCodec", "register", "text"]

Style = Literal["compact", "tokens", "unicode", "mpsz"]
"""The output styles of the notation (see :func:`mahjong_rules.format_tiles`)."""


class TextCodec(Protocol):
    """What the notation offers the value types."""

    def parse_single_tile(self, text: str) -> Tile: ...

    def parse_tiles(self, text: str) -> tuple[Tile, ...]: ...

    def parse_meld(self, text: str) -> Meld: ...

    def parse_hand(self, text: str, tileset: TileSet | None = None) -> Hand: ...

    def format_tiles(self, tiles: Iterable[Tile], *, style: Style = "compact") -> str: ...

    def format_meld(self, meld: Meld, style: Style = "compact") -> str: ...

    def format_hand(self, hand: Hand, style: Style = "compact") -> str: ...


_registered: list[TextCodec] = []


def register(codec: TextCodec) -> None:
    """Make ``codec`` the notation the value types use (done once, by the notation module)."""
    _registered[:] = [codec]


def text() -> TextCodec:
    """The registered notation."""
    if not _registered:  # only if a value module is loaded without the package's __init__
        raise RuntimeError("the notation is not loaded: import mahjong_rules first")
    return _registered[0]
