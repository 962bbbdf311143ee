"""Go to a task, comment, reason codes and forms the judge does not score."""

from __future__ import annotations

import json
from pathlib import Path

from anser_tui.cli import build_app
from anser_tui.review import QueueSpec
from anser_tui.screens.prompts import ReasonPicker, TextPrompt
from anser_tui.screens.review import ReviewScreen
from anser_tui.workspace import WorkspaceStore

SIZE = (160, 48)


def events(path: Path) -> list[tuple[str, str, str | None, str | None]]:
    store = WorkspaceStore.open(path)
    try:
        return [tuple(r) for r in store.conn.execute(  # type: ignore[misc]
            "SELECT task_id, kind, reason_code, comment FROM decisions ORDER BY id")]
    finally:
        store.close()


async def test_go_to_task_outside_the_queue(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("g")
        assert isinstance(app.screen, TextPrompt)
        await pilot.press(*"finance_zh_descriptive_12", "enter")
        assert screen.view is not None and screen.view.task.id == "finance_zh_descriptive_12"
        assert screen.view.rubric is None
        assert screen.position == 4 and len(screen.session.items) == 5
        await pilot.press("a", "3")  # nothing to accept or override here
        assert screen.pending == []
        assert events(review_workspace) == []
        await pilot.press("f")
        assert events(review_workspace) == [("finance_zh_descriptive_12", "flag", None, None)]
        await pilot.press("g", *"no_such_task", "enter")
        assert screen.view.task.id == "finance_zh_descriptive_12"


async def test_comment_and_reason(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("c", *"cites the wrong article", "enter")
        await pilot.press("4", "4", "4", "4", "4", "r")
        assert isinstance(app.screen, ReasonPicker)
        await pilot.press("3")  # rubric misapplied
        assert screen.pending_reason is not None
        await pilot.press("enter")
        assert events(review_workspace) == [
            ("legal_zh_prescriptive_1", "comment", None, "cites the wrong article"),
            ("legal_zh_prescriptive_1", "override", "rubric misapplied", None)]
        # a reason for an override already standing: the same marks again, with the reason
        await pilot.press("p", "r", "7")
        rows = events(review_workspace)
        assert rows[-1] == ("legal_zh_prescriptive_1", "override", "other", None)
        store = WorkspaceStore.open(review_workspace)
        marks = [json.loads(m) for (m,) in store.conn.execute(
            "SELECT marks FROM decisions WHERE kind='override' ORDER BY id")]
        store.close()
        assert marks[0] == marks[1] == {"conclusion": 4, "rule_citation": 4,
                                        "rule_application": 4,
                                        "ground_truth_consistency": 4, "format": 4}


async def test_all_tasks_queue(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester", queue=QueueSpec(all_tasks=True))
    async with app.run_test(size=SIZE):
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert [it.task_id for it in screen.session.items][:3] == [
            "legal_zh_prescriptive_1", "legal_zh_prescriptive_2", "finance_zh_descriptive_12"]
        assert len(screen.session.items) == 7


async def test_remapped_key_shown_and_used(review_workspace: Path) -> None:
    from anser_tui.core.settings import Settings
    from anser_tui.widgets.key_bar import KeyBar

    settings = Settings(keymap={"review.accept": "y"})
    app = build_app(review_workspace, reviewer="tester", settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = str(app.screen.query_one(KeyBar).content)
        assert " y Accept " in bar and " a Accept " not in bar
        await pilot.press("a")
        assert events(review_workspace) == []
        await pilot.press("y")
        assert events(review_workspace) == [("legal_zh_prescriptive_1", "accept", None, None)]


async def test_blind_review_hides_judge_until_own_marks(review_workspace: Path) -> None:
    from anser_tui.widgets.text_panel import TextPanel

    def judge_text() -> str:
        return str(app.screen.query_one("#judge", TextPanel).content)

    app = build_app(review_workspace, reviewer="tester", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        assert "Judge hidden" in judge_text() and "结论正确" not in judge_text()
        await pilot.press("a")  # nothing to accept while the judge is hidden
        assert events(review_workspace) == []
        await pilot.press("2", "2", "2", "2", "2", "enter")
        assert screen.view.task.id == "legal_zh_prescriptive_1"  # stays, judge now shown
        assert "Score 74" in judge_text() and "结论正确" in judge_text()
        await pilot.press("a")
        assert screen.view.task.id == "legal_zh_prescriptive_2"
    store = WorkspaceStore.open(review_workspace)
    rows = list(store.conn.execute(
        "SELECT kind, judge_visible, score FROM decisions ORDER BY id"))
    store.close()
    assert rows == [("override", 0, 50.0), ("accept", 1, 74.0)]


async def test_showing_an_item_draws_the_key_bar_once_as_it_binds(review_workspace: Path
                                                                  ) -> None:
    """Showing an item changes the bindings two or three times (the card's keys, its marks
    form, the digits shown): the key bar draws its line once, at the end, and that line is
    the one a fresh draw gives; held, a redraw waits for the end."""
    from anser_tui.screens.review_keys import MARKS
    from anser_tui.widgets.key_bar import KeyBar

    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        bar = screen.query_one(KeyBar)
        drawn: list[str] = []
        update = bar.update

        def recorded(content: object = "", *, layout: bool = True) -> None:
            drawn.append(str(content))
            update(content, layout=layout)  # type: ignore[arg-type]

        bar.update = recorded  # type: ignore[method-assign]
        line = bar._line
        with bar.held():
            screen.refresh_bindings()
            bar.show_as({MARKS[0].id or "": "1-9"})
            assert bar._line is line  # nothing drawn yet
        assert bar._line is not line and len(drawn) == 1
        assert " 1-9 Marks " in drawn[0] and " 0-4 Marks " in str(line)
        bar._line = None
        bar.redraw()
        assert drawn[1] == drawn[0]
