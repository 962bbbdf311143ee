"""The command line: every subcommand, and the `build_app` factory used by CLI and tests.

Exit codes: 0 ok; 2 bad input, with one line naming the file and line; 1 a bug.
Heavy imports happen inside the subcommand that needs them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from anser_tui.errors import InputError

if TYPE_CHECKING:
    from anser_tui.app import AnserApp
    from anser_tui.config import Settings


def build_app(workspace: Path, reviewer: str | None = None, session: str | None = None,
              runs: list[str] | None = None, settings: Settings | None = None) -> AnserApp:
    """The Textual app on one workspace, ready to run (the CLI and every UI test use this)."""
    from anser_tui.app import AnserApp
    from anser_tui.config import load_settings

    settings = settings or load_settings()
    return AnserApp(workspace=Path(workspace), settings=settings,
                    reviewer=reviewer or settings.reviewer, session_name=session, runs=runs)


class _Group(click.Group):
    """Bad input exits 2 with one line; nothing half-written is left behind by the verbs."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as exc:
            click.echo(f"anser-tui: error: {exc.message}", err=True)
            sys.exit(2)


def _settings() -> Settings:
    import tomllib

    from pydantic import ValidationError

    from anser_tui.config import default_config_file, load_settings

    try:
        return load_settings()
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", default_config_file()) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InputError(f"setting {where}: {first['msg']}", default_config_file()) from None


WS = click.argument("workspace", type=click.Path(path_type=Path))


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="anser-tui")
def cli() -> None:
    """Audit LLM-judge scores on analytical-search benchmarks."""


@cli.command()
@click.option("--reviewer", help="Reviewer name recorded with each decision.")
@click.option("--rebuild", is_flag=True, help="Rebuild the demo data and workspace.")
def demo(reviewer: str | None, rebuild: bool) -> None:
    """Open the embedded demo (no network, no API key)."""
    from anser_tui.demo.workspace import ensure_demo_workspace

    settings = _settings()
    workspace = ensure_demo_workspace(settings.data_dir / "demo", rebuild=rebuild)
    build_app(workspace, reviewer=reviewer, settings=settings).run()


@cli.command()
@WS
@click.option("--benchmark", type=click.Choice(["anser", "prbench", "aalcr"]), default="anser",
              show_default=True)
@click.option("--data", "data_dir", required=True, type=click.Path(path_type=Path),
              help="The benchmark folder (for ANSER: the one holding benchmark/ and corpora/).")
def init(workspace: Path, benchmark: str, data_dir: Path) -> None:
    """Create a workspace holding every task of a benchmark folder."""
    from anser_tui.sessions import init_workspace

    store = init_workspace(workspace, benchmark, data_dir)
    n = len(store.tasks())
    store.close()
    click.echo(f"created {workspace}: {n} tasks from {data_dir}")


@cli.command("import-run")
@WS
@click.argument("run_file", type=click.Path(path_type=Path))
@click.option("--name", required=True, help="The run's name in the workspace.")
@click.option("--log", "log_file", type=click.Path(path_type=Path),
              help="Reproducibility log (JSONL): per-task latency and tokens.")
def import_run_cmd(workspace: Path, run_file: Path, name: str, log_file: Path | None) -> None:
    """Import a system's outputs (one {id, answer, retrieved_evidence} a line)."""
    from anser_tui.sessions import WorkspaceStore, import_run

    store = WorkspaceStore.open(workspace)
    n = import_run(store, run_file, name, log_file)
    store.close()
    click.echo(f"imported run {name!r}: {n} outputs")


@cli.command("import-judgments")
@WS
@click.argument("judgment_file", type=click.Path(path_type=Path))
@click.option("--run", required=True, help="The run these judgments score.")
def import_judgments_cmd(workspace: Path, judgment_file: Path, run: str) -> None:
    """Import recorded judge outputs (one {id, output, model} a line)."""
    from anser_tui.judge import import_judgments
    from anser_tui.sessions import WorkspaceStore

    store = WorkspaceStore.open(workspace)
    judgments = import_judgments(store, judgment_file, run)
    store.close()
    counts: dict[str, int] = {}
    for j in judgments:
        counts[j.status.value] = counts.get(j.status.value, 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    click.echo(f"imported {len(judgments)} judgments for run {run!r} ({summary})")


@cli.command()
@WS
@click.option("--session", help="Session name: resume it, or start it under this name.")
@click.option("--reviewer", help="Reviewer name recorded with each decision.")
@click.option("--run", "runs", multiple=True, help="Review only these runs (repeatable).")
def review(workspace: Path, session: str | None, reviewer: str | None,
           runs: tuple[str, ...]) -> None:
    """Review judge scores item by item, with the keyboard."""
    from anser_tui.sessions import WorkspaceStore

    store = WorkspaceStore.open(workspace)
    for run in runs:
        store.require_run(run)
    store.close()
    build_app(workspace, reviewer=reviewer, session=session, runs=list(runs) or None,
              settings=_settings()).run()


def main() -> None:
    cli(prog_name="anser-tui")
