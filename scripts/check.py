"""Run every check of the project, in the order CI runs them; exit non-zero if any fails.

Usage: ``python scripts/check.py`` from the repository root, in an environment where the
``dev`` extra is installed (see the README). Each tool runs with this interpreter, so the
checks use the environment's pinned versions.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHECKS: list[tuple[str, list[str]]] = [
    ("ruff check", [sys.executable, "-m", "ruff", "check", "."]),
    ("ruff format", [sys.executable, "-m", "ruff", "format", "--check", "."]),
    ("mypy --strict", [sys.executable, "-m", "mypy", "--strict", "src", "tests", "examples"]),
    ("sphinx-build -W", [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "docs", "docs/_build"]),
    # pytest runs last so that its summary line closes the output.
    ("pytest", [sys.executable, "-m", "pytest", "-q"]),
]


def main() -> int:
    failed = []
    for name, command in CHECKS:
        print(f"== {name}", flush=True)
        if subprocess.run(command, cwd=ROOT, check=False).returncode != 0:
            failed.append(name)
    if failed:
        print(f"FAILED: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
