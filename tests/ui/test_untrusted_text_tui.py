"""The review screen shows untrusted text (task fields, answer, corpus titles, judge reason,
a reviewer's comment) literally: no markup interpreted, no control character reaches the
terminal. Property-based, on the screen a headless Pilot renders."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import given, settings
from untrusted import UNSAFE, evil_workspace, untrusted

from anser_tui.cli import build_app
from anser_tui.core.text import neutralize
from anser_tui.review.queue import QueueSpec
from anser_tui.review.session import ReviewSession
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import DecisionKind, WorkspaceStore


def _plain(panel: TextPanel) -> str:
    content = panel.content
    return str(getattr(content, "plain", content))


async def _check(ws: Path, text: str) -> None:
    store = WorkspaceStore.open(ws)
    items = QueueSpec().items(store)
    session = ReviewSession.create(store, "tester", "s1", False, items)
    session.mark(items[0], DecisionKind.COMMENT, comment=f"m{text}")
    store.close()
    app = build_app(ws, reviewer="tester", session="s1")
    async with app.run_test(size=(160, 48)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        shown = {p.id: _plain(p) for p in screen.query(TextPanel)}
        safe = neutralize(text)
        assert f"a{safe}" in shown["answer"]  # literally: markup left as written
        assert f"g{safe}" in shown["ground-truth"] and f"q{safe}" in shown["task"]
        assert f"r{safe}" in shown["judge"]
        assert any(f"m{safe}" in body for body in shown.values())
        for body in shown.values():
            assert UNSAFE.search(body) is None, repr(body)
        screenshot = app.export_screenshot()
        assert UNSAFE.search(screenshot) is None
        await pilot.press("tab", "tab", "tab", "enter")  # open the evidence document
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert UNSAFE.search(app.export_screenshot()) is None


@settings(max_examples=30, deadline=None)
@given(text=untrusted)
def test_review_screen_shows_untrusted_text_literally(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(_check(evil_workspace(Path(tmp), text), text))
