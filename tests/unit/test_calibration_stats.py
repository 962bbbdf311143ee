"""Calibration statistics (DESIGN section 8): every coefficient against its reference library
computed here (scikit-learn, scipy.stats, krippendorff), hand-worked rows, undefined cases as
None without a warning (every warning is an error in this module), the seeded bootstrap,
prediction-powered inference (hand-worked, stratified, a coverage simulation) and the stopping
rule."""

from __future__ import annotations

import json
import math

import krippendorff
import numpy as np
import pytest
from scipy import stats
from sklearn.metrics import cohen_kappa_score

from anser_tui.scoring.agreement import (
    BINARY,
    SCALE_0_4,
    SCORE_0_100,
    AgreementRow,
    Scale,
    agreement_row,
)
from anser_tui.scoring.agreement_alpha import krippendorff_alpha
from anser_tui.scoring.agreement_bootstrap import bootstrap_intervals
from anser_tui.scoring.agreement_coefficients import (
    average_ranks,
    cohen_kappa,
    pearson,
    spearman,
)
from anser_tui.scoring.agreement_reviewers import anchoring, reviewer_agreement
from anser_tui.scoring.corrected import (
    Estimator,
    Method,
    Stratum,
    ppi_mean,
    stratified_ppi_mean,
)

CLASSIC = Method(Estimator.CLASSIC, finite_population=False)  # the estimator as it was
Z = 1.959963984540054  # the normal 97.5th percentile, as ppi_py's interval uses it

pytestmark = pytest.mark.filterwarnings("error")

LABELS = [0, 1, 2, 3, 4]
_RNG = np.random.default_rng(20240611)
_H = _RNG.integers(0, 5, 60)
DATASETS_0_4 = {
    "spread": ([0, 1, 2, 3, 4, 2, 1, 3, 4, 0, 2, 2], [0, 2, 2, 3, 3, 1, 1, 4, 4, 1, 2, 3]),
    "no_0_no_4": ([1, 2, 3, 2, 2, 3, 1, 1, 2, 3], [2, 2, 3, 1, 2, 3, 1, 2, 2, 2]),
    "no_2_used": ([0, 1, 3, 4, 4, 1, 0, 3], [1, 1, 3, 3, 4, 0, 0, 4]),
    "heavy_ties": ([3, 3, 3, 3, 4, 4, 3, 3, 2, 3], [3, 4, 3, 3, 4, 3, 3, 2, 2, 3]),
    "judge_constant": ([2, 2, 2, 2, 2, 2], [0, 1, 2, 3, 4, 2]),
    "human_constant": ([0, 1, 2, 3, 4, 2], [3, 3, 3, 3, 3, 3]),
    "simulated": (list(np.clip(_H + _RNG.integers(-1, 3, 60), 0, 4)), list(_H)),
}


@pytest.mark.parametrize("name", sorted(DATASETS_0_4))
def test_0_4_row_matches_sklearn_scipy_and_krippendorff(name: str) -> None:
    judge, human = DATASETS_0_4[name]
    row = agreement_row(judge, human, SCALE_0_4, resamples=200)
    assert row.kappa == pytest.approx(
        cohen_kappa_score(judge, human, weights="quadratic", labels=LABELS), abs=1e-12)
    assert row.alpha == pytest.approx(krippendorff.alpha(
        reliability_data=[judge, human], level_of_measurement="ordinal",
        value_domain=LABELS), abs=1e-12)
    for ours, theirs in ((row.pearson, stats.pearsonr), (row.spearman, stats.spearmanr)):
        if len(set(judge)) > 1 and len(set(human)) > 1:
            assert ours == pytest.approx(theirs(judge, human)[0], abs=1e-12)
        else:
            assert ours is None


def test_kappa_unweighted_and_binary_match_sklearn() -> None:
    for judge, human in DATASETS_0_4.values():
        assert cohen_kappa(human, judge, LABELS, quadratic=False) == pytest.approx(
            cohen_kappa_score(human, judge, labels=LABELS), abs=1e-12)
    judge, human = [1, 0, 0, 1, 1, 0, 1, 0, 1, 1], [1, 1, 0, 1, 0, 0, 1, 0, 0, 1]
    row = agreement_row(judge, human, BINARY, resamples=100)
    assert row.kappa == pytest.approx(cohen_kappa_score(human, judge, labels=[0, 1]))
    assert row.alpha == pytest.approx(krippendorff.alpha(
        reliability_data=[judge, human], level_of_measurement="nominal", value_domain=[0, 1]))


