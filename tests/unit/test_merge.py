"""Merging reviewers' copies by uid: idempotent (merging again changes no byte of the dump),
order-independent (A+B and B+A give the same decisions by uid, judgments and report), refusals
(another benchmark, a namesake run) that leave OUT as it was, an older IN migrated in a copy,
the CLI."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from calibration_ws import flat, judge, sci, science_workspace, session
from click.testing import CliRunner
from judge_workspace import add_run
from mini_bench import write_mini_bench
from workspace_v1 import v1_copy

from anser_tui.calibration.adjudication import Standing, settle
from anser_tui.calibration.report import calibration_report
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.exchange import init_workspace
from anser_tui.exchange.merge import merge_workspaces
from anser_tui.exchange.workspace_scores import judge_values
from anser_tui.review.verdicts import VerdictBook
from anser_tui.workspace import Item, WorkspaceStore, latest_judgments

RUN = "sys-a"
ITEMS = [Item(RUN, sci(i)) for i in range(1, 5)]


def _copy(src: Path, dst: Path) -> Path:
    shutil.copy(src, dst)
    return dst


@pytest.fixture
def copies(tmp_path: Path) -> tuple[Path, Path]:
    """A base workspace (a run, judgments, one shared session) copied for alice and bob, who
    then each review and judge on their own."""
    base = tmp_path / "base"
    base.mkdir()
    with science_workspace(base, 4) as store:
        judge(store, RUN, {it.task_id: flat(3) for it in ITEMS})
        session(store, "lead", ITEMS[:1], name="lead-1").override(ITEMS[0], flat(1), None)
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    a, b = _copy(base / "ws.db", tmp_path / "a.db"), _copy(base / "ws.db", tmp_path / "b.db")
    with WorkspaceStore.open(a) as store:
        review = session(store, "alice", ITEMS[:2], blind=True, name="alice-1")
        review.override(ITEMS[0], flat(2), None, judge_visible=False)
        review.override(ITEMS[1], flat(4), None, judge_visible=False)
        session(store, "alice", ITEMS[3:], name="shared").override(ITEMS[3], flat(0), None)
        judge(store, RUN, {sci(4): flat(1)}, created_at="2031-01-01T10:00:00.000+00:00")
    with WorkspaceStore.open(b) as store:
        review = session(store, "bob", [ITEMS[0], ITEMS[2]], name="bob-1")
        review.override(ITEMS[0], flat(1), None)
        review.override(ITEMS[2], flat(2), None)
        session(store, "bob", ITEMS[3:], name="shared").override(ITEMS[3], flat(0), None)
        judge(store, RUN, {sci(4): flat(0)}, created_at="2031-01-01T11:00:00.000+00:00")
    return a, b


def _dump(path: Path) -> str:
    with WorkspaceStore.open(path) as store:
        return "\n".join(store.conn.iterdump())


def _decisions(path: Path) -> dict[str, tuple[object, ...]]:
    with WorkspaceStore.open(path) as store:
        return {r[0]: tuple(r[1:]) for r in store.conn.execute(
            "SELECT d.uid, s.uid, d.run, d.task_id, d.reviewer, d.kind, d.marks, d.score, "
            "d.judge_visible, d.judgment_uid, d.target_uid, d.created_at "
            "FROM decisions d JOIN sessions s ON s.id = d.session_id")}


def _state(path: Path) -> tuple[object, ...]:
    with WorkspaceStore.open(path) as store:
        values = judge_values(store, RUN)
        current = {t: j.uid for t, j in latest_judgments(store, RUN).items()}
        sessions = sorted(store.conn.execute("SELECT uid, name, reviewer FROM sessions"))
        report = calibration_report(store, resamples=50).to_json()
        return (dict(values.adjudicated), values.disputed, current, sessions, report)


def test_merge_is_order_independent(copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    ab, ba = tmp_path / "ab.db", tmp_path / "ba.db"
    counts = merge_workspaces(ab, [a, b])
    merge_workspaces(ba, [b, a])
    assert [c.decisions for c in counts] == [4, 3]  # a copied whole; b adds bob's 3 (the
    # lead's decision is in both)
    assert _decisions(ab) == _decisions(ba) and len(_decisions(ab)) == 7
    assert _state(ab) == _state(ba)
    with WorkspaceStore.open(ab) as store:
        settled = settle(VerdictBook.load(store))
        assert settled[ITEMS[0]].standing is Standing.DISPUTED  # lead, alice and bob differ
        assert settled[ITEMS[3]].standing is Standing.AGREED
        names = dict(store.conn.execute("SELECT name, reviewer FROM sessions"))
        assert names["shared"] in {"alice", "bob"} and len(names) == 5
        assert [n for n in names if n.startswith("shared~")]
        [newest] = [j for t, j in latest_judgments(store, RUN).items() if t == sci(4)]
        assert newest.marks == flat(0)  # both judged item 4 anew: bob's, made later, is current
        assert store.conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_merging_again_adds_nothing(copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    out = tmp_path / "out.db"
    merge_workspaces(out, [a, b])
    before = _dump(out)
    counts = merge_workspaces(out, [a, b])
    assert [(c.runs, c.judgments, c.sessions, c.decisions, c.metrics) for c in counts] == [
        (0, 0, 0, 0, 0)] * 2
    merge_workspaces(out, [b])
    assert _dump(out) == before


def test_a_workspace_of_another_benchmark_is_refused(copies: tuple[Path, Path],
                                                     tmp_path: Path) -> None:
    a, _ = copies
    bench = write_mini_bench(tmp_path / "other", {"science/descriptive.json": []})
    init_workspace(tmp_path / "other.db", "anser", bench).close()
    out = _copy(a, tmp_path / "out.db")
    before = _dump(out)
    with pytest.raises(InputError, match="tasks differ"):
        merge_workspaces(out, [tmp_path / "other.db"])
    assert _dump(out) == before
    with pytest.raises(InputError, match="tasks differ"):
        merge_workspaces(tmp_path / "new.db", [a, tmp_path / "other.db"])
    assert not (tmp_path / "new.db").exists()


def test_a_run_of_the_same_name_with_other_outputs_is_refused_and_a_new_run_copied(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    with WorkspaceStore.open(a) as store:
        add_run(store, tmp_path, "sys-b", {sci(1): "alice's sys-b"})
    with WorkspaceStore.open(b) as store:
        add_run(store, tmp_path, "sys-b", {sci(1): "bob's sys-b"})
    out = _copy(a, tmp_path / "out.db")
    before = _dump(out)
    with pytest.raises(InputError, match="run 'sys-b' holds other outputs"):
        merge_workspaces(out, [b])
    assert _dump(out) == before
    base = _copy(b, tmp_path / "b-only.db")
    with WorkspaceStore.open(base) as store:
        store.conn.execute("PRAGMA foreign_keys=OFF")
        for table in ("outputs", "logs", "metrics"):
            store.conn.execute(f"DELETE FROM {table} WHERE run='sys-b'")
        store.conn.execute("DELETE FROM runs WHERE name='sys-b'")
    [counts] = merge_workspaces(base, [a])
    assert counts.runs == 1
    with WorkspaceStore.open(base) as store:
        assert store.output("sys-b", sci(1)).answer == "alice's sys-b"


def test_an_older_input_is_migrated_in_a_copy_never_in_place(tmp_path: Path) -> None:
    v1 = v1_copy(tmp_path)
    digest = hashlib.sha256(v1.read_bytes()).hexdigest()
    out = tmp_path / "out.db"
    merge_workspaces(out, [v1])
    assert hashlib.sha256(v1.read_bytes()).hexdigest() == digest
    with WorkspaceStore.open(out) as store:
        assert store.meta("schema_version") == "3"
        assert store.conn.execute("SELECT COUNT(*) FROM decisions").fetchone()[0] == 9


def test_cli_merge(copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    out = tmp_path / "out.db"
    result = CliRunner().invoke(cli, ["merge", str(out), str(a), str(b)])
    assert result.exit_code == 0, result.output
    assert "3 decisions added" in result.output and f"merged into {out}" in result.output
    report = CliRunner().invoke(cli, ["calibration", str(out), "--format", "json"])
    entries = json.loads(report.output)["reviewers"]
    assert {e["n_reviewers"] for e in entries} == {3}  # lead, alice, bob on item 1
    same = CliRunner().invoke(cli, ["merge", str(a), str(a)])
    assert same.exit_code == 2 and "also an input" in same.output
    missing = CliRunner().invoke(cli, ["merge", str(out), str(tmp_path / "nope.db")])
    assert missing.exit_code == 2 and "no workspace there" in missing.output
