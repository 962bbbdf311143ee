"""The calibration screen: opened from the review screen (K) and the palette, real numbers for
a workspace with known decisions (worked out by hand here), scope and dimension cycled, and
the numbers again after a new decision."""

from __future__ import annotations

from pathlib import Path

import pytest
from calibration_ws import SCIENCE, flat, judge, sci, science_workspace, session

from anser_tui.cli import build_app
from anser_tui.screens.calibration import CalibrationScreen
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import Item

SIZE = (180, 50)
RUN = "sys-a"
JUDGE = [2, 3, 4, 0, 4]
HUMAN = [2, 1, 4, 1]  # alice decides the first four; the fifth is left for the test


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    store = science_workspace(tmp_path, 5)
    judged = judge(store, RUN, {sci(i + 1): flat(v) for i, v in enumerate(JUDGE)})
    items = [Item(RUN, sci(i)) for i in range(1, 6)]
    alice = session(store, "alice", items, name="alice-1")
    for item, value in zip(items, HUMAN, strict=False):
        alice.override(item, flat(value), judged[item.task_id])
    path = store.path
    store.close()
    return path


def text_of(screen: CalibrationScreen, panel: str) -> str:
    return str(screen.query_one(f"#{panel}", TextPanel).content)


def stat(screen: CalibrationScreen, label: str) -> str:
    line = next(ln for ln in text_of(screen, "cal-stats").splitlines() if ln.startswith(label))
    return line[len(label):].strip()


async def open_calibration(app: object, pilot: object) -> CalibrationScreen:
    await pilot.press("K")  # type: ignore[attr-defined]
    await app.workers.wait_for_complete()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, CalibrationScreen)
    return screen


async def test_calibration_screen_shows_hand_worked_numbers(workspace: Path) -> None:
    app = build_app(workspace, reviewer="alice", session="alice-1")
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, ReviewScreen)
        screen = await open_calibration(app, pilot)
        assert not screen.computing and screen.view is not None
        assert (screen.scope, screen.dimension) == ("all", "score")
        # the score: 0-100, judge 50 75 100 0 against human 50 25 100 25
        judge_scores = [SCIENCE.score(flat(v)) for v in JUDGE[:4]]
        human_scores = [SCIENCE.score(flat(v)) for v in HUMAN]
        assert judge_scores == pytest.approx([50, 75, 100, 0])
        assert human_scores == pytest.approx([50, 25, 100, 25])
        mae = sum(abs(j - h) for j, h in zip(judge_scores, human_scores, strict=True)) / 4
        assert stat(screen, "n") == "4"
        assert "4 pairs here" in str(screen.query_one("#cal-status").render())
        assert stat(screen, "mean abs. error") == f"{mae:.3f}" == "18.750"
        assert stat(screen, "bias (judge − human)") == f"{(0 + 50 + 0 - 25) / 4:.3f}"
        assert stat(screen, "exact agreement") == f"{2 / 4:.3f}"  # 50 = 50, 100 = 100
        row = screen.view.row("all", "score")
        assert row is not None and row["quadratic_kappa"] is None  # no labels on the score
        assert stat(screen, "quadratic κ") == "—"
        await pilot.press("d")  # the first criterion: conclusion
        assert screen.dimension == "conclusion"
        assert stat(screen, "exact agreement") == f"{2 / 4:.3f}"  # (2,2) (4,4) of four
        assert stat(screen, "mean abs. error") == f"{(0 + 2 + 0 + 1) / 4:.3f}"
        assert stat(screen, "within-1 agreement") == f"{3 / 4:.3f}"
        heat = text_of(screen, "cal-confusion")
        assert heat.splitlines()[0].split()[:6] == ["human", "0", "1", "2", "3", "4"]
        await pilot.press("D")
        assert screen.dimension == "score"
        await pilot.press("s")
        assert screen.scope == "group:science_en_descriptive"
        await pilot.press("s", "s")
        assert screen.scope == "reviewer:alice"
        assert stat(screen, "n") == "4"
        await pilot.press("S")
        assert screen.scope == "run:sys-a"
        assert "reviews still needed" in text_of(screen, "cal-corrected")
        await pilot.press("escape")
        assert isinstance(app.screen, ReviewScreen)


async def test_calibration_screen_updates_after_a_new_decision(workspace: Path) -> None:
    app = build_app(workspace, reviewer="alice", session="alice-1")
    async with app.run_test(size=SIZE) as pilot:
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.position == 4
        screen = await open_calibration(app, pilot)
        await pilot.press("d")
        assert stat(screen, "exact agreement") == "0.500"
        await pilot.press("escape")
        await pilot.press("0", "0", "0", "0", "enter")  # judge 4, alice 0 on the fifth
        screen = await open_calibration(app, pilot)
        await pilot.press("d")
        assert stat(screen, "n") == "5"
        assert stat(screen, "exact agreement") == f"{2 / 5:.3f}"
        assert stat(screen, "mean abs. error") == f"{(0 + 2 + 0 + 1 + 4) / 5:.3f}"


async def test_calibration_from_the_palette_and_recomputed_on_resume(workspace: Path) -> None:
    app = build_app(workspace, reviewer="alice", session="alice-1")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p", *("space" if ch == " " else ch
                                      for ch in "calibration: open"))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CalibrationScreen) and screen.view is not None
        first = screen.view
        await pilot.press("question_mark")  # help over it, then back: computed again
        await pilot.press("question_mark")
        assert app.screen is screen
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.computing and screen.view is not first
        assert stat(screen, "n") == "4"
