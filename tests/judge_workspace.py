"""Workspaces for the judge tests: the mini bench plus short science tasks, and a run.

Every task carries gold evidence and every output retrieved evidence with marker strings
(GOLD-EVIDENCE-..., RETRIEVED-EVIDENCE-...) that must never reach the judge.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mini_bench import write_jsonl, write_mini_bench

from anser_tui.exchange import import_run, init_workspace
from anser_tui.workspace import WorkspaceStore

RUN = "sys-a"
EVIDENCE_MARKERS = ("GOLD-EVIDENCE", "RETRIEVED-EVIDENCE", "law_675", "law_716",
                    "600519_2023_annual")


def science_tasks(n: int) -> list[dict[str, Any]]:
    return [{"id": f"science_en_descriptive_{i}", "type": "finding",
             "query": f"What did trial {i} find about sleep and memory?",
             "instruction": "One sentence.",
             "ground_truth": {"finding": f"better recall in arm {i}", "区间": "95%"},
             "evidence": [f"GOLD-EVIDENCE-{i}", {"id": f"GOLD-EVIDENCE-{i}b",
                                                 "text": "gold passage"}]}
            for i in range(1, n + 1)]


def judge_workspace(root: Path, answers: dict[str, str], n_science: int = 0,
                    run: str = RUN) -> Path:
    """A workspace with a run answering `answers` (task id -> answer text)."""
    data = write_mini_bench(root / "bench",
                            {"science/descriptive.json": science_tasks(n_science)})
    path = root / "ws.db"
    store = init_workspace(path, "anser", data)
    add_run(store, root, run, answers)
    store.close()
    return path


def add_run(store: WorkspaceStore, root: Path, run: str, answers: dict[str, str]) -> None:
    run_file = write_jsonl(root / f"{run}.jsonl", [
        {"id": tid, "answer": answer,
         "retrieved_evidence": [f"RETRIEVED-EVIDENCE-{i}",
                                {"id": f"RETRIEVED-EVIDENCE-{i}x", "text": "retrieved text"}]}
        for i, (tid, answer) in enumerate(answers.items())])
    import_run(store, run_file, run)
