"""What every benchmark provides, as one protocol: the workbench dispatches on the workspace's
benchmark name and never asks which benchmark it is (DESIGN section 13).

A benchmark loads its data folder into tasks, gives each task its rubric (per task where the
criteria differ from sample to sample) and the splits it belongs to, names the metric columns
of a task and of a report row, scores a run, builds and renders its report, and speaks to the
judge through its `JudgeProtocol`: which calls one judgment takes (one call for a whole rubric,
or one per criterion), which prompt templates each call fills (a system prompt where the
benchmark has one), and how a reply is read. It also reads the files users bring: a run file
(`read_run`, in its own line format) and recorded judgments (`read_judgments`, in the formats
its peers write).

A benchmark is generic in its task scores (`ScoreT`: what `score` and `restore_scores` give and
`report` reads) and its report rows (`RowT`: what `report` gives and `render_report` and
`table_blocks` read); the workbench hands each back untouched, so it sees them as `object`
(`RegisteredBenchmark`).

Options: what the user states besides a path, declared by the benchmark so the command line
adds them without naming it. Load options (`init_options`) describe a data folder (say its
dataset version, or which CSV file); a workspace keeps the ones it was made with, so its folder
is found and checked again under the same ones; a benchmark without options refuses any.
Report options (`report_options`) choose how a report is read (say a failure policy).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from anser_tui.benchmarks.card import CardItem, ReviewCard
from anser_tui.benchmarks.evidence import EvidenceView
from anser_tui.core.errors import InputError
from anser_tui.core.settings import BertScoreSettings
from anser_tui.core.value import Value
from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.records import Judgment, JudgmentStatus, LogRecord, RunOutput
from anser_tui.workspace.rubric import Mark, Rubric
from anser_tui.workspace.tasks import Task, TaskHead

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from anser_tui.corpora.library import CorpusLibrary
    from anser_tui.scoring.bertscore import BertScoreCache
    from anser_tui.workspace.store import WorkspaceStore

ScoreT = TypeVar("ScoreT")
RowT = TypeVar("RowT")
PhaseProgress = Callable[[str, int, int], None]


class CallSpec(Value):
    """One request of a judgment: the prompt templates to fill and what fills them.

    `criterion` names the rubric criterion the call judges, None for a call that judges the
    whole rubric at once. Templates are ids of the judge's prompt files; `fields` replace their
    `{placeholders}`, nothing else in them. `dataset_version` names the answer keys the call
    judges against where a benchmark has versions; the judgment stores it."""

    criterion: str | None
    user_template: str
    fields: Mapping[str, str]
    system_template: str | None = None
    dataset_version: str | None = None


MISMATCH_TOLERANCE = 1.0  # points between a judge's own score and the recomputed one


class ParsedReply(Value):
    """What one reply says, under the rubric: the marks it gives (all criteria for a whole-rubric
    call, one for a criterion call), the judge's own score where it reports one and the score
    recomputed from the marks, its reason. The raw text is always kept whole."""

    status: JudgmentStatus
    raw: str
    marks: dict[str, Mark] = field(default_factory=dict)
    score: float | None = None
    reason: str | None = None
    error: str | None = None
    recomputed_score: float | None = None

    @property
    def arithmetic_mismatch(self) -> bool:
        """The judge's own score is more than `MISMATCH_TOLERANCE` from the recomputed one."""
        if self.score is None or self.recomputed_score is None:
            return False
        return abs(self.score - self.recomputed_score) > MISMATCH_TOLERANCE


class ExamplesPlace(Value):
    """Where few-shot examples go in a call's prompt (`recalibrate --method fewshot`, DESIGN
    15): in the user message, right before the first `before` of the user template (a text
    the benchmark's prompts all hold once, outside every placeholder), under `heading` (in the
    prompt's language). The block is inserted whole there; the rest of the official prompt is
    byte-identical (`judge.examples`)."""

    before: str
    heading: str


class JudgeProtocol(Protocol):
    prompts: str  # the package whose `prompts/` folder holds the templates the calls name

    def calls(self, task: Task, rubric: Rubric, answer: str) -> list[CallSpec]:
        """The requests that judge `answer` (the run's answer as text; "" when missing)."""
        ...

    def parse(self, rubric: Rubric, call: CallSpec, reply: str | dict[str, Any]) -> ParsedReply:
        """One reply (text, or an object already decoded by an importer) read strictly."""
        ...

    def examples_place(self, call: CallSpec) -> ExamplesPlace | None:
        """Where the call's prompt takes few-shot examples (None: the benchmark sends no
        prompt of its own, so it has no place for them)."""
        ...

    def example_reply(self, rubric: Rubric, call: CallSpec, marks: Mapping[str, Mark],
                      score: float | None) -> str:
        """The reply the call asks for, as a judge giving these human marks (and score) would
        write it: what a few-shot example shows as the human verdict."""
        ...


