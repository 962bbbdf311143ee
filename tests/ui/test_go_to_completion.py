"""`g` + a prefix + Enter goes to the task id the completion shows, not to the prefix typed
(issue 16: `science_en_descriptive_1` shown, `science_en_descriptive_` looked up)."""

from __future__ import annotations

from pathlib import Path

from queue_workspace import judged_workspace
from textual.widgets import Input

from anser_tui.cli import build_app
from anser_tui.screens.prompts import TextPrompt
from anser_tui.screens.review import ReviewScreen

SIZE = (160, 48)


async def test_enter_takes_the_completion_shown(tmp_path: Path) -> None:
    app = build_app(judged_workspace(tmp_path), reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("g", *"finance_zh_descriptive_2")
        prompt = app.screen
        assert isinstance(prompt, TextPrompt)
        field = prompt.query_one(Input)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert field._suggestion == "finance_zh_descriptive_201"  # what the prompt shows
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.view is not None and screen.view.task.id == "finance_zh_descriptive_201"


async def test_enter_on_a_whole_id_keeps_it(tmp_path: Path) -> None:
    app = build_app(judged_workspace(tmp_path), reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("g", *"legal_zh_prescriptive_2")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view is not None and screen.view.task.id == "legal_zh_prescriptive_2"
        assert screen.position == 1
