"""The human-corrected score by prediction-powered inference (DESIGN section 8): pure, no I/O.

Estimator (Angelopoulos, Bates, Fannjiang, Jordan, Zrnic, "Prediction-powered inference",
Science 382, 2023; the mean estimator): with the judge's scores f over all N judged items of a
scope and (human h, judge f) pairs on the n reviewed items,

    corrected = mean(f over all N) + mean(h - f over the n reviewed)
    95% CI    = corrected +- 1.96 * sqrt(var(f) / N + var(h - f) / n)

with sample variances (ddof=1). The reviewed items are among the N (the paper keeps its labelled
and unlabelled sets apart; with n much smaller than N the difference is small, and the
interval's coverage is checked by simulation in the tests). Valid only when the reviewed items
are a simple random sample of the N; a queue that is not (disagreement first, hand-picked) is
`random_sample=False`: the judge mean is given, the corrected mean and interval are None.

Stratified sample (`stratified_ppi_mean`, a random sample within each stratum, e.g. per group):
PPI per stratum, combined with weights w_h = N_h / N:
corrected = sum w_h * corrected_h, variance = sum w_h^2 * (var(f_h) / N_h + var(h - f_h) / n_h).
Every stratum needs a reviewed item for a corrected mean and two judged and two reviewed items
for the interval; otherwise they are None.

Stopping rule: the interval shrinks as 1 / sqrt(n), so reaching a target width from `width` at n
reviews needs about n * (width / target)^2 reviews: `reviews_needed` gives the ones still to do,
ceil(n * (width / target)^2) - n, floored at 0. `reviews_to_halve_ci` = reviews_needed(n, width,
width / 2) = 3n; None without an interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

Z_95 = 1.96  # the normal 97.5th percentile, rounded as DESIGN section 8 writes it


@dataclass(frozen=True)
class CorrectedMean:
    n_items: int
    n_reviewed: int
    judge_mean: float | None
    corrected_mean: float | None
    ci: tuple[float, float] | None
    random_sample: bool
    reviews_to_halve_ci: int | None

    def to_json(self) -> dict[str, Any]:
        """The DESIGN section 8 corrected entry without "scope" (the caller adds it)."""
        return {"n_items": self.n_items, "n_reviewed": self.n_reviewed,
                "judge_mean": self.judge_mean, "corrected_mean": self.corrected_mean,
                "ci": list(self.ci) if self.ci else None, "random_sample": self.random_sample,
                "reviews_to_halve_ci": self.reviews_to_halve_ci}


@dataclass(frozen=True)
class Stratum:
    """One stratum: the judge's scores on all its items, (human, judge) on its reviewed items."""

    judge_all: Sequence[float]
    reviewed: Sequence[tuple[float, float]]


def reviews_needed(n: int, width: float | None, target: float) -> int | None:
    """Reviews still needed to bring an interval of `width` at n reviews down to `target`."""
    if target <= 0:
        raise ValueError("the target width must be positive")
    if n < 2 or width is None or not math.isfinite(width):
        return None
    total = math.ceil(n * (width / target) ** 2 - 1e-9)  # 1e-9: no extra review for float noise
    return max(0, total - n)


def _parts(stratum: Stratum) -> tuple[float | None, float | None]:
    """(corrected mean, its variance) of a stratum with judged items; None where undefined."""
    f = np.asarray(stratum.judge_all, dtype=float)
    r = np.asarray([h - j for h, j in stratum.reviewed], dtype=float)
    if r.size == 0:
        return None, None
    corrected = float(f.mean()) + float(r.mean())
    if f.size < 2 or r.size < 2:
        return corrected, None
    return corrected, float(f.var(ddof=1)) / f.size + float(r.var(ddof=1)) / r.size


def _result(n_items: int, n_reviewed: int, judge_mean: float | None,
            corrected: float | None, variance: float | None) -> CorrectedMean:
    ci = None
    if corrected is not None and variance is not None:
        half = Z_95 * math.sqrt(variance)
        ci = (corrected - half, corrected + half)
    width = ci[1] - ci[0] if ci else None
    halve = reviews_needed(n_reviewed, width, width / 2) if width else None  # none for width 0
    return CorrectedMean(n_items, n_reviewed, judge_mean, corrected, ci, True, halve)


def ppi_mean(judge_all: Sequence[float], reviewed: Sequence[tuple[float, float]],
             random_sample: bool = True) -> CorrectedMean:
    """The judge mean and the PPI-corrected mean of one scope; `reviewed` is (human, judge)."""
    return stratified_ppi_mean([Stratum(judge_all, reviewed)], random_sample)


def stratified_ppi_mean(strata: Sequence[Stratum], random_sample: bool = True) -> CorrectedMean:
    """PPI per stratum, weighted by stratum size N_h / N (one stratum: plain PPI)."""
    n_items = sum(len(s.judge_all) for s in strata)
    n_reviewed = sum(len(s.reviewed) for s in strata)
    all_scores = [v for s in strata for v in s.judge_all]
    judge_mean = float(np.mean(all_scores)) if all_scores else None
    if not random_sample:
        return CorrectedMean(n_items, n_reviewed, judge_mean, None, None, False, None)
    if any(len(s.reviewed) > len(s.judge_all) for s in strata):
        raise ValueError("a stratum has more reviewed items than judged items")
    parts = [_parts(s) for s in strata if s.judge_all]
    weights = [len(s.judge_all) / n_items for s in strata if s.judge_all]
    if not parts or any(c is None for c, _ in parts):
        return _result(n_items, n_reviewed, judge_mean, None, None)
    corrected = sum(w * c for w, (c, _) in zip(weights, parts, strict=True) if c is not None)
    variances = [v for _, v in parts]
    variance = (None if any(v is None for v in variances) else
                sum(w * w * v for w, v in zip(weights, variances, strict=True) if v is not None))
    return _result(n_items, n_reviewed, judge_mean, corrected, variance)
