"""evalscope's own outputs for AA-LCR and PRBench (tests/data/evalscope, made by evalscope
1.14.1 with make_fixtures.py beside them): import-run takes the predictions and
import-judgments the reviews, a file or the outputs folder; per-sample verdicts and values
equal evalscope's full-precision per-sample values, the aggregates its report (which rounds
to 4 places); a failed review is a failed judgment, never a verdict; every judge attempt keeps
its raw_response; the answer is the message's text parts only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from inspect_workspace import cli_output

from anser_tui.workspace import WorkspaceStore
from anser_tui.workspace.judgments import current_judgments
from anser_tui.workspace.records import JudgmentStatus

DATA = Path(__file__).resolve().parent.parent / "data" / "evalscope"
[RUN_DIR] = sorted((DATA / "outputs").iterdir())
MODEL = "fake-model"



def _rows(part: str, name: str) -> list[dict[str, Any]]:
    text = (RUN_DIR / part / MODEL / name).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _report_scores(bench: str) -> dict[tuple[str, str], float]:
    """{(metric, subset): score} of evalscope's own report."""
    report = json.loads((RUN_DIR / "reports" / MODEL / f"{bench}.json").read_text())
    return {(m["identity"]["name"], s["name"]): s["score"]
            for m in report["metrics"] for c in m["categories"] for s in c["subsets"]}


def inspect_workspace(tmp_path: Path, benchmark: str, data: str, run_from: Path,
               judged_from: Path) -> Path:
    ws = tmp_path / f"{benchmark}.db"
    cli_output("init", ws, "--benchmark", benchmark, "--data", DATA / data)
    cli_output("import-run", ws, run_from, "--name", "fake")
    cli_output("import-judgments", ws, judged_from, "--run", "fake")
    return ws


@pytest.mark.parametrize("given", ["folder", "files"])
def test_aalcr_verdicts_and_accuracy_equal_evalscopes(tmp_path: Path, given: str) -> None:
    name = "aa_lcr_default.jsonl"
    run_from, judged_from = ((DATA / "outputs", DATA / "outputs") if given == "folder" else
                             (RUN_DIR / "predictions" / MODEL / name,
                              RUN_DIR / "reviews" / MODEL / name))
    ws = inspect_workspace(tmp_path, "aalcr", "aalcr", run_from, judged_from)
    reviews = _rows("reviews", name)
    with WorkspaceStore.open(ws) as store:
        by_row = {t.seq: t.id for t in store.tasks()}
        judgments = current_judgments(store, "fake")
        outputs = store.outputs("fake")
    report = json.loads(cli_output("report", ws, "--format", "json"))["versions"]["1.1"]
    for review in reviews:
        qid = by_row[review["index"]]
        score = review["sample_score"]["score"]
        judgment = judgments[qid]
        assert outputs[qid].answer == score["prediction"]  # text parts only, as evalscope's
        attempts = score["metadata"]["judge_attempts"]
        assert [c.raw for c in judgment.calls] == [a["raw_response"] for a in attempts]
        if score["status"] == "success":
            assert judgment.status is JudgmentStatus.OK
            assert report["verdicts"][qid] == ("CORRECT" if score["value"]["acc"] == 1.0
                                               else "INCORRECT")
        else:
            assert score["status"] == "excluded" and score["value"] == {}
            assert judgment.status is JudgmentStatus.PARSE_ERROR and not judgment.marks
            assert report["verdicts"][qid] is None and qid in report["parse_failures"]
    values = [r["sample_score"]["score"]["value"]["acc"] for r in reviews
              if r["sample_score"]["score"]["status"] == "success"]
    ours = report["accuracy_excluding_parse_failures"]
    assert ours == pytest.approx(sum(values) / len(values), abs=1e-12)
    assert round(ours, 4) == _report_scores("aa_lcr")[("accuracy", "default")]
    assert outputs[by_row[1]].answer == "The minister signed it."  # its reasoning part left out


