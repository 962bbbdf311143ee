"""Importing recorded judge outputs: a JSONL file of {id, output, model}.

Each output is read by the benchmark's judge protocol as the reply to the judgment's one call
(ANSER: the whole rubric at once); one that does not parse is kept, with status parse_error or
invalid: that is what the judge said.
"""

from __future__ import annotations

from pathlib import Path

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.errors import InputError
from anser_tui.judge.assemble import Reply, assemble
from anser_tui.workspace.judgments import add_judgments
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.store import WorkspaceStore


def read_judgment_file(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """Judge outputs from a JSONL file of {id, output (text or object), model}.

    A line that is not such a record rejects the file (file:line)."""
    benchmark = benchmark_named(store.benchmark)
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
        rubric = benchmark.rubric(task)
        if rubric is None:
            raise InputError(f"task {task_id} ({task.group}, {task.form}) is not scored by "
                             "the LLM judge", path, line)
        specs = benchmark.judge.calls(task, rubric, "")
        if len(specs) != 1:
            raise InputError(f"task {task_id}: its judgment takes {len(specs)} calls; this "
                             "file holds one output per task", path, line)
        output = record.get("output")
        if not isinstance(output, str | dict):
            raise InputError("'output' must be the judge's text or a JSON object", path, line)
        model = record.get("model")
        parsed = benchmark.judge.parse(rubric, specs[0], output)
        judgments.append(assemble(run, task_id, rubric, [Reply(specs[0], parsed)],
                                  model=model if isinstance(model, str) else None,
                                  source=f"import:{path.name}"))
    return judgments


def import_judgments(store: WorkspaceStore, path: Path, run: str) -> list[Judgment]:
    """Read a judgment file whole, then store it in one transaction."""
    run = store.require_run(run)
    return add_judgments(store, read_judgment_file(store, path, run))
