"""Migrations: a workspace of an older schema brought to the current one, in one transaction.

Each step takes the file from version N to N + 1 and is never edited once released; a file is
migrated when it is opened, all steps in one transaction (a failure leaves it as it was).
Tables whose columns change are rebuilt the way SQLite documents (create the new table, copy,
drop the old, rename the new), with foreign keys checked before the commit.

1 -> 2: uids on runs, sessions, judgments and decisions, derived from the file's creation
time and the row, so every copy of one v1 file migrates to the same uids and copies merge
(decisions name their judgment and undo target by uid instead of by local id); sessions gain
a purpose (review) and a design (task order: v1 knew no other), queue items an inclusion
probability (unknown) and the recheck mark (none); each v1 judgment's raw reply becomes its
one judge call; a run's content hash; task splits from the task's group (v1 knew one
benchmark only, where a task's split is its group); the benchmark fingerprint in meta and the
data folder's path relative to the workspace.

2 -> 3: each judgment names its judge: a v2 judgment belongs to the judge named after its
model (its source where it names no model); each judged run's primary judge is the judge of
its first judgment; batch submissions get their table (none yet).
"""

from __future__ import annotations

import os
import re
import sqlite3
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from anser_tui.workspace.fingerprint import content_hash, tasks_fingerprint
from anser_tui.workspace.schema import SCHEMA, SCHEMA_VERSION
from anser_tui.workspace.sql import statements
from anser_tui.workspace.tasks import Task

if TYPE_CHECKING:
    from anser_tui.workspace.store import WorkspaceStore

_CREATE = re.compile(r"CREATE (TABLE|INDEX|TRIGGER) (\w+)")
_NAMESPACE = uuid.UUID("7d1c3c2e-5f0a-4c5e-9b1e-6a2f3d9e8b10")  # anser-tui v1 -> v2 uids


# The version-2 form of what version 3 changed, for the 1 -> 2 step (which builds version 2).
_V2_SCHEMA = """
CREATE TABLE judgments (
    id INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE, run TEXT NOT NULL,
    task_id TEXT NOT NULL, rubric_id TEXT NOT NULL, status TEXT NOT NULL, marks TEXT NOT NULL,
    score REAL, recomputed_score REAL, reason TEXT, error TEXT,
    arithmetic_mismatch INTEGER NOT NULL, model TEXT, source TEXT NOT NULL,
    dataset_version TEXT, latency_s REAL, input_tokens INTEGER, output_tokens INTEGER,
    created_at TEXT NOT NULL
);
CREATE INDEX judgments_item ON judgments (run, task_id, id);
"""


def _schema_statement(kind: str, name: str, schema: str = SCHEMA) -> str:
    for statement in statements(schema):
        match = _CREATE.match(statement)
        if match and match.groups() == (kind, name):
            return statement
    raise KeyError(f"no {kind} {name} in the schema")


def _rebuild(conn: sqlite3.Connection, table: str, select: str, schema: str = SCHEMA) -> None:
    """Replace `table` by its form in `schema` (the current one), filled by `select` (over the
    old table)."""
    create = _schema_statement("TABLE", table, schema).replace(f"CREATE TABLE {table} ",
                                                       f"CREATE TABLE new_{table} ", 1)
    conn.execute(create)
    conn.execute(f"INSERT INTO new_{table} {select}")
    conn.execute(f"DROP TABLE {table}")
    conn.execute(f"ALTER TABLE new_{table} RENAME TO {table}")


def _origin(conn: sqlite3.Connection) -> str:
    """What identifies the v1 workspace a row comes from: its creation time and fingerprint of
    its tasks. Two copies of one v1 file share it, so they migrate to the same uids and merge
    as one (random uids would make the copies' records strangers)."""
    created = conn.execute("SELECT value FROM meta WHERE key='created_at'").fetchone()
    tasks = conn.execute("SELECT COUNT(*), MIN(id), MAX(id) FROM tasks").fetchone()
    return f"{created[0] if created else ''}|{tasks}"


def derived_uid(origin: str, table: str, key: object) -> str:
    """A uid derived from where a v1 row comes from (the same in every copy of the file)."""
    return uuid.uuid5(_NAMESPACE, f"{origin}|{table}|{key}").hex


def _uid_map(conn: sqlite3.Connection, table: str) -> None:
    """A temporary table giving each row of `table` its derived uid."""
    origin = _origin(conn)
    conn.execute(f"CREATE TEMP TABLE uid_{table} (id INTEGER PRIMARY KEY, uid TEXT NOT NULL)")
    conn.executemany(f"INSERT INTO uid_{table} (id, uid) VALUES (?, ?)",
                     [(row[0], derived_uid(origin, table, row[0]))
                      for row in conn.execute(f"SELECT id FROM {table}")])


