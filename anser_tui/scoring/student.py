"""Student's t quantiles without scipy (the package does not depend on it): the two-sided 95%
quantile of an active queue's corrected score (`scoring.active_ppi`).

For an integer number of degrees of freedom v the t distribution's central probability has an
exact finite series in theta = atan(t / sqrt(v)) (Abramowitz and Stegun 26.7.3-26.7.4):

- v odd: A = (2 / pi) (theta + sin(theta) (c + 2/3 c^3 + 2*4/(3*5) c^5 + ...)), terms up to
  c^(v-2), c = cos(theta); v = 1 leaves theta alone;
- v even: A = sin(theta) (1 + 1/2 c^2 + 1*3/(2*4) c^4 + ...), terms up to c^(v-2).

The quantile solves A(t) = 2p - 1 by Newton's method from the normal quantile (the t density as
the derivative), kept per v. Past 200 degrees of freedom, where the series grows long, the
Cornish-Fisher expansion in 1/v to the fourth order (Abramowitz and Stegun 26.7.5) is within
1e-11 of it. tests/unit/test_active_ppi.py compares both with scipy's.
"""

from __future__ import annotations

import math
from functools import cache
from statistics import NormalDist


def _central(t: float, dof: int) -> float:
    """P(|T| <= t) for T with `dof` degrees of freedom, t >= 0."""
    theta = math.atan(t / math.sqrt(dof))
    c2 = math.cos(theta) ** 2
    if dof % 2:
        if dof == 1:
            return 2 / math.pi * theta
        term = total = math.cos(theta)
        for j in range(1, (dof - 1) // 2):
            term *= c2 * (2 * j) / (2 * j + 1)
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for j in range(1, dof // 2):
        term *= c2 * (2 * j - 1) / (2 * j)
        total += term
    return math.sin(theta) * total


def _density(t: float, dof: int) -> float:
    log = (math.lgamma((dof + 1) / 2) - math.lgamma(dof / 2) - 0.5 * math.log(dof * math.pi)
           - (dof + 1) / 2 * math.log1p(t * t / dof))
    return math.exp(log)


SERIES_UP_TO = 200  # degrees of freedom solved on the exact series; more: the expansion


def _expansion(z: float, dof: int) -> float:
    g = ((z ** 3 + z) / 4, (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
         (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
         (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    return z + sum(gk / dof ** (k + 1) for k, gk in enumerate(g))


@cache
def t_quantile(p: float, dof: int) -> float:
    """The p-quantile (0.5 < p < 1) of Student's t with `dof` >= 1 degrees of freedom."""
    if dof < 1 or not 0.5 < p < 1:
        raise ValueError("t quantile: dof >= 1 and 0.5 < p < 1")
    z = NormalDist().inv_cdf(p)
    if dof > SERIES_UP_TO:
        return _expansion(z, dof)
    target, t = 2 * p - 1, z
    for _ in range(100):
        step = (_central(t, dof) - target) / (2 * _density(t, dof))
        t = max(t - step, t / 2)  # never past 0: A is concave on t > 0
        if abs(step) < 1e-13 * max(1.0, t):
            break
    return t
