"""The schema-v1 workspace of tests/data (built by the code at da81fa1), copied for a test."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

V1 = Path(__file__).parent / "data" / "workspace-v1.db"


def v1_copy(tmp_path: Path) -> Path:
    """The v1 file, its data folder recorded as a path that is gone (as on another machine)."""
    path = tmp_path / "v1.db"
    shutil.copy(V1, path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE meta SET value=? WHERE key='data_dir'", (str(tmp_path / "gone"),))
    conn.close()
    return path
