"""The scripts in examples/ run and print what they promise."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_notation_tour(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / "notation_tour.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "canonical: 222B 55B 333444C [777C@W]" in out
    assert "canonical: 3333D 666D 9999D GD GD GD" in out  # 0B is the Green dragon (ruling T1)
    assert "canonical: 789B 123C 456D EE" in out  # mpsz: s = Bams, m = Craks, p = Dots
    assert "fits the Singapore tile set" in out  # the hand with a Cat and a red flower
    assert "refused: not possible in the American tile set: 5th 1B, the set has 4" in out
