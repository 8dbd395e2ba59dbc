"""Finding rulesets by name: the library's own, those registered at run time, and those other
packages register through the ``mahjong_rules.rulesets`` entry point group.

A ruleset class has a ``name`` (a string), an ``Options`` attrs class whose annotated fields are
its options with their defaults, and a constructor taking one ``Options`` instance. Its instances
provide the :class:`~mahjong_rules.Ruleset` protocol. To make one available to every user of an
installed package, name the class in that package's metadata::

    [project.entry-points."mahjong_rules.rulesets"]
    toy = "toy_mahjong:ToyRuleset"

Built-in rulesets take precedence over a third-party ruleset of the same name.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from typing import Any

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules._options import build_options
from mahjong_rules.errors import RulesetError, UnknownRulesetError
from mahjong_rules.ruleset import POINTS_UNITS, Ruleset

__all__ = [
    "ENTRY_POINT_GROUP",
    "available_rulesets",
    "get_ruleset",
    "register_ruleset",
    "ruleset_class",
    "unregister_ruleset",
]

ENTRY_POINT_GROUP = "mahjong_rules.rulesets"
"""The entry point group through which other packages register rulesets."""

# name -> "module:Class" of the library's own rulesets, imported only when asked for. A ruleset
# is listed here only once it works (no placeholders).
_BUILTIN: dict[str, str] = {
    "card-free": "mahjong_rules.rulesets.card_free:CardFreeRuleset",
    "flex": "mahjong_rules.rulesets.flex:FlexRuleset",
    "nmjl": "mahjong_rules.rulesets.nmjl:NmjlRuleset",
    "singapore": "mahjong_rules.rulesets.singapore:SingaporeRuleset",
}

_registered: dict[str, type[Any]] = {}


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(entry_point.name, entry_point)
    return found


def available_rulesets() -> tuple[str, ...]:
    """The names of every ruleset that :func:`get_ruleset` can build, sorted.

    >>> isinstance(available_rulesets(), tuple)
    True
    """
    return tuple(sorted(set(_BUILTIN) | set(_registered) | set(_entry_points())))


def _check_ruleset_class(cls: Any, name: str, source: str) -> type[Any]:
    if not isinstance(cls, type):
        raise RulesetError(f"{source} for ruleset {name!r} is not a class: {cls!r}")
    options = getattr(cls, "Options", None)
    if not (isinstance(options, type) and attrs.has(options)):
        raise RulesetError(f"{source} for ruleset {name!r}: {cls.__name__}.Options must be an attrs class")
    declared = getattr(cls, "name", None)
    if declared != name:
        raise RulesetError(f"{source} registers {cls.__name__} as {name!r}, but its name is {declared!r}")
    return cls


def _load(entry_point: importlib.metadata.EntryPoint) -> type[Any]:
    source = f"entry point {entry_point.value!r}"
    try:
        loaded = entry_point.load()
    except Exception as error:  # any import failure of a third-party package
        raise RulesetError(f"ruleset {entry_point.name!r} from {source} could not be loaded: {error}") from error
    return _check_ruleset_class(loaded, entry_point.name, source)


def _canonical_name(name: str) -> str:
    """The registered spelling of ``name``: names are case-insensitive, like the notation."""
    if not isinstance(name, str):
        raise TypeError(f"a ruleset name is a string, not {describe(name)}")
    if name in _BUILTIN or name in _registered:
        return name
    wanted = name.strip().casefold()
    for known in (*_BUILTIN, *_registered):
        if known.casefold() == wanted:
            return known
    for known in _entry_points():
        if known == name or known.casefold() == wanted:
            return known
    return name


def ruleset_class(name: str) -> type[Any]:
    """The class registered as ``name``, case-insensitive (its ``Options`` describe the options).

    Raises:
        UnknownRulesetError: no ruleset has that name.
        RulesetError: a third-party ruleset could not be loaded.
    """
    name = _canonical_name(name)
    if name in _BUILTIN:
        module_name, _, class_name = _BUILTIN[name].partition(":")
        return getattr(importlib.import_module(module_name), class_name)  # type: ignore[no-any-return]
    if name in _registered:
        return _registered[name]
    entry_point = _entry_points().get(name)
    if entry_point is None:
        raise UnknownRulesetError(name, available_rulesets())
    return _load(entry_point)


def get_ruleset(name: str, **options: Any) -> Ruleset:
    """The ruleset registered as ``name`` (case-insensitive), built with ``options``.

    Options are keyword arguments with documented defaults; each is checked against its declared
    type before the ruleset is built. Rulesets are immutable: the same name and options give the
    same object (the last 64 built are kept), so its tables and memos stay warm; a ruleset pickled
    loads as that object too.

    >>> get_ruleset("Flex").name
    'flex'

    Raises:
        UnknownRulesetError: no ruleset has that name; the error lists the available ones.
        OptionError: an unknown option or a bad value; the error lists the valid options.
        RulesetError: a third-party ruleset could not be loaded.
    """
    cls = ruleset_class(name)
    if not options:
        default = _built_defaults.get(cls)
        if default is not None:
            return default
    built = _ruleset_of(cls, build_options(cls.name, cls.Options, options))
    if not options:
        _built_defaults[cls] = built
    return built


def _as_ruleset(ruleset: object, options: dict[str, Any] | None = None) -> Ruleset:
    """``ruleset`` as a ruleset: a ruleset as it is, or a name built with ``options``.

    Raises:
        TypeError: ``ruleset`` is neither a ruleset nor a name.
        ValueError: ``options`` are given with a ruleset object.
        UnknownRulesetError, OptionError: as :func:`get_ruleset` says.
    """
    if isinstance(ruleset, str):
        return get_ruleset(ruleset, **(options or {}))
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"ruleset is a Ruleset or a ruleset's name, not {describe(ruleset)}")
    if options:
        raise ValueError("options go with a ruleset's name, not with a ruleset object")
    return ruleset


def _ruleset_of(cls: type[Any], options: Any) -> Ruleset:
    """The ruleset of class ``cls`` built with ``options`` (an instance of its ``Options``, checked
    already): the one this process built last with them, while it is kept (the defaults' always,
    the last 64 others), else a new one. A ruleset unpickles through it, so that it comes back as
    the process's own ruleset of those options, equal (the same object) to one already there.

    Raises:
        RulesetError: ``cls`` does not provide the Ruleset protocol.
    """
    try:
        key: tuple[type[Any], Any] | None = (cls, options)
        found = _built.get(key)  # type: ignore[arg-type]
    except TypeError:  # options that cannot be hashed: built every time
        key, found = None, None
    if found is not None:
        return found
    default = _built_defaults.get(cls)  # kept when the others were cleared
    if default is not None and default.options == options:  # type: ignore[attr-defined]
        return default
    built = cls(options)
    if not isinstance(built, Ruleset):
        raise RulesetError(f"{cls.__name__} does not provide the Ruleset protocol")
    if key is not None:
        if len(_built) >= _BUILT_KEPT:
            _built.clear()
        _built[key] = built
    return built


# Rulesets are immutable, and building one loads its tables: the same class and options give the
# same object (what a self-play loop that names its ruleset for every round relies on).
_BUILT_KEPT = 64
_built: dict[tuple[type[Any], Any], Ruleset] = {}
_built_defaults: dict[type[Any], Ruleset] = {}  # by class alone: no options to check


def register_ruleset(cls: type[Any], *, replace: bool = False) -> type[Any]:
    """Make the ruleset class ``cls`` available under ``cls.name`` for this process.

    Usable as a class decorator. Packages that want their ruleset available everywhere use the
    ``mahjong_rules.rulesets`` entry point instead.

    Raises:
        RulesetError: ``cls`` is not a ruleset class, or the name is taken (by a built-in
            ruleset, or by another registration unless ``replace`` is true).
    """
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not name:
        raise RulesetError(f"{cls!r} needs a non-empty string 'name' to be registered")
    _check_ruleset_class(cls, name, "register_ruleset")
    if name in _BUILTIN:
        raise RulesetError(f"{name!r} is a built-in ruleset and cannot be replaced")
    if name in _registered and not replace:
        raise RulesetError(f"a ruleset named {name!r} is already registered (pass replace=True)")
    _registered[name] = cls
    unit = getattr(cls, "points_unit", None)
    if isinstance(unit, str) and unit:
        POINTS_UNITS[name] = unit
    return cls


def unregister_ruleset(name: str) -> None:
    """Forget a ruleset added with :func:`register_ruleset` (its name case-insensitive, as
    everywhere; the built-in rulesets and entry points are not affected).

    Raises:
        TypeError: ``name`` is not a string.
        RulesetError: ``name`` is a built-in ruleset's or an entry point's, not one registered.
        UnknownRulesetError: no ruleset was registered under ``name``.
    """
    canonical = _canonical_name(name)  # refuses a name that is not a string
    if _registered.pop(canonical, None) is not None:
        return
    if canonical in _BUILTIN or canonical in _entry_points():
        raise RulesetError(f"{canonical!r} is not registered with register_ruleset: it cannot be unregistered")
    raise UnknownRulesetError(name, tuple(sorted(_registered)))
