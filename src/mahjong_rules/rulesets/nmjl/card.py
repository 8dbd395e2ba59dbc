"""Cards: reading a card file (TOML, the format of ``docs/card_format.rst``) into a :class:`Card`
of sections and lines, with errors that name the file, line and column of each fault.

A card is data the user supplies (ruling N1); the library ships only invented cards.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
import re
import tomllib
from pathlib import Path
from typing import Any

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules.errors import CardError
from mahjong_rules.rulesets.nmjl.pattern import GroupPattern, PatternProblem, parse_pattern
from mahjong_rules.rulesets.nmjl.source_map import Place, SourceMap
from mahjong_rules.rulesets.nmjl.variants import TooManyVariants, Variant, expand
from mahjong_rules.solver.grammar import JOKER
from mahjong_rules.tiles import NUM_TILE_KINDS
from mahjong_rules.tilesets import TileSet

__all__ = ["SAMPLE_CARDS", "Card", "Line", "Section", "as_card", "load_card", "parse_card", "sample_card"]

FORMAT_VERSION = 1
MAX_BYTES = 256 * 1024
MAX_SECTIONS = 64
MAX_LINES = 400
MAX_LINE_VARIANTS = 5_000
MAX_CARD_VARIANTS = 100_000
MAX_VALUE = 10_000
MAX_TEXT = 500

SAMPLE_CARDS = ("sample", "tutorial")
"""The invented cards the library ships: ``sample`` (full size) and ``tutorial`` (small)."""

_CARD_KEYS = {"format", "name", "section"}
_SECTION_KEYS = {"name", "lines"}
_LINE_KEYS = {"hand", "value", "concealed", "numbers", "note"}
_NUMBER_WORDS = {"any": range(1, 10), "even": range(2, 10, 2), "odd": range(1, 10, 2)}


def _numbers_text(numbers: tuple[int, ...] | None) -> str:
    if numbers is None:
        return "as written"
    return ", ".join(str(number) for number in numbers)


@attrs.frozen(eq=False, repr=False)
class Line:
    """One line of a card: a winning hand as the card prints it.

    Attributes:
        section: the name of the line's section.
        number: its place in the section, from 1.
        hand: its pattern, as written in the card (``"222x 4444x 666x 8888x"``).
        value: what a hand matching it is worth.
        concealed: a C line (``True``) or an X line (``False``).
        numbers: the values the lowest written number may take (``None``: as written).
        note: the card's remark on the line, or ``""``.
        groups: the pattern's groups, as read.
        variants: every concrete hand the line stands for (target groups of tile indexes and
            whether jokers may stand in them), each once.
    """

    section: str
    number: int
    hand: str
    value: int
    concealed: bool
    numbers: tuple[int, ...] | None
    note: str
    groups: tuple[GroupPattern, ...]
    variants: tuple[Variant, ...]

    @property
    def label(self) -> str:
        """How the line is named: its section and place (``"2468 #3"``)."""
        return f"{self.section} #{self.number}"

    @property
    def kind(self) -> str:
        """``"C"`` for a concealed line, ``"X"`` for an exposed one, as the card prints it."""
        return "C" if self.concealed else "X"

    @property
    def singles_and_pairs(self) -> bool:
        """No joker can stand anywhere in the line (only pairs, singles and ``!`` groups): a
        hand without jokers is not doubled on it (ruling N5)."""
        return not any(alternative.jokers for group in self.groups for alternative in group.alternatives)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (self.section, self.number, self.hand, self.value, self.concealed, self.numbers, self.note)

    def __str__(self) -> str:
        return f"{self.label}: {self.hand} ({self.kind} {self.value})"

    def __repr__(self) -> str:
        return f"<Line {self}>"


@attrs.frozen(repr=False)
class Section:
    """A section of a card: its name and its lines, in the card's order."""

    name: str
    lines: tuple[Line, ...]

    def __repr__(self) -> str:
        return f"<Section {self.name!r}: {len(self.lines)} lines>"


