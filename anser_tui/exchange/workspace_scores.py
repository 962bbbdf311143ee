"""Scoring runs inside a workspace, and the workspace's group report.

`score_workspace` writes each task's metric rows ({task_id, name, value, detail}) with
`WorkspaceStore.replace_metrics` (`import_run` already stored every metric but BERTScore-F1,
in the import's transaction); BERTScore-F1 values are cached in the workspace's
`bertscore_cache` table. A task is unparsed when one of its rows' details starts "unparsed: ".
`workspace_report` rebuilds the rows from those metrics, the run's log figures, and the LLM Judge
values as they stand now: the current judgment's score (`workspace.judgments`: the newest ok
judgment, else the newest; counted when ok, or invalid with a score) and the adjudicated score
under the adjudication policy (`sessions.adjudication`): the adjudicator's verdict, else the
reviewers' agreed one, else (no review, or reviewers in dispute) the judge's. Items in dispute
are counted apart.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import JudgeValues, PhaseProgress, ScoredRun, ScoreOptions
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.calibration.adjudication import Settlement, Standing, settle
from anser_tui.core.errors import InputError
from anser_tui.core.settings import BertScoreSettings
from anser_tui.review.verdicts import VerdictBook
from anser_tui.scoring.bertscore import Pair
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import current_judgments, usable_score
from anser_tui.workspace.metrics import cache_bertscores, cached_bertscores, run_metric_cells
from anser_tui.workspace.records import LogRecord
from anser_tui.workspace.store import WorkspaceStore


class WorkspaceBertScoreCache:
    """Raw BERTScore-F1 by (model, layers, candidate, reference) in the workspace file."""

    def __init__(self, store: WorkspaceStore):
        self.store = store

    def get(self, model: str, layers: int, pairs: Sequence[Pair]) -> dict[Pair, float]:
        return cached_bertscores(self.store, model, layers, pairs)

    def put(self, model: str, layers: int, values: Mapping[Pair, float]) -> None:
        cache_bertscores(self.store, model, layers, values)


@dataclass(frozen=True)
class RunSummary:
    run: str
    n: int
    n_unparsed: int
    not_computed: dict[str, str]  # {metric: why it was not computed}


def metric_rows(scored: ScoredRun[object]) -> list[dict[str, Any]]:
    """The metric rows ({task_id, name, value, detail}) `replace_metrics` stores."""
    return [{"task_id": task_id, "name": metric, "value": cell.value, "detail": cell.detail}
            for task_id, cells in scored.cells.items() for metric, cell in cells.items()]


def summary_of(run: str, scored: ScoredRun[object]) -> RunSummary:
    return RunSummary(run, len(scored.scores), scored.n_unparsed, scored.not_computed)


def score_workspace(store: WorkspaceStore, settings: BertScoreSettings, run: str | None = None,
                    on_progress: PhaseProgress | None = None, data_dir: Path | None = None
                    ) -> list[RunSummary]:
    """Score `run` (or every run) with the workspace's benchmark, BERTScore-F1 included;
    replace its metric rows. `data_dir`: the benchmark folder as `sessions.data.data_folder`
    found it (default: the stored path)."""
    runs = [store.require_run(run)] if run is not None else store.run_names()
    if not runs:
        raise InputError("the workspace has no runs (use `anser-tui import-run`)", store.path)
    benchmark = benchmark_named(store.benchmark)
    tasks = store.tasks()
    options = ScoreOptions(settings, WorkspaceBertScoreCache(store), on_progress)
    summaries = []
    for name in runs:
        scored = benchmark.score(data_dir or store.data_dir, tasks, store.outputs(name),
                                 store.log_records(name), options)
        store.replace_metrics(name, metric_rows(scored))
        summaries.append(summary_of(name, scored))
    return summaries


def judge_values(store: WorkspaceStore, run: str,
                 settled: Mapping[Item, Settlement] | None = None) -> JudgeValues:
    """The LLM Judge values of a run as they stand now (judgments and decisions, settled by
    the adjudication policy; `settled`: already computed for the run)."""
    judge: dict[str, float] = {}
    overhead: dict[str, LogRecord] = {}
    current = current_judgments(store, run)
    for task_id, j in current.items():
        if (score := usable_score(j)) is not None:
            judge[task_id] = score
        overhead[task_id] = LogRecord(task_id=task_id, latency_s=j.latency_s,
                                      input_tokens=j.input_tokens, output_tokens=j.output_tokens)
    if settled is None:
        settled = settle(VerdictBook.load(store, [run]))
    human: dict[str, float] = {}
    disputed: set[str] = set()
    for item, settlement in settled.items():
        if item.run != run:
            continue
        if settlement.standing is Standing.DISPUTED:
            disputed.add(item.task_id)
        elif settlement.score is not None:
            human[item.task_id] = settlement.score
    return JudgeValues(judge=judge, adjudicated={**judge, **human},
                       reviewed=frozenset(human), overhead=overhead, judgments=current,
                       disputed=frozenset(disputed))


def stored_scores(store: WorkspaceStore, run: str) -> list[object]:
    """The run's task scores as `score` stored them; an InputError when it was never scored
    (a benchmark whose tasks have no metric columns, scored by its judge alone, needs none)."""
    cells: dict[str, dict[str, Cell]] = defaultdict(dict)
    for task_id, name, value, detail in run_metric_cells(store, store.require_run(run)):
        cells[task_id][name] = Cell(value, detail)
    benchmark = benchmark_named(store.benchmark)
    tasks = store.tasks()
    if not cells and any(benchmark.metric_names(t) for t in tasks):
        raise InputError(f"run {run!r} has no metrics yet: run `anser-tui score "
                         f"{store.path} --run {run}` first", store.path)
    return benchmark.restore_scores(tasks, cells)


def workspace_report(store: WorkspaceStore, run: str) -> list[object]:
    """The report rows of one scored run."""
    return benchmark_named(store.benchmark).report(
        stored_scores(store, run), store.log_records(run), judge_values(store, run))
