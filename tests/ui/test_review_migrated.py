"""A v1 workspace made by the previous release opens in the review screen: migrated on open,
its data folder given anew, its session resumed where it stopped, new decisions appended."""

from __future__ import annotations

from pathlib import Path

from workspace_v1 import v1_copy

from anser_tui.cli import build_app
from anser_tui.demo import build_demo
from anser_tui.screens.review import ReviewScreen
from anser_tui.workspace import DecisionKind, WorkspaceStore, all_decisions


async def test_v1_workspace_reviews_after_migration(tmp_path: Path) -> None:
    ws = v1_copy(tmp_path)
    data = build_demo("anser", tmp_path / "demo").data_dir
    app = build_app(ws, reviewer="alice", session="alice-1", data_dir=data)
    async with app.run_test(size=(160, 48)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        # alice decided items 0 and 1 and skipped 3; item 2 is flagged only: resume there
        assert screen.view.position == 2
        first = screen.view.item
        await pilot.press("a")
        assert screen.view.position == 3  # the next item
    with WorkspaceStore.open(ws) as store:
        assert store.meta("schema_version") == "3"
        events = all_decisions(store)
        assert len(events) == 10
        last = events[-1]
        assert (last.kind, last.run, last.task_id, last.reviewer) == (
            DecisionKind.ACCEPT, first.run, first.task_id, "alice")
        assert last.judgment_uid is not None and last.session_id == events[0].session_id
