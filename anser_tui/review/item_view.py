"""Everything the review screen shows for one item, read from the workspace in one place."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from anser_tui.benchmarks.anser.evidence_diff import EvidenceDiff, evidence_diff, task_space
from anser_tui.benchmarks.anser.groups import EvidenceSpace
from anser_tui.review.session import ReviewSession
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import current_of, judge_of, judgment_history
from anser_tui.workspace.records import Judgment, RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task


@dataclass(frozen=True)
class ItemView:
    item: Item
    position: int
    task: Task
    output: RunOutput | None
    judgment: Judgment | None  # the current one: the newest ok judgment, else the newest
    rubric: Rubric | None  # None: the LLM judge does not score this form
    diff: EvidenceDiff | None  # None: the benchmark has no evidence corpora
    metrics: dict[str, tuple[float | None, str | None]]
    metric_names: tuple[str, ...]  # the task's metric columns, in report order
    has_evidence: bool = True  # the benchmark has corpora: the evidence diff is shown
    history: tuple[Judgment, ...] = ()  # every judge attempt on the item, oldest first

    @property
    def answer_text(self) -> str:
        return self.output.answer_text if self.output else ""


Resolver = Callable[[EvidenceSpace], Callable[[str], str] | None]


def load_item(session: ReviewSession, position: int, resolver: Resolver | None = None
              ) -> ItemView:
    """`resolver` gives a space's id resolver (rule id -> "law | item"; CorpusLibrary.resolver)
    so that the diff shown agrees with the metrics."""
    store = session.store
    item = session.items[position]
    task = store.task(item.task_id)
    output = store.output(item.run, item.task_id)
    has_evidence = session.benchmark.corpora_dir(store.data_dir) is not None
    history = tuple(judgment_history(store, item.run, item.task_id))
    return ItemView(item=item, position=position, task=task, output=output,
                    judgment=current_of(history, judge_of(store, item.run)), history=history,
                    rubric=session.rubric(item),
                    diff=evidence_diff(task, output.retrieved if output else [],
                                       resolver(task_space(task)) if resolver else None)
                    if has_evidence else None,
                    metrics=store.task_metrics(item.run, item.task_id),
                    metric_names=session.benchmark.metric_names(task),
                    has_evidence=has_evidence)
