"""The workspace store, runs, judgments, review sessions and decisions."""

from anser_tui.sessions.decisions import (
    ItemState,
    all_decisions,
    append_decision,
    session_decisions,
)
from anser_tui.sessions.judgments import (
    add_judgments,
    latest_judgment,
    latest_judgments,
)
from anser_tui.sessions.queue import FILTER_KEYS, Item, QueueSpec
from anser_tui.sessions.records import (
    Decision,
    DecisionKind,
    Judgment,
    JudgmentStatus,
    LogRecord,
    ReasonCode,
    RunOutput,
)
from anser_tui.sessions.review import ReviewSession, default_queue
from anser_tui.sessions.runs import iter_jsonl, read_log_file, read_run_file
from anser_tui.sessions.store import WorkspaceStore, utc_now
from anser_tui.sessions.workspace import import_run, init_workspace

__all__ = [
    "FILTER_KEYS",
    "Decision",
    "DecisionKind",
    "Item",
    "ItemState",
    "Judgment",
    "JudgmentStatus",
    "LogRecord",
    "QueueSpec",
    "ReasonCode",
    "ReviewSession",
    "RunOutput",
    "WorkspaceStore",
    "add_judgments",
    "all_decisions",
    "append_decision",
    "default_queue",
    "import_run",
    "init_workspace",
    "iter_jsonl",
    "latest_judgment",
    "latest_judgments",
    "read_log_file",
    "read_run_file",
    "session_decisions",
    "utc_now",
]
