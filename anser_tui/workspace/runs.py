"""Reading run files and reproducibility logs: one JSON object a line, checked whole.

One bad line rejects the file with its path and line number; nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.core.json_input import iter_jsonl
from anser_tui.workspace.records import LogRecord, RunOutput


def _task_id(record: dict[str, Any], path: Path, line: int,
             known: Callable[[str], bool]) -> str:
    value = record.get("id")
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not value.strip():
        raise InputError("missing string 'id'", path, line)
    if not known(value):
        raise InputError(f"task id {value!r} is not in the workspace's benchmark", path, line)
    return value


def _answer(record: dict[str, Any], path: Path, line: int) -> Any:
    """The answer: text, a number, a JSON object or a list of scalars; null for none given."""
    if "answer" not in record:
        raise InputError("missing 'answer' (write \"answer\": null for a task left "
                         "unanswered)", path, line)
    answer = record["answer"]
    if isinstance(answer, list) and any(isinstance(v, dict | list) for v in answer):
        raise InputError("'answer' must be text, a number or one JSON object, not a list of "
                         "objects", path, line)
    return answer


RetrievedCheck = Callable[[str, list[Any]], str | None]


def _retrieved(record: dict[str, Any], task_id: str, check: RetrievedCheck | None, path: Path,
               line: int) -> list[Any]:
    retrieved = record.get("retrieved_evidence")
    if retrieved is None:
        return []
    if not isinstance(retrieved, list):
        raise InputError("'retrieved_evidence' must be a list", path, line)
    problem = check(task_id, retrieved) if check is not None else None
    if problem is not None:
        raise InputError(problem, path, line)
    return retrieved


def read_run_file(path: Path, known: Callable[[str], bool],
                  check_retrieved: RetrievedCheck | None = None
                  ) -> list[tuple[int, RunOutput]]:
    """The outputs of a run file as (line, output), checked against the known task ids.

    `check_retrieved(task_id, retrieved)` is the benchmark's word on a task's retrieved
    evidence (`Benchmark.retrieved_problem`): each item must name an id as the scorer reads
    ids (a null or missing id is an error, not a silent miss); it returns the problem or None.
    """
    outputs: list[tuple[int, RunOutput]] = []
    first_line: dict[str, int] = {}
    for line, record in iter_jsonl(path):
        task_id = _task_id(record, path, line, known)
        if task_id in first_line:
            raise InputError(f"task {task_id} appears twice (first on line "
                             f"{first_line[task_id]})", path, line)
        first_line[task_id] = line
        retrieved = _retrieved(record, task_id, check_retrieved, path, line)
        answer = _answer(record, path, line)
        outputs.append((line, RunOutput(task_id=task_id, answer=answer, retrieved=retrieved)))
    if not outputs:
        raise InputError("the run file holds no outputs", path)
    return outputs


def _number(record: dict[str, Any], keys: tuple[str, ...], path: Path, line: int
            ) -> float | None:
    for key in keys:
        value = record.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            raise InputError(f"{key!r} must be a non-negative number", path, line)
        return float(value)
    return None


def _timestamp(value: Any, key: str, path: Path, line: int) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        raise InputError(f"{key!r} is not an ISO 8601 time: {value!r}", path, line) from None


def _usage(record: dict[str, Any], path: Path, line: int) -> tuple[float | None, float | None]:
    """Input and output tokens: top-level, in `usage`, or summed over `calls`."""
    inp = _number(record, ("input_tokens", "prompt_tokens"), path, line)
    out = _number(record, ("output_tokens", "completion_tokens"), path, line)
    if inp is not None or out is not None:
        return inp, out
    usage = record.get("usage") or record.get("token_usage")
    if isinstance(usage, dict):
        return _usage(usage, path, line)
    calls = record.get("calls") or []
    if not isinstance(calls, list):
        raise InputError("'calls' must be a list", path, line)
    totals: list[float | None] = [None, None]
    for call in calls:
        if not isinstance(call, dict):
            raise InputError("each entry of 'calls' must be an object", path, line)
        for i, value in enumerate(_usage(call, path, line)):
            if value is not None:
                totals[i] = (totals[i] or 0) + value
    return totals[0], totals[1]


def read_log_file(path: Path, known: Callable[[str], bool]) -> list[LogRecord]:
    """Per-task latency and tokens from a reproducibility log.

    Latency comes from `latency_s` (or `latency_ms`), else from `finished_at - started_at`.
    Several records for one task (a log a call) add up: tokens summed, latency spanning them.
    """
    spans: dict[str, list[Any]] = {}
    for line, record in iter_jsonl(path):
        task_id = _task_id(record, path, line, known)
        latency = _number(record, ("latency_s", "latency"), path, line)
        millis = _number(record, ("latency_ms",), path, line)
        if latency is None and millis is not None:
            latency = millis / 1000.0
        start = _timestamp(record.get("started_at"), "started_at", path, line)
        end = _timestamp(record.get("finished_at"), "finished_at", path, line)
        if latency is None and start is not None and end is not None:
            latency = (end - start).total_seconds()
            if latency < 0:
                raise InputError("'finished_at' is before 'started_at'", path, line)
        inp, out = _usage(record, path, line)
        entry = spans.setdefault(task_id, [None, None, None])
        for i, value in enumerate((latency, inp, out)):
            if value is not None:
                entry[i] = (entry[i] or 0) + value
    return [LogRecord(task_id=tid, latency_s=lat,
                      input_tokens=None if i is None else int(i),
                      output_tokens=None if o is None else int(o))
            for tid, (lat, i, o) in spans.items()]
