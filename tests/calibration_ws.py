"""Workspaces for the calibration tests: science tasks (one 0-4 rubric of four criteria), runs,
judgments with chosen marks, and sessions of chosen reviewers, designs and decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from judge_workspace import add_run, judge_workspace

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.review import ReviewSession
from anser_tui.workspace import Item, Judgment, JudgmentStatus, WorkspaceStore, add_judgments
from anser_tui.workspace.records import JudgeCall
from anser_tui.workspace.sessions import REVIEW, QueueEntry, insert_session

SCIENCE = RUBRICS["science_en"]  # conclusion .45, coverage .25, ground_truth_consistency .20,
KEYS = SCIENCE.keys              # format .10


def sci(i: int) -> str:
    return f"science_en_descriptive_{i}"


def marks(*values: int) -> dict[str, int]:
    """Science marks in rubric order (conclusion, coverage, ground_truth_consistency, format)."""
    return dict(zip(KEYS, values, strict=True))


def flat(value: int) -> dict[str, int]:
    return marks(value, value, value, value)


def science_workspace(root: Path, n: int, runs: Sequence[str] = ("sys-a",)) -> WorkspaceStore:
    answers = {sci(i): f"answer {i}" for i in range(1, n + 1)}
    path = judge_workspace(root, answers, n_science=n, run=runs[0])
    store = WorkspaceStore.open(path)
    for run in runs[1:]:
        add_run(store, root, run, answers)
    return store


def judge(store: WorkspaceStore, run: str, by_task: Mapping[str, Mapping[str, int]],
          score: Mapping[str, float] | None = None, created_at: str | None = None
          ) -> dict[str, Judgment]:
    """One ok judgment per task with these marks (score: the rubric's, unless given)."""
    stored = add_judgments(store, [
        Judgment(run=run, task_id=tid, rubric_id=SCIENCE.id, status=JudgmentStatus.OK,
                 marks=dict(m), score=(score or {}).get(tid, SCIENCE.score(m)),
                 reason=f"judge on {tid}", model="judge-model", created_at=created_at,
                 calls=(JudgeCall(status=JudgmentStatus.OK, raw=f"raw reply on {tid}"),))
        for tid, m in by_task.items()])
    return {j.task_id: j for j in stored}


def session(store: WorkspaceStore, reviewer: str, items: Sequence[Item], *, blind: bool = False,
            design: dict[str, Any] | None = None, probability: float | None = None,
            filters: dict[str, Any] | None = None, name: str | None = None) -> ReviewSession:
    """A review session over `items` with the sampling design given (default: task order,
    not a random sample), as the queue writes one."""
    name = name or f"{reviewer}-{store.conn.execute('SELECT COUNT(*) FROM sessions').fetchone()[0]}"
    sid, name = insert_session(
        store, reviewer=reviewer, name=name, purpose=REVIEW, blind=blind,
        order_by=(design or {}).get("order", "task"),
        design=design or {"order": "task", "random_sample": False},
        entries=[QueueEntry(it, probability) for it in items], filters=filters)
    return ReviewSession(store, sid, name, reviewer, blind, list(items))


def override_all(review: ReviewSession, values: Mapping[Item, Mapping[str, int]],
                 judgments: Mapping[str, Judgment] | None = None,
                 judge_visible: bool = True) -> None:
    for item, m in values.items():
        review.override(item, dict(m), (judgments or {}).get(item.task_id),
                        judge_visible=judge_visible)
