"""The PRBench report as text: JSON, Markdown, CSV, and the terminal table's blocks.

JSON, one run under one policy (DESIGN section 12): `{"benchmark": "prbench", "policy", "splits":
{<split>: {"n_samples", "n", "n_excluded", "excluded", "raw_mean_clipped", "mean_clipped",
"mean_normalized", "samples": {<task>: {"points", "pos", "neg", "clipped", "normalized",
"criteria_met", "rubric_count"}}}}}`. Without a policy, both, each under its name:
`{"benchmark": "prbench", "policies": {<policy>: {"policy", "splits"}}}`. Several runs:
`{"benchmark": "prbench", "runs": {<run>: <that object without "benchmark">}}`. Every split
apart; no total across overlapping splits. Markdown and the table name each policy and what
it does with a failed judge call; CSV is one row per (run, policy, split).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from anser_tui.benchmarks.base import TableBlock
from anser_tui.benchmarks.prbench.scores import POLICIES, POLICY_NOTES, POLICY_TITLES, SplitRow
from anser_tui.scoring.cells import number

RunRows = tuple[str, Sequence[SplitRow]]
SUMMARY = ("n_samples", "n", "n_excluded", "mean_clipped", "raw_mean_clipped",
           "mean_normalized")


def _policies(policy: str | None) -> tuple[str, ...]:
    if policy is None:
        return POLICIES
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}")
    return (policy,)


def _under(rows: Sequence[SplitRow], policy: str) -> dict[str, Any]:
    return {"policy": policy,
            "splits": {r.split: r.as_json() for r in rows if r.policy == policy}}


def report_json(runs: Sequence[RunRows], policy: str | None) -> dict[str, Any]:
    def one(rows: Sequence[SplitRow]) -> dict[str, Any]:
        if policy is not None:
            return _under(rows, _policies(policy)[0])
        return {"policies": {p: _under(rows, p) for p in POLICIES}}

    if len(runs) == 1:
        return {"benchmark": "prbench", **one(runs[0][1])}
    return {"benchmark": "prbench", "runs": {run: one(rows) for run, rows in runs}}


def _value(row: SplitRow, name: str) -> str:
    value = row.as_json()[name]
    if isinstance(value, int):
        return str(value)
    return number(value if isinstance(value, float) else None)


def table_blocks(runs: Sequence[RunRows], policy: str | None = None) -> list[TableBlock]:
    """Per run and policy: the splits across, the summary figures down."""
    blocks = []
    for run, rows in runs:
        for name in _policies(policy):
            chosen = [r for r in rows if r.policy == name]
            body = tuple((figure, *(_value(r, figure) for r in chosen)) for figure in SUMMARY)
            notes = (POLICY_NOTES[name], *(f"excluded from {r.split}: {', '.join(r.excluded)}"
                                           for r in chosen if r.excluded))
            blocks.append(TableBlock(run, POLICY_TITLES[name], tuple(r.split for r in chosen),
                                     body, notes, head_rows=3))
    return blocks


def _markdown(runs: Sequence[RunRows], policy: str | None) -> str:
    lines: list[str] = []
    for run, rows in runs:
        lines += [f"## Run {run}", ""]
        for name in _policies(policy):
            lines += [f"### {POLICY_NOTES[name][0].upper()}{POLICY_NOTES[name][1:]}", "",
                      "| split | " + " | ".join(SUMMARY) + " | excluded |",
                      "|" + "---|" * (len(SUMMARY) + 2)]
            for row in (r for r in rows if r.policy == name):
                lines.append(f"| {row.split} | " + " | ".join(_value(row, f) for f in SUMMARY)
                             + f" | {', '.join(row.excluded) or '—'} |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _csv(runs: Sequence[RunRows], policy: str | None) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["run", "policy", "split", *SUMMARY, "excluded"])
    for run, rows in runs:
        for row in (r for r in rows if r.policy in _policies(policy)):
            data = row.as_json()
            writer.writerow([run, row.policy, row.split,
                             *("" if data[f] is None else data[f] for f in SUMMARY),
                             " ".join(row.excluded)])
    return out.getvalue()


def render_report(runs: Sequence[RunRows], fmt: str, policy: str | None = None) -> str:
    if fmt == "json":
        return json.dumps(report_json(runs, policy), ensure_ascii=False, indent=2) + "\n"
    if fmt == "md":
        return _markdown(runs, policy)
    if fmt == "csv":
        return _csv(runs, policy)
    raise ValueError(f"unknown report format {fmt!r}")
