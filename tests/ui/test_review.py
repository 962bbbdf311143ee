"""The review screen driven with keys; every assertion is on the workspace or the screen."""

from __future__ import annotations

import io
import json
from pathlib import Path

from conftest import decisions
from rich.console import Console

from anser_tui.cli import build_app
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.text_panel import TextPanel

SIZE = (160, 48)


def panel_text(screen: ReviewScreen, panel_id: str) -> str:
    """The plain text of a panel's body, as a terminal 150 columns wide would show it."""
    body = screen.query_one(f"#{panel_id}", TextPanel)
    console = Console(width=150, file=io.StringIO(), record=True)
    console.print(body.content)
    return console.export_text()


async def test_accept_one_override_another(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.view is not None and screen.view.task.id == "legal_zh_prescriptive_1"
        await pilot.press("a")
        # the accept is in the workspace before the screen shows the next item
        assert decisions(review_workspace) == [
            ("legal_zh_prescriptive_1", "accept",
             json.dumps({"conclusion": 3, "rule_citation": 3, "rule_application": 3,
                         "ground_truth_consistency": 2, "format": 4}), 74.0)]
        assert screen.view.task.id == "legal_zh_prescriptive_2"
        await pilot.press("1", "0", "2", "1", "4", "enter")
        rows = decisions(review_workspace)
        assert rows[1][:2] == ("legal_zh_prescriptive_2", "override")
        assert json.loads(rows[1][2]) == {"conclusion": 1, "rule_citation": 0,
                                          "rule_application": 2,
                                          "ground_truth_consistency": 1, "format": 4}
        assert rows[1][3] == 28  # 100 * (.4 / 4 + .2 * 2 / 4 + .1 / 4 + .05) = 27.5, rounded up
        assert screen.view.task.id == "finance_zh_descriptive_104"


async def test_incomplete_marks_do_not_commit(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "3", "enter")
        assert decisions(review_workspace) == []
        assert isinstance(app.screen, ReviewScreen) and app.screen.pending == [3, 3]
        await pilot.press("backspace", "escape")
        assert app.screen.pending == []


async def test_undo_goes_back_and_reopen_resumes(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "a")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.view is not None and screen.view.task.id == "finance_zh_descriptive_104"
        await pilot.press("u")
        assert screen.view.task.id == "legal_zh_prescriptive_2"
        assert [r[1] for r in decisions(review_workspace)] == ["accept", "accept", "undo"]
    reopened = build_app(review_workspace, reviewer="tester")
    async with reopened.run_test(size=SIZE):
        screen = reopened.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert screen.view.task.id == "legal_zh_prescriptive_2"
        assert screen.session.n_decided == 1


async def test_unparsed_judgment_cannot_be_accepted(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "n", "n")
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert screen.view.task.id == "science_en_predictive_1"
        await pilot.press("a")
        assert decisions(review_workspace) == []
        assert "parse_error" in panel_text(screen, "judge")


async def test_untrusted_answer_shown_literally(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, ReviewScreen)
        text = panel_text(app.screen, "answer")
        assert "␛[31m[bold]红[/bold]" in text
        assert "\x1b" not in text


def test_review_screen_snapshot(review_workspace: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = build_app(review_workspace, reviewer="tester")
    assert snap_compare(app, terminal_size=SIZE)
