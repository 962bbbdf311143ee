"""The workspace schema: one SQLite file, WAL mode, decisions as append-only events."""

from __future__ import annotations

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tasks (
    id TEXT PRIMARY KEY, seq INTEGER NOT NULL, benchmark TEXT NOT NULL,
    group_name TEXT NOT NULL, form TEXT NOT NULL, lang TEXT NOT NULL, domain TEXT NOT NULL,
    objective TEXT NOT NULL, number INTEGER, type TEXT, query TEXT NOT NULL,
    instruction TEXT NOT NULL, ground_truth TEXT, evidence TEXT NOT NULL,
    source TEXT NOT NULL, line INTEGER NOT NULL, extra TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tasks_seq ON tasks (seq);
CREATE TABLE IF NOT EXISTS runs (
    name TEXT PRIMARY KEY, source TEXT NOT NULL, log_source TEXT,
    imported_at TEXT NOT NULL, n_outputs INTEGER NOT NULL, n_log INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS outputs (
    run TEXT NOT NULL REFERENCES runs(name), task_id TEXT NOT NULL REFERENCES tasks(id),
    answer TEXT, retrieved TEXT NOT NULL, line INTEGER NOT NULL,
    PRIMARY KEY (run, task_id)
);
CREATE TABLE IF NOT EXISTS logs (
    run TEXT NOT NULL REFERENCES runs(name), task_id TEXT NOT NULL REFERENCES tasks(id),
    latency_s REAL, input_tokens INTEGER, output_tokens INTEGER, total_tokens INTEGER,
    PRIMARY KEY (run, task_id)
);
CREATE TABLE IF NOT EXISTS metrics (
    run TEXT NOT NULL, task_id TEXT NOT NULL, name TEXT NOT NULL, value REAL, detail TEXT,
    PRIMARY KEY (run, task_id, name)
);
CREATE TABLE IF NOT EXISTS judgments (
    id INTEGER PRIMARY KEY AUTOINCREMENT, run TEXT NOT NULL, task_id TEXT NOT NULL,
    rubric_id TEXT NOT NULL, status TEXT NOT NULL, raw TEXT NOT NULL, marks TEXT NOT NULL,
    score REAL, recomputed_score REAL, reason TEXT, error TEXT,
    arithmetic_mismatch INTEGER NOT NULL, model TEXT, source TEXT NOT NULL,
    latency_s REAL, input_tokens INTEGER, output_tokens INTEGER, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS judgments_item ON judgments (run, task_id, id);
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, reviewer TEXT NOT NULL,
    blind INTEGER NOT NULL, order_by TEXT NOT NULL, filters TEXT NOT NULL,
    seed INTEGER NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS session_items (
    session_id INTEGER NOT NULL REFERENCES sessions(id), pos INTEGER NOT NULL,
    run TEXT NOT NULL, task_id TEXT NOT NULL,
    PRIMARY KEY (session_id, pos)
);
CREATE TABLE IF NOT EXISTS decisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id INTEGER NOT NULL REFERENCES sessions(id),
    run TEXT NOT NULL, task_id TEXT NOT NULL, reviewer TEXT NOT NULL, kind TEXT NOT NULL,
    marks TEXT NOT NULL, score REAL, reason_code TEXT, comment TEXT,
    judge_visible INTEGER NOT NULL, judgment_id INTEGER, target INTEGER,
    time_spent_s REAL, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS decisions_item ON decisions (session_id, run, task_id, id);
CREATE TRIGGER IF NOT EXISTS decisions_append_only_update BEFORE UPDATE ON decisions
BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
CREATE TRIGGER IF NOT EXISTS decisions_append_only_delete BEFORE DELETE ON decisions
BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
CREATE TABLE IF NOT EXISTS judge_cache (
    key TEXT PRIMARY KEY, model TEXT NOT NULL, params TEXT NOT NULL, raw TEXT NOT NULL,
    reply_model TEXT, latency_s REAL, input_tokens INTEGER, output_tokens INTEGER,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS bertscore_cache (
    model TEXT NOT NULL, layers INTEGER NOT NULL, candidate TEXT NOT NULL,
    reference TEXT NOT NULL, f1 REAL NOT NULL,
    PRIMARY KEY (model, layers, candidate, reference)
);
"""
