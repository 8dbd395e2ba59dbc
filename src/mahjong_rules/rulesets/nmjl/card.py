"""Cards: reading a card file (TOML, the format of ``docs/card_format.rst``) into a :class:`Card`
of sections and lines, with errors that name the file, line and column of each fault.

A card is data the user supplies (ruling N1); the library ships only invented cards.
"""

from __future__ import annotations

import functools
import importlib.resources
import os
import re
import stat
import tomllib
from typing import Any

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules.errors import CardError
from mahjong_rules.notation import format_tiles
from mahjong_rules.rulesets.nmjl.pattern import (
    NUMBER_VARIABLES,
    NUMBERS,
    Alternative,
    Layout,
    PatternProblem,
    parse_layouts,
)
from mahjong_rules.rulesets.nmjl.source_map import Place, SourceMap
from mahjong_rules.rulesets.nmjl.source_map import skip_string as _skip_string
from mahjong_rules.rulesets.nmjl.variants import (
    Expansion,
    Rules,
    Shown,
    TooManyVariants,
    TooMuchWork,
    Variant,
    expand,
)
from mahjong_rules.solver.grammar import JOKER
from mahjong_rules.tiles import Tile
from mahjong_rules.tilesets import TileSet

__all__ = [
    "FORMAT_VERSION",
    "SAMPLE_CARDS",
    "Card",
    "Line",
    "Section",
    "as_card",
    "format_concrete_hand",
    "load_card",
    "parse_card",
    "sample_card",
]

FORMAT_VERSION = 2
"""The card format's version this library writes; it reads format 1 too."""
FORMAT_VERSIONS = (1, 2)
MAX_BYTES = 256 * 1024
MAX_NESTING = 8
MAX_SECTIONS = 64
MAX_LINES = 400
MAX_LINE_VARIANTS = 5_000
MAX_CARD_VARIANTS = 100_000
MAX_LINE_STEPS = 50_000
MAX_CARD_STEPS = 100_000
MAX_VALUE = 10_000
MAX_TEXT = 500

SAMPLE_CARDS = ("sample", "tutorial")
"""The invented cards the library ships: ``sample`` (full size) and ``tutorial`` (small)."""

_CARD_KEYS = {"format", "name", "section"}
_SECTION_KEYS = {"name", "lines"}
_LINE_KEYS_1 = {"hand", "value", "concealed", "numbers", "note"}
_LINE_KEYS_2 = frozenset(_LINE_KEYS_1 | {"suits", "label"} | set(NUMBER_VARIABLES))
_NUMBER_WORDS = {"any": range(1, 10), "even": range(2, 10, 2), "odd": range(1, 10, 2)}


