"""Each benchmark's demo writer, and rewriting the package data from them."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from anser_tui.benchmarks.registry import benchmark_named
from bench.demo_data import aalcr, anser, prbench

WRITERS: dict[str, Callable[[Path], None]] = {
    "anser": anser.write,
    "prbench": prbench.write,
    "aalcr": aalcr.write,
}


def package_folder(name: str) -> Path:
    """The folder of the package data the benchmark's demo is read from (a source checkout)."""
    spec = benchmark_named(name).demo()
    if spec is None:
        raise ValueError(f"{name} declares no demo")
    return Path(str(spec.source))


def rewrite(name: str) -> Path:
    """The benchmark's demo folder in the package, written anew (whole: built beside, then
    swapped in)."""
    target = package_folder(name)
    staging = Path(tempfile.mkdtemp(prefix=".demo.", dir=target.parent))
    try:
        WRITERS[name](staging / "demo")
        shutil.rmtree(target, ignore_errors=True)
        (staging / "demo").rename(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target
