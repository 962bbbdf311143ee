"""Verbs that open the review screen: demo and review; and `build_app`, the app factory."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from anser_tui.cli.group import DATA, WS, cli, find_data, load_cli_settings

ORDERS = ("task", "random", "stratified", "disagreement")  # sessions.sampling.Order

if TYPE_CHECKING:
    from anser_tui.app import AnserApp
    from anser_tui.config import Settings
    from anser_tui.sessions.queue import QueueOrder, QueueSpec


def build_app(workspace: Path, reviewer: str | None = None, session: str | None = None,
              runs: list[str] | None = None, settings: Settings | None = None,
              queue: QueueSpec | None = None, blind: bool = False,
              data_dir: Path | None = None, order: QueueOrder | None = None,
              home: bool = False) -> AnserApp:
    """The Textual app on one workspace, ready to run (the CLI and every UI test use this).
    `data_dir`: the benchmark folder as found (default: where the workspace last found it).
    `order`: how a new session's queue is ordered and drawn. `home`: open on the home screen
    (the runs and sessions) instead of the review screen."""
    from anser_tui.app import AnserApp
    from anser_tui.config import load_settings
    from anser_tui.sessions.queue import QueueSpec

    settings = settings or load_settings()
    return AnserApp(workspace=Path(workspace), settings=settings,
                    reviewer=reviewer or settings.reviewer, session_name=session,
                    queue=queue or QueueSpec(runs=tuple(runs or ())), blind=blind,
                    data_dir=data_dir, order=order, home=home)


@cli.command()
@click.option("--reviewer", help="Reviewer name recorded with each decision.")
@click.option("--rebuild", is_flag=True, help="Rebuild the demo data and workspace.")
@click.option("--all", "all_tasks", is_flag=True,
              help="Review every task, not only those the LLM judge scores.")
@click.option("--blind", is_flag=True,
              help="Hide the judge's marks on an item until you commit your own.")
@click.option("--benchmark", type=click.Choice(["anser", "prbench", "aalcr"]), default="anser",
              show_default=True, help="Which benchmark's demo to open.")
def demo(reviewer: str | None, rebuild: bool, all_tasks: bool, blind: bool,
         benchmark: str) -> None:
    """Open the embedded demo (no network, no API key).

    The demo's workspace and benchmark folder live under the data directory; their paths are
    printed (on stderr) before the screen opens, for `show`, `report` or `judge` on them.
    """
    from anser_tui.cli.console import build_indexes
    from anser_tui.sessions import QueueSpec

    settings = load_cli_settings()
    if benchmark == "prbench":
        from anser_tui.demo.prbench import ensure_prbench_workspace

        workspace = ensure_prbench_workspace(settings.data_dir / "demo-prbench", rebuild)
        data = workspace.parent / "data"
    elif benchmark == "aalcr":
        from anser_tui.demo.aalcr import ensure_aalcr_workspace

        workspace = ensure_aalcr_workspace(settings.data_dir / "demo-aalcr", rebuild)
        data = workspace.parent / "data"
    else:
        from anser_tui.demo.workspace import ensure_demo_workspace

        workspace = ensure_demo_workspace(settings.data_dir / "demo", rebuild=rebuild)
        data = workspace.parent / "data" / "anser-bench"
        build_indexes(data / "corpora", settings.corpora)
    click.echo(f"demo workspace: {workspace} (data: {data})", err=True)
    build_app(workspace, reviewer=reviewer, settings=settings,
              queue=QueueSpec(all_tasks=all_tasks), blind=blind).run()


@cli.command()
@WS
@click.option("--session", help="Session name: resume it, or start it under this name. "
                                "Without it, the home screen lists the runs and sessions.")
@click.option("--reviewer", help="Reviewer name recorded with each decision.")
@click.option("--run", "runs", multiple=True, help="Review only these runs (repeatable).")
@click.option("--all", "all_tasks", is_flag=True,
              help="Every task, not only those the LLM judge scores (for debugging a task).")
@click.option("--filter", "filters", multiple=True, metavar="KEY=VALUE[,VALUE]",
              help="Only tasks whose group, form, lang, domain or objective matches "
                   "(repeatable), e.g. --filter form=short --filter lang=zh.")
@click.option("--blind", is_flag=True, default=None,
              help="Hide the judge's marks on an item until you commit your own.")
@click.option("--order", type=click.Choice(ORDERS), default=None,
              help="A new session's order: task (default), random (seeded), stratified "
                   "(by group, proportional), disagreement (judge vs metrics, worst first).")
@click.option("--seed", type=int, default=None, help="Seed of the random orders (default 0).")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Draw only N items: a random sample (random), a proportional stratified "
                   "one (stratified), the first N (task, disagreement).")
@DATA
def review(workspace: Path, session: str | None, reviewer: str | None,
           runs: tuple[str, ...], all_tasks: bool, filters: tuple[str, ...],
           blind: bool | None, order: str | None, seed: int | None, limit: int | None,
           data_dir: Path | None) -> None:
    """Review judge scores item by item, with the keyboard.

    A session's queue is fixed when it starts: resuming one with --order, --seed, --limit,
    --blind or a queue filter that differs from its own is refused."""
    from anser_tui.cli.console import build_indexes
    from anser_tui.sessions import Order, QueueOrder, QueueSpec, StoredSession
    from anser_tui.workspace import WorkspaceStore

    settings = load_cli_settings()
    queue = QueueSpec.parse(all_tasks, list(runs), list(filters))
    chosen = QueueOrder(Order(order or "task"), 0 if seed is None else seed, limit)
    reviewer = reviewer or settings.reviewer
    with WorkspaceStore.open(workspace) as store:
        for run in runs:
            store.require_run(run)
        stored = StoredSession.named(store, session) if session else None
        if stored is not None:
            stored.check_reviewer(reviewer, store)
            stored.check_options(
                store, order=Order(order) if order else None, seed=seed, limit=limit,
                blind=blind, spec=queue if runs or all_tasks or filters else None)
        folder = find_data(store, data_dir, settings)
    if (folder / "corpora").is_dir():  # before the screen: a lookup then never waits on one
        build_indexes(folder / "corpora", settings.corpora)
    build_app(workspace, reviewer=reviewer, session=session, settings=settings,
              queue=queue, blind=stored.blind if stored else bool(blind), data_dir=folder,
              order=stored.order if stored else chosen, home=session is None).run()
