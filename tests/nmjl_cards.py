"""Card text for the card tests: one card line per line of text, after a five-line header, so that
card line k is on line 5 + k of the text and a line's pattern starts at column 13 (two spaces,
then the 10 characters '{ hand = "'): character i (from 0) of the pattern is at column 13 + i."""

from __future__ import annotations

HEADER_1 = 'format = 1\nname = "Test card"\n[[section]]\nname = "Runs"\nlines = [\n'
HEADER_2 = HEADER_1.replace("format = 1", "format = 2")
FIRST_ROW = 6
PATTERN_COLUMN = 13


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return str(value)


def table(pattern: str, value: int = 25, **keys: object) -> str:
    """A card line as a TOML inline table: ``{ hand = "...", value = 25, ... }``."""
    extra = "".join(f", {key} = {toml_value(item)}" for key, item in keys.items())
    return f'{{ hand = "{pattern}", value = {value}{extra} }}'


def card_text(*tables: str, header: str = HEADER_2) -> str:
    return header + "".join(f"  {line},\n" for line in tables) + "]\n"
