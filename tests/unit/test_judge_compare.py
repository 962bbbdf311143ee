"""`calibration --compare A,B` (DESIGN 15): two judges of one run on the items both judged and
a human settled; each judge's kappa equal to scikit-learn's on the same pairs, delta = B - A
with a paired bootstrap interval resampling contexts, McNemar's exact p as scipy's binomtest."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from calibration_ws import SCIENCE, flat, judge, override_all, sci, science_workspace, session
from click.testing import CliRunner
from scipy.stats import binomtest
from sklearn.metrics import cohen_kappa_score

from anser_tui.cli import cli
from anser_tui.scoring.agreement import Scale
from anser_tui.scoring.paired import compare_paired, mcnemar_exact
from anser_tui.workspace import Item, Judgment, JudgmentStatus, add_judgments

RUN = "sys-a"
A_MARKS = [0, 1, 2, 3, 4, 2, 1, 3, 4]   # judge A's flat marks on items 1..9
B_MARKS = [0, 2, 2, 3, 3, 2, 1, 4]      # judge B's on items 1..8 (not 9)
HUMAN = [0, 2, 2, 3, 3, 1, 1, 4, 2]     # the reviewer's flat marks on items 1..9


def _workspace(tmp_path: Path) -> Path:
    store = science_workspace(tmp_path, 9)
    judge(store, RUN, {sci(i + 1): flat(v) for i, v in enumerate(A_MARKS)})
    add_judgments(store, [Judgment(run=RUN, task_id=sci(i + 1), rubric_id=SCIENCE.id,
                                   status=JudgmentStatus.OK, marks=flat(v),
                                   score=SCIENCE.score(flat(v)), model="other-model",
                                   judge="judge-b")
                          for i, v in enumerate(B_MARKS)])
    items = [Item(RUN, sci(i)) for i in range(1, 10)]
    review = session(store, "alice", items)
    override_all(review, {it: flat(h) for it, h in zip(items, HUMAN, strict=True)})
    path = store.path
    store.close()
    return Path(path)


def test_two_judges_compared_on_the_same_human_labels(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "200")
    path = _workspace(tmp_path)
    result = CliRunner().invoke(cli, ["calibration", str(path), "--compare",
                                      "judge-model,judge-b", "--format", "json"])
    assert result.exit_code == 0, result.output
    entries = {(e["scope"], e["dimension"]): e for e in json.loads(result.output)["comparison"]}
    entry = entries[("all", "conclusion")]
    assert entry["n"] == 8  # item 9 was judged by A only
    human, a, b = HUMAN[:8], A_MARKS[:8], B_MARKS[:8]
    k_a = cohen_kappa_score(human, a, weights="quadratic", labels=[0, 1, 2, 3, 4])
    k_b = cohen_kappa_score(human, b, weights="quadratic", labels=[0, 1, 2, 3, 4])
    assert entry["judges"]["judge-model"]["quadratic_kappa"] == pytest.approx(k_a, abs=1e-12)
    assert entry["judges"]["judge-b"]["quadratic_kappa"] == pytest.approx(k_b, abs=1e-12)
    assert entry["delta"]["quadratic_kappa"] == pytest.approx(k_b - k_a, abs=1e-12)
    mae_a = np.mean(np.abs(np.subtract(a, human)))
    mae_b = np.mean(np.abs(np.subtract(b, human)))
    assert entry["delta"]["mae"] == pytest.approx(mae_b - mae_a)
    assert entry["delta"]["exact_agreement"] == pytest.approx(7 / 8 - 4 / 8)
    lo, hi = entry["delta_ci"]["quadratic_kappa"]
    assert lo <= entry["delta"]["quadratic_kappa"] <= hi and lo < hi
    assert entry["mcnemar_p"] is None  # not a binary dimension
    assert {s for s, _ in entries} == {"all", "group:science_en_descriptive", f"run:{RUN}"}
    assert ("all", "score") in entries

    table = CliRunner().invoke(cli, ["calibration", str(path), "--compare",
                                     "judge-model,judge-b"])
    assert table.exit_code == 0 and "quadratic_kappa" in table.output
    bad = CliRunner().invoke(cli, ["calibration", str(path), "--compare", "judge-b"])
    assert bad.exit_code == 2 and "two different judges" in bad.output


@pytest.mark.parametrize(("a_right", "b_right"), [
    ([1, 1, 1, 0, 0, 1, 1, 1, 0, 1], [1, 0, 0, 0, 1, 0, 0, 1, 0, 0]),
    ([1, 0, 1, 0, 1, 0], [0, 1, 1, 1, 1, 1]),
    ([1] * 12 + [0] * 3, [0] * 9 + [1] * 6),
])
def test_mcnemar_exact_is_the_binomial_test_of_the_discordant_items(
        a_right: list[int], b_right: list[int]) -> None:
    b = sum(1 for x, y in zip(a_right, b_right, strict=True) if x and not y)
    c = sum(1 for x, y in zip(a_right, b_right, strict=True) if y and not x)
    expected = binomtest(min(b, c), b + c, 0.5).pvalue
    assert mcnemar_exact([bool(x) for x in a_right], [bool(y) for y in b_right]) == \
        pytest.approx(expected, abs=1e-12)
    assert mcnemar_exact([True, False], [True, False]) == 1.0  # nothing discordant


def test_binary_comparison_and_clusters_resampled_whole() -> None:
    human = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1]
    a = [1, 1, 1, 0, 0, 1, 1, 0, 0, 1]
    b = [1, 0, 1, 1, 0, 0, 0, 0, 1, 1]
    scale = Scale("binary")
    got = compare_paired(a, b, human, list(range(10)), scale, seed=3, resamples=400)
    k_a = cohen_kappa_score(human, a, labels=[0, 1])
    k_b = cohen_kappa_score(human, b, labels=[0, 1])
    assert got["delta"]["kappa"] == pytest.approx(k_b - k_a, abs=1e-12)
    assert got["delta"]["accuracy"] == pytest.approx(0.9 - 0.6)
    b_ = sum(1 for x, y, h in zip(a, b, human, strict=True) if x == h and y != h)
    c_ = sum(1 for x, y, h in zip(a, b, human, strict=True) if y == h and x != h)
    assert got["mcnemar_p"] == pytest.approx(binomtest(min(b_, c_), b_ + c_, 0.5).pvalue)
    # each item twice, the copies one context: the same resamples as the items alone
    twice = compare_paired([*a, *a], [*b, *b], [*human, *human], [*range(10), *range(10)],
                           scale, seed=3, resamples=400)
    assert twice["delta_ci"] == pytest.approx(got["delta_ci"])
    # the copies as independent items: the interval is narrower, as if n were 20
    apart = compare_paired([*a, *a], [*b, *b], [*human, *human], list(range(20)), scale,
                           seed=3, resamples=400)
    width = got["delta_ci"]["accuracy"][1] - got["delta_ci"]["accuracy"][0]
    assert apart["delta_ci"]["accuracy"][1] - apart["delta_ci"]["accuracy"][0] < width
