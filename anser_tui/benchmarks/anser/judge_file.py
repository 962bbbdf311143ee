"""Recorded ANSER-Bench judge outputs: a JSONL file of {id, output, model}.

Each output is read by the judge protocol as the reply to the judgment's one call (the whole
rubric at once); one that does not parse is kept, with status parse_error or invalid: that is
what the judge said. A line that is not such a record rejects the file (file:line).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from anser_tui.benchmarks.base import Benchmark
from anser_tui.benchmarks.judgments import Reply, assemble
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import Task


def read_judgment_lines(benchmark: Benchmark, path: Path, tasks_by_id: Mapping[str, Task],
                        run: str) -> list[Judgment]:
    """The judgments of `run` in a JSONL file of {id, output (text or object), model}."""
    judgments: list[Judgment] = []
    seen: dict[str, int] = {}
    for line, record in iter_jsonl(path):
        task_id = record.get("id")
        task = tasks_by_id.get(task_id) if isinstance(task_id, str) else None
        if task is None:
            raise InputError(f"'id' {task_id!r} is not a task of the workspace", path, line)
        if task.id in seen:
            raise InputError(f"task {task.id} appears twice (first on line {seen[task.id]})",
                             path, line)
        seen[task.id] = line
        rubric = benchmark.rubric(task)
        if rubric is None:
            raise InputError(f"task {task.id} ({task.group}, {task.form}) is not scored by "
                             "the LLM judge", path, line)
        specs = benchmark.judge.calls(task, rubric, "")
        if len(specs) != 1:
            raise InputError(f"task {task.id}: its judgment takes {len(specs)} calls; this "
                             "file holds one output per task", path, line)
        output = record.get("output")
        if not isinstance(output, str | dict):
            raise InputError("'output' must be the judge's text or a JSON object", path, line)
        model = record.get("model")
        parsed = benchmark.judge.parse(rubric, specs[0], output)
        judgments.append(assemble(run, task.id, rubric, [Reply(specs[0], parsed)],
                                  model=model if isinstance(model, str) else None,
                                  source=f"import:{path.name}"))
    return judgments
