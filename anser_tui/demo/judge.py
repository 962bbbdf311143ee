"""Recorded judge outputs for the demo run's short answers, in the README prompts' JSON shape."""

from __future__ import annotations

import json
from typing import Any

from anser_tui.demo.records import DemoTask, JudgeMarks

JUDGE_MODEL = "gpt-5.6-sol"

# (group prefix, dimension names in prompt order, weights in hundredths); first match wins
RUBRICS: tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...] = (
    (
        "legal_zh",
        ("conclusion", "rule_citation", "rule_application", "ground_truth_consistency", "format"),
        (40, 25, 20, 10, 5),
    ),
    (
        "legal_en",
        ("conclusion", "precedent", "application", "ground_truth_consistency", "format"),
        (40, 25, 20, 10, 5),
    ),
    (
        "finance_zh_prescriptive",
        ("conclusion", "rule_citation", "rule_application", "uncertainty", "format"),
        (40, 25, 20, 10, 5),
    ),
    (
        "finance_en_prescriptive",
        ("conclusion", "rule_citation", "calculation", "conditions", "format"),
        (35, 25, 25, 10, 5),
    ),
    (
        "finance",
        ("conclusion", "fact_coverage", "ground_truth_consistency", "no_hallucination", "format"),
        (40, 25, 20, 10, 5),
    ),
    ("science", ("conclusion", "coverage", "ground_truth_consistency", "format"), (45, 25, 20, 10)),
)


def rubric(task_id: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The dimension names and weights of the judge prompt for a task."""
    return next(
        (names, weights) for prefix, names, weights in RUBRICS if task_id.startswith(prefix)
    )


def weighted_score(weights: tuple[int, ...], dims: tuple[int, ...]) -> int:
    """score_0_100 = round(100 * sum(w_i * d_i / 4)), weights given in hundredths."""
    return round(sum(w * d for w, d in zip(weights, dims, strict=True)) / 4)


def judge_output(task_id: str, marks: JudgeMarks) -> str | dict[str, Any]:
    """The judge's raw output: JSON text (or an object, a fenced block, a truncated text)."""
    names, weights = rubric(task_id)
    score = marks.reported if marks.reported is not None else weighted_score(weights, marks.dims)
    verdict = {
        "score_0_100": score,
        **dict(zip(names, marks.dims, strict=True)),
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
