"""`calibration --compare A,B`: two judges compared on the same human labels (DESIGN 15),
instead of the calibration report."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from anser_tui.core.errors import InputError

F = TypeVar("F", bound=Callable[..., Any])


def _judges(value: str) -> tuple[str, str]:
    names = [n.strip() for n in value.split(",")]
    if len(names) != 2 or not all(names) or names[0] == names[1]:
        raise InputError(f"--compare {value!r}: give two different judges as A,B")
    return names[0], names[1]


def print_comparison(workspace: Path, run: str | None, fmt: str, value: str) -> None:
    import shutil

    from anser_tui.calibration.compare import compare_judges
    from anser_tui.calibration.compare_format import compare_blocks
    from anser_tui.cli.console import report_table
    from anser_tui.cli.group import load_cli_settings
    from anser_tui.workspace import WorkspaceStore

    a, b = _judges(value)
    settings = load_cli_settings().calibration
    with WorkspaceStore.open(workspace, read_only=True) as store:
        runs = [store.require_run(run)] if run is not None else None
        entries = compare_judges(store, a, b, runs, seed=settings.seed,
                                 resamples=settings.resamples)
    if fmt == "json":
        click.echo(json.dumps({"comparison": entries}, ensure_ascii=False, indent=2))
        return
    width = shutil.get_terminal_size((120, 24)).columns
    click.echo(report_table(compare_blocks(entries, a, b), width, heading="{}"), nl=False)


def comparing(verb: F) -> F:
    """Add `--compare A,B` to the calibration verb (above `judged_by`)."""

    @functools.wraps(verb)
    def with_compare(*args: Any, compare: str | None = None, **kwargs: Any) -> Any:
        if compare is None:
            return verb(*args, **kwargs)
        print_comparison(kwargs["workspace"], kwargs["run"], kwargs["fmt"], compare)
        return None

    option = click.option("--compare", metavar="A,B",
                          help="Compare judges A and B on the items both judged and a human "
                               "settled (delta = B - A) instead of the report.")
    return option(with_compare)  # type: ignore[return-value]
