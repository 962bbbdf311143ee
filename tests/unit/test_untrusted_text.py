"""No answer, corpus text, judge output or task field puts an escape sequence or a control
character into what `show` and `report` print (DESIGN section 11): property-based."""

from __future__ import annotations

import tempfile
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from untrusted import TASK, UNSAFE, evil_workspace, untrusted

from anser_tui.cli import cli
from anser_tui.core.text import neutralize


@settings(max_examples=50, deadline=None)
@given(text=untrusted)
def test_show_and_report_print_no_control_codes(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        ws = str(evil_workspace(Path(tmp), text))
        runner = CliRunner()
        assert runner.invoke(cli, ["score", ws]).exit_code == 0
        shown = runner.invoke(cli, ["show", ws, TASK])
        assert shown.exit_code == 0, shown.output
        assert UNSAFE.search(shown.output) is None, repr(shown.output)
        # the answer, literally (the card trims trailing white space of a block, as it shows it)
        assert f"a{neutralize(text)}".split("\n")[0].rstrip() in shown.output
        for fmt in ("table", "md", "json", "csv"):
            report = runner.invoke(cli, ["report", ws, "--format", fmt])
            assert report.exit_code == 0, report.output
            assert UNSAFE.search(report.output) is None, repr(report.output)
