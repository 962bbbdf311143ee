"""Start-up holds the cycle collector back (`core.collector`) and gives it back: after the
review screen's first paint the thresholds are Python's again, and a workspace that cannot be
opened leaves them as they were."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from anser_tui.cli import build_app
from anser_tui.core import collector
from anser_tui.core.errors import InputError
from anser_tui.screens.review import ReviewScreen


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    found = gc.get_threshold()
    yield found
    collector.release()
    gc.set_threshold(*found)


def test_hold_raises_the_threshold_and_release_puts_it_back(
        thresholds: tuple[int, int, int]) -> None:
    collector.hold()
    assert gc.get_threshold() == (collector.STARTUP_THRESHOLD, *thresholds[1:])
    assert gc.isenabled()  # held back, never off
    collector.hold()  # a second hold keeps the thresholds the first found
    collector.release()
    assert gc.get_threshold() == thresholds
    collector.release()  # nothing held: nothing changes
    assert gc.get_threshold() == thresholds


async def test_the_first_paint_releases_the_collector(
        review_workspace: Path, thresholds: tuple[int, int, int]) -> None:
    app = build_app(review_workspace, reviewer="ana")
    assert gc.get_threshold()[0] == collector.STARTUP_THRESHOLD
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.pause()
        assert gc.get_threshold() == thresholds


def test_a_workspace_that_cannot_open_releases_it(
        tmp_path: Path, thresholds: tuple[int, int, int]) -> None:
    bad = tmp_path / "not-a-workspace.db"
    bad.write_text("plain text, not SQLite\n")
    with pytest.raises(InputError):
        build_app(bad, reviewer="ana")
    assert gc.get_threshold() == thresholds
