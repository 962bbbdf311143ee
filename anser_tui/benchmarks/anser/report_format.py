"""The group report as text: Markdown, JSON or CSV, and the blocks of the terminal table.

Markdown and the terminal table print one table per group, a row per (group, form) with `n`,
`n_unparsed` and all the group's metric columns (the terminal table stacks a nested cell's
parts on lines of their own, so that the columns stay narrow). Both list the reasons behind
"not computed" cells. JSON keeps every row with its notes; CSV is one flat table over the union
of the groups' columns, nested values spread over named columns. The LLM Judge cell gives the
judge and adjudicated means, `n_reviewed` and `n_in_dispute` in every format. "–" marks a
column the form does not use, "—" a row with no data.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from anser_tui.benchmarks.anser import groups as m
from anser_tui.benchmarks.anser.groups import GROUPS, GROUPS_BY_NAME
from anser_tui.benchmarks.anser.report import NOT_FOR_FORM, GroupRow
from anser_tui.benchmarks.base import TableBlock
from anser_tui.scoring.cells import number

RunRows = tuple[str, Sequence[GroupRow]]
_LATENCY_KEYS = ("mean", "median", "p95")
_TOKEN_KEYS = ("input_mean", "output_mean", "total_mean", "total_sum")
_JUDGE_KEYS = ("judge", "adjudicated", "n_reviewed", "n_in_dispute", "left_out")
_NESTED = {m.LLM_JUDGE: _JUDGE_KEYS, m.LATENCY: _LATENCY_KEYS, m.TOKEN_USAGE: _TOKEN_KEYS}


def _judge_parts(value: dict[str, Any]) -> list[str]:
    parts = [f"judge {number(value['judge'])}", f"adj {number(value['adjudicated'])}",
             f"reviewed {value['n_reviewed']}", f"in dispute {value.get('n_in_dispute', 0)}"]
    return parts + ([f"{value['left_out']} left out"] if value["left_out"] else [])


def cell_text(row: GroupRow, name: str, stacked: bool = False) -> str:
    """A cell as text; `stacked`: a nested cell's parts on lines of their own."""
    value = row.metrics.get(name)
    if value is None:
        note = row.notes.get(name, "")
        return "–" if note == NOT_FOR_FORM else (
            "not computed" if note.startswith("not computed") else "—")
    if name == m.LLM_JUDGE:
        parts = _judge_parts(value)
        if stacked:
            return "\n".join(parts)
        return f"{parts[0]} / {parts[1]} ({', '.join(parts[2:])})"
    sep = "\n" if stacked else " / "
    if name == m.LATENCY:
        return sep.join(number(value[k]) for k in _LATENCY_KEYS) + " s"
    if name == m.TOKEN_USAGE:
        return (f"{number(value['input_mean'])}{sep}{number(value['output_mean'])}{sep}"
                f"{number(value['total_mean'])} (Σ {number(value['total_sum'])})")
    return number(value)


def _header(name: str) -> str:
    if name == m.LATENCY:
        return "Latency mean / median / p95"
    if name == m.TOKEN_USAGE:
        return "Token Usage in / out / total (sum)"
    return name


def _by_group(rows: Sequence[GroupRow]) -> dict[str, list[GroupRow]]:
    out: dict[str, list[GroupRow]] = {}
    for row in rows:
        out.setdefault(row.group, []).append(row)
    return out


def _notes(rows: Sequence[GroupRow]) -> list[str]:
    found = dict.fromkeys(f"{name} ({row.form.value}): {note}" for row in rows
                          for name, note in row.notes.items() if note.startswith("not comp"))
    return list(found)


def table_blocks(runs: Sequence[RunRows]) -> list[TableBlock]:
    """The report as the terminal table lays it out: per group, one row per form with n,
    n_unparsed and the group's metric columns."""
    blocks = []
    for run, rows in runs:
        for group, group_rows in _by_group(rows).items():
            columns = GROUPS_BY_NAME[group].metric_columns
            body = tuple((r.form.value, str(r.n), str(r.n_unparsed),
                          *(cell_text(r, name, stacked=True) for name in columns))
                         for r in group_rows)
            blocks.append(TableBlock(run, group, ("n", "n_unparsed", *map(_header, columns)),
                                     body, tuple(_notes(group_rows)), head_rows=0,
                                     corner="form"))
    return blocks


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _markdown(runs: Sequence[RunRows]) -> str:
    lines: list[str] = []
    for run, rows in runs:
        lines += [f"## Run {_md_cell(run)}", ""]
        for group, group_rows in _by_group(rows).items():
            columns = GROUPS_BY_NAME[group].metric_columns
            heads = ["form", "n", "n_unparsed", *map(_header, columns)]
            lines += [f"### {group}", "", "| " + " | ".join(heads) + " |",
                      "|" + "---|" * len(heads)]
            for row in group_rows:
                cells = [row.form.value, str(row.n), str(row.n_unparsed),
                         *(cell_text(row, c) for c in columns)]
                lines.append("| " + " | ".join(map(_md_cell, cells)) + " |")
            notes = _notes(group_rows)
            lines.append("")
            if notes:
                lines += [*(f"- {_md_cell(n)}" for n in notes), ""]
    return "\n".join(lines).rstrip() + "\n"


def csv_columns() -> list[str]:
    """Every metric column of every group, nested ones spread: `Latency mean`, ..."""
    names = dict.fromkeys(n for g in GROUPS for n in g.metric_columns)
    columns: list[str] = []
    for name in names:
        keys = _NESTED.get(name)
        columns += [f"{name} {k}" for k in keys] if keys else [name]
    return columns


def _csv(runs: Sequence[RunRows]) -> str:
    out = io.StringIO()
    columns = csv_columns()
    writer = csv.DictWriter(out, ["run", "group", "form", "n", "n_unparsed", *columns],
                            lineterminator="\n")
    writer.writeheader()
    for run, rows in runs:
        for row in rows:
            record: dict[str, Any] = {"run": run, "group": row.group, "form": row.form.value,
                                      "n": row.n, "n_unparsed": row.n_unparsed}
            for name, value in row.metrics.items():
                if name in _NESTED:
                    record.update({f"{name} {k}": (value or {}).get(k) for k in _NESTED[name]})
                else:
                    record[name] = value
            writer.writerow({k: ("" if v is None else v) for k, v in record.items()})
    return out.getvalue()


def render_report(runs: Sequence[RunRows], fmt: str) -> str:
    """The report of each (run, rows) as md, json or csv (the table: `table_blocks`)."""
    if fmt == "json":
        return json.dumps({"runs": [{"run": run, "groups": [r.as_json(notes=True) for r in rows]}
                                    for run, rows in runs]}, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return _csv(runs)
    if fmt == "md":
        return _markdown(runs)
    raise ValueError(f"unknown report format {fmt!r}")
