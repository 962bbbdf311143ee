"""The group report as text: Markdown, JSON or CSV, and the blocks of the terminal table.

Markdown prints one table per group, a row per (group, form) with all the group's metric columns;
the terminal table shows the same cells turned a quarter (metrics down, the group's forms across)
so that it fits a terminal. Both list the reasons behind "not computed" cells. JSON keeps every
row with its notes; CSV is one flat table over the union of the groups' columns, nested values
spread over named columns. "–" marks a column the form does not use, "—" a row with no data.
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
_JUDGE_KEYS = ("judge", "adjudicated", "left_out")
_NESTED = {m.LLM_JUDGE: _JUDGE_KEYS, m.LATENCY: _LATENCY_KEYS, m.TOKEN_USAGE: _TOKEN_KEYS}


def cell_text(row: GroupRow, name: str) -> str:
    value = row.metrics.get(name)
    if value is None:
        note = row.notes.get(name, "")
        return "–" if note == NOT_FOR_FORM else (
            "not computed" if note.startswith("not computed") else "—")
    if name == m.LLM_JUDGE:
        text = f"judge {number(value['judge'])} / adj {number(value['adjudicated'])}"
        return text + (f" ({value['left_out']} left out)" if value["left_out"] else "")
    if name == m.LATENCY:
        return " / ".join(number(value[k]) for k in _LATENCY_KEYS) + " s"
    if name == m.TOKEN_USAGE:
        return (f"{number(value['input_mean'])} / {number(value['output_mean'])} / "
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
    """The report as the terminal table lays it out: per group, metrics down, forms across
    (n and n_unparsed first)."""
    blocks = []
    for run, rows in runs:
        for group, group_rows in _by_group(rows).items():
            body = [("n", *(str(r.n) for r in group_rows)),
                    ("n_unparsed", *(str(r.n_unparsed) for r in group_rows))]
            body += [(_header(name), *(cell_text(r, name) for r in group_rows))
                     for name in GROUPS_BY_NAME[group].metric_columns]
            blocks.append(TableBlock(run, group, tuple(r.form.value for r in group_rows),
                                     tuple(body), tuple(_notes(group_rows))))
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
