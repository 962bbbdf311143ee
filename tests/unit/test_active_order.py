"""`review --order active` (DESIGN section 8): sizes from the predicted error (the disagreement
score, at least the floor) mixed with uniform mass, recorded per item; the successive draw
whose per-draw probabilities they are; and the corrected score over an active session's draws
(scoring.active_ppi; without the finite-population correction ppi-python's, `w` = 1 / size)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import ppi_py
import pytest
from calibration_ws import flat, judge, sci, science_workspace
from queue_workspace import judged_workspace

from anser_tui.calibration.corrected_scores import corrected_scores
from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.review import Order, QueueOrder, QueueSpec, ReviewSession, build_queue
from anser_tui.review.disagreement import Disagreement
from anser_tui.review.sampling import (
    ERROR_FLOOR,
    UNIFORM_SHARE,
    active_sample,
    active_sizes,
    predicted_error,
)
from anser_tui.scoring.active_ppi import active_ppi_mean
from anser_tui.scoring.corrected import Estimator, Method
from anser_tui.workspace import Item, WorkspaceStore
from anser_tui.workspace.sessions import REVIEW, QueueEntry, insert_session

# the mini workspace's judged items and their disagreement scores (test_queue_orders):
# a parse failure (1), 0.65, 0.24, and an item with no metric to compare (0)
SCORES = {"science_en_predictive_1": 1.0, "legal_zh_prescriptive_2": 0.65,
          "legal_zh_prescriptive_1": 0.24, "finance_zh_descriptive_104": 0.0}


def test_an_active_queue_records_each_item_s_size(tmp_path: Path) -> None:
    store = WorkspaceStore.open(judged_workspace(tmp_path))
    session = ReviewSession.open(store, "alice", order=QueueOrder(Order.ACTIVE, seed=3))
    design = json.loads(store.conn.execute("SELECT design FROM sessions WHERE id=?",
                                           (session.id,)).fetchone()[0])
    assert design["order"] == "active" and design["random_sample"] is True
    assert design["uniform_share"] == UNIFORM_SHARE >= 0.1 and design["unqueued_size"] == 0.0
    stored = dict(store.conn.execute(
        "SELECT task_id, inclusion_probability FROM session_items WHERE session_id=?",
        (session.id,)).fetchall())
    predicted = {t: max(d, ERROR_FLOOR) for t, d in SCORES.items()}
    total = sum(predicted.values())
    assert stored == {t: pytest.approx(UNIFORM_SHARE / 4 + (1 - UNIFORM_SHARE) * d / total)
                      for t, d in predicted.items()}
    assert sum(stored.values()) == pytest.approx(1.0)
    two = build_queue(store, QueueSpec(), QueueOrder(Order.ACTIVE, seed=3, limit=2))
    assert len(two.items) == 2 and two.design["unqueued_size"] == pytest.approx(
        1 - sum(p or 0.0 for p in two.probabilities))


def test_sizes_keep_at_least_the_uniform_share() -> None:
    sizes = active_sizes([0.0, 0.0, 1.0, 3.0])
    assert sum(sizes) == pytest.approx(1.0) and min(sizes) == pytest.approx(UNIFORM_SHARE / 4)
    assert active_sizes([0.0, 0.0]) == [0.5, 0.5]
    with pytest.raises(ValueError):
        active_sizes([1.0], uniform=0.05)


def test_the_predicted_error_is_the_disagreement_score_at_least_the_floor() -> None:
    assert predicted_error(Disagreement(0.0, "no metric to compare")) == ERROR_FLOOR
    assert predicted_error(Disagreement(0.65, "judge 0.95 vs metric 0.30")) == 0.65
    assert predicted_error(Disagreement(1.0, "judge reply invalid")) == 1.0


def test_each_draw_has_the_probability_its_recorded_sizes_give() -> None:
    """The first key is key i with probability p_i, the second j with p_j / (1 - p_i), and
    two keys come in the order p_a : p_b whatever the others (a scope's items are themselves
    drawn successively). Sequential Poisson sampling (sorting u / p), which the queue drew
    with before, draws the largest key first 46% of the time here, not 40%."""
    sizes, count = [0.4, 0.3, 0.2, 0.1], 20000
    draws = [active_sample("abcd", sizes, seed).keys for seed in range(count)]
    first = Counter(d[0] for d in draws)
    second = Counter((d[0], d[1]) for d in draws)
    for i, a in enumerate("abcd"):
        assert first[a] / count == pytest.approx(sizes[i], abs=0.012)  # 0.0035 sd at most
        for j, b in enumerate("abcd"):
            if i != j:
                assert second[(a, b)] / count == pytest.approx(
                    sizes[i] * sizes[j] / (1 - sizes[i]), abs=0.012)
    c_first = sum(d.index("c") < d.index("d") for d in draws) / count
    assert c_first == pytest.approx(0.2 / 0.3, abs=0.012)
    assert active_sample("abcd", sizes, 5, limit=2).keys == draws[5][:2]
    with pytest.raises(ValueError):
        active_sample("ab", [0.5, 0.0], 1)


def test_a_limit_records_the_sizes_it_left_out(tmp_path: Path) -> None:
    store = WorkspaceStore.open(judged_workspace(tmp_path))
    full = build_queue(store, QueueSpec(), QueueOrder(Order.ACTIVE, seed=3))
    two = build_queue(store, QueueSpec(), QueueOrder(Order.ACTIVE, seed=3, limit=2))
    assert full.design["draw"] == two.design["draw"] == "successive"
    assert full.design["unqueued"] == [] and two.items == full.items[:2]
    size = dict(zip(full.items, full.probabilities, strict=True))
    assert {Item(r, t): p for r, t, p in two.design["unqueued"]} == {
        it: size[it] for it in full.items[2:]}
    assert two.design["unqueued_size"] == pytest.approx(sum(
        p for *_, p in two.design["unqueued"]))


def test_the_corrected_score_weights_an_active_sample(tmp_path: Path) -> None:
    store = science_workspace(tmp_path, 10)
    judge_marks = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0]
    judge(store, "sys-a", {sci(i): flat(v) for i, v in enumerate(judge_marks, start=1)})
    sizes = active_sizes([0.9, 0.1, 0.5, 0.0, 0.2, 0.8, 0.0, 0.3, 0.6, 0.1])
    order = [0, 5, 8, 2, 4, 1, 3, 6, 7, 9]  # the queue as some seed drew it
    items = [Item("sys-a", sci(i + 1)) for i in order]
    design = {"order": "active", "seed": 0, "limit": None, "n_eligible": 10, "n_queued": 10,
              "strata": None, "random_sample": True, "draw": "successive",
              "uniform_share": UNIFORM_SHARE, "unqueued_size": 0.0, "unqueued": []}
    sid, _ = insert_session(store, reviewer="alice", name="alice-1", purpose=REVIEW, blind=False,
                         order_by="active", design=design,
                         entries=[QueueEntry(it, sizes[i]) for it, i in zip(items, order,
                                                                             strict=True)])
    review = ReviewSession(store, sid, "alice-1", "alice", False, items)
    human = [3, 3, 1, 1, 2]  # marks for the first five of the queue
    for it, v in zip(items[:5], human, strict=True):
        review.override(it, flat(v), None)
    f = np.array([25.0 * v for v in judge_marks])
    h = np.array([25.0 * v for v in human])
    j = f[order[:5]]
    w = 1 / np.array([sizes[i] for i in order[:5]])  # draws taken as independent, chance p_i
    for lam, estimator in ((None, Estimator.PPI_PLUS), (1, Estimator.CLASSIC)):
        [run, _] = corrected_scores(CalibrationInputs(store, ["sys-a"]),
                                    method=Method(estimator, finite_population=False))
        point = ppi_py.ppi_mean_pointestimate(h, j, f, lam=lam, w=w)
        lo, hi = ppi_py.ppi_mean_ci(h, j, f, alpha=0.05, lam=lam, w=w)
        assert run.result.random_sample is True and run.result.n_reviewed == 5
        assert run.result.corrected_mean == pytest.approx(float(np.squeeze(point)), abs=1e-9)
        assert run.result.ci == (pytest.approx(float(np.squeeze(lo)), abs=1e-9),
                                 pytest.approx(float(np.squeeze(hi)), abs=1e-9))
    [run, _] = corrected_scores(CalibrationInputs(store, ["sys-a"]))
    assert run.result.ci is not None and run.reviews_needed is not None
    assert 0 <= run.reviews_needed <= 5
    mine = active_ppi_mean(list(f), sizes, [(i, 25.0 * v) for i, v in zip(order[:5], human,
                                                                         strict=True)])
    assert run.result.corrected_mean == pytest.approx(mine.corrected_mean, abs=1e-9)
    assert run.result.ci == mine.ci and run.result.lam == mine.lam
