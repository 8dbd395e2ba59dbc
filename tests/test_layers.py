"""The package's layers: value types at the bottom, the text and JSON converters above them, and
nothing below importing what is above (issue 13 untangled the import circle among ``tiles``,
``_tokenizer``, ``notation``, ``melds``, ``hand`` and ``tilesets``).

Every import a module makes when it runs counts, at the top or inside a function; imports under
``if TYPE_CHECKING:`` are for the type checker only and do not. The exceptions load a layer above
on demand, never when the module loads: the Jupyter hooks (``_repr_svg_``, ``_repr_html_``), which
load the pictures when a notebook asks an object for its picture, and ``serialize``'s
``_engine_documents``, which loads the engine's JSON documents (a seat's view, an action) when one
is read or written.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "mahjong_rules"

# Bottom first; a module may import only modules of earlier layers.
LAYERS: list[set[str]] = [
    {"errors", "_text", "_codec", "_json_text", "_version"},
    {"tiles"},
    {"_coerce"},
    {"melds"},
    {"hand"},
    {"tilesets"},
    {"ruleset", "_tokenizer", "_options"},
    {"notation", "settling", "registry"},
    {"solver"},  # a package: the solver
    {"rulesets"},  # a package: the rulesets
    {"serialize"},
    {"engine"},  # a package: playable rounds
    {"service", "pictures", "batch"},
    {"cli"},
]
LAYER_OF = {module: depth for depth, modules in enumerate(LAYERS) for module in modules}
ON_DEMAND = {"_repr_svg_", "_repr_html_", "_engine_documents"}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(module: str) -> set[str]:
    """The package modules ``module`` imports when it runs (first component after the package)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for statement in node.orelse:
                visit(statement)
            return
        if isinstance(node, ast.FunctionDef) and node.name in ON_DEMAND:
            return
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module == "mahjong_rules":
                found.update(alias.name for alias in node.names)
            elif node.module.startswith("mahjong_rules."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("mahjong_rules."):
                    found.add(alias.name.split(".")[1])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    found.discard(module)
    return found


@pytest.mark.parametrize("module", sorted(name for name in LAYER_OF if (PACKAGE / f"{name}.py").exists()))
def test_a_module_imports_only_what_is_below_it(module: str) -> None:
    above = {name for name in runtime_imports(module) if LAYER_OF.get(name, len(LAYERS)) >= LAYER_OF[module]}
    assert not above, f"{module} (layer {LAYER_OF[module]}) imports {sorted(above)}"


def test_the_value_types_do_not_import_the_notation() -> None:
    """The six modules of the old import circle: the value types reach the notation only through
    the registry the notation fills in (``_codec``)."""
    for module in ("tiles", "melds", "hand", "tilesets"):
        assert not runtime_imports(module) & {"notation", "_tokenizer", "serialize"}, module


def test_the_notation_is_registered_for_the_value_types() -> None:
    import mahjong_rules as mr
    from mahjong_rules import _codec

    assert _codec.text().parse_hand("123B", None) == mr.Hand.parse("123B")
    assert mr.Meld.parse("[J 5C 5C]").format() == "[55C J]"
