"""Verbs that build a workspace or read it as text: init, import-run, import-judgments, show,
index-corpus."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from anser_tui.cli.benchmark_options import (
    BenchmarkOptionsCommand,
    benchmark_option,
    declared_options,
    given_options,
)
from anser_tui.cli.group import DATA, WS, cli, find_data, load_cli_settings
from anser_tui.cli.judge_option import judged_by
from anser_tui.core.errors import InputError

if TYPE_CHECKING:
    from anser_tui.benchmarks.base import BenchmarkOption, RegisteredBenchmark


def _init_options(benchmark: RegisteredBenchmark) -> Sequence[BenchmarkOption]:
    return benchmark.init_options


@cli.command(cls=BenchmarkOptionsCommand, declared=_init_options)
@WS
@benchmark_option("Which benchmark the folder holds.")
@click.option("--data", "data_dir", required=True, type=click.Path(path_type=Path),
              help="The benchmark folder, in the benchmark's release layout (README: "
                   "Benchmarks).")
def init(workspace: Path, benchmark: str, data_dir: Path, **options: Any) -> None:
    """Create a workspace holding every task of a benchmark folder."""
    from anser_tui.exchange import init_workspace

    given = given_options(options)
    paths = {key for key, d in declared_options(_init_options).items() if d.option.path}
    for key in paths & set(given):  # kept relative to the folder when inside it (moves with it)
        path, folder = Path(given[key]).resolve(), data_dir.resolve()
        given[key] = path.relative_to(folder) if path.is_relative_to(folder) else path
    with init_workspace(workspace, benchmark, data_dir, {k: str(v) for k, v in given.items()},
                        load_cli_settings().corpora) as store:
        n = len(store.tasks())
    click.echo(f"created {workspace}: {n} tasks from {data_dir}")


@cli.command("import-run")
@WS
@click.argument("run_file", type=click.Path(path_type=Path))
@click.option("--name", required=True, help="The run's name in the workspace.")
@click.option("--log", "log_file", type=click.Path(path_type=Path),
              help="Reproducibility log (JSONL): per-task latency and tokens.")
@DATA
def import_run_cmd(workspace: Path, run_file: Path, name: str, log_file: Path | None,
                   data_dir: Path | None) -> None:
    """Import a system's outputs (one a line, in the benchmark's run format), scored.

    Every metric but the neural ones is computed and stored with the run, in one transaction
    (nothing is written if the file or the scoring fails); the score command adds those.
    """
    from anser_tui.exchange import import_run
    from anser_tui.workspace import WorkspaceStore

    settings = load_cli_settings()
    with WorkspaceStore.open(workspace) as store:
        imported = import_run(store, run_file, name, log_file,
                              find_data(store, data_dir, settings), settings.bertscore)
    scored = imported.scored
    notes = "".join(f"; {what} not computed: {why}" for what, why in scored.not_computed.items())
    click.echo(f"imported run {name!r}: {imported.n_outputs} outputs; scored {scored.n} tasks, "
               f"{scored.n_unparsed} unparsed{notes}")


@cli.command("import-judgments")
@WS
@click.argument("judgment_file", type=click.Path(path_type=Path))
@click.option("--run", required=True, help="The run these judgments score.")
@judged_by
def import_judgments_cmd(workspace: Path, judgment_file: Path, run: str) -> None:
    """Import recorded judge outputs, in a format the workspace's benchmark reads (its own
    lines, or the files its peer tools write)."""
    from anser_tui.judge.importing import import_judgment_file
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(workspace) as store:
        judgments, already = import_judgment_file(store, judgment_file, run, store.judge)
    counts: dict[str, int] = {}
    for j in judgments:
        counts[j.status.value] = counts.get(j.status.value, 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    if already:
        summary = "; ".join(filter(None, [summary, f"{already} already stored"]))
    click.echo(f"imported {len(judgments)} judgments for run {run!r} ({summary})")


@cli.command()
@WS
@click.argument("task_id")
@click.option("--run", help="The run whose answer to show (needed when there are several).")
@DATA
@judged_by
def show(workspace: Path, task_id: str, run: str | None, data_dir: Path | None) -> None:
    """Print one task's review card as plain text, with its evidence diff and titles."""
    from anser_tui.benchmarks.libraries import corpus_library
    from anser_tui.benchmarks.registry import benchmark_named
    from anser_tui.review.card import review_card
    from anser_tui.workspace import WorkspaceStore

    settings = load_cli_settings()
    with WorkspaceStore.open(workspace, read_only=True) as store:
        library = corpus_library(benchmark_named(store.benchmark),
                                 find_data(store, data_dir, settings), settings.corpora)
        try:
            text = review_card(store, library, store.task(task_id), store.require_run(run))
        finally:
            library.close()
    click.echo(text, nl=False)


@cli.command("index-corpus")
@click.argument("directory", type=click.Path(path_type=Path, exists=True, file_okay=False))
@click.option("--force", is_flag=True, help="Rebuild indexes that are up to date.")
def index_corpus(directory: Path, force: bool) -> None:
    """Build the JSONL corpora's offset indexes once (DIRECTORY: a benchmark or its corpora/)."""
    from anser_tui.benchmarks.libraries import registered_corpora
    from anser_tui.cli.console import build_indexes
    from anser_tui.corpora import CorpusLibrary, check_corpora

    corpora = directory / "corpora" if (directory / "corpora").is_dir() else directory
    overrides = load_cli_settings().corpora
    check_corpora(CorpusLibrary(corpora, registered_corpora(), overrides),
                  jsonl=False)  # the SQLite corpora too
    if not build_indexes(corpora, overrides, force=force, report_fresh=True):
        raise InputError("no JSONL corpus in this folder", corpora)