def test_prbench_samples_and_split_means_equal_evalscopes(tmp_path: Path) -> None:
    ws = inspect_workspace(tmp_path, "prbench", "prbench", DATA / "outputs", DATA / "outputs")
    report = json.loads(cli_output("report", ws, "--format", "json", "--policy", "evalscope"))
    scores = _report_scores("prbench")
    with WorkspaceStore.open(ws) as store:
        outputs = store.outputs("fake")
    for split in ("finance", "legal"):
        ours = report["splits"][split]
        reviews = _rows("reviews", f"prbench_{split}.jsonl")
        answers = {r["sample_score"]["sample_metadata"]["task"]:
                   r["sample_score"]["score"]["prediction"] for r in reviews}
        assert {t: outputs[t].answer for t in answers} == answers
        kept = []
        for review in reviews:
            task = review["sample_score"]["sample_metadata"]["task"]
            score = review["sample_score"]["score"]
            if score["status"] != "success":
                assert task in ours["excluded"] and task not in ours["samples"]
                continue
            kept.append(score["value"])
            sample = ours["samples"][task]
            assert sample["clipped"] == pytest.approx(score["value"]["clipped_score"], abs=1e-12)
            assert sample["normalized"] == pytest.approx(score["value"]["normalized_score"],
                                                         abs=1e-12)
        clipped = max(0.0, sum(v["clipped_score"] for v in kept) / len(kept))
        assert ours["mean_clipped"] == pytest.approx(clipped, abs=1e-12)
        assert round(ours["mean_clipped"], 4) == scores[("clipped_score", split)]
        assert round(ours["mean_normalized"], 4) == scores[("normalized_score", split)]
    assert report["splits"]["finance"]["excluded"] == ["fin-3"]


def test_an_index_of_another_csv_is_refused_with_file_and_line(tmp_path: Path) -> None:
    ws = tmp_path / "a.db"
    cli_output("init", ws, "--benchmark", "aalcr", "--data", DATA / "aalcr")
    rows = _rows("predictions", "aa_lcr_default.jsonl")
    rows[2]["index"] = 9
    bad = tmp_path / "predictions" / MODEL / "aa_lcr_default.jsonl"
    bad.parent.mkdir(parents=True)
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = cli_output("import-run", ws, bad, "--name", "fake", code=2)
    assert f"{bad}:3: index 9: the workspace's CSV has no row 9" in out
    rows[2]["index"] = 3  # row 3 asks another question
    rows[3]["index"] = 2
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = cli_output("import-run", ws, bad, "--name", "fake", code=2)
    assert f"{bad}:3: row 3 asks 'What was the revenue?', not question 4" in out
    with WorkspaceStore.open(ws) as store:
        assert not store.run_names()


def test_prbench_criteria_marks_are_evalscopes_per_criterion_verdicts(tmp_path: Path) -> None:
    """Each judge attempt is a call of the criterion its case_id names (rubric_<i>, the i-th
    criterion in dataset order), kept with its raw_response; the marks are the attempts'
    criteria_met; the excluded sample (fin-3: its second criterion's reply is no JSON) is a
    failed judgment with no score, and under the official policy its one criterion judged
    counts (8 of 13 positive points, worked by hand) while the two others count as not met."""
    ws = inspect_workspace(tmp_path, "prbench", "prbench", DATA / "outputs", DATA / "outputs")
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, "fake")
    evalscope = json.loads(cli_output("report", ws, "--format", "json", "--policy", "evalscope"))
    official = json.loads(cli_output("report", ws, "--format", "json", "--policy", "official"))
    for split in ("finance", "legal"):
        for review in _rows("reviews", f"prbench_{split}.jsonl"):
            task = review["sample_score"]["sample_metadata"]["task"]
            score = review["sample_score"]["score"]
            attempts = score["metadata"]["judge_attempts"]
            judgment = judgments[task]
            keys = [f"{task}-{c}" for c in "abc"]  # the fixture's criteria, in dataset order
            assert [(c.criterion, c.raw) for c in judgment.calls] == [
                (keys[int(a["case_id"].split("_")[1])], a["raw_response"]) for a in attempts]
            met = {keys[int(a["case_id"].split("_")[1])]: int(a["parsed_value"]["criteria_met"])
                   for a in attempts if a["status"] == "success"}
            assert judgment.marks == met
            assert [c.mark for c in judgment.calls] == [
                int(a["parsed_value"]["criteria_met"]) if a["status"] == "success" else None
                for a in attempts]
            if score["status"] == "success":
                assert judgment.status is JudgmentStatus.OK
                assert sum(met.values()) == score["metadata"]["criteria_met"]
                assert judgment.score == score["value"]["clipped_score"]
                assert judgment.recomputed_score == pytest.approx(
                    score["value"]["clipped_score"], abs=1e-12)
                sample = evalscope["splits"][split]["samples"][task]
                assert sample["criteria_met"] == score["metadata"]["criteria_met"]
                assert sample["points"] == score["metadata"]["weighted_points"]
            else:
                assert judgment.status is JudgmentStatus.PARSE_ERROR
                assert judgment.score is None
                assert [c.status for c in judgment.calls] == [JudgmentStatus.OK,
                                                              JudgmentStatus.PARSE_ERROR]
                assert judgment.calls[1].error == attempts[1]["error"]
    fin3 = official["splits"]["finance"]["samples"]["fin-3"]
    assert (fin3["points"], fin3["criteria_met"]) == (8.0, 1)
    assert fin3["clipped"] == pytest.approx(8 / 13, abs=1e-12)
    shown = cli_output("show", ws, "fin-2", "--run", "fake")
    marks = [line.split()[-2:] for line in shown.splitlines() if "] MET:" in line
             or "] NOTMET:" in line]
    assert marks == [["8.00", "0"], ["5.00", "1"], ["-4.00", "0"]]  # fin-2's attempts' verdicts


