"""What the command line draws on the terminal with rich: progress bars and the report table.

The domain packages never import rich (an import-linter contract): they report progress through
plain callbacks, and the report through `table_blocks`; this module turns both into output.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import click
from rich.cells import cell_len
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Task as ProgressTask
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from anser_tui.benchmarks.base import TableBlock
    from anser_tui.core.settings import CorpusOverride, JudgeSettings
    from anser_tui.judge.plan import JudgePlan
    from anser_tui.judge.runner import JudgeRunner, JudgeSummary
    from anser_tui.workspace.records import Judgment


class RateColumn(ProgressColumn):
    """Judgments per second."""

    def render(self, task: ProgressTask) -> Text:
        speed = task.finished_speed or task.speed
        return Text("  -  /s" if speed is None else f"{speed:5.1f}/s", style="progress.data.speed")


class JudgeProgress:
    """A listener for `JudgeRunner(on_judgment=...)`, shown while the `with` block runs."""

    def __init__(self, total: int, console: Console | None = None, shown: bool = True):
        self._progress = Progress(
            TextColumn("judge"), BarColumn(), MofNCompleteColumn(), RateColumn(),
            TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
            console=console or Console(stderr=True), transient=False, disable=not shown)
        self._task = self._progress.add_task("judge", total=total)

    def __enter__(self) -> JudgeProgress:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._progress.stop()

    def update(self, summary: JudgeSummary, judgment: Judgment) -> None:
        self._progress.update(self._task, completed=summary.done)


def judge_live(runner: JudgeRunner, settings: JudgeSettings,
               planned: Callable[[], JudgePlan]) -> None:
    """Plan, then send the plan's requests with a progress bar (none for a plan with nothing
    to send), the API key checked first, before anything is drawn; Ctrl-C keeps what arrived,
    says so and exits 130."""
    import asyncio

    from anser_tui.judge.client import require_api_key

    try:
        plan = planned()
        if runner.needs_sending(plan):
            require_api_key(settings)
        with JudgeProgress(len(plan.requests), shown=bool(plan.requests)) as bar:
            runner.on_judgment = bar.update
            asyncio.run(runner.run(plan))
    except KeyboardInterrupt:
        click.echo(f"anser-tui: interrupted; written so far: {runner.summary.line()}; run the "
                   "same command again to resume", err=True)
        sys.exit(130)


class BatchProgress:
    """A listener for `run_batch(on_poll=...)`: a bar per batch (requests done of its total,
    its status) on a terminal; elsewhere a line per poll, for logs."""

    def __init__(self, console: Console | None = None):
        self._console = console or Console(stderr=True)
        self._progress = Progress(TextColumn("batch {task.fields[batch]}"), BarColumn(),
                                  MofNCompleteColumn(), TextColumn("{task.fields[status]}"),
                                  TimeElapsedColumn(), console=self._console, transient=False,
                                  disable=not self._console.is_terminal)
        self._tasks: dict[str, TaskID] = {}

    def __enter__(self) -> BatchProgress:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._progress.stop()

    def __call__(self, batch_id: str, status: str, done: int, total: int) -> None:
        if not self._console.is_terminal:
            self._console.print(f"batch {batch_id}: {status}, {done} of {total} requests "
                                "done", markup=False, highlight=False)
            return
        if batch_id not in self._tasks:
            self._tasks[batch_id] = self._progress.add_task(
                batch_id, total=total, batch=batch_id, status=status)
        self._progress.update(self._tasks[batch_id], completed=done, total=total,
                              status=status)


class PhaseBar:
    """Scoring progress, one bar per BERTScore batch phase: `score(..., on_progress=bar)`.

    It shows nothing until a phase starts, so quick non-neural scoring prints no bar at all."""

    def __init__(self, console: Console | None = None):
        console = console or Console(stderr=True)
        self._progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                  MofNCompleteColumn(), TextColumn("pairs"), TimeElapsedColumn(),
                                  console=console, transient=False,
                                  disable=not console.is_terminal)
        self._tasks: dict[str, TaskID] = {}

    def __enter__(self) -> PhaseBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._tasks:
            self._progress.stop()

    def __call__(self, label: str, done: int, total: int) -> None:
        if not self._tasks:
            self._progress.start()
        if label not in self._tasks:
            self._tasks[label] = self._progress.add_task(label, total=total)
        self._progress.update(self._tasks[label], completed=done, total=total)


def _table(block: TableBlock, columns: Sequence[int], title: str) -> Table:
    """The block's label column and the given columns of it, as one rich table."""
    table = Table(title=title, title_justify="left")
    labels = [block.corner, *(row[0] for row in block.rows)]
    table.add_column(block.corner, min_width=max(len(label) for label in labels), no_wrap=True)
    for c in columns:
        table.add_column(block.columns[c], width=_column_width(block, c) - 3)
    for i, row in enumerate(block.rows):
        table.add_row(row[0], *(row[c + 1] for c in columns),
                      end_section=i == block.head_rows - 1)
    return table


