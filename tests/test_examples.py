"""The scripts in examples/ run and print what they promise."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

import mahjong_rules as mr

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ROOT = EXAMPLES.parent


def test_notation_tour(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / "notation_tour.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "canonical: 222B 55B 333444C [777C@W]" in out
    assert "canonical: 3333D 666D 9999D GD GD GD" in out  # 0B is the Green dragon (ruling T1)
    assert "canonical: 789B 123C 456D EE" in out  # mpsz: s = Bams, m = Craks, p = Dots
    assert "fits the Singapore tile set" in out  # the hand with a Cat and a red flower
    assert "refused: not possible in the American tile set: 5th 1B, the set has 4" in out


def run_example(*args: str, env: dict[str, str] | None = None, status: int = 0) -> str:
    """Run an example with this interpreter (the venv's), from the repository root; its output."""
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == status, done.stderr
    return done.stdout + done.stderr


def amounts(line: str) -> list[int]:
    """The four signed amounts that end a row of the payout bot's table (East, South, West, North)."""
    return [int(amount) for amount in line.split()[-4:]]


def test_payout_bot_built_in_hands() -> None:
    out = run_example("examples/payout_bot.py")
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    # README: the Flex hand won on South's discard pays East 12 in all (3 points, discarder double).
    assert amounts(rows["1"]) == [12, -6, -3, -3]
    assert "flex" in rows["1"]
    assert amounts(rows["2"]) == [16, -8, -4, -4]  # Singapore: 2 doubles, 1 x 2 x 2 = 4, discarder 8
    assert amounts(rows["3"]) == [-25, 100, -50, -25]  # the sample card's 2468 #1 (25), West discards
    assert amounts(rows["4"]) == [-180, -180, 540, -180]  # Card-Free 90 doubled self-drawn, each pays
    assert amounts(rows["5"]) == [0, 0, 0, 0]  # not Mahjong: three suits
    assert amounts(rows["6"]) == [-8, -8, -8, 24]  # North self-drawn: RF1 is not North's flower
    for number in "123456":
        assert sum(amounts(rows[number])) == 0
    assert amounts(rows["totals"]) == [-185, -102, 475, -188]
    assert [sum(column) for column in zip(*(amounts(rows[n]) for n in "123456"), strict=True)] == [
        -185,
        -102,
        475,
        -188,
    ]
    assert "hand 5: not Mahjong, no payments (three suits: Bams, Craks, Dots)" in out


def test_payout_bot_reads_a_file_and_skips_bad_lines(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(
        "# a comment, then a blank line\n\n"
        "flex | 333C 44B 555C 666C 777C | W | N\n"
        "flex | 333C 44B 555C 666C 7C Sopa | E | S\n"
        "riichi | 123m 456m 789m 123p 11s | E | S\n"
        "card-free | 333D 5555D 7777D 999D | S | E\n",
        encoding="utf-8",
    )
    out = run_example("examples/payout_bot.py", str(hands), status=1)
    assert "line 4: skipped: unknown token 'Sopa'" in out
    assert "line 5: skipped: unknown ruleset 'riichi'" in out
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip() and not line.startswith("line")}
    assert amounts(rows["1"]) == [-3, -3, 12, -6]  # West wins, North discards: North pays double
    assert amounts(rows["2"]) == [-180, 360, -90, -90]  # Card-Free 90 on East's discard
    assert amounts(rows["totals"]) == [-183, 357, -78, -96]


def test_game_loop_is_seeded_and_settles_the_win() -> None:
    out = run_example("examples/game_loop.py", "--seed", "7")
    assert out == run_example("examples/game_loop.py", "--seed", "7")  # the same seed, the same game
    assert "seed 7: 100 tiles in the wall after the deal" in out  # 152 tiles, 4 hands of 13
    assert "turn 71: West discards RD: Mahjong for South!" in out
    assert "Mahjong in nmjl, 30 points" in out
    # A 30-point line with jokers (not doubled) on West's discard: West pays 60, the others 30.
    assert out.endswith("net: East -30, South +120, West -60, North -30\n")


def test_game_loop_wall_game() -> None:
    out = run_example("examples/game_loop.py", "--seed", "1", "--verbose")
    turn = re.compile(r"^turn \d+: \w+ draws \S+, discards \S+ \(\d+ away\)$", re.MULTILINE)
    assert len(turn.findall(out)) == 100  # the 100 tiles of the wall after the deal, each drawn
    assert out.endswith("turn 100: the wall is empty: a wall game, nobody pays\n")


def test_own_card() -> None:
    out = run_example("examples/own_card/check_my_card.py")
    assert "Kitchen table card: 4 sections, 7 lines" in out
    assert "44B 666B 8888B 222C FF         50 points: Evens #1" in out  # no jokers: doubled
    assert "444D 55D 666D 777C J RD RD     25 points: Runs #1" in out  # numbers 1-6 moves the run
    assert "FFF NNNN RD RD RD J WD WD WD   30 points: Winds and Dragons #2" in out
    assert "44B 666B 8888B 222B FF         no: the hand matches no line" in out  # y is another suit
    assert "FF 123B 456C 789D EEE          70 points: Runs #2" in out
    assert "is a concealed line: it allows no exposed set (ruling N4)" in out
    assert "Runs #1: 111x 22x 333x 4444y DDy (X 25): 1 away, needs 3D" in out
    assert out.endswith("net: East -25, South -25, West +100, North -50\n")


def test_own_card_has_invented_lines_only() -> None:
    card = mr.load_card(EXAMPLES / "own_card" / "my_card.toml")
    assert 5 <= len(card.lines) <= 8
    assert "not the National Mah Jongg League's card" in (EXAMPLES / "own_card" / "my_card.toml").read_text()


def test_own_ruleset_through_its_entry_point(tmp_path: Path) -> None:
    """What ``pip install ./examples/own_ruleset`` leaves for importlib.metadata to find, without
    network or a build: a dist-info directory with the package's entry points, on sys.path."""
    project = tomllib.loads((EXAMPLES / "own_ruleset" / "pyproject.toml").read_text(encoding="utf-8"))
    entry_points = project["project"]["entry-points"][mr.ENTRY_POINT_GROUP]
    assert entry_points == {"toy-pairs": "toy_rules:ToyPairsRuleset"}
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(EXAMPLES / "own_ruleset")])}
    assert "toy-pairs is not installed" in run_example("examples/own_ruleset/use_it.py", env=env, status=1)

    dist_info = tmp_path / "toy_rules-0.1.dist-info"
    dist_info.mkdir()
    name, version = project["project"]["name"], project["project"]["version"]
    (dist_info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    (dist_info / "entry_points.txt").write_text(f"[{mr.ENTRY_POINT_GROUP}]\n{lines}")
    listed = run_example("-c", "import mahjong_rules as mr; print(mr.available_rulesets())", env=env)
    assert "'toy-pairs'" in listed
    out = run_example("examples/own_ruleset/use_it.py", env=env)
    assert "toy-pairs: a ToyPairsRuleset from toy_rules, a Ruleset: True" in out
    assert "Mahjong in toy-pairs, 14 points (seven pairs: +14)" in out  # pair_value=2
    assert "net: East -28, South +56, West -14, North -14" in out  # East discarded: double
    assert "11B 55B 33C 99C 22D RD NN: 1 away, waits for RD" in out
    assert "refused: invalid option for 'toy-pairs': 'pair_value' must be >= 1: 0" in out


def read_notebook() -> Any:
    """The example notebook, as nbformat reads it (its ``read`` is untyped)."""
    read: Callable[..., Any] = nbformat.read
    return read(EXAMPLES / "notebook.ipynb", as_version=4)


def test_notebook_is_committed_without_outputs() -> None:
    notebook = read_notebook()
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == []
            assert cell.execution_count is None


def test_notebook_runs() -> None:
    notebook = read_notebook()
    client = NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(EXAMPLES)}}
    )
    client.execute()  # raises CellExecutionError when a cell raises
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    assert not [output for output in outputs if output.output_type == "error"]
    text = "".join(output.get("text", "") + output.get("data", {}).get("text/plain", "") for output in outputs)
    assert "44B 333C 555666777C: Mahjong in flex, 3 points" in text
    assert "not Mahjong in flex (three suits: Bams, Craks, Dots)" in text
    assert "net: East +12, South -6, West -3, North -3" in text
    assert "Runs #1: 111x 22x 333x 4444y DDy (X 25): 1 away, needs 3D" in text
    assert "Mahjong in singapore, 2 doubles" in text
    kinds = {kind for output in outputs for kind in output.get("data", {})}
    if hasattr(mr.Hand, "_repr_svg_"):  # the pictures: hands as SVG, evaluations and settlements as HTML
        assert {"image/svg+xml", "text/html"} <= kinds
        html = "".join(output.get("data", {}).get("text/html", "") for output in outputs)
        assert "<strong>Mahjong</strong> in flex: 3 points" in html
        # Issue 22: a card, its closest lines and a hand's discard options are tables.
        assert all(kind in html for kind in ("mahjong-card", "mahjong-line-distances", "mahjong-discard-options"))


