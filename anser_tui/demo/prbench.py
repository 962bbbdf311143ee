"""The PRBench demo: split files in the dataset card's layout, a run, recorded judge replies,
and the workspace built from them (no network, no key).

Layout under the demo root: `prbench/{finance,legal,finance_hard,legal_hard}.jsonl` (the hard
splits repeat samples of the full ones), `runs/demo-system.jsonl` ({task, response}) and
`runs/demo-system.judge.jsonl` ({task, criterion_id, reply, model}).
"""

from __future__ import annotations

from pathlib import Path

from anser_tui.demo.install import install_demo
from anser_tui.demo.prbench_run import judge_records, run_records
from anser_tui.demo.prbench_samples import split_records
from anser_tui.demo.storage import write_jsonl
from anser_tui.demo.workspace_build import (
    DEMO_RUN,
    JudgedDemoPaths,
    build_workspace,
    reset,
)

VERSION = "prbench-1"
RUN = DEMO_RUN


class PrbenchDemoPaths(JudgedDemoPaths):
    def __init__(self, root: Path):
        super().__init__(root, "prbench")

    def files(self) -> list[str]:
        splits = [f"prbench/{split}.jsonl" for split in split_records()]
        return [*splits, *self.run_files()]


def _write(root: Path) -> None:
    paths = PrbenchDemoPaths(root)
    for split, records in split_records().items():
        write_jsonl(paths.data_dir / f"{split}.jsonl", records)
    write_jsonl(paths.run_file, run_records())
    write_jsonl(paths.judgments_file, judge_records())


def build_prbench_demo(root: Path) -> PrbenchDemoPaths:
    """The PRBench demo files under `root`, written unless already there."""
    paths = PrbenchDemoPaths(Path(root))
    install_demo(paths.root, VERSION, paths.files(), _write)
    return paths


def build_prbench_workspace(paths: PrbenchDemoPaths, workspace: Path) -> Path:
    """A workspace of the demo: its tasks, the run and the recorded judgments."""
    return build_workspace(workspace, "prbench", paths.data_dir, paths.run_file, RUN,
                           paths.judgments_file)


def ensure_prbench_workspace(root: Path, rebuild: bool = False) -> Path:
    """The demo workspace `root/demo.db` over the files in `root/data`, built on first use
    (anew with `rebuild`): what `anser-tui demo --benchmark prbench` opens."""
    root = Path(root)
    if rebuild:
        reset(root)
    return build_prbench_workspace(build_prbench_demo(root / "data"), root / "demo.db")
