"""Two judges compared on the same human values (DESIGN 15): per-judge agreement statistics,
their paired differences (B - A) with a paired bootstrap 95% interval that resamples clusters
of items (items sharing a context are drawn together), and McNemar's exact p for binary scales.

The differences: quadratic kappa, MAE and exact agreement on the 0-4 scale; Cohen's kappa and
accuracy (exact agreement) on binary ones; MAE and exact agreement on the 0-100 score and on a
number criterion. Each
resample draws as many clusters as there are, with replacement (`numpy.random.default_rng(seed)`),
and computes both judges' statistics on the same drawn items; the interval is the 2.5th and
97.5th percentiles of the resampled differences, over the resamples where both are defined
(None where none is, or with fewer than two clusters). McNemar's exact test counts the items
one judge got right and the other wrong (b, c) and gives the two-sided binomial p of min(b, c)
in b + c draws at one half (1.0 when no item is discordant), as scipy's `binomtest` does.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from math import comb
from typing import Any

import numpy as np

from anser_tui.scoring.agreement import Scale, ScaleKind
from anser_tui.scoring.agreement_coefficients import (
    FloatArray,
    IntArray,
    kappa_from_confusion,
    label_indices,
)

DELTA_KEYS: dict[ScaleKind, tuple[str, ...]] = {
    "scale_0_4": ("quadratic_kappa", "mae", "exact_agreement"),
    "binary": ("kappa", "accuracy"),
    "score_0_100": ("mae", "exact_agreement"),
    "number": ("mae", "exact_agreement"),
}


class _Side:
    """One judge's values against the human's, ready for resampled statistics: the absolute
    differences and, on a labelled scale, each pair's confusion cell."""

    def __init__(self, judge: FloatArray, human: FloatArray, scale: Scale):
        self.scale = scale
        self.abs_diff = np.abs(judge - human)
        labels = scale.labels
        self.k = len(labels) if labels is not None else 0
        self.cells = (label_indices(human, labels) * self.k + label_indices(judge, labels)
                      if labels is not None else None)

    def stats(self, idx: IntArray | None = None) -> dict[str, float | None]:
        """The compared statistics on the items `idx` (None: every item)."""
        abs_diff = self.abs_diff if idx is None else self.abs_diff[idx]
        if abs_diff.size == 0:
            return dict.fromkeys(DELTA_KEYS[self.scale.kind])
        exact = float(np.mean(abs_diff == 0))
        kappa = None
        if self.cells is not None and abs_diff.size >= 2:
            cells = self.cells if idx is None else self.cells[idx]
            conf = np.bincount(cells, minlength=self.k * self.k).reshape(self.k, self.k)
            value = float(kappa_from_confusion(conf, self.scale.kind != "binary"))
            kappa = None if np.isnan(value) else value
        if self.scale.kind == "binary":
            return {"kappa": kappa, "accuracy": exact}
        out: dict[str, float | None] = {"mae": float(np.mean(abs_diff)),
                                        "exact_agreement": exact}
        return {"quadratic_kappa": kappa, **out} if self.scale.kind == "scale_0_4" else out


def mcnemar_exact(a_right: Sequence[bool], b_right: Sequence[bool]) -> float:
    """McNemar's exact two-sided p of two judges' right/wrong on the same items."""
    b = sum(1 for x, y in zip(a_right, b_right, strict=True) if x and not y)
    c = sum(1 for x, y in zip(a_right, b_right, strict=True) if y and not x)
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(comb(n, i) for i in range(min(b, c) + 1))
    return min(1.0, 2 * tail / 2 ** n)


def _delta(a: dict[str, float | None], b: dict[str, float | None]) -> dict[str, float | None]:
    return {k: None if a[k] is None or b[k] is None else float(b[k]) - float(a[k])  # type: ignore[arg-type]
            for k in a}


def compare_paired(judge_a: Sequence[float], judge_b: Sequence[float], human: Sequence[float],
                   clusters: Sequence[Hashable], scale: Scale, *, seed: int = 0,
                   resamples: int = 1000) -> dict[str, Any]:
    """{"n", "a", "b", "delta", "delta_ci", "mcnemar_p"} of parallel values (see the module)."""
    ja, jb, h = (np.asarray(v, dtype=float) for v in (judge_a, judge_b, human))
    side_a, side_b = _Side(ja, h, scale), _Side(jb, h, scale)
    a, b = side_a.stats(), side_b.stats()
    delta = _delta(a, b)
    members: dict[Hashable, list[int]] = {}
    for i, cluster in enumerate(clusters):
        members.setdefault(cluster, []).append(i)
    groups = [np.asarray(m) for m in members.values()]
    draws: dict[str, list[float]] = {k: [] for k in delta}
    if len(groups) >= 2:
        rng = np.random.default_rng(seed)
        for _ in range(resamples):
            idx = np.concatenate([groups[g] for g in rng.integers(0, len(groups), len(groups))])
            d = _delta(side_a.stats(idx), side_b.stats(idx))
            for k, v in d.items():
                if v is not None:
                    draws[k].append(v)
    delta_ci = {k: [float(x) for x in np.percentile(v, [2.5, 97.5])] if v else None
                for k, v in draws.items()}
    mcnemar = mcnemar_exact(list(ja == h), list(jb == h)) if scale.kind == "binary" else None
    return {"n": int(h.size), "a": a, "b": b, "delta": delta, "delta_ci": delta_ci,
            "mcnemar_p": mcnemar}
