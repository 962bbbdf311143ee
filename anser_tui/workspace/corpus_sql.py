"""The SQL of the corpus files `corpora/` reads: a released corpus's SQLite file (read only) and
the sidecar file of a JSONL corpus's offset index. Kept with the package's other SQL statements
(DESIGN 2); what is read, and how it is shown, is `corpora/`'s.

Table and column names come from the file's schema or the descriptor and are quoted here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from anser_tui.core.value import Value


def quoted(name: str | None) -> str:
    """A quoted SQL identifier (names come from the schema or the config file)."""
    return '"' + (name or "").replace('"', '""') + '"'


# -- a corpus's SQLite file ------------------------------------------------------------------
def set_query_only(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA query_only=ON")


def write_table(conn: sqlite3.Connection, name: str, columns: str,
                rows: Sequence[tuple[Any, ...]], indexes: Iterable[str] = ()) -> None:
    """Create table `name` of these column definitions holding `rows`, with an index on each
    of `indexes` (a corpus file the demo writes)."""
    conn.execute(f"CREATE TABLE {name} ({columns})")
    if rows:
        marks = ", ".join("?" * len(rows[0]))
        conn.executemany(f"INSERT INTO {name} VALUES ({marks})", rows)
    for column in indexes:
        conn.execute(f"CREATE INDEX {name}_{column} ON {name} ({column})")


def quick_check(conn: sqlite3.Connection) -> list[str]:
    """SQLite's quick check of the file: ["ok"], or the problems found."""
    return [r[0] for r in conn.execute("PRAGMA quick_check")]


def schema(conn: sqlite3.Connection) -> dict[str, dict[str, str]]:
    """{table or view: {column: declared type, upper case}}."""
    tables = [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")]
    return {t: {r[1]: (r[2] or "").upper() for r in
                conn.execute(f"PRAGMA table_info({quoted(t)})")} for t in tables}


def primary_key(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({quoted(table)})") if r[5]]


def keys_beyond_ascii(conn: sqlite3.Connection, table: str, key: str) -> Iterator[Any]:
    """The values of `table`.`key` holding a character outside printable ASCII."""
    for (stored,) in conn.execute(f"SELECT {quoted(key)} FROM {quoted(table)} "
                                  f"WHERE {quoted(key)} GLOB '*[^!-~]*'"):
        yield stored


class Related(Value):
    """A related table and the (main table's, related table's) columns it joins on."""

    table: str
    on: tuple[str, str]


class Shown(Value):
    """A column a summary shows: of the main table (its first 240 characters when `short`), or
    of a related table (its first row joined)."""

    name: str
    related: Related | None = None
    short: bool = False


def summary_rows(conn: sqlite3.Connection, table: str, key: str, shown: Sequence[Shown],
                 split: str | None, keys: Sequence[Any], chunk: int) -> Iterator[tuple[Any, ...]]:
    """(key, each shown column, the split or None) of the rows whose key is in `keys`, queried
    `chunk` keys at a time."""
    select = [f"m.{quoted(key)}"]
    joins: list[str] = []
    for col in shown:
        if col.related is None:
            expr = f"m.{quoted(col.name)}"
            select.append(f"substr({expr}, 1, 240)" if col.short else expr)
            continue
        alias = f"j{len(joins)}"
        joins.append(f"LEFT JOIN {quoted(col.related.table)} {alias} ON "
                     f"{alias}.{quoted(col.related.on[1])} = m.{quoted(col.related.on[0])}")
        select.append(f"{alias}.{quoted(col.name)}")
    select.append(f"m.{quoted(split)}" if split else "NULL")
    head = (f"SELECT {', '.join(select)} FROM {quoted(table)} m {' '.join(joins)} "
            f"WHERE m.{quoted(key)} IN ")
    for start in range(0, len(keys), chunk):
        part = keys[start:start + chunk]
        yield from conn.execute(head + f"({', '.join('?' * len(part))})", part)


def records(conn: sqlite3.Connection, table: str, column: str, value: Any, limit: int
            ) -> list[dict[str, Any]]:
    """Up to `limit` whole rows of `table` whose `column` is `value`, by column name."""
    cursor = conn.execute(f"SELECT * FROM {quoted(table)} WHERE {quoted(column)} = ?", (value,))
    names = [c[0] for c in cursor.description]
    return [dict(zip(names, r, strict=True)) for r in cursor.fetchmany(limit)]


def first_value(conn: sqlite3.Connection, table: str, name: str, column: str, value: Any
                ) -> Any:
    """`name` of the first row of `table` whose `column` is `value`; None without one."""
    found = conn.execute(
        f"SELECT {quoted(name)} FROM {quoted(table)} WHERE {quoted(column)} = ? LIMIT 1",
        (value,)).fetchone()
    return found[0] if found else None


def related_rows(conn: sqlite3.Connection, table: str, names: Sequence[str], column: str,
                 value: Any, order: str | None = None) -> list[tuple[Any, ...]]:
    """`names` of the rows of `table` whose `column` is `value`, by `order` (else as
    stored)."""
    order_sql = quoted(order) if order is not None else "rowid"
    return conn.execute(
        f"SELECT {', '.join(quoted(c) for c in names)} FROM {quoted(table)} "
        f"WHERE {quoted(column)} = ? ORDER BY {order_sql}", (value,)).fetchall()


# -- a JSONL corpus's offset index -----------------------------------------------------------
def index_meta(conn: sqlite3.Connection) -> dict[str, str]:
    return dict(conn.execute("SELECT key, value FROM meta").fetchall())


def write_index(conn: sqlite3.Connection, batches: Iterable[Sequence[tuple[str, int, int]]],
                meta: Mapping[str, str], run: int = 100_000) -> int:
    """Fill a new index file with its (key, offset, length) entries, given in file order in
    batches (the first of a key kept), and its meta; the number of keys. No journal, no sync:
    the file is new and renamed into place when complete. Runs of about `run` entries go in
    sorted by key, so each run walks the key's B-tree once, front to back."""
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    conn.execute("CREATE TABLE records (key TEXT PRIMARY KEY, offset INTEGER, "
                 "length INTEGER) WITHOUT ROWID")
    insert = "INSERT OR IGNORE INTO records VALUES (?, ?, ?)"
    pending: list[tuple[str, int, int]] = []
    for batch in batches:
        pending.extend(batch)
        if len(pending) >= run:
            pending.sort()  # a key's entries stay in file order: the first goes in first
            conn.executemany(insert, pending)
            pending.clear()
    pending.sort()
    conn.executemany(insert, pending)
    conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    conn.commit()
    return int(conn.execute("SELECT count(*) FROM records").fetchone()[0])


def index_offsets(conn: sqlite3.Connection, keys: Sequence[str], chunk: int = 500
                  ) -> dict[str, tuple[int, int]]:
    """{key: (offset, length)} of the keys the index holds."""
    found: dict[str, tuple[int, int]] = {}
    for start in range(0, len(keys), chunk):
        part = keys[start:start + chunk]
        rows = conn.execute(
            f"SELECT key, offset, length FROM records WHERE key IN "
            f"({', '.join('?' * len(part))})", part)
        found.update((k, (o, n)) for k, o, n in rows)
    return found
