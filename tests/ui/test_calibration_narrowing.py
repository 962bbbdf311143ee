"""The calibration screen shows how the corrected score's interval narrowed as reviews came
in: the interval after each number of reviews of a random session, equal to ppi-python
0.2.3's on those first reviews (finite-population correction off here, so that library is
the reference), and a new point once one more review is made on the review screen."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import ppi_py
import pytest
from calibration_ws import SCIENCE, flat, judge, sci, science_workspace, session

from anser_tui.cli import build_app
from anser_tui.core.settings import CalibrationSettings, load_settings
from anser_tui.screens.calibration import CalibrationScreen
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import Item

SIZE = (200, 50)
RUN = "sys-a"
JUDGE = [4, 3, 2, 1, 0, 4, 3, 2, 1, 0]
HUMAN = [3, 3, 1, 2, 0]  # alice decides the first five of the queue, in this order
RANDOM = {"order": "random", "seed": 7, "limit": None, "n_eligible": 10, "n_queued": 10,
          "strata": None, "random_sample": True}


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    store = science_workspace(tmp_path, 10)
    judged = judge(store, RUN, {sci(i + 1): flat(v) for i, v in enumerate(JUDGE)})
    items = [Item(RUN, sci(i)) for i in range(1, 11)]
    alice = session(store, "alice", items, name="alice-1", design=RANDOM, probability=1.0)
    for item, value in zip(items, HUMAN, strict=False):
        alice.override(item, flat(value), judged[item.task_id])
    path = store.path
    store.close()
    return path


def _reference(k: int, human: list[int]) -> str:
    f = np.array([SCIENCE.score(flat(v)) for v in JUDGE])
    h = np.array([SCIENCE.score(flat(v)) for v in human[:k]])
    lo, hi = ppi_py.ppi_mean_ci(h, f[:k], f, alpha=0.05)  # PPI++: lam tuned
    return f"{k} [{float(np.squeeze(lo)):.3f}, {float(np.squeeze(hi)):.3f}]"


def _narrowing(screen: CalibrationScreen, scope: str) -> str:
    text = str(screen.query_one("#cal-corrected", TextPanel).content)
    lines = text.splitlines()
    at = lines.index(scope)
    line = next(ln for ln in lines[at:] if "interval by reviews:" in ln)
    return line.split("interval by reviews:")[1].strip()


async def _open(app: object, pilot: object) -> CalibrationScreen:
    await pilot.press("K")  # type: ignore[attr-defined]
    await app.workers.wait_for_complete()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, CalibrationScreen) and not screen.computing
    return screen


async def test_the_interval_per_review_count_is_shown(workspace: Path) -> None:
    settings = load_settings(calibration=CalibrationSettings(finite_population=False))
    app = build_app(workspace, reviewer="alice", session="alice-1", settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(app, pilot)
        shown = _narrowing(screen, f"run:{RUN}")
        assert shown == " · ".join(_reference(k, HUMAN) for k in range(2, 6))
        text = str(screen.query_one("#cal-corrected", TextPanel).content)
        assert "5/10 reviewed" in text and "ppi++, lambda" in text
        await pilot.press("escape")
        await pilot.press("4", "4", "4", "4", "enter")  # the sixth: judge 4, alice 4
        screen = await _open(app, pilot)
        shown = _narrowing(screen, f"run:{RUN}")
        assert shown == " · ".join(_reference(k, [*HUMAN, 4]) for k in range(2, 7))
