"""Read a JSON array and know the line each element starts on, for error messages."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.core.json_input import (
    DECODER,
    JsonValueError,
    check_text,
    decode_utf8,
    loads,
    raw_decode,
)

_WS = " \t\r\n"
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?(?:NaN|Infinity)')


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def iter_json_array(path: Path) -> Iterator[tuple[int, Any]]:
    """Yield (line, element) for each element of the JSON array in `path`.

    Raises InputError naming the file and line for anything that is not a JSON array, and for
    what JSON does not allow (NaN, Infinity, a lone surrogate escape, bytes that are not UTF-8).
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror})", path) from None
    text = decode_utf8(data, path)
    pos = _skip(text, 0)
    if pos >= len(text) or text[pos] != "[":
        raise InputError("expected a JSON array of tasks", path, _line_of(text, pos))
    pos = _skip(text, pos + 1)
    if pos < len(text) and text[pos] == "]":
        _expect_end(text, pos + 1, path)
        return
    while True:
        try:
            element, end = raw_decode(text, pos, DECODER)
            check_text(element, text[pos:end])
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON: {exc.msg}", path, exc.lineno) from None
        except JsonValueError as exc:
            raise InputError(str(exc), path, _value_line(text, pos)) from None
        yield _line_of(text, pos), element
        pos = _skip(text, end)
        if pos < len(text) and text[pos] == ",":
            pos = _skip(text, pos + 1)
            continue
        if pos < len(text) and text[pos] == "]":
            _expect_end(text, pos + 1, path)
            return
        raise InputError("invalid JSON: expected ',' or ']'", path, _line_of(text, pos))


def _value_line(text: str, start: int) -> int:
    """The line of the first NaN, Infinity or string with a lone surrogate from `start` on."""
    for match in _TOKEN.finditer(text, start):
        token = match.group(0)
        if not token.startswith('"'):
            return _line_of(text, match.start())
        try:
            loads(token)
        except ValueError:
            return _line_of(text, match.start())
    return _line_of(text, start)


def _expect_end(text: str, pos: int, path: Path) -> None:
    pos = _skip(text, pos)
    if pos < len(text):
        raise InputError("invalid JSON: extra data after the array", path, _line_of(text, pos))
