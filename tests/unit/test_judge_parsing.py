"""Parsing judge outputs: pydantic models per rubric, statuses, recomputed score, mismatch."""

from __future__ import annotations

import json

import pytest

from anser_tui.benchmarks.anser.groups import RUBRICS
from anser_tui.benchmarks.anser.replies import output_model, parse_judge_output
from anser_tui.core.json_text import first_json_object
from anser_tui.workspace.records import JudgmentStatus

LEGAL_ZH = RUBRICS["legal_prescriptive_zh"]
SCIENCE = RUBRICS["science_en"]
REGBENCH = RUBRICS["regbench_en"]


def _legal(**changes: object) -> dict[str, object]:
    # 4, 3, 2, 1, 0 under .40 .25 .20 .10 .05: 100 * (1.6 + .75 + .4 + .1 + 0) / 4 = 71.25
    out: dict[str, object] = {"score_0_100": 71.25, "conclusion": 4, "rule_citation": 3,
                              "rule_application": 2, "ground_truth_consistency": 1,
                              "format": 0, "reason": "结论正确"}
    out.update(changes)
    return {k: v for k, v in out.items() if v is not ...}


def test_model_fields_are_the_rubric_dimensions() -> None:
    for rubric in RUBRICS.values():
        fields = set(output_model(rubric).model_fields)
        assert fields == {*rubric.keys, "score_0_100", "reason"}


def test_ok_output_recomputed_with_design_weights() -> None:
    parsed = parse_judge_output(json.dumps(_legal(), ensure_ascii=False), LEGAL_ZH)
    assert parsed.status is JudgmentStatus.OK
    assert parsed.marks == {"conclusion": 4, "rule_citation": 3, "rule_application": 2,
                            "ground_truth_consistency": 1, "format": 0}
    assert parsed.score == 71.25
    assert parsed.recomputed_score == pytest.approx(71.25)
    assert parsed.reason == "结论正确"
    assert not parsed.arithmetic_mismatch


@pytest.mark.parametrize(("rubric_id", "marks", "expected"), [
    # RegBench: .35 .25 .25 .10 .05; marks 4,4,0,2,4 -> 100 * (1.4 + 1 + 0 + .2 + .2) / 4 = 70
    ("regbench_en", (4, 4, 0, 2, 4), 70.0),
    # science: .45 .25 .20 .10; marks 2,4,3,1 -> 100 * (.9 + 1 + .6 + .1) / 4 = 65
    ("science_en", (2, 4, 3, 1), 65.0),
    # finance descriptive/predictive: .40 .25 .20 .10 .05; all 4 -> 100
    ("finance_dp_en", (4, 4, 4, 4, 4), 100.0),
    # finance prescriptive zh: marks 1,0,0,4,2 -> 100 * (.4 + 0 + 0 + .4 + .1) / 4 = 22.5
    ("finance_prescriptive_zh", (1, 0, 0, 4, 2), 22.5),
    # legal en: marks 0,4,4,0,0 -> 100 * (0 + 1 + .8) / 4 = 45
    ("legal_prescriptive_en", (0, 4, 4, 0, 0), 45.0),
])
def test_recomputed_score_per_rubric(rubric_id: str, marks: tuple[int, ...],
                                     expected: float) -> None:
    rubric = RUBRICS[rubric_id]
    output = {"score_0_100": expected, **dict(zip(rubric.keys, marks, strict=True))}
    parsed = parse_judge_output(output, rubric)
    assert parsed.status is JudgmentStatus.OK
    assert parsed.recomputed_score == pytest.approx(expected)


def test_mismatch_flagged_beyond_one_point_only() -> None:
    assert not parse_judge_output(_legal(score_0_100=72.25), LEGAL_ZH).arithmetic_mismatch
    wrong = parse_judge_output(_legal(score_0_100=80), LEGAL_ZH)
    assert wrong.status is JudgmentStatus.OK
    assert wrong.arithmetic_mismatch
    assert wrong.score == 80.0 and wrong.recomputed_score == pytest.approx(71.25)


def test_first_json_object_found_inside_prose_and_fences() -> None:
    text = 'Here {not json} is my verdict:\n```json\n' + json.dumps(_legal()) + "\n```"
    parsed = parse_judge_output(text, LEGAL_ZH)
    assert parsed.status is JudgmentStatus.OK
    assert parsed.raw == text
    assert first_json_object("[1, 2] {\"a\": {\"b\": 1}}") == {"a": {"b": 1}}


@pytest.mark.parametrize("text", ["", "no json here", '{"score_0_100": 70, "conclusion": 3',
                                  "[1, 2, 3]"])
def test_parse_error_keeps_raw(text: str) -> None:
    parsed = parse_judge_output(text, LEGAL_ZH)
    assert parsed.status is JudgmentStatus.PARSE_ERROR
    assert parsed.raw == text
    assert parsed.marks == {} and parsed.score is None


@pytest.mark.parametrize(("changes", "problem"), [
    ({"format": ...}, "missing format"),
    ({"conclusion": 5}, "conclusion=5"),
    ({"conclusion": -1}, "conclusion=-1"),
    ({"conclusion": 3.0}, "conclusion=3.0"),
    ({"conclusion": "3"}, "conclusion='3'"),
    ({"conclusion": True}, "conclusion=True"),
    ({"conclusion": None}, "conclusion=None"),
    ({"score_0_100": 101}, "score_0_100=101"),
    ({"score_0_100": "71"}, "score_0_100='71'"),
    ({"score_0_100": ...}, "missing score_0_100"),
    ({"reason": ["a"]}, "reason=['a']"),
])
def test_invalid_outputs(changes: dict[str, object], problem: str) -> None:
    parsed = parse_judge_output(_legal(**changes), LEGAL_ZH)
    assert parsed.status is JudgmentStatus.INVALID
    assert parsed.error is not None and problem in parsed.error
    assert parsed.raw


def test_invalid_keeps_the_valid_parts() -> None:
    parsed = parse_judge_output(_legal(conclusion=5), LEGAL_ZH)
    assert parsed.marks == {"rule_citation": 3, "rule_application": 2,
                            "ground_truth_consistency": 1, "format": 0}
    assert parsed.score == 71.25 and parsed.recomputed_score is None
    out_of_range = parse_judge_output(_legal(score_0_100=150), LEGAL_ZH)
    assert out_of_range.score is None
    assert out_of_range.recomputed_score == pytest.approx(71.25)


def test_missing_reason_is_fine_and_extra_keys_ignored() -> None:
    parsed = parse_judge_output(_legal(reason=..., confidence="high"), LEGAL_ZH)
    assert parsed.status is JudgmentStatus.OK
    assert parsed.reason is None


def test_non_finite_score_is_invalid() -> None:
    parsed = parse_judge_output(
        '{"score_0_100": NaN, "conclusion": 1, "coverage": 1, '
        '"ground_truth_consistency": 1, "format": 1}', SCIENCE)
    assert parsed.status is JudgmentStatus.INVALID


def test_dimension_names_of_another_rubric_are_missing() -> None:
    parsed = parse_judge_output(_legal(), REGBENCH)
    assert parsed.status is JudgmentStatus.INVALID
    assert "missing calculation" in (parsed.error or "")
