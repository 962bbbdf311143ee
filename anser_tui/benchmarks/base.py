"""What every benchmark provides, as one protocol: the workbench dispatches on the workspace's
benchmark name and never asks which benchmark it is.

A benchmark loads its data folder into tasks, gives each task its rubric (per task: PRBench's
criteria differ from sample to sample) and the splits it belongs to, names the metric columns of
a task and of a report row, scores a run, builds and renders its report, and speaks to the judge
through its `JudgeProtocol`: which calls one judgment takes (one for an ANSER rubric, one per
criterion for PRBench), which prompt templates each call fills (a system prompt where the
benchmark has one), and how a reply is read. It also reads the files users bring: a run file
(`read_run`: ANSER `{id, answer, retrieved_evidence}`, PRBench `{task, response}`, AA-LCR
`{question_id, answer}`) and recorded judgments (`read_judgments`, in the formats each
benchmark's peers write).

Load options are what the user states about a data folder besides its path (AA-LCR: the
dataset version and the CSV file, as `{"dataset_version": ..., "csv": ...}`); a workspace keeps
the options it was made with, so its folder is found and checked again under the same ones.
A benchmark without options refuses any.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from anser_tui.core.errors import InputError
from anser_tui.core.settings import BertScoreSettings
from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.records import Judgment, JudgmentStatus, LogRecord, RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

if TYPE_CHECKING:
    from anser_tui.corpora.library import CorpusLibrary
    from anser_tui.workspace.store import WorkspaceStore

PhaseProgress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class CallSpec:
    """One request of a judgment: the prompt templates to fill and what fills them.

    `criterion` names the rubric criterion the call judges, None for a call that judges the
    whole rubric at once. Templates are ids of the judge's prompt files; `fields` replace their
    `{placeholders}`, nothing else in them. `dataset_version` names the answer keys the call
    judges against where a benchmark has versions (AA-LCR); the judgment stores it."""

    criterion: str | None
    user_template: str
    fields: Mapping[str, str]
    system_template: str | None = None
    dataset_version: str | None = None


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
    (`disputed`: the judge's value stands in for them), the judge's own cost, and the current
    judgment itself (its calls: per-criterion grades and statuses, for rubric scorers)."""

    judge: Mapping[str, float]
    adjudicated: Mapping[str, float]
    reviewed: frozenset[str] = frozenset()
    overhead: Mapping[str, LogRecord] = field(default_factory=dict)
    judgments: Mapping[str, Judgment] = field(default_factory=dict)
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
    """What scoring may use besides the tasks and outputs.

    `neural=False` computes every metric but the neural ones (BERTScore-F1): no model is
    loaded, and their cells say why they are empty (how to compute them, or why they cannot
    be here). Values the cache already holds are filled in all the same."""

    bertscore: BertScoreSettings = field(default_factory=BertScoreSettings)
    bertscore_cache: Any = None  # a scoring.bertscore.BertScoreCache, or None
    on_progress: PhaseProgress | None = None
    neural: bool = True


@dataclass
class ScoredRun:
    """A run's task scores (the benchmark's own objects), the metric cells the workspace keeps
    ({task id: {metric: cell}}, efficiency figures included), how many tasks were unparsed, and
    why some metric could not be computed ({what: reason})."""

    scores: list[Any]
    cells: dict[str, dict[str, Cell]]
    n_unparsed: int
    not_computed: dict[str, str] = field(default_factory=dict)


LoadOptions = Mapping[str, str]


def refuse_options(label: str, options: LoadOptions | None) -> None:
    """An InputError for load options given to a benchmark that takes none."""
    if options:
        raise InputError(f"{label} takes no {', '.join(sorted(options))} option")


