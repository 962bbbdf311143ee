"""Answer, evidence, Token-F1 and efficiency metrics: hand-worked values and independent
references (scikit-learn, numpy, the SQuAD v1.1 formula re-implemented here)."""

from __future__ import annotations

import math
import re
import string
from collections import Counter

import numpy as np
import pytest
from sklearn.metrics import mean_absolute_error, precision_recall_fscore_support

from anser_tui.scoring.answer_metrics import (
    abs_error,
    choice_accuracy,
    log_ratio_error,
    smape,
    within_10_percent,
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
from anser_tui.scoring.token_f1 import token_f1
from anser_tui.workspace.records import LogRecord


def test_mae_is_the_mean_of_task_errors_like_sklearn() -> None:
    truth = [10.0, 0.0, -4.0, 2.5, 1000.0]
    predicted = [12.0, 0.5, -1.0, 2.5, 900.0]
    ours = sum(abs_error(p, g) for p, g in zip(predicted, truth, strict=True)) / len(truth)
    assert ours == pytest.approx(mean_absolute_error(truth, predicted))
    assert ours == pytest.approx((2 + 0.5 + 3 + 0 + 100) / 5)


@pytest.mark.parametrize(("p", "g", "hit"), [
    (110.0, 100.0, 1.0), (90.0, 100.0, 1.0),  # exactly 10% counts
    (110.01, 100.0, 0.0), (1.1, 1.0, 1.0),  # 1.1 vs 1.0 is exactly 10%, no float noise
    (0.0, 0.0, 1.0), (0.001, 0.0, 0.0),  # ground truth 0: only 0 is right
    (-105.0, -100.0, 1.0), (100.0, -100.0, 0.0),  # negative numbers
])
def test_accuracy_at_10_percent(p: float, g: float, hit: float) -> None:
    assert within_10_percent(p, g) == hit


@pytest.mark.parametrize(("p", "g", "value"), [
    (110.0, 100.0, 200 * 10 / 210), (0.0, 0.0, 0.0), (5.0, 0.0, 200.0), (0.0, 5.0, 200.0),
    (-5.0, 5.0, 200.0), (100.0, 100.0, 0.0), (-90.0, -100.0, 200 * 10 / 190),
])
def test_smape_in_percent(p: float, g: float, value: float) -> None:
    assert smape(p, g) == pytest.approx(value)


def test_log_odds_ratio_error() -> None:
    assert log_ratio_error(2.0, 4.0) == pytest.approx(math.log(2))
    assert log_ratio_error(4.0, 2.0) == pytest.approx(math.log(2))


@pytest.mark.parametrize(("answer", "truth", "hit"), [
    ("C, A", "AC", 1.0), ("a c", "CA", 1.0), ("A", "AC", 0.0), ("答案：B", "B", 1.0),
    ("否", "错误", 1.0), ("yes", "是", 1.0), ("non-compliant", "compliant", 0.0),
    ("B", "是", 0.0), ("nothing", "B", 0.0),
])
def test_choice_accuracy(answer: str, truth: str, hit: float) -> None:
    gt = parse_choice(truth)
    kind = "polarity" if isinstance(gt.value, bool) else "letters"
    assert choice_accuracy(parse_choice(answer, prefer=kind), gt) == hit


@pytest.mark.parametrize(("retrieved", "gold"), [
    (["a", "b", "c"], ["b", "c", "d", "e"]),
    (["a"], ["a"]),
    (["x", "y"], ["a", "b"]),
    (["a", "b", "c", "d", "e", "f"], ["f"]),
])
def test_set_prf_matches_sklearn(retrieved: list[str], gold: list[str]) -> None:
    universe = sorted(set(retrieved) | set(gold))
    y_true = [int(u in gold) for u in universe]
    y_pred = [int(u in retrieved) for u in universe]
    p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average="binary",
                                                 zero_division=0)
    assert set_prf(retrieved, gold) == pytest.approx((p, r, f))


