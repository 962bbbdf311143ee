"""Seeded bootstrap 95% intervals for bias and kappa (DESIGN section 8).

Each of the B resamples draws n (judge, human) pairs with replacement from the n pairs
(`numpy.random.default_rng(seed)`), so bias and kappa are read from the same resamples. The
interval is the percentile interval: the 2.5th and 97.5th percentiles of the resampled
statistics (numpy.percentile, linear interpolation). A resample where the statistic is undefined
(kappa with every resampled mark on one label) is skipped; an interval is None for fewer than two
pairs or when no resample defines the statistic. The same seed, data and B give the same
intervals.
"""

from __future__ import annotations

from collections.abc import Sequence

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


_drawn: dict[tuple[int, int, int], list[npt.NDArray[np.int64]]] = {}  # the latest draws


def _resample_indices(seed: int, n: int, resamples: int) -> list[npt.NDArray[np.int64]]:
    """The resamples' pair indices, `resamples` x n drawn in chunks of at most
    _DRAWS_PER_CHUNK from `default_rng(seed)`. They depend on the seed and sizes alone, so
    every dimension of a scope (the same pairs, the same n) reads the same draws: they are
    drawn once and kept (the last few sizes; read-only) instead of once a dimension."""
    key = (seed, n, resamples)
    drawn = _drawn.get(key)
    if drawn is None:
        rng = np.random.default_rng(seed)
        chunk = max(1, _DRAWS_PER_CHUNK // n)
        drawn = [rng.integers(0, n, size=(min(resamples, start + chunk) - start, n))
                 for start in range(0, resamples, chunk)]
        for block in drawn:
            block.setflags(write=False)
        if len(_drawn) >= 4:
            _drawn.pop(next(iter(_drawn)))
        _drawn[key] = drawn
    return drawn


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
    biases, kappas = np.empty(resamples), np.full(resamples, np.nan)
    start = 0
    for idx in _resample_indices(seed, n, resamples):
        stop = start + idx.shape[0]
        biases[start:stop] = diff[idx].mean(axis=1)
        if codes is not None:
            offsets = np.arange(stop - start)[:, None] * (k * k)
            flat = np.bincount((codes[idx] + offsets).ravel(), minlength=(stop - start) * k * k)
            kappas[start:stop] = kappa_from_confusion(flat.reshape(-1, k, k), quadratic)
        start = stop
    return _percentile_interval(biases), (_percentile_interval(kappas) if codes is not None
                                          else None)
