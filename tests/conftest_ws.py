"""A small workspace with one run, built from tests/mini_bench.py."""

from __future__ import annotations

from pathlib import Path

from mini_bench import write_jsonl, write_mini_bench

from anser_tui.exchange import import_run, init_workspace

MINI_RUN = [
    {"id": "legal_zh_prescriptive_1", "answer": "甲应返还本金并支付利息。",
     "retrieved_evidence": ["law_675"]},
    {"id": "finance_zh_descriptive_12", "answer": "1,476.94亿元", "retrieved_evidence": []},
    {"id": "science_en_predictive_1", "answer": "It reduces symptoms.",
     "retrieved_evidence": ["A1"]},
]


def mini_workspace(tmp_path: Path, run: str = "sys-a") -> Path:
    bench = write_mini_bench(tmp_path / "bench")
    path = tmp_path / "ws.db"
    store = init_workspace(path, "anser", bench)
    import_run(store, write_jsonl(tmp_path / "run.jsonl", MINI_RUN), run)
    store.close()
    return path
