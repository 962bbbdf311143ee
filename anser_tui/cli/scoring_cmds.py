"""Verbs that compute and print metrics: score (into a workspace, or stateless) and report."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.core import ParameterSource

from anser_tui.cli.benchmark_options import (
    BenchmarkOptionsCommand,
    benchmark_option,
    given_options,
    refuse_undeclared,
)
from anser_tui.cli.group import DATA, WS, cli, find_data, load_cli_settings
from anser_tui.cli.judge_option import judged_by
from anser_tui.core.errors import InputError

if TYPE_CHECKING:
    from anser_tui.benchmarks.base import BenchmarkOption, RegisteredBenchmark
    from anser_tui.workspace.store import WorkspaceStore


@cli.command()
@click.argument("workspace", required=False, type=click.Path(path_type=Path))
@click.option("--run", help="Workspace mode: score only this run (default: every run).")
@click.option("--data", "data_dir", type=click.Path(path_type=Path),
              help="The benchmark folder: stateless mode's input, or where a workspace's "
                   "folder is now.")
@benchmark_option("Stateless mode: which benchmark the folder holds.")
@click.option("--run-file", type=click.Path(path_type=Path),
              help="Stateless mode: the run (one output a line, in the benchmark's run "
                   "format).")
@click.option("--log", "log_file", type=click.Path(path_type=Path),
              help="Stateless mode: the reproducibility log (JSONL).")
@click.option("--json", "json_out", help="Stateless mode: write the JSON here ('-': stdout).")
def score(workspace: Path | None, run: str | None, data_dir: Path | None, benchmark: str,
          run_file: Path | None, log_file: Path | None, json_out: str | None) -> None:
    """Compute every metric: into a workspace, or stateless from a folder and a run file
    (where the benchmark scores without judgments)."""
    from anser_tui.cli.console import PhaseBar

    settings = load_cli_settings()
    given = click.get_current_context().get_parameter_source("benchmark")
    stateless = (run_file, log_file, json_out,
                 None if given is ParameterSource.DEFAULT else benchmark)
    if workspace is None:
        if data_dir is None or run_file is None or json_out is None:
            raise InputError("give a workspace, or --data DIR --run-file RUN.jsonl --json OUT|-")
        if run is not None:
            raise InputError("--run names a run of a workspace; give the workspace too")
        from anser_tui.exchange.stateless import score_files

        with PhaseBar() as bar:
            result = score_files(data_dir, run_file, log_file, settings.bertscore, bar,
                                 benchmark)
        text = json.dumps(result, ensure_ascii=False, indent=2) + "\n"
        if json_out == "-":
            click.echo(text, nl=False)
        else:
            Path(json_out).write_text(text, encoding="utf-8")
        return
    if any(v is not None for v in stateless):
        raise InputError("--benchmark, --run-file, --log and --json are for stateless "
                         "scoring (without a workspace)")
    from anser_tui.exchange.workspace_scores import score_workspace
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(workspace) as store, PhaseBar() as bar:
        summaries = score_workspace(store, settings.bertscore, run, bar,
                                    find_data(store, data_dir, settings))
    for s in summaries:
        notes = "".join(f"; {what} not computed: {why}" for what, why in s.not_computed.items())
        click.echo(f"scored run {s.run!r}: {s.n} tasks, {s.n_unparsed} unparsed{notes}")


def _report_options(benchmark: RegisteredBenchmark) -> Sequence[BenchmarkOption]:
    return benchmark.report_options


@cli.command(cls=BenchmarkOptionsCommand, declared=_report_options)
@WS
@click.option("--run", help="Report only this run (default: every run).")
@click.option("--format", "fmt", type=click.Choice(["table", "md", "json", "csv"]),
              default="table", show_default=True)
@DATA
@judged_by
def report(workspace: Path, run: str | None, fmt: str, data_dir: Path | None,
           **options: Any) -> None:
    """The report, as the workspace's benchmark lays it out (its rows per split or group)."""
    import shutil

    from anser_tui.benchmarks.registry import benchmark_named
    from anser_tui.cli.console import report_table
    from anser_tui.exchange.workspace_scores import workspace_report
    from anser_tui.workspace import WorkspaceStore

    given = given_options(options)
    with WorkspaceStore.open(workspace, read_only=True) as store:
        runs = [store.require_run(run)] if run is not None else store.run_names()
        if not runs:
            raise InputError("the workspace has no runs (use `anser-tui import-run`)",
                             workspace)
        benchmark = benchmark_named(store.benchmark)
        refuse_undeclared(given, benchmark, _report_options, "reports", workspace)
        rows = [(r, workspace_report(store, r)) for r in runs]
        width = shutil.get_terminal_size((120, 24)).columns
        text = (report_table(benchmark.table_blocks(rows, given), width) if fmt == "table"
                else benchmark.render_report(rows, fmt, given))
        if benchmark.corpora_dir(store.data_dir) is not None:  # leaks need corpora
            text = _with_findings(store, benchmark, text, fmt, run, data_dir)
    click.echo(text, nl=False)


def _with_findings(store: WorkspaceStore, benchmark: RegisteredBenchmark, text: str, fmt: str,
                   run: str | None, data_dir: Path | None) -> str:
    """The report with what the corpora say of the runs' retrieved evidence."""
    from anser_tui.benchmarks.libraries import corpus_library

    settings = load_cli_settings()
    library = corpus_library(benchmark, find_data(store, data_dir, settings), settings.corpora)
    try:
        return benchmark.corpus_findings(store, library, run, text, fmt)
    finally:
        library.close()
