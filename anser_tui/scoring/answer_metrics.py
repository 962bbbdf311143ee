"""Answer metrics on parsed values (DESIGN section 5): pure arithmetic, no parsing here.

Accuracy@10% compares the numbers as the decimals they print as (`Fraction(repr(x))`), so a
boundary case such as 1.1 against 1.0 is exactly 10% and counts, free of binary float noise.
"""

from __future__ import annotations

import math
from fractions import Fraction

from anser_tui.scoring.numbers import Parsed

UNPARSED_SMAPE = 200.0


def abs_error(predicted: float, truth: float) -> float:
    """AE = |p - g|; a group's MAE is the mean of its tasks' AE."""
    return abs(predicted - truth)


def _decimal(value: float) -> Fraction:
    return Fraction(repr(value)) if math.isfinite(value) else Fraction(0)


def within_10_percent(predicted: float, truth: float) -> float:
    """Accuracy@10%: 1 when |p - g| <= 0.10 |g| (for g = 0: when p = 0), else 0."""
    p, g = _decimal(predicted), _decimal(truth)
    if g == 0:
        return 1.0 if p == 0 else 0.0
    return 1.0 if abs(p - g) * 10 <= abs(g) else 0.0


def smape(predicted: float, truth: float) -> float:
    """SMAPE in percent (0-200): 200 |p - g| / (|p| + |g|); 0 when both are 0."""
    denominator = abs(predicted) + abs(truth)
    if denominator == 0:
        return 0.0
    return 200.0 * abs(predicted - truth) / denominator


def log_ratio_error(predicted: float, truth: float) -> float:
    """|ln p - ln g| for two positive odds ratios."""
    return abs(math.log(predicted) - math.log(truth))


def choice_accuracy(answer: Parsed, truth: Parsed) -> float:
    """1 when the answer's option-letter set or judgment polarity equals the ground truth's."""
    if not answer.ok or not truth.ok:
        return 0.0
    same_kind = isinstance(answer.value, bool) == isinstance(truth.value, bool)
    return 1.0 if same_kind and answer.value == truth.value else 0.0
