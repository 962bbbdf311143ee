"""What the command line takes from the registered benchmarks, read when a command line is
parsed (never at import): the names `--benchmark` accepts, its default, and the options each
benchmark declares for a command (`Benchmark.init_options`, `Benchmark.report_options`), added
to that command as `--key` options whose help names the benchmarks that take each.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from anser_tui.core.errors import InputError

if TYPE_CHECKING:
    from anser_tui.benchmarks.base import BenchmarkOption, RegisteredBenchmark

Declared = Callable[["RegisteredBenchmark"], Sequence["BenchmarkOption"]]


class BenchmarkName(click.Choice[str]):
    """A registered benchmark's name; the choices are the registry's at the time of asking."""

    def __init__(self) -> None:
        super().__init__(())

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        from anser_tui.benchmarks.registry import registered

        return registered()

    @choices.setter
    def choices(self, given: Iterable[str]) -> None:
        """Choice's constructor stores its choices; these come from the registry instead."""


class BenchmarkNameOption(click.Option):
    """`--benchmark`: by default the registry's default benchmark, asked when needed."""

    def get_default(self, ctx: click.Context, call: bool = True) -> str:
        from anser_tui.benchmarks.registry import default_name

        return default_name()


def benchmark_option(help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The `--benchmark` option of a command: a registered name, the default one unless told."""
    return click.option("--benchmark", cls=BenchmarkNameOption, type=BenchmarkName(),
                        show_default=True, help=help)


@dataclass(frozen=True)
class DeclaredOption:
    """One option key as the registered benchmarks declare it, with the labels of those."""

    option: BenchmarkOption
    labels: tuple[str, ...]

    def click_option(self) -> click.Option:
        kind: click.ParamType | type[str] = (
            click.Choice(self.option.choices) if self.option.choices is not None
            else click.Path(path_type=Path) if self.option.path else str)
        return click.Option([self.option.flag, self.option.key], type=kind,
                            help=f"{', '.join(self.labels)}: {self.option.help}")


def declared_options(declared: Declared) -> dict[str, DeclaredOption]:
    """{key: the option} over every registered benchmark, in registry order; where two
    declare one key, the first's choices and help text, with both labels."""
    from anser_tui.benchmarks.registry import benchmarks

    found: dict[str, DeclaredOption] = {}
    for benchmark in benchmarks():
        for option in declared(benchmark):
            seen = found.get(option.key)
            found[option.key] = (DeclaredOption(option, (benchmark.label,)) if seen is None
                                 else DeclaredOption(seen.option,
                                                     (*seen.labels, benchmark.label)))
    return found


class BenchmarkOptionsCommand(click.Command):
    """A command that also takes every option the registered benchmarks declare for it
    (`declared`); the callback receives them as keyword arguments (None when not given)."""

    def __init__(self, *args: Any, declared: Declared, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.declared = declared
        self._built: tuple[tuple[str, ...], list[click.Parameter]] | None = None

    def _benchmark_params(self) -> list[click.Parameter]:
        from anser_tui.benchmarks.registry import registered

        names = registered()
        if self._built is None or self._built[0] != names:
            own = {opt for param in self.params for opt in param.opts}
            params: list[click.Parameter] = []
            for declared in declared_options(self.declared).values():
                if declared.option.flag in own:
                    raise InputError(f"{', '.join(declared.labels)} declares "
                                     f"{declared.option.flag}, an option `{self.name}` has "
                                     "of its own")
                params.append(declared.click_option())
            self._built = (names, params)
        return self._built[1]

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)  # the command's own, then --help
        own = len(self.params)
        return [*params[:own], *self._benchmark_params(), *params[own:]]


def given_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """The benchmark options given on the command line (those not None)."""
    return {key: value for key, value in values.items() if value is not None}


def refuse_undeclared(given: Mapping[str, Any], benchmark: RegisteredBenchmark,
                      declared: Declared, what: str, path: Path) -> None:
    """An InputError for a given option the workspace's benchmark does not take."""
    takes = {option.key for option in declared(benchmark)}
    everyone = declared_options(declared)
    for key in given:
        if key not in takes:
            option = everyone[key]
            raise InputError(f"{option.option.flag} is for {', '.join(option.labels)}; "
                             f"{benchmark.label} {what} take no {option.option.flag}", path)
