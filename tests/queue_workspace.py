"""A workspace with judgments and hand-set metric values, for queue orders, filters and jumps.

The four items of the run and what the disagreement score makes of them (sessions.disagreement):
- legal_zh_prescriptive_1: judge 74, BERTScore-F1 0.70, Recall@5 0.50 -> max(0.04, 0.24) = 0.24
- legal_zh_prescriptive_2: judge 95 (its marks add up to 98.75: arithmetic mismatch, 0.5),
  BERTScore-F1 0.30 -> max(0.5, 0.65) = 0.65
- finance_zh_descriptive_104: not judged -> 0
- science_en_predictive_1: the judge's reply did not parse -> 1
"""

from __future__ import annotations

from pathlib import Path

from mini_bench import write_jsonl, write_mini_bench

from anser_tui.exchange import import_run, init_workspace
from anser_tui.judge import import_judgments

RUN = [
    {"id": "legal_zh_prescriptive_1", "answer": "甲应返还本金并支付利息。",
     "retrieved_evidence": ["law_675"]},
    {"id": "legal_zh_prescriptive_2", "answer": "不可以。", "retrieved_evidence": []},
    {"id": "finance_zh_descriptive_104", "answer": "原材料价格波动。", "retrieved_evidence": ["r1"]},
    {"id": "science_en_predictive_1", "answer": "Exercise reduces symptoms.",
     "retrieved_evidence": ["A1"]},
]
JUDGE = [
    {"id": "legal_zh_prescriptive_1", "model": "m", "output":
     '{"score_0_100":74,"conclusion":3,"rule_citation":3,"rule_application":3,'
     '"ground_truth_consistency":2,"format":4,"reason":"ok"}'},
    {"id": "legal_zh_prescriptive_2", "model": "m", "output":
     '{"score_0_100":95,"conclusion":4,"rule_citation":4,"rule_application":4,'
     '"ground_truth_consistency":4,"format":3,"reason":"ok"}'},
    {"id": "science_en_predictive_1", "model": "m", "output": '{"score_0_100": 100,'},
]
METRICS = {
    "legal_zh_prescriptive_1": {"BERTScore-F1": 0.70, "Recall@5": 0.50},
    "legal_zh_prescriptive_2": {"BERTScore-F1": 0.30, "Recall@5": 1.0},
    "finance_zh_descriptive_104": {"BERTScore-F1": 0.90, "Recall@5": 1.0},
    "science_en_predictive_1": {"Token-F1": 0.40},
}


def judged_workspace(tmp_path: Path, name: str = "ws.db") -> Path:
    bench = write_mini_bench(tmp_path / "bench")
    path = tmp_path / name
    store = init_workspace(path, "anser", bench)
    import_run(store, write_jsonl(tmp_path / "run.jsonl", RUN), "sys-a")
    import_judgments(store, write_jsonl(tmp_path / "judge.jsonl", JUDGE), "sys-a")
    store.replace_metrics("sys-a", [
        {"task_id": task_id, "name": name, "value": value, "detail": None}
        for task_id, values in METRICS.items() for name, value in values.items()])
    store.close()
    return path
