"""Seeded bootstrap 95% intervals for bias and kappa (DESIGN section 8).

Each of the B resamples draws n (judge, human) pairs with replacement from the n pairs
(`numpy.random.default_rng(seed)`), so bias and kappa are read from the same resamples. The
interval is the percentile interval: the 2.5th and 97.5th percentiles of the resampled
statistics (numpy.percentile, linear interpolation). A resample where the statistic is undefined
(kappa with every resampled mark on one label) is skipped; an interval is None for fewer than two
pairs or when no resample defines the statistic. The same seed, data and B give the same
intervals.

The draws depend on the seed and sizes alone and are kept, with each resample's count of each
pair, for the dimensions of a scope to share. A resample's confusion counts, and its sum of
differences where every such sum is exact in float64 (integers times one power of two: marks,
scores in quarters), are its counts times the pairs' values, one matrix product a block of
resamples; other differences are gathered and averaged. Either way each resample's statistic is
the float the gathered resample gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from anser_tui.scoring.agreement_coefficients import (
    FloatArray,
    kappa_from_confusion,
    label_indices,
)

Interval = tuple[float, float]
DEFAULT_RESAMPLES = 1000
DEFAULT_SEED = 0
_DRAWS_PER_CHUNK = 1_000_000  # indices held at once: resamples x n


def _percentile_interval(values: FloatArray) -> Interval | None:
    kept = values[~np.isnan(values)]
    if kept.size == 0:
        return None
    lo, hi = np.percentile(kept, [2.5, 97.5])
    return float(lo), float(hi)


Indices = npt.NDArray[np.unsignedinteger[Any]]
_drawn: dict[tuple[int, int, int], list[Indices]] = {}  # the latest draws
_counted: dict[tuple[int, int, int], list[FloatArray]] = {}  # their counts, where asked


def _keep(cache: dict[Any, Any], key: Any, value: Any) -> None:
    for block in value:
        block.setflags(write=False)
    if len(cache) >= 4:
        cache.pop(next(iter(cache)))
    cache[key] = value


def _resample_indices(seed: int, n: int, resamples: int) -> list[Indices]:
    """The resamples' pair indices, `resamples` x n drawn in chunks of at most
    _DRAWS_PER_CHUNK from `default_rng(seed)`. They depend on the seed and sizes alone, so
    every dimension of a scope (the same pairs, the same n) reads the same draws: they are
    drawn once and kept (the last few sizes; read-only; as the smallest unsigned integers that
    hold n - 1) instead of once a dimension."""
    key = (seed, n, resamples)
    drawn = _drawn.get(key)
    if drawn is None:
        rng = np.random.default_rng(seed)
        chunk = max(1, _DRAWS_PER_CHUNK // n)
        compact = np.min_scalar_type(n - 1)  # the same indices in the fewest bytes
        drawn = [rng.integers(0, n, size=(min(resamples, start + chunk) - start, n))
                 .astype(compact) for start in range(0, resamples, chunk)]
        _keep(_drawn, key, drawn)
    return drawn


def _resample_counts(seed: int, n: int, resamples: int) -> list[FloatArray]:
    """How many times each resample draws each pair: the blocks of `_resample_indices` as
    (rows x n) counts, kept like them."""
    key = (seed, n, resamples)
    counted = _counted.get(key)
    if counted is None:
        counted = []
        for idx in _resample_indices(seed, n, resamples):
            rows = idx.shape[0]
            flat = (idx.astype(np.int64) + np.arange(rows)[:, None] * n).ravel()
            counted.append(np.bincount(flat, minlength=rows * n).reshape(rows, n)
                           .astype(float))
        _keep(_counted, key, counted)
    return counted


def _sums_exactly(values: FloatArray) -> bool:
    """True when every sum of n of `values` (repeats allowed), added in any order, is exact in
    float64: the values are integers times 2^-p for one p, and n times the largest of them, in
    units of 2^-p, stays below 2^53, so no partial sum rounds. Then a resample's sum read off
    its counts (counts @ values) is the very float that numpy's sum of the gathered values
    comes to, and so is its mean."""
    nonzero = values[values != 0]
    if nonzero.size == 0:
        return True
    if not np.isfinite(nonzero).all():
        return False
    mantissa, exponent = np.frexp(nonzero)
    whole = (mantissa * 2.0**53).astype(np.int64)  # exact: |mantissa| is in [0.5, 1)
    trailing = np.frexp((whole & -whole).astype(float))[1] - 1  # its zero bits at the end
    p = max(0, int((53 - exponent - trailing).max()))  # bits below the point
    return p < 1000 and float(np.abs(nonzero).max()) * 2.0**p * values.size < 2.0**53


def bootstrap_intervals(judge: Sequence[float], human: Sequence[float],
                        labels: Sequence[float] | None, quadratic: bool = True, *,
                        seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES,
                        ) -> tuple[Interval | None, Interval | None]:
    """(bias interval, kappa interval) of parallel judge and human values.

    Bias is mean(judge - human). Kappa is Cohen's kappa on `labels` (quadratic or unweighted);
    with `labels` None no kappa interval is computed (None).
    """
    if len(judge) != len(human):
        raise ValueError("judge and human differ in length")
    if resamples < 1:
        raise ValueError("resamples must be at least 1")
    n = len(judge)
    if n < 2:
        return None, None
    diff = np.asarray(judge, dtype=float) - np.asarray(human, dtype=float)
    k = len(labels) if labels is not None else 0
    codes = (label_indices(human, labels) * k + label_indices(judge, labels)
             if labels is not None else None)
    return resampled_intervals(diff, codes, k, quadratic, seed=seed, resamples=resamples)


def resampled_intervals(diff: FloatArray, codes: npt.NDArray[np.int64] | None, k: int,
                        quadratic: bool = True, *, seed: int = DEFAULT_SEED,
                        resamples: int = DEFAULT_RESAMPLES
                        ) -> tuple[Interval | None, Interval | None]:
    """`bootstrap_intervals` of pairs given as their differences (judge - human) and, for a
    kappa interval, their confusion cells (human label index * k + judge label index; None:
    no kappa interval), for a caller that has them already."""
    if resamples < 1:
        raise ValueError("resamples must be at least 1")
    n = diff.size
    if n < 2:
        return None, None
    biases, kappas = np.empty(resamples), np.full(resamples, np.nan)
    # Each resample's sum of differences and confusion counts are its counts of each pair
    # times the pairs' values: one matrix product a block of resamples instead of gathering
    # n values a resample. Counts are exact, and so is the sum wherever _sums_exactly says so
    # (integer marks, scores in quarters); elsewhere the differences are gathered and averaged
    # as numpy does, so every interval is the same float either way.
    exact = _sums_exactly(diff)
    present = np.unique(codes) if codes is not None else np.zeros(0, dtype=np.int64)
    columns = ([diff] if exact else []) + [(codes == code).astype(float) for code in present]
    table = np.column_stack(columns) if columns else None
    counted = _resample_counts(seed, n, resamples) if table is not None else None
    start = 0
    for b, idx in enumerate(_resample_indices(seed, n, resamples)):
        stop = start + idx.shape[0]
        sums = counted[b] @ table if counted is not None and table is not None else None
        if exact and sums is not None:
            biases[start:stop] = sums[:, 0] / n
        else:
            biases[start:stop] = diff[idx].mean(axis=1)
        if codes is not None and sums is not None:
            confusion = np.zeros((stop - start, k * k))
            confusion[:, present] = sums[:, int(exact):]
            kappas[start:stop] = kappa_from_confusion(confusion.reshape(-1, k, k), quadratic)
        start = stop
    return _percentile_interval(biases), (_percentile_interval(kappas) if codes is not None
                                          else None)
