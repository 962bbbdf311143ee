"""Benchmark-neutral rubrics: criteria with a kind and a weight, and how marks aggregate.

An aggregate is named by what it computes:
- WEIGHTED_0_100: 0-4 criteria whose weights sum to 1, score = 100 * sum(w_i * d_i / 4);
- POINTS_OVER_POSITIVE: binary criteria with signed weights, score = the points of the met
  criteria over the sum of the positive weights (at most 1; below 0 when negative criteria
  outweigh), taken clipped to 0-1 as a fraction of its scale;
- BINARY_VERDICT: one binary criterion, 100 when met, else 0.
Judge marks and human marks are both {criterion key: value} under the same rubric.
Scores are computed exactly; a human's is given at the rubric's precision (`decimals`: the one
its judge prompt asks for, rounded half away from zero), so the judge's own marks give the
judge's score.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum
from fractions import Fraction
from functools import cache

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
    model_config = ConfigDict(frozen=True, defer_build=True)

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
    model_config = ConfigDict(frozen=True, defer_build=True)

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
        """The score as an exact fraction, in integer arithmetic over the weights' common
        denominator (one Fraction made per score: the judge runner scores every reply twice)."""
        if any(c.key not in marks or not c.valid(marks[c.key]) for c in self.criteria):
            return None
        parts = [_decimal(c.weight) for c in self.criteria]
        common = math.lcm(*(d for _, d in parts))
        weights = [(n * (common // d), int(marks[c.key]))
                   for (n, d), c in zip(parts, self.criteria, strict=True)]
        if self.aggregate is Aggregate.WEIGHTED_0_100:
            return Fraction(100 * sum(w * v for w, v in weights), 4 * common)
        if self.aggregate is Aggregate.POINTS_OVER_POSITIVE:
            positive = sum(w for w, _ in weights if w > 0)
            points = sum(w * v for w, v in weights)
            return Fraction(points, positive) if positive else None
        return Fraction(100 if weights[0][1] else 0)


@cache
def _decimal(weight: float) -> tuple[int, int]:
    """A weight as the exact fraction its shortest decimal writes (0.45 is 9/20)."""
    exact = Fraction(str(weight))
    return exact.numerator, exact.denominator


def at_precision(value: Fraction | float, decimals: int | None) -> float:
    """`value` rounded half away from zero to `decimals` places (None: as it is), exactly."""
    if decimals is None:
        return float(value)
    exact = value if isinstance(value, Fraction) else Fraction(repr(value))
    scale = 10 ** decimals
    return math.copysign(math.floor(abs(exact) * scale + Fraction(1, 2)) / scale, exact)
