"""Finding a JSON object in free text: what a judge replied, what a system answered."""

from __future__ import annotations

import json
from typing import Any

from anser_tui.core.json_input import TooDeep, raw_decode


def first_json_object(text: str) -> dict[str, Any] | None:
    """The first `{...}` span of `text` that decodes to a JSON object, or None (also when
    the first object is nested too deeply to decode: what it holds is not read either)."""
    start = text.find("{")
    while start != -1:
        try:
            value, _ = raw_decode(text, start)
        except TooDeep:
            return None
        except json.JSONDecodeError:
            value = None
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    return None


def reply_object(reply: str | dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
    """A judge reply as (the raw text kept, the JSON object it holds or None): text is kept as
    it is and searched for its first object; an object an importer already decoded is the
    object, kept as compact JSON with non-ASCII as is."""
    if isinstance(reply, dict):
        return json.dumps(reply, ensure_ascii=False), reply
    return reply, first_json_object(reply)
