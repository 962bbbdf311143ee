"""bench_calibration's workspace at a tiny size: the timed calibration report sees every
reviewed item as a pair in each scope and dimension, its statistics in range (no timing)."""

from __future__ import annotations

from pathlib import Path

from anser_tui.benchmarks.anser.groups import RUBRICS
from bench.bench_calibration import calibration_once, make_workspace, n_pairs, rows_alone

DIMENSIONS = ["score", *RUBRICS["science_en"].keys]


def test_calibration_report_of_the_tiny_workspace(tmp_path: Path) -> None:
    path = make_workspace(tmp_path, 30, 20)
    report = calibration_once(path, 50)
    assert n_pairs(report) == 20
    scopes = ["all", "group:science_en_descriptive", "run:bench", "reviewer:alice"]
    assert sorted((r["scope"], r["dimension"]) for r in report.rows) == sorted(
        (s, d) for s in scopes for d in DIMENSIONS)
    for row in report.rows:
        assert row["n"] == 20
        assert 0 <= row["exact_agreement"] <= 1 and row["mae"] >= 0
        assert row["bias_ci"][0] <= row["bias"] <= row["bias_ci"][1]
        if row["dimension"] != "score":  # marks 0-4, moved by at most one
            assert row["mae"] <= 1 and row["within_1_agreement"] == 1
    corrected = [c.to_json() for c in report.corrected]
    assert corrected and all(c["random_sample"] for c in corrected)
    assert {c["n_items"] for c in corrected} == {30}
    assert {c["n_reviewed"] for c in corrected} == {20}
    alone = rows_alone(path, 50)
    assert sorted(d for d, *_ in alone) == sorted(DIMENSIONS)
    assert {n for _, n, *_ in alone} == {20}
