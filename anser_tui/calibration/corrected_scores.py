"""The human-corrected score per run and per group (DESIGN section 8), and the stopping rule.

For a scope (a run's items, or a group's items over the runs calibrated), the judge mean is over
every item with a usable judge score. The corrected mean is prediction-powered inference
(`scoring.corrected`) with the human value the adjudication policy settles on
(`sessions.adjudication`; an item in dispute counts as not yet reviewed), and is valid only
where the reviewed items are a random sample of the scope:

- The sample is drawn by review sessions whose design says `"random_sample": true` (seeded
  random or stratified orders), and only by those whose population covers the whole scope
  (their filters accept every judged item of it, and the run was in the workspace when the
  session started). Of their queues, the items drawn (an inclusion probability, no recheck
  mark) that have a settled human value are the reviewed items.
- A stratified design (its design lists strata) uses the stratified estimator, strata as the
  queue draws them (a task's splits, say its group), weighted by the scope's judged items
  per stratum; a stratum of the scope with no reviewed item leaves the corrected mean null.
- An active design (`review --order active`) draws successively with recorded sizes; its
  reviewed items of the scope, in queue order, are the draws of `scoring.active_ppi`'s
  estimator (`calibration.active_scope`). Where an active session covers the scope (its sizes
  name every item of it), its draws alone are the sample (the one with the most reviewed items,
  when several do). An active queue drawn before the draws were successive gives none.
- No such session: `random_sample` is false and there is no corrected value (disagreement
  first, task order, hand-picked, imported labels); `n_reviewed` still counts the scope's
  reviewed items.

The estimator and the finite-population correction are the `Method` given (the
`calibration.estimator` and `calibration.finite_population` settings; PPI++ with the correction
by default). Stopping rule: for a target width t (the `calibration.target_width` setting, 5
points by default), `reviews_needed` is `CorrectedMean.reviews_needed(t)`, under the same
estimator and correction: at most N - n, 0 once the width is at most t.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import TYPE_CHECKING, Any

from anser_tui.benchmarks.base import Benchmark
from anser_tui.calibration.active_scope import (
    OLD_ACTIVE,
    ActiveSample,
    active_sample,
    recorded_sizes,
    successive,
)
from anser_tui.calibration.adjudication import Standing, settle
from anser_tui.review.queue import QueueSpec
from anser_tui.review.sampling import Order
from anser_tui.scoring.corrected import (
    CorrectedMean,
    Method,
    Stratum,
    ppi_mean,
    stratified_ppi_mean,
)
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import usable_score
from anser_tui.workspace.sessions import REVIEW, SessionInfo
from anser_tui.workspace.tasks import Task

if TYPE_CHECKING:
    from anser_tui.calibration.pairs import CalibrationInputs

DEFAULT_TARGET_WIDTH = 5.0
NOT_RANDOM = ("the reviewed items are not a random sample of this scope (no random or "
              "stratified review session covers it): no corrected value")


@dataclass(frozen=True)
class Sample:
    """A scope's judge scores per stratum (one unnamed stratum when not stratified) and its
    reviewed items in review order: (stratum, human, judge)."""

    judged: dict[str, list[float]]
    reviewed: list[tuple[str, float, float]]
    stratified: bool = False

    def at(self, k: int, method: Method) -> CorrectedMean:
        """The corrected mean on the first k reviewed items."""
        picked = self.reviewed[:k]
        strata = [Stratum(judged, [(r[1], r[2]) for r in picked if r[0] == name])
                  for name, judged in self.judged.items()]
        if self.stratified:
            return stratified_ppi_mean(strata, method=method, names=list(self.judged))
        [one] = strata
        return ppi_mean(one.judge_all, one.reviewed, method=method)


@dataclass(frozen=True)
class CorrectedEntry:
    scope: str
    result: CorrectedMean
    target_width: float
    note: str | None = None  # why there is no corrected value
    sample: Sample | ActiveSample | None = field(default=None, repr=False, compare=False)

    def narrowing(self, points: int = 8) -> list[tuple[int, tuple[float, float]]]:
        """The interval after k reviews (in the order they were made), for up to `points`
        values of k spread evenly from 2 to n (n last): how it narrowed."""
        n = self.result.n_reviewed
        if self.sample is None or n < 2:
            return []
        ks = sorted({round(2 + i * (n - 2) / max(points - 1, 1)) for i in range(points)})
        out = []
        for k in ks:
            ci = self.sample.at(k, self.result.method).ci
            if ci is not None:
                out.append((k, ci))
        return out

    def to_json(self) -> dict[str, Any]:
        """{"scope", "n_items", "n_reviewed", "judge_mean", "corrected_mean", "ci",
        "random_sample", "reviews_to_halve_ci", "estimator", "lambda", "finite_population"}
        exactly."""
        return {"scope": self.scope, **self.result.to_json()}

    @property
    def ci_width(self) -> float | None:
        return self.result.width

    @property
    def reviews_needed(self) -> int | None:
        """Reviews still needed for an interval of the target width (None: no interval)."""
        return self.result.reviews_needed(self.target_width)

    def stopping_json(self) -> dict[str, Any]:
        return {"scope": self.scope, "target_width": self.target_width,
                "ci_width": self.ci_width, "reviews_needed": self.reviews_needed}


def stratum(benchmark: Benchmark, task: Task) -> str:
    """A task's stratum as a stratified queue draws it: its splits joined (say its group)."""
    return "+".join(benchmark.splits(task)) or "(none)"


def _spec(session: SessionInfo) -> QueueSpec | None:
    f = session.filters
    try:
        where = {str(k): tuple(str(v) for v in values)
                 for k, values in dict(f.get("where") or {}).items()}
        return QueueSpec(all_tasks=bool(f.get("all_tasks")),
                         runs=tuple(str(r) for r in f.get("runs") or ()), where=where)
    except (TypeError, ValueError):
        return None


