"""One PRBench split record, in either of its published forms, read into a `Sample`.

Dataset card form: top-level `task`, `field`, `topic`, `expert`, flat turn columns
`prompt_0..9`, `reference_texts_0..9`, `response_0..8`, `model_0..8` (empty or null: absent)
and `rubric` items `{id, title, annotations: {weight_class, <class>_weight..., criteria_category,
criteria_description}}`. Conversation order: for i in 0..9 the user turn `prompt_i`, then the
assistant turn `response_i`. A criterion's weight is the annotation named by its
`weight_class` (spaces to `_`, plus `_weight`), never another weight field that happens to be
set; a class without its field is bad input.

evalscope-flattened form: `input` (the messages, reference texts already inside the user turns)
and `metadata` with `task`, `field`, `topic`, `expert` and `rubrics` items
`{id, title, weight, category}`. Either rubric item shape is accepted in either form.

The conversation must end with a user turn: the response under evaluation answers it.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.core.record import Record

TURN_SLOTS = 10


class Turn(Record):
    """A turn of the conversation; a user turn's reference texts are kept apart from it (the
    judge sees them prepended to it, `conversation.turn_text`)."""

    role: str  # "user" | "assistant"
    text: str
    references: tuple[str, ...] = ()
    model: str | None = None  # the model that wrote an earlier assistant turn, where given


class RubricItem(Record):
    id: str
    title: str  # what the judge sees
    weight: float
    weight_class: str | None = None
    category: str | None = None
    description: str | None = None  # the rationale: shown to reviewers, never to the judge


class Sample(Record):
    task: str
    field: str
    topic: str | None = None
    expert: str | None = None
    turns: tuple[Turn, ...]
    rubric: tuple[RubricItem, ...]
    # economic_pathway, decision_type, ...
    meta: dict[str, Any] = dataclasses.field(default_factory=dict)


def _text(value: Any, what: str, path: Path, line: int, required: bool = False) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise InputError(f"missing {what}", path, line)
        return None
    if not isinstance(value, str):
        raise InputError(f"{what} must be text, not {type(value).__name__}", path, line)
    return value


def rubric_item(item: Any, path: Path, line: int) -> RubricItem:
    """A rubric item in the card shape (weight from `weight_class`) or the flattened one."""
    if not isinstance(item, dict):
        raise InputError("each rubric item must be an object", path, line)
    cid = item.get("id")
    cid = str(cid) if isinstance(cid, int) and not isinstance(cid, bool) else cid
    cid = _text(cid, "rubric item id", path, line, required=True)
    title = _text(item.get("title"), f"title of criterion {cid}", path, line, required=True)
    notes = item.get("annotations")
    if isinstance(notes, dict):
        weight_class = _text(notes.get("weight_class"), f"weight_class of criterion {cid}",
                             path, line, required=True)
        assert weight_class is not None
        key = weight_class.replace(" ", "_") + "_weight"
        weight = notes.get(key)
        if weight is None:
            raise InputError(f"criterion {cid}: weight_class {weight_class!r} has no "
                             f"{key} field", path, line)
        category, description = notes.get("criteria_category"), notes.get("criteria_description")
    elif notes is None and "weight" in item:
        weight, weight_class = item["weight"], None
        category, description = item.get("category"), item.get("description")
    else:
        raise InputError(f"criterion {cid} has neither annotations nor a weight", path, line)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or not math.isfinite(
            weight):
        raise InputError(f"criterion {cid}: weight {weight!r} is not a number", path, line)
    return RubricItem(id=str(cid), title=str(title), weight=float(weight),
                      weight_class=weight_class,
                      category=_text(category, f"category of criterion {cid}", path, line),
                      description=_text(description, f"rationale of criterion {cid}", path,
                                        line))


def _rubric(items: Any, path: Path, line: int) -> tuple[RubricItem, ...]:
    if not isinstance(items, list) or not items:
        raise InputError("the record has no rubric", path, line)
    rubric = tuple(rubric_item(item, path, line) for item in items)
    seen: set[str] = set()
    for item in rubric:
        if item.id in seen:
            raise InputError(f"criterion {item.id} appears twice in the rubric", path, line)
        seen.add(item.id)
    if not any(item.weight > 0 for item in rubric):
        raise InputError("the rubric has no positive weight (its clipped score is undefined)",
                         path, line)
    return rubric


def _references(value: Any, column: str, path: Path, line: int) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{column} must be a list of texts", path, line)
    return tuple(value)


def _card_turns(record: dict[str, Any], path: Path, line: int) -> tuple[Turn, ...]:
    turns: list[Turn] = []
    for i in range(TURN_SLOTS):
        prompt = _text(record.get(f"prompt_{i}"), f"prompt_{i}", path, line)
        refs = _references(record.get(f"reference_texts_{i}"), f"reference_texts_{i}", path,
                           line)
        if prompt is not None:
            turns.append(Turn(role="user", text=prompt, references=refs))
        elif refs:
            raise InputError(f"reference_texts_{i} belongs to an empty prompt_{i}", path, line)
        response = _text(record.get(f"response_{i}"), f"response_{i}", path, line)
        if response is not None:
            model = record.get(f"model_{i}")
            turns.append(Turn(role="assistant", text=response,
                              model=model if isinstance(model, str) and model else None))
    return tuple(turns)


def _message_text(message: Any, path: Path, line: int) -> tuple[str | None, str]:
    if not isinstance(message, dict):
        raise InputError("each input message must be an object", path, line)
    content = message.get("content")
    if isinstance(content, list):  # content parts: the text ones, in order
        content = "".join(p.get("text", "") for p in content
                          if isinstance(p, dict) and p.get("type", "text") == "text")
    if not isinstance(content, str):
        raise InputError("an input message has no text content", path, line)
    role = message.get("role")
    return (role if isinstance(role, str) else None), content


def _flat_turns(messages: Any, path: Path, line: int) -> tuple[Turn, ...]:
    if not isinstance(messages, list) or not messages:
        raise InputError("'input' must be a non-empty list of messages", path, line)
    turns = []
    for i, message in enumerate(messages):
        role, text = _message_text(message, path, line)
        role = role or ("user" if i % 2 == 0 else "assistant")
        if role not in ("user", "assistant"):
            raise InputError(f"input message {i} has role {role!r}", path, line)
        turns.append(Turn(role=role, text=text))
    return tuple(turns)


def read_sample(record: dict[str, Any], path: Path, line: int) -> Sample:
    """The sample a split record holds, in the card or the evalscope-flattened form."""
    if "input" in record and isinstance(record.get("metadata"), dict):
        meta: dict[str, Any] = record["metadata"]
        turns = _flat_turns(record["input"], path, line)
        rubric = _rubric(meta.get("rubrics", meta.get("rubric")), path, line)
    elif "task" in record:
        meta = record
        turns = _card_turns(record, path, line)
        rubric = _rubric(record.get("rubric"), path, line)
    else:
        raise InputError("neither a dataset card record (task, prompt_0..., rubric) nor an "
                         "evalscope-flattened one (input, metadata)", path, line)
    task = _text(meta.get("task"), "task id", path, line, required=True)
    field = _text(meta.get("field"), "field", path, line, required=True)
    if not turns or turns[-1].role != "user":
        raise InputError("the conversation must end with a user turn (the response under "
                         "evaluation answers it)", path, line)
    extra: dict[str, Any] = {k: meta[k] for k in ("economic_pathway", "decision_type", "turns")
                             if k in meta}
    return Sample(task=str(task), field=str(field),
                  topic=_text(meta.get("topic"), "topic", path, line),
                  expert=_text(meta.get("expert"), "expert", path, line),
                  turns=turns, rubric=rubric, meta=extra)
