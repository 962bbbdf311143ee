"""The recalibrate verb (DESIGN 15): a candidate judge built from the human verdicts of the
train items, compared with its base judge on the held-out items."""

from __future__ import annotations

import json
from pathlib import Path

import click

from anser_tui.cli.group import WS, cli, load_cli_settings


@cli.command()
@WS
@click.option("--run", required=True, help="The run whose judge is recalibrated.")
@click.option("--judge", "base", required=True, metavar="BASE", help="The judge to recalibrate.")
@click.option("--method", type=click.Choice(["remap"]), default="remap", show_default=True,
              help="remap: isotonic regression of the human score on the judge's (no request "
                   "sent).")
@click.option("--holdout", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.5, show_default=True, help="The share of contexts held out.")
@click.option("--seed", type=int, default=0, show_default=True, help="Salts the split.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True)
def recalibrate(workspace: Path, run: str, base: str, method: str, holdout: float, seed: int,
                fmt: str) -> None:
    """Recalibrate judge BASE from the settled human verdicts; the gain on held-out items."""
    from anser_tui.calibration.recalibrate import recalibrate_remap
    from anser_tui.core.errors import InputError
    from anser_tui.workspace import WorkspaceStore
    from anser_tui.workspace.judgments import run_judges

    settings = load_cli_settings().calibration
    with WorkspaceStore.open(workspace) as store:
        run = store.require_run(run)
        if base not in run_judges(store, run):
            raise InputError(f"run {run!r} has no judgments by judge {base!r}", store.path)
        result = recalibrate_remap(store, run, base, holdout=holdout, seed=seed,
                                   resamples=settings.resamples)
    if fmt == "json":
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    split = result["split"]
    click.echo(f"split (seed {split['seed']}): train {split['n_train']}, held out "
               f"{split['n_holdout']}; random sample: {split['random_sample']}")
    for candidate in result["candidates"]:
        click.echo(f"{candidate['judge']} ({candidate['method']}) on {candidate['n']} held-out "
                   "items, candidate - base:")
        for dimension, delta in candidate["delta"].items():
            cells = ", ".join(f"{k} {'-' if v is None else f'{v:+.3f}'}"
                              for k, v in delta.items())
            click.echo(f"  {dimension}: {cells}")
