"""Values that need no validation: a record made without pydantic when every value given
already has its field's declared type.

A config file's TOML gives strings, integers, floats, booleans, tables and arrays: as the
settings declare them, all but paths (strings) and floats written as integers; a review
session makes its decisions from values of their declared types (enums as members).
`exactly(cls, values)` builds the record from such values as validation would (a path from
its string, a float from an integer; tables and arrays copied; keys no field names left out,
defaults for fields not given), and gives None as soon as one value is of another type, out
of bounds or not finite, so that pydantic validates them and converts them or names what is
wrong. Reading a config file then costs the review screen's start-up no pydantic (~150 ms),
nor does a session's first decision. It is Python, slower a value than pydantic's
validators: for records made one at a time, not for the bulk of a file.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from anser_tui.core.record import Bound, Record

R = TypeVar("R", bound=Record)


class _NotExact(Exception):
    """A value validation would have to convert, or would refuse."""


def exactly(cls: type[R], values: Mapping[str, Any]) -> R | None:
    """A record of `cls` from `values` when each has its field's declared type, else None."""
    try:
        return _record(cls, values)
    except _NotExact:
        return None


def _record(cls: type[R], values: Mapping[str, Any]) -> R:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls, include_extras=True)
    fields = {name: _value(hints[name], values[name])
              for name, _, _ in cls._fields if name in values}
    return cls.model_construct(**fields)


_SCALARS = (str, bool, int, float)  # what a union's member is matched exactly by
_HINTS: dict[type, dict[str, Any]] = {}  # a record class's field types, read once


def _value(declared: Any, value: Any) -> Any:
    origin, args = get_origin(declared), get_args(declared)
    if origin is Annotated:
        return _bounded(_value(args[0], value), args[1:])
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        kept = [a for a in args if a is not type(None)]
        if len(kept) == 1:
            return _value(kept[0], value)
        if type(value) in kept and type(value) in _SCALARS:  # a union's exact match
            return _value(type(value), value)
        raise _NotExact
    if origin is Literal:
        if not any(type(value) is type(a) and value == a for a in args):
            raise _NotExact
        return value
    if origin is dict and type(value) is dict:
        return {_value(args[0], k): _value(args[1], v) for k, v in value.items()}
    if origin is list and type(value) is list:
        return [_value(args[0], v) for v in value]
    if declared is Any:
        return value
    if declared in (str, bool, int) and type(value) is declared:
        return value
    if declared is float and type(value) in (float, int) and math.isfinite(value):
        return float(value)
    if declared is Path and type(value) is str:
        return Path(value)
    if isinstance(declared, type) and issubclass(declared, Enum) and type(value) is declared:
        return value
    if isinstance(declared, type) and issubclass(declared, Record):
        if isinstance(value, declared):
            return value
        if type(value) is dict:
            return _record(declared, value)
    raise _NotExact


def _bounded(value: Any, metadata: tuple[Any, ...]) -> Any:
    for bound in metadata:
        if not isinstance(bound, Bound):
            raise _NotExact
        if (bound.gt is not None and not value > bound.gt) or \
                (bound.ge is not None and not value >= bound.ge):
            raise _NotExact
    return value
