"""No benchmark is named outside its own package (DESIGN 13): every Python file under
anser_tui/ but anser_tui/benchmarks/<name>/ is searched for each registered benchmark's words,
as the protocol gives them: its name as a word (any case: quoted, in a `benchmarks.<name>`
import, in prose; the app's own name `anser_tui` / `anser-tui` does not count), its label, its
metric names in quotes and its aggregates' names as words (`Benchmark.vocabulary`). The
failure lists every offending file:line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import anser_tui
from anser_tui.benchmarks.registry import benchmarks

PACKAGE = Path(anser_tui.__file__).parent
APP_NAMES = re.compile(rf"\b{anser_tui.__name__}\b|\b{anser_tui.__name__.replace('_', '-')}\b")


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
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", flags)


def benchmark_words() -> list[Words]:
    found = []
    for benchmark in benchmarks():
        patterns = [(benchmark.name, _word(benchmark.name, re.IGNORECASE)),
                    (benchmark.label, _word(benchmark.label)),
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
    assert words["prbench"].offences("x = Aggregate.PRBENCH_POINTS") == ["prbench_points"]
    assert words["aalcr"].offences('"""AA-LCR: one verdict."""') == ["AA-LCR"]
    assert words["anser"].offences("see `anser-tui init` in anser_tui.cli") == []
    assert words["anser"].offences("from anser_tui.benchmarks.anser import groups") == ["anser"]
    assert words["anser"].offences('name = "anser"  # ANSER_JUDGE__MODEL') == ["anser"]
    assert words["anser"].offences("ANSER_JUDGE__MODEL and ANSER_* variables") == []


def test_no_benchmark_is_named_outside_its_package() -> None:
    offending = offending_lines()
    assert not offending, (f"{len(offending)} lines name a benchmark outside its package:\n"
                           + "\n".join(offending))
