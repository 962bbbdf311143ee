"""PRBench's per-criterion verdicts in an evalscope review row: its judge attempts.

evalscope (1.14.1, `benchmarks/prbench/prbench_adapter.py` and `api/judge/executor.py`) judges
each rubric criterion as one judge case, `case_id` `rubric_<i>` for the sample's i-th rubric
item in dataset order, and writes every request/reply round trip to
`sample_score.score.metadata.judge_attempts`: `{status, case_id, judge_id, repeat_id,
placement, messages, model_output, raw_response, parsed_value: {explanation, criteria_met},
error, latency}`. A pass (one judge, one repeat) asks the cases in order and stops at the
first that fails (status parse_error or transport_error), so later criteria of that pass have
no attempt. The sample's value comes from the passes that asked every case; its metadata
(`weighted_points`, `criteria_met`) is the primary judge's first such pass (the first judge
configured; `judge_summary.judge_models[0]`).

Here every attempt becomes a call of its criterion, kept with its raw_response, its parsed
verdict (1 met, 0 not met) and its error; the marks are those of the primary pass as evalscope
chose it (the first complete pass of the primary judge, else the first complete one, else the
first pass, whose successful criteria are verdicts of those criteria only). An attempt whose
prompt does not ask about the workspace's criterion of that position is bad input (another
dataset revision).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.workspace.records import JudgeCall, JudgmentStatus
from anser_tui.workspace.rubric import Rubric

CASE = re.compile(r"rubric_(\d+)")
ITEM = "# Rubric item\n{title}\n"  # how evalscope's grader prompt names the criterion


@dataclass(frozen=True)
class Pass:
    """One judge's one repeat over the sample's criteria: its calls in the order asked."""

    judge: str
    repeat: int
    calls: tuple[JudgeCall, ...]

    def complete(self, rubric: Rubric) -> bool:
        return (all(c.status is JudgmentStatus.OK for c in self.calls)
                and {c.criterion for c in self.calls} == set(rubric.keys))

    @property
    def marks(self) -> dict[str, int]:
        return {c.criterion: c.mark for c in self.calls
                if c.status is JudgmentStatus.OK and c.criterion is not None
                and c.mark is not None}


def _object(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _prompt(attempt: dict[str, Any]) -> str | None:
    messages = attempt.get("messages")
    if not isinstance(messages, list):
        return None
    texts = [m.get("content") for m in messages if isinstance(m, dict)]
    return "\n".join(t for t in texts if isinstance(t, str)) or None


def _criterion(attempt: dict[str, Any], rubric: Rubric, path: Path, line: int) -> str:
    case = attempt.get("case_id")
    found = CASE.fullmatch(case) if isinstance(case, str) else None
    if found is None or int(found.group(1)) >= len(rubric.criteria):
        raise InputError(f"judge attempt case_id {case!r} names no criterion of the task's "
                         f"{len(rubric.criteria)}", path, line)
    criterion = rubric.criteria[int(found.group(1))]
    prompt = _prompt(attempt)
    if prompt is not None and ITEM.format(title=criterion.label) not in prompt:
        raise InputError(f"judge attempt {case} does not ask about criterion {criterion.key} "
                         f"({criterion.label!r}): another dataset revision?", path, line)
    return criterion.key


def _status(status: Any, met: Any) -> JudgmentStatus:
    if status == "success" and isinstance(met, bool):
        return JudgmentStatus.OK
    return (JudgmentStatus.TRANSPORT_ERROR if status == "transport_error"
            else JudgmentStatus.PARSE_ERROR)


def attempt_call(attempt: dict[str, Any], rubric: Rubric, path: Path, line: int) -> JudgeCall:
    """One attempt as a call of its criterion."""
    key = _criterion(attempt, rubric, path, line)
    parsed = _object(attempt.get("parsed_value"))
    met = parsed.get("criteria_met")
    status = _status(attempt.get("status"), met)
    ok = status is JudgmentStatus.OK
    raw, explanation = attempt.get("raw_response"), parsed.get("explanation")
    error, latency = attempt.get("error"), attempt.get("latency")
    usage = _object(_object(attempt.get("model_output")).get("usage"))
    tokens = {k: usage[k] if isinstance(usage.get(k), int) else None
              for k in ("input_tokens", "output_tokens")}
    return JudgeCall(
        criterion=key, status=status, raw=raw if isinstance(raw, str) else "",
        mark=int(met) if ok and isinstance(met, bool) else None,
        explanation=explanation if isinstance(explanation, str) else None,
        error=None if ok else (error if isinstance(error, str) else
                               f"evalscope attempt status {attempt.get('status')!r}"),
        latency_s=float(latency) if isinstance(latency, int | float) else None, **tokens)


def passes(attempts: Sequence[dict[str, Any]], rubric: Rubric, path: Path, line: int
           ) -> list[Pass]:
    """The attempts grouped by (judge, repeat), in the order evalscope made them."""
    grouped: dict[tuple[str, int], list[JudgeCall]] = {}
    for attempt in attempts:
        judge, repeat = attempt.get("judge_id"), attempt.get("repeat_id", 0)
        key = (judge if isinstance(judge, str) else "", repeat if isinstance(repeat, int) else 0)
        grouped.setdefault(key, []).append(attempt_call(attempt, rubric, path, line))
    return [Pass(judge, repeat, tuple(calls)) for (judge, repeat), calls in grouped.items()]


def primary_pass(found: Sequence[Pass], rubric: Rubric, primary: str | None) -> Pass | None:
    """The pass whose marks the sample carries, as evalscope picks its metadata's."""
    complete = [p for p in found if p.complete(rubric)]
    return next((p for p in complete if p.judge == primary),
                complete[0] if complete else (found[0] if found else None))
