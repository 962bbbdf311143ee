"""PRBench scores: the test vector, hand-worked multi-sample splits (the clip included), both
failure policies, and splits reported apart, never summed."""

from __future__ import annotations

import json

import pytest

from anser_tui.benchmarks.prbench.report import PrbenchItem, build_rows
from anser_tui.benchmarks.prbench.report_format import render_report
from anser_tui.benchmarks.prbench.scores import EVALSCOPE, OFFICIAL, sample_score, score_grades
from anser_tui.workspace.records import JudgeCall, Judgment, JudgmentStatus
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Rubric

OK, PARSE, TRANSPORT = JudgmentStatus.OK, JudgmentStatus.PARSE_ERROR, \
    JudgmentStatus.TRANSPORT_ERROR


def rubric(name: str, weights: list[int]) -> Rubric:
    return Rubric(id=f"prbench:{name}", label=name, aggregate=Aggregate.POINTS_OVER_POSITIVE,
                  criteria=tuple(Criterion(key=f"{name}{i}", label=f"criterion {i}",
                                           kind=CriterionKind.BINARY, weight=w)
                                 for i, w in enumerate(weights)))


def judgment(r: Rubric, grades: list[int | JudgmentStatus]) -> Judgment:
    calls = tuple(JudgeCall(criterion=c.key, status=OK, raw="{}", mark=g)
                  if isinstance(g, int) else JudgeCall(criterion=c.key, status=g, raw="cut")
                  for c, g in zip(r.criteria, grades, strict=True))
    worst = next((c.status for c in calls if c.status is not OK), OK)
    return Judgment(run="r", task_id=r.label, rubric_id=r.id, status=worst, calls=calls)


def test_the_prbench_test_vector() -> None:
    r = rubric("v", [8, -4])
    score = score_grades(r, {"v0": 1, "v1": 1})
    assert (score.points, score.pos, score.neg) == (4.0, 8.0, -4.0)
    assert score.clipped == 0.5
    assert score.normalized == pytest.approx(2 / 3)
    assert (score.criteria_met, score.rubric_count) == (2, 2)
    assert r.score({"v0": 1, "v1": 1}) == 0.5  # the rubric's own aggregate agrees


# A: [8, -4] both met                  points 4   clipped  0.5   normalized 2/3
# B: [5, 3, -6] only the negative met   points -6  clipped -0.75  normalized 0
# C: [6, 2, -2] met, parse error, not   official: points 6, clipped 0.75, normalized 0.8
# D: [4, -1] transport error, met       official: points -1, clipped -0.25, normalized 0
RUBRICS = {"A": rubric("A", [8, -4]), "B": rubric("B", [5, 3, -6]),
           "C": rubric("C", [6, 2, -2]), "D": rubric("D", [4, -1])}
GRADES: dict[str, list[int | JudgmentStatus]] = {
    "A": [1, 1], "B": [0, 0, 1], "C": [1, PARSE, 0], "D": [TRANSPORT, 1]}
JUDGMENTS = {k: judgment(RUBRICS[k], g) for k, g in GRADES.items()}


@pytest.mark.parametrize(("key", "policy", "expected"), [
    ("C", OFFICIAL, (6.0, 0.75, 0.8, 1)), ("C", EVALSCOPE, None),
    ("D", OFFICIAL, (-1.0, -0.25, 0.0, 1)), ("D", EVALSCOPE, None),
    ("B", EVALSCOPE, (-6.0, -0.75, 0.0, 1)),
])
def test_failure_policies_per_sample(key: str, policy: str,
                                     expected: tuple[float, float, float, int] | None) -> None:
    score = sample_score(RUBRICS[key], JUDGMENTS[key], policy)
    got = None if score is None else (score.points, score.clipped, score.normalized,
                                      score.criteria_met)
    assert got == (pytest.approx(expected) if expected else None)


def test_a_sample_without_a_judgment_is_excluded_under_both_policies() -> None:
    assert sample_score(RUBRICS["A"], None, OFFICIAL) is None
    assert sample_score(RUBRICS["A"], None, EVALSCOPE) is None


