"""Pool-adjacent-violators against scikit-learn's IsotonicRegression (a dev dependency)."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.isotonic import IsotonicRegression

from anser_tui.scoring.isotonic import fit_isotonic


@pytest.mark.parametrize("seed", range(6))
def test_the_fit_equals_scikit_learns(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 40))
    x = rng.integers(0, 11, n).astype(float) * 10  # ties, as judge scores have
    y = np.clip(x + rng.normal(0, 25, n), 0, 100)
    ours = fit_isotonic(list(x), list(y))
    theirs = IsotonicRegression(increasing=True, out_of_bounds="clip").fit(x, y)
    probe = np.linspace(-10, 110, 61)
    assert [ours(v) for v in probe] == pytest.approx(list(theirs.predict(probe)), abs=1e-9)
    assert [ours(v) for v in x] == pytest.approx(list(theirs.predict(x)), abs=1e-9)


def test_a_decreasing_sequence_pools_to_its_mean() -> None:
    fit = fit_isotonic([1, 2, 3], [3, 2, 1])
    assert (fit(1), fit(2), fit(3), fit(0), fit(9)) == (2.0, 2.0, 2.0, 2.0, 2.0)
