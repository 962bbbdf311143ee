"""The demo workspace: the embedded benchmark, its run and recorded judgments, ready to review."""

from __future__ import annotations

import shutil
from pathlib import Path

from anser_tui.config import BertScoreSettings
from anser_tui.demo import DEMO_RUN, DemoPaths, build_demo
from anser_tui.judge.importing import import_judgments
from anser_tui.sessions.scoring import score_workspace
from anser_tui.sessions.workspace import import_run, init_workspace


def _remove_db(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def build_demo_workspace(paths: DemoPaths, workspace: Path,
                         bertscore: BertScoreSettings | None = None) -> None:
    """Create `workspace` from the demo data, scored, whole or not at all. BERTScore-F1 is "not
    computed" unless the configured models are available offline."""
    building = workspace.with_name(workspace.name + ".building")
    _remove_db(building)
    store = init_workspace(building, "anser", paths.data_dir)
    try:
        import_run(store, paths.run_file, DEMO_RUN, paths.log_file)
        import_judgments(store, paths.judgments_file, DEMO_RUN)
        score_workspace(store, bertscore or BertScoreSettings())
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
