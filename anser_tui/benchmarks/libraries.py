"""The corpus library of a benchmark's data folder, and the corpora of every registered
benchmark (for a folder given without a workspace, as `index-corpus` takes one)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from anser_tui.benchmarks.base import RegisteredBenchmark
from anser_tui.benchmarks.registry import benchmarks
from anser_tui.core.settings import CorpusOverride
from anser_tui.corpora.descriptor import CorpusDescriptor
from anser_tui.corpora.library import CorpusLibrary


def corpus_library(benchmark: RegisteredBenchmark, data_dir: Path,
                   overrides: Mapping[str, CorpusOverride] | None = None,
                   cache: Path | None = None) -> CorpusLibrary:
    """The library of the benchmark's corpora in the data folder (none: an empty library)."""
    return CorpusLibrary(benchmark.corpora_dir(data_dir), benchmark.corpus_descriptors(),
                         overrides, cache)


def registered_corpora() -> tuple[CorpusDescriptor, ...]:
    """The key spaces of every registered benchmark's corpora, benchmark by benchmark."""
    return tuple(d for benchmark in benchmarks() for d in benchmark.corpus_descriptors())
