"""The review-card part of the conformance test (DESIGN 13): every registered benchmark's demo
on the review screen at 160x48, 120x36 and 100x30. The screen lays out the card its benchmark
hands it (every panel titled as the card says, the task's first words on screen, the marks form
the card asks for), and a decision is committed and undone with the keys, on disk each time.

The parametrization is the registry's, so a benchmark added later is held to the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from anser_tui.benchmarks.card import FormKind
from anser_tui.benchmarks.registry import registered
from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.criterion_list import CriterionList
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import WorkspaceStore, all_decisions

SIZES = [(160, 48), (120, 36), (100, 30)]


def _kinds(path: Path) -> list[str]:
    with WorkspaceStore.open(path, read_only=True) as store:
        return [str(d.kind) for d in all_decisions(store)]


def _first_words(text: str) -> str:
    """The first few characters of a body, as a panel draws its first line."""
    return text.strip().splitlines()[0][:12]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", registered())
async def test_the_review_screen_lays_out_the_benchmarks_card(name: str, size: tuple[int, int],
                                                              tmp_path: Path) -> None:
    ws = ensure_demo_workspace(name, tmp_path / name)
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        view = screen.view
        assert view is not None
        card = view.card
        panels = {str(panel.border_title or "") for panel in screen.query(TextPanel)}
        blocks = [card.task, card.answer, *([card.reference] if card.reference else [])]
        for block in blocks:
            assert any(title.startswith(block.title[:10]) for title in panels), (
                block.title, panels)
        drawn = "\n".join(str(panel.content) for panel in screen.query(TextPanel))
        first = next(s for s in card.task.sections if s.body.strip() and not s.folded)
        assert _first_words(first.body) in drawn
        criteria = screen.query(CriterionList)
        if card.form is FormKind.CRITERIA:
            assert criteria and criteria.first().display
        else:
            assert not criteria or not criteria.first().display

        assert _kinds(ws) == []
        await pilot.press("a")
        await pilot.pause()
        assert _kinds(ws) == ["accept"]
        await pilot.press("u")
        await pilot.pause()
        assert _kinds(ws) == ["accept", "undo"]
        assert screen.position == 0
