"""ANSER-Bench behind the Benchmark protocol: the README layout, five-dimension (four for
science) 0-4 rubrics judged in one call, and the per-(group, form) report.

Scoring and report modules are imported on first use: the review screen asks only for rubrics
and metric names, and must not pay for the scorer at start-up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anser_tui.benchmarks.anser import groups as m
from anser_tui.benchmarks.anser.groups import EFFICIENCY, GROUPS, judged_task, rubric_for
from anser_tui.benchmarks.anser.layout import AnserLayout, load_anser
from anser_tui.benchmarks.anser.signals import metric_signals
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
    ReportOptions,
    ScoredRun,
    ScoreOptions,
    Signal,
    TableBlock,
    Vocabulary,
    WithoutExports,
    refuse_options,
)
from anser_tui.benchmarks.card import CardItem, ReviewCard
from anser_tui.benchmarks.evidence import EvidenceView
from anser_tui.core.text import ground_truth_text
from anser_tui.scoring.cells import Cell
from anser_tui.workspace.records import Judgment, LogRecord, RunOutput, dumps
from anser_tui.workspace.rubric import Mark, Rubric
from anser_tui.workspace.tasks import Task, TaskHead

if TYPE_CHECKING:
    from anser_tui.benchmarks.anser.report import GroupRow
    from anser_tui.benchmarks.anser.task_scores import TaskScore
    from anser_tui.corpora.descriptor import CorpusDescriptor
    from anser_tui.corpora.library import CorpusLibrary
    from anser_tui.workspace.store import WorkspaceStore


PROMPT_FIELDS = ("query", "instruction", "ground_truth", "answer")


class AnserJudge:
    """One call per judgment: the README's prompt for the rubric (`prompts/<rubric id>.txt`: one
    prompt block of its "LLM Judge" section, the Chinese prompt for Chinese groups, the English
    one for English groups), as one user message with the task's query, instruction and ground
    truth and the run's answer (`PROMPT_FIELDS`; never evidence). The README gives no system
    message, so none is sent."""

    prompts = __name__.rpartition(".")[0]

    def calls(self, task: Task, rubric: Rubric, answer: str) -> list[CallSpec]:
        values = (task.query, task.instruction, ground_truth_text(task.ground_truth), answer)
        fields = dict(zip(PROMPT_FIELDS, values, strict=True))
        return [CallSpec(criterion=None, user_template=rubric.id, fields=fields)]

    def parse(self, rubric: Rubric, call: CallSpec, reply: str | dict[str, Any]) -> ParsedReply:
        from anser_tui.benchmarks.anser.replies import parse_judge_output

        return parse_judge_output(reply, rubric)

    def examples_place(self, call: CallSpec) -> ExamplesPlace:
        """Every README prompt states its rubric and JSON template, then the fields from
        `QUERY:` on: examples go between the two, in the prompt's language."""
        zh = call.user_template.endswith("_zh")
        return ExamplesPlace(before="\n\nQUERY:\n", heading=EXAMPLES_ZH if zh else EXAMPLES_EN)

    def example_reply(self, rubric: Rubric, call: CallSpec, marks: Mapping[str, Mark],
                      score: float | None) -> str:
        """The JSON the prompt asks for, `score_0_100` first, without a reason."""
        if score is None:
            score = rubric.human_score(marks)
        shown = int(score) if score is not None and float(score).is_integer() else score
        return json.dumps({"score_0_100": shown, **{k: marks[k] for k in rubric.keys
                                                    if k in marks}}, ensure_ascii=False)


EXAMPLES_EN = ("EXAMPLES: other answers as human reviewers scored them. Score the ANSWER below "
               "the way they would.")
EXAMPLES_ZH = "示例：人工复核者对其他回答的评分。请按他们的标准为下方 ANSWER 评分。"


# The metric names that are ANSER-Bench's own: not the plain statistics (MAE, Accuracy, MRR),
# which the calibration tables name too.
METRICS = (m.ACC10, m.SMAPE, m.RELATION_ACCURACY, m.MAE_LOG_OR, m.MAE_MEDIAN_DIFF,
           m.RULE_ACCURACY, m.TOKEN_F1, m.BERTSCORE_F1, m.LLM_JUDGE, *m.SET_METRICS,
           m.RECALL_5, m.PRECISION_5, m.R_PRECISION, *EFFICIENCY)


