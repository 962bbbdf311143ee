"""Benchmark-neutral rubrics: criteria with a kind and a weight, and how marks aggregate.

ANSER-Bench: five (four for science) 0-4 dimensions, score = 100 * sum(w_i * d_i / 4).
PRBench: weighted binary criteria, clipped points (points / positive weight).
AA-LCR: one binary verdict, 100 when correct.
Judge marks and human marks are both {criterion key: value} under the same rubric. Scores are
computed exactly; a human's is given at the rubric's precision (`decimals`: the one its judge
prompt asks for, rounded half away from zero), so the judge's own marks give the judge's score.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction

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
    decimals: int | None = None  # a human's score is given at this precision (None: exact)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.criteria)

    def score(self, marks: Mapping[str, int | bool]) -> float | None:
        """The aggregate score of complete marks, computed exactly; None when a criterion is
        missing or invalid."""
        exact = self._exact(marks)
        return None if exact is None else float(exact)

    def human_score(self, marks: Mapping[str, int | bool]) -> float | None:
        """A human's score of complete marks: the aggregate as the judge is asked to give it,
        rounded half away from zero to the rubric's `decimals` (DESIGN 8)."""
        exact = self._exact(marks)
        return None if exact is None else at_precision(exact, self.decimals)

    def _exact(self, marks: Mapping[str, int | bool]) -> Fraction | None:
        if any(c.key not in marks or not c.valid(marks[c.key]) for c in self.criteria):
            return None
        weights = [(Fraction(str(c.weight)), int(marks[c.key])) for c in self.criteria]
        if self.aggregate is Aggregate.WEIGHTED_0_100:
            return 100 * sum((w * v / 4 for w, v in weights), Fraction(0))
        if self.aggregate is Aggregate.PRBENCH_POINTS:
            positive = sum((w for w, _ in weights if w > 0), Fraction(0))
            points = sum((w * v for w, v in weights), Fraction(0))
            return points / positive if positive else None
        return Fraction(100 if weights[0][1] else 0)


def at_precision(value: Fraction | float, decimals: int | None) -> float:
    """`value` rounded half away from zero to `decimals` places (None: as it is), exactly."""
    if decimals is None:
        return float(value)
    exact = value if isinstance(value, Fraction) else Fraction(repr(value))
    scale = 10 ** decimals
    return math.copysign(math.floor(abs(exact) * scale + Fraction(1, 2)) / scale, exact)
