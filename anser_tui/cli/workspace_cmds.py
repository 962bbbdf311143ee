"""Verbs that build a workspace or read it as text: init, import-run, import-judgments, show,
index-corpus."""

from __future__ import annotations

from pathlib import Path

import click

from anser_tui.cli.group import DATA, WS, cli, find_data, load_cli_settings
from anser_tui.cli.judge_option import judged_by
from anser_tui.core.errors import InputError


@cli.command()
@WS
@click.option("--benchmark", type=click.Choice(["anser", "prbench", "aalcr"]), default="anser",
              show_default=True)
@click.option("--data", "data_dir", required=True, type=click.Path(path_type=Path),
              help="The benchmark folder (ANSER: the one holding benchmark/ and corpora/; "
                   "PRBench: <split>.jsonl files; AA-LCR: the CSV and lcr/).")
@click.option("--dataset-version", type=click.Choice(["1.1", "1.0.0"]),
              help="AA-LCR: the release the CSV is (both name it AA-LCR_Dataset.csv); "
                   "default 1.1.")
@click.option("--csv", "csv_file", type=click.Path(path_type=Path),
              help="AA-LCR: the dataset CSV (default: DATA/AA-LCR_Dataset.csv).")
def init(workspace: Path, benchmark: str, data_dir: Path, dataset_version: str | None,
         csv_file: Path | None) -> None:
    """Create a workspace holding every task of a benchmark folder."""
    from anser_tui.exchange import init_workspace

    options = {}
    if dataset_version is not None:
        options["dataset_version"] = dataset_version
    if csv_file is not None:  # kept relative to the folder when inside it (moves with it)
        csv_path, folder = csv_file.resolve(), data_dir.resolve()
        options["csv"] = str(csv_path.relative_to(folder) if csv_path.is_relative_to(folder)
                             else csv_path)
    with init_workspace(workspace, benchmark, data_dir, options,
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
    """Import a system's outputs (ANSER {id, answer, retrieved_evidence}; PRBench {task,
    response}; AA-LCR {question_id, answer}: one a line), scored.

    Every metric but BERTScore-F1 is computed and stored with the run, in one transaction
    (nothing is written if the file or the scoring fails); the score command adds
    BERTScore-F1.
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
    """Import recorded judge outputs (ANSER {id, output, model} lines; PRBench per-criterion
    {task, criterion_id, reply} lines, evals.py results JSON or evalscope reviews; AA-LCR
    {question_id, dataset_version, reply} lines)."""
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