def test_greedy_bot_plays_rounds_to_their_end() -> None:
    """The greedy bot example: every round ends (a win or a wall game), the bot's record is
    reported, and the totals over the rounds sum to zero (every payment has a payer)."""
    output = run_example("examples/greedy_bot.py", "--rounds", "4", "--seed", "1")
    rounds = [line for line in output.splitlines() if line.startswith("round ")]
    assert len(rounds) == 4
    assert all(line.endswith("actions") and ("wins" in line or "wall game" in line) for line in rounds)
    assert "the greedy bot (East) won" in output
    totals = output.splitlines()[-1].removeprefix("totals: ").split(", ")
    assert sum(int(entry.split()[1]) for entry in totals) == 0


def test_protocol_table_plays_a_round_through_the_server() -> None:
    """The referee over a pipe plays the round the library plays in process with the same seeded
    choices over the same views (seed 29 is a won round: North's), and the table prints its
    result."""
    import random

    from mahjong_rules.engine import new_round

    out = run_example("examples/protocol_table.py", "--ruleset", "singapore", "--seed", "29")
    round_ = new_round("singapore", seed=29)
    rng = random.Random(29)
    while not round_.is_over:
        round_ = round_.apply(rng.choice(list(round_.view(round_.to_act[0]).legal)))
    assert round_.result is not None
    assert round_.result.winner is mr.Seat.NORTH
    net = ", ".join(f"{seat.name.title()} {amount:+d}" for seat, amount in round_.result.payments.items())
    assert f"singapore, seed 29: {len(round_.actions)} actions, {2 * len(round_.actions) + 2} requests" in out
    assert out.endswith(f"won by North; net: {net}\n")
