"""A demo's workspace, built from its files through the ordinary verbs (init, import-run,
import-judgments, score), whole or not at all; no network, no API key."""

from __future__ import annotations

from pathlib import Path

from anser_tui.core.settings import BertScoreSettings
from anser_tui.demo.files import DemoPaths, build_demo, demo_files
from anser_tui.demo.workspace_build import build_workspace, reset
from anser_tui.exchange.workspace_scores import score_workspace


def build_demo_workspace(paths: DemoPaths, workspace: Path,
                         bertscore: BertScoreSettings | None = None) -> Path:
    """Create `workspace` from the demo files, scored, whole or not at all. BERTScore-F1 is
    "not computed" unless the configured models are available offline."""
    return build_workspace(workspace, paths.benchmark, paths.data_dir, paths.run_file, paths.run,
                           paths.judgments_file, paths.options, log_file=paths.log_file,
                           finish=lambda store: score_workspace(
                               store, bertscore or BertScoreSettings()))


def ensure_demo_workspace(benchmark: str, root: Path, rebuild: bool = False) -> Path:
    """The demo workspace `root/demo.db` over the demo files in `root/data`, built on first use
    (anew with `rebuild`)."""
    root = Path(root)
    if rebuild:
        reset(root)
    return build_demo_workspace(build_demo(benchmark, root / "data"), root / "demo.db")


def demo_home(benchmark: str, data_dir: Path) -> Path:
    """Where under the data directory the benchmark's demo lives (`demo` opens it there)."""
    return Path(data_dir) / demo_files(benchmark).home
