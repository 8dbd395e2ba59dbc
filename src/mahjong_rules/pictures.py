"""Pictures of tiles, melds, hands, evaluations and settlements, drawn as SVG and HTML.

Every tile face is drawn with SVG shapes and plain Latin text in a generic font (the Unicode
mahjong glyphs show as empty boxes on most machines, so they are never used): Bams are green
sticks, Dots are circles, Craks a number with a red ``C`` badge, and so on. Tiles, melds and hands
show themselves as these pictures in Jupyter (their ``_repr_svg_``), evaluations and settlements
as HTML (their ``_repr_html_``).

Each tile is drawn as exactly one ``<g class="tile" data-tile="TOKEN">`` element. The output is
well-formed XML, with every text escaped, and the same value always gives the same text.

>>> import mahjong_rules as mr
>>> svg = hand_svg(mr.Hand.parse("222B 55B 333444C [77C J@W]"))
>>> svg.startswith("<svg"), svg.count('<g class="tile"')
(True, 14)
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from mahjong_rules._coerce import as_tile, describe
from mahjong_rules._text import count_of, signed
from mahjong_rules.hand import Hand, as_hand
from mahjong_rules.melds import Meld
from mahjong_rules.ruleset import Evaluation, Settlement, points_unit
from mahjong_rules.tiles import Animal, Dragon, FlowerSet, Seat, Suit, Tile

__all__ = [
    "DEFAULT_WIDTH",
    "card_html",
    "discard_options_html",
    "evaluation_html",
    "hand_svg",
    "line_distances_html",
    "meld_svg",
    "settlement_html",
    "tile_svg",
    "tiles_svg",
]

DEFAULT_WIDTH = 40
"""The width of one tile, in pixels, unless a function is given another ``width``."""

# Everything is drawn in units of a tile 60 wide and 80 tall; the ``width`` in pixels scales the
# whole picture through the root element's width, height and viewBox.
_TILE_W = 60
_TILE_H = 80
_TILE_GAP = 2  # between the tiles of one group
_GROUP_GAP = 18  # between groups (the concealed tiles, each set)
_LABEL_H = 20  # the strip under the tiles holding what each joker stands for
_MARK_H = 12  # the strip under the tiles holding the marks of exposed and concealed sets

_SVG_NS = "http://www.w3.org/2000/svg"
_FONT = "Helvetica, Arial, sans-serif"

_INK = "#222222"
_GREEN = "#1f8a3b"
_RED = "#c0282d"
_BLUE = "#1d4f91"
_PURPLE = "#6b3fa0"
_GOLD = "#f2c230"
_FACE = "#fffdf5"
_EDGE = "#d8ccb0"
_OUTLINE = "#8a8170"
_MARK = "#555555"


def _num(value: float) -> str:
    """A coordinate as SVG text: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _el(name: str, text: str | None = None, /, **attributes: str | float) -> str:
    """One SVG element; attribute names use ``_`` for ``-`` (``font_size``), ``class_`` for
    ``class``. Attribute values and ``text`` are escaped."""
    parts = [name]
    for key, value in attributes.items():
        shown = value if isinstance(value, str) else _num(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{html.escape(shown)}"')
    opening = " ".join(parts)
    if text is None:
        return f"<{opening}/>"
    return f"<{opening}>{html.escape(text)}</{name}>"


def _label(x: float, y: float, text: str, size: float, fill: str, *, weight: str = "bold") -> str:
    """Centred text with its baseline at ``y``."""
    return _el("text", text, x=x, y=y, font_size=size, font_weight=weight, fill=fill, text_anchor="middle")


def _caption(text: str, fill: str = _INK) -> str:
    """The small word at the foot of an honour, flower or animal tile."""
    return _label(30, 70, text, 8.5, fill)


# -- tile faces -------------------------------------------------------------------------------------
#
# Each face is a list of elements in tile units, the tile's body spanning (0, 0) to (60, 80).

# Centres of the sticks of each Bam, (x, y); one big stick for the 1 Bam.
_BAM_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((30, 40),),
    2: ((30, 28), (30, 54)),
    3: ((30, 28), (20, 54), (40, 54)),
    4: ((20, 28), (40, 28), (20, 54), (40, 54)),
    5: ((18, 28), (42, 28), (30, 41), (18, 54), (42, 54)),
    6: ((16, 28), (30, 28), (44, 28), (16, 54), (30, 54), (44, 54)),
    7: ((30, 22), (16, 42), (30, 42), (44, 42), (16, 62), (30, 62), (44, 62)),
    8: ((14, 28), (25, 28), (36, 28), (47, 28), (14, 54), (25, 54), (36, 54), (47, 54)),
    9: ((16, 22), (30, 22), (44, 22), (16, 42), (30, 42), (44, 42), (16, 62), (30, 62), (44, 62)),
}

