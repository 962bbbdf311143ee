"""The corrected score per run and group: prediction-powered inference on a random sample
(the classic estimator without the finite-population correction against ppi-python 0.2.3;
the point estimates by hand with numpy), the stratified estimator for a stratified design, no
corrected value for a queue that is not a random sample, coverage of the scope, disputes, and
the stopping rule."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import ppi_py
import pytest
from calibration_ws import flat, judge, override_all, sci, science_workspace, session
from click.testing import CliRunner

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.calibration.corrected_scores import CorrectedEntry, corrected_scores
from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.cli import cli
from anser_tui.scoring.corrected import Estimator, Method
from anser_tui.workspace import Item, Judgment, JudgmentStatus, WorkspaceStore, add_judgments

RUN = "sys-a"
JUDGE = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0]  # flat marks per science task: scores 100, 75, ...
DRAWN = [1, 3, 5, 7, 9]
HUMAN = {1: 3, 3: 2, 5: 2, 7: 4, 9: 2}
RANDOM = {"order": "random", "seed": 7, "limit": 5, "n_eligible": 10, "n_queued": 5,
          "strata": None, "random_sample": True}


def science_score(v: int) -> float:
    return 25.0 * v


@pytest.fixture
def store(tmp_path: Path) -> WorkspaceStore:
    store = science_workspace(tmp_path, 10, runs=(RUN, "sys-b"))
    for run in (RUN, "sys-b"):
        judge(store, run, {sci(i): flat(v) for i, v in enumerate(JUDGE, start=1)})
    return store


CLASSIC = Method(Estimator.CLASSIC, finite_population=False)  # ppi_py's lam=1, as it was


def _entries(store: WorkspaceStore, runs: list[str] | None = None,
             method: Method = CLASSIC) -> dict[str, CorrectedEntry]:
    return {e.scope: e for e in corrected_scores(CalibrationInputs(store, runs or [RUN]),
                                                 method=method)}


def _review(store: WorkspaceStore, reviewer: str = "alice", **kwargs: object) -> None:
    items = [Item(RUN, sci(i)) for i in DRAWN]
    review = session(store, reviewer, items, **kwargs)  # type: ignore[arg-type]
    override_all(review, {Item(RUN, sci(i)): flat(HUMAN[i]) for i in DRAWN})


def _ppi(f: list[float], pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """(mean, variance) of the classic estimator: the mean by hand, the variance from
    ppi-python 0.2.3's interval (lam=1, alpha 0.05)."""
    d = np.array([h - j for h, j in pairs])
    human, judge_ = np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs])
    lo, hi = ppi_py.ppi_mean_ci(human, judge_, np.array(f), alpha=0.05, lam=1)
    half = (float(np.squeeze(hi)) - float(np.squeeze(lo))) / 2
    return float(np.mean(f) + d.mean()), (half / Z) ** 2


Z = 1.959963984540054  # scipy's norm.ppf(0.975), as ppi_py's interval uses


def test_a_random_sample_gives_the_ppi_mean(store: WorkspaceStore) -> None:
    _review(store, design=RANDOM, probability=0.5)
    entry = _entries(store)[f"run:{RUN}"]
    f = [science_score(v) for v in JUDGE]
    pairs = [(science_score(HUMAN[i]), science_score(JUDGE[i - 1])) for i in DRAWN]
    mean, variance = _ppi(f, pairs)
    half = Z * math.sqrt(variance)
    r = entry.result
    assert (r.n_items, r.n_reviewed, r.random_sample) == (10, 5, True)
    assert r.judge_mean == pytest.approx(50.0)
    assert r.corrected_mean == pytest.approx(mean)  # 50 + mean(-25, 0, 50, 25, 25) = 65
    assert r.corrected_mean == pytest.approx(65.0)
    assert r.ci == pytest.approx((mean - half, mean + half))
    width = 2 * half
    assert entry.ci_width == pytest.approx(width)
    # without the finite-population correction the judge's own term (sd(f)^2 / N = 125, a
    # width of 43.8 alone) never shrinks: neither 5 points nor half the width is reachable,
    # so the reviews still needed are every item left, N - n = 5 (never more)
    assert entry.reviews_needed == 5
    assert entry.stopping_json() == {"scope": f"run:{RUN}", "target_width": 5.0,
                                     "ci_width": pytest.approx(width),
                                     "reviews_needed": entry.reviews_needed}
    assert r.reviews_to_halve_ci == 5
    assert entry.to_json()["scope"] == f"run:{RUN}" and entry.note is None
    assert _entries(store)["group:science_en_descriptive"].result == r  # one group: the same


