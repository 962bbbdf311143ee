"""Reviewer quality control: a seeded share of decided items re-inserted blind, marked recheck,
and each reviewer's self-consistency in the calibration report."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from calibration_ws import flat, judge, sci, science_workspace, session
from sklearn.metrics import cohen_kappa_score

from anser_tui.calibration.recheck import add_rechecks, choose_rechecks, insert_rechecks
from anser_tui.calibration.report import calibration_report
from anser_tui.review import ReviewSession
from anser_tui.workspace import Item, WorkspaceStore

RUN = "sys-a"
ITEMS = [Item(RUN, sci(i)) for i in range(1, 11)]
FIRST = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0]


@pytest.fixture
def store(tmp_path: Path) -> WorkspaceStore:
    store = science_workspace(tmp_path, 12)
    judge(store, RUN, {sci(i): flat(2) for i in range(1, 13)})
    alice = session(store, "alice", ITEMS, blind=True)
    for item, v in zip(ITEMS, FIRST, strict=True):
        alice.override(item, flat(v), None, judge_visible=False)
    session(store, "bob", ITEMS[:2]).override(ITEMS[0], flat(1), None)
    return store


def test_rechecks_are_seeded_and_only_the_reviewers_own(store: WorkspaceStore) -> None:
    chosen = choose_rechecks(store, "alice", 0.25, seed=11)
    assert len(chosen) == math.ceil(0.25 * 10) == 3
    assert chosen == choose_rechecks(store, "alice", 0.25, seed=11)
    decided = sorted(ITEMS, key=lambda it: (it.run, it.task_id))
    assert chosen == random.Random(11).sample(decided, 3)
    assert choose_rechecks(store, "bob", 1.0, seed=0) == [ITEMS[0]]
    assert ITEMS[0] not in choose_rechecks(store, "alice", 1.0, seed=0, exclude=[ITEMS[0]])
    assert choose_rechecks(store, "alice", 0.0, seed=0) == []
    with pytest.raises(ValueError, match="between 0 and 1"):
        choose_rechecks(store, "alice", 1.5, seed=0)


def test_inserted_rechecks_keep_the_queue_order_and_are_marked(store: WorkspaceStore) -> None:
    later = session(store, "alice", [Item(RUN, sci(11)), Item(RUN, sci(12))], blind=True,
                    design={"order": "random", "random_sample": True}, probability=0.5)
    positions = insert_rechecks(store, later.id, ITEMS[:3], seed=5)
    rows = store.conn.execute("SELECT pos, task_id, inclusion_probability, recheck FROM "
                              "session_items WHERE session_id=? ORDER BY pos",
                              (later.id,)).fetchall()
    assert [r[0] for r in rows] == list(range(5))
    assert [r[1] for r in rows if not r[3]] == [sci(11), sci(12)]  # their order kept
    assert sorted(positions) == [r[0] for r in rows if r[3]]
    assert all(r[2] is None for r in rows if r[3]) and all(r[2] == 0.5 for r in rows if not r[3])
    again = session(store, "alice", [Item(RUN, sci(11)), Item(RUN, sci(12))])
    assert insert_rechecks(store, again.id, ITEMS[:3], seed=5) == positions


def test_self_consistency(store: WorkspaceStore) -> None:
    before = calibration_report(store, resamples=50).to_json()["rows"]
    qc = session(store, "alice", [Item(RUN, sci(11))], blind=True)
    rechecked = add_rechecks(store, qc.id, 0.5, seed=3)
    assert len(rechecked) == 5
    qc = ReviewSession.open(store, "alice", name=qc.name)
    assert len(qc.items) == 6 and all(not qc.state(it).decided for it in rechecked)
    again = {it: FIRST[ITEMS.index(it)] for it in rechecked}
    changed = rechecked[0]
    again[changed] = (again[changed] + 1) % 5
    for item, v in again.items():
        qc.override(item, flat(v), None, judge_visible=False)
    report = calibration_report(store, resamples=50).to_json()
    assert report["rows"] == before  # rechecks change no calibration row
    row = next(r for r in report["self_consistency"]
               if (r["scope"], r["dimension"]) == ("reviewer:alice", "conclusion"))
    first = [FIRST[ITEMS.index(it)] for it in again]
    second = list(again.values())
    assert row["n"] == 5 and row["exact_agreement"] == pytest.approx(4 / 5)
    assert row["quadratic_kappa"] == pytest.approx(
        cohen_kappa_score(second, first, weights="quadratic", labels=[0, 1, 2, 3, 4]))
    assert [r["scope"] for r in report["self_consistency"]][:5] == ["all"] * 5
