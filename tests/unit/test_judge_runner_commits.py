"""The judge runner commits in a worker thread while it sends: one commit at a time, off the
event loop's thread, and a run cancelled during a commit lets it finish, counts it, and writes
what else had arrived (a real server on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from judge_server import JudgeServer
from judge_workspace import RUN, judge_workspace

from anser_tui.core.settings import JudgeSettings
from anser_tui.judge import JudgeParams, JudgeRunner, plan_judging, run_items
from anser_tui.judge import runner as runner_module
from anser_tui.workspace import WorkspaceStore, latest_judgments


@pytest.fixture
def server() -> Iterator[JudgeServer]:
    srv = JudgeServer(slow_s=1.5).start()
    yield srv
    srv.stop()


async def test_a_commit_under_way_when_the_run_is_cancelled_is_finished_and_counted(
        tmp_path: Any, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    path = judge_workspace(tmp_path, {f"science_en_descriptive_{i}": f"Finding {i}."
                                      for i in range(1, 9)}, n_science=8)
    store = WorkspaceStore.open(path)
    items = [i for i in run_items(store, RUN) if i.task_id.startswith("science_en_desc")]
    settings = JudgeSettings(base_url=server.url, model="judge-test", timeout_s=30,
                             max_retries=0, concurrency=2)
    plan = plan_judging(store, items, JudgeParams.from_settings(settings))
    loop_thread = threading.get_ident()
    started, release = threading.Event(), threading.Event()
    writing: list[int] = []
    held: list[str] = []
    commits: list[tuple[int, int]] = []  # (thread, judgments)
    real = runner_module.add_judgments

    def slow(writer: WorkspaceStore, judgments: list[Any], rows: list[Any]) -> Any:
        assert not writing, "two commits at once"
        writing.append(1)
        try:
            commits.append((threading.get_ident(), len(judgments)))
            if not started.is_set():  # the first commit waits until the run is cancelled
                held.extend(j.task_id for j in judgments)
                started.set()
                release.wait(10)
            return real(writer, judgments, rows)
        finally:
            writing.pop()

    monkeypatch.setattr(runner_module, "add_judgments", slow)
    runner = JudgeRunner(store, settings)
    task = asyncio.create_task(runner.run(plan))
    while not started.is_set():
        await asyncio.sleep(0.005)
    await asyncio.sleep(0.3)  # the loop goes on receiving while the commit is held
    task.cancel()
    threading.Timer(0.3, release.set).start()
    with pytest.raises(asyncio.CancelledError):
        await task

    stored = latest_judgments(store, RUN)
    assert runner.summary.interrupted
    assert set(held) <= set(stored) and held
    assert runner.summary.done == len(stored) == runner.summary.counts["ok"]
    assert commits[0][0] != loop_thread  # the held commit ran in a worker thread
    assert len(stored) > len(held)  # what arrived while it was held was written too
    again = plan_judging(store, items, JudgeParams.from_settings(settings))
    assert again.already == len(stored) and len(again.requests) == 8 - len(stored)
    store.close()


async def test_commits_run_off_the_loop_one_at_a_time_and_count_every_judgment(
        tmp_path: Any, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    path = judge_workspace(tmp_path, {f"science_en_descriptive_{i}": f"Finding {i}."
                                      for i in range(1, 9)}, n_science=8)
    store = WorkspaceStore.open(path)
    settings = JudgeSettings(base_url=server.url, model="judge-test", timeout_s=30,
                             max_retries=0, concurrency=4)
    plan = plan_judging(store, run_items(store, RUN), JudgeParams.from_settings(settings))
    writing: list[int] = []
    threads: set[int] = set()
    real = runner_module.add_judgments

    def checked(writer: WorkspaceStore, judgments: list[Any], rows: list[Any]) -> Any:
        assert not writing, "two commits at once"
        writing.append(1)
        threads.add(threading.get_ident())
        try:
            return real(writer, judgments, rows)
        finally:
            writing.pop()

    monkeypatch.setattr(runner_module, "add_judgments", checked)
    seen: list[str] = []
    runner = JudgeRunner(store, settings, on_judgment=lambda _s, j: seen.append(j.task_id))
    summary = await runner.run(plan)
    assert threading.get_ident() not in threads
    stored = latest_judgments(store, RUN)
    assert summary.done == len(plan.requests) == len(stored) == len(seen)
    assert sorted(seen) == sorted(stored)
    store.close()
