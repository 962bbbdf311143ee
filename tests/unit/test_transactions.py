"""Each user-level write is one BEGIN IMMEDIATE transaction: a failure in the middle of an
import, or a kill of the importing process, leaves the workspace exactly as it was."""

from __future__ import annotations

import hashlib
import signal
import sqlite3
from pathlib import Path

import pytest
from figures import record
from kill_import import kill_import_at
from mini_bench import write_jsonl, write_mini_bench
from workspace_dump import dump_sha

from anser_tui.exchange import import_run, init_workspace
from anser_tui.workspace import (
    Judgment,
    JudgmentStatus,
    LogRecord,
    RunOutput,
    WorkspaceStore,
    add_judgments,
)
from anser_tui.workspace.records import JudgeCall

RUN = [{"id": "legal_zh_prescriptive_1", "answer": "甲应还款。", "retrieved_evidence": ["law_675"]},
       {"id": "science_en_predictive_1", "answer": "It helps.", "retrieved_evidence": ["A1"]}]
LOG = [{"id": "science_en_predictive_1", "latency_s": 2.0, "input_tokens": 10}]



@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    init_workspace(tmp_path / "ws.db", "anser", write_mini_bench(tmp_path / "bench")).close()
    return tmp_path / "ws.db"


def test_add_run_whose_log_insert_fails_leaves_nothing(workspace: Path) -> None:
    """The defect: `transaction()` was a bare `with conn:` inside which sqlite-utils committed
    on its own, so the run and its outputs stayed when the log insert failed."""
    before = dump_sha(workspace)
    with WorkspaceStore.open(workspace) as store:
        outputs = [(1, RunOutput(task_id="science_en_predictive_1", answer="x"))]
        bad_log = [LogRecord(task_id="no_such_task", latency_s=1.0)]  # violates logs -> tasks
        with pytest.raises(sqlite3.IntegrityError):
            store.add_run("sys", outputs, bad_log, "run.jsonl", "log.jsonl")
        assert not store.conn.in_transaction
        assert store.run_names() == []
    assert dump_sha(workspace) == before
    record("faults")


def test_a_judgment_batch_is_written_whole_or_not_at_all(workspace: Path, tmp_path: Path
                                                        ) -> None:
    with WorkspaceStore.open(workspace) as store:
        import_run(store, write_jsonl(tmp_path / "run.jsonl", RUN), "sys")
        first = Judgment(run="sys", task_id="science_en_predictive_1", rubric_id="science_en",
                         status=JudgmentStatus.OK, calls=(JudgeCall(status=JudgmentStatus.OK,
                                                                    raw="{}"),))
        add_judgments(store, [first])
    before = dump_sha(workspace)
    with WorkspaceStore.open(workspace) as store:
        fresh = first.model_copy(update={"uid": "fresh-uid", "created_at": None})
        clash = first.model_copy(update={"created_at": None})  # the same uid again
        cache = [("k", "m", "{}", "raw", "m", 1.0, 1, 1)]
        with pytest.raises(sqlite3.IntegrityError):
            add_judgments(store, [fresh, clash], cache)
    assert dump_sha(workspace) == before
    record("faults")


def test_nested_blocks_are_part_of_the_outer_transaction(workspace: Path) -> None:
    before = dump_sha(workspace)
    with WorkspaceStore.open(workspace) as store:
        with pytest.raises(ZeroDivisionError), store.transaction():
            store.set_meta({"note": "outer"})
            with store.transaction():
                store.set_meta({"note2": "inner"})
            _ = 1 / 0
        assert store.meta("note") is None and store.meta("note2") is None
    assert dump_sha(workspace) == before
    record("faults")




def test_killing_the_importing_process_leaves_the_workspace_byte_identical(
        workspace: Path, tmp_path: Path) -> None:
    run, log = write_jsonl(tmp_path / "run.jsonl", RUN), write_jsonl(tmp_path / "log.jsonl", LOG)
    file_before, dump_before = hashlib.sha256(workspace.read_bytes()).hexdigest(), \
        dump_sha(workspace)
    done = kill_import_at("INSERT INTO logs", workspace, run, log)
    assert done.returncode == -signal.SIGKILL, done.stdout + done.stderr
    assert "not killed" not in done.stdout
    assert hashlib.sha256(workspace.read_bytes()).hexdigest() == file_before
    assert dump_sha(workspace) == dump_before
    with WorkspaceStore.open(workspace) as store:  # and it imports cleanly afterwards
        assert store.run_names() == []
        assert import_run(store, run, "sys", log).n_outputs == 2
    record("faults")
