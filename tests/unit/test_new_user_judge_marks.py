"""The judge's own marks, given back by a human, are an accept and agree exactly (DESIGN 8).

A human's 0-100 score is the weighted sum as the judge prompt asks the judge to give it: an
integer, a half rounded away from zero (62.5 -> 63). Hand-worked values below."""

from __future__ import annotations

from pathlib import Path

import pytest
from calibration_ws import judge, marks, sci, science_workspace, session
from mini_bench import write_jsonl

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.calibration.report import calibration_report
from anser_tui.exchange.exports import calibration_set
from anser_tui.exchange.import_decisions import import_decisions
from anser_tui.workspace import DecisionKind, Item, all_decisions

RUN = "sys-a"

# science: conclusion .45, coverage .25, ground_truth_consistency .20, format .10; score =
# 25 * sum(w * d), the integer the prompt asks for
SIX = {
    sci(1): (marks(1, 1, 1, 0), 23),  # 25 * (.45 + .25 + .20) = 22.5 -> 23
    sci(2): (marks(2, 1, 0, 1), 31),  # 25 * (.90 + .25 + .10) = 31.25 -> 31
    sci(3): (marks(3, 2, 1, 4), 61),  # 25 * (1.35 + .50 + .20 + .40) = 61.25 -> 61
    sci(4): (marks(2, 2, 1, 1), 43),  # 25 * (.90 + .50 + .20 + .10) = 42.5 -> 43
    sci(5): (marks(3, 1, 2, 1), 53),  # 25 * (1.35 + .25 + .40 + .10) = 52.5 -> 53
    sci(6): (marks(1, 0, 0, 1), 14),  # 25 * (.45 + .10) = 13.75 -> 14
}


@pytest.mark.parametrize(("rubric_id", "values", "expected"), [
    ("finance_dp_zh", (1, 1, 1, 0, 4), 26),  # 25 * (.40 + .25 + .20 + .20) = 26.25 -> 26
    ("legal_prescriptive_zh", (1, 4, 4, 1, 4), 63),  # 25 * (.4 + 1 + .8 + .1 + .2) = 62.5
    ("legal_prescriptive_zh", (0, 3, 2, 4, 3), 43),  # 25 * (.75 + .4 + .4 + .15) = 42.5
    ("legal_prescriptive_en", (4, 4, 4, 3, 4), 98),  # 25 * 3.9 = 97.5 -> 98
    ("science_en", (2, 2, 1, 1), 43),
])
def test_a_human_score_is_the_prompts_integer(rubric_id: str, values: tuple[int, ...],
                                              expected: int) -> None:
    rubric = RUBRICS[rubric_id]
    score = rubric.human_score(dict(zip(rubric.keys, values, strict=True)))
    assert score == expected and float(score).is_integer()


def test_six_imported_labels_equal_to_the_judges_marks_agree_exactly(tmp_path: Path) -> None:
    store = science_workspace(tmp_path, 6)
    judge(store, RUN, {tid: m for tid, (m, _) in SIX.items()},
          score={tid: s for tid, (_, s) in SIX.items()})
    labels = write_jsonl(tmp_path / "labels.jsonl",
                         [{"id": tid, "run": RUN, "marks": m} for tid, (m, _) in SIX.items()])
    import_decisions(store, labels, "rater")
    events = all_decisions(store)
    assert [e.kind for e in events] == [DecisionKind.ACCEPT] * 6
    assert [e.score for e in events] == [s for _, s in SIX.values()]
    [row] = [r for r in calibration_report(store).rows
             if r["scope"] == "all" and r["dimension"] == "score"]
    assert (row["n"], row["exact_agreement"], row["mae"], row["bias"]) == (6, 1.0, 0.0, 0.0)
    assert list(calibration_set(store)) == []


@pytest.mark.parametrize("blind", [False, True])
def test_typed_marks_equal_to_the_judges_are_an_accept(tmp_path: Path, blind: bool) -> None:
    store = science_workspace(tmp_path, 2)
    judged = judge(store, RUN, {sci(1): SIX[sci(1)][0], sci(2): SIX[sci(2)][0]},
                   score={sci(1): 23, sci(2): 31})
    review = session(store, "alice", [Item(RUN, sci(1)), Item(RUN, sci(2))], blind=blind)
    same = review.override(Item(RUN, sci(1)), dict(SIX[sci(1)][0]), judged[sci(1)],
                           judge_visible=not blind)
    assert (same.kind, same.score, same.judge_visible) == (DecisionKind.ACCEPT, 23, not blind)
    assert same.judgment_uid == judged[sci(1)].uid
    other = review.override(Item(RUN, sci(2)), marks(2, 1, 0, 2), judged[sci(2)],
                            judge_visible=not blind)
    assert (other.kind, other.score) == (DecisionKind.OVERRIDE, 34)  # 25 * 1.35 = 33.75
