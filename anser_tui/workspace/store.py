"""The workspace: one SQLite file with tasks, runs, metrics, judgments, sessions and decisions.

Each store object owns one connection; give each thread its own (`reopen`). The connection is
in autocommit mode and every user-level write is one `transaction()`: `BEGIN IMMEDIATE` (the
write lock taken up front, so a second writer waits its turn instead of failing half-way),
COMMIT at the end, ROLLBACK on any exception. Nested `transaction()` blocks are part of the
outermost one. Opening a file of an older schema migrates it in one transaction; a file of a
newer schema is refused before anything is written. A file that does not start with SQLite's
header is refused before any connection is made (nothing is written beside it). The read verbs
open `read_only` (URI `mode=ro`); the -wal and -shm such a connection makes beside a file no one
else has open are taken away on closing (by SQLite itself, through a connection that reads the
header and closes, writing nothing), so reading leaves the file as it was and nothing beside it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.workspace.fingerprint import content_hash, tasks_fingerprint
from anser_tui.workspace.migrations import migrate
from anser_tui.workspace.records import LogRecord, RunOutput, new_uid
from anser_tui.workspace.schema import SCHEMA, SCHEMA_VERSION
from anser_tui.workspace.sql import statements
from anser_tui.workspace.tasks import HEAD_COLUMNS, Task, TaskHead

LOCK_RETRIES = 20  # BEGIN IMMEDIATE attempts, on top of the busy timeout of each
SQLITE_HEADER = b"SQLite format 3\x00"


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), timeout=30.0, check_same_thread=False,
                           isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


def _connect_read_only(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30.0,
                           check_same_thread=False, isolation_level=None)
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


def _sidecars(path: Path) -> bool:
    return any(Path(f"{path}{s}").exists() for s in ("-wal", "-shm"))


def _tidy(path: Path) -> None:
    """Let SQLite remove the -wal and -shm a read-only connection left: the last connection to
    close a WAL file removes them (an empty WAL: nothing is written to the file)."""
    conn = sqlite3.connect(str(path), timeout=30.0, isolation_level=None)
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    finally:
        conn.close()


def _require_sqlite(path: Path) -> None:
    """An InputError unless the file starts with SQLite's header (read before connecting)."""
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror})", path) from None
    if header != SQLITE_HEADER:
        raise InputError("not an anser-tui workspace", path)


def schema_version(conn: sqlite3.Connection, path: Path) -> int:
    """The file's schema version; an InputError when it is no anser-tui workspace."""
    try:
        row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    except sqlite3.DatabaseError:
        raise InputError("not an anser-tui workspace", path) from None
    if row is None or not str(row[0]).isdigit():
        raise InputError("not an anser-tui workspace", path)
    return int(row[0])


_READ_JUDGE: ContextVar[str | None] = ContextVar("read_judge", default=None)


@contextmanager
def reading_judge(judge: str | None) -> Iterator[None]:
    """Stores opened inside read every run with `judge` in place of its primary judge
    (None: the primary), e.g. for the duration of a verb given `--judge NAME`."""
    token = _READ_JUDGE.set(judge)
    try:
        yield
    finally:
        _READ_JUDGE.reset(token)


