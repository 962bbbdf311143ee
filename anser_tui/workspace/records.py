"""Records the workspace keeps: run outputs, log figures, judgments (with their calls) and
decision events. Each record knows its row: `to_row()` gives the column values, `from_row(row)`
reads one back (`row` maps column names to values, e.g. a `sqlite3.Row`).

Each is a `core.record.Record`: made from values it is validated; a row read back was written
from a validated record, so `from_row` constructs the record without validating it again (the
types the columns lose, enums and reals, restored by hand), and the review screen's start-up
loads no pydantic for them."""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Mapping
from dataclasses import field
from enum import StrEnum
from typing import Any, ClassVar

from anser_tui.core.record import Record
from anser_tui.workspace.rubric import Mark

RowLike = Mapping[str, Any] | sqlite3.Row  # a row read back: column name -> value


def dumps(value: Any) -> str:
    """JSON as stored in the workspace: non-ASCII kept, keys in the order given."""
    return json.dumps(value, ensure_ascii=False)


def real(value: float | None) -> float | None:
    """A REAL column's value as the record holds it (SQLite may hand back an int)."""
    return None if value is None else float(value)


def new_uid() -> str:
    """A stable identity for a record that may travel to another workspace (merge)."""
    return uuid.uuid4().hex


class RunOutput(Record):
    """One system output: the README's recommended record."""

    task_id: str
    answer: Any = None
    retrieved: list[Any] = field(default_factory=list)

    @property
    def answer_text(self) -> str:
        """The answer as a reviewer reads it: text as is, a structured answer as JSON."""
        if self.answer is None:
            return ""
        if isinstance(self.answer, str):
            return self.answer
        return dumps(self.answer)

    def to_row(self, run: str, line: int) -> tuple[Any, ...]:
        """(run, task_id, answer, retrieved, line) of the outputs table."""
        answer = None if self.answer is None else dumps(self.answer)
        return (run, self.task_id, answer, dumps(self.retrieved), line)

    @classmethod
    def from_row(cls, row: RowLike) -> RunOutput:
        answer = row["answer"]
        return cls.model_construct(task_id=row["task_id"],
                                   answer=None if answer is None else json.loads(answer),
                                   retrieved=json.loads(row["retrieved"]))


class LogRecord(Record):
    """Per-task figures from a reproducibility log."""

    task_id: str
    latency_s: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None

    @property
    def total_tokens(self) -> int | None:
        if self.input_tokens is None and self.output_tokens is None:
            return None
        return (self.input_tokens or 0) + (self.output_tokens or 0)

    def to_row(self, run: str) -> tuple[Any, ...]:
        """(run, task_id, latency_s, input_tokens, output_tokens, total_tokens) of the logs."""
        return (run, self.task_id, self.latency_s, self.input_tokens, self.output_tokens,
                self.total_tokens)

    @classmethod
    def from_row(cls, row: RowLike) -> LogRecord:
        return cls.model_construct(task_id=row["task_id"], latency_s=real(row["latency_s"]),
                                   input_tokens=row["input_tokens"],
                                   output_tokens=row["output_tokens"])


class JudgmentStatus(StrEnum):
    OK = "ok"
    PARSE_ERROR = "parse_error"
    INVALID = "invalid"
    TRANSPORT_ERROR = "transport_error"


class JudgeCall(Record):
    """One request of a judgment and its reply: the whole rubric at once (criterion None) or
    one criterion, as the benchmark's judge protocol asks. The raw reply is kept whole."""

    COLUMNS: ClassVar[tuple[str, ...]] = (
        "criterion", "status", "raw", "mark", "explanation", "error", "latency_s",
        "input_tokens", "output_tokens")

    criterion: str | None = None
    status: JudgmentStatus
    raw: str = ""
    mark: int | None = None
    explanation: str | None = None
    error: str | None = None
    latency_s: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None

    def to_row(self) -> tuple[Any, ...]:
        values = {c: getattr(self, c) for c in self.COLUMNS}
        values["status"] = self.status.value
        return tuple(values.values())

    @classmethod
    def from_row(cls, row: RowLike) -> JudgeCall:
        values = {c: row[c] for c in cls.COLUMNS}
        values.update(status=JudgmentStatus(values["status"]),
                      latency_s=real(values["latency_s"]))
        return cls.model_construct(**values)


