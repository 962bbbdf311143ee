"""Inspect scorers whose values are numbers, and grade letters in the scorer's own values
(DESIGN 14), on rating8.eval, a log a real `inspect eval` wrote against a fake OpenAI server
(tests/data/inspect/make_fixtures.py): `rating` is a custom model-graded scorer giving a float
(mean and stderr), `verdict` a custom scorer giving C, I and N. A number is a criterion of kind
number, its range the values seen or `--range`; its metrics are Inspect's own; an override is
a ScoreEdit with the number, read back by inspect-ai with its history, mean and stderr
recomputed. Grades are marked, shown and exported as their letters (N stays N).

Needs inspect-ai (the `inspect` extra); skipped where it is not installed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import krippendorff
import numpy as np
import pytest
from calibration_ws import session
from inspect_workspace import RUN, cli_output, inspect_workspace
from scipy import stats

from anser_tui.workspace import Item, WorkspaceStore
from anser_tui.workspace.judgments import current_judgments
from anser_tui.workspace.records import ReasonCode
from anser_tui.workspace.rubric import CriterionKind

inspect_log = pytest.importorskip("inspect_ai.log")

DATA = Path(__file__).resolve().parent.parent / "data" / "inspect"
RATINGS = {1: 0.9, 2: 0.9, 3: 0.2, 4: 0.9, 5: 0.5, 6: 0.9, 7: 0.2, 8: 0.0}  # the fake grader's



def _copy(tmp_path: Path, name: str) -> Path:
    return Path(shutil.copyfile(DATA / name, tmp_path / name))


def _metrics(log: object, name: str) -> dict[str, float]:
    [found] = [s for s in log.results.scores if s.name == name]  # type: ignore[attr-defined]
    return {k: m.value for k, m in found.metrics.items()}


def test_a_number_scorer_is_a_number_criterion_with_inspects_own_mean_and_stderr(
        tmp_path: Path) -> None:
    source = _copy(tmp_path, "rating8.eval")
    ws = inspect_workspace(tmp_path, source, "--scorer", "rating")
    log = inspect_log.read_eval_log(str(source))
    assert {s.id: s.scores["rating"].value for s in log.samples} == RATINGS
    report = json.loads(cli_output("report", ws, "--format", "json"))
    stored = _metrics(log, "rating")
    assert report["scorers"]["rating"] == {"scorer": "rating", "n": 8, "metrics": stored}
    values = list(RATINGS.values())  # the same numbers by the reference libraries
    assert stored["mean"] == pytest.approx(np.mean(values), abs=1e-12)
    assert stored["stderr"] == pytest.approx(stats.sem(values), abs=1e-12)
    with WorkspaceStore.open(ws) as store:
        task = store.task("3")
        judgments = current_judgments(store, RUN)
    from anser_tui.benchmarks.registry import benchmark_named

    rubric = benchmark_named("inspect").rubric(task)
    assert rubric is not None
    [criterion] = rubric.criteria
    assert (criterion.kind, criterion.low, criterion.high) == (CriterionKind.NUMBER, 0.0, 0.9)
    for sample_id, value in RATINGS.items():
        judgment = judgments[str(sample_id)]
        assert judgment.marks == {"rating": value}
        assert judgment.score == pytest.approx(100 * value / 0.9, abs=1e-9)  # its place in range
    shown = cli_output("show", ws, "3", "--run", RUN)
    assert "rating" in shown and "0.2" in shown
    assert "[RATE] [Question]: Question 3: What is 3 + 9? (rating)" in shown  # grader prompt
    assert "Wrong sum.\nRATING: 2" in shown.replace("\n    ", "\n")  # the grader's reply


def test_number_overrides_are_score_edits_inspect_reads_back_with_mean_and_stderr_recomputed(
        tmp_path: Path) -> None:
    source = _copy(tmp_path, "rating8.eval")
    ws = inspect_workspace(tmp_path, source, "--scorer", "rating", "--range", "0:1")
    new = {"3": 0.0, "5": 0.75, "8": 1}  # 8 an integer mark, as a reviewer may type it
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        review = session(store, "erin", [Item(RUN, t) for t in new], name="numbers")
        decisions = {t: review.override(Item(RUN, t), {"rating": v}, judgments[t],
                                        reason_code=ReasonCode.RUBRIC_MISAPPLIED)
                     for t, v in new.items()}
    assert decisions["5"].score == 75.0  # 0.75 of the 0..1 range, on the 0-100 scale
    out = tmp_path / "rated.eval"
    assert "3 score edits; 0 items in dispute" in cli_output(
        "export", ws, "--what", "inspect-log", "--run", RUN, "-o", out)
    edited = inspect_log.read_eval_log(str(out))
    after = {str(s.id): s.scores["rating"] for s in edited.samples}
    for task, value in new.items():
        score = after[task]
        assert score.value == value and isinstance(score.value, type(value))
        assert [h.value for h in score.history] == [RATINGS[int(task)], value]
        assert score.history[0].provenance is None
        assert score.history[-1].provenance.author == "erin"
        assert score.history[-1].provenance.reason == "rubric misapplied"
        assert score.explanation == edited.samples[int(task) - 1].scores["rating"].explanation
    values = [float(after[str(i)].value) for i in range(1, 9)]
    assert values == [0.9, 0.9, 0.0, 0.9, 0.75, 0.9, 0.2, 1.0]
    metrics = _metrics(edited, "rating")
    assert metrics["mean"] == pytest.approx(np.mean(values), abs=1e-12)
    assert metrics["stderr"] == pytest.approx(stats.sem(values), abs=1e-12)


def test_a_number_outside_its_range_is_no_mark_and_the_range_is_checked(tmp_path: Path) -> None:
    source = _copy(tmp_path, "rating8.eval")
    ws = inspect_workspace(tmp_path, source, "--scorer", "rating")  # range 0..0.9, the values seen
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        review = session(store, "erin", [Item(RUN, "3")])
        with pytest.raises(ValueError, match="a valid value"):
            review.override(Item(RUN, "3"), {"rating": 1.0}, judgments["3"])
    bad = tmp_path / "bad.db"
    out = cli_output("init", bad, "--benchmark", "inspect", "--data", source, "--scorer", "rating",
               "--range", "0.5:1", code=2)
    assert (f"{source}: scorer 'rating' gives 'rating' values 0..0.9, outside --range 0.5:1"
            in out)
    out = cli_output("init", bad, "--benchmark", "inspect", "--data", source, "--scorer", "rating",
               "--range", "1:0", code=2)
    assert "--range '1:0' is not LOW:HIGH with LOW below HIGH" in out
    out = cli_output("init", bad, "--benchmark", "inspect", "--data", source, "--range", "0:1",
               code=2)
    assert "--range: scorer 'verdict' gives no numbers" in out  # the default: the grades
    assert not bad.exists()


def test_grades_are_their_letters_and_no_answer_stays_no_answer(tmp_path: Path) -> None:
    """Sample 8's Score is N (no answer). Accepting it exports N (it was exported as I when
    grades were stored as 0-4 codes, N and I both 0); a reviewer marks N too, and every mark
    reads as its letter in `show` and the decisions export."""
    source = _copy(tmp_path, "rating8.eval")
    ws = inspect_workspace(tmp_path, source)  # the default scorer: verdict, the first with grades
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        assert judgments["8"].marks == {"verdict": "N"} and judgments["8"].score == 0.0
        assert judgments["5"].marks == {"verdict": "C"} and judgments["5"].score == 100.0
        review = session(store, "finn", [Item(RUN, "8"), Item(RUN, "7")], name="grades")
        accepted = review.accept(Item(RUN, "8"), judgments["8"])
        review.override(Item(RUN, "7"), {"verdict": "N"}, judgments["7"],
                        reason_code=ReasonCode.JUDGE_MISREAD_ANSWER)
    assert accepted.marks == {"verdict": "N"}
    shown = cli_output("show", ws, "7", "--run", RUN)
    assert "marks verdict=N" in shown and "reason: judge misread answer" in shown
    decisions = tmp_path / "decisions.jsonl"
    cli_output("export", ws, "--what", "decisions", "-o", decisions)
    marks = [json.loads(line)["marks"] for line in decisions.read_text().splitlines()]
    assert marks == [{"verdict": "N"}, {"verdict": "N"}]
    out = tmp_path / "graded.json"
    cli_output("export", ws, "--what", "inspect-log", "--run", RUN, "-o", out)
    edited = {str(s.id): s.scores["verdict"] for s in inspect_log.read_eval_log(
        str(out)).samples}
    assert edited["8"].value == "N" and edited["7"].value == "N"
    assert [h.value for h in edited["7"].history] == ["I", "N"]


def test_a_dict_value_with_a_number_key_is_a_criterion_per_key(tmp_path: Path) -> None:
    """transcript.eval's `style` scorer gives {mentions_sum: C or I, length: a number}: two
    criteria; Inspect reports each key apart, and an override of the number goes back into
    the dict (the other key kept) with Inspect's mean of it recomputed."""
    source = _copy(tmp_path, "transcript.eval")
    ws = inspect_workspace(tmp_path, source, "--scorer", "style", "--range", "0:100")
    log = inspect_log.read_eval_log(str(source))
    report = json.loads(cli_output("report", ws, "--format", "json"))["scorers"]
    assert report["length"]["metrics"] == _metrics(log, "length") == {"mean": 13.5}
    assert report["mentions_sum"]["metrics"] == _metrics(log, "mentions_sum")
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        assert judgments["1"].marks == {"mentions_sum": "C", "length": 13}
        assert judgments["1"].score == pytest.approx(100 * (1.0 + 13 / 100) / 2, abs=1e-9)
        review = session(store, "gus", [Item(RUN, "1")])
        review.override(Item(RUN, "1"), {"mentions_sum": "C", "length": 20}, judgments["1"])
    out = tmp_path / "styled.eval"
    cli_output("export", ws, "--what", "inspect-log", "--run", RUN, "-o", out)
    edited = inspect_log.read_eval_log(str(out))
    assert edited.samples[0].scores["style"].value == {"mentions_sum": "C", "length": 20}
    assert _metrics(edited, "length") == {"mean": pytest.approx((20 + 14) / 2, abs=1e-12)}
    assert _metrics(edited, "mentions_sum") == _metrics(log, "mentions_sum")