def test_set_prf_edge_cases() -> None:
    assert set_prf([], []) == (1.0, 1.0, 1.0)
    assert set_prf(["a"], []) == (0.0, 0.0, 0.0)
    assert set_prf([], ["a"]) == (0.0, 0.0, 0.0)
    assert set_prf(["b", "c"], ["b", "c", "d", "e"]) == pytest.approx((1.0, 0.5, 2 / 3))


def test_ranked_metrics_by_hand() -> None:
    ranked = ["x", "g1", "y", "z", "w", "g2"]
    gold = ["g1", "g2", "g3"]
    assert recall_at(ranked, gold) == pytest.approx(1 / 3)  # g2 is 6th
    assert precision_at(ranked, gold) == pytest.approx(1 / 5)
    assert r_precision(ranked, gold) == pytest.approx(1 / 3)  # top 3: x g1 y
    assert reciprocal_rank(ranked, gold) == pytest.approx(1 / 2)
    assert precision_at(["g1"], gold) == pytest.approx(1 / 5)  # always over 5
    assert reciprocal_rank(["x"], gold) == 0.0
    assert recall_at([], gold) == 0.0 and precision_at([], gold) == 0.0
    assert recall_at(["x"], []) is None and r_precision(["x"], []) is None


def _squad_v11_f1(prediction: str, ground_truth: str) -> float:
    """The SQuAD v1.1 evaluation script's f1_score, written out again (independent)."""
    def normalize(s: str) -> str:
        s = s.lower()
        s = "".join(ch for ch in s if ch not in set(string.punctuation))
        s = re.sub(r"\b(a|an|the)\b", " ", s)
        return " ".join(s.split())

    pred, gold = normalize(prediction).split(), normalize(ground_truth).split()
    common = Counter(pred) & Counter(gold)
    num_same = sum(common.values())
    if num_same == 0:
        return 0.0
    precision, recall = num_same / len(pred), num_same / len(gold)
    return (2 * precision * recall) / (precision + recall)


@pytest.mark.parametrize(("prediction", "truth"), [
    ("Exercise reduces the symptoms.", "Exercise reduces depressive symptoms."),
    ("The cat sat on the mat", "A cat sat on a mat"),
    ("well-being improved", "wellbeing improved"),  # punctuation deleted, no space put in
    ("positive positive association", "positive association"),
    ("no overlap", "entirely different"),
])
def test_token_f1_matches_squad_v11(prediction: str, truth: str) -> None:
    assert token_f1(prediction, truth) == pytest.approx(_squad_v11_f1(prediction, truth))


def test_token_f1_by_hand_and_empty_cases() -> None:
    assert token_f1("well-being improved", "wellbeing improved") == 1.0
    assert token_f1("a b c", "a b") == pytest.approx(2 / 3)  # "a" is an article: b c vs b
    assert token_f1("", "") == 1.0 and token_f1("the", "a") == 1.0  # both empty
    assert token_f1("", "answer") == 0.0 and token_f1("answer", "") == 0.0


def test_percentiles_match_numpy() -> None:
    values = [0.5, 3.0, 1.25, 9.0, 2.0, 2.0, 7.5]
    for q in (0, 50, 90, 95, 100):
        assert percentile(values, q) == pytest.approx(np.percentile(values, q))


def test_efficiency_summaries_leave_out_tasks_without_figures() -> None:
    records = [LogRecord(task_id="a", latency_s=1.0, input_tokens=100, output_tokens=10),
               LogRecord(task_id="b", latency_s=3.0, input_tokens=300, output_tokens=30),
               LogRecord(task_id="c", latency_s=None, input_tokens=None, output_tokens=None),
               LogRecord(task_id="d", latency_s=8.0, input_tokens=None, output_tokens=50)]
    latency = latency_summary(records)
    assert latency == pytest.approx({"mean": 4.0, "median": 3.0,
                                     "p95": float(np.percentile([1.0, 3.0, 8.0], 95))})
    assert token_summary(records) == pytest.approx({
        "input_mean": 200.0, "output_mean": 30.0, "total_mean": (110 + 330 + 50) / 3,
        "total_sum": 490.0})
    assert latency_summary([]) is None and token_summary(records[2:3]) is None
