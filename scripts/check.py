"""Run every check of the project, in the order CI runs them; exit non-zero if any fails.

Usage: ``python scripts/check.py`` from the repository root, in an environment where the
``dev`` extra is installed (see the README). Each tool runs with this interpreter, so the
checks use the environment's pinned versions.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHECKS: list[tuple[str, list[str]]] = [
    ("ruff check", [sys.executable, "-m", "ruff", "check", "."]),
    ("ruff format", [sys.executable, "-m", "ruff", "format", "--check", "."]),
    ("mypy --strict", [sys.executable, "-m", "mypy", "--strict", "src", "tests", "examples"]),
    ("sphinx-build -W", [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "docs", "docs/_build"]),
    # pytest runs last so that its summary line closes the output.
    ("pytest", [sys.executable, "-m", "pytest", "-q", "-n", "auto"]),
]


# What each check is doing while it prints nothing (mypy and sphinx take tens of seconds).
WHAT = {
    "mypy --strict": "type-checking the sources, tests and examples",
    "sphinx-build -W": "building the docs, warnings as errors",
    "pytest": "the tests and the doctests of the sources, README and docs, on every core (a few minutes)",
}


def main() -> int:
    failed = []
    started = time.monotonic()
    for number, (name, command) in enumerate(CHECKS, start=1):
        doing = f": {WHAT[name]}" if name in WHAT else ""
        print(f"== [{number}/{len(CHECKS)}] {name}{doing}", flush=True)
        begun = time.monotonic()
        ok = subprocess.run(command, cwd=ROOT, check=False).returncode == 0
        print(f"   {name}: {'passed' if ok else 'FAILED'} in {time.monotonic() - begun:.0f} s", flush=True)
        if not ok:
            failed.append(name)
    elapsed = time.monotonic() - started
    if failed:
        print(f"FAILED: {', '.join(failed)} ({elapsed:.0f} s)", file=sys.stderr)
        return 1
    print(f"all {len(CHECKS)} checks passed in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
