"""The workspace: one SQLite file (through sqlite-utils) with tasks, runs, metrics, judgments,
sessions and decisions. Each store object owns one connection; give each thread its own."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anser_tui.errors import InputError
from anser_tui.workspace.records import LogRecord, RunOutput, dumps
from anser_tui.workspace.schema import SCHEMA, SCHEMA_VERSION
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

if TYPE_CHECKING:
    import sqlite_utils


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), timeout=30.0, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


class WorkspaceStore:
    """Read and write one workspace file."""

    def __init__(self, path: Path, conn: sqlite3.Connection):
        self.path = path
        self.conn = conn
        self._tasks: dict[str, Task] = {}
        self._all_tasks = False

    @cached_property
    def db(self) -> sqlite_utils.Database:
        """sqlite-utils on this connection, for bulk writes. Imported on first use: it imports
        pandas when pandas is installed, half a second the review screen need not wait for."""
        import sqlite_utils

        return sqlite_utils.Database(self.conn)

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path, benchmark: str, data_dir: Path, tasks: Iterable[Task]
               ) -> WorkspaceStore:
        """A new workspace at `path` holding `tasks`. Written whole or not at all."""
        path = Path(path)
        if path.exists():
            raise InputError("a file already exists there; choose a new workspace path", path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".creating")
        tmp.unlink(missing_ok=True)
        conn = _connect(tmp)
        try:
            conn.executescript(SCHEMA)
            store = cls(tmp, conn)
            with store.transaction():
                store._set_meta({"schema_version": str(SCHEMA_VERSION), "benchmark": benchmark,
                                 "data_dir": str(Path(data_dir).resolve()),
                                 "created_at": utc_now()})
                store._insert_tasks(tasks)
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        for suffix in ("-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        tmp.rename(path)
        return cls.open(path)

    @classmethod
    def open(cls, path: Path) -> WorkspaceStore:
        path = Path(path)
        if not path.is_file():
            raise InputError("no workspace there (create one with `anser-tui init`)", path)
        conn = _connect(path)
        try:
            version = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        except sqlite3.DatabaseError:
            conn.close()
            raise InputError("not an anser-tui workspace", path) from None
        if version is None:
            conn.close()
            raise InputError("not an anser-tui workspace", path)
        conn.executescript(SCHEMA)
        return cls(path, conn)

    def reopen(self) -> WorkspaceStore:
        """Another store on the same file, with its own connection (for another thread)."""
        return WorkspaceStore.open(self.path)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> WorkspaceStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside commits together or not at all."""
        with self.conn:
            yield

    # -- meta ----------------------------------------------------------------------------
    def _set_meta(self, values: Mapping[str, str]) -> None:
        self.db.table("meta").upsert_all([{"key": k, "value": v} for k, v in values.items()],
                                   pk="key")

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    @property
    def benchmark(self) -> str:
        return self.meta("benchmark") or "anser"

    @property
    def data_dir(self) -> Path:
        return Path(self.meta("data_dir") or ".")

    # -- tasks ---------------------------------------------------------------------------
    def _insert_tasks(self, tasks: Iterable[Task]) -> None:
        self.db.table("tasks").insert_all(
            {"id": t.id, "seq": t.seq, "benchmark": t.benchmark, "group_name": t.group,
             "form": t.form.value, "lang": t.lang, "domain": t.domain,
             "objective": t.objective, "number": t.number, "type": t.prompt.type,
             "query": t.query, "instruction": t.instruction,
             "ground_truth": dumps(t.ground_truth), "evidence": dumps(t.evidence),
             "source": t.source, "line": t.line, "extra": dumps(t.extra)}
            for t in tasks)

    def tasks(self) -> list[Task]:
        """All tasks in benchmark order (read once, then kept)."""
        if not self._all_tasks:
            rows = self.conn.execute("SELECT * FROM tasks ORDER BY seq")
            names = [d[0] for d in rows.description]
            self._tasks = {}
            for values in rows:
                task = _task_from_row(dict(zip(names, values, strict=True)))
                self._tasks[task.id] = task
            self._all_tasks = True
        return list(self._tasks.values())

    def task(self, task_id: str) -> Task:
        """One task; read on its own until all are needed (a resumed review reads a few)."""
        task = self._tasks.get(task_id)
        if task is None and not self._all_tasks:
            cursor = self.conn.execute("SELECT * FROM tasks WHERE id=?", (task_id,))
            row = cursor.fetchone()
            if row is not None:
                names = [d[0] for d in cursor.description]
                task = self._tasks[task_id] = _task_from_row(dict(zip(names, row, strict=True)))
        if task is None:
            raise InputError(f"no task {task_id!r} in the workspace", self.path)
        return task

    def has_task(self, task_id: str) -> bool:
        if task_id in self._tasks or self._all_tasks:
            return task_id in self._tasks
        return self.conn.execute("SELECT 1 FROM tasks WHERE id=?", (task_id,)).fetchone() \
            is not None

    # -- runs ----------------------------------------------------------------------------
    def run_names(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT name FROM runs ORDER BY imported_at")]

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

    def add_run(self, name: str, outputs: list[tuple[int, RunOutput]],
                logs: list[LogRecord], source: str, log_source: str | None) -> None:
        """Insert one run, its outputs and its log figures in one transaction."""
        with self.transaction():
            self.db.table("runs").insert({"name": name, "source": source, "log_source": log_source,
                                    "imported_at": utc_now(), "n_outputs": len(outputs),
                                    "n_log": len(logs)})
            self.db.table("outputs").insert_all(
                {"run": name, "task_id": o.task_id,
                 "answer": None if o.answer is None else dumps(o.answer),
                 "retrieved": dumps(o.retrieved), "line": line} for line, o in outputs)
            self.db.table("logs").insert_all(
                {"run": name, "task_id": r.task_id, "latency_s": r.latency_s,
                 "input_tokens": r.input_tokens, "output_tokens": r.output_tokens,
                 "total_tokens": r.total_tokens} for r in logs)

    def output(self, run: str, task_id: str) -> RunOutput | None:
        """The run's output for a task; None where the run has none (an empty answer)."""
        row = self.conn.execute("SELECT answer, retrieved FROM outputs WHERE run=? AND task_id=?",
                                (run, task_id)).fetchone()
        if row is None:
            return None
        answer = None if row[0] is None else json.loads(row[0])
        return RunOutput(task_id=task_id, answer=answer, retrieved=json.loads(row[1]))

    def outputs(self, run: str) -> dict[str, RunOutput]:
        rows = self.conn.execute("SELECT task_id, answer, retrieved FROM outputs WHERE run=?",
                                 (run,))
        return {tid: RunOutput(task_id=tid, answer=None if a is None else json.loads(a),
                               retrieved=json.loads(r)) for tid, a, r in rows}

    def log_records(self, run: str) -> dict[str, LogRecord]:
        rows = self.conn.execute(
            "SELECT task_id, latency_s, input_tokens, output_tokens FROM logs WHERE run=?",
            (run,))
        return {tid: LogRecord(task_id=tid, latency_s=lat, input_tokens=i, output_tokens=o)
                for tid, lat, i, o in rows}

    # -- metrics -------------------------------------------------------------------------
    def replace_metrics(self, run: str, rows: Iterable[Mapping[str, Any]]) -> None:
        """Replace a run's task metrics with `rows` ({task_id, name, value, detail})."""
        with self.transaction():
            self.conn.execute("DELETE FROM metrics WHERE run=?", (run,))
            self.db.table("metrics").insert_all({"run": run, **r} for r in rows)

    def task_metrics(self, run: str, task_id: str) -> dict[str, tuple[float | None, str | None]]:
        rows = self.conn.execute(
            "SELECT name, value, detail FROM metrics WHERE run=? AND task_id=?", (run, task_id))
        return {name: (value, detail) for name, value, detail in rows}


def _task_from_row(row: dict[str, Any]) -> Task:
    return Task(
        id=row["id"], benchmark=row["benchmark"], group=row["group_name"],
        form=Form(row["form"]), lang=row["lang"], domain=row["domain"],
        objective=row["objective"], number=row["number"], seq=row["seq"],
        source=row["source"], line=row["line"],
        prompt=TaskPrompt(id=row["id"], type=row["type"], query=row["query"],
                          instruction=row["instruction"]),
        key=AnswerKey(ground_truth=json.loads(row["ground_truth"]),
                      evidence=json.loads(row["evidence"])),
        extra=json.loads(row["extra"]))
