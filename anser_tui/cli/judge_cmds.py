"""The judge verb: run the LLM judge over a run, cached and resumable."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from anser_tui.cli.group import EXIT_JUDGE_FAILED, WS, cli, load_cli_settings

if TYPE_CHECKING:
    from anser_tui.core.settings import JudgeSettings


@cli.command()
@WS
@click.option("--run", required=True, help="The run whose answers are judged.")
@click.option("--model", help="Judge model (default: the judge.model setting).")
@click.option("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1.")
@click.option("--concurrency", type=click.IntRange(min=1), help="Requests in flight at once.")
@click.option("--limit", type=click.IntRange(min=0), help="Judge at most K items not yet judged.")
@click.option("--judge", "judge_name", metavar="NAME",
              help="The judge the judgments are stored under (default: the model's name).")
@click.option("--set-primary", metavar="NAME",
              help="Make NAME the run's primary judge (what review, show, report and "
                   "calibration use) and judge nothing.")
@click.option("--write-batch", "batch_file", type=click.Path(path_type=Path),
              help="Write the requests as OpenAI batch input lines (for `vllm run-batch` or "
                   "the Batch API) instead of sending them; import the output with "
                   "import-judgments.")
@click.option("--batch", "use_batch", is_flag=True,
              help="Send the requests through the Batch API (files and batches), resuming a "
                   "batch already submitted.")
@click.option("--no-wait", is_flag=True, help="With --batch: return right after submitting.")
@click.option("--poll", "poll_s", type=click.FloatRange(min=0), default=30.0, show_default=True,
              help="With --batch: seconds between polls of the batch.")
def judge(workspace: Path, run: str, model: str | None, base_url: str | None,
          concurrency: int | None, limit: int | None, judge_name: str | None,
          set_primary: str | None, batch_file: Path | None, use_batch: bool, no_wait: bool,
          poll_s: float) -> None:
    """Run the LLM judge on every task of a run it scores (cached, resumable).

    The API key is read from the variable named by the judge.api_key_env setting
    (OPENAI_API_KEY by default) and is never stored or printed. A failed request never
    replaces a good judgment. Exit status 3 when every request sent failed in transport
    (nothing was judged); 0 when at least one was answered. Judgments are stored under the
    judge NAME (--judge, default the model); several judges' judgments of one run coexist, and
    the run's first judge is its primary one until --set-primary names another.
    """
    from anser_tui.cli.console import judge_live
    from anser_tui.judge import JudgeParams, JudgeRunner, plan_judging, run_items
    from anser_tui.workspace import WorkspaceStore

    if set_primary is not None:
        _set_primary(workspace, run, set_primary)
        return
    given = {"model": model, "base_url": base_url, "concurrency": concurrency}
    settings = load_cli_settings().judge.model_copy(
        update={k: v for k, v in given.items() if v is not None})
    if batch_file is not None:
        _write_batch(workspace, run, settings, limit, judge_name, batch_file)
        return
    if use_batch:
        _judge_batch(workspace, run, settings, limit, judge_name, not no_wait, poll_s)
        return
    with WorkspaceStore.open(workspace) as store:
        runner = JudgeRunner(store, settings)
        judge_live(runner, settings, lambda: plan_judging(
            store, run_items(store, store.require_run(run)),
            JudgeParams.from_settings(settings), limit, judge_name))
    summary = runner.summary
    click.echo(summary.line())
    if summary.all_failed:
        click.echo(f"anser-tui: error: every judge request failed ({summary.done} transport "
                   f"errors; the first: {summary.first_error or 'no reply'}); the failed "
                   "attempts are kept in each item's history and no good judgment was "
                   "replaced; check --base-url, --model and the server, then run the same "
                   "command again", err=True)
        sys.exit(EXIT_JUDGE_FAILED)


def _set_primary(workspace: Path, run: str, name: str) -> None:
    """`judge --set-primary NAME`: the run's primary judge becomes NAME (one that judged it)."""
    from anser_tui.core.errors import InputError
    from anser_tui.workspace import WorkspaceStore
    from anser_tui.workspace.judgments import set_primary_judge

    with WorkspaceStore.open(workspace) as store:
        run = store.require_run(run)
        try:
            set_primary_judge(store, run, name)
        except ValueError as exc:
            raise InputError(str(exc), store.path) from None
    click.echo(f"primary judge of run {run}: {name}")


def _write_batch(workspace: Path, run: str, settings: JudgeSettings, limit: int | None,
                 judge_name: str | None, out: Path) -> None:
    """`judge --write-batch FILE`: the plan's calls as batch input lines, recorded."""
    from anser_tui.judge import JudgeParams, plan_judging, run_items
    from anser_tui.judge.batch_file import write_batch_file
    from anser_tui.workspace import WorkspaceStore

    params = JudgeParams.from_settings(settings)
    with WorkspaceStore.open(workspace) as store:
        run = store.require_run(run)
        plan = plan_judging(store, run_items(store, run), params, limit, judge_name)
        n = write_batch_file(store, plan, params, run, out)
    click.echo(f"wrote {n} requests of {len(plan.requests)} judgments ({plan.already} "
               f"already judged) to {out}; judge {plan.judge}")


def _judge_batch(workspace: Path, run: str, settings: JudgeSettings, limit: int | None,
                 judge_name: str | None, wait: bool, poll_s: float) -> None:
    """`judge --batch`: submit (or resume) the run's batch, poll it, store its lines."""
    import openai

    from anser_tui.cli.console import BatchProgress
    from anser_tui.judge import JudgeParams, plan_judging, run_items
    from anser_tui.judge.batch_api import run_batch
    from anser_tui.judge.client import require_api_key, scrub_key
    from anser_tui.workspace import JudgmentStatus, WorkspaceStore

    params = JudgeParams.from_settings(settings)
    key = require_api_key(settings)
    with WorkspaceStore.open(workspace) as store:
        run = store.require_run(run)
        plan = plan_judging(store, run_items(store, run), params, limit, judge_name)
        try:
            with BatchProgress() as bar:
                summary = run_batch(store, plan, params, settings, run, wait=wait,
                                    poll_s=poll_s, on_poll=bar)
        except KeyboardInterrupt:
            click.echo("anser-tui: interrupted; the batch is recorded: run the same command "
                       "again to resume it", err=True)
            sys.exit(130)
        except openai.APIError as exc:
            said = scrub_key(str(exc), key)[:200]
            click.echo(f"anser-tui: error: the Batch API failed ({type(exc).__name__}: "
                       f"{said}); what was submitted is recorded: run the same "
                       "command again, it looks a batch up before submitting one", err=True)
            sys.exit(EXIT_JUDGE_FAILED)
    counts: dict[str, int] = {}
    for j in summary.judgments:
        counts[j.status.value] = counts.get(j.status.value, 0) + 1
    statuses = ", ".join(f"{s.value} {counts.get(s.value, 0)}" for s in JudgmentStatus)
    recovered = (f"; found after a crash {len(summary.recovered)}" if summary.recovered
                 else "")
    click.echo(f"batches submitted {len(summary.submitted)}, resumed {len(summary.resumed)}; "
               f"polls {summary.polls}; judged {len(summary.judgments)} ({statuses}); "
               f"already judged {plan.already}{recovered}")
    failed = counts.get(JudgmentStatus.TRANSPORT_ERROR.value, 0)
    if summary.judgments and failed == len(summary.judgments):
        sys.exit(EXIT_JUDGE_FAILED)
