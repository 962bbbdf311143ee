"""PRBench behind the Benchmark protocol: split files of samples with weighted binary rubrics,
judged one criterion a call, scored per sample and per split under a failure policy.

Runs are `{task, response}` lines; recorded judgments come per criterion, from evals.py or
from evalscope (`judgment_files`). There is no automatic metric: `score` stores none, and the
report is computed from the current judgments. The rubric of a task is built from its record:
criterion key = the rubric item's id, label = its title (what the judge sees), kind binary,
weight from its weight class, category, and description = its rationale (for reviewers only).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

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
from anser_tui.benchmarks.prbench.judge import PrbenchJudge
from anser_tui.benchmarks.prbench.loader import (
    load_prbench,
    split_files,
    task_rubric_items,
    task_splits,
)
from anser_tui.benchmarks.prbench.report import PrbenchItem, build_rows
from anser_tui.benchmarks.prbench.scores import POLICIES, SplitRow
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.records import Judgment, LogRecord, RunOutput
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Rubric
from anser_tui.workspace.tasks import Task, TaskHead


def prbench_rubric(task: Task) -> Rubric:
    """The task's own rubric, in its record's order."""
    criteria = tuple(Criterion(key=c.id, label=c.title, kind=CriterionKind.BINARY,
                               weight=c.weight, category=c.category,
                               description=c.description)
                     for c in task_rubric_items(task))
    return Rubric(id=f"prbench:{task.id}", label=f"PRBench rubric of {task.id}",
                  criteria=criteria, aggregate=Aggregate.POINTS_OVER_POSITIVE)


POLICY = BenchmarkOption(
    "policy", "how a failed judge call counts (official: not met, the sample stays; evalscope: "
    "the sample is excluded). Default: both, each named.", choices=POLICIES)
METRICS = ("mean_clipped", "raw_mean_clipped", "mean_normalized")


def _policy(label: str, options: ReportOptions | None) -> str | None:
    """The policy a report is read under (None: each); an InputError for another option."""
    refuse_options(label, {k: v for k, v in (options or {}).items() if k != POLICY.key})
    return (options or {}).get(POLICY.key)


class PrbenchBenchmark(WithoutCorpora, WithoutStatelessScoring, WithoutExports):
    name = "prbench"
    label = "PRBench"
    judge: JudgeProtocol = PrbenchJudge()
    init_options: tuple[BenchmarkOption, ...] = ()
    report_options: tuple[BenchmarkOption, ...] = (POLICY,)
    vocabulary = Vocabulary(METRICS, ())  # its aggregate is workspace.rubric's, neutral
    default = False

    def load(self, data_dir: Path, options: LoadOptions | None = None) -> list[Task]:
        refuse_options(self.label, options)
        return load_prbench(data_dir)

    def data_files(self, data_dir: Path, options: LoadOptions | None = None) -> list[Path]:
        return split_files(data_dir)

    def read_run(self, path: Path, known: Callable[[str], bool],
                 task_of: Callable[[str], Task] | None = None, *,
                 tasks: Sequence[Task] = ()) -> list[tuple[int, RunOutput]]:
        from anser_tui.benchmarks.evalscope_files import looks_like
        from anser_tui.benchmarks.run_files import read_keyed_run

        if looks_like(path, "model_output"):  # evalscope's predictions (a file or a folder)
            from anser_tui.benchmarks.prbench.evalscope_predictions import read_predictions

            return read_predictions(path, known, task_of)
        return read_keyed_run(path, known, "task", "response")

    def read_judgments(self, path: Path, tasks_by_id: Mapping[str, Task],
                       run: str) -> list[Judgment]:
        from anser_tui.benchmarks.prbench.judgment_files import read_prbench_judgments

        return read_prbench_judgments(path, tasks_by_id, run, prbench_rubric)

    def rubric(self, task: Task) -> Rubric | None:
        return prbench_rubric(task)

    def judged(self, head: TaskHead) -> bool:
        return True  # every task carries its own rubric

    def splits(self, task: Task) -> tuple[str, ...]:
        return task_splits(task)

    def metric_names(self, task: Task) -> tuple[str, ...]:
        return ()

    def score(self, data_dir: Path, tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              logs: Mapping[str, LogRecord], options: ScoreOptions) -> ScoredRun[PrbenchItem]:
        return ScoredRun(self.restore_scores(tasks, {}), {}, 0)

    def restore_scores(self, tasks: Sequence[Task],
                       cells: Mapping[str, Mapping[str, Cell]]) -> list[PrbenchItem]:
        return [PrbenchItem(t.id, task_splits(t), prbench_rubric(t)) for t in tasks]

    def report(self, scores: Sequence[PrbenchItem], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None) -> list[SplitRow]:
        return build_rows(scores, judge.judgments if judge is not None else {})

    def render_report(self, runs: Sequence[tuple[str, Sequence[SplitRow]]], fmt: str,
                      options: ReportOptions | None = None) -> str:
        from anser_tui.benchmarks.prbench.report_format import render_report

        return render_report(runs, fmt, _policy(self.label, options))

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[SplitRow]]],
                     options: ReportOptions | None = None) -> list[TableBlock]:
        from anser_tui.benchmarks.prbench.report_format import table_blocks

        return table_blocks(runs, _policy(self.label, options))

    def demo(self) -> DemoFiles:
        from anser_tui.benchmarks.prbench.demo_files import demo_files

        return demo_files()

    def disagreement_signals(self, task: Task, judge: float,
                             metrics: Mapping[str, float | None]) -> list[Signal]:
        """No automatic metric to compare the judge with (the judge's status and arithmetic
        still rank items)."""
        return []

    def review_card(self, item: CardItem) -> ReviewCard:
        from anser_tui.benchmarks.prbench.card import prbench_card

        return prbench_card(item, prbench_rubric(item.task))

    def documents(self, data_dir: Path, task: Task) -> list[tuple[str, str]]:
        return []

    # -- judges compared and recalibrated (issue 18) ------------------------------------------
    def context_id(self, task: Task) -> str:
        """A task's criteria share their context: the task (one item per task)."""
        return task.id


BENCHMARK: Benchmark[PrbenchItem, SplitRow] = PrbenchBenchmark()  # the entry point (pyproject.toml)
