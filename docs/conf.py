"""Sphinx configuration of the mahjong_rules documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html`` from the repository
root. The package is installed (editable) in the development environment; putting ``../src`` on
the path as well lets the docs build from a plain checkout.
"""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import Any

_SRC = Path(__file__).resolve().parent.parent / "src"
if _SRC.is_dir() and str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))

import mahjong_rules  # noqa: E402

# -- project --------------------------------------------------------------------------------------

project = "mahjong_rules"
author = "The mahjong_rules developers"
copyright = "The mahjong_rules developers, MIT licence"
release = mahjong_rules.__version__
version = ".".join(release.split(".")[:2])

# -- general --------------------------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "_static/try/*.py"]
nitpicky = False
language = "en"

# -- autodoc and napoleon -------------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_class_signature = "mixed"

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = False
napoleon_use_rtype = False

# -- HTML -----------------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"mahjong_rules {release}"
html_static_path = ["_static"]
# The mahjong tile glyphs of code blocks, from a font subset shipped with the docs (_static/tiles.css).
html_css_files = ["tiles.css"]


# -- local tweaks ---------------------------------------------------------------------------------
#
# Napoleon reads the first line of an attribute or property docstring as "type: description" and
# splits it at the first colon. The library's property docstrings are plain sentences that often
# contain a colon ("The suit's letter in canonical tokens: ``B``, ``C`` or ``D``."), so for those
# the docstring is kept exactly as written.

_PLAIN_DOCSTRINGS = frozenset({"attribute", "property", "data"})
_original_docstrings: dict[str, list[str]] = {}


def _remember_docstring(app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    if what in _PLAIN_DOCSTRINGS:
        _original_docstrings[name] = list(lines)


def _restore_docstring(app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    original = _original_docstrings.pop(name, None)
    if original is not None:
        lines[:] = original


def _hide_constructor_signature(
    app: Any, what: str, name: str, obj: object, options: Any, signature: str | None, annotation: str
) -> tuple[str, str] | None:
    """Enums and protocols are not built by calling them: show no ``(value)`` or ``(*args)``."""
    if what == "class" and (isinstance(obj, enum.EnumMeta) or getattr(obj, "_is_protocol", False)):
        return "", ""
    return None


# The :tile: role shows a tile as the library's own picture (an inline SVG from
# ``mahjong_rules.pictures.tile_svg``): ``:tile:`3B```. The Unicode mahjong glyphs show as empty
# boxes on most machines, so prose and tables never use them; scripts/check_docs_browser.mjs
# fails on a glyph outside a code block.

_TILE_PICTURE_WIDTH = 28


def _tile_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None
) -> tuple[list[Any], list[Any]]:
    from docutils import nodes

    from mahjong_rules import pictures

    inliner.document.settings.env.note_dependency(pictures.__file__)
    try:
        svg = pictures.tile_svg(text, width=_TILE_PICTURE_WIDTH)
    except ValueError as error:
        message = inliner.reporter.error(f"not a tile: {text!r} ({error})", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    html = f'<span class="tile-picture" style="display: inline-block; vertical-align: middle">{svg}</span>'
    return [nodes.raw(rawtext, html, format="html")], []


# The ``mahjong-picture`` directive shows pictures the library draws at build time
# (docs/pictures.rst): its content is Python run with ``mr`` (the library) and ``pictures``
# (mahjong_rules.pictures) imported, and the text its last line evaluates to (SVG or HTML) is
# put in the page as it is.


def _picture_directive() -> type:
    import ast

    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    from mahjong_rules import pictures

    class PictureDirective(SphinxDirective):
        has_content = True

        def run(self) -> list[Any]:
            source = self.get_source_info()[0]
            namespace: dict[str, Any] = {"mr": mahjong_rules, "pictures": pictures}
            try:
                code = ast.parse("\n".join(self.content), source)
                last = code.body.pop() if code.body else None
                if not isinstance(last, ast.Expr):
                    raise ValueError("the last line must be an expression giving the SVG or HTML text")
                exec(compile(code, source, "exec"), namespace)
                shown = eval(compile(ast.Expression(last.value), source, "eval"), namespace)
                if not isinstance(shown, str):
                    raise TypeError(f"the last line gives {type(shown).__name__}, not the SVG or HTML text")
            except Exception as error:
                raise self.error(f"mahjong-picture: {error}") from error
            self.env.note_dependency(pictures.__file__)
            return [nodes.raw("", f'<div class="mahjong-picture">{shown}</div>', format="html")]

    return PictureDirective


def _build_try_page(app: Any, exception: Exception | None) -> None:
    """The "Try it" page's runtime and wheels, into the built site (docs/_try_build.py)."""
    if exception is None and app.builder.format == "html":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        try:
            import _try_build
        finally:
            sys.path.pop(0)
        _try_build.build(Path(app.outdir), mahjong_rules.__version__)


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", _build_try_page)
    app.add_role("tile", _tile_role)
    app.add_directive("mahjong-picture", _picture_directive())
    # Napoleon's own handler runs at the default priority, 500.
    app.connect("autodoc-process-docstring", _remember_docstring, priority=400)
    app.connect("autodoc-process-docstring", _restore_docstring, priority=600)
    app.connect("autodoc-process-signature", _hide_constructor_signature)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
