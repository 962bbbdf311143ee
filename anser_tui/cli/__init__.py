"""The command line: every subcommand, by verb group, and the `build_app` factory.

Exit codes: 0 ok; 2 bad input, with one line naming the file and line; 3 `judge` could not
judge anything (every request it sent failed in transport); 130 interrupted; 1 a bug.
"""

from anser_tui.cli import (
    calibration_cmds,
    judge_cmds,
    recalibrate_cmds,
    review_cmds,
    scoring_cmds,
    workspace_cmds,
)
from anser_tui.cli.group import cli
from anser_tui.cli.review_cmds import build_app

__all__ = ["build_app", "calibration_cmds", "cli", "judge_cmds", "main", "recalibrate_cmds",
           "review_cmds", "scoring_cmds", "workspace_cmds"]


def main() -> None:
    cli(prog_name="anser-tui")
