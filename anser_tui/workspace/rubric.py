"""Benchmark-neutral rubrics: criteria with a kind and a weight, and how marks aggregate.

A criterion's kind says what its marks are (`Mark`), stored as the reviewer gives them:
- SCALE_0_4: an integer 0-4; BINARY: 1 met / 0 not met;
- GRADE: one of the criterion's named levels (`Level`: the mark as written, e.g. "C", what it
  means, and its fraction of full credit), typed by its place in the list (1 the first);
- NUMBER: a real number within the criterion's range [low, high].
Each mark has a fraction of the criterion's full credit (`Criterion.fraction`: d / 4, the
verdict, the level's value, (x - low) / (high - low)) and a value on the scale calibration
pairs it on (`Criterion.paired`: the 0-4 scale for 0-4 and grade criteria, a grade at 4 times
its level's value; 0/1 for binary; the number itself).

An aggregate is named by what it computes:
- WEIGHTED_0_100: criteria whose weights sum to 1, score = 100 * sum(w_i * fraction_i) (for
  0-4 criteria, 100 * sum(w_i * d_i / 4));
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
from functools import lru_cache
from typing import TypeGuard

from anser_tui.core.record import Record

Mark = int | float | str  # a 0-4 or 0/1 integer, a grade's level ("C"), a number


class CriterionKind(StrEnum):
    SCALE_0_4 = "scale_0_4"
    BINARY = "binary"
    GRADE = "grade"
    NUMBER = "number"


class Level(Record):
    """One named level of a grade criterion."""

    mark: str  # the mark as written and stored, e.g. "C"
    label: str  # what it means, e.g. "correct"
    value: float  # its fraction of full credit, 0..1


def _exact(value: float) -> Fraction:
    """A number as the decimal it is written as (0.1 is 1/10), exactly."""
    return Fraction(value) if isinstance(value, int) else Fraction(repr(float(value)))


def is_number(value: object) -> TypeGuard[int | float]:
    """A finite real number (a boolean is not one)."""
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value))


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


class Criterion(Record):
    """One criterion of a rubric: its key, label, kind, weight and levels."""

    key: str
    label: str
    kind: CriterionKind = CriterionKind.SCALE_0_4
    weight: float
    category: str | None = None  # the criterion's category, where it has one (shown, reported by)
    description: str | None = None  # shown to the reviewer; never sent to the judge
    levels: tuple[Level, ...] = ()  # a grade's levels, in the order they are typed
    low: float | None = None  # a number's range
    high: float | None = None

    @property
    def max_value(self) -> int:
        return 4 if self.kind is CriterionKind.SCALE_0_4 else 1

    def level(self, value: object) -> Level | None:
        return next((lv for lv in self.levels if lv.mark == value), None)

    def valid(self, value: object) -> bool:
        if self.kind is CriterionKind.GRADE:
            return isinstance(value, str) and self.level(value) is not None
        if self.kind is CriterionKind.NUMBER:
            return is_number(value) and (self.low is None or self.low <= value) \
                and (self.high is None or value <= self.high)
        if isinstance(value, bool):
            return self.kind is CriterionKind.BINARY
        return isinstance(value, int) and 0 <= value <= self.max_value

    def allowed(self) -> str:
        """The marks the criterion takes, in words (for a message)."""
        if self.kind is CriterionKind.GRADE:
            return "one of " + ", ".join(lv.mark for lv in self.levels)
        if self.kind is CriterionKind.NUMBER:
            return f"a number in {self.range_text()}"
        return "an integer 0-4" if self.kind is CriterionKind.SCALE_0_4 else "an integer 0 or 1"

    def range_text(self) -> str:
        low = "…" if self.low is None else f"{self.low:g}"
        high = "…" if self.high is None else f"{self.high:g}"
        return f"{low}..{high}"

    def fraction(self, value: Mark) -> Fraction | None:
        """A valid mark's fraction of full credit, exactly; None where the range is empty."""
        if self.kind is CriterionKind.GRADE:
            level = self.level(value)
            return None if level is None else _exact(level.value)
        if self.kind is CriterionKind.NUMBER:
            if self.low is None or self.high is None or self.high <= self.low:
                return None
            low = _exact(self.low)
            return (_exact(float(value)) - low) / (_exact(self.high) - low)
        return Fraction(int(value), self.max_value)

    def paired(self, value: Mark) -> float:
        """A valid mark's value on the scale calibration pairs it on (see above)."""
        if self.kind is CriterionKind.GRADE:
            level = self.level(value)
            return 4.0 * level.value if level is not None else math.nan
        return float(value) if self.kind is CriterionKind.NUMBER else float(int(value))


