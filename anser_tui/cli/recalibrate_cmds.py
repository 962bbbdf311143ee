"""The recalibrate verb (DESIGN 15): candidate judges built from the human verdicts of the
train items, compared with their base judge on the held-out items."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from anser_tui.cli.group import EXIT_JUDGE_FAILED, WS, cli, load_cli_settings

if TYPE_CHECKING:
    from anser_tui.core.settings import JudgeSettings
    from anser_tui.judge.plan import JudgePlan
    from anser_tui.workspace.store import WorkspaceStore


@cli.command()
@WS
@click.option("--run", required=True, help="The run whose judge is recalibrated.")
@click.option("--judge", "base", required=True, metavar="BASE", help="The judge to recalibrate.")
@click.option("--method", type=click.Choice(["fewshot", "remap", "both"]), default="remap",
              show_default=True,
              help="fewshot: BASE's prompt with k examples from the train items (requests "
                   "sent for the held-out items); remap: isotonic regression of the human "
                   "score on the judge's (no request sent).")
@click.option("--k", type=click.IntRange(min=1), default=8, show_default=True,
              help="fewshot: examples per prompt.")
@click.option("--holdout", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=0.5, show_default=True, help="The share of contexts held out.")
@click.option("--seed", type=int, default=0, show_default=True, help="Salts the split.")
@click.option("--model", help="fewshot: the judge model (default: BASE's model).")
@click.option("--base-url", help="fewshot: OpenAI-compatible endpoint.")
@click.option("--concurrency", type=click.IntRange(min=1), help="fewshot: requests in flight.")
@click.option("--batch", "use_batch", is_flag=True,
              help="fewshot: send the requests through the Batch API (resumed as judge "
                   "--batch is) and wait for them.")
@click.option("--poll", "poll_s", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="With --batch: seconds between polls of the batch.")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True)
def recalibrate(workspace: Path, run: str, base: str, method: str, k: int, holdout: float,
                seed: int, model: str | None, base_url: str | None, concurrency: int | None,
                use_batch: bool, poll_s: float, fmt: str) -> None:
    """Recalibrate judge BASE from the settled human verdicts; the gain on held-out items.

    remap takes --model and --base-url without using them. A few-shot candidate's requests
    are cached (live) or recorded (--batch): the same command again sends nothing it already
    sent."""
    from anser_tui.calibration.fewshot import fewshot_candidate
    from anser_tui.calibration.recalibrate import Candidate, recalibrate, remap_candidate
    from anser_tui.core.errors import InputError
    from anser_tui.judge.request import JudgeParams
    from anser_tui.workspace import WorkspaceStore
    from anser_tui.workspace.judgments import run_judges

    settings = load_cli_settings()
    resamples = settings.calibration.resamples
    with WorkspaceStore.open(workspace) as store:
        run = store.require_run(run)
        if base not in run_judges(store, run):
            raise InputError(f"run {run!r} has no judgments by judge {base!r}", store.path)
        given = {"model": model or _model_of(store, run, base), "base_url": base_url,
                 "concurrency": concurrency}
        judge = settings.judge.model_copy(update={k: v for k, v in given.items()
                                                  if v is not None})
        makers: list[Candidate] = []
        if method in ("remap", "both"):
            makers.append(lambda s, inputs, split: remap_candidate(
                s, inputs, split, run, base, resamples=resamples))
        if method in ("fewshot", "both"):
            makers.append(lambda s, inputs, split: fewshot_candidate(
                s, inputs, split, run, base, k=k, params=JudgeParams.from_settings(judge),
                send=lambda plan: _send_batch(s, judge, plan, run, poll_s) if use_batch
                else _send(s, judge, plan), resamples=resamples))
        result = recalibrate(store, run, base, makers, holdout=holdout, seed=seed)
    if fmt == "json":
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    _print_table(result)


def _model_of(store: WorkspaceStore, run: str, base: str) -> str | None:
    """The model BASE's current judgments of the run name most often."""
    from collections import Counter

    from anser_tui.workspace.judgments import current_judgments

    models = Counter(j.model for j in current_judgments(store, run, base).values() if j.model)
    return models.most_common(1)[0][0] if models else None


def _send(store: WorkspaceStore, settings: JudgeSettings, plan: JudgePlan) -> None:
    """Judge a candidate's plan live, with a progress bar; Ctrl-C keeps what arrived."""
    from anser_tui.cli.console import judge_live
    from anser_tui.judge import JudgeRunner

    runner = JudgeRunner(store, settings)
    judge_live(runner, settings, lambda: plan)
    click.echo(f"{plan.judge}: {runner.summary.line()}", err=True)
    if runner.summary.all_failed:
        click.echo(f"anser-tui: error: every request of {plan.judge} failed (the first: "
                   f"{runner.summary.first_error or 'no reply'}); check --base-url and --model, "
                   "then run the same command again", err=True)
        sys.exit(EXIT_JUDGE_FAILED)


def _send_batch(store: WorkspaceStore, settings: JudgeSettings, plan: JudgePlan, run: str,
                poll_s: float) -> None:
    """Judge a candidate's plan through the Batch API, polled to its end with a progress bar."""
    from anser_tui.cli.console import BatchProgress
    from anser_tui.judge.batch_api import run_batch
    from anser_tui.judge.client import require_api_key
    from anser_tui.judge.request import JudgeParams

    require_api_key(settings)
    try:
        with BatchProgress() as bar:
            summary = run_batch(store, plan, JudgeParams.from_settings(settings), settings, run,
                                poll_s=poll_s, on_poll=bar)
    except KeyboardInterrupt:
        click.echo("anser-tui: interrupted; the batch is recorded: run the same command "
                   "again to resume it", err=True)
        sys.exit(130)
    click.echo(f"{plan.judge}: batches submitted {len(summary.submitted)}, resumed "
               f"{len(summary.resumed)}; polls {summary.polls}; judged {len(summary.judgments)}",
               err=True)


def _print_table(result: dict[str, Any]) -> None:
    split = result["split"]
    click.echo(f"split (seed {split['seed']}): train {split['n_train']}, held out "
               f"{split['n_holdout']}; random sample: {split['random_sample']}")
    if "note" in result:
        click.echo(f"note: {result['note']}")
    for candidate in result["candidates"]:
        click.echo(f"{candidate['judge']} ({candidate['method']}) on {candidate['n']} held-out "
                   "items, candidate - base [95% CI]:")
        if "prompt_meta" in candidate:
            click.echo(f"  prompt kept in the workspace as meta {candidate['prompt_meta']} "
                       f"(sha256 {candidate['prompt_sha256'][:16]}), "
                       f"{candidate['n_examples']} examples")
        for dimension, delta in candidate["delta"].items():
            intervals = candidate["delta_ci"][dimension]
            cells = ", ".join(f"{key} {_signed(value)} {_interval(intervals.get(key))}"
                              for key, value in delta.items())
            click.echo(f"  {dimension}: {cells}")


def _signed(value: float | None) -> str:
    return "-" if value is None else f"{value:+.3f}"


def _interval(ci: list[float] | None) -> str:
    return "[-]" if ci is None else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"
