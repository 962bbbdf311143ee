"""The metrics of one task for one run: every answer and evidence metric of its form.

A metric value is a `Cell` (value, detail). Details start with "parsed: " or "unparsed: " where
an answer was read, "not computed: " where a value cannot be had (no model, a ground truth with
no number), "n/a: " for a metric of the form that this task's ground truth does not ask for.
A task is unparsed (counted in `n_unparsed`) when one of its answer cells says "unparsed: ".
BERTScore-F1 is left pending here and filled in batches by `bertscore`; LLM Judge comes from the
judgments, never from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from anser_tui.benchmarks.anser import groups as m
from anser_tui.benchmarks.anser.evidence_diff import evidence_lists
from anser_tui.benchmarks.anser.form_cells import (
    Cell,
    answer_text,
    choice_cells,
    evidence_values,
    number_cells,
    structured_cells,
)
from anser_tui.benchmarks.anser.groups import form_spec
from anser_tui.scoring.cells import UNPARSED, parsed_detail
from anser_tui.scoring.token_f1 import token_f1
from anser_tui.workspace.tasks import Form, Task

PENDING = Cell(None, "not computed: BERTScore not run yet")


@dataclass
class TaskScore:
    """One task's metric cells (answer, then evidence) for one run."""

    task_id: str
    group: str
    form: Form
    cells: dict[str, Cell] = field(default_factory=dict)

    @property
    def unparsed(self) -> bool:
        return any(c.detail and c.detail.startswith(UNPARSED) for c in self.cells.values())

    @property
    def parsed_detail(self) -> str | None:
        """What was read from the answer, for the reviewer ("parsed: 1234.5")."""
        return parsed_detail({n: (c.value, c.detail) for n, c in self.cells.items()})


def answer_cells(task: Task, answer: Any, metrics: tuple[str, ...]) -> dict[str, Cell]:
    """The answer metrics of `task` for `answer` (None: a task missing from the run)."""
    truth = task.ground_truth
    if task.form in (Form.NUMERIC, Form.STATISTIC):
        return number_cells(answer, truth, metrics)
    if task.form is Form.CHOICE:
        return choice_cells(answer, truth)
    if task.form is Form.STRUCTURED:
        return structured_cells(answer, truth, metrics)
    cells: dict[str, Cell] = {}
    for name in metrics:
        if name == m.TOKEN_F1:
            cells[name] = Cell(token_f1(answer_text(answer), answer_text(truth)))
        elif name == m.BERTSCORE_F1:
            cells[name] = PENDING
    return cells


def score_task(task: Task, answer: Any, retrieved: list[Any],
               resolve: Callable[[str], str] | None = None) -> TaskScore:
    """Every non-neural metric of `task` for one output (BERTScore-F1 left pending)."""
    spec = form_spec(task.group, task.form, task.number)
    cells = answer_cells(task, answer, spec.answer_metrics)
    ranked, gold = evidence_lists(task, retrieved, resolve=resolve)
    for name, (value, detail) in evidence_values(spec.evidence_metrics, ranked, gold).items():
        cells[name] = Cell(value, detail)
    return TaskScore(task.id, task.group, task.form, cells)
