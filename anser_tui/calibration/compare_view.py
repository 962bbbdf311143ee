"""What the calibration screen shows of two judges compared (plain Python, no Textual).

`comparison_view(store, a, b, runs, ...)` runs `calibration --compare A,B`'s comparison and
keeps the (A, B, human) values of each scope and dimension, so that the screen can show, for
any scope: each dimension's statistics of both judges, the differences B - A and their 95%
intervals (`rows`); and, for one dimension, both judges against the human values
(`against_human`: per human value, or 20-point bin of the 0-100 score, each judge's mean value
there, with the identity a perfect judge would follow).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from anser_tui.calibration.compare import Buckets, compare_entries, comparison_buckets
from anser_tui.calibration.pairs import SCORE
from anser_tui.calibration.view import SCORE_BINS
from anser_tui.scoring.agreement_bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from anser_tui.workspace.judgments import primary_judge, run_judges
from anser_tui.workspace.store import WorkspaceStore


@dataclass(frozen=True)
class HumanBin:
    """The items whose human value falls in one bin, and each judge's mean value there."""

    label: str
    middle: float  # the bin's human value (score: its middle)
    n: int
    mean_a: float
    mean_b: float


@dataclass
class ComparisonView:
    a: str
    b: str
    entries: list[dict[str, Any]]  # compare_judges' entries, in report order
    buckets: Buckets

    @property
    def scopes(self) -> list[str]:
        return list(dict.fromkeys(e["scope"] for e in self.entries))

    @property
    def dimensions(self) -> list[str]:
        return list(dict.fromkeys(e["dimension"] for e in self.entries))

    def rows(self, scope: str) -> list[dict[str, Any]]:
        """The entries of one scope, a dimension each."""
        return [e for e in self.entries if e["scope"] == scope]

    def entry(self, scope: str, dimension: str) -> dict[str, Any] | None:
        return next((e for e in self.rows(scope) if e["dimension"] == dimension), None)

    def against_human(self, scope: str, dimension: str) -> list[HumanBin]:
        """Both judges' mean value per human value (see the module), bins with items only."""
        triples = next((v for (s, d, _), v in self.buckets.items()
                        if s == scope and d == dimension), [])
        grouped: dict[int, list[tuple[float, float]]] = {}
        for a, b, human, _context in triples:
            at = min(int(human // 20), len(SCORE_BINS) - 1) if dimension == SCORE else int(human)
            grouped.setdefault(at, []).append((a, b))
        out = []
        for at, values in sorted(grouped.items()):
            label = SCORE_BINS[at] if dimension == SCORE else str(at)
            middle = 20 * at + 10.0 if dimension == SCORE else float(at)
            out.append(HumanBin(label, middle, len(values),
                                sum(a for a, _ in values) / len(values),
                                sum(b for _, b in values) / len(values)))
        return out


def judges_of(store: WorkspaceStore, runs: Collection[str] | None = None) -> list[str]:
    """Every judge of the runs, each run's primary judge first, then in the order they judged."""
    names: dict[str, None] = {}
    for run in runs if runs is not None else store.run_names():
        primary = primary_judge(store, run)
        if primary is not None:
            names.setdefault(primary)
    for run in runs if runs is not None else store.run_names():
        for judge in run_judges(store, run):
            names.setdefault(judge)
    return list(names)


def comparison_view(store: WorkspaceStore, a: str, b: str,
                    runs: Collection[str] | None = None, *, seed: int = DEFAULT_SEED,
                    resamples: int = DEFAULT_RESAMPLES) -> ComparisonView:
    """Judges `a` and `b` compared (slow, the bootstrap: run it off the UI thread)."""
    inputs, buckets = comparison_buckets(store, a, b, runs)
    return ComparisonView(a, b, compare_entries(inputs, buckets, a, b, seed=seed,
                                                resamples=resamples), buckets)