class WorkspaceStore:
    """Read and write one workspace file."""

    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path = path
        self.conn = conn
        self._depth = 0
        self._tasks: dict[str, Task] = {}
        self._all_tasks = False
        self.read_only = False
        # The judge every run is read with in place of its primary one (a verb's --judge).
        self.judge: str | None = _READ_JUDGE.get()
        self._tidy_on_close = False  # a read-only store made the -wal and -shm beside it

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path, benchmark: str, data_dir: Path, tasks: Sequence[Task],
               splits: Mapping[str, Sequence[str]], data_signature: str = "",
               meta: Mapping[str, str] | None = None) -> WorkspaceStore:
        """A new workspace at `path` holding `tasks` and their `splits` ({task id: splits}),
        with `meta` entries of the caller's (e.g. the benchmark's load options).
        Written whole or not at all (built beside `path`, then renamed into place)."""
        path = Path(path)
        if path.exists():
            raise InputError("a file already exists there; choose a new workspace path", path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".creating")
        for suffix in ("", "-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        conn = _connect(tmp)
        try:
            store = cls(tmp, conn)
            with store.transaction():
                for statement in statements(SCHEMA):
                    conn.execute(statement)
                data_dir = Path(data_dir).resolve()
                store.set_meta({
                    "schema_version": str(SCHEMA_VERSION), "benchmark": benchmark,
                    "workspace_uid": new_uid(), "created_at": utc_now(),
                    "benchmark_fingerprint": tasks_fingerprint(tasks),
                    **data_dir_meta(path, data_dir, data_signature), **(meta or {})})
                conn.executemany(f"INSERT INTO tasks ({', '.join(Task.COLUMNS)}) VALUES "
                                 f"({', '.join('?' * len(Task.COLUMNS))})",
                                 (t.to_row() for t in tasks))
                conn.executemany("INSERT INTO task_splits (task_id, split) VALUES (?, ?)",
                                 ((tid, s) for tid, names in splits.items() for s in names))
            store.checkpoint()
        finally:
            conn.close()
        for suffix in ("-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        tmp.rename(path)
        return cls.open(path)

    @classmethod
    def open(cls, path: Path, read_only: bool = False) -> WorkspaceStore:
        """Open a workspace, migrating an older schema first; a newer one is refused.
        `read_only`: for reading only (an older schema is still migrated, by a writing open)."""
        path = Path(path)
        if not path.is_file():
            raise InputError("no workspace there (create one with `anser-tui init`)", path)
        _require_sqlite(path)
        sidecars = _sidecars(path)
        try:
            conn = _connect_read_only(path) if read_only else _connect(path)
        except sqlite3.DatabaseError:
            raise InputError("not an anser-tui workspace", path) from None
        try:
            version = schema_version(conn, path)
            if version > SCHEMA_VERSION:
                raise InputError(
                    f"this workspace was written by a newer anser-tui (schema {version}; this "
                    f"release reads schema {SCHEMA_VERSION} and older): upgrade anser-tui to "
                    "open it", path)
            store = cls(path, conn)
            store.read_only = read_only
            store._tidy_on_close = read_only and not sidecars
            if version < SCHEMA_VERSION and read_only:
                conn.close()
                cls.open(path).close()
                return cls.open(path, read_only=True)
            if version < SCHEMA_VERSION:
                migrate(store, version)
        except BaseException:
            conn.close()
            raise
        return store

    def reopen(self) -> WorkspaceStore:
        """Another store on the same file, with its own connection (for another thread)."""
        store = WorkspaceStore.open(self.path, self.read_only)
        store.judge = self.judge
        return store

    def close(self) -> None:
        self.conn.close()
        if self._tidy_on_close:
            self._tidy_on_close = False
            _tidy(self.path)

    def __enter__(self) -> WorkspaceStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside commits together or not at all (one BEGIN IMMEDIATE)."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self._begin()
        self._depth = 1
        try:
            yield
        except BaseException:
            self._depth = 0
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self._depth = 0
        self.conn.execute("COMMIT")

    def _begin(self) -> None:
        """Take the write lock, waiting for another writer (busy timeout, then retries)."""
        for attempt in range(LOCK_RETRIES):
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if attempt == LOCK_RETRIES - 1:
                    raise InputError("the workspace stayed locked by another writer; try "
                                     "again", self.path) from None
                time.sleep(min(0.05 * 2 ** attempt, 1.0))

    def checkpoint(self) -> None:
        """Move everything in the write-ahead log into the file itself (and empty the log)."""
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def change_stamp(self) -> tuple[int, int]:
        """What changes when another connection commits (SQLite's data version) or a judgment
        is added (the newest judgment's id): compare two to know whether to read again."""
        version = self.conn.execute("PRAGMA data_version").fetchone()[0]
        last = self.conn.execute("SELECT MAX(id) FROM judgments").fetchone()[0]
        return int(version), int(last or 0)

    def sync_to_survive_process_crash(self) -> None:
        """Commit without waiting for the disk, only so as to survive a crash of this process
        (WAL at synchronous NORMAL), for writes that can be had again."""
        self.conn.execute("PRAGMA synchronous=NORMAL")

    def rows(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """The rows of a query as `sqlite3.Row`s (by column name), for `from_row`."""
        cursor = self.conn.cursor()
        cursor.row_factory = sqlite3.Row
        return cursor.execute(sql, params)

    # -- meta ----------------------------------------------------------------------------
    def remember(self, values: Mapping[str, str]) -> None:
        """`set_meta`, through a writing store of its own when this one is read-only."""
        if not self.read_only:
            self.set_meta(values)
            return
        with WorkspaceStore.open(self.path) as writer:
            writer.set_meta(values)

    def set_meta(self, values: Mapping[str, str]) -> None:
        with self.transaction():
            self.conn.executemany(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value=excluded.value", values.items())

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    @property
    def benchmark(self) -> str:
        """The name of the workspace's benchmark (every schema writes it when the file is
        made); an InputError for a file that names none."""
        name = self.meta("benchmark")
        if not name:
            raise InputError("the workspace names no benchmark (its meta table has no "
                             "'benchmark' row): it was not made by `anser-tui init`", self.path)
        return name

    @property
    def data_dir(self) -> Path:
        """The benchmark folder as last recorded (`exchange.data_folder` finds and checks it)."""
        return Path(self.meta("data_dir") or ".")

    # -- tasks ---------------------------------------------------------------------------
    def tasks(self) -> list[Task]:
        """All tasks in benchmark order (read once, then kept)."""
        if not self._all_tasks:
            rows = self.conn.execute(f"SELECT {Task.SELECTED} FROM tasks ORDER BY seq")
            self._tasks = {row[0]: Task.from_values(row) for row in rows}
            self._all_tasks = True
        return list(self._tasks.values())

    def task(self, task_id: str) -> Task:
        """One task; read on its own until all are needed (a resumed review reads a few)."""
        task = self._tasks.get(task_id)
        if task is None and not self._all_tasks:
            row = self.rows("SELECT * FROM tasks WHERE id=?", (task_id,)).fetchone()
            if row is not None:
                task = self._tasks[task_id] = Task.from_row(row)
        if task is None:
            raise InputError(f"no task {task_id!r} in the workspace", self.path)
        return task

    def read_tasks(self, task_ids: Iterable[str]) -> None:
        """Read the tasks of `task_ids` not read yet, in one query (a queue's tasks at once,
        instead of one query each); `task` then finds them."""
        wanted = [t for t in dict.fromkeys(task_ids) if t not in self._tasks]
        if not wanted or self._all_tasks:
            return
        rows = self.conn.execute(f"SELECT {Task.SELECTED} FROM tasks "
                                 "WHERE id IN (SELECT value FROM json_each(?))",
                                 (json.dumps(wanted),))
        self._tasks.update((row[0], Task.from_values(row)) for row in rows)

    def task_heads(self, task_ids: Iterable[str]) -> list[TaskHead]:
        """The heads of `task_ids` (unknown ids left out), each once: from the tasks already
        read, the rest in one query of their light columns."""
        wanted = list(dict.fromkeys(task_ids))
        heads = [task.head for t in wanted if (task := self._tasks.get(t)) is not None]
        rest = [t for t in wanted if t not in self._tasks]
        if rest and not self._all_tasks:
            rows = self.conn.execute(f"SELECT {HEAD_COLUMNS} FROM tasks "
                                     "WHERE id IN (SELECT value FROM json_each(?))",
                                     (json.dumps(rest),))
            heads += map(TaskHead.from_values, rows)
        return heads

    def task_ids(self) -> list[str]:
        """Every task id in benchmark order (read afresh, without reading the tasks)."""
        return [task_id for (task_id,) in self.conn.execute("SELECT id FROM tasks ORDER BY seq")]

    def has_task(self, task_id: str) -> bool:
        if task_id in self._tasks or self._all_tasks:
            return task_id in self._tasks
        return self.conn.execute("SELECT 1 FROM tasks WHERE id=?", (task_id,)).fetchone() \
            is not None

    def splits(self) -> dict[str, list[str]]:
        """{split: task ids in benchmark order}."""
        out: dict[str, list[str]] = {}
        for split, task_id in self.conn.execute(
                "SELECT s.split, s.task_id FROM task_splits s JOIN tasks t ON t.id = s.task_id "
                "ORDER BY s.split, t.seq"):
            out.setdefault(split, []).append(task_id)
        return out

    # -- runs ----------------------------------------------------------------------------
    def run_names(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT name FROM runs ORDER BY imported_at")]

    def run_sizes(self) -> list[tuple[str, int]]:
        """(run, number of outputs) of every run, in import order."""
        return [(name, n) for name, n in self.conn.execute(
            "SELECT name, n_outputs FROM runs ORDER BY imported_at")]

    def run_import_times(self) -> dict[str, str]:
        """{run: when it was imported (UTC, ISO)}."""
        return dict(self.conn.execute("SELECT name, imported_at FROM runs"))

    def has_run(self, name: str) -> bool:
        return self.conn.execute("SELECT 1 FROM runs WHERE name=?", (name,)).fetchone() is not None

    def require_run(self, name: str | None) -> str:
        """The run named, or the only run; an InputError when that is ambiguous or unknown."""
        names = self.run_names()
        if name is None:
            if len(names) == 1:
                return names[0]
            if not names:
                raise InputError("the workspace has no runs (use `anser-tui import-run`)",
                                 self.path)
            raise InputError(f"choose a run with --run: {', '.join(names)}", self.path)
        if name not in names:
            raise InputError(f"no run {name!r} (runs: {', '.join(names) or 'none'})", self.path)
        return name

    def add_run(self, name: str, outputs: Sequence[tuple[int, RunOutput]],
                logs: Sequence[LogRecord], source: str, log_source: str | None) -> None:
        """Insert one run, its outputs and its log figures in one transaction."""
        output_rows = [o.to_row(name, line) for line, o in outputs]
        log_rows = [r.to_row(name) for r in logs]
        with self.transaction():
            self.conn.execute(
                "INSERT INTO runs (name, uid, source, log_source, imported_at, n_outputs, "
                "n_log, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (name, new_uid(), source, log_source, utc_now(), len(output_rows),
                 len(log_rows), content_hash(output_rows, log_rows)))
            self.conn.executemany("INSERT INTO outputs (run, task_id, answer, retrieved, line) "
                                  "VALUES (?, ?, ?, ?, ?)", output_rows)
            self.conn.executemany(
                "INSERT INTO logs (run, task_id, latency_s, input_tokens, output_tokens, "
                "total_tokens) VALUES (?, ?, ?, ?, ?, ?)", log_rows)

    def output(self, run: str, task_id: str) -> RunOutput | None:
        """The run's output for a task; None where the run has none (an empty answer)."""
        row = self.rows("SELECT task_id, answer, retrieved FROM outputs "
                        "WHERE run=? AND task_id=?", (run, task_id)).fetchone()
        return None if row is None else RunOutput.from_row(row)

    def outputs(self, run: str) -> dict[str, RunOutput]:
        rows = self.rows("SELECT task_id, answer, retrieved FROM outputs WHERE run=?", (run,))
        return {row["task_id"]: RunOutput.from_row(row) for row in rows}

    def log_records(self, run: str) -> dict[str, LogRecord]:
        rows = self.rows("SELECT * FROM logs WHERE run=?", (run,))
        return {row["task_id"]: LogRecord.from_row(row) for row in rows}

    # -- metrics -------------------------------------------------------------------------
    def replace_metrics(self, run: str, rows: Iterable[Mapping[str, Any]]) -> None:
        """Replace a run's task metrics with `rows` ({task_id, name, value, detail})."""
        with self.transaction():
            self.conn.execute("DELETE FROM metrics WHERE run=?", (run,))
            self.conn.executemany(
                "INSERT INTO metrics (run, task_id, name, value, detail) VALUES (?, ?, ?, ?, ?)",
                ((run, r["task_id"], r["name"], r["value"], r["detail"]) for r in rows))

    def task_metrics(self, run: str, task_id: str) -> dict[str, tuple[float | None, str | None]]:
        rows = self.conn.execute(
            "SELECT name, value, detail FROM metrics WHERE run=? AND task_id=?", (run, task_id))
        return {name: (value, detail) for name, value, detail in rows}


def data_dir_meta(workspace: Path, data_dir: Path, signature: str) -> dict[str, str]:
    """The meta entries that find a data folder again: its absolute path, its path relative to
    the workspace's folder (a workspace moved together with its data), its files' signature."""
    relative = os.path.relpath(data_dir, Path(workspace).resolve().parent)
    return {"data_dir": str(data_dir), "data_dir_relative": relative,
            "data_signature": signature}
