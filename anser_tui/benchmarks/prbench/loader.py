"""The PRBench loader: a folder of split files -> one task per sample, in all its splits.

The folder holds `<split>.jsonl` for the splits present of finance, legal, finance_hard and
legal_hard, one record a line (dataset card or evalscope-flattened form, `records`). The hard
splits repeat samples of the full ones: a sample is one task, identified by its `task` id, that
remembers every split it sits in and its position in each (evalscope names a sample of a split
by that position). A sample that appears twice with different content is bad input.

Task conventions: `id` = the `task` id; `group` = `domain` = the field in lower case ("finance",
"legal"); `objective` = the expert level ("expert", "non-expert"); `prompt.type` = the topic;
`query` = the final user turn (without its reference texts); form `short`, lang `en`. The
conversation, rubric, splits and metadata live in `extra` (`EXTRA_*` keys); the rubric is the
scorer's side and never reaches a system.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from anser_tui.benchmarks.prbench.records import RubricItem, Sample, Turn, read_sample
from anser_tui.core.errors import InputError
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

SPLITS = ("finance", "legal", "finance_hard", "legal_hard")
EXTRA_TURNS = "conversation"
EXTRA_RUBRIC = "rubric"
EXTRA_SPLITS = "splits"
EXTRA_POSITIONS = "split_positions"  # {split: 0-based position of the sample in its file}


def split_files(data_dir: Path) -> list[Path]:
    """The split files of the folder that are present, in split order."""
    return [p for s in SPLITS if (p := Path(data_dir) / f"{s}.jsonl").is_file()]


def _task(sample: Sample, seq: int, source: str, line: int) -> Task:
    group = sample.field.strip().lower()
    expert = (sample.expert or "").strip().lower().replace(" ", "-")
    query = next(t.text for t in reversed(sample.turns) if t.role == "user")
    return Task(
        id=sample.task, benchmark="prbench", group=group, form=Form.SHORT, lang="en",
        domain=group, objective=expert, number=None, seq=seq, source=source, line=line,
        prompt=TaskPrompt(id=sample.task, type=sample.topic, query=query),
        key=AnswerKey(),
        extra={"field": sample.field, "topic": sample.topic, "expert": sample.expert,
               **sample.meta,
               EXTRA_TURNS: [t.model_dump() for t in sample.turns],
               EXTRA_RUBRIC: [c.model_dump() for c in sample.rubric]})


def load_prbench(data_dir: Path) -> list[Task]:
    """Every sample of the folder's split files once, in order of first appearance."""
    files = split_files(data_dir)
    if not files:
        raise InputError(f"no PRBench split file here (expected one of "
                         f"{', '.join(s + '.jsonl' for s in SPLITS)})", data_dir)
    found: dict[str, tuple[Sample, Task]] = {}
    splits: dict[str, dict[str, int]] = {}
    for path in files:
        split = path.stem
        for position, (line, record) in enumerate(iter_jsonl(path)):
            sample = read_sample(record, path, line)
            if sample.task in found:
                first, task = found[sample.task]
                if split in splits[sample.task]:
                    raise InputError(f"task {sample.task} appears twice in {path.name} (first "
                                     f"on line {task.line})", path, line)
                if first != sample:
                    raise InputError(f"task {sample.task} differs from its record in "
                                     f"{task.source} line {task.line}", path, line)
            else:
                found[sample.task] = (sample, _task(sample, len(found), path.name, line))
                splits[sample.task] = {}
            splits[sample.task][split] = position
    tasks = []
    for task_id, (_, task) in found.items():
        extra = {**task.extra, EXTRA_SPLITS: list(splits[task_id]),
                 EXTRA_POSITIONS: splits[task_id]}
        tasks.append(task.model_copy(update={"extra": extra}))
    return tasks


def task_turns(task: Task) -> list[Turn]:
    """The conversation before the response under evaluation, as loaded."""
    return [Turn.model_validate(t) for t in task.extra[EXTRA_TURNS]]


def task_rubric_items(task: Task) -> list[RubricItem]:
    return [RubricItem.model_validate(c) for c in task.extra[EXTRA_RUBRIC]]


def task_splits(task: Task) -> tuple[str, ...]:
    return tuple(task.extra.get(EXTRA_SPLITS, ()))


def task_at(tasks: Iterable[Task], split: str, position: int) -> Task | None:
    """The task at `position` of `split`'s file (how evalscope numbers its samples)."""
    for task in tasks:
        if task.extra.get(EXTRA_POSITIONS, {}).get(split) == position:
            return task
    return None
