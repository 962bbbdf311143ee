"""The review card of one (run, task) as plain text: for shells, logs and `anser-tui show`.

Task, answer, ground truth, metrics, the judge (the current judgment and, when there was more
than one, every attempt), the decisions of every review session on the item (undone ones
marked), and the evidence diff with each document's title and its standing in the corpus.
Every untrusted string is neutralised; nothing is markup.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from anser_tui.benchmarks.card import Block, CardItem, Section, plain_lines
from anser_tui.benchmarks.evidence import EvidenceView
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.text import cell_width, mark_text, neutralize, value_text
from anser_tui.corpora.documents import CorpusStatus, EvidenceNote
from anser_tui.corpora.library import CorpusLibrary
from anser_tui.review.attempts import attempt_entries
from anser_tui.workspace.decisions import item_decisions
from anser_tui.workspace.judgments import current_of, judge_of, judgment_history
from anser_tui.workspace.records import Decision, DecisionKind
from anser_tui.workspace.rubric import Rubric
from anser_tui.workspace.store import WorkspaceStore
from anser_tui.workspace.tasks import Task


def _number(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.4f}".rstrip("0").rstrip(".") or "0"


def _pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal cells (a CJK character takes two)."""
    return text + " " * max(0, width - cell_width(text))


def _block(title: str, text: str) -> list[str]:
    body = neutralize(text).rstrip() or "(empty)"
    return [title, *("  " + line for line in body.split("\n")), ""]


def _when(created_at: str | None) -> str:
    """An event's time as "2026-12-01 10:07:03" (UTC)."""
    return created_at[:19].replace("T", " ") if created_at else "—"


def _decision_line(session: str, event: Decision, undone: set[str],
                   by_uid: dict[str, Decision], rubric: Rubric | None) -> str:
    parts = [_when(event.created_at), neutralize(event.reviewer), f"session {neutralize(session)}",
             event.kind.value]
    if event.kind is DecisionKind.UNDO:
        target = by_uid.get(event.target_uid or "")
        parts.append(f"takes back the {target.kind.value} of {_when(target.created_at)}"
                     if target is not None else "takes back an event of another workspace")
    if event.marks:
        order = {c.key: i for i, c in enumerate(rubric.criteria)} if rubric else {}
        keys = sorted(event.marks, key=lambda k: (order.get(k, len(order)), k))
        parts.append("marks " + " ".join(f"{neutralize(k)}={neutralize(mark_text(event.marks[k]))}"
                                         for k in keys))
    if event.score is not None:
        parts.append(f"score {_number(event.score)}")
    if event.reason_code is not None:
        parts.append(f"reason: {event.reason_code.value}")
    if event.comment:
        parts.append(f"comment: {neutralize(event.comment)}")
    if not event.judge_visible:
        parts.append("judge hidden")
    if event.uid in undone:
        parts.append("[undone]")
    return "  " + " · ".join(parts)


def decision_lines(store: WorkspaceStore, run: str, task_id: str,
                   rubric: Rubric | None) -> list[str]:
    """The "Decisions" block: every session's events on (run, task), oldest first."""
    events = item_decisions(store, run, task_id)
    if not events:
        return ["Decisions", "  (none)", ""]
    by_uid = {e.uid: e for _, e in events}
    undone = {e.target_uid for _, e in events if e.kind is DecisionKind.UNDO and e.target_uid}
    sessions = len({e.session_id for _, e in events})
    head = f"Decisions ({len(events)} events, {sessions} session{'s' if sessions > 1 else ''})"
    return [head, *(_decision_line(name, e, undone, by_uid, rubric) for name, e in events), ""]


def evidence_lines(diff: EvidenceView, notes: dict[str, EvidenceNote]) -> Iterator[str]:
    """The diff as aligned plain-text rows: rank, id, status, title."""
    def status(evidence: str, good: bool, base: str) -> str:
        note = notes.get(evidence)
        if note is None or not note.label or note.status is CorpusStatus.UNAVAILABLE:
            return base
        if note.status is CorpusStatus.LEAKED:
            return f"{note.label} {'✓' if good else '✗'}"
        return f"{'✓' if good else '✗'} {note.label}"

    def title(evidence: str) -> str:
        note = notes.get(evidence)
        return neutralize(note.title) if note else ""

    width = min(64, max([cell_width(neutralize(i)) for i in [*(r.id for r in diff.retrieved),
                                                            *diff.gold_ids]] + [2]))
    found = sum(1 for g in diff.gold if g.rank is not None)
    yield (f"Evidence · {diff.space.corpus} ({diff.space.key}) · {diff.space.path}")
    yield f"  Retrieved ({len(diff.ranked_ids)}, {diff.n_hits} hits)"
    for row in diff.retrieved:
        rank = "dup" if row.rank is None else str(row.rank)
        shown = (f"repeat of #{row.duplicate_of}" if row.rank is None
                 else status(row.id, row.hit, "✓ hit" if row.hit else "✗ miss"))
        yield (f"  {rank:>4}  {_pad(neutralize(row.id), width)}  "
               f"{_pad(shown, 26)}  {title(row.id)}").rstrip()
    if not diff.retrieved:
        yield "        (none)"
    yield f"  Gold ({len(diff.gold)}, {found} retrieved)"
    for g in diff.gold:
        base = f"✓ retrieved @{g.rank}" if g.rank is not None else "✗ missed"
        yield (f"        {_pad(neutralize(g.id), width)}  "
               f"{_pad(status(g.id, g.rank is not None, base), 26)}  {title(g.id)}").rstrip()
    if not diff.gold:
        yield "        (none)"


