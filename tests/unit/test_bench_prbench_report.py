"""bench_prbench_report's data builder at a tiny size: the loader takes its split files, and
the timed report gives the rows PRBench's arithmetic gives on the files it wrote (no timing)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from bench.bench_prbench_report import (
    criteria_counts,
    make_workspace,
    n_criteria_seen,
    report_once,
    steps,
)

SIZES = {"finance": 6, "legal": 4}
HARD = {"finance_hard": ("finance", 3), "legal_hard": ("legal", 2)}


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_counts_sum_to_the_total_within_bounds() -> None:
    import random

    counts = criteria_counts(1100, 18692, random.Random(1))
    assert sum(counts) == 18692 and len(counts) == 1100
    assert min(counts) >= 4 and max(counts) <= 40


def test_report_rows_of_the_tiny_data(tmp_path: Path) -> None:
    path = make_workspace(tmp_path, 120, SIZES, HARD)
    assert n_criteria_seen(path) == (10, 120)
    rows = report_once(path)
    assert [(r.policy, r.split, r.n_samples) for r in rows] == [
        (p, s, n) for p in ("official", "evalscope")
        for s, n in (("finance", 6), ("legal", 4), ("finance_hard", 3), ("legal_hard", 2))]
    # official: every sample scored, a failed reply not met; worked out from the files written
    replies = {(j["task"], j["criterion_id"]): j["reply"]
               for j in _lines(tmp_path / "judgments.jsonl")}
    for split in ("finance", "legal_hard"):
        clipped = []
        for record in _lines(tmp_path / "prbench" / f"{split}.jsonl"):
            points = pos = 0.0
            for c in record["rubric"]:
                notes = c["annotations"]
                weight = notes[notes["weight_class"].replace(" ", "_") + "_weight"]
                pos += max(weight, 0)
                reply = replies[(record["task"], c["id"])]
                met = reply.startswith("{") and json.loads(reply)["criteria_met"]
                points += weight * met
            clipped.append(points / pos)
        row = next(r for r in rows if r.policy == "official" and r.split == split)
        assert row.n == len(clipped) and not row.excluded
        assert math.isclose(row.raw_mean_clipped or 0, sum(clipped) / len(clipped))
    for row in rows:
        assert row.n + len(row.excluded) == row.n_samples
        assert row.mean_normalized is not None and 0 <= row.mean_normalized <= 1
        assert all(s.rubric_count >= 4 for s in row.samples.values())
    assert [name for name, *_ in steps(path, 1)] == [
        "workspace opened", "tasks read, rubrics built (stored_scores)", "log records read",
        "judgments read, decisions settled (judge_values)", "rows built (build_rows)"]