class AnserBenchmark(WithoutExports):
    name = "anser"
    label = "ANSER-Bench"
    judge: JudgeProtocol = AnserJudge()
    init_options: tuple[BenchmarkOption, ...] = ()
    report_options: tuple[BenchmarkOption, ...] = ()
    vocabulary = Vocabulary(METRICS, ())  # its aggregate is workspace.rubric's, neutral
    default = True

    def load(self, data_dir: Path, options: LoadOptions | None = None) -> list[Task]:
        refuse_options(self.label, options)
        return load_anser(data_dir)

    def data_files(self, data_dir: Path, options: LoadOptions | None = None) -> list[Path]:
        layout = AnserLayout(data_dir)
        return [path for g in GROUPS if (path := layout.task_file(g)).is_file()]

    def corpora_dir(self, data_dir: Path) -> Path | None:
        return AnserLayout(data_dir).corpora

    def read_run(self, path: Path, known: Callable[[str], bool],
                 task_of: Callable[[str], Task] | None = None, *,
                 tasks: Sequence[Task] = ()) -> list[tuple[int, RunOutput]]:
        from anser_tui.workspace.runs import read_run_file

        if task_of is None:
            return read_run_file(path, known)
        return read_run_file(path, known, lambda task_id, retrieved:
                             self.retrieved_problem(task_of(task_id), retrieved))

    def read_judgments(self, path: Path, tasks_by_id: Mapping[str, Task],
                       run: str) -> list[Judgment]:
        from anser_tui.benchmarks.anser.judge_file import read_judgment_lines

        return read_judgment_lines(self, path, tasks_by_id, run)

    def rubric(self, task: Task) -> Rubric | None:
        return rubric_for(task.group, task.form, task.number)

    def judged(self, head: TaskHead) -> bool:
        return judged_task(head.group, head.form, head.number)

    def retrieved_problem(self, task: Task, retrieved: list[Any]) -> str | None:
        from anser_tui.benchmarks.anser.evidence_ids import shapes, task_space, unnamed_item

        space = task_space(task)
        bad = unnamed_item(retrieved, space)
        if bad is None:
            return None
        return (f"retrieved_evidence item {bad} names no id "
                f"({dumps(retrieved[bad - 1])[:80]}; give {shapes(space)})")

    def splits(self, task: Task) -> tuple[str, ...]:
        return (task.group,)

    def metric_names(self, task: Task) -> tuple[str, ...]:
        from anser_tui.benchmarks.anser.groups import form_metrics

        return (*form_metrics(task.group, task.form), *EFFICIENCY)

    def score(self, data_dir: Path, tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              logs: Mapping[str, LogRecord], options: ScoreOptions) -> ScoredRun[TaskScore]:
        from anser_tui.benchmarks.anser.rule_keys import rule_key_map
        from anser_tui.benchmarks.anser.run_scoring import (
            efficiency_cells,
            fill_bertscore,
            score_run,
        )

        scores = score_run(tasks, outputs, rule_key_map(AnserLayout(data_dir).corpora))
        jobs = [(t, outputs[t.id].answer if t.id in outputs else None, s)
                for t, s in zip(tasks, scores, strict=True)]
        reasons = fill_bertscore(jobs, options.bertscore, options.bertscore_cache,
                                 options.on_progress, run_model=options.neural)
        cells = {s.task_id: {**s.cells, **efficiency_cells(logs.get(s.task_id))}
                 for s in scores}
        return ScoredRun(list(scores), cells, sum(s.unparsed for s in scores),
                         {f"BERTScore-F1 ({lang})": why for lang, why in reasons.items()})

    def restore_scores(self, tasks: Sequence[Task],
                       cells: Mapping[str, Mapping[str, Cell]]) -> list[TaskScore]:
        from anser_tui.benchmarks.anser.groups import form_metrics
        from anser_tui.benchmarks.anser.task_scores import TaskScore

        scores = []
        for task in tasks:
            used = form_metrics(task.group, task.form)
            kept = {n: c for n, c in cells.get(task.id, {}).items() if n in used}
            scores.append(TaskScore(task.id, task.group, task.form, kept))
        return scores

    def report(self, scores: Sequence[TaskScore], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None) -> list[GroupRow]:
        from anser_tui.benchmarks.anser.report import build_rows

        return build_rows(scores, logs, judge)

    def render_report(self, runs: Sequence[tuple[str, Sequence[GroupRow]]], fmt: str,
                      options: ReportOptions | None = None) -> str:
        from anser_tui.benchmarks.anser.report_format import render_report

        refuse_options(self.label, options)
        return render_report(runs, fmt)

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[GroupRow]]],
                     options: ReportOptions | None = None) -> list[TableBlock]:
        from anser_tui.benchmarks.anser.report_format import table_blocks

        refuse_options(self.label, options)
        return table_blocks(runs)

    def demo(self) -> DemoFiles:
        from anser_tui.benchmarks.anser.demo_files import demo_files

        return demo_files()

    # -- corpora and review signals ------------------------------------------------------------
    def corpus_descriptors(self) -> tuple[CorpusDescriptor, ...]:
        from anser_tui.benchmarks.anser.evidence.descriptors import CORPORA

        return CORPORA

    def corpus_findings(self, store: WorkspaceStore, library: CorpusLibrary, run: str | None,
                        report: str, fmt: str) -> str:
        """The report with the leaked ground-truth evidence the runs retrieved."""
        from anser_tui.benchmarks.anser.evidence.leaks import add_leaks, find_leaks

        return add_leaks(report, fmt, find_leaks(store, library, run))

    def disagreement_signals(self, task: Task, judge: float,
                             metrics: Mapping[str, float | None]) -> list[Signal]:
        return metric_signals(judge, metrics)

    def review_card(self, item: CardItem) -> ReviewCard:
        from anser_tui.benchmarks.anser.card import anser_card

        return anser_card(item)

    def documents(self, data_dir: Path, task: Task) -> list[tuple[str, str]]:
        return []

    def evidence(self, item: CardItem, library: CorpusLibrary | None) -> EvidenceView:
        from anser_tui.benchmarks.anser.evidence_diff import evidence_diff, task_space

        resolve = library.resolver(task_space(item.task)) if library is not None else None
        return evidence_diff(item.task, item.output.retrieved if item.output else [], resolve)

    def score_stateless(self, data_dir: Path, run_file: Path, log_file: Path | None,
                        options: ScoreOptions) -> dict[str, Any]:
        from anser_tui.benchmarks.anser.stateless import score_files

        return score_files(self, data_dir, run_file, log_file, options)

    # -- judges compared and recalibrated (issue 18) ------------------------------------------
    def context_id(self, task: Task) -> str:
        """Each task is its own context."""
        return task.id


BENCHMARK: Benchmark[TaskScore, GroupRow] = AnserBenchmark()  # the entry point (pyproject.toml)
