"""A fresh `pip install` of the package (no extras) into an empty venv runs what a new user runs:
`anser-tui demo` in a terminal, and init, import-run, score, report and judge against a local server.

Slow (a venv and a pip install: about 25-40 s with a warm pip cache), and run in CI like the rest.
The base dependencies must not pull torch (the BERTScore extra does).
"""

from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from corpus_fixtures import EVIDENCE_RUN, write_corpora
from judge_server import JudgeServer
from mini_bench import write_jsonl, write_mini_bench

ROOT = Path(__file__).parents[2]
KEY = "sk-test-FRESH-INSTALL-0123456789"

pytestmark = pytest.mark.slow


def _project_copy(dest: Path) -> Path:
    """What pip builds from, copied so the build leaves nothing in the work tree."""
    dest.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "anser_tui", dest / "anser_tui",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def _demo_in_a_terminal(exe: Path, env: dict[str, str]) -> str:
    """Run `anser-tui demo` on a pseudo-terminal until the review screen shows, then press q."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the demo, as a user starts it
        os.execve(str(exe), [str(exe), "demo"], {**env, "TERM": "xterm-256color",
                                                  "COLUMNS": "160", "LINES": "48"})
    screen = b""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and b"legal_zh" not in screen:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if ready:
            try:
                screen += os.read(fd, 65536)
            except OSError:
                break
    os.write(fd, b"q")
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0, screen[-2000:]
    return screen.decode("utf-8", "replace")


def test_fresh_install_runs_demo_and_judge(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / "bin"
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet",
                    str(_project_copy(tmp_path / "project"))], check=True)
    installed = subprocess.run([str(bin_dir / "python"), "-m", "pip", "list"],
                               capture_output=True, text=True, check=True).stdout.lower()
    assert "anser-tui" in installed
    assert "torch" not in installed and "nvidia" not in installed

    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path / "home"),
           "ANSER_CONFIG_FILE": str(tmp_path / "config.toml"),
           "ANSER_DATA_DIR": str(tmp_path / "data"), "ANSER_CACHE_DIR": str(tmp_path / "cache"),
           "ANSER_REVIEWER": "new-user", "OPENAI_API_KEY": KEY}
    exe = bin_dir / "anser-tui"
    screen = _demo_in_a_terminal(exe, env)
    assert "legal_zh" in screen

    bench = write_mini_bench(tmp_path / "bench")
    write_corpora(bench / "corpora")
    ws = tmp_path / "ws.db"
    run = write_jsonl(tmp_path / "run.jsonl", EVIDENCE_RUN)

    def anser(*args: str) -> str:
        done = subprocess.run([str(exe), *args], env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        assert KEY not in done.stdout + done.stderr
        return done.stdout

    assert "7 tasks" in anser("init", str(ws), "--data", str(bench))
    assert "3 outputs" in anser("import-run", str(ws), str(run), "--name", "sys-a")
    assert "BERTScore-F1 (zh) not computed" in anser("score", str(ws))  # no extra: said so
    assert "legal_zh_prescriptive" in anser("report", str(ws), "--format", "md")
    server = JudgeServer().start()
    try:
        out = anser("judge", str(ws), "--run", "sys-a", "--base-url", server.url,
                    "--model", "local-judge")
    finally:
        server.stop()
    assert out.startswith("judged 4 of 4 (ok 4,"), out  # every task the judge scores
    assert {r["headers"]["authorization"] for r in server.requests} == {f"Bearer {KEY}"}
    for path in (tmp_path / "cache", tmp_path / "data", ws):
        files = [p for p in ([path] if path.is_file() else path.rglob("*")) if p.is_file()]
        assert all(KEY.encode() not in p.read_bytes() for p in files)
