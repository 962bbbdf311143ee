"""The export of settled human verdicts into a copy of the source log, as Inspect ScoreEdits.

For each verdict (an item whose human value is settled; the caller leaves out items in
dispute and passes their number), the reviewed scorer's Score of that sample (and epoch) gets
`edit_score(log, sample_id, scorer, ScoreEdit(...), epoch=...)`: the value is the human's
marks in the scorer's own value space (`values.value_of`); the answer stays; the explanation
is the verdict's comment where there is one, else unchanged; `ScoreEdit.metadata` is left
unchanged (an edit's metadata replaces the Score's, which holds the grader's prompt and
reply); the provenance says who decided, when and why: `ProvenanceData(author, timestamp,
reason = the reason code, metadata = {decision_uid, session, blind, adjudicated,
reviewers})`. Inspect keeps the original Score first in its history. Metrics are recomputed
once, then the log is written to `out` (a .eval or .json file; never the source) through a
temporary file beside it, so nothing half-written is left.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from anser_tui.benchmarks.inspect.api import SUFFIXES, inspect_log_api, read_log, score_edit_class
from anser_tui.benchmarks.inspect.loader import EXTRA_EPOCH, EXTRA_SAMPLE_ID, EXTRA_SCORER
from anser_tui.benchmarks.inspect.values import value_of
from anser_tui.core.errors import InputError
from anser_tui.workspace.rubric import Mark
from anser_tui.workspace.tasks import Task


class SettledVerdict(Protocol):
    """What the export needs of one settled verdict (the exchange layer builds these)."""

    task_id: str
    marks: Mapping[str, Mark]
    author: str  # the reviewer, or the adjudicator where adjudicated
    created_at: str | None  # the deciding event's time (ISO 8601, UTC)
    reason_code: str | None
    comment: str | None
    decision_uid: str
    session: str | None
    blind: bool
    adjudicated: bool
    reviewers: tuple[str, ...]


def _when(created_at: str | None) -> datetime:
    if not created_at:
        return datetime.now(UTC)
    when = datetime.fromisoformat(created_at)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _sample(log: Any, sample_id: int | str, epoch: int) -> Any:
    return next((s for s in log.samples if s.id == sample_id and s.epoch == epoch), None)


def _edit(log: Any, task: Task, verdict: SettledVerdict, epochs: int) -> bool:
    """Apply one verdict; False when its marks have no value in the scorer's space."""
    api, score_edit = inspect_log_api(), score_edit_class()
    spec = task.extra[EXTRA_SCORER]
    sample_id, epoch = task.extra[EXTRA_SAMPLE_ID], int(task.extra[EXTRA_EPOCH])
    sample = _sample(log, sample_id, epoch)
    current = sample.scores.get(spec["scorer"]) if sample is not None and sample.scores else None
    value = value_of(spec, verdict.marks, current.value if current is not None else None)
    if value is None:
        return False
    provenance = api.ProvenanceData(
        author=verdict.author, timestamp=_when(verdict.created_at), reason=verdict.reason_code,
        metadata={"decision_uid": verdict.decision_uid, "session": verdict.session,
                  "blind": verdict.blind, "adjudicated": verdict.adjudicated,
                  "reviewers": list(verdict.reviewers)})
    edit = score_edit(value=value, explanation=verdict.comment or "UNCHANGED",
                      provenance=provenance)
    api.edit_score(log, sample_id, spec["scorer"], edit, recompute_metrics=False,
                   epoch=epoch if epochs > 1 else None)
    return True


def export_log(source: Path, out: Path, tasks_by_id: Mapping[str, Task],
               verdicts: Sequence[SettledVerdict], n_disputed: int) -> str:
    """Write the edited copy; the command's summary line."""
    source, out = Path(source), Path(out)
    if out.suffix not in SUFFIXES:
        raise InputError("the exported log must be a .eval or .json file", out)
    if not out.parent.is_dir():
        raise InputError("no such folder", out.parent)
    if out.resolve() == source.resolve():
        raise InputError("the export is a copy: give another file than the source log", out)
    api = inspect_log_api()
    log = read_log(source)
    epochs = max(int(log.eval.config.epochs or 1), max(s.epoch for s in log.samples))
    edited = unmapped = 0
    for verdict in verdicts:
        task = tasks_by_id.get(verdict.task_id)
        if task is not None and _edit(log, task, verdict, epochs):
            edited += 1
        else:
            unmapped += 1
    if edited:
        api.recompute_metrics(log)
    fd, tmp = tempfile.mkstemp(prefix=".export-", suffix=out.suffix, dir=out.parent)
    os.close(fd)
    try:
        api.write_eval_log(log, tmp)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    notes = f"; {unmapped} verdicts with no value in the scorer's values left out" \
        if unmapped else ""
    return (f"wrote {out}: {edited} score edits; {n_disputed} items in dispute left "
            f"alone{notes}")
