"""ANSER-Bench's review card: the task's query and instruction, the answer, the ground truth;
the rubric's 0-4 dimensions are typed as digits in order."""

from __future__ import annotations

from anser_tui.benchmarks.anser.groups import LATENCY
from anser_tui.benchmarks.card import Block, CardItem, ReviewCard, Section, Tone, judge_reason
from anser_tui.core.text import value_text


def anser_card(item: CardItem) -> ReviewCard:
    task = item.task
    subtitle = f"{task.group} · {task.form.value}" + (
        f" · {task.prompt.type}" if task.prompt.type else "")
    answer = (Section.of("", item.output.answer_text) if item.output is not None else
              Section("", "(no output in this run: scored as an empty answer)", tone=Tone.ITALIC))
    return ReviewCard(
        task=Block.of(f"Task {task.id}", (Section.of("Query", task.query, inline=True),
                                       Section.of("Instruction", task.instruction, inline=True)),
                   subtitle=subtitle),
        answer=Block.of(f"Answer · {item.run}", (answer,)),
        reference=Block.of("Ground truth", (Section.of("", value_text(task.ground_truth)),)),
        judge_said=judge_reason(item.judgment), metric_units={LATENCY: "s"})