class JudgeValues(Value):
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


class TableBlock(Value):
    """One block of the terminal report table (the console module draws it)."""

    run: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]  # (label, a cell per column); a rule after `head_rows`
    notes: tuple[str, ...]
    head_rows: int = 2
    corner: str = "metric"  # the heading of the label column


class ScoreOptions(Value, frozen=False):
    """What scoring may use besides the tasks and outputs.

    `neural=False` computes every metric but the neural ones (say BERTScore): no model is
    loaded, and their cells say why they are empty (how to compute them, or why they cannot
    be here). Values the cache already holds are filled in all the same."""

    bertscore: BertScoreSettings = field(default_factory=BertScoreSettings)
    bertscore_cache: BertScoreCache | None = None
    on_progress: PhaseProgress | None = None
    neural: bool = True


class ScoredRun(Value, Generic[ScoreT], frozen=False):
    """A run's task scores (the benchmark's own objects), the metric cells the workspace keeps
    ({task id: {metric: cell}}, efficiency figures included), how many tasks were unparsed, and
    why some metric could not be computed ({what: reason})."""

    scores: list[ScoreT]
    cells: dict[str, dict[str, Cell]]
    n_unparsed: int
    not_computed: dict[str, str] = field(default_factory=dict)


LoadOptions = Mapping[str, str]
ReportOptions = Mapping[str, str]


class BenchmarkOption(Value):
    """An option a benchmark takes on the command line (`init` or `report`), by its key in the
    options mapping (the flag is `--key` with dashes). `choices` limit its values; `path`: it
    names a file, kept relative to the data folder when inside it (so it moves with it)."""

    key: str
    help: str
    choices: tuple[str, ...] | None = None
    path: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.key.replace("_", "-")


def refuse_options(label: str, options: LoadOptions | None) -> None:
    """An InputError for load options given to a benchmark that takes none."""
    if options:
        raise InputError(f"{label} takes no {', '.join(sorted(options))} option")


class Vocabulary(Value):
    """The words that are a benchmark's own: its metric names (task cells and report figures;
    not a plain statistic's name another module has reason to spell, such as MAE) and the
    names of the aggregates its rubrics use. Nothing outside its package spells them
    (tests/unit/test_plugin_boundaries.py reads them from here)."""

    metrics: tuple[str, ...]
    aggregates: tuple[str, ...]


