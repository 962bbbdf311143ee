"""Without inspect-ai installed, every command that reads an Inspect log says how to install
the extra and exits 2, writing nothing (inspect-ai is hidden here even where it is installed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from anser_tui.cli import cli

LOG = Path(__file__).resolve().parent.parent / "data" / "inspect" / "qa12.eval"


def test_without_inspect_ai_the_commands_name_the_extra_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("inspect_ai", "inspect_ai.log", "inspect_ai.scorer"):
        monkeypatch.setitem(sys.modules, name, None)
    ws = tmp_path / "ws.db"
    result = CliRunner().invoke(cli, ["init", str(ws), "--benchmark", "inspect",
                                      "--data", str(LOG)])
    assert result.exit_code == 2
    assert "pip install 'anser-tui[inspect]'" in result.output
    assert not ws.exists()
