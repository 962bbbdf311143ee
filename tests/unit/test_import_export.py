"""import-decisions (good files, every kind of bad line rejected with file:line and nothing
written) and the three exports (decisions, the calibration set, adjudicated scores)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from calibration_ws import flat, judge, marks, sci, science_workspace, session
from click.testing import CliRunner
from figures import record
from mini_bench import write_jsonl

from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.exchange.exports import adjudicated_records, calibration_set, decision_records
from anser_tui.exchange.import_decisions import import_decisions
from anser_tui.workspace import DecisionKind, Item, ReasonCode, WorkspaceStore, all_decisions

RUN = "sys-a"


@pytest.fixture
def store(tmp_path: Path) -> WorkspaceStore:
    store = science_workspace(tmp_path, 4)
    judge(store, RUN, {sci(i): flat(3) for i in range(1, 5)})
    return store


GOOD = [
    {"id": sci(1), "run": RUN, "marks": marks(4, 3, 3, 3), "reason_code": "rubric misapplied",
     "comment": "the conclusion is fully right"},
    {"id": sci(2), "marks": flat(3), "reason_code": None, "comment": None},
    {"id": sci(3), "run": RUN, "marks": marks(1, 1, 2, 3), "judge_visible": True},
]


def test_import_decisions(store: WorkspaceStore, tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "labels.jsonl", GOOD)
    assert import_decisions(store, path, "rater") == ("import:labels.jsonl", 3)
    name, purpose, reviewer, design = store.conn.execute(
        "SELECT name, purpose, reviewer, design FROM sessions").fetchone()
    assert (name, purpose, reviewer) == ("import:labels.jsonl", "review", "rater")
    assert json.loads(design)["random_sample"] is False
    events = all_decisions(store)
    current = CalibrationInputs(store).judgments
    assert [(e.task_id, e.kind.value, e.judge_visible) for e in events] == [
        (sci(1), "override", False), (sci(2), "accept", False), (sci(3), "override", True)]
    assert events[0].score == 86  # 100 * (.45 * 4 + .25 * 3 + .2 * 3 + .1 * 3) / 4 = 86.25
    assert events[0].reason_code is not None and events[0].reason_code.value == "rubric misapplied"
    assert events[0].comment == "the conclusion is fully right"
    assert all(e.judgment_uid == current[Item(RUN, e.task_id)].uid for e in events)
    assert import_decisions(store, path, "rater")[0] == "import:labels.jsonl#2"


BAD: list[tuple[Any, str]] = [
    ("{not json", "invalid JSON"),
    ([1, 2], "each line must be a JSON object"),
    ({"id": "nope", "marks": flat(1)}, "task id 'nope' is not in"),
    ({"id": sci(1), "run": "other", "marks": flat(1)}, "no run 'other'"),
    ({"id": sci(1), "marks": {"conclusion": 1}}, "marks miss criteria"),
    ({"id": sci(1), "marks": {**flat(1), "precedent": 2}}, "not in rubric science_en"),
    ({"id": sci(1), "marks": {**flat(1), "format": 5}}, "format=5 is not an integer 0-4"),
    ({"id": sci(1), "marks": {**flat(1), "format": "3"}}, "format='3'"),
    ({"id": sci(1), "marks": {**flat(1), "format": True}}, "format=True"),
    ({"id": sci(1), "marks": [1, 2, 3, 4]}, "'marks' must be an object"),
    ({"id": sci(1), "marks": flat(1), "reason_code": "bad judge"}, "reason_code 'bad judge'"),
    ({"id": sci(1), "marks": flat(1), "comment": 3}, "'comment' must be a string"),
    ({"id": sci(1), "marks": flat(1), "judge_visible": "yes"}, "'judge_visible' must be"),
    ({"id": sci(1), "marks": flat(1), "score": 50}, "unknown keys score"),
    ({"id": "finance_zh_descriptive_12", "marks": flat(1)}, "does not score"),
    ({"marks": flat(1)}, "missing string 'id'"),
]


@pytest.mark.parametrize(("line", "message"), BAD, ids=[m for _, m in BAD])
def test_a_bad_line_rejects_the_file_and_writes_nothing(store: WorkspaceStore, tmp_path: Path,
                                                        line: Any, message: str) -> None:
    path = tmp_path / "labels.jsonl"
    text = line if isinstance(line, str) else json.dumps(line)
    path.write_text(json.dumps(GOOD[0]) + "\n" + text + "\n", encoding="utf-8")
    record("bad_inputs")
    with pytest.raises(InputError, match=r"labels\.jsonl:2: ") as caught:
        import_decisions(store, path, "rater")
    assert message in caught.value.message
    assert store.conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 0
    assert store.conn.execute("SELECT COUNT(*) FROM decisions").fetchone()[0] == 0
    record("bad_inputs_rejected")


def test_a_duplicate_line_and_a_missing_run(store: WorkspaceStore, tmp_path: Path) -> None:
    twice = write_jsonl(tmp_path / "twice.jsonl", [GOOD[0], GOOD[0]])
    with pytest.raises(InputError, match=r"twice.jsonl:2: .* labelled twice \(first on line 1\)"):
        import_decisions(store, twice, "rater")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(InputError, match="holds no decisions"):
        import_decisions(store, empty, "rater")


def _reviewed(store: WorkspaceStore) -> None:
    """Item 1: alice overrides with a reason and a comment (a disagreement); item 2: alice
    accepts (agreement); item 3: alice and bob differ (in dispute); item 4: judged only."""
    judgments = CalibrationInputs(store).judgments
    alice = session(store, "alice", [Item(RUN, sci(i)) for i in (1, 2, 3)])
    alice.override(Item(RUN, sci(1)), flat(1), judgments[Item(RUN, sci(1))],
                   reason_code=ReasonCode.JUDGE_MISREAD_ANSWER, comment="answer is off-topic")
    alice.mark(Item(RUN, sci(1)), DecisionKind.COMMENT, comment="second look: still off-topic")
    alice.accept(Item(RUN, sci(2)), judgments[Item(RUN, sci(2))])
    alice.override(Item(RUN, sci(3)), flat(2), None)
    session(store, "bob", [Item(RUN, sci(3))]).override(Item(RUN, sci(3)), flat(4), None)


def test_exports(store: WorkspaceStore) -> None:
    _reviewed(store)
    [line] = list(calibration_set(store))
    assert list(line) == ["id", "run", "group", "form", "type", "query", "instruction",
                          "ground_truth", "answer", "judge", "human_marks", "human_score",
                          "reason_code", "comment", "reviewers", "standing"]
    assert (line["id"], line["run"], line["answer"]) == (sci(1), RUN, "answer 1")
    assert line["query"] == "What did trial 1 find about sleep and memory?"
    assert line["ground_truth"] == {"finding": "better recall in arm 1", "区间": "95%"}
    assert "evidence" not in line
    assert line["judge"] == {"marks": flat(3), "score": pytest.approx(75.0),
                             "reason": f"judge on {sci(1)}", "status": "ok",
                             "model": "judge-model", "raw": f"raw reply on {sci(1)}"}
    assert line["human_marks"] == flat(1) and line["human_score"] == pytest.approx(25.0)
    assert line["reason_code"] == "judge misread answer"
    assert line["comment"] == "answer is off-topic"
    assert (line["reviewers"], line["standing"]) == (["alice"], "reviewed")

    events = list(decision_records(store))
    assert len(events) == 5 and list(events[0]) == [
        "uid", "session", "session_uid", "purpose", "recheck", "reviewer", "run", "id", "kind",
        "marks", "score", "reason_code", "comment", "judge_visible", "judgment_uid",
        "target_uid", "time_spent_s", "created_at"]
    assert [e["kind"] for e in events] == ["override", "comment", "accept", "override",
                                           "override"]
    assert events[1]["comment"] == "second look: still off-topic"

    records = {r["id"]: r for r in adjudicated_records(store)}
    assert [r["standing"] for r in records.values()] == ["reviewed", "reviewed", "disputed",
                                                          "judge"]
    assert records[sci(1)]["adjudicated_score"] == pytest.approx(25.0)
    assert records[sci(3)]["adjudicated_score"] == pytest.approx(75.0)  # the judge's
    assert records[sci(3)]["reviewers"] == ["alice", "bob"]
    assert records[sci(3)]["human_marks"] is None


def test_cli_export_and_import(store: WorkspaceStore, tmp_path: Path) -> None:
    _reviewed(store)
    store.close()
    ws = str(tmp_path / "ws.db")
    out = tmp_path / "set.jsonl"
    result = CliRunner().invoke(cli, ["export", ws, "--what", "calibration-set", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert [json.loads(x)["id"] for x in out.read_text(encoding="utf-8").splitlines()] == [sci(1)]
    decisions = CliRunner().invoke(cli, ["export", ws, "--what", "decisions"])
    assert len(decisions.output.splitlines()) == 5
    table = tmp_path / "adjudicated.csv"
    CliRunner().invoke(cli, ["export", ws, "--what", "adjudicated", "-o", str(table)])
    rows = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert [r["standing"] for r in rows] == ["reviewed", "reviewed", "disputed", "judge"]
    assert rows[2]["reviewers"] == "alice;bob" and rows[3]["human_marks"] == ""
    jsonl = CliRunner().invoke(cli, ["export", ws, "--what", "adjudicated"])
    assert json.loads(jsonl.output.splitlines()[0])["id"] == sci(1)
    wrong = CliRunner().invoke(cli, ["export", ws, "--what", "decisions", "--format", "csv"])
    assert wrong.exit_code == 2

    labels = write_jsonl(tmp_path / "labels.jsonl", GOOD)
    imported = CliRunner().invoke(cli, ["import-decisions", ws, str(labels), "--reviewer", "r"])
    assert imported.exit_code == 0, imported.output
    assert "imported 3 decisions of r as session 'import:labels.jsonl'" in imported.output
    bad = write_jsonl(tmp_path / "bad.jsonl", [GOOD[0], {"id": sci(2), "marks": {}}])
    rejected = CliRunner().invoke(cli, ["import-decisions", ws, str(bad), "--reviewer", "r"])
    assert rejected.exit_code == 2 and "bad.jsonl:2: marks miss criteria" in rejected.output
