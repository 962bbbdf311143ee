"""The home screen (`review WS` without --session): runs and sessions with their progress,
Enter resumes a session, n starts one through a small form."""

from __future__ import annotations

import json
from pathlib import Path

from queue_workspace import judged_workspace
from textual.widgets import DataTable

from anser_tui.cli import build_app
from anser_tui.review import ReviewSession
from anser_tui.screens.home import HomeScreen
from anser_tui.screens.new_session import NewSessionForm
from anser_tui.screens.review import ReviewScreen
from anser_tui.workspace import WorkspaceStore
from anser_tui.workspace.records import DecisionKind

SIZE = (160, 48)


def _table(screen: HomeScreen, table_id: str) -> list[list[str]]:
    table = screen.query_one(f"#{table_id}", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def _workspace_with_sessions(tmp_path: Path) -> Path:
    path = judged_workspace(tmp_path)
    with WorkspaceStore.open(path) as store:
        alice = ReviewSession.open(store, "alice", "alice-1")
        judgment_marks = dict.fromkeys(alice.rubric(alice.items[0]).keys, 3)
        alice.override(alice.items[0], judgment_marks, None)
        alice.mark(alice.items[1], DecisionKind.SKIP)
        alice.mark(alice.items[1], DecisionKind.FLAG)
        ReviewSession.open(store, "bob", "bob-1")
    return path


async def test_lists_runs_and_sessions_and_resumes_one(tmp_path: Path) -> None:
    path = _workspace_with_sessions(tmp_path)
    app = build_app(path, reviewer="alice", home=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, HomeScreen) and app.session is None
        # 4 outputs, 2 judgments with a score (one did not parse), 4 tasks with metrics
        assert _table(screen, "runs") == [["sys-a", "4", "2", "4"]]
        rows = {row[0]: row[1:8] for row in _table(screen, "sessions")}
        assert rows == {"alice-1": ["alice", "task", "4", "1", "1", "1", "2"],
                        "bob-1": ["bob", "task", "4", "0", "0", "0", "4"]}
        sessions = screen.query_one("#sessions", DataTable)
        assert sessions.has_focus
        target = next(i for i in range(sessions.row_count)
                      if str(sessions.get_row_at(i)[0]) == "alice-1")
        sessions.move_cursor(row=target)
        await pilot.press("enter")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.session.name == "alice-1" and app.session is review.session
        # the first item not decided: the skipped one (a skip defers an item, it does not
        # settle it; the review issue names resuming past skipped items as a defect)
        assert review.position == 1
        await pilot.press("n")
        assert review.position == 2
        await pilot.press("a")  # nothing to accept here (not judged): still item 2
        await pilot.press("n", "p")
        assert review.position == 2


async def test_another_reviewers_session_is_refused(tmp_path: Path) -> None:
    path = _workspace_with_sessions(tmp_path)
    app = build_app(path, reviewer="carol", home=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen) and app.session is None
        assert any("belongs to reviewer" in str(n.message) for n in app._notifications)


async def test_starts_a_new_session_from_the_form(tmp_path: Path) -> None:
    path = judged_workspace(tmp_path)
    app = build_app(path, reviewer="alice", home=True)
    async with app.run_test(size=SIZE) as pilot:
        assert _table(app.screen, "sessions") == []  # type: ignore[arg-type]
        await pilot.press("n")
        form = app.screen
        assert isinstance(form, NewSessionForm)
        await pilot.press("tab", "tab")  # name, reviewer, then the order
        await pilot.press("enter", "down", "down", "enter")  # task -> random -> stratified
        await pilot.press("tab", "backspace", "9", "tab", "3")  # seed 9, limit 3
        await pilot.press("tab", "space")  # blind
        await pilot.press("shift+tab", "enter")  # Enter in the limit field starts it
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.session.name == "alice-1" and review.session.blind
    with WorkspaceStore.open(path) as store:
        order_by, seed, blind, design = store.conn.execute(
            "SELECT order_by, seed, blind, design FROM sessions").fetchone()
        probabilities = [p for (p,) in store.conn.execute(
            "SELECT inclusion_probability FROM session_items ORDER BY pos")]
    assert (order_by, seed, blind) == ("stratified", 9, 1)
    # 3 of 4 judged items: legal 2, finance 1, science 1 -> quotas 1.5, .75, .75: floors 1, 0,
    # 0; two left: finance and science (.75) before legal (.5)
    assert json.loads(design)["strata"] == {"finance_zh_descriptive": {"N": 1, "n": 1},
                                            "legal_zh_prescriptive": {"N": 2, "n": 1},
                                            "science_en_predictive": {"N": 1, "n": 1}}
    assert sorted(probabilities) == [0.5, 1.0, 1.0]


async def test_the_form_says_what_is_wrong(tmp_path: Path) -> None:
    path = judged_workspace(tmp_path)
    app = build_app(path, reviewer="alice", home=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "tab", *["backspace"] * 5, "enter")
        assert isinstance(app.screen, NewSessionForm)
        assert "give a reviewer name" in str(app.screen.query_one("#form-error").render())
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
    with WorkspaceStore.open(path) as store:
        assert store.conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 0