def test_correlations_and_ranks_match_scipy_with_ties() -> None:
    x = [1.0, 2.5, 2.5, 7.0, 3.0, 3.0, 3.0, -1.0, 10.0]
    y = [2.0, 2.0, 5.0, 9.0, 1.0, 4.0, 4.0, 0.0, 8.5]
    assert list(average_ranks(x)) == pytest.approx(list(stats.rankdata(x)))
    assert pearson(x, y) == pytest.approx(stats.pearsonr(x, y)[0], abs=1e-12)
    assert spearman(x, y) == pytest.approx(stats.spearmanr(x, y)[0], abs=1e-12)
    assert pearson([0.1, 0.1, 0.1], [1.0, 2.0, 3.0]) is None  # mean 0.1 is not exact in floats


def test_hand_worked_0_4_row() -> None:
    row = agreement_row([0, 1, 2, 3, 4, 2], [0, 2, 2, 1, 4, 3], SCALE_0_4, resamples=50)
    assert (row.n, row.exact_agreement, row.within_1_agreement) == (6, 0.5, 5 / 6)
    assert (row.mae, row.bias) == (pytest.approx(4 / 6), 0.0)
    assert row.confusion == ((1, 0, 0, 0, 0), (0, 0, 0, 1, 0), (0, 1, 1, 0, 0),
                             (0, 0, 1, 0, 0), (0, 0, 0, 0, 1))  # rows: human, columns: judge


def test_hand_worked_binary_row() -> None:
    human = [0, 0, 0, 1, 1, 1, 1, 0]
    judge = [1, 0, 0, 1, 1, 0, 1, 0]
    out = agreement_row(judge, human, BINARY, resamples=50).to_json()
    assert out["confusion"] == [[3, 1], [1, 3]]
    assert (out["false_positive_rate"], out["false_negative_rate"]) == (0.25, 0.25)
    assert (out["exact_agreement"], out["mae"], out["bias"]) == (0.75, 0.25, 0.0)
    assert out["kappa"] == pytest.approx(0.5)  # p_o 0.75, p_e 0.5
    assert out["within_1_agreement"] is None and "quadratic_kappa" not in out
    only_met = agreement_row([1, 0], [1, 1], BINARY).to_json()
    assert (only_met["false_positive_rate"], only_met["false_negative_rate"]) == (None, 0.5)


def test_hand_worked_score_row_and_interval_alpha() -> None:
    judge, human = [50.0, 70.5, 80.0, 100.0], [50.0, 70.0, 78.0, 90.0]
    row = agreement_row(judge, human, SCORE_0_100, resamples=50)
    assert (row.exact_agreement, row.within_1_agreement, row.mae, row.bias) == (
        0.25, 0.5, 3.125, 3.125)
    assert row.kappa is None and row.kappa_ci is None and row.confusion is None
    assert row.alpha == pytest.approx(krippendorff.alpha(
        reliability_data=[judge, human], level_of_measurement="interval"))
    ints_j, ints_h = [0, 40, 55, 90, 100, 73], [10, 35, 60, 95, 100, 70]
    assert agreement_row(ints_j, ints_h, SCORE_0_100).alpha == pytest.approx(krippendorff.alpha(
        reliability_data=[ints_j, ints_h], level_of_measurement="interval",
        value_domain=list(range(101))))


def test_json_keys_exactly_as_designed() -> None:
    base = ["n", "exact_agreement", "within_1_agreement", "mae", "bias", "bias_ci", "pearson",
            "spearman", "quadratic_kappa", "kappa_ci", "alpha", "confusion"]
    row = agreement_row(*DATASETS_0_4["spread"], SCALE_0_4, resamples=50).to_json()
    assert list(row) == base
    binary = agreement_row([0, 1, 1], [0, 1, 0], BINARY, resamples=50).to_json()
    assert list(binary) == [k if k != "quadratic_kappa" else "kappa" for k in base] + [
        "false_positive_rate", "false_negative_rate"]
    assert json.loads(json.dumps(row)) == row
    assert all(type(row[k]) is float for k in ("mae", "bias", "pearson", "alpha"))
    assert len(row["bias_ci"]) == 2 and len(row["kappa_ci"]) == 2


