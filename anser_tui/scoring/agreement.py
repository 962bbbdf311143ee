"""Judge-human agreement for one breakdown row (DESIGN section 8): pure, no I/O, no Textual.

Input: parallel judge[] and human[] values of one scope (all, a group, a dimension, a run, a
reviewer) on one scale; the caller pairs them (the human's blind value where there is one) and
adds "scope" and "dimension" to the JSON. Scales and what each row reports:

- "scale_0_4" (a 0-4 criterion): exact = judge == human, within-1 = |judge - human| <= 1;
  quadratic-weighted Cohen's kappa on labels 0..4 (a value no one used still counts); ordinal
  Krippendorff's alpha with value_domain 0..4; 5x5 confusion matrix.
- "binary" (criteria met/unmet, verdicts correct/incorrect, 1 = met/correct): agreement =
  exact; within-1 is null (trivially 1 on two values); unweighted Cohen's kappa on labels [0, 1]
  as "kappa"; nominal alpha; 2x2 confusion; false_positive_rate = judge 1 where the human gave 0,
  over the human's 0s; false_negative_rate = judge 0 where the human gave 1, over the human's 1s.
- "score_0_100" (the 0-100 score, continuous): exact = equal scores, within-1 = within one
  point (|judge - human| <= 1); no kappa and no confusion matrix (null: the score is not a set of
  categories; MAE, bias and the correlations describe it); interval alpha.
- "number" (a criterion whose marks are real numbers in its own units): as the score, but
  within-1 is null (one unit means nothing of its own) and any finite value is on the scale.

Every scale: MAE = mean |judge - human|; bias = mean(judge - human) (positive: the judge scores
higher); Pearson and Spearman; bootstrap 95% intervals for bias and kappa (agreement_bootstrap).
Confusion orientation: rows = the human's value, columns = the judge's, in scale order
(`confusion[h][j]`). Undefined is null: means need n >= 1; kappa, alpha, r, rho and the intervals
need n >= 2 and a non-zero denominator; a rate needs a human 0 (FPR) or 1 (FNR). One rater
constant (every human mark equal, the other varying) leaves r and rho null but kappa and alpha
defined, as scikit-learn and krippendorff compute them; n = 0 gives an all-zero confusion matrix.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from anser_tui.scoring.agreement_alpha import Level, krippendorff_alpha
from anser_tui.scoring.agreement_bootstrap import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    Interval,
    resampled_intervals,
)
from anser_tui.scoring.agreement_coefficients import (
    confusion_kappa,
    confusion_matrix,
    label_indices,
    pearson,
    spearman,
)

ScaleKind = Literal["scale_0_4", "binary", "score_0_100", "number"]
_LABELS: dict[ScaleKind, tuple[int, ...] | None] = {
    "scale_0_4": (0, 1, 2, 3, 4), "binary": (0, 1), "score_0_100": None, "number": None}
_LEVELS: dict[ScaleKind, Level] = {
    "scale_0_4": "ordinal", "binary": "nominal", "score_0_100": "interval",
    "number": "interval"}


@dataclass(frozen=True)
class Scale:
    """A scale: its labels (None for the continuous 0-100 score) and its alpha level."""

    kind: ScaleKind

    def __post_init__(self) -> None:
        if self.kind not in _LABELS:
            raise ValueError(f"unknown scale kind {self.kind!r}")

    @property
    def labels(self) -> tuple[int, ...] | None:
        return _LABELS[self.kind]

    @property
    def level(self) -> Level:
        return _LEVELS[self.kind]

    def check(self, values: Sequence[float] | np.ndarray) -> None:
        """ValueError for a value off the scale (not a label, or outside 0..100, or NaN)."""
        if self.labels is not None:
            label_indices(values, self.labels)
        elif isinstance(values, np.ndarray):  # the same tests, on the whole array
            finite = bool(np.isfinite(values).all())
            if self.kind == "number" and not finite:
                raise ValueError("a number that is not finite")
            if self.kind != "number" and not (finite and ((values >= 0.0) & (values <= 100.0))
                                              .all()):
                raise ValueError("a 0-100 score outside 0..100 (or NaN)")
        elif self.kind == "number":
            if not all(math.isfinite(float(v)) for v in values):
                raise ValueError("a number that is not finite")
        elif not all(0.0 <= float(v) <= 100.0 for v in values):
            raise ValueError("a 0-100 score outside 0..100 (or NaN)")


SCALE_0_4 = Scale("scale_0_4")
BINARY = Scale("binary")
SCORE_0_100 = Scale("score_0_100")
NUMBER = Scale("number")


@dataclass(frozen=True)
class AgreementRow:
    """One breakdown row's statistics; `to_json` gives the DESIGN section 8 keys (no scope)."""

    scale: ScaleKind
    n: int
    exact_agreement: float | None
    within_1_agreement: float | None
    mae: float | None
    bias: float | None
    bias_ci: Interval | None
    pearson: float | None
    spearman: float | None
    kappa: float | None
    kappa_ci: Interval | None
    alpha: float | None
    confusion: tuple[tuple[int, ...], ...] | None
    false_positive_rate: float | None = None
    false_negative_rate: float | None = None

    def to_json(self) -> dict[str, Any]:
        """Keys in DESIGN order; kappa is "quadratic_kappa" except on a binary scale ("kappa"),
        which adds "false_positive_rate" and "false_negative_rate". Intervals are [lo, hi] or
        null; confusion is a list of rows (human value) of counts per judge value, or null."""
        binary = self.scale == "binary"
        out: dict[str, Any] = {
            "n": self.n, "exact_agreement": self.exact_agreement,
            "within_1_agreement": self.within_1_agreement, "mae": self.mae, "bias": self.bias,
            "bias_ci": list(self.bias_ci) if self.bias_ci else None, "pearson": self.pearson,
            "spearman": self.spearman, "kappa" if binary else "quadratic_kappa": self.kappa,
            "kappa_ci": list(self.kappa_ci) if self.kappa_ci else None, "alpha": self.alpha,
            "confusion": [list(r) for r in self.confusion] if self.confusion else None}
        if binary:
            out["false_positive_rate"] = self.false_positive_rate
            out["false_negative_rate"] = self.false_negative_rate
        return out


