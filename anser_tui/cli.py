"""The command line: every subcommand, and the `build_app` factory used by CLI and tests.

Exit codes: 0 ok; 2 bad input, with one line naming the file and line; 1 a bug.
Heavy imports happen inside the subcommand that needs them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from anser_tui.errors import InputError

if TYPE_CHECKING:
    from anser_tui.app import AnserApp
    from anser_tui.config import Settings
    from anser_tui.sessions.queue import QueueSpec


def build_app(workspace: Path, reviewer: str | None = None, session: str | None = None,
              runs: list[str] | None = None, settings: Settings | None = None,
              queue: QueueSpec | None = None, blind: bool = False) -> AnserApp:
    """The Textual app on one workspace, ready to run (the CLI and every UI test use this)."""
    from anser_tui.app import AnserApp
    from anser_tui.config import load_settings
    from anser_tui.sessions.queue import QueueSpec

    settings = settings or load_settings()
    return AnserApp(workspace=Path(workspace), settings=settings,
                    reviewer=reviewer or settings.reviewer, session_name=session,
                    queue=queue or QueueSpec(runs=tuple(runs or ())), blind=blind)


class _Group(click.Group):
    """Bad input exits 2 with one line; nothing half-written is left behind by the verbs."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as exc:
            click.echo(f"anser-tui: error: {exc.message}", err=True)
            sys.exit(2)


def _settings() -> Settings:
    from anser_tui.config import load_settings

    return load_settings()  # a bad config file: InputError naming its file and line


WS = click.argument("workspace", type=click.Path(path_type=Path))


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="anser-tui")
def cli() -> None:
    """Audit LLM-judge scores on analytical-search benchmarks."""


@cli.command()
@click.option("--reviewer", help="Reviewer name recorded with each decision.")
@click.option("--rebuild", is_flag=True, help="Rebuild the demo data and workspace.")
@click.option("--all", "all_tasks", is_flag=True,
              help="Review every task, not only those the LLM judge scores.")
@click.option("--blind", is_flag=True,
              help="Hide the judge's marks on an item until you commit your own.")
def demo(reviewer: str | None, rebuild: bool, all_tasks: bool, blind: bool) -> None:
    """Open the embedded demo (no network, no API key)."""
    from anser_tui.demo.workspace import ensure_demo_workspace
    from anser_tui.sessions import QueueSpec

    settings = _settings()
    workspace = ensure_demo_workspace(settings.data_dir / "demo", rebuild=rebuild)
    _build_indexes(workspace.parent / "data" / "anser-bench" / "corpora")
    build_app(workspace, reviewer=reviewer, settings=settings,
              queue=QueueSpec(all_tasks=all_tasks), blind=blind).run()


@cli.command()
@WS
@click.option("--benchmark", type=click.Choice(["anser", "prbench", "aalcr"]), default="anser",
              show_default=True)
@click.option("--data", "data_dir", required=True, type=click.Path(path_type=Path),
              help="The benchmark folder (for ANSER: the one holding benchmark/ and corpora/).")
def init(workspace: Path, benchmark: str, data_dir: Path) -> None:
    """Create a workspace holding every task of a benchmark folder."""
    from anser_tui.sessions import init_workspace

    store = init_workspace(workspace, benchmark, data_dir, _settings().corpora)
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
@click.option("--all", "all_tasks", is_flag=True,
              help="Every task, not only those the LLM judge scores (for debugging a task).")
@click.option("--filter", "filters", multiple=True, metavar="KEY=VALUE[,VALUE]",
              help="Only tasks whose group, form, lang, domain or objective matches "
                   "(repeatable), e.g. --filter form=short --filter lang=zh.")
@click.option("--blind", is_flag=True,
              help="Hide the judge's marks on an item until you commit your own.")
def review(workspace: Path, session: str | None, reviewer: str | None,
           runs: tuple[str, ...], all_tasks: bool, filters: tuple[str, ...],
           blind: bool) -> None:
    """Review judge scores item by item, with the keyboard."""
    from anser_tui.sessions import QueueSpec, WorkspaceStore

    queue = QueueSpec.parse(all_tasks, list(runs), list(filters))
    store = WorkspaceStore.open(workspace)
    for run in runs:
        store.require_run(run)
    corpora = store.data_dir / "corpora"
    store.close()
    if corpora.is_dir():  # once, before the screen: a first lookup then never waits on one
        _build_indexes(corpora)
    build_app(workspace, reviewer=reviewer, session=session, settings=_settings(),
              queue=queue, blind=blind).run()