@pytest.mark.parametrize(("judge", "human"), [
    ([], []), ([3], [3]), ([3], [1]), ([2, 2, 2], [2, 2, 2]), ([1, 1, 1, 1], [1, 1, 1, 1]),
])
def test_undefined_statistics_are_none_without_warnings(judge: list[int], human: list[int],
                                                        ) -> None:
    row = agreement_row(judge, human, SCALE_0_4, resamples=50)
    assert (row.pearson, row.spearman, row.kappa, row.kappa_ci, row.alpha) == (None,) * 5
    if len(judge) < 2:
        assert row.bias_ci is None
    if not judge:
        assert (row.exact_agreement, row.mae, row.bias) == (None, None, None)
        assert row.confusion == ((0,) * 5,) * 5
    out = row.to_json()
    assert not any(isinstance(v, float) and math.isnan(v) for v in out.values())


def test_all_humans_identical() -> None:
    judge, human = [0, 1, 2, 4], [2, 2, 2, 2]
    row = agreement_row(judge, human, SCALE_0_4, resamples=50)
    assert row.pearson is None and row.spearman is None
    # Kappa and alpha stay defined (judge marks vary): the references agree.
    assert row.kappa == pytest.approx(
        cohen_kappa_score(judge, human, weights="quadratic", labels=LABELS))
    assert row.alpha == pytest.approx(krippendorff.alpha(
        reliability_data=[judge, human], level_of_measurement="ordinal", value_domain=LABELS))
    for scale in (SCORE_0_100, BINARY):
        assert agreement_row([1, 0, 1], [1, 1, 1], scale).pearson is None


def test_bad_input_is_an_error() -> None:
    with pytest.raises(ValueError):
        agreement_row([5, 1], [1, 1], SCALE_0_4)
    with pytest.raises(ValueError):
        agreement_row([2, 1], [1, 1], BINARY)
    with pytest.raises(ValueError):
        agreement_row([101.0], [1.0], SCORE_0_100)
    with pytest.raises(ValueError):
        agreement_row([1, 2], [1], SCALE_0_4)
    with pytest.raises(ValueError):
        Scale("scale_1_10")  # type: ignore[arg-type]


def test_bootstrap_is_seeded_and_contains_the_estimate() -> None:
    judge, human = DATASETS_0_4["simulated"]
    a = agreement_row(judge, human, SCALE_0_4, seed=7)
    b = agreement_row(judge, human, SCALE_0_4, seed=7)
    c = agreement_row(judge, human, SCALE_0_4, seed=8)
    assert (a.bias_ci, a.kappa_ci) == (b.bias_ci, b.kappa_ci)
    assert a.bias_ci != c.bias_ci
    assert a.bias_ci and a.kappa_ci and a.bias is not None and a.kappa is not None
    assert a.bias_ci[0] < a.bias < a.bias_ci[1]
    assert a.kappa_ci[0] < a.kappa < a.kappa_ci[1]
    small = bootstrap_intervals(judge, human, LABELS, seed=7, resamples=10)
    assert small != (a.bias_ci, a.kappa_ci)


def test_bootstrap_skips_undefined_resamples() -> None:
    # Resamples of two pairs: (0,0),(0,0) and (1,1),(1,1) leave kappa undefined, mixed ones give 1.
    bias_ci, kappa_ci = bootstrap_intervals([0, 1], [0, 1], LABELS, seed=3, resamples=200)
    assert bias_ci == (0.0, 0.0) and kappa_ci == (1.0, 1.0)
    assert bootstrap_intervals([2, 2], [2, 2], LABELS, resamples=50)[1] is None


