"""A SQLite corpus, opened read-only (URI mode=ro); tables and columns checked against the schema.

The descriptor names what to read; the schema decides what is there. A table the descriptor
names that is missing is looked for by its key column; a column that is missing is left out,
so a release with fewer columns still renders. Nothing here ever writes.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.corpora.documents import Document, Section, Summary
from anser_tui.corpora.key_folds import fold_map
from anser_tui.workspace.corpus_sql import (
    Related,
    Shown,
    first_value,
    primary_key,
    records,
    related_rows,
    schema,
    set_query_only,
    summary_rows,
)

LEAK = "ground_truth"
_CHUNK = 500  # ids per IN (...) query, below SQLite's variable limit
_NOT_JOIN = {"split", "text", "title", "id", "name", "value"}


class CorpusError(Exception):
    """A corpus that cannot be read as its descriptor says (shown, never fatal)."""


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection that never writes a byte beside the file.

    A file that stands alone (no -wal or -journal beside it, as a released corpus does) is
    opened immutable: no locks, no -shm, even for a WAL-mode file in a writable folder, which
    `mode=ro` alone would give a -wal and a -shm. A file with a -wal or -journal beside it is
    opened `mode=ro`, since what it holds may need them.
    """
    path = Path(path).resolve()
    uri = path.as_uri()
    alone = not any(Path(f"{path}{s}").exists() for s in ("-wal", "-journal"))
    mode = "mode=ro&immutable=1" if alone else "mode=ro"
    conn = sqlite3.connect(f"{uri}?{mode}", uri=True, check_same_thread=False)
    set_query_only(conn)
    return conn


