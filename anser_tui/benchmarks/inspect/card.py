"""The Inspect item's review card (benchmarks.card's view models): the transcript, the target,
the answer, and the judge's side, the Score (value in the scorer's own space, answer,
explanation) with the grader's prompt and reply beside it.

Everything comes from the task and the judgment's raw text (`log_files.raw_text`); the text is
untrusted and is neutralised on the way into the view models."""

from __future__ import annotations

import json
from typing import Any

from anser_tui.benchmarks.card import Block as CardBlock
from anser_tui.benchmarks.card import CardItem, ReviewCard, Section, Tone
from anser_tui.core.text import value_text
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.tasks import Task

Block = tuple[str, str]  # (title, text)


def _raw(judgment: Judgment) -> dict[str, Any]:
    try:
        data = json.loads(judgment.calls[0].raw) if judgment.calls else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def judge_blocks(judgment: Judgment | None) -> list[Block]:
    """The Score and the grader's exchange; one block saying so when there is no judgment."""
    if judgment is None:
        return [("Score", "(no Score imported for this sample)")]
    data = _raw(judgment)
    score, grader = _object(data.get("score")), _object(data.get("grader"))
    lines = [f"value: {value_text(score.get('value'))}", f"status: {judgment.status.value}"]
    if score.get("answer") is not None:
        lines.append(f"answer: {score['answer']}")
    if judgment.error:
        lines.append(f"error: {judgment.error}")
    blocks = [("Score", "\n".join(lines))]
    if score.get("explanation"):
        blocks.append(("Explanation", str(score["explanation"])))
    if grader.get("prompt"):
        blocks.append(("Grader prompt", str(grader["prompt"])))
    if grader.get("reply"):
        blocks.append(("Grader reply", str(grader["reply"])))
    return blocks


def card_blocks(task: Task, answer: str | None, judgment: Judgment | None) -> list[Block]:
    """Every block of the card, in reading order."""
    return [("Transcript", task.query), ("Target", value_text(task.ground_truth)),
            ("Answer", answer if answer is not None else "(no output in this run)"),
            *judge_blocks(judgment)]


def inspect_card(item: CardItem) -> ReviewCard:
    """The card of one sample: the transcript as the task, the target as the reference, the
    Score and the grader's exchange as what the judge said."""
    task = item.task
    answer = (Section.of("", item.output.answer_text) if item.output is not None else
              Section("", "(no output in this run)", tone=Tone.ITALIC))
    return ReviewCard(
        task=CardBlock.of(f"Sample {task.id}", (Section.of("", task.query),)),
        answer=CardBlock.of(f"Answer · {item.run}", (answer,)),
        reference=CardBlock.of("Target", (Section.of("", value_text(task.ground_truth)),)),
        judge_said=tuple(Section.of(title, text) for title, text
                         in judge_blocks(item.judgment)))
