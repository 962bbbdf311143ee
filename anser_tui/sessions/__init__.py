"""Sessions: review queues and sessions, workspace-level verbs (init, import), scoring a
workspace, calibration and merge. Above every domain package; below the screens.

The calibration names are imported on first use (anser_tui.lazy): the review screen starts
without numpy's statistics; type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.lazy import lazy_exports
from anser_tui.sessions.queue import FILTER_KEYS, QueueOrder, QueueSpec, build_queue
from anser_tui.sessions.review import ReviewSession
from anser_tui.sessions.sampling import Order
from anser_tui.sessions.stored_session import StoredSession
from anser_tui.sessions.workspace import import_run, init_workspace

if TYPE_CHECKING:
    from anser_tui.sessions.adjudication import (
        Settlement,
        Standing,
        adjudication_queue,
        reviewer_verdicts,
        settle,
        start_adjudication,
    )
    from anser_tui.sessions.calibration import CalibrationReport, calibration_report
    from anser_tui.sessions.corrected_scores import CorrectedEntry, corrected_scores
    from anser_tui.sessions.merge import merge_workspaces
    from anser_tui.sessions.recheck import add_rechecks, choose_rechecks, insert_rechecks
    from anser_tui.sessions.verdicts import VerdictBook

_EXPORTS = {
    "CalibrationReport": "calibration",
    "CorrectedEntry": "corrected_scores",
    "Settlement": "adjudication",
    "Standing": "adjudication",
    "VerdictBook": "verdicts",
    "add_rechecks": "recheck",
    "adjudication_queue": "adjudication",
    "calibration_report": "calibration",
    "choose_rechecks": "recheck",
    "corrected_scores": "corrected_scores",
    "insert_rechecks": "recheck",
    "merge_workspaces": "merge",
    "reviewer_verdicts": "adjudication",
    "settle": "adjudication",
    "start_adjudication": "adjudication",
}
__all__ = [
    "FILTER_KEYS",
    "CalibrationReport",
    "CorrectedEntry",
    "Order",
    "QueueOrder",
    "QueueSpec",
    "ReviewSession",
    "Settlement",
    "Standing",
    "StoredSession",
    "VerdictBook",
    "add_rechecks",
    "adjudication_queue",
    "build_queue",
    "calibration_report",
    "choose_rechecks",
    "corrected_scores",
    "import_run",
    "init_workspace",
    "insert_rechecks",
    "merge_workspaces",
    "reviewer_verdicts",
    "settle",
    "start_adjudication",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