def written_numbers(values: tuple[int, ...]) -> str | list[int]:
    """Numbers as a card file writes them: a word (``"any"``, ``"even"``, ``"odd"``), a range
    (``"2-5"``), or a list.

    >>> written_numbers((1, 3, 5, 7, 9)), written_numbers((2, 3, 4)), written_numbers((2, 5))
    ('odd', '2-4', [2, 5])
    """
    for word, numbers in _NUMBER_WORDS.items():
        if values == tuple(numbers):
            return word
    if len(values) > 2 and values == tuple(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return list(values)


def format_concrete_hand(groups: tuple[tuple[Tile, ...], ...]) -> str:
    """A concrete hand of a line as text, group by group in the line's order, groups two spaces
    apart (``"222B  WD WD WD  2C WD 2C 6C  6666B"``)."""
    return "  ".join(format_tiles(group) for group in groups)


@attrs.frozen(eq=False, repr=False)
class Line:
    """One line of a card: a winning hand as the card prints it.

    Attributes:
        section: the name of the line's section.
        number: its place in the section, from 1.
        hand: its pattern, as written in the card (``"222x 4444x 666x 8888x"``), ``-or-``
            alternatives included.
        value: what a hand matching it is worth.
        concealed: a C line (``True``) or an X line (``False``).
        numbers: the values the lowest written digit may take (``None``: as written).
        note: the card's remark on the line, or ``""``.
        layouts: the pattern as read: one layout, or one per ``-or-`` alternative, each with its
            groups.
        variants: every concrete hand the line stands for (target groups of tile indexes and
            whether jokers may stand in them), each once.
        suits: how many different suits the suit variables may use (``None``: each variable its
            own suit).
        variables: the values of each number variable the line declares, as pairs (``a``, ``b``,
            ``c``; one not declared takes any number); :attr:`number_variables` as a mapping.
        given_label: the label the card file gives the line (``""``: its section and place).
        written: the concrete hands again, each group's tiles in the order the pattern writes
            them (:attr:`concrete_hands` gives them as tiles).
    """

    section: str
    number: int
    hand: str
    value: int
    concealed: bool
    numbers: tuple[int, ...] | None
    note: str
    layouts: tuple[Layout, ...]
    variants: tuple[Variant, ...]
    suits: tuple[int, ...] | None = None
    variables: tuple[tuple[str, tuple[int, ...]], ...] = ()
    given_label: str = ""
    written: tuple[Shown, ...] = ()

    @property
    def label(self) -> str:
        """How the line is named: the label the card file gives it, or its section and place
        (``"2468 #3"``)."""
        return self.given_label or f"{self.section} #{self.number}"

    @property
    def number_variables(self) -> dict[str, tuple[int, ...]]:
        """The values of each number variable the line declares (a new dict each time)."""
        return dict(self.variables)

    @property
    def kind(self) -> str:
        """``"C"`` for a concealed line, ``"X"`` for an exposed one, as the card prints it."""
        return "C" if self.concealed else "X"

    @property
    def singles_and_pairs(self) -> bool:
        """No joker can stand anywhere in the line (only pairs, singles and ``!`` groups): a
        hand without jokers is not doubled on it (ruling N5)."""
        return not any(group.jokers for variant in self.variants for group in variant)

    @property
    def concrete_hands(self) -> tuple[tuple[tuple[Tile, ...], ...], ...]:
        """Every concrete hand of the line, group by group, each group's tiles in the order the
        pattern writes them (the same hands as :attr:`variants`, in the same order).

        >>> line = sample_card("tutorial").lines[0]
        >>> line.hand, len(line.concrete_hands)
        ('FFF 2026x 666y 6666z', 6)
        >>> format_concrete_hand(line.concrete_hands[0])
        'FFF  2B WD 2B 6B  666C  6666D'
        """
        tiles = Tile.from_index
        return tuple(tuple(tuple(tiles(index) for index in group) for group in hand) for hand in self.written)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Line):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (
            self.section,
            self.number,
            self.hand,
            self.value,
            self.concealed,
            self.numbers,
            self.note,
            self.suits,
            self.variables,
            self.given_label,
        )

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

    def _repr_html_(self) -> str:
        """The card's lines as a table, which Jupyter shows (:func:`mahjong_rules.pictures.card_html`)."""
        from mahjong_rules.pictures import card_html

        return card_html(self)

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


def _unknown_keys(
    table: dict[str, Any],
    known: set[str] | frozenset[str],
    where: str,
    place: Place | None,
    faults: _Faults,
    newer: frozenset[str] = frozenset(),
) -> None:
    unknown = [key for key in table if key not in known]
    if unknown:
        hint = " (new in format 2: write format = 2)" if unknown[0] in newer else ""
        problem = f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(known))}){hint}"
        raise faults.at(problem, _in(place, unknown[0], "key"))


