"""What the calibration screen shows, computed off the screen (plain Python, no Textual).

`calibration_view(store, runs, ...)` runs the calibration report and keeps the (judge, human)
pairs in review order (by the time of the human verdict each pair uses), so that the screen
can draw, for any scope and dimension:

- `confusion`: counts of (human value, judge value), the 0-100 score in five bins of 20 points;
- `bias_by_bin`: the signed bias (judge - human) per judge value (score: per 20-point bin);
- `over_review_order`: the cumulative agreement after each pair in review order (exact
  agreement on a 0-4 or binary scale, mean absolute error on the score) and the width of its
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


def bin_of(pair_value: float, dimension: str) -> int:
    """The heat map's and the bias plot's bin: the value itself (marks), a 20-point bin
    (the score; 100 falls in the last)."""
    if dimension == SCORE:
        return min(int(pair_value // 20), len(SCORE_BINS) - 1)
    return int(pair_value)


def bin_labels(pairs: Sequence[Pair], dimension: str) -> list[str]:
    if dimension == SCORE:
        return list(SCORE_BINS)
    binary = any(p.scale == "binary" for p in pairs)
    return ["0", "1"] if binary else ["0", "1", "2", "3", "4"]


@dataclass(frozen=True)
class Point:
    n: int
    agreement: float
    width: float | None  # None: one pair, no interval yet


@dataclass
class CalibrationView:
    report: CalibrationReport
    pairs: list[Pair]  # in review order

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
        labels = bin_labels(pairs, dimension)
        counts = [[0] * len(labels) for _ in labels]
        for p in pairs:
            counts[bin_of(p.human, dimension)][bin_of(p.judge, dimension)] += 1
        return labels, counts

    def bias_by_bin(self, scope: str, dimension: str) -> list[tuple[str, int, float]]:
        """(judge bin, n, mean judge - human) for each bin with pairs."""
        pairs = self.chosen(scope, dimension)
        labels = bin_labels(pairs, dimension)
        sums: dict[int, list[float]] = {}
        for p in pairs:
            sums.setdefault(bin_of(p.judge, dimension), []).append(p.judge - p.human)
        return [(labels[b], len(d), sum(d) / len(d)) for b, d in sorted(sums.items())]

    def over_review_order(self, scope: str, dimension: str) -> list[Point]:
        """The cumulative agreement after each pair, in review order."""
        out: list[Point] = []
        values: list[float] = []
        for p in self.chosen(scope, dimension):
            values.append(abs(p.judge - p.human) if dimension == SCORE
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
    report = calibration_report(store, runs, seed=seed, resamples=resamples,
                                target_width=target_width, method=method)
    return CalibrationView(report, review_ordered(CalibrationInputs(store, runs)))
