"""The adjudication policy: two reviewers who disagree put an item in dispute (the report used to
show whichever decided last); an adjudicator's verdict is final and recorded as such; the report
counts n_reviewed and n_in_dispute in every format."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from calibration_ws import flat, judge, sci, science_workspace, session
from click.testing import CliRunner

from anser_tui.calibration.adjudication import (
    Standing,
    adjudication_queue,
    settle,
    start_adjudication,
)
from anser_tui.calibration.recheck import insert_rechecks
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.core.settings import BertScoreSettings
from anser_tui.exchange.workspace_scores import judge_values, score_workspace, workspace_report
from anser_tui.review import ReviewSession
from anser_tui.review.verdicts import VerdictBook
from anser_tui.workspace import Item, WorkspaceStore

RUN = "sys-a"
A, B, C = (Item(RUN, sci(i)) for i in (1, 2, 3))


@pytest.fixture
def store(tmp_path: Path) -> WorkspaceStore:
    store = science_workspace(tmp_path, 3)
    judge(store, RUN, {sci(1): flat(3), sci(2): flat(3), sci(3): flat(4)})  # 75, 75, 100
    return store


def _judge_cell(store: WorkspaceStore) -> dict[str, object]:
    [row] = [r for r in workspace_report(store, RUN) if r.group == "science_en_descriptive"]
    return row.metrics["LLM Judge"]


def test_two_reviewers_who_disagree_put_the_item_in_dispute_until_adjudicated(
        store: WorkspaceStore) -> None:
    score_workspace(store, BertScoreSettings())
    alice = session(store, "alice", [A, B])
    bob = session(store, "bob", [A])
    alice.override(A, flat(2), None)  # 50
    alice.override(B, flat(1), None)  # 25: alice alone on B
    bob.override(A, flat(1), None)  # 25, decided last
    values = judge_values(store, RUN)
    # the defect: the adjudicated value of A was bob's 25, the latest decision of any reviewer
    assert values.adjudicated[sci(1)] == pytest.approx(75.0)  # in dispute: the judge's value stands in
    assert values.adjudicated[sci(2)] == pytest.approx(25.0) and values.adjudicated[sci(3)] == pytest.approx(100.0)
    assert values.disputed == {sci(1)} and values.reviewed == {sci(2)}
    assert _judge_cell(store) == {"judge": pytest.approx(250 / 3),
                                  "adjudicated": pytest.approx(200 / 3), "n_judged": 3,
                                  "n_reviewed": 1, "n_in_dispute": 1, "left_out": 0}
    assert adjudication_queue(store) == [A]

    adjudication = start_adjudication(store, "carol")
    assert adjudication.items == [A]
    purpose, design = store.conn.execute(
        "SELECT purpose, design FROM sessions WHERE id=?", (adjudication.id,)).fetchone()
    assert purpose == "adjudication" and json.loads(design)["random_sample"] is False
    decision = adjudication.override(A, flat(2), None)
    assert decision.reviewer == "carol" and decision.score == pytest.approx(50.0)
    settled = settle(VerdictBook.load(store))
    assert settled[A].standing is Standing.ADJUDICATED and settled[A].decision == decision
    assert settled[A].reviewers == ("alice", "bob")
    bob.override(A, flat(0), None)  # a reviewer changing their mind later changes nothing
    values = judge_values(store, RUN)
    assert values.adjudicated[sci(1)] == pytest.approx(50.0) and values.disputed == frozenset()
    assert _judge_cell(store)["n_reviewed"] == 2 and adjudication_queue(store) == []
    with pytest.raises(InputError, match="nothing to adjudicate"):
        start_adjudication(store, "carol")


def test_agreeing_reviewers_and_one_reviewer_across_sessions_are_no_dispute(
        store: WorkspaceStore) -> None:
    first = session(store, "alice", [A, B])
    first.override(A, flat(2), None)
    first.override(B, flat(2), None)
    session(store, "bob", [A]).override(A, flat(2), None)
    session(store, "alice", [B]).override(B, flat(1), None)  # alice's later verdict on B
    settled = settle(VerdictBook.load(store))
    assert settled[A].standing is Standing.AGREED and settled[A].score == pytest.approx(50.0)
    assert settled[B].standing is Standing.REVIEWED and settled[B].score == pytest.approx(25.0)
    values = judge_values(store, RUN)
    assert values.adjudicated == pytest.approx({sci(1): 50.0, sci(2): 25.0, sci(3): 100.0})
    assert values.disputed == frozenset()


def test_an_undone_verdict_and_a_recheck_are_not_a_reviewers_standing(
        store: WorkspaceStore) -> None:
    alice = session(store, "alice", [A])
    alice.override(A, flat(2), None)
    bob = session(store, "bob", [A])
    bob.override(A, flat(0), None)
    assert settle(VerdictBook.load(store))[A].standing is Standing.DISPUTED
    bob.undo(A)
    assert settle(VerdictBook.load(store))[A].standing is Standing.REVIEWED
    qc = session(store, "alice", [B])
    insert_rechecks(store, qc.id, [A], seed=1)
    qc = ReviewSession.open(store, "alice", name=qc.name)
    assert set(qc.items) == {A, B}
    qc.override(A, flat(4), None)  # alice's recheck differs from her verdict
    book = VerdictBook.load(store)
    assert book.reviews[A]["alice"].verdict.score == pytest.approx(50.0)
    assert book.rechecks[A]["alice"].verdict.score == pytest.approx(100.0)
    assert settle(book)[A].standing is Standing.REVIEWED


def test_a_score_that_differs_with_the_same_marks_is_a_dispute(tmp_path: Path) -> None:
    store = science_workspace(tmp_path, 1)
    [j] = judge(store, RUN, {sci(1): flat(3)}, score={sci(1): 80.0}).values()  # recomputed 75
    session(store, "alice", [A]).accept(A, j)  # the judge's 80
    session(store, "bob", [A]).override(A, flat(3), j)  # the rubric's 75
    assert settle(VerdictBook.load(store))[A].standing is Standing.DISPUTED


def test_every_report_format_counts_reviewed_and_disputed(store: WorkspaceStore,
                                                          tmp_path: Path) -> None:
    score_workspace(store, BertScoreSettings())
    session(store, "alice", [A, B]).override(A, flat(2), None)
    session(store, "bob", [A]).override(A, flat(1), None)
    alice_b = session(store, "alice", [B])
    alice_b.override(B, flat(2), None)
    store.close()
    ws = str(tmp_path / "ws.db")

    def report(fmt: str) -> str:
        result = CliRunner().invoke(cli, ["report", ws, "--format", fmt])
        assert result.exit_code == 0, result.output
        return result.output

    [group] = [g for g in json.loads(report("json"))["runs"][0]["groups"]
               if g["group"] == "science_en_descriptive"]
    assert group["metrics"]["LLM Judge"]["n_reviewed"] == 1
    assert group["metrics"]["LLM Judge"]["n_in_dispute"] == 1
    assert "judge 83.333 / adj 75 (reviewed 1, in dispute 1)" in report("md")
    [row] = [r for r in csv.DictReader(io.StringIO(report("csv")))
             if r["group"] == "science_en_descriptive"]
    assert (row["LLM Judge n_reviewed"], row["LLM Judge n_in_dispute"]) == ("1", "1")
    table = report("table")
    assert "reviewed 1" in table and "in dispute 1" in table
