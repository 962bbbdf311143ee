"""How much the LLM judge and the automatic metrics disagree on one item: a score in [0, 1].

The score is the largest of these signals (the reason given is the largest one's; among equals,
the earliest listed):
- the judge's reply did not parse or was invalid: 1;
- the judge's score is not what its own marks add up to (arithmetic mismatch): 1/2;
- the benchmark's own signals (`Benchmark.disagreement_signals`: e.g. the judge's score against
  answer-similarity or evidence metrics), handed in as a function of the judge's score taken as
  a fraction of its scale (`Aggregate.fraction`).
An item the judge has not scored (none yet, or the call itself failed) scores 0: there is
nothing to disagree with. An item disagrees when its score is at least `THRESHOLD`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from anser_tui.benchmarks.base import Signal
from anser_tui.workspace.records import JudgmentStatus

FAILED = 1.0
MISMATCH = 0.5
THRESHOLD = 0.5

Signals = Callable[[float], Sequence[Signal]]  # the judge's fraction -> the benchmark's signals


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


def disagreement(judge: JudgeFacts | None, signals: Signals) -> Disagreement:
    if judge is None or judge.status is JudgmentStatus.TRANSPORT_ERROR:
        return NONE
    if judge.status is not JudgmentStatus.OK or judge.fraction is None:
        return Disagreement(FAILED, f"judge reply {judge.status.value.replace('_', ' ')}")
    found: list[Disagreement] = []
    if judge.arithmetic_mismatch:
        found.append(Disagreement(MISMATCH, "judge arithmetic mismatch"))
    found += [Disagreement(s.score, s.reason) for s in signals(judge.fraction)]
    # the largest signal (max keeps the earliest listed among equals)
    return max(found, key=lambda s: s.score, default=Disagreement(0.0, "no metric to compare"))
