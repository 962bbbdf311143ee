"""Isotonic regression by pool-adjacent-violators (for `recalibrate --method remap`, DESIGN 15):
the non-decreasing step function of x that minimises the squared error to y, as
scikit-learn's `IsotonicRegression(increasing=True, out_of_bounds="clip")` fits it: equal x
values pooled first (their mean y, weighted by count), then adjacent blocks whose means
decrease merged until none do; between fitted points the function interpolates linearly, and
outside them it is clipped to the end values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class IsotonicFit:
    x: tuple[float, ...]  # the distinct x values, increasing
    y: tuple[float, ...]  # the fitted value at each

    def __call__(self, value: float) -> float:
        return float(np.interp(value, self.x, self.y))


def fit_isotonic(x: Sequence[float], y: Sequence[float]) -> IsotonicFit:
    """The isotonic fit of y on x (at least one point)."""
    if len(x) != len(y) or not x:
        raise ValueError("isotonic regression needs parallel, non-empty x and y")
    order = np.argsort(np.asarray(x, dtype=float), kind="stable")
    xs, ys = np.asarray(x, dtype=float)[order], np.asarray(y, dtype=float)[order]
    distinct, start = np.unique(xs, return_index=True)
    counts = np.diff(np.append(start, len(xs)))
    means = np.add.reduceat(ys, start) / counts
    blocks: list[list[float]] = []  # [sum of y, weight, number of distinct x pooled]
    for mean, weight in zip(means, counts, strict=True):
        blocks.append([float(mean) * float(weight), float(weight), 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, w, k = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += w
            blocks[-1][2] += k
    fitted = [b[0] / b[1] for b in blocks for _ in range(int(b[2]))]
    return IsotonicFit(tuple(float(v) for v in distinct), tuple(fitted))
