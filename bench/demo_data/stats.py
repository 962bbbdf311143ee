"""The demo's derived numbers: association statistics and seeded financial figures.

Association statistics back the structured legal predictive ground truths. Binary outcomes:
the two outcome rates, the odds ratio (Haldane correction on a zero cell) and Fisher's exact
two-sided p-value. Continuous outcomes: the two group medians, their difference and a seeded
percentile-bootstrap 95% interval. Option A: significant positive association, B: significant
negative association, C: no significant association.
"""

from __future__ import annotations

import random
from math import comb
from statistics import median
from typing import Any

BOOTSTRAP_RESAMPLES = 2000


def _option(significant: bool, positive: bool) -> str:
    if not significant:
        return "C"
    return "A" if positive else "B"


def fisher_exact_p(a: int, b: int, c: int, d: int) -> float:
    """Two-sided Fisher exact p-value of the 2x2 table [[a, b], [c, d]]."""
    row1, row2, col1 = a + b, c + d, a + c
    total = comb(row1 + row2, col1)

    def prob(x: int) -> float:
        return comb(row1, x) * comb(row2, col1 - x) / total

    observed = prob(a)
    low, high = max(0, col1 - row2), min(row1, col1)
    tail = sum(p for x in range(low, high + 1) if (p := prob(x)) <= observed * (1 + 1e-7))
    return min(1.0, tail)


def binary_association(cohort: list[tuple[bool, bool]]) -> dict[str, Any]:
    """Ground truth of a binary outcome Y against a factor X over (x, y) pairs."""
    a = sum(1 for x, y in cohort if x and y)
    b = sum(1 for x, y in cohort if x and not y)
    c = sum(1 for x, y in cohort if not x and y)
    d = sum(1 for x, y in cohort if not x and not y)
    if 0 in (a, b, c, d):
        odds_ratio = (a + 0.5) * (d + 0.5) / ((b + 0.5) * (c + 0.5))
    else:
        odds_ratio = a * d / (b * c)
    p_value = fisher_exact_p(a, b, c, d)
    return {
        "option": _option(p_value < 0.05, odds_ratio > 1),
        "n": len(cohort),
        "rate_x": round(a / (a + b), 3),
        "rate_not_x": round(c / (c + d), 3),
        "odds_ratio": round(odds_ratio, 2),
        "p_value": round(p_value, 4),
    }


def continuous_association(cohort: list[tuple[bool, float]], seed: int) -> dict[str, Any]:
    """Ground truth of a continuous outcome Y against a factor X over (x, y) pairs."""
    with_x = [y for x, y in cohort if x]
    without_x = [y for x, y in cohort if not x]
    rng = random.Random(seed)
    differences = sorted(
        median(rng.choices(with_x, k=len(with_x)))
        - median(rng.choices(without_x, k=len(without_x)))
        for _ in range(BOOTSTRAP_RESAMPLES)
    )
    low = differences[int(0.025 * BOOTSTRAP_RESAMPLES)]
    high = differences[int(0.975 * BOOTSTRAP_RESAMPLES) - 1]
    median_x, median_not_x = float(median(with_x)), float(median(without_x))
    return {
        "option": _option(low > 0 or high < 0, low > 0),
        "n": len(cohort),
        "median_x": median_x,
        "median_not_x": median_not_x,
        "median_difference": median_x - median_not_x,
        "ci_95": [float(low), float(high)],
    }


def compounded(base: float, growth: tuple[float, ...], years: int) -> float:
    """`base` grown by the first `years` yearly growth rates."""
    value = base
    for rate in growth[:years]:
        value *= 1 + rate
    return value


class Jitter:
    """Perturbs figures by at most 0.3%, seeded, so they read like reported numbers."""

    def __init__(self, seed: int, digits: int) -> None:
        self._rng = random.Random(seed)
        self._digits = digits

    def __call__(self, value: float) -> float:
        return round(value * (1 + self._rng.uniform(-0.003, 0.003)), self._digits)
