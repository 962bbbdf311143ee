"""Reviews needed for a 5-point interval under `review --order random` and `--order active`.

    python -m bench.bench_active_order [SEEDS] [--first-seed S] [--fixed-n N]

prints, for each scenario, the mean over SEEDS seeds (S, S+1, ...; 2,000 from 0 by default) of
the reviews a reviewer walking the queue makes before the corrected score's 95% interval (PPI++,
finite-population correction; the app's own code) is at most 5 points wide, checked after every
review from the 10th on; the share of those intervals that cover the run's human mean; and, at
a fixed number of reviews N (64 by default: random order's mean on the tuning seeds), both
orders' coverage and mean width. Each figure carries its Monte-Carlo standard error (+-). The
active order's uniform share and error floor were chosen on seeds 10,000-33,999 of this
simulation (a numpy replica of it); the figures docs/calibration.md reports are of seeds
0-9,999, none of them.

A simulation of one run at full scale: the 2,235 synthetic tasks of bench/scoring_tasks.py (the
synthetic benchmark has judge replies but no human marks, so humans are simulated): a human
score h on 0-100; an answer-similarity metric near h / 100 (noise sd 0.08); the judge
f = h + 3 + e, e with sd 4 on most items and sd 25 on a quarter of them where it goes astray,
and 3% of replies invalid (scored, disagreement 1, e with sd 35). The disagreement score is the
app's (`review.disagreement`) over the default benchmark's own signals
(`Benchmark.disagreement_signals`), the metric being the first of its metrics it compares with
the judge both ways. Scenarios: "informative" (that score) and "uninformative" (the same scores
shuffled across items, so they say nothing).

Random order: `sampling.simple_random_sample`, `scoring.corrected.ppi_mean`. Active order:
`sampling.predicted_error` and `active_sizes` on the disagreement scores, `active_sample` (the
successive draw), `scoring.active_ppi.active_ppi_mean` on the reviews in queue order.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from anser_tui.benchmarks.base import Benchmark
from anser_tui.benchmarks.registry import benchmark_named, default_name
from anser_tui.review.disagreement import Disagreement, JudgeFacts, disagreement
from anser_tui.review.sampling import (
    active_sample,
    active_sizes,
    predicted_error,
    simple_random_sample,
)
from anser_tui.scoring.active_ppi import active_ppi_mean
from anser_tui.scoring.corrected import CorrectedMean, ppi_mean
from anser_tui.workspace.records import JudgmentStatus
from anser_tui.workspace.tasks import Task
from bench.scoring_tasks import synthetic_tasks

TARGET, FIRST_CHECK = 5.0, 10
FIXED_N = 64  # random order's mean reviews at the stop on the tuning seeds (63.9)


@dataclass(frozen=True)
class Run:
    human: np.ndarray
    judge: np.ndarray
    found: list[Disagreement]  # each item's disagreement


def similarity_metric(benchmark: Benchmark, task: Task) -> str:
    """The first of the benchmark's metrics its signals compare with the judge both ways."""
    for name in benchmark.vocabulary.metrics:
        high = benchmark.disagreement_signals(task, 0.9, {name: 0.1})
        low = benchmark.disagreement_signals(task, 0.1, {name: 0.9})
        if high and low:
            return name
    raise SystemExit(f"{benchmark.label}: no metric its disagreement signals compare both ways")


class Simulation:
    def __init__(self) -> None:
        self.benchmark = benchmark_named(default_name())
        self.tasks = synthetic_tasks()
        self.metric = similarity_metric(self.benchmark, self.tasks[0])

    def run(self, seed: int) -> Run:
        n = len(self.tasks)
        rng = np.random.default_rng(seed)
        h = np.clip(np.round(rng.normal(60, 20, n)), 0, 100)
        astray = rng.random(n) < 0.25
        invalid = rng.random(n) < 0.03
        sd = np.where(invalid, 35.0, np.where(astray, 25.0, 4.0))
        f = np.clip(np.round(h + 3 + rng.normal(0, 1, n) * sd), 0, 100)
        metric = np.clip(h / 100 + rng.normal(0, 0.08, n), 0, 1)
        found = [self._disagreement(task, fj / 100, m, bad) for task, fj, m, bad
                 in zip(self.tasks, f.tolist(), metric.tolist(), invalid.tolist(), strict=True)]
        return Run(h, f, found)

    def runs(self, seed: int) -> tuple[Run, Run]:
        """The informative run of a seed, and the same with its disagreements shuffled."""
        run = self.run(seed)
        shuffled = list(run.found)
        random.Random(seed).shuffle(shuffled)
        return run, Run(run.human, run.judge, shuffled)

    def _disagreement(self, task: Task, judge: float, metric: float, bad: bool
                      ) -> Disagreement:
        status = JudgmentStatus.INVALID if bad else JudgmentStatus.OK
        return disagreement(JudgeFacts(status, judge), lambda j: self.benchmark
                            .disagreement_signals(task, j, {self.metric: metric}))


