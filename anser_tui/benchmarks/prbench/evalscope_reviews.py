"""PRBench judgments from evalscope's review files.

evalscope writes `outputs/<timestamp>/reviews/<model>/prbench_<subset>.jsonl`, one reviewed
sample a line: `index` (the sample's position in its subset), `sample_score.score` with
`value` {clipped_score, normalized_score}, `status`, `explanation` and `metadata`
{weighted_points, positive_weight, negative_weight, criteria_met, rubric_count}. Accepted: one
such file, or a folder (the `outputs/` folder with one evaluation, an `outputs/<timestamp>/`
folder, its `reviews/` folder, or one model's folder) holding one model's files.

A review holds the sample's totals, not its per-criterion grades, so the judgment it becomes
has one whole-sample call whose raw text is the review's `sample_score` (JSON) and no marks;
`recorded_totals` reads the totals back for the scorer. Totals that disagree with the
workspace's rubric (criterion count, positive or negative weight) are bad input: another
dataset revision. A status other than "success" ("excluded", "parse_error", ...) is a failed
sample: status parse_error. evalscope judges each subset apart, so a sample in a full and a
hard split has two reviews; the first in split order is kept (the task is judged once), and a
second that disagrees is noted in its reason.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.prbench.loader import SPLITS, task_at
from anser_tui.benchmarks.prbench.review_files import review_files
from anser_tui.benchmarks.prbench.scores import SampleTotals
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import JudgeCall, Judgment, JudgmentStatus
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import Task

TOLERANCE = 1e-9
_FIGURES = ("weighted_points", "positive_weight", "negative_weight", "criteria_met",
            "rubric_count")


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _task_of(record: dict[str, Any], subset: str | None, tasks: Iterable[Task],
             by_id: Mapping[str, Task], path: Path, line: int) -> Task:
    sample_score = record.get("sample_score")
    meta = sample_score.get("sample_metadata") if isinstance(sample_score, dict) else None
    named = meta.get("task") if isinstance(meta, dict) else None
    if isinstance(named, str):
        if named not in by_id:
            raise InputError(f"task {named!r} is not in the workspace", path, line)
        return by_id[named]
    index = record.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        raise InputError("the review names no task and has no integer 'index'", path, line)
    if subset is None:
        raise InputError("the file name does not say the subset (prbench_<subset>.jsonl), "
                         "so its 'index' names no task", path, line)
    task = task_at(tasks, subset, index)
    if task is None:
        raise InputError(f"no sample at index {index} of split {subset} in the workspace",
                         path, line)
    return task


def _check(figures: dict[str, Any], rubric: Rubric, clipped: Any, path: Path, line: int
           ) -> None:
    pos = sum(c.weight for c in rubric.criteria if c.weight > 0)
    neg = sum(c.weight for c in rubric.criteria if c.weight < 0)
    for key, ours in (("rubric_count", len(rubric.criteria)), ("positive_weight", pos),
                      ("negative_weight", neg)):
        if abs(figures[key] - ours) > TOLERANCE:
            raise InputError(f"{key} {figures[key]} differs from the workspace's rubric "
                             f"({ours}): another dataset revision?", path, line)
    if not 0 <= figures["criteria_met"] <= len(rubric.criteria):
        raise InputError(f"criteria_met {figures['criteria_met']} is out of range", path, line)
    if _number(clipped) and abs(clipped - figures["weighted_points"] / pos) > TOLERANCE:
        raise InputError(f"clipped_score {clipped} is not weighted_points / positive_weight",
                         path, line)


def _judgment(record: dict[str, Any], task: Task, rubric: Rubric, run: str, model: str | None,
              path: Path, line: int) -> Judgment:
    sample_score = record.get("sample_score")
    if not isinstance(sample_score, dict) or not isinstance(sample_score.get("score"), dict):
        raise InputError("missing sample_score.score", path, line)
    score: dict[str, Any] = sample_score["score"]
    status = score.get("status", sample_score.get("status", "success"))
    explanation = score.get("explanation")
    explanation = explanation if isinstance(explanation, str) else None
    ok = status == "success"
    value = score.get("value")
    clipped = value.get("clipped_score") if isinstance(value, dict) else None
    if ok:
        figures = score.get("metadata") or {}
        missing = [k for k in _FIGURES if not _number(figures.get(k))]
        if missing:
            raise InputError(f"a successful review lacks {', '.join(missing)}", path, line)
        _check(figures, rubric, clipped, path, line)
    error = None if ok else f"evalscope status {status!r}: the sample's judging failed"
    jstatus = JudgmentStatus.OK if ok else JudgmentStatus.PARSE_ERROR
    call = JudgeCall(status=jstatus, raw=json.dumps(sample_score, ensure_ascii=False),
                     explanation=explanation, error=error)
    return Judgment(run=run, task_id=task.id, rubric_id=rubric.id, status=jstatus,
                    calls=(call,), score=float(clipped) if ok and isinstance(clipped, int | float)
                    else None,
                    reason=explanation, error=error, model=model,
                    source=f"import:evalscope:{path.name}")


def read_evalscope(path: Path, tasks_by_id: Mapping[str, Task], run: str,
                   rubric_of: Callable[[Task], Rubric]) -> list[Judgment]:
    """The judgments of evalscope review files (a file or a folder, as above)."""
    tasks = list(tasks_by_id.values())
    kept: dict[str, Judgment] = {}
    for model, subset, file in review_files(path, SPLITS):
        seen: set[str] = set()
        for line, record in iter_jsonl(file):
            task = _task_of(record, subset, tasks, tasks_by_id, file, line)
            if task.id in seen:
                raise InputError(f"task {task.id} is reviewed twice in this file", file, line)
            seen.add(task.id)
            judgment = _judgment(record, task, rubric_of(task), run, model, file, line)
            first = kept.get(task.id)
            if first is None:
                kept[task.id] = judgment
            elif (first.status, recorded_totals(first)) != (judgment.status,
                                                            recorded_totals(judgment)):
                note = (f"evalscope's {subset} review differs: {judgment.status.value}, "
                        f"clipped {judgment.score}")
                kept[task.id] = first.model_copy(update={
                    "reason": "; ".join(filter(None, (first.reason, note)))})
    if not kept:
        raise InputError("no reviewed samples found", path)
    return list(kept.values())


def recorded_totals(judgment: Judgment) -> SampleTotals | None:
    """The sample totals a whole-sample (evalscope) judgment recorded; None for any other or
    a failed one."""
    if judgment.status is not JudgmentStatus.OK or len(judgment.calls) != 1 \
            or judgment.calls[0].criterion is not None:
        return None
    try:
        figures = json.loads(judgment.calls[0].raw)["score"]["metadata"]
        return SampleTotals(float(figures["weighted_points"]), int(figures["criteria_met"]))
    except (ValueError, KeyError, TypeError):
        return None