def test_alpha_with_missing_marks_matches_krippendorff() -> None:
    nan = np.nan
    data = [[nan, nan, nan, nan, nan, 3, 4, 1, 2, 1, 1, 3, 3, nan, 3],
            [1, nan, 2, 1, 3, 3, 4, 3, nan, nan, nan, nan, nan, nan, nan],
            [nan, nan, 2, 1, 3, 4, 4, nan, 2, 1, 1, 3, 3, nan, 4]]  # coders x units; no 0 used
    units = [[None if math.isnan(v) else v for v in col] for col in np.array(data).T]
    for level in ("nominal", "ordinal", "interval"):
        assert krippendorff_alpha(units, level, LABELS) == pytest.approx(krippendorff.alpha(
            reliability_data=data, level_of_measurement=level, value_domain=LABELS), abs=1e-12)
    assert krippendorff_alpha(units, "nominal") == pytest.approx(0.691358, abs=1e-6)
    assert krippendorff_alpha(units, "interval") == pytest.approx(0.810845, abs=1e-6)
    rng = np.random.default_rng(5)
    for _ in range(20):
        marks = rng.integers(0, 5, (4, 25)).astype(float)
        marks[rng.random((4, 25)) < 0.4] = nan
        table = [list(col) for col in marks.T]  # NaN also counts as missing
        assert krippendorff_alpha(table, "ordinal", LABELS) == pytest.approx(krippendorff.alpha(
            reliability_data=marks, level_of_measurement="ordinal", value_domain=LABELS))
    for _ in range(5):  # continuous scores: the closed-form interval level
        scores = rng.uniform(0, 100, (3, 30))
        scores[rng.random((3, 30)) < 0.3] = nan
        assert krippendorff_alpha([list(c) for c in scores.T], "interval") == pytest.approx(
            krippendorff.alpha(reliability_data=scores, level_of_measurement="interval"))
    assert krippendorff_alpha([[1, None], [None, 2]], "ordinal", LABELS) is None
    assert krippendorff_alpha([[0.1, 0.1, 0.1], [0.1, 0.1]], "interval") is None
    with pytest.raises(ValueError):
        krippendorff_alpha([[1, 5], [2, 2]], "ordinal", LABELS)
    assert krippendorff_alpha([[3, 3], [3, 3, None]], "ordinal", LABELS) is None


def test_reviewer_agreement_alpha_and_pairwise_kappa() -> None:
    marks = {"carol": {"t1": 2, "t2": 3, "t3": 0, "t5": 4, "t6": 1},
             "alice": {"t1": 2, "t2": 4, "t3": 1, "t4": 3, "t6": 1},
             "bob": {"t1": 1, "t2": 3, "t4": 3, "t5": 4, "t6": 2},
             "dave": {"t9": 1}}  # nobody else marked t9
    out = reviewer_agreement(marks, SCALE_0_4)
    assert out is not None
    assert (out.n_items, out.n_reviewers) == (6, 3)
    items, coders = ["t1", "t2", "t3", "t4", "t5", "t6"], ["alice", "bob", "carol"]
    data = [[marks[c].get(i, np.nan) for i in items] for c in coders]
    assert out.alpha == pytest.approx(krippendorff.alpha(
        reliability_data=data, level_of_measurement="ordinal", value_domain=LABELS))
    assert sorted(out.pairwise_kappa) == ["alice|bob", "alice|carol", "bob|carol"]
    common = ["t1", "t2", "t3", "t6"]  # alice and carol
    assert out.pairwise_kappa["alice|carol"] == pytest.approx(cohen_kappa_score(
        [marks["alice"][i] for i in common], [marks["carol"][i] for i in common],
        weights="quadratic", labels=LABELS))
    assert out.to_json()["n_reviewers"] == 3
    assert reviewer_agreement({"a": {"x": 1}, "b": {"y": 2}}, SCALE_0_4) is None
    scores = reviewer_agreement({"a": {"x": 50.0, "y": 70.0}, "b": {"x": 55.0, "y": 60.0}},
                                SCORE_0_100)
    assert scores is not None and scores.pairwise_kappa == {"a|b": None}
    assert scores.alpha == pytest.approx(krippendorff.alpha(
        reliability_data=[[50, 70], [55, 60]], level_of_measurement="interval"))


def test_anchoring_hand_worked() -> None:
    decisions = [(2, 2, 4), (1, 3, 4), (3, 2, 4), (0, 1, 0), (4, 4, 0), (2, 3, 3)]
    out = anchoring(decisions)  # moved: 2nd (toward), 3rd (away), 4th (away), 6th (toward)
    assert (out.n, out.n_moved, out.n_toward_judge) == (6, 4, 2)
    assert (out.moved_share, out.toward_judge_share) == (4 / 6, 0.5)
    assert anchoring([]).moved_share is None and anchoring([(1, 1, 2)]).toward_judge_share is None


