"""Splitting a script of SQL into statements, so that a script can run inside a transaction
(`executescript` would commit whatever transaction is open first)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator


def statements(script: str) -> Iterator[str]:
    """Each complete statement of `script` (a trigger's body stays whole)."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip():
                yield pending.strip()
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement: {pending.strip()[:60]!r}")
