"""Importing recorded judge outputs into a workspace: the file is read by the workspace's
benchmark (`Benchmark.read_judgments`: in its own line format and its peers' formats), checked
whole, then stored in one transaction."""

from __future__ import annotations

from pathlib import Path

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.workspace.judgments import add_judgments
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.store import WorkspaceStore


def read_judgment_file(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """The judgments of `run` in `path`, as the workspace's benchmark reads them."""
    benchmark = benchmark_named(store.benchmark)
    return benchmark.read_judgments(Path(path), {t.id: t for t in store.tasks()}, run)


def import_judgments(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """Read a judgment file whole, then store it in one transaction."""
    run = store.require_run(run)
    return add_judgments(store, read_judgment_file(store, path, run))
