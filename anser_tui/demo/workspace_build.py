"""Building a demo workspace from a demo's files, whole or not at all: made beside its path
(`<name>.building`), filled (tasks, one run, its recorded judgments, anything `finish` adds),
then renamed into place. A workspace already there is left as it is.

Shared by the three demos (ANSER-Bench, PRBench, AA-LCR): where a judged demo's files are
(`JudgedDemoPaths`) and how `demo --rebuild` starts again (`reset`).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from anser_tui.demo.builder import DEMO_RUN
from anser_tui.exchange.setup import import_run, init_workspace
from anser_tui.judge.importing import import_judgments
from anser_tui.workspace.store import WorkspaceStore


@dataclass(frozen=True)
class JudgedDemoPaths:
    """A demo's folder `root`: the benchmark under `root/<folder>`, the run and its recorded
    judge replies under `root/runs`."""

    root: Path
    folder: str

    @property
    def data_dir(self) -> Path:
        return self.root / self.folder

    @property
    def run_file(self) -> Path:
        return self.root / "runs" / f"{DEMO_RUN}.jsonl"

    @property
    def judgments_file(self) -> Path:
        return self.root / "runs" / f"{DEMO_RUN}.judge.jsonl"

    def run_files(self) -> list[str]:
        """The run files' paths relative to `root` (for the demo's file list)."""
        return [f"runs/{DEMO_RUN}.jsonl", f"runs/{DEMO_RUN}.judge.jsonl"]


def remove_db(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def reset(root: Path) -> None:
    """`demo --rebuild`: the demo's workspace and files removed, to be built anew."""
    remove_db(root / "demo.db")
    shutil.rmtree(root / "data", ignore_errors=True)


def build_workspace(workspace: Path, benchmark: str, data_dir: Path, run_file: Path, run: str,
                    judgments_file: Path, options: Mapping[str, str] | None = None, *,
                    log_file: Path | None = None,
                    finish: Callable[[WorkspaceStore], object] | None = None) -> Path:
    workspace = Path(workspace)
    if workspace.exists():
        return workspace
    building = workspace.with_name(workspace.name + ".building")
    remove_db(building)
    store = init_workspace(building, benchmark, data_dir, options)
    try:
        import_run(store, run_file, run, log_file)
        import_judgments(store, judgments_file, run)
        if finish is not None:
            finish(store)
    finally:
        store.close()
    building.rename(workspace)
    return workspace