# Centres and radius of the circles of each Dot.
_DOT_LAYOUT: dict[int, tuple[float, tuple[tuple[float, float], ...]]] = {
    1: (17, ((30, 42),)),
    2: (10, ((30, 28), (30, 56))),
    3: (8, ((17, 24), (30, 42), (43, 60))),
    4: (9, ((19, 30), (41, 30), (19, 54), (41, 54))),
    5: (8, ((18, 26), (42, 26), (30, 42), (18, 58), (42, 58))),
    6: (7, ((20, 24), (40, 24), (20, 42), (40, 42), (20, 60), (40, 60))),
    7: (6, ((18, 24), (30, 31), (42, 38), (20, 52), (40, 52), (20, 66), (40, 66))),
    8: (6, ((20, 22), (40, 22), (20, 36), (40, 36), (20, 50), (40, 50), (20, 64), (40, 64))),
    9: (6, ((16, 26), (30, 26), (44, 26), (16, 44), (30, 44), (44, 44), (16, 62), (30, 62), (44, 62))),
}


def _corner_rank(rank: int, fill: str) -> str:
    """The small rank in the top-left corner of a Bam or a Dot, for quick reading."""
    return _label(8, 13, str(rank), 10, fill)


def _bams(rank: int) -> list[str]:
    width, height = (9.0, 36.0) if rank == 1 else (6.0, 20.0 if rank <= 6 or rank == 8 else 16.0)
    parts = [_corner_rank(rank, _GREEN)]
    for x, y in _BAM_LAYOUT[rank]:
        parts.append(
            _el("rect", x=x - width / 2, y=y - height / 2, width=width, height=height, rx=width / 2, fill=_GREEN)
        )
        parts.append(_el("line", x1=x - width / 2, y1=y, x2=x + width / 2, y2=y, stroke=_FACE, stroke_width=1.2))
    return parts


