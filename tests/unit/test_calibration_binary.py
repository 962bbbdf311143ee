"""PRBench's binary criteria calibrate pooled (a criterion's key is its sample's alone): every
criterion, by category and by the sign of the weight, with kappa and the judge's false-positive
and false-negative rates (checked against scikit-learn)."""

from __future__ import annotations

from pathlib import Path

from sklearn.metrics import cohen_kappa_score

from anser_tui.calibration import calibration_report
from anser_tui.demo import ensure_demo_workspace
from anser_tui.review import ReviewSession
from anser_tui.workspace import WorkspaceStore, current_judgments


def test_prbench_criteria_pool_by_category_and_sign(tmp_path: Path) -> None:
    ws = ensure_demo_workspace("prbench", tmp_path / "pr")
    judge_marks: list[int] = []
    human_marks: list[int] = []
    negative: list[tuple[int, int]] = []
    with WorkspaceStore.open(ws) as store:
        session = ReviewSession.open(store, "alice", "alice-1")
        judged = current_judgments(store, session.items[0].run)
        for n, item in enumerate(session.items):
            judgment = judged.get(item.task_id)
            rubric = session.rubric(item)
            if judgment is None or rubric is None or len(judgment.marks) != len(rubric.keys):
                continue
            # disagree with the judge on every other item's first criterion
            marks = dict(judgment.marks)
            first = rubric.criteria[0].key
            if n % 2 == 0:
                marks[first] = 1 - marks[first]
            session.override(item, marks, judgment)
            for c in rubric.criteria:
                judge_marks.append(judgment.marks[c.key])
                human_marks.append(marks[c.key])
                if c.weight < 0:
                    negative.append((judgment.marks[c.key], marks[c.key]))
        report = calibration_report(store, seed=0, resamples=50)
    rows = {(r["scope"], r["dimension"]): r for r in report.to_json()["rows"]}
    pooled = rows[("all", "criteria")]
    assert pooled["n"] == len(judge_marks) > 0
    assert pooled["kappa"] == cohen_kappa_score(human_marks, judge_marks, labels=[0, 1])
    fp = sum(1 for j, h in zip(judge_marks, human_marks, strict=True) if j == 1 and h == 0)
    fn = sum(1 for j, h in zip(judge_marks, human_marks, strict=True) if j == 0 and h == 1)
    assert pooled["false_positive_rate"] == fp / human_marks.count(0)
    assert pooled["false_negative_rate"] == fn / human_marks.count(1)
    assert rows[("all", "criteria[weight<0]")]["n"] == len(negative)
    assert any(d.startswith("criteria[category=") for _, d in rows)
