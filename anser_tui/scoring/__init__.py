"""Pure metric functions and group reports (no I/O, no Textual).

Two modules read files or the workspace and are imported by path, not from here:
`anser_tui.scoring.stateless` (a benchmark folder and a run file) and
`anser_tui.scoring.workspace_scoring` (metrics into and reports out of a workspace).
`bertscore` imports bert-score and torch inside its function only.

Names are imported on first use (anser_tui.lazy); type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.lazy import lazy_exports

if TYPE_CHECKING:
    from anser_tui.scoring.answer_metrics import (
        abs_error,
        choice_accuracy,
        log_ratio_error,
        smape,
        within_10_percent,
    )
    from anser_tui.scoring.bertscore import (
        BertScoreConfig,
        BertScoreResult,
        bertscore_f1,
        config_for,
    )
    from anser_tui.scoring.choices import parse_choice
    from anser_tui.scoring.efficiency import latency_summary, percentile, token_summary
    from anser_tui.scoring.evidence_diff import (
        EvidenceDiff,
        GoldRow,
        RetrievedRow,
        evidence_diff,
        task_space,
    )
    from anser_tui.scoring.evidence_metrics import (
        precision_at,
        r_precision,
        recall_at,
        reciprocal_rank,
        set_prf,
    )
    from anser_tui.scoring.form_cells import Cell
    from anser_tui.scoring.numbers import Parsed, parse_number
    from anser_tui.scoring.report import GroupRow, JudgeValues, build_rows, form_metrics
    from anser_tui.scoring.report_format import render_report
    from anser_tui.scoring.run_scoring import fill_bertscore, resolver_for, score_run, task_json
    from anser_tui.scoring.structured import find_object
    from anser_tui.scoring.task_scores import TaskScore, parsed_detail, score_task
    from anser_tui.scoring.token_f1 import normalize_answer, token_f1

_EXPORTS = {
    "BertScoreConfig": "bertscore",
    "BertScoreResult": "bertscore",
    "Cell": "form_cells",
    "EvidenceDiff": "evidence_diff",
    "GoldRow": "evidence_diff",
    "GroupRow": "report",
    "JudgeValues": "report",
    "Parsed": "numbers",
    "RetrievedRow": "evidence_diff",
    "TaskScore": "task_scores",
    "abs_error": "answer_metrics",
    "bertscore_f1": "bertscore",
    "build_rows": "report",
    "choice_accuracy": "answer_metrics",
    "config_for": "bertscore",
    "evidence_diff": "evidence_diff",
    "fill_bertscore": "run_scoring",
    "find_object": "structured",
    "form_metrics": "report",
    "latency_summary": "efficiency",
    "log_ratio_error": "answer_metrics",
    "normalize_answer": "token_f1",
    "parse_choice": "choices",
    "parse_number": "numbers",
    "parsed_detail": "task_scores",
    "percentile": "efficiency",
    "precision_at": "evidence_metrics",
    "r_precision": "evidence_metrics",
    "recall_at": "evidence_metrics",
    "reciprocal_rank": "evidence_metrics",
    "render_report": "report_format",
    "resolver_for": "run_scoring",
    "score_run": "run_scoring",
    "score_task": "task_scores",
    "set_prf": "evidence_metrics",
    "smape": "answer_metrics",
    "task_json": "run_scoring",
    "task_space": "evidence_diff",
    "token_f1": "token_f1",
    "token_summary": "efficiency",
    "within_10_percent": "answer_metrics",
}
__all__ = [
    "BertScoreConfig",
    "BertScoreResult",
    "Cell",
    "EvidenceDiff",
    "GoldRow",
    "GroupRow",
    "JudgeValues",
    "Parsed",
    "RetrievedRow",
    "TaskScore",
    "abs_error",
    "bertscore_f1",
    "build_rows",
    "choice_accuracy",
    "config_for",
    "evidence_diff",
    "fill_bertscore",
    "find_object",
    "form_metrics",
    "latency_summary",
    "log_ratio_error",
    "normalize_answer",
    "parse_choice",
    "parse_number",
    "parsed_detail",
    "percentile",
    "precision_at",
    "r_precision",
    "recall_at",
    "reciprocal_rank",
    "render_report",
    "resolver_for",
    "score_run",
    "score_task",
    "set_prf",
    "smape",
    "task_json",
    "task_space",
    "token_f1",
    "token_summary",
    "within_10_percent",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
