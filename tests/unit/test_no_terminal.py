"""`review` and `demo` without a terminal (stdin at its end, stdout a pipe) exit 2 with one
line saying so, instead of spinning at 99% CPU: each runs in a child process with a bound on
its time, so the old behaviour fails here by timeout rather than hanging the suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from anser_tui.demo import ensure_demo_workspace

ROOT = Path(__file__).resolve().parents[2]
_MAIN = "from anser_tui.cli import main; main()"


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    return subprocess.run([sys.executable, "-c", _MAIN, *args], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=30,
                          check=False)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return ensure_demo_workspace("anser", tmp_path_factory.mktemp("demo"))


@pytest.mark.parametrize("session", [["--session", "piped"], []])
def test_review_without_a_terminal_exits_2_with_one_line(workspace: Path,
                                                          session: list[str]) -> None:
    done = _run(["review", str(workspace), *session])
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "anser-tui: error: review needs a terminal: run it with stdin and stdout on one, "
        "not a pipe or a file"]
    assert done.stdout == ""


def test_demo_without_a_terminal_exits_2_before_building_anything(tmp_path: Path) -> None:
    done = _run(["demo"])
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "anser-tui: error: demo needs a terminal: run it with stdin and stdout on one, "
        "not a pipe or a file"]
    assert not (tmp_path / "data").exists()  # ANSER_DATA_DIR: nothing half-written
