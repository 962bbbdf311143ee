"""`judge` without an API key: the key is checked before any output, so the one error line is
all that is printed (no progress bar), exit 2, nothing written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from judge_workspace import RUN, judge_workspace

from anser_tui.cli import cli

ERROR = ("anser-tui: error: no API key: set the environment variable OPENAI_API_KEY (or point "
         "--base-url at a server that needs none)\n")


def _workspace(tmp_path: Path) -> Path:
    return judge_workspace(tmp_path, {"science_en_descriptive_1": "x",
                                      "legal_zh_prescriptive_1": "y"}, n_science=1)


def test_no_key_prints_the_one_error_line(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    ws = _workspace(tmp_path)
    before = ws.read_bytes()
    result = CliRunner().invoke(cli, ["judge", str(ws), "--run", RUN])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", ERROR)
    assert ws.read_bytes() == before


def test_no_key_in_a_terminal_session_prints_no_bar(tmp_path: Path) -> None:
    """As a user runs it: a child process with a forced terminal console."""
    ws = _workspace(tmp_path)
    env = {"PATH": "/usr/bin:/bin", "FORCE_COLOR": "1", "COLUMNS": "100",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", "from anser_tui.cli import main; main()",
                           "judge", str(ws), "--run", RUN],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", ERROR)