def _said_lines(sections: Sequence[Section]) -> list[str]:
    """What the judge said, under the judge's head: "  Reason" and its text indented."""
    lines: list[str] = []
    for section in sections:
        if section.inline:
            lines.append(f"  {section.heading}: {section.body}")
            continue
        if section.heading:
            lines.append(f"  {section.heading}")
        lines += ["    " + line for line in section.body.split("\n")] if section.body else []
    return lines


def _block_lines(block: Block) -> list[str]:
    """A card block under its title, as `anser-tui show` prints a block (its sections' text
    one after another)."""
    return _block(block.title, "\n".join(
        f"{s.heading}: {s.body}" if s.inline else s.body for s in block.sections))


def review_card(store: WorkspaceStore, library: CorpusLibrary, task: Task, run: str) -> str:
    """The card as plain text lines, ending in a newline."""
    lines = [f"Task {task.id} · {task.group} · {task.form.value}"
             + (f" · {neutralize(task.prompt.type)}" if task.prompt.type else ""), ""]
    output = store.output(run, task.id)
    history = judgment_history(store, run, task.id)
    judgment = current_of(history, judge_of(store, run))
    benchmark = benchmark_named(store.benchmark)
    item = CardItem(task, run, output, judgment)
    card = benchmark.review_card(item)
    lines += plain_lines(card.task.sections)
    answer = (value_text(output.answer) if output is not None
              else "(no output in this run: scored as an empty answer)")
    lines += _block(f"Answer · run {run}", answer)
    if card.reference is not None:  # a criterion list has no reference answer
        lines += _block_lines(card.reference)

    metrics = store.task_metrics(run, task.id)
    names = benchmark.metric_names(task)
    if names or metrics:  # a judged-only benchmark has no automatic metric
        lines.append("Metrics")
        if not metrics:
            lines.append("  (not scored yet: run `anser-tui score`)")
        order = {name: i for i, name in enumerate(names)}
        for name in sorted(metrics, key=lambda n: (order.get(n, len(order)), n)):
            value, detail = metrics[name]
            extra = f"  ({neutralize(detail)})" if detail else ""
            unit = f" {card.metric_units[name]}" if name in card.metric_units and \
                value is not None else ""
            lines.append(f"  {name:<24} {_number(value)}{unit}{extra}")
        lines.append("")

    rubric = benchmark.rubric(task)
    if judgment is None:
        lines += ["Judge", "  (no judgment)" if rubric else "  (the LLM judge does not score "
                  "this form)", ""]
    else:
        head = f"Judge · score {_number(judgment.score)} · status {judgment.status.value}"
        if judgment.recomputed_score is not None:
            head += f" · recomputed {_number(judgment.recomputed_score)}"
        if judgment.model:
            head += f" · model {neutralize(judgment.model)}"
        lines.append(head)
        if len(history) > 1:
            lines.append(f"  attempts (UTC), {len(history)}:")
            lines += [f"    {entry}" for entry in attempt_entries(history, judgment)]
        if judgment.arithmetic_mismatch:
            lines.append("  ⚠ arithmetic mismatch")
        for criterion in rubric.criteria if rubric else ():
            mark = judgment.marks.get(criterion.key)
            lines.append(f"  {neutralize(criterion.label):<18} {criterion.weight:.2f}  "
                         f"{neutralize(mark_text(mark))}")
        if judgment.error:
            lines.append(f"  error: {neutralize(judgment.error)}")
        lines += [*_said_lines(card.judge_said), ""]
    lines += decision_lines(store, run, task.id, rubric)
    diff = benchmark.evidence(item, library)
    if diff is None:  # no evidence lists to show
        return "\n".join(lines) + "\n"

    space = diff.space
    notes = library.classify(space, [*diff.ranked_ids, *diff.gold_ids])
    lines += list(evidence_lines(diff, notes))
    if not library.available(space):
        lines.append(f"  (corpus unavailable: {neutralize(library.errors.get(space.corpus, ''))})")
    return "\n".join(lines) + "\n"
