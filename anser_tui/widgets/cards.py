"""What each benchmark shows in the review screen's panels (all text neutralised, no markup).

ANSER-Bench: the task's query and instruction, the answer, the ground truth. PRBench: the
conversation with each user turn's reference texts (folded until `e` unfolds them) and long
turns paged, the final response with its reasoning blocks folded (the judge never sees them),
and the focused criterion's weight, class, category, title and rationale (shown to reviewers,
never to the judge). AA-LCR: the question with its document set (Enter opens the documents,
in the order the row lists them) and the answer key of the dataset version stated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from anser_tui.core.text import value_text
from anser_tui.widgets.render import labelled, lines, safe

if TYPE_CHECKING:
    from anser_tui.review.item_view import ItemView
    from anser_tui.workspace.rubric import Criterion

PAGE_LINES = 40


def _folded(label: str, text: str) -> Text:
    count = text.count("\n") + 1
    return Text(f"▸ {label} folded ({count} line{'s' * (count != 1)}, {len(text):,} "
                f"characters; e unfolds)", style="anser.muted")


def _paged(text: str) -> list[Text]:
    """A long turn with a rule between its pages, so a reader knows where they are."""
    from anser_tui.benchmarks.prbench.conversation import pages

    parts = pages(text, PAGE_LINES)
    if len(parts) == 1:
        return [safe(text)]
    out: list[Text] = []
    for number, page in enumerate(parts, start=1):
        out.append(Text(f"── page {number}/{len(parts)} ──", style="anser.muted"))
        out.append(safe(page))
    return out


def task_card(view: ItemView, unfolded: bool = False) -> tuple[str, Text, str]:
    """(title, body, subtitle) of the task panel."""
    task = view.task
    if task.benchmark == "prbench":
        from anser_tui.benchmarks.prbench.loader import task_turns

        parts: list[Text] = []
        for turn in task_turns(task):
            parts.append(Text(f"{turn.role}:", style="bold"))
            for i, reference in enumerate(turn.references):
                if unfolded:
                    parts += [Text(f"Reference Text {i}:", style="anser.accent"),
                              *_paged(reference)]
                else:
                    parts.append(_folded(f"Reference Text {i}", reference))
            parts += _paged(turn.text)
            parts.append(Text())
        subtitle = f"{task.group} · {task.objective}" + (
            f" · {task.prompt.type}" if task.prompt.type else "")
        return f"Conversation {task.id}", lines(parts), subtitle
    if task.benchmark == "aalcr":
        from anser_tui.benchmarks.aalcr.documents import document_names

        names = document_names(task)
        body = labelled(("Question", task.query))
        body.append("\n\n")
        body.append(f"Documents ({len(names)}, Enter opens them in this order):\n", style="bold")
        body.append_text(safe("\n".join(f"  {i}. {name}" for i, name in
                                        enumerate(names, start=1))))
        subtitle = f"{task.extra.get('document_category', '')} · set " \
                   f"{task.extra.get('document_set_id', '')}"
        return f"Question {task.id}", body, subtitle
    body = labelled(("Query", task.query), ("Instruction", task.instruction))
    subtitle = f"{task.group} · {task.form.value}" + (
        f" · {task.prompt.type}" if task.prompt.type else "")
    return f"Task {task.id}", body, subtitle


def response_card(view: ItemView, unfolded: bool = False) -> Text | None:
    """PRBench's final response with its reasoning blocks folded; None for other benchmarks
    (their answer panel is the generic one)."""
    if view.task.benchmark != "prbench":
        return None
    from anser_tui.benchmarks.prbench.conversation import response_segments

    if view.output is None:
        return Text("(no response in this run: judged as an empty one)", style="italic")
    parts: list[Text] = []
    for segment in response_segments(view.answer_text):
        if segment.reasoning:
            label = f"<{segment.tag}> block (not shown to the judge)"
            parts.append(safe(segment.text, "dim") if unfolded else _folded(label, segment.text))
        else:
            parts += _paged(segment.text.strip("\n"))
    return lines(parts)


def reference_card(view: ItemView, criterion: Criterion | None = None) -> tuple[str, Text]:
    """(title, body) of the panel beside the task: the ground truth, or the criterion."""
    task = view.task
    if task.benchmark == "prbench":
        if criterion is None:
            return "Criterion", Text("No criterion.", style="italic")
        body = labelled(("Title", criterion.label),
                        ("Weight", f"{criterion.weight:+g}"),
                        ("Category", criterion.category or "—"))
        if criterion.description:
            body.append("\n\n")
            body.append("Rationale (reviewers only; never sent to the judge)\n", style="bold")
            body.append_text(safe(criterion.description))
        call = next((c for c in (view.judgment.calls if view.judgment else ())
                     if c.criterion == criterion.key), None)
        if call is not None and call.explanation:
            body.append("\n\n")
            body.append("The judge's explanation\n", style="bold")
            body.append_text(safe(call.explanation))
        return f"Criterion {criterion.key}", body
    if task.benchmark == "aalcr":
        version = task.extra.get("dataset_version", "")
        return f"Answer key (dataset {version})", safe(value_text(task.ground_truth))
    return "Ground truth", safe(value_text(task.ground_truth))
