"""Answer cells per form: numeric and statistic, choice, structured (DESIGN section 5).

Unparsed answers score as DESIGN fixes: SMAPE 200, Accuracy@10% 0, Accuracy 0, Relation and Rule
Accuracy 0 (missing), and no value for MAE, MAE(log OR), MAE(median difference), which average
only the tasks that have one. A ground truth the scorer cannot read gives "not computed".
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from anser_tui.benchmarks.anser import groups as m
from anser_tui.scoring.answer_metrics import (
    UNPARSED_SMAPE,
    abs_error,
    choice_accuracy,
    log_ratio_error,
    smape,
    within_10_percent,
)
from anser_tui.scoring.cells import Cell
from anser_tui.scoring.choices import kind_of, parse_choice
from anser_tui.scoring.evidence_metrics import (
    precision_at,
    r_precision,
    recall_at,
    reciprocal_rank,
    set_prf,
)
from anser_tui.scoring.numbers import Parsed, parse_number
from anser_tui.scoring.structured import (
    MEDIAN_DIFFERENCE,
    ODDS_RATIO,
    OPTION,
    RULE,
    VALUE,
    field,
    find_object,
    number_field,
    text_field,
)


def answer_text(value: Any) -> str:
    """An answer or ground truth as text: strings as they are, anything else as JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def number_cells(answer: Any, truth: Any, metrics: tuple[str, ...]) -> dict[str, Cell]:
    """SMAPE (numeric), or MAE and Accuracy@10% (statistic)."""
    gt = parse_number(truth)
    if not gt.ok:
        return {n: Cell(None, "not computed: the ground truth has no number") for n in metrics}
    got = parse_number(answer)
    g, p = gt.value, got.value
    out: dict[str, Cell] = {}
    for name in metrics:
        if name == m.SMAPE:
            out[name] = Cell(smape(p, g) if got.ok else UNPARSED_SMAPE, got.detail)
        elif name == m.MAE:
            out[name] = Cell(abs_error(p, g) if got.ok else None, got.detail)
        elif name == m.ACC10:
            out[name] = Cell(within_10_percent(p, g) if got.ok else 0.0, got.detail)
    return out


def choice_cells(answer: Any, truth: Any) -> dict[str, Cell]:
    """Accuracy: option-letter sets or judgment polarities equal."""
    gt = parse_choice(truth)
    if not gt.ok:
        return {m.ACCURACY: Cell(None, "not computed: the ground truth has no option letter "
                                       "or judgment word")}
    got = parse_choice(answer, prefer=kind_of(gt))
    return {m.ACCURACY: Cell(choice_accuracy(got, gt), got.detail)}


def _option(obj: dict[str, Any] | None) -> str | None:
    present, value = field(obj, OPTION)
    if not present or value is None:
        return None
    parsed = parse_choice(value)
    if parsed.ok:
        return parsed.text.split(" ")[0]
    return text_field(obj, OPTION)


def _relation(got: dict[str, Any] | None, truth: dict[str, Any] | None) -> Cell:
    expected = _option(truth)
    if expected is None:
        return Cell(None, "not computed: the ground truth has no option")
    if got is None:
        return Cell(0.0, "no JSON object in the answer (scored 0)")
    option = _option(got)
    if option is None:
        return Cell(0.0, "option missing (scored 0)")
    return Cell(1.0 if option == expected else 0.0, f"parsed: option {option}")


def _value_cell(got: dict[str, Any] | None, truth: dict[str, Any] | None,
                aliases: tuple[str, ...], label: str, positive: bool) -> Cell:
    if not field(truth, aliases)[0]:
        return Cell(None, f"n/a: the ground truth has no {label}")
    gt = number_field(truth, aliases, label)
    if not gt.ok or (positive and gt.value <= 0):
        return Cell(None, f"not computed: the ground truth's {label} is not a "
                          f"{'positive ' if positive else ''}number")
    parsed = number_field(got, aliases, label) if got is not None else Parsed.failed(
        "no JSON object in the answer")
    if not parsed.ok:
        return Cell(None, parsed.detail)
    if positive and parsed.value <= 0:
        return Cell(None, f"unparsed: {label} {parsed.text} is not positive")
    error = log_ratio_error(parsed.value, gt.value) if positive else abs_error(
        parsed.value, gt.value)
    return Cell(error, f"parsed: {label} {parsed.text}")


def _rule(got: dict[str, Any] | None, truth: dict[str, Any] | None) -> Cell:
    expected = text_field(truth, RULE)
    if expected is None:
        return Cell(None, "not computed: the ground truth has no rule id")
    rule = text_field(got, RULE)
    if rule is None:
        return Cell(0.0, "rule id missing (scored 0)")
    return Cell(1.0 if rule == expected else 0.0, f"parsed: rule {rule}")


def _audit_value(got: dict[str, Any] | None, truth: dict[str, Any] | None) -> Cell:
    gt = number_field(truth, VALUE, "value")
    if not gt.ok:
        return Cell(None, "not computed: the ground truth has no value")
    parsed = number_field(got, VALUE, "value") if got is not None else Parsed.failed(
        "no JSON object in the answer")
    if not parsed.ok:
        return Cell(UNPARSED_SMAPE, parsed.detail)
    return Cell(smape(parsed.value, gt.value), f"parsed: value {parsed.text}")


def structured_cells(answer: Any, truth: Any, metrics: tuple[str, ...]) -> dict[str, Cell]:
    """Relation Accuracy, MAE(log OR), MAE(median difference); Rule Accuracy and SMAPE."""
    got, _ = find_object(answer)
    gt, _ = find_object(truth)
    out: dict[str, Cell] = {}
    for name in metrics:
        if name == m.RELATION_ACCURACY:
            out[name] = _relation(got, gt)
        elif name == m.MAE_LOG_OR:
            out[name] = _value_cell(got, gt, ODDS_RATIO, "odds ratio", positive=True)
        elif name == m.MAE_MEDIAN_DIFF:
            out[name] = _value_cell(got, gt, MEDIAN_DIFFERENCE, "median difference",
                                    positive=False)
        elif name == m.RULE_ACCURACY:
            out[name] = _rule(got, gt)
        elif name == m.SMAPE:
            out[name] = _audit_value(got, gt)
    return out


_NO_GOLD = "not computed: the task has no gold evidence"


def evidence_values(names: Sequence[str], ranked: Sequence[str], gold: Sequence[str]
                    ) -> dict[str, tuple[float | None, str | None]]:
    """The named evidence metrics of one task as {name: (value, detail)}."""
    out: dict[str, tuple[float | None, str | None]] = {}
    if m.SET_P in names or m.SET_R in names or m.SET_F1 in names:
        p, r, f = set_prf(ranked, gold)
        out.update({m.SET_P: (p, None), m.SET_R: (r, None), m.SET_F1: (f, None)})
    ranked_metrics: dict[str, Callable[[], float | None]] = {
        m.RECALL_5: lambda: recall_at(ranked, gold),
        m.PRECISION_5: lambda: precision_at(ranked, gold),
        m.R_PRECISION: lambda: r_precision(ranked, gold),
        m.MRR: lambda: reciprocal_rank(ranked, gold),
    }
    for name in names:
        if name in ranked_metrics:
            value = ranked_metrics[name]()
            out[name] = (value, None if value is not None else _NO_GOLD)
    return {n: out[n] for n in names if n in out}
