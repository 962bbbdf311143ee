"""Two judges compared on the calibration screen (`c`, and "calibration: compare judges" in the
palette): per dimension both judges' statistics, B - A with its paired bootstrap interval, and
both judges against the human values; judges chosen with a and b. Numbers checked against
scikit-learn on the same pairs and worked by hand; a snapshot of the screen at each size, each
with this Pilot counterpart."""

from __future__ import annotations

from pathlib import Path

import pytest
from calibration_ws import SCIENCE, flat, judge, sci, science_workspace, session
from sklearn.metrics import cohen_kappa_score
from textual.pilot import Pilot
from textual_plotext import PlotextPlot

from anser_tui.app import AnserApp
from anser_tui.calibration.compare import compare_judges
from anser_tui.cli import build_app
from anser_tui.screens.calibration import CalibrationScreen
from anser_tui.screens.judge_compare import JudgeCompareScreen
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import Item, Judgment, JudgmentStatus, WorkspaceStore, add_judgments

RUN = "sys-a"
A, B, C = "judge-model", "judge-b", "judge-c"
HUMAN = [0, 1, 2, 3, 4, 2, 1, 3]
JUDGE_A = [1, 2, 3, 4, 4, 3, 2, 4]  # one too high (capped at 4)
JUDGE_B = [0, 1, 2, 3, 4, 2, 2, 3]  # agrees but once
JUDGE_C = [2, 2, 2, 2, 2, 2, 2, 2]
N = len(HUMAN)
SIZES = {"160x48": (160, 48), "120x36": (120, 36), "100x30": (100, 30)}


def _other_judge(store: WorkspaceStore, name: str, values: list[int]) -> None:
    add_judgments(store, [
        Judgment(run=RUN, task_id=sci(i + 1), rubric_id=SCIENCE.id, status=JudgmentStatus.OK,
                 marks=flat(v), score=SCIENCE.score(flat(v)), model=f"{name}-model",
                 judge=name, reason=f"{name} on {i + 1}") for i, v in enumerate(values)])


def make_workspace(root: Path, judges: int = 3) -> Path:
    store = science_workspace(root, N)
    judged = judge(store, RUN, {sci(i + 1): flat(v) for i, v in enumerate(JUDGE_A)})
    for name, values in [(B, JUDGE_B), (C, JUDGE_C)][:judges - 1]:
        _other_judge(store, name, values)
    items = [Item(RUN, sci(i + 1)) for i in range(N)]
    alice = session(store, "alice", items, name="alice-1")
    for item, value in zip(items, HUMAN, strict=True):
        alice.override(item, flat(value), judged[item.task_id])
    path = store.path
    store.close()
    return path


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "compare")


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()  # a worker started after a refresh exists now
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def open_comparison(app: AnserApp, pilot: Pilot[None]) -> JudgeCompareScreen:
    await pilot.press("K")
    await settle(pilot)
    assert isinstance(app.screen, CalibrationScreen)
    await pilot.press("c")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, JudgeCompareScreen) and not screen.computing
    return screen


def table(screen: JudgeCompareScreen) -> list[str]:
    return str(screen.query_one("#cmp-table", TextPanel).content).splitlines()


def row(lines: list[str], dimension: str, statistic: str) -> list[str]:
    """The cells of one (dimension, statistic) row after its label columns."""
    at = next(i for i, ln in enumerate(lines) if ln.startswith(dimension + " "))
    line = next(ln for ln in lines[at:] if f" {statistic} " in ln)
    return line.split(statistic, 1)[1].split()


def kappa(judged: list[int]) -> float:
    return float(cohen_kappa_score(judged, HUMAN, weights="quadratic", labels=[0, 1, 2, 3, 4]))


