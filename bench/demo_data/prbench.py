"""The PRBench demo's files: split files in the dataset card's layout, a run and its recorded
judge replies.

Layout under the demo root: `prbench/{finance,legal,finance_hard,legal_hard}.jsonl` (the hard
splits repeat samples of the full ones), `runs/demo-system.jsonl` ({task, response}) and
`runs/demo-system.judge.jsonl` ({task, criterion_id, reply, model}).
"""

from __future__ import annotations

from pathlib import Path

from bench.demo_data.prbench_run import judge_records, run_records
from bench.demo_data.prbench_samples import split_records
from bench.demo_data.storage import DEMO_RUN, write_jsonl


def write(root: Path) -> None:
    """Every file of the demo under `root`."""
    for split, records in split_records().items():
        write_jsonl(root / "prbench" / f"{split}.jsonl", records)
    write_jsonl(root / "runs" / f"{DEMO_RUN}.jsonl", run_records())
    write_jsonl(root / "runs" / f"{DEMO_RUN}.judge.jsonl", judge_records())
