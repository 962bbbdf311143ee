"""How much the LLM judge and the automatic metrics disagree on one item: a score in [0, 1].

The score is the largest of these signals (the reason given is the largest one's):
- the judge's reply did not parse or was invalid: 1;
- the judge's score is not what its own marks add up to (arithmetic mismatch): 1/2;
- answer similarity, both ways: |judge - m| for m in BERTScore-F1 and Token-F1 (a high judge
  score with a low similarity, or a low one with a high similarity);
- evidence, one way: judge - r for r in Recall@5 and Set Recall when the judge is higher (a
  high score for an answer resting on evidence the system did not find; the converse, good
  evidence and a poor answer, is no contradiction).
The judge's score is taken as a fraction of its scale (`judge_fraction`). An item the judge has
not scored (none yet, or the call itself failed) scores 0: there is nothing to disagree with.
An item disagrees when its score is at least `THRESHOLD`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from anser_tui.workspace.records import JudgmentStatus
from anser_tui.workspace.rubric import Aggregate

ANSWER_METRICS = ("BERTScore-F1", "Token-F1")
EVIDENCE_METRICS = ("Recall@5", "Set Recall")
FAILED = 1.0
MISMATCH = 0.5
THRESHOLD = 0.5


@dataclass(frozen=True)
class JudgeFacts:
    """What the disagreement score needs of an item's current judgment."""

    status: JudgmentStatus
    fraction: float | None  # the judge's score on a 0-1 scale
    arithmetic_mismatch: bool = False


@dataclass(frozen=True)
class Disagreement:
    score: float  # rounded to 6 places, so 0.95 - 0.45 is 0.5 and reaches the threshold
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", round(self.score, 6))

    @property
    def flagged(self) -> bool:
        return self.score >= THRESHOLD


NONE = Disagreement(0.0, "not judged")


def judge_fraction(aggregate: Aggregate, score: float | None) -> float | None:
    """The judge's score as a fraction of its scale (0-100 scores over 100; PRBench points
    clipped to 0-1)."""
    if score is None:
        return None
    if aggregate is Aggregate.PRBENCH_POINTS:
        return min(max(score, 0.0), 1.0)
    return score / 100.0


def disagreement(judge: JudgeFacts | None, metrics: Mapping[str, float | None]) -> Disagreement:
    if judge is None or judge.status is JudgmentStatus.TRANSPORT_ERROR:
        return NONE
    if judge.status is not JudgmentStatus.OK or judge.fraction is None:
        return Disagreement(FAILED, f"judge reply {judge.status.value.replace('_', ' ')}")
    j = judge.fraction
    signals: list[Disagreement] = []
    if judge.arithmetic_mismatch:
        signals.append(Disagreement(MISMATCH, "judge arithmetic mismatch"))
    for name in ANSWER_METRICS:
        value = metrics.get(name)
        if value is not None:
            signals.append(Disagreement(abs(j - value), f"judge {j:.2f} vs {name} {value:.2f}"))
    for name in EVIDENCE_METRICS:
        value = metrics.get(name)
        if value is not None and j > value:
            signals.append(Disagreement(j - value, f"judge {j:.2f} vs {name} {value:.2f}"))
    # the largest signal (max keeps the earliest listed among equals)
    return max(signals, key=lambda s: s.score,
               default=Disagreement(0.0, "no metric to compare"))
