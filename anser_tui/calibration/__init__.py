"""Calibration: (judge, human) pairs, the adjudication policy, statistics, corrected scores,
rechecks. Plain Python (no Textual); above review.

The names are imported on first use (anser_tui.core.lazy): the review screen starts without
numpy's statistics; type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.core.lazy import lazy_exports

if TYPE_CHECKING:
    from anser_tui.calibration.adjudication import (
        Settlement,
        Standing,
        adjudication_queue,
        reviewer_verdicts,
        settle,
        start_adjudication,
    )
    from anser_tui.calibration.corrected_scores import CorrectedEntry, corrected_scores
    from anser_tui.calibration.recheck import add_rechecks, choose_rechecks, insert_rechecks
    from anser_tui.calibration.report import CalibrationReport, calibration_report

_EXPORTS = {
    "CalibrationReport": "report",
    "CorrectedEntry": "corrected_scores",
    "Settlement": "adjudication",
    "Standing": "adjudication",
    "add_rechecks": "recheck",
    "adjudication_queue": "adjudication",
    "calibration_report": "report",
    "choose_rechecks": "recheck",
    "corrected_scores": "corrected_scores",
    "insert_rechecks": "recheck",
    "reviewer_verdicts": "adjudication",
    "settle": "adjudication",
    "start_adjudication": "adjudication",
}
__all__ = [
    "CalibrationReport",
    "CorrectedEntry",
    "Settlement",
    "Standing",
    "add_rechecks",
    "adjudication_queue",
    "calibration_report",
    "choose_rechecks",
    "corrected_scores",
    "insert_rechecks",
    "reviewer_verdicts",
    "settle",
    "start_adjudication",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
