"""The workspace: init, transactional run import, judgments import, decisions as events."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from figures import record
from mini_bench import write_jsonl, write_mini_bench
from workspace_dump import dump

from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.exchange import import_run, init_workspace
from anser_tui.judge import import_judgments
from anser_tui.review import ReviewSession
from anser_tui.workspace import DecisionKind, Item, WorkspaceStore, latest_judgment

GOOD = [
    {"id": "legal_zh_prescriptive_1", "answer": "甲应还款。",
     "retrieved_evidence": [{"type": "law", "id": "law_675"}]},
    {"id": "finance_zh_descriptive_12", "answer": "1,476.94亿元", "retrieved_evidence": []},
    {"id": "science_en_predictive_1", "answer": "It reduces symptoms.",
     "retrieved_evidence": ["A1", "A9"]},
]



@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    bench = write_mini_bench(tmp_path / "bench")
    path = tmp_path / "ws.db"
    init_workspace(path, "anser", bench).close()
    return path


def test_init_stores_tasks_and_wal(workspace: Path) -> None:
    store = WorkspaceStore.open(workspace)
    assert len(store.tasks()) == 7
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    task = store.task("finance_zh_descriptive_201")
    assert task.ground_truth == 2 and task.evidence == ["600519", "000858"]
    assert store.benchmark == "anser"


def test_init_refuses_existing_file(workspace: Path, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="already exists"):
        init_workspace(workspace, "anser", tmp_path / "bench")


def test_import_run_with_log(workspace: Path, tmp_path: Path) -> None:
    run = write_jsonl(tmp_path / "run.jsonl", GOOD)
    log = write_jsonl(tmp_path / "log.jsonl", [
        {"id": "legal_zh_prescriptive_1", "started_at": "2026-01-01T00:00:00Z",
         "finished_at": "2026-01-01T00:00:12.5Z",
         "calls": [{"input_tokens": 1000, "output_tokens": 200},
                   {"input_tokens": 500, "output_tokens": 50}]},
        {"id": "science_en_predictive_1", "latency_s": 3.0,
         "usage": {"prompt_tokens": 40, "completion_tokens": 2}},
    ])
    store = WorkspaceStore.open(workspace)
    assert import_run(store, run, "sys-a", log).n_outputs == 3
    out = store.output("sys-a", "finance_zh_descriptive_12")
    assert out is not None and out.answer == "1,476.94亿元"
    assert store.output("sys-a", "legal_zh_prescriptive_2") is None
    logs = store.log_records("sys-a")
    assert logs["legal_zh_prescriptive_1"].latency_s == pytest.approx(12.5)
    assert (logs["legal_zh_prescriptive_1"].input_tokens,
            logs["legal_zh_prescriptive_1"].output_tokens,
            logs["legal_zh_prescriptive_1"].total_tokens) == (1500, 250, 1750)
    assert logs["science_en_predictive_1"].total_tokens == 42


def test_import_run_line_3_malformed_exits_2_and_writes_nothing(
        workspace: Path, tmp_path: Path) -> None:
    run = tmp_path / "bad.jsonl"
    lines = [GOOD[0], GOOD[1]]
    write_jsonl(run, lines)
    with run.open("a", encoding="utf-8") as handle:
        handle.write('{"id": "science_en_predictive_1", "answer": "x",\n')
    before = dump(workspace)
    result = CliRunner().invoke(cli, ["import-run", str(workspace), str(run), "--name", "r"])
    assert result.exit_code == 2
    assert f"{run}:3: invalid JSON" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert dump(workspace) == before


@pytest.mark.parametrize(("record", "reason"), [
    ({"id": "nope_1", "answer": "x"}, "task id 'nope_1' is not in the workspace's benchmark"),
    ({"answer": "x"}, "missing string 'id'"),
    ({"id": "legal_zh_prescriptive_2", "retrieved_evidence": "law_1"},
     "'retrieved_evidence' must be a list"),
    ({"id": "legal_zh_prescriptive_1"}, "task legal_zh_prescriptive_1 appears twice"),
])
def test_import_run_rejects_bad_records(workspace: Path, tmp_path: Path, record: dict[str, object],
                                        reason: str) -> None:
    run = write_jsonl(tmp_path / "run.jsonl", [GOOD[0], record])
    store = WorkspaceStore.open(workspace)
    with pytest.raises(InputError) as err:
        import_run(store, run, "r")
    assert err.value.line == 2 and reason in err.value.reason
    assert store.run_names() == []


def test_bad_log_line_rejects_run_too(workspace: Path, tmp_path: Path) -> None:
    run = write_jsonl(tmp_path / "run.jsonl", GOOD)
    log = write_jsonl(tmp_path / "log.jsonl", [{"id": "legal_zh_prescriptive_1",
                                                "latency_s": -1}])
    store = WorkspaceStore.open(workspace)
    with pytest.raises(InputError, match="'latency_s' must be a non-negative number"):
        import_run(store, run, "r", log)
    assert store.run_names() == []


def test_duplicate_run_name(workspace: Path, tmp_path: Path) -> None:
    run = write_jsonl(tmp_path / "run.jsonl", GOOD)
    store = WorkspaceStore.open(workspace)
    import_run(store, run, "r")
    with pytest.raises(InputError, match="already has a run named 'r'"):
        import_run(store, run, "r")


def test_import_judgments_keeps_malformed_output(workspace: Path, tmp_path: Path) -> None:
    store = WorkspaceStore.open(workspace)
    import_run(store, write_jsonl(tmp_path / "run.jsonl", GOOD), "r")
    judge = write_jsonl(tmp_path / "judge.jsonl", [
        {"id": "legal_zh_prescriptive_1", "model": "m", "output":
         '{"score_0_100":75,"conclusion":3,"rule_citation":3,"rule_application":3,'
         '"ground_truth_consistency":3,"format":3,"reason":"好"}'},
        {"id": "science_en_predictive_1", "output": '{"score_0_100": 80, "conclusion": 3'},
    ])
    import_judgments(store, judge, "r")
    ok = latest_judgment(store, "r", "legal_zh_prescriptive_1")
    assert ok is not None and ok.status.value == "ok" and ok.score == 75.0
    assert ok.recomputed_score == pytest.approx(75.0) and not ok.arithmetic_mismatch
    bad = latest_judgment(store, "r", "science_en_predictive_1")
    assert bad is not None and bad.status.value == "parse_error"
    assert bad.raw == '{"score_0_100": 80, "conclusion": 3'


def test_import_judgments_refuses_unjudged_form(workspace: Path, tmp_path: Path) -> None:
    store = WorkspaceStore.open(workspace)
    import_run(store, write_jsonl(tmp_path / "run.jsonl", GOOD), "r")
    judge = write_jsonl(tmp_path / "judge.jsonl",
                        [{"id": "finance_zh_descriptive_12", "output": "{}"}])
    with pytest.raises(InputError, match="not scored by the LLM judge") as err:
        import_judgments(store, judge, "r")
    assert err.value.line == 1


def test_decisions_are_append_only_and_derive_state(workspace: Path, tmp_path: Path) -> None:
    store = WorkspaceStore.open(workspace)
    import_run(store, write_jsonl(tmp_path / "run.jsonl", GOOD), "r")
    session = ReviewSession.open(store, "alice")
    assert [it.task_id for it in session.items] == [
        "legal_zh_prescriptive_1", "legal_zh_prescriptive_2", "finance_zh_descriptive_104",
        "science_en_predictive_1"]
    item = Item("r", "science_en_predictive_1")
    marks = {"conclusion": 4, "coverage": 2, "ground_truth_consistency": 3, "format": 4}
    decision = session.override(item, marks, None)
    assert decision.score == 83  # 100 * (.45 + .25 * 2 / 4 + .2 * 3 / 4 + .1) = 82.5, rounded up
    session.mark(item, DecisionKind.FLAG)
    assert session.state(item).flagged and session.state(item).decided
    session.undo(item)
    assert not session.state(item).flagged and session.state(item).decided
    session.undo(item)
    assert not session.state(item).decided
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        store.conn.execute("DELETE FROM decisions")
    kinds = [r[0] for r in store.conn.execute("SELECT kind FROM decisions ORDER BY id")]
    assert kinds == ["override", "flag", "undo", "undo"]
    reopened = ReviewSession.open(WorkspaceStore.open(workspace), "alice")
    assert reopened.id == session.id and not reopened.state(item).decided


def test_two_reviewers_writing_at_once_lose_nothing(workspace: Path, tmp_path: Path) -> None:
    import multiprocessing

    store = WorkspaceStore.open(workspace)
    import_run(store, write_jsonl(tmp_path / "run.jsonl", GOOD), "r")
    store.close()
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_review_many, args=(str(workspace), name, 500))
               for name in ("alice", "bob")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert [w.exitcode for w in workers] == [0, 0]
    store = WorkspaceStore.open(workspace)
    counts = dict(store.conn.execute(
        "SELECT reviewer, COUNT(*) FROM decisions GROUP BY reviewer").fetchall())
    comments = {c for (c,) in store.conn.execute("SELECT comment FROM decisions")}
    store.close()
    assert counts == {"alice": 500, "bob": 500}
    assert comments == {f"{name} {i}" for name in ("alice", "bob") for i in range(500)}
    record("decisions", 1000)


def _review_many(path: str, reviewer: str, n: int) -> None:
    store = WorkspaceStore.open(Path(path))
    session = ReviewSession.open(store, reviewer)
    for i in range(n):
        session.mark(session.items[i % len(session.items)], DecisionKind.COMMENT,
                     comment=f"{reviewer} {i}")
    store.close()
