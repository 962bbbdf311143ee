"""Benchmark-neutral rubrics: criteria with a kind and a weight, and how marks aggregate.

An aggregate is named by what it computes:
- WEIGHTED_0_100: 0-4 criteria whose weights sum to 1, score = 100 * sum(w_i * d_i / 4);
- POINTS_OVER_POSITIVE: binary criteria with signed weights, score = the points of the met
  criteria over the sum of the positive weights (at most 1; below 0 when negative criteria
  outweigh), taken clipped to 0-1 as a fraction of its scale;
- BINARY_VERDICT: one binary criterion, 100 when met, else 0.
Judge marks and human marks are both {criterion key: value} under the same rubric.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class CriterionKind(StrEnum):
    SCALE_0_4 = "scale_0_4"
    BINARY = "binary"


class Aggregate(StrEnum):
    WEIGHTED_0_100 = "weighted_0_100"
    POINTS_OVER_POSITIVE = "points_over_positive"
    BINARY_VERDICT = "binary_verdict"

    def fraction(self, score: float | None) -> float | None:
        """A score as a fraction of its scale: a 0-100 score over 100, points clipped to 0-1."""
        if score is None:
            return None
        if self is Aggregate.POINTS_OVER_POSITIVE:
            return min(max(score, 0.0), 1.0)
        return score / 100.0

    def on_0_100(self, score: float | None) -> float | None:
        """A score on the 0-100 scale (points clipped to 0-1, times 100); None when there is
        none or it is off the scale."""
        if score is None:
            return None
        if self is Aggregate.POINTS_OVER_POSITIVE:
            score = 100.0 * min(1.0, max(0.0, score))
        return float(score) if 0.0 <= score <= 100.0 else None


class Criterion(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    label: str
    kind: CriterionKind = CriterionKind.SCALE_0_4
    weight: float
    category: str | None = None  # the criterion's category, where it has one (shown, reported by)
    description: str | None = None  # shown to the reviewer; never sent to the judge

    @property
    def max_value(self) -> int:
        return 4 if self.kind is CriterionKind.SCALE_0_4 else 1

    def valid(self, value: object) -> bool:
        if isinstance(value, bool):
            return self.kind is CriterionKind.BINARY
        return isinstance(value, int) and 0 <= value <= self.max_value


class Rubric(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    label: str
    criteria: tuple[Criterion, ...]
    aggregate: Aggregate = Aggregate.WEIGHTED_0_100

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.criteria)

    def score(self, marks: Mapping[str, int | bool]) -> float | None:
        """The aggregate score of complete marks; None when a criterion is missing or invalid."""
        if any(c.key not in marks or not c.valid(marks[c.key]) for c in self.criteria):
            return None
        if self.aggregate is Aggregate.WEIGHTED_0_100:
            return 100.0 * sum(c.weight * int(marks[c.key]) / 4 for c in self.criteria)
        if self.aggregate is Aggregate.POINTS_OVER_POSITIVE:
            points = sum(c.weight * int(marks[c.key]) for c in self.criteria)
            positive = sum(c.weight for c in self.criteria if c.weight > 0)
            return points / positive if positive else None
        return 100.0 if int(marks[self.criteria[0].key]) else 0.0
