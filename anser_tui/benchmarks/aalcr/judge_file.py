"""Recorded AA-LCR verdicts: a JSONL file of {question_id, dataset_version, reply, model?}.

Each reply is read by the rule of the version the line states (v1.1 JSON, v1.0.0 a bare word,
`verdicts`); one that does not read as a verdict is kept as the judge said it, status
parse_error or invalid. The version must be the one the workspace's answer keys are (the one
it was made with): a verdict reached against other keys is not this workspace's to review or
report, so the file is refused. A question twice, an unknown question or version, or a reply
that is neither text nor an object rejects the file (file:line); nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from anser_tui.benchmarks.aalcr.dataset import VERSIONS
from anser_tui.benchmarks.aalcr.judge import RUBRIC, read_verdict, verdict_call
from anser_tui.benchmarks.judgments import Reply, assemble
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import Judgment
from anser_tui.workspace.runs import iter_jsonl
from anser_tui.workspace.tasks import Task


def read_verdict_lines(path: Path, tasks_by_id: Mapping[str, Task], run: str
                       ) -> list[Judgment]:
    judgments: list[Judgment] = []
    seen: dict[str, int] = {}
    for line, record in iter_jsonl(path):
        qid = record.get("question_id")
        qid = str(qid) if isinstance(qid, int) and not isinstance(qid, bool) else qid
        task = tasks_by_id.get(qid) if isinstance(qid, str) else None
        if task is None:
            raise InputError(f"question_id {record.get('question_id')!r} is not a question of "
                             "the workspace", path, line)
        if task.id in seen:
            raise InputError(f"question {task.id} appears twice (first on line "
                             f"{seen[task.id]})", path, line)
        seen[task.id] = line
        version = record.get("dataset_version")
        if version not in VERSIONS:
            raise InputError(f"dataset_version {version!r} is not one of {', '.join(VERSIONS)}",
                             path, line)
        keys = task.extra["dataset_version"]
        if version != keys:
            raise InputError(f"judged against the {version} answer keys; this workspace holds "
                             f"the {keys} ones (make one with --dataset-version {version})",
                             path, line)
        reply = record.get("reply")
        if not isinstance(reply, str | dict):
            raise InputError("'reply' must be the judge's text or a JSON object", path, line)
        model = record.get("model")
        spec = verdict_call(task, "", version)
        judgments.append(assemble(run, task.id, RUBRIC, [Reply(spec, read_verdict(version,
                                                                                reply))],
                                  model=model if isinstance(model, str) else None,
                                  source=f"import:{path.name}"))
    return judgments
