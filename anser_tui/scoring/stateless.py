"""Stateless scoring: a benchmark folder and a run file in, DESIGN section 9's JSON out.

No workspace is involved, so BERTScore-F1 is not cached across invocations and "LLM Judge" is
null (judgments live in a workspace). Reading files happens here, not in the metric modules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anser_tui.benchmarks.anser import AnserLayout, load_anser
from anser_tui.benchmarks.evidence_ids import task_space
from anser_tui.config import BertScoreSettings
from anser_tui.corpora.rule_keys import rule_key_map
from anser_tui.errors import InputError
from anser_tui.scoring.report import build_rows
from anser_tui.scoring.run_scoring import PhaseProgress, fill_bertscore, score_run, task_json
from anser_tui.sessions.runs import read_log_file, read_run_file


def score_files(data_dir: Path, run_file: Path, log_file: Path | None = None,
                settings: BertScoreSettings | None = None,
                on_progress: PhaseProgress | None = None) -> dict[str, Any]:
    """`{"tasks": [...], "groups": [...]}` for one run of an ANSER-Bench folder."""
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise InputError("no such folder", data_dir)
    tasks = load_anser(data_dir)
    known = {t.id: t for t in tasks}
    outputs = {o.task_id: o for _, o in read_run_file(
        Path(run_file), known.__contains__, lambda task_id: task_space(known[task_id]))}
    logs = {r.task_id: r for r in read_log_file(Path(log_file), known.__contains__)} \
        if log_file is not None else {}
    scores = score_run(tasks, outputs, rule_key_map(AnserLayout(data_dir).corpora))
    answers = [outputs[t.id].answer if t.id in outputs else None for t in tasks]
    fill_bertscore(list(zip(tasks, answers, scores, strict=True)),
                   settings or BertScoreSettings(), None, on_progress)
    return {"tasks": [task_json(s, logs.get(s.task_id)) for s in scores],
            "groups": [row.as_json() for row in build_rows(scores, logs)]}
