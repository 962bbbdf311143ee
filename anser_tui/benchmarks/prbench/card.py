"""PRBench's review card: the conversation with each user turn's reference texts (folded until
unfolded) and long turns paged, the final response with its reasoning blocks folded (the judge
never sees them), and the task's criteria marked one at a time, each with its weight, category,
title, rationale (shown to reviewers, never to the judge) and the judge's explanation."""

from __future__ import annotations

from anser_tui.benchmarks.card import (
    Block,
    CardItem,
    CardKey,
    FormKind,
    ReviewCard,
    Section,
    Tone,
    judge_reason,
)
from anser_tui.benchmarks.prbench.conversation import response_segments
from anser_tui.benchmarks.prbench.loader import task_turns
from anser_tui.benchmarks.prbench.scores import deciding_calls
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.tasks import Task

EXPLAINED = "the judge explains each criterion: see the focused criterion's panel"


def _conversation(task: Task) -> tuple[Section, ...]:
    sections: list[Section] = []
    for turn in task_turns(task):
        sections.append(Section.of(f"{turn.role}:", ""))
        sections += [Section.of(f"Reference Text {i}:", text, folded=True, paged=True)
                     for i, text in enumerate(turn.references)]
        sections.append(Section.of("", turn.text, paged=True))
    return tuple(sections)


def _response(item: CardItem) -> tuple[Section, ...]:
    if item.output is None:
        return (Section("", "(no response in this run: judged as an empty one)",
                        tone=Tone.ITALIC),)
    return tuple(
        Section.of(f"<{s.tag}> block (not shown to the judge)", s.text, folded=True,
                   tone=Tone.MUTED) if s.reasoning else
        Section.of("", s.text.strip("\n"), paged=True)
        for s in response_segments(item.output.answer_text))


def _criteria(rubric: Rubric, judgment: Judgment | None) -> dict[str, Block]:
    explanations = {k: c.explanation for k, c in
                    (deciding_calls(judgment) if judgment else {}).items()}
    blocks = {}
    for c in rubric.criteria:
        sections = [Section.of("Title", c.label, inline=True),
                    Section.of("Weight", f"{c.weight:+g}", inline=True),
                    Section.of("Category", c.category or "—", inline=True)]
        if c.description:
            sections.append(Section.of("Rationale (reviewers only; never sent to the judge)",
                                       c.description))
        if explanations.get(c.key):
            sections.append(Section.of("The judge's explanation", explanations[c.key] or ""))
        blocks[c.key] = Block.of(f"Criterion {c.key}", tuple(sections))
    return blocks


def prbench_card(item: CardItem, rubric: Rubric) -> ReviewCard:
    task = item.task
    subtitle = f"{task.group} · {task.objective}" + (
        f" · {task.prompt.type}" if task.prompt.type else "")
    return ReviewCard(
        task=Block.of(f"Conversation {task.id}", _conversation(task),
                   subtitle=subtitle),
        answer=Block.of(f"Response · {item.run}", _response(item)),
        reference=None,
        judge_said=judge_reason(item.judgment, EXPLAINED),
        form=FormKind.CRITERIA, keys=frozenset({CardKey.UNFOLD}),
        criteria=_criteria(rubric, item.judgment))
