"""`review --order active` (DESIGN section 8): sizes from the disagreement score mixed with
uniform mass, recorded per item; a prefix's inclusion probabilities; and the corrected score
weighting the reviewed items by their inverse (ppi-python's `w`)."""

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
from anser_tui.review.sampling import (
    UNIFORM_SHARE,
    active_sample,
    active_sizes,
    inclusion_probabilities,
)
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
    total = sum(SCORES.values())
    assert stored == {t: pytest.approx(UNIFORM_SHARE / 4 + (1 - UNIFORM_SHARE) * d / total)
                      for t, d in SCORES.items()}
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


def test_a_prefix_is_drawn_with_the_inclusion_probabilities() -> None:
    sizes = active_sizes([0.0] * 12 + [0.3, 0.5, 0.9, 1.0] * 2)
    chances = inclusion_probabilities(sizes, 5)
    assert sum(chances) == pytest.approx(5.0) and max(chances) <= 1.0
    keys = list(range(len(sizes)))
    counts = Counter(k for seed in range(6000) for k in active_sample(keys, sizes, seed).keys[:5])
    observed = np.array([counts[k] / 6000 for k in keys])
    # sequential Poisson sampling approximates min(1, c p_i): on 20 keys with 5 drawn the
    # likeliest are drawn about 3 points more often (sampling noise here is 0.6 points)
    assert np.max(np.abs(observed - np.array(chances))) < 0.04
    capped = inclusion_probabilities([0.7, 0.1, 0.1, 0.1], 2)
    assert capped[0] == 1.0 and capped[1:] == pytest.approx([1 / 3] * 3)


def test_the_corrected_score_weights_an_active_sample(tmp_path: Path) -> None:
    store = science_workspace(tmp_path, 10)
    judge_marks = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0]
    judge(store, "sys-a", {sci(i): flat(v) for i, v in enumerate(judge_marks, start=1)})
    sizes = active_sizes([0.9, 0.1, 0.5, 0.0, 0.2, 0.8, 0.0, 0.3, 0.6, 0.1])
    order = [0, 5, 8, 2, 4, 1, 3, 6, 7, 9]  # the queue as some seed drew it
    items = [Item("sys-a", sci(i + 1)) for i in order]
    design = {"order": "active", "seed": 0, "limit": None, "n_eligible": 10, "n_queued": 10,
              "strata": None, "random_sample": True, "uniform_share": UNIFORM_SHARE,
              "unqueued_size": 0.0}
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
    w = 1 / np.array(inclusion_probabilities([sizes[i] for i in order], 5)[:5])
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
