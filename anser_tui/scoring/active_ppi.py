"""The corrected score of an active queue (DESIGN section 8): pure, no I/O.

The design (`review.sampling.active_sample`): every item i of the scope has a recorded size
p_i > 0 (normalised here to add up to 1 over the scope's N items), and the queue is drawn
successively: each next item is one of those not yet drawn, item i with probability
q_i = p_i / (1 - P), P the sizes of the items drawn before it. These per-draw probabilities
are exact, and any scope's items keep the design: the subsequence of one scope's items is
itself drawn successively with the sizes restricted to it.

The estimator (Des Raj 1956, for ordered draws; in the martingale form of the sequential
variant of Zrnic and Candes 2024, "Active statistical inference"): with f the judge over all N
items, F its mean, and the judge's prediction g(i) = F + lambda (f_i - F), the k-th reviewed
item i_k (human h_k) gives

    t_k = sum of h over the items reviewed before it + sum of g over the items not yet drawn
          + (h_k - g(i_k)) / q_k,

an unbiased estimate of the N items' human total whatever came before (its expectation given
the earlier draws is that total exactly, for a fixed lambda; the fitted PPI++ lambda keeps it
so to first order, as PPI++'s own does), so for m reviews

    corrected = mean(t_1..t_m) / N,   se^2 = sum (t_k - mean)^2 / ((m - d) m N^2),

the interval corrected +- t(0.975, m - d) se (Student's t with m - d degrees of freedom; se^2
is unbiased too, tests/unit/test_active_ppi.py enumerating every draw). An
item drawn because it looked suspicious (large q) counts for less, one drawn by chance for more.

lambda (`t_k = U_k + lambda V_k`, V_k the judge's part, known to have expectation 0):
- `classic`: 1 (d = 1);
- `ppi++` (the default): 1 - cov(U + V, V) / Dbar clipped to [0, 1] (d = 2: lambda is fitted),
  the covariance over the m reviews (ddof 0), Dbar the mean over k of V_k's variance given the
  earlier draws, which the judge scores and sizes alone give exactly:
  (1 - P) sum over the items not yet drawn of (f_i - F)^2 / p_i - (their sum of f_i - F)^2.
  Like PPI++'s, it minimises the estimated variance with the judge-only moment known; with
  equal sizes and few draws it is about 1 + cov(h - f, f) / var(f). Undefined (one review,
  one judge score): 1.

Every item reviewed (m = N): the human mean, width 0. Without the finite-population correction
the draws are taken as independent, item i with probability p_i (with replacement): ppi_py's
weighted estimator with w_i = 1 / p_i (`corrected.ppi_mean`), equal to ppi-python 0.2.3.
The stopping rule holds the per-review variance s^2 = sum (t_k - mean)^2 / (m - d): after m'
reviews the variance is s^2 / (N^2 m') and the quantile t(0.975, m' - d).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from anser_tui.scoring.corrected import (
    CorrectedMean,
    Estimator,
    Method,
    Term,
    ppi_mean,
    projected_width,
)


def _terms(f: np.ndarray, p: np.ndarray, idx: np.ndarray, h: np.ndarray
           ) -> tuple[np.ndarray, np.ndarray, float]:
    """(U, V, Dbar) of the draws `idx` (positions in f and p) with human scores h."""
    n_items, big_f = f.size, float(f.mean())
    a = f - big_f
    pk, ak = p[idx], a[idx]
    before = np.concatenate([[0.0], np.cumsum(pk)[:-1]])  # P: sizes drawn before
    rest = np.maximum(1.0 - before, pk)  # float noise never below the draw's own size
    q = pk / rest
    k = np.arange(idx.size)
    human_before = np.concatenate([[0.0], np.cumsum(h)[:-1]])
    a_rest = -np.concatenate([[0.0], np.cumsum(ak)[:-1]])  # sum of f - F not yet drawn
    a2_rest = float(np.sum(a * a / p)) - np.concatenate([[0.0], np.cumsum(ak * ak / pk)[:-1]])
    u = human_before + big_f * (n_items - k) + (h - big_f) / q
    v = a_rest - ak / q
    d_bar = float(np.mean(rest * a2_rest - a_rest ** 2))
    return u, v, d_bar


def _lambda(u: np.ndarray, v: np.ndarray, d_bar: float) -> float:
    if u.size < 2 or not d_bar > 0:
        return 1.0
    c = float(np.mean((u + v - (u + v).mean()) * (v - v.mean())))
    return float(np.clip(1.0 - c / d_bar, 0.0, 1.0))


def active_ppi_mean(judge_all: Sequence[float], sizes: Sequence[float],
                    reviewed: Sequence[tuple[int, float]],
                    method: Method | None = None) -> CorrectedMean:
    """The corrected mean of a scope drawn by an active queue: `judge_all` and `sizes` per
    item, `reviewed` (position in judge_all, human) in the order the queue drew them."""
    method = method or Method()
    f, p = np.asarray(judge_all, dtype=float), np.asarray(sizes, dtype=float)
    if f.size != p.size or not np.all(p > 0):
        raise ValueError("every judged item needs a positive size")
    p = p / p.sum()
    idx = np.asarray([i for i, _ in reviewed], dtype=int)
    h = np.asarray([v for _, v in reviewed], dtype=float)
    n, big_n = idx.size, f.size
    if len(set(idx.tolist())) != n:
        raise ValueError("an item is reviewed twice in the draws")
    if not method.finite_population:
        return ppi_mean(f.tolist(), [(float(v), float(f[i])) for i, v in zip(idx, h, strict=True)],
                        method=method, weights=(1.0 / p[idx]).tolist())
    judge_mean = float(f.mean()) if big_n else None
    if n == 0:
        return CorrectedMean(big_n, 0, judge_mean, None, None, True, method, 1.0)
    if n == big_n:  # every item reviewed: the human mean, nothing left to estimate
        mean = float(h.mean())
        return CorrectedMean(big_n, n, judge_mean, mean, (mean, mean), True, method, 1.0,
                             (Term(1.0, big_n, n, False, 0.0, 0.0, 1),))
    u, v, d_bar = _terms(f, p, idx, h)
    lam, lost = (1.0, 1) if method.estimator is Estimator.CLASSIC else (_lambda(u, v, d_bar), 2)
    t = u + lam * v
    corrected = float(t.mean() / big_n)
    if n <= lost:
        return CorrectedMean(big_n, n, judge_mean, corrected, None, True, method, lam)
    per_review = float(np.sum((t - t.mean()) ** 2) / (n - lost)) / big_n ** 2
    terms = (Term(1.0, big_n, n, False, 0.0, per_review, lost),)
    half = projected_width(terms, 0) / 2
    return CorrectedMean(big_n, n, judge_mean, corrected, (corrected - half, corrected + half),
                         True, method, lam, terms)
