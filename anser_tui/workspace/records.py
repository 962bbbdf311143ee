"""Records the workspace keeps: run outputs, log figures, judgments and decision events."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


def dumps(value: Any) -> str:
    """JSON as stored in the workspace: non-ASCII kept, keys in the order given."""
    return json.dumps(value, ensure_ascii=False)


class RunOutput(BaseModel):
    """One system output: the README's recommended record."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    answer: Any = None
    retrieved: list[Any] = Field(default_factory=list)

    @property
    def answer_text(self) -> str:
        """The answer as a reviewer reads it: text as is, a structured answer as JSON."""
        if self.answer is None:
            return ""
        if isinstance(self.answer, str):
            return self.answer
        return dumps(self.answer)


class LogRecord(BaseModel):
    """Per-task figures from a reproducibility log."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    latency_s: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None

    @property
    def total_tokens(self) -> int | None:
        if self.input_tokens is None and self.output_tokens is None:
            return None
        return (self.input_tokens or 0) + (self.output_tokens or 0)


class JudgmentStatus(StrEnum):
    OK = "ok"
    PARSE_ERROR = "parse_error"
    INVALID = "invalid"
    TRANSPORT_ERROR = "transport_error"


class Judgment(BaseModel):
    """One judge output for (run, task): raw text kept whole, parsed marks, score, status."""

    model_config = ConfigDict(frozen=True)

    run: str
    task_id: str
    rubric_id: str
    status: JudgmentStatus
    raw: str
    marks: dict[str, int] = Field(default_factory=dict)
    score: float | None = None  # the judge's score_0_100: the "LLM Judge" metric
    recomputed_score: float | None = None  # 100 * sum(w_i * d_i / 4) from the marks
    reason: str | None = None
    error: str | None = None
    arithmetic_mismatch: bool = False
    model: str | None = None
    source: str = "imported"
    latency_s: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    created_at: str | None = None
    id: int | None = None


class DecisionKind(StrEnum):
    ACCEPT = "accept"
    OVERRIDE = "override"
    FLAG = "flag"
    SKIP = "skip"
    COMMENT = "comment"
    UNDO = "undo"


class ReasonCode(StrEnum):
    JUDGE_MISREAD_ANSWER = "judge misread answer"
    JUDGE_MISREAD_GROUND_TRUTH = "judge misread ground truth"
    RUBRIC_MISAPPLIED = "rubric misapplied"
    ARITHMETIC_ERROR = "arithmetic error"
    GROUND_TRUTH_WRONG = "ground truth wrong"
    TASK_AMBIGUOUS = "task ambiguous"
    OTHER = "other"


class Decision(BaseModel):
    """One event of a review session. Append-only; current state is derived from the events."""

    model_config = ConfigDict(frozen=True)

    session_id: int
    run: str
    task_id: str
    reviewer: str
    kind: DecisionKind
    marks: dict[str, int] = Field(default_factory=dict)
    score: float | None = None
    reason_code: ReasonCode | None = None
    comment: str | None = None
    judge_visible: bool = True
    judgment_id: int | None = None
    target: int | None = None
    time_spent_s: float | None = None
    created_at: str | None = None
    id: int | None = None
