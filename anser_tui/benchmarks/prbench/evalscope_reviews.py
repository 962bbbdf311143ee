"""PRBench judgments from evalscope's review files.

evalscope writes `outputs/<timestamp>/reviews/<model>/prbench_<subset>.jsonl`, one reviewed
sample a line: `index` (the sample's position in its subset), `sample_score.score` with
`value` {clipped_score, normalized_score}, `status`, `explanation` and `metadata`
{weighted_points, positive_weight, negative_weight, criteria_met, rubric_count,
judge_attempts}. Accepted: one such file, or a folder (the `outputs/` folder with one
evaluation, an `outputs/<timestamp>/` folder, its `reviews/` folder, or one model's folder)
holding one model's files.

Each criterion is judged apart, and the review keeps every attempt (`evalscope_attempts`): the
judgment has one call per attempt, each of its criterion and kept with its raw_response, and
the marks of the primary pass; its score is the review's clipped_score, its recomputed score
the marks' (equal for one judge and one repeat; with several passes evalscope's value is
their mean, which the reason says); its model the primary pass's judge. A status other than
evalscope's usable ones (success, degraded, fallback), such as "excluded" or "parse_error",
is a failed sample: status parse_error (transport_error where an attempt failed in
transport), no score, never a verdict; its successful criteria stay verdicts of those
criteria, as in a judgment of ours with one failed call. Totals that disagree with the
workspace's rubric (criterion count, positive or negative weight) or with the primary pass's
marks are bad input: another dataset revision. A review without judge attempts (evalscope
before per-criterion attempts) holds the sample's totals only: one whole-sample call whose raw
text is the review's `sample_score` and no marks; `recorded_totals` reads them back for the
scorer. evalscope judges each subset apart, so a sample in a full and a hard split has two
reviews; the first in split order is kept (the task is judged once), and a second that
disagrees is noted in its reason.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.prbench.evalscope_attempts import passes, primary_pass
from anser_tui.benchmarks.prbench.loader import SPLITS, task_at
from anser_tui.benchmarks.prbench.review_files import review_files
from anser_tui.benchmarks.prbench.scores import SampleTotals
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import JudgeCall, Judgment, JudgmentStatus
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import Task

TOLERANCE = 1e-9
USABLE = ("success", "degraded", "fallback")  # evalscope's usable statuses (is_usable)
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


def _check(figures: dict[str, Any], rubric: Rubric, path: Path, line: int) -> None:
    pos = sum(c.weight for c in rubric.criteria if c.weight > 0)
    neg = sum(c.weight for c in rubric.criteria if c.weight < 0)
    for key, ours in (("rubric_count", len(rubric.criteria)), ("positive_weight", pos),
                      ("negative_weight", neg)):
        if abs(figures[key] - ours) > TOLERANCE:
            raise InputError(f"{key} {figures[key]} differs from the workspace's rubric "
                             f"({ours}): another dataset revision?", path, line)
    if not 0 <= figures["criteria_met"] <= len(rubric.criteria):
        raise InputError(f"criteria_met {figures['criteria_met']} is out of range", path, line)


def _check_clipped(clipped: Any, figures: dict[str, Any], rubric: Rubric, path: Path,
                   line: int) -> None:
    """One pass's value is its weighted points over the positive weight."""
    pos = sum(c.weight for c in rubric.criteria if c.weight > 0)
    if _number(clipped) and abs(clipped - figures["weighted_points"] / pos) > TOLERANCE:
        raise InputError(f"clipped_score {clipped} is not weighted_points / positive_weight",
                         path, line)


def _primary_judge(score: dict[str, Any]) -> str | None:
    summary = score.get("judge_summary")
    models = summary.get("judge_models") if isinstance(summary, dict) else None
    return models[0] if isinstance(models, list) and models and isinstance(models[0], str) \
        else None


