"""Hypothesis strategies for tiles, melds and hands, for your own tests and for the library's.

Install the ``testing`` extra to get hypothesis: ``pip install '.[testing]'`` in a clone of the
repository (the package is not on PyPI yet), or ``pip install hypothesis``.

>>> from hypothesis import given
>>> import mahjong_rules as mr
>>> from mahjong_rules.testing import hands
>>> @given(hands(mr.TileSet.american()))
... def test_round_trip(hand: mr.Hand) -> None:
...     assert mr.Hand.parse(str(hand)) == hand
>>> test_round_trip()

Every strategy takes an optional :class:`~mahjong_rules.TileSet`: with one, everything drawn can
exist in that set (no fifth copy, no tile it lacks); without one, any tile may appear any number
of times.
"""

from __future__ import annotations

from collections import Counter

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as error:  # pragma: no cover - the tests run with hypothesis
    raise ModuleNotFoundError(
        "mahjong_rules.testing needs hypothesis, which the library itself does not install: "
        "pip install '.[testing]' in a clone of the repository, or pip install hypothesis",
        name=error.name,
    ) from error

from mahjong_rules.hand import Hand
from mahjong_rules.melds import Meld
from mahjong_rules.tiles import Seat, Tile
from mahjong_rules.tilesets import TileSet

__all__ = ["hands", "melds", "tiles"]

_UNLIMITED = 64  # copies available of each tile when no tile set limits them


def tiles(tileset: TileSet | None = None) -> st.SearchStrategy[Tile]:
    """Any tile, or any tile of ``tileset``."""
    choices = Tile.all() if tileset is None else tileset.tiles
    return st.sampled_from(choices)


def _available(tileset: TileSet | None) -> Counter[Tile]:
    if tileset is None:
        return Counter(dict.fromkeys(Tile.all(), _UNLIMITED))
    return Counter({tile: tileset.count(tile) for tile in tileset.tiles})


def _identical(draw: st.DrawFn, available: Counter[Tile]) -> list[Tile] | None:
    jokers = min(available[Tile.JOKER], 5)
    naturals = sorted(
        tile for tile, count in available.items() if not tile.is_joker and count > 0 and count + jokers >= 2
    )
    only_jokers = jokers >= 2 and (not naturals or draw(st.integers(0, 9)) == 0)
    if only_jokers:
        return [Tile.JOKER] * draw(st.integers(2, jokers))
    if not naturals:
        return None
    tile = draw(st.sampled_from(naturals))
    natural_count = draw(st.integers(max(1, 2 - jokers), min(available[tile], 5)))
    joker_count = draw(st.integers(max(0, 2 - natural_count), min(jokers, 5 - natural_count)))
    return [tile] * natural_count + [Tile.JOKER] * joker_count


def _chow(draw: st.DrawFn, available: Counter[Tile]) -> list[Tile] | None:
    starts = [
        tile
        for tile in available
        if tile.suit is not None
        and tile.rank is not None
        and tile.rank <= 7
        and all(available[tile.suit.tile(tile.rank + step)] > 0 for step in range(3))
    ]
    if not starts:
        return None
    start = draw(st.sampled_from(sorted(starts)))
    assert start.suit is not None
    assert start.rank is not None
    return [start.suit.tile(start.rank + step) for step in range(3)]


def _singles(draw: st.DrawFn, available: Counter[Tile]) -> list[Tile] | None:
    candidates = sorted(tile for tile, count in available.items() if count > 0 and not tile.is_joker)
    if len(candidates) < 2:
        return None
    return draw(st.lists(st.sampled_from(candidates), min_size=2, max_size=5, unique=True))


def _draw_meld(draw: st.DrawFn, available: Counter[Tile]) -> Meld | None:
    """A meld taken from ``available`` (which loses its tiles), or ``None`` if none fits."""
    for shape in draw(st.permutations((_identical, _chow, _singles))):
        chosen = shape(draw, available)
        if chosen is not None:
            break
    else:
        return None
    available.subtract(chosen)
    exposed = draw(st.booleans())
    called_from = draw(st.none() | st.sampled_from(tuple(Seat))) if exposed else None
    represents = None
    if all(tile.is_joker for tile in chosen):
        represents = draw(st.none() | st.sampled_from([t for t in Tile.all() if not t.is_joker]))
    return Meld(chosen, exposed=exposed, called_from=called_from, represents=represents)


