"""The workspace: one SQLite file of tasks, runs, metrics, judgments, sessions and decisions.

Above core only: it imports nothing else of the package. Every SQL statement of the package
is here; the layers above call its functions, which return records. Records know their rows;
the decision log is append-only.
"""

from anser_tui.workspace.decisions import (
    ItemState,
    all_decisions,
    append_decision,
    session_decisions,
)
from anser_tui.workspace.item import Item
from anser_tui.workspace.judgments import (
    add_judgments,
    current_judgment,
    current_judgments,
    judgment_history,
    latest_judgment,
    latest_judgments,
)
from anser_tui.workspace.records import (
    Decision,
    DecisionKind,
    Judgment,
    JudgmentStatus,
    LogRecord,
    ReasonCode,
    RunOutput,
)
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Rubric
from anser_tui.workspace.runs import iter_jsonl, read_log_file, read_run_file
from anser_tui.workspace.sessions import (
    QueueEntry,
    SessionInfo,
    SessionNameTaken,
    insert_session,
    load_sessions,
)
from anser_tui.workspace.store import WorkspaceStore, utc_now
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

__all__ = [
    "Aggregate",
    "AnswerKey",
    "Criterion",
    "CriterionKind",
    "Decision",
    "DecisionKind",
    "Form",
    "Item",
    "ItemState",
    "Judgment",
    "JudgmentStatus",
    "LogRecord",
    "QueueEntry",
    "ReasonCode",
    "Rubric",
    "RunOutput",
    "SessionInfo",
    "SessionNameTaken",
    "Task",
    "TaskPrompt",
    "WorkspaceStore",
    "add_judgments",
    "all_decisions",
    "append_decision",
    "current_judgment",
    "current_judgments",
    "insert_session",
    "iter_jsonl",
    "judgment_history",
    "latest_judgment",
    "latest_judgments",
    "load_sessions",
    "read_log_file",
    "read_run_file",
    "session_decisions",
    "utc_now",
]
