"""Build step of the docs' "Try it" page (docs/try.rst): put in the built site everything the
page needs to run the library in the browser, so that it needs no network at run time.

- ``_static/try/pyodide/``: Pyodide's runtime, from the npm package pinned in package.json
  (``npm ci`` installs it in ``node_modules/pyodide``). Without it the page says how to get it.
- ``_static/try/wheels/``: a wheel of the library, built from ``src/``, and a wheel of each of its
  dependencies, rebuilt from the files of the installed distribution (both are pure Python).
- ``_static/try/manifest.json``: what the page loads, with sizes, so that it can say how much it
  downloads.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import shutil
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
# The runtime files loadPyodide fetches (source maps left out: only a debugger asks for them).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
DEPENDENCIES = ("attrs", "more-itertools")
# Files of an installed distribution that are no part of its wheel.
_LEFT_OUT = ("__pycache__", ".pyc", "INSTALLER", "REQUESTED", "direct_url.json")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(path: Path, files: dict[str, bytes], dist_info: str) -> None:
    """A wheel at ``path`` holding ``files`` (archive name to bytes) and a RECORD of them."""
    record = [_record_line(name, data) for name, data in sorted(files.items())]
    record.append(f"{dist_info}/RECORD,,")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
        wheel.writestr(f"{dist_info}/RECORD", "\n".join(record) + "\n")


def _library_wheel(folder: Path, version: str) -> Path:
    package = ROOT / "src" / "mahjong_rules"
    files = {
        f"mahjong_rules/{path.relative_to(package).as_posix()}": path.read_bytes()
        for path in sorted(package.rglob("*"))
        if path.is_file() and not any(part in str(path) for part in _LEFT_OUT)
    }
    dist_info = f"mahjong_rules-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: mahjong-rules\nVersion: {version}\n"
        + "".join(f"Requires-Dist: {name}\n" for name in DEPENDENCIES)
    ).encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: docs/_try_build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    path = folder / f"mahjong_rules-{version}-py3-none-any.whl"
    _write_wheel(path, files, dist_info)
    return path


def _dependency_wheel(folder: Path, name: str) -> Path:
    distribution = importlib.metadata.distribution(name)
    files = {}
    dist_info = ""
    for entry in distribution.files or ():
        text = entry.as_posix()
        if text.startswith("..") or any(part in text for part in _LEFT_OUT) or text.endswith("/RECORD"):
            continue
        if ".dist-info/" in text:
            dist_info = text.split("/", 1)[0]
        files[text] = Path(str(distribution.locate_file(entry))).read_bytes()
    normalized = distribution.metadata["Name"].replace("-", "_")
    path = folder / f"{normalized}-{distribution.version}-py3-none-any.whl"
    _write_wheel(path, files, dist_info or f"{normalized}-{distribution.version}.dist-info")
    return path


def build(outdir: Path, version: str) -> dict[str, object]:
    """Fill ``outdir/_static/try`` and return its manifest."""
    target = outdir / "_static" / "try"
    wheels = target / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir(parents=True)
    built = [_library_wheel(wheels, version), *(_dependency_wheel(wheels, name) for name in DEPENDENCIES)]
    runtime = target / "pyodide"
    shutil.rmtree(runtime, ignore_errors=True)
    pyodide_version = None
    files = [{"path": f"wheels/{path.name}", "bytes": path.stat().st_size} for path in built]
    if all((PYODIDE_PACKAGE / name).is_file() for name in PYODIDE_FILES):
        runtime.mkdir()
        pyodide_version = json.loads((PYODIDE_PACKAGE / "package.json").read_text("utf-8"))["version"]
        for name in PYODIDE_FILES:
            shutil.copy2(PYODIDE_PACKAGE / name, runtime / name)
            files.append({"path": f"pyodide/{name}", "bytes": (runtime / name).stat().st_size})
    manifest: dict[str, object] = {
        "library": version,
        "pyodide": pyodide_version,
        "wheels": [f"wheels/{path.name}" for path in built],
        "files": files,
        "bytes": sum(int(str(entry["bytes"])) for entry in files),
    }
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", "utf-8")
    return manifest
