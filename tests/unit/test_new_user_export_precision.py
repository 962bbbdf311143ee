"""Exports write a human's score at the rubric's precision, with no float noise: values built
to produce it (marks whose float weighted sum is 27.500000000000004, and a decision stored by
an earlier release as 62.500000000000014)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from calibration_ws import flat, judge, marks, sci, science_workspace, session
from click.testing import CliRunner
from mini_bench import write_jsonl

from anser_tui.cli import cli
from anser_tui.exchange.import_decisions import import_decisions
from anser_tui.workspace import DecisionKind, Item
from anser_tui.workspace.decisions import append_decision
from anser_tui.workspace.records import Decision

RUN = "sys-a"
NOISE = re.compile(r"\d\.\d*(0000|9999)\d")


def _workspace(tmp_path: Path) -> Path:
    store = science_workspace(tmp_path, 2)
    judge(store, RUN, {sci(1): flat(3), sci(2): flat(3)})
    # 100.0 * sum(w * d / 4) in floats: 27.500000000000004; exactly 27.5 -> 28
    import_decisions(store, write_jsonl(tmp_path / "labels.jsonl",
                                        [{"id": sci(1), "marks": marks(0, 0, 4, 3)}]), "rater")
    earlier = session(store, "alice", [Item(RUN, sci(2))])  # 25 * 2.5 = 62.5 -> 63
    append_decision(store, Decision(session_id=earlier.id, run=RUN, task_id=sci(2),
                                    reviewer="alice", kind=DecisionKind.OVERRIDE,
                                    marks=marks(2, 4, 2, 2), score=62.500000000000014))
    store.close()
    return tmp_path / "ws.db"


def _export(ws: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, ["export", str(ws), *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_exports_write_human_scores_at_the_rubrics_precision(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    calibration = _export(ws, "--what", "calibration-set")
    adjudicated = _export(ws, "--what", "adjudicated", "--format", "csv")
    decisions = _export(ws, "--what", "decisions")
    for text in (calibration, adjudicated, decisions):
        assert not NOISE.search(text), text
    lines = [json.loads(line) for line in calibration.splitlines()]
    assert [(r["id"], r["human_score"]) for r in lines] == [(sci(1), 28), (sci(2), 63)]
    assert all(isinstance(r["human_score"], int) for r in lines)
    rows = list(csv.DictReader(io.StringIO(adjudicated)))
    assert [(r["id"], r["judge_score"], r["adjudicated_score"]) for r in rows] == [
        (sci(1), "75.0", "28"), (sci(2), "75.0", "63")]
    assert [json.loads(line)["score"] for line in decisions.splitlines()] == [28, 63]
