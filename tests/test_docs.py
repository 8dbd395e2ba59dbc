"""The documentation states what the library does: every tile in the notation table, every
ruling on the rulings page."""

from __future__ import annotations

import re
from pathlib import Path

import mahjong_rules as mr

DOCS = Path(__file__).resolve().parent.parent / "docs"
SHARED_RULINGS_APPLIED = (
    "T1",
    "T2",
    "T3",
    "T4",
    "T5",
    *(f"F{number}" for number in range(1, 19)),
    *(f"C{number}" for number in range(1, 13)),
    *(f"N{number}" for number in range(1, 6)),
    *(f"S{number}" for number in range(1, 21)),
)
LIBRARY_RULINGS = tuple(f"L{number}" for number in range(1, 12))
SOURCES = DOCS.parent / "src" / "mahjong_rules"


def _notation_rows() -> list[tuple[str, list[str]]]:
    text = (DOCS / "notation.rst").read_text(encoding="utf-8")
    table = text.split(".. list-table:: The 49 tiles, in tile order", 1)[1]
    rows = re.findall(r"^   \* - ``([^`]+)``\n     - (.*)$", table, flags=re.MULTILINE)
    return [(token, re.findall(r"``([^`]+)``", aliases)) for token, aliases in rows]


def test_notation_table_lists_every_tile_in_tile_order() -> None:
    tokens = [token for token, _ in _notation_rows()]
    assert tokens == [tile.token for tile in mr.Tile.all()]


def test_every_alias_in_the_notation_table_parses_to_its_tile() -> None:
    for token, aliases in _notation_rows():
        for alias in aliases:
            assert mr.Tile.parse(alias) is mr.Tile.parse(token), alias


def test_rulings_page_restates_every_applied_ruling() -> None:
    text = (DOCS / "rulings.rst").read_text(encoding="utf-8")
    for ruling in SHARED_RULINGS_APPLIED:
        assert f".. _ruling-{ruling}:" in text


def test_rulings_page_states_every_library_ruling_and_the_code_cites_it() -> None:
    text = (DOCS / "rulings.rst").read_text(encoding="utf-8")
    code = "\n".join(path.read_text(encoding="utf-8") for path in SOURCES.rglob("*.py"))
    for ruling in LIBRARY_RULINGS:
        assert f".. _ruling-{ruling}:" in text
        assert f"ruling {ruling}" in code.lower().replace("ruling l", "ruling L"), ruling
