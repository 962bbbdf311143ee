"""The AA-LCR report: accuracy per dataset version, never across versions.

Each current judgment counts under the version it records (the answer keys it was judged
against). Per version: `n` judged questions, `n_correct` CORRECT verdicts, `accuracy` =
n_correct / n, `accuracy_excluding_parse_failures` = n_correct / (n - parse failures),
`parse_failures` the questions with no verdict (a reply that did not read as CORRECT or
INCORRECT, or none at all: a transport error), `verdicts` {question: "CORRECT" | "INCORRECT" |
null}. JSON (DESIGN section 12): `{"benchmark": "aalcr", "versions": {<v>: {...}}}`; several
runs: `{"benchmark": "aalcr", "runs": {<run>: {"versions": ...}}}`. The judge's verdicts; human
review feeds calibration, not this report.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from anser_tui.benchmarks.aalcr.verdicts import VERDICT
from anser_tui.benchmarks.base import TableBlock
from anser_tui.scoring.cells import number
from anser_tui.workspace.records import Judgment, JudgmentStatus

UNKNOWN = "unknown"  # a judgment that records no version (none is written so)
SUMMARY = ("n", "n_correct", "accuracy", "accuracy_excluding_parse_failures")


@dataclass(frozen=True)
class VersionRow:
    version: str
    verdicts: dict[str, str | None] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.verdicts)

    @property
    def n_correct(self) -> int:
        return sum(v == "CORRECT" for v in self.verdicts.values())

    @property
    def parse_failures(self) -> list[str]:
        return [q for q, v in self.verdicts.items() if v is None]

    def as_json(self) -> dict[str, Any]:
        read = self.n - len(self.parse_failures)
        return {"n": self.n, "n_correct": self.n_correct,
                "accuracy": self.n_correct / self.n if self.n else None,
                "accuracy_excluding_parse_failures": self.n_correct / read if read else None,
                "parse_failures": self.parse_failures, "verdicts": dict(self.verdicts)}


def verdict_of(judgment: Judgment) -> str | None:
    mark = judgment.marks.get(VERDICT)
    if judgment.status is not JudgmentStatus.OK or mark is None:
        return None
    return "CORRECT" if mark else "INCORRECT"


def build_rows(task_ids: Sequence[str], judgments: Mapping[str, Judgment]) -> list[VersionRow]:
    """A row per version found, in version order; questions in task order."""
    rows: dict[str, VersionRow] = {}
    for task_id in task_ids:
        judgment = judgments.get(task_id)
        if judgment is not None:
            version = judgment.dataset_version or UNKNOWN
            row = rows.setdefault(version, VersionRow(version))
            row.verdicts[task_id] = verdict_of(judgment)
    return [rows[v] for v in sorted(rows)]


RunRows = tuple[str, Sequence[VersionRow]]


def _versions(rows: Sequence[VersionRow]) -> dict[str, Any]:
    return {"versions": {r.version: r.as_json() for r in rows}}


def _cell(row: VersionRow, name: str) -> str:
    value = row.as_json()[name]
    return "—" if value is None else str(value) if isinstance(value, int) else number(value)


def table_blocks(runs: Sequence[RunRows]) -> list[TableBlock]:
    blocks = []
    for run, rows in runs:
        body = tuple((name, *(_cell(r, name) for r in rows)) for name in SUMMARY)
        notes = tuple(f"v{r.version}: no verdict for {', '.join(r.parse_failures)}"
                      for r in rows if r.parse_failures)
        blocks.append(TableBlock(run, "AA-LCR accuracy by dataset version",
                                 tuple(r.version for r in rows), body, notes, head_rows=2))
    return blocks


def render_report(runs: Sequence[RunRows], fmt: str) -> str:
    if fmt == "json":
        data: dict[str, Any] = ({"benchmark": "aalcr", **_versions(runs[0][1])}
                                if len(runs) == 1 else
                                {"benchmark": "aalcr",
                                 "runs": {run: _versions(rows) for run, rows in runs}})
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["run", "version", *SUMMARY, "parse_failures"])
        for run, rows in runs:
            for r in rows:
                data = r.as_json()
                writer.writerow([run, r.version, *("" if data[k] is None else data[k]
                                                   for k in SUMMARY), " ".join(r.parse_failures)])
        return out.getvalue()
    if fmt == "md":
        lines: list[str] = []
        for run, rows in runs:
            lines += [f"## Run {run}", "", "| version | " + " | ".join(SUMMARY)
                      + " | parse failures |", "|" + "---|" * (len(SUMMARY) + 2)]
            lines += [f"| {r.version} | " + " | ".join(_cell(r, k) for k in SUMMARY)
                      + f" | {', '.join(r.parse_failures) or '—'} |" for r in rows]
            lines.append("")
        return "\n".join(lines).rstrip() + "\n"
    raise ValueError(f"unknown report format {fmt!r}")
