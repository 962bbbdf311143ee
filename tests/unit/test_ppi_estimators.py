"""The corrected score's estimators (DESIGN section 8) against ppi-python 0.2.3, the
finite-population correction, the stopping rule's cap at N - n, and coverage by simulation."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import ppi_py
import pytest

from anser_tui.scoring.corrected import Estimator, Method, Stratum, ppi_mean, stratified_ppi_mean
from bench.ppi_coverage import Draws, batch, coverage_table, draws

PPI_PLUS, CLASSIC = Estimator.PPI_PLUS, Estimator.CLASSIC


def _population(seed: int, n_items: int = 34) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    f = np.round(rng.uniform(0, 100, n_items))
    h = np.clip(np.round(0.6 * f + 20 + rng.normal(0, 12, n_items)), 0, 100)
    return h, f


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("estimator", "lam"), [(PPI_PLUS, None), (CLASSIC, 1)])
@pytest.mark.parametrize("weighted", [False, True])
def test_without_the_correction_it_equals_ppi_python(seed: int, estimator: Estimator,
                                                     lam: float | None, weighted: bool) -> None:
    h, f = _population(seed)
    picked = np.random.default_rng(seed + 100).choice(34, 12, replace=False)
    w = np.random.default_rng(seed).uniform(0.5, 4, 12) if weighted else None
    out = ppi_mean(list(f), list(zip(h[picked], f[picked], strict=True)),
                   method=Method(estimator, finite_population=False),
                   weights=None if w is None else list(w))
    point = ppi_py.ppi_mean_pointestimate(h[picked], f[picked], f, lam=lam, w=w)
    lo, hi = ppi_py.ppi_mean_ci(h[picked], f[picked], f, alpha=0.05, lam=lam, w=w)
    assert out.corrected_mean == pytest.approx(float(np.squeeze(point)), abs=1e-9)
    assert out.ci is not None
    assert out.ci[0] == pytest.approx(float(np.squeeze(lo)), abs=1e-9)
    assert out.ci[1] == pytest.approx(float(np.squeeze(hi)), abs=1e-9)
    assert isinstance(out.lam, float) and 0.0 <= out.lam <= 1.0
    assert out.to_json()["estimator"] == estimator.value
    assert out.to_json()["finite_population"] is False


@pytest.mark.parametrize("estimator", [PPI_PLUS, CLASSIC])
def test_with_the_correction_the_interval_narrows_to_width_0_at_n_equals_N(
        estimator: Estimator) -> None:
    h, f = _population(3, 40)
    order = np.random.default_rng(3).permutation(40)
    widths = []
    for n in range(5, 41):
        out = ppi_mean(list(f), [(h[i], f[i]) for i in order[:n]], method=Method(estimator))
        lam = out.lam if isinstance(out.lam, float) else 1.0
        rect = h[order[:n]] - lam * f[order[:n]]
        expected = 2 * 1.959963984540054 * np.sqrt((1 - n / 40) * rect.var(ddof=1) / n)
        assert out.width == pytest.approx(expected, abs=1e-9)
        widths.append(out.width)
    assert widths[-1] == 0.0 and min(widths[:-1]) > 0
    # with the spread of the rectifier held fixed (h - f alternating -10, +10 in review
    # order), the interval narrows with every pair of reviews
    gaps = np.where(np.arange(40) % 2 == 0, -10.0, 10.0)
    even = [ppi_mean(list(f), [(f[i] + gaps[k], f[i]) for k, i in enumerate(order[:n])],
                     method=Method(CLASSIC)).width for n in range(2, 41, 2)]
    assert all(x is not None and y is not None and x > y
               for x, y in pairwise(even))
    every = ppi_mean(list(f), list(zip(h[order], f[order], strict=True)),
                     method=Method(estimator))
    assert every.corrected_mean == pytest.approx(float(np.mean(h)), abs=1e-12)
    assert every.ci == (every.corrected_mean, every.corrected_mean)
    assert every.reviews_needed(5.0) == 0
    off = ppi_mean(list(f), [(h[i], f[i]) for i in order[:20]],
                   method=Method(estimator, finite_population=False))
    on = ppi_mean(list(f), [(h[i], f[i]) for i in order[:20]], method=Method(estimator))
    assert on.width is not None and off.width is not None and on.width < off.width


def test_ppi_plus_is_never_wider_than_classic_where_the_judge_tells_nothing() -> None:
    rng = np.random.default_rng(5)
    f = np.round(rng.uniform(0, 100, 200))
    h = np.round(rng.uniform(0, 100, 200))  # the judge says nothing about the human
    pairs = [(h[i], f[i]) for i in range(30)]
    tuned = ppi_mean(list(f), pairs, method=Method(PPI_PLUS, False))
    classic = ppi_mean(list(f), pairs, method=Method(CLASSIC, False))
    assert tuned.width is not None and classic.width is not None
    human_only = 2 * 1.959963984540054 * float(np.std(h[:30])) / np.sqrt(30)  # lambda = 0
    assert tuned.width < classic.width and isinstance(tuned.lam, float) and tuned.lam < 0.5
    assert tuned.width <= human_only * 1.01


@pytest.mark.parametrize("finite", [True, False])
@pytest.mark.parametrize("estimator", [PPI_PLUS, CLASSIC])
def test_reviews_still_needed_never_exceed_the_items_left(finite: bool,
                                                           estimator: Estimator) -> None:
    method = Method(estimator, finite)
    rng = np.random.default_rng(9)
    for _ in range(200):
        n_items = int(rng.integers(3, 60))
        n = int(rng.integers(2, n_items + 1))
        f = np.round(rng.uniform(0, 100, n_items))
        h = np.clip(np.round(f + rng.normal(0, 30, n_items)), 0, 100)
        out = ppi_mean(list(f), [(h[i], f[i]) for i in range(n)], method=method)
        for target in (0.5, 5.0, 20.0):
            needed = out.reviews_needed(target)
            assert needed is not None and 0 <= needed <= n_items - n


def test_five_of_29_reviewed_never_asks_for_111() -> None:
    """Issue 20: 5 of a run's 29 items reviewed, the interval wide: at most 24 more."""
    f = [float(v) for v in (90, 85, 20, 95, 40, 75, 88, 60, 15, 92, 70, 35, 80, 55, 98,
                            10, 65, 83, 45, 77, 91, 30, 68, 86, 50, 94, 25, 72, 58)]
    reviewed = [(40.0, 90.0), (85.0, 85.0), (80.0, 20.0), (95.0, 95.0), (40.0, 40.0)]
    for method in (Method(), Method(CLASSIC), Method(PPI_PLUS, False), Method(CLASSIC, False)):
        out = ppi_mean(f, reviewed, method=method)
        needed = out.reviews_needed(5.0)
        assert out.width is not None and out.width > 5
        assert needed is not None and 0 < needed <= 24
    assert ppi_mean(f, reviewed).reviews_needed(5.0) == ppi_mean(
        f, reviewed).reviews_needed(5.0 + 1e-12)


