"""PRBench judgment importers: per-criterion replies, the official evals.py results JSON and
evalscope review files (a file or its outputs/ folder), each with its bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mini_bench import write_jsonl
from prbench_records import two_criteria, write_splits

from anser_tui.benchmarks.prbench.benchmark import prbench_rubric
from anser_tui.benchmarks.prbench.loader import load_prbench
from anser_tui.benchmarks.prbench.report import PrbenchItem, build_rows
from anser_tui.benchmarks.prbench.scores import EVALSCOPE, OFFICIAL
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import Judgment, JudgmentStatus
from anser_tui.workspace.tasks import Task

BENCH = benchmark_named("prbench")
MET = '{"explanation": "yes", "criteria_met": true}'
NOT_MET = '{"explanation": "no", "criteria_met": false}'


@pytest.fixture
def tasks(tmp_path: Path) -> dict[str, Task]:
    data = write_splits(tmp_path / "data", {"legal": [two_criteria("a"), two_criteria("b")],
                                            "legal_hard": [two_criteria("b")]})
    return {t.id: t for t in load_prbench(data)}


def _read(path: Path, tasks: dict[str, Task], run: str = "r") -> list[Judgment]:
    return BENCH.read_judgments(path, tasks, run)


def _scores(tasks: dict[str, Task], judgments: list[Judgment]) -> dict[tuple[str, str], Any]:
    items = [PrbenchItem(t.id, BENCH.splits(t), prbench_rubric(t)) for t in tasks.values()]
    rows = build_rows(items, {j.task_id: j for j in judgments})
    return {(r.policy, r.split): r.as_json() for r in rows}


def test_per_criterion_replies(tasks: dict[str, Task], tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "replies.jsonl", [
        {"task": "a", "criterion_id": "a-a", "reply": MET, "model": "o4-mini"},
        {"task": "b", "criterion_id": "b-b", "reply": {"explanation": "", "criteria_met": True}},
        {"task": "a", "criterion_id": "a-b", "reply": MET},
        {"task": "b", "criterion_id": "b-a", "reply": '{"explanation": "cut'}])
    a, b = _read(path, tasks)
    assert (a.task_id, a.status, a.marks, a.score, a.model) == (
        "a", JudgmentStatus.OK, {"a-a": 1, "a-b": 1}, 0.5, "o4-mini")
    assert a.source == "import:replies.jsonl"
    assert [(c.criterion, c.status, c.mark) for c in b.calls] == [
        ("b-a", JudgmentStatus.PARSE_ERROR, None), ("b-b", JudgmentStatus.OK, 1)]
    assert (b.status, b.score, b.error) == (JudgmentStatus.PARSE_ERROR, None,
                                           "b-a: no JSON object found")
    scores = _scores(tasks, [a, b])
    # official: b's failed grade is not met: points -4, clipped -0.5; evalscope drops b
    assert scores[OFFICIAL, "legal"]["samples"]["b"]["points"] == -4.0
    assert scores[OFFICIAL, "legal"]["raw_mean_clipped"] == pytest.approx(0.0)
    assert scores[EVALSCOPE, "legal"]["excluded"] == ["b"]
    assert scores[EVALSCOPE, "legal_hard"]["n"] == 0
    assert scores[EVALSCOPE, "legal_hard"]["mean_clipped"] is None


@pytest.mark.parametrize(("lines", "where", "reason"), [
    ([{"task": "zz", "criterion_id": "a-a", "reply": MET}], 1,
     "'task' 'zz' is not a task of the workspace"),
    ([{"task": "a", "criterion_id": "b-a", "reply": MET}], 1,
     "criterion_id 'b-a' is not a criterion of task a"),
    ([{"task": "a", "criterion_id": "a-a", "reply": 3}], 1,
     "'reply' must be the judge's text or a JSON object"),
    ([{"task": "a", "criterion_id": "a-a", "reply": MET},
      {"task": "a", "criterion_id": "a-a", "reply": NOT_MET}], 2,
     "task a criterion a-a appears twice (first on line 1)"),
    ([{"task": "b", "criterion_id": "b-a", "reply": MET},
      {"task": "a", "criterion_id": "a-b", "reply": MET}], 2,
     "task a has no reply for criteria a-a"),
])
def test_bad_per_criterion_lines(tasks: dict[str, Task], tmp_path: Path,
                                 lines: list[dict[str, Any]], where: int, reason: str) -> None:
    path = write_jsonl(tmp_path / "replies.jsonl", lines)
    if reason.startswith("task a has no"):
        lines.append({"task": "b", "criterion_id": "b-b", "reply": MET})
        path = write_jsonl(path, lines)
    with pytest.raises(InputError) as err:
        _read(path, tasks)
    assert err.value.message == f"{path}:{where}: {reason}"


def _official(models: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"mean_clipped": {m: 0.0 for m in models}, "outputs": models,
            "config": {"judge_model_name": "o4-mini"}}


def _output(task: str, grades: list[str], points: float, **over: Any) -> dict[str, Any]:
    return {"convo": "user: ...", "id": task, "grades": grades, "points": points,
            "categories": [None, None], "weights": [8, -4],
            "rubric_texts": ["States the rule.", "Invents a statute."], "field": "Legal", **over}


def test_official_results_json(tasks: dict[str, Task], tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(_official({"gpt-x": {
        "a": _output("a", ["true", "true"], 4), "b": _output("b", ["false", "true"], -4)}}),
        indent=2))
    a, b = _read(path, tasks)
    assert (a.marks, a.status, a.score, a.model) == ({"a-a": 1, "a-b": 1}, JudgmentStatus.OK,
                                                     0.5, "o4-mini")
    assert [c.raw for c in b.calls] == ["false", "true"]
    scores = _scores(tasks, [a, b])
    assert scores[OFFICIAL, "legal"] == {**scores[EVALSCOPE, "legal"], "n": 2}
    assert scores[OFFICIAL, "legal"]["raw_mean_clipped"] == pytest.approx((0.5 - 0.5) / 2)


@pytest.mark.parametrize(("models", "run", "reason", "line"), [
    ({"gpt-x": {"a": _output("a", ["true", "true"], 4, weights=[8, -5])}}, "r",
     "its weights differ from the workspace's rubric: another dataset revision?", 7),
    ({"gpt-x": {"a": _output("a", ["true", "true"], 9)}}, "r",
     "points 9 are not the grades' sum (4.0)", 7),
    ({"gpt-x": {"a": _output("a", ["true", "maybe"], 4)}}, "r",
     'each grade must be "true" or "false"', 7),
    ({"gpt-x": {"zz": _output("zz", ["true"], 8)}}, "r",
     "task 'zz' is not in the workspace", 7),  # the line of the task's key
    ({"gpt-x": {}, "gpt-y": {}}, "r",
     "the file holds several models (gpt-x, gpt-y); name the run after the one to import",
     None),
])
def test_bad_official_results(tasks: dict[str, Task], tmp_path: Path, models: dict[str, Any],
                              run: str, reason: str, line: int | None) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(_official(models), indent=2))
    with pytest.raises(InputError) as err:
        _read(path, tasks, run)
    assert err.value.message == (f"{path}:{line}: {reason}" if line else f"{path}: {reason}")


def test_official_results_pick_the_model_named_like_the_run(tasks: dict[str, Task],
                                                            tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(_official({
        "openai/gpt-x": {"a": _output("a", ["true", "false"], 8)},
        "openai/gpt-y": {"a": _output("a", ["false", "false"], 0)}})))
    [judgment] = _read(path, tasks, "gpt-y")
    assert judgment.marks == {"a-a": 0, "a-b": 0}


def review(index: int, status: str = "success", points: float = 4.0, met: int = 2,
           **meta: Any) -> dict[str, Any]:
    metadata = {"weighted_points": points, "positive_weight": 8.0, "negative_weight": -4.0,
                "criteria_met": met, "rubric_count": 2, **meta}
    score = {"value": {"clipped_score": points / 8, "normalized_score": (points + 4) / 12},
             "status": status, "prediction": "...", "extracted_prediction": "...",
             "explanation": f"{met}/2 criteria met", "main_score_name": "clipped_score",
             "metadata": metadata if status == "success" else {}}
    return {"index": index, "target": "", "messages": [],
            "sample_score": {"score": score, "sample_id": index}}


def _outputs(root: Path, files: dict[str, list[dict[str, Any]]], model: str = "qwen-max"
             ) -> Path:
    folder = root / "outputs" / "20250101_120000" / "reviews" / model
    folder.mkdir(parents=True, exist_ok=True)
    for name, records in files.items():
        write_jsonl(folder / name, records)
    return root / "outputs"


def test_evalscope_outputs_folder(tasks: dict[str, Task], tmp_path: Path) -> None:
    outputs = _outputs(tmp_path, {"prbench_legal.jsonl": [review(0), review(1, "excluded")],
                                  "prbench_legal_hard.jsonl": [review(0, "parse_error")]})
    for given in (outputs, outputs / "20250101_120000", outputs / "20250101_120000" / "reviews",
                  outputs / "20250101_120000" / "reviews" / "qwen-max"):
        a, b = _read(given, tasks)
        assert (a.task_id, a.status, a.score, a.model, a.marks) == (
            "a", JudgmentStatus.OK, 0.5, "qwen-max", {})
        assert (b.task_id, b.status) == ("b", JudgmentStatus.PARSE_ERROR)
        assert b.error == "evalscope status 'excluded': the sample's judging failed"
    scores = _scores(tasks, [a, b])
    assert scores[OFFICIAL, "legal"]["samples"] == {"a": {
        "points": 4.0, "pos": 8.0, "neg": -4.0, "clipped": 0.5,
        "normalized": pytest.approx(2 / 3), "criteria_met": 2, "rubric_count": 2}}
    # a failed review holds no per-criterion grades: excluded under both policies
    assert scores[OFFICIAL, "legal"]["excluded"] == scores[EVALSCOPE, "legal"]["excluded"] == [
        "b"]


def test_evalscope_single_file_and_a_second_review_that_disagrees(
        tasks: dict[str, Task], tmp_path: Path) -> None:
    outputs = _outputs(tmp_path, {"prbench_legal.jsonl": [review(1, points=-4.0, met=1)],
                                  "prbench_legal_hard.jsonl": [review(0, points=8.0, met=1)]})
    [b] = _read(outputs / "20250101_120000" / "reviews" / "qwen-max" / "prbench_legal.jsonl",
                tasks)
    assert (b.task_id, b.score) == ("b", -0.5)
    [kept] = _read(outputs, tasks)
    assert kept.score == -0.5  # the full split's review is kept; the other is noted
    assert kept.reason == "1/2 criteria met; evalscope's legal_hard review differs: ok, clipped 1.0"


@pytest.mark.parametrize(("files", "reason"), [
    ({"prbench_legal.jsonl": [review(0, rubric_count=3)]},
     ":1: rubric_count 3 differs from the workspace's rubric (2): another dataset revision?"),
    ({"prbench_legal.jsonl": [review(5)]}, ":1: no sample at index 5 of split legal in the "
     "workspace"),
    ({"prbench_legal.jsonl": [review(0), review(0)]}, ":2: task a is reviewed twice in this file"),
    ({"prbench_legal.jsonl": [review(0, points=4.0, met=7)]}, ":1: criteria_met 7 is out of "
     "range"),
])
def test_bad_evalscope_reviews(tasks: dict[str, Task], tmp_path: Path,
                               files: dict[str, list[dict[str, Any]]], reason: str) -> None:
    outputs = _outputs(tmp_path, files)
    with pytest.raises(InputError) as err:
        _read(outputs, tasks)
    name = next(iter(files))
    assert err.value.message == (f"{outputs}/20250101_120000/reviews/qwen-max/{name}{reason}")


def test_evalscope_folder_with_two_models_is_refused(tasks: dict[str, Task],
                                                     tmp_path: Path) -> None:
    _outputs(tmp_path, {"prbench_legal.jsonl": [review(0)]}, "model-a")
    outputs = _outputs(tmp_path, {"prbench_legal.jsonl": [review(0)]}, "model-b")
    with pytest.raises(InputError) as err:
        _read(outputs, tasks)
    assert err.value.message == (f"{outputs}: reviews of several models here (model-a, "
                                 "model-b); give the reviews/<model>/ folder meant")
