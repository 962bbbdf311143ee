"""The schema-v2 workspace of tests/data (built by the code at b882938), copied for a test."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

V2 = Path(__file__).parent / "data" / "workspace-v2.db"


def v2_copy(tmp_path: Path) -> Path:
    """The v2 file, its data folder recorded as a path that is gone (as on another machine)."""
    path = tmp_path / "v2.db"
    shutil.copy(V2, path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE meta SET value=? WHERE key='data_dir'", (str(tmp_path / "gone"),))
    conn.close()
    return path
