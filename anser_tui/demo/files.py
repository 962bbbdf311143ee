"""A benchmark's demo files, copied from its package data into a folder of the user's.

The registry says where each benchmark's demo is (`Benchmark.demo`: a folder of package data
and how its run and judgments are imported); `build_demo` copies that folder whole into `root`
(`install.install_demo`: all or nothing, left as it is once complete).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

from anser_tui.benchmarks.base import DemoFiles
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.demo.install import install_demo


def demo_files(benchmark: str) -> DemoFiles:
    """Where the benchmark's demo is; an InputError for a benchmark that has none."""
    spec = benchmark_named(benchmark).demo()
    if spec is None:
        raise InputError(f"{benchmark_named(benchmark).label} has no embedded demo")
    return spec


@dataclass(frozen=True)
class DemoPaths:
    """A benchmark's demo files under `root`: its data folder, and its run's files (the
    reproducibility log where the demo has one) with the load options they are imported under."""

    benchmark: str
    root: Path
    data_dir: Path
    run: str
    run_file: Path
    judgments_file: Path
    log_file: Path | None
    options: Mapping[str, str]

    @classmethod
    def under(cls, root: Path, benchmark: str) -> DemoPaths:
        spec = demo_files(benchmark)
        root = Path(root)
        return cls(benchmark=benchmark, root=root, data_dir=root / spec.data, run=spec.run,
                   run_file=root / spec.run_file, judgments_file=root / spec.judgments_file,
                   log_file=root / spec.log_file if spec.log_file else None,
                   options=dict(spec.options))


def shipped(folder: Traversable, prefix: str = "") -> list[tuple[str, Traversable]]:
    """Every file under `folder` as (its path relative to `folder`, the file), sorted."""
    found: list[tuple[str, Traversable]] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        relative = f"{prefix}{entry.name}"
        if entry.is_dir():
            found += shipped(entry, relative + "/")
        elif entry.is_file():
            found.append((relative, entry))
    return found


def copy_files(source: Traversable, target: Path) -> None:
    """Every file under `source` written to the same place under `target`."""
    for relative, entry in shipped(source):
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(entry.read_bytes())


def build_demo(benchmark: str, root: Path) -> DemoPaths:
    """The benchmark's demo files under `root`, copied unless a complete copy of this version
    is there already; a non-empty folder holding no demo is refused (FileExistsError)."""
    spec = demo_files(benchmark)
    files = [relative for relative, _ in shipped(spec.source)]
    install_demo(Path(root), spec.version, files, lambda folder: copy_files(spec.source, folder))
    return DemoPaths.under(root, benchmark)
