"""AA-LCR runs and verdicts from evalscope's files (`outputs/<ts>/predictions|reviews/<model>/
aa_lcr_default.jsonl`, a file or a folder on that path: `evalscope_files`).

evalscope keeps no question id: a row's `index` is the question's row in the CSV, so it names
the workspace's question at that position (tasks in CSV order), and the row's question (or
answer key) must be that question's, else the file is bad input (another CSV). Predictions:
the answer is the message's text parts only. Reviews: every judge attempt becomes a call
kept with its `raw_response`, its parsed verdict and error; the verdict is the review's own
(`value.acc`, 1 CORRECT, 0 INCORRECT), and a review whose status is not "success" (evalscope
writes "excluded" with `value: {}` when its attempt failed to parse) is a failed judgment,
status parse_error, never a verdict. The review's `target` must be the workspace's answer key,
so the judgment records the workspace's dataset version.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.aalcr.judge import RUBRIC
from anser_tui.benchmarks.aalcr.verdicts import VERDICT, WORDS
from anser_tui.benchmarks.evalscope_files import output_files, prediction_answer, prediction_index
from anser_tui.core.errors import InputError
from anser_tui.core.text import ground_truth_text
from anser_tui.workspace.records import JudgeCall, Judgment, JudgmentStatus, RunOutput
from anser_tui.workspace.rubric import Mark
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import Task

BENCH, SUBSETS = "aa_lcr", ("default",)


def _rows(path: Path, part: str, tasks: Sequence[Task]
          ) -> list[tuple[str | None, Path, int, dict[str, Any], Task]]:
    by_row = {t.seq: t for t in tasks}
    found = []
    for model, _, file in output_files(path, part, BENCH, SUBSETS):
        seen: dict[int, int] = {}
        for line, record in iter_jsonl(file):
            index = prediction_index(record, file, line)
            if index in seen:
                raise InputError(f"index {index} appears twice (first on line {seen[index]})",
                                 file, line)
            seen[index] = line
            task = by_row.get(index)
            if task is None:
                raise InputError(f"index {index}: the workspace's CSV has no row {index}",
                                 file, line)
            found.append((model, file, line, record, task))
    if not found:
        raise InputError(f"no {part} found", path)
    return found


def read_predictions(path: Path, known: Callable[[str], bool], tasks: Sequence[Task]
                     ) -> list[tuple[int, RunOutput]]:
    outputs = []
    for _, file, line, record, task in _rows(path, "predictions", tasks):
        meta = record.get("metadata")
        question = meta.get("question") if isinstance(meta, dict) else None
        if not isinstance(question, str) or question.strip() != task.query.strip():
            raise InputError(f"row {record['index']} asks {question!r}, not question {task.id} "
                             "of the workspace (another CSV?)", file, line)
        outputs.append((line, RunOutput(task_id=task.id,
                                        answer=prediction_answer(record, file, line))))
    return outputs


def _call(attempt: dict[str, Any]) -> JudgeCall:
    parsed = attempt.get("parsed_value")
    parsed = parsed if isinstance(parsed, dict) else {}
    verdict = parsed.get("verdict")
    ok = attempt.get("status") == "success" and isinstance(verdict, str) and verdict in WORDS
    raw = attempt.get("raw_response")
    reason = parsed.get("reasoning")
    error = attempt.get("error")
    latency = attempt.get("latency")
    return JudgeCall(
        criterion=VERDICT, status=JudgmentStatus.OK if ok else JudgmentStatus.PARSE_ERROR,
        raw=raw if isinstance(raw, str) else "",
        mark=WORDS[verdict] if ok and isinstance(verdict, str) else None,
        explanation=reason if isinstance(reason, str) else None,
        error=None if ok else (error if isinstance(error, str) else
                               f"evalscope attempt status {attempt.get('status')!r}"),
        latency_s=float(latency) if isinstance(latency, int | float) else None)


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _judgment(record: dict[str, Any], task: Task, run: str, model: str | None, file: Path,
              line: int) -> Judgment:
    score = (record.get("sample_score") or {}).get("score")
    if not isinstance(score, dict):
        raise InputError("missing sample_score.score", file, line)
    target = record.get("target")
    keys = target if isinstance(target, list) else [target]
    if [ground_truth_text(k) for k in keys] != [ground_truth_text(task.ground_truth)]:
        raise InputError(f"judged against the answer key {target!r}, not question {task.id}'s "
                         "in the workspace (another dataset version?)", file, line)
    meta = _object(score.get("metadata"))
    attempts = [a for a in meta.get("judge_attempts") or [] if isinstance(a, dict)]
    calls = tuple(_call(a) for a in attempts)
    acc = _object(score.get("value")).get("acc")
    status = score.get("status")
    ok = status == "success" and isinstance(acc, int | float) and acc in (0, 1)
    error = None if ok else f"evalscope status {status!r}: the question's judging failed"
    marks: dict[str, Mark] = {VERDICT: int(acc)} if ok and acc is not None else {}
    reason = next((c.explanation for c in calls if c.explanation), None)
    judge_model = meta.get("model")
    return Judgment(
        run=run, task_id=task.id, rubric_id=RUBRIC.id,
        status=JudgmentStatus.OK if ok else JudgmentStatus.PARSE_ERROR, calls=calls,
        marks=marks, score=RUBRIC.score(marks), recomputed_score=RUBRIC.score(marks),
        reason=reason, error=error,
        model=judge_model if isinstance(judge_model, str) else model,
        source=f"import:evalscope:{file.name}",
        dataset_version=str(task.extra["dataset_version"]))


def read_reviews(path: Path, tasks_by_id: Mapping[str, Task], run: str) -> list[Judgment]:
    tasks = sorted(tasks_by_id.values(), key=lambda t: t.seq)
    return [_judgment(record, task, run, model, file, line)
            for model, file, line, record, task in _rows(path, "reviews", tasks)]
