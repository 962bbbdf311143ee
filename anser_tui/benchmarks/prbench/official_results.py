"""PRBench judgments from the official evals.py results JSON.

The file is one JSON object: `mean_clipped`, `mean_normalized`, ... per response model, and
`outputs` {model: {task id: {convo, id, grades, points, categories, weights, rubric_texts,
field}}}, `grades` being "true" or "false" per rubric criterion in rubric order. The model is
the only one in the file, or the one named like the run (the whole name or its last `/` part).
The judge model is the results' `config.judge_model_name`.

evals.py keeps no judge replies: a call that failed there was already written as "false", so
every grade imports as status ok with the grade as its raw text, and the two failure policies
read such a file alike. Its categories are null (they come from the data). Grades whose
weights or criterion texts differ from the workspace's rubric, or whose `points` are not the
grades' sum, are bad input (another dataset revision). Errors name the line of the task's key.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import CallSpec, ParsedReply
from anser_tui.benchmarks.judgments import Reply, assemble
from anser_tui.benchmarks.prbench.judge import GRADER_TEMPLATE
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import Judgment, JudgmentStatus
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

GRADES = {"true": 1, "false": 0}


def _line(text: str, key: str) -> int | None:
    pos = text.find(f'"{key}"', max(text.find('"outputs"'), 0))
    return None if pos < 0 else text.count("\n", 0, pos) + 1


def _model(outputs: dict[str, Any], run: str, path: Path) -> str:
    if len(outputs) == 1:
        return next(iter(outputs))
    named = [m for m in outputs if run in (m, m.split("/")[-1])]
    if len(named) != 1:
        raise InputError(f"the file holds several models ({', '.join(outputs)}); name the run "
                         "after the one to import", path)
    return named[0]


def _grades(entry: Any, rubric: Rubric, path: Path, line: int | None) -> list[int]:
    if not isinstance(entry, dict) or not isinstance(entry.get("grades"), list):
        raise InputError("an output without a 'grades' list", path, line)
    grades, n = entry["grades"], len(rubric.criteria)
    if len(grades) != n:
        raise InputError(f"{len(grades)} grades for a rubric of {n} criteria", path, line)
    if not all(isinstance(g, str) and g in GRADES for g in grades):
        raise InputError('each grade must be "true" or "false"', path, line)
    weights, texts = entry.get("weights"), entry.get("rubric_texts")
    if weights is not None and (not isinstance(weights, list) or [
            w if isinstance(w, int | float) and not isinstance(w, bool) else None
            for w in weights] != [c.weight for c in rubric.criteria]):
        raise InputError("its weights differ from the workspace's rubric: another dataset "
                         "revision?", path, line)
    if texts is not None and list(texts) != [c.label for c in rubric.criteria]:
        raise InputError("its rubric texts differ from the workspace's rubric: another "
                         "dataset revision?", path, line)
    marks = [GRADES[g] for g in grades]
    points = entry.get("points")
    expected = math.fsum(m * c.weight for m, c in zip(marks, rubric.criteria, strict=True))
    if isinstance(points, int | float) and abs(points - expected) > 1e-9:
        raise InputError(f"points {points} are not the grades' sum ({expected})", path, line)
    return marks


def read_official(data: dict[str, Any], text: str, path: Path, tasks_by_id: Mapping[str, Task],
                  run: str, rubric_of: Callable[[Task], Rubric]) -> list[Judgment]:
    """The judgments in an evals.py results object (`data`, parsed from `text`)."""
    outputs = data.get("outputs")
    if not isinstance(outputs, dict) or not outputs:
        raise InputError("no 'outputs' in this results file", path)
    model = _model(outputs, run, path)
    config = data.get("config")
    judge_model = config.get("judge_model_name") if isinstance(config, dict) else None
    if not isinstance(outputs[model], dict):
        raise InputError(f"outputs of {model} must be an object by task id", path)
    judgments = []
    for task_id, entry in outputs[model].items():
        line = _line(text, task_id)
        task = tasks_by_id.get(task_id)
        if task is None:
            raise InputError(f"task {task_id!r} is not in the workspace", path, line)
        rubric = rubric_of(task)
        marks = _grades(entry, rubric, path, line)
        replies = [Reply(CallSpec(c.key, GRADER_TEMPLATE, {}),
                         ParsedReply(JudgmentStatus.OK, grade, {c.key: mark}))
                   for c, grade, mark in zip(rubric.criteria, entry["grades"], marks,
                                             strict=True)]
        judgments.append(assemble(run, task.id, rubric, replies,
                                  model=judge_model if isinstance(judge_model, str) else None,
                                  source=f"import:evals.py:{path.name}"))
    return judgments
