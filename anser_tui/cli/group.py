"""The click group every verb module adds its commands to, and what the verbs share.

Exit codes: 0 ok; 2 bad input, with one line naming the file and line; 3 `judge` could not
judge anything (every request it sent failed in transport); 130 interrupted; 1 a bug.
Heavy imports happen inside the subcommand that needs them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from anser_tui.core.errors import InputError

if TYPE_CHECKING:
    from anser_tui.core.settings import Settings
    from anser_tui.workspace.store import WorkspaceStore


class _Group(click.Group):
    """Bad input exits 2 with one line; nothing half-written is left behind by the verbs."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as exc:
            click.echo(f"anser-tui: error: {exc.message}", err=True)
            sys.exit(2)
        except click.UsageError as exc:  # a bad option or argument: one line, not click's three
            where = exc.ctx.command_path if exc.ctx is not None else "anser-tui"
            message = " ".join(exc.format_message().split())
            click.echo(f"{where}: error: {message} (see {where} --help)", err=True)
            sys.exit(2)


def load_cli_settings() -> Settings:
    """The settings; a bad config file is an InputError naming its file and line."""
    from anser_tui.core.settings import load_settings

    return load_settings()


def has_terminal() -> bool:
    """Whether the process's own stdin and stdout, which Textual drives (not click's stand-ins
    for them), are a terminal."""
    return all(stream is not None and stream.isatty()
               for stream in (sys.__stdin__, sys.__stdout__))


def require_terminal(verb: str) -> None:
    """Refuse to open the screen without a terminal: Textual would read an input that is at
    its end again and again (99% CPU) and write escape codes into a pipe."""
    if not has_terminal():
        raise InputError(f"{verb} needs a terminal: run it with stdin and stdout on one, "
                         "not a pipe or a file")


def run_screen(app: Any, **options: Any) -> None:
    """Run the app until it quits; a bug that stopped it (Textual printed its traceback and
    set the return code) exits 1, as DESIGN 9 says, not 0. `options` go to `App.run`."""
    app.run(**options)
    if app.return_code:
        raise SystemExit(app.return_code)


EXIT_JUDGE_FAILED = 3  # `judge`: every request sent failed (no reply at all); not bad input

WS = click.argument("workspace", type=click.Path(path_type=Path))


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="anser-tui")
def cli() -> None:
    """Audit LLM-judge scores on analytical-search benchmarks.

    Exit codes: 0 ok; 2 bad input (one line naming the file and line); 3 judge could not
    judge anything (every request it sent failed); 130 interrupted; 1 a bug.
    """


DATA = click.option("--data", "data_dir", type=click.Path(path_type=Path),
                    help="The benchmark folder, where it is now (default: where the workspace "
                         "last found it, or the benchmark_data setting).")


def find_data(store: WorkspaceStore, given: Path | None, settings: Settings) -> Path:
    """The workspace's benchmark folder (`sessions.data.data_folder`), `--data` first."""
    from anser_tui.exchange.data_folder import data_folder

    return data_folder(store, given, settings.benchmark_data.get(store.benchmark))
