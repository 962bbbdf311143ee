"""The command line: every subcommand, by verb group, and the `build_app` factory.

Exit codes: 0 ok; 2 bad input, with one line naming the file and line; 3 `judge` could not
judge anything (every request it sent failed in transport); 130 interrupted; 1 a bug.

The names load on first use: `build_app` without click or any verb module (the review
screen's start-up), `cli` with every verb module, which add their commands to it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from anser_tui.cli.app_factory import build_app
    from anser_tui.cli.group import cli

VERBS = ("calibration_cmds", "judge_cmds", "recalibrate_cmds", "review_cmds", "scoring_cmds",
         "workspace_cmds")

__all__ = ["build_app", "cli", "main", *VERBS]


def __getattr__(name: str) -> Any:
    if name == "build_app":
        return importlib.import_module(f"{__name__}.app_factory").build_app
    if name == "cli" or name in VERBS:
        verbs = {verb: importlib.import_module(f"{__name__}.{verb}") for verb in VERBS}
        return verbs[name] if name in verbs else importlib.import_module(f"{__name__}.group").cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    __getattr__("cli")(prog_name="anser-tui")
