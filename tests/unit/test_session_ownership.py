"""A session belongs to its reviewer, keeps the queue it was started with, and gets a name no
other session has, even when two processes start sessions at the same moment."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from queue_workspace import judged_workspace

from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.review import Order, QueueOrder, QueueSpec, ReviewSession
from anser_tui.workspace import WorkspaceStore


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    path = judged_workspace(tmp_path)
    with WorkspaceStore.open(path) as store:
        ReviewSession.open(store, "alice", "alice-1", order=QueueOrder(Order.RANDOM, 3, 2))
    return path


def test_another_reviewers_session_is_refused(workspace: Path) -> None:
    with WorkspaceStore.open(workspace) as store:
        with pytest.raises(InputError, match="session alice-1 belongs to reviewer alice; "
                                             "start your own with --session NAME"):
            ReviewSession.open(store, "bob", "alice-1")
        assert ReviewSession.open(store, "alice", "alice-1").reviewer == "alice"
        assert store.conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 1


@pytest.fixture
def no_tui(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The apps `review` would run, recorded instead of run."""
    from anser_tui.app import AnserApp

    opened: list[object] = []
    monkeypatch.setattr(AnserApp, "run", lambda app, *a, **k: opened.append(app))
    return opened


def _review(workspace: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["review", str(workspace), *args])
    return result.exit_code, result.output


def test_cli_refuses_another_reviewer_with_exit_2(workspace: Path, no_tui: list[object]
                                                  ) -> None:
    code, output = _review(workspace, "--session", "alice-1", "--reviewer", "bob")
    assert code == 2 and no_tui == []
    assert output.strip().endswith("session alice-1 belongs to reviewer alice; start your "
                                   "own with --session NAME")
    assert output.count("\n") == 1
    with WorkspaceStore.open(workspace) as store:
        assert store.conn.execute("SELECT COUNT(*) FROM decisions").fetchone()[0] == 0


@pytest.mark.parametrize("args", [["--order", "task"], ["--seed", "4"], ["--limit", "3"],
                                  ["--blind"], ["--filter", "lang=zh"], ["--all"]])
def test_cli_refuses_options_that_would_change_a_sessions_queue(
        workspace: Path, no_tui: list[object], args: list[str]) -> None:
    code, output = _review(workspace, "--session", "alice-1", "--reviewer", "alice", *args)
    assert code == 2 and no_tui == []
    assert "alice-1 was started with random, seed 3, 2 items and keeps that queue: drop " \
           f"{args[0] if args[0] in ('--order', '--seed', '--limit', '--blind') else '--run'}" \
           in output


def test_cli_resumes_with_the_same_options_or_none(workspace: Path, no_tui: list[object]
                                                   ) -> None:
    from anser_tui.app import AnserApp

    for args in ([], ["--order", "random", "--seed", "3", "--limit", "2"]):
        code, output = _review(workspace, "--session", "alice-1", "--reviewer", "alice", *args)
        assert code == 0, output
    apps = [app for app in no_tui if isinstance(app, AnserApp)]
    assert [app.session.name for app in apps if app.session] == ["alice-1", "alice-1"]


def test_cli_without_session_opens_the_home_screen(workspace: Path, no_tui: list[object]
                                                   ) -> None:
    from anser_tui.app import AnserApp

    code, _ = _review(workspace, "--reviewer", "bob", "--order", "stratified", "--limit", "2")
    assert code == 0
    app = no_tui[0]
    assert isinstance(app, AnserApp) and app.session is None
    assert app.order == QueueOrder(Order.STRATIFIED, 0, 2) and app.reviewer == "bob"


def test_generated_names_skip_names_taken(workspace: Path) -> None:
    with WorkspaceStore.open(workspace) as store:
        ReviewSession.open(store, "bob", "bob-2")
        first = ReviewSession.open(store, "bob", spec=QueueSpec(all_tasks=True))
        second = ReviewSession.open(store, "bob", order=QueueOrder(Order.RANDOM))
        assert (first.name, second.name) == ("bob-3", "bob-4")
        assert ReviewSession.open(store, "carol").name == "carol-1"


def test_a_name_taken_meanwhile_is_bad_input(workspace: Path) -> None:
    with WorkspaceStore.open(workspace) as store, \
            pytest.raises(InputError, match="a session named alice-1 was started meanwhile"):
        ReviewSession.start(store, "alice", "alice-1", False, QueueSpec(), QueueOrder())


def test_two_processes_starting_sessions_at_once_never_collide(workspace: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    start = time.time() + 2.0  # both begin together, once their imports are done
    workers = [ctx.Process(target=_start_many, args=(str(workspace), seed, 40, start))
               for seed in (1, 2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert [w.exitcode for w in workers] == [0, 0]  # no "database is locked", no clash
    with WorkspaceStore.open(workspace) as store:
        names = [n for (n,) in store.conn.execute(
            "SELECT name FROM sessions WHERE reviewer='dora' ORDER BY id")]
        queued = dict(store.conn.execute(
            "SELECT session_id, COUNT(*) FROM session_items GROUP BY session_id").fetchall())
    assert sorted(names, key=lambda n: int(n.split("-")[1])) == [f"dora-{k}"
                                                                   for k in range(1, 81)]
    assert len(queued) == 81 and set(queued.values()) == {2}  # alice-1's and dora's 80


def _start_many(path: str, seed: int, n: int, start: float) -> None:
    store = WorkspaceStore.open(Path(path))
    time.sleep(max(0.0, start - time.time()))
    for k in range(n):  # every draw a different queue: each call starts a new session
        ReviewSession.open(store, "dora", order=QueueOrder(Order.RANDOM, seed * 100 + k, 2))
    store.close()
