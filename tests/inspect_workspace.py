"""Test support for the Inspect and evalscope tests: the CLI run in-process, and a workspace
made from an Inspect log the way a user makes one (init, import-run, import-judgments)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from anser_tui.cli import cli

RUN = "fake"


def cli_output(*args: str | Path, code: int = 0) -> str:
    """The command's output, after checking it exited with `code`."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result.output


def inspect_workspace(tmp_path: Path, log: Path, *extra: str) -> Path:
    """A workspace of the Inspect log `log`, its samples the run `RUN` with its scores judged."""
    ws = tmp_path / "ws.db"
    cli_output("init", ws, "--benchmark", "inspect", "--data", log, *extra)
    cli_output("import-run", ws, log, "--name", RUN)
    cli_output("import-judgments", ws, log, "--run", RUN)
    return ws
