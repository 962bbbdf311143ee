"""Verbs that open the review screen: demo and review (through `app_factory.build_app`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from anser_tui.cli.app_factory import build_app
from anser_tui.cli.benchmark_options import benchmark_option
from anser_tui.cli.group import (
    DATA,
    WS,
    cli,
    find_data,
    load_cli_settings,
    require_terminal,
    run_screen,
)
from anser_tui.cli.judge_option import judged_by

ORDERS = ("task", "random", "stratified", "disagreement", "active")  # sessions.sampling.Order

if TYPE_CHECKING:
    from anser_tui.workspace.store import WorkspaceStore


@cli.command()
@click.option("--reviewer", help="Reviewer name recorded with each decision.")
@click.option("--rebuild", is_flag=True, help="Rebuild the demo data and workspace.")
@click.option("--all", "all_tasks", is_flag=True,
              help="Review every task, not only those the LLM judge scores.")
@click.option("--blind", is_flag=True,
              help="Hide the judge's marks on an item until you commit your own.")
@benchmark_option("Which benchmark's demo to open.")
def demo(reviewer: str | None, rebuild: bool, all_tasks: bool, blind: bool,
         benchmark: str) -> None:
    """Open the embedded demo (no network, no API key).

    The demo's workspace and benchmark folder live under the data directory; their paths are
    printed (on stderr) before the screen opens, for `show`, `report` or `judge` on them.
    """
    from anser_tui.benchmarks.registry import benchmark_named
    from anser_tui.cli.console import build_indexes
    from anser_tui.demo import DemoPaths, demo_home, ensure_demo_workspace
    from anser_tui.review import QueueSpec

    require_terminal("demo")
    settings = load_cli_settings()
    home = demo_home(benchmark, settings.data_dir)
    workspace = ensure_demo_workspace(benchmark, home, rebuild=rebuild)
    data = DemoPaths.under(home / "data", benchmark).data_dir
    corpora = benchmark_named(benchmark).corpora_dir(data)
    if corpora is not None:
        build_indexes(corpora, settings.corpora)
    click.echo(f"demo workspace: {workspace} (data: {data})", err=True)
    run_screen(build_app(workspace, reviewer=reviewer, settings=settings,
                         queue=QueueSpec(all_tasks=all_tasks), blind=blind))


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
                   "(by group, proportional), disagreement (judge vs metrics, worst first), "
                   "active (seeded, likely disagreements likelier first, weighted back in the "
                   "corrected score).")
@click.option("--seed", type=int, default=None, help="Seed of the random orders (default 0).")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Draw only N items: a random sample (random), a proportional stratified "
                   "one (stratified), the first N (task, disagreement, active).")
@click.option("--adjudicate", is_flag=True,
              help="Adjudicate the items in dispute (reviewers differ): start, or resume, an "
                   "adjudication session; its verdicts are final.")
@click.option("--recheck", type=click.FloatRange(0.0, 1.0, min_open=True), default=None,
              metavar="SHARE",
              help="Re-insert a seeded share (e.g. 0.1) of the items you already decided, "
                   "blind, marked recheck: into --session NAME if it exists, else into a new "
                   "session of their own. --seed seeds the draw.")
@DATA
@judged_by
def review(workspace: Path, session: str | None, reviewer: str | None,
           runs: tuple[str, ...], all_tasks: bool, filters: tuple[str, ...],
           blind: bool | None, order: str | None, seed: int | None, limit: int | None,
           adjudicate: bool, recheck: float | None, data_dir: Path | None) -> None:
    """Review judge scores item by item, with the keyboard.

    A session's queue is fixed when it starts: resuming one with --order, --seed, --limit,
    --blind or a queue filter that differs from its own is refused. Rechecked items show in
    `calibration` as the reviewer's self-consistency."""
    from anser_tui.cli.console import build_indexes
    from anser_tui.review import Order, QueueOrder, QueueSpec, StoredSession
    from anser_tui.workspace import WorkspaceStore

    settings = load_cli_settings()
    queue = QueueSpec.parse(all_tasks, list(runs), list(filters))
    reviewer = reviewer or settings.reviewer
    if adjudicate or recheck is not None:
        if adjudicate and (recheck is not None or session or order or limit or blind
                           or all_tasks or filters):
            raise click.UsageError("--adjudicate opens its own session over the items in "
                                   "dispute: give it only --reviewer and --run")
        if recheck is not None and (order or limit or blind or all_tasks or filters or runs):
            raise click.UsageError("--recheck draws from every item you decided: give it only "
                                   "--reviewer, --session and --seed")
        with WorkspaceStore.open(workspace) as store:
            for run in runs:
                store.require_run(run)
            name = (_adjudication(store, reviewer, list(runs) or None) if adjudicate
                    else _rechecks(store, reviewer, session, recheck or 0.0, seed or 0))
            folder = find_data(store, data_dir, settings)
        if name is None:
            click.echo("Nothing to adjudicate: no item is in dispute.")
            return
        require_terminal("review")
        if (folder / "corpora").is_dir():
            build_indexes(folder / "corpora", settings.corpora)
        run_screen(build_app(workspace, reviewer=reviewer, session=name, settings=settings,
                             data_dir=folder))
        return
    chosen = QueueOrder(Order(order or "task"), 0 if seed is None else seed, limit)
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
    require_terminal("review")
    if (folder / "corpora").is_dir():  # before the screen: a lookup then never waits on one
        build_indexes(folder / "corpora", settings.corpora)
    run_screen(build_app(workspace, reviewer=reviewer, session=session, settings=settings,
                         queue=queue, blind=stored.blind if stored else bool(blind),
                         data_dir=folder, order=stored.order if stored else chosen,
                         home=session is None))


def _adjudication(store: WorkspaceStore, reviewer: str, runs: list[str] | None) -> str | None:
    """The adjudication session to open (resumed or started); None: nothing in dispute."""
    from anser_tui.calibration.adjudication import adjudication_session_name

    name = adjudication_session_name(store, reviewer, runs)
    if name is not None:
        click.echo(f"adjudication session {name}", err=True)
    return name


def _rechecks(store: WorkspaceStore, reviewer: str, session: str | None, share: float,
              seed: int) -> str:
    """Put the reviewer's rechecks into the named session (when it exists) or a new one of
    their own; the session's name."""
    from anser_tui.calibration import add_rechecks
    from anser_tui.calibration.recheck import start_recheck_session
    from anser_tui.core.errors import InputError
    from anser_tui.review import StoredSession

    stored = StoredSession.named(store, session) if session else None
    if stored is None:
        name, items = start_recheck_session(store, reviewer, share, seed, session)
    else:
        stored.check_reviewer(reviewer, store)
        items = add_rechecks(store, stored.id, share, seed)
        if not items:
            raise InputError(f"nothing to recheck into {stored.name}: every item {reviewer} "
                             "decided is in its queue already (omit --session for a recheck "
                             "session of their own)", store.path)
        name = stored.name
    click.echo(f"{len(items)} item{'s' * (len(items) != 1)} re-inserted for recheck into "
               f"{name} (blind); self-consistency shows in `anser-tui calibration`.", err=True)
    return name
