"""The embedded AA-LCR demo, shipped as package data in `demo/`: `aalcr/AA-LCR_Dataset.csv` and
its extracted texts `aalcr/lcr/<category>/<set>/<file>.txt`, one run under `runs/`
({question_id, answer}) and its recorded verdicts against dataset version 1.1. Written by
`python -m bench.demo_data`."""

from __future__ import annotations

from importlib import resources

from anser_tui.benchmarks.base import DemoFiles


def demo_files() -> DemoFiles:
    return DemoFiles(resources.files("anser_tui.benchmarks.aalcr") / "demo",
                     version="aalcr-1", home="demo-aalcr", data="aalcr", run="demo-system",
                     run_file="runs/demo-system.jsonl",
                     judgments_file="runs/demo-system.judge.jsonl",
                     options={"dataset_version": "1.1"})
