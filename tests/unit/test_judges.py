"""Judge identity (DESIGN 15): every judgment names its judge, several judges' judgments of one
run coexist, the run's primary judge (the first judged, or the one set) is what the report,
show and calibration read unless `--judge NAME` says otherwise; a v2 workspace migrates, its
judgments belonging to judges named after their models."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from judge_server import JudgeServer, expected_score
from judge_workspace import RUN, judge_workspace
from mini_bench import write_jsonl
from workspace_v2 import V2, v2_copy

from anser_tui.cli import cli
from anser_tui.workspace import WorkspaceStore, all_decisions, current_judgments
from anser_tui.workspace.judgments import primary_judge, run_judges

TASK = "science_en_descriptive_1"
GOOD = {"score_0_100": 65, "conclusion": 2, "coverage": 4, "ground_truth_consistency": 3,
        "format": 1, "reason": "covers the finding"}  # 100*(.45*2+.25*4+.20*3+.10*1)/4 = 65


@pytest.fixture
def server() -> Iterator[JudgeServer]:
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def _invoke(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    return result


def _imported(tmp_path: Path, *extra: str) -> tuple[Path, Path]:
    path = judge_workspace(tmp_path, {TASK: "Recall improved in arm 1."}, n_science=1)
    file = write_jsonl(tmp_path / "judge.jsonl", [{"id": TASK, "output": GOOD,
                                                   "model": "gpt-x"}])
    result = _invoke("import-judgments", str(path), str(file), "--run", RUN, *extra)
    assert result.exit_code == 0, result.output
    return path, file


def _science_judge(path: Path, *extra: str) -> float | None:
    result = _invoke("report", str(path), "--run", RUN, "--format", "json", *extra)
    assert result.exit_code == 0, result.output
    groups = json.loads(result.output)["runs"][0]["groups"]
    value = next(g for g in groups if g["group"] == "science_en_descriptive")["metrics"][
        "LLM Judge"]["judge"]
    return float(value) if value is not None else None


def test_two_judges_of_one_run_coexist_and_the_primary_is_what_the_report_reads(
        tmp_path: Path, server: JudgeServer) -> None:
    path, _ = _imported(tmp_path)
    result = _invoke("judge", str(path), "--run", RUN, "--base-url", server.url, "--model",
                     "local-judge")
    assert result.exit_code == 0, result.output
    [prompt] = [p for p in server.prompts() if "Recall improved in arm 1." in p]
    local = expected_score(prompt)
    assert local != 65.0
    with WorkspaceStore.open(path) as store:
        assert run_judges(store, RUN) == ["gpt-x", "local-judge"]
        assert primary_judge(store, RUN) == "gpt-x"  # the first judged
        assert current_judgments(store, RUN)[TASK].score == 65.0
        assert current_judgments(store, RUN, "local-judge")[TASK].score == local
        assert len(current_judgments(store, RUN, "local-judge")) == 5  # every judged task
    assert _science_judge(path) == 65.0  # the primary judge's
    assert _science_judge(path, "--judge", "local-judge") == local
    shown = _invoke("show", str(path), TASK, "--run", RUN, "--judge", "local-judge")
    assert shown.exit_code == 0, shown.output
    [line] = [x for x in shown.output.splitlines() if "(shown)" in x]
    assert "local-judge" in line  # the history lists both judges; the chosen one is shown

    again = _invoke("judge", str(path), "--run", RUN, "--base-url", server.url, "--model",
                    "local-judge")
    assert "judged 0 of 0" in again.stdout and "already judged 5" in again.stdout

    named = _invoke("judge", str(path), "--run", RUN, "--base-url", server.url, "--model",
                    "local-judge", "--judge", "local-v2")
    assert named.exit_code == 0, named.output
    assert "judged 5 of 5" in named.stdout and "cache hits 5" in named.stdout  # same requests
    assert _science_judge(path, "--judge", "local-v2") == local

    bad = _invoke("judge", str(path), "--run", RUN, "--set-primary", "nobody")
    assert bad.exit_code == 2
    assert "no judgments by judge 'nobody'" in bad.output and "gpt-x, local-judge" in bad.output
    assert _science_judge(path) == 65.0
    assert _invoke("judge", str(path), "--run", RUN, "--set-primary",
                   "local-judge").exit_code == 0
    assert _science_judge(path) == local
    assert _science_judge(path, "--judge", "gpt-x") == 65.0


def test_import_judgments_takes_the_judge_name(tmp_path: Path) -> None:
    path, file = _imported(tmp_path, "--judge", "prompt-v1")
    second = _invoke("import-judgments", str(path), str(file), "--run", RUN, "--judge",
                     "prompt-v2")
    assert "imported 1 judgments" in second.output  # another judge: its own judgment
    again = _invoke("import-judgments", str(path), str(file), "--run", RUN, "--judge",
                    "prompt-v2")
    assert "imported 0 judgments" in again.output and "1 already stored" in again.output
    with WorkspaceStore.open(path) as store:
        assert run_judges(store, RUN) == ["prompt-v1", "prompt-v2"]
        assert primary_judge(store, RUN) == "prompt-v1"
        assert {j.model for j in current_judgments(store, RUN, "prompt-v2").values()} == {
            "gpt-x"}
    assert _science_judge(path, "--judge", "nobody") is None  # that judge judged nothing


def _v2_rows(sql: str) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(V2)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_a_v2_workspace_migrates_with_judges_named_after_their_models(tmp_path: Path) -> None:
    assert _v2_rows("SELECT value FROM meta WHERE key='schema_version'") == [("2",)]
    old = _v2_rows("SELECT uid, model, score FROM judgments ORDER BY id")
    assert {m for _, m, _ in old} == {"gpt-5.6-sol", "second-judge"}
    n_decisions = len(_v2_rows("SELECT id FROM decisions"))
    [(run,)] = _v2_rows("SELECT name FROM runs")
    # v2: the second model's judgments were current on the two items it judged
    second = {t for t, in _v2_rows("SELECT task_id FROM judgments WHERE model='second-judge'")}
    path = v2_copy(tmp_path)
    with WorkspaceStore.open(path) as store:
        assert store.meta("schema_version") == "3"
        assert store.conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        migrated = store.conn.execute("SELECT uid, model, score, judge FROM judgments "
                                      "ORDER BY id").fetchall()
        assert [tuple(r[:3]) for r in migrated] == old
        assert all(r[3] == r[1] for r in migrated)
        assert run_judges(store, run) == ["gpt-5.6-sol", "second-judge"]
        assert primary_judge(store, run) == "gpt-5.6-sol"
        first = current_judgments(store, run)
        other = current_judgments(store, run, "second-judge")
        assert set(other) == second and {j.score for j in other.values()} == {25.0}
        assert all(first[t].judge == "gpt-5.6-sol" and first[t].score != 25.0 for t in second)
        assert len(all_decisions(store)) == n_decisions
