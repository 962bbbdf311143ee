"""What `anser-tui export` writes: every decision, the calibration set, the adjudicated scores.

- decisions (JSONL): every event of the decision log in (created_at, local id) order, with its
  session's name, uid and purpose and whether its queue item was a recheck; "id" is the task.
- calibration-set (JSONL): one line per item whose settled human value (the adjudication
  policy's: an adjudicator's verdict, or the reviewers' agreed one) differs from the judge's in
  a mark or in the score, among items the judge scored: the task fields (id, group, form,
  type, query, instruction, ground_truth; gold evidence is not part of a judge's input and is
  left out), the run's answer, the judge's output (marks, score, reason, status, model, raw
  reply), the human marks and score, the reason code, the comment, the reviewers. Items in
  dispute have no settled value yet and are left out until adjudicated.
- adjudicated (JSONL or CSV): one record per item the judge scored or a human decided: the
  judge's score, the adjudicated score (as the report averages it), its standing ("judge",
  "reviewed", "agreed", "disputed", "adjudicated"), the reviewers and the human marks.

A human's score is written at its rubric's precision (an integer where the judge prompt asks
for one), however it was stored: no float noise such as 62.500000000000014.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Collection, Iterator
from functools import cache
from typing import Any

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.calibration.adjudication import Settlement, Standing, settle
from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.review.session_rows import load_sessions
from anser_tui.workspace.decisions import all_decisions
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import usable_score
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.rubric import Rubric, at_precision
from anser_tui.workspace.store import WorkspaceStore

ADJUDICATED_COLUMNS = ("run", "id", "group", "form", "judge_score", "adjudicated_score",
                       "standing", "reviewers", "human_marks")


def human_score(rubric: Rubric | None, value: float | None) -> float | int | None:
    """A human's score as exported: at the rubric's precision (an int for whole points)."""
    if value is None or rubric is None or rubric.decimals is None:
        return value
    rounded = at_precision(value, rubric.decimals)
    return int(rounded) if rubric.decimals == 0 else rounded


def _rubric_of(store: WorkspaceStore) -> Callable[[str], Rubric | None]:
    benchmark = benchmark_named(store.benchmark)
    return cache(lambda task_id: benchmark.rubric(store.task(task_id))
                 if store.has_task(task_id) else None)


def jsonl(records: Iterator[dict[str, Any]] | list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def decision_records(store: WorkspaceStore) -> Iterator[dict[str, Any]]:
    sessions = load_sessions(store)
    recheck = {(sid, e.item) for sid, s in sessions.items() for e in s.items if e.recheck}
    rubric = _rubric_of(store)
    for d in sorted(all_decisions(store), key=lambda d: (d.created_at or "", d.id or 0)):
        session = sessions.get(d.session_id)
        yield {"uid": d.uid, "session": session.name if session else None,
               "session_uid": session.uid if session else None,
               "purpose": session.purpose if session else None,
               "recheck": (d.session_id, Item(d.run, d.task_id)) in recheck,
               "reviewer": d.reviewer, "run": d.run, "id": d.task_id, "kind": d.kind.value,
               "marks": d.marks, "score": human_score(rubric(d.task_id), d.score),
               "reason_code": d.reason_code.value if d.reason_code else None,
               "comment": d.comment, "judge_visible": d.judge_visible,
               "judgment_uid": d.judgment_uid, "target_uid": d.target_uid,
               "time_spent_s": d.time_spent_s, "created_at": d.created_at}


def _comment(inputs: CalibrationInputs, s: Settlement) -> str | None:
    if s.standing is Standing.ADJUDICATED:
        found = [s.decision.comment] if s.decision and s.decision.comment else []
    else:
        verdicts = inputs.book.reviews.get(s.item, {})
        found = list(dict.fromkeys(v.comment for v in verdicts.values() if v.comment))
    return "\n".join(found) or None


def _disagrees(s: Settlement, judgment: Judgment) -> bool:
    decision = s.decision
    if decision is None:
        return False
    score = usable_score(judgment)
    return decision.marks != judgment.marks or (
        decision.score is not None and score is not None and abs(decision.score - score) > 1e-9)


def calibration_set(store: WorkspaceStore, runs: Collection[str] | None = None
                    ) -> Iterator[dict[str, Any]]:
    inputs = CalibrationInputs(store, runs)
    for item, s in settle(inputs.book).items():
        judgment = inputs.judgments.get(item)
        task = inputs.tasks.get(item.task_id)
        if (judgment is None or task is None or not judgment.marks
                or s.standing is Standing.DISPUTED or not _disagrees(s, judgment)):
            continue
        output = store.output(item.run, item.task_id)
        decision = s.decision
        assert decision is not None
        code = decision.reason_code or next(
            (v.verdict.reason_code for v in inputs.book.reviews.get(item, {}).values()
             if v.verdict.reason_code), None)
        yield {"id": task.id, "run": item.run, "group": task.group, "form": task.form.value,
               "type": task.prompt.type, "query": task.query, "instruction": task.instruction,
               "ground_truth": task.ground_truth,
               "answer": output.answer if output else None,
               "judge": {"marks": judgment.marks, "score": judgment.score,
                         "reason": judgment.reason, "status": judgment.status.value,
                         "model": judgment.model, "raw": judgment.raw},
               "human_marks": decision.marks,
               "human_score": human_score(inputs.rubric(item.task_id), decision.score),
               "reason_code": code.value if code else None, "comment": _comment(inputs, s),
               "reviewers": list(s.reviewers), "standing": s.standing.value}


def adjudicated_records(store: WorkspaceStore, runs: Collection[str] | None = None
                        ) -> list[dict[str, Any]]:
    inputs = CalibrationInputs(store, runs)
    settled = settle(inputs.book)
    order = {tid: i for i, tid in enumerate(inputs.tasks)}
    items = [*inputs.judgments, *(it for it in settled if it not in inputs.judgments)]
    items = sorted({it for it in items if it.task_id in inputs.tasks},
                   key=lambda it: (inputs.runs.index(it.run), order[it.task_id]))
    out = []
    for item in items:
        judgment = inputs.judgments.get(item)
        judge = usable_score(judgment) if judgment else None
        s = settled.get(item)
        human = human_score(inputs.rubric(item.task_id), s.score) if (
            s and s.standing is not Standing.DISPUTED) else None
        if judge is None and human is None:
            continue
        task = inputs.tasks[item.task_id]
        out.append({"run": item.run, "id": item.task_id, "group": task.group,
                    "form": task.form.value, "judge_score": judge,
                    "adjudicated_score": human if human is not None else judge,
                    "standing": s.standing.value if s else "judge",
                    "reviewers": list(s.reviewers) if s else [],
                    "human_marks": s.decision.marks if s and s.decision else None})
    return out


def adjudicated_csv(records: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, ADJUDICATED_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for r in records:
        writer.writerow({**r, "judge_score": "" if r["judge_score"] is None else r["judge_score"],
                         "reviewers": ";".join(r["reviewers"]),
                         "human_marks": "" if r["human_marks"] is None
                         else json.dumps(r["human_marks"], ensure_ascii=False)})
    return out.getvalue()
