"""The review screen's `/` filter, its jumps (N F S D) and `g` with task-id completion."""

from __future__ import annotations

from pathlib import Path

import pytest
from queue_workspace import judged_workspace
from textual.widgets import Input

from anser_tui.cli import build_app
from anser_tui.screens.filter import FilterScreen
from anser_tui.screens.prompts import TextPrompt
from anser_tui.screens.review import ReviewScreen
from anser_tui.workspace import WorkspaceStore

SIZE = (160, 48)
# the queue: 0 legal_zh_prescriptive_1 (judge 74), 1 legal_zh_prescriptive_2 (judge 95),
# 2 finance_zh_descriptive_104 (not judged), 3 science_en_predictive_1 (did not parse)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return judged_workspace(tmp_path)


def _review(app: object) -> ReviewScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_filter_restricts_n_and_p_and_esc_clears_it(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        await pilot.press("slash")
        assert isinstance(app.screen, FilterScreen)
        await pilot.press(*"science_en_predictive,legal_zh_prescriptive", "enter")
        assert screen.filter_text == "group science_en_predictive,legal_zh_prescriptive"
        assert screen.position == 0
        await pilot.press("n")
        assert screen.position == 1
        await pilot.press("n")
        assert screen.position == 3  # item 2 (finance) is filtered out
        await pilot.press("n")
        assert screen.position == 3
        await pilot.press("p", "p")
        assert screen.position == 0
        assert len(screen.session.items) == 4  # the queue itself is as it was
        await pilot.press("slash")
        form = app.screen
        assert isinstance(form, FilterScreen)
        assert form.query_one("#filter-groups", Input).value == (
            "science_en_predictive,legal_zh_prescriptive")  # opens with the filter in force
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen) and screen.filter_text == ""
        await pilot.press("n", "n")
        assert screen.position == 2


async def test_filter_by_judge_score_moves_to_a_match_and_deciding_skips_others(
        workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        await pilot.press("slash", "tab", "tab", "tab", *"70-", "enter")  # to the judge field
        assert screen.filter_text == "judge 70-"
        assert screen.position == 0  # 74 passes
        await pilot.press("a")  # accepted; the next item scoring 70 or more is item 1
        assert screen.position == 1
        store = WorkspaceStore.open(workspace)
        kinds = [k for (k,) in store.conn.execute("SELECT kind FROM decisions")]
        store.close()
        assert kinds == ["accept"]


async def test_filter_by_status_and_disagreement(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        await pilot.press("s")  # skip item 0; now at 1
        await pilot.press("slash", "tab", "tab")  # to the status
        await pilot.press("enter", "down", "enter")  # any -> undecided
        await pilot.press("tab", "tab", "tab", "tab", "space")  # tick "disagree"
        await pilot.press("shift+tab", "shift+tab", "enter")  # Enter in the metric field
        assert screen.filter_text == "undecided · disagreement"
        assert screen.position == 1  # 0.65: passes
        await pilot.press("n")
        assert screen.position == 3  # 1.0 (did not parse); item 2 scores 0
        await pilot.press("p", "p")
        assert screen.position == 1  # item 0 was skipped: not undecided


async def test_a_filter_nothing_passes_is_refused(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        await pilot.press("slash", *"finance_zh_descriptive", "tab", "tab", "tab", *"50-",
                          "enter")
        form = app.screen
        assert isinstance(form, FilterScreen)
        assert "No item of the queue matches" in str(form.query_one("#filter-error").render())
        await pilot.press("tab", *"Recall@5 >> 1", "enter")
        assert "write NAME OP VALUE" in str(form.query_one("#filter-error").render())
        await pilot.press("escape")
        assert app.screen is screen and screen.filter_text == ""


async def test_jumps(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        await pilot.press("a")  # 0 decided, now at 1
        await pilot.press("f", "n", "s")  # 1 flagged, 2 skipped; now at 3
        assert screen.position == 3
        await pilot.press("F")
        assert screen.position == 1  # wrapped around to the flagged item
        await pilot.press("S")
        assert screen.position == 2
        await pilot.press("N")
        assert screen.position == 3  # 1 is flagged but undecided too; 3 comes first
        await pilot.press("N")
        assert screen.position == 1
        await pilot.press("D")
        assert screen.position == 3  # 1.0: the judge's reply did not parse
        await pilot.press("D")
        assert screen.position == 1  # 0.65
        await pilot.press("slash", *"finance_zh_descriptive", "enter")
        assert screen.position == 2
        await pilot.press("D")  # finance's only item scores 0
        assert screen.position == 2


async def test_go_to_completes_task_ids(workspace: Path) -> None:
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        await pilot.press("g", *"fin")
        prompt = app.screen
        assert isinstance(prompt, TextPrompt)
        field = prompt.query_one(Input)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("tab")
        assert field.value == "finance_zh_descriptive_"  # what every finance id shares
        await pilot.press("2")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("tab")
        assert field.value == "finance_zh_descriptive_201"
        await pilot.press("enter")
        assert screen.view is not None and screen.view.task.id == "finance_zh_descriptive_201"
        assert screen.position == 4  # joined the end of the queue


async def test_the_queue_list_is_mounted_when_first_shown_or_moved_by(workspace: Path) -> None:
    """The queue list is not in the first paint's DOM; `l` mounts it shown, filled, focused,
    the current item highlighted, and `l` hides it again; a jump before it was ever shown
    mounts it (hidden) to move the screen."""
    from anser_tui.widgets.queue_list import QueueList

    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        assert not screen.query(QueueList)
        await pilot.press("n")
        assert screen.position == 1 and not screen.query(QueueList)
        await pilot.press("l")
        await pilot.pause()
        queue = screen.query_one("#queue", QueueList)
        assert queue is screen.queue_list and queue.display and queue.has_focus
        assert queue.option_count == 4 and queue.highlighted == 1
        assert [c.id for c in screen.query_one("#body").children] == ["queue", "main"]
        await pilot.press("l")
        await pilot.pause()
        assert not queue.display
    app = build_app(workspace, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = _review(app)
        await pilot.press("N")  # the next undecided item
        await pilot.pause()
        assert screen.position == 1
        queue = screen.query_one("#queue", QueueList)
        assert not queue.display
