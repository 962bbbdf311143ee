"""Stateless scoring: a benchmark folder and a run file in, the benchmark's JSON out, with no
workspace (`Benchmark.score_stateless`; a benchmark without it says so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import PhaseProgress, ScoreOptions
from anser_tui.benchmarks.registry import benchmark_named, default_name
from anser_tui.core.errors import InputError
from anser_tui.core.settings import BertScoreSettings


def score_files(data_dir: Path, run_file: Path, log_file: Path | None = None,
                settings: BertScoreSettings | None = None,
                on_progress: PhaseProgress | None = None,
                benchmark: str | None = None) -> dict[str, Any]:
    """One run of a `benchmark` folder (default: the default benchmark) scored statelessly."""
    spec = benchmark_named(benchmark or default_name())
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise InputError("no such folder", data_dir)
    return spec.score_stateless(data_dir, Path(run_file), log_file,
                                ScoreOptions(settings or BertScoreSettings(), None, on_progress))