def _number_values(
    value: object, key: str, where: str, place: Place | None, faults: _Faults
) -> tuple[tuple[int, ...], bool]:
    """The numbers a key gives, and whether the user listed them one by one (a list: each must
    then give a hand) rather than with a word (``"any"``, ``"even"``, ``"odd"``) or a range, whose
    values that give no hand are skipped."""
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _NUMBER_WORDS:
            return tuple(_NUMBER_WORDS[word]), False
        bounds = re.fullmatch(r"([1-9])\s*-\s*([1-9])", word)
        if bounds and int(bounds.group(1)) <= int(bounds.group(2)):
            return tuple(range(int(bounds.group(1)), int(bounds.group(2)) + 1)), False
    elif isinstance(value, list) and value and all(type(item) is int and 1 <= item <= 9 for item in value):
        return tuple(sorted(set(value))), True
    raise faults.at(
        f'{where}: {key!r} is "any", "even", "odd", a range such as "3-6", or a list of numbers 1 to 9, not {value!r}',
        _in(place, key),
    )


def _suit_counts(value: object, where: str, place: Place | None, faults: _Faults) -> tuple[int, ...]:
    counts: list[int] = []
    if type(value) is int:
        counts = [value]
    elif isinstance(value, list) and all(type(item) is int for item in value):
        counts = list(value)
    elif isinstance(value, str):
        text = value.strip().lower()
        if text == "any":
            counts = [1, 2, 3]
        elif re.fullmatch(r"\d(\s*(,|or|-)\s*\d)*", text):
            if "-" in text:
                low, high = (int(part) for part in text.split("-", 1)) if text.count("-") == 1 else (0, 0)
                counts = list(range(low, high + 1)) if low <= high else []
            else:
                counts = [int(digit) for digit in re.findall(r"\d", text)]
    if not counts or any(count not in (1, 2, 3) for count in counts):
        raise faults.at(
            f"{where}: 'suits' is how many different suits the line's suit variables may use: "
            f'"1 or 2", "1 or 3", "2 or 3", "any", or a list such as [1, 2], not {value!r}',
            _in(place, "suits"),
        )
    return tuple(sorted(set(counts)))


def _feasible(variant: Variant, tileset: TileSet) -> bool:
    """The variant can be made from the game's tiles: pairs and singles from natural tiles, the
    rest with jokers where naturals run out."""
    no_jokers: dict[int, int] = {}
    with_jokers: dict[int, int] = {}
    for group in variant:
        slots = with_jokers if group.jokers else no_jokers
        for index in group.tiles:
            slots[index] = slots.get(index, 0) + 1
    available = tileset.counts
    for index, needed in no_jokers.items():
        if needed > available[index]:
            return False
    jokers_needed = 0
    for index, needed in with_jokers.items():
        spare = available[index] - no_jokers.get(index, 0)
        if needed > spare:
            jokers_needed += needed - spare
    return jokers_needed <= available[JOKER]


_AMERICAN = TileSet.american()


def _makeable(variant: Variant) -> bool:
    return _feasible(variant, _AMERICAN)


