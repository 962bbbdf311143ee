"""No benchmark is named outside its own package (DESIGN 13): every Python file under
anser_tui/ but anser_tui/benchmarks/<name>/ is searched for each registered benchmark's words,
as the protocol gives them: its name as a word in any case (`_`, `-` and `.` separate words,
so a quoted name, a `benchmarks.<name>` import, `<name>_grader` and prose all count; the app's
own names do not: the package `anser_tui`, the command `anser-tui`, the settings' variables),
its label as written, its metric names in quotes and its aggregates' names as words
(`Benchmark.vocabulary`). The failure lists every offending file:line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import anser_tui
from anser_tui.benchmarks.registry import benchmarks
from anser_tui.core.settings import ENV_PREFIX
from anser_tui.corpora.jsonl_index import SUFFIX as INDEX_SUFFIX
from anser_tui.demo.install import MARKER as DEMO_MARKER

PACKAGE = Path(anser_tui.__file__).parent
# The app's own names: its package, its distribution and command, its settings' variables, and
# the two files it leaves beside what it manages (a JSONL corpus's index, an installed demo's
# marker), named after the app long before benchmarks were plugins.
APP_NAMES = re.compile("|".join((rf"\b{anser_tui.__name__}\b",
                                 rf"\b{anser_tui.__name__.replace('_', '-')}\b",
                                 rf"\b{ENV_PREFIX}[A-Z_*]*",
                                 re.escape(INDEX_SUFFIX), re.escape(DEMO_MARKER))))


@dataclass(frozen=True)
class Words:
    """One benchmark's words, each a pattern, and where they may appear (its package)."""

    name: str
    home: Path
    patterns: tuple[tuple[str, re.Pattern[str]], ...]

    def offences(self, line: str) -> list[str]:
        line = APP_NAMES.sub(" ", line)
        return [word for word, pattern in self.patterns if pattern.search(line)]


def _quoted(word: str) -> re.Pattern[str]:
    return re.compile(rf"[\"'`]{re.escape(word)}[\"'`]")


def _word(word: str, flags: int = 0) -> re.Pattern[str]:
    """`word` not inside a longer name (a letter or digit either side: `_`, `-` and `.`
    separate, so `prbench_grader` and `benchmarks.prbench` hold `prbench`)."""
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", flags)


def benchmark_words() -> list[Words]:
    found = []
    for benchmark in benchmarks():
        patterns = [(benchmark.name, _word(benchmark.name, re.IGNORECASE)),
                    (benchmark.label, re.compile(re.escape(benchmark.label))),
                    *((metric, _quoted(metric)) for metric in benchmark.vocabulary.metrics),
                    *((aggregate, _word(aggregate, re.IGNORECASE))
                      for aggregate in benchmark.vocabulary.aggregates)]
        found.append(Words(benchmark.name, PACKAGE / "benchmarks" / benchmark.name,
                           tuple(patterns)))
    return found


def offending_lines() -> list[str]:
    every = benchmark_words()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        others = [w for w in every if not path.is_relative_to(w.home)]
        for number, line in enumerate(lines, start=1):
            said = [f"{b.name}: {', '.join(words)}" for b in others
                    if (words := b.offences(line))]
            if said:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{number}: {'; '.join(said)}")
    return found



def test_the_words_come_from_every_registered_benchmark() -> None:
    words = {w.name: w for w in benchmark_words()}
    assert {"anser", "prbench", "aalcr"} <= set(words)
    assert "LLM Judge" in {word for word, _ in words["anser"].patterns}
    for benchmark in benchmarks():
        said = {word for word, _ in words[benchmark.name].patterns}
        assert {*benchmark.vocabulary.metrics, *benchmark.vocabulary.aggregates} <= said
    assert words["prbench"].offences("x = Aggregate.PRBENCH_POINTS") == ["prbench"]
    assert words["aalcr"].offences('"""AA-LCR: one verdict."""') == ["AA-LCR"]
    assert words["anser"].offences("see `anser-tui init` in anser_tui.cli") == []
    assert words["anser"].offences("from anser_tui.benchmarks.anser import groups") == ["anser"]
    assert words["anser"].offences('name = "anser"  # ANSER_JUDGE__MODEL') == ["anser"]
    assert words["anser"].offences("ANSER_JUDGE__MODEL and ANSER_* variables") == []
    assert words["prbench"].offences("GRADER = 'prbench_grader'") == ["prbench"]
    assert words["aalcr"].offences("CSV = 'AA-LCR_Dataset.csv'") == ["AA-LCR"]


def test_no_benchmark_is_named_outside_its_package() -> None:
    offending = offending_lines()
    assert not offending, (f"{len(offending)} lines name a benchmark outside its package:\n"
                           + "\n".join(offending))
