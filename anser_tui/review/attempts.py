"""The judge's attempts on one item as short plain-text entries, for the review screen's judge
panel and `anser-tui show`: status, model, time (UTC) and, for a failure, the error.

Every string that came from outside (model names, error messages) is neutralised here; the
callers add no markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from anser_tui.core.text import neutralize
from anser_tui.workspace.records import Judgment, JudgmentStatus

ERROR_CHARS = 60  # an error is cut to this many characters in the list


def _when(created_at: str | None, previous_day: str | None) -> tuple[str, str | None]:
    """("2026-12-01 10:02", day), or ("10:05", day) when the day is the previous entry's."""
    if not created_at or len(created_at) < 16:
        return "—", previous_day
    day, clock = created_at[:10], created_at[11:16]
    return (clock if day == previous_day else f"{day} {clock}"), day


def _short(text: str) -> str:
    text = " ".join(neutralize(text).split())
    return text if len(text) <= ERROR_CHARS else text[:ERROR_CHARS - 1] + "…"


def attempt_entries(history: Sequence[Judgment], shown: Judgment | None) -> list[str]:
    """One entry per attempt, oldest first: "ok gpt-x 2026-12-01 10:02 (shown)",
    "transport_error local 10:05 (HTTP 500: internal error (6 attempts))"."""
    entries, day = [], None
    for judgment in history:
        when, day = _when(judgment.created_at, day)
        entry = f"{judgment.status.value} {neutralize(judgment.model or '—')} {when}"
        if judgment.error and judgment.status is not JudgmentStatus.OK:
            entry += f" ({_short(judgment.error)})"
        if shown is not None and judgment.uid == shown.uid:
            entry += " (shown)"
        entries.append(entry)
    return entries


def attempts_line(history: Sequence[Judgment], shown: Judgment | None) -> str | None:
    """"attempts (UTC): <entry> · <entry> ..." when there is more than one attempt, else None."""
    if len(history) < 2:
        return None
    return "attempts (UTC): " + " · ".join(attempt_entries(history, shown))