class _LineReader:
    """Reads one line table of a card: its keys, its pattern, and its concrete hands, refusing
    what the line cannot mean (a part of it that never gives a hand)."""

    def __init__(self, version: int, faults: _Faults, steps_left: int) -> None:
        self.version = version
        self.faults = faults
        self.steps_left = steps_left
        self.steps = 0

    def read(self, table: object, section: str, number: int, place: Place | None) -> Line:
        faults = self.faults
        where = f"line {number} of section {section!r}"
        start = None if place is None else place.start
        if not isinstance(table, dict):
            raise faults.at(f'{where} is a table such as {{ hand = "222x 4444x 666x 8888x", value = 25 }}', start)
        known = _LINE_KEYS_2 if self.version >= 2 else _LINE_KEYS_1
        _unknown_keys(table, known, where, place, faults, _LINE_KEYS_2)
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
        label = _text_field(table, "label", where, place, faults, required=False)
        if "label" in table and (not label.strip() or "\n" in label):
            raise faults.at(f"{where}: 'label' is one line of text, not {label!r}", _in(place, "label"))
        pattern_start = _in(place, "hand")
        if pattern_start is not None and pattern_start != start:
            pattern_start += 1  # the opening quote
        self.pattern_start = pattern_start
        try:
            layouts = parse_layouts(hand, self.version)
        except PatternProblem as fault:
            raise self.in_pattern(fault.problem, fault.offset) from None
        numbers, listed = (
            (None, False)
            if "numbers" not in table
            else _number_values(table["numbers"], "numbers", where, place, faults)
        )
        digits = any(e.symbol in NUMBERS for alt in _alternatives(layouts) for e in alt.elements)
        if numbers is not None and not digits:
            raise faults.at(
                f"{where}: 'numbers' is given but the pattern has no numbers to move", _in(place, "numbers")
            )
        suits = _suit_counts(table["suits"], where, place, faults) if "suits" in table else None
        if suits is not None:
            most = max(
                len({e.suit for alt in _alternatives((layout,)) for e in alt.elements if e.suit}) for layout in layouts
            )
            if most == 0:
                raise faults.at(f"{where}: 'suits' is given but the pattern has no suit variables", _in(place, "suits"))
            if max(suits) > most:
                raise faults.at(
                    f"{where}: 'suits' allows {max(suits)} different suits but the pattern has "
                    f"{'only one suit variable' if most == 1 else f'{most} suit variables'}",
                    _in(place, "suits"),
                )
        used_letters = {
            e.symbol for alt in _alternatives(layouts) for e in alt.elements if e.symbol in NUMBER_VARIABLES
        }
        letters: dict[str, tuple[int, ...]] = {}
        listed_letters: set[str] = set()
        for letter in NUMBER_VARIABLES:
            if letter not in table:
                continue
            if letter not in used_letters:
                raise faults.at(
                    f"{where}: {letter!r} is given but the pattern has no number variable {letter}",
                    _in(place, letter, "key"),
                )
            letters[letter], letter_listed = _number_values(table[letter], letter, where, place, faults)
            if letter_listed:
                listed_letters.add(letter)
        rules = Rules(numbers, None if suits is None else frozenset(suits), letters)
        budget = min(MAX_LINE_STEPS, self.steps_left)
        try:
            expansion = expand(layouts, rules, _makeable, MAX_LINE_VARIANTS, budget)
        except TooManyVariants:
            raise self.in_pattern(f"{where} stands for more than {MAX_LINE_VARIANTS:,} concrete hands", 0) from None
        except TooMuchWork:
            if budget < MAX_LINE_STEPS:
                raise self.in_pattern(
                    f"the card takes more than {MAX_CARD_STEPS:,} steps (assignments of suits, numbers, winds, "
                    "dragons and alternatives) to read",
                    0,
                ) from None
            raise self.in_pattern(
                f"{where} takes more than {MAX_LINE_STEPS:,} steps (assignments of suits, numbers, winds, dragons "
                "and alternatives) to read: give its variables fewer values",
                0,
            ) from None
        self.steps += expansion.steps
        self._check_nothing_lost(layouts, expansion, rules, listed, listed_letters, where, place)
        return Line(
            section,
            number,
            hand,
            value,
            concealed,
            numbers,
            note,
            layouts,
            tuple(expansion.variants),
            suits,
            tuple(sorted(letters.items())),
            label.strip(),
            tuple(expansion.shown),
        )

    def in_pattern(self, problem: str, offset: int) -> CardError:
        start = self.pattern_start
        return self.faults.at(problem, None if start is None else start + offset)

    def _check_nothing_lost(
        self,
        layouts: tuple[Layout, ...],
        expansion: Expansion,
        rules: Rules,
        listed: bool,
        listed_letters: set[str],
        where: str,
        place: Place | None,
    ) -> None:
        """Every part of the line gives at least one hand that can be made: each alternative, each
        listed value of ``numbers`` and of a number variable, each count of suits."""
        faults = self.faults
        never = (
            "it needs more of a tile than the game has "
            "(4 of each, 8 flowers, jokers only in groups of 3 or more identical tiles)"
        )
        if not expansion.variants:
            if not expansion.moved_layouts:
                problem = f"{where}: no value of 'numbers' keeps every number of the line within 1 to 9"
                raise faults.at(problem, _in(place, "numbers"))
            raise self.in_pattern(f"{where} can never be made: {never}", 0)
        for index, layout in enumerate(layouts):
            if index not in expansion.layouts:
                why = (
                    "no value of 'numbers' keeps its numbers within 1 to 9"
                    if index not in expansion.moved_layouts
                    else never
                )
                raise self.in_pattern(
                    f"{where}: the alternative '{layout.text}' never gives a hand: {why}", layout.offset
                )
            for group_index, group in enumerate(layout.groups):
                for choice, alternative in enumerate(group.alternatives):
                    spot = (index, group_index, choice)
                    if len(group.alternatives) > 1 and spot not in expansion.alternatives:
                        why = (
                            never
                            if spot in expansion.moved
                            else "every value of 'numbers' takes one of its numbers outside 1 to 9"
                        )
                        problem = (
                            f"{where}: '{alternative.text}' (one of '{'|'.join(a.text for a in group.alternatives)}') "
                            f"never gives a hand: {why}"
                        )
                        raise self.in_pattern(problem, alternative.offset)
        if listed and rules.numbers is not None:
            for value in rules.numbers:
                if value not in expansion.values:
                    problem = (
                        f"{where}: 'numbers' lets the lowest number be {value}, but then no hand can be made "
                        f"(a number would leave 1 to 9, or {never.split(' (')[0]}): list only the values that give "
                        "a hand"
                    )
                    raise faults.at(problem, _in(place, "numbers"))
        for letter, values in rules.letters.items():
            given = expansion.letters.get(letter, set())
            missing = [value for value in values if value not in given] if letter in listed_letters else []
            if not given or missing:
                what = f"the value {missing[0]}" if missing else "none of its values"
                problem = (
                    f"{where}: {what} of {letter!r} gives no hand that can be made (different number variables "
                    f"take different numbers, and {never.split(' (')[0]})"
                )
                raise faults.at(problem, _in(place, letter))
        if rules.suits is not None:
            for count in sorted(rules.suits):
                if count not in expansion.suit_counts:
                    problem = (
                        f"{where}: no hand of the line in {count} different suit{'s' if count > 1 else ''} can be made"
                    )
                    raise faults.at(problem, _in(place, "suits"))


