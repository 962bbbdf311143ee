"""Finding a workspace's benchmark folder: where it was, where it is now, or where the user
says it is, and checking that it holds the same benchmark.

A workspace stores the folder's absolute path, its path relative to the workspace, a
signature of its task files (paths, sizes, modification times) and the benchmark fingerprint (a
hash of the tasks). The folder is looked for in this order: `--data` (given: it must match, or
the command stops), the `benchmark_data` setting for the benchmark, the stored path, the stored
relative path. A folder whose task files still carry the stored signature is taken as it is;
any other is loaded and its tasks' fingerprint compared. A folder found anew is recorded (a
read verb's store records it through a writing one), so the next command finds it without being
told. Loading and signatures use the load options the
workspace was made with (meta `load_options`, JSON; none for a workspace made before them).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from anser_tui.benchmarks.base import Benchmark, LoadOptions
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.workspace.fingerprint import tasks_fingerprint
from anser_tui.workspace.store import WorkspaceStore, data_dir_meta

LOAD_OPTIONS = "load_options"


def load_options(store: WorkspaceStore) -> dict[str, str]:
    """The load options the workspace was made with."""
    return dict(json.loads(store.meta(LOAD_OPTIONS) or "{}"))


def data_signature(benchmark: Benchmark, data_dir: Path, options: LoadOptions | None = None
                   ) -> str:
    """A cheap signature of the folder's task files: path (relative to the folder where it
    lies inside it), size, mtime (ns)."""
    sha = hashlib.sha256()
    for path in benchmark.data_files(data_dir, options):
        stat = path.stat()
        name = path.relative_to(data_dir) if path.is_relative_to(data_dir) else path
        sha.update(f"{name}\t{stat.st_size}\t{stat.st_mtime_ns}\n".encode())
    return sha.hexdigest()


def _matches(store: WorkspaceStore, benchmark: Benchmark, folder: Path) -> bool:
    try:
        tasks = benchmark.load(folder, load_options(store))
    except InputError:
        return False
    return tasks_fingerprint(tasks) == store.meta("benchmark_fingerprint")


def data_folder(store: WorkspaceStore, given: Path | None = None,
                configured: Path | None = None) -> Path:
    """The workspace's benchmark folder; an InputError saying how to give it when not found."""
    benchmark = benchmark_named(store.benchmark)
    stored = store.data_dir
    relative = store.meta("data_dir_relative")
    candidates = [c for c in (given, configured, stored,
                              (store.path.resolve().parent / relative) if relative else None)
                  if c is not None]
    for folder in candidates:
        folder = Path(folder).expanduser().resolve()
        if not folder.exists():  # a folder (or the one file a benchmark's data is)
            if given is not None and folder == Path(given).expanduser().resolve():
                raise InputError("no such folder", folder)
            continue
        signature = data_signature(benchmark, folder, load_options(store))
        if folder == stored and signature and signature == store.meta("data_signature"):
            return folder
        if _matches(store, benchmark, folder):
            store.remember(data_dir_meta(store.path, folder, signature))
            return folder
        if given is not None and folder == Path(given).expanduser().resolve():
            raise InputError("this folder does not hold the benchmark the workspace was made "
                             "from (its tasks differ)", folder)
    raise InputError(f"the benchmark folder is not where the workspace last found it "
                     f"({stored}); give it with --data DIR (or the benchmark_data."
                     f"{store.benchmark} setting)", store.path)
