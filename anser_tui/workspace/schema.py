"""The workspace schema, version 3: one SQLite file, WAL mode, decisions as append-only events.

Version 2 (this release) adds to version 1: judge calls per criterion (`judge_calls`, the raw
reply of each call; `judgments` keeps the parsed whole), task membership in splits
(`task_splits`), the dataset version on each judgment, stable uids on runs, sessions,
judgments and decisions (decisions refer to their judgment and undo target by uid, so two
reviewers' workspaces can be merged), a content hash on runs, the benchmark's fingerprint
in `meta`, and each session's purpose (review or adjudication) and sampling design (how its
queue was drawn, and each item's chance of being drawn, for the corrected score; items
re-inserted to check a reviewer's consistency are marked `recheck`).
Version 3 adds judge identity (DESIGN 15): each judgment names its judge (a name for a model,
prompt set and parameters; by default the model), the judgments of several judges of one run
coexist (the current judgment is per run, task and judge), each run has a primary judge
(`primary_judges`: the first judged, or the one set), and batch submissions are recorded
(`judge_batches`) so an interrupted batch command resumes its batch. `migrations` turns a
version-1 or -2 file into this.
"""

from __future__ import annotations

SCHEMA_VERSION = 3

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE tasks (
    id TEXT PRIMARY KEY, seq INTEGER NOT NULL, benchmark TEXT NOT NULL,
    group_name TEXT NOT NULL, form TEXT NOT NULL, lang TEXT NOT NULL, domain TEXT NOT NULL,
    objective TEXT NOT NULL, number INTEGER, type TEXT, query TEXT NOT NULL,
    instruction TEXT NOT NULL, ground_truth TEXT, evidence TEXT NOT NULL,
    source TEXT NOT NULL, line INTEGER NOT NULL, extra TEXT NOT NULL
);
CREATE INDEX tasks_seq ON tasks (seq);
CREATE TABLE task_splits (
    task_id TEXT NOT NULL REFERENCES tasks(id), split TEXT NOT NULL,
    PRIMARY KEY (task_id, split)
);
CREATE INDEX task_splits_split ON task_splits (split, task_id);
CREATE TABLE runs (
    name TEXT PRIMARY KEY, uid TEXT NOT NULL UNIQUE, source TEXT NOT NULL, log_source TEXT,
    imported_at TEXT NOT NULL, n_outputs INTEGER NOT NULL, n_log INTEGER NOT NULL,
    content_hash TEXT NOT NULL
);
CREATE TABLE outputs (
    run TEXT NOT NULL REFERENCES runs(name), task_id TEXT NOT NULL REFERENCES tasks(id),
    answer TEXT, retrieved TEXT NOT NULL, line INTEGER NOT NULL,
    PRIMARY KEY (run, task_id)
);
CREATE TABLE logs (
    run TEXT NOT NULL REFERENCES runs(name), task_id TEXT NOT NULL REFERENCES tasks(id),
    latency_s REAL, input_tokens INTEGER, output_tokens INTEGER, total_tokens INTEGER,
    PRIMARY KEY (run, task_id)
);
CREATE TABLE metrics (
    run TEXT NOT NULL, task_id TEXT NOT NULL, name TEXT NOT NULL, value REAL, detail TEXT,
    PRIMARY KEY (run, task_id, name)
);
CREATE TABLE judgments (
    id INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE, run TEXT NOT NULL,
    task_id TEXT NOT NULL, rubric_id TEXT NOT NULL, status TEXT NOT NULL, marks TEXT NOT NULL,
    score REAL, recomputed_score REAL, reason TEXT, error TEXT,
    arithmetic_mismatch INTEGER NOT NULL, model TEXT, judge TEXT NOT NULL, source TEXT NOT NULL,
    dataset_version TEXT, latency_s REAL, input_tokens INTEGER, output_tokens INTEGER,
    created_at TEXT NOT NULL
);
CREATE INDEX judgments_item ON judgments (run, judge, task_id, id);
CREATE TABLE primary_judges (run TEXT PRIMARY KEY, judge TEXT NOT NULL);
CREATE TABLE judge_batches (
    batch_id TEXT PRIMARY KEY, run TEXT NOT NULL, judge TEXT NOT NULL, part INTEGER NOT NULL,
    input_file_id TEXT NOT NULL, params TEXT NOT NULL, custom_ids TEXT NOT NULL,
    state TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE judge_calls (
    judgment_uid TEXT NOT NULL REFERENCES judgments(uid), seq INTEGER NOT NULL,
    criterion TEXT, status TEXT NOT NULL, raw TEXT NOT NULL, mark INTEGER, explanation TEXT,
    error TEXT, latency_s REAL, input_tokens INTEGER, output_tokens INTEGER,
    PRIMARY KEY (judgment_uid, seq)
);
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE, name TEXT NOT NULL UNIQUE,
    reviewer TEXT NOT NULL, blind INTEGER NOT NULL, order_by TEXT NOT NULL,
    filters TEXT NOT NULL, seed INTEGER NOT NULL, purpose TEXT NOT NULL,
    design TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE session_items (
    session_id INTEGER NOT NULL REFERENCES sessions(id), pos INTEGER NOT NULL,
    run TEXT NOT NULL, task_id TEXT NOT NULL, inclusion_probability REAL,
    recheck INTEGER NOT NULL,
    PRIMARY KEY (session_id, pos)
);
CREATE TABLE decisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT, uid TEXT NOT NULL UNIQUE,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    run TEXT NOT NULL, task_id TEXT NOT NULL, reviewer TEXT NOT NULL, kind TEXT NOT NULL,
    marks TEXT NOT NULL, score REAL, reason_code TEXT, comment TEXT,
    judge_visible INTEGER NOT NULL, judgment_uid TEXT, target_uid TEXT,
    time_spent_s REAL, created_at TEXT NOT NULL
);
CREATE INDEX decisions_item ON decisions (session_id, run, task_id, id);
CREATE TRIGGER decisions_append_only_update BEFORE UPDATE ON decisions
BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
CREATE TRIGGER decisions_append_only_delete BEFORE DELETE ON decisions
BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
CREATE TABLE judge_cache (
    key TEXT PRIMARY KEY, model TEXT NOT NULL, params TEXT NOT NULL, raw TEXT NOT NULL,
    reply_model TEXT, latency_s REAL, input_tokens INTEGER, output_tokens INTEGER,
    created_at TEXT NOT NULL
);
CREATE TABLE bertscore_cache (
    model TEXT NOT NULL, layers INTEGER NOT NULL, candidate TEXT NOT NULL,
    reference TEXT NOT NULL, f1 REAL NOT NULL,
    PRIMARY KEY (model, layers, candidate, reference)
);
"""
