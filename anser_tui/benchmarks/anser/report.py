"""The group report: one row per (group, form) with all of the group's metric columns.

Group means (DESIGN section 5): MAE, MAE(log OR) and MAE(median difference) average the tasks that
have a value; every other metric averages all tasks of the row, unparsed answers scoring as
defined, tasks whose value could not be computed (no model, an unreadable ground truth) left out.
A column the row's form does not use is null ("n/a for this form"); a column no task has a value
for is null with the reason the tasks give. LLM Judge shows the judge mean and the adjudicated
mean side by side (the adjudication policy of `sessions.adjudication`), with how many tasks
have a settled human value (`n_reviewed`), how many are in dispute between reviewers with no
adjudication yet (`n_in_dispute`: the judge's value stands in for them), and how many had no
usable judgment (`left_out` of the judge mean).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anser_tui.benchmarks.anser import groups as m
from anser_tui.benchmarks.anser.groups import GROUPS, GROUPS_BY_NAME, form_metrics
from anser_tui.benchmarks.anser.task_scores import TaskScore
from anser_tui.benchmarks.base import JudgeValues
from anser_tui.scoring.efficiency import latency_summary, token_summary
from anser_tui.workspace.records import LogRecord
from anser_tui.workspace.tasks import Form

NOT_FOR_FORM = "n/a for this form"


@dataclass
class GroupRow:
    group: str
    form: Form
    n: int
    n_unparsed: int
    metrics: dict[str, Any]
    notes: dict[str, str] = field(default_factory=dict)
    judge_overhead: dict[str, Any] | None = None

    def as_json(self, notes: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"group": self.group, "form": self.form.value, "n": self.n,
                               "n_unparsed": self.n_unparsed, "metrics": self.metrics}
        if notes:
            out["notes"] = self.notes
            if self.judge_overhead is not None:
                out["judge_overhead"] = self.judge_overhead
        return out


def _mean_cell(scores: Sequence[TaskScore], name: str) -> tuple[float | None, str | None]:
    values = [c.value for s in scores if (c := s.cells.get(name)) and c.value is not None]
    if values:
        return sum(values) / len(values), None
    details = Counter(c.detail for s in scores if (c := s.cells.get(name)) and c.detail)
    reason = details.most_common(1)[0][0] if details else "no task has a value"
    return None, reason


def _judge_cell(ids: list[str], judge: JudgeValues) -> dict[str, Any]:
    judged = [judge.judge[t] for t in ids if t in judge.judge]
    adjudicated = [judge.adjudicated[t] for t in ids if t in judge.adjudicated]
    return {"judge": sum(judged) / len(judged) if judged else None,
            "adjudicated": sum(adjudicated) / len(adjudicated) if adjudicated else None,
            "n_judged": len(judged), "n_reviewed": sum(t in judge.reviewed for t in ids),
            "n_in_dispute": sum(t in judge.disputed for t in ids),
            "left_out": len(ids) - len(judged)}


def _row(group: str, form: Form, scores: Sequence[TaskScore], logs: Mapping[str, LogRecord],
         judge: JudgeValues | None) -> GroupRow:
    ids = [s.task_id for s in scores]
    used = form_metrics(group, form)
    row = GroupRow(group, form, len(scores), sum(s.unparsed for s in scores), {})
    records = [logs[t] for t in ids if t in logs]
    for name in GROUPS_BY_NAME[group].metric_columns:
        value: Any = None
        if name == m.LATENCY:
            value = latency_summary(records)
        elif name == m.TOKEN_USAGE:
            value = token_summary(records)
        elif name not in used:
            row.notes[name] = NOT_FOR_FORM
        elif name == m.LLM_JUDGE:
            if judge is None:
                row.notes[name] = "not computed: no workspace judgments in stateless scoring"
            else:
                value = _judge_cell(ids, judge)
                overhead = [judge.overhead[t] for t in ids if t in judge.overhead]
                row.judge_overhead = {m.LATENCY: latency_summary(overhead),
                                      m.TOKEN_USAGE: token_summary(overhead)}
        else:
            value, note = _mean_cell(scores, name)
            if note is not None:
                row.notes[name] = note
        if value is None and name in (m.LATENCY, m.TOKEN_USAGE):
            row.notes[name] = "no task of the row has a log record"
        row.metrics[name] = value
    return row


def build_rows(scores: Iterable[TaskScore], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None = None) -> list[GroupRow]:
    """Report rows in DESIGN order (groups, then each group's forms) for the forms present."""
    by_row: dict[tuple[str, Form], list[TaskScore]] = {}
    for score in scores:
        by_row.setdefault((score.group, score.form), []).append(score)
    return [_row(g.name, form, by_row[(g.name, form)], logs, judge)
            for g in GROUPS for form in g.forms if (g.name, form) in by_row]
