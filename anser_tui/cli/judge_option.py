"""`--judge NAME` for the verbs that read judgments (review, show, report, calibration,
import-judgments): every workspace opened while the verb runs reads each run with that judge
in place of the run's primary judge (DESIGN 15)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def judged_by(verb: F) -> F:
    """Add `--judge NAME` to a verb; put it right above the function, below its options."""

    @functools.wraps(verb)
    def with_judge(*args: Any, judge_name: str | None = None, **kwargs: Any) -> Any:
        from anser_tui.workspace.store import reading_judge

        with reading_judge(judge_name):
            return verb(*args, **kwargs)

    option = click.option("--judge", "judge_name", metavar="NAME",
                          help="Read the judgments of judge NAME (default: each run's primary "
                               "judge).")
    return option(with_judge)  # type: ignore[return-value]