def test_a_number_criterion_is_calibrated_in_its_own_units(tmp_path: Path) -> None:
    """Judge 0.9, 0.2, 0.5 against the human's 0.7, 0.2, 0.6: MAE, bias and the correlations
    as numpy and scipy compute them, interval alpha as the krippendorff package does, no
    kappa, no within-1, no confusion matrix."""
    ws = inspect_workspace(tmp_path, _copy(tmp_path, "rating8.eval"), "--scorer", "rating",
                    "--range", "0:1")
    human = {"1": 0.7, "3": 0.2, "5": 0.6}
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        review = session(store, "hana", [Item(RUN, t) for t in human])
        for task, value in human.items():
            review.override(Item(RUN, task), {"rating": value}, judgments[task])
    rows = json.loads(cli_output("calibration", ws, "--format", "json"))["rows"]
    [row] = [r for r in rows if (r["scope"], r["dimension"]) == ("all", "rating")]
    judge, mine = np.array([0.9, 0.2, 0.5]), np.array(list(human.values()))
    assert row["n"] == 3
    assert row["mae"] == pytest.approx(np.mean(np.abs(judge - mine)), abs=1e-12)
    assert row["bias"] == pytest.approx(np.mean(judge - mine), abs=1e-12)
    assert row["pearson"] == pytest.approx(stats.pearsonr(judge, mine)[0], abs=1e-12)
    assert row["spearman"] == pytest.approx(stats.spearmanr(judge, mine)[0], abs=1e-12)
    assert row["alpha"] == pytest.approx(krippendorff.alpha(
        reliability_data=[judge, mine], level_of_measurement="interval"), abs=1e-9)
    assert row["exact_agreement"] == pytest.approx(1 / 3, abs=1e-12)
    assert row["within_1_agreement"] is None and row["quadratic_kappa"] is None
    assert row["confusion"] is None


