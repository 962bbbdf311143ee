"""Records read back from rows, and the package's constant rubrics, are constructed without
validation (the review screen's start-up builds no pydantic validator): each equals the record
validation gives, field types included (enums, reals where SQLite hands back an int)."""

from __future__ import annotations

from typing import Any

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.workspace.records import (
    Decision,
    DecisionKind,
    JudgeCall,
    Judgment,
    JudgmentStatus,
    LogRecord,
    ReasonCode,
    RunOutput,
)
from anser_tui.workspace.rubric import Rubric


def _same(constructed: Any, validated: Any) -> None:
    assert constructed == validated
    assert {k: type(v) for k, v in constructed.__dict__.items()} == {
        k: type(v) for k, v in validated.__dict__.items()}


def test_constant_rubrics_are_what_validation_gives() -> None:
    for rubric in RUBRICS.values():
        _same(rubric, Rubric.model_validate(rubric.model_dump()))


def test_a_judgment_read_back_is_the_validated_one() -> None:
    call = JudgeCall(status=JudgmentStatus.OK, raw="{}", mark=3, latency_s=2.0)
    judgment = Judgment(run="r", task_id="t", rubric_id="x", status=JudgmentStatus.OK,
                        calls=(call,), marks={"a": 3}, score=74.0, recomputed_score=75.0,
                        latency_s=1.0, input_tokens=5, created_at="2026-01-01", id=7)
    row = dict(zip(Judgment.COLUMNS, judgment.to_row(), strict=True))
    row.update(id=7, score=74, latency_s=1)  # SQLite gives an int back for a whole REAL
    call_row = dict(zip(JudgeCall.COLUMNS, call.to_row(), strict=True))
    call_row.update(latency_s=2)
    read = Judgment.from_row(row, (JudgeCall.from_row(call_row),))
    _same(read, judgment)
    _same(read.calls[0], call)


def test_a_decision_read_back_is_the_validated_one() -> None:
    for reason in (ReasonCode.ARITHMETIC_ERROR, None):
        decision = Decision(session_id=1, run="r", task_id="t", reviewer="me",
                            kind=DecisionKind.OVERRIDE, marks={"a": 1}, score=25.0,
                            reason_code=reason, judge_visible=False, time_spent_s=3.0, id=2)
        row = dict(zip(Decision.COLUMNS, decision.to_row(), strict=True))
        row.update(id=2, score=25, time_spent_s=3)
        _same(Decision.from_row(row), decision)


def test_outputs_and_logs_read_back_are_the_validated_ones() -> None:
    output = RunOutput(task_id="t", answer={"x": [1]}, retrieved=["a"])
    _, task_id, answer, retrieved, _ = output.to_row("r", 1)
    _same(RunOutput.from_row({"task_id": task_id, "answer": answer, "retrieved": retrieved}),
          output)
    log = LogRecord(task_id="t", latency_s=2.0, input_tokens=1, output_tokens=None)
    _same(LogRecord.from_row({"task_id": "t", "latency_s": 2, "input_tokens": 1,
                              "output_tokens": None}), log)