Estimate = Callable[[int], CorrectedMean]  # the corrected mean after m reviews


def random_order(run: Run, seed: int) -> Estimate:
    order = simple_random_sample(range(run.judge.size), seed).keys
    pairs = [(float(run.human[i]), float(run.judge[i])) for i in order]
    return lambda m: ppi_mean(run.judge, pairs[:m])


def active_order(run: Run, seed: int) -> Estimate:
    sizes = active_sizes([predicted_error(d) for d in run.found])
    order = active_sample(range(run.judge.size), sizes, seed).keys
    draws = [(i, float(run.human[i])) for i in order]
    return lambda m: active_ppi_mean(run.judge, sizes, draws[:m])


def _covers(out: CorrectedMean, truth: float) -> bool:
    return bool(out.ci and out.ci[0] - 1e-9 <= truth <= out.ci[1] + 1e-9)


def stop(estimate: Estimate, n_items: int, truth: float) -> tuple[int, bool]:
    """(reviews until the interval is at most TARGET wide, whether it then covers the truth)."""
    for m in range(FIRST_CHECK, n_items + 1):
        out = estimate(m)
        if out.width is not None and out.width <= TARGET + 1e-9:
            return m, _covers(out, truth)
    raise AssertionError("every item reviewed leaves width 0")


def _mean(values: list[float], digits: int = 1) -> str:
    a = np.asarray(values, dtype=float)
    return f"{a.mean():.{digits}f} +- {a.std(ddof=1) / np.sqrt(a.size):.{digits}f}"


def _share(values: list[bool]) -> str:
    a = np.asarray(values, dtype=float)
    return f"{100 * a.mean():.1f}% +- {100 * a.std(ddof=1) / np.sqrt(a.size):.1f}"


ORDERS = {"random": random_order, "active": active_order}


@dataclass
class Tally:
    """Per order, per seed: reviews at the stop, covered then, covered at the fixed n, the
    width there."""

    fixed: int
    stops: dict[str, list[tuple[int, bool]]] = field(
        default_factory=lambda: {name: [] for name in ORDERS})
    at_fixed: dict[str, list[tuple[bool, float]]] = field(
        default_factory=lambda: {name: [] for name in ORDERS})

    def add(self, run: Run, seed: int) -> None:
        truth = float(run.human.mean())
        for name, order in ORDERS.items():
            estimate = order(run, seed)
            self.stops[name].append(stop(estimate, run.judge.size, truth))
            out = estimate(self.fixed)
            self.at_fixed[name].append((_covers(out, truth), out.width or 0.0))

    def print(self, scenario: str) -> None:
        reviews = {k: np.array([m for m, _ in v], dtype=float) for k, v in self.stops.items()}
        for name in ORDERS:
            fixed = self.at_fixed[name]
            print(f"{scenario:<14} {name:<7} {_mean(reviews[name].tolist()):>14}  "
                  f"{_share([c for _, c in self.stops[name]]):>14}  "
                  f"{_share([c for c, _ in fixed]):>14}  {_mean([w for _, w in fixed], 2):>12}")
        a, r = reviews["active"], reviews["random"]
        ratio = a.mean() / r.mean()
        error = np.std(a - ratio * r, ddof=1) / np.sqrt(a.size) / r.mean()
        print(f"{'':<14} active needs {100 * (1 - ratio):.1f}% +- {100 * error:.1f} fewer "
              "reviews than random")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_active_order")
    parser.add_argument("seeds", nargs="?", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--fixed-n", type=int, default=FIXED_N)
    args = parser.parse_args(argv)
    sim = Simulation()
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(f"{len(sim.tasks)} items, target 95% width {TARGET:g} points, PPI++ with the "
          f"correction, seeds {seeds.start}-{seeds.stop - 1}, fixed n {args.fixed_n}; "
          "figures +- their Monte-Carlo standard error")
    print(f"{'scenario':<14} {'order':<7} {'reviews needed':>14}  {'cover at stop':>14}  "
          f"{'cover at n':>14}  {'width at n':>12}")
    tallies = {"informative": Tally(args.fixed_n), "uninformative": Tally(args.fixed_n)}
    for s in seeds:
        for tally, run in zip(tallies.values(), sim.runs(s), strict=True):
            tally.add(run, s)
    for scenario, tally in tallies.items():
        tally.print(scenario)


if __name__ == "__main__":
    main()
