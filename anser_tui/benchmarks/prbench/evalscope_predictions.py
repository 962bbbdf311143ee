"""PRBench runs from evalscope's prediction files (`outputs/<ts>/predictions/<model>/
prbench_<subset>.jsonl`, a file or a folder on that path: `evalscope_files`).

Rows come in completion order and are keyed on `index` (the sample's position in its subset);
`metadata.task` names the task, and must be the workspace's sample at that position. The
answer is the message's text parts only. evalscope answers each subset apart, so a sample in
a full and a hard split is answered twice: the first answer in split order is kept, and a
second one that differs is bad input (import one subset's file instead). An unknown task, a
row twice or an index that names another sample rejects the whole file (file:line).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from anser_tui.benchmarks.evalscope_files import output_files, prediction_answer, prediction_index
from anser_tui.benchmarks.prbench.loader import EXTRA_POSITIONS, SPLITS
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import RunOutput
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import Task


def read_predictions(path: Path, known: Callable[[str], bool],
                     task_of: Callable[[str], Task] | None) -> list[tuple[int, RunOutput]]:
    kept: dict[str, tuple[int, RunOutput, str]] = {}
    for _, subset, file in output_files(path, "predictions", "prbench", SPLITS):
        seen: dict[int, int] = {}
        for line, record in iter_jsonl(file):
            index = prediction_index(record, file, line)
            if index in seen:
                raise InputError(f"index {index} appears twice (first on line {seen[index]})",
                                 file, line)
            seen[index] = line
            meta = record.get("metadata")
            task_id = meta.get("task") if isinstance(meta, dict) else None
            if not isinstance(task_id, str) or not known(task_id):
                raise InputError(f"metadata.task {task_id!r} is not a task of the workspace",
                                 file, line)
            if task_of is not None and \
                    task_of(task_id).extra.get(EXTRA_POSITIONS, {}).get(subset) != index:
                raise InputError(f"index {index} of split {subset} is not task {task_id} in "
                                 "the workspace (another dataset revision?)", file, line)
            output = RunOutput(task_id=task_id, answer=prediction_answer(record, file, line))
            first = kept.get(task_id)
            if first is None:
                kept[task_id] = (line, output, subset)
            elif first[1].answer != output.answer:
                raise InputError(f"task {task_id} has another answer in split {first[2]}; "
                                 "import one subset's predictions file", file, line)
    if not kept:
        raise InputError("no predictions found", path)
    return [(line, output) for line, output, _ in kept.values()]
