"""(judge, human) pairs for calibration: one per reviewer, item and dimension.

The human value of an item is each reviewer's blind verdict where there is one, else their
standing verdict (`sessions.verdicts`); adjudicators' verdicts and rechecks are not paired (an
adjudicator has seen the reviewers; a recheck measures the reviewer). The judge's value is the
run's current judgment (of the run's primary judge, or the judge asked for). Dimensions are the
rubric's criteria by key (0-4, binary or a number, as the criterion says; a grade on the 0-4
scale at 4 times its level's value: a level worth full credit pairs as 4, half as 2) and
"score", the 0-100 score. A mark is paired when both sides give the criterion a valid value; the
score when both are on the 0-100 scale, as the rubric's aggregate puts it there
(`Aggregate.on_0_100`: a weighted 0-100 score or a 0/100 verdict as it is, clipped points times
100; the judge's score only where its judgment is usable: status ok, or invalid with a score).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.review.verdicts import VerdictBook
from anser_tui.scoring.agreement import ScaleKind
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import current_judgments, judgment_marks, usable_score
from anser_tui.workspace.records import Decision, Judgment
from anser_tui.workspace.rubric import Criterion, CriterionKind, Mark, Rubric
from anser_tui.workspace.store import WorkspaceStore
from anser_tui.workspace.tasks import Task

SCORE = "score"


@dataclass(frozen=True)
class Pair:
    reviewer: str
    item: Item
    group: str
    dimension: str
    scale: ScaleKind
    judge: float
    human: float


@dataclass(frozen=True)
class JudgeSide:
    """What the judge said on an item: its marks and its score (None: not usable)."""

    marks: Mapping[str, Mark]
    score: float | None


def scale_of(kind: CriterionKind) -> ScaleKind:
    """The scale a criterion's marks are paired on: binary, a number's own, else 0-4 (a
    grade at 4 times its level's value, `Criterion.paired`)."""
    if kind is CriterionKind.BINARY:
        return "binary"
    return "number" if kind is CriterionKind.NUMBER else "scale_0_4"


POOLED = "\x00"  # joins a pooled row's name to the criterion key that is one of its pairs


def pooled_dimensions(criterion: Criterion) -> tuple[str, ...]:
    """The pooled rows a binary criterion of a many-criteria rubric joins, since its
    own key is the sample's alone: every criterion, its category, and the sign of its weight
    (a met negative criterion means the undesirable thing happened)."""
    sign = "criteria[weight>0]" if criterion.weight > 0 else "criteria[weight<0]"
    out = ["criteria", sign]
    if criterion.category:
        out.append(f"criteria[category={criterion.category}]")
    return tuple(out)


class Pairing:
    """How one rubric's marks and score become paired values, worked out once for the rubric:
    each criterion's key, scale and the pooled rows it joins, and for 0-4 and binary criteria
    the largest valid integer, checked inline (the same test as `Criterion.valid`)."""

    def __init__(self, rubric: Rubric):
        many = len(rubric.criteria) > 1
        self.aggregate = rubric.aggregate
        self.criteria = tuple(
            (c.key, scale_of(c.kind),
             c.max_value if c.kind in (CriterionKind.SCALE_0_4, CriterionKind.BINARY) else None,
             c, pooled_dimensions(c) if many and c.kind is CriterionKind.BINARY else ())
            for c in rubric.criteria)

    def values(self, marks: Mapping[str, Any], score: float | None, pooled: bool = False
               ) -> dict[tuple[str, ScaleKind], float]:
        """{(dimension, scale): value} of one side's marks and score (`pooled`: with the pooled
        rows of binary criteria too, each value keyed by its criterion)."""
        out: dict[tuple[str, ScaleKind], float] = {}
        get = marks.get
        for key, scale, top, criterion, rows in self.criteria:
            value = get(key)
            if value is None:
                continue
            if top is None:
                if not criterion.valid(value):
                    continue
                out[(key, scale)] = criterion.paired(value)
            elif isinstance(value, bool) and top != 1:
                continue
            elif isinstance(value, int) and 0 <= value <= top:
                out[(key, scale)] = float(int(value))
            else:
                continue
            if pooled and rows:
                for row in rows:
                    out[(f"{row}{POOLED}{key}", "binary")] = float(int(value))
        scaled = self.aggregate.on_0_100(score)
        if scaled is not None:
            out[(SCORE, "score_0_100")] = scaled
        return out


def side_values(rubric: Rubric, marks: Mapping[str, Any], score: float | None,
                pooled: bool = False) -> dict[tuple[str, ScaleKind], float]:
    """{(dimension, scale): value} of one side's marks and score under `rubric` (`pooled`:
    with the pooled rows of binary criteria too, each value keyed by its criterion)."""
    return Pairing(rubric).values(marks, score, pooled)


class CalibrationInputs:
    """What pairing needs, read once: tasks, rubrics, current judgments, the verdict book
    (`calls` False: the judgments without their calls, for readers of marks and scores)."""

    def __init__(self, store: WorkspaceStore, runs: Collection[str] | None = None,
                 judge: str | None = None, *, calls: bool = True):
        self.store = store
        self.runs = list(runs) if runs is not None else store.run_names()
        self.benchmark = benchmark_named(store.benchmark)
        self.tasks: dict[str, Task] = {t.id: t for t in store.tasks()}
        self._rubrics: dict[str, Rubric | None] = {}
        self._pairings: dict[int, Pairing] = {}  # by rubric id: self._rubrics keeps each alive
        self.book = VerdictBook.load(store, self.runs)
        self.judgments: dict[Item, Judgment] = {
            Item(run, task_id): j for run in self.runs
            for task_id, j in current_judgments(store, run, judge, calls=calls).items()}

    def rubric(self, task_id: str) -> Rubric | None:
        if task_id not in self._rubrics:
            task = self.tasks.get(task_id)
            self._rubrics[task_id] = self.benchmark.rubric(task) if task else None
        return self._rubrics[task_id]

    def pairing(self, task_id: str) -> Pairing | None:
        """The task's rubric's `Pairing`, worked out once a rubric (tasks may share one)."""
        rubric = self.rubric(task_id)
        if rubric is None:
            return None
        found = self._pairings.get(id(rubric))
        if found is None:
            found = self._pairings[id(rubric)] = Pairing(rubric)
        return found

    def group(self, task_id: str) -> str:
        task = self.tasks.get(task_id)
        return task.group if task else ""

    def judge_side(self, item: Item) -> JudgeSide | None:
        judgment = self.judgments.get(item)
        if judgment is None:
            return None
        return JudgeSide(judgment.marks, usable_score(judgment))

    def judge_side_seen(self, item: Item, decision: Decision) -> JudgeSide | None:
        """The judge as the reviewer saw it on revealing: the judgment the decision names
        (when it is still in the workspace), else the current one."""
        if decision.judgment_uid:
            current = self.judgments.get(item)
            if current is not None and current.uid == decision.judgment_uid:
                return self.judge_side(item)  # the one seen is the current one
            row = judgment_marks(self.store, decision.judgment_uid)
            if row is not None:
                marks, score, status = row
                usable = score if status in ("ok", "invalid") else None
                return JudgeSide(marks, usable)
        return self.judge_side(item)

    def judge_values(self, item: Item, side: JudgeSide | None = None, pooled: bool = False
                     ) -> dict[tuple[str, ScaleKind], float]:
        pairing = self.pairing(item.task_id)
        side = side or self.judge_side(item)
        if pairing is None or side is None:
            return {}
        return pairing.values(side.marks, side.score, pooled)

    def human_values(self, item: Item, decision: Decision, pooled: bool = False
                     ) -> dict[tuple[str, ScaleKind], float]:
        pairing = self.pairing(item.task_id)
        return {} if pairing is None else pairing.values(decision.marks, decision.score, pooled)

    def pairs(self) -> list[Pair]:
        """Every (judge, human) pair, reviewers sorted, items in the book's order."""
        out: list[Pair] = []
        for item, by_reviewer in self.book.reviews.items():
            judge = self.judge_values(item, pooled=True)
            if not judge:
                continue
            group = self.group(item.task_id)
            for reviewer, verdict in by_reviewer.items():
                human = self.human_values(item, verdict.human, pooled=True)
                out += [Pair(reviewer, item, group, dim.split(POOLED, 1)[0], scale,
                             judge[(dim, scale)], value)
                        for (dim, scale), value in human.items() if (dim, scale) in judge]
        return out
