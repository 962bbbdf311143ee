"""AA-LCR behind the Benchmark protocol: questions over document sets, one equality-checker
verdict each, accuracy per dataset version.

Runs are `{question_id, answer}` lines; recorded verdicts `{question_id, dataset_version,
reply}` lines (`judge_file`). Load options: `dataset_version` and `csv` (`dataset`). There is
no automatic metric: `score` stores none, and the report is computed from the current
judgments. Every question has the one-criterion rubric `judge.RUBRIC` (binary "verdict").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from anser_tui.benchmarks.aalcr.dataset import (
    CSV_NAME,
    DEFAULT_VERSION,
    VERSIONS,
    csv_path,
    dataset_version,
    load_aalcr,
)
from anser_tui.benchmarks.aalcr.judge import RUBRIC, AalcrJudge
from anser_tui.benchmarks.base import (
    Benchmark,
    BenchmarkOption,
    DemoFiles,
    JudgeProtocol,
    JudgeValues,
    LoadOptions,
    ReportOptions,
    ScoredRun,
    ScoreOptions,
    Signal,
    TableBlock,
    Vocabulary,
    WithoutCorpora,
    WithoutExports,
    WithoutStatelessScoring,
    refuse_options,
)
from anser_tui.benchmarks.card import CardItem, ReviewCard
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.records import Judgment, LogRecord, RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task, TaskHead

if TYPE_CHECKING:
    from anser_tui.benchmarks.aalcr.report import VersionRow

INIT_OPTIONS = (
    BenchmarkOption("dataset_version", f"the release the CSV is (both name it {CSV_NAME}); "
                    f"default {DEFAULT_VERSION}.", choices=tuple(reversed(VERSIONS))),
    BenchmarkOption("csv", f"the dataset CSV (default: DATA/{CSV_NAME}).", path=True),
)
METRICS = ("accuracy", "accuracy_excluding_parse_failures")


class AalcrBenchmark(WithoutCorpora, WithoutStatelessScoring, WithoutExports):
    name = "aalcr"
    label = "AA-LCR"
    judge: JudgeProtocol = AalcrJudge()
    init_options: tuple[BenchmarkOption, ...] = INIT_OPTIONS
    report_options: tuple[BenchmarkOption, ...] = ()
    # "accuracy" is a plain statistic's name that calibration spells too, not this benchmark's
    vocabulary = Vocabulary(METRICS[1:], ())  # its aggregate is workspace.rubric's, neutral
    default = False

    def load(self, data_dir: Path, options: LoadOptions | None = None) -> list[Task]:
        return load_aalcr(data_dir, options)

    def data_files(self, data_dir: Path, options: LoadOptions | None = None) -> list[Path]:
        dataset_version(options)
        path = csv_path(data_dir, options)
        return [path] if path.is_file() else []

    def read_run(self, path: Path, known: Callable[[str], bool],
                 task_of: Callable[[str], Task] | None = None, *,
                 tasks: Sequence[Task] = ()) -> list[tuple[int, RunOutput]]:
        from anser_tui.benchmarks.evalscope_files import looks_like
        from anser_tui.benchmarks.run_files import read_keyed_run

        if looks_like(path, "model_output"):  # evalscope's predictions (a file or a folder)
            from anser_tui.benchmarks.aalcr.evalscope_files import read_predictions

            return read_predictions(path, known, tasks)
        return read_keyed_run(path, known, "question_id", "answer")

    def read_judgments(self, path: Path, tasks_by_id: Mapping[str, Task],
                       run: str) -> list[Judgment]:
        from anser_tui.benchmarks.aalcr.judge_file import read_verdict_lines
        from anser_tui.benchmarks.evalscope_files import looks_like

        if looks_like(path, "sample_score"):  # evalscope's reviews (a file or a folder)
            from anser_tui.benchmarks.aalcr.evalscope_files import read_reviews

            return read_reviews(path, tasks_by_id, run)
        return read_verdict_lines(path, tasks_by_id, run)

    def rubric(self, task: Task) -> Rubric | None:
        return RUBRIC

    def judged(self, head: TaskHead) -> bool:
        return True

    def splits(self, task: Task) -> tuple[str, ...]:
        return (task.group,)

    def metric_names(self, task: Task) -> tuple[str, ...]:
        return ()

    def score(self, data_dir: Path, tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              logs: Mapping[str, LogRecord], options: ScoreOptions) -> ScoredRun[str]:
        return ScoredRun([t.id for t in tasks], {}, 0)

    def restore_scores(self, tasks: Sequence[Task],
                       cells: Mapping[str, Mapping[str, Cell]]) -> list[str]:
        return [t.id for t in tasks]

    def report(self, scores: Sequence[str], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None) -> list[VersionRow]:
        from anser_tui.benchmarks.aalcr.report import build_rows

        return build_rows(scores, judge.judgments if judge is not None else {})

    def render_report(self, runs: Sequence[tuple[str, Sequence[VersionRow]]], fmt: str,
                      options: ReportOptions | None = None) -> str:
        from anser_tui.benchmarks.aalcr.report import render_report

        refuse_options(self.label, options)
        return render_report(runs, fmt)

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[VersionRow]]],
                     options: ReportOptions | None = None) -> list[TableBlock]:
        from anser_tui.benchmarks.aalcr.report import table_blocks

        refuse_options(self.label, options)
        return table_blocks(runs)

    def demo(self) -> DemoFiles:
        from anser_tui.benchmarks.aalcr.demo_files import demo_files

        return demo_files()

    def disagreement_signals(self, task: Task, judge: float,
                             metrics: Mapping[str, float | None]) -> list[Signal]:
        """No automatic metric to compare the judge with (the judge's status and arithmetic
        still rank items)."""
        return []

    def review_card(self, item: CardItem) -> ReviewCard:
        from anser_tui.benchmarks.aalcr.card import aalcr_card

        return aalcr_card(item)

    def documents(self, data_dir: Path, task: Task) -> list[tuple[str, str]]:
        from anser_tui.benchmarks.aalcr.documents import read_document_set

        return [(d.filename, d.text) for d in read_document_set(data_dir, task)]

    # -- judges compared and recalibrated (issue 18) ------------------------------------------
    def context_id(self, task: Task) -> str:
        """Questions on one document set share their context: the set."""
        return f"{task.extra['document_category']}/{task.extra['document_set_id']}"


BENCHMARK: Benchmark[str, VersionRow] = AalcrBenchmark()  # the entry point (pyproject.toml)
