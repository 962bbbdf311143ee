"""PRBench scores: per sample, and per split under a failure policy.

Per sample s with criteria j of weight w_j and grade g_j in {0, 1}:
points = sum g_j w_j (a met negative criterion subtracts); pos = the sum of the positive
weights; neg = the sum of the negative ones (<= 0); clipped = points / pos (not clipped per
sample: at most 1, possibly below 0); normalized = (points - neg) / (pos - neg), in [0, 1].
Per split: mean_clipped = max(0, mean of clipped) (the paper's primary score; the unclipped
mean is `raw_mean_clipped`), mean_normalized = mean of normalized. Every split is scored on its
own; a sample in two splits counts in each, and there is never a total across splits.

Failure policies (a failed grade: status parse_error, invalid or transport_error):
- `official` (PRBench's evals.py): a failed grade counts as not met; the sample stays.
- `evalscope`: a sample with any failed grade is excluded.
Under both, a sample without a judgment, or whose judgment holds only sample totals (an
evalscope import) and failed, has no score and is listed as excluded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from anser_tui.workspace.records import JudgeCall, Judgment, JudgmentStatus
from anser_tui.workspace.rubric import Rubric

OFFICIAL = "official"
EVALSCOPE = "evalscope"
POLICIES = (OFFICIAL, EVALSCOPE)
POLICY_TITLES = {
    OFFICIAL: "official policy: a failed call is not met",
    EVALSCOPE: "evalscope policy: a failed sample is excluded",
}
POLICY_NOTES = {
    OFFICIAL: "official policy: a failed judge call counts as not met; the sample stays",
    EVALSCOPE: "evalscope policy: a sample with a failed judge call is excluded",
}


@dataclass(frozen=True)
class SampleTotals:
    """What a judgment without per-criterion grades recorded for its sample (evalscope)."""

    points: float
    criteria_met: int


@dataclass(frozen=True)
class SampleScore:
    points: float
    pos: float
    neg: float
    clipped: float
    normalized: float
    criteria_met: int
    rubric_count: int

    def as_json(self) -> dict[str, float | int]:
        return {"points": self.points, "pos": self.pos, "neg": self.neg,
                "clipped": self.clipped, "normalized": self.normalized,
                "criteria_met": self.criteria_met, "rubric_count": self.rubric_count}


def score_points(rubric: Rubric, points: float, criteria_met: int) -> SampleScore:
    pos = math.fsum(c.weight for c in rubric.criteria if c.weight > 0)
    neg = math.fsum(c.weight for c in rubric.criteria if c.weight < 0)
    return SampleScore(points, pos, neg, points / pos, (points - neg) / (pos - neg),
                       criteria_met, len(rubric.criteria))


def score_grades(rubric: Rubric, grades: Mapping[str, int]) -> SampleScore:
    """The sample's score from complete grades {criterion: 0 | 1}."""
    points = math.fsum(c.weight * grades[c.key] for c in rubric.criteria)
    return score_points(rubric, points, sum(grades[c.key] for c in rubric.criteria))


def deciding_calls(judgment: Judgment) -> dict[str, JudgeCall]:
    """Per criterion, the call its mark stands on: the first successful call giving the
    judgment's mark, else the criterion's first call (a failed one). A criterion judged more
    than once (evalscope's judges and repeats) keeps every call; the mark is the judgment's."""
    out: dict[str, JudgeCall] = {}
    for call in judgment.calls:
        key = call.criterion
        if key is not None and (key not in out or (_stands(judgment, call)
                                                   and not _stands(judgment, out[key]))):
            out[key] = call
    return out


def _stands(judgment: Judgment, call: JudgeCall) -> bool:
    return (call.status is JudgmentStatus.OK and call.mark is not None
            and call.criterion is not None and judgment.marks.get(call.criterion) == call.mark)


def sample_score(rubric: Rubric, judgment: Judgment | None, policy: str,
                 totals: SampleTotals | None = None) -> SampleScore | None:
    """The sample's score under `policy`; None when the policy leaves it out. `totals`: what a
    judgment without per-criterion calls recorded (None for one that failed)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}")
    if judgment is None:
        return None
    calls = deciding_calls(judgment)
    if not calls:
        if judgment.status is JudgmentStatus.OK and totals is not None:
            return score_points(rubric, totals.points, totals.criteria_met)
        return None
    grades: dict[str, int] = {}
    for criterion in rubric.criteria:
        call = calls.get(criterion.key)
        if call is not None and call.status is JudgmentStatus.OK and call.mark is not None:
            grades[criterion.key] = call.mark
        elif policy == EVALSCOPE:
            return None
        else:
            grades[criterion.key] = 0
    return score_grades(rubric, grades)


@dataclass(frozen=True)
class SplitRow:
    """One split of one run under one policy: report JSON's `splits` entry."""

    policy: str
    split: str
    n_samples: int
    excluded: tuple[str, ...]
    samples: dict[str, SampleScore] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.samples)

    @property
    def raw_mean_clipped(self) -> float | None:
        values = [s.clipped for s in self.samples.values()]
        return math.fsum(values) / len(values) if values else None

    @property
    def mean_clipped(self) -> float | None:
        raw = self.raw_mean_clipped
        return None if raw is None else max(0.0, raw)

    @property
    def mean_normalized(self) -> float | None:
        values = [s.normalized for s in self.samples.values()]
        return math.fsum(values) / len(values) if values else None

    def as_json(self) -> dict[str, object]:
        return {"n_samples": self.n_samples, "n": self.n, "n_excluded": len(self.excluded),
                "excluded": list(self.excluded), "raw_mean_clipped": self.raw_mean_clipped,
                "mean_clipped": self.mean_clipped, "mean_normalized": self.mean_normalized,
                "samples": {t: s.as_json() for t, s in self.samples.items()}}


def split_rows(members: Mapping[str, Sequence[str]],
               scores: Mapping[str, Mapping[str, SampleScore | None]]) -> list[SplitRow]:
    """Rows per policy, then per split: `members` {split: task ids in order}, `scores`
    {policy: {task id: score or None (excluded)}}."""
    rows = []
    for policy in POLICIES:
        for split, task_ids in members.items():
            by_task = scores[policy]
            kept = {t: s for t in task_ids if (s := by_task.get(t)) is not None}
            rows.append(SplitRow(policy, split, len(task_ids),
                                 tuple(t for t in task_ids if t not in kept), kept))
    return rows
