"""Pure metric functions (no I/O, no Textual, no benchmark): answers, evidence, efficiency.

A benchmark's cells, task scores and report are in its own package under
`anser_tui.benchmarks`; scoring a workspace or a folder is `anser_tui.exchange`' work.
`bertscore` imports bert-score and torch inside its function only.

Names are imported on first use (anser_tui.core.lazy); type checkers see the imports below.
"""

from typing import TYPE_CHECKING

from anser_tui.core.lazy import lazy_exports

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
    from anser_tui.scoring.evidence_metrics import (
        precision_at,
        r_precision,
        recall_at,
        reciprocal_rank,
        set_prf,
    )
    from anser_tui.scoring.numbers import Parsed, parse_number
    from anser_tui.scoring.structured import find_object
    from anser_tui.scoring.token_f1 import normalize_answer, token_f1

_EXPORTS = {
    "BertScoreConfig": "bertscore",
    "BertScoreResult": "bertscore",
    "Parsed": "numbers",
    "abs_error": "answer_metrics",
    "bertscore_f1": "bertscore",
    "choice_accuracy": "answer_metrics",
    "config_for": "bertscore",
    "find_object": "structured",
    "latency_summary": "efficiency",
    "log_ratio_error": "answer_metrics",
    "normalize_answer": "token_f1",
    "parse_choice": "choices",
    "parse_number": "numbers",
    "percentile": "efficiency",
    "precision_at": "evidence_metrics",
    "r_precision": "evidence_metrics",
    "recall_at": "evidence_metrics",
    "reciprocal_rank": "evidence_metrics",
    "set_prf": "evidence_metrics",
    "smape": "answer_metrics",
    "token_f1": "token_f1",
    "token_summary": "efficiency",
    "within_10_percent": "answer_metrics",
}
__all__ = [
    "BertScoreConfig",
    "BertScoreResult",
    "Parsed",
    "abs_error",
    "bertscore_f1",
    "choice_accuracy",
    "config_for",
    "find_object",
    "latency_summary",
    "log_ratio_error",
    "normalize_answer",
    "parse_choice",
    "parse_number",
    "percentile",
    "precision_at",
    "r_precision",
    "recall_at",
    "reciprocal_rank",
    "set_prf",
    "smape",
    "token_f1",
    "token_summary",
    "within_10_percent",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
