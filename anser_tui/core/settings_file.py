"""Reading the config file, and saying where a bad setting came from: FILE:LINE or a variable.

tomllib says where its syntax errors are ("(at line 3, column 13)"); a value that parses but
does not validate (a string for a number, nan for a temperature) is found again in the file by
its dotted key, under the table headers that lead to it.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anser_tui.core.errors import InputError
from anser_tui.core.json_input import decode_utf8

if TYPE_CHECKING:
    from pydantic import ValidationError

_WHERE = re.compile(r"\s*\(at line (\d+), column \d+\)$")
_TABLE = re.compile(r"^\s*\[+\s*([^\]]+?)\s*\]+")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\".' ]+?)\s*=")


def read_config(path: Path) -> dict[str, Any]:
    """The config file's values; InputError naming the file and line when it is not TOML."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror})", path) from None
    text = decode_utf8(data, path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        where = _WHERE.search(str(exc))
        reason = _WHERE.sub("", str(exc))
        raise InputError(f"invalid TOML: {reason}", path,
                         int(where.group(1)) if where else None) from None


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip().strip("\"'") for p in dotted.split("."))


def key_line(path: Path, key: tuple[str, ...]) -> int | None:
    """The line of `path` that sets `key` (("judge", "concurrency")), if it can be found."""
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    table: tuple[str, ...] = ()
    for number, line in enumerate(lines, start=1):
        header = _TABLE.match(line)
        if header:
            table = _parts(header.group(1))
            continue
        assigned = _KEY.match(line)
        if assigned and (*table, *_parts(assigned.group(1))) == key:
            return number
    return None


def setting_error(exc: ValidationError, path: Path) -> InputError:
    """The first problem of `exc` as one line naming where the bad value was given."""
    first = exc.errors()[0]
    key = tuple(str(p) for p in first["loc"])
    reason = f"setting {'.'.join(key)}: {first['msg']}"
    variable = "ANSER_" + "__".join(key).upper()
    if variable in os.environ:
        return InputError(f"{reason} (from the environment variable {variable})")
    return InputError(reason, path, key_line(path, key) if path.is_file() else None)
