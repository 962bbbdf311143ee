"""An Inspect log -> one task per sample (per sample and epoch when the log ran several).

Task conventions: id `<sample id>` (or `<sample id>#<epoch>`); group = domain = the log's task
name; query = the sample's input as a transcript (`transcript`), instruction empty;
ground_truth = the target; form `short`, objective `inspect`. `extra` keeps the sample's id as
Inspect typed it (an integer stays an integer) and its epoch, the reviewed scorer's spec
(`values.scorer_spec`), and, on the first task, Inspect's own results for the log (each
scorer's scored samples and metric values, for the report).

Load options: `scorer`, the scorer whose Score is the judgment (default the first scorer of
the log whose values are grades or booleans, else the first whose values are numbers);
`range`, `LOW:HIGH`, the scale of the reviewed scorer's numbers (default: the values seen,
`values`). A scorer that is not in the log, or whose values cannot be reviewed, is bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from anser_tui.benchmarks.base import LoadOptions
from anser_tui.benchmarks.inspect.api import read_log
from anser_tui.benchmarks.inspect.samples import SampleView, sample_views
from anser_tui.benchmarks.inspect.values import (
    numbers_only,
    parse_range,
    scorer_spec,
    spec_problem,
    with_range,
)
from anser_tui.core.errors import InputError
from anser_tui.workspace.tasks import AnswerKey, Form, Task, TaskPrompt

OPTION_RANGE = "range"
OPTIONS = ("scorer", OPTION_RANGE)
EXTRA_SAMPLE_ID, EXTRA_EPOCH, EXTRA_SCORER, EXTRA_RESULTS = (
    "sample_id", "epoch", "scorer", "log_results")


def check_options(options: LoadOptions | None) -> None:
    unknown = sorted(set(options or {}) - set(OPTIONS))
    if unknown:
        raise InputError(f"Inspect AI logs take no {', '.join(unknown)} option")


def log_results(log: Any) -> dict[str, Any]:
    """Inspect's own results: {score name: {"scorer", "n", "metrics": {name: value}}}."""
    scores = log.results.scores if log.results is not None else []
    return {s.name: {"scorer": s.scorer, "n": s.scored_samples,
                     "metrics": {k: m.value for k, m in s.metrics.items()}} for s in scores}


def _choose(specs: dict[str, dict[str, Any]], wanted: str | None, path: Path
            ) -> dict[str, Any]:
    names = list(specs)
    if wanted is not None:
        if wanted not in specs:
            raise InputError(f"the log has no scorer {wanted!r} (it has: "
                             f"{', '.join(names) or 'none'})", path)
        problem = spec_problem(specs[wanted])
        if problem:
            raise InputError(f"scorer {wanted!r} cannot be reviewed: {problem}", path)
        return specs[wanted]
    usable = [n for n in names if spec_problem(specs[n]) is None]
    chosen = next((n for n in usable if not numbers_only(specs[n])), usable[0] if usable else None)
    if chosen is None:
        raise InputError("no scorer of the log gives grades (C, P, I, N), booleans or numbers "
                         f"(scorers: {', '.join(names) or 'none'})", path)
    return specs[chosen]


def choose_scorer(views: list[SampleView], options: LoadOptions | None, path: Path
                  ) -> dict[str, Any]:
    """The reviewed scorer's spec (`values.scorer_spec`), its numbers' range settled."""
    names = list(dict.fromkeys(n for v in views for n in v.scores))
    specs = {n: scorer_spec(n, [v.scores[n].value for v in views if n in v.scores
                                and v.scores[n].value is not None]) for n in names}
    spec = _choose(specs, (options or {}).get("scorer"), path)
    given = (options or {}).get(OPTION_RANGE)
    bounds = parse_range(given) if given is not None else None
    try:
        return with_range(spec, bounds)
    except InputError as exc:
        raise InputError(exc.reason, path) from None


def _task(view: SampleView, seq: int, name: str, source: str, extra: dict[str, Any]) -> Task:
    return Task(id=view.task_id, benchmark="inspect", group=name, form=Form.SHORT, lang="und",
                domain=name, objective="inspect", number=None, seq=seq, source=source,
                line=seq + 1, prompt=TaskPrompt(id=view.task_id, query=view.transcript),
                key=AnswerKey(ground_truth=view.target),
                extra={EXTRA_SAMPLE_ID: view.sample_id, EXTRA_EPOCH: view.epoch, **extra})


def load_log(path: Path, options: LoadOptions | None) -> list[Task]:
    check_options(options)
    log = read_log(path)
    views = list(sample_views(log, path))
    spec = choose_scorer(views, options, path)
    name = str(log.eval.task)
    tasks = []
    for seq, view in enumerate(views):
        extra: dict[str, Any] = {EXTRA_SCORER: spec}
        if seq == 0:
            extra[EXTRA_RESULTS] = log_results(log)
        tasks.append(_task(view, seq, name, Path(path).name, extra))
    return tasks
