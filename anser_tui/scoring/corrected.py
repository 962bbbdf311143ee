"""The human-corrected score by prediction-powered inference (DESIGN section 8): pure, no I/O.

For one scope: the judge's scores f over all N judged items, and (human h, judge f) on the n
reviewed items, each with a weight w (the inverse of its inclusion probability; 1 for a simple
random sample), normalised to mean 1 as ppi_py does (w / sum(w) * n).

    corrected = lambda * mean(f over all N) + mean(w * (h - lambda * f) over the n reviewed)

Estimators (Angelopoulos, Bates, Fannjiang, Jordan, Zrnic, Science 2023; PPI++: Angelopoulos,
Duchi, Zrnic, arXiv:2311.01453):
- `classic`: lambda = 1.
- `ppi++` (the default): lambda tuned exactly as ppi-python 0.2.3's `ppi_mean_ci(lam=None)`
  does: with theta the lambda = 1 estimate, g = w (h - theta), g^ = w (f - theta) on the
  reviewed items and f - theta on all N, lambda = cov(g, g^) / ((1 + n/N) var(g^ and f - theta))
  (cov over n, var with ddof 1 over the n + N values), clipped to [0, 1]. Undefined (fewer than
  two reviews, or one judge score for every item): 1.

Interval (95%, z the normal 97.5th percentile):
- without the finite-population correction, ppi_py's: se^2 = sd(lambda f)^2 / N +
  sd(w (h - lambda f))^2 / n, standard deviations with ddof 0;
- with it (the default): the reviewed items are drawn without replacement from these N, whose
  judge mean is known exactly, so only the rectifier varies: se^2 = (1 - n/N) s^2 / n, s^2 the
  sample variance (ddof 1) of w (h - lambda f - m), m the weighted mean of h - lambda f (the
  weighted mean's linearisation; with equal weights, the rectifier's sample variance). At
  n = N the corrected mean is the human mean and the width is 0.

Stratified (`stratified_ppi_mean`): each stratum on its own (its own lambda), combined with
W_h = N_h / N; a stratum with no reviewed item leaves the corrected mean None, one with fewer
than two judged or reviewed items the interval None. A queue that is not a random sample
(`random_sample=False`) gets the judge mean only.

Stopping rule (`CorrectedMean.reviews_needed`): the smallest total n' in [n, N] whose projected
width is at most the target, the per-review variances and lambda held at their current values
and the n' - n new reviews shared among strata in proportion to their unreviewed items; the
reviews still needed are n' - n, at most N - n (N - n also when no n' <= N reaches the target,
as without the correction the judge's own term never shrinks).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from statistics import NormalDist
from typing import Any

import numpy as np

from anser_tui.scoring.student import t_quantile

Z_95 = NormalDist().inv_cdf(0.975)  # 1.959963984540054, as scipy's norm.ppf(0.975)


class Estimator(StrEnum):
    PPI_PLUS = "ppi++"
    CLASSIC = "classic"


@dataclass(frozen=True)
class Method:
    """How a corrected mean is computed: the estimator and the finite-population correction."""

    estimator: Estimator = Estimator.PPI_PLUS
    finite_population: bool = True


@dataclass(frozen=True)
class Stratum:
    """One stratum: the judge's scores on all its items, (human, judge) on its reviewed items,
    and their weights (inverse inclusion probabilities; None: all equal)."""

    judge_all: Sequence[float]
    reviewed: Sequence[tuple[float, float]]
    weights: Sequence[float] | None = None


@dataclass(frozen=True)
class Term:
    """A stratum's share of the variance, for projecting it to more reviews."""

    share: float  # W_h = N_h / N
    n_items: int
    n_reviewed: int
    finite: bool  # with the finite-population correction
    fixed: float  # the judge term (without the correction; 0 with it)
    per_review: float  # the rectifier variance per review
    ddof: int = 0  # > 0: Student's t with n - ddof degrees of freedom (one term); 0: normal