class _Population:
    """Which items a random session drew from."""

    def __init__(self, inputs: CalibrationInputs, session: SessionInfo,
                 imported: dict[str, str]):
        self.inputs, self.session, self.spec = inputs, session, _spec(session)
        self.runs = set(self.spec.runs) if self.spec and self.spec.runs else {
            r for r, at in imported.items() if at <= session.created_at}
        self.drawn = {e.item: e.inclusion_probability for e in session.items
                      if not e.recheck and e.inclusion_probability is not None}
        self.active = session.design.get("order") == Order.ACTIVE.value
        self.sizes = recorded_sizes(self.drawn, session.design) if self.active else {}

    def filters_cover(self, items: Sequence[Item]) -> bool:
        if self.spec is None:
            return False
        tasks = self.inputs.tasks
        return all(it.run in self.runs and it.task_id in tasks
                   and self.spec.accepts(tasks[it.task_id], self.inputs.benchmark)
                   for it in items)

    def covers(self, items: Sequence[Item]) -> bool:
        """Whether the session drew from every item of the scope (an active one: with a
        successive draw and a size for each)."""
        if not self.active:
            return self.filters_cover(items)
        return (successive(self.session.design) and all(it in self.sizes for it in items)
                and self.filters_cover(items))


def _entry(inputs: CalibrationInputs, scope: str, items: list[Item],
           judge: dict[Item, float], human: dict[Item, float], when: dict[Item, tuple[str, int]],
           populations: list[_Population], target: float, method: Method) -> CorrectedEntry:
    covering = [p for p in populations if p.covers(items)]
    if not covering:
        reviewed = [(human[it], judge[it]) for it in items if it in human]
        old = any(p.active and p.filters_cover(items) for p in populations)
        return CorrectedEntry(scope, ppi_mean([judge[it] for it in items], reviewed, False,
                                              method), target, OLD_ACTIVE if old else NOT_RANDOM)
    active = [p for p in covering if p.active]
    if active:
        best = max(active, key=lambda p: sum(it in human for it in p.drawn))
        return _active_entry(scope, items, judge, human, best, target, method)
    drawn = {it for p in covering for it in p.drawn if it in human}
    stratified = any(p.session.stratified for p in covering)
    judged: dict[str, list[float]] = {}
    for it in items:
        name = stratum(inputs.benchmark, inputs.tasks[it.task_id]) if stratified else ""
        judged.setdefault(name, []).append(judge[it])
    in_order = sorted((it for it in items if it in drawn), key=lambda it: when.get(it, ("", 0)))
    sample = Sample(judged, [
        (stratum(inputs.benchmark, inputs.tasks[it.task_id]) if stratified else "", human[it],
         judge[it]) for it in in_order], stratified)
    return CorrectedEntry(scope, sample.at(len(in_order), method), target, sample=sample)


def _active_entry(scope: str, items: list[Item], judge: dict[Item, float],
                  human: dict[Item, float], session: _Population, target: float,
                  method: Method) -> CorrectedEntry:
    """The entry of a scope an active session drew (n_items and the judge mean over all of
    the scope's items, an item passed over included)."""
    sample = active_sample(items, judge, human, list(session.drawn), session.sizes)
    found = sample.at(len(sample.reviewed), method)
    result = CorrectedMean(len(items), found.n_reviewed, fmean(judge[it] for it in items),
                           found.corrected_mean, found.ci, True, method, found.lam, found.terms)
    return CorrectedEntry(scope, result, target, sample=sample)


def _review_times(inputs: CalibrationInputs) -> dict[Item, tuple[str, int]]:
    """When each item's human value was last given (reviewers' or an adjudicator's)."""
    when: dict[Item, tuple[str, int]] = {}
    for item, by_reviewer in inputs.book.reviews.items():
        when[item] = max((v.human.created_at or "", v.human.id or 0)
                         for v in by_reviewer.values())
    for item, decision in inputs.book.adjudications.items():
        when[item] = max(when.get(item, ("", 0)), (decision.created_at or "", decision.id or 0))
    return when


def corrected_scores(inputs: CalibrationInputs, target_width: float = DEFAULT_TARGET_WIDTH,
                     method: Method | None = None) -> list[CorrectedEntry]:
    """The corrected entry of each run, then of each group (over the runs of `inputs`), by
    `method` (default: PPI++ with the finite-population correction)."""
    method = method or Method()
    judge: dict[Item, float] = {}
    for item, judgment in inputs.judgments.items():
        score = usable_score(judgment)
        if score is not None and item.task_id in inputs.tasks:
            judge[item] = score
    human = {it: s.score for it, s in settle(inputs.book).items()
             if s.standing is not Standing.DISPUTED and s.score is not None and it in judge}
    imported = inputs.store.run_import_times()
    populations = [_Population(inputs, s, imported) for s in inputs.book.sessions.values()
                   if s.purpose == REVIEW and s.random_sample]
    task_order = {tid: i for i, tid in enumerate(inputs.tasks)}
    ordered = sorted(judge, key=lambda it: (task_order[it.task_id], inputs.runs.index(it.run)))
    runs: dict[str, list[Item]] = {f"run:{r}": [] for r in inputs.runs}
    groups: dict[str, list[Item]] = {}
    for it in ordered:
        runs[f"run:{it.run}"].append(it)
        groups.setdefault(f"group:{inputs.group(it.task_id)}", []).append(it)
    when = _review_times(inputs)
    return [_entry(inputs, name, items, judge, human, when, populations, target_width, method)
            for name, items in [*runs.items(), *groups.items()] if items]
