"""Reading the AA-LCR equality checker's verdict, strictly: CORRECT or INCORRECT, nothing else.

v1.1 (system + user prompt, "Reply as JSON"): the reply's JSON object with a `verdict` field
(key case ignored); its value, trimmed and case folded, must be exactly CORRECT or INCORRECT.
v1.0.0 ("Reply only with CORRECT or INCORRECT"): the whole reply must be that bare word, case
folded, once any surrounding whitespace, markdown emphasis or quotes and one final full stop
are taken off.

Everything else is a failure, never a verdict: a hedge ("PARTIALLY CORRECT", "CORRECT, but the
unit is wrong", "CORRECT or INCORRECT"), a cut-off reply (JSON that does not close, an empty
text), prose around a bare word, a v1.1 reply giving two different verdicts, a v1.0.0 reply in
JSON. No substring search ever happens, so "INCORRECT" can never read as CORRECT. No JSON
object at all is status parse_error; an object without a string verdict is invalid; a
verdict that is not one of the two words is parse_error.
"""

from __future__ import annotations

import json
from typing import Any

from anser_tui.benchmarks.base import ParsedReply
from anser_tui.core.json_input import TooDeep, raw_decode
from anser_tui.workspace.records import JudgmentStatus

VERDICT = "verdict"  # the criterion key of the AA-LCR rubric
WORDS = {"CORRECT": 1, "INCORRECT": 0}
_WRAPPERS = "*_`\"' \t\r\n"


def _objects(text: str) -> list[dict[str, Any]]:
    """The top-level JSON objects found in `text`, in order."""
    found, start = [], text.find("{")
    while start != -1:
        try:
            value, end = raw_decode(text, start)
        except TooDeep:  # nothing inside it is read
            break
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            found.append(value)
            start = text.find("{", end)
        else:
            start = text.find("{", start + 1)
    return found


def _field(obj: dict[str, Any], name: str) -> Any:
    return next((v for k, v in obj.items() if k.lower() == name), None)


def _word(value: str) -> int | None:
    return WORDS.get(value.strip().upper())


def read_json_verdict(reply: str | dict[str, Any]) -> ParsedReply:
    """A v1.1 reply."""
    raw = reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)
    objects = [reply] if isinstance(reply, dict) else _objects(reply)
    if not objects:
        return ParsedReply(JudgmentStatus.PARSE_ERROR, raw,
                           error="no JSON object found (a cut-off or prose reply)")
    given = [o for o in objects if any(k.lower() == VERDICT for k in o)]
    if not given or not all(isinstance(_field(o, VERDICT), str) for o in given):
        return ParsedReply(JudgmentStatus.INVALID, raw, error="no verdict text in the JSON")
    values = [_field(o, VERDICT) for o in given]
    reason = next((v for key in ("explanation", "reason", "reasoning")
                   if isinstance(v := _field(given[0], key), str)), None)
    marks = []
    for value in values:
        mark = _word(value)
        if mark is None:
            return ParsedReply(JudgmentStatus.PARSE_ERROR, raw, reason=reason,
                               error=f"verdict {value!r} is neither CORRECT nor INCORRECT")
        marks.append(mark)
    if len(set(marks)) > 1:
        return ParsedReply(JudgmentStatus.PARSE_ERROR, raw, reason=reason,
                           error="the reply gives both verdicts")
    return ParsedReply(JudgmentStatus.OK, raw, {VERDICT: marks[0]}, reason=reason)


def read_bare_verdict(reply: str | dict[str, Any]) -> ParsedReply:
    """A v1.0.0 reply."""
    if isinstance(reply, dict):
        return ParsedReply(JudgmentStatus.PARSE_ERROR, json.dumps(reply, ensure_ascii=False),
                           error="a v1.0.0 reply is the bare word, not JSON")
    word = reply.strip(_WRAPPERS)
    word = word[:-1].strip(_WRAPPERS) if word.endswith(".") else word
    mark = _word(word)
    if mark is None:
        what = "an empty reply (cut off?)" if not reply.strip() else (
            f"not a bare CORRECT or INCORRECT: {reply.strip()[:80]!r}")
        return ParsedReply(JudgmentStatus.PARSE_ERROR, reply, error=what)
    return ParsedReply(JudgmentStatus.OK, reply, {VERDICT: mark})