def test_the_calibration_screen_names_a_grades_bins_by_their_letters(tmp_path: Path) -> None:
    """Grades are paired on the 0-4 scale at 4 times value_to_float (C 4, P 2, I and N 0);
    the heat map and the bias plot name those values by the letters, never 0-4, and a number
    criterion's bins are five equal parts of its range."""
    from anser_tui.calibration.view import calibration_view

    ws = inspect_workspace(tmp_path, _copy(tmp_path, "qa12.eval"))
    with WorkspaceStore.open(ws) as store:
        judgments = current_judgments(store, RUN)
        review = session(store, "ivy", [Item(RUN, t) for t in ("1", "3", "5")])
        for task, grade in (("1", "C"), ("3", "C"), ("5", "N")):  # judged C, I, P
            review.override(Item(RUN, task), {"model_graded_qa": grade}, judgments[task])
        view = calibration_view(store, resamples=10)
    labels, counts = view.confusion("all", "model_graded_qa")
    assert labels == ["I/N", "P", "C"]
    assert counts == [[0, 1, 0], [0, 0, 0], [1, 0, 1]]  # [human][judge]
    assert [(b[0], b[1]) for b in view.bias_by_bin("all", "model_graded_qa")] == [
        ("I/N", 1), ("P", 1), ("C", 1)]
    ws2 = inspect_workspace(tmp_path / "r", _copy(tmp_path, "rating8.eval"), "--scorer", "rating",
                     "--range", "0:1")
    with WorkspaceStore.open(ws2) as store:
        judgments = current_judgments(store, RUN)
        session(store, "ivy", [Item(RUN, "3")]).override(Item(RUN, "3"), {"rating": 0.7},
                                                          judgments["3"])
        view = calibration_view(store, resamples=10)
    labels, counts = view.confusion("all", "rating")
    assert labels == ["0-0.2", "0.2-0.4", "0.4-0.6", "0.6-0.8", "0.8-1"]
    assert counts[3][1] == 1  # human 0.7, judge 0.2
