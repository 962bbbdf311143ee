"""A judgment made of its calls' replies: each reply parsed under the rubric by the benchmark's
judge protocol, the marks put together, the status the worst of the calls', the score the
judge's own (a whole-rubric call that reports one) or else the rubric's aggregate of the
marks. The dataset version is the one the caller names, else the one the calls' specs carry
(the answer keys judged against, where a benchmark has versions).

Here, not in `judge`, because the benchmarks' own importers build judgments too (the judge's
runner imports it from here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from anser_tui.benchmarks.base import MISMATCH_TOLERANCE, CallSpec, ParsedReply
from anser_tui.workspace.records import JudgeCall, Judgment, JudgmentStatus
from anser_tui.workspace.rubric import Mark, Rubric

_SEVERITY = (JudgmentStatus.OK, JudgmentStatus.INVALID, JudgmentStatus.PARSE_ERROR,
             JudgmentStatus.TRANSPORT_ERROR)


@dataclass(frozen=True)
class Reply:
    """One call's outcome: the spec, what the reply said, and what getting it cost."""

    spec: CallSpec
    parsed: ParsedReply
    latency_s: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None


def _integer(mark: Mark | None) -> int | None:
    """A call's own mark: an integer one (0-4, 0/1); other kinds live in the judgment's marks."""
    return mark if isinstance(mark, int) else None


def _total(values: Sequence[float | int | None]) -> float | int | None:
    present = [v for v in values if v is not None]
    return sum(present) if present else None


def assemble(run: str, task_id: str, rubric: Rubric, replies: Sequence[Reply], *,
             model: str | None, source: str, dataset_version: str | None = None,
             judge: str = "") -> Judgment:
    calls = tuple(JudgeCall(
        criterion=r.spec.criterion, status=r.parsed.status, raw=r.parsed.raw,
        mark=_integer(r.parsed.marks.get(r.spec.criterion)) if r.spec.criterion else None,
        explanation=r.parsed.reason, error=r.parsed.error, latency_s=r.latency_s,
        input_tokens=r.input_tokens, output_tokens=r.output_tokens) for r in replies)
    marks: dict[str, Mark] = {}
    for r in replies:
        marks.update(r.parsed.marks)
    status = max((c.status for c in calls), key=_SEVERITY.index)
    recomputed = rubric.score(marks)
    whole = len(replies) == 1 and replies[0].spec.criterion is None
    score = replies[0].parsed.score if whole else (
        recomputed if status is JudgmentStatus.OK else None)
    errors = [c.error if whole or c.criterion is None else f"{c.criterion}: {c.error}"
              for c in calls if c.error]
    latency = _total([r.latency_s for r in replies])
    inputs = _total([r.input_tokens for r in replies])
    outputs = _total([r.output_tokens for r in replies])
    return Judgment(
        run=run, task_id=task_id, rubric_id=rubric.id, status=status, calls=calls, marks=marks,
        score=score, recomputed_score=recomputed,
        reason=replies[0].parsed.reason if whole else None,
        error="; ".join(errors) or None,
        arithmetic_mismatch=(whole and score is not None and recomputed is not None
                             and abs(score - recomputed) > MISMATCH_TOLERANCE),
        model=model, judge=judge, source=source,
        dataset_version=dataset_version or next(
            (r.spec.dataset_version for r in replies if r.spec.dataset_version), None),
        latency_s=None if latency is None else float(latency),
        input_tokens=None if inputs is None else int(inputs),
        output_tokens=None if outputs is None else int(outputs))