@attrs.frozen(repr=False)
class Card:
    """A card of winning hands (ruling N1), read with :func:`load_card` or :func:`parse_card`.

    >>> card = sample_card("tutorial")
    >>> card.name, len(card.lines) > 5, card.lines[0].label.endswith("#1")
    ('Tutorial card', True, True)

    Attributes:
        name: the card's name.
        sections: its sections, in order.
        source: where it was read from (a path, ``<string>``, or ``sample:NAME``).
    """

    name: str
    sections: tuple[Section, ...]
    source: str = attrs.field(default="<string>", eq=False)

    @property
    def lines(self) -> tuple[Line, ...]:
        """Every line, section by section, in the card's order."""
        return tuple(line for section in self.sections for line in section.lines)

    def line(self, label: str) -> Line:
        """The line named ``label`` (``"2468 #3"``, case-insensitive).

        Raises:
            KeyError: no line has that label; the message lists the sections.
        """
        for line in self.lines:
            if line.label.casefold() == label.strip().casefold():
                return line
        sections = ", ".join(section.name for section in self.sections)
        raise KeyError(f"no line {label!r} on the card {self.name!r} (sections: {sections})")

    def __repr__(self) -> str:
        return f"<Card {self.name!r}: {len(self.sections)} sections, {len(self.lines)} lines>"


# -- reading ---------------------------------------------------------------------------------------


class _Faults:
    """Errors that name where in the source the fault is (the map's places; line 0 when the fault
    concerns the whole card or its place is unknown)."""

    def __init__(self, text: str, source: str) -> None:
        self.map = SourceMap(text)
        self.source = source

    def at(self, problem: str, offset: int | None) -> CardError:
        line, column = self.map.position(offset)
        return CardError(problem, source=self.source, line=line, column=column)

    def whole(self, problem: str) -> CardError:
        return CardError(problem, source=self.source)


def _in(place: Place | None, key: str, part: str = "value") -> int | None:
    """Where ``key`` of ``place`` is (``part``: its ``"value"`` or the ``"key"`` itself), or the
    place's start when the key is not written there."""
    if place is None:
        return None
    found = place.value(key) if part == "value" else place.key(key)
    return place.start if found is None else found


def _text_field(
    table: dict[str, Any], key: str, where: str, place: Place | None, faults: _Faults, required: bool = True
) -> str:
    if key not in table:
        if required:
            raise faults.at(f"{where} needs a {key!r}", None if place is None else place.start)
        return ""
    value = table[key]
    if not isinstance(value, str):
        raise faults.at(f"{where}: {key!r} is text, not {describe(value)}", _in(place, key))
    if len(value) > MAX_TEXT:
        raise faults.at(f"{where}: {key!r} is longer than {MAX_TEXT} characters", _in(place, key))
    return value


def _unknown_keys(table: dict[str, Any], known: set[str], where: str, place: Place | None, faults: _Faults) -> None:
    unknown = [key for key in table if key not in known]
    if unknown:
        problem = f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(known))})"
        raise faults.at(problem, _in(place, unknown[0], "key"))


def _numbers(value: object, where: str, place: Place | None, faults: _Faults) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _NUMBER_WORDS:
            return tuple(_NUMBER_WORDS[word])
        bounds = re.fullmatch(r"([1-9])\s*-\s*([1-9])", word)
        if bounds and int(bounds.group(1)) <= int(bounds.group(2)):
            return tuple(range(int(bounds.group(1)), int(bounds.group(2)) + 1))
    elif isinstance(value, list) and value and all(type(item) is int and 1 <= item <= 9 for item in value):
        return tuple(sorted(set(value)))
    raise faults.at(
        f'{where}: \'numbers\' is "any", "even", "odd", a range such as "3-6", '
        f"or a list of numbers 1 to 9, not {value!r}",
        _in(place, "numbers"),
    )


