"""The PRBench report of one run: a row per (policy, split), from the current judgments.

The run's "scores" are the tasks as the scorer needs them (`PrbenchItem`: id, splits, rubric):
PRBench has no automatic metric, so everything is the judge's. The rows are the judge's
values (human review of criteria feeds calibration, not this report).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from anser_tui.benchmarks.prbench.evalscope_reviews import recorded_totals
from anser_tui.benchmarks.prbench.loader import SPLITS
from anser_tui.benchmarks.prbench.scores import (
    POLICIES,
    SampleScore,
    SplitRow,
    sample_score,
    split_rows,
)
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.rubric import Rubric


@dataclass(frozen=True)
class PrbenchItem:
    """A task of the run as the report needs it."""

    task_id: str
    splits: tuple[str, ...]
    rubric: Rubric


def build_rows(items: Sequence[PrbenchItem], judgments: Mapping[str, Judgment]
               ) -> list[SplitRow]:
    """Rows under each policy for each split that has tasks, in split order."""
    members: dict[str, list[str]] = {s: [] for s in SPLITS}
    for item in items:
        for split in item.splits:
            members.setdefault(split, []).append(item.task_id)
    members = {s: ids for s, ids in members.items() if ids}
    scores: dict[str, dict[str, SampleScore | None]] = {p: {} for p in POLICIES}
    for item in items:
        judgment = judgments.get(item.task_id)
        totals = recorded_totals(judgment) if judgment is not None else None
        for policy in POLICIES:
            scores[policy][item.task_id] = sample_score(item.rubric, judgment, policy, totals)
    return split_rows(members, scores)
