"""The embedded ANSER-Bench demo, shipped as package data in `demo/`: the release layout under
`anser-bench/` (`benchmark/` task files, `corpora/` with all ten corpora, as the README lays
them out) and one run under `runs/` with its reproducibility log and recorded judge outputs.
Written by `python -m bench.demo_data`."""

from __future__ import annotations

from importlib import resources

from anser_tui.benchmarks.base import DemoFiles


def demo_files() -> DemoFiles:
    return DemoFiles(resources.files("anser_tui.benchmarks.anser") / "demo", version="1",
                     home="demo", data="anser-bench", run="demo-system",
                     run_file="runs/demo-system.jsonl",
                     judgments_file="runs/demo-system.judge.jsonl",
                     log_file="runs/demo-system.log.jsonl")
