"""Where the parts of a card file are: ``tomllib`` gives values, not positions, so a light scan of
the text finds each table (the document, each ``[[section]]``, each line of a section) and, in
each, where every key and its value start. Errors use it to name the line and column of a fault.

The scan knows the shapes the card format uses: top-level keys, ``[[section]]`` headers with keys
on their own lines, ``lines = [ ... ]`` arrays of inline tables (or ``[[section.lines]]`` tables).
Where a card is written some other valid way, a place may be unknown (``None``), and the error then
names no line.
"""

from __future__ import annotations

import re

__all__ = ["Place", "SourceMap", "skip_string"]

_HEADER = re.compile(
    r"^[ \t]*\[\[[ \t]*([\w.-]+)[ \t]*\]\][^\n]*$|^[ \t]*\[[ \t]*([\w.-]+)[ \t]*\][^\n]*$", re.MULTILINE
)
_KEY_LINE = re.compile(r"^[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*", re.MULTILINE)
_BARE_KEY = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*")


class Place:
    """A table in the source: where it starts, and where each of its keys and their values are."""

    def __init__(self, start: int) -> None:
        self.start = start
        self.keys: dict[str, tuple[int, int]] = {}

    def key(self, name: str) -> int | None:
        found = self.keys.get(name)
        return None if found is None else found[0]

    def value(self, name: str) -> int | None:
        found = self.keys.get(name)
        return None if found is None else found[1]


def skip_string(text: str, at: int) -> int:
    """The offset just after the string starting at ``at``."""
    quote = text[at]
    if text.startswith(quote * 3, at):
        end = text.find(quote * 3, at + 3)
        return len(text) if end < 0 else end + 3
    position = at + 1
    while position < len(text) and text[position] not in (quote, "\n"):
        position += 2 if quote == '"' and text[position] == "\\" else 1
    return position + 1


def _skip_comment(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _inline_keys(text: str, at: int, place: Place) -> None:
    """Record the keys of the inline table whose ``{`` is at ``at``."""
    depth = 0
    expecting = True
    position = at
    while position < len(text):
        char = text[position]
        if char in "\"'":
            position = skip_string(text, position)
            continue
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return
        elif char == "," and depth == 1:
            expecting = True
        elif depth == 1 and expecting and not char.isspace():
            match = _BARE_KEY.match(text, position)
            if match:
                place.keys.setdefault(match.group(1), (position, match.end()))
                position = match.end()
                expecting = False
                continue
        position += 1


def _array_elements(text: str, at: int) -> list[Place]:
    """The elements of the array whose ``[`` is at ``at``, with the keys of inline tables."""
    elements: list[Place] = []
    depth = 0
    expecting = True
    position = at
    while position < len(text):
        char = text[position]
        if char in "\"'":
            if depth == 1 and expecting:
                elements.append(Place(position))
                expecting = False
            position = skip_string(text, position)
            continue
        if char == "#":
            position = _skip_comment(text, position)
            continue
        if char in "[{":
            depth += 1
            if depth == 2 and expecting:
                element = Place(position)
                if char == "{":
                    _inline_keys(text, position, element)
                elements.append(element)
                expecting = False
        elif char in "]}":
            depth -= 1
            if depth == 0:
                break
        elif char == "," and depth == 1:
            expecting = True
        elif depth == 1 and expecting and not char.isspace():
            elements.append(Place(position))
            expecting = False
        position += 1
    return elements


class SourceMap:
    """The places of a card file's tables: ``card`` (the document), ``sections`` (one per
    ``[[section]]``) and ``lines`` (for each section, one per line)."""

    def __init__(self, text: str) -> None:
        self.text = text
        headers = [(match.start(), match.group(1) or match.group(2)) for match in _HEADER.finditer(text)]
        ends = [start for start, _ in headers[1:]] + ([len(text)] if headers else [])
        self.card = Place(0)
        self._keys(self.card, 0, headers[0][0] if headers else len(text))
        self.sections: list[Place] = []
        self.lines: list[list[Place]] = []
        for (start, name), end in zip(headers, ends, strict=True):
            if name == "section":
                section = Place(start)
                self._keys(section, text.index("\n", start) + 1 if "\n" in text[start:end] else end, end)
                self.sections.append(section)
                array = section.value("lines")
                found = _array_elements(text, array) if array is not None and text.startswith("[", array) else []
                self.lines.append(found)
            elif name == "section.lines" and self.lines:
                line = Place(start)
                self._keys(line, text.index("\n", start) + 1 if "\n" in text[start:end] else end, end)
                self.lines[-1].append(line)

    def _keys(self, place: Place, start: int, end: int) -> None:
        for match in _KEY_LINE.finditer(self.text, start, end):
            place.keys.setdefault(match.group(1), (match.start(1), match.end()))

    def section(self, index: int) -> Place | None:
        return self.sections[index] if index < len(self.sections) else None

    def line(self, section: int, index: int) -> Place | None:
        lines = self.lines[section] if section < len(self.lines) else []
        return lines[index] if index < len(lines) else None

    def position(self, offset: int | None) -> tuple[int, int]:
        """The 1-based line and column of ``offset`` (``(0, 0)`` when unknown)."""
        if offset is None:
            return 0, 0
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return line, column
