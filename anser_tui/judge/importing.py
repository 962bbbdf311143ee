"""Importing recorded judge outputs into a workspace: the file is read by the workspace's
benchmark (`Benchmark.read_judgments`: in its own line format and its peers' formats) or, for
batch output lines, by `batch_file`, checked whole, then stored in one transaction. A judgment
already stored (the same task, judge model, answer keys and calls with the same raw replies:
the same file imported again) is not stored again; the import counts it."""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.judge.batch_file import batch_judgments, is_batch_output
from anser_tui.workspace.judgments import add_judgments, judgment_history
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.store import WorkspaceStore


def read_judgment_file(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """The judgments of `run` in `path`, as the workspace's benchmark reads them."""
    benchmark = benchmark_named(store.benchmark)
    return benchmark.read_judgments(Path(path), {t.id: t for t in store.tasks()}, run)


def _identity(judgment: Judgment) -> Hashable:
    """What makes two judgments the same attempt: task, judge, answer keys, calls and replies."""
    return (judgment.task_id, judgment.judge, judgment.model, judgment.dataset_version,
            tuple((c.criterion, c.raw) for c in judgment.calls))


def import_judgment_file(store: WorkspaceStore, path: Path, run: str, judge: str | None = None
                         ) -> tuple[list[Judgment], int]:
    """Read a judgment file whole, then store the judgments not already stored in one
    transaction; (those stored, how many were already there). `judge`: the judge they are
    stored under (default: each judgment's model)."""
    run = store.require_run(run)
    if is_batch_output(path):
        read = batch_judgments(store, path, run)
    else:
        read = read_judgment_file(store, path, run)
    if judge is not None:
        read = [j.model_copy(update={"judge": judge}) for j in read]
    new = new_judgments(store, run, read)
    return add_judgments(store, new), len(read) - len(new)


def new_judgments(store: WorkspaceStore, run: str, read: list[Judgment]) -> list[Judgment]:
    """Those of `read` not already stored (the same attempt: see `_identity`)."""
    stored = {_identity(j) for task_id in {j.task_id for j in read}
              for j in judgment_history(store, run, task_id)}
    return [j for j in read if _identity(j) not in stored]


def import_judgments(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """`import_judgment_file`'s judgments stored."""
    return import_judgment_file(store, path, run)[0]
