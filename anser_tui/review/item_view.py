"""Everything the review screen shows for one item, read from the workspace in one place."""

from __future__ import annotations

from anser_tui.benchmarks.card import CardItem, ReviewCard
from anser_tui.benchmarks.evidence import EvidenceView
from anser_tui.core.value import Value
from anser_tui.corpora.library import CorpusLibrary
from anser_tui.review.session import ReviewSession
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import current_of, judge_of, judgment_history
from anser_tui.workspace.records import Judgment, RunOutput
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task


class ItemView(Value):
    """Everything the review screen shows of one queue item, read once when it is shown."""

    item: Item
    position: int
    task: Task
    output: RunOutput | None
    judgment: Judgment | None  # the current one: the newest ok judgment, else the newest
    rubric: Rubric | None  # None: the LLM judge does not score this form
    diff: EvidenceView | None  # None: the benchmark has no evidence lists
    metrics: dict[str, tuple[float | None, str | None]]
    metric_names: tuple[str, ...]  # the task's metric columns, in report order
    history: tuple[Judgment, ...] = ()  # every judge attempt on the item, oldest first
    card: ReviewCard | None = None  # the benchmark's panels (None: not built, as in a test)

    @property
    def answer_text(self) -> str:
        return self.output.answer_text if self.output else ""

    @property
    def has_evidence(self) -> bool:
        """The benchmark gives the item evidence lists: the evidence panel is shown."""
        return self.diff is not None


def load_item(session: ReviewSession, position: int, library: CorpusLibrary | None = None
              ) -> ItemView:
    """`library` maps evidence ids into their corpus keys (`Benchmark.evidence`) so that the
    evidence shown agrees with the metrics (None: ids as written)."""
    store = session.store
    item = session.items[position]
    task = store.task(item.task_id)
    output = store.output(item.run, item.task_id)
    history = tuple(judgment_history(store, item.run, item.task_id))
    judgment = current_of(history, judge_of(store, item.run))
    card_item = CardItem(task, item.run, output, judgment)
    return ItemView(item=item, position=position, task=task, output=output,
                    judgment=judgment, history=history,
                    card=session.benchmark.review_card(card_item),
                    rubric=session.rubric(item),
                    diff=session.benchmark.evidence(card_item, library),
                    metrics=store.task_metrics(item.run, item.task_id),
                    metric_names=session.benchmark.metric_names(task))
