"""The benchmarks the workbench knows, by the name a workspace stores in its meta table."""

from __future__ import annotations

from functools import cache

from anser_tui.benchmarks.base import Benchmark
from anser_tui.core.errors import InputError

SUPPORTED = ("anser", "prbench", "aalcr", "inspect")


@cache
def benchmark_named(name: str) -> Benchmark:
    """The benchmark called `name`; an InputError for one this release does not support."""
    if name == "anser":
        from anser_tui.benchmarks.anser.benchmark import AnserBenchmark

        return AnserBenchmark()
    if name == "prbench":
        from anser_tui.benchmarks.prbench.benchmark import PrbenchBenchmark

        return PrbenchBenchmark()
    if name == "aalcr":
        from anser_tui.benchmarks.aalcr.benchmark import AalcrBenchmark

        return AalcrBenchmark()
    if name == "inspect":
        from anser_tui.benchmarks.inspect.benchmark import InspectBenchmark

        return InspectBenchmark()
    raise InputError(f"unknown benchmark {name!r} (supported: {', '.join(SUPPORTED)})")
