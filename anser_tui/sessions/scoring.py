"""Scoring runs inside a workspace, and the workspace's group report.

`score_workspace` writes each task's metric rows ({task_id, name, value, detail}) with
`WorkspaceStore.replace_metrics`; BERTScore-F1 values are cached in the workspace's
`bertscore_cache` table. A task is unparsed when one of its rows' details starts "unparsed: ".
`workspace_report` rebuilds the rows from those metrics, the run's log figures, and the LLM Judge
values as they stand now: the current judgment's score (status ok, or invalid with a score) and
the adjudicated score, the latest standing human verdict over all sessions, else the judge's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from anser_tui.benchmarks.anser.form_cells import Cell
from anser_tui.benchmarks.anser.layout import AnserLayout
from anser_tui.benchmarks.anser.report import GroupRow, JudgeValues, build_rows, form_metrics
from anser_tui.benchmarks.anser.run_scoring import (
    PhaseProgress,
    efficiency_cells,
    fill_bertscore,
    score_run,
)
from anser_tui.benchmarks.anser.task_scores import TaskScore
from anser_tui.config import BertScoreSettings
from anser_tui.corpora.rule_keys import rule_key_map
from anser_tui.errors import InputError
from anser_tui.scoring.bertscore import Pair
from anser_tui.workspace.decisions import ItemState, all_decisions
from anser_tui.workspace.judgments import latest_judgments
from anser_tui.workspace.records import JudgmentStatus, LogRecord
from anser_tui.workspace.store import WorkspaceStore


class WorkspaceBertScoreCache:
    """Raw BERTScore-F1 by (model, layers, candidate, reference) in the workspace file."""

    def __init__(self, store: WorkspaceStore):
        self.store = store

    def get(self, model: str, layers: int, pairs: Sequence[Pair]) -> dict[Pair, float]:
        found: dict[Pair, float] = {}
        query = ("SELECT f1 FROM bertscore_cache WHERE model=? AND layers=? AND candidate=? "
                 "AND reference=?")
        for pair in pairs:
            row = self.store.conn.execute(query, (model, layers, *pair)).fetchone()
            if row is not None:
                found[pair] = row[0]
        return found

    def put(self, model: str, layers: int, values: Mapping[Pair, float]) -> None:
        with self.store.transaction():
            self.store.conn.executemany(
                "INSERT OR REPLACE INTO bertscore_cache (model, layers, candidate, reference, f1)"
                " VALUES (?, ?, ?, ?, ?)",
                [(model, layers, c, r, f1) for (c, r), f1 in values.items()])


@dataclass(frozen=True)
class RunSummary:
    run: str
    n: int
    n_unparsed: int
    bertscore: dict[str, str]  # {lang: why BERTScore-F1 was not computed}


def score_workspace(store: WorkspaceStore, settings: BertScoreSettings, run: str | None = None,
                    on_progress: PhaseProgress | None = None) -> list[RunSummary]:
    """Score `run` (or every run) and replace its metric rows in the workspace."""
    runs = [store.require_run(run)] if run is not None else store.run_names()
    if not runs:
        raise InputError("the workspace has no runs (use `anser-tui import-run`)", store.path)
    tasks = store.tasks()
    rule_keys = rule_key_map(AnserLayout(store.data_dir).corpora)
    scored: dict[str, list[TaskScore]] = {}
    jobs = []
    for name in runs:
        outputs = store.outputs(name)
        scored[name] = score_run(tasks, outputs, rule_keys)
        jobs += [(t, outputs[t.id].answer if t.id in outputs else None, s)
                 for t, s in zip(tasks, scored[name], strict=True)]
    reasons = fill_bertscore(jobs, settings, WorkspaceBertScoreCache(store), on_progress)
    summaries = []
    for name, scores in scored.items():
        logs = store.log_records(name)
        rows = [{"task_id": s.task_id, "name": metric, "value": cell.value,
                 "detail": cell.detail}
                for s in scores
                for metric, cell in {**s.cells, **efficiency_cells(logs.get(s.task_id))}.items()]
        store.replace_metrics(name, rows)
        summaries.append(RunSummary(name, len(scores), sum(s.unparsed for s in scores),
                                    reasons))
    return summaries


def judge_values(store: WorkspaceStore, run: str) -> JudgeValues:
    """The LLM Judge values of a run as they stand now (judgments and decisions)."""
    judge: dict[str, float] = {}
    overhead: dict[str, LogRecord] = {}
    for task_id, j in latest_judgments(store, run).items():
        if j.score is not None and j.status in (JudgmentStatus.OK, JudgmentStatus.INVALID):
            judge[task_id] = j.score
        overhead[task_id] = LogRecord(task_id=task_id, latency_s=j.latency_s,
                                      input_tokens=j.input_tokens, output_tokens=j.output_tokens)
    states: dict[str, ItemState] = defaultdict(ItemState)
    for event in all_decisions(store):
        if event.run == run:
            states[event.task_id].events.append(event)
    human = {t: v.score for t, s in states.items()
             if (v := s.verdict) is not None and v.score is not None}
    return JudgeValues(judge=judge, adjudicated={**judge, **human},
                       reviewed=frozenset(human), overhead=overhead)


def stored_scores(store: WorkspaceStore, run: str) -> list[TaskScore]:
    """The run's task scores as `score` stored them; an InputError when it was never scored."""
    cells: dict[str, dict[str, Cell]] = defaultdict(dict)
    for task_id, name, value, detail in store.conn.execute(
            "SELECT task_id, name, value, detail FROM metrics WHERE run=?", (store.require_run(
                run),)):
        cells[task_id][name] = Cell(value, detail)
    if not cells:
        raise InputError(f"run {run!r} has no metrics yet: run `anser-tui score "
                         f"{store.path} --run {run}` first", store.path)
    scores = []
    for task in store.tasks():
        used = form_metrics(task.group, task.form)
        kept = {n: c for n, c in cells.get(task.id, {}).items() if n in used}
        scores.append(TaskScore(task.id, task.group, task.form, kept))
    return scores


def workspace_report(store: WorkspaceStore, run: str) -> list[GroupRow]:
    """The report rows of one scored run."""
    return build_rows(stored_scores(store, run), store.log_records(run),
                      judge_values(store, run))
