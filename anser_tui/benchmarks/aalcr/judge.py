"""AA-LCR's judge protocol: one equality-checker call per question, as its dataset version
prescribes, and its verdict read strictly (`verdicts`).

v1.1: the system prompt `aalcr_v1_1_system` and the user prompt `aalcr_v1_1_user` (both
verbatim from the v1.1 README), a JSON verdict. v1.0.0: no system prompt, the user prompt
`aalcr_v1_0_user`, a bare word. Fields: {question}, {official_answer} (the answer key of the
task's version) and {candidate_answer} (the run's answer); never the documents. The call
carries the version, so the judgment records which answer keys it was judged against.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from anser_tui.benchmarks.aalcr.verdicts import VERDICT, read_bare_verdict, read_json_verdict
from anser_tui.benchmarks.base import CallSpec, ExamplesPlace, ParsedReply
from anser_tui.core.text import ground_truth_text
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Mark, Rubric
from anser_tui.workspace.tasks import Task

TEMPLATES = {"1.1": ("aalcr_v1_1_system", "aalcr_v1_1_user"),
             "1.0.0": (None, "aalcr_v1_0_user")}
RUBRIC = Rubric(
    id="aalcr_verdict", label="AA-LCR equality checker",
    criteria=(Criterion(key=VERDICT, label="The candidate answer is consistent with the "
                        "official answer", kind=CriterionKind.BINARY, weight=1.0),),
    aggregate=Aggregate.BINARY_VERDICT)


def verdict_call(task: Task, answer: str, version: str | None = None) -> CallSpec:
    """The call judging `answer` against the task's answer key (of `version`, default the
    task's own)."""
    version = version or str(task.extra["dataset_version"])
    system, user = TEMPLATES[version]
    fields = {"question": task.query, "official_answer": ground_truth_text(task.ground_truth),
              "candidate_answer": answer}
    return CallSpec(criterion=VERDICT, user_template=user, fields=fields,
                    system_template=system, dataset_version=version)


def read_verdict(version: str, reply: str | dict[str, Any]) -> ParsedReply:
    """A reply read by the rule of `version`."""
    return read_json_verdict(reply) if version == "1.1" else read_bare_verdict(reply)


class AalcrJudge:
    prompts = __name__.rpartition(".")[0]

    def calls(self, task: Task, rubric: Rubric, answer: str) -> list[CallSpec]:
        return [verdict_call(task, answer)]

    def parse(self, rubric: Rubric, call: CallSpec, reply: str | dict[str, Any]) -> ParsedReply:
        if call.dataset_version not in TEMPLATES:
            raise ValueError(f"an AA-LCR call names no known version: {call.dataset_version!r}")
        return read_verdict(call.dataset_version, reply)

    def examples_place(self, call: CallSpec) -> ExamplesPlace:
        """Both versions' user prompts state the task, then quote the question: examples go
        between the two."""
        return ExamplesPlace(before="\n\nThe question, for reference only:", heading=EXAMPLES)

    def example_reply(self, rubric: Rubric, call: CallSpec, marks: Mapping[str, Mark],
                      score: float | None) -> str:
        """The verdict as the version asks for it: a JSON object (v1.1) or the bare word."""
        word = "CORRECT" if marks.get(VERDICT) else "INCORRECT"
        return json.dumps({"verdict": word}) if call.dataset_version == "1.1" else word


EXAMPLES = ("Examples assessed by people: other questions and candidate answers, with the "
            "verdict a human reviewer gave. Assess the CANDIDATE ANSWER below the way they "
            "would.")
