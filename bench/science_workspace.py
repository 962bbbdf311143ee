"""A synthetic ANSER science workspace: `n` descriptive tasks in the release layout and one run
answering each, imported as `import-run` imports it (the data bench_judge and
bench_calibration start from)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anser_tui.workspace import WorkspaceStore


def science_store(root: Path, n: int, run: str) -> tuple[WorkspaceStore, list[str]]:
    """The workspace `root / "ws.db"`, open, with the run `run` imported; the task ids."""
    from anser_tui.exchange import import_run, init_workspace

    tasks = [{"id": f"science_en_descriptive_{i}", "type": "finding",
              "query": f"What does study {i} find about outcome {i % 97}?",
              "instruction": "Answer in one sentence.",
              "ground_truth": f"Study {i} finds a moderate positive association.",
              "evidence": [f"A{i}"]} for i in range(1, n + 1)]
    bench_file = root / "data" / "benchmark" / "science" / "descriptive.json"
    bench_file.parent.mkdir(parents=True)
    bench_file.write_text(json.dumps(tasks), encoding="utf-8")
    run_file = root / "run.jsonl"
    run_file.write_text("".join(json.dumps({"id": t["id"], "answer": f"A positive link ({i}).",
                                            "retrieved_evidence": [f"A{i}"]}) + "\n"
                                for i, t in enumerate(tasks)), encoding="utf-8")
    store = init_workspace(root / "ws.db", "anser", root / "data")
    try:
        import_run(store, run_file, run)
    except BaseException:
        store.close()
        raise
    return store, [str(t["id"]) for t in tasks]
