"""Seeded queue draws: simple random samples, proportional stratified samples, rankings; and
the judge-metric disagreement score. Values worked out by hand in each test."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from anser_tui.benchmarks.anser.signals import metric_signals
from anser_tui.review.disagreement import Disagreement, JudgeFacts, disagreement
from anser_tui.review.sampling import (
    first,
    interleave,
    proportional_allocation,
    ranked,
    simple_random_sample,
    stratified_sample,
)
from anser_tui.workspace.records import JudgmentStatus
from anser_tui.workspace.rubric import Aggregate

KEYS = [f"t{i}" for i in range(20)]


def test_random_sample_is_seeded() -> None:
    a = simple_random_sample(KEYS, seed=7, limit=5)
    assert a == simple_random_sample(KEYS, seed=7, limit=5)
    assert a.keys == random.Random(7).sample(KEYS, 5)  # the standard library's own draw
    assert a.keys != simple_random_sample(KEYS, seed=8, limit=5).keys
    assert len(set(a.keys)) == 5 and set(a.keys) <= set(KEYS)


def test_random_sample_probabilities() -> None:
    a = simple_random_sample(KEYS, seed=1, limit=5)
    assert a.probabilities == [0.25] * 5  # N/M = 5/20
    # over the 20 eligible keys the probabilities sum to the sample size: 20 * 5/20 = 5; and
    # the sampled keys' 1/p (Horvitz-Thompson weights) sum to the population, 5 * 4 = 20
    assert len(KEYS) * a.probabilities[0] == pytest.approx(5)
    assert sum(1 / p for p in a.probabilities if p) == pytest.approx(20)
    whole = simple_random_sample(KEYS, seed=1)
    assert sorted(whole.keys) == sorted(KEYS) and whole.keys != KEYS
    assert whole.probabilities == [1.0] * 20
    assert simple_random_sample(KEYS, seed=1, limit=50).probabilities == [1.0] * 20
    with pytest.raises(ValueError):
        simple_random_sample(KEYS, seed=1, limit=0)


def test_random_sample_is_uniform_over_seeds() -> None:
    """Over many seeds each key is drawn about N/M of the time (5/20 of 4000 = 1000)."""
    counts = Counter(k for seed in range(4000) for k in simple_random_sample(KEYS, seed, 5).keys)
    assert all(850 < counts[k] < 1150 for k in KEYS)


@pytest.mark.parametrize(("sizes", "n", "expected"), [
    # quotas 2.0, 1.2, 0.8: floors 2, 1, 0; the one left goes to C (largest remainder .8)
    ({"A": 5, "B": 3, "C": 2}, 4, {"A": 2, "B": 1, "C": 1}),
    # quotas 2.33, 2.33, 0.33: floors 2, 2, 0; equal remainders: the larger stratum, then A
    ({"A": 7, "B": 7, "C": 1}, 5, {"A": 3, "B": 2, "C": 0}),
    # quotas 6.0, 3.0, 1.0: exact
    ({"A": 60, "B": 30, "C": 10}, 10, {"A": 6, "B": 3, "C": 1}),
    # quotas 3.5, 3.5, 3.0 of 10: floors 3, 3, 3; one left: A and B tie, same size: A
    ({"A": 7, "B": 7, "C": 6}, 10, {"A": 4, "B": 3, "C": 3}),
    # more than there is: every item
    ({"A": 2, "B": 1}, 9, {"A": 2, "B": 1}),
])
def test_proportional_allocation(sizes: dict[str, int], n: int, expected: dict[str, int]
                                 ) -> None:
    assert proportional_allocation(sizes, n) == expected
    assert sum(expected.values()) == min(n, sum(sizes.values()))


def test_interleave_spreads_each_stratum() -> None:
    # a's keys sit at 1/6, 3/6, 5/6; b's at 1/4, 3/4: a1 b1 a2 b2 a3
    assert interleave({"a": ["a1", "a2", "a3"], "b": ["b1", "b2"]}) == [
        "a1", "b1", "a2", "b2", "a3"]
    # equal sizes alternate in name order
    assert interleave({"b": ["b1", "b2"], "a": ["a1", "a2"]}) == ["a1", "b1", "a2", "b2"]


def test_stratified_sample() -> None:
    strata = {"A": [f"a{i}" for i in range(5)], "B": ["b0", "b1", "b2"], "C": ["c0", "c1"]}
    draw = stratified_sample(strata, seed=3, limit=4)
    assert draw.strata == {"A": (5, 2), "B": (3, 1), "C": (2, 1)}  # allocated as above
    # interleaved: A's two at 1/4 and 3/4, B's and C's one at 1/2 (B before C): A B C A
    assert [k[0] for k in draw.keys] == ["a", "b", "c", "a"]
    # each stratum is its own seeded draw
    assert [draw.keys[0], draw.keys[3]] == random.Random("3:A").sample(strata["A"], 2)
    assert draw.keys[1] in strata["B"] and draw.keys[2] in strata["C"]
    # n_h / N_h: 2/5, 1/3, 1/2, 2/5; summing to the sample size
    assert draw.probabilities == pytest.approx([2 / 5, 1 / 3, 1 / 2, 2 / 5])
    # over every eligible key: 5 * 2/5 + 3 * 1/3 + 2 * 1/2 = 4, the sample size; the sampled
    # keys' weights 1/p sum to the 10 keys there are
    p = dict(zip([k[0] for k in draw.keys], draw.probabilities, strict=True))
    assert 5 * p["a"] + 3 * p["b"] + 2 * p["c"] == pytest.approx(4)
    assert sum(1 / q for q in draw.probabilities if q) == pytest.approx(10)
    assert draw == stratified_sample(strata, seed=3, limit=4)
    assert draw.keys != stratified_sample(strata, seed=4, limit=4).keys


def test_stratified_sample_without_limit_takes_everything() -> None:
    strata = {"A": ["a0", "a1"], "B": ["b0"]}
    draw = stratified_sample(strata, seed=0)
    assert sorted(draw.keys) == ["a0", "a1", "b0"] and draw.probabilities == [1.0] * 3
    assert draw.strata == {"A": (2, 2), "B": (1, 1)}


def test_ranked_and_first() -> None:
    draw = ranked(["a", "b", "c", "d"], [0.2, 0.9, 0.2, 0.5], limit=3)
    assert draw.keys == ["b", "d", "a"]  # ties keep the given order: a before c
    assert draw.probabilities == [None] * 3
    assert first(["a", "b", "c"], limit=2).keys == ["a", "b"]


# -- disagreement ----------------------------------------------------------------------------
OK = JudgmentStatus.OK


@pytest.mark.parametrize(("judge", "metrics", "expected"), [
    (None, {"BERTScore-F1": 0.9}, Disagreement(0.0, "not judged")),
    (JudgeFacts(JudgmentStatus.TRANSPORT_ERROR, None), {}, Disagreement(0.0, "not judged")),
    (JudgeFacts(JudgmentStatus.PARSE_ERROR, None), {}, Disagreement(1.0,
                                                                     "judge reply parse error")),
    (JudgeFacts(JudgmentStatus.INVALID, 0.3), {}, Disagreement(1.0, "judge reply invalid")),
    # high similarity, low judge: |0.20 - 0.90| = 0.70
    (JudgeFacts(OK, 0.2), {"BERTScore-F1": 0.9},
     Disagreement(0.7, "judge 0.20 vs BERTScore-F1 0.90")),
    # the larger of |0.8 - 0.75| = 0.05 and |0.8 - 0.3| = 0.5
    (JudgeFacts(OK, 0.8), {"BERTScore-F1": 0.75, "Token-F1": 0.3},
     Disagreement(0.5, "judge 0.80 vs Token-F1 0.30")),
    # a high judge score on evidence the system did not find: 0.95 - 0 = 0.95
    (JudgeFacts(OK, 0.95), {"Recall@5": 0.0}, Disagreement(0.95, "judge 0.95 vs Recall@5 0.00")),
    # good evidence and a poor answer is no contradiction
    (JudgeFacts(OK, 0.1), {"Recall@5": 0.9}, Disagreement(0.0, "no metric to compare")),
    # an arithmetic mismatch counts 1/2, beaten by a larger gap
    (JudgeFacts(OK, 0.74, True), {"BERTScore-F1": 0.7},
     Disagreement(0.5, "judge arithmetic mismatch")),
    (JudgeFacts(OK, 0.9, True), {"Set Recall": 0.2},
     Disagreement(0.7, "judge 0.90 vs Set Recall 0.20")),
])
def test_disagreement(judge: JudgeFacts | None, metrics: dict[str, float],
                      expected: Disagreement) -> None:
    assert disagreement(judge, lambda j: metric_signals(j, metrics)) == expected


def test_disagreement_threshold() -> None:
    assert disagreement(JudgeFacts(OK, 0.95),
                        lambda j: metric_signals(j, {"Recall@5": 0.45})).flagged  # 0.50
    assert not disagreement(JudgeFacts(OK, 0.95),
                            lambda j: metric_signals(j, {"Recall@5": 0.46})).flagged  # 0.49


def test_judge_fraction() -> None:
    assert Aggregate.WEIGHTED_0_100.fraction(74.0) == pytest.approx(0.74)
    assert Aggregate.BINARY_VERDICT.fraction(100.0) == 1.0
    assert Aggregate.POINTS_OVER_POSITIVE.fraction(-0.25) == 0.0
    assert Aggregate.POINTS_OVER_POSITIVE.fraction(0.6) == 0.6
    assert Aggregate.WEIGHTED_0_100.fraction(None) is None