class Rubric(Record):
    """The criteria a judge marks a task by, and how their marks make a score."""

    id: str
    label: str
    criteria: tuple[Criterion, ...]
    aggregate: Aggregate = Aggregate.WEIGHTED_0_100
    decimals: int | None = None  # a human's score is given at this precision (None: exact)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.criteria)

    def score(self, marks: Mapping[str, Mark]) -> float | None:
        """The aggregate score of complete marks, computed exactly; None when a criterion is
        missing or invalid."""
        exact = self._exact(marks)
        return None if exact is None else float(exact)

    def human_score(self, marks: Mapping[str, Mark]) -> float | None:
        """A human's score of complete marks: the aggregate as the judge is asked to give it,
        rounded half away from zero to the rubric's `decimals` (DESIGN 8)."""
        exact = self._exact(marks)
        return None if exact is None else at_precision(exact, self.decimals)

    def _exact(self, marks: Mapping[str, Mark]) -> Fraction | None:
        values = tuple(marks.get(c.key) for c in self.criteria)
        shape = tuple((c.kind, c.weight) for c in self.criteria)
        if all(kind in _INTEGER_KINDS for kind, _ in shape):
            if not all(isinstance(v, int) for v in values):  # missing, or no integer: invalid
                return None
            return _integer_score(self.aggregate, shape, tuple((type(v), v) for v in values))
        if any(v is None or not c.valid(v) for c, v in zip(self.criteria, values, strict=True)):
            return None
        fractions = tuple(c.fraction(marks[c.key]) for c in self.criteria)
        return _combine(self.aggregate, tuple(w for _, w in shape), fractions, values)


_INTEGER_KINDS = (CriterionKind.SCALE_0_4, CriterionKind.BINARY)


@lru_cache(maxsize=1 << 14)
def _integer_score(aggregate: Aggregate, shape: tuple[tuple[CriterionKind, float], ...],
                   values: tuple[tuple[type, int], ...]) -> Fraction | None:
    """The exact score of integer marks ((type, value) each: True is valid for a binary
    criterion only) under criteria of integer kinds ((kind, weight) each), as
    `Criterion.valid` and `Criterion.fraction` make it. A pure function of these values, so
    remembered: a rubric's marks take few distinct values, and the exact arithmetic was most
    of the judge runner's CPU per reply, which it scores twice."""
    fractions = []
    for (kind, _), (kind_of_value, value) in zip(shape, values, strict=True):
        top = 4 if kind is CriterionKind.SCALE_0_4 else 1
        if (kind_of_value is bool and kind is not CriterionKind.BINARY) \
                or not 0 <= value <= top:
            return None
        fractions.append(Fraction(int(value), top))
    return _combine(aggregate, tuple(w for _, w in shape), tuple(fractions),
                    tuple(v for _, v in values))


def _combine(aggregate: Aggregate, weights: tuple[float, ...],
             fractions: tuple[Fraction | None, ...], values: tuple[Mark | None, ...]
             ) -> Fraction | None:
    """The aggregate of valid marks (`values`, their `fractions` of full credit), exactly,
    each weight the decimal it is written as."""
    if aggregate is Aggregate.WEIGHTED_0_100:
        if any(f is None for f in fractions):
            return None
        return 100 * sum((_exact(w) * f for w, f in zip(weights, fractions, strict=True)
                          if f is not None), Fraction(0))
    points = [(_exact(w), int(v)) for w, v in zip(weights, values, strict=True)
              if v is not None]
    if aggregate is Aggregate.POINTS_OVER_POSITIVE:
        positive = sum(w for w, _ in points if w > 0)
        total = sum(w * v for w, v in points)
        return Fraction(total, positive) if positive else None
    return Fraction(100 if points[0][1] else 0)


def at_precision(value: Fraction | float, decimals: int | None) -> float:
    """`value` rounded half away from zero to `decimals` places (None: as it is), exactly."""
    if decimals is None:
        return float(value)
    exact = value if isinstance(value, Fraction) else Fraction(repr(value))
    scale = 10 ** decimals
    return math.copysign(math.floor(abs(exact) * scale + Fraction(1, 2)) / scale, exact)
