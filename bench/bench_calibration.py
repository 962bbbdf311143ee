"""Calibration bench: the `calibration` command's statistics over 2,000 human-vs-judge pairs with
1,000 bootstrap resamples (budget 1 s on 2 cores).

    python -m bench.bench_calibration [--items 2235] [--reviewed 2000] [--resamples 1000]
                                      [--repeats 5]

The workspace is built untimed through the package's own functions: `init_workspace` on a
synthetic ANSER science folder (`--items` tasks, the science rubric: four criteria marked 0-4,
weighted into a 0-100 score), `import_run`, one ok judgment per task (`add_judgments`, marks
drawn 0-4), then a blind review session drawn as the review screen draws one (`ReviewSession.
start`, random order, seed 1, limit `--reviewed`) in which one reviewer marks every queued
item (`ReviewSession.override`: the judge's marks moved by -1..+1 on some criteria, an accept
where they end up equal). So each reviewed item is one pair per dimension (the score and each
of the four criteria), in the scopes the report has: all, the group, the run, the reviewer.

Timed, as `anser-tui calibration WS` spends its time before formatting: the workspace opened
read-only and `calibration_report(store, runs, seed=0, resamples=1000, target_width=5,
method=PPI++ with the finite-population correction)` (the CLI's defaults, from
`CalibrationSettings`): the inputs read (tasks, judgments, sessions, decisions), every
agreement row with its bootstrap intervals, the corrected scores and their stopping rule, the
reviewer, anchoring, self-consistency and adjudication entries. Formatting the table is not
timed. The median of `--repeats` runs after one untimed warm-up, wall and CPU time
(`time.process_time`) of this process. Printed beside it, not against the budget: one
`agreement_row` per dimension over scope "all"'s 2,000 pairs, each timed alone (the statistic
the report computes once per scope and dimension; the score's scale is interval, the
criteria's ordinal). Exit status 1 when the budget is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.science_workspace import science_store

BUDGET_S = 1.0
RUN = "bench"
REVIEWER = "alice"


def make_workspace(root: Path, n_items: int, n_reviewed: int, seed: int = 7) -> Path:
    """A science workspace of `n_items` judged tasks, `n_reviewed` of them reviewed blind in a
    random-sample session of one reviewer. Returns the workspace's path."""
    from anser_tui.benchmarks.anser.groups import RUBRICS
    from anser_tui.review import ReviewSession
    from anser_tui.review.queue import QueueOrder, QueueSpec
    from anser_tui.review.sampling import Order
    from anser_tui.workspace import Judgment, JudgmentStatus, add_judgments
    from anser_tui.workspace.records import JudgeCall

    rubric = RUBRICS["science_en"]
    rng = random.Random(seed)
    store, task_ids = science_store(root, n_items, RUN)
    path = root / "ws.db"
    try:
        judged: dict[str, Judgment] = {}
        marks_of: dict[str, dict[str, int]] = {}
        for tid in task_ids:
            marks_of[tid] = {k: rng.choice((1, 2, 2, 3, 3, 3, 4, 4)) for k in rubric.keys}
        for j in add_judgments(store, [
                Judgment(run=RUN, task_id=tid, rubric_id=rubric.id, status=JudgmentStatus.OK,
                         marks=m, score=rubric.score(m), reason=f"judge on {tid}",
                         model="judge-model", calls=(JudgeCall(status=JudgmentStatus.OK,
                                                               raw=f"reply on {tid}"),))
                for tid, m in marks_of.items()]):
            judged[j.task_id] = j
        session = ReviewSession.start(store, REVIEWER, None, True, QueueSpec(),
                                      QueueOrder(Order.RANDOM, seed=1, limit=n_reviewed))
        with store.transaction():
            for item in session.items:
                judge = marks_of[item.task_id]
                human = {k: min(4, max(0, v + rng.choice((-1, 0, 0, 0, 1))))
                         for k, v in judge.items()}
                session.override(item, human, judged[item.task_id], judge_visible=False)
    finally:
        store.close()
    return path


def calibration_once(path: Path, resamples: int) -> Any:
    """What `anser-tui calibration WS` computes before formatting, with its default settings."""
    from anser_tui.calibration.report import calibration_report
    from anser_tui.core.settings import CalibrationSettings
    from anser_tui.scoring.corrected import Estimator, Method
    from anser_tui.workspace import WorkspaceStore

    settings = CalibrationSettings()
    with WorkspaceStore.open(path, read_only=True) as store:
        return calibration_report(store, store.run_names(), seed=settings.seed,
                                  resamples=resamples, target_width=settings.target_width,
                                  method=Method(Estimator(settings.estimator),
                                                settings.finite_population))


def rows_alone(path: Path, resamples: int) -> list[tuple[str, int, float, float]]:
    """One agreement_row per dimension over scope "all"'s pairs (read untimed): (dimension, n,
    wall, CPU) each, the statistic the report computes once per scope and dimension."""
    from anser_tui.calibration.pairs import CalibrationInputs
    from anser_tui.scoring.agreement import Scale, agreement_row
    from anser_tui.workspace import WorkspaceStore

    with WorkspaceStore.open(path, read_only=True) as store:
        pairs = list(CalibrationInputs(store, None).pairs())
    out = []
    for dimension in dict.fromkeys(p.dimension for p in pairs):
        mine = [p for p in pairs if p.dimension == dimension]
        judge, human = [p.judge for p in mine], [p.human for p in mine]
        wall, cpu = time.perf_counter(), time.process_time()
        agreement_row(judge, human, Scale(mine[0].scale), resamples=resamples)
        out.append((dimension, len(mine), time.perf_counter() - wall,
                    time.process_time() - cpu))
    return out


def n_pairs(report: Any) -> int:
    """Pairs behind the report's ("all", "score") row: the reviewed items."""
    return next(r["n"] for r in report.rows if r["scope"] == "all" and r["dimension"] == "score")


def timed(path: Path, resamples: int, repeats: int) -> tuple[float, float, Any]:
    """Median (wall, CPU) seconds of `calibration_once`, after one untimed warm-up."""
    report = calibration_once(path, resamples)
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        report = calibration_once(path, resamples)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=2235, help="judged tasks in the run")
    parser.add_argument("--reviewed", type=int, default=2000, help="items reviewed (pairs)")
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="anser-calibration-") as tmp:
        started = time.perf_counter()
        path = make_workspace(Path(tmp), args.items, args.reviewed)
        built = time.perf_counter() - started
        wall, cpu, report = timed(path, args.resamples, args.repeats)
        alone = rows_alone(path, args.resamples)
    verdict = "ok" if wall <= BUDGET_S else "OVER BUDGET"
    print(f"workspace built in {built:.1f} s (untimed): {args.items} judged tasks, "
          f"{n_pairs(report)} reviewed")
    print(f"calibration report: {n_pairs(report)} pairs a dimension, {len(report.rows)} "
          f"agreement rows, {args.resamples} bootstrap resamples, median of {args.repeats}: "
          f"wall {wall:.3f} s, CPU {cpu:.3f} s (budget {BUDGET_S:.1f} s: {verdict})")
    print(f"  inside it, one agreement_row per dimension of scope 'all' ({args.resamples} "
          "resamples), timed alone:")
    for dimension, n, row_wall, row_cpu in alone:
        print(f"    {dimension:<26} {n:5d} pairs  wall {row_wall:.3f} s  CPU {row_cpu:.3f} s")
    return 0 if wall <= BUDGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
