"""The ANSER-Bench loader: a folder in the README layout -> tasks placed in group and form."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.anser.evidence_ids import shapes, unnamed_item
from anser_tui.benchmarks.anser.groups import GROUPS, GroupSpec
from anser_tui.benchmarks.jsonpos import iter_json_array
from anser_tui.core.errors import InputError
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

_NUMBER = re.compile(r"(\d+)\s*$")
_SYSTEM_FIELDS = {"id", "type", "query", "instruction"}
_SCORER_FIELDS = {"ground_truth", "evidence"}


class AnserLayout:
    """Where the parts of an ANSER-Bench folder are. `root` holds benchmark/ and corpora/."""

    def __init__(self, root: Path):
        root = Path(root)
        if not (root / "benchmark").is_dir() and any(
            (root / d).is_dir() for d in ("legal", "finance", "science")
        ):
            raise InputError("give the folder that holds benchmark/ and corpora/", root)
        self.root = root
        self.benchmark = root / "benchmark"
        self.corpora = root / "corpora"

    def task_file(self, group: GroupSpec) -> Path:
        return self.benchmark / group.file


def task_number(task_id: str) -> int | None:
    """The trailing number of a task id: `finance_zh_descriptive_13` -> 13."""
    match = _NUMBER.search(task_id)
    return int(match.group(1)) if match else None


def _task(group: GroupSpec, raw: Any, path: Path, rel: str, line: int, seq: int) -> Task:
    if not isinstance(raw, dict):
        raise InputError("a task must be a JSON object", path, line)
    task_id = raw.get("id")
    if not isinstance(task_id, str) or not task_id.strip():
        given = "no 'id'" if task_id is None else f"'id' {json.dumps(task_id)}"
        raise InputError(f"a task needs a string 'id' such as \"{group.name}_1\" ({given})",
                         path, line)
    if not isinstance(raw.get("query"), str):
        raise InputError(f"task {task_id} has no string 'query'", path, line)
    if "evidence" in raw and raw["evidence"] is not None and not isinstance(raw["evidence"], list):
        raise InputError(f"task {task_id}: 'evidence' must be a list", path, line)
    number = task_number(task_id)
    declared = raw.get("form")
    try:
        form_field = Form(declared) if declared is not None else None
    except ValueError:
        raise InputError(f"task {task_id}: unknown form {declared!r}", path, line) from None
    spec = group.range_for(number, form_field)
    if spec is None:
        raise InputError(
            f"task {task_id}: question number {number} is outside {group.name}'s ranges "
            "and the task has no 'form' field", path, line)
    from pydantic import ValidationError  # the records validate with it (loaded when used)

    try:
        prompt = TaskPrompt(id=task_id, type=raw.get("type"), query=raw["query"],
                            instruction=raw.get("instruction") or "")
        key = AnswerKey(ground_truth=raw.get("ground_truth"), evidence=raw.get("evidence") or [])
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        raise InputError(f"task {task_id}: {field}: {first['msg']}", path, line) from None
    bad = unnamed_item(key.evidence, spec.evidence)
    if bad is not None:
        raise InputError(f"task {task_id}: gold evidence item {bad} names no id "
                         f"({json.dumps(key.evidence[bad - 1], ensure_ascii=False)[:80]}; "
                         f"{group.name} reads {shapes(spec.evidence)})", path, line)
    extra = {k: v for k, v in raw.items() if k not in _SYSTEM_FIELDS | _SCORER_FIELDS}
    return Task(id=task_id, benchmark="anser", group=group.name, form=spec.form,
                lang=group.lang, domain=group.domain, objective=group.objective, number=number,
                seq=seq, source=rel, line=line, prompt=prompt, key=key, extra=extra)


def load_anser(root: Path) -> list[Task]:
    """Every task in the task files present under `root/benchmark`, in README order.

    A partial benchmark loads what is there; no task file at all, a malformed file or a
    duplicate id is an InputError naming the file and line.
    """
    layout = AnserLayout(root)
    tasks: list[Task] = []
    seen: dict[str, str] = {}
    for group in GROUPS:
        path = layout.task_file(group)
        if not path.is_file():
            continue
        rel = f"benchmark/{group.file}"
        for line, raw in iter_json_array(path):
            task = _task(group, raw, path, rel, line, len(tasks))
            if task.id in seen:
                raise InputError(f"duplicate task id {task.id} (also in {seen[task.id]})",
                                 path, line)
            seen[task.id] = rel
            tasks.append(task)
    if not tasks:
        raise InputError("no ANSER-Bench task files found under benchmark/", layout.benchmark)
    return tasks