def _feasible(variant: Variant, tileset: TileSet) -> bool:
    """The variant can be made from the game's tiles: pairs and singles from natural tiles, the
    rest with jokers where naturals run out."""
    no_jokers = [0] * NUM_TILE_KINDS
    with_jokers = [0] * NUM_TILE_KINDS
    for group in variant:
        slots = with_jokers if group.jokers else no_jokers
        for index in group.tiles:
            slots[index] += 1
    jokers_needed = 0
    for index in range(NUM_TILE_KINDS):
        available = tileset.counts[index]
        if no_jokers[index] > available:
            return False
        jokers_needed += max(with_jokers[index] - (available - no_jokers[index]), 0)
    return jokers_needed <= tileset.counts[JOKER]


def _line(table: object, section: str, number: int, place: Place | None, faults: _Faults) -> Line:
    where = f"line {number} of section {section!r}"
    start = None if place is None else place.start
    if not isinstance(table, dict):
        raise faults.at(f'{where} is a table such as {{ hand = "222x 4444x 666x 8888x", value = 25 }}', start)
    _unknown_keys(table, _LINE_KEYS, where, place, faults)
    hand = _text_field(table, "hand", where, place, faults)
    value = table.get("value")
    if value is None:
        raise faults.at(f"{where} needs a 'value'", start)
    if type(value) is not int or not 1 <= value <= MAX_VALUE:
        raise faults.at(
            f"{where}: 'value' is a whole number from 1 to {MAX_VALUE:,}, not {value!r}", _in(place, "value")
        )
    concealed = table.get("concealed", False)
    if type(concealed) is not bool:
        problem = f"{where}: 'concealed' is true (a C line) or false (an X line), not {concealed!r}"
        raise faults.at(problem, _in(place, "concealed"))
    note = _text_field(table, "note", where, place, faults, required=False)
    numbers = _numbers(table.get("numbers"), where, place, faults)
    pattern_start = _in(place, "hand")
    if pattern_start is not None and pattern_start != start:
        pattern_start += 1  # the opening quote
    try:
        groups = parse_pattern(hand)
    except PatternProblem as fault:
        raise faults.at(fault.problem, None if pattern_start is None else pattern_start + fault.offset) from None
    if numbers is not None and not any(
        element.symbol in "123456789" for group in groups for alt in group.alternatives for element in alt.elements
    ):
        raise faults.at(f"{where}: 'numbers' is given but the pattern has no numbers to move", _in(place, "numbers"))
    try:
        variants = expand(groups, numbers, MAX_LINE_VARIANTS)
    except TooManyVariants:
        raise faults.at(f"{where} stands for more than {MAX_LINE_VARIANTS:,} concrete hands", pattern_start) from None
    if not variants:
        problem = f"{where}: no value of 'numbers' keeps every number of the line within 1 to 9"
        raise faults.at(problem, _in(place, "numbers"))
    feasible = tuple(variant for variant in variants if _feasible(variant, TileSet.american()))
    if not feasible:
        raise faults.at(
            f"{where} can never be made: it needs more of a tile than the game has "
            "(4 of each, 8 flowers, jokers only in groups of 3 or more identical tiles)",
            pattern_start,
        )
    return Line(section, number, hand, value, concealed, numbers, note, groups, feasible)


def parse_card(text: str, source: str = "<string>") -> Card:
    """A card from its text (TOML in the card format, ``docs/card_format.rst``).

    Raises:
        CardError: the text is not a valid card; the error names the line and column.
    """
    if not isinstance(text, str):
        raise TypeError(f"a card's text is a string, not {describe(text)}")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise CardError(f"the card is larger than {MAX_BYTES // 1024} KiB", source=source)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error)) or "malformed TOML"
        line, column = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
        raise CardError(f"not valid TOML: {problem}", source=source, line=line, column=column) from None
    return _card(document, _Faults(text, source))


