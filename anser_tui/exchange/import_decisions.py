"""Human labels made elsewhere: `import-decisions WS FILE --reviewer R [--run NAME]`.

One JSON object a line: `{"id", "run", "marks", "reason_code", "comment"}` (and optionally
`"judge_visible"`). "run" may be left out when `--run` names it or the workspace has one run.
Every line is checked before anything is written (the file is rejected with its path and
line): a known task the judge scores, a run of the workspace, marks for every criterion of the
task's rubric with a valid value (an integer 0-4; 0/1 or false/true for a binary criterion)
and no other key, a reason code from the review screen's list, by name or by the digit the
screen shows for it (or null), a comment string (or null), one line per (run, task).

The labels become decisions of reviewer R (an accept where the marks are the judge's own, else
an override; scored from the marks as the judge is asked to score them) in one new session of
purpose "review" named `import:<file name>` (`#2`, `#3`, ... when that name is taken), in one
transaction, each naming the run's current judgment. Imported labels are blind
(`judge_visible` false: the person labelling elsewhere did not see this judge's marks) unless a
line says `"judge_visible": true`. The session is not a random sample (its design says so), so
its labels calibrate the judge but give no corrected score.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.workspace.decisions import append_decision, verdict_kind
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import current_judgments
from anser_tui.workspace.records import Decision, ReasonCode
from anser_tui.workspace.rubric import Criterion, CriterionKind, Mark, Rubric
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.sessions import (
    REVIEW,
    QueueEntry,
    insert_session,
)
from anser_tui.workspace.store import WorkspaceStore

_KEYS = {"id", "run", "marks", "reason_code", "comment", "judge_visible"}
_DIGITS = {str(i): c for i, c in enumerate(ReasonCode, start=1)}  # as the screen numbers them
_CODES = (", ".join(f"{d} {c.value}" for d, c in _DIGITS.items())
          + " (the digit, as the review screen numbers them, or the name)")


def _reason(value: Any, path: Path, line: int) -> ReasonCode | None:
    """A reason code given by name, or by the digit the review screen shows for it."""
    if value is None:
        return None
    text = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if isinstance(text, str) and text in _DIGITS:
        return _DIGITS[text]
    if isinstance(text, str) and text in {c.value for c in ReasonCode}:
        return ReasonCode(text)
    raise InputError(f"reason_code {value!r} is not one of: {_CODES}", path, line)


def _marks(value: Any, rubric: Rubric, path: Path, line: int) -> dict[str, Mark]:
    if not isinstance(value, dict):
        raise InputError("'marks' must be an object {criterion: value}", path, line)
    unknown = sorted(set(value) - set(rubric.keys))
    if unknown:
        raise InputError(f"marks name criteria not in rubric {rubric.id}: {', '.join(unknown)} "
                         f"(its criteria: {', '.join(rubric.keys)})", path, line)
    missing = [k for k in rubric.keys if k not in value]
    if missing:
        raise InputError(f"marks miss criteria of rubric {rubric.id}: {', '.join(missing)}",
                         path, line)
    for c in rubric.criteria:
        v = value[c.key]
        if not c.valid(v):
            raise InputError(f"mark {c.key}={v!r} is not {c.allowed()}", path, line)
    return {c.key: _stored(c, value[c.key]) for c in rubric.criteria}


def _stored(criterion: Criterion, value: Mark) -> Mark:
    """A valid mark as the workspace keeps it: 0-4 and binary marks as integers (true is 1),
    a grade's level and a number as given."""
    if criterion.kind in (CriterionKind.GRADE, CriterionKind.NUMBER):
        return value
    return int(value)


def _text(record: dict[str, Any], key: str, path: Path, line: int) -> str | None:
    value = record.get(key)
    if value is not None and not isinstance(value, str):
        raise InputError(f"'{key}' must be a string or null", path, line)
    return value


def read_decisions(store: WorkspaceStore, path: Path, reviewer: str, run: str | None = None
                   ) -> list[Decision]:
    """The file's labels as decisions (session id 0 until written); InputError on a bad line."""
    benchmark = benchmark_named(store.benchmark)
    runs = set(store.run_names())
    default_run = run if run is not None else (next(iter(runs)) if len(runs) == 1 else None)
    if run is not None:
        store.require_run(run)
    judgments = {r: current_judgments(store, r) for r in runs}
    seen: dict[Item, int] = {}
    out: list[Decision] = []
    for line, record in iter_jsonl(path):
        extra = sorted(set(record) - _KEYS)
        if extra:
            raise InputError(f"unknown keys {', '.join(extra)} (a line holds id, run, marks, "
                             "reason_code, comment, judge_visible)", path, line)
        task_id = record.get("id")
        if not isinstance(task_id, str) or not task_id.strip():
            raise InputError("missing string 'id'", path, line)
        if not store.has_task(task_id):
            raise InputError(f"task id {task_id!r} is not in the workspace's benchmark", path,
                             line)
        item_run = record.get("run", default_run)
        if item_run is None:
            raise InputError(f"missing 'run' (the workspace has runs {', '.join(sorted(runs))}; "
                             "or give --run)", path, line)
        if not isinstance(item_run, str) or item_run not in runs:
            raise InputError(f"no run {item_run!r} in the workspace", path, line)
        rubric = benchmark.rubric(store.task(task_id))
        if rubric is None:
            raise InputError(f"the LLM judge does not score {task_id}: nothing to label", path,
                             line)
        marks = _marks(record.get("marks"), rubric, path, line)
        code = _reason(record.get("reason_code"), path, line)
        comment = _text(record, "comment", path, line)
        visible = record.get("judge_visible", False)
        if not isinstance(visible, bool):
            raise InputError("'judge_visible' must be true or false", path, line)
        item = Item(item_run, task_id)
        if item in seen:
            raise InputError(f"{task_id} of run {item_run} is labelled twice (first on line "
                             f"{seen[item]})", path, line)
        seen[item] = line
        judgment = judgments[item_run].get(task_id)
        out.append(Decision(
            session_id=0, run=item_run, task_id=task_id, reviewer=reviewer,
            kind=verdict_kind(marks, judgment), marks=marks, score=rubric.human_score(marks),
            reason_code=code,
            comment=comment, judge_visible=visible,
            judgment_uid=judgment.uid if judgment else None))
    if not out:
        raise InputError("the file holds no decisions", path)
    return out


def import_decisions(store: WorkspaceStore, path: Path, reviewer: str,
                     run: str | None = None) -> tuple[str, int]:
    """Import the file's labels as one session of `reviewer`; (session name, decisions)."""
    path = Path(path)
    if not reviewer.strip():
        raise InputError("give a non-empty --reviewer")
    decisions = read_decisions(store, path, reviewer, run)
    with store.transaction():
        session_id, name = insert_session(
            store, reviewer=reviewer, name_base=f"import:{path.name}", purpose=REVIEW,
            blind=False, order_by="import",
            design={"order": "import", "source": str(path.resolve()),
                    "n_queued": len(decisions), "random_sample": False},
            entries=[QueueEntry(Item(d.run, d.task_id)) for d in decisions])
        for d in decisions:
            append_decision(store, d.model_copy(update={"session_id": session_id}))
    return name, len(decisions)