def _v1_to_v2(store: WorkspaceStore) -> None:
    conn = store.conn
    for trigger in ("decisions_append_only_update", "decisions_append_only_delete"):
        conn.execute(f"DROP TRIGGER IF EXISTS {trigger}")
    conn.execute(_schema_statement("TABLE", "task_splits"))
    conn.execute(_schema_statement("INDEX", "task_splits_split"))
    conn.execute("INSERT INTO task_splits (task_id, split) SELECT id, group_name FROM tasks")

    hashes = {}
    for (run,) in conn.execute("SELECT name FROM runs").fetchall():
        outputs = conn.execute("SELECT run, task_id, answer, retrieved, line FROM outputs "
                               "WHERE run=?", (run,)).fetchall()
        logs = conn.execute("SELECT run, task_id, latency_s, input_tokens, output_tokens, "
                            "total_tokens FROM logs WHERE run=?", (run,)).fetchall()
        hashes[run] = content_hash(outputs, logs)
    conn.execute("CREATE TEMP TABLE run_hashes (name TEXT PRIMARY KEY, uid TEXT, hash TEXT)")
    origin = _origin(conn)
    conn.executemany("INSERT INTO run_hashes VALUES (?, ?, ?)",
                     [(run, derived_uid(origin, "runs", run), h) for run, h in hashes.items()])
    _rebuild(conn, "runs", "SELECT r.name, h.uid, r.source, r.log_source, r.imported_at, "
                           "r.n_outputs, r.n_log, h.hash FROM runs r JOIN run_hashes h "
                           "ON h.name = r.name")

    _uid_map(conn, "judgments")
    conn.execute(_schema_statement("TABLE", "judge_calls"))
    conn.execute("INSERT INTO judge_calls (judgment_uid, seq, criterion, status, raw, mark, "
                 "explanation, error, latency_s, input_tokens, output_tokens) "
                 "SELECT u.uid, 0, NULL, j.status, j.raw, NULL, j.reason, j.error, j.latency_s, "
                 "j.input_tokens, j.output_tokens FROM judgments j JOIN uid_judgments u "
                 "ON u.id = j.id")
    _rebuild(conn, "judgments",
             "SELECT j.id, u.uid, j.run, j.task_id, j.rubric_id, j.status, j.marks, j.score, "
             "j.recomputed_score, j.reason, j.error, j.arithmetic_mismatch, j.model, j.source, "
             "NULL, j.latency_s, j.input_tokens, j.output_tokens, j.created_at "
             "FROM judgments j JOIN uid_judgments u ON u.id = j.id", _V2_SCHEMA)
    conn.execute(_schema_statement("INDEX", "judgments_item", _V2_SCHEMA))

    _uid_map(conn, "sessions")
    _rebuild(conn, "sessions",
             "SELECT s.id, u.uid, s.name, s.reviewer, s.blind, s.order_by, s.filters, s.seed, "
             "'review', '{\"order\": \"task\"}', s.created_at "
             "FROM sessions s JOIN uid_sessions u ON u.id = s.id")
    _rebuild(conn, "session_items",
             "SELECT session_id, pos, run, task_id, NULL, 0 FROM session_items")

    _uid_map(conn, "decisions")
    _rebuild(conn, "decisions",
             "SELECT d.id, u.uid, d.session_id, d.run, d.task_id, d.reviewer, d.kind, d.marks, "
             "d.score, d.reason_code, d.comment, d.judge_visible, j.uid, t.uid, "
             "d.time_spent_s, d.created_at FROM decisions d JOIN uid_decisions u ON u.id = d.id "
             "LEFT JOIN uid_judgments j ON j.id = d.judgment_id "
             "LEFT JOIN uid_decisions t ON t.id = d.target")
    conn.execute(_schema_statement("INDEX", "decisions_item"))
    for trigger in ("decisions_append_only_update", "decisions_append_only_delete"):
        conn.execute(_schema_statement("TRIGGER", trigger))
    for temp in ("run_hashes", "uid_judgments", "uid_sessions", "uid_decisions"):
        conn.execute(f"DROP TABLE temp.{temp}")

    tasks = [Task.from_row(row) for row in store.rows("SELECT * FROM tasks ORDER BY seq")]
    data_dir = store.meta("data_dir") or "."
    relative = os.path.relpath(data_dir, Path(store.path).resolve().parent)
    store.set_meta({"benchmark_fingerprint": tasks_fingerprint(tasks),
                    "data_dir_relative": relative, "data_signature": "",
                    "workspace_uid": derived_uid(_origin(conn), "meta", "workspace"),
                    "migrated_from": "1"})


def _v2_to_v3(store: WorkspaceStore) -> None:
    conn = store.conn
    conn.execute("DROP INDEX judgments_item")
    _rebuild(conn, "judgments",
             "SELECT id, uid, run, task_id, rubric_id, status, marks, score, recomputed_score, "
             "reason, error, arithmetic_mismatch, model, COALESCE(model, source), source, "
             "dataset_version, latency_s, input_tokens, output_tokens, created_at "
             "FROM judgments")
    conn.execute(_schema_statement("INDEX", "judgments_item"))
    conn.execute(_schema_statement("TABLE", "primary_judges"))
    conn.execute("INSERT INTO primary_judges (run, judge) SELECT run, judge FROM judgments "
                 "WHERE id IN (SELECT MIN(id) FROM judgments GROUP BY run)")
    conn.execute(_schema_statement("TABLE", "judge_batches"))


STEPS: dict[int, Callable[[WorkspaceStore], None]] = {1: _v1_to_v2, 2: _v2_to_v3}


def migrate(store: WorkspaceStore, version: int) -> None:
    """Bring `store` from schema `version` to the current one, in one transaction."""
    conn = store.conn
    conn.execute("PRAGMA foreign_keys=OFF")  # tables are rebuilt; checked before the commit
    try:
        with store.transaction():
            while version < SCHEMA_VERSION:
                STEPS[version](store)
                version += 1
                store.set_meta({"schema_version": str(version)})
            problems = conn.execute("PRAGMA foreign_key_check").fetchall()
            if problems:
                raise sqlite3.IntegrityError(f"migration broke foreign keys: {problems[:3]}")
    finally:
        conn.execute("PRAGMA foreign_keys=ON")
