"""Typed validation of ruleset options: names, types, then the options class's own validators.

A ruleset's options are an attrs class whose field annotations say each option's type. Values are
checked against those annotations before the class is built, so that ``jokers="8"`` fails with a
message naming the option rather than somewhere deep in a ruleset.
"""

from __future__ import annotations

import difflib
import enum
import os
import re
import types
import typing
from typing import Any

import attrs

from mahjong_rules._coerce import describe
from mahjong_rules.errors import OptionError

__all__ = ["Choice", "accepted_type", "build_options", "describe_options", "option_from_text", "option_specs"]


@attrs.frozen
class Choice:
    """A validator of an option that takes one of a few values: ``allowed``; the error says the
    option ``requirement`` ("must be 2, 3 or 4"). The values are published with the option's
    description (:func:`option_specs`)."""

    allowed: tuple[Any, ...]
    requirement: str

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in self.allowed:
            raise ValueError(f"{attribute.name} {self.requirement}, not {value!r}")


def _type_name(annotation: Any) -> str:
    if annotation is type(None):
        return "None"
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return " or ".join(repr(value) for value in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_type_name(arg) for arg in typing.get_args(annotation))
    if origin is not None:
        args = ", ".join(_type_name(arg) for arg in typing.get_args(annotation))
        return f"{getattr(origin, '__name__', str(origin))}[{args}]"
    return getattr(annotation, "__name__", str(annotation))


def _matches(value: Any, annotation: Any) -> bool:
    """Whether ``value`` fits ``annotation``; annotations this does not understand accept."""
    if annotation is Any:
        return True
    if annotation is type(None) or annotation is None:
        return value is None
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return any(value == arg and type(value) is type(arg) for arg in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(annotation))
    if origin in (tuple, frozenset, set, list):
        if not isinstance(value, origin):
            return False
        args = typing.get_args(annotation)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(item, args[0]) for item in value)
        if origin is tuple and args:
            return len(args) == len(value) and all(_matches(v, a) for v, a in zip(value, args, strict=True))
        return not args or all(_matches(item, args[0]) for item in value)
    if annotation is bool:
        return type(value) is bool
    if annotation is int:
        return type(value) is int
    if annotation is float:
        return type(value) in (int, float)
    if annotation is os.PathLike:
        return isinstance(value, os.PathLike)
    if isinstance(annotation, type):
        if issubclass(annotation, enum.Enum):
            return isinstance(value, annotation)
        return isinstance(value, annotation)
    return True


def accepted_type(field: attrs.Attribute[Any]) -> Any:
    """The type an option accepts: its converter's argument type when it has one (an option
    that reads a file accepts a path), else its declared type."""
    converter = field.converter
    if converter is not None and callable(converter):
        try:
            hints = typing.get_type_hints(converter)
        except (NameError, TypeError):
            hints = {}
        arguments = [name for name in hints if name != "return"]
        if arguments:
            return hints[arguments[0]]
    return field.type


def describe_options(options_class: type[Any]) -> list[str]:
    """One line per option: its name, type and default."""
    attrs.resolve_types(options_class)
    described = []
    for field in attrs.fields(options_class):
        if not field.init:
            continue
        line = f"{field.alias} ({_type_name(accepted_type(field))}"
        if field.default is not attrs.NOTHING:
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                line += ", default computed"
            else:
                line += f", default {default!r}"
        described.append(line + ")")
    return described


def _attribute_docs(doc: str | None) -> dict[str, str]:
    """Each attribute's description in a Google-style docstring's ``Attributes:`` section, its
    lines joined."""
    found: dict[str, str] = {}
    lines = (doc or "").splitlines()
    inside, name, indent = False, "", 0
    for line in lines:
        stripped = line.strip()
        if stripped == "Attributes:":
            inside, indent = True, len(line) - len(line.lstrip()) + 4
            continue
        if not inside:
            continue
        if not stripped:
            continue
        depth = len(line) - len(line.lstrip())
        if depth < indent:
            break
        match = re.match(r"(\w+):\s*(.*)", stripped)
        if depth == indent and match:
            name = match.group(1)
            found[name] = match.group(2)
        elif name:
            found[name] += " " + stripped
    return found


def _json_value(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, tuple | list | frozenset | set):
        return [_json_value(item) for item in value]
    return str(value)


def _choices(field: attrs.Attribute[Any], annotation: Any) -> list[Any] | None:
    validator = field.validator
    validators = getattr(validator, "_validators", (validator,))
    for each in validators:
        if isinstance(each, Choice):
            return [_json_value(value) for value in each.allowed]
    if typing.get_origin(annotation) is typing.Literal:
        return [_json_value(value) for value in typing.get_args(annotation)]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [member.name for member in annotation]
    return None


