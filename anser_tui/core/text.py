"""Untrusted text made safe to show: control codes and bidi overrides become visible marks.

Answers, corpus text, judge output and comments are data. Rich markup is never interpreted
(widgets build `rich.text.Text` objects, never markup strings); this module takes care of what
a terminal itself would interpret: ANSI/OSC escapes, other C0/C1 controls and bidi controls.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

# C0 controls but tab and newline, DEL, C1 controls; bidi embeddings, overrides and isolates;
# zero-width and line/paragraph separators that move the cursor or hide text.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


def _visible(match: re.Match[str]) -> str:
    char = match.group(0)
    code = ord(char)
    if code == 0x1B:
        return "␛"
    if code == 0x0D:
        return "␍"
    if code < 0x20:
        return chr(0x2400 + code)
    return f"<U+{code:04X}>"


def neutralize(text: str) -> str:
    """`text` with every control character replaced by a visible stand-in."""
    return _UNSAFE.sub(_visible, text.replace("\r\n", "\n"))


def value_text(value: Any) -> str:
    """A ground truth or answer value as a reviewer reads it: text as it is, anything else as
    indented JSON with non-ASCII kept."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, indent=2)


def mark_text(mark: Any) -> str:
    """A mark as a reviewer reads it: a grade's level as written ("C"), an integer as is, a
    number in up to six significant digits (0.75, 1e-07); "—" for none."""
    if mark is None:
        return "—"
    if isinstance(mark, float):
        return f"{mark:g}"
    return str(mark)


def ground_truth_text(value: Any) -> str:
    """A value as a judge prompt holds it: text as is, anything else as compact JSON with
    non-ASCII kept."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def cell_width(text: str) -> int:
    """How many terminal cells `text` takes: wide and full-width characters two, combining
    marks and zero-width characters none, everything else one."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width