@cli.command()
@WS
@click.option("--run", required=True, help="The run whose answers are judged.")
@click.option("--model", help="Judge model (default: the judge.model setting).")
@click.option("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1.")
@click.option("--concurrency", type=click.IntRange(min=1), help="Requests in flight at once.")
@click.option("--limit", type=click.IntRange(min=0), help="Judge at most K items not yet judged.")
def judge(workspace: Path, run: str, model: str | None, base_url: str | None,
          concurrency: int | None, limit: int | None) -> None:
    """Run the LLM judge on every task of a run it scores (cached, resumable).

    The API key is read from the variable named by the judge.api_key_env setting
    (OPENAI_API_KEY by default) and is never stored or printed.
    """
    import asyncio

    from anser_tui.judge import JudgeParams, JudgeRunner, plan_judging, run_items
    from anser_tui.judge.progress import ProgressBar
    from anser_tui.sessions import WorkspaceStore

    given = {"model": model, "base_url": base_url, "concurrency": concurrency}
    settings = _settings().judge.model_copy(
        update={k: v for k, v in given.items() if v is not None})
    store = WorkspaceStore.open(workspace)
    runner = JudgeRunner(store, settings)
    try:
        plan = plan_judging(store, run_items(store, store.require_run(run)),
                            JudgeParams.from_settings(settings), limit)
        with ProgressBar(len(plan.requests), shown=bool(plan.requests)) as bar:
            runner.on_judgment = bar.update
            asyncio.run(runner.run(plan))
    except KeyboardInterrupt:
        click.echo(f"anser-tui: interrupted; written so far: {runner.summary.line()}; "
                   "run the same command again to resume", err=True)
        sys.exit(130)
    finally:
        store.close()
    click.echo(runner.summary.line())


@cli.command()
@click.argument("workspace", required=False, type=click.Path(path_type=Path))
@click.option("--run", help="Workspace mode: score only this run (default: every run).")
@click.option("--data", "data_dir", type=click.Path(path_type=Path),
              help="Stateless mode: the benchmark folder (holding benchmark/ and corpora/).")
@click.option("--run-file", type=click.Path(path_type=Path),
              help="Stateless mode: the run (one {id, answer, retrieved_evidence} a line).")
@click.option("--log", "log_file", type=click.Path(path_type=Path),
              help="Stateless mode: the reproducibility log (JSONL).")
@click.option("--json", "json_out", help="Stateless mode: write the JSON here ('-': stdout).")
def score(workspace: Path | None, run: str | None, data_dir: Path | None,
          run_file: Path | None, log_file: Path | None, json_out: str | None) -> None:
    """Compute every metric: into a workspace, or stateless from a folder and a run file."""
    from anser_tui.scoring.progress import PhaseBar

    settings = _settings().bertscore
    stateless = (data_dir, run_file, log_file, json_out)
    if workspace is None:
        if data_dir is None or run_file is None or json_out is None:
            raise InputError("give a workspace, or --data DIR --run-file RUN.jsonl --json OUT|-")
        if run is not None:
            raise InputError("--run names a run of a workspace; give the workspace too")
        from anser_tui.scoring.stateless import score_files

        with PhaseBar() as bar:
            result = score_files(data_dir, run_file, log_file, settings, bar)
        text = json.dumps(result, ensure_ascii=False, indent=2) + "\n"
        if json_out == "-":
            click.echo(text, nl=False)
        else:
            Path(json_out).write_text(text, encoding="utf-8")
        return
    if any(v is not None for v in stateless):
        raise InputError("--data, --run-file, --log and --json are for stateless scoring "
                         "(without a workspace)")
    from anser_tui.scoring.workspace_scoring import score_workspace
    from anser_tui.sessions import WorkspaceStore

    store = WorkspaceStore.open(workspace)
    try:
        with PhaseBar() as bar:
            summaries = score_workspace(store, settings, run, bar)
    finally:
        store.close()
    for s in summaries:
        notes = "".join(f"; BERTScore-F1 ({lang}) not computed: {why}"
                        for lang, why in s.bertscore.items())
        click.echo(f"scored run {s.run!r}: {s.n} tasks, {s.n_unparsed} unparsed{notes}")


