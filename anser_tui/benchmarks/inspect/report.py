"""The Inspect report: Inspect's own results for the log as imported, scorer by scorer.

Per score name (a dict-valued scorer reports each key apart, as Inspect does): `n`, the
scored samples (epochs reduced first), and `metrics`, the values Inspect computed and stored
(accuracy, mean, stderr, ...), never recomputed here. JSON (DESIGN section 14):
`{"benchmark": "inspect", "log", "scorers": {<name>: {"scorer", "n", "metrics"}}}`; several
runs: `{"benchmark": "inspect", "runs": {<run>: {"log", "scorers"}}}`.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from anser_tui.benchmarks.base import TableBlock
from anser_tui.benchmarks.inspect.loader import EXTRA_RESULTS
from anser_tui.scoring.cells import number
from anser_tui.workspace.tasks import Task


@dataclass(frozen=True)
class LogResults:
    log: str
    scorers: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        return {"log": self.log, "scorers": self.scorers}


def results_of(tasks: Sequence[Task]) -> LogResults:
    first = next((t for t in tasks if EXTRA_RESULTS in t.extra), None)
    return LogResults(first.source if first else "", first.extra[EXTRA_RESULTS] if first else {})


RunRows = tuple[str, Sequence[LogResults]]


def table_blocks(runs: Sequence[RunRows]) -> list[TableBlock]:
    blocks = []
    for run, rows in runs:
        for row in rows:
            names = tuple(row.scorers)
            metrics = list(dict.fromkeys(m for s in row.scorers.values() for m in s["metrics"]))
            body = (("n", *(str(row.scorers[n]["n"]) for n in names)),
                    *((m, *(number(row.scorers[n]["metrics"].get(m)) for n in names))
                      for m in metrics))
            blocks.append(TableBlock(run, f"Inspect results of {row.log}", names,
                                     tuple(body), (), head_rows=1))
    return blocks


def render_report(runs: Sequence[RunRows], fmt: str) -> str:
    if fmt == "json":
        data: dict[str, Any] = (
            {"benchmark": "inspect", **runs[0][1][0].as_json()} if len(runs) == 1 else
            {"benchmark": "inspect", "runs": {run: rows[0].as_json() for run, rows in runs}})
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["run", "log", "score", "scorer", "n", "metric", "value"])
        for run, rows in runs:
            for row in rows:
                for name, s in row.scorers.items():
                    for metric, value in s["metrics"].items():
                        writer.writerow([run, row.log, name, s["scorer"], s["n"], metric, value])
        return out.getvalue()
    if fmt == "md":
        lines: list[str] = []
        for run, rows in runs:
            for row in rows:
                lines += [f"## Run {run} · {row.log}", "", "| score | n | metric | value |",
                          "|---|---|---|---|"]
                lines += [f"| {name} | {s['n']} | {metric} | {number(value)} |"
                          for name, s in row.scorers.items()
                          for metric, value in s["metrics"].items()]
                lines.append("")
        return "\n".join(lines).rstrip() + "\n"
    raise ValueError(f"unknown report format {fmt!r}")