def _rows() -> dict[tuple[str, str], dict[str, object]]:
    items = [PrbenchItem("A", ("legal", "legal_hard"), RUBRICS["A"]),
             PrbenchItem("B", ("legal", "legal_hard"), RUBRICS["B"]),
             PrbenchItem("C", ("legal",), RUBRICS["C"]),
             PrbenchItem("D", ("legal",), RUBRICS["D"]),
             PrbenchItem("E", ("legal",), rubric("E", [1]))]  # never judged
    return {(r.policy, r.split): r.as_json() for r in build_rows(items, JUDGMENTS)}


def test_split_means_by_hand_with_the_clip() -> None:
    rows = _rows()
    hard = rows[OFFICIAL, "legal_hard"]  # A and B: (0.5 - 0.75) / 2 = -0.125, clipped to 0
    assert (hard["n_samples"], hard["n"], hard["n_excluded"]) == (2, 2, 0)
    assert hard["raw_mean_clipped"] == pytest.approx(-0.125)
    assert hard["mean_clipped"] == 0.0
    assert hard["mean_normalized"] == pytest.approx((2 / 3 + 0) / 2)
    assert rows[EVALSCOPE, "legal_hard"] == hard  # nothing failed there
    full = rows[OFFICIAL, "legal"]  # A B C D: (0.5 - 0.75 + 0.75 - 0.25) / 4
    assert (full["n_samples"], full["n"], full["excluded"]) == (5, 4, ["E"])
    assert full["raw_mean_clipped"] == pytest.approx(0.0625)
    assert full["mean_clipped"] == pytest.approx(0.0625)
    assert full["mean_normalized"] == pytest.approx((2 / 3 + 0 + 0.8 + 0) / 4)
    strict = rows[EVALSCOPE, "legal"]  # C and D fail: A and B only, clipped to 0
    assert (strict["n"], strict["n_excluded"], strict["excluded"]) == (2, 3, ["C", "D", "E"])
    assert strict["raw_mean_clipped"] == pytest.approx(-0.125)
    assert strict["mean_clipped"] == 0.0
    assert strict["samples"] == {
        "A": {"points": 4.0, "pos": 8.0, "neg": -4.0, "clipped": 0.5,
              "normalized": pytest.approx(2 / 3), "criteria_met": 2, "rubric_count": 2},
        "B": {"points": -6.0, "pos": 8.0, "neg": -6.0, "clipped": -0.75, "normalized": 0.0,
              "criteria_met": 1, "rubric_count": 3}}


def test_report_json_keeps_every_split_apart_and_names_its_policy() -> None:
    items = [PrbenchItem("A", ("legal", "legal_hard"), RUBRICS["A"])]
    rows = build_rows(items, JUDGMENTS)
    one = json.loads(render_report([("r", rows)], "json", OFFICIAL))
    assert list(one) == ["benchmark", "policy", "splits"]
    assert (one["benchmark"], one["policy"], list(one["splits"])) == (
        "prbench", "official", ["legal", "legal_hard"])
    assert list(one["splits"]["legal"]) == [
        "n_samples", "n", "n_excluded", "excluded", "raw_mean_clipped", "mean_clipped",
        "mean_normalized", "samples"]
    both = json.loads(render_report([("r", rows)], "json"))
    assert list(both["policies"]) == [OFFICIAL, EVALSCOPE]
    assert both["policies"][EVALSCOPE]["policy"] == EVALSCOPE
    assert both["policies"][OFFICIAL]["splits"] == one["splits"]
    runs = json.loads(render_report([("r", rows), ("s", rows)], "json", EVALSCOPE))
    assert list(runs["runs"]) == ["r", "s"] and runs["runs"]["s"]["policy"] == EVALSCOPE
    md = render_report([("r", rows)], "md")
    assert "Official policy: a failed judge call counts as not met" in md
    assert "Evalscope policy: a sample with a failed judge call is excluded" in md
    csv_text = render_report([("r", rows)], "csv", OFFICIAL)
    assert csv_text.splitlines()[1].startswith("r,official,legal,1,1,0,0.5,0.5,")
