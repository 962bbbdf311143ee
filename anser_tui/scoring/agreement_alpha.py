"""Krippendorff's alpha with missing marks (DESIGN section 8), numpy only.

Computed as the `krippendorff` package (0.6 and later) computes it, and checked against it in
the tests: the coincidence matrix o of the pairable values (units with two or more marks; a unit
with one mark contributes nothing), expected coincidences e = (n_c n_k - [c = k] n_c) / (n - 1),
and alpha = 1 - sum(o * d) / sum(e * d) with the level's distance d:

- nominal: 1 where the values differ;
- interval: (c - k)^2 on the values themselves (computed in closed form, the same sums without
  the V x V matrices, so continuous scores with many distinct values stay cheap);
- ordinal: (sum of n_g for g from c to k - (n_c + n_k) / 2)^2 over the ordered domain, where n_g
  counts the pairable marks of value g (a domain value no one used has n_g = 0).

`domain` is the scale (`value_domain` in the package): for ordinal data its order is the scale's;
for interval data any domain containing the values gives the same alpha, so it defaults to the
values seen. A value outside the domain is a ValueError (the package's behaviour). Undefined is
None, never NaN: no unit with two marks, or no disagreement expected (every pairable mark equal).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

from anser_tui.scoring.agreement_coefficients import FloatArray, label_indices

Level = Literal["nominal", "ordinal", "interval"]
Mark = float | int | None


def _distances(domain: FloatArray, n_v: FloatArray, level: Level) -> FloatArray:
    if level == "nominal":
        return (domain[:, None] != domain[None, :]).astype(float)
    idx = np.arange(domain.size)
    lo, hi = np.minimum.outer(idx, idx), np.maximum.outer(idx, idx)
    cum = np.r_[0.0, np.cumsum(n_v)]
    between = cum[hi + 1] - cum[lo]
    return np.asarray((between - (n_v[:, None] + n_v[None, :]) / 2.0) ** 2, dtype=float)


def _squared_pairs(values: FloatArray) -> float:
    """Sum over ordered pairs i != j of (v_i - v_j)^2, i.e. 2 m sum (v - mean)^2."""
    return 2.0 * values.size * float(((values - values.mean()) ** 2).sum())


def _interval_alpha(pooled: FloatArray, sizes: npt.NDArray[np.int64]) -> float | None:
    """The interval level in closed form (no V x V matrices for continuous scores): the same
    sum(o * d) and sum(e * d) as the coincidence matrices give with d = (c - k)^2."""
    if pooled.max() == pooled.min():
        return None
    # each unit's sum of squared pairs, 2 m sum (v - unit mean)^2, for all units at once
    unit = np.repeat(np.arange(sizes.size), sizes)
    counts = sizes.astype(float)
    means = np.bincount(unit, weights=pooled) / counts
    spread = np.bincount(unit, weights=(pooled - means[unit]) ** 2)
    observed = float((2.0 * counts * spread / (counts - 1.0)).sum())
    expected = _squared_pairs(pooled) / (pooled.size - 1)
    return 1.0 - observed / expected


def _marks(units: Sequence[Sequence[Mark]] | FloatArray
           ) -> tuple[FloatArray, npt.NDArray[np.int64]]:
    """(marks, sizes): every mark present, in unit order, and each unit's count of them. A
    units x coders float array (NaN where a coder did not mark) is read whole; other tables a
    row at a time."""
    if isinstance(units, np.ndarray):
        table = np.asarray(units, dtype=float)
        table = table[:, None] if table.ndim == 1 else table
        present = ~np.isnan(table)
        return table[present], present.sum(axis=1).astype(np.int64)
    rows = [[float(m) for m in row if m is not None and not math.isnan(m)] for row in units]
    return (np.asarray([v for row in rows for v in row], dtype=float),
            np.asarray([len(row) for row in rows], dtype=np.int64))


def krippendorff_alpha(units: Sequence[Sequence[Mark]] | FloatArray, level: Level,
                       domain: Sequence[float] | None = None) -> float | None:
    """Alpha of a units x coders table: one row per unit (item), one mark per coder, None or NaN
    where the coder did not mark the unit (rows may be ragged: only the marks present count; a
    float array is read whole)."""
    every, counts = _marks(units)
    if domain is not None:
        label_indices(every, domain)  # ValueError off the domain
        if level != "nominal" and np.any(np.diff(np.asarray(domain, dtype=float)) <= 0):
            raise ValueError("an ordinal or interval domain must be strictly increasing")
    keep = counts >= 2  # the pairable units
    pooled, sizes = every[np.repeat(keep, counts)], counts[keep]
    if sizes.size == 0:
        return None
    if level == "interval":
        return _interval_alpha(pooled, sizes)
    values = sorted(set(pooled.tolist())) if domain is None else list(domain)
    k = len(values)
    # each unit's count of each value, in one pass over the pooled marks (a unit a row)
    unit = np.repeat(np.arange(sizes.size), sizes)
    index = label_indices(pooled, values)
    counts = np.bincount(unit * k + index, minlength=sizes.size * k).reshape(
        sizes.size, k).astype(float)
    m_u = counts.sum(axis=1)
    scaled = counts / (m_u - 1.0)[:, None]
    o = scaled.T @ counts - np.diag(scaled.sum(axis=0))
    n_v = o.sum(axis=0)
    e = (np.outer(n_v, n_v) - np.diag(n_v)) / (n_v.sum() - 1.0)
    d = _distances(np.asarray(values, dtype=float), n_v, level)
    expected = float((e * d).sum())
    if expected <= 0.0:
        return None
    return 1.0 - float((o * d).sum()) / expected