@pytest.mark.parametrize("design", [
    {"order": "task", "random_sample": False},
    {"order": "disagreement", "seed": 0, "limit": 5, "n_eligible": 10, "strata": None,
     "random_sample": False},
    {"order": "random"},  # no "random_sample": true, so not a random sample
])
def test_a_queue_that_is_not_a_random_sample_gives_no_corrected_value(
        store: WorkspaceStore, design: dict[str, object]) -> None:
    _review(store, design=design)
    entry = _entries(store)[f"run:{RUN}"]
    assert entry.result.random_sample is False and entry.result.corrected_mean is None
    assert entry.result.ci is None and entry.result.n_reviewed == 5
    assert entry.result.judge_mean == pytest.approx(50.0)
    assert entry.reviews_needed is None and "not a random sample" in (entry.note or "")


def test_a_sample_covers_only_the_population_it_was_drawn_from(store: WorkspaceStore) -> None:
    _review(store, design=RANDOM, probability=0.5,
            filters={"all_tasks": False, "runs": [RUN], "where": {}})
    entries = _entries(store, [RUN, "sys-b"])
    assert entries[f"run:{RUN}"].result.random_sample is True
    assert entries["run:sys-b"].result.random_sample is False  # not drawn from sys-b
    assert entries["group:science_en_descriptive"].result.random_sample is False  # both runs
    narrow = {"all_tasks": False, "runs": [RUN], "where": {"group": ["legal_zh_prescriptive"]}}
    store.conn.execute("UPDATE sessions SET filters=?", (json.dumps(narrow),))
    assert _entries(store)[f"run:{RUN}"].result.random_sample is False


def test_a_disputed_item_of_the_sample_is_not_yet_reviewed(store: WorkspaceStore) -> None:
    _review(store, design=RANDOM, probability=0.5)
    session(store, "bob", [Item(RUN, sci(1))]).override(Item(RUN, sci(1)), flat(0), None)
    entry = _entries(store)[f"run:{RUN}"]
    f = [science_score(v) for v in JUDGE]
    pairs = [(science_score(HUMAN[i]), science_score(JUDGE[i - 1])) for i in DRAWN[1:]]
    assert entry.result.n_reviewed == 4
    assert entry.result.corrected_mean == pytest.approx(_ppi(f, pairs)[0])


def test_a_stratified_design_uses_the_stratified_estimator(store: WorkspaceStore) -> None:
    legal = RUBRICS["legal_prescriptive_zh"]
    legal_marks = {"legal_zh_prescriptive_1": dict.fromkeys(legal.keys, 4),
                   "legal_zh_prescriptive_2": dict.fromkeys(legal.keys, 1)}
    add_judgments(store, [Judgment(run=RUN, task_id=t, rubric_id=legal.id,
                                   status=JudgmentStatus.OK, marks=m, score=legal.score(m))
                          for t, m in legal_marks.items()])
    design = {"order": "stratified", "seed": 3, "limit": 6, "n_eligible": 12, "n_queued": 6,
              "strata": {"legal_zh_prescriptive": {"N": 2, "n": 2},
                         "science_en_descriptive": {"N": 10, "n": 4}},
              "random_sample": True}
    sampled = [Item(RUN, sci(i)) for i in (1, 3, 5, 7)] + [
        Item(RUN, t) for t in legal_marks]
    review = session(store, "alice", sampled, design=design, probability=0.4)
    human = {Item(RUN, sci(i)): flat(HUMAN[i]) for i in (1, 3, 5, 7)}
    human |= {Item(RUN, "legal_zh_prescriptive_1"): dict.fromkeys(legal.keys, 3),
              Item(RUN, "legal_zh_prescriptive_2"): dict.fromkeys(legal.keys, 2)}
    override_all(review, human)
    entries = _entries(store)
    f_sci = [science_score(v) for v in JUDGE]
    d_sci = [(science_score(HUMAN[i]), science_score(JUDGE[i - 1])) for i in (1, 3, 5, 7)]
    f_legal, d_legal = [100.0, 25.0], [(75.0, 100.0), (50.0, 25.0)]
    (m1, v1), (m2, v2) = _ppi(f_sci, d_sci), _ppi(f_legal, d_legal)
    w1, w2 = 10 / 12, 2 / 12
    mean, variance = w1 * m1 + w2 * m2, w1 ** 2 * v1 + w2 ** 2 * v2
    run = entries[f"run:{RUN}"].result
    assert (run.n_items, run.n_reviewed, run.random_sample) == (12, 6, True)
    assert run.corrected_mean == pytest.approx(mean)
    assert run.ci == pytest.approx((mean - Z * math.sqrt(variance),
                                    mean + Z * math.sqrt(variance)))
    science = entries["group:science_en_descriptive"].result
    assert science.corrected_mean == pytest.approx(m1)  # one stratum: plain PPI
    assert list(entries) == [f"run:{RUN}", "group:legal_zh_prescriptive",
                             "group:science_en_descriptive"]


