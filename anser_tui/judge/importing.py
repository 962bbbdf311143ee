"""Importing recorded judge outputs: a JSONL file of {id, output, model}."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anser_tui.benchmarks.anser.groups import rubric_for
from anser_tui.benchmarks.replies import ParsedJudgment, parse_judge_output
from anser_tui.errors import InputError
from anser_tui.workspace.judgments import add_judgments
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.store import WorkspaceStore


def judgment_from_parsed(parsed: ParsedJudgment, run: str, task_id: str, rubric: Rubric,
                         **extra: Any) -> Judgment:
    return Judgment(run=run, task_id=task_id, rubric_id=rubric.id, status=parsed.status,
                    raw=parsed.raw, marks=parsed.marks, score=parsed.score,
                    recomputed_score=parsed.recomputed_score, reason=parsed.reason,
                    error=parsed.error, arithmetic_mismatch=parsed.arithmetic_mismatch,
                    **extra)



def read_judgment_file(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """Judge outputs from a JSONL file of {id, output (text or object), model}.

    A line that is not such a record rejects the file (file:line). A judge output that does
    not parse is kept, with status parse_error or invalid: that is what the judge said.
    """
    judgments: list[Judgment] = []
    seen: dict[str, int] = {}
    for line, record in iter_jsonl(path):
        task_id = record.get("id")
        if not isinstance(task_id, str) or not store.has_task(task_id):
            raise InputError(f"'id' {task_id!r} is not a task of the workspace", path, line)
        if task_id in seen:
            raise InputError(f"task {task_id} appears twice (first on line {seen[task_id]})",
                             path, line)
        seen[task_id] = line
        task = store.task(task_id)
        rubric = rubric_for(task.group, task.form, task.number)
        if rubric is None:
            raise InputError(f"task {task_id} ({task.group}, {task.form}) is not scored by "
                             "the LLM judge", path, line)
        output = record.get("output")
        if not isinstance(output, str | dict):
            raise InputError("'output' must be the judge's text or a JSON object", path, line)
        model = record.get("model")
        parsed = parse_judge_output(output, rubric)
        judgments.append(judgment_from_parsed(
            parsed, run, task_id, rubric, model=model if isinstance(model, str) else None,
            source=f"import:{path.name}"))
    return judgments


def import_judgments(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """Read a judgment file whole, then store it in one transaction."""
    run = store.require_run(run)
    judgments = read_judgment_file(store, path, run)
    add_judgments(store, judgments)
    return judgments
