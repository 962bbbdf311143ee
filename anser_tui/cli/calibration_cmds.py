"""Verbs of calibration: calibration, export, import-decisions, merge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from anser_tui.cli.compare_option import comparing
from anser_tui.cli.group import DATA, WS, cli, find_data, load_cli_settings
from anser_tui.cli.judge_option import judged_by
from anser_tui.core.errors import InputError

if TYPE_CHECKING:
    from anser_tui.workspace.store import WorkspaceStore


def _runs(store: WorkspaceStore, run: str | None) -> list[str]:
    if run is not None:
        return [store.require_run(run)]
    runs = store.run_names()
    if not runs:
        raise InputError("the workspace has no runs (use `anser-tui import-run`)", store.path)
    return runs


def _write(text: str, out: Path | None) -> None:
    if out is None:
        click.echo(text, nl=False)
    else:
        Path(out).write_text(text, encoding="utf-8")


@cli.command()
@WS
@click.option("--run", help="Calibrate on this run only (default: every run).")
@click.option("--format", "fmt", type=click.Choice(["table", "md", "json"]), default="table",
              show_default=True)
@click.option("--target-width", type=float,
              help="The stopping rule's target 95% interval width, in points "
                   "(default: the calibration.target_width setting, 5).")
@click.option("--estimator", type=click.Choice(["ppi++", "classic"]), default=None,
              help="The corrected score's estimator: ppi++ (lambda tuned) or classic "
                   "(lambda = 1) (default: the calibration.estimator setting, ppi++).")
@comparing
@judged_by
def calibration(workspace: Path, run: str | None, fmt: str, target_width: float | None,
                estimator: str | None) -> None:
    """Judge-human agreement, corrected scores, reviewers, anchoring, self-consistency."""
    import shutil

    from anser_tui.calibration.format import markdown, table_blocks
    from anser_tui.calibration.report import calibration_report
    from anser_tui.cli.console import report_table
    from anser_tui.scoring.corrected import Estimator, Method
    from anser_tui.workspace import WorkspaceStore

    settings = load_cli_settings().calibration
    if target_width is not None and target_width <= 0:
        raise InputError(f"--target-width {target_width}: give a positive width")
    with WorkspaceStore.open(workspace, read_only=True) as store:
        report = calibration_report(store, _runs(store, run), seed=settings.seed,
                                    resamples=settings.resamples,
                                    target_width=target_width or settings.target_width,
                                    method=Method(Estimator(estimator or settings.estimator),
                                                  settings.finite_population))
    if fmt == "json":
        text = json.dumps(report.to_json(), ensure_ascii=False, indent=2) + "\n"
    elif fmt == "md":
        text = markdown(report)
    else:
        width = shutil.get_terminal_size((120, 24)).columns
        text = report_table(table_blocks(report), width, heading="{}")
    click.echo(text, nl=False)


@cli.command()
@WS
@click.option("--what", required=True, metavar="decisions|calibration-set|adjudicated|OTHER",
              help="What to export; OTHER: an export of the workspace's benchmark (its "
                   "settled verdicts written into its own tool's file; needs --run and -o).")
@click.option("-o", "--output", "out", type=click.Path(path_type=Path),
              help="Write here (default: stdout). adjudicated: a .csv file gets CSV.")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "csv"]),
              help="adjudicated only: jsonl (default) or csv (default for a .csv file).")
@click.option("--run", help="Only this run (default: every run).")
@DATA
def export(workspace: Path, what: str, out: Path | None, fmt: str | None,
           run: str | None, data_dir: Path | None) -> None:
    """Export all decisions, the calibration set (disagreements), or adjudicated scores."""
    from anser_tui.exchange import exports
    from anser_tui.workspace import WorkspaceStore

    if fmt is not None and what != "adjudicated":
        raise InputError("--format is for --what adjudicated (the others are JSONL)")
    if what not in ("decisions", "calibration-set", "adjudicated"):
        _benchmark_export(workspace, what, run, out, data_dir)
        return
    with WorkspaceStore.open(workspace, read_only=True) as store:
        runs = _runs(store, run)
        if what == "decisions":
            text = exports.jsonl([r for r in exports.decision_records(store) if r["run"] in runs])
        elif what == "calibration-set":
            text = exports.jsonl(list(exports.calibration_set(store, runs)))
        else:
            records = exports.adjudicated_records(store, runs)
            as_csv = fmt == "csv" or (fmt is None and out is not None
                                      and out.suffix.lower() == ".csv")
            text = exports.adjudicated_csv(records) if as_csv else exports.jsonl(records)
    _write(text, out)


def _benchmark_export(workspace: Path, what: str, run: str | None, out: Path | None,
                      data_dir: Path | None) -> None:
    from anser_tui.exchange.tool_exports import benchmark_export
    from anser_tui.workspace import WorkspaceStore

    if out is None:
        raise InputError(f"--what {what} writes a file: give it with -o OUT")
    with WorkspaceStore.open(workspace) as store:
        run_name = _runs(store, run)
        if len(run_name) != 1:
            raise InputError(f"--what {what} exports one run: give it with --run NAME",
                             store.path)
        data = find_data(store, data_dir, load_cli_settings())
        click.echo(benchmark_export(store, what, run_name[0], out, data))


@cli.command("import-decisions")
@WS
@click.argument("decision_file", type=click.Path(path_type=Path))
@click.option("--reviewer", required=True, help="Whose labels these are.")
@click.option("--run", help="The run of lines that name none (default: the only run).")
def import_decisions_cmd(workspace: Path, decision_file: Path, reviewer: str,
                         run: str | None) -> None:
    """Import human labels made elsewhere (one {id, run, marks, reason_code, comment} a line)."""
    from anser_tui.exchange.import_decisions import import_decisions
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(workspace) as store:
        name, n = import_decisions(store, decision_file, reviewer, run)
    click.echo(f"imported {n} decisions of {reviewer} as session {name!r}")


@cli.command()
@click.argument("out", type=click.Path(path_type=Path))
@click.argument("inputs", nargs=-1, required=True, type=click.Path(path_type=Path))
def merge(out: Path, inputs: tuple[Path, ...]) -> None:
    """Merge reviewers' copies of a workspace into OUT (new: a copy of the first IN), by uid."""
    from anser_tui.exchange.merge import merge_workspaces

    for counts in merge_workspaces(out, list(inputs)):
        renamed = f"; sessions renamed: {', '.join(counts.renamed)}" if counts.renamed else ""
        click.echo(f"{counts.source}: {counts.runs} runs, {counts.judgments} judgments, "
                   f"{counts.sessions} sessions, {counts.decisions} decisions added{renamed}")
    click.echo(f"merged into {out}")