def _dots(rank: int) -> list[str]:
    radius, centres = _DOT_LAYOUT[rank]
    parts = [_corner_rank(rank, _BLUE)]
    for index, (x, y) in enumerate(centres):
        # The middle circle of the 5 and the 9, and the 1, are red, as on many sets.
        middle = rank == 1 or (rank in (5, 9) and index == len(centres) // 2)
        parts.append(_el("circle", cx=x, cy=y, r=radius, fill=_RED if middle else _BLUE))
        parts.append(_el("circle", cx=x, cy=y, r=radius * 0.45, fill=_FACE))
    return parts


def _craks(rank: int) -> list[str]:
    return [
        _label(30, 44, str(rank), 32, _INK),
        _el("circle", cx=30, cy=60, r=10, fill=_RED),
        _label(30, 64.5, "C", 13, _FACE),
    ]


def _dragon(dragon: Dragon) -> list[str]:
    if dragon is Dragon.WHITE:
        return [
            _el("rect", x=14, y=12, width=32, height=46, rx=2, fill="none", stroke=_BLUE, stroke_width=3),
            _el("rect", x=19, y=17, width=22, height=36, rx=1, fill="none", stroke=_BLUE, stroke_width=1.5),
            _caption("WHITE", _BLUE),
        ]
    colour = _GREEN if dragon is Dragon.GREEN else _RED
    return [_label(30, 52, "D", 42, colour), _caption(dragon.name, colour)]


def _wind(seat: Seat) -> list[str]:
    return [_label(30, 52, seat.letter, 40, _INK), _caption(seat.name)]


def _petals(cx: float, cy: float, count: int, distance: float, radius: float, fill: str) -> list[str]:
    parts = []
    for index in range(count):
        angle = 2 * math.pi * index / count - math.pi / 2
        x, y = cx + distance * math.cos(angle), cy + distance * math.sin(angle)
        parts.append(_el("circle", cx=x, cy=y, r=radius, fill=fill))
    return parts


def _american_flower() -> list[str]:
    return [
        _el("line", x1=30, y1=36, x2=30, y2=60, stroke=_GREEN, stroke_width=3),
        _el("ellipse", cx=37, cy=52, rx=7, ry=3.5, fill=_GREEN),
        *_petals(30, 30, 6, 10, 7, "#d9579b"),
        _el("circle", cx=30, cy=30, r=5.5, fill=_GOLD),
        _caption("FLOWER", "#a3306e"),
    ]


def _singapore_flower(flower_set: FlowerSet, number: int) -> list[str]:
    colour = _RED if flower_set is FlowerSet.RED else _INK
    return [
        _label(11, 20, str(number), 16, colour),
        _el("line", x1=34, y1=44, x2=34, y2=62, stroke=_GREEN, stroke_width=2.5),
        *_petals(34, 36, 5, 8, 6, colour),
        _el("circle", cx=34, cy=36, r=4, fill=_GOLD),
        _caption(flower_set.name, colour),
    ]


def _animal(animal: Animal) -> list[str]:
    if animal is Animal.CAT:
        fur = "#e8a33d"
        icon = [
            _el("polygon", points="17,34 20,14 30,27", fill=fur),
            _el("polygon", points="43,34 40,14 30,27", fill=fur),
            _el("circle", cx=30, cy=38, r=15, fill=fur),
            _el("circle", cx=24.5, cy=35, r=2.2, fill=_INK),
            _el("circle", cx=35.5, cy=35, r=2.2, fill=_INK),
            _el("polygon", points="28,41 32,41 30,44", fill="#b5473a"),
            _el("line", x1=12, y1=42, x2=24, y2=43, stroke=_INK, stroke_width=0.8),
            _el("line", x1=12, y1=47, x2=24, y2=45, stroke=_INK, stroke_width=0.8),
            _el("line", x1=48, y1=42, x2=36, y2=43, stroke=_INK, stroke_width=0.8),
            _el("line", x1=48, y1=47, x2=36, y2=45, stroke=_INK, stroke_width=0.8),
        ]
    elif animal is Animal.MOUSE:
        icon = [
            _el("path", d="M16 46 Q4 50 10 60", fill="none", stroke="#6d6d6d", stroke_width=2),
            _el("ellipse", cx=31, cy=44, rx=16, ry=10, fill="#8d8d8d"),
            _el("circle", cx=41, cy=33, r=6.5, fill="#b5b5b5"),
            _el("circle", cx=44, cy=41, r=1.8, fill=_INK),
            _el("circle", cx=48, cy=45, r=1.6, fill="#d46a7e"),
        ]
    elif animal is Animal.ROOSTER:
        icon = [
            _el("polygon", points="18,42 6,22 22,34", fill="#2f6b3a"),
            _el("polygon", points="18,46 8,34 22,40", fill="#2f6b3a"),
            _el("line", x1=26, y1=52, x2=26, y2=60, stroke="#b07a1e", stroke_width=2),
            _el("line", x1=33, y1=52, x2=33, y2=60, stroke="#b07a1e", stroke_width=2),
            _el("ellipse", cx=29, cy=43, rx=13, ry=11, fill="#d07a2c"),
            _el("circle", cx=40, cy=28, r=7, fill="#d07a2c"),
            *(_el("circle", cx=x, cy=y, r=3, fill=_RED) for x, y in ((36, 20), (40.5, 19), (45, 21))),
            _el("polygon", points="46,26 53,29 46,31", fill=_GOLD),
            _el("circle", cx=41.5, cy=27, r=1.4, fill=_INK),
        ]
    else:
        icon = []
        for index in range(7):
            x, y = 14 + 5.5 * index, 40 + (2.5 if index % 2 else -2.5)
            icon.append(_el("line", x1=x, y1=y - 8, x2=x, y2=y + 8, stroke="#7a4a1c", stroke_width=1.2))
            icon.append(_el("circle", cx=x, cy=y, r=3.6, fill="#a0522d"))
        icon += [
            _el("circle", cx=50, cy=37.5, r=4.2, fill="#5a2e10"),
            _el("path", d="M52 34 Q55 26 58 25", fill="none", stroke="#5a2e10", stroke_width=1),
            _el("path", d="M50 34 Q50 26 53 23", fill="none", stroke="#5a2e10", stroke_width=1),
        ]
    name = animal.name.title()
    return [*icon, _label(30, 72, name, 8.5 if len(name) < 8 else 8, _INK)]


def _joker() -> list[str]:
    star = []
    for index in range(10):
        angle = math.pi * index / 5 - math.pi / 2
        radius = 20 if index % 2 == 0 else 8.5
        star.append(f"{_num(30 + radius * math.cos(angle))},{_num(35 + radius * math.sin(angle))}")
    return [
        _el("polygon", points=" ".join(star), fill=_GOLD, stroke=_PURPLE, stroke_width=1.5),
        _label(30, 42, "J", 19, _PURPLE),
        _caption("JOKER", _PURPLE),
    ]


def _face(tile: Tile) -> list[str]:
    if tile.suit is not None and tile.rank is not None:
        draw = {Suit.BAMS: _bams, Suit.CRAKS: _craks, Suit.DOTS: _dots}[tile.suit]
        return draw(tile.rank)
    if tile.dragon is not None:
        return _dragon(tile.dragon)
    if tile.wind is not None:
        return _wind(tile.wind)
    if tile.is_flower:
        return _american_flower()
    if tile.flower_set is not None and tile.flower_number is not None:
        return _singapore_flower(tile.flower_set, tile.flower_number)
    if tile.animal is not None:
        return _animal(tile.animal)
    if tile.is_joker:
        return _joker()
    return []  # the blank


def _tile_group(tile: Tile, x: float, y: float = 0) -> str:
    """The one ``<g class="tile">`` of a tile whose top-left corner is at (``x``, ``y``)."""
    return "".join(
        [
            f'<g class="tile" data-tile="{html.escape(tile.token)}" transform="translate({_num(x)},{_num(y)})">',
            _el("title", tile.name),
            _el("rect", x=1, y=3, width=58, height=76, rx=7, fill=_EDGE, stroke=_OUTLINE, stroke_width=1.5),
            _el("rect", x=1, y=1, width=58, height=73, rx=7, fill=_FACE, stroke=_OUTLINE, stroke_width=1.5),
            *_face(tile),
            "</g>",
        ]
    )


# -- rows of tiles ----------------------------------------------------------------------------------


@attrs.frozen
class _Group:
    """Tiles drawn side by side: the loose tiles of a hand, or one set.

    ``mark`` is ``"exposed"`` (a solid bar under the set), ``"concealed"`` (a dashed bar: a
    declared concealed kong) or ``""`` (no bar); ``represents`` labels each joker of the set.
    """

    tiles: tuple[Tile, ...]
    mark: str = ""
    represents: Tile | None = None
    notation: str = ""

    @property
    def labels_jokers(self) -> bool:
        return self.represents is not None and any(tile.is_joker for tile in self.tiles)


def _meld_group(meld: Meld, *, declared: bool) -> _Group:
    """A meld as a group: exposed sets marked, declared concealed sets (of a hand) marked too."""
    mark = "exposed" if meld.exposed else ("concealed" if declared else "")
    return _Group(meld.tiles, mark, meld.represents, meld.format())


def _stands_for(represents: Tile, x: float, y: float) -> str:
    token = represents.token
    size = 11 if len(token) <= 3 else 8
    return "".join(
        [
            f'<g class="stands-for" data-tile="{html.escape(token)}">',
            _el("title", f"the joker stands for {represents.name}"),
            _el("rect", x=x + 6, y=y, width=_TILE_W - 12, height=16, rx=4, fill=_PURPLE),
            _label(x + _TILE_W / 2, y + 12, token, size, _FACE),
            "</g>",
        ]
    )


def _row(groups: Sequence[_Group], width: float, title: str) -> str:
    """One ``<svg>`` of groups side by side, each ``width`` pixels per tile."""
    scale = _scale(width)
    shown = [group for group in groups if group.tiles]
    labelled = any(group.labels_jokers for group in shown)
    marked = any(group.mark for group in shown)
    label_y = _TILE_H + 3
    mark_y = _TILE_H + (_LABEL_H if labelled else 0) + 4
    body: list[str] = []
    x = 0.0
    for number, group in enumerate(shown):
        if number:
            x += _GROUP_GAP
        start = x
        kind = f"meld {group.mark}" if group.mark else ("meld" if group.notation else "loose")
        body.append(f'<g class="{kind}"' + (f' data-meld="{html.escape(group.notation)}">' if group.notation else ">"))
        if group.mark:
            body.append(_el("title", f"{group.mark} set {group.notation}"))
        for tile in group.tiles:
            body.append(_tile_group(tile, x))
            if tile.is_joker and group.represents is not None:
                body.append(_stands_for(group.represents, x, label_y))
            x += _TILE_W + _TILE_GAP
        x -= _TILE_GAP
        if group.mark == "exposed":
            body.append(_el("rect", x=start + 2, y=mark_y, width=x - start - 4, height=4, rx=2, fill=_MARK))
        elif group.mark == "concealed":
            body.append(
                _el(
                    "line",
                    x1=start + 2,
                    y1=mark_y + 2,
                    x2=x - 2,
                    y2=mark_y + 2,
                    stroke=_MARK,
                    stroke_width=3,
                    stroke_dasharray="6 4",
                )
            )
        body.append("</g>")
    view_w = max(x, 0.0)
    view_h = _TILE_H + (_LABEL_H if labelled else 0) + (_MARK_H if marked else 0)
    return "".join(
        [
            f'<svg xmlns="{_SVG_NS}" class="mahjong-tiles" width="{_num(view_w * scale)}" '
            f'height="{_num(view_h * scale)}" viewBox="0 0 {_num(view_w)} {_num(view_h)}" '
            f'role="img" font-family="{_FONT}">',
            _el("title", title),
            *body,
            "</svg>",
        ]
    )


def _scale(width: object) -> float:
    if isinstance(width, bool) or not isinstance(width, int | float):
        raise TypeError(f"width is a number of pixels, not {describe(width)}")
    if not math.isfinite(width) or width <= 0:
        raise ValueError(f"width is a positive number of pixels, not {width!r}")
    return width / _TILE_W


# -- public functions -------------------------------------------------------------------------------


def tile_svg(tile: Tile | str, *, width: float = DEFAULT_WIDTH) -> str:
    """A picture of one tile (or a tile's notation), ``width`` pixels wide, as an ``<svg>``.

    >>> svg = tile_svg("3B")
    >>> svg.count('<g class="tile" data-tile="3B"'), 'width="40"' in svg, "<title>3 Bam</title>" in svg
    (1, True, True)
    >>> 'width="60"' in tile_svg(Tile.JOKER, width=60)
    True

    Raises:
        NotationError: ``tile`` is text that is not one tile.
        ValueError: ``width`` is not a positive number.
    """
    checked = as_tile(tile)
    return _row([_Group((checked,))], width, checked.name)


def tiles_svg(tiles: Iterable[Tile] | str, *, width: float = DEFAULT_WIDTH) -> str:
    """A row of tiles, in the order given (or the tiles written in a text, as
    :func:`~mahjong_rules.parse_tiles` reads it), each ``width`` pixels wide.

    >>> tiles_svg("123B NN J").count('<g class="tile"')
    6
    """
    if isinstance(tiles, str):
        from mahjong_rules.notation import parse_tiles

        collected = parse_tiles(tiles)
    else:
        collected = tuple(tiles)
        for tile in collected:
            if not isinstance(tile, Tile):
                raise TypeError(f"tiles are Tile objects, not {describe(tile)}")
    from mahjong_rules.notation import format_tiles

    return _row([_Group(collected)], width, format_tiles(collected))


def meld_svg(meld: Meld | str, *, width: float = DEFAULT_WIDTH) -> str:
    """A picture of one meld (or a meld's notation): its tiles, each joker labelled with the tile
    the meld stands for, over a solid bar when the meld is exposed and a dashed one when it is a
    declared concealed set.

    >>> svg = meld_svg("[J 8B 8B @W]")
    >>> svg.count('<g class="tile"'), svg.count('<g class="stands-for" data-tile="8B">')
    (3, 1)
    """
    if isinstance(meld, str):
        meld = Meld.parse(meld)
    elif not isinstance(meld, Meld):
        raise TypeError(f"meld is a Meld or its notation (str), not {describe(meld)}")
    return _row([_meld_group(meld, declared=True)], width, str(meld))


def hand_svg(hand: Hand | str, *, width: float = DEFAULT_WIDTH) -> str:
    """A picture of a hand (or a hand's notation) as the notation groups it: the concealed tiles
    in tile order, then each declared set after a gap, in order. Exposed sets stand over a solid
    bar, declared concealed kongs over a dashed one, and the jokers of a set are labelled with
    the tile the set stands for.

    >>> svg = hand_svg("123C 456C 789D 55B RF1 Cat {5555C}")
    >>> svg.count('<g class="tile"'), svg.count('<g class="meld concealed"')
    (17, 1)
    """
    checked = as_hand(hand)
    groups = [_Group(checked.concealed), *(_meld_group(meld, declared=True) for meld in checked.melds)]
    return _row(groups, width, str(checked))


def _cell(text: str, *, right: bool = False, header: bool = False) -> str:
    tag = "th" if header else "td"
    style = ' style="text-align:right;padding:0 0.4em"' if right else ' style="text-align:left;padding:0 0.4em"'
    return f"<{tag}{style}>{html.escape(text)}</{tag}>"


def evaluation_html(evaluation: Evaluation, *, width: float = DEFAULT_WIDTH) -> str:
    """An evaluation as an HTML fragment: the arrangement scored, set by set (exposed sets over a
    bar, each joker labelled with the tile it stands for), or the hand when there is no
    arrangement; beside it the verdict, and the points with their breakdown, or the reasons the
    hand is not winning.

    >>> import mahjong_rules as mr
    >>> page = evaluation_html(mr.get_ruleset("flex").evaluate("333C 44B 555C 666C 777C"))
    >>> "Mahjong</strong> in flex" in page, "Jokerless" in page, page.count('<g class="tile"')
    (True, True, 14)
    """
    if not isinstance(evaluation, Evaluation):
        raise TypeError(f"evaluation is an Evaluation, not {describe(evaluation)}")
    arrangement = evaluation.arrangement
    if arrangement is not None:
        left = [meld for meld in evaluation.hand.melds if not meld.exposed]
        groups = []
        for meld in arrangement.melds:
            declared = not meld.exposed and any(other.tiles == meld.tiles for other in left)
            if declared:
                left.remove(next(other for other in left if other.tiles == meld.tiles))
            groups.append(_meld_group(meld, declared=declared))
        picture = _row(groups, width, arrangement.format(evaluation.hand.melds))
        if arrangement.description:
            picture += (
                f'<div class="mahjong-description" style="color:#555">{html.escape(arrangement.description)}</div>'
            )
    else:
        picture = hand_svg(evaluation.hand, width=width)
    ruleset = html.escape(evaluation.ruleset)
    if evaluation.is_winning:
        verdict = (
            f"<strong>Mahjong</strong> in {ruleset}: {count_of(evaluation.points, points_unit(evaluation.ruleset))}"
        )
        rows = [f"<tr>{_cell(item.name)}{_cell(f'{item.points:+d}', right=True)}</tr>" for item in evaluation.breakdown]
        rows.append(f"<tr>{_cell('Total', header=True)}{_cell(str(evaluation.points), right=True, header=True)}</tr>")
        detail = f'<table class="mahjong-breakdown"><tbody>{"".join(rows)}</tbody></table>'
    else:
        verdict = f"<strong>Not Mahjong</strong> in {ruleset}"
        items = [
            f'<li data-code="{html.escape(reason.code)}">{html.escape(reason.message)}</li>'
            for reason in evaluation.reasons
        ]
        detail = f'<ul class="mahjong-reasons">{"".join(items)}</ul>'
    return (
        '<div class="mahjong-evaluation" style="display:flex;flex-wrap:wrap;gap:1em;'
        'align-items:flex-start;font-family:sans-serif">'
        f'<div class="mahjong-picture">{picture}</div>'
        f'<div class="mahjong-verdict"><div>{verdict}</div>{detail}</div>'
        "</div>"
    )


def settlement_html(settlement: Settlement) -> str:
    """A settlement as an HTML fragment: a table of the transfers (who pays whom, how much and
    why), then each seat's net amount.

    >>> import mahjong_rules as mr
    >>> page = settlement_html(mr.Settlement([mr.Transfer(mr.Seat.SOUTH, mr.Seat.EAST, 6, "discarder")]))
    >>> "discarder" in page, page.count("<tr data-seat=")
    (True, 4)
    """
    if not isinstance(settlement, Settlement):
        raise TypeError(f"settlement is a Settlement, not {describe(settlement)}")
    header = "".join(
        _cell(name, header=True, right=name == "Amount") for name in ("Payer", "Payee", "Amount", "Reason")
    )
    rows = [
        f"<tr>{_cell(transfer.payer.name.title())}{_cell(transfer.payee.name.title())}"
        f"{_cell(str(transfer.amount), right=True)}{_cell(transfer.reason)}</tr>"
        for transfer in settlement.transfers
    ] or ['<tr><td colspan="4">no payments</td></tr>']
    net = [
        f'<tr data-seat="{seat.letter}">{_cell(seat.name.title())}{_cell(signed(amount), right=True)}</tr>'
        for seat, amount in settlement.payments.items()
    ]
    return (
        '<div class="mahjong-settlement" style="display:flex;flex-wrap:wrap;gap:2em;'
        'align-items:flex-start;font-family:sans-serif">'
        f'<table class="mahjong-transfers"><thead><tr>{header}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        f'<table class="mahjong-net"><thead><tr>{_cell("Seat", header=True)}{_cell("Net", header=True, right=True)}'
        f"</tr></thead><tbody>{''.join(net)}</tbody></table>"
        "</div>"
    )


def _table(kind: str, headers: Sequence[str], rows: Iterable[Sequence[str]], right: Iterable[int] = ()) -> str:
    """An HTML table of ``kind`` whose cells are already HTML (pictures, escaped text)."""
    aligned = set(right)
    style = "padding:0.1em 0.5em;vertical-align:middle"
    head = "".join(
        f'<th style="{style};text-align:{"right" if place in aligned else "left"}">{html.escape(name)}</th>'
        for place, name in enumerate(headers)
    )
    body = "".join(
        "<tr>"
        + "".join(
            f'<td style="{style};text-align:{"right" if place in aligned else "left"}">{cell}</td>'
            for place, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return (
        f'<table class="mahjong-{kind}" style="font-family:sans-serif;border-collapse:collapse">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def _small_tiles(tiles: Iterable[Tile], width: float) -> str:
    shown = sorted(tiles)
    return tiles_svg(shown, width=width) if shown else "none"


def discard_options_html(options: Iterable[Any], *, width: float = DEFAULT_WIDTH * 0.6) -> str:
    """Discard options (:meth:`~mahjong_rules.Ruleset.discard_options`) as an HTML table: the
    tile to discard, the tiles away after it, the tiles that would then help, and their unseen
    copies; what Jupyter shows for a list of them.

    >>> import mahjong_rules as mr
    >>> page = discard_options_html(mr.get_ruleset("flex").discard_options("333C 44B 555C 666C 77C 9D"))
    >>> page.count("<tr>") - 1, "Tiles away" in page
    (6, True)
    """
    rows = [
        (
            tile_svg(option.discard, width=width),
            str(option.tiles_away),
            _small_tiles(option.helpful, width),
            str(option.helpful_unseen),
        )
        for option in options
    ]
    return _table("discard-options", ("Discard", "Tiles away", "Helped by", "Unseen copies"), rows, right=(1, 3))


def line_distances_html(distances: Iterable[Any], *, width: float = DEFAULT_WIDTH * 0.6) -> str:
    """Card lines ranked by how far a hand is from each
    (:meth:`~mahjong_rules.rulesets.nmjl.NmjlRuleset.closest_lines`) as an HTML table: the line,
    its pattern and value, the tiles away, the tiles still needed, the jokers that fill in, and
    whether it is dead; what Jupyter shows for them.

    >>> import mahjong_rules as mr
    >>> page = line_distances_html(mr.get_ruleset("nmjl").closest_lines("22B 4444B 66B 888B J GD", limit=2))
    >>> page.count("<tr>") - 1, "Needs" in page
    (2, True)
    """
    rows = []
    for distance in distances:
        line = distance.line
        away = "ruled out" if distance.tiles_away is None else str(distance.tiles_away)
        needed = "" if distance.tiles_away is None else _small_tiles(distance.needed, width)
        dead = html.escape(distance.dead_reason) if distance.dead else ""
        rows.append(
            (
                html.escape(line.label),
                f"<code>{html.escape(line.hand)}</code>",
                str(line.value),
                away,
                needed,
                str(distance.jokers_used) if distance.jokers_used else "",
                dead,
            )
        )
    headers = ("Line", "Pattern", "Value", "Tiles away", "Needs", "Jokers fill", "Dead")
    return _table("line-distances", headers, rows, right=(2, 3, 5))


def card_html(card: Any) -> str:
    """A card (:class:`~mahjong_rules.rulesets.nmjl.Card`) as an HTML table of its lines: each
    section's lines with their labels, patterns, values and whether they are concealed.

    >>> import mahjong_rules as mr
    >>> page = card_html(mr.get_ruleset("nmjl").card)
    >>> page.count("<tr>") - 1 == len(mr.get_ruleset("nmjl").card.lines)
    True
    """
    rows = [
        (
            html.escape(line.section),
            html.escape(line.label),
            f"<code>{html.escape(line.hand)}</code>",
            str(line.value),
            "C" if line.concealed else "X",
        )
        for line in card.lines
    ]
    caption = f'<div style="font-family:sans-serif"><strong>{html.escape(card.name)}</strong></div>'
    return caption + _table("card", ("Section", "Line", "Pattern", "Value", "X/C"), rows, right=(3,))
