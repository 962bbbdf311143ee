"""A workspace file's content as SQL, to tell whether anything in it changed."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path


def dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def dump_sha(path: Path) -> str:
    return hashlib.sha256("\n".join(dump(path)).encode()).hexdigest()
