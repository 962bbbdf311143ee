"""The settings' sources besides the file: ANSER_* environment variables, and the deep merge
of file < environment < values given (what pydantic-settings did, without its 20-70 ms import
on the way to the review screen).

A variable names a setting after the prefix, case-insensitively (ANSER_REVIEWER); a nested one
joins the names with a double underscore (ANSER_JUDGE__MODEL, ANSER_BENCHMARK_DATA__ANSER). A
setting that is a table or a list (ANSER_KEYMAP, ANSER_JUDGE, ANSER_CORPORA__ARTICLES__TITLE)
is given as JSON; its nested variables are merged over the JSON one.
"""

from __future__ import annotations

import json
import os
import types
from collections.abc import Mapping
from typing import Any, Union, get_args, get_origin

from anser_tui.core.record import Record, field_types

_CONTAINERS = (dict, list, tuple, set, frozenset)


def merged(*layers: Mapping[str, Any]) -> dict[str, Any]:
    """The layers merged, later ones winning; tables in several are merged key by key."""
    out: dict[str, Any] = {}
    for layer in layers:
        for key, value in layer.items():
            if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
                out[key] = merged(out[key], value)
            else:
                out[key] = value
    return out


def _bare(annotation: Any) -> Any:
    """`X` of `X | None`."""
    if get_origin(annotation) in (Union, types.UnionType):
        kept = [a for a in get_args(annotation) if a is not type(None)]
        return kept[0] if len(kept) == 1 else annotation
    return annotation


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, Record)


def _is_complex(annotation: Any) -> bool:
    bare = _bare(annotation)
    return _is_model(bare) or bare in _CONTAINERS or get_origin(bare) in _CONTAINERS


def _child(annotation: Any, key: str) -> Any:
    """The type of `key` inside a setting of type `annotation` (None: not known)."""
    bare = _bare(annotation)
    if _is_model(bare):
        return field_types(bare).get(key)
    if get_origin(bare) is dict:
        return get_args(bare)[1]
    return None


def _decoded(annotation: Any, text: str) -> Any:
    """A table or list setting's JSON text decoded (kept as text when it is not JSON, for
    the validation to say what is wrong with it)."""
    if text and _is_complex(annotation):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def environment_values(model: type[Record], prefix: str,
                       environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The values the variables starting with `prefix` give `model`'s fields."""
    env = {k.lower(): v for k, v in (os.environ if environ is None else environ).items()}
    out: dict[str, Any] = {}
    for name, annotation in field_types(model).items():
        key = f"{prefix}{name}".lower()
        value = _decoded(annotation, env[key]) if key in env else None
        if _is_complex(annotation):
            nested = _nested(annotation, env, f"{key}__")
            if value is None and nested:
                value = nested
            elif isinstance(value, dict):
                value = merged(value, nested)
        if value is not None:
            out[name] = value
    return out


def _nested(annotation: Any, env: Mapping[str, str], prefix: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, text in env.items():
        if not name.startswith(prefix):
            continue
        *keys, last = name[len(prefix):].split("__")
        table, target = out, annotation
        for key in keys:
            target = _child(target, key)
            inner = table.setdefault(key, {})
            if not isinstance(inner, dict):
                break
            table = inner
        else:
            table[last] = _decoded(_child(target, last), text)
    return out
