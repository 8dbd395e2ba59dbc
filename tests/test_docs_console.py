"""The command lines shown on the documentation pages print what the pages say they print.

Each ``$ mahjong-rules ...`` line of a ``console`` block runs through the command's ``main``; the
lines after it, up to the next ``$`` line, are its expected output (``...`` stands for lines left
out). Pipes, files and background work (``serve``, ``batch``) are shown elsewhere and skipped.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

import mahjong_rules as mr
from mahjong_rules.cli import main

DOCS = Path(__file__).resolve().parent.parent / "docs"
ROOT = DOCS.parent


def _examples() -> list[tuple[str, str, list[str]]]:
    found = []
    for page in sorted(DOCS.glob("*.rst")):
        block: list[str] | None = None
        for line in [*page.read_text(encoding="utf-8").splitlines(), ""]:
            if line.strip() == ".. code-block:: console":
                block = []
                continue
            if block is None:
                continue
            if line and not line.startswith("   "):
                found += _commands(page.name, block)
                block = None
            else:
                block.append(line[3:])
    return found


def _commands(page: str, block: list[str]) -> list[tuple[str, str, list[str]]]:
    commands: list[tuple[str, str, list[str]]] = []
    for line in block:
        if line.startswith("$ "):
            commands.append((page, line[2:], []))
        elif commands:
            commands[-1][2].append(line)
    runnable = []
    for page_name, command, output in commands:
        words = shlex.split(command, comments=True)
        if words[0] != "mahjong-rules" or any(word in ("batch", "serve", "demo") for word in words[1:2]):
            continue
        while output and not output[-1].strip():
            output.pop()
        if output:
            runnable.append((page_name, command, output))
    return runnable


EXAMPLES = _examples()


@pytest.fixture
def toy_pairs() -> Iterator[None]:
    """The toy ruleset of examples/own_ruleset, which the pages show installed as a package."""
    spec = importlib.util.spec_from_file_location("toy_rules", ROOT / "examples" / "own_ruleset" / "toy_rules.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    mr.register_ruleset(module.ToyPairsRuleset)
    yield
    mr.unregister_ruleset("toy-pairs")


def test_the_pages_show_commands() -> None:
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize(("page", "command", "expected"), EXAMPLES, ids=[f"{p}: {c}" for p, c, _ in EXAMPLES])
def test_a_documented_command_prints_what_the_page_shows(
    page: str,
    command: str,
    expected: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    if "toy-pairs" in command:
        request.getfixturevalue("toy_pairs")
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "200")
    words = shlex.split(command, comments=True)[1:]
    with contextlib.suppress(SystemExit):  # --help exits
        main(words)
    captured = capsys.readouterr()
    printed = (captured.out + captured.err).rstrip("\n").splitlines()
    pattern = "\n".join(".*" if line.strip() == "..." else re.escape(line.rstrip()) for line in expected)
    actual = "\n".join(line.rstrip() for line in printed)
    assert re.fullmatch(pattern, actual, flags=re.DOTALL), f"{page}: {command}\n{actual}"
