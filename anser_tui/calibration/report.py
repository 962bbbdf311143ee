"""Calibration of the judge against its reviewers (DESIGN section 8), for a whole workspace.

`calibration_report(store)` gives every statistic of section 8:

- rows: judge-human agreement (`scoring.agreement.agreement_row`) for each scope ("all",
  "group:<group>", "run:<run>", "reviewer:<name>") and dimension (each criterion key, pooled
  across the rubrics that share it, and "score"), from the pairs of `calibration_pairs` (a
  reviewer's blind value first). A scope and dimension without pairs has no row.
- corrected: the judge mean and the human-corrected mean per run and group
  (`sessions.corrected_scores`), with the stopping rule for a target interval width.
- reviewers: inter-reviewer alpha and pairwise kappa per scope ("all", groups, runs) and
  dimension wherever two or more reviewers marked the same items, on the same human values.
- anchoring: per scope ("all", "reviewer:<name>") and dimension, over verdicts made blind in a
  blind session (the screen reveals the judge right after): how often the reviewer's standing
  verdict moved off the blind one, and toward the judge they were shown.
- self_consistency: per reviewer and dimension, agreement between a reviewer's recheck
  verdicts (items re-inserted blind) and their own standing human value on the same items,
  as an agreement row with the recheck in the judge's place (bias = recheck - original).
- adjudication: per run, items reviewed, agreed, in dispute and adjudicated.

Intervals are seeded (`seed`, `resamples`), so the same workspace gives the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from anser_tui.calibration.adjudication import Standing, settle
from anser_tui.calibration.corrected_scores import (
    DEFAULT_TARGET_WIDTH,
    CorrectedEntry,
    corrected_scores,
)
from anser_tui.calibration.pairs import SCORE, CalibrationInputs, Pair
from anser_tui.scoring.agreement import Scale, ScaleKind, agreement_row
from anser_tui.scoring.agreement_bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from anser_tui.scoring.agreement_reviewers import anchoring, reviewer_agreement
from anser_tui.scoring.corrected import Method
from anser_tui.workspace.item import Item
from anser_tui.workspace.store import WorkspaceStore

Key = tuple[str, str, ScaleKind]  # (scope, dimension, scale)


@dataclass
class CalibrationReport:
    rows: list[dict[str, Any]] = field(default_factory=list)
    corrected: list[CorrectedEntry] = field(default_factory=list)
    reviewers: list[dict[str, Any]] = field(default_factory=list)
    anchoring: list[dict[str, Any]] = field(default_factory=list)
    self_consistency: list[dict[str, Any]] = field(default_factory=list)
    adjudication: list[dict[str, Any]] = field(default_factory=list)
    target_width: float = DEFAULT_TARGET_WIDTH

    def to_json(self) -> dict[str, Any]:
        """`{"rows", "corrected", "reviewers"}` as DESIGN section 8 names them, then
        "stopping", "anchoring", "self_consistency" and "adjudication"."""
        return {"rows": self.rows, "corrected": [c.to_json() for c in self.corrected],
                "reviewers": self.reviewers,
                "stopping": [c.stopping_json() for c in self.corrected],
                "anchoring": self.anchoring, "self_consistency": self.self_consistency,
                "adjudication": self.adjudication}


class _Order:
    """Scopes and dimensions in report order: all, groups (benchmark order), runs (import
    order), reviewers (sorted); "score" first, then criteria as the rubrics list them."""

    def __init__(self, inputs: CalibrationInputs):
        self.groups: dict[str, int] = {}
        self.dimensions: dict[str, int] = {SCORE: 0}
        for task in inputs.tasks.values():
            self.groups.setdefault(task.group, len(self.groups))
            rubric = inputs.rubric(task.id)
            for c in rubric.criteria if rubric else ():
                self.dimensions.setdefault(c.key, len(self.dimensions))
        self.runs = {r: i for i, r in enumerate(inputs.runs)}

    def scope(self, scope: str) -> tuple[int, int, str]:
        kind, _, name = scope.partition(":")
        if kind == "group":
            return (1, self.groups.get(name, len(self.groups)), name)
        if kind == "run":
            return (2, self.runs.get(name, len(self.runs)), name)
        return (0, 0, "") if kind == "all" else (3, 0, name)

    def key(self, key: Key) -> tuple[Any, ...]:
        scope, dimension, scale = key
        return (*self.scope(scope), self.dimensions.get(dimension, len(self.dimensions)),
                dimension, scale)


def _scopes(item: Item, group: str, reviewer: str | None) -> list[str]:
    scopes = ["all", f"group:{group}", f"run:{item.run}"]
    return scopes + ([f"reviewer:{reviewer}"] if reviewer is not None else [])


def _sorted(buckets: dict[Key, Any], order: _Order) -> list[tuple[Key, Any]]:
    return sorted(buckets.items(), key=lambda kv: order.key(kv[0]))


def agreement_rows(pairs: Iterable[Pair], order_key: Callable[[Key], Any] | None = None, *,
                   seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES
                   ) -> list[dict[str, Any]]:
    """A row per scope and dimension of the pairs: {"scope", "dimension", ...statistics}."""
    buckets: dict[Key, tuple[list[float], list[float]]] = {}
    scopes_of: dict[tuple[str, str, str | None], list[str]] = {}  # by (run, group, reviewer)
    for p in pairs:
        where = (p.item.run, p.group, p.reviewer)
        scopes = scopes_of.get(where)
        if scopes is None:
            scopes = scopes_of[where] = _scopes(p.item, p.group, p.reviewer)
        for scope in scopes:
            key = (scope, p.dimension, p.scale)
            bucket = buckets.get(key)
            if bucket is None:
                bucket = buckets[key] = ([], [])
            bucket[0].append(p.judge)
            bucket[1].append(p.human)
    keys = sorted(buckets, key=order_key) if order_key else list(buckets)
    return [{"scope": scope, "dimension": dim,
             **agreement_row(*buckets[(scope, dim, scale)], Scale(scale), seed=seed,
                             resamples=resamples).to_json()}
            for scope, dim, scale in keys]


def _reviewer_entries(inputs: CalibrationInputs, order: _Order) -> list[dict[str, Any]]:
    marks: dict[Key, dict[str, dict[Item, float]]] = {}
    for item, by_reviewer in inputs.book.reviews.items():
        if len(by_reviewer) < 2:
            continue
        group = inputs.group(item.task_id)
        for reviewer, verdict in by_reviewer.items():
            for (dim, scale), value in inputs.human_values(item, verdict.human).items():
                for scope in _scopes(item, group, None):
                    marks.setdefault((scope, dim, scale), {}).setdefault(reviewer, {})[
                        item] = value
    out = []
    for (scope, dim, scale), table in _sorted(marks, order):
        found = reviewer_agreement(table, Scale(scale))
        if found is not None:
            out.append({"scope": scope, "dimension": dim, **found.to_json()})
    return out


def _anchoring_entries(inputs: CalibrationInputs, order: _Order) -> list[dict[str, Any]]:
    moves: dict[Key, list[tuple[float, float, float]]] = {}
    for item, by_reviewer in inputs.book.reviews.items():
        for reviewer, verdict in by_reviewer.items():
            if verdict.blind is None or not verdict.blind_revealed:
                continue
            blind = inputs.human_values(item, verdict.blind)
            revised = inputs.human_values(item, verdict.verdict)
            judge = inputs.judge_values(item, inputs.judge_side_seen(item, verdict.blind))
            for key, value in blind.items():
                if key in revised and key in judge:
                    for scope in ("all", f"reviewer:{reviewer}"):
                        moves.setdefault((scope, *key), []).append(
                            (value, revised[key], judge[key]))
    return [{"scope": scope, "dimension": dim, **anchoring(found).to_json()}
            for (scope, dim, _), found in _sorted(moves, order)]


def _self_consistency(inputs: CalibrationInputs, order: _Order, seed: int, resamples: int
                      ) -> list[dict[str, Any]]:
    pairs: dict[Key, tuple[list[float], list[float]]] = {}
    for item, by_reviewer in inputs.book.rechecks.items():
        for reviewer, recheck in by_reviewer.items():
            original = inputs.book.reviews.get(item, {}).get(reviewer)
            if original is None:
                continue
            again = inputs.human_values(item, recheck.human)
            first = inputs.human_values(item, original.human)
            for key, value in again.items():
                if key in first:
                    for scope in ("all", f"reviewer:{reviewer}"):
                        a, b = pairs.setdefault((scope, *key), ([], []))
                        a.append(value)
                        b.append(first[key])
    return [{"scope": scope, "dimension": dim,
             **agreement_row(again, first, Scale(scale), seed=seed,
                             resamples=resamples).to_json()}
            for (scope, dim, scale), (again, first) in _sorted(pairs, order)]


def _adjudication_counts(inputs: CalibrationInputs) -> list[dict[str, Any]]:
    settled = settle(inputs.book)
    out = []
    for run in inputs.runs:
        standings = [s.standing for item, s in settled.items() if item.run == run]
        out.append({"scope": f"run:{run}",
                    "n_reviewed": sum(s is not Standing.DISPUTED for s in standings),
                    "n_agreed": standings.count(Standing.AGREED),
                    "n_in_dispute": standings.count(Standing.DISPUTED),
                    "n_adjudicated": standings.count(Standing.ADJUDICATED)})
    return out


def calibration_report(store: WorkspaceStore, runs: Collection[str] | None = None, *,
                       seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES,
                       target_width: float = DEFAULT_TARGET_WIDTH,
                       method: Method | None = None,
                       inputs: CalibrationInputs | None = None) -> CalibrationReport:
    """Every calibration statistic of the workspace (of `runs`; None: every run); the
    corrected scores by `method` (default: PPI++ with the finite-population correction).
    `inputs`: the same runs' inputs where the caller has read them already."""
    if inputs is None:
        inputs = CalibrationInputs(store, runs, calls=False)
    order = _Order(inputs)
    return CalibrationReport(
        rows=agreement_rows(inputs.pairs(), order.key, seed=seed, resamples=resamples),
        corrected=corrected_scores(inputs, target_width, method),
        reviewers=_reviewer_entries(inputs, order),
        anchoring=_anchoring_entries(inputs, order),
        self_consistency=_self_consistency(inputs, order, seed, resamples),
        adjudication=_adjudication_counts(inputs), target_width=target_width)
