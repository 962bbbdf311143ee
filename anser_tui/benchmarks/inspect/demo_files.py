"""The embedded Inspect AI demo, shipped as package data in `demo/`: `qa12.eval`, the log of a
real `inspect eval` (12 model_graded_qa samples, tests/data/inspect/make_fixtures.py), which is
at once the data, the run (its outputs) and the judgments (its Scores). Reading it needs the
`inspect` extra."""

from __future__ import annotations

from importlib import resources

from anser_tui.benchmarks.base import DemoFiles


def demo_files() -> DemoFiles:
    return DemoFiles(resources.files("anser_tui.benchmarks.inspect") / "demo",
                     version="inspect-1", home="demo-inspect", data="qa12.eval",
                     run="demo-system", run_file="qa12.eval", judgments_file="qa12.eval")
