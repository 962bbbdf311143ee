"""What queues, filters and jumps know of an item besides its decisions: the task's group and
form, the judge's current score, the metric values, and how far the judge and the metrics
disagree. Read for the whole workspace in a few queries, then kept until the workspace changes
(a judge run writing through its own connection, a `score` run in another process)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from anser_tui.benchmarks.base import Benchmark
from anser_tui.review.disagreement import Disagreement, JudgeFacts, disagreement
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import latest_judgment_facts
from anser_tui.workspace.metrics import metric_values
from anser_tui.workspace.store import WorkspaceStore


@dataclass(frozen=True)
class ItemFacts:
    group: str
    form: str
    judge_score: float | None  # the current judgment's score, on the rubric's own scale
    metrics: Mapping[str, float | None]
    disagreement: Disagreement


class WorkspaceFacts:
    """The facts of any (run, task) of one workspace."""

    def __init__(self, store: WorkspaceStore, benchmark: Benchmark):
        self.store = store
        self.benchmark = benchmark
        self._stamp = store.change_stamp()
        store.tasks()  # every task read at once (kept by the store), not one query per item
        self._judges = latest_judgment_facts(store)
        self._metrics = metric_values(store)
        self._facts: dict[Item, ItemFacts] = {}

    @property
    def stale(self) -> bool:
        """Whether judgments or metrics may have changed since these were read."""
        return self.store.change_stamp() != self._stamp

    @property
    def metric_names(self) -> list[str]:
        return sorted({name for values in self._metrics.values() for name in values})

    def of(self, item: Item) -> ItemFacts:
        found = self._facts.get(item)
        if found is None:
            found = self._facts[item] = self._read(item)
        return found

    def _read(self, item: Item) -> ItemFacts:
        task = self.store.task(item.task_id)
        metrics = self._metrics.get((item.run, item.task_id), {})
        judged = self._judges.get((item.run, item.task_id))
        rubric = self.benchmark.rubric(task)
        judge: JudgeFacts | None = None
        score: float | None = None
        if judged is not None and rubric is not None:
            status, score, mismatch = judged
            judge = JudgeFacts(status, rubric.aggregate.fraction(score), mismatch)
        found = disagreement(judge, lambda j: self.benchmark.disagreement_signals(task, j, metrics))
        return ItemFacts(group=task.group, form=task.form.value, judge_score=score,
                         metrics=metrics, disagreement=found)
