"""Turning task fields, answers and judgments into Rich renderables (text only, no markup)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from anser_tui.benchmarks.rubric import Rubric
from anser_tui.sessions.decisions import ItemState
from anser_tui.sessions.records import DecisionKind, Judgment, JudgmentStatus
from anser_tui.text import neutralize

if TYPE_CHECKING:
    from anser_tui.sessions.item_view import ItemView


def safe(text: str, style: str = "") -> Text:
    """Untrusted text as a Text object: never markup, control codes made visible."""
    return Text(neutralize(text), style=style)


def value_text(value: Any) -> str:
    """A ground truth or answer value as a reviewer reads it."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, indent=2)


def labelled(*rows: tuple[str, str]) -> Text:
    """Label: value lines, the label dim and the value untrusted."""
    out = Text()
    for i, (label, value) in enumerate(rows):
        if i:
            out.append("\n")
        out.append(f"{label}: ", style="bold")
        out.append_text(safe(value))
    return out


def score_text(score: float | None) -> str:
    if score is None:
        return "—"
    return f"{score:.1f}".rstrip("0").rstrip(".")


def judge_body(rubric: Rubric, judgment: Judgment | None, state: ItemState,
               pending: list[int], reveal: bool = True) -> RenderableType:
    """The judge's score, dimensions and reason beside the reviewer's marks."""
    head = Text()
    if judgment is None:
        head.append("No judgment for this item.", style="italic")
    elif not reveal:
        head.append("Judge hidden (blind review): commit your marks to reveal.",
                    style="italic")
    else:
        head.append("Score ", style="bold")
        head.append(score_text(judgment.score), style="bold reverse")
        head.append(f"   status {judgment.status.value}")
        if judgment.recomputed_score is not None:
            head.append(f"   recomputed {score_text(judgment.recomputed_score)}")
        if judgment.model:
            head.append(f"   model {neutralize(judgment.model)}")
        if judgment.arithmetic_mismatch:
            head.append("\n⚠ arithmetic mismatch: reported "
                        f"{score_text(judgment.score)}, dimensions give "
                        f"{score_text(judgment.recomputed_score)}", style="bold yellow")
        if judgment.status is not JudgmentStatus.OK and judgment.error:
            head.append("\n")
            head.append_text(safe(f"⚠ {judgment.status.value}: {judgment.error}", "bold red"))
    verdict = state.verdict
    table = Table(box=None, expand=False, pad_edge=False, show_edge=False)
    for column, justify in (("criterion", "left"), ("weight", "right"), ("judge", "right"),
                            ("you", "right")):
        table.add_column(column, justify=justify, header_style="bold")  # type: ignore[arg-type]
    for i, criterion in enumerate(rubric.criteria):
        judge_mark = judgment.marks.get(criterion.key) if judgment and reveal else None
        if i < len(pending):
            mine = Text(str(pending[i]), style="bold reverse")
        elif verdict is not None and criterion.key in verdict.marks:
            mine = Text(str(verdict.marks[criterion.key]))
        else:
            mine = Text("·", style="dim")
        table.add_row(criterion.label, f"{criterion.weight:.2f}",
                      "—" if judge_mark is None else str(judge_mark), mine)
    parts: list[RenderableType] = [head, Text(), table]
    if verdict is not None:
        what = "accepted" if verdict.kind is DecisionKind.ACCEPT else "overridden"
        parts.append(Text(f"\nYour decision: {what}, score {score_text(verdict.score)}",
                          style="bold green"))
    if state.flagged:
        parts.append(Text("⚑ flagged", style="bold yellow"))
    if state.skipped:
        parts.append(Text("skipped", style="italic"))
    if judgment is not None and reveal:
        parts.append(Text())
        parts.append(Text("Reason", style="bold"))
        if judgment.reason:
            parts.append(safe(judgment.reason))
        else:
            parts.append(Text("(none parsed) raw output:", style="italic"))
            parts.append(safe(judgment.raw))
    return Group(*parts)


def answer_body(view: ItemView) -> RenderableType:
    """The raw answer, what the scorer read from it ("parsed: 1234.5"), and the task's metrics."""
    from anser_tui.scoring.report import form_metrics
    from anser_tui.scoring.report_format import number
    from anser_tui.scoring.task_scores import parsed_detail

    if view.output is None:
        parts: list[RenderableType] = [
            Text("(no output in this run: scored as an empty answer)", style="italic")]
    else:
        parts = [safe(view.answer_text)]
    if not view.metrics:
        parts += [Text(), Text("No metrics yet (run `anser-tui score`).", style="dim italic")]
        return Group(*parts)
    read = parsed_detail(view.metrics)
    if read:
        parts += [Text(), safe(read, "bold" if read.startswith("parsed") else "bold yellow")]
    names = [*form_metrics(view.task.group, view.task.form), "Latency", "Token Usage"]
    line, reasons = Text(), []
    for name in (n for n in names if n in view.metrics):
        value, detail = view.metrics[name]
        if value is None:
            if detail and not detail.startswith(("unparsed", "n/a")):
                reasons.append(f"{name}: {detail}")
            continue
        if line:
            line.append("  ·  ", style="dim")
        line.append(f"{name} ", style="bold")
        line.append(number(value) + (" s" if name == "Latency" else ""))
    parts += [Text(), line] if line else []
    parts += [safe(reason, "dim") for reason in reasons]
    return Group(*parts)

