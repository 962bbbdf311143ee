"""The judge from the command palette: a worker, messages, and a screen that stays usable."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from judge_server import JudgeServer, expected_score
from judge_workspace import RUN, judge_workspace
from textual.pilot import Pilot

from anser_tui.cli import build_app
from anser_tui.commands import AnserCommands
from anser_tui.core.settings import JudgeSettings, load_settings
from anser_tui.screens.review import ReviewScreen
from anser_tui.workspace import WorkspaceStore, latest_judgments

SIZE = (160, 48)


@pytest.fixture
def server() -> Iterator[JudgeServer]:
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def _settings(server: JudgeServer):  # type: ignore[no-untyped-def]
    return load_settings(judge=JudgeSettings(base_url=server.url, model="local-judge",
                                             concurrency=2))


async def _command(pilot: Pilot[None], text: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.press(*("space" if ch == " " else ch for ch in text))
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


def _judged(path: Path) -> dict[str, str]:
    store = WorkspaceStore.open(path)
    try:
        return {tid: j.source for tid, j in latest_judgments(store, RUN).items()}
    finally:
        store.close()


async def test_judge_current_item_lands_in_the_workspace_and_on_screen(
        tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"legal_zh_prescriptive_1": "应返还本金并支付利息。"})
    app = build_app(path, reviewer="tester", settings=_settings(server))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.view is not None
        item = screen.view.item
        assert screen.view.judgment is None
        await _command(pilot, "judge: run current")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(server.requests) == 1
        assert set(_judged(path)) == {item.task_id}
        assert _judged(path)[item.task_id].startswith("judge:")
        judgment = screen.view.judgment
        assert judgment is not None and judgment.task_id == item.task_id
        assert judgment.score == expected_score(server.prompts()[0])
        assert app.sub_title.endswith(screen.session.name)  # progress cleared when done


async def test_whole_queue_runs_while_the_screen_keeps_moving(
        tmp_path: Path, server: JudgeServer) -> None:
    answers = {"legal_zh_prescriptive_1": "答案 #fault=hold", "science_en_predictive_1": "Yes."}
    path = judge_workspace(tmp_path, answers, n_science=2)
    app = build_app(path, reviewer="tester", settings=_settings(server))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await _command(pilot, "judge: run whole queue")
        for _ in range(200):  # until both senders are out (one of them held by the server)
            if len(server.requests) >= 2:
                break
            await pilot.pause(0.01)
        assert any(w.group == "judge" and w.is_running for w in app.workers)
        await pilot.press("n")
        assert screen.position == 1  # the screen moved while the judge was waiting
        server.release()
        await app.workers.wait_for_complete()
        await pilot.pause()
    judged = _judged(path)
    assert len(judged) == len(screen.session.items) == 6
    assert all(source.startswith("judge:") for source in judged.values())


async def test_stop_cancels_and_keeps_what_arrived(tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"legal_zh_prescriptive_1": "答案 #fault=hold"})
    app = build_app(path, reviewer="tester", settings=_settings(server))
    async with app.run_test(size=SIZE) as pilot:
        await _command(pilot, "judge: run whole queue")
        for _ in range(200):
            if len(_judged(path)) == 3 and len(server.requests) == 4:
                break
            await pilot.pause(0.01)
        await _command(pilot, "judge: stop")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not any(w.is_running for w in app.workers)
    assert len(_judged(path)) == 3  # the held item is not judged; the others are kept


async def test_palette_lists_area_verb_commands_including_quit_and_theme(
        tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"legal_zh_prescriptive_1": "x"})
    app = build_app(path, reviewer="tester", settings=_settings(server))
    async with app.run_test(size=SIZE):
        provider = AnserCommands(app.screen)
        names = [hit.text async for hit in provider.discover()]
        assert names == ["judge: run current item", "judge: run whole queue", "judge: stop",
                         "calibration: open", "calibration: compare judges",
                         "app: change theme", "app: help", "app: quit"]
        assert all(": " in str(name) for name in names)
