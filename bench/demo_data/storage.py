"""Writing the demo's files: SQLite tables, JSONL records and JSON task files (the demo's one
run is `DEMO_RUN`)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEMO_RUN = "demo-system"


@dataclass(frozen=True)
class Table:
    """One SQLite table: its column definitions, its rows and the columns to index."""

    name: str
    columns: str
    rows: list[tuple[Any, ...]]
    indexes: tuple[str, ...] = ()


def write_sqlite(path: Path, tables: Iterable[Table]) -> None:
    """Create a database holding exactly these tables."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    try:
        for table in tables:
            db.execute(f"CREATE TABLE {table.name} ({table.columns})")
            if table.rows:
                marks = ", ".join("?" * len(table.rows[0]))
                db.executemany(f"INSERT INTO {table.name} VALUES ({marks})", table.rows)
            for column in table.indexes:
                db.execute(f"CREATE INDEX {table.name}_{column} ON {table.name} ({column})")
        db.commit()
    finally:
        db.close()


def write_jsonl(path: Path, records: Iterable[dict[str, Any]]) -> None:
    """One compact JSON object a line, non-ASCII kept."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


def write_json(path: Path, value: Any) -> None:
    """An indented JSON document, non-ASCII kept."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(value, ensure_ascii=False, indent=2) + "\n"
    path.write_text(text, encoding="utf-8", newline="\n")
