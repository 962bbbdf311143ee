"""Recorded judge outputs for the demo run's short answers, in the README prompts' JSON shape.

Dimension names and weights are the app's rubrics (`benchmarks.anser.groups.RUBRICS`).
"""

from __future__ import annotations

import json
from typing import Any

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.workspace.rubric import Rubric
from bench.demo_data.records import DemoTask, JudgeMarks, task_range

JUDGE_MODEL = "gpt-5.6-sol"


def rubric(task_id: str) -> Rubric:
    """The rubric the judge prompt of a task uses."""
    rubric_id = task_range(task_id).rubric
    if rubric_id is None:
        raise ValueError(f"the LLM judge does not score {task_id}")
    return RUBRICS[rubric_id]


def weighted_score(weights: tuple[int, ...], dims: tuple[int, ...]) -> int:
    """score_0_100 = round(100 * sum(w_i * d_i / 4)), weights given in hundredths."""
    return round(sum(w * d for w, d in zip(weights, dims, strict=True)) / 4)


def judge_output(task_id: str, marks: JudgeMarks) -> str | dict[str, Any]:
    """The judge's raw output: JSON text (or an object, a fenced block, a truncated text)."""
    criteria = rubric(task_id).criteria
    weights = tuple(round(100 * c.weight) for c in criteria)
    score = marks.reported if marks.reported is not None else weighted_score(weights, marks.dims)
    verdict = {
        "score_0_100": score,
        **dict(zip((c.key for c in criteria), marks.dims, strict=True)),
        "reason": marks.reason,
    }
    text = json.dumps(verdict, ensure_ascii=False, separators=(",", ":"))
    if marks.shape == "object":
        return verdict
    if marks.shape == "fenced":
        return f"```json\n{text}\n```"
    if marks.shape == "truncated":
        return text[: len(text) * 2 // 3]
    return text


def judgment_records(tasks: list[DemoTask]) -> list[dict[str, Any]]:
    """`demo-system.judge.jsonl`: one record per judged task of the run."""
    return [
        {"id": t.id, "output": judge_output(t.id, t.response.judge), "model": JUDGE_MODEL}
        for t in tasks
        if t.response is not None and t.response.judge is not None
    ]
