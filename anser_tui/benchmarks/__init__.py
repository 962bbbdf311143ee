"""What a benchmark is: the Benchmark protocol (`base`) and the registry (`registry`) that
reads the entry points of the group `anser_tui.benchmarks`. Each benchmark is a package of its
own under here (or in another distribution); nothing outside it names it (DESIGN 13)."""

from anser_tui.benchmarks.base import (
    Benchmark,
    BenchmarkOption,
    CallSpec,
    ExamplesPlace,
    JudgeProtocol,
    JudgeValues,
    ParsedReply,
    RegisteredBenchmark,
    ScoredRun,
    ScoreOptions,
    TableBlock,
    Vocabulary,
)
from anser_tui.benchmarks.registry import (
    benchmark_named,
    benchmarks,
    default_name,
    registered,
)

__all__ = [
    "Benchmark",
    "BenchmarkOption",
    "CallSpec",
    "ExamplesPlace",
    "JudgeProtocol",
    "JudgeValues",
    "ParsedReply",
    "RegisteredBenchmark",
    "ScoreOptions",
    "ScoredRun",
    "TableBlock",
    "Vocabulary",
    "benchmark_named",
    "benchmarks",
    "default_name",
    "registered",
]
