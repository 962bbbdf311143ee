"""A small reviewed workspace for UI tests (independent of the demo)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mini_bench import write_jsonl, write_mini_bench

from anser_tui.exchange import import_run, init_workspace
from anser_tui.judge import import_judgments
from anser_tui.workspace import WorkspaceStore

RUN = [
    {"id": "legal_zh_prescriptive_1", "answer": "甲应返还本金并支付利息，依据民法典第六百七十五条。",
     "retrieved_evidence": [{"type": "law", "id": "law_675"}, "law_9", "law_675"]},
    {"id": "legal_zh_prescriptive_2", "answer": "不可以。\x1b[31m[bold]红[/bold]",
     "retrieved_evidence": []},
    {"id": "finance_zh_descriptive_104", "answer": "原材料价格波动。",
     "retrieved_evidence": ["r1"]},
    {"id": "science_en_predictive_1", "answer": "Exercise reduces symptoms.",
     "retrieved_evidence": ["A2", "A1"]},
]
JUDGE = [
    {"id": "legal_zh_prescriptive_1", "model": "gpt-5.6-sol", "output":
     '{"score_0_100":74,"conclusion":3,"rule_citation":3,"rule_application":3,'
     '"ground_truth_consistency":2,"format":4,"reason":"结论正确，但未引用第六百七十六条。"}'},
    {"id": "legal_zh_prescriptive_2", "model": "gpt-5.6-sol", "output":
     '{"score_0_100":95,"conclusion":0,"rule_citation":0,"rule_application":1,'
     '"ground_truth_consistency":0,"format":4,"reason":"与标准答案相反。"}'},
    {"id": "science_en_predictive_1", "model": "gpt-5.6-sol", "output":
     '{"score_0_100": 100, "conclusion": 4, "coverage": 4, "ground_truth_consistency": 4,'},
]


@pytest.fixture
def review_workspace(tmp_path: Path) -> Path:
    bench = write_mini_bench(tmp_path / "bench")
    path = tmp_path / "ws.db"
    store = init_workspace(path, "anser", bench)
    import_run(store, write_jsonl(tmp_path / "run.jsonl", RUN), "sys-a")
    import_judgments(store, write_jsonl(tmp_path / "judge.jsonl", JUDGE), "sys-a")
    store.close()
    return path


def decisions(path: Path) -> list[tuple[str, str, str, float | None]]:
    store = WorkspaceStore.open(path)
    try:
        return [(r[0], r[1], r[2], r[3]) for r in store.conn.execute(
            "SELECT task_id, kind, marks, score FROM decisions ORDER BY id")]
    finally:
        store.close()
