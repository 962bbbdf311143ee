"""What a reviewer types is never lost, toggles toggle, a reason goes with the item it is for,
a decided item shows its decision; panels scroll and say when they are cut; help lists every
key with its id. Each defect of the review issue has its test here (they failed before)."""

from __future__ import annotations

import json
from pathlib import Path

from anser_tui.cli import build_app
from anser_tui.screens.help import HelpScreen
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import WorkspaceStore

SIZE = (160, 48)


def events(path: Path) -> list[tuple[str, str, str | None, str | None]]:
    with WorkspaceStore.open(path) as store:
        return [tuple(r) for r in store.conn.execute(
            "SELECT task_id, kind, reason_code, comment FROM decisions ORDER BY id")]


def screen_of(app: object) -> ReviewScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, ReviewScreen) and screen.view is not None
    return screen


async def test_reason_pressed_after_enter_goes_with_the_committed_item(
        review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        await pilot.press("1", "1", "1", "1", "1", "enter")  # override item 1; screen moves on
        assert screen.view is not None and screen.view.task.id == "legal_zh_prescriptive_2"
        await pilot.press("r")
        subject = str(app.screen.query_one("#reason-subject").render())
        assert "legal_zh_prescriptive_1" in subject and "already committed" in subject
        await pilot.press("3")
        assert screen.pending_reason is None  # not left pending on item 2
    assert events(review_workspace) == [
        ("legal_zh_prescriptive_1", "override", None, None),
        ("legal_zh_prescriptive_1", "override", "rubric misapplied", None)]


async def test_marks_typed_then_accept_are_kept_and_said(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        await pilot.press("2", "3", "a")
        assert events(review_workspace) == []  # not accepted over the marks
        assert screen.pending == [2, 3]
        assert any("Enter commits them" in n.message for n in app._notifications)


async def test_leaving_an_item_keeps_its_marks_and_reason_as_a_draft(
        review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        await pilot.press("4", "4", "r", "2")  # two marks and a reason, then move on
        await pilot.press("n")
        assert screen.pending == [] and screen.view is not None
        assert screen.view.task.id == "legal_zh_prescriptive_2"
        assert any("Draft kept for legal_zh_prescriptive_1" in n.message
                   for n in app._notifications)
        await pilot.press("p")
        assert screen.pending == [4, 4] and screen.restored
        assert str(screen.pending_reason) == "judge misread ground truth"
        bar = screen.query_one(DecisionBar)
        assert "draft kept" in str(bar.border_title)
        await pilot.press("4", "4", "4", "enter")
    assert events(review_workspace) == [
        ("legal_zh_prescriptive_1", "override", "judge misread ground truth", None)]


async def test_flag_and_skip_toggle(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        assert screen.view is not None
        item = screen.view.item
        await pilot.press("f")
        assert screen.session.state(item).flagged
        await pilot.press("f")
        assert not screen.session.state(item).flagged
        await pilot.press("s")  # skip moves on
        assert screen.view.item != item and screen.session.state(item).skipped
        await pilot.press("p", "s")  # back, and take the skip back
        assert not screen.session.state(item).skipped
    kinds = [kind for _, kind, _, _ in events(review_workspace)]
    assert kinds == ["flag", "undo", "skip", "undo"]


async def test_comments_can_be_edited_and_removed(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        assert screen.view is not None
        item = screen.view.item
        await pilot.press("c", *"first", "enter")
        assert screen.session.state(item).comments == ["first"]
        await pilot.press("c")  # the prompt holds the comment to edit
        assert app.screen.query_one("Input").value == "first"  # type: ignore[attr-defined]
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace",
                          *"second", "enter")
        assert screen.session.state(item).comments == ["second"]
        await pilot.press("c", *(["backspace"] * 6), "enter")
        assert screen.session.state(item).comments == []
    assert [c for _, kind, _, c in events(review_workspace) if kind == "comment"] == [
        "first", "second", ""]


async def test_resume_goes_to_the_first_undecided_item_skipped_included(
        review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester", session="s1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "a")  # skip item 1, accept item 2
    app = build_app(review_workspace, reviewer="tester", session="s1")
    async with app.run_test(size=SIZE):
        screen = screen_of(app)
        assert screen.position == 0  # the skipped item, not past it


async def test_a_decided_item_shows_its_decision_and_can_be_changed(
        review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        await pilot.press("a", "p")
        bar = str(screen.query_one(DecisionBar).render())
        assert "decided: accepted" in bar and "[3]" in bar and "[4]" in bar
        await pilot.press("0", "0", "0", "0", "0", "enter")
    rows = events(review_workspace)
    assert [kind for _, kind, _, _ in rows] == ["accept", "override"]
    with WorkspaceStore.open(review_workspace) as store:
        marks = store.conn.execute("SELECT marks FROM decisions ORDER BY id DESC").fetchone()
    assert set(json.loads(marks[0]).values()) == {0}


async def test_panels_scroll_and_say_when_cut_at_120x36(review_workspace: Path) -> None:
    long_query = "A long question. " * 60
    with WorkspaceStore.open(review_workspace) as store:
        store.conn.execute("UPDATE tasks SET query=? WHERE id='legal_zh_prescriptive_1'",
                           (long_query,))
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = screen_of(app)
        await pilot.pause()
        task = screen.query_one("#task", TextPanel)
        assert "↓" in str(task.border_subtitle) and task.has_class("-cut")
        task.focus()
        await pilot.press("down", "down", "down")
        assert task.scroll_y == 3
        assert str(task.border_subtitle).startswith("↑ 3 · ↓")


async def test_help_lists_every_key_with_its_id_and_the_reason_codes(
        review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.body().plain
        for binding_id in ("review.accept", "review.commit", "review.flag", "review.reason",
                           "panel.down", "evidence.down", "document.search", "app.quit"):
            assert binding_id in text
        assert "review.mark-0 review.mark-1 review.mark-2 review.mark-3 review.mark-4" in text
        assert "judge misread ground truth" in text and "Blind review" in text
        assert "Drafts" in text
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen)


async def test_key_bar_lists_each_key_once_help_first(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bar = str(app.screen.query_one(KeyBar).content)
        assert bar.startswith(" ? Help ")
        keys = [part.split()[0] for part in bar.split("  ") if part.strip()]
        assert len(keys) == len(set(keys))


async def test_light_theme_resolves_the_named_colours(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        dark = app.console.get_style("tui.warning")
        app.theme = "textual-light"
        await pilot.pause()
        light = app.console.get_style("tui.warning")
        assert dark.color != light.color and light.bold
        assert screen_of(app).query_one("#judge", TextPanel).content is not None


async def test_events_in_a_blind_session_record_whether_the_judge_was_visible(
        review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")  # flagged before any verdict: the judge was hidden
        await pilot.press("2", "2", "2", "2", "2", "enter", "c", *"seen", "enter")
    with WorkspaceStore.open(review_workspace) as store:
        rows = store.conn.execute(
            "SELECT kind, judge_visible FROM decisions ORDER BY id").fetchall()
    assert rows == [("flag", 0), ("override", 0), ("comment", 1)]


async def test_the_bar_says_the_judges_own_marks_commit_an_accept(review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        judgment = screen.view.judgment if screen.view else None
        assert judgment is not None and screen.view is not None and screen.view.rubric
        own = [str(judgment.marks[c.key]) for c in screen.view.rubric.criteria]
        other = [*own[:-1], "0" if own[-1] != "0" else "1"]
        await pilot.press(*other)
        bar = str(screen.query_one(DecisionBar).render())
        assert "Enter commits this override" in bar and "Enter accepts" not in bar
        await pilot.press("backspace", own[-1])
        bar = str(screen.query_one(DecisionBar).render())
        assert "Enter accepts: the judge's own marks" in bar
        await pilot.press("enter")
        assert events(review_workspace) == [("legal_zh_prescriptive_1", "accept", None, None)]


async def test_a_blind_bar_does_not_say_whether_the_marks_are_the_judges(
        review_workspace: Path) -> None:
    app = build_app(review_workspace, reviewer="tester", blind=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = screen_of(app)
        assert screen.view is not None and screen.view.rubric is not None
        await pilot.press(*["1"] * len(screen.view.rubric.criteria))
        bar = str(screen.query_one(DecisionBar).render())
        assert "Enter commits these marks" in bar
        assert "override" not in bar and "accept" not in bar
