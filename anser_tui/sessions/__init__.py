"""Sessions: review queues and sessions, workspace-level verbs (init, import), scoring a
workspace, calibration and merge. Above every domain package; below the screens."""

from anser_tui.sessions.queue import FILTER_KEYS, QueueSpec
from anser_tui.sessions.review import ReviewSession
from anser_tui.sessions.workspace import import_run, init_workspace

__all__ = [
    "FILTER_KEYS",
    "QueueSpec",
    "ReviewSession",
    "import_run",
    "init_workspace",
]
