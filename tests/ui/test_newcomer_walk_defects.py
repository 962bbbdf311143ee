"""Defects a newcomer met walking the demo (stop 29): going to a task outside the queue once
the queue list was shown crashed the app; Enter on a queue row opened an evidence document
instead of going to the row; the home screen counted as "left" tasks the judge does not score,
which the review header (and README) do not."""

from __future__ import annotations

from pathlib import Path

import pytest

from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.review import ReviewSession
from anser_tui.review.overview import session_summaries
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.queue_list import QueueList
from anser_tui.workspace import Item, WorkspaceStore

SIZE = (160, 48)
UNSCORED = "legal_zh_descriptive_1"  # a demo task outside the queue, not scored by the judge


def review(app: object) -> ReviewScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_going_to_a_task_outside_the_queue_with_the_list_shown(tmp_path: Path) -> None:
    app = build_app(ensure_demo_workspace("anser", tmp_path / "demo"), reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = review(app)
        await pilot.press("l")  # the queue list shown (and filled): 30 rows
        queue = screen.query_one(QueueList)
        assert queue.display and queue.option_count == 30
        await pilot.press("g", *UNSCORED, "enter")
        await pilot.pause()
        assert app.return_code is None  # still running, no traceback
        assert screen.view is not None and screen.view.task.id == UNSCORED
        assert screen.position == 30
        assert queue.option_count == 31  # the task joined the list's end too
        assert str(queue.get_option_at_index(30).prompt).endswith(UNSCORED)
        assert queue.highlighted == 30
        await pilot.press("p")  # and the list follows the queue back
        assert screen.position == 29 and queue.highlighted == 29


async def test_enter_on_a_queue_row_goes_to_that_item(tmp_path: Path) -> None:
    app = build_app(ensure_demo_workspace("anser", tmp_path / "demo"), reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = review(app)
        start = screen.position
        await pilot.press("l")
        queue = screen.query_one(QueueList)
        assert queue.has_focus and queue.highlighted == start
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.screen is screen  # no document opened
        assert screen.position == start + 2
        assert screen.view is not None and screen.view.item == screen.session.items[start + 2]


def test_the_home_screen_counts_left_as_the_review_header_does(tmp_path: Path) -> None:
    path = ensure_demo_workspace("anser", tmp_path / "demo")
    with WorkspaceStore.open(path) as store:
        session = ReviewSession.open(store, "alice", "alice-1")
        run = session.items[0].run
        session.add_item(Item(run, UNSCORED))  # as `g` does
        progress = session.progress()
        assert (progress.total, progress.left) == (31, 30)
        listed = {s.name: s for s in session_summaries(store)}["alice-1"]
        assert listed.items == 31
        assert listed.left == progress.left == 30


def test_a_screen_stopped_by_a_bug_exits_1() -> None:
    """The demo crashed with a traceback and the shell saw exit status 0 (DESIGN 9: 1)."""
    import pytest
    from textual.app import App

    from anser_tui.cli.group import run_screen

    class Broken(App[None]):
        def on_mount(self) -> None:
            raise RuntimeError("a bug")

    class Quits(App[None]):
        def on_mount(self) -> None:
            self.exit()

    with pytest.raises(SystemExit) as stopped:
        run_screen(Broken(), headless=True)
    assert stopped.value.code == 1
    run_screen(Quits(), headless=True)  # a quit as asked: no exit status of its own


async def test_marks_typed_are_committed_by_enter_with_the_queue_focused(
        tmp_path: Path) -> None:
    """At 190 columns the queue list opens focused: Enter after marks still commits them."""
    app = build_app(ensure_demo_workspace("anser", tmp_path / "demo"), reviewer="tester")
    async with app.run_test(size=(200, 50)) as pilot:
        screen = review(app)
        assert isinstance(screen.focused, QueueList)
        start = screen.position
        assert screen.view is not None and screen.view.rubric is not None
        await pilot.press(*"3" * len(screen.view.rubric.criteria), "enter")
        await pilot.pause()
        assert screen.session.state(screen.session.items[start]).decided
        assert screen.position == start + 1


@pytest.mark.parametrize("benchmark", ["anser", "prbench"])
async def test_a_blind_marks_bar_offers_no_accept(tmp_path: Path, benchmark: str) -> None:
    """Blind, before the reveal, `a` is refused ("commit your own marks first"): the marks bar
    no longer tells the reviewer to press it; seen, it still does."""
    from anser_tui.widgets.decision_bar import DecisionBar

    path = ensure_demo_workspace(benchmark, tmp_path / benchmark)
    for blind, offered in ((True, False), (False, True)):
        app = build_app(path, reviewer="tester", blind=blind,
                        session=f"s-{benchmark}-{blind}")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            bar = str(review(app).query_one(DecisionBar).render())
            assert ("a accepts" in bar) is offered, bar
            assert ("blind: the judge is shown once you commit" in bar) is blind, bar
