"""Pure metric functions and group reports (no I/O, no Textual)."""

from anser_tui.scoring.evidence_diff import (
    EvidenceDiff,
    GoldRow,
    RetrievedRow,
    evidence_diff,
    task_space,
)

__all__ = ["EvidenceDiff", "GoldRow", "RetrievedRow", "evidence_diff", "task_space"]
