"""Coverage of the corrected score's 95% interval by simulation (DESIGN section 8).

`python -m bench.ppi_coverage [DRAWS]` prints the table; tests/unit/test_ppi_estimators.py
asserts it. Each draw makes a population of N items from a superpopulation (a human score h, a
judge score f = h + 4 + noise, on 0-100 and rounded like real scores) and reviews n of them:

- with replacement (the reviewed items an independent draw, the setting of ppi-python): the
  interval without the finite-population correction, against the superpopulation mean;
- without replacement (a simple random sample of the N, as a review queue draws): the interval
  with the correction, against the N items' own human mean; and, for comparison, without it
  against the superpopulation mean;
- the active order (`active_coverage`): a quarter of the judge's scores go astray (error sd 20,
  else 6) and a signal sees it (|f - h| / 100 plus a half-normal noise of sd 0.05, at least
  `sampling.predicted_error`'s floor); the queue drawn by `sampling.active_sample` on
  `active_sizes`, its first n reviewed, with the correction, against the N items' own human
  mean.

The first three are computed for every draw at once (`batch`, numpy over the draws), the same
arithmetic as `anser_tui.scoring.corrected` (the test checks the two agree on the first draws);
the active order runs the app's own code (`scoring.active_ppi`) one draw at a time. The
coverage is that of the code.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from anser_tui.review.sampling import ERROR_FLOOR, active_sample, active_sizes
from anser_tui.scoring.active_ppi import active_ppi_mean
from anser_tui.scoring.corrected import Z_95, Estimator, Method

N_ITEMS, N_REVIEWED, MEAN = 1000, 200, 62.0


@dataclass(frozen=True)
class Draws:
    population_h: np.ndarray  # (draws, N)
    f_all: np.ndarray  # (draws, N): the judge on every item
    h: np.ndarray  # (draws, n): the reviewed items' human scores
    f: np.ndarray  # (draws, n): and the judge's


def draws(count: int, seed: int, replace: bool, n_items: int = N_ITEMS,
          n_reviewed: int = N_REVIEWED) -> Draws:
    rng = np.random.default_rng(seed)
    h = np.clip(np.round(rng.normal(MEAN, 18, (count, n_items))), 0, 100)
    f = np.clip(np.round(h + 4 + rng.normal(0, 12, (count, n_items))), 0, 100)
    if replace:  # reviewed items drawn from the superpopulation, apart from the N
        rh = np.clip(np.round(rng.normal(MEAN, 18, (count, n_reviewed))), 0, 100)
        rf = np.clip(np.round(rh + 4 + rng.normal(0, 12, (count, n_reviewed))), 0, 100)
        return Draws(h, f, rh, rf)
    picked = np.argsort(rng.random((count, n_items)), axis=1)[:, :n_reviewed]
    return Draws(h, f, np.take_along_axis(h, picked, 1), np.take_along_axis(f, picked, 1))


def batch(d: Draws, tuned: bool, finite: bool) -> tuple[np.ndarray, np.ndarray]:
    """(corrected mean, interval half-width) per draw, as `scoring.corrected` computes them
    (equal weights)."""
    h, f, f_all = d.h, d.f, d.f_all
    n, big_n = h.shape[1], f_all.shape[1]
    lam = np.ones(h.shape[0])
    if tuned:
        theta = f_all.mean(1) + (h - f).mean(1)
        g, gh = h - theta[:, None], f - theta[:, None]
        cov = 2 * ((g - g.mean(1, keepdims=True)) * (gh - gh.mean(1, keepdims=True))).sum(1) / n
        var = np.var(np.concatenate([gh, f_all - theta[:, None]], 1), axis=1, ddof=1)
        lam = np.clip(cov / (2 * (1 + n / big_n) * var), 0, 1)
    rect = h - lam[:, None] * f
    mean = lam * f_all.mean(1) + rect.mean(1)
    if finite:
        variance = (1 - n / big_n) * rect.var(1, ddof=1) / n
    else:
        variance = (lam[:, None] * f_all).var(1) / big_n + rect.var(1) / n
    return mean, Z_95 * np.sqrt(variance)


DESIGNS = ((True, False, "with replacement, no correction"),
           (False, True, "without replacement, corrected"),
           (False, False, "without replacement, no correction"))
CHUNK = 1000  # draws made at once (memory: a few MB)


def coverage_table(count: int = 10000, seed: int = 0) -> list[tuple[str, str, float]]:
    """(design, estimator, coverage) for each design and estimator; draw k of every design
    and estimator comes from the same seed (seed, k // CHUNK)."""
    rows = []
    for replace, finite, design in DESIGNS:
        for tuned, name in ((True, "ppi++"), (False, "classic")):
            covered = 0
            for start in range(0, count, CHUNK):
                d = draws(min(CHUNK, count - start), seed * 100_003 + start, replace)
                truth = d.population_h.mean(1) if finite else MEAN_HUMAN
                mean, half = batch(d, tuned, finite)
                covered += int(np.sum(np.abs(mean - truth) <= half))
            rows.append((design, name, covered / count))
    return rows


def _superpopulation_mean() -> float:
    """The mean of clip(round(X), 0, 100), X normal (62, 18): sum of k P(round(X) = k)."""
    x = NormalDist(MEAN, 18)
    return sum(k * (x.cdf(k + 0.5) - x.cdf(k - 0.5)) for k in range(1, 100)) + 100 * (
        1 - x.cdf(99.5))


MEAN_HUMAN = _superpopulation_mean()


def active_draw(seed: int, n_items: int = N_ITEMS, n_reviewed: int = N_REVIEWED
                ) -> tuple[np.ndarray, np.ndarray, list[float], list[int]]:
    """(human, judge, sizes, the first n of the active queue) of one draw."""
    rng = np.random.default_rng(seed)
    h = np.clip(np.round(rng.normal(MEAN, 18, n_items)), 0, 100)
    sd = np.where(rng.random(n_items) < 0.25, 20.0, 6.0)
    f = np.clip(np.round(h + 4 + rng.normal(0, 1, n_items) * sd), 0, 100)
    signal = np.abs(f - h) / 100 + np.abs(rng.normal(0, 0.05, n_items))
    sizes = active_sizes(np.maximum(signal, ERROR_FLOOR).tolist())
    return h, f, sizes, active_sample(range(n_items), sizes, seed).keys[:n_reviewed]


def active_coverage(count: int = 4000, seed: int = 0) -> list[tuple[str, str, float]]:
    """("active order, corrected", estimator, coverage) for PPI++ and classic; draw k of
    both from seed seed * 100_003 + k."""
    covered = dict.fromkeys(Estimator, 0)
    for k in range(count):
        h, f, sizes, order = active_draw(seed * 100_003 + k)
        for estimator in Estimator:
            out = active_ppi_mean(f, sizes, [(i, h[i]) for i in order], Method(estimator))
            covered[estimator] += bool(out.ci and out.ci[0] <= h.mean() <= out.ci[1])
    return [("active order, corrected", e.value, covered[e] / count) for e in Estimator]


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    count = int(args[0]) if args else 10000
    print(f"coverage of the 95% interval, {count} seeded draws each, N = {N_ITEMS}, "
          f"n = {N_REVIEWED}")
    print(f"{'design':<38}{'estimator':<10}coverage")
    for design, name, value in [*coverage_table(count), *active_coverage(count)]:
        print(f"{design:<38}{name:<10}{100 * value:.1f}%")


if __name__ == "__main__":
    main()
