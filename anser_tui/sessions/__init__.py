"""Sessions: review queues and sessions, workspace-level verbs (init, import), scoring a
workspace, calibration and merge. Above every domain package; below the screens."""

from anser_tui.sessions.queue import FILTER_KEYS, QueueOrder, QueueSpec, build_queue
from anser_tui.sessions.review import ReviewSession
from anser_tui.sessions.sampling import Order
from anser_tui.sessions.stored_session import StoredSession
from anser_tui.sessions.workspace import import_run, init_workspace

__all__ = [
    "FILTER_KEYS",
    "Order",
    "QueueOrder",
    "QueueSpec",
    "ReviewSession",
    "StoredSession",
    "build_queue",
    "import_run",
    "init_workspace",
]
