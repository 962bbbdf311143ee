"""An active session's draws as each scope's sample (calibration.active_scope): a run's items
in queue order over the sizes of that run alone, a skipped item left out, the sizes a limit
left out read from the design, and a queue drawn before the draws were successive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from calibration_ws import flat, judge, sci, science_workspace

from anser_tui.calibration.active_scope import OLD_ACTIVE
from anser_tui.calibration.corrected_scores import corrected_scores
from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.review import ReviewSession
from anser_tui.scoring.active_ppi import active_ppi_mean
from anser_tui.workspace import Item, WorkspaceStore
from anser_tui.workspace.sessions import REVIEW, QueueEntry, insert_session, set_design

RUNS = ("sys-a", "sys-b")
JUDGE = [4, 3, 2, 1, 0, 4]  # the judge's flat marks on tasks 1..6 (score 25 x mark)


def _workspace(tmp_path: Path) -> WorkspaceStore:
    store = science_workspace(tmp_path, 6, RUNS)
    for run in RUNS:
        judge(store, run, {sci(i): flat(v) for i, v in enumerate(JUDGE, start=1)})
    return store


def _design(**extra: Any) -> dict[str, Any]:
    return {"order": "active", "seed": 0, "limit": None, "n_eligible": 12, "n_queued": 12,
            "strata": None, "random_sample": True, "draw": "successive",
            "uniform_share": 0.2, "unqueued_size": 0.0, "unqueued": [], **extra}


def _session(store: WorkspaceStore, queue: list[tuple[Item, float]],
             design: dict[str, Any]) -> ReviewSession:
    sid, name = insert_session(store, reviewer="alice", name="alice-1", purpose=REVIEW,
                               blind=False, order_by="active", design=design,
                               entries=[QueueEntry(it, p) for it, p in queue])
    return ReviewSession(store, sid, name, "alice", False, [it for it, _ in queue])


SIZE = {i: s for i, s in enumerate([0.03, 0.05, 0.08, 0.1, 0.12, 0.12], start=1)}
ORDER = [(RUNS[1], 5), (RUNS[0], 3), (RUNS[0], 6), (RUNS[1], 1), (RUNS[0], 1), (RUNS[0], 5),
         (RUNS[0], 2), (RUNS[1], 2), (RUNS[0], 4), (RUNS[1], 3), (RUNS[1], 4), (RUNS[1], 6)]


def _queue() -> list[tuple[Item, float]]:
    return [(Item(run, sci(i)), SIZE[i]) for run, i in ORDER]


def test_a_run_s_estimate_is_over_its_own_items_in_queue_order(tmp_path: Path) -> None:
    store = _workspace(tmp_path)
    review = _session(store, _queue(), _design())
    human = {(RUNS[1], 5): 1, (RUNS[0], 3): 3, (RUNS[0], 6): 3, (RUNS[1], 1): 4,
             (RUNS[0], 1): 3, (RUNS[0], 5): 1}
    for (run, i), v in human.items():
        review.override(Item(run, sci(i)), flat(v), None)
    entries = {e.scope: e for e in corrected_scores(CalibrationInputs(store, list(RUNS)))}
    a = entries["run:sys-a"].result
    # sys-a's items 1..6 (positions 0..5), drawn 3, 6, 1, 5; sizes those of sys-a alone
    mine = active_ppi_mean([25.0 * v for v in JUDGE], [SIZE[i] for i in range(1, 7)],
                           [(2, 75.0), (5, 75.0), (0, 75.0), (4, 25.0)])
    assert a.n_items == 6 and a.n_reviewed == 4 and a.random_sample is True
    assert a.corrected_mean == pytest.approx(mine.corrected_mean, abs=1e-9)
    assert a.ci == mine.ci and a.ci is not None
    b = entries["run:sys-b"].result
    assert b.n_reviewed == 2 and b.corrected_mean is not None and b.ci is None  # d = 2


def test_an_item_passed_over_leaves_the_population(tmp_path: Path) -> None:
    store = _workspace(tmp_path)
    review = _session(store, _queue(), _design())
    for run, i, v in [(RUNS[0], 3, 3), (RUNS[0], 1, 3), (RUNS[0], 5, 1), (RUNS[0], 2, 2)]:
        review.override(Item(run, sci(i)), flat(v), None)  # sys-a's 6 was passed over
    [a] = [e for e in corrected_scores(CalibrationInputs(store, list(RUNS)))
           if e.scope == "run:sys-a"]
    kept = [1, 2, 3, 4, 5]  # item 6 out: positions of 1..5 are 0..4
    mine = active_ppi_mean([25.0 * JUDGE[i - 1] for i in kept], [SIZE[i] for i in kept],
                           [(2, 75.0), (0, 75.0), (4, 25.0), (1, 50.0)])
    assert a.result.corrected_mean == pytest.approx(mine.corrected_mean, abs=1e-9)
    assert a.result.n_items == 6 and a.result.judge_mean == pytest.approx(25.0 * 14 / 6)
    assert a.narrowing()[-1] == (4, mine.ci)


def test_sizes_a_limit_left_out_come_from_the_design(tmp_path: Path) -> None:
    store = _workspace(tmp_path)
    queue = _queue()
    left = [[it.run, it.task_id, p] for it, p in queue[6:]]
    review = _session(store, queue[:6], _design(limit=6, n_queued=6, unqueued=left,
                                                unqueued_size=sum(p for *_, p in left)))
    for (it, _), v in zip(queue[:6], [1, 3, 3, 4, 3, 1], strict=True):
        review.override(it, flat(v), None)
    entries = {e.scope: e.result for e in corrected_scores(CalibrationInputs(store, list(RUNS)))}
    assert entries["run:sys-a"].random_sample is True and entries["run:sys-a"].ci is not None
    # one left-out size missing: the session no longer names every item of the scope
    set_design(store, review.id, _design(limit=6, n_queued=6, unqueued=left[1:]))
    entries = {e.scope: e.result for e in corrected_scores(CalibrationInputs(store, list(RUNS)))}
    assert entries["run:sys-a"].random_sample is False


def test_an_active_queue_drawn_before_successive_draws_gives_no_value(tmp_path: Path) -> None:
    store = _workspace(tmp_path)
    design = _design()
    del design["draw"], design["unqueued"]
    review = _session(store, _queue(), design)
    for it, _ in _queue()[:6]:
        review.override(it, flat(2), None)
    for entry in corrected_scores(CalibrationInputs(store, list(RUNS))):
        assert entry.result.corrected_mean is None and entry.note == OLD_ACTIVE
