"""Stateless scoring: a benchmark folder and a run file in, DESIGN section 9's JSON out.

No workspace is involved, so BERTScore-F1 is not cached across invocations and "LLM Judge" is
null (judgments live in a workspace). Reading files happens here, not in the metric modules.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from anser_tui.benchmarks.anser.run_scoring import task_json
from anser_tui.benchmarks.base import ScoreOptions
from anser_tui.workspace.runs import read_log_file, read_run_file

if TYPE_CHECKING:
    from anser_tui.benchmarks.anser.benchmark import AnserBenchmark


def score_files(benchmark: AnserBenchmark, data_dir: Path, run_file: Path,
                log_file: Path | None, options: ScoreOptions) -> dict[str, Any]:
    """`{"tasks": [...], "groups": [...]}` for one run of the folder."""
    tasks = benchmark.load(data_dir)
    known = {t.id: t for t in tasks}
    outputs = {o.task_id: o for _, o in read_run_file(
        Path(run_file), known.__contains__,
        lambda task_id, retrieved: benchmark.retrieved_problem(known[task_id], retrieved))}
    logs = {r.task_id: r for r in read_log_file(Path(log_file), known.__contains__)} \
        if log_file is not None else {}
    scored = benchmark.score(data_dir, tasks, outputs, logs, options)
    return {"tasks": [task_json(s, logs.get(s.task_id)) for s in scored.scores],
            "groups": [row.as_json() for row in benchmark.report(scored.scores, logs, None)]}
