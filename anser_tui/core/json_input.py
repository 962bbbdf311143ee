"""Reading JSON that users give us, strictly: what JSON allows, and text a database can hold.

Python's json module accepts `NaN`, `Infinity` and `-Infinity`, and decodes a lone surrogate
escape (`"\\ud800"`) to a string that cannot be written as UTF-8 (SQLite refuses it later, with
a traceback). Both are rejected here, where the file and line are still known. Bytes that are
not UTF-8 are reported with the line they are on. JSON nested deeper than the interpreter's
recursion limit makes the json module raise RecursionError: `decode_plain` and `raw_decode`
give a JSONDecodeError for it, as for any other text that is not JSON a reader can take.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class JsonValueError(ValueError):
    """A value JSON does not allow (NaN, Infinity) or text that is not Unicode."""


def _reject_constant(name: str) -> Any:
    raise JsonValueError(f"{name} is not a JSON number (write null or a number)")


DECODER = json.JSONDecoder(parse_constant=_reject_constant)
PLAIN = json.JSONDecoder()


class TooDeep(json.JSONDecodeError):
    """JSON nested deeper than the json module can decode: no value of it can be read, nor
    of any text inside it (a search for an object stops there)."""


def _deep(text: object, pos: int) -> TooDeep:
    return TooDeep("nested too deeply", text if isinstance(text, str) else "", pos)


def decode_plain(text: str | bytes | bytearray) -> Any:
    """`json.loads(text)`, with JSON nested too deeply to decode a JSONDecodeError."""
    try:
        return json.loads(text)
    except RecursionError:
        raise _deep(text, 0) from None


def raw_decode(text: str, pos: int = 0, decoder: json.JSONDecoder = PLAIN) -> tuple[Any, int]:
    """`decoder.raw_decode(text, pos)`, with JSON nested too deeply a JSONDecodeError."""
    try:
        return decoder.raw_decode(text, pos)
    except RecursionError:
        raise _deep(text, pos) from None


def _decode(decode: Callable[[str], Any], text: str) -> Any:
    try:
        return decode(text)
    except RecursionError:
        raise _deep(text, 0) from None


def _has_lone_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        if value.isascii():
            return False
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


def check_text(value: Any, source: str) -> None:
    """JsonValueError when `value` (decoded from `source`) holds a lone surrogate."""
    try:
        lone = bool(_SURROGATE_ESCAPE.search(source)) and _has_lone_surrogate(value)
    except RecursionError:
        raise JsonValueError("JSON nested too deeply") from None
    if lone:
        raise JsonValueError("a lone surrogate escape (\\ud800-\\udfff) is not Unicode text")


def loads(text: str) -> Any:
    """`json.loads`, strictly: JSONDecodeError for bad syntax, JsonValueError for the rest."""
    value = _decode(DECODER.decode, text)
    check_text(value, text)
    return value


def decode_utf8(data: bytes, path: Path, first_line: int = 1) -> str:
    """`data` as text (a BOM dropped); InputError naming the line of a byte that is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = first_line + data.count(b"\n", 0, exc.start)
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(f"not UTF-8 text: byte 0x{data[exc.start]:02x} at column {column}",
                         path, line) from None


def object_line(raw: bytes, path: Path, number: int) -> dict[str, Any] | None:
    """The JSON object on line `number` of a JSONL file, None for a blank line; InputError
    naming the line for anything else. A BOM and a CRLF line end are accepted."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = decode_utf8(raw, path, number)  # raises, naming the line and column
    text = text.removeprefix("\ufeff")
    if not text or text.isspace():
        return None
    try:
        value = _decode(DECODER.decode, text)
        if b"\\u" in raw:
            check_text(value, text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON: {exc.msg} (column {exc.colno})", path, number) from None
    except JsonValueError as exc:
        raise InputError(str(exc), path, number) from None
    if not isinstance(value, dict):
        raise InputError("each line must be a JSON object", path, number)
    return value


def iter_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for each non-blank line; InputError on anything else."""
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror})", path) from None
    with handle:
        for number, raw in enumerate(handle, start=1):
            value = object_line(raw, path, number)
            if value is not None:
                yield number, value
