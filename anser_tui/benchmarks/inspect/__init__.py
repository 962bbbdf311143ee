"""Inspect AI logs as a benchmark: each sample of a log (each epoch apart) is a task, its
output the run's answer, one scorer's Score the judgment; settled human verdicts go back into a
copy of the log as ScoreEdits (`export`).

inspect-ai is an optional extra (`pip install 'anser-tui[inspect]'`), imported inside the
functions that read or write a log, and only through its public API (`read_eval_log`,
`edit_score`, `recompute_metrics`, `write_eval_log`)."""

from anser_tui.benchmarks.inspect.benchmark import InspectBenchmark

__all__ = ["InspectBenchmark"]
