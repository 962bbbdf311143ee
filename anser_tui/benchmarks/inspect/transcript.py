"""Inspect messages as a plain-text transcript, shown literally: each message under its role,
tool calls written out as `→ tool call NAME (id ID): ARGUMENTS`, a tool result under the
tool's name and call id, and every part that is not text (an image, audio, video, a document,
reasoning) as a placeholder such as `[image]`.

Messages come as inspect-ai objects (a sample's input) or as the dicts a log stores in
Score.metadata (a grader's prompt and reply); both are read by attribute or key."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any


def _get(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def content_text(content: Any) -> str:
    """A message's content: text as is, each part that is not text as `[its type]`."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    parts = []
    for part in content if isinstance(content, list) else [content]:
        kind = _get(part, "type")
        text = _get(part, "text")
        parts.append(text if kind == "text" and isinstance(text, str) else f"[{kind or 'part'}]")
    return "\n".join(parts)


def _tool_call(call: Any) -> str:
    arguments = _get(call, "arguments")
    shown = json.dumps(arguments, ensure_ascii=False, sort_keys=True) \
        if not isinstance(arguments, str) else arguments
    return f"→ tool call {_get(call, 'function')} (id {_get(call, 'id')}): {shown}"


def message_text(message: Any) -> str:
    role = _get(message, "role") or "message"
    head = f"[{role}]"
    if role == "tool":
        head = f"[tool {_get(message, 'function') or ''} · {_get(message, 'tool_call_id') or ''}]"
    lines = [head, content_text(_get(message, "content"))]
    lines += [_tool_call(c) for c in _get(message, "tool_calls") or ()]
    error = _get(message, "error")
    if error:
        lines.append(f"error: {_get(error, 'message') or error}")
    return "\n".join(line for line in lines if line)


def transcript(value: str | Iterable[Any]) -> str:
    """A sample's input (a string, or a list of messages) as text."""
    if isinstance(value, str):
        return value
    return "\n\n".join(message_text(m) for m in value)