class Benchmark(Protocol):
    name: str
    label: str
    judge: JudgeProtocol
    policies: tuple[str, ...]  # the failure policies a report can be read under (PRBench)

    def load(self, data_dir: Path, options: LoadOptions | None = None) -> list[Task]:
        """Every task of the data folder, in benchmark order; InputError (file, line) on bad
        input, writing nothing."""
        ...

    def data_files(self, data_dir: Path, options: LoadOptions | None = None) -> list[Path]:
        """The task files of the folder that are present (their signature finds it again)."""
        ...

    def corpora_dir(self, data_dir: Path) -> Path | None:
        """Where the folder's evidence corpora are (None: the benchmark has none)."""
        ...

    def read_run(self, path: Path, known: Callable[[str], bool],
                 task_of: Callable[[str], Task] | None = None) -> list[tuple[int, RunOutput]]:
        """A run file's outputs as (line, output), checked against the known task ids (and,
        with `task_of`, against each task: evidence items must name ids); one bad line
        rejects the file (InputError with file and line)."""
        ...

    def read_judgments(self, path: Path, tasks_by_id: Mapping[str, Task],
                       run: str) -> list[Judgment]:
        """Recorded judgments of `run` from a file (or a folder a peer tool writes), read
        whole; InputError (file, line) on bad input."""
        ...

    def rubric(self, task: Task) -> Rubric | None:
        """The judge's rubric for the task; None where the LLM judge does not score it."""
        ...

    def retrieved_problem(self, task: Task, retrieved: list[Any]) -> str | None:
        """What is wrong with a run's retrieved evidence for the task (an item naming no id
        the scorer can read), or None; import-run rejects the line with it."""
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

    def render_report(self, runs: Sequence[tuple[str, Sequence[Any]]], fmt: str,
                      policy: str | None = None) -> str:
        """The report of each (run, rows) as md, json or csv; under one of `policies` when
        given, else under each (a benchmark without policies takes None only)."""
        ...

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[Any]]],
                     policy: str | None = None) -> list[TableBlock]:
        """The report as the terminal table lays it out (`policy` as in `render_report`)."""
        ...

    # The embedded demo (DemoFiles below).
    def demo(self) -> DemoFiles | None:
        """Where the benchmark's demo files are and how they are imported; None: it has none."""

    # -- corpora and review signals (issue 15) ------------------------------------------------
    # What the benchmark's corpora are and what they add to a report, and the signals by which
    # the queue orders rank items (review.disagreement combines them; it names no metric).

    def corpus_descriptors(self) -> tuple[CorpusDescriptor, ...]:
        """The key spaces of the corpora under `corpora_dir`, in the order a cross-corpus
        search asks them (none: no corpora)."""
        ...

    def corpus_findings(self, store: WorkspaceStore, library: CorpusLibrary, run: str | None,
                        report: str, fmt: str) -> str:
        """`report` (rendered in `fmt`: table, md, json or csv) with what the corpora say of
        the runs' retrieved evidence (of `run`, or of every run); as it is where they say
        nothing."""
        ...

    def disagreement_signals(self, task: Task, judge: float,
                             metrics: Mapping[str, float | None]) -> list[Signal]:
        """How far the judge's score (`judge`, a fraction of its scale) and the item's
        automatic metrics disagree, one signal per comparison, in the order ties keep."""
        ...

    # -- judges compared and recalibrated (issue 18) ------------------------------------------
    # Items sharing a context (the source material a judge reads beside the answer) are not
    # independent: comparisons resample them together, and recalibration's train/held-out split
    # never puts one context on both sides (DESIGN 15).

    def context_id(self, task: Task) -> str:
        """The id of the context the task shares with others (its own id when it shares none)."""
        ...


class WithoutCorpora:
    """For a benchmark whose answers are judged, with no evidence corpora to check runs
    against (PRBench, AA-LCR): the protocol's corpus methods, answered once."""

    def corpora_dir(self, data_dir: Path) -> Path | None:
        return None

    def retrieved_problem(self, task: Task, retrieved: list[Any]) -> str | None:
        return None

    # -- corpora and review signals (issue 15) ------------------------------------------------
    def corpus_descriptors(self) -> tuple[CorpusDescriptor, ...]:
        return ()

    def corpus_findings(self, store: WorkspaceStore, library: CorpusLibrary, run: str | None,
                        report: str, fmt: str) -> str:
        return report


# ---- The embedded demo --------------------------------------------------------------------
# What `Benchmark.demo` returns: the demo is data, shipped in the benchmark's own package, and
# the installer (anser_tui.demo) builds its workspace through the ordinary verbs.


@dataclass(frozen=True)
class DemoFiles:
    """A benchmark's embedded demo, as package data: `source` is a folder holding the files a
    user of the benchmark would have, the release in its own layout (in `data`) and one run
    `run` beside it (`run_file`, its reproducibility log `log_file` where it has one, the
    recorded judge outputs `judgments_file`; paths relative to `source`). The installer copies
    the folder whole into `<data dir>/<home>/data`, marked with `version` (a new version
    replaces an older copy), then makes `<home>/demo.db`: init under `options`, import-run,
    import-judgments, score."""

    source: Traversable
    version: str
    home: str
    data: str
    run: str
    run_file: str
    judgments_file: str
    log_file: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Signal:
    """One reason the judge and an automatic measure disagree on an item: how far (0-1, the
    larger the more) and what a reviewer reads ("judge 0.20 vs <metric> 0.90")."""

    score: float
    reason: str
