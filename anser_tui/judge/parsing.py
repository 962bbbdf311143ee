"""Parsing and validating one judge output against its rubric (DESIGN section 6).

The first JSON object in the text is read; each dimension must be an integer 0-4, the score a
number 0-100 and the reason text. The raw text is always kept whole. A reported score more than
one point from the one recomputed from the dimensions is flagged as an arithmetic mismatch.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from anser_tui.benchmarks.rubric import Rubric
from anser_tui.sessions.records import JudgmentStatus

SCORE_KEY = "score_0_100"
REASON_KEY = "reason"
MISMATCH_TOLERANCE = 1.0
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class ParsedJudgment:
    status: JudgmentStatus
    raw: str
    marks: dict[str, int] = field(default_factory=dict)
    score: float | None = None
    recomputed_score: float | None = None
    reason: str | None = None
    error: str | None = None

    @property
    def arithmetic_mismatch(self) -> bool:
        if self.score is None or self.recomputed_score is None:
            return False
        return abs(self.score - self.recomputed_score) > MISMATCH_TOLERANCE


def first_json_object(text: str) -> dict[str, Any] | None:
    """The first `{...}` span of `text` that decodes to a JSON object, or None."""
    start = text.find("{")
    while start != -1:
        try:
            value, _ = _DECODER.raw_decode(text, start)
        except json.JSONDecodeError:
            value = None
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def parse_judge_output(output: str | dict[str, Any], rubric: Rubric) -> ParsedJudgment:
    """Parse one judge output (text, or an object already decoded) under `rubric`."""
    obj: dict[str, Any] | None
    if isinstance(output, dict):
        raw, obj = json.dumps(output, ensure_ascii=False), output
    else:
        raw, obj = output, first_json_object(output)
    if obj is None:
        return ParsedJudgment(JudgmentStatus.PARSE_ERROR, raw, error="no JSON object found")
    problems: list[str] = []
    marks: dict[str, int] = {}
    for criterion in rubric.criteria:
        value = obj.get(criterion.key)
        if value is None:
            problems.append(f"missing {criterion.key}")
        elif not _is_int(value) or not criterion.valid(value):
            problems.append(f"{criterion.key}={value!r} is not an integer 0-{criterion.max_value}")
        else:
            marks[criterion.key] = value
    score = obj.get(SCORE_KEY)
    if score is None:
        problems.append(f"missing {SCORE_KEY}")
        score = None
    elif not _is_number(score) or not 0 <= score <= 100:
        problems.append(f"{SCORE_KEY}={score!r} is not a number 0-100")
        score = None
    reason = obj.get(REASON_KEY)
    if reason is not None and not isinstance(reason, str):
        problems.append(f"{REASON_KEY} is not text")
        reason = None
    recomputed = rubric.score(marks) if len(marks) == len(rubric.criteria) else None
    status = JudgmentStatus.INVALID if problems else JudgmentStatus.OK
    return ParsedJudgment(status, raw, marks, None if score is None else float(score),
                          recomputed, reason, "; ".join(problems) or None)
