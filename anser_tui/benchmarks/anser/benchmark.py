"""ANSER-Bench behind the Benchmark protocol: the README layout, five-dimension (four for
science) 0-4 rubrics judged in one call, and the per-(group, form) report.

Scoring and report modules are imported on first use: the review screen asks only for rubrics
and metric names, and must not pay for the scorer at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anser_tui.benchmarks.anser.groups import EFFICIENCY, GROUPS, rubric_for
from anser_tui.benchmarks.anser.layout import AnserLayout, load_anser
from anser_tui.benchmarks.base import (
    CallSpec,
    JudgeProtocol,
    JudgeValues,
    ParsedReply,
    ScoredRun,
    ScoreOptions,
    TableBlock,
)
from anser_tui.scoring.cells import Cell
from anser_tui.text import ground_truth_text
from anser_tui.workspace.records import LogRecord, RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

if TYPE_CHECKING:
    from anser_tui.benchmarks.anser.report import GroupRow
    from anser_tui.benchmarks.anser.task_scores import TaskScore


class AnserJudge:
    """One call per judgment: the README's prompt for the rubric, as one user message with the
    task's query, instruction and ground truth and the run's answer (never evidence)."""

    def calls(self, task: Task, rubric: Rubric, answer: str) -> list[CallSpec]:
        fields = {"query": task.query, "instruction": task.instruction,
                  "ground_truth": ground_truth_text(task.ground_truth), "answer": answer}
        return [CallSpec(criterion=None, user_template=rubric.id, fields=fields)]

    def parse(self, rubric: Rubric, call: CallSpec, reply: str | dict[str, Any]) -> ParsedReply:
        from anser_tui.benchmarks.replies import parse_judge_output

        parsed = parse_judge_output(reply, rubric)
        return ParsedReply(parsed.status, parsed.raw, parsed.marks, parsed.score,
                           parsed.reason, parsed.error)


class AnserBenchmark:
    name = "anser"
    label = "ANSER-Bench"
    judge: JudgeProtocol = AnserJudge()

    def load(self, data_dir: Path) -> list[Task]:
        return load_anser(data_dir)

    def data_files(self, data_dir: Path) -> list[Path]:
        layout = AnserLayout(data_dir)
        return [path for g in GROUPS if (path := layout.task_file(g)).is_file()]

    def rubric(self, task: Task) -> Rubric | None:
        return rubric_for(task.group, task.form, task.number)

    def splits(self, task: Task) -> tuple[str, ...]:
        return (task.group,)

    def metric_names(self, task: Task) -> tuple[str, ...]:
        from anser_tui.benchmarks.anser.report import form_metrics

        return (*form_metrics(task.group, task.form), *EFFICIENCY)

    def score(self, data_dir: Path, tasks: Sequence[Task], outputs: Mapping[str, RunOutput],
              logs: Mapping[str, LogRecord], options: ScoreOptions) -> ScoredRun:
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
        from anser_tui.benchmarks.anser.report import form_metrics
        from anser_tui.benchmarks.anser.task_scores import TaskScore

        scores = []
        for task in tasks:
            used = form_metrics(task.group, task.form)
            kept = {n: c for n, c in cells.get(task.id, {}).items() if n in used}
            scores.append(TaskScore(task.id, task.group, task.form, kept))
        return scores

    def report(self, scores: Sequence[Any], logs: Mapping[str, LogRecord],
               judge: JudgeValues | None) -> list[GroupRow]:
        from anser_tui.benchmarks.anser.report import build_rows

        return build_rows(scores, logs, judge)

    def render_report(self, runs: Sequence[tuple[str, Sequence[Any]]], fmt: str) -> str:
        from anser_tui.benchmarks.anser.report_format import render_report

        return render_report(runs, fmt)

    def table_blocks(self, runs: Sequence[tuple[str, Sequence[Any]]]) -> list[TableBlock]:
        from anser_tui.benchmarks.anser.report_format import table_blocks

        return table_blocks(runs)
