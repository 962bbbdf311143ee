"""AA-LCR's review card: the question with its document set (opened in the order the row lists
them), the answer, the answer key of the dataset version stated, and the judge's verdict read
as a verdict; the one binary mark is typed (1 or y, 0) or the judge's is flipped."""

from __future__ import annotations

from anser_tui.benchmarks.aalcr.documents import document_names
from anser_tui.benchmarks.aalcr.verdicts import VERDICT, WORDS
from anser_tui.benchmarks.card import (
    Block,
    CardItem,
    CardKey,
    ReviewCard,
    Section,
    Tone,
    judge_reason,
)
from anser_tui.core.text import value_text
from anser_tui.workspace.records import Judgment, JudgmentStatus

_WORD = {value: word for word, value in WORDS.items()}


def _verdict(judgment: Judgment | None) -> tuple[Section, ...]:
    """A verdict read is the verdict; a reply that gave none shows what it said instead."""
    if judgment is None or judgment.status is not JudgmentStatus.OK or \
            judgment.marks.get(VERDICT) not in _WORD:
        return judge_reason(judgment)
    said = (Section("Verdict", _WORD[int(judgment.marks[VERDICT])], inline=True),)
    return said + ((Section.of("Reason", judgment.reason),) if judgment.reason else ())


def aalcr_card(item: CardItem) -> ReviewCard:
    task = item.task
    names = document_names(task)
    listed = "\n".join(f"{i}. {name}" for i, name in enumerate(names, start=1))
    answer = (Section.of("", item.output.answer_text) if item.output is not None else
              Section("", "(no output in this run: scored as an empty answer)", tone=Tone.ITALIC))
    version = task.extra.get("dataset_version", "")
    subtitle = f"{task.extra.get('document_category', '')} · set " \
               f"{task.extra.get('document_set_id', '')}"
    return ReviewCard(
        task=Block.of(f"Question {task.id}", (
            Section.of("Question", task.query, inline=True),
            Section.of(f"Documents ({len(names)}, in reading order)", listed)),
            subtitle=subtitle),
        answer=Block.of(f"Answer · {item.run}", (answer,)),
        reference=Block.of(f"Ground truth · answer key of dataset {version}",
                        (Section.of("", value_text(task.ground_truth)),)),
        judge_said=_verdict(item.judgment),
        keys=frozenset({CardKey.FLIP, CardKey.DOCUMENTS}))