def option_specs(options_class: type[Any]) -> list[dict[str, Any]]:
    """Each option as data a program can read: ``name``, ``type`` (as :func:`describe_options`
    writes it), ``default`` (JSON; ``None`` when computed), ``default_computed``, ``choices``
    (the values it takes, when they are few; else ``None``) and ``description`` (from the options
    class's docstring)."""
    attrs.resolve_types(options_class)
    docs = _attribute_docs(options_class.__doc__)
    specs = []
    for field in attrs.fields(options_class):
        if not field.init:
            continue
        annotation = accepted_type(field)
        computed = isinstance(field.default, attrs.Factory)  # type: ignore[arg-type]
        default = None if computed or field.default is attrs.NOTHING else _json_value(field.default)
        specs.append(
            {
                "name": field.alias,
                "type": _type_name(annotation),
                "default": default,
                "default_computed": computed,
                "choices": _choices(field, annotation),
                "description": docs.get(field.name, docs.get(field.alias, "")),
            }
        )
    return specs


def _unknown_option(ruleset: str, name: object, names: list[str], valid: list[str]) -> OptionError:
    close = difflib.get_close_matches(str(name)[:40], names, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    listed = ", ".join(names) or "none"
    return OptionError(
        f"unknown option {name!r} for ruleset {ruleset!r}{hint} (its options: {listed})",
        ruleset=ruleset,
        option=str(name),
        valid=valid,
    )


def _culprit(error: Exception, given: dict[str, Any]) -> str:
    """The option an options class's error is about: the option its message starts with, else
    the first option it names, else the first given."""
    message = str(error)
    leading = re.match(r"\w+", message)
    if leading and leading.group() in given:
        return leading.group()
    named = [name for name in given if re.search(rf"\b{re.escape(name)}\b", message)]
    return named[0] if named else next(iter(given), "")


def build_options(ruleset: str, options_class: type[Any], given: dict[str, Any]) -> Any:
    """Validate ``given`` against ``options_class`` and build it.

    Raises:
        OptionError: an unknown option, a value of the wrong type, or a value the options class
            refuses (out of range, inconsistent with another option); the message names the
            option and what it accepts.
    """
    attrs.resolve_types(options_class)
    fields = {field.alias: field for field in attrs.fields(options_class) if field.init}
    valid = describe_options(options_class)
    for name, value in given.items():
        field = fields.get(name)
        if field is None:
            raise _unknown_option(ruleset, name, list(fields), valid)
        if not _matches(value, accepted_type(field)):
            raise OptionError(
                f"option {name!r} of {ruleset!r} must be {_type_name(accepted_type(field))}, not {describe(value)}",
                ruleset=ruleset,
                option=name,
                valid=valid,
            )
    try:
        return options_class(**given)
    except (TypeError, ValueError) as error:
        raise OptionError(
            f"invalid option for {ruleset!r}: {error}", ruleset=ruleset, option=_culprit(error, given), valid=valid
        ) from error


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _from_text(text: str, annotation: Any) -> Any:
    if annotation is type(None) or annotation is None:
        if text.lower() == "none":
            return None
        raise ValueError("expected None")
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in sorted(typing.get_args(annotation), key=lambda arg: arg is not type(None)):
            try:
                return _from_text(text, arg)
            except ValueError:
                continue
        raise ValueError(f"expected {_type_name(annotation)}")
    if origin is typing.Literal:
        for arg in typing.get_args(annotation):
            if str(arg) == text:
                return arg
        raise ValueError(f"expected {_type_name(annotation)}")
    if annotation is bool:
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise ValueError("expected true or false")
    if annotation in (int, float):
        return annotation(text)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        for member in annotation:
            if text.upper() == member.name:
                return member
        raise ValueError(f"expected one of {', '.join(member.name for member in annotation)}")
    return text


def option_from_text(ruleset: str, options_class: type[Any], name: str, text: str) -> Any:
    """The value of option ``name`` written as ``text`` (on a command line), converted to the
    option's declared type; an unknown option's text is returned as it is, for
    :func:`build_options` to report.

    Raises:
        OptionError: the text is not a value of the option's type.
    """
    attrs.resolve_types(options_class)
    field = {field.alias: field for field in attrs.fields(options_class) if field.init}.get(name)
    if field is None:
        return text
    try:
        return _from_text(text, accepted_type(field))
    except ValueError:
        raise OptionError(
            f"option {name!r} of {ruleset!r} must be {_type_name(accepted_type(field))}, not {text!r}",
            ruleset=ruleset,
            option=name,
            valid=describe_options(options_class),
        ) from None
