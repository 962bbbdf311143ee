"""Aggregates put their scores on the 0-100 scale and as fractions; the disagreement score only
combines the signals a benchmark hands it. Values worked out by hand."""

from __future__ import annotations

import pytest

from anser_tui.benchmarks.base import Signal
from anser_tui.benchmarks.registry import benchmark_named, registered
from anser_tui.review.disagreement import Disagreement, JudgeFacts, disagreement
from anser_tui.workspace.records import JudgmentStatus
from anser_tui.workspace.rubric import Aggregate
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

OK = JudgmentStatus.OK


@pytest.mark.parametrize(("aggregate", "score", "expected"), [
    (Aggregate.WEIGHTED_0_100, 72.5, 72.5),
    (Aggregate.WEIGHTED_0_100, 0.0, 0.0),
    (Aggregate.WEIGHTED_0_100, 101.0, None),  # off the scale
    (Aggregate.WEIGHTED_0_100, -1.0, None),
    (Aggregate.BINARY_VERDICT, 100.0, 100.0),
    (Aggregate.POINTS_OVER_POSITIVE, 0.6, 60.0),
    (Aggregate.POINTS_OVER_POSITIVE, -0.25, 0.0),  # clipped to 0 before scaling
    (Aggregate.POINTS_OVER_POSITIVE, 1.2, 100.0),  # clipped to 1
    (Aggregate.POINTS_OVER_POSITIVE, None, None),
])
def test_on_0_100(aggregate: Aggregate, score: float | None, expected: float | None) -> None:
    assert aggregate.on_0_100(score) == expected


def test_weighted_score_above_100_is_a_fraction_above_1() -> None:
    # fraction() does not check the range: a judge's 105 compares as 1.05
    assert Aggregate.WEIGHTED_0_100.fraction(105.0) == pytest.approx(1.05)
    assert Aggregate.WEIGHTED_0_100.on_0_100(105.0) is None


def test_disagreement_takes_the_largest_handed_signal_earliest_among_equals() -> None:
    signals = [Signal(0.25, "a"), Signal(0.5, "b"), Signal(0.5, "c")]
    assert disagreement(JudgeFacts(OK, 0.9), lambda j: signals) == Disagreement(0.5, "b")
    # the arithmetic mismatch (1/2) comes first, so it wins a tie
    assert disagreement(JudgeFacts(OK, 0.9, True), lambda j: signals) == \
        Disagreement(0.5, "judge arithmetic mismatch")
    assert disagreement(JudgeFacts(OK, 0.9), lambda j: []) == \
        Disagreement(0.0, "no metric to compare")


def test_signals_are_asked_with_the_judge_fraction_only_when_it_is_usable() -> None:
    asked: list[float] = []

    def signals(j: float) -> list[Signal]:
        asked.append(j)
        return []

    disagreement(JudgeFacts(JudgmentStatus.PARSE_ERROR, None), signals)
    disagreement(None, signals)
    disagreement(JudgeFacts(OK, 0.74), signals)
    assert asked == [0.74]


def _task() -> Task:
    return Task(id="legal_zh_descriptive_1", benchmark="x", group="legal_zh",
                form=Form.SHORT, lang="zh", domain="legal", objective="descriptive",
                number=1, seq=0, source="tasks.json", line=1,
                prompt=TaskPrompt(id="legal_zh_descriptive_1", query="q"), key=AnswerKey())


@pytest.mark.parametrize("name", registered())
def test_every_benchmark_gives_signals(name: str) -> None:
    metrics: dict[str, float | None] = {m: 0.1 for m in ("BERTScore-F1", "Token-F1",
                                                         "Recall@5", "Set Recall")}
    signals = benchmark_named(name).disagreement_signals(_task(), 0.9, metrics)
    assert all(isinstance(s, Signal) for s in signals)
    if name == "anser":  # |0.9 - 0.1| twice, then 0.9 - 0.1 twice (the judge is higher)
        assert [round(s.score, 6) for s in signals] == [0.8, 0.8, 0.8, 0.8]
        assert signals[0].reason == "judge 0.90 vs BERTScore-F1 0.10"
    else:  # no automatic metric of their own
        assert signals == []
