"""`anser-tui judge` and `anser-tui import-judgments` end to end, with a local server."""

from __future__ import annotations

import asyncio
import json
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from judge_server import JudgeServer
from judge_workspace import RUN, judge_workspace
from mini_bench import write_jsonl

from anser_tui.cli import cli
from anser_tui.core.settings import JudgeSettings
from anser_tui.judge import JudgeParams, JudgeRunner, plan_judging, run_items
from anser_tui.workspace import WorkspaceStore, latest_judgments

KEY = "sk-test-TOPSECRET-0123456789"


@pytest.fixture
def server() -> Iterator[JudgeServer]:
    srv = JudgeServer().start()
    yield srv
    srv.stop()


def _judge(path: Path, server: JudgeServer, *extra: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["judge", str(path), "--run", RUN, "--base-url",
                                      server.url, "--model", "local-judge", *extra])
    return result.exit_code, result.stdout, result.stderr


def _workspace_bytes(path: Path) -> bytes:
    return b"".join(Path(str(path) + s).read_bytes() for s in ("", "-wal", "-shm")
                    if Path(str(path) + s).exists())


def test_judge_fills_then_sends_nothing_and_never_shows_the_key(
        tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "Recall improved.",
                                      "legal_zh_prescriptive_1": "应还本付息。"}, n_science=2)
    code, out, err = _judge(path, server, "--concurrency", "3")
    assert code == 0, err
    assert out == ("judged 6 of 6 (ok 6, parse_error 0, invalid 0, transport_error 0); "
                   "already judged 0; requests sent 6; cache hits 0; judge tokens "
                   f"{sum(len(p) for p in server.prompts())} in, 240 out\n")
    assert "6/6" in err  # the progress bar, on stderr
    assert {r["headers"]["authorization"] for r in server.requests} == {f"Bearer {KEY}"}

    code, out, err = _judge(path, server)
    assert code == 0
    assert "already judged 6; requests sent 0; cache hits 0" in out
    assert len(server.requests) == 6
    for text in (out, err):
        assert KEY not in text and "TOPSECRET" not in text
    assert b"TOPSECRET" not in _workspace_bytes(path)


def test_refused_key_exits_2_with_one_line_and_no_key(
        tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "x #fault=auth"},
                           n_science=1)
    code, out, err = _judge(path, server, "--concurrency", "1")
    assert code == 2
    lines = [line for line in err.splitlines() if line.startswith("anser-tui: error:")]
    assert len(lines) == 1 and "HTTP 401" in lines[0]
    assert "TOPSECRET" not in out + err
    assert b"TOPSECRET" not in _workspace_bytes(path)


def test_unknown_run_is_bad_input(tmp_path: Path, server: JudgeServer) -> None:
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "x"}, n_science=1)
    result = CliRunner().invoke(cli, ["judge", str(path), "--run", "nope", "--base-url",
                                      server.url])
    assert result.exit_code == 2
    assert "no run 'nope'" in result.stderr


def test_ctrl_c_exits_130_keeps_what_arrived_and_the_rerun_resumes(
        tmp_path: Path, server: JudgeServer) -> None:
    answers = {f"science_en_descriptive_{i}": f"Finding {i}." + (" #fault=hold" if i in (2, 3)
                                                                 else "") for i in (1, 2, 3, 4)}
    path = judge_workspace(tmp_path, answers, n_science=4)
    store = WorkspaceStore.open(path)
    others = [i for i in run_items(store, RUN)
              if not i.task_id.startswith("science_en_descriptive")]
    settings = JudgeSettings(base_url=server.url, model="local-judge")
    asyncio.run(JudgeRunner(store, settings).run(
        plan_judging(store, others, JudgeParams.from_settings(settings))))
    store.close()
    command = [sys.executable, "-c", "from anser_tui.cli import main; main()", "judge",
               str(path), "--run", RUN, "--base-url", server.url, "--model", "local-judge",
               "--concurrency", "2"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not (
            len(server.requests) >= len(others) + 3 and _judged(path) == len(others) + 1):
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    messages = [line for line in err.splitlines() if "interrupted" in line]
    assert len(messages) == 1 and "run the same command again to resume" in messages[0]
    assert "Traceback" not in err
    assert _judged(path) == len(others) + 1  # 1 arrived; 2 and 3 were held; 4 never sent

    server.release()
    server.requests.clear()
    code, out, _ = _judge(path, server)
    assert code == 0
    assert sorted(p.split("ANSWER:\n")[1] for p in server.prompts()) == [
        "Finding 2. #fault=hold", "Finding 3. #fault=hold", "Finding 4."]
    assert "already judged " + str(len(others) + 1) in out


def _judged(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT COUNT(DISTINCT task_id) FROM judgments").fetchone()[0]
    finally:
        conn.close()


def test_import_judgments_text_or_object_keeps_raw_and_statuses(tmp_path: Path) -> None:
    path = judge_workspace(tmp_path, {"science_en_descriptive_1": "x"}, n_science=2)
    good = {"score_0_100": 65, "conclusion": 2, "coverage": 4, "ground_truth_consistency": 3,
            "format": 1, "reason": "ok"}
    file = write_jsonl(tmp_path / "judge.jsonl", [
        {"id": "science_en_descriptive_1", "output": good, "model": "m1"},
        {"id": "science_en_descriptive_2", "output": "```json\n" + json.dumps(
            {**good, "conclusion": 7}) + "\n```", "model": "m1"},
        {"id": "legal_zh_prescriptive_1", "output": "我无法评分", "model": "m1"}])
    result = CliRunner().invoke(cli, ["import-judgments", str(path), str(file), "--run", RUN])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (f"imported 3 judgments for run '{RUN}' "
                             "(invalid 1, ok 1, parse_error 1)\n")
    store = WorkspaceStore.open(path)
    judged = latest_judgments(store, RUN)
    store.close()
    # 100 * (.45*2 + .25*4 + .20*3 + .10*1) / 4 = 65
    assert judged["science_en_descriptive_1"].recomputed_score == pytest.approx(65)
    assert judged["science_en_descriptive_2"].raw.startswith("```json")
    assert judged["legal_zh_prescriptive_1"].raw == "我无法评分"

    bad = write_jsonl(tmp_path / "bad.jsonl", [{"id": "finance_zh_descriptive_12",
                                                "output": "{}"}])
    result = CliRunner().invoke(cli, ["import-judgments", str(path), str(bad), "--run", RUN])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("is not scored by the LLM judge")
    assert f"{bad}:1:" in result.stderr