def _per_criterion(score: dict[str, Any], attempts: list[dict[str, Any]], ok: bool,
                   clipped: Any, rubric: Rubric, path: Path, line: int) -> dict[str, Any]:
    """The judgment's fields from the review's judge attempts (see above)."""
    found = passes(attempts, rubric, path, line)
    chosen = primary_pass(found, rubric, _primary_judge(score))
    marks = chosen.marks if chosen is not None else {}
    calls = tuple(c for p in found for c in p.calls)
    notes = []
    if ok:
        if chosen is None or not chosen.complete(rubric):
            raise InputError("a successful review holds no pass that judged every criterion",
                             path, line)
        figures = score["metadata"]
        points = math.fsum(c.weight * marks[c.key] for c in rubric.criteria)
        if abs(points - figures["weighted_points"]) > TOLERANCE \
                or sum(marks.values()) != figures["criteria_met"]:
            raise InputError(f"the judge attempts give {points:g} points and "
                             f"{sum(marks.values())} criteria met, the review "
                             f"{figures['weighted_points']:g} and {figures['criteria_met']}",
                             path, line)
        complete = [p for p in found if p.complete(rubric)]
        if len(complete) == 1:
            _check_clipped(clipped, figures, rubric, path, line)
        else:
            notes.append(f"evalscope's value is the mean of {len(complete)} judge passes; the "
                         f"marks are the primary pass's (judge {chosen.judge}, repeat "
                         f"{chosen.repeat})")
        status = JudgmentStatus.OK
    else:
        failed = [c.status for c in calls if c.status is not JudgmentStatus.OK]
        status = (JudgmentStatus.TRANSPORT_ERROR if JudgmentStatus.TRANSPORT_ERROR in failed
                  else JudgmentStatus.PARSE_ERROR)
    errors = [f"{c.criterion}: {c.error}" for c in calls if c.error]
    return {"status": status, "calls": calls, "marks": marks,
            "recomputed_score": rubric.score(marks), "notes": notes, "errors": errors,
            "judge": chosen.judge if chosen is not None and chosen.judge else None}


def _totals_only(sample_score: dict[str, Any], explanation: str | None, ok: bool,
                 error: str | None) -> dict[str, Any]:
    """A review without judge attempts: one whole-sample call, no marks."""
    status = JudgmentStatus.OK if ok else JudgmentStatus.PARSE_ERROR
    call = JudgeCall(status=status, raw=json.dumps(sample_score, ensure_ascii=False),
                     explanation=explanation, error=error)
    return {"status": status, "calls": (call,), "marks": {}, "recomputed_score": None,
            "notes": [], "errors": [], "judge": None}


def _judgment(record: dict[str, Any], task: Task, rubric: Rubric, run: str, model: str | None,
              path: Path, line: int) -> Judgment:
    sample_score = record.get("sample_score")
    if not isinstance(sample_score, dict) or not isinstance(sample_score.get("score"), dict):
        raise InputError("missing sample_score.score", path, line)
    score: dict[str, Any] = sample_score["score"]
    status = score.get("status", sample_score.get("status", "success"))
    explanation = score.get("explanation")
    explanation = explanation if isinstance(explanation, str) else None
    ok = status in USABLE
    value = score.get("value")
    clipped = value.get("clipped_score") if isinstance(value, dict) else None
    if ok:
        figures = score.get("metadata") or {}
        missing = [k for k in _FIGURES if not _number(figures.get(k))]
        if missing:
            raise InputError(f"a successful review lacks {', '.join(missing)}", path, line)
        _check(figures, rubric, path, line)
    error = None if ok else f"evalscope status {status!r}: the sample's judging failed"
    meta = score.get("metadata")
    attempts = meta.get("judge_attempts") if isinstance(meta, dict) else None
    if isinstance(attempts, list) and attempts:
        fields = _per_criterion(score, [a for a in attempts if isinstance(a, dict)], ok,
                                clipped, rubric, path, line)
    else:
        if ok:
            _check_clipped(clipped, score["metadata"], rubric, path, line)
        fields = _totals_only(sample_score, explanation, ok, error)
    reason = "; ".join(filter(None, (explanation, *fields["notes"]))) or None
    return Judgment(run=run, task_id=task.id, rubric_id=rubric.id, status=fields["status"],
                    calls=fields["calls"], marks=fields["marks"],
                    score=float(clipped) if ok and isinstance(clipped, int | float) else None,
                    recomputed_score=fields["recomputed_score"], reason=reason,
                    error="; ".join(filter(None, (error, *fields["errors"]))) or None,
                    model=fields["judge"] or model, source=f"import:evalscope:{path.name}")


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
            elif (first.status, first.marks, recorded_totals(first)) != (
                    judgment.status, judgment.marks, recorded_totals(judgment)):
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