@runtime_checkable
class Benchmark(Protocol[ScoreT, RowT]):
    name: str  # what a workspace's meta table and the entry point call it
    label: str  # how reports and errors name it
    judge: JudgeProtocol
    init_options: tuple[BenchmarkOption, ...]  # the load options `init` takes for it
    report_options: tuple[BenchmarkOption, ...]  # the options `report` takes for it
    vocabulary: Vocabulary
    default: bool  # the benchmark `init`, `demo` and stateless `score` use unless told

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
                 task_of: Callable[[str], Task] | None = None, *,
                 tasks: Sequence[Task] = ()) -> list[tuple[int, RunOutput]]:
        """A run file's outputs as (line, output), checked against the known task ids (and,
        with `task_of`, against each task: evidence items must name ids); one bad line
        rejects the file (InputError with file and line). `tasks`: the workspace's tasks in
        benchmark order, for files that name a task by its position (another tool's
        predictions keyed on the dataset's row)."""
        ...

    def read_judgments(self, path: Path, tasks_by_id: Mapping[str, Task],
                       run: str) -> list[Judgment]:
        """Recorded judgments of `run` from a file (or a folder a peer tool writes), read
        whole; InputError (file, line) on bad input."""
        ...

    def rubric(self, task: Task) -> Rubric | None:
        """The judge's rubric for the task; None where the LLM judge does not score it."""
        ...

    def judged(self, head: TaskHead) -> bool | None:
        """Whether the judge scores a task (`rubric` gives one), told by its head alone; None
        where only the whole task tells (a queue's count reads the tasks of those only)."""
        ...

    def retrieved_problem(self, task: Task, retrieved: list[Any]) -> str | None:
        """What is wrong with a run's retrieved evidence for the task (an item naming no id
        the scorer can read), or None; import-run rejects the line with it."""
        ...

    def splits(self, task: Task) -> tuple[str, ...]:
        """The splits (say a task's group) the task belongs to; reports keep each apart."""
        ...

    def metric_names(self, task: Task) -> tuple[str, ...]:
        """The metric columns of the task's own row, in report order."""
        ...

    def score(self, data_dir: Path, tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              logs: Mapping[str, LogRecord], options: ScoreOptions) -> ScoredRun[ScoreT]:
        """Every task's metric cells for one run (a task missing from the run: empty)."""
        ...

    def restore_scores(self, tasks: Sequence[Task],
                       cells: Mapping[str, Mapping[str, Cell]]) -> list[ScoreT]:
        """The task scores of a run from the metric cells a workspace stored for it."""
        ...

    def report(self, scores: Sequence[ScoreT], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None) -> list[RowT]:
        """The report rows of one scored run, with the judge's and adjudicated values (None:
        no judgments, as in stateless scoring)."""
        ...

    def render_report(self, runs: Sequence[tuple[str, Sequence[RowT]]], fmt: str,
                      options: ReportOptions | None = None) -> str:
        """The report of each (run, rows) as md, json or csv, under the `report_options` given
        (None or {}: the benchmark's default reading)."""
        ...

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[RowT]]],
                     options: ReportOptions | None = None) -> list[TableBlock]:
        """The report as the terminal table lays it out (`options` as in `render_report`)."""
        ...

    def score_stateless(self, data_dir: Path, run_file: Path, log_file: Path | None,
                        options: ScoreOptions) -> dict[str, Any]:
        """A run file scored against a data folder with no workspace, as the JSON object the
        benchmark writes; an InputError where the benchmark has no stateless scoring."""
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


    # -- the review card (benchmarks/card.py) ---------------------------------------------
    def review_card(self, item: CardItem) -> ReviewCard:
        """What the review screen and `show` show of one item, as neutral view models."""
        ...

    def documents(self, data_dir: Path, task: Task) -> list[tuple[str, str]]:
        """The item's documents as (name, text), in reading order, for a card that offers
        `CardKey.DOCUMENTS`; InputError naming a missing or unreadable file."""
        ...

    def evidence(self, item: CardItem, library: CorpusLibrary | None) -> EvidenceView | None:
        """The item's retrieved evidence against its gold evidence (benchmarks/evidence.py),
        ids mapped into the space's keys through `library` (`CorpusLibrary.resolver`; None:
        ids as written) so that the rows agree with the metrics; None: the benchmark has no
        evidence lists."""
        ...

    # -- writing verdicts back into another tool's files ---------------------------------
    exports: tuple[str, ...]  # the `export --what` values the benchmark writes itself

    def export(self, what: str, source: Path, out: Path, tasks_by_id: Mapping[str, Task],
               verdicts: Sequence[Any], n_disputed: int) -> str:
        """Write export `what` of the source data (`source`: the data folder or file) with the
        settled human verdicts (exchange.tool_exports.SettledVerdict) to `out`; its summary
        line."""
        ...


RegisteredBenchmark = Benchmark[object, object]  # what the registry gives: scores and rows opaque


class WithoutCorpora:
    """For a benchmark whose answers are judged, with no evidence corpora to check runs
    against: the protocol's corpus methods, answered once."""

    def corpora_dir(self, data_dir: Path) -> Path | None:
        return None

    def retrieved_problem(self, task: Task, retrieved: list[Any]) -> str | None:
        return None

    def corpus_descriptors(self) -> tuple[CorpusDescriptor, ...]:
        return ()

    def corpus_findings(self, store: WorkspaceStore, library: CorpusLibrary, run: str | None,
                        report: str, fmt: str) -> str:
        return report

    def evidence(self, item: CardItem, library: CorpusLibrary | None) -> EvidenceView | None:
        return None


class WithoutStatelessScoring:
    """For a benchmark whose scores need a workspace (its judge's verdicts live there)."""

    label: str

    def score_stateless(self, data_dir: Path, run_file: Path, log_file: Path | None,
                        options: ScoreOptions) -> dict[str, Any]:
        raise InputError(f"{self.label} has no stateless scoring (its scores are the judge's: "
                         "score a workspace)")


class WithoutExports:
    """For a benchmark that writes nothing back into another tool's files."""

    exports: tuple[str, ...] = ()

    def export(self, what: str, source: Path, out: Path, tasks_by_id: Mapping[str, Task],
               verdicts: Sequence[Any], n_disputed: int) -> str:
        raise InputError(f"no {what!r} export")


# ---- The embedded demo --------------------------------------------------------------------
# What `Benchmark.demo` returns: the demo is data, shipped in the benchmark's own package, and
# the installer (anser_tui.demo) builds its workspace through the ordinary verbs.


class DemoFiles(Value):
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


class Signal(Value):
    """One reason the judge and an automatic measure disagree on an item: how far (0-1, the
    larger the more) and what a reviewer reads ("judge 0.20 vs <metric> 0.90")."""

    score: float
    reason: str
