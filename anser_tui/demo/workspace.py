"""The demo workspace: the embedded benchmark, its run and recorded judgments, ready to review."""

from __future__ import annotations

from pathlib import Path

from anser_tui.core.settings import BertScoreSettings
from anser_tui.demo import DEMO_RUN, DemoPaths, build_demo
from anser_tui.demo.workspace_build import build_workspace, reset
from anser_tui.exchange.workspace_scores import score_workspace


def build_demo_workspace(paths: DemoPaths, workspace: Path,
                         bertscore: BertScoreSettings | None = None) -> None:
    """Create `workspace` from the demo data, scored, whole or not at all. BERTScore-F1 is "not
    computed" unless the configured models are available offline."""
    build_workspace(workspace, "anser", paths.data_dir, paths.run_file, DEMO_RUN,
                    paths.judgments_file, log_file=paths.log_file,
                    finish=lambda store: score_workspace(store, bertscore or BertScoreSettings()))


def ensure_demo_workspace(root: Path, rebuild: bool = False) -> Path:
    """The demo workspace under `root`, built on first use (no network, no API key)."""
    root = Path(root)
    if rebuild:
        reset(root)
    workspace = root / "demo.db"
    build_demo_workspace(build_demo(root / "data"), workspace)
    return workspace