@st.composite
def melds(draw: st.DrawFn, tileset: TileSet | None = None) -> Meld:
    """Any meld whose tiles (jokers included) fit ``tileset``: identical sets of 2 to 5 tiles
    with or without jokers (all-joker sets included), chows, and singles; exposed or concealed.

    These are shapes a :class:`~mahjong_rules.Meld` accepts, not sets every ruleset allows.
    """
    meld = _draw_meld(draw, _available(tileset))
    if meld is None:
        raise ValueError(f"no meld fits the tile set {tileset!r}")
    return meld


_SHAPES = ("uniform", "pairs", "copies", "bonus")


def _biased_picks(draw: st.DrawFn, pool: list[Tile], low: int, high: int) -> list[int]:
    """Positions in ``pool`` (sorted, so copies of a tile are adjacent) of the concealed tiles.

    Uniform picks rarely make the shapes that hide bugs, so a shape is drawn first: ``pairs``
    takes two copies of each kind it picks, ``copies`` all the copies (up to four), ``bonus``
    prefers flowers, jokers, animals and blanks."""
    shape = draw(st.sampled_from(_SHAPES))
    if shape == "uniform" or not pool:
        return draw(st.lists(st.integers(0, len(pool) - 1), min_size=low, max_size=high, unique=True)) if pool else []
    first: dict[Tile, int] = {}
    for position, tile in enumerate(pool):
        first.setdefault(tile, position)
    kinds = sorted(first)
    if shape == "bonus":
        preferred = [tile for tile in kinds if tile.is_flower or tile.is_joker or tile.is_bonus or tile.is_blank]
        kinds = preferred or kinds
    chosen = draw(st.lists(st.sampled_from(kinds), unique=True, max_size=len(kinds)))
    picks: list[int] = []
    for tile in chosen:
        copies = pool.count(tile)
        take = min(copies, 2 if shape == "pairs" else 4 if shape == "copies" else copies)
        picks += range(first[tile], first[tile] + take)
    picks = picks[:high]
    rest = [position for position in range(len(pool)) if position not in set(picks)]
    while len(picks) < low and rest:
        picks.append(rest.pop(draw(st.integers(0, len(rest) - 1))))
    return picks


@st.composite
def hands(
    draw: st.DrawFn,
    tileset: TileSet | None = None,
    *,
    min_concealed: int = 0,
    max_concealed: int = 14,
    max_melds: int = 4,
) -> Hand:
    """Any hand whose tiles all fit ``tileset`` together: ``min_concealed`` to ``max_concealed``
    loose concealed tiles and up to ``max_melds`` melds (see :func:`melds`).

    The hands are not necessarily winning, nor even of a playable size: they exercise parsing,
    printing and evaluation. Constrain the sizes to get, say, only 13- or 14-tile hands. Besides
    uniform draws, the concealed tiles are often pairs, four copies of a tile, or flowers and
    jokers: the shapes that uniform draws rarely make and bugs hide in.
    """
    if not 0 <= min_concealed <= max_concealed:
        raise ValueError("need 0 <= min_concealed <= max_concealed")
    available = _available(tileset)
    drawn_melds: list[Meld] = []
    for _ in range(draw(st.integers(0, max_melds))):
        meld = _draw_meld(draw, available)
        if meld is not None:
            drawn_melds.append(meld)
    pool = sorted(available.elements())
    if len(pool) < min_concealed:
        raise ValueError(f"the tile set has too few tiles for {min_concealed} concealed tiles")
    picks = _biased_picks(draw, pool, min_concealed, min(max_concealed, len(pool)))
    return Hand((pool[i] for i in picks), drawn_melds)
