"""Turning task fields, answers and judgments into Rich renderables (text only, no markup)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from anser_tui.benchmarks.card import FormKind, Section, judge_reason
from anser_tui.core.text import mark_text, neutralize
from anser_tui.review.attempts import attempts_line
from anser_tui.scoring.cells import number, parsed_detail
from anser_tui.widgets.card_text import sections_text
from anser_tui.workspace.decisions import ItemState
from anser_tui.workspace.records import DecisionKind, Judgment, JudgmentStatus
from anser_tui.workspace.rubric import Mark, Rubric

if TYPE_CHECKING:
    from anser_tui.review.item_view import ItemView

LABEL_CELLS = 28  # a criterion's label in the judge's table is cut to this width


def safe(text: str, style: str = "") -> Text:
    """Untrusted text as a Text object: never markup, control codes made visible."""
    return Text(neutralize(text), style=style)


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
    """A score as the reports give it: up to four decimals, trailing zeros dropped (a score of
    13/15 reads 0.8667 and one of 76.25 reads 76.25, where one decimal said 0.9 and 76.2,
    which no report shows)."""
    if score is None:
        return "—"
    return f"{score:.4f}".rstrip("0").rstrip(".")


def lines(parts: list[Text]) -> Text:
    """Texts joined one a line into a single Text (cheaper to paint than a Group)."""
    return Text("\n").join(parts)


def _cell(value: str, width: int, right: bool = False, style: str = "") -> Text:
    pad = " " * max(0, width - cell_len(value))
    return Text(pad + value if right else value + pad, style=style)


def unjudged_body(form: str, state: ItemState) -> Text:
    """The judge panel of a form the LLM judge does not score."""
    return lines([Text(f"The LLM judge does not score this form ({form}).", style="italic"),
                  Text("Its answer metrics are automatic: see the Answer panel.", style="dim"),
                  *_state_lines(state)])


def _state_lines(state: ItemState) -> list[Text]:
    """Flag, skip and comments standing on an item."""
    out = []
    if state.flagged:
        out.append(Text("⚑ flagged", style="tui.warning"))
    if state.skipped:
        out.append(Text("skipped", style="italic"))
    out += [safe(f"comment: {comment}", "dim") for comment in state.comments]
    return out


def _label(text: str, width: int) -> str:
    """`text` cut to `width` cells (an ellipsis at the cut)."""
    if cell_len(text) <= width:
        return text
    while cell_len(text) > width - 1:
        text = text[:-1]
    return text + "…"


def _marks_table(rubric: Rubric, judge: Mapping[str, Mark], mine: Mapping[str, Mark],
                 typed: bool) -> list[Text]:
    """Each criterion's weight, the judge's mark and yours (typed marks reversed)."""
    width = min(LABEL_CELLS, max(len("criterion"), *(cell_len(c.label) for c in rubric.criteria)))
    rows = [Text.assemble(_cell("criterion", width, style="bold"),
                          _cell("weight", 8, True, "bold"), _cell("judge", 7, True, "bold"),
                          _cell("you", 5, True, "bold"))]
    for criterion in rubric.criteria:
        judge_mark, my_mark = judge.get(criterion.key), mine.get(criterion.key)
        shown = "·" if my_mark is None else mark_text(my_mark)
        rows.append(Text.assemble(
            _cell(_label(criterion.label, width), width),
            _cell(f"{criterion.weight:.2f}", 8, True),
            _cell(mark_text(judge_mark), 7, True),
            _cell(shown, 5, True, "dim" if my_mark is None else
                  "bold reverse" if typed else "")))
    return rows


def _marks_summary(rubric: Rubric, judge: Mapping[str, Mark], mine: Mapping[str, Mark],
                   typed: bool) -> list[Text]:
    """A criterion list's marks counted (the list itself shows each criterion's)."""
    def counts(marks: Mapping[str, Mark]) -> tuple[int, int, int]:
        values = [marks[c.key] for c in rubric.criteria if c.key in marks]
        return len(values), sum(1 for v in values if v), sum(1 for v in values if not v)

    rows = [Text.assemble(_cell("", 9), _cell("judge", 7, True, "bold"),
                          _cell("you", 6, True, "bold"))]
    for label, theirs, yours in zip(("marked", "met", "not met"), counts(judge), counts(mine),
                                    strict=True):
        rows.append(Text.assemble(_cell(label, 9), _cell(str(theirs), 7, True),
                                  _cell(str(yours), 6, True, "bold reverse" if typed else "")))
    return rows


def _typed_marks(rubric: Rubric, pending: Sequence[Mark] | Mapping[str, Mark]
                 ) -> dict[str, Mark]:
    if isinstance(pending, Mapping):
        return dict(pending)
    return {c.key: d for c, d in zip(rubric.criteria, pending, strict=False)}


def judge_body(rubric: Rubric, judgment: Judgment | None, state: ItemState,
               pending: Sequence[Mark] | Mapping[str, Mark], reveal: bool = True,
               history: Sequence[Judgment] = (), said: Sequence[Section] | None = None,
               form: FormKind = FormKind.SEQUENCE) -> Text:
    """The judge's score, marks and what it said (`said`, from the benchmark's card) beside the
    reviewer's marks (`pending`: typed in order, or by criterion key); under the head, the
    judge's attempts on the item when there was more than one (`history`, oldest first). A
    criterion list (`form`) is counted here: the list shows each criterion."""
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
                        f"{score_text(judgment.recomputed_score)}", style="tui.warning")
        if judgment.status is not JudgmentStatus.OK and judgment.error:
            head.append("\n")
            head.append_text(safe(f"⚠ {judgment.status.value}: {judgment.error}", "tui.error"))
    verdict = state.verdict
    attempts = attempts_line(history, judgment)
    typed = _typed_marks(rubric, pending)
    mine = typed or (dict(verdict.marks) if verdict is not None else {})
    judge = dict(judgment.marks) if judgment is not None and reveal else {}
    table = _marks_summary if form is FormKind.CRITERIA else _marks_table
    parts = [head, *([Text(attempts, style="dim")] if attempts else []),
             *table(rubric, judge, mine, bool(typed))]
    if verdict is not None:
        what = "accepted" if verdict.kind is DecisionKind.ACCEPT else "overridden"
        parts += [Text(), Text(f"Your decision: {what}, score {score_text(verdict.score)}",
                               style="tui.success")]
        if verdict.reason_code is not None:
            parts.append(Text(f"reason: {verdict.reason_code.value}", style="tui.success"))
    parts += _state_lines(state)
    if judgment is not None and reveal:
        said = judge_reason(judgment) if said is None else said
        headed = bool(said) and bool(said[0].heading) and not said[0].inline
        parts += [*([] if headed else [Text()]), sections_text(said)]  # a heading separates
    return lines(parts)


def with_parsed(answer: Text, metrics: Mapping[str, tuple[float | None, str | None]]) -> Text:
    """The answer and, under it, what the scorer read from it ("parsed: 1234.5")."""
    read = parsed_detail(dict(metrics))
    if not read:
        return answer
    return lines([answer, Text(), safe(read, "bold" if read.startswith("parsed")
                                       else "tui.warning")])


def answer_body(view: ItemView) -> Text:
    """The raw answer and what the scorer read from it ("parsed: 1234.5")."""
    if view.output is None:
        answer = Text("(no output in this run: scored as an empty answer)", style="italic")
    else:
        answer = safe(view.answer_text)
    return with_parsed(answer, view.metrics)


def metrics_body(view: ItemView) -> Text:
    """The task's metric values in report order, and why any could not be computed."""
    if not view.metrics:
        return Text("No metrics yet (run `anser-tui score`).", style="dim italic")
    parts: list[Text] = []
    line, reasons = Text(), []
    units = view.card.metric_units if view.card is not None else {}
    for name in (n for n in view.metric_names if n in view.metrics):
        value, detail = view.metrics[name]
        if value is None:
            if detail and not detail.startswith(("unparsed", "n/a")):
                reasons.append(f"{name}: {detail}")
            continue
        if line:
            line.append("  ·  ", style="dim")
        line.append(f"{name} ", style="bold")
        unit = units.get(name)
        line.append(number(value) + (f" {unit}" if unit else ""))
    parts += [line] if line else []
    parts += [safe(reason, "dim") for reason in reasons]
    return lines(parts)