def _rate(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def _mean(values: np.ndarray) -> float | None:
    return float(values.mean()) if values.size else None


def agreement_row(judge: Sequence[float], human: Sequence[float], scale: Scale, *,
                  seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES) -> AgreementRow:
    """Agreement of parallel judge and human values on `scale` (see the module docstring)."""
    if len(judge) != len(human):
        raise ValueError("judge and human differ in length")
    n, labels = len(judge), scale.labels
    j, h = np.asarray(judge, dtype=float), np.asarray(human, dtype=float)
    quadratic = scale.kind != "binary"
    confusion = kappa = codes = None
    if labels is not None:  # each value's label, read once (ValueError off the scale)
        k = len(labels)
        judged, humans = label_indices(j, labels), label_indices(h, labels)
        conf = confusion_matrix(humans, judged, k)
        confusion = tuple(tuple(int(c) for c in row) for row in conf)
        if n >= 2:  # Cohen's kappa of the confusion, as cohen_kappa(human, judge) makes it
            kappa = confusion_kappa(conf, quadratic)
        codes = humans * k + judged
    else:
        scale.check(j)
        scale.check(h)
    diff = j - h
    bias_ci, kappa_ci = resampled_intervals(diff, codes, len(labels) if labels else 0,
                                            quadratic, seed=seed, resamples=resamples)
    fpr = fnr = None
    if confusion is not None and scale.kind == "binary":
        (tn, fp), (fn, tp) = confusion
        fpr, fnr = _rate(fp, tn + fp), _rate(fn, fn + tp)
    return AgreementRow(
        scale=scale.kind, n=n, exact_agreement=_mean(diff == 0),
        within_1_agreement=None if scale.kind in ("binary", "number")
        else _mean(np.abs(diff) <= 1),
        mae=_mean(np.abs(diff)), bias=_mean(diff), bias_ci=bias_ci,
        pearson=pearson(j, h), spearman=spearman(j, h),
        kappa=kappa,
        kappa_ci=kappa_ci,
        alpha=krippendorff_alpha(np.column_stack((j, h)), scale.level, labels)
        if n >= 2 else None,
        confusion=confusion, false_positive_rate=fpr, false_negative_rate=fnr)
