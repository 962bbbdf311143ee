"""The active queue's corrected score (DESIGN section 8, `scoring.active_ppi`): exact under the
successive draw (by enumerating every draw), ppi-python's weighted estimator without the
finite-population correction, the human mean at n = N, the stopping rule's cap, coverage by
simulation, and Student's t quantiles against scipy's."""

from __future__ import annotations

import itertools

import numpy as np
import ppi_py
import pytest
from scipy import stats

from anser_tui.review.disagreement import Disagreement
from anser_tui.review.sampling import active_sizes, predicted_error
from anser_tui.scoring.active_ppi import active_ppi_mean
from anser_tui.scoring.corrected import Estimator, Method
from anser_tui.scoring.student import SERIES_UP_TO, t_quantile
from bench.ppi_coverage import active_coverage

PPI_PLUS, CLASSIC = Estimator.PPI_PLUS, Estimator.CLASSIC
F = [40.0, 55.0, 70.0, 90.0, 20.0]
H = [50.0, 55.0, 60.0, 75.0, 35.0]
SIZES = [0.4, 0.1, 0.2, 0.25, 0.05]


def _draws(m: int) -> list[tuple[float, tuple[int, ...]]]:
    """Every ordered draw of m of the five items with its probability under the successive
    draw: the product over the draws of p_i / (1 - the sizes drawn before)."""
    out = []
    for seq in itertools.permutations(range(5), m):
        chance, left = 1.0, 1.0
        for i in seq:
            chance *= SIZES[i] / left
            left -= SIZES[i]
        out.append((chance, seq))
    return out


@pytest.mark.parametrize("m", [2, 3, 4])
def test_the_classic_estimate_and_its_variance_are_unbiased_under_the_design(m: int) -> None:
    """Over all 5!/(5-m)! draws: E[estimate] is the human mean and E[se^2] the estimate's
    variance, exactly (the martingale's unbiased variance estimate)."""
    rows = []
    for chance, seq in _draws(m):
        out = active_ppi_mean(F, SIZES, [(i, H[i]) for i in seq], Method(CLASSIC))
        assert out.ci is not None and out.corrected_mean is not None and out.terms
        rows.append((chance, out.corrected_mean, out.terms[0].per_review / m))
    chance, estimate, variance = (np.array(c) for c in zip(*rows, strict=True))
    assert chance.sum() == pytest.approx(1.0)
    mean = float(chance @ estimate)
    assert mean == pytest.approx(float(np.mean(H)), abs=1e-9)
    assert float(chance @ variance) == pytest.approx(float(chance @ (estimate - mean) ** 2),
                                                     rel=1e-9)


def test_the_judge_prediction_is_what_each_term_corrects() -> None:
    """Hand-worked: sizes 0.4 ... normalised (they add up to 1), two draws, classic (g = f):
    t1 = sum f + (h - f) / p = 275 + 10 / 0.4 = 300; after item 0, item 2 is drawn with
    q = 0.2 / 0.6, t2 = 50 + (275 - 40) + (60 - 70) / (1 / 3) = 255; mean 277.5 / 5 = 55.5;
    se^2 = (22.5^2 + 22.5^2) / (1 * 2) / 25 = 20.25, t(0.975, 1) = 12.706."""
    out = active_ppi_mean(F, SIZES, [(0, H[0]), (2, H[2])], Method(CLASSIC))
    assert out.corrected_mean == pytest.approx(55.5)
    assert out.ci is not None and out.lam == 1.0
    assert out.ci[1] - 55.5 == pytest.approx(stats.t.ppf(0.975, 1) * np.sqrt(20.25))


@pytest.mark.parametrize(("estimator", "lam"), [(PPI_PLUS, None), (CLASSIC, 1)])
def test_without_the_correction_it_equals_ppi_python_weighted_by_1_over_p(
        estimator: Estimator, lam: float | None) -> None:
    rng = np.random.default_rng(4)
    f = np.round(rng.uniform(0, 100, 40))
    h = np.clip(np.round(0.7 * f + 15 + rng.normal(0, 10, 40)), 0, 100)
    sizes = rng.uniform(0.2, 3, 40)
    picked = rng.choice(40, 15, replace=False)
    out = active_ppi_mean(list(f), list(sizes), [(int(i), h[i]) for i in picked],
                          Method(estimator, finite_population=False))
    w = 1 / sizes[picked]
    point = ppi_py.ppi_mean_pointestimate(h[picked], f[picked], f, lam=lam, w=w)
    lo, hi = ppi_py.ppi_mean_ci(h[picked], f[picked], f, alpha=0.05, lam=lam, w=w)
    assert out.corrected_mean == pytest.approx(float(np.squeeze(point)), abs=1e-9)
    assert out.ci == (pytest.approx(float(np.squeeze(lo)), abs=1e-9),
                      pytest.approx(float(np.squeeze(hi)), abs=1e-9))


