"""What import-run and import-judgments read from an Inspect log: each sample's
output.completion as the run's answer, and the reviewed scorer's Score as its judgment.

The log must hold the workspace's samples (a sample the workspace does not know is bad input;
one the log lacks is simply missing). A Score becomes a judgment of one whole-rubric call:
its raw text is the Score as JSON (value, answer, explanation, metadata) with the grader's
prompt and reply beside it (`raw_text`), its marks the value's (`values.marks_of`), its reason
the explanation. An unscored sample (no value, or the NaN Inspect writes) is a failed
judgment, status parse_error; a value of another kind than the scorer's is status invalid;
neither is a verdict.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import CallSpec, ParsedReply
from anser_tui.benchmarks.inspect.api import read_log
from anser_tui.benchmarks.inspect.loader import EXTRA_SCORER
from anser_tui.benchmarks.inspect.samples import SampleView, ScoreView, sample_views
from anser_tui.benchmarks.inspect.values import marks_of, rubric_of
from anser_tui.benchmarks.judgments import Reply, assemble
from anser_tui.core.errors import InputError
from anser_tui.workspace.records import Judgment, JudgmentStatus, RunOutput
from anser_tui.workspace.tasks import Task

CALL_TEMPLATE = "inspect_score"  # names the call; the Score was made by Inspect, not here


def _views(path: Path, known: Callable[[str], bool]) -> tuple[Any, list[tuple[int, SampleView]]]:
    """The log and its samples as (place in the log, sample), each checked to be known."""
    log = read_log(path)
    found = []
    for line, view in enumerate(sample_views(log, Path(path)), start=1):
        if not known(view.task_id):
            raise InputError(f"sample {view.task_id} is not in the workspace's log (sample "
                             f"{line} of this one)", path)
        found.append((line, view))
    return log, found


def read_outputs(path: Path, known: Callable[[str], bool]) -> list[tuple[int, RunOutput]]:
    return [(line, RunOutput(task_id=v.task_id, answer=v.completion))
            for line, v in _views(path, known)[1]]


def raw_text(score: ScoreView) -> str:
    """What the judgment keeps whole: `{"score": the Score as JSON, "grader": {"prompt",
    "reply"}}` (the grader's exchange as text; null where the scorer used no model)."""
    return json.dumps({"score": score.record, "grader": {"prompt": score.grader_prompt,
                                                         "reply": score.grader_reply}},
                      ensure_ascii=False)


def parsed_score(spec: Mapping[str, Any], score: ScoreView) -> ParsedReply:
    raw = raw_text(score)
    if score.value is None:
        return ParsedReply(JudgmentStatus.PARSE_ERROR, raw, reason=score.explanation,
                           error="the scorer gave no value (unscored)")
    marks = marks_of(spec, score.value)
    if marks is None:
        return ParsedReply(JudgmentStatus.INVALID, raw, reason=score.explanation,
                           error=f"value {score.value!r} is not of the scorer's kinds")
    return ParsedReply(JudgmentStatus.OK, raw, marks, rubric_of(spec).score(marks),
                       reason=score.explanation)


def read_scores(path: Path, tasks_by_id: Mapping[str, Task], run: str) -> list[Judgment]:
    """The judgments of the log's Scores (model: the log's model, which grades unless the
    eval bound a grader of its own)."""
    log, views = _views(path, lambda t: t in tasks_by_id)
    model = str(log.eval.model) if log.eval.model else None
    judgments = []
    for _, view in views:
        spec = tasks_by_id[view.task_id].extra[EXTRA_SCORER]
        score = view.scores.get(spec["scorer"])
        if score is None:
            continue
        call = CallSpec(criterion=None, user_template=CALL_TEMPLATE, fields={})
        judgments.append(assemble(run, view.task_id, rubric_of(spec),
                                  [Reply(call, parsed_score(spec, score))], model=model,
                                  source=f"import:inspect:{Path(path).name}"))
    if not judgments:
        raise InputError("no sample of the log carries the workspace's scorer", path)
    return judgments
