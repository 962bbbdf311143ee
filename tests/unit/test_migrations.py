"""Schema v2: a v1 workspace made by the previous release migrates whole, in one transaction;
a newer one is refused unopened. tests/data/workspace-v1.db was built by the code at da81fa1
(tests/data/make_workspace_v1.py): the demo, two sessions with every event kind, and a
transport error recorded after a good judgment."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from figures import record
from workspace_dump import dump
from workspace_v1 import V1, v1_copy

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.demo import build_demo
from anser_tui.exchange import import_run, init_workspace
from anser_tui.review import ReviewSession
from anser_tui.workspace import (
    DecisionKind,
    WorkspaceStore,
    all_decisions,
    latest_judgments,
    migrations,
)
from anser_tui.workspace.fingerprint import tasks_fingerprint
from anser_tui.workspace.schema import SCHEMA_VERSION


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def v1_rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_v1_file_is_really_version_1() -> None:
    assert v1_rows(V1, "SELECT value FROM meta WHERE key='schema_version'") == [("1",)]
    columns = {r[1] for r in v1_rows(V1, "PRAGMA table_info(decisions)")}
    assert {"judgment_id", "target"} <= columns and "uid" not in columns


def test_opening_a_v1_workspace_migrates_every_record(tmp_path: Path) -> None:
    path = v1_copy(tmp_path)
    old_decisions = v1_rows(path, "SELECT id, kind, marks, score, reason_code, comment, "
                                  "judgment_id, target FROM decisions ORDER BY id")
    old_judgments = v1_rows(path, "SELECT id, task_id, status, raw, score FROM judgments "
                                  "ORDER BY id")
    with WorkspaceStore.open(path) as store:
        assert store.meta("schema_version") == str(SCHEMA_VERSION) == "3"
        assert store.meta("migrated_from") == "1"
        assert store.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert store.conn.execute("PRAGMA foreign_key_check").fetchall() == []

        events = all_decisions(store)
        assert [(e.id, e.kind.value, e.score, e.comment) for e in events] == [
            (d[0], d[1], d[3], d[5]) for d in old_decisions]
        by_id = {e.id: e for e in events}
        judgment_uid = {r[0]: r[1] for r in store.conn.execute("SELECT id, uid FROM judgments")}
        for old in old_decisions:
            event = by_id[old[0]]
            assert event.judgment_uid == (judgment_uid[old[6]] if old[6] else None)
            assert event.target_uid == (by_id[old[7]].uid if old[7] else None)
        assert len({e.uid for e in events}) == len(events) == 9
        undo = next(e for e in events if e.kind is DecisionKind.UNDO)
        assert by_id[next(d[7] for d in old_decisions if d[1] == "undo")].uid == undo.target_uid

        rows = store.conn.execute("SELECT j.id, j.task_id, j.status, c.raw, j.score, c.seq, "
                                  "c.criterion FROM judgments j JOIN judge_calls c "
                                  "ON c.judgment_uid = j.uid ORDER BY j.id").fetchall()
        assert [r[:5] for r in rows] == old_judgments and len(rows) == 31
        assert {(r[5], r[6]) for r in rows} == {(0, None)}

        splits = store.splits()
        assert sum(len(v) for v in splits.values()) == 78
        assert all(store.task(t).group == split for split, ids in splits.items() for t in ids)
        sessions = store.conn.execute("SELECT name, uid FROM sessions ORDER BY id").fetchall()
        assert [s[0] for s in sessions] == ["alice-1", "bob-1"] and all(s[1] for s in sessions)


def test_migrated_hashes_equal_a_fresh_import_of_the_same_data(tmp_path: Path) -> None:
    paths = build_demo("anser", tmp_path / "demo")
    fresh = init_workspace(tmp_path / "fresh.db", "anser", paths.data_dir)
    import_run(fresh, paths.run_file, "demo-system", paths.log_file)
    with WorkspaceStore.open(v1_copy(tmp_path)) as migrated:
        assert migrated.meta("benchmark_fingerprint") == fresh.meta("benchmark_fingerprint") \
            == tasks_fingerprint(benchmark_named("anser").load(paths.data_dir))
        assert migrated.conn.execute("SELECT content_hash FROM runs").fetchall() == \
            fresh.conn.execute("SELECT content_hash FROM runs").fetchall()
    fresh.close()


def test_a_migrated_workspace_reviews(tmp_path: Path) -> None:
    with WorkspaceStore.open(v1_copy(tmp_path)) as store:
        session = ReviewSession.open(store, "alice", "alice-1")
        assert session.state(session.items[0]).verdict is not None
        assert session.state(session.items[4]).verdict is None  # its accept was undone
        assert session.state(session.items[2]).flagged
        judgment = latest_judgments(store, session.items[6].run)[session.items[6].task_id]
        decision = session.accept(session.items[6], judgment, time_spent_s=1.0)
        assert decision.judgment_uid == judgment.uid and decision.uid
        assert session.undo(session.items[6]) is not None
        assert session.state(session.items[6]).verdict is None


def test_a_failed_migration_leaves_the_file_as_it_was(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = v1_copy(tmp_path)
    before = dump(path)
    real = migrations.STEPS[1]

    def broken(store: WorkspaceStore) -> None:
        real(store)
        raise RuntimeError("disk on fire")

    monkeypatch.setitem(migrations.STEPS, 1, broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        WorkspaceStore.open(path)
    assert dump(path) == before
    record("faults")
    monkeypatch.setitem(migrations.STEPS, 1, real)
    with WorkspaceStore.open(path) as store:
        assert store.meta("schema_version") == "3"


def test_a_newer_workspace_is_refused_unopened(tmp_path: Path) -> None:
    path = v1_copy(tmp_path)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE meta SET value='4' WHERE key='schema_version'")
    conn.close()
    before = sha256(path)
    with pytest.raises(InputError, match=r"newer anser-tui \(schema 4; this release reads "
                                         r"schema 3 and older\)"):
        WorkspaceStore.open(path)
    assert sha256(path) == before


def test_not_a_workspace(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    with pytest.raises(InputError, match="not an anser-tui workspace"):
        WorkspaceStore.open(other)


def test_two_copies_of_one_v1_file_migrate_to_the_same_uids(tmp_path: Path) -> None:
    """Reviewers who each migrate a copy of one v1 workspace can merge them: the records of
    the copies are the same records (the same uids), not strangers."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    uids = []
    for name in ("a", "b"):
        with WorkspaceStore.open(v1_copy(tmp_path / name)) as store:
            uids.append([store.conn.execute(f"SELECT uid FROM {t} ORDER BY rowid").fetchall()
                         for t in ("runs", "sessions", "judgments", "decisions")])
    assert uids[0] == uids[1] and all(uids[0])
    assert len({u for (u,) in uids[0][3]}) == 9