def test_ppi_hand_worked_and_not_random() -> None:
    reviewed = [(65.0, 60.0), (72.0, 70.0), (85.0, 80.0)]  # (human, judge); rectifier 5, 2, 5
    out = ppi_mean([60.0, 70.0, 80.0, 90.0], reviewed, method=CLASSIC)
    # ppi_py's variances (ddof 0): sd(f)^2 = 125 over N = 4, sd(h - f)^2 = 2 over n = 3
    half = Z * math.sqrt(125 / 4 + 2 / 3)
    assert (out.judge_mean, out.corrected_mean) == (75.0, 79.0)
    assert out.ci == (pytest.approx(79 - half), pytest.approx(79 + half))
    # the judge's term (125 / 4) alone is wider than half the interval: every item left, 1
    assert out.reviews_to_halve_ci == 1 and out.random_sample
    assert list(out.to_json()) == ["n_items", "n_reviewed", "judge_mean", "corrected_mean", "ci",
                                   "random_sample", "reviews_to_halve_ci", "estimator",
                                   "lambda", "finite_population"]
    queue = ppi_mean([60.0, 70.0, 80.0, 90.0], reviewed, random_sample=False,
                     method=CLASSIC).to_json()
    assert queue == {"n_items": 4, "n_reviewed": 3, "judge_mean": 75.0, "corrected_mean": None,
                     "ci": None, "random_sample": False, "reviews_to_halve_ci": None,
                     "estimator": "classic", "lambda": None, "finite_population": False}
    one = ppi_mean([60.0, 70.0], [(65.0, 60.0)], method=CLASSIC)
    assert one.corrected_mean == 70.0 and one.ci is None and one.reviews_to_halve_ci is None
    assert ppi_mean([], []).judge_mean is None and ppi_mean([1.0], []).corrected_mean is None


def test_stratified_ppi_hand_worked() -> None:
    a = Stratum([10.0, 20.0], [(12.0, 10.0), (24.0, 20.0)])  # corrected 18, variance 12.5 + 0.5
    b = Stratum([40.0, 50.0, 60.0, 70.0], [(40.0, 40.0), (48.0, 50.0)])  # 54, 125/4 + 0.5
    out = stratified_ppi_mean([a, b], method=CLASSIC)
    assert out.corrected_mean == pytest.approx(18 / 3 + 54 * 2 / 3)
    half = Z * math.sqrt(13 / 9 + (4 / 9) * (125 / 4 + 0.5))
    assert out.ci == (pytest.approx(42 - half), pytest.approx(42 + half))
    assert (out.n_items, out.n_reviewed, out.reviews_to_halve_ci) == (6, 4, 2)  # N - n
    assert out.judge_mean == pytest.approx(250 / 6)
    assert out.lam == {"0": 1.0, "1": 1.0}
    one = ppi_mean(a.judge_all, a.reviewed, method=CLASSIC)
    assert stratified_ppi_mean([a], method=CLASSIC).ci == one.ci
    assert stratified_ppi_mean([a, Stratum([1.0, 2.0], [])]).corrected_mean is None


def test_ppi_interval_covers_the_true_mean_about_95_percent() -> None:
    rng = np.random.default_rng(11)
    covered = 0
    for _ in range(400):
        human = rng.normal(60, 15, 400)
        judge = human + 5 + rng.normal(0, 8, 400)  # a judge 5 points generous, noisy
        picked = rng.choice(400, 40, replace=False)
        ci = ppi_mean(list(judge), [(human[i], judge[i]) for i in picked], method=CLASSIC).ci
        assert ci is not None
        covered += ci[0] <= 60 <= ci[1]
    assert 0.90 <= covered / 400 <= 0.99


def test_reviews_needed_worked_examples() -> None:
    # with the correction: 2 z sqrt((1 - n'/N) s^2 / n') <= target, s^2 the sample variance
    # of h - f (classic), here of 5, 2, 5: 3; N = 4, n = 3
    out = ppi_mean([60.0, 70.0, 80.0, 90.0], [(65.0, 60.0), (72.0, 70.0), (85.0, 80.0)],
                   method=Method(Estimator.CLASSIC))
    assert out.width == pytest.approx(2 * Z * math.sqrt((1 - 3 / 4) * 3 / 3))
    assert out.reviews_needed(1.0) == 1  # only n' = 4 reaches it (width 0)
    assert out.reviews_needed(2.0) == 0  # already narrower than the target
    assert out.reviews_to_halve_ci == 1
    gaps = [4, -3, 8, 0, 5, -6, 2, 9, -1, 3]  # h - f on the first 10 of 100 items
    wide = ppi_mean(list(np.arange(100.0)), [(v + d, v) for v, d in enumerate(gaps)],
                    method=Method(Estimator.CLASSIC))
    s2 = float(np.var(gaps, ddof=1))
    total = next(m for m in range(10, 101) if 2 * Z * math.sqrt((1 - m / 100) * s2 / m) <= 2)
    assert wide.reviews_needed(2.0) == total - 10
    assert ppi_mean([1.0, 2.0], [(1.0, 1.0)]).reviews_needed(4.0) is None
    with pytest.raises(ValueError):
        out.reviews_needed(0.0)


