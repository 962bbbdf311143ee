"""What a benchmark is: the Benchmark protocol (`base`) and the registry that returns the
benchmark a workspace names. ANSER-Bench is `benchmarks.anser`."""

from anser_tui.benchmarks.base import (
    Benchmark,
    CallSpec,
    JudgeProtocol,
    JudgeValues,
    ParsedReply,
    ScoredRun,
    ScoreOptions,
    TableBlock,
)
from anser_tui.benchmarks.registry import SUPPORTED, benchmark_named

__all__ = [
    "SUPPORTED",
    "Benchmark",
    "CallSpec",
    "JudgeProtocol",
    "JudgeValues",
    "ParsedReply",
    "ScoreOptions",
    "ScoredRun",
    "TableBlock",
    "benchmark_named",
]