class Judgment(Record):
    """One judge output for (run, task): its calls (raw replies kept whole), the parsed marks
    under the rubric, the score, the status. Identified across workspaces by `uid`."""

    COLUMNS: ClassVar[tuple[str, ...]] = (
        "uid", "run", "task_id", "rubric_id", "status", "marks", "score", "recomputed_score",
        "reason", "error", "arithmetic_mismatch", "model", "judge", "source", "dataset_version",
        "latency_s", "input_tokens", "output_tokens", "created_at")

    run: str
    task_id: str
    rubric_id: str
    status: JudgmentStatus
    calls: tuple[JudgeCall, ...] = ()
    marks: dict[str, Mark] = field(default_factory=dict)
    score: float | None = None  # the judge's own (a whole-rubric reply), else the aggregate
    recomputed_score: float | None = None  # the rubric's aggregate of the marks
    reason: str | None = None
    error: str | None = None
    arithmetic_mismatch: bool = False
    model: str | None = None
    judge: str = ""  # the judge's name (DESIGN 15); from the model, or the run's, when not given
    source: str = "imported"
    dataset_version: str | None = None  # the answer keys judged against (a versioned dataset)
    latency_s: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    created_at: str | None = None
    uid: str = field(default_factory=new_uid)
    id: int | None = None  # the row's place in this workspace, for ordering only

    @classmethod
    def _prepare(cls, values: dict[str, Any]) -> dict[str, Any]:
        """A judgment names its judge: when none is given, the judge named after its model.
        One naming neither is given its run's primary judge when stored (`add_judgments`)."""
        if not values.get("judge") and values.get("model"):
            return {**values, "judge": values["model"]}
        return values

    @property
    def raw(self) -> str:
        """The judge's reply text: the one reply, or each criterion's reply on its own line."""
        if len(self.calls) == 1:
            return self.calls[0].raw
        return "\n".join(f"[{c.criterion}] {c.raw}" for c in self.calls)

    def to_row(self) -> tuple[Any, ...]:
        values = {c: getattr(self, c) for c in self.COLUMNS}
        values.update(status=self.status.value, marks=dumps(self.marks),
                      arithmetic_mismatch=int(self.arithmetic_mismatch))
        return tuple(values.values())

    @classmethod
    def from_row(cls, row: RowLike, calls: tuple[JudgeCall, ...] = ()) -> Judgment:
        values = {c: row[c] for c in cls.COLUMNS}
        values.update(marks=json.loads(values["marks"]), id=row["id"], calls=calls,
                      arithmetic_mismatch=bool(values["arithmetic_mismatch"]),
                      status=JudgmentStatus(values["status"]),
                      **{c: real(values[c]) for c in ("score", "recomputed_score", "latency_s")})
        return cls.model_construct(**values)


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


class Decision(Record):
    """One event of a review session. Append-only; current state is derived from the events.
    The judgment it answers and the event an undo takes back are named by uid."""

    COLUMNS: ClassVar[tuple[str, ...]] = (
        "uid", "session_id", "run", "task_id", "reviewer", "kind", "marks", "score",
        "reason_code", "comment", "judge_visible", "judgment_uid", "target_uid",
        "time_spent_s", "created_at")

    session_id: int
    run: str
    task_id: str
    reviewer: str
    kind: DecisionKind
    marks: dict[str, Mark] = field(default_factory=dict)
    score: float | None = None
    reason_code: ReasonCode | None = None
    comment: str | None = None
    judge_visible: bool = True
    judgment_uid: str | None = None
    target_uid: str | None = None
    time_spent_s: float | None = None
    created_at: str | None = None
    uid: str = field(default_factory=new_uid)
    id: int | None = None  # the row's place in this workspace, for ordering only

    def to_row(self) -> tuple[Any, ...]:
        values = {c: getattr(self, c) for c in self.COLUMNS}
        values.update(kind=self.kind.value, marks=dumps(self.marks),
                      judge_visible=int(self.judge_visible),
                      reason_code=self.reason_code.value if self.reason_code else None)
        return tuple(values.values())

    @classmethod
    def from_row(cls, row: RowLike) -> Decision:
        values = {c: row[c] for c in cls.COLUMNS}
        values.update(marks=json.loads(values["marks"]), id=row["id"],
                      judge_visible=bool(values["judge_visible"]),
                      kind=DecisionKind(values["kind"]),
                      reason_code=ReasonCode(values["reason_code"]) if values["reason_code"]
                      else None,
                      score=real(values["score"]), time_spent_s=real(values["time_spent_s"]))
        return cls.model_construct(**values)
