"""What a task is, kept in two halves: what a system may see, and what only the scorer sees."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import MISSING, field
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple

from anser_tui.core.record import Record
from anser_tui.workspace.records import RowLike, dumps


class Form(StrEnum):
    """How an answer is scored."""

    NUMERIC = "numeric"
    CHOICE = "choice"
    SHORT = "short"
    STATISTIC = "statistic"
    STRUCTURED = "structured"


class TaskPrompt(Record):
    """The system side of a task: the only fields a system under evaluation receives."""

    id: str
    type: str | None = None
    query: str
    instruction: str = ""


class AnswerKey(Record):
    """The scorer side of a task. Never sent to a system; the judge sees ground_truth only."""

    ground_truth: Any = None
    evidence: list[Any] = field(default_factory=list)

    @classmethod
    def from_json(cls, ground_truth: str, evidence: str) -> AnswerKey:
        """The key a workspace row holds (its columns' JSON), each column decoded when first
        read: a queue's tasks, read at once (to count what the judge scores), never look at
        them; the item shown decodes its own."""
        key = object.__new__(cls)
        object.__setattr__(key, "__dict__", {_JSON["ground_truth"]: ground_truth,
                                             _JSON["evidence"]: evidence})
        return key


_FORMS = {form.value: form for form in Form}  # a row's form: Form(value) without the call

# A row's JSON column, kept under this name until its field is first read.
_JSON = {"ground_truth": "_ground_truth_json", "evidence": "_evidence_json"}


class _Decoded:
    """A field of a key read from a row: its column's JSON decoded on first read and kept as
    the key's own value. A non-data descriptor: a key made with the value (or decoded once)
    holds it itself, which is read before any descriptor."""

    def __init__(self, name: str, default: Any = MISSING):
        self.name = name
        self.raw = _JSON[name]
        self.default = default  # the field's class value (none for a default factory)

    def __get__(self, key: AnswerKey | None, owner: type[AnswerKey]) -> Any:
        if key is None:
            if self.default is MISSING:
                raise AttributeError(self.name)
            return self.default
        values = key.__dict__
        if self.raw not in values:
            raise AttributeError(self.name)
        values[self.name] = json.loads(values.pop(self.raw))
        return values[self.name]


AnswerKey.ground_truth = _Decoded("ground_truth", AnswerKey.ground_truth)
AnswerKey.evidence = _Decoded("evidence")  # type: ignore[assignment]


class Task(Record):
    """One task of a benchmark, placed in its group and form."""

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
    extra: dict[str, Any] = field(default_factory=dict)

    COLUMNS: ClassVar[tuple[str, ...]] = (
        "id", "seq", "benchmark", "group_name", "form", "lang", "domain", "objective", "number",
        "type", "query", "instruction", "ground_truth", "evidence", "source", "line", "extra")
    SELECTED: ClassVar[str]  # "id, seq, ...": the columns in order, for `from_values`

    def to_row(self) -> tuple[Any, ...]:
        return (self.id, self.seq, self.benchmark, self.group, self.form.value, self.lang,
                self.domain, self.objective, self.number, self.prompt.type, self.query,
                self.instruction, dumps(self.ground_truth), dumps(self.evidence), self.source,
                self.line, dumps(self.extra))

    @classmethod
    def from_row(cls, row: RowLike) -> Task:
        """The task a row holds, constructed without validating again (`records`)."""
        return cls.from_values(tuple(row[name] for name in cls.COLUMNS))

    @classmethod
    def from_values(cls, values: Sequence[Any]) -> Task:
        """The task of a row's values in `COLUMNS` order (`SELECTED`), constructed without
        validating again: read by position, as a queue's tasks are read at once (to count
        what the judge scores), each record made as `model_construct` makes it."""
        (task_id, seq, benchmark, group, form, lang, domain, objective, number, type_, query,
         instruction, ground_truth, evidence, source, line, extra) = values
        return cls.model_construct(
            id=task_id, benchmark=benchmark, group=group,
            form=_FORMS.get(form) or Form(form), lang=lang, domain=domain,
            objective=objective, number=number, seq=seq, source=source, line=line,
            prompt=TaskPrompt.model_construct(id=task_id, type=type_, query=query,
                                              instruction=instruction),
            key=AnswerKey.from_json(ground_truth, evidence),
            extra={} if extra == "{}" else json.loads(extra))  # most rows' extra

    @property
    def head(self) -> TaskHead:
        return TaskHead(self.id, self.benchmark, self.group, self.form, self.number)

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


Task.SELECTED = ", ".join(Task.COLUMNS)


HEAD_COLUMNS = "id, benchmark, group_name, form, number"  # a head's columns, in its order


class TaskHead(NamedTuple):
    """A task's place without its text: what a workspace row holds before its query, answer key
    and extras, read for a whole queue at a fraction of the cost of its tasks (a benchmark
    tells from it, where it can, whether the judge scores the task)."""

    id: str
    benchmark: str
    group: str
    form: Form
    number: int | None

    @classmethod
    def from_values(cls, values: Sequence[Any]) -> TaskHead:
        task_id, benchmark, group, form, number = values
        return cls(task_id, benchmark, group, _FORMS.get(form) or Form(form), number)
