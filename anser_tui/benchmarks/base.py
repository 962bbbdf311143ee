"""What every benchmark provides, as one protocol: the workbench dispatches on the workspace's
benchmark name and never asks which benchmark it is.

A benchmark loads its data folder into tasks, gives each task its rubric (per task: PRBench's
criteria differ from sample to sample) and the splits it belongs to, names the metric columns of
a task and of a report row, scores a run, builds and renders its report, and speaks to the judge
through its `JudgeProtocol`: which calls one judgment takes (one for an ANSER rubric, one per
criterion for PRBench), which prompt templates each call fills (a system prompt where the
benchmark has one), and how a reply is read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from anser_tui.config import BertScoreSettings
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.records import JudgmentStatus, LogRecord, RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

PhaseProgress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class CallSpec:
    """One request of a judgment: the prompt templates to fill and what fills them.

    `criterion` names the rubric criterion the call judges, None for a call that judges the
    whole rubric at once. Templates are ids of the judge's prompt files; `fields` replace their
    `{placeholders}`, nothing else in them."""

    criterion: str | None
    user_template: str
    fields: Mapping[str, str]
    system_template: str | None = None


@dataclass(frozen=True)
class ParsedReply:
    """What one reply says, under the rubric: the marks it gives (all criteria for a whole-rubric
    call, one for a criterion call), the judge's own score where it reports one, its reason."""

    status: JudgmentStatus
    raw: str
    marks: dict[str, int] = field(default_factory=dict)
    score: float | None = None
    reason: str | None = None
    error: str | None = None


class JudgeProtocol(Protocol):
    def calls(self, task: Task, rubric: Rubric, answer: str) -> list[CallSpec]:
        """The requests that judge `answer` (the run's answer as text; "" when missing)."""
        ...

    def parse(self, rubric: Rubric, call: CallSpec, reply: str | dict[str, Any]) -> ParsedReply:
        """One reply (text, or an object already decoded by an importer) read strictly."""
        ...


@dataclass(frozen=True)
class JudgeValues:
    """Per task of a run: the judge's score (usable judgments only) and the adjudicated score
    (the settled human value where reviewed, the judge's elsewhere), the tasks with a settled
    human value (`reviewed`) and those whose reviewers disagree with no adjudication yet
    (`disputed`: the judge's value stands in for them), and the judge's own cost."""

    judge: Mapping[str, float]
    adjudicated: Mapping[str, float]
    reviewed: frozenset[str] = frozenset()
    overhead: Mapping[str, LogRecord] = field(default_factory=dict)
    disputed: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TableBlock:
    """One block of the terminal report table (the console module draws it)."""

    run: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]  # (label, a cell per column); a rule after `head_rows`
    notes: tuple[str, ...]
    head_rows: int = 2
    corner: str = "metric"  # the heading of the label column


@dataclass
class ScoreOptions:
    """What scoring may use besides the tasks and outputs."""

    bertscore: BertScoreSettings = field(default_factory=BertScoreSettings)
    bertscore_cache: Any = None  # a scoring.bertscore.BertScoreCache, or None
    on_progress: PhaseProgress | None = None


@dataclass
class ScoredRun:
    """A run's task scores (the benchmark's own objects), the metric cells the workspace keeps
    ({task id: {metric: cell}}, efficiency figures included), how many tasks were unparsed, and
    why some metric could not be computed ({what: reason})."""

    scores: list[Any]
    cells: dict[str, dict[str, Cell]]
    n_unparsed: int
    not_computed: dict[str, str] = field(default_factory=dict)


class Benchmark(Protocol):
    name: str
    label: str
    judge: JudgeProtocol

    def load(self, data_dir: Path) -> list[Task]:
        """Every task of the data folder, in benchmark order; InputError (file, line) on bad
        input, writing nothing."""
        ...

    def data_files(self, data_dir: Path) -> list[Path]:
        """The task files of the folder that are present (their signature finds it again)."""
        ...

    def rubric(self, task: Task) -> Rubric | None:
        """The judge's rubric for the task; None where the LLM judge does not score it."""
        ...

    def splits(self, task: Task) -> tuple[str, ...]:
        """The splits (ANSER: groups) the task belongs to; reports keep each apart."""
        ...

    def metric_names(self, task: Task) -> tuple[str, ...]:
        """The metric columns of the task's own row, in report order."""
        ...

    def score(self, data_dir: Path, tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              logs: Mapping[str, LogRecord], options: ScoreOptions) -> ScoredRun:
        """Every task's metric cells for one run (a task missing from the run: empty)."""
        ...

    def restore_scores(self, tasks: Sequence[Task],
                       cells: Mapping[str, Mapping[str, Cell]]) -> list[Any]:
        """The task scores of a run from the metric cells a workspace stored for it."""
        ...

    def report(self, scores: Sequence[Any], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None) -> list[Any]:
        """The report rows of one scored run, with the judge's and adjudicated values (None:
        no judgments, as in stateless scoring)."""
        ...

    def render_report(self, runs: Sequence[tuple[str, Sequence[Any]]], fmt: str) -> str:
        """The report of each (run, rows) as md, json or csv."""
        ...

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[Any]]]) -> list[TableBlock]:
        """The report as the terminal table lays it out."""
        ...
