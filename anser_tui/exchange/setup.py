"""Workspace-level verbs: create one from a benchmark folder, import a run into it (scored).

The load options a workspace is made with (those its benchmark declares, `init_options`) are
kept in its meta table as JSON under `load_options`, so the folder is loaded under the same
ones again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from anser_tui.benchmarks.base import ScoreOptions
from anser_tui.benchmarks.libraries import corpus_library
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.core.settings import BertScoreSettings, CorpusOverride
from anser_tui.corpora.checks import check_corpora
from anser_tui.exchange.data_folder import LOAD_OPTIONS, data_folder, data_signature
from anser_tui.workspace.runs import read_log_file
from anser_tui.workspace.store import WorkspaceStore

if TYPE_CHECKING:
    from anser_tui.exchange.workspace_scores import RunSummary


def init_workspace(path: Path, benchmark: str, data_dir: Path,
                   options: Mapping[str, str] | None = None,
                   overrides: Mapping[str, CorpusOverride] | None = None) -> WorkspaceStore:
    """A new workspace holding every task of the benchmark folder, each in its splits,
    loaded under `options` (what the user states about the folder; None: none), once its
    tasks and every corpus present have been checked (corpora.check_corpora; `overrides`
    from the config)."""
    spec = benchmark_named(benchmark)
    data_dir = Path(data_dir)
    if not data_dir.exists():  # a folder, or a file for a benchmark whose data is one file
        raise InputError("no such folder", data_dir)
    options = dict(options or {})
    unknown = sorted(set(options) - {option.key for option in spec.init_options})
    if unknown:
        raise InputError(f"{spec.label} takes no {', '.join(unknown)} option")
    tasks = spec.load(data_dir, options)
    if spec.corpora_dir(data_dir) is not None:
        check_corpora(corpus_library(spec, data_dir, overrides))
    return WorkspaceStore.create(path, spec.name, data_dir, tasks,
                                 {t.id: spec.splits(t) for t in tasks},
                                 data_signature(spec, data_dir.resolve(), options),
                                 {LOAD_OPTIONS: json.dumps(options, sort_keys=True)})


@dataclass(frozen=True)
class ImportedRun:
    n_outputs: int
    scored: RunSummary  # the metrics stored with it: every one but the neural ones


def import_run(store: WorkspaceStore, run_file: Path, name: str,
               log_file: Path | None = None, data_dir: Path | None = None,
               bertscore: BertScoreSettings | None = None) -> ImportedRun:
    """Import a run (and its log) whole, with its metrics, or nothing.

    Every line is checked before writing (the run file is read by the workspace's benchmark,
    `Benchmark.read_run`); then the run is scored in memory with every metric but the neural
    ones (left to `anser-tui score`: their cells say so, or why they cannot run here;
    `bertscore` names the models); then the run, its log and its metrics are written in
    one transaction. An import whose scoring fails writes nothing: a run in a workspace always
    has its metrics. `data_dir`: the benchmark folder as `data_folder` found it (the scorer
    reads the corpora's rule keys); default: `data_folder(store)`.
    """
    from anser_tui.exchange.workspace_scores import WorkspaceBertScoreCache, metric_rows, summary_of

    if not name.strip():
        raise InputError("a run needs a non-empty --name")
    if store.has_run(name):
        raise InputError(f"the workspace already has a run named {name!r}", store.path)
    outputs = benchmark_named(store.benchmark).read_run(Path(run_file), store.has_task,
                                                        store.task, tasks=store.tasks())
    logs = read_log_file(Path(log_file), store.has_task) if log_file else []
    folder = data_dir if data_dir is not None else data_folder(store)
    options = ScoreOptions(bertscore or BertScoreSettings(), WorkspaceBertScoreCache(store),
                           neural=False)
    scored = benchmark_named(store.benchmark).score(
        folder, store.tasks(), {o.task_id: o for _, o in outputs},
        {r.task_id: r for r in logs}, options)
    with store.transaction():
        store.add_run(name, outputs, logs, str(Path(run_file).resolve()),
                      str(Path(log_file).resolve()) if log_file else None)
        store.replace_metrics(name, metric_rows(scored))
    return ImportedRun(len(outputs), summary_of(name, scored))
