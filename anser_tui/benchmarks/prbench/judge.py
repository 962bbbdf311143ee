"""PRBench's judge protocol: one call per rubric criterion, and reading a grade.

Each call fills the `prbench_grader` prompt with `{conversation}` (the whole conversation as
the official grader shows it, ending with the response under evaluation, reasoning blocks
stripped), `{response}` (that stripped response alone) and `{criterion}` (the criterion's
title; never its rationale). A task sits in one judgment however many splits hold it.

A grade is the reply's JSON object `{"explanation": str, "criteria_met": bool}`, read strictly:
- no JSON object (a cut-off reply, prose): status parse_error;
- an object whose `criteria_met` is missing or not a JSON boolean: status invalid;
- a text reply that gives `criteria_met` more than one value, or a value holding both "true"
  and "false" on its line (the official parser's rule): status parse_error.
A failed grade carries no mark. How it counts is the failure policy's business
(`scores`): the official policy reads it as not met and keeps the sample; evalscope's excludes
the sample. For a negative criterion, met means the undesirable thing happened.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from anser_tui.benchmarks.base import CallSpec, ExamplesPlace, ParsedReply
from anser_tui.benchmarks.prbench.conversation import judged_conversation, strip_thinking
from anser_tui.benchmarks.prbench.loader import task_turns
from anser_tui.core.json_text import reply_object
from anser_tui.workspace.records import JudgmentStatus
from anser_tui.workspace.rubric import Mark, Rubric
from anser_tui.workspace.tasks import Task

GRADER_TEMPLATE = "prbench_grader"
_VALUE = re.compile(r'"?criteria_met"?\s*:([^\n]*)', re.IGNORECASE)


def grade_words(text: str) -> list[str]:
    """What each `criteria_met:` of a text reply says on its line: "true", "false", "both"
    (the line holds both words) or "neither"."""
    found = []
    for match in _VALUE.finditer(text):
        value = match.group(1).lower()
        has_true, has_false = "true" in value, "false" in value
        found.append("both" if has_true and has_false else
                     "true" if has_true else "false" if has_false else "neither")
    return found


def read_grade(criterion: str, reply: str | dict[str, Any]) -> ParsedReply:
    """One criterion's grade, as described above; marks {criterion: 0 | 1} when read."""
    raw, obj = reply_object(reply)
    if obj is None:
        return ParsedReply(JudgmentStatus.PARSE_ERROR, raw, error="no JSON object found")
    explanation = obj.get("explanation")
    explanation = explanation if isinstance(explanation, str) else None
    met = obj.get("criteria_met")
    if not isinstance(met, bool):
        problem = "missing criteria_met" if "criteria_met" not in obj else (
            f"criteria_met={met!r} is not a boolean")
        return ParsedReply(JudgmentStatus.INVALID, raw, reason=explanation, error=problem)
    if isinstance(reply, str):
        words = set(grade_words(reply))
        if "both" in words:
            return ParsedReply(JudgmentStatus.PARSE_ERROR, raw, reason=explanation,
                               error='criteria_met holds both "true" and "false"')
        if {"true", "false"} <= words:
            return ParsedReply(JudgmentStatus.PARSE_ERROR, raw, reason=explanation,
                               error="criteria_met is given both true and false")
    return ParsedReply(JudgmentStatus.OK, raw, {criterion: int(met)}, reason=explanation)


class PrbenchJudge:
    """One call per criterion, in rubric order."""

    prompts = __name__.rpartition(".")[0]

    def calls(self, task: Task, rubric: Rubric, answer: str) -> list[CallSpec]:
        conversation = judged_conversation(task_turns(task), answer)
        response = strip_thinking(answer)
        return [CallSpec(criterion=c.key, user_template=GRADER_TEMPLATE,
                         fields={"conversation": conversation, "response": response,
                                 "criterion": c.label})
                for c in rubric.criteria]

    def parse(self, rubric: Rubric, call: CallSpec, reply: str | dict[str, Any]) -> ParsedReply:
        if call.criterion is None or call.criterion not in rubric.keys:
            raise ValueError(f"a PRBench call judges one criterion of {rubric.id}")
        return read_grade(call.criterion, reply)

    def examples_place(self, call: CallSpec) -> ExamplesPlace:
        """Between the grader's opening paragraph and `# Conversation`: each example another
        conversation, rubric item and the grade a person gave it."""
        return ExamplesPlace(before="\n\n# Conversation\n", heading=EXAMPLES)

    def example_reply(self, rubric: Rubric, call: CallSpec, marks: Mapping[str, Mark],
                      score: float | None) -> str:
        """The grade object without its explanation."""
        return json.dumps({"criteria_met": bool(marks[call.criterion or ""])})


EXAMPLES = ("# Examples graded by people\nOther conversations and rubric items, with the grade "
            "a human reviewer gave. Grade the conversation below the way they would.")