def test_a_stratified_mean_carries_each_stratum_s_lambda() -> None:
    h, f = _population(1, 30)
    a = Stratum(list(f[:20]), [(h[i], f[i]) for i in range(8)])
    b = Stratum(list(f[20:]), [(h[i], f[i]) for i in range(20, 25)])
    out = stratified_ppi_mean([a, b], method=Method(PPI_PLUS, False), names=["x", "y"])
    parts = [ppi_mean(s.judge_all, s.reviewed, method=Method(PPI_PLUS, False)) for s in (a, b)]
    assert out.lam == {"x": parts[0].lam, "y": parts[1].lam}
    assert out.corrected_mean == pytest.approx(
        (20 * (parts[0].corrected_mean or 0) + 10 * (parts[1].corrected_mean or 0)) / 30)
    full = stratified_ppi_mean([Stratum(list(f[:20]), [(h[i], f[i]) for i in range(20)]),
                                Stratum(list(f[20:]), [(h[i], f[i]) for i in range(20, 30)])])
    assert full.corrected_mean == pytest.approx(float(np.mean(h))) and full.width == 0.0


@pytest.mark.parametrize("replace", [True, False])
def test_the_simulation_computes_what_the_code_computes(replace: bool) -> None:
    d = draws(5, 1, replace)
    for tuned, estimator in ((True, PPI_PLUS), (False, CLASSIC)):
        mean, half = batch(d, tuned, finite=not replace)
        for k in range(5):
            out = ppi_mean(list(d.f_all[k]), list(zip(d.h[k], d.f[k], strict=True)),
                           method=Method(estimator, not replace))
            assert out.corrected_mean == pytest.approx(mean[k], abs=1e-9)
            assert out.ci is not None and out.ci[1] - out.corrected_mean == pytest.approx(
                half[k], abs=1e-9)
    assert isinstance(d, Draws)


def test_coverage_is_95_percent_with_and_without_replacement() -> None:
    """4,000 seeded draws per design and estimator (bench/ppi_coverage.py prints the table):
    the reviewed items an independent draw (no correction), or a simple random sample of the
    N judged items (with the correction, against their own human mean)."""
    table = {(design, name): value for design, name, value in coverage_table(4000)}
    asserted = {key: value for key, value in table.items()
                if key[0] != "without replacement, no correction"}
    assert len(asserted) == 4
    for key, value in asserted.items():
        assert 0.94 <= value <= 0.96, (key, value)


def test_the_worked_example_of_docs_calibration() -> None:
    """docs/calibration.md's numbers: N = 8, four reviewed."""
    f = [40.0, 55.0, 60.0, 70.0, 80.0, 95.0, 30.0, 50.0]
    reviewed = [(50.0, 40.0), (55.0, 55.0), (70.0, 60.0), (75.0, 80.0)]
    shown = {}
    for estimator in (CLASSIC, PPI_PLUS):
        for finite in (False, True):
            out = ppi_mean(f, reviewed, method=Method(estimator, finite))
            assert out.ci is not None
            shown[(estimator, finite)] = (round(out.corrected_mean or 0, 2),
                                          round(out.ci[0], 2), round(out.ci[1], 2))
    assert shown == {(CLASSIC, False): (63.75, 48.60, 78.90), (CLASSIC, True): (63.75, 58.55, 68.95),
                     (PPI_PLUS, False): (62.81, 54.95, 70.67), (PPI_PLUS, True): (62.81, 57.03, 68.59)}
    tuned = ppi_mean(f, reviewed)
    assert round(float(tuned.lam or 0), 3) == 0.248
    assert ppi_mean(f, reviewed, method=Method(CLASSIC)).reviews_needed(5.0) == 3
    assert tuned.reviews_needed(5.0) == 3 and round(tuned.width or 0, 4) == 11.5603
