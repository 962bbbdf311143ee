"""Scoring progress on stderr (command line): one bar per BERTScore batch phase.

A listener for the `on_progress(label, done, total)` callbacks of the scorers; it shows nothing
until a phase starts, so quick non-neural scoring prints no bar at all.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)


class PhaseBar:
    """`with PhaseBar() as bar: score(..., on_progress=bar)`."""

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
