"""Parsing and validating one ANSER-Bench judge output against its rubric (DESIGN section 6).

The first JSON object in the text is read and validated with a pydantic model made for the
rubric: each of its dimensions an integer 0-4 (binary criteria 0-1), `score_0_100` a number
0-100, `reason` text. The raw text is always kept whole. A reported score more than one point
from the one recomputed from the dimensions is flagged as an arithmetic mismatch
(`ParsedReply.arithmetic_mismatch`).
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from anser_tui.benchmarks.base import ParsedReply
from anser_tui.core.json_text import reply_object
from anser_tui.workspace.records import JudgmentStatus
from anser_tui.workspace.rubric import Rubric

SCORE_KEY = "score_0_100"
REASON_KEY = "reason"


def output_model(rubric: Rubric) -> type[BaseModel]:
    """The pydantic model of a judge output under `rubric`: its dimension names, strictly typed.

    Other keys the judge adds are ignored; `reason` may be absent but is text when present.
    """
    return _output_model(rubric.id, tuple((c.key, c.max_value) for c in rubric.criteria))


@cache
def _output_model(name: str, dimensions: tuple[tuple[str, int], ...]) -> type[BaseModel]:
    """Made once per rubric id and (key, highest mark) of its dimensions, all the model
    depends on (a key much cheaper to hash than the rubric, once per reply)."""
    fields: dict[str, Any] = {
        key: (Annotated[int, Field(strict=True, ge=0, le=top)], ...) for key, top in dimensions}
    fields[SCORE_KEY] = (Annotated[float, Field(strict=True, ge=0, le=100,
                                                allow_inf_nan=False)], ...)
    fields[REASON_KEY] = (Annotated[str | None, Field(strict=True)], None)
    return create_model(f"JudgeOutput_{name}", __config__=ConfigDict(extra="ignore"),
                        **fields)


def _problem(error: Any) -> str:
    key = ".".join(str(part) for part in error["loc"])
    if error["type"] == "missing":
        return f"missing {key}"
    return f"{key}={error['input']!r}: {error['msg']}"


def parse_judge_output(output: str | dict[str, Any], rubric: Rubric) -> ParsedReply:
    """Parse one judge output (text, or an object already decoded) under `rubric`."""
    raw, obj = reply_object(output)
    if obj is None:
        return ParsedReply(JudgmentStatus.PARSE_ERROR, raw, error="no JSON object found")
    try:
        valid = output_model(rubric).model_validate(obj).model_dump()
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        failed = {str(e["loc"][0]) for e in errors if e["loc"]}
        marks = {c.key: obj[c.key] for c in rubric.criteria if c.key not in failed}
        score = None if SCORE_KEY in failed else float(obj[SCORE_KEY])
        reason = None if REASON_KEY in failed else obj.get(REASON_KEY)
        return ParsedReply(JudgmentStatus.INVALID, raw, marks, score, reason,
                           "; ".join(_problem(e) for e in errors),
                           recomputed_score=rubric.score(marks))
    marks = {c.key: valid[c.key] for c in rubric.criteria}
    return ParsedReply(JudgmentStatus.OK, raw, marks, valid[SCORE_KEY], valid[REASON_KEY],
                       recomputed_score=rubric.score(marks))
