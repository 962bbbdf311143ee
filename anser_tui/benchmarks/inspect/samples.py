"""The samples of an Inspect log, as plain data: which task each is, what it asked, the
reference, the output, and each scorer's Score with the grader's prompt and reply.

Task ids: the sample id, or `<id>#<epoch>` when the log ran several epochs. The grader's
prompt and reply come from the Score's `metadata.grading` (model_graded_qa and
model_graded_fact keep the prompt message and the reply there), else from the model events
inside the scorer's span of the sample's events."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from anser_tui.benchmarks.inspect.transcript import message_text, transcript
from anser_tui.core.errors import InputError


@dataclass(frozen=True)
class ScoreView:
    value: Any  # as Inspect stored it: "C", True, 0.5, {"key": ...}; None when unscored
    answer: str | None
    explanation: str | None
    grader_prompt: str | None
    grader_reply: str | None
    record: dict[str, Any]  # the Score as JSON (kept whole as the judgment's raw text)


@dataclass(frozen=True)
class SampleView:
    task_id: str
    sample_id: int | str
    epoch: int
    transcript: str
    target: str | list[str]
    completion: str
    scores: dict[str, ScoreView] = field(default_factory=dict)


def task_id_of(sample_id: int | str, epoch: int, epochs: int) -> str:
    return f"{sample_id}#{epoch}" if epochs > 1 else str(sample_id)


def unscored(value: Any) -> bool:
    """A value that is no score: missing, or the NaN Inspect writes for an unscored sample."""
    return value is None or (isinstance(value, float) and math.isnan(value))


def _scorer_spans(events: Iterable[Any], scorer: str) -> set[str]:
    spans: set[str] = set()
    for event in events:
        if getattr(event, "event", None) != "span_begin":
            continue
        parent = getattr(event, "parent_id", None)
        if (getattr(event, "type", None) == "scorer" and getattr(event, "name", None) == scorer) \
                or parent in spans:
            spans.add(event.id)
    return spans


def _grading(score: Any, events: Iterable[Any], scorer: str) -> tuple[str | None, str | None]:
    grading = (score.metadata or {}).get("grading")
    if isinstance(grading, list) and grading:
        prompt = "\n\n".join(message_text(m) for m in grading[:-1]) or None
        return prompt, message_text(grading[-1])
    events = list(events)
    spans = _scorer_spans(events, scorer)
    models = [e for e in events if getattr(e, "event", None) == "model"
              and getattr(e, "span_id", None) in spans]
    if not models:
        return None, None
    last = models[-1]
    reply = getattr(last.output, "completion", None)
    return transcript(last.input), reply if isinstance(reply, str) else None


def _score(score: Any, events: Iterable[Any], scorer: str) -> ScoreView:
    prompt, reply = _grading(score, events, scorer)
    value = None if unscored(score.value) else score.value
    return ScoreView(value=value, answer=score.answer, explanation=score.explanation,
                     grader_prompt=prompt, grader_reply=reply,
                     record=score.model_dump(mode="json", exclude={"history"}))


def sample_views(log: Any, path: Path) -> Iterator[SampleView]:
    epochs = max(int(log.eval.config.epochs or 1), max(s.epoch for s in log.samples))
    seen: set[str] = set()
    for sample in log.samples:
        task_id = task_id_of(sample.id, sample.epoch, epochs)
        if task_id in seen:
            raise InputError(f"sample {task_id} appears twice in the log", path)
        seen.add(task_id)
        target = sample.target if isinstance(sample.target, str) else list(sample.target)
        completion = sample.output.completion if sample.output is not None else ""
        scores = {name: _score(score, sample.events, name)
                  for name, score in (sample.scores or {}).items()}
        yield SampleView(task_id, sample.id, sample.epoch, transcript(sample.input), target,
                         completion, scores)
