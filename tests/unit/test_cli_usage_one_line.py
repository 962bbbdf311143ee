"""A bad option, argument or verb is one line naming the command and exit 2 (DESIGN 9), not
click's three lines of usage, try and error (a newcomer's walk, stop 29)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from anser_tui.cli import cli


@pytest.mark.parametrize(("args", "line"), [
    (["init", "{tmp}/ws.db", "--benchmark", "foo", "--data", "{tmp}"],
     "anser-tui init: error: Invalid value for '--benchmark': 'foo' is not one of 'aalcr', "
     "'anser', 'inspect', 'prbench'. (see anser-tui init --help)"),
    (["index-corpus", "{tmp}/nothing"],
     "anser-tui index-corpus: error: Invalid value for 'DIRECTORY': Directory "
     "'{tmp}/nothing' does not exist. (see anser-tui index-corpus --help)"),
    (["report"], "anser-tui report: error: Missing argument 'WORKSPACE'. "
                 "(see anser-tui report --help)"),
    (["nosuchverb"], "anser-tui: error: No such command 'nosuchverb'. (see anser-tui --help)"),
])
def test_a_usage_error_is_one_line(tmp_path: Path, args: list[str], line: str) -> None:
    result = CliRunner().invoke(cli, [a.format(tmp=tmp_path) for a in args],
                                prog_name="anser-tui")
    assert result.exit_code == 2
    assert result.stderr == line.format(tmp=tmp_path) + "\n"
    assert result.stdout == ""
    assert not (tmp_path / "ws.db").exists()
