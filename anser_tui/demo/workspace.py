"""The demo workspace: the embedded benchmark, its run and recorded judgments, ready to review."""

from __future__ import annotations

import shutil
from pathlib import Path

from anser_tui.demo import DemoPaths, build_demo
from anser_tui.judge.importing import import_judgments
from anser_tui.sessions.workspace import import_run, init_workspace

DEMO_RUN = "demo-system"


def _remove_db(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def build_demo_workspace(paths: DemoPaths, workspace: Path) -> None:
    """Create `workspace` from the demo data, whole or not at all."""
    building = workspace.with_name(workspace.name + ".building")
    _remove_db(building)
    store = init_workspace(building, "anser", paths.data_dir)
    try:
        import_run(store, paths.run_file, DEMO_RUN, paths.log_file)
        import_judgments(store, paths.judgments_file, DEMO_RUN)
    finally:
        store.close()
    building.rename(workspace)


def ensure_demo_workspace(root: Path, rebuild: bool = False) -> Path:
    """The demo workspace under `root`, built on first use (no network, no API key)."""
    root = Path(root)
    workspace = root / "demo.db"
    if rebuild:
        _remove_db(workspace)
        shutil.rmtree(root / "data", ignore_errors=True)
    paths = build_demo(root / "data")
    if not workspace.exists():
        build_demo_workspace(paths, workspace)
    return workspace