def test_a_stratum_without_a_reviewed_item_leaves_no_corrected_mean(
        store: WorkspaceStore) -> None:
    legal = RUBRICS["legal_prescriptive_zh"]
    m = dict.fromkeys(legal.keys, 4)
    add_judgments(store, [Judgment(run=RUN, task_id="legal_zh_prescriptive_1",
                                   rubric_id=legal.id, status=JudgmentStatus.OK, marks=m,
                                   score=legal.score(m))])
    design = {**RANDOM, "order": "stratified",
              "strata": {"science_en_descriptive": {"N": 10, "n": 5}}}
    _review(store, design=design, probability=0.5)
    run = _entries(store)[f"run:{RUN}"].result
    assert run.random_sample is True and run.corrected_mean is None


def test_cli_target_width(store: WorkspaceStore, tmp_path: Path) -> None:
    _review(store, design=RANDOM, probability=0.5)
    store.close()
    ws = str(tmp_path / "ws.db")
    result = CliRunner().invoke(cli, ["calibration", ws, "--run", RUN, "--format", "json",
                                      "--target-width", "10"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    [stop] = [s for s in data["stopping"] if s["scope"] == f"run:{RUN}"]
    assert stop["target_width"] == 10.0
    [run] = [c for c in data["corrected"] if c["scope"] == f"run:{RUN}"]
    assert run["corrected_mean"] == pytest.approx(65.0) and run["random_sample"] is True
    assert (run["estimator"], run["finite_population"]) == ("ppi++", True)
    # PPI++'s lambda by hand (ppi_py's formula): cov(h - theta, f - theta) over n, over
    # (1 + n/N) var(f - theta on the reviewed and on all N, ddof 1); theta = 65
    f = np.array([science_score(v) for v in JUDGE])
    h = np.array([science_score(HUMAN[i]) for i in DRAWN])
    j = np.array([science_score(JUDGE[i - 1]) for i in DRAWN])
    lam = (np.mean((h - h.mean()) * (j - j.mean()))
           / ((1 + 5 / 10) * np.var(np.concatenate([j, f]) - 65.0, ddof=1)))
    assert run["lambda"] == pytest.approx(lam, abs=1e-12)
    # with the correction: the fewest n' in 5..10 with 2 z sqrt((1 - n'/10) s^2 / n') <= 10,
    # s^2 the sample variance of h - lambda f
    s2 = float(np.var(h - lam * j, ddof=1))
    total = next(m for m in range(5, 11) if 2 * Z * math.sqrt((1 - m / 10) * s2 / m) <= 10)
    assert stop["reviews_needed"] == total - 5
    classic = CliRunner().invoke(cli, ["calibration", ws, "--run", RUN, "--format", "json",
                                       "--estimator", "classic"])
    [run] = [c for c in json.loads(classic.output)["corrected"] if c["scope"] == f"run:{RUN}"]
    assert (run["estimator"], run["lambda"]) == ("classic", 1.0)
    bad = CliRunner().invoke(cli, ["calibration", ws, "--target-width", "0"])
    assert bad.exit_code == 2 and "--target-width" in bad.output