def _alternatives(layouts: tuple[Layout, ...]) -> list[Alternative]:
    """Every ``|`` alternative of every group of the layouts."""
    return [alt for layout in layouts for group in layout.groups for alt in group.alternatives]


def parse_card(text: str, source: str = "<string>") -> Card:
    """A card from its text (TOML in the card format, ``docs/card_format.rst``; format 1 or 2).

    Raises:
        CardError: the text is not a valid card; the error names the line and column.
    """
    if not isinstance(text, str):
        raise TypeError(f"a card's text is a string, not {describe(text)}")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise CardError(f"the card is larger than {MAX_BYTES // 1024} KiB", source=source)
    faults = _Faults(text, source)
    too_deep = _too_deep(text)
    if too_deep is not None:
        raise faults.at(f"brackets nested more than {MAX_NESTING} deep: a card nests at most 3", too_deep)
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error)) or "malformed TOML"
        line, column = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
        raise CardError(f"not valid TOML: {problem}", source=source, line=line, column=column) from None
    except RecursionError:  # a nesting the scan above did not see: never a crash
        raise CardError("not valid TOML: nested too deeply", source=source) from None
    return _card(document, faults)


def _too_deep(text: str) -> int | None:
    """Where brackets (``[`` ``{``) first nest deeper than :data:`MAX_NESTING`, outside strings
    and comments; ``None`` when they never do. Read before the TOML parser, which recurses."""
    depth = 0
    position = 0
    length = len(text)
    while position < length:
        char = text[position]
        if char in "\"'":
            position = _skip_string(text, position)
            continue
        if char == "#":
            end = text.find("\n", position)
            position = length if end < 0 else end
            continue
        if char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return position
        elif char in "]}":
            depth = max(depth - 1, 0)
        position += 1
    return None


