"""The judge run's progress bar on stderr (command line): done of total, rate and ETA."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from anser_tui.judge.runner import JudgeSummary
from anser_tui.workspace.records import Judgment


class RateColumn(ProgressColumn):
    """Judgments per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("  -  /s" if speed is None else f"{speed:5.1f}/s", style="progress.data.speed")


class ProgressBar:
    """A listener for `JudgeRunner(on_judgment=...)`, shown while the `with` block runs."""

    def __init__(self, total: int, console: Console | None = None, shown: bool = True):
        self._progress = Progress(
            TextColumn("judge"), BarColumn(), MofNCompleteColumn(), RateColumn(),
            TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
            console=console or Console(stderr=True), transient=False, disable=not shown)
        self._task = self._progress.add_task("judge", total=total)

    def __enter__(self) -> ProgressBar:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._progress.stop()

    def update(self, summary: JudgeSummary, judgment: Judgment) -> None:
        self._progress.update(self._task, completed=summary.done)
