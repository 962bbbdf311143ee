"""The review layout fits what each item holds (issue 16): every demo item walked with Pilot,
its card panels counted whole at 120x36, the judge's marks and reason whole at 100x30, the
zoom key, and the header and key bar that drop parts with a marker instead of cutting.

"Whole" is measured two ways and they must agree: the panel's body lines against the height of
its text region (`TextPanel.hidden_lines`), and the absence of the "↑"/"↓ N more" marker in its
bottom border.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.help import HelpScreen
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.evidence_panel import EvidencePanel
from anser_tui.widgets.item_panels import ItemPanels
from anser_tui.widgets.key_bar import KeyBar
from anser_tui.widgets.review_header import ReviewHeader
from anser_tui.widgets.text_panel import TextPanel

CARD = ("task", "answer", "ground-truth", "judge")


def whole(screen: ReviewScreen, name: str) -> bool:
    panel = screen.query_one(f"#{name}", TextPanel)
    marked = "↓" in str(panel.border_subtitle) or "↑" in str(panel.border_subtitle)
    assert (panel.hidden_lines > 0) == marked, (name, panel.hidden_lines, panel.border_subtitle)
    assert panel.hidden_lines > 0 or len(panel._lines) <= panel.scrollable_content_region.height
    return panel.hidden_lines == 0


async def walk(root: Path, benchmark: str, size: tuple[int, int],
               panels: tuple[str, ...]) -> tuple[int, int]:
    """(items whose `panels` are all whole, items) over the benchmark's demo queue."""
    app = build_app(ensure_demo_workspace(benchmark, root / benchmark), reviewer="tester")
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        count = len(screen.session.items)
        fitted = 0
        for position in range(count):
            await pilot.pause()
            assert screen.position == position
            fitted += all([whole(screen, name) for name in panels])
            await pilot.press("n")
        return fitted, count


async def test_anser_card_panels_whole_on_27_of_30_items_at_120x36(tmp_path: Path) -> None:
    fitted, count = await walk(tmp_path, "anser", (120, 36), CARD)
    assert count == 30
    assert fitted >= 27


async def test_prbench_criterion_detail_and_aalcr_question_and_verdict_at_120x36(
        tmp_path: Path) -> None:
    detail, count = await walk(tmp_path, "prbench", (120, 36), ("ground-truth",))
    assert detail == count  # the focused criterion's details
    conversation, _ = await walk(tmp_path, "prbench", (120, 36), ("task",))
    assert conversation >= count - 1  # one conversation is 34 lines long: z zooms it
    question, count = await walk(tmp_path, "aalcr", (120, 36), ("task", "judge"))
    assert question == count


async def test_judge_marks_and_reason_whole_at_100x30(tmp_path: Path) -> None:
    fitted, count = await walk(tmp_path, "anser", (100, 30), ("judge",))
    assert fitted == count == 30


async def test_a_short_answer_gives_its_rows_to_the_task(tmp_path: Path) -> None:
    app = build_app(ensure_demo_workspace("anser", tmp_path / "demo"), reviewer="tester")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        for _ in range(6):  # finance_zh_descriptive_104: a two-line answer
            await pilot.press("n")
        await pilot.pause()
        answer, task = (screen.query_one(f"#{n}", TextPanel) for n in ("answer", "task"))
        assert len(answer._lines) == 2
        assert task.region.height == len(task._lines) + 2  # the task as tall as it is
        # what is left after each panel is whole goes to the answer: no panel is cut
        assert all(whole(screen, name) for name in CARD)


async def test_z_gives_the_focused_panel_the_body_and_back(tmp_path: Path) -> None:
    app = build_app(ensure_demo_workspace("anser", tmp_path / "demo"), reviewer="tester")
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        body = screen.query_one("#main").region
        judge = screen.query_one("#judge", TextPanel)
        judge.focus()
        await pilot.press("z")
        await pilot.pause()
        assert screen.zoomed == "judge" and not screen.query_one(EvidencePanel).display
        assert judge.region.width == body.width
        bar = screen.query_one("#decision-bar").region
        assert judge.region.height == body.height - bar.height  # the marks bar stays
        await pilot.press("z")
        await pilot.pause()
        assert screen.zoomed is None and screen.query_one(EvidencePanel).display
        assert judge.region.width < body.width
        await pilot.press("tab")  # the gold table: z zooms the evidence tables
        await pilot.press("z")
        await pilot.pause()
        assert screen.zoomed == "evidence" and not screen.query_one(ItemPanels).display
        await pilot.press("n")  # the next item opens whole again
        await pilot.pause()
        assert screen.zoomed is None and screen.query_one(ItemPanels).display
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "review.zoom" in app.screen.body().plain


async def test_key_bar_and_header_drop_parts_with_a_marker_at_100x30(tmp_path: Path) -> None:
    app = build_app(ensure_demo_workspace("anser", tmp_path / "demo"), reviewer="tester")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("a", "a")  # a pace to show
        await pilot.pause()
        keys = screen.query_one(KeyBar).render()
        text = str(keys)
        assert text.startswith(" ? Help ") and "keys: ? help" in text
        assert len(text) <= 100
        header = str(screen.query_one(ReviewHeader).render()).splitlines()
        assert all(len(line) <= 98 for line in header)
        assert header[0].startswith(" 3/30 ")
        assert "2 decided" in header[1] and "28 left" in header[1]
    async with build_app(ensure_demo_workspace("anser", tmp_path / "demo"),
                         reviewer="tester").run_test(size=(200, 40)) as pilot:
        await pilot.pause()
        wide = str(pilot.app.screen.query_one(KeyBar).render())
        assert "keys: ? help" not in wide and wide.endswith("palette")


@pytest.mark.parametrize(("benchmark", "size"), [("anser", (100, 30)), ("prbench", (160, 48)),
                                                 ("prbench", (120, 36))])
async def test_a_panel_draws_a_scroll_bar_only_when_its_text_overflows(
        tmp_path: Path, benchmark: str, size: tuple[int, int]) -> None:
    """The first item's panels fitted as they are laid out: a panel whose text fits exactly
    (the task's at 100x30, ...) drew the scroll bar of its first, shorter layout."""
    app = build_app(ensure_demo_workspace(benchmark, tmp_path / benchmark), reviewer="tester")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for panel in app.screen.query(TextPanel):
            overflows = panel.virtual_size.height > panel.scrollable_content_region.height
            assert panel.show_vertical_scrollbar == overflows, (
                panel.id, panel.virtual_size, panel.scrollable_content_region)