def _card(document: dict[str, Any], faults: _Faults) -> Card:
    card_place = faults.map.card
    _unknown_keys(document, _CARD_KEYS, "the card", card_place, faults)
    version = document.get("format")
    wanted = " or ".join(f"'format = {number}'" for number in reversed(FORMAT_VERSIONS))
    if version is None:
        raise faults.whole(f"the card needs {wanted} (the format's version)")
    if type(version) is not int or version not in FORMAT_VERSIONS:
        problem = f"the card needs {wanted} (the format's version), not {version!r}"
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
    labels: dict[str, Line] = {}
    total_lines = total_variants = 0
    steps_used = 0
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
            line_start = None if line_place is None else line_place.start
            total_lines += 1
            if total_lines > MAX_LINES:
                raise faults.at(f"the card has more than {MAX_LINES} lines", line_start)
            reader = _LineReader(version, faults, MAX_CARD_STEPS - steps_used)
            line = reader.read(table, section_name, number, line_place)
            steps_used += reader.steps
            total_variants += len(line.variants)
            if total_variants > MAX_CARD_VARIANTS:
                raise faults.at(f"the card stands for more than {MAX_CARD_VARIANTS:,} concrete hands", line_start)
            same = labels.get(line.label.casefold())
            if same is not None:
                where = _in(line_place, "label") if line.given_label else line_start
                raise faults.at(f"two lines are labelled {line.label!r} ({same.section} #{same.number} too)", where)
            labels[line.label.casefold()] = line
            lines.append(line)
        sections.append(Section(section_name, tuple(lines)))
    return Card(name, tuple(sections), source=faults.source)


def _read_text(path: str | os.PathLike[str]) -> str:
    """The text of a card file: a regular file of at most :data:`MAX_BYTES`, read without ever
    waiting on a pipe or reading a device without end."""
    source = str(path)
    if "\x00" in os.fspath(path):
        raise CardError("cannot read the card: the path holds a NUL character", source=repr(source))
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise CardError("not a regular file (a folder, a device or a pipe): a card is a text file", source=source)
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise CardError("not a regular file (a device or a pipe): a card is a text file", source=source)
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise CardError(f"cannot read the card: {error.strerror or error}", source=source) from None
    if len(data) > MAX_BYTES:
        raise CardError(f"the card is larger than {MAX_BYTES // 1024} KiB", source=source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CardError("the card is not UTF-8 text", source=source) from None


def load_card(path: str | os.PathLike[str]) -> Card:
    """The card in the file at ``path`` (TOML in the card format, ``docs/card_format.rst``).

    Raises:
        CardError: the file is not a valid card (the error names the line and column), is too
            large, is not a regular file, or cannot be read.
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"a card's path is a str or os.PathLike, not {describe(path)}")
    return parse_card(_read_text(path), source=str(path))


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
    """A card from a :class:`Card`, a path to a card file, the name of a sample card
    (``"sample"``, ``"tutorial"``: :data:`SAMPLE_CARDS`, when no file has that name), or ``None``
    (the full-size sample)."""
    if value is None:
        return sample_card()
    if isinstance(value, Card):
        return value
    if isinstance(value, str) and value in SAMPLE_CARDS and not os.path.exists(value):
        return sample_card(value)
    if isinstance(value, str | os.PathLike):
        return load_card(value)
    raise TypeError(f"card is a Card, a path to a card file, or None, not {describe(value)}")
