"""Inspect AI logs behind the Benchmark protocol.

The "data folder" is the log file itself (.eval or .json, `--data LOG`); load option `scorer`
(`loader`). import-run reads a log's output.completion per sample, import-judgments the
reviewed scorer's Score per sample (`log_files`), both from the log given (the same log as
the workspace's, or another log of the same samples). There is no automatic metric; the
report is Inspect's own results for the workspace's log (`report`). The judge of these items
is Inspect's scorer: anser-tui does not re-judge them, so the judge protocol makes no call.
Exports: `inspect-log` (`export`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import (
    Benchmark,
    BenchmarkOption,
    CallSpec,
    DemoFiles,
    ExamplesPlace,
    JudgeProtocol,
    JudgeValues,
    LoadOptions,
    ParsedReply,
    ScoredRun,
    ScoreOptions,
    Signal,
    TableBlock,
    Vocabulary,
    WithoutCorpora,
    WithoutStatelessScoring,
)
from anser_tui.benchmarks.card import CardItem, ReviewCard
from anser_tui.benchmarks.inspect.loader import (
    EXTRA_SAMPLE_ID,
    EXTRA_SCORER,
    OPTION_RANGE,
    check_options,
)
from anser_tui.benchmarks.inspect.values import rubric_of
from anser_tui.core.errors import InputError
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.records import Judgment, JudgmentStatus, LogRecord, RunOutput
from anser_tui.workspace.rubric import Mark, Rubric
from anser_tui.workspace.tasks import Task, TaskHead

EXPORT = "inspect-log"


class InspectScorerJudge:
    """The Score was given by the log's own scorer: no request is made here (asking for one
    is bad input, saying where the judgments come from)."""

    prompts = __name__.rpartition(".")[0]

    def calls(self, task: Task, rubric: Rubric, answer: str) -> list[CallSpec]:
        raise InputError("Inspect AI items are judged by the log's own scorer: import its "
                         "Scores with `anser-tui import-judgments WS LOG --run NAME`")

    def parse(self, rubric: Rubric, call: CallSpec, reply: str | dict[str, Any]) -> ParsedReply:
        return ParsedReply(JudgmentStatus.INVALID, str(reply),
                           error="Inspect items are judged by the log's scorer")

    def examples_place(self, call: CallSpec) -> ExamplesPlace | None:
        return None  # no prompt of its own: the log's scorer judged

    def example_reply(self, rubric: Rubric, call: CallSpec, marks: Mapping[str, Mark],
                      score: float | None) -> str:
        raise InputError("Inspect AI items are judged by the log's own scorer: no prompt "
                         "takes examples")


INIT_OPTIONS = (
    BenchmarkOption(EXTRA_SCORER, "the scorer whose Score is the judgment (default: the first "
                    "that gives grades or booleans, else numbers); --data is the log file "
                    "(.eval or .json)."),
    BenchmarkOption(OPTION_RANGE, "LOW:HIGH, the scale of the scorer's numbers (default: the "
                    "values seen in the log)."),
)


class InspectBenchmark(WithoutCorpora, WithoutStatelessScoring):
    name = "inspect"
    label = "Inspect AI log"
    judge: JudgeProtocol = InspectScorerJudge()
    init_options: tuple[BenchmarkOption, ...] = INIT_OPTIONS
    report_options: tuple[BenchmarkOption, ...] = ()
    vocabulary = Vocabulary((), ())  # the log's own metric names vary with its scorers
    default = False
    exports: tuple[str, ...] = (EXPORT,)

    def load(self, data_dir: Path, options: LoadOptions | None = None) -> list[Task]:
        from anser_tui.benchmarks.inspect.loader import load_log

        return load_log(data_dir, options)

    def data_files(self, data_dir: Path, options: LoadOptions | None = None) -> list[Path]:
        check_options(options)
        return [Path(data_dir)] if Path(data_dir).is_file() else []

    def read_run(self, path: Path, known: Callable[[str], bool],
                 task_of: Callable[[str], Task] | None = None, *,
                 tasks: Sequence[Task] = ()) -> list[tuple[int, RunOutput]]:
        from anser_tui.benchmarks.inspect.log_files import read_outputs

        return read_outputs(path, known)

    def read_judgments(self, path: Path, tasks_by_id: Mapping[str, Task],
                       run: str) -> list[Judgment]:
        from anser_tui.benchmarks.inspect.log_files import read_scores

        return read_scores(path, tasks_by_id, run)

    def rubric(self, task: Task) -> Rubric | None:
        return rubric_of(task.extra[EXTRA_SCORER])

    def judged(self, head: TaskHead) -> bool:
        return True  # every sample has its scorer's rubric

    def splits(self, task: Task) -> tuple[str, ...]:
        return (task.group,)

    def metric_names(self, task: Task) -> tuple[str, ...]:
        return ()

    def score(self, data_dir: Path, tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              logs: Mapping[str, LogRecord], options: ScoreOptions) -> ScoredRun:
        return ScoredRun([t.id for t in tasks], {}, 0)

    def restore_scores(self, tasks: Sequence[Task],
                       cells: Mapping[str, Mapping[str, Cell]]) -> list[Any]:
        from anser_tui.benchmarks.inspect.report import results_of

        return [results_of(tasks)]

    def report(self, scores: Sequence[Any], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None) -> list[Any]:
        return list(scores)

    def render_report(self, runs: Sequence[tuple[str, Sequence[Any]]], fmt: str,
                      options: Mapping[str, str] | None = None) -> str:
        from anser_tui.benchmarks.inspect.report import render_report

        return render_report(runs, fmt)

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[Any]]],
                     options: Mapping[str, str] | None = None) -> list[TableBlock]:
        from anser_tui.benchmarks.inspect.report import table_blocks

        return table_blocks(runs)

    def export(self, what: str, source: Path, out: Path, tasks_by_id: Mapping[str, Task],
               verdicts: Sequence[Any], n_disputed: int) -> str:
        """A benchmark's own export (`exports` names them): the edited copy of the log."""
        from anser_tui.benchmarks.inspect.export import export_log

        if what != EXPORT:
            raise ValueError(f"unknown export {what!r}")
        return export_log(source, out, tasks_by_id, verdicts, n_disputed)

    def demo(self) -> DemoFiles:
        from anser_tui.benchmarks.inspect.demo_files import demo_files

        return demo_files()

    def disagreement_signals(self, task: Task, judge: float,
                             metrics: Mapping[str, float | None]) -> list[Signal]:
        """No automatic metric beside the scorer's own Score."""
        return []

    def review_card(self, item: CardItem) -> ReviewCard:
        from anser_tui.benchmarks.inspect.card import inspect_card

        return inspect_card(item)

    def documents(self, data_dir: Path, task: Task) -> list[tuple[str, str]]:
        return []

    def context_id(self, task: Task) -> str:
        """A sample's epochs share their context: the sample."""
        return str(task.extra.get(EXTRA_SAMPLE_ID, task.id))


BENCHMARK: Benchmark[Any, Any] = InspectBenchmark()  # the entry point (pyproject.toml)
