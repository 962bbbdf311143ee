"""What the calibration screen shows, computed off the screen (plain Python, no Textual).

`calibration_view(store, runs, ...)` runs the calibration report and keeps the (judge, human)
pairs in review order (by the time of the human verdict each pair uses), so that the screen
can draw, for any scope and dimension:

- `confusion`: counts of (human value, judge value), the 0-100 score in five bins of 20 points,
  a number criterion in five equal bins of its range, a grade's values named by its levels
  (two levels of one value joined, "X/Y"; never the 0-4 values they are paired at);
- `bias_by_bin`: the signed bias (judge - human) per judge value (score, number: per bin);
- `over_review_order`: the cumulative agreement after each pair in review order (exact
  agreement on a 0-4, binary or grade scale, mean absolute error on the score and on a number
  criterion) and the width of its
  95% interval by the normal approximation (the report's bootstrap would be too slow per step).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from anser_tui.calibration.corrected_scores import DEFAULT_TARGET_WIDTH
from anser_tui.calibration.pairs import SCORE, CalibrationInputs, Pair
from anser_tui.calibration.report import CalibrationReport, calibration_report
from anser_tui.scoring.agreement_bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from anser_tui.scoring.corrected import Method
from anser_tui.workspace.rubric import Criterion, CriterionKind
from anser_tui.workspace.store import WorkspaceStore

SCORE_BINS = ("0-20", "20-40", "40-60", "60-80", "80-100")
_Z95 = 1.959964


def in_scope(pair: Pair, scope: str) -> bool:
    """Whether a pair counts in a scope ("all", "group:g", "run:r", "reviewer:x")."""
    kind, _, name = scope.partition(":")
    if kind == "group":
        return pair.group == name
    if kind == "run":
        return pair.item.run == name
    if kind == "reviewer":
        return pair.reviewer == name
    return kind == "all"


@dataclass(frozen=True)
class Bins:
    """One dimension's bins for the heat map and the bias plot: each a mark's value
    (`values`), or equal ranges of `width` from `low` (the last takes the top)."""

    labels: tuple[str, ...]
    values: tuple[float, ...] = ()
    low: float = 0.0
    width: float = 20.0

    def middle(self, index: int) -> float:
        """The value a bin stands at on a plot's axis (a range's middle)."""
        if self.values:
            return self.values[index]
        return self.low + (index + 0.5) * self.width if self.width > 0 else self.low

    def of(self, value: float) -> int:
        if self.values:
            return self.values.index(value)
        if self.width <= 0:
            return 0
        return max(0, min(int((value - self.low) // self.width), len(self.labels) - 1))


SCORE_RANGES = Bins(SCORE_BINS)
MARKS = {"binary": Bins(("0", "1"), (0.0, 1.0)),
         "scale_0_4": Bins(tuple("01234"), (0.0, 1.0, 2.0, 3.0, 4.0))}


def _grade_bins(criterion: Criterion) -> Bins:
    """A grade's paired values (4 times each level's value), named by their levels."""
    values = sorted({criterion.paired(lv.mark) for lv in criterion.levels})
    names = ["/".join(lv.mark for lv in criterion.levels if criterion.paired(lv.mark) == v)
             for v in values]
    return Bins(tuple(names), tuple(values))


def _number_bins(criterion: Criterion | None, pairs: Sequence[Pair]) -> Bins:
    """Five equal ranges of a number criterion's range (else of the values paired)."""
    seen = [v for p in pairs for v in (p.judge, p.human)]
    low = criterion.low if criterion is not None and criterion.low is not None else min(seen)
    high = criterion.high if criterion is not None and criterion.high is not None else max(seen)
    width = (high - low) / 5
    if width <= 0:
        return Bins((f"{low:g}",), low=low, width=0.0)
    return Bins(tuple(f"{low + i * width:g}-{low + (i + 1) * width:g}" for i in range(5)),
                low=low, width=width)


def bins_of(inputs: CalibrationInputs | None, pairs: Sequence[Pair], dimension: str) -> Bins:
    """The bins of `dimension` for its `pairs` (the rubric read through `inputs`)."""
    if dimension == SCORE or not pairs:
        return SCORE_RANGES if dimension == SCORE else MARKS["scale_0_4"]
    rubric = inputs.rubric(pairs[0].item.task_id) if inputs is not None else None
    criterion = next((c for c in rubric.criteria if c.key == dimension), None) \
        if rubric is not None else None
    if pairs[0].scale == "number":
        return _number_bins(criterion, pairs)
    if criterion is not None and criterion.kind is CriterionKind.GRADE:
        return _grade_bins(criterion)
    return MARKS["binary" if any(p.scale == "binary" for p in pairs) else "scale_0_4"]


