"""Read a JSON array and know the line each element starts on, for error messages."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from anser_tui.errors import InputError

_DECODER = json.JSONDecoder()
_WS = " \t\r\n"


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def iter_json_array(path: Path) -> Iterator[tuple[int, Any]]:
    """Yield (line, element) for each element of the JSON array in `path`.

    Raises InputError naming the file and line for anything that is not a JSON array.
    """
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text ({exc.reason})", path) from exc
    pos = _skip(text, 0)
    if pos >= len(text) or text[pos] != "[":
        raise InputError("expected a JSON array of tasks", path, _line_of(text, pos))
    pos = _skip(text, pos + 1)
    if pos < len(text) and text[pos] == "]":
        _expect_end(text, pos + 1, path)
        return
    while True:
        try:
            element, end = _DECODER.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg}", path, exc.lineno) from exc
        yield _line_of(text, pos), element
        pos = _skip(text, end)
        if pos < len(text) and text[pos] == ",":
            pos = _skip(text, pos + 1)
            continue
        if pos < len(text) and text[pos] == "]":
            _expect_end(text, pos + 1, path)
            return
        raise InputError("invalid JSON: expected ',' or ']'", path, _line_of(text, pos))


def _expect_end(text: str, pos: int, path: Path) -> None:
    pos = _skip(text, pos)
    if pos < len(text):
        raise InputError("invalid JSON: extra data after the array", path, _line_of(text, pos))
