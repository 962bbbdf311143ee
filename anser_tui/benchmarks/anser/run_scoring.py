"""Scoring a whole run: every task's cells, then BERTScore-F1 in batches, per answer language.

Shared by the workspace scorer and the stateless `score --data ... --run-file ...`. A task
missing from the run is scored as an empty answer with no evidence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from anser_tui.benchmarks.anser import groups as m
from anser_tui.benchmarks.anser.evidence_diff import task_space
from anser_tui.benchmarks.anser.form_cells import Cell, answer_text
from anser_tui.benchmarks.anser.groups import REG_RULES
from anser_tui.benchmarks.anser.report import form_metrics
from anser_tui.benchmarks.anser.task_scores import TaskScore, score_task
from anser_tui.core.settings import BertScoreSettings
from anser_tui.scoring.bertscore import BertScoreCache, bertscore_f1, config_for
from anser_tui.workspace.records import LogRecord, RunOutput
from anser_tui.workspace.tasks import Task

PhaseProgress = Callable[[str, int, int], None]


def resolver_for(task: Task, rule_keys: Mapping[str, str]) -> Callable[[str], str] | None:
    """How the task's evidence ids reach its key space: rule ids -> (law_name, item) keys."""
    if task_space(task) is REG_RULES and rule_keys:
        return lambda rid: rule_keys.get(rid, rid)
    return None


def score_run(tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              rule_keys: Mapping[str, str]) -> list[TaskScore]:
    """The non-neural cells of every task for one run (BERTScore-F1 left pending)."""
    scores = []
    for task in tasks:
        output = outputs.get(task.id)
        scores.append(score_task(task, output.answer if output else None,
                                 output.retrieved if output else [],
                                 resolver_for(task, rule_keys)))
    return scores


NOT_RUN = "BERTScore runs with `anser-tui score`"  # why a cell is empty after import-run


def fill_bertscore(jobs: Sequence[tuple[Task, Any, TaskScore]], settings: BertScoreSettings,
                   cache: BertScoreCache | None = None,
                   on_progress: PhaseProgress | None = None,
                   run_model: bool = True) -> dict[str, str]:
    """Fill the BERTScore-F1 cells of (task, answer, score) jobs; {lang: reason} where not.

    `run_model=False` loads no model: the cells the cache (or an empty answer) answers are
    filled, the others say why not: the model's reason where it could not run here anyway
    (not installed, not available offline), else that `anser-tui score` computes them."""
    by_lang: dict[str, list[tuple[Task, Any, TaskScore]]] = {}
    for job in jobs:
        if m.BERTSCORE_F1 in job[2].cells:
            by_lang.setdefault("zh" if job[0].lang == "zh" else "en", []).append(job)
    reasons: dict[str, str] = {}
    for lang, group in sorted(by_lang.items()):
        config = config_for(lang, settings)
        pairs = [(answer_text(answer), answer_text(task.ground_truth))
                 for task, answer, _ in group]
        label = f"BERTScore {lang} ({config.model})"

        def progress(done: int, total: int, label: str = label) -> None:
            if on_progress is not None:
                on_progress(label, done, total)

        result = bertscore_f1(pairs, config, cache, progress, run_model=run_model)
        reason = result.reason
        if reason is None and not run_model and None in result.values:
            reason = NOT_RUN
        if reason:
            reasons[lang] = reason
        for (_, _, score), value in zip(group, result.values, strict=True):
            score.cells[m.BERTSCORE_F1] = Cell(value, None if value is not None else
                                               f"not computed: {reason}")
    return reasons


def efficiency_cells(log: LogRecord | None) -> dict[str, Cell]:
    """A task's own Latency (seconds) and Token Usage (total; input and output in the detail)."""
    if log is None:
        return {}
    out: dict[str, Cell] = {}
    if log.latency_s is not None:
        out[m.LATENCY] = Cell(log.latency_s)
    if log.total_tokens is not None:
        out[m.TOKEN_USAGE] = Cell(float(log.total_tokens),
                                  f"input {_count(log.input_tokens)}, "
                                  f"output {_count(log.output_tokens)}")
    return out


def _count(value: int | None) -> str:
    return "—" if value is None else str(value)


def task_json(score: TaskScore, log: LogRecord | None, judge: float | None = None
              ) -> dict[str, Any]:
    """One task as `score --json` prints it: every metric of its form, then efficiency."""
    metrics: dict[str, Any] = {}
    for name in form_metrics(score.group, score.form):
        cell = score.cells.get(name)
        metrics[name] = judge if name == m.LLM_JUDGE else (cell.value if cell else None)
    metrics[m.LATENCY] = log.latency_s if log else None
    metrics[m.TOKEN_USAGE] = None if log is None or log.total_tokens is None else {
        "input": log.input_tokens, "output": log.output_tokens, "total": log.total_tokens}
    return {"id": score.task_id, "group": score.group, "form": score.form.value,
            "metrics": metrics}
