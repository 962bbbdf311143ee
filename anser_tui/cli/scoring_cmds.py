"""Verbs that compute and print metrics: score (into a workspace, or stateless) and report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from anser_tui.cli.group import DATA, WS, cli, find_data, load_cli_settings
from anser_tui.cli.judge_option import judged_by
from anser_tui.core.errors import InputError

if TYPE_CHECKING:
    from anser_tui.benchmarks.base import Benchmark
    from anser_tui.workspace.store import WorkspaceStore


@cli.command()
@click.argument("workspace", required=False, type=click.Path(path_type=Path))
@click.option("--run", help="Workspace mode: score only this run (default: every run).")
@click.option("--data", "data_dir", type=click.Path(path_type=Path),
              help="The benchmark folder: stateless mode's input (holding benchmark/ and "
                   "corpora/), or where a workspace's folder is now.")
@click.option("--run-file", type=click.Path(path_type=Path),
              help="Stateless mode: the run (one {id, answer, retrieved_evidence} a line).")
@click.option("--log", "log_file", type=click.Path(path_type=Path),
              help="Stateless mode: the reproducibility log (JSONL).")
@click.option("--json", "json_out", help="Stateless mode: write the JSON here ('-': stdout).")
def score(workspace: Path | None, run: str | None, data_dir: Path | None,
          run_file: Path | None, log_file: Path | None, json_out: str | None) -> None:
    """Compute every metric: into a workspace, or stateless from a folder and a run file."""
    from anser_tui.cli.console import PhaseBar

    settings = load_cli_settings()
    stateless = (run_file, log_file, json_out)
    if workspace is None:
        if data_dir is None or run_file is None or json_out is None:
            raise InputError("give a workspace, or --data DIR --run-file RUN.jsonl --json OUT|-")
        if run is not None:
            raise InputError("--run names a run of a workspace; give the workspace too")
        from anser_tui.exchange.stateless import score_files

        with PhaseBar() as bar:
            result = score_files(data_dir, run_file, log_file, settings.bertscore, bar)
        text = json.dumps(result, ensure_ascii=False, indent=2) + "\n"
        if json_out == "-":
            click.echo(text, nl=False)
        else:
            Path(json_out).write_text(text, encoding="utf-8")
        return
    if any(v is not None for v in stateless):
        raise InputError("--run-file, --log and --json are for stateless scoring "
                         "(without a workspace)")
    from anser_tui.exchange.workspace_scores import score_workspace
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(workspace) as store, PhaseBar() as bar:
        summaries = score_workspace(store, settings.bertscore, run, bar,
                                    find_data(store, data_dir, settings))
    for s in summaries:
        notes = "".join(f"; {what} not computed: {why}" for what, why in s.not_computed.items())
        click.echo(f"scored run {s.run!r}: {s.n} tasks, {s.n_unparsed} unparsed{notes}")


@cli.command()
@WS
@click.option("--run", help="Report only this run (default: every run).")
@click.option("--format", "fmt", type=click.Choice(["table", "md", "json", "csv"]),
              default="table", show_default=True)
@click.option("--policy", type=click.Choice(["official", "evalscope"]),
              help="PRBench: how a failed judge call counts (official: not met, the sample "
                   "stays; evalscope: the sample is excluded). Default: both, each named.")
@DATA
@judged_by
def report(workspace: Path, run: str | None, fmt: str, policy: str | None,
           data_dir: Path | None) -> None:
    """The report: ANSER one row per (group, form); PRBench per split; AA-LCR per version."""
    import shutil

    from anser_tui.benchmarks.registry import benchmark_named
    from anser_tui.cli.console import report_table
    from anser_tui.exchange.workspace_scores import workspace_report
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(workspace, read_only=True) as store:
        runs = [store.require_run(run)] if run is not None else store.run_names()
        if not runs:
            raise InputError("the workspace has no runs (use `anser-tui import-run`)",
                             workspace)
        benchmark = benchmark_named(store.benchmark)
        if policy is not None and policy not in benchmark.policies:
            raise InputError(f"--policy is for PRBench; {benchmark.label} reports have no "
                             "failure policy", workspace)
        rows = [(r, workspace_report(store, r)) for r in runs]
        width = shutil.get_terminal_size((120, 24)).columns
        text = (report_table(benchmark.table_blocks(rows, policy), width) if fmt == "table"
                else benchmark.render_report(rows, fmt, policy))
        if benchmark.corpora_dir(store.data_dir) is not None:  # leaks need corpora
            text = _with_findings(store, benchmark, text, fmt, run, data_dir)
    click.echo(text, nl=False)


def _with_findings(store: WorkspaceStore, benchmark: Benchmark, text: str, fmt: str,
                   run: str | None, data_dir: Path | None) -> str:
    """The report with what the corpora say of the runs' retrieved evidence."""
    from anser_tui.benchmarks.libraries import corpus_library

    settings = load_cli_settings()
    library = corpus_library(benchmark, find_data(store, data_dir, settings), settings.corpora)
    try:
        return benchmark.corpus_findings(store, library, run, text, fmt)
    finally:
        library.close()
