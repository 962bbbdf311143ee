"""Agreement coefficients between two raters on paired values (DESIGN section 8), numpy only.

Conventions:
- Confusion matrices have one row per value of the first rater (the reference: the human in a
  judge-human row) and one column per value of the second (the judge), over fixed labels in scale
  order; `confusion[h][j]` counts items the human marked labels[h] and the judge labels[j], as
  scikit-learn's `confusion_matrix(y_true=human, y_pred=judge, labels=labels)`.
- Cohen's kappa is computed on label indices with weights on those indices: quadratic
  (i - j)^2 or unweighted (i != j), as `cohen_kappa_score(..., weights="quadratic",
  labels=labels)`. On labels 0..4 the indices are the scale's values; a label no one used still
  counts. Kappa is symmetric in its two raters.
- Pearson's r and Spearman's rho (Pearson's r of average ranks, ties sharing their mean rank) as
  scipy.stats.pearsonr and spearmanr compute them.
- Undefined is None, never NaN, never a warning: fewer than two pairs, a constant vector for r and
  rho, no expected disagreement for kappa (every mark on one label).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def label_indices(values: Sequence[float] | FloatArray, labels: Sequence[float]) -> IntArray:
    """The index in `labels` of each value; ValueError for a value that is not a label."""
    lab = np.asarray(labels, dtype=float)
    arr = np.asarray(values, dtype=float)
    hits = arr[:, None] == lab[None, :]
    if arr.size and not hits.any(axis=1).all():
        bad = sorted({float(v) for v in arr[~hits.any(axis=1)]})
        raise ValueError(f"values {bad} are not among the labels {list(labels)}")
    return hits.argmax(axis=1).astype(np.int64)


def confusion_matrix(rows: IntArray, cols: IntArray, k: int) -> IntArray:
    """k x k counts: rows[i] indexes the row (reference rater), cols[i] the column."""
    return np.bincount(rows * k + cols, minlength=k * k).reshape(k, k).astype(np.int64)


def kappa_from_confusion(confusion: npt.NDArray[np.number], quadratic: bool) -> FloatArray:
    """Cohen's kappa of confusion matrices (..., k, k), batched; NaN where undefined.

    Internal: NaN marks an undefined resample for the bootstrap; public functions return None.
    """
    conf = np.asarray(confusion, dtype=float)
    k = conf.shape[-1]
    idx = np.arange(k, dtype=float)
    diff = idx[:, None] - idx[None, :]
    weights = diff**2 if quadratic else (diff != 0).astype(float)
    n = conf.sum(axis=(-2, -1))
    outer = conf.sum(axis=-1)[..., :, None] * conf.sum(axis=-2)[..., None, :]
    n_b = np.asarray(n)[..., None, None]
    expected = np.divide(outer, n_b, out=np.zeros_like(outer), where=n_b > 0)
    observed_d = (weights * conf).sum(axis=(-2, -1))
    expected_d = (weights * expected).sum(axis=(-2, -1))
    ratio = np.divide(observed_d, expected_d, out=np.full_like(observed_d, np.nan),
                      where=expected_d > 0)
    return np.asarray(1.0 - ratio, dtype=float)


def cohen_kappa(a: Sequence[float], b: Sequence[float], labels: Sequence[float],
                quadratic: bool = True) -> float | None:
    """Cohen's kappa of two raters' parallel marks on fixed `labels` (quadratic or unweighted)."""
    if len(a) != len(b):
        raise ValueError("the two raters' sequences differ in length")
    if len(a) < 2:
        return None
    conf = confusion_matrix(label_indices(a, labels), label_indices(b, labels), len(labels))
    return confusion_kappa(conf, quadratic)


def confusion_kappa(confusion: IntArray, quadratic: bool = True) -> float | None:
    """Cohen's kappa of one k x k confusion matrix; None where it is undefined."""
    value = float(kappa_from_confusion(confusion, quadratic))
    return None if np.isnan(value) else value


def pearson(x: Sequence[float] | FloatArray, y: Sequence[float] | FloatArray) -> float | None:
    """Pearson's r; None for fewer than two pairs or a constant vector."""
    xa, ya = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if xa.shape != ya.shape:
        raise ValueError("x and y differ in length")
    if xa.size < 2 or xa.max() == xa.min() or ya.max() == ya.min():
        return None
    xc, yc = xa - xa.mean(), ya - ya.mean()
    r = float((xc @ yc) / np.sqrt((xc @ xc) * (yc @ yc)))
    return max(-1.0, min(1.0, r))


def average_ranks(values: Sequence[float] | FloatArray) -> FloatArray:
    """Ranks from 1, ties given the mean of the ranks they span (scipy's rankdata 'average')."""
    arr = np.asarray(values, dtype=float)
    order = np.argsort(arr, kind="mergesort")
    ordered = arr[order]
    starts_group = np.r_[True, ordered[1:] != ordered[:-1]] if arr.size else np.zeros(0, bool)
    starts = np.flatnonzero(starts_group)
    ends = np.r_[starts[1:], arr.size]
    mean_rank = (starts + ends - 1) / 2.0 + 1.0
    ranks = np.empty(arr.size, dtype=float)
    ranks[order] = mean_rank[np.cumsum(starts_group) - 1]
    return ranks


def spearman(x: Sequence[float] | FloatArray, y: Sequence[float] | FloatArray) -> float | None:
    """Spearman's rho: Pearson's r of average ranks; None when Pearson's would be."""
    if len(x) != len(y):
        raise ValueError("x and y differ in length")
    return pearson(average_ranks(x), average_ranks(y))
