"""The calibration report of a workspace with known decisions: DESIGN section 8's JSON keys,
hand-worked agreement, kappa against scikit-learn, alpha against krippendorff, correlations
against scipy, the blind value preferred, binary criteria, reviewers, anchoring, the CLI."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import krippendorff
import numpy as np
import pytest
from calibration_ws import marks, override_all, sci, science_workspace, session
from click.testing import CliRunner
from scipy import stats
from sklearn.metrics import cohen_kappa_score

from anser_tui.benchmarks.anser.benchmark import AnserBenchmark
from anser_tui.calibration.report import calibration_report
from anser_tui.cli import cli
from anser_tui.workspace import (
    Criterion,
    CriterionKind,
    Item,
    Judgment,
    JudgmentStatus,
    Rubric,
    WorkspaceStore,
    add_judgments,
)
from anser_tui.workspace.rubric import Aggregate

pytestmark = pytest.mark.filterwarnings("error")

RUN = "sys-a"
ROW_KEYS = ["scope", "dimension", "n", "exact_agreement", "within_1_agreement", "mae", "bias",
            "bias_ci", "pearson", "spearman", "quadratic_kappa", "kappa_ci", "alpha",
            "confusion"]
BINARY_KEYS = [*[k if k != "quadratic_kappa" else "kappa" for k in ROW_KEYS],
               "false_positive_rate", "false_negative_rate"]
CORRECTED_KEYS = ["scope", "n_items", "n_reviewed", "judge_mean", "corrected_mean", "ci",
                  "random_sample", "reviews_to_halve_ci", "estimator", "lambda",
                  "finite_population"]  # DESIGN 8: the estimator keys added
REVIEWER_KEYS = ["scope", "dimension", "n_items", "n_reviewers", "alpha", "pairwise_kappa"]
LABELS = [0, 1, 2, 3, 4]

JUDGE = [4, 3, 2, 1, 0, 2]  # conclusion on tasks 1-6; every other criterion 2 on both sides
ALICE_BLIND = [4, 2, 2, 2, 0, 3]
BOB = [4, 3, 1]  # tasks 1-3, judge visible
ITEMS = [Item(RUN, sci(i)) for i in range(1, 7)]


def score(conclusion: int) -> float:
    """The integer the prompt asks for: 100 * (.45 c + .25 * 2 + .20 * 2 + .10 * 2) / 4 =
    (45 c + 110) / 4, a half rounded up (72.5 -> 73, 61.25 -> 61, 50, 38.75 -> 39, 27.5 -> 28)."""
    return float(math.floor(Fraction(45 * conclusion + 110, 4) + Fraction(1, 2)))


@pytest.fixture
def store(tmp_path: Path) -> WorkspaceStore:
    store = science_workspace(tmp_path, 6)
    judgments = add_judgments(store, [
        Judgment(run=RUN, task_id=it.task_id, rubric_id="science_en", status=JudgmentStatus.OK,
                 marks=marks(c, 2, 2, 2), score=score(c)) for it, c in zip(ITEMS, JUDGE,
                                                                        strict=True)])
    by_task = {j.task_id: j for j in judgments}
    alice = session(store, "alice", ITEMS, blind=True)
    override_all(alice, {it: marks(c, 2, 2, 2) for it, c in zip(ITEMS, ALICE_BLIND,
                                                                 strict=True)},
                 by_task, judge_visible=False)
    alice.override(ITEMS[1], marks(3, 2, 2, 2), by_task[sci(2)])  # revised toward the judge
    alice.override(ITEMS[5], marks(3, 2, 2, 2), by_task[sci(6)])  # kept (a re-commit)
    bob = session(store, "bob", ITEMS[:3])
    override_all(bob, {it: marks(c, 2, 2, 2) for it, c in zip(ITEMS, BOB, strict=False)},
                 by_task)
    return store


def _row(report: dict, scope: str, dimension: str) -> dict:
    return next(r for r in report["rows"] if (r["scope"], r["dimension"]) == (scope, dimension))


def test_keys_and_hand_worked_values(store: WorkspaceStore) -> None:
    report = calibration_report(store, resamples=300).to_json()
    assert list(report)[:3] == ["rows", "corrected", "reviewers"]
    assert all(list(r) == ROW_KEYS for r in report["rows"])
    assert all(list(c) == CORRECTED_KEYS for c in report["corrected"])
    assert all(list(e) == REVIEWER_KEYS for e in report["reviewers"])
    scopes = list(dict.fromkeys(r["scope"] for r in report["rows"]))
    assert scopes == ["all", "group:science_en_descriptive", f"run:{RUN}", "reviewer:alice",
                      "reviewer:bob"]
    # "score" first, then criteria as the benchmark's rubrics first list them (legal before
    # science in the mini bench)
    assert [r["dimension"] for r in report["rows"] if r["scope"] == "all"] == [
        "score", "conclusion", "ground_truth_consistency", "format", "coverage"]

    alice = _row(report, "reviewer:alice", "conclusion")  # the blind values: J - H below
    assert alice["n"] == 6
    assert alice["exact_agreement"] == pytest.approx(3 / 6)  # diffs 0, 1, 0, -1, 0, -1
    assert alice["within_1_agreement"] == pytest.approx(1.0)
    assert alice["mae"] == pytest.approx(3 / 6)
    assert alice["bias"] == pytest.approx(-1 / 6)
    assert alice["quadratic_kappa"] == pytest.approx(
        cohen_kappa_score(JUDGE, ALICE_BLIND, weights="quadratic", labels=LABELS), abs=1e-12)
    assert alice["alpha"] == pytest.approx(krippendorff.alpha(
        reliability_data=[JUDGE, ALICE_BLIND], level_of_measurement="ordinal",
        value_domain=LABELS), abs=1e-12)
    assert alice["confusion"][2] == [0, 1, 1, 1, 0]  # human 2: the judge gave 3, 2 and 1
    lo, hi = alice["bias_ci"]
    assert lo <= alice["bias"] <= hi

    judge_all = JUDGE + JUDGE[:3]
    human_all = ALICE_BLIND + BOB
    everyone = _row(report, "all", "conclusion")
    assert everyone["n"] == 9
    assert everyone["quadratic_kappa"] == pytest.approx(
        cohen_kappa_score(judge_all, human_all, weights="quadratic", labels=LABELS), abs=1e-12)
    assert everyone["alpha"] == pytest.approx(krippendorff.alpha(
        reliability_data=[judge_all, human_all], level_of_measurement="ordinal",
        value_domain=LABELS), abs=1e-12)

    scores = _row(report, "reviewer:alice", "score")
    j, h = [score(c) for c in JUDGE], [score(c) for c in ALICE_BLIND]
    assert scores["mae"] == pytest.approx(11 * 3 / 6)  # J - H: 0, 61-50, 0, 39-50, 0, 50-61
    assert scores["bias"] == pytest.approx(11 * -1 / 6)
    assert scores["exact_agreement"] == pytest.approx(0.5)
    assert scores["within_1_agreement"] == pytest.approx(0.5)
    assert scores["pearson"] == pytest.approx(stats.pearsonr(j, h)[0], abs=1e-12)
    assert scores["spearman"] == pytest.approx(stats.spearmanr(j, h)[0], abs=1e-12)
    assert scores["alpha"] == pytest.approx(krippendorff.alpha(
        reliability_data=[j, h], level_of_measurement="interval"), abs=1e-12)
    assert scores["quadratic_kappa"] is None and scores["confusion"] is None

    constant = _row(report, "all", "coverage")  # 2 on both sides throughout
    assert constant["exact_agreement"] == 1.0
    assert constant["quadratic_kappa"] is None and constant["alpha"] is None
    assert constant["pearson"] is None and constant["kappa_ci"] is None


def test_the_blind_value_is_preferred_and_anchoring_reads_the_revision(
        store: WorkspaceStore) -> None:
    report = calibration_report(store, resamples=50).to_json()
    # with alice's revised values (3 on task 2) exact agreement would be 4/6
    assert _row(report, "reviewer:alice", "conclusion")["exact_agreement"] == pytest.approx(0.5)
    [moved] = [a for a in report["anchoring"]
               if (a["scope"], a["dimension"]) == ("reviewer:alice", "conclusion")]
    assert moved == {"scope": "reviewer:alice", "dimension": "conclusion", "n": 6,
                     "n_moved": 1, "moved_share": pytest.approx(1 / 6), "n_toward_judge": 1,
                     "toward_judge_share": 1.0}
    assert not [a for a in report["anchoring"] if a["scope"] == "reviewer:bob"]  # not blind


def test_between_reviewers(store: WorkspaceStore) -> None:
    report = calibration_report(store, resamples=50).to_json()
    entry = next(e for e in report["reviewers"]
                 if (e["scope"], e["dimension"]) == ("all", "conclusion"))
    alice = ALICE_BLIND[:3]
    assert (entry["n_items"], entry["n_reviewers"]) == (3, 2)
    assert entry["alpha"] == pytest.approx(krippendorff.alpha(
        reliability_data=[alice, BOB], level_of_measurement="ordinal", value_domain=LABELS),
        abs=1e-12)
    assert entry["pairwise_kappa"] == {"alice|bob": pytest.approx(
        cohen_kappa_score(alice, BOB, weights="quadratic", labels=LABELS), abs=1e-12)}
    score_entry = next(e for e in report["reviewers"]
                       if (e["scope"], e["dimension"]) == ("all", "score"))
    assert score_entry["pairwise_kappa"] == {"alice|bob": None}  # no categories


BINARY_RUBRIC = Rubric(id="verdict", label="Verdict", aggregate=Aggregate.BINARY_VERDICT,
                       criteria=(Criterion(key="correct", label="Correct",
                                           kind=CriterionKind.BINARY, weight=1.0),))
J_BIN = [1, 1, 0, 0, 1, 0, 1, 1]
H_BIN = [1, 0, 0, 1, 1, 0, 0, 1]


def test_binary_criteria_report_kappa_and_error_rates(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(AnserBenchmark, "rubric", lambda self, task: BINARY_RUBRIC)
    store = science_workspace(tmp_path, 8)
    items = [Item(RUN, sci(i)) for i in range(1, 9)]
    add_judgments(store, [
        Judgment(run=RUN, task_id=it.task_id, rubric_id="verdict", status=JudgmentStatus.OK,
                 marks={"correct": v}, score=100.0 * v) for it, v in zip(items, J_BIN,
                                                                         strict=True)])
    override_all(session(store, "alice", items),
                 {it: {"correct": v} for it, v in zip(items, H_BIN, strict=True)})
    report = calibration_report(store, resamples=50).to_json()
    row = _row(report, "all", "correct")
    assert list(row) == BINARY_KEYS
    assert row["exact_agreement"] == pytest.approx(5 / 8)
    assert row["within_1_agreement"] is None
    assert row["kappa"] == pytest.approx(cohen_kappa_score(J_BIN, H_BIN, labels=[0, 1]))
    assert row["confusion"] == [[2, 2], [1, 3]]  # rows: the human's 0 and 1
    assert row["false_positive_rate"] == pytest.approx(2 / 4)
    assert row["false_negative_rate"] == pytest.approx(1 / 4)
    assert row["alpha"] == pytest.approx(krippendorff.alpha(
        reliability_data=[J_BIN, H_BIN], level_of_measurement="nominal"), abs=1e-12)
    verdict_score = _row(report, "all", "score")  # the verdict as 0/100
    assert verdict_score["mae"] == pytest.approx(100 * 3 / 8)


def test_cli_calibration_formats(store: WorkspaceStore, tmp_path: Path) -> None:
    store.close()
    ws = str(tmp_path / "ws.db")
    result = CliRunner().invoke(cli, ["calibration", ws, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert _row(data, "reviewer:alice", "conclusion")["bias"] == pytest.approx(-1 / 6)
    [run] = [c for c in data["corrected"] if c["scope"] == f"run:{RUN}"]
    assert run["random_sample"] is False and run["corrected_mean"] is None
    assert run["judge_mean"] == pytest.approx(np.mean([score(c) for c in JUDGE]))
    again = CliRunner().invoke(cli, ["calibration", ws, "--format", "json", "--run", RUN])
    assert json.loads(again.output) == data  # seeded: the same intervals
    md = CliRunner().invoke(cli, ["calibration", ws, "--format", "md"])
    assert md.exit_code == 0 and "### reviewer:alice" in md.output
    assert "| conclusion | 6 | 50.0% | 100.0% | 0.5 | -0.167 [" in md.output
    table = CliRunner().invoke(cli, ["calibration", ws])
    assert table.exit_code == 0 and "judge-human agreement" in table.output
    assert "not a random sample" in " ".join(table.output.split())  # a note, wrapped
    bad = CliRunner().invoke(cli, ["calibration", ws, "--run", "nope"])
    assert bad.exit_code == 2 and "no run 'nope'" in bad.output