def key_text(value: Any) -> str:
    """A key as evidence ids are compared: a whole float as an integer, text trimmed."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def cell_text(value: Any) -> str:
    """A field value as a reviewer reads it."""
    if value is None:
        return ""
    if isinstance(value, float):
        if value.is_integer():
            return f"{int(value):,}" if abs(value) >= 10_000 else str(int(value))
        return f"{value:,.2f}" if abs(value) >= 1_000 else f"{value:g}"
    return str(value)


def _joined(values: Iterable[Any]) -> str:
    return " · ".join(t for t in (cell_text(v).strip() for v in values) if t)


class SqliteReader:
    """Read one key space out of a SQLite corpus file."""

    def __init__(self, path: Path, descriptor: CorpusDescriptor):
        self.path = Path(path)
        self.conn = connect_read_only(self.path)
        self._lock = threading.Lock()
        self.closed = False
        self._joins: dict[str, tuple[str, str] | None] = {}
        self._main_key = descriptor.key
        self._join_hints = descriptor.join_hints
        self.schema = self._schema()
        self.descriptor = self._resolve(descriptor)
        self.table = self.descriptor.table or ""
        self._integer_key = "INT" in self.schema[self.table][self.descriptor.key]
        self._fold_map: dict[str, Any] | None = None

    # -- schema ----------------------------------------------------------------------------
    def _schema(self) -> dict[str, dict[str, str]]:
        return schema(self.conn)

    def _resolve(self, d: CorpusDescriptor) -> CorpusDescriptor:
        """The descriptor with what the schema lacks left out, and its table found."""
        table = d.table if d.table in self.schema else None
        if table is None:
            having = [t for t, cols in self.schema.items() if d.key in cols]
            if len(having) != 1:
                raise CorpusError(f"{self.path.name}: no table {d.table!r} with column {d.key!r}")
            table = having[0]
        columns = self.schema[table]
        key = d.key
        if key not in columns:
            pk = primary_key(self.conn, table)
            if len(pk) != 1:
                raise CorpusError(f"{self.path.name}: table {table!r} has no column {key!r}")
            key = pk[0]
        self._main_key = key

        def present(col: str) -> bool:
            if "." in col:
                rel, name = col.split(".", 1)
                return (name in self.schema.get(rel, {})
                        and self._join_columns(table, rel) is not None)
            return col in columns

        text = tuple(c for c in d.text if present(c))
        if not text:
            text = tuple(c for c in d.text_guesses if c in columns)[:1]
        title = tuple(c for c in d.title if present(c))
        if d.title and not title:
            title = tuple(c for c in d.title_guesses if c in columns)[:1]
        features = d.features
        if features and not (features[1] in self.schema.get(features[0], {})
                             and features[2] in self.schema[features[0]]
                             and self._join_columns(table, features[0]) is not None):
            features = None
        return replace(d, table=table, key=key, title=title, text=text,
                       metadata=tuple(c for c in d.metadata if present(c)),
                       split=d.split if d.split in columns else None, features=features)

    def _join_columns(self, table: str, rel: str) -> tuple[str, str] | None:
        """The (main, related) columns two tables join on: the column they share, the main
        table's key first, then id-like columns."""
        cached = self._joins.get(rel)
        if cached is not None or rel in self._joins:
            return cached
        shared = [c for c in self.schema[table] if c in self.schema.get(rel, {})
                  and c not in _NOT_JOIN]
        found = None
        if shared:
            hints = self._join_hints
            best = min(shared, key=lambda c: (c != self._main_key, not c.endswith(hints)))
            found = (best, best)
        self._joins[rel] = found
        return found

    # -- reading ---------------------------------------------------------------------------
    def _param(self, id: str) -> Any:
        if self._integer_key:
            try:
                return int(id)
            except ValueError:
                return id
        return id

    def _canonical(self, id: str) -> str:
        return key_text(self._param(id))

    def _folds(self) -> dict[str, Any]:
        """{folded key: stored key} (key_folds), built on the first id not found as given."""
        if self._fold_map is None:
            self._fold_map = {} if self._integer_key else fold_map(
                self.conn, self.table, self.descriptor.key, self.descriptor.normalize)
        return self._fold_map

    def summaries(self, ids: Sequence[str]) -> dict[str, Summary]:
        """Title and leak flag of each id found; ids not in the corpus are left out."""
        d = self.descriptor
        wanted: dict[Any, list[str]] = {}
        for i in ids:
            wanted.setdefault(self._param(self._canonical(i)), []).append(i)
        shown = [self._shown(col, short=not d.title) for col in d.title or d.text[:1]]
        found: dict[str, Summary] = {}
        with self._lock:
            if self.closed:
                return {}
            self._summaries(shown, wanted, found)
            missing = [k for k, v in wanted.items() if v[0] not in found]
            if missing:
                folds = self._folds()
                stored = {folds[k]: wanted[k] for k in missing if k in folds}
                self._summaries(shown, stored, found)
        return found

    def _summaries(self, shown: Sequence[Shown], wanted: dict[Any, list[str]],
                   found: dict[str, Summary]) -> None:
        """Query `wanted` ({key as stored: the ids asking for it}) into `found`."""
        by_text = {key_text(k): v for k, v in wanted.items()}
        d = self.descriptor
        for row in summary_rows(self.conn, self.table, d.key, shown, d.split, list(wanted),
                                _CHUNK):
            for original in by_text.get(key_text(row[0]), []):
                previous = found.get(original)
                leaked = row[-1] == LEAK or (previous is not None and previous.leaked)
                title = previous.title if previous else self._title(row[1:-1])
                found[original] = Summary.model_construct(id=original, title=title, leaked=leaked)

    def _title(self, values: Sequence[Any]) -> str:
        if self.descriptor.title:
            return _joined(values)
        first = cell_text(values[0]) if values else ""
        return first.strip().split("\n", 1)[0][:120]

    def _shown(self, col: str, short: bool) -> Shown:
        if "." not in col:
            return Shown(col, short=short)
        rel, name = col.split(".", 1)
        on = self._join_columns(self.table, rel)
        assert on is not None
        return Shown(name, Related(rel, on))

    def document(self, id: str) -> Document | None:
        d = self.descriptor
        with self._lock:
            if self.closed:
                return None
            rows = self._records(self._param(id))
            stored = None if rows else self._folds().get(self._canonical(id))
            if stored is not None:
                rows = self._records(stored)
            if not rows:
                return None
            first = rows[0]
            fields = [(d.label(c), cell_text(self._value(first, c))) for c in d.metadata]
            fields = [(label, value) for label, value in fields if value]
            sections: list[Section] = []
            for n, row in enumerate(rows, start=1):
                if len(rows) > 1:
                    lines = "\n".join(f"{d.label(c)}: {cell_text(self._value(row, c))}"
                                      for c in d.metadata if self._value(row, c) is not None)
                    title = self._title([self._value(row, c) for c in d.title]) or f"{id}"
                    sections.append(Section(heading=f"Record {n} of {len(rows)}: {title}",
                                            text=lines))
                sections.extend(self._sections(row))
            title = self._title([self._value(first, c) for c in d.title or d.text[:1]])
        leaked = bool(d.split) and any(r.get(d.split or "") == LEAK for r in rows)
        return Document(corpus=d.name, id=id, title=title, fields=fields, sections=sections,
                        leaked=leaked, records=len(rows))

    def _records(self, key: Any) -> list[dict[str, Any]]:
        return records(self.conn, self.table, self.descriptor.key, key, 50)

    def _value(self, row: dict[str, Any], col: str) -> Any:
        if "." not in col:
            return row.get(col)
        rel, name = col.split(".", 1)
        on = self._join_columns(self.table, rel)
        if on is None:
            return None
        return first_value(self.conn, rel, name, on[1], row.get(on[0]))

    def _sections(self, row: dict[str, Any]) -> list[Section]:
        d = self.descriptor
        plain = [c for c in d.text if "." not in c]
        related: dict[str, list[str]] = {}
        for c in d.text:
            if "." in c:
                rel, name = c.split(".", 1)
                related.setdefault(rel, []).append(name)
        several = len(plain) + len(related) > 1
        sections = [Section(heading=d.label(c) if several else "", text=cell_text(row.get(c)))
                    for c in plain if row.get(c) not in (None, "")]
        for rel, cols in related.items():
            sections.extend(self._related_sections(row, rel, cols))
        if d.features:
            table, name_col, value_col = d.features
            on = self._join_columns(self.table, table)
            assert on is not None
            pairs = related_rows(self.conn, table, (name_col, value_col), on[1], row.get(on[0]))
            if pairs:
                sections.append(Section(heading="Features", text="\n".join(
                    f"{cell_text(k)}: {cell_text(v)}" for k, v in pairs)))
        return sections

    def _related_sections(self, row: dict[str, Any], rel: str, cols: list[str]
                          ) -> list[Section]:
        d = self.descriptor
        on = self._join_columns(self.table, rel)
        assert on is not None
        heads = [h for h in d.headings.get(rel, ()) if h in self.schema[rel]]
        order = d.order.get(rel)
        rows = related_rows(self.conn, rel, [*cols, *heads], on[1], row.get(on[0]),
                            order if order in self.schema[rel] else None)
        if not rows:
            return []
        if not heads:
            return [Section(heading=rel.replace("_", " "),
                            text="\n".join(_joined(r) for r in rows))]
        return [Section(heading=_joined(r[len(cols):]), text=_joined(r[:len(cols)]))
                for r in rows]

    def close(self) -> None:
        with self._lock:
            self.closed = True
            self.conn.close()

