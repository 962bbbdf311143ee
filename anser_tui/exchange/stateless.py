"""Stateless scoring: a benchmark folder and a run file in, DESIGN section 9's JSON out.

No workspace is involved, so BERTScore-F1 is not cached across invocations and "LLM Judge" is
null (judgments live in a workspace). Reading files happens here, not in the metric modules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anser_tui.benchmarks.anser.run_scoring import task_json
from anser_tui.benchmarks.base import PhaseProgress, ScoreOptions
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.core.settings import BertScoreSettings
from anser_tui.workspace.runs import read_log_file, read_run_file


def score_files(data_dir: Path, run_file: Path, log_file: Path | None = None,
                settings: BertScoreSettings | None = None,
                on_progress: PhaseProgress | None = None) -> dict[str, Any]:
    """`{"tasks": [...], "groups": [...]}` for one run of an ANSER-Bench folder."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise InputError("no such folder", data_dir)
    benchmark = benchmark_named("anser")
    tasks = benchmark.load(data_dir)
    known = {t.id: t for t in tasks}
    outputs = {o.task_id: o for _, o in read_run_file(
        Path(run_file), known.__contains__,
        lambda task_id, retrieved: benchmark.retrieved_problem(known[task_id], retrieved))}
    logs = {r.task_id: r for r in read_log_file(Path(log_file), known.__contains__)} \
        if log_file is not None else {}
    scored = benchmark.score(data_dir, tasks, outputs, logs,
                             ScoreOptions(settings or BertScoreSettings(), None, on_progress))
    return {"tasks": [task_json(s, logs.get(s.task_id)) for s in scored.scores],
            "groups": [row.as_json() for row in benchmark.report(scored.scores, logs, None)]}
