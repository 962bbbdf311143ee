"""What a task is, kept in two halves: what a system may see, and what only the scorer sees."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Form(StrEnum):
    """How an answer is scored."""

    NUMERIC = "numeric"
    CHOICE = "choice"
    SHORT = "short"
    STATISTIC = "statistic"
    STRUCTURED = "structured"


class TaskPrompt(BaseModel):
    """The system side of a task: the only fields a system under evaluation receives."""

    model_config = ConfigDict(frozen=True)

    id: str
    type: str | None = None
    query: str
    instruction: str = ""


class AnswerKey(BaseModel):
    """The scorer side of a task. Never sent to a system; the judge sees ground_truth only."""

    model_config = ConfigDict(frozen=True)

    ground_truth: Any = None
    evidence: list[Any] = Field(default_factory=list)


class Task(BaseModel):
    """One task of a benchmark, placed in its group and form."""

    model_config = ConfigDict(frozen=True)

    id: str
    benchmark: str
    group: str
    form: Form
    lang: str
    domain: str
    objective: str
    number: int | None
    seq: int
    source: str
    line: int
    prompt: TaskPrompt
    key: AnswerKey
    extra: dict[str, Any] = Field(default_factory=dict)

    @property
    def query(self) -> str:
        return self.prompt.query

    @property
    def instruction(self) -> str:
        return self.prompt.instruction

    @property
    def ground_truth(self) -> Any:
        return self.key.ground_truth

    @property
    def evidence(self) -> list[Any]:
        return self.key.evidence
