"""The embedded PRBench demo, shipped as package data in `demo/`: `prbench/<split>.jsonl` in the
dataset card's layout (finance, legal and their hard splits), one run under `runs/` ({task,
response}) and its recorded per-criterion judge replies. Written by `python -m bench.demo_data`."""

from __future__ import annotations

from importlib import resources

from anser_tui.benchmarks.base import DemoFiles


def demo_files() -> DemoFiles:
    return DemoFiles(resources.files("anser_tui.benchmarks.prbench") / "demo",
                     version="prbench-1", home="demo-prbench", data="prbench",
                     run="demo-system", run_file="runs/demo-system.jsonl",
                     judgments_file="runs/demo-system.judge.jsonl")
