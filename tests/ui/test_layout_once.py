"""The next item is laid out and painted at once: the first frame painted after `n` is the one
the screen settles on (no frame with the card's panels at the old height, fitted again a tick
later once the evidence tables and the marks bar have taken their rows), and a text panel shows
its scroll bar exactly when part of its text is out of view (a panel fitted a second time kept
the scroll bar of its first, shorter height, over text that it showed whole)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.evidence_table import EvidenceTable
from anser_tui.widgets.text_panel import TextPanel

SIZES = [(160, 48), (120, 36), (100, 30)]
Frame = list[list[tuple[str, str]]]


def frame(screen: Screen[object]) -> Frame:
    return [[(s.text, str(s.style)) for s in strip] for strip in
            screen._compositor.render_strips()]


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


def scroll_bars_match_their_text(screen: ReviewScreen) -> None:
    for panel in screen.query(TextPanel):
        if panel.display:
            cut = len(panel._lines) > panel.scrollable_content_region.height
            assert panel.show_vertical_scrollbar == cut, (panel.id, len(panel._lines),
                                                          panel.scrollable_content_region)
    for table in screen.query(EvidenceTable):
        if table.display and table.region:
            cut = table.count + 1 > table.scrollable_content_region.height
            assert table.show_vertical_scrollbar == cut, (table.id, table.count)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("benchmark", ["anser", "prbench", "aalcr"])
async def test_each_next_item_is_painted_once_as_it_settles(
        tmp_path: Path, benchmark: str, size: tuple[int, int]) -> None:
    app = build_app(ensure_demo_workspace(benchmark, tmp_path / benchmark), reviewer="tester")
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await settle(pilot)
        scroll_bars_match_their_text(screen)
        painted: list[Frame] = []
        paint = screen._compositor_refresh

        def recorded() -> None:
            paint()
            painted.append(frame(screen))

        screen._compositor_refresh = recorded  # type: ignore[method-assign]
        for _ in range(min(12, len(screen.session.items) - 1)):
            painted.clear()
            await pilot.press("n")
            await settle(pilot)
            assert painted, "the next item was never painted"
            assert painted[0] == frame(screen), f"item {screen.position}: a second frame"
            scroll_bars_match_their_text(screen)


async def test_a_folded_section_names_the_unfold_key_as_remapped(tmp_path: Path) -> None:
    from anser_tui.core.settings import Settings

    workspace = ensure_demo_workspace("prbench", tmp_path / "prbench")
    for keymap, shown in (({}, "e unfolds"), ({"review.unfold": "v"}, "v unfolds")):
        app = build_app(workspace, reviewer="tester", settings=Settings(keymap=keymap))
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause()
            task = str(app.screen.query_one("#task", TextPanel).content)
            assert shown in task, task[:300]


async def test_the_marks_bar_takes_a_new_theme_although_its_text_is_the_same(
        tmp_path: Path) -> None:
    """The bar redraws only when its text changes; a theme change draws it again."""
    from anser_tui.widgets.decision_bar import DecisionBar

    app = build_app(ensure_demo_workspace("anser", tmp_path / "anser"), reviewer="tester")
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(DecisionBar)
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.pause()
        themed = frame(app.screen)
        bar._said = None  # drawn from scratch in the light theme
        bar.redraw()
        await pilot.pause()
        assert frame(app.screen) == themed


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("benchmark", ["anser", "prbench", "aalcr"])
async def test_the_first_paint_shows_the_panels_fitted(
        tmp_path: Path, benchmark: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Start-up too: the card's panels are fitted before the screen's first layout (to the
    size it will give them), so the first frame shows them at the heights they keep, not at
    the stylesheet's shares fitted again after the resize."""
    app = build_app(ensure_demo_workspace(benchmark, tmp_path / benchmark), reviewer="tester")
    first: list[dict[str | None, object]] = []
    paint = ReviewScreen._compositor_refresh

    def recorded(screen: ReviewScreen) -> None:
        paint(screen)
        if not first:
            first.append({p.id: p.region for p in screen.query(TextPanel) if p.display})

    monkeypatch.setattr(ReviewScreen, "_compositor_refresh", recorded)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await settle(pilot)
        settled = {p.id: p.region for p in screen.query(TextPanel) if p.display}
        assert first == [settled]
        scroll_bars_match_their_text(screen)