def _card(document: dict[str, Any], faults: _Faults) -> Card:
    card_place = faults.map.card
    _unknown_keys(document, _CARD_KEYS, "the card", card_place, faults)
    version = document.get("format")
    if version is None:
        raise faults.whole(f"the card needs 'format = {FORMAT_VERSION}' (the format's version)")
    if version != FORMAT_VERSION or type(version) is not int:
        problem = f"the card needs 'format = {FORMAT_VERSION}' (the format's version), not {version!r}"
        raise faults.at(problem, _in(card_place, "format"))
    if "name" not in document:
        raise faults.whole("the card needs a 'name'")
    name = _text_field(document, "name", "the card", card_place, faults)
    sections_data = document.get("section")
    if sections_data is None:
        raise faults.whole("the card needs at least one [[section]]")
    if not isinstance(sections_data, list) or not sections_data:
        raise faults.at("the card's 'section' is one or more [[section]] tables", _in(card_place, "section"))
    if len(sections_data) > MAX_SECTIONS:
        place = faults.map.section(MAX_SECTIONS)
        raise faults.at(f"the card has more than {MAX_SECTIONS} sections", None if place is None else place.start)
    sections: list[Section] = []
    total_lines = total_variants = 0
    for index, data in enumerate(sections_data):
        place = faults.map.section(index)
        start = None if place is None else place.start
        if not isinstance(data, dict):
            raise faults.at(f"section {index + 1} is a table with a name and lines", start)
        _unknown_keys(data, _SECTION_KEYS, f"section {index + 1}", place, faults)
        section_name = _text_field(data, "name", f"section {index + 1}", place, faults)
        if any(section.name == section_name for section in sections):
            raise faults.at(f"two sections are named {section_name!r}", _in(place, "name"))
        lines_data = data.get("lines")
        if lines_data is None:
            raise faults.at(f"section {section_name!r} needs 'lines', a list of one or more lines", start)
        if not isinstance(lines_data, list) or not lines_data:
            raise faults.at(f"section {section_name!r}: 'lines' is a list of one or more lines", _in(place, "lines"))
        lines = []
        for number, table in enumerate(lines_data, 1):
            line_place = faults.map.line(index, number - 1)
            total_lines += 1
            if total_lines > MAX_LINES:
                raise faults.at(
                    f"the card has more than {MAX_LINES} lines", None if line_place is None else line_place.start
                )
            line = _line(table, section_name, number, line_place, faults)
            total_variants += len(line.variants)
            if total_variants > MAX_CARD_VARIANTS:
                raise faults.at(
                    f"the card stands for more than {MAX_CARD_VARIANTS:,} concrete hands",
                    None if line_place is None else line_place.start,
                )
            lines.append(line)
        sections.append(Section(section_name, tuple(lines)))
    return Card(name, tuple(sections), source=faults.source)


def load_card(path: str | os.PathLike[str]) -> Card:
    """The card in the file at ``path`` (TOML in the card format, ``docs/card_format.rst``).

    Raises:
        CardError: the file is not a valid card (the error names the line and column), is too
            large, or cannot be read.
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"a card's path is a str or os.PathLike, not {describe(path)}")
    file = Path(path)
    try:
        size = file.stat().st_size
        if size > MAX_BYTES:
            raise CardError(f"the card is larger than {MAX_BYTES // 1024} KiB ({size:,} bytes)", source=str(path))
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise CardError(f"cannot read the card: {error.strerror or error}", source=str(path)) from None
    except UnicodeDecodeError:
        raise CardError("the card is not UTF-8 text", source=str(path)) from None
    return parse_card(text, source=str(path))


@functools.cache
def sample_card(name: str = "sample") -> Card:
    """One of the invented cards the library ships (:data:`SAMPLE_CARDS`): ``"sample"``, a
    full-size card, or ``"tutorial"``, a small one.

    Raises:
        KeyError: no sample card has that name.
    """
    if name not in SAMPLE_CARDS:
        raise KeyError(f"no sample card {name!r}; the samples: {', '.join(SAMPLE_CARDS)}")
    text = importlib.resources.files("mahjong_rules").joinpath("cards", f"{name}.toml").read_text(encoding="utf-8")
    return parse_card(text, source=f"sample:{name}")


def as_card(value: Card | str | os.PathLike[str] | None) -> Card:
    """A card from a :class:`Card`, a path to a card file, or ``None`` (the full-size sample)."""
    if value is None:
        return sample_card()
    if isinstance(value, Card):
        return value
    if isinstance(value, str | os.PathLike):
        return load_card(value)
    raise TypeError(f"card is a Card, a path to a card file, or None, not {describe(value)}")
