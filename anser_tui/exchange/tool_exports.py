"""A benchmark's own exports (`Benchmark.exports`, e.g. a verdict write-back into another
tool's file), fed with the settled human verdicts of one run.

Settled by the adjudication policy (section 8): an adjudicator's verdict, one reviewer's, or
several reviewers' agreed one; items in dispute have none and are only counted. Each verdict
carries who decided (the adjudicator, else the reviewer(s)), when (the deciding event's time),
why (the reason code, else one a reviewer gave), the comment(s), the decision's uid, its
session's name, whether that session was blind and whether the verdict was adjudicated.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from anser_tui.calibration.adjudication import Settlement, Standing, settle
from anser_tui.core.errors import InputError
from anser_tui.exchange.data_folder import data_folder
from anser_tui.review.verdicts import VerdictBook
from anser_tui.workspace.rubric import Mark
from anser_tui.workspace.sessions import SessionInfo, load_sessions
from anser_tui.workspace.store import WorkspaceStore


@dataclass(frozen=True)
class SettledVerdict:
    task_id: str
    marks: dict[str, Mark]
    author: str
    created_at: str | None
    reason_code: str | None
    comment: str | None
    decision_uid: str
    session: str | None
    blind: bool
    adjudicated: bool
    reviewers: tuple[str, ...]


def _verdict(book: VerdictBook, s: Settlement, sessions: dict[int, SessionInfo]
             ) -> SettledVerdict:
    decision = s.decision
    assert decision is not None
    reviews = book.reviews.get(s.item, {}).values()
    code = decision.reason_code or next((v.verdict.reason_code for v in reviews
                                         if v.verdict.reason_code), None)
    comments = [decision.comment] if decision.comment else []
    if s.standing is not Standing.ADJUDICATED:
        comments = list(dict.fromkeys(v.comment for v in reviews if v.comment))
    adjudicated = s.standing is Standing.ADJUDICATED
    session = sessions.get(decision.session_id)
    return SettledVerdict(
        task_id=s.item.task_id, marks=dict(decision.marks),
        author=decision.reviewer if adjudicated else ", ".join(s.reviewers),
        created_at=decision.created_at, reason_code=code.value if code else None,
        comment="\n".join(comments) or None, decision_uid=decision.uid,
        session=session.name if session else None,
        blind=session.blind if session else not decision.judge_visible,
        adjudicated=adjudicated, reviewers=s.reviewers)


def settled_verdicts(store: WorkspaceStore, run: str) -> tuple[list[SettledVerdict], int]:
    """The run's settled verdicts in task order, and how many items are in dispute."""
    book = VerdictBook.load(store, [run])
    sessions = load_sessions(store)
    seq = {t.id: t.seq for t in store.tasks()}
    settled = sorted(settle(book).values(), key=lambda s: seq.get(s.item.task_id, 0))
    verdicts = [_verdict(book, s, sessions) for s in settled
                if s.standing is not Standing.DISPUTED and s.decision is not None]
    return verdicts, sum(s.standing is Standing.DISPUTED for s in settled)


def benchmark_export(store: WorkspaceStore, what: str, run: str, out: Path,
                     data: Path | None = None) -> str:
    """Run the workspace benchmark's export `what` for `run`; its summary line."""
    from anser_tui.benchmarks.registry import benchmark_named

    benchmark = benchmark_named(store.benchmark)
    if what not in benchmark.exports:
        raise InputError(f"{benchmark.label} workspaces have no {what!r} export")
    verdicts, disputed = settled_verdicts(store, store.require_run(run))
    source = data if data is not None else data_folder(store)
    return benchmark.export(what, source, out, {t.id: t for t in store.tasks()}, verdicts,
                            disputed)
