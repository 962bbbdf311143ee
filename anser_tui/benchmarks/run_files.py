"""Run files keyed the way a benchmark's peers write them: one JSON object a line naming the
task under `id_key` and the system's answer under `answer_key` (say `{task, response}`, or
`{question_id, answer}`).

Checked whole: a line without a string (or integer) id, an id the workspace does not know, a
task twice, or without the answer key, or whose answer is not text (null: no answer) rejects
the file with its path and line, and nothing is written. These runs retrieve no evidence.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from anser_tui.core.errors import InputError
from anser_tui.workspace.records import RunOutput
from anser_tui.workspace.runs import iter_jsonl


def read_keyed_run(path: Path, known: Callable[[str], bool], id_key: str,
                   answer_key: str) -> list[tuple[int, RunOutput]]:
    """The outputs of a run file as (line, output)."""
    outputs: list[tuple[int, RunOutput]] = []
    first_line: dict[str, int] = {}
    for line, record in iter_jsonl(path):
        value = record.get(id_key)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not value.strip():
            raise InputError(f"missing string {id_key!r}", path, line)
        if not known(value):
            raise InputError(f"{id_key} {value!r} is not in the workspace's benchmark", path,
                             line)
        if value in first_line:
            raise InputError(f"{id_key} {value} appears twice (first on line "
                             f"{first_line[value]})", path, line)
        first_line[value] = line
        if answer_key not in record:
            raise InputError(f"missing {answer_key!r}", path, line)
        answer = record[answer_key]
        if answer is not None and not isinstance(answer, str):
            raise InputError(f"{answer_key!r} must be text (or null)", path, line)
        outputs.append((line, RunOutput(task_id=value, answer=answer)))
    if not outputs:
        raise InputError("the run file holds no outputs", path)
    return outputs
