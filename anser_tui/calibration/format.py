"""The calibration report as text: the blocks of the terminal table, and Markdown.

Sections: agreement (a table per scope, a row per dimension), corrected scores with the
stopping rule, adjudication counts, inter-reviewer agreement, anchoring, self-consistency.
Numbers are printed with three decimals at most, "—" where a statistic is undefined; an
interval is "[lo, hi]". Confusion matrices are in `--format json` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from anser_tui.benchmarks.base import TableBlock
from anser_tui.calibration.corrected_scores import CorrectedEntry
from anser_tui.calibration.report import CalibrationReport
from anser_tui.scoring.cells import number

_AGREEMENT = ("n", "exact", "within 1", "MAE", "bias [95% CI]", "Pearson", "Spearman",
              "kappa [95% CI]", "alpha")


def _ci(value: Sequence[float] | None) -> str:
    return "—" if not value else f"[{number(value[0])}, {number(value[1])}]"


def _share(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _with_ci(value: float | None, ci: Sequence[float] | None) -> str:
    return number(value) + (f" {_ci(ci)}" if ci else "")


def _agreement_cells(row: dict[str, Any]) -> list[str]:
    kappa = row.get("quadratic_kappa", row.get("kappa"))
    return [str(row["n"]), _share(row["exact_agreement"]), _share(row["within_1_agreement"]),
            number(row["mae"]), _with_ci(row["bias"], row["bias_ci"]),
            number(row["pearson"]), number(row["spearman"]), _with_ci(kappa, row["kappa_ci"]),
            number(row["alpha"])]


def _rates(row: dict[str, Any]) -> list[str]:
    return [_share(row.get("false_positive_rate")), _share(row.get("false_negative_rate"))]


def _agreement_blocks(section: str, rows: list[dict[str, Any]], note: str) -> list[TableBlock]:
    by_scope: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_scope.setdefault(row["scope"], []).append(row)
    blocks: list[TableBlock] = []
    for scope, found in by_scope.items():
        binary = any("false_positive_rate" in r for r in found)
        columns = (*_AGREEMENT, *(("FPR", "FNR") if binary else ()))
        body = tuple((r["dimension"], *_agreement_cells(r), *(_rates(r) if binary else ()))
                     for r in found)
        notes = (note,) if note and not blocks else ()
        blocks.append(TableBlock(section, scope, columns, body, notes, head_rows=0,
                                 corner="dimension"))
    return blocks


def _estimator(c: CorrectedEntry) -> str:
    """E.g. "ppi++ λ 0.248, finite population" (a stratified mean: its strata's lambdas)."""
    r = c.result
    lam = r.lam
    shown = ("; ".join(f"{k} {number(v)}" for k, v in lam.items()) if isinstance(lam, dict)
             else number(lam))
    return (f"{r.method.estimator.value} λ {shown}"
            + (", finite population" if r.method.finite_population else ""))


def _corrected_block(report: CalibrationReport) -> TableBlock:
    body = []
    notes: dict[str, list[str]] = {}
    for c in report.corrected:
        r = c.result
        body.append((c.scope, str(r.n_items), str(r.n_reviewed), number(r.judge_mean),
                     number(r.corrected_mean), _ci(r.ci), "yes" if r.random_sample else "no",
                     "—" if c.reviews_needed is None else str(c.reviews_needed),
                     "—" if r.reviews_to_halve_ci is None else str(r.reviews_to_halve_ci),
                     _estimator(c) if r.corrected_mean is not None else "—"))
        if c.note:
            notes.setdefault(c.note, []).append(c.scope)
    target = number(report.target_width)
    columns = ("n_items", "n_reviewed", "judge mean", "corrected mean", "95% CI",
               "random sample", f"reviews for a {target}-point CI", "reviews to halve CI",
               "estimator")
    return TableBlock("corrected score", "judge mean and human-corrected mean (PPI)", columns,
                      tuple(body), tuple(f"{', '.join(scopes)}: {note}"
                                         for note, scopes in notes.items()),
                      head_rows=0, corner="scope")


def _reviewer_block(report: CalibrationReport) -> TableBlock:
    body = tuple((f"{e['scope']} {e['dimension']}", str(e["n_items"]), str(e["n_reviewers"]),
                  number(e["alpha"]),
                  "; ".join(f"{k} {number(v)}" for k, v in e["pairwise_kappa"].items()) or "—")
                 for e in report.reviewers)
    return TableBlock("between reviewers", "Krippendorff's alpha and pairwise kappa",
                      ("n_items", "n_reviewers", "alpha", "pairwise kappa"), body, (),
                      head_rows=0, corner="scope, dimension")


def _anchoring_block(report: CalibrationReport) -> TableBlock:
    body = tuple((f"{e['scope']} {e['dimension']}", str(e["n"]), str(e["n_moved"]),
                  _share(e["moved_share"]), str(e["n_toward_judge"]),
                  _share(e["toward_judge_share"])) for e in report.anchoring)
    return TableBlock("anchoring", "blind verdicts moved after the reveal",
                      ("n", "moved", "moved share", "toward judge", "toward judge share"), body,
                      (), head_rows=0, corner="scope, dimension")


def _adjudication_block(report: CalibrationReport) -> TableBlock:
    body = tuple((e["scope"], str(e["n_reviewed"]), str(e["n_agreed"]), str(e["n_in_dispute"]),
                  str(e["n_adjudicated"])) for e in report.adjudication)
    return TableBlock("adjudication", "items with a settled human value, and in dispute",
                      ("n_reviewed", "agreed", "in dispute", "adjudicated"), body,
                      ("in dispute: reviewers differ and no adjudicator has decided; the "
                       "report uses the judge's value for them",), head_rows=0, corner="scope")


def table_blocks(report: CalibrationReport) -> list[TableBlock]:
    """The report's sections as terminal tables (each block's `run` names its section)."""
    blocks = _agreement_blocks("judge-human agreement", report.rows,
                               "bias = judge - human; kappa quadratic on 0-4, Cohen's on binary")
    if not blocks:
        blocks = [TableBlock("judge-human agreement", "all", _AGREEMENT, (),
                             ("no (judge, human) pairs yet: review items the judge scored",),
                             head_rows=0, corner="dimension")]
    blocks += [_corrected_block(report), _adjudication_block(report)]
    if report.reviewers:
        blocks.append(_reviewer_block(report))
    if report.anchoring:
        blocks.append(_anchoring_block(report))
    blocks += _agreement_blocks("reviewer self-consistency", report.self_consistency,
                                "the recheck in the judge's place: bias = recheck - first")
    return blocks


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(report: CalibrationReport) -> str:
    lines: list[str] = []
    section: str | None = None
    for block in table_blocks(report):
        if block.run != section:
            section = block.run
            lines += [f"## {section[0].upper()}{section[1:]}", ""]
        heads = [block.corner, *block.columns]
        lines += [f"### {_md(block.title)}", "", "| " + " | ".join(map(_md, heads)) + " |",
                  "|" + "---|" * len(heads)]
        lines += ["| " + " | ".join(map(_md, row)) + " |" for row in block.rows]
        lines.append("")
        lines += [*(f"- {_md(n)}" for n in block.notes), *([""] if block.notes else [])]
    return "\n".join(lines).rstrip() + "\n"
