"""`calibration --compare A,B` as the terminal table lays it out: a block per scope, a row per
dimension and compared statistic (judge A, judge B, B - A and its 95% interval, McNemar's p)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from anser_tui.benchmarks.base import TableBlock


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _ci(value: Sequence[float] | None) -> str:
    return "-" if value is None else f"[{value[0]:.3f}, {value[1]:.3f}]"


def compare_blocks(entries: list[dict[str, Any]], a: str, b: str) -> list[TableBlock]:
    by_scope: dict[str, list[tuple[str, ...]]] = {}
    for e in entries:
        rows = by_scope.setdefault(e["scope"], [])
        for statistic, delta in e["delta"].items():
            key = "exact_agreement" if statistic == "accuracy" else statistic
            values = [e["judges"][name].get(key) for name in (a, b)]
            rows.append((e["dimension"], str(e["n"]), statistic, *map(_cell, values),
                         _cell(delta), _ci(e["delta_ci"][statistic]), _cell(e["mcnemar_p"])))
    note = (f"delta = {b} - {a} on the items both judged and a human settled; 95% paired "
            "bootstrap intervals resampling contexts")
    return [TableBlock("compare", scope, ("n", "statistic", a, b, "delta", "95% CI",
                                          "McNemar p"), tuple(rows), (note,) if i == 0 else (),
                       head_rows=0, corner="dimension")
            for i, (scope, rows) in enumerate(by_scope.items())]
