"""A PRBench conversation as the judge reads it and as a reviewer reads it.

The judge: each turn as `role: text` on its own line, a user turn's reference texts prepended
to it as `Reference Text {i}:` newline, the text, blank line (one block per text, numbered from
0); then the response under evaluation as the last assistant turn, its `<think>`,
`<thinking>`, `<reasoning>` and `<reason>` blocks removed (each tag in that order, case
ignored), three or more line breaks collapsed to a blank line, trimmed; the whole trimmed.

A reviewer: the same turns with their reference texts apart (to show folded), the response cut
into plain and reasoning segments (reasoning shown folded, never sent to the judge), and long
texts cut into pages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from anser_tui.benchmarks.prbench.records import Turn

THINKING_TAGS = ("think", "thinking", "reasoning", "reason")
_BLOCKS = [re.compile(rf"<{tag}>.*?</{tag}>", re.DOTALL | re.IGNORECASE)
           for tag in THINKING_TAGS]
_ANY_BLOCK = re.compile(r"<(think|thinking|reasoning|reason)>(.*?)</\1>",
                        re.DOTALL | re.IGNORECASE)
_BLANK_RUN = re.compile(r"\n\s*\n\s*\n")


def references_block(references: Sequence[str]) -> str:
    """The text prepended to a user turn for its reference texts."""
    return "".join(f"Reference Text {i}:\n{text}\n\n" for i, text in enumerate(references))


def turn_text(turn: Turn) -> str:
    """A turn's text as the judge sees it (reference texts prepended)."""
    return references_block(turn.references) + turn.text


def strip_thinking(response: str) -> str:
    """The response without its reasoning blocks, as the judge sees it."""
    for block in _BLOCKS:
        response = block.sub("", response)
    return _BLANK_RUN.sub("\n\n", response).strip()


def judged_conversation(turns: Sequence[Turn], response: str) -> str:
    """The conversation the judge grades: the turns, then the stripped response."""
    lines = [f"{t.role}: {turn_text(t)}" for t in turns]
    lines.append(f"assistant: {strip_thinking(response)}")
    return "\n".join(lines).strip()


@dataclass(frozen=True)
class Segment:
    """A stretch of the response: plain text, or a reasoning block (`tag` its tag name)."""

    text: str
    tag: str | None = None

    @property
    def reasoning(self) -> bool:
        return self.tag is not None


def response_segments(response: str) -> list[Segment]:
    """The response cut into plain and reasoning segments, in order: plain text verbatim, each
    reasoning block's content with its tag (lower case) instead of its tags."""
    segments: list[Segment] = []
    pos = 0
    for match in _ANY_BLOCK.finditer(response):
        if match.start() > pos:
            segments.append(Segment(response[pos:match.start()]))
        segments.append(Segment(match.group(2), match.group(1).lower()))
        pos = match.end()
    if pos < len(response):
        segments.append(Segment(response[pos:]))
    return segments


def pages(text: str, lines_per_page: int = 40) -> list[str]:
    """`text` cut at line breaks into pages of at most `lines_per_page` lines (one page for a
    short text; a text is never cut inside a line)."""
    if lines_per_page < 1:
        raise ValueError("lines_per_page must be positive")
    lines = text.split("\n")
    return ["\n".join(lines[i:i + lines_per_page])
            for i in range(0, len(lines), lines_per_page)] or [""]
