"""The benchmarks the workbench knows: the entry points of the group `anser_tui.benchmarks`
(DESIGN section 13), each a name (what a workspace's meta table stores) -> an object
implementing `Benchmark`. The built-ins register there too (pyproject.toml); nothing else is
read. Names are read from the installed distributions' entry-point files once (`installed`);
a benchmark's module is imported when it is first asked for, and the object kept.

The default benchmark (of `init`, `demo` and stateless `score` without `--benchmark`) is the one
that says it is (`Benchmark.default`), this package's own before another distribution's.
"""

from __future__ import annotations

from functools import cache

from anser_tui.benchmarks.base import Benchmark, RegisteredBenchmark
from anser_tui.benchmarks.installed import EntryPoint, entry_points
from anser_tui.core.errors import InputError

GROUP = "anser_tui.benchmarks"
_PACKAGE = __name__.split(".")[0]


@cache
def _entry_points() -> dict[str, EntryPoint]:
    """{name: entry point}; where two distributions register one name, the first found."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point)
    return found


def registered() -> tuple[str, ...]:
    """The names of every registered benchmark, sorted."""
    return tuple(sorted(_entry_points()))


def _listed() -> str:
    """The registered names for a message; with none, how entry points get written."""
    return (", ".join(registered()) or
            f"none: no installed distribution registers {GROUP!r}; installing the package "
            "(pip install -e .) writes its entry points")


def default_name() -> str:
    """The name of the default benchmark; an InputError when none says it is."""
    points = _entry_points()
    for name in sorted(registered(), key=lambda n: points[n].module.split(".")[0] != _PACKAGE):
        if benchmark_named(name).default:
            return name
    raise InputError(f"no registered benchmark is the default (registered: {_listed()}): "
                     "give --benchmark")


@cache
def benchmark_named(name: str) -> RegisteredBenchmark:
    """The benchmark registered as `name`; an InputError naming the registered ones for any
    other, and for an entry point whose object is no `Benchmark` of that name."""
    point = _entry_points().get(name)
    if point is None:
        raise InputError(f"unknown benchmark {name!r} (registered: {_listed()})")
    benchmark = point.load()
    if not isinstance(benchmark, Benchmark) or benchmark.name != name:
        raise InputError(f"the entry point {name} = {point.value!r} of {GROUP!r} is no "
                         f"benchmark named {name!r}")
    return benchmark


def benchmarks() -> list[RegisteredBenchmark]:
    """Every registered benchmark, loaded, in `registered()` order."""
    return [benchmark_named(name) for name in registered()]


def forget() -> None:
    """Read the entry points again on next use (a distribution was installed or removed)."""
    _entry_points.cache_clear()
    benchmark_named.cache_clear()