@dataclass(frozen=True)
class CorrectedMean:
    n_items: int
    n_reviewed: int
    judge_mean: float | None
    corrected_mean: float | None
    ci: tuple[float, float] | None
    random_sample: bool
    method: Method = field(default_factory=Method)
    lam: float | dict[str, float] | None = None  # a stratified mean: one per stratum
    terms: tuple[Term, ...] | None = field(default=None, repr=False, compare=False)

    @property
    def width(self) -> float | None:
        return self.ci[1] - self.ci[0] if self.ci else None

    def reviews_needed(self, target: float) -> int | None:
        """Reviews still needed for an interval of width `target` (None: no interval)."""
        if target <= 0:
            raise ValueError("the target width must be positive")
        width = self.width
        if width is None or self.terms is None:
            return None
        if width <= target + 1e-9:  # 1e-9: no extra review for float noise
            return 0
        left = self.n_items - self.n_reviewed
        lo, hi = 1, left  # the smallest number of extra reviews that reaches the target
        if projected_width(self.terms, left) > target + 1e-9:
            return left
        while lo < hi:
            mid = (lo + hi) // 2
            if projected_width(self.terms, mid) <= target + 1e-9:
                hi = mid
            else:
                lo = mid + 1
        return lo

    @property
    def reviews_to_halve_ci(self) -> int | None:
        width = self.width
        return self.reviews_needed(width / 2) if width else None  # none for width 0

    def to_json(self) -> dict[str, Any]:
        """The DESIGN section 8 corrected entry without "scope" (the caller adds it)."""
        return {"n_items": self.n_items, "n_reviewed": self.n_reviewed,
                "judge_mean": self.judge_mean, "corrected_mean": self.corrected_mean,
                "ci": list(self.ci) if self.ci else None, "random_sample": self.random_sample,
                "reviews_to_halve_ci": self.reviews_to_halve_ci,
                "estimator": self.method.estimator.value, "lambda": self.lam,
                "finite_population": self.method.finite_population}


def projected_width(terms: Sequence[Term], extra: int) -> float:
    """The interval's width after `extra` more reviews, shared by the strata's unreviewed."""
    left = sum(t.n_items - t.n_reviewed for t in terms)
    variance = 0.0
    for t in terms:
        n = t.n_reviewed + (extra * (t.n_items - t.n_reviewed) / left if left else 0.0)
        rectifier = t.per_review / n
        if t.finite:
            rectifier *= max(0.0, 1.0 - n / t.n_items)
        variance += t.share ** 2 * (t.fixed + rectifier)
    lost = terms[0].ddof if len(terms) == 1 else 0
    z = t_quantile(0.975, terms[0].n_reviewed + extra - lost) if lost else Z_95
    return 2 * z * math.sqrt(variance)


def tuned_lambda(human: np.ndarray, judge: np.ndarray, judge_all: np.ndarray,
                 w: np.ndarray) -> float:
    """PPI++'s lambda for the mean, as ppi_py 0.2.3 computes it (`w` normalised to mean 1)."""
    n, big_n = human.size, judge_all.size
    theta = judge_all.mean() + (w * (human - judge)).mean()
    grads, grads_hat = w * (human - theta), w * (judge - theta)
    cov = 2 * np.sum((grads - grads.mean()) * (grads_hat - grads_hat.mean())) / n
    var = np.var(np.concatenate([grads_hat, judge_all - theta]), ddof=1)
    if n < 2 or not var > 0:
        return 1.0
    return float(np.clip(cov / (2 * (1 + n / big_n) * var), 0.0, 1.0))


@dataclass(frozen=True)
class _Part:
    corrected: float | None
    lam: float
    term: Term | None  # None: no interval


