"""The invented sample card through the independent references: each line's concrete hands read by
the blind format-2 reference (``tests/card_reference.py``) from the card file's own keys, a hand's
tiles away from each line and its points by ``tests/nmjl_reference.py`` (ruling N4, N5)."""

from __future__ import annotations

import importlib.resources
import tomllib
from dataclasses import dataclass

import mahjong_rules as mr
from tests.card_reference import read_line
from tests.nmjl_reference import Target, is_singles_and_pairs, reference_away, reference_points


@dataclass(frozen=True)
class SampleLine:
    """A line of the sample card as the references read it: its label, value, C or X, and its
    concrete hands by the blind format-2 reference (``tests/card_reference.py``), from the file's
    own keys."""

    label: str
    value: int
    concealed: bool
    targets: tuple[Target, ...]


def sample_card_lines() -> list[SampleLine]:
    text = importlib.resources.files("mahjong_rules").joinpath("cards", "sample.toml").read_text(encoding="utf-8")
    found = []
    for section in tomllib.loads(text)["section"]:
        for number, keys in enumerate(section["lines"], 1):
            reading = read_line(keys)
            assert reading.refused is None, (keys, reading.refused)
            targets = tuple(list(hand) for hand in sorted(reading.hands))
            found.append(
                SampleLine(f"{section['name']} #{number}", keys["value"], keys.get("concealed", False), targets)
            )
    return found


def line_away(hand: mr.Hand, line: SampleLine) -> int | None:
    """The line's tiles away by the reference: the best of its concrete hands (exposures each a
    whole group, ruling N4; none on a concealed line)."""
    if line.concealed and hand.exposed:
        return None
    aways = [away for target in line.targets if (away := reference_away(hand, target)) is not None]
    return min(aways) if aways else None


def sample_points(hand: mr.Hand, lines: list[SampleLine]) -> int | None:
    """The hand's worth on the sample card: its best winning line's points (rulings N5, T3), or
    ``None`` when it wins no line (or is not 14 tiles)."""
    if len(hand) != 14:
        return None
    won = [
        reference_points(hand, line.value, is_singles_and_pairs(line.targets))
        for line in lines
        if line_away(hand, line) == 0
    ]
    return max(won) if won else None
