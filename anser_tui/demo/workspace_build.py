"""Building a demo workspace from a demo's files, whole or not at all: made beside its path
(`<name>.building`), filled (tasks, one run, its recorded judgments, anything `finish` adds),
then renamed into place. A workspace already there is left as it is.

`reset` is how `demo --rebuild` starts again.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from pathlib import Path

from anser_tui.exchange.setup import import_run, init_workspace
from anser_tui.judge.importing import import_judgments
from anser_tui.workspace.store import WorkspaceStore


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
