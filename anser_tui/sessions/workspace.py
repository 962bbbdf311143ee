"""Workspace-level verbs: create one from a benchmark folder, import a run into it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from anser_tui.benchmarks.anser import AnserLayout, load_anser
from anser_tui.benchmarks.evidence_ids import task_space
from anser_tui.config import CorpusOverride
from anser_tui.corpora.checks import check_corpora
from anser_tui.errors import InputError
from anser_tui.sessions.runs import read_log_file, read_run_file
from anser_tui.sessions.store import WorkspaceStore

BENCHMARKS = ("anser",)


def init_workspace(path: Path, benchmark: str, data_dir: Path,
                   overrides: Mapping[str, CorpusOverride] | None = None) -> WorkspaceStore:
    """A new workspace holding every task of the benchmark folder, once its tasks and every
    corpus present have been checked (corpora.check_corpora; `overrides` from the config)."""
    if benchmark not in BENCHMARKS:
        raise InputError(f"benchmark {benchmark!r} is not supported yet "
                         f"(supported: {', '.join(BENCHMARKS)})")
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise InputError("no such folder", data_dir)
    tasks = load_anser(data_dir)
    check_corpora(AnserLayout(data_dir).corpora, overrides)
    return WorkspaceStore.create(path, benchmark, data_dir, tasks)


def import_run(store: WorkspaceStore, run_file: Path, name: str,
               log_file: Path | None = None) -> int:
    """Import a run (and its log) whole, or nothing: every line is checked before writing."""
    if not name.strip():
        raise InputError("a run needs a non-empty --name")
    if store.has_run(name):
        raise InputError(f"the workspace already has a run named {name!r}", store.path)
    outputs = read_run_file(Path(run_file), store.has_task,
                            lambda task_id: task_space(store.task(task_id)))
    logs = read_log_file(Path(log_file), store.has_task) if log_file else []
    store.add_run(name, outputs, logs, str(Path(run_file).resolve()),
                  str(Path(log_file).resolve()) if log_file else None)
    return len(outputs)
