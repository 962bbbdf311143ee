"""Two judges compared on the same human labels (DESIGN 15, `calibration --compare A,B`).

The items: those both judges judged (each run's current judgment of A and of B) and a human
settled (the adjudication policy's settled verdict: one reviewer's, the agreed one, or the
adjudicator's; none for an item in dispute). Per scope ("all", "group:<group>", "run:<run>")
and dimension (each criterion key, and "score"), on the items where both judges and the
settled verdict give the dimension a value: each judge's calibration row (section 8's
statistics against the same human values), and the paired differences B - A with their paired
bootstrap 95% intervals, resampling items clustered by context (`Benchmark.context_id`), and
McNemar's exact p on binary dimensions (`scoring.paired`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from anser_tui.calibration.adjudication import settle
from anser_tui.calibration.pairs import CalibrationInputs
from anser_tui.calibration.report import _Order
from anser_tui.scoring.agreement import Scale, ScaleKind, agreement_row
from anser_tui.scoring.agreement_bootstrap import DEFAULT_RESAMPLES, DEFAULT_SEED
from anser_tui.scoring.paired import compare_paired
from anser_tui.workspace.item import Item
from anser_tui.workspace.store import WorkspaceStore

Triple = tuple[float, float, float, str]  # (judge A, judge B, human, context id)
Buckets = dict[tuple[str, str, ScaleKind], list[Triple]]  # by (scope, dimension, scale)


def comparison_buckets(store: WorkspaceStore, a: str, b: str, runs: Collection[str] | None,
                       items: Collection[Item] | None = None
                       ) -> tuple[CalibrationInputs, Buckets]:
    """The (A, B, human, context) values of every scope and dimension (see the module)."""
    side_a = CalibrationInputs(store, runs, judge=a, calls=False)
    side_b = CalibrationInputs(store, runs, judge=b, calls=False)
    wanted = set(items) if items is not None else None
    buckets: Buckets = {}
    for item, settlement in settle(side_a.book).items():
        if settlement.decision is None or (wanted is not None and item not in wanted):
            continue
        values_a, values_b = side_a.judge_values(item), side_b.judge_values(item)
        task = side_a.tasks.get(item.task_id)
        if not values_a or not values_b or task is None:
            continue
        context = side_a.benchmark.context_id(task)
        human = side_a.human_values(item, settlement.decision)
        for (dimension, scale), value in human.items():
            if (dimension, scale) in values_a and (dimension, scale) in values_b:
                triple = (values_a[(dimension, scale)], values_b[(dimension, scale)], value,
                          context)
                for scope in ("all", f"group:{task.group}", f"run:{item.run}"):
                    buckets.setdefault((scope, dimension, scale), []).append(triple)
    return side_a, buckets


def compare_judges(store: WorkspaceStore, a: str, b: str, runs: Collection[str] | None = None,
                   items: Collection[Item] | None = None, *, seed: int = DEFAULT_SEED,
                   resamples: int = DEFAULT_RESAMPLES) -> list[dict[str, Any]]:
    """The comparison entries of judges `a` and `b` (of `items` only, when given), in report
    order: {"scope", "dimension", "n", "judges": {a: row, b: row}, "delta", "delta_ci",
    "mcnemar_p"}."""
    inputs, buckets = comparison_buckets(store, a, b, runs, items)
    return compare_entries(inputs, buckets, a, b, seed=seed, resamples=resamples)


def compare_entries(inputs: CalibrationInputs, buckets: Buckets, a: str, b: str, *,
                    seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES
                    ) -> list[dict[str, Any]]:
    """The entries of `compare_judges` for buckets already gathered."""
    order = _Order(inputs)
    out = []
    for key in sorted(buckets, key=order.key):
        scope, dimension, kind = key
        ja, jb, human, contexts = (list(column) for column in zip(*buckets[key], strict=True))
        scale = Scale(kind)
        paired = compare_paired(ja, jb, human, contexts, scale, seed=seed, resamples=resamples)
        rows = {name: agreement_row(values, human, scale, seed=seed,
                                    resamples=resamples).to_json()
                for name, values in ((a, ja), (b, jb))}
        out.append({"scope": scope, "dimension": dimension, "n": paired["n"], "judges": rows,
                    "delta": paired["delta"], "delta_ci": paired["delta_ci"],
                    "mcnemar_p": paired["mcnemar_p"]})
    return out