def _column_width(block: TableBlock, c: int) -> int:
    """Cells the column needs: its header's longest word, each value's longest line (so that
    "reviewed 3" stays on one line), plus padding and a border."""
    words = [cell_len(w) for w in block.columns[c].split()] or [0]
    lines = [cell_len(line) for row in block.rows for line in row[c + 1].splitlines()] or [0]
    return max(*words, *lines) + 3


def _bands(block: TableBlock, width: int) -> list[list[int]]:
    """The block's columns split into bands that each fit `width`: a table too wide for the
    terminal is printed as several, each repeating the label column."""
    labels = [block.corner, *(row[0] for row in block.rows)]
    first = max(cell_len(label) for label in labels) + 4  # padding and both borders
    bands: list[list[int]] = [[]]
    used = first
    for c in range(len(block.columns)):
        need = _column_width(block, c)
        if bands[-1] and used + need > width:
            bands.append([])
            used = first
        bands[-1].append(c)
        used += need
    return bands


def report_table(blocks: Sequence[TableBlock], width: int, heading: str = "run {}") -> str:
    """A benchmark's report as terminal tables (`Benchmark.table_blocks`); a block's `run`
    starts a section headed `heading`."""
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=False, color_system=None)
    current: str | None = None
    for block in blocks:
        if block.run != current:
            if current is not None:
                console.print()
            console.print(heading.format(block.run), style="bold", markup=False)
            current = block.run
        bands = _bands(block, width)
        for k, band in enumerate(bands):
            title = block.title if len(bands) == 1 else f"{block.title} ({k + 1}/{len(bands)})"
            console.print(_table(block, band, title))
        for note in block.notes:
            console.print(f"  {note}", markup=False, highlight=False)
    if current is not None:
        console.print()
    return out.getvalue()


def build_indexes(corpora: Path, overrides: Mapping[str, CorpusOverride], force: bool = False,
                  report_fresh: bool = False) -> int:
    """Build the JSONL offset indexes that are missing or stale, with a progress bar on stderr;
    the number of JSONL corpora found."""
    import click
    from rich.progress import DownloadColumn, TransferSpeedColumn

    from anser_tui.benchmarks.libraries import registered_corpora
    from anser_tui.corpora import CorpusLibrary

    indexes = CorpusLibrary(corpora, registered_corpora(), overrides).jsonl_indexes()
    columns = ("{task.description}", BarColumn(), DownloadColumn(), TransferSpeedColumn())
    console = Console(stderr=True)
    lines: list[str] = []  # printed once all are built: a broken corpus is then the only line
    with Progress(*columns, transient=True, console=console,
                  disable=not console.is_terminal) as bar:
        for index in indexes:
            name = str(index.jsonl.relative_to(corpora))
            if not force and index.fresh_sidecar() is not None:
                if report_fresh:
                    lines.append(f"{name}: index up to date")
                continue
            task = bar.add_task(name, total=index.jsonl.stat().st_size)

            def advance(done: int, _total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            stats = index.build(advance)
            bar.remove_task(task)
            lines.append(f"{name}: {stats.records:,} records, {stats.bytes / 1e6:,.1f} MB in "
                         f"{stats.seconds:.2f} s ({stats.mb_per_s:,.0f} MB/s) -> {stats.sidecar}")
    for line in lines:
        click.echo(line, err=not report_fresh)
    return len(indexes)
