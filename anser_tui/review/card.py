"""The review card of one (run, task) as plain text: for shells, logs and `anser-tui show`.

Task, answer, ground truth, metrics, the judge (the current judgment and, when there was more
than one, every attempt), the decisions of every review session on the item (undone ones
marked), and the evidence diff with each document's title and its standing in the corpus.
Every untrusted string is neutralised; nothing is markup.
"""

from __future__ import annotations

from collections.abc import Iterator

from anser_tui.benchmarks.anser.evidence_diff import EvidenceDiff, evidence_diff, task_space
from anser_tui.benchmarks.anser.groups import LATENCY
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.text import cell_width, neutralize, value_text
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
        parts.append("marks " + " ".join(f"{neutralize(k)}={event.marks[k]}" for k in keys))
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


def evidence_lines(diff: EvidenceDiff, notes: dict[str, EvidenceNote]) -> Iterator[str]:
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


def _task_lines(task: Task) -> list[str]:
    """What the task asks: ANSER's query and instruction, PRBench's conversation (reference
    texts prepended to their turn, as the judge sees them), AA-LCR's question and documents."""
    if task.benchmark == "prbench":
        from anser_tui.benchmarks.prbench.conversation import turn_text
        from anser_tui.benchmarks.prbench.loader import task_turns

        lines: list[str] = []
        for turn in task_turns(task):
            lines += _block(turn.role, turn_text(turn))
        return lines
    if task.benchmark == "aalcr":
        from anser_tui.benchmarks.aalcr.documents import document_names

        names = "\n".join(f"{i}. {n}" for i, n in enumerate(document_names(task), start=1))
        return [*_block("Question", task.query), *_block("Documents (in reading order)", names)]
    return [*_block("Query", task.query), *_block("Instruction", task.instruction)]


def review_card(store: WorkspaceStore, library: CorpusLibrary, task: Task, run: str) -> str:
    """The card as plain text lines, ending in a newline."""
    lines = [f"Task {task.id} · {task.group} · {task.form.value}"
             + (f" · {neutralize(task.prompt.type)}" if task.prompt.type else ""), ""]
    lines += _task_lines(task)
    output = store.output(run, task.id)
    answer = (value_text(output.answer) if output is not None
              else "(no output in this run: scored as an empty answer)")
    lines += _block(f"Answer · run {run}", answer)
    if task.benchmark != "prbench":  # PRBench has a rubric, no reference answer
        lines += _block("Ground truth", value_text(task.ground_truth))

    metrics = store.task_metrics(run, task.id)
    benchmark = benchmark_named(store.benchmark)
    names = benchmark.metric_names(task)
    if names or metrics:  # AA-LCR and PRBench have no automatic metric of a task
        lines.append("Metrics")
        if not metrics:
            lines.append("  (not scored yet: run `anser-tui score`)")
        order = {name: i for i, name in enumerate(names)}
        for name in sorted(metrics, key=lambda n: (order.get(n, len(order)), n)):
            value, detail = metrics[name]
            extra = f"  ({neutralize(detail)})" if detail else ""
            unit = " s" if name == LATENCY and value is not None else ""
            lines.append(f"  {name:<24} {_number(value)}{unit}{extra}")
        lines.append("")

    history = judgment_history(store, run, task.id)
    judgment = current_of(history, judge_of(store, run))
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
                         f"{'—' if mark is None else mark}")
        if judgment.error:
            lines.append(f"  error: {neutralize(judgment.error)}")
        lines += ["  Reason", *("    " + line for line in
                                neutralize(judgment.reason or judgment.raw).split("\n")), ""]
    lines += decision_lines(store, run, task.id, rubric)
    if benchmark.corpora_dir(store.data_dir) is None:  # no evidence corpora to show
        return "\n".join(lines) + "\n"

    space = task_space(task)
    diff = evidence_diff(task, output.retrieved if output else [], library.resolver(space))
    notes = library.classify(space, [*diff.ranked_ids, *diff.gold_ids])
    lines += list(evidence_lines(diff, notes))
    if not library.available(space):
        lines.append(f"  (corpus unavailable: {neutralize(library.errors.get(space.corpus, ''))})")
    return "\n".join(lines) + "\n"
