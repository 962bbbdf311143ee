"""`judge --batch` (DESIGN 15) through the official openai client against a local Files and
Batches API: submitted once, resumed after an interruption (exactly one batch created), polled,
its output and error files stored through the live parser; the report equals the live run's;
input split at 50,000 requests / 200 MB; a process killed right after batches.create (or
before it) leaves an intent that the next run settles through batches.list, never submitting
twice; the progress bar while polling."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from batch_server import BatchServer
from click.testing import CliRunner
from judge_server import JudgeServer
from judge_workspace import RUN, judge_workspace
from rich.console import Console

from anser_tui.cli import cli
from anser_tui.cli.console import BatchProgress
from anser_tui.judge.batch_api import split_parts
from anser_tui.workspace import JudgmentStatus, WorkspaceStore, current_judgments
from anser_tui.workspace.batches import run_batches

ANSWERS = {f"science_en_descriptive_{i}": f"answer {i}" for i in range(1, 4)}


@pytest.fixture
def batch_server() -> Iterator[BatchServer]:
    srv = BatchServer(polls_to_finish=3).start()
    yield srv
    srv.stop()


@pytest.fixture
def live_server() -> Iterator[JudgeServer]:
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def _report(path: Path) -> Any:
    """The report's groups, without the judge's own latency and tokens (a batch line has no
    latency, and the two servers count tokens their own way)."""
    result = _invoke("report", str(path), "--run", RUN, "--format", "json")
    assert result.exit_code == 0, result.output
    groups = json.loads(result.output)["runs"][0]["groups"]
    for group in groups:
        group.pop("judge_overhead", None)
    assert any(g["metrics"].get("LLM Judge") for g in groups)
    return groups


def test_a_batch_judged_after_an_interruption_is_one_batch_and_the_live_report(
        tmp_path: Path, batch_server: BatchServer, live_server: JudgeServer,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    path = judge_workspace(tmp_path / "b", ANSWERS, n_science=3)
    common = ("--run", RUN, "--base-url", batch_server.url, "--model", "m-1")
    first = _invoke("judge", str(path), *common, "--batch", "--no-wait")
    assert first.exit_code == 0, first.output
    assert "batches submitted 1, resumed 0; polls 0; judged 0" in first.stdout
    with WorkspaceStore.open(path) as store:
        assert current_judgments(store, RUN, "m-1") == {}  # --no-wait stores no judgment
    again = _invoke("judge", str(path), *common, "--batch", "--poll", "0")
    assert again.exit_code == 0, again.output
    assert "batches submitted 0, resumed 1; polls 3; judged 7 (ok 7," in again.stdout
    assert batch_server.calls == {"files.create": 1, "batches.create": 1,
                                  "batches.retrieve": 3, "files.content": 1}
    done = _invoke("judge", str(path), *common, "--batch", "--poll", "0")
    assert "batches submitted 0, resumed 0; polls 0; judged 0" in done.stdout
    assert "already judged 7" in done.stdout and batch_server.calls["batches.create"] == 1

    live = judge_workspace(tmp_path / "l", ANSWERS, n_science=3)
    result = _invoke("judge", str(live), "--run", RUN, "--base-url", live_server.url,
                     "--model", "m-1")
    assert result.exit_code == 0, result.output
    assert _report(path) == _report(live)


def test_a_failed_line_is_a_failed_attempt_and_the_next_run_submits_only_it(
        tmp_path: Path, batch_server: BatchServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    answers = dict(ANSWERS, science_en_descriptive_2="answer 2 #batch-fail")
    path = judge_workspace(tmp_path, answers, n_science=3)
    common = ("--run", RUN, "--base-url", batch_server.url, "--model", "m-1", "--batch",
              "--poll", "0")
    result = _invoke("judge", str(path), *common)
    assert result.exit_code == 0, result.output
    assert "judged 7 (ok 6, parse_error 0, invalid 0, transport_error 1)" in result.stdout
    with WorkspaceStore.open(path) as store:
        failed = current_judgments(store, RUN)["science_en_descriptive_2"]
        assert failed.status is JudgmentStatus.TRANSPORT_ERROR and "400" in (failed.error or "")
    again = _invoke("judge", str(path), *common)
    assert "batches submitted 1, resumed 0" in again.stdout
    assert again.exit_code == 3  # every line of the new batch (the one item) failed
    assert len(batch_server.files[batch_server.batches["batch_2"]["input_file_id"]]
               .splitlines()) == 1


def test_input_is_split_at_the_request_and_byte_limits() -> None:
    lines = [json.dumps({"custom_id": f"c{i}", "body": "x" * 10}) for i in range(7)]
    ids = {f"c{i}": (f"t{i}", 0) for i in range(7)}
    assert [len(p[0]) for p in split_parts(lines, ids, max_requests=3)] == [3, 3, 1]
    size = len(lines[0]) + 1
    parts = split_parts(lines, ids, max_bytes=2 * size)
    assert [len(p[0]) for p in parts] == [2, 2, 2, 1]
    assert parts[1][1] == {"c2": ("t2", 0), "c3": ("t3", 0)}


_CHILD = ("import sys; sys.stdin.readline(); from anser_tui.cli import main; "
          "sys.argv[0] = 'anser-tui'; main()")


def _crashed_batch_run(path: Path, server: BatchServer, route: str) -> None:
    """`judge --batch` in a child process that the server kills at `route`, after doing what
    the request asked and before replying."""
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, "judge", str(path), "--run", RUN, "--base-url",
         server.url, "--model", "m-1", "--batch", "--poll", "0"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "OPENAI_API_KEY": "test-key"})
    server.crash(route, child.pid)  # armed before the child goes past its first line
    _, err = child.communicate("go\n", timeout=120)
    assert child.returncode == -signal.SIGKILL, err


def test_a_crash_between_batch_create_and_its_record_submits_once(
        tmp_path: Path, batch_server: BatchServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    path = judge_workspace(tmp_path, ANSWERS, n_science=3)
    _crashed_batch_run(path, batch_server, "batches.create")
    assert batch_server.calls["batches.create"] == 1  # created; the client never heard back
    with WorkspaceStore.open(path) as store:
        [left] = run_batches(store, RUN)
        assert left.state == "intent" and left.batch_id.startswith("intent:")
    batch_server.other_batches(150)  # someone else's, newer: the lookup pages back to it
    again = _invoke("judge", str(path), "--run", RUN, "--base-url", batch_server.url,
                    "--model", "m-1", "--batch", "--poll", "0")
    assert again.exit_code == 0, again.output
    assert "batches submitted 0, resumed 1; polls 3; judged 7 (ok 7," in again.stdout
    assert "found after a crash 1" in again.stdout
    assert batch_server.calls["batches.create"] == 1  # never submitted twice
    assert batch_server.calls["batches.list"] == 2  # 100 a page, the batch on the second
    with WorkspaceStore.open(path) as store:
        assert [(b.batch_id, b.state) for b in run_batches(store, RUN)] == [
            ("batch_1", "completed")]
        assert batch_server.batches["batch_1"]["metadata"] == {
            "anser-tui-submission": left.batch_id}
        assert len(current_judgments(store, RUN, "m-1")) == 7  # as judged 7 says


def test_a_crash_before_batch_create_submits_the_batch_next_time(
        tmp_path: Path, batch_server: BatchServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    path = judge_workspace(tmp_path, ANSWERS, n_science=3)
    _crashed_batch_run(path, batch_server, "files.create")  # uploaded, no batch made
    assert batch_server.calls["batches.create"] == 0
    again = _invoke("judge", str(path), "--run", RUN, "--base-url", batch_server.url,
                    "--model", "m-1", "--batch", "--poll", "0")
    assert again.exit_code == 0, again.output
    assert "batches submitted 1, resumed 0; polls 3; judged 7 (ok 7," in again.stdout
    assert batch_server.calls["batches.create"] == 1 and batch_server.calls["batches.list"] == 1
    with WorkspaceStore.open(path) as store:  # the intent no batch named is gone
        assert [(b.batch_id, b.state) for b in run_batches(store, RUN)] == [
            ("batch_1", "completed")]


def test_the_progress_bar_shows_each_batch_while_polling() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100, color_system=None)
    with BatchProgress(console) as bar:
        bar("batch_1", "validating", 0, 7)
        bar("batch_1", "in_progress", 3, 7)
        bar("batch_1", "completed", 7, 7)
    shown = out.getvalue()
    assert "batch batch_1" in shown and "7/7" in shown and "completed" in shown
    plain = io.StringIO()
    BatchProgress(Console(file=plain, force_terminal=False))("batch_2", "in_progress", 3, 7)
    assert plain.getvalue() == "batch batch_2: in_progress, 3 of 7 requests done\n"
