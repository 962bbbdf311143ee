"""Benchmark-neutral rubrics: criteria with a kind and a weight, and how marks aggregate.

ANSER-Bench: five (four for science) 0-4 dimensions, score = 100 * sum(w_i * d_i / 4).
PRBench: weighted binary criteria, clipped points (points / positive weight).
AA-LCR: one binary verdict, 100 when correct.
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
    PRBENCH_POINTS = "prbench_points"
    BINARY_VERDICT = "binary_verdict"


class Criterion(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    label: str
    kind: CriterionKind = CriterionKind.SCALE_0_4
    weight: float
    category: str | None = None  # PRBench: the criterion's category (shown, reported by)
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
        if self.aggregate is Aggregate.PRBENCH_POINTS:
            points = sum(c.weight * int(marks[c.key]) for c in self.criteria)
            positive = sum(c.weight for c in self.criteria if c.weight > 0)
            return points / positive if positive else None
        return 100.0 if int(marks[self.criteria[0].key]) else 0.0
