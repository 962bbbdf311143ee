"""Issue 16's review defects, each pinned: "left" counts only what the queue can still decide,
toasts never cover the marks bar, focus shows by border (not colour alone), and the
calibration heat map says in words which axis is the human's and which the judge's."""

from __future__ import annotations

from pathlib import Path

from calibration_ws import flat, judge, sci, science_workspace, session
from textual_plotext import PlotextPlot

from anser_tui.cli import build_app
from anser_tui.demo import ensure_demo_workspace
from anser_tui.screens.calibration import CalibrationScreen
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.decision_bar import DecisionBar
from anser_tui.widgets.review_header import ReviewHeader
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import Item

SIZE = (120, 36)
UNSCORED = "legal_zh_descriptive_1"  # a demo task whose form the LLM judge does not score


def review(app: object) -> ReviewScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, ReviewScreen)
    return screen


async def test_going_to_an_unscored_task_does_not_add_to_left(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("anser", tmp_path / "demo")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = review(app)
        assert screen.session.progress().left == 30
        await pilot.press("a")  # one decided
        await pilot.press("g", *UNSCORED, "enter")
        await pilot.pause()
        assert screen.view is not None and screen.view.task.id == UNSCORED
        progress = screen.session.progress()
        assert progress.total == 31  # it joined the queue (position 31/31)
        assert progress.left == 29  # but nothing the queue can decide was added
        header = str(screen.query_one(ReviewHeader).render())
        assert "29 left" in header
        await pilot.press("s")  # skipping it changes nothing either
        assert screen.session.progress().left == 29


async def test_toasts_never_cover_the_marks_bar(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("anser", tmp_path / "demo")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = review(app)
        for _ in range(3):  # three toasts stacked
            await pilot.press("f")
        await pilot.pause()
        toasts = [t for t in screen.query("Toast") if t.region.area]
        assert len(toasts) == 3
        bar = screen.query_one(DecisionBar).region
        for toast in toasts:
            assert not toast.region.overlaps(bar), (toast.region, bar)


def _edge(widget: object) -> str:
    return widget.styles.border_top[0]  # type: ignore[attr-defined]


async def test_focus_shows_by_border_on_every_focusable_widget(tmp_path: Path) -> None:
    for name in ("anser", "prbench"):
        ws = ensure_demo_workspace(name, tmp_path / name)
        app = build_app(ws, reviewer="tester")
        async with app.run_test(size=(160, 48)) as pilot:
            screen = review(app)
            await pilot.press("l")  # the queue list is focusable too
            await pilot.pause()
            chain = list(screen.focus_chain)
            assert len(chain) >= 4
            for widget in chain:
                widget.focus()
                await pilot.pause()
                focused = _edge(widget)
                screen.set_focus(None)
                await pilot.pause()
                assert focused != _edge(widget), (name, widget, focused)


async def test_the_first_tab_visibly_moves_focus_to_the_gold_table(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("anser", tmp_path / "demo")
    app = build_app(ws, reviewer="tester")
    async with app.run_test(size=SIZE) as pilot:
        screen = review(app)
        retrieved, gold = screen.query_one("#retrieved"), screen.query_one("#gold")
        assert retrieved.has_focus
        await pilot.press("tab")
        assert gold.has_focus
        assert _edge(gold) != _edge(retrieved)


async def test_calibration_plots_name_both_axes_in_words(tmp_path: Path) -> None:
    store = science_workspace(tmp_path, 3)
    judged = judge(store, "sys-a", {sci(1): flat(4), sci(2): flat(4), sci(3): flat(2)})
    items = [Item("sys-a", sci(i)) for i in (1, 2, 3)]
    alice = session(store, "alice", items, name="alice-1")
    for item, value in zip(items, (4, 2, 2), strict=True):  # scores 100, 50, 50
        alice.override(item, flat(value), judged[item.task_id])
    path = store.path
    store.close()
    app = build_app(path, reviewer="alice", session="alice-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("K")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CalibrationScreen)
        panel = screen.query_one("#cal-confusion", TextPanel)
        text = str(panel.content).splitlines()
        assert text[0].split()[0] == "human" and text[0].endswith("← judge")
        assert text[-1] == "rows: human value · columns: judge value"
        # judge 100, human 50 (item 2): row 40-60, column 80-100
        row = next(line.split() for line in text if line.startswith("40-60"))
        assert row[1:] == ["0", "0", "1", "0", "1"]
        await pilot.pause()
        assert len(panel._lines) == len(text)  # as drawn: no label wrapped under the header
        bias, order = (screen.query_one(f"#{i}", PlotextPlot) for i in ("cal-bias", "cal-order"))
        drawn = [str(plot.render()) for plot in (bias, order)]
        assert "judge value" in drawn[0] and "bias" in drawn[0].splitlines()[-1]
        assert "reviews so far" in drawn[1] and "MAE" in drawn[1].splitlines()[-1]
