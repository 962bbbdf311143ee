"""Reviews needed for a 5-point interval under `review --order random` and `--order active`.

`python -m bench.bench_active_order [SEEDS]` prints, for each scenario, the mean over seeds of
the reviews a reviewer walking the queue needs before the corrected score's 95% interval (PPI++,
finite-population correction) is at most 5 points wide, and the coverage of the human mean at
that stop and at a fixed number of reviews.

A simulation of one run at full scale (2,235 items, ANSER-Bench's task count; the synthetic
benchmark of bench/synthetic_corpora.py has judge replies but no human marks, so the humans are
simulated here): a human score h on 0-100; an answer-similarity metric near h / 100 (noise sd
0.08); the judge f = h + 3 + e, e with sd 4 on most items and sd 25 on a quarter of them where
it goes astray, and 3% of replies unparsed (scored, status invalid: disagreement 1, e with sd
35). The disagreement score is the real one (`review.disagreement`): the largest of
|f / 100 - metric| and the parse status. Scenarios: "informative" (that score) and
"uninformative" (the same scores shuffled across items, so they say nothing).

Random order: a seeded shuffle, equal weights. Active order: `sampling.active_sizes` on the
disagreement scores, `active_sample`, and the corrected score weighting each reviewed item by
1 / its inclusion probability at the number reviewed (`inclusion_probabilities`), exactly as
`calibration.corrected_scores` does.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass

import numpy as np

from anser_tui.review.disagreement import JudgeFacts, disagreement
from anser_tui.review.sampling import (
    active_sample,
    active_sizes,
    inclusion_probabilities,
    simple_random_sample,
)
from anser_tui.scoring.corrected import CorrectedMean, ppi_mean
from anser_tui.workspace.records import JudgmentStatus

N_ITEMS, TARGET, STEP = 2235, 5.0, 10


@dataclass(frozen=True)
class Run:
    human: np.ndarray
    judge: np.ndarray
    signal: list[float]  # the disagreement score of each item


def simulate(seed: int, informative: bool = True) -> Run:
    rng = np.random.default_rng(seed)
    h = np.clip(np.round(rng.normal(60, 20, N_ITEMS)), 0, 100)
    astray = rng.random(N_ITEMS) < 0.25
    unparsed = rng.random(N_ITEMS) < 0.03
    sd = np.where(unparsed, 35.0, np.where(astray, 25.0, 4.0))
    f = np.clip(np.round(h + 3 + rng.normal(0, 1, N_ITEMS) * sd), 0, 100)
    metric = np.clip(h / 100 + rng.normal(0, 0.08, N_ITEMS), 0, 1)
    signal = [disagreement(JudgeFacts(JudgmentStatus.INVALID if bad else JudgmentStatus.OK,
                                      fj / 100), {"BERTScore-F1": float(m)}).score
              for fj, m, bad in zip(f, metric, unparsed, strict=True)]
    if not informative:
        random.Random(seed).shuffle(signal)
    return Run(h, f, signal)


def _estimate(run: Run, order: list[int], sizes: list[float] | None, m: int) -> CorrectedMean:
    reviewed = order[:m]
    weights = None
    if sizes is not None:
        chances = inclusion_probabilities([sizes[i] for i in order], m)
        weights = [1 / chances[k] for k in range(m)]
    return ppi_mean(list(run.judge), [(run.human[i], run.judge[i]) for i in reviewed],
                    weights=weights)


def _queue(run: Run, seed: int, active: bool) -> tuple[list[int], list[float] | None]:
    keys = list(range(N_ITEMS))
    if not active:
        return simple_random_sample(keys, seed).keys, None
    sizes = active_sizes(run.signal)
    return active_sample(keys, sizes, seed).keys, sizes


def _narrow(out: CorrectedMean) -> bool:
    return out.width is not None and out.width <= TARGET


def reviews_needed(run: Run, seed: int, active: bool) -> tuple[int, bool]:
    """(reviews until the interval is at most TARGET wide, whether it covers the human mean)."""
    order, sizes = _queue(run, seed, active)
    m = STEP
    while m < N_ITEMS and not _narrow(_estimate(run, order, sizes, m)):
        m += STEP
    m = min(m, N_ITEMS)
    while m > 2 and _narrow(_estimate(run, order, sizes, m - 1)):
        m -= 1
    out = _estimate(run, order, sizes, m)
    truth = float(run.human.mean())
    return m, bool(out.ci and out.ci[0] - 1e-9 <= truth <= out.ci[1] + 1e-9)


def covers_at(run: Run, seed: int, active: bool, m: int) -> bool:
    order, sizes = _queue(run, seed, active)
    out = _estimate(run, order, sizes, m)
    return bool(out.ci and out.ci[0] <= float(run.human.mean()) <= out.ci[1])


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    seeds = int(args[0]) if args else 40
    print(f"{N_ITEMS} items, target 95% width {TARGET:g} points, PPI++ with the correction, "
          f"{seeds} seeds (coverage at a fixed n: {5 * seeds} seeds)")
    print(f"{'scenario':<15}{'order':<8}{'reviews needed (mean)':>22}{'coverage at stop':>18}"
          f"{'coverage at fixed n':>21}")
    for informative in (True, False):
        name = "informative" if informative else "uninformative"
        means = {}
        for active in (False, True):
            found = [reviews_needed(simulate(s, informative), s, active) for s in range(seeds)]
            means[active] = float(np.mean([m for m, _ in found]))
            fixed = round(means[False])
            cover = np.mean([covers_at(simulate(s, informative), s, active, fixed)
                             for s in range(1000, 1000 + 5 * seeds)])
            print(f"{name:<15}{'active' if active else 'random':<8}{means[active]:>22.1f}"
                  f"{100 * np.mean([c for _, c in found]):>17.1f}%"
                  f"{100 * cover:>15.1f}% (n={fixed})")
        print(f"{'':<15}active needs {100 * (1 - means[True] / means[False]):.1f}% fewer "
              "reviews than random")


if __name__ == "__main__":
    main()