@cli.command()
@WS
@click.option("--run", help="Report only this run (default: every run).")
@click.option("--format", "fmt", type=click.Choice(["table", "md", "json", "csv"]),
              default="table", show_default=True)
def report(workspace: Path, run: str | None, fmt: str) -> None:
    """The group report: one row per (group, form), every metric column, n and n_unparsed."""
    import shutil

    from anser_tui.corpora import CorpusLibrary, add_leaks, find_leaks
    from anser_tui.scoring.report_format import render_report
    from anser_tui.scoring.workspace_scoring import workspace_report
    from anser_tui.sessions import WorkspaceStore

    store = WorkspaceStore.open(workspace)
    try:
        runs = [store.require_run(run)] if run is not None else store.run_names()
        if not runs:
            raise InputError("the workspace has no runs (use `anser-tui import-run`)",
                             workspace)
        text = render_report([(r, workspace_report(store, r)) for r in runs], fmt,
                             width=shutil.get_terminal_size((120, 24)).columns)
        library = CorpusLibrary(store.data_dir / "corpora", _settings().corpora)
        text = add_leaks(text, fmt, find_leaks(store, library, run))
        library.close()
    finally:
        store.close()
    click.echo(text, nl=False)


@cli.command()
@WS
@click.argument("task_id")
@click.option("--run", help="The run whose answer to show (needed when there are several).")
def show(workspace: Path, task_id: str, run: str | None) -> None:
    """Print one task's review card as plain text, with its evidence diff and titles."""
    from anser_tui.corpora import CorpusLibrary
    from anser_tui.sessions import WorkspaceStore
    from anser_tui.sessions.card import review_card

    settings = _settings()
    store = WorkspaceStore.open(workspace)
    library = CorpusLibrary(store.data_dir / "corpora", settings.corpora)
    try:
        text = review_card(store, library, store.task(task_id), store.require_run(run))
    finally:
        library.close()
        store.close()
    click.echo(text, nl=False)


@cli.command("index-corpus")
@click.argument("directory", type=click.Path(path_type=Path, exists=True, file_okay=False))
@click.option("--force", is_flag=True, help="Rebuild indexes that are up to date.")
def index_corpus(directory: Path, force: bool) -> None:
    """Build the JSONL corpora's offset indexes once (DIRECTORY: a benchmark or its corpora/)."""
    from anser_tui.corpora.checks import check_corpora

    corpora = directory / "corpora" if (directory / "corpora").is_dir() else directory
    check_corpora(corpora, _settings().corpora, jsonl=False)  # the SQLite corpora too
    found = _build_indexes(corpora, force=force, report_fresh=True)
    if not found:
        raise InputError("no JSONL corpus in this folder", corpora)


def _build_indexes(corpora: Path, force: bool = False, report_fresh: bool = False) -> int:
    """Build the JSONL offset indexes that are missing or stale, with a progress bar on stderr;
    the number of JSONL corpora found."""
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TaskID, TransferSpeedColumn

    from anser_tui.corpora import CorpusLibrary

    indexes = CorpusLibrary(corpora, _settings().corpora).jsonl_indexes()
    columns = ("{task.description}", BarColumn(), DownloadColumn(), TransferSpeedColumn())
    console = Console(stderr=True)
    lines: list[str] = []  # printed once all are built: a broken corpus is then the only line
    with Progress(*columns, transient=True, console=console,
                  disable=not console.is_terminal) as bar:
        for index in indexes:
            name = str(index.jsonl.relative_to(corpora))
            if not force and index.fresh_sidecar() is not None:
                if report_fresh:
                    lines.append(f"{name}: index up to date")
                continue
            task = bar.add_task(name, total=index.jsonl.stat().st_size)

            def advance(done: int, _total: int, task: TaskID = task) -> None:
                bar.update(task, completed=done)

            stats = index.build(advance)
            bar.remove_task(task)
            lines.append(f"{name}: {stats.records:,} records, {stats.bytes / 1e6:,.1f} MB in "
                        f"{stats.seconds:.2f} s ({stats.mb_per_s:,.0f} MB/s) -> {stats.sidecar}")
    for line in lines:
        click.echo(line, err=not report_fresh)
    return len(indexes)


def main() -> None:
    cli(prog_name="anser-tui")
