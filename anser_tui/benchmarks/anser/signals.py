"""What the disagreement-first queue orders compare ANSER-Bench's judge with: its metrics.

- answer similarity, both ways: |judge - m| for m in BERTScore-F1 and Token-F1 (a high judge
  score with a low similarity, or a low one with a high similarity);
- evidence, one way: judge - r for r in Recall@5 and Set Recall when the judge is higher (a high
  score for an answer resting on evidence the system did not find; the converse, good evidence
  and a poor answer, is no contradiction).
The judge's score is a fraction of its scale; metrics an item lacks give no signal.
"""

from __future__ import annotations

from collections.abc import Mapping

from anser_tui.benchmarks.anser.groups import BERTSCORE_F1, RECALL_5, SET_R, TOKEN_F1
from anser_tui.benchmarks.base import Signal

ANSWER_METRICS = (BERTSCORE_F1, TOKEN_F1)
EVIDENCE_METRICS = (RECALL_5, SET_R)


def metric_signals(judge: float, metrics: Mapping[str, float | None]) -> list[Signal]:
    """The signals of one item, answer metrics first, in the order above."""
    signals: list[Signal] = []
    for name in ANSWER_METRICS:
        value = metrics.get(name)
        if value is not None:
            signals.append(Signal(abs(judge - value), f"judge {judge:.2f} vs {name} {value:.2f}"))
    for name in EVIDENCE_METRICS:
        value = metrics.get(name)
        if value is not None and judge > value:
            signals.append(Signal(judge - value, f"judge {judge:.2f} vs {name} {value:.2f}"))
    return signals