def _part(stratum: Stratum, share: float, method: Method) -> _Part:
    f = np.asarray(stratum.judge_all, dtype=float)
    h = np.asarray([p[0] for p in stratum.reviewed], dtype=float)
    j = np.asarray([p[1] for p in stratum.reviewed], dtype=float)
    n, big_n = h.size, f.size
    if n == 0:
        return _Part(None, 1.0, None)
    w = np.ones(n) if stratum.weights is None else np.asarray(stratum.weights, dtype=float)
    w = w / w.sum() * n
    lam = 1.0 if method.estimator is Estimator.CLASSIC else tuned_lambda(h, j, f, w)
    rectifier = w * (h - lam * j)
    corrected = float((lam * f).mean() + rectifier.mean())
    if method.finite_population and n == big_n and np.allclose(w, 1.0):
        corrected = float(h.mean())  # every item reviewed: exactly the human mean
    if big_n < 2 or n < 2:
        return _Part(corrected, lam, None)
    if method.finite_population:  # the weighted mean's linearisation: w (r - mean)
        spread = w * (h - lam * j - rectifier.mean())
        term = Term(share, big_n, n, True, 0.0, float(spread.var(ddof=1)))
    else:
        term = Term(share, big_n, n, False, float((lam * f).var()) / big_n,
                     float(rectifier.var()))
    return _Part(corrected, lam, term)


def ppi_mean(judge_all: Sequence[float], reviewed: Sequence[tuple[float, float]],
             random_sample: bool = True, method: Method | None = None,
             weights: Sequence[float] | None = None) -> CorrectedMean:
    """The judge mean and the corrected mean of one scope; `reviewed` is (human, judge)."""
    result = stratified_ppi_mean([Stratum(judge_all, reviewed, weights)], random_sample,
                                 method)
    lam = result.lam
    return result if not isinstance(lam, dict) else CorrectedMean(
        result.n_items, result.n_reviewed, result.judge_mean, result.corrected_mean, result.ci,
        result.random_sample, result.method, next(iter(lam.values()), None), result.terms)


def stratified_ppi_mean(strata: Sequence[Stratum], random_sample: bool = True,
                        method: Method | None = None,
                        names: Sequence[str] | None = None) -> CorrectedMean:
    """Each stratum on its own, weighted by its size N_h / N (one stratum: plain PPI).
    `names` name the strata in the "lambda" entry (default: their positions)."""
    method = method or Method()
    n_items = sum(len(s.judge_all) for s in strata)
    n_reviewed = sum(len(s.reviewed) for s in strata)
    judge_mean = (float(np.concatenate([np.asarray(s.judge_all, dtype=float) for s in strata])
                        .mean()) if n_items else None)
    if not random_sample:
        return CorrectedMean(n_items, n_reviewed, judge_mean, None, None, False, method)
    if any(len(s.reviewed) > len(s.judge_all) for s in strata):
        raise ValueError("a stratum has more reviewed items than judged items")
    labels = list(names) if names is not None else [str(i) for i in range(len(strata))]
    kept = [(label, s) for label, s in zip(labels, strata, strict=True) if len(s.judge_all)]
    parts = [(label, _part(s, len(s.judge_all) / n_items, method)) for label, s in kept]
    lam = {label: p.lam for label, p in parts}
    if not parts or any(p.corrected is None for _, p in parts):
        return CorrectedMean(n_items, n_reviewed, judge_mean, None, None, True, method, lam)
    corrected = sum(len(s.judge_all) / n_items * (p.corrected or 0.0)
                    for (_, p), (_, s) in zip(parts, kept, strict=True))
    terms = tuple(p.term for _, p in parts if p.term is not None)
    if len(terms) < len(parts):
        return CorrectedMean(n_items, n_reviewed, judge_mean, corrected, None, True, method,
                             lam)
    half = projected_width(terms, 0) / 2
    return CorrectedMean(n_items, n_reviewed, judge_mean, corrected,
                         (corrected - half, corrected + half), True, method, lam, terms)
