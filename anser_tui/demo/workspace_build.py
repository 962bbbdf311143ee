"""Building a demo workspace from a demo's files, whole or not at all: made beside its path
(`<name>.building`), filled (tasks, one run, its recorded judgments), then renamed into place.
A workspace already there is left as it is."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from anser_tui.judge.importing import import_judgments
from anser_tui.sessions.workspace import import_run, init_workspace


def remove_db(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def build_workspace(workspace: Path, benchmark: str, data_dir: Path, run_file: Path, run: str,
                    judgments_file: Path, options: Mapping[str, str] | None = None) -> Path:
    workspace = Path(workspace)
    if workspace.exists():
        return workspace
    building = workspace.with_name(workspace.name + ".building")
    remove_db(building)
    store = init_workspace(building, benchmark, data_dir, options)
    try:
        import_run(store, run_file, run)
        import_judgments(store, judgments_file, run)
    finally:
        store.close()
    building.rename(workspace)
    return workspace

