"""The rows a merge reads from another copy of a workspace and writes into this one.

`SourceRows` reads a read-only connection to the incoming copy (IN); `TargetRows` writes into
OUT inside the merge's one transaction (`exchange.merge` holds it and decides what is copied).
Columns are taken from IN's own tables, so a row is copied whole.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from anser_tui.workspace.records import Decision, JudgeCall, Judgment
from anser_tui.workspace.store import WorkspaceStore

MetricCell = tuple[str, str, float | None, str | None]  # (task id, metric, value, detail)
QueueRow = tuple[str, str, float | None, int]  # (run, task id, probability, recheck)
_CALL_COLUMNS = ("judgment_uid", "seq", *JudgeCall.COLUMNS)


def _marks(n: int) -> str:
    return ", ".join("?" * n)


class SourceRows:
    """What a merge reads of IN (rows by column name)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def columns(self, table: str) -> list[str]:
        return [r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")]

    def meta(self) -> dict[str, str]:
        return {k: v for k, v in self.conn.execute("SELECT key, value FROM meta")}

    def runs(self) -> list[tuple[str, str]]:
        """(name, content hash) of every run, in import order."""
        return [(r["name"], r["content_hash"]) for r in self.conn.execute(
            "SELECT * FROM runs ORDER BY imported_at, name").fetchall()]

    def metric_cells(self, run: str) -> list[MetricCell]:
        return [(t, n, v, d) for t, n, v, d in self.conn.execute(
            "SELECT task_id, name, value, detail FROM metrics WHERE run=?", (run,))]

    def judgments(self) -> list[sqlite3.Row]:
        """Every judgment, oldest first, in `Judgment.COLUMNS`."""
        return list(self.conn.execute(
            f"SELECT {', '.join(Judgment.COLUMNS)} FROM judgments ORDER BY created_at, id"))

    def primary_judges(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self.conn.execute("SELECT run, judge FROM primary_judges")]

    def calls(self, judgment_uid: str) -> list[tuple[Any, ...]]:
        return [tuple(c) for c in self.conn.execute(
            f"SELECT {', '.join(_CALL_COLUMNS)} FROM judge_calls WHERE judgment_uid=? "
            "ORDER BY seq", (judgment_uid,))]

    def sessions(self) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT * FROM sessions ORDER BY id").fetchall()

    def queue(self, session_id: int) -> list[QueueRow]:
        return [(run, t, p, rc) for run, t, p, rc in self.conn.execute(
            "SELECT run, task_id, inclusion_probability, recheck FROM session_items "
            "WHERE session_id=? ORDER BY pos", (session_id,))]

    def decisions(self) -> list[dict[str, Any]]:
        """Every decision, oldest first, by `Decision.COLUMNS`."""
        cols = Decision.COLUMNS
        return [dict(zip(cols, r, strict=True)) for r in self.conn.execute(
            f"SELECT {', '.join(cols)} FROM decisions ORDER BY created_at, id")]


class TargetRows:
    """What a merge reads of OUT and writes into it (inside the caller's transaction)."""

    def __init__(self, store: WorkspaceStore):
        self.conn = store.conn

    def _copy(self, src: SourceRows, table: str, column: str, value: str) -> None:
        cols = src.columns(table)
        rows = [tuple(r) for r in src.conn.execute(
            f"SELECT {', '.join(cols)} FROM {table} WHERE {column}=?", (value,))]
        self.conn.executemany(f"INSERT INTO {table} ({', '.join(cols)}) VALUES "
                              f"({_marks(len(cols))})", rows)

    # -- runs and metrics ----------------------------------------------------------------
    def run_hashes(self) -> dict[str, str]:
        return {r[0]: r[1] for r in self.conn.execute("SELECT name, content_hash FROM runs")}

    def copy_run(self, src: SourceRows, name: str) -> None:
        """IN's run of this name with its outputs and log figures."""
        self._copy(src, "runs", "name", name)
        self._copy(src, "outputs", "run", name)
        self._copy(src, "logs", "run", name)

    def metric_cells(self, run: str) -> dict[tuple[str, str], tuple[float | None, str | None]]:
        return {(r[0], r[1]): (r[2], r[3]) for r in self.conn.execute(
            "SELECT task_id, name, value, detail FROM metrics WHERE run=?", (run,))}

    def add_metric(self, run: str, cell: MetricCell) -> None:
        self.conn.execute("INSERT INTO metrics (run, task_id, name, value, detail) "
                          "VALUES (?, ?, ?, ?, ?)", (run, *cell))

    def set_metric(self, run: str, cell: MetricCell) -> None:
        task_id, metric, value, detail = cell
        self.conn.execute("UPDATE metrics SET value=?, detail=? WHERE run=? AND "
                          "task_id=? AND name=?", (value, detail, run, task_id, metric))

    # -- judgments and caches ------------------------------------------------------------
    def judgment_uids(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT uid FROM judgments")}

    def judged_items(self) -> set[tuple[str, str]]:
        return {(r[0], r[1]) for r in self.conn.execute("SELECT run, task_id FROM judgments")}

    def add_judgments(self, src: SourceRows, rows: Sequence[sqlite3.Row]) -> None:
        """These judgments of IN (rows of `SourceRows.judgments`), each with its calls; a run
        judged here for the first time takes IN's primary judge."""
        self.conn.executemany(f"INSERT INTO judgments ({', '.join(Judgment.COLUMNS)}) VALUES "
                              f"({_marks(len(Judgment.COLUMNS))})", [tuple(r) for r in rows])
        self.conn.executemany("INSERT OR IGNORE INTO primary_judges (run, judge) VALUES (?, ?)",
                              [*src.primary_judges(), *((r["run"], r["judge"]) for r in rows)])
        for r in rows:
            self.conn.executemany(
                f"INSERT INTO judge_calls ({', '.join(_CALL_COLUMNS)}) VALUES "
                f"({_marks(len(_CALL_COLUMNS))})", src.calls(r["uid"]))

    def renumber_judgments(self) -> None:
        """Local ids in (created_at, uid) order: the newest judgment of an item is current."""
        order = [r[0] for r in self.conn.execute(
            "SELECT id FROM judgments ORDER BY created_at, uid")]
        self.conn.execute("UPDATE judgments SET id = -id")
        self.conn.executemany("UPDATE judgments SET id=? WHERE id=?",
                              [(new, -old) for new, old in enumerate(order, start=1)])

    def merge_caches(self, src: SourceRows) -> None:
        """Judge-cache rows by key (the earlier reply kept), BERTScore-F1 rows by their key."""
        cols = src.columns("judge_cache")
        updates = ", ".join(f"{c}=excluded.{c}" for c in cols if c != "key")
        self.conn.executemany(
            f"INSERT INTO judge_cache ({', '.join(cols)}) VALUES ({_marks(len(cols))}) "
            f"ON CONFLICT (key) DO UPDATE SET {updates} "
            "WHERE excluded.created_at < judge_cache.created_at",
            [tuple(r) for r in src.conn.execute(f"SELECT {', '.join(cols)} FROM judge_cache")])
        cols = src.columns("bertscore_cache")
        self.conn.executemany(
            f"INSERT OR IGNORE INTO bertscore_cache ({', '.join(cols)}) VALUES "
            f"({_marks(len(cols))})",
            [tuple(r) for r in src.conn.execute(
                f"SELECT {', '.join(cols)} FROM bertscore_cache")])

    # -- sessions, queues and decisions ----------------------------------------------------
    def session_ids(self) -> dict[str, int]:
        """{uid: local id} of every session."""
        return {r[0]: r[1] for r in self.conn.execute("SELECT uid, id FROM sessions")}

    def session_holding(self, name: str) -> tuple[int, str] | None:
        """(id, uid) of the session of this name, if any."""
        row = self.conn.execute("SELECT id, uid FROM sessions WHERE name=?", (name,)).fetchone()
        return None if row is None else (row[0], row[1])

    def rename_session(self, session_id: int, name: str) -> None:
        self.conn.execute("UPDATE sessions SET name=? WHERE id=?", (name, session_id))

    def add_session(self, values: dict[str, Any]) -> int:
        """A session row of IN's columns (its local id left out); our id for it."""
        cols = list(values)
        cursor = self.conn.execute(
            f"INSERT INTO sessions ({', '.join(cols)}) VALUES ({_marks(len(cols))})",
            [values[c] for c in cols])
        return int(cursor.lastrowid or 0)

    def queue_keys(self, session_id: int) -> set[tuple[str, str, int]]:
        """(run, task id, recheck) of each item of the session's queue."""
        return {(r[0], r[1], r[2]) for r in self.conn.execute(
            "SELECT run, task_id, recheck FROM session_items WHERE session_id=?", (session_id,))}

    def next_queue_pos(self, session_id: int) -> int:
        return int(self.conn.execute("SELECT COALESCE(MAX(pos) + 1, 0) FROM session_items "
                                     "WHERE session_id=?", (session_id,)).fetchone()[0])

    def add_queue_item(self, session_id: int, pos: int, item: QueueRow) -> None:
        self.conn.execute("INSERT INTO session_items (session_id, pos, run, task_id, "
                          "inclusion_probability, recheck) VALUES (?, ?, ?, ?, ?, ?)",
                          (session_id, pos, *item))

    def decision_uids(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT uid FROM decisions")}

    def add_decisions(self, rows: Sequence[dict[str, Any]]) -> None:
        cols = Decision.COLUMNS
        self.conn.executemany(f"INSERT INTO decisions ({', '.join(cols)}) VALUES "
                              f"({_marks(len(cols))})", [tuple(r[c] for c in cols) for r in rows])

    def count(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