def test_prbench_several_judge_passes_keep_every_attempt_marks_of_the_primary(
        tmp_path: Path) -> None:
    """A review of two passes (evalscope's repeats; the second pass made here from the
    fixture's first by turning every verdict over, and the value their mean, as evalscope
    computes it): every attempt is kept, the marks are the primary pass's, and the reason
    says the value is a mean of two passes."""
    rows = _rows("reviews", "prbench_legal.jsonl")
    score = rows[0]["sample_score"]["score"]
    first = score["metadata"]["judge_attempts"]
    second = []
    for attempt in first:
        flipped = json.loads(json.dumps(attempt))
        flipped["repeat_id"] = 1
        met = not attempt["parsed_value"]["criteria_met"]
        flipped["parsed_value"]["criteria_met"] = met
        flipped["raw_response"] = json.dumps({"explanation": "flipped", "criteria_met": met})
        second.append(flipped)
    score["metadata"]["judge_attempts"] = first + second
    other = (8 * 0 + 5 * 1 + -4 * 0) / 13  # the flipped pass: only the second criterion met
    score["value"]["clipped_score"] = (score["value"]["clipped_score"] + other) / 2
    score["metadata"]["weighted_points"] = 4.0  # the primary pass's, as evalscope keeps it
    bad = tmp_path / "reviews" / MODEL / "prbench_legal.jsonl"
    bad.parent.mkdir(parents=True)
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    ws = tmp_path / "p.db"
    cli_output("init", ws, "--benchmark", "prbench", "--data", DATA / "prbench")
    cli_output("import-run", ws, DATA / "outputs", "--name", "fake")
    cli_output("import-judgments", ws, bad, "--run", "fake")
    with WorkspaceStore.open(ws) as store:
        judgment = current_judgments(store, "fake")["leg-1"]
    assert len(judgment.calls) == 6
    assert judgment.marks == {"leg-1-a": 1, "leg-1-b": 0, "leg-1-c": 1}
    assert judgment.score == score["value"]["clipped_score"]
    assert judgment.recomputed_score == pytest.approx(4 / 13, abs=1e-12)
    assert "mean of 2 judge passes" in (judgment.reason or "")


def test_an_attempt_asking_about_another_criterion_is_refused_with_file_and_line(
        tmp_path: Path) -> None:
    rows = _rows("reviews", "prbench_finance.jsonl")
    attempts = rows[1]["sample_score"]["score"]["metadata"]["judge_attempts"]
    attempts[0]["case_id"], attempts[1]["case_id"] = "rubric_1", "rubric_0"
    bad = tmp_path / "reviews" / MODEL / "prbench_finance.jsonl"
    bad.parent.mkdir(parents=True)
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    ws = tmp_path / "p.db"
    cli_output("init", ws, "--benchmark", "prbench", "--data", DATA / "prbench")
    cli_output("import-run", ws, DATA / "outputs", "--name", "fake")
    out = cli_output("import-judgments", ws, bad, "--run", "fake", code=2)
    assert (f"{bad}:2: judge attempt rubric_1 does not ask about criterion fin-2-b "
            "('[fin-2] NOTMET: cites the statute.'): another dataset revision?") in out
    with WorkspaceStore.open(ws) as store:
        assert not current_judgments(store, "fake")