def test_row_is_a_frozen_dataclass() -> None:
    row = agreement_row([1, 2], [1, 3], SCALE_0_4, resamples=20)
    assert isinstance(row, AgreementRow)
    with pytest.raises(AttributeError):
        row.n = 3  # type: ignore[misc]


def test_bootstrap_draws_are_the_seeds_whatever_came_before() -> None:
    """The resamples' draws are kept between calls (every dimension of a scope reads the same):
    an interval is the one drawn afresh from default_rng(seed), in the documented chunks,
    whatever was asked before it."""
    from anser_tui.scoring import agreement_bootstrap as boot

    rng = np.random.default_rng(31)
    n, resamples, seed = 2000, 1000, 5
    human = rng.integers(0, 5, n).astype(float)
    judge = np.clip(human + rng.integers(-1, 2, n), 0, 4)
    other = np.clip(human + rng.integers(-2, 1, n), 0, 4)
    chunk = boot._DRAWS_PER_CHUNK // n  # 500: two chunks of draws
    fresh = np.random.default_rng(seed)
    idx = np.vstack([fresh.integers(0, n, size=(chunk, n)) for _ in range(resamples // chunk)])
    for j in (judge, other, judge):  # warm draws, other data, the first again
        diff = j - human
        lo, hi = np.percentile(diff[idx].mean(axis=1), [2.5, 97.5])
        bias_ci, kappa_ci = bootstrap_intervals(j, human, LABELS, seed=seed,
                                                resamples=resamples)
        assert bias_ci == (float(lo), float(hi))
        assert kappa_ci is not None and kappa_ci[0] < kappa_ci[1]
    boot._drawn.clear()
    assert bootstrap_intervals(judge, human, LABELS, seed=seed, resamples=resamples)[0] == \
        bootstrap_intervals(judge, human, LABELS, seed=seed, resamples=resamples)[0]
    assert all(not block.flags.writeable for blocks in boot._drawn.values() for block in blocks)


def _fresh_draws(seed: int, n: int, resamples: int) -> np.ndarray:
    """The resamples' indices drawn afresh from default_rng(seed) in the documented chunks."""
    from anser_tui.scoring import agreement_bootstrap as boot

    fresh = np.random.default_rng(seed)
    chunk = boot._DRAWS_PER_CHUNK // n
    return np.vstack([fresh.integers(0, n, size=(min(resamples, start + chunk) - start, n))
                      for start in range(0, resamples, chunk)])


def _percentiles(values: list[float] | np.ndarray) -> tuple[float, float]:
    lo, hi = np.percentile(np.asarray(values), [2.5, 97.5])
    return float(lo), float(hi)


@pytest.mark.parametrize(("kind", "exact"), [
    ("marks_0_4", True), ("binary", True), ("score_quarters", True), ("score_thirds", False)])
def test_bootstrap_intervals_are_the_resamples_statistics(kind: str, exact: bool) -> None:
    """Each resample's bias and kappa, read off its counts of each pair (a matrix product) where
    the sums are exact and gathered elsewhere, is the float the gathered resample gives: the
    bias interval equals numpy's mean of the gathered differences exactly, the kappa interval
    scikit-learn's kappa of each gathered resample; two chunks of draws (n = 1,200)."""
    from anser_tui.scoring import agreement_bootstrap as boot

    rng = np.random.default_rng(47)
    n, resamples, seed = 1200, 1000, 9
    labels: list[float] | None
    if kind in ("marks_0_4", "binary"):
        top = 4 if kind == "marks_0_4" else 1
        labels = [float(v) for v in range(top + 1)]
        human = rng.integers(0, top + 1, n).astype(float)
        judge = np.clip(human + rng.integers(-1, 2, n), 0, top)
    else:
        step = 0.25 if kind == "score_quarters" else 1 / 3
        labels = None
        human = rng.integers(0, 301, n) * step
        judge = np.clip(human + rng.integers(-30, 31, n) * step, 0, 100)
    diff = judge - human
    assert boot._sums_exactly(diff) is exact
    idx = _fresh_draws(seed, n, resamples)
    bias_ci, kappa_ci = bootstrap_intervals(judge, human, labels, kind != "binary", seed=seed,
                                            resamples=resamples)
    assert bias_ci == _percentiles(diff[idx].mean(axis=1))
    if labels is None:
        assert kappa_ci is None
        return
    weights = "quadratic" if kind == "marks_0_4" else None
    kappas = [cohen_kappa_score(human[row], judge[row], labels=labels, weights=weights)
              for row in idx]
    assert kappa_ci is not None
    assert kappa_ci == pytest.approx(_percentiles(kappas), abs=1e-12)
    counted = boot._counted[(seed, n, resamples)]
    assert [block.shape for block in counted] == [(833, n), (167, n)]
    assert all(not block.flags.writeable for block in counted)
    assert np.array_equal(np.vstack(counted).sum(axis=1), np.full(resamples, float(n)))


def test_sums_exactly_holds_for_binary_fractions_within_53_bits() -> None:
    from anser_tui.scoring.agreement_bootstrap import _sums_exactly

    assert _sums_exactly(np.array([0.0, 0.0]))
    assert _sums_exactly(np.array([-24.75, 3.0, 0.5, 100.0]))
    assert _sums_exactly(np.array([1.0, 2.0**-40]))  # 40 bits below the point, 8 values
    assert not _sums_exactly(np.array([1.0, 1.0 / 3.0]))
    assert not _sums_exactly(np.array([0.1, 0.2]))
    assert not _sums_exactly(np.array([2.0**50, 1.0] * 4))  # 8 x 2^50 needs 54 bits
    assert _sums_exactly(np.array([2.0**49, 1.0] * 4))  # 8 x 2^49 = 2^52
    assert not _sums_exactly(np.array([1.0, np.nan]))
    assert not _sums_exactly(np.array([1.0, np.inf]))
    assert not _sums_exactly(np.array([5e-324, 1.0]))  # subnormal: 1,074 bits


def test_alpha_of_a_float_array_is_the_alpha_of_its_rows() -> None:
    """A units x coders float array (NaN missing) is read whole: the same float as the table
    of its rows, and the krippendorff package's alpha, at every level; ragged ones too."""
    rng = np.random.default_rng(13)
    for shape, missing in (((2000, 2), 0.0), ((300, 3), 0.3), ((40, 4), 0.6)):
        marks = rng.integers(0, 5, shape).astype(float)
        marks[rng.random(shape) < missing] = np.nan
        rows = [list(row) for row in marks]
        for level in ("nominal", "ordinal", "interval"):
            whole = krippendorff_alpha(marks, level, LABELS)
            assert whole == krippendorff_alpha(rows, level, LABELS)
            assert whole == pytest.approx(krippendorff.alpha(
                reliability_data=marks.T, level_of_measurement=level, value_domain=LABELS),
                abs=1e-12)
    assert krippendorff_alpha(np.zeros((0, 2)), "interval") is None
    assert krippendorff_alpha(np.array([[1.0, np.nan], [np.nan, 2.0]]), "ordinal", LABELS) is None
    with pytest.raises(ValueError):
        krippendorff_alpha(np.array([[1.0, 5.0], [2.0, np.nan]]), "ordinal", LABELS)


@pytest.mark.parametrize("values", [
    [0.0, 100.0, 62.5], [-0.0, 50.0], [100.0001], [-1e-9], [math.nan, 1.0], [math.inf],
    [-math.inf, 3.0], [1e300], []])
def test_scale_check_reads_an_array_as_it_reads_its_values(values: list[float]) -> None:
    """agreement_row checks its arrays whole: the same values pass or fail, with the same
    message, as when given one by one."""
    for scale in (SCORE_0_100, Scale("number"), SCALE_0_4):
        outcomes = []
        for given in (values, np.asarray(values, dtype=float)):
            try:
                scale.check(given)
                outcomes.append(None)
            except ValueError as exc:
                outcomes.append(str(exc))
        assert outcomes[0] == outcomes[1], (scale, values)
