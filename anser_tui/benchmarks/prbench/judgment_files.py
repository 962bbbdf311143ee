"""Recorded PRBench judgments, in the three formats users bring, told apart by content:

- a folder, or JSONL lines holding `sample_score`: evalscope reviews (`evalscope_reviews`);
- a JSON object with `outputs`: the official evals.py results (`official_results`);
- JSONL lines `{task, criterion_id, reply, model?}`: one judge reply per criterion, each read
  by the judge protocol (`judge.read_grade`); a reply that does not parse is kept with its
  status. Every criterion of a task that appears must have exactly one reply.
Any bad record rejects the whole file (file:line); nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import CallSpec
from anser_tui.benchmarks.judgments import Reply, assemble
from anser_tui.benchmarks.prbench.evalscope_reviews import read_evalscope
from anser_tui.benchmarks.prbench.judge import GRADER_TEMPLATE, read_grade
from anser_tui.benchmarks.prbench.official_results import read_official
from anser_tui.core.errors import InputError
from anser_tui.core.json_input import decode_plain
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import Task

RubricOf = Callable[[Task], Rubric]


def _id(value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value if isinstance(value, str) and value else None


def read_criterion_replies(path: Path, tasks_by_id: Mapping[str, Task], run: str,
                           rubric_of: RubricOf) -> list[Judgment]:
    """Judgments from per-criterion reply lines, one per task, in order of appearance."""
    replies: dict[str, dict[str, tuple[int, str | dict[str, Any]]]] = {}
    models: dict[str, str] = {}
    for line, record in iter_jsonl(path):
        task = tasks_by_id.get(_id(record.get("task")) or "")
        if task is None:
            raise InputError(f"'task' {record.get('task')!r} is not a task of the workspace",
                             path, line)
        criterion = _id(record.get("criterion_id"))
        if criterion not in rubric_of(task).keys:
            raise InputError(f"criterion_id {record.get('criterion_id')!r} is not a criterion "
                             f"of task {task.id}", path, line)
        reply = record.get("reply")
        if not isinstance(reply, str | dict):
            raise InputError("'reply' must be the judge's text or a JSON object", path, line)
        given = replies.setdefault(task.id, {})
        if criterion in given:
            raise InputError(f"task {task.id} criterion {criterion} appears twice (first on "
                             f"line {given[criterion][0]})", path, line)
        given[criterion] = (line, reply)
        if isinstance(record.get("model"), str):
            models.setdefault(task.id, record["model"])
    judgments = []
    for task_id, given in replies.items():
        rubric = rubric_of(tasks_by_id[task_id])
        missing = [k for k in rubric.keys if k not in given]
        if missing:
            first = min(line for line, _ in given.values())
            raise InputError(f"task {task_id} has no reply for criteria {', '.join(missing)}",
                             path, first)
        parsed = [Reply(CallSpec(key, GRADER_TEMPLATE, {}), read_grade(key, given[key][1]))
                  for key in rubric.keys]
        judgments.append(assemble(run, task_id, rubric, parsed, model=models.get(task_id),
                                  source=f"import:{path.name}"))
    return judgments


def read_prbench_judgments(path: Path, tasks_by_id: Mapping[str, Task], run: str,
                           rubric_of: RubricOf) -> list[Judgment]:
    """The judgments of `run` in a file or folder of any of the formats above."""
    path = Path(path)
    if path.is_dir():
        return read_evalscope(path, tasks_by_id, run, rubric_of)
    if not path.is_file():
        raise InputError("no such file or folder", path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read it as UTF-8 text ({exc})", path) from None
    try:
        whole = decode_plain(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and "outputs" in whole:
        return read_official(whole, text, path, tasks_by_id, run, rubric_of)
    first = next(iter_jsonl(path), None)
    if first is None:
        raise InputError("the file holds no judgments", path)
    if "sample_score" in first[1]:
        return read_evalscope(path, tasks_by_id, run, rubric_of)
    return read_criterion_replies(path, tasks_by_id, run, rubric_of)