@pytest.mark.parametrize("estimator", [PPI_PLUS, CLASSIC])
def test_every_item_reviewed_gives_the_human_mean_with_width_0(estimator: Estimator) -> None:
    order = [3, 0, 4, 1, 2]
    out = active_ppi_mean(F, SIZES, [(i, H[i]) for i in order], Method(estimator))
    assert out.corrected_mean == pytest.approx(float(np.mean(H))) and out.width == 0.0
    assert out.reviews_needed(1.0) == 0


@pytest.mark.parametrize("estimator", [PPI_PLUS, CLASSIC])
def test_reviews_still_needed_never_exceed_the_items_left(estimator: Estimator) -> None:
    rng = np.random.default_rng(9)
    f = np.round(rng.uniform(0, 100, 30))
    h = np.clip(np.round(f + rng.normal(0, 20, 30)), 0, 100)
    for n in range(4, 30):
        out = active_ppi_mean(list(f), [1.0] * 30, [(i, h[i]) for i in range(n)],
                              Method(estimator))
        needed = out.reviews_needed(0.5)
        assert needed is not None and 0 <= needed <= 30 - n


def test_ppi_plus_lambda_minimises_with_the_judge_moment_known() -> None:
    """lambda = 1 - cov(U + V, V) / Dbar in [0, 1]; a judge unrelated to the humans gets a
    small lambda, one equal to them lambda 1."""
    rng = np.random.default_rng(2)
    f = np.round(rng.uniform(0, 100, 200))
    noise = rng.permutation(f)
    reviewed = list(range(0, 200, 4))
    unrelated = active_ppi_mean(list(f), [1.0] * 200, [(i, noise[i]) for i in reviewed])
    same = active_ppi_mean(list(f), [1.0] * 200, [(i, f[i]) for i in reviewed])
    assert isinstance(unrelated.lam, float) and unrelated.lam < 0.3
    assert same.lam == 1.0 and same.corrected_mean == pytest.approx(float(f.mean()))


def test_bad_draws_are_refused() -> None:
    with pytest.raises(ValueError):
        active_ppi_mean(F, [0.0, *SIZES[1:]], [(0, 50.0)])
    with pytest.raises(ValueError):
        active_ppi_mean(F, SIZES, [(0, 50.0), (0, 50.0)])


def test_coverage_of_the_active_order_is_95_percent() -> None:
    """4,000 seeded draws (bench/ppi_coverage.py prints it with the other designs): N = 1,000,
    the first n = 200 of an active queue, with the correction, against the N's human mean."""
    for design, name, value in active_coverage(4000):
        assert 0.94 <= value <= 0.96, (design, name, value)


def test_the_active_worked_example_of_docs_calibration() -> None:
    """docs/calibration.md's numbers: the N = 8 judge scores of the random example, their
    disagreement scores, the sizes, four items drawn and reviewed, each draw's term."""
    f = [40.0, 55.0, 60.0, 70.0, 80.0, 95.0, 30.0, 50.0]
    found = [0.3, 0.0, 0.1, 0.05, 0.2, 0.0, 0.6, 0.1]
    sizes = active_sizes([predicted_error(Disagreement(d, "")) for d in found])
    assert [round(p, 3) for p in sizes] == [0.191, 0.053, 0.080, 0.053, 0.135, 0.053, 0.356,
                                            0.080]
    drawn = [(6, 50.0), (0, 50.0), (4, 75.0), (2, 70.0)]
    terms, known, judge_left, drawn_size = [], 0.0, sum(f), 0.0
    for i, h in drawn:
        terms.append(known + judge_left + (h - f[i]) * (1 - drawn_size) / sizes[i])
        known, judge_left, drawn_size = known + h, judge_left - f[i], drawn_size + sizes[i]
    assert [round(t, 2) for t in terms] == [536.17, 533.80, 493.25, 544.68]
    classic = active_ppi_mean(f, sizes, drawn, Method(CLASSIC))
    assert classic.corrected_mean == pytest.approx(float(np.mean(terms)) / 8)
    assert classic.ci is not None and round(classic.corrected_mean or 0, 2) == 65.87
    assert (round(classic.ci[0], 2), round(classic.ci[1], 2)) == (61.30, 70.44)
    assert round(t_quantile(0.975, 3), 3) == 3.182 and classic.reviews_needed(5.0) == 4
    tuned = active_ppi_mean(f, sizes, drawn)
    assert tuned.ci is not None and round(float(tuned.lam or 0), 3) == 0.965
    assert (round(tuned.corrected_mean or 0, 2), round(tuned.ci[0], 2),
            round(tuned.ci[1], 2)) == (65.66, 58.51, 72.81)


def test_t_quantiles_equal_scipy_s() -> None:
    for dof in [*range(1, 40), 47, 99, SERIES_UP_TO, SERIES_UP_TO + 1, 500, 2233, 10_000]:
        for p in (0.9, 0.975, 0.995):
            assert t_quantile(p, dof) == pytest.approx(stats.t.ppf(p, dof), abs=1e-10)
    with pytest.raises(ValueError):
        t_quantile(0.975, 0)