async def test_two_judges_compared_with_their_deltas_and_the_plot(workspace: Path) -> None:
    app = build_app(workspace, reviewer="alice", session="alice-1")
    async with app.run_test(size=SIZES["160x48"]) as pilot:
        screen = await open_comparison(app, pilot)
        assert (screen.a, screen.b) == (A, B) and screen.judges == [A, B, C]
        assert screen.view is not None
        lines = table(screen)
        expected = {e["dimension"]: e for e in compare_judges(
            screen.store, A, B, None, seed=screen.settings.seed,
            resamples=screen.settings.resamples) if e["scope"] == "all"}
        cells = row(lines, "conclusion", "quad. κ")
        assert cells[:3] == [f"{kappa(JUDGE_A):.3f}", f"{kappa(JUDGE_B):.3f}",
                             f"{kappa(JUDGE_B) - kappa(JUDGE_A):+.3f}"]
        lo, hi = expected["conclusion"]["delta_ci"]["quadratic_kappa"]
        assert " ".join(cells[3:5]) == f"[{lo:+.3f}, {hi:+.3f}]"
        exact_a = sum(j == h for j, h in zip(JUDGE_A, HUMAN, strict=True)) / N  # 1 of 8
        exact_b = sum(j == h for j, h in zip(JUDGE_B, HUMAN, strict=True)) / N  # 7 of 8
        assert row(lines, "conclusion", "exact agr.")[:3] == [
            f"{exact_a:.3f}", f"{exact_b:.3f}", f"{exact_b - exact_a:+.3f}"]
        mae = [sum(abs(SCIENCE.score(flat(j)) - SCIENCE.score(flat(h)))
                   for j, h in zip(values, HUMAN, strict=True)) / N
               for values in (JUDGE_A, JUDGE_B)]
        assert row(lines, "score", "MAE")[:3] == [f"{mae[0]:.3f}", f"{mae[1]:.3f}",
                                                  f"{mae[1] - mae[0]:+.3f}"]
        assert "8 items here" in str(screen.query_one("#cmp-status").render())

        # both judges against the human values: each judge's mean per human value
        await pilot.press("d")
        assert screen.dimension == "conclusion"
        bins = screen.view.against_human("all", "conclusion")
        assert [b.label for b in bins] == ["0", "1", "2", "3", "4"]
        assert [b.n for b in bins] == [1, 2, 2, 2, 1]
        assert [b.mean_a for b in bins] == [1, 2, 3, 4, 4]  # human 1: 2, 2; 2: 3, 3; 3: 4, 4
        assert [b.mean_b for b in bins] == [0, 1.5, 2, 3, 4]  # human 1: judge B 1 and 2
        plt = screen.query_one("#cmp-plot", PlotextPlot).plt
        drawn = plt.uncolorize(plt.build())
        assert "judges vs human · conclusion" in drawn
        assert f"A {A}" in drawn and f"B {B}" in drawn and "= human" in drawn

        # choosing judges: b moves B on (never onto A), a moves A on (never onto B)
        await pilot.press("b")
        await settle(pilot)
        assert (screen.a, screen.b) == (A, C)
        assert row(table(screen), "conclusion", "quad. κ")[:2] == [
            f"{kappa(JUDGE_A):.3f}", f"{kappa(JUDGE_C):.3f}"]
        await pilot.press("a")
        await settle(pilot)
        assert (screen.a, screen.b) == (B, C)
        await pilot.press("s")
        assert screen.scope == "group:science_en_descriptive"
        await pilot.press("escape")
        assert isinstance(app.screen, CalibrationScreen)


async def test_the_palette_opens_it_and_one_judge_says_why_not(tmp_path: Path) -> None:
    app = build_app(make_workspace(tmp_path / "two", judges=2), reviewer="alice",
                    session="alice-1")
    async with app.run_test(size=SIZES["160x48"]) as pilot:
        await pilot.press("ctrl+p", *("space" if ch == " " else ch
                                      for ch in "calibration: compare judges"))
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, JudgeCompareScreen)
        assert (app.screen.a, app.screen.b) == (A, B)
        await pilot.press("a")  # no third judge: A cannot move onto B
        assert (app.screen.a, app.screen.b) == (A, B)
    app = build_app(make_workspace(tmp_path / "one", judges=1), reviewer="alice",
                    session="alice-1")
    async with app.run_test(size=SIZES["160x48"]) as pilot:
        await pilot.press("K")
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CalibrationScreen)  # nothing to compare
        assert any("Only one judge" in str(n.message) for n in app._notifications)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
async def test_the_comparison_at_each_size(size: tuple[int, int], workspace: Path) -> None:
    """The snapshot's state, asserted: the table's first line names both judges, every
    dimension has its rows, the chosen one (score) is highlighted."""
    app = build_app(workspace, reviewer="alice", session="alice-1")
    async with app.run_test(size=size) as pilot:
        screen = await open_comparison(app, pilot)
        lines = table(screen)
        assert lines[0].split()[:3] == ["dimension", "n", "statistic"]
        for dimension in ("score", *SCIENCE.keys):
            assert any(ln.startswith(dimension + " ") for ln in lines)
        content = screen.query_one("#cmp-table", TextPanel).content
        accented = {span.style for span in content.spans}  # type: ignore[union-attr]
        assert "tui.accent" in accented
        assert screen.has_class("-wide") is (size[0] >= 140)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_snapshot_of_the_comparison(size: tuple[int, int], tmp_path: Path,
                                    snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = build_app(make_workspace(tmp_path / "compare"), reviewer="alice",
                    session="alice-1")

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("K")
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        pilot.app.clear_notifications()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