@dataclass(frozen=True)
class Point:
    n: int
    agreement: float
    width: float | None  # None: one pair, no interval yet


@dataclass
class CalibrationView:
    report: CalibrationReport
    pairs: list[Pair]  # in review order
    inputs: CalibrationInputs | None = None  # the rubrics, for each dimension's bins

    @property
    def scopes(self) -> list[str]:
        """Every scope with a row, in report order."""
        return list(dict.fromkeys(r["scope"] for r in self.report.rows))

    @property
    def dimensions(self) -> list[str]:
        """Every dimension with a row, in report order ("score" first)."""
        return list(dict.fromkeys(r["dimension"] for r in self.report.rows))

    def row(self, scope: str, dimension: str) -> dict[str, object] | None:
        return next((r for r in self.report.rows
                     if r["scope"] == scope and r["dimension"] == dimension), None)

    def chosen(self, scope: str, dimension: str) -> list[Pair]:
        return [p for p in self.pairs if p.dimension == dimension and in_scope(p, scope)]

    def confusion(self, scope: str, dimension: str) -> tuple[list[str], list[list[int]]]:
        """(labels, counts[human bin][judge bin])."""
        pairs = self.chosen(scope, dimension)
        bins = bins_of(self.inputs, pairs, dimension)
        counts = [[0] * len(bins.labels) for _ in bins.labels]
        for p in pairs:
            counts[bins.of(p.human)][bins.of(p.judge)] += 1
        return list(bins.labels), counts

    def bias_by_bin(self, scope: str, dimension: str) -> list[tuple[str, int, float, float]]:
        """(judge bin, n, mean judge - human, the bin's value on the axis) for each bin with
        pairs."""
        pairs = self.chosen(scope, dimension)
        bins = bins_of(self.inputs, pairs, dimension)
        sums: dict[int, list[float]] = {}
        for p in pairs:
            sums.setdefault(bins.of(p.judge), []).append(p.judge - p.human)
        return [(bins.labels[b], len(d), sum(d) / len(d), bins.middle(b))
                for b, d in sorted(sums.items())]

    def measures_error(self, dimension: str) -> bool:
        """Whether `over_review_order` follows the mean absolute error (the score, a number
        criterion) rather than exact agreement."""
        return dimension == SCORE or any(p.scale == "number" for p in self.pairs
                                         if p.dimension == dimension)

    def over_review_order(self, scope: str, dimension: str) -> list[Point]:
        """The cumulative agreement after each pair, in review order."""
        out: list[Point] = []
        values: list[float] = []
        for p in self.chosen(scope, dimension):
            values.append(abs(p.judge - p.human) if self.measures_error(dimension)
                          else float(p.judge == p.human))
            n = len(values)
            mean = sum(values) / n
            width = None
            if n > 1:
                var = sum((v - mean) ** 2 for v in values) / (n - 1)
                width = 2 * _Z95 * math.sqrt(var / n)
            out.append(Point(n, mean, width))
        return out


def review_ordered(inputs: CalibrationInputs) -> list[Pair]:
    """The pairs in the order their human verdicts were made."""
    def when(p: Pair) -> tuple[str, int]:
        verdict = inputs.book.reviews[p.item][p.reviewer].human
        return (verdict.created_at or "", verdict.id or 0)

    return sorted(inputs.pairs(), key=when)


def calibration_view(store: WorkspaceStore, runs: Collection[str] | None = None, *,
                     seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES,
                     target_width: float = DEFAULT_TARGET_WIDTH,
                     method: Method | None = None) -> CalibrationView:
    """The report and the pairs in review order (slow: run it off the UI thread)."""
    inputs = CalibrationInputs(store, runs, calls=False)  # marks and scores alone
    report = calibration_report(store, runs, seed=seed, resamples=resamples,
                                target_width=target_width, method=method, inputs=inputs)
    return CalibrationView(report, review_ordered(inputs), inputs)
