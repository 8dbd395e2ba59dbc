"""The docs' "Try it" page (issue 23): its Python half (docs/_static/try/try_page.py) answers as
the library does, and its build step (docs/_try_build.py) ships wheels that hold a working
library. The page itself, in Pyodide, is checked in a headless browser by
scripts/check_docs_browser.mjs against the library's answers in Python."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mahjong_rules as mr

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _module(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


try_page = _module(DOCS / "_static" / "try" / "try_page.py", "try_page")
try_build = _module(DOCS / "_try_build.py", "_try_build")


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(try_page.answer(json.dumps(request)))
    return answer


@pytest.mark.parametrize(
    ("ruleset", "hand", "context", "discarder"),
    [
        ("flex", "333C 44B 555C 666C 777C", {}, "W"),
        ("card-free", "333D 5555D 7777D 999D", {"self_drawn": True}, None),
        ("nmjl", "22B 4444B 66B 888B J GD GD", {}, "S"),
        ("singapore", "123C 456C 789C 234D 55B RF1 Cat", {"winning_tile": "5B"}, "N"),
    ],
)
def test_the_page_evaluates_and_settles_as_the_library(
    ruleset: str, hand: str, context: dict[str, Any], discarder: str | None
) -> None:
    answer = ask(ruleset=ruleset, hand=hand, context=context, discarder=discarder)
    built: Any = mr.get_ruleset(ruleset)
    evaluation = built.evaluate(hand, {**context, "seat_wind": "E"})
    assert answer["ok"] is True
    assert answer["evaluation"]["text"] == str(evaluation)
    assert answer["evaluation"]["is_winning"] is True
    settlement = built.settle(evaluation, discarder=None if context.get("self_drawn") else discarder)
    assert answer["settlement"]["text"] == str(settlement)
    assert answer["analysis"]["tiles_away"] == 0
    assert "<table" in answer["analysis"]["discards_html"]


def test_the_page_analyses_a_hand_waiting_and_ranks_a_card() -> None:
    answer = ask(ruleset="singapore", hand="123C 456C 789C 234D 5B")
    assert answer["evaluation"]["is_winning"] is False
    assert (answer["analysis"]["tiles_away"], answer["analysis"]["waits"]) == (1, ["5B"])
    tutorial: Any = mr.get_ruleset("nmjl", card="tutorial")
    answer = ask(ruleset="nmjl", hand="22B 4444B 66B 888B GD GD", options={"card": "tutorial"})
    assert answer["analysis"]["closest"] == [
        str(line) for line in tutorial.closest_lines("22B 4444B 66B 888B GD GD", limit=5)
    ]


def test_a_card_file_of_ones_own_is_read_and_its_faults_named() -> None:
    text = mr.sample_card("tutorial").source
    card_text = (Path(mr.__file__).parent / "cards" / "tutorial.toml").read_text("utf-8")
    assert text == "sample:tutorial"
    answer = ask(
        ruleset="nmjl", hand="22B 4444B 66B 888B GD GD", options={"card_text": card_text, "card_name": "mine.toml"}
    )
    assert answer["ok"] is True
    broken = ask(ruleset="nmjl", hand="22B", options={"card_text": "name = ", "card_name": "mine.toml"})
    assert (broken["ok"], broken["field"]) == (False, "options")
    assert "mine.toml" in broken["message"]


@pytest.mark.parametrize(
    ("request_", "field", "error"),
    [
        ({"ruleset": "flex", "hand": "333C 44B 555X"}, "hand", mr.NotationError),
        ({"ruleset": "flex", "hand": "1B 1B 1B 1B 1B"}, "hand", mr.TileSetError),
        ({"ruleset": "singapore", "hand": "123C", "context": {"winning_tile": "9X"}}, "context", mr.NotationError),
    ],
)
def test_a_problem_is_the_library_message_next_to_its_field(
    request_: dict[str, Any], field: str, error: type[Exception]
) -> None:
    answer = ask(**request_)
    assert (answer["ok"], answer["field"], answer["type"]) == (False, field, error.__name__)
    ruleset = mr.get_ruleset(request_["ruleset"])

    def library() -> None:
        hand = mr.Hand.parse(request_["hand"], ruleset.tileset)
        ruleset.evaluate(hand, mr.WinContext(**request_.get("context", {})))

    with pytest.raises(error) as raised:
        library()
    assert answer["message"] == str(raised.value)


def test_the_palette_offers_every_tile_of_the_ruleset_once() -> None:
    for name in mr.available_rulesets():
        shown = try_page.palette(name)
        tokens = [part.split('"', 1)[0] for part in shown.split('data-token="')[1:]]
        assert tokens == [tile.token for tile in mr.get_ruleset(name).tileset.tiles]
        assert shown.count("<svg") == len(tokens)


def test_the_built_wheels_hold_a_library_that_works_alone(tmp_path: Path) -> None:
    """The wheels the docs build ships to the page: the library (from src/) and its
    dependencies, unpacked alone into a folder, evaluate a hand (in a fresh interpreter, with
    nothing else on the path)."""
    manifest = try_build.build(tmp_path, mr.__version__)
    folder = tmp_path / "site"
    for wheel in manifest["wheels"]:
        with zipfile.ZipFile(tmp_path / "_static" / "try" / wheel) as archive:
            assert any(name.endswith(".dist-info/RECORD") for name in archive.namelist())
            archive.extractall(folder)
    assert manifest["bytes"] == sum(entry["bytes"] for entry in manifest["files"])
    code = (
        "import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p and 'src' not in p];"
        f"sys.path.insert(0, {str(folder)!r}); import mahjong_rules as mr; "
        "assert mr.__file__.startswith(sys.path[0]), mr.__file__; "
        "print(mr.get_ruleset('flex').evaluate('333C 44B 555C 666C 777C').points)"
    )
    run = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, check=False, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "3"
