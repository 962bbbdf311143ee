"""A scorer's values, their kind, and the marks and rubric they become.

Kinds, from the values a scorer gave across the log (unscored samples left out): `grade` for
Inspect's letters C, P, I, N; `binary` for booleans; `number` for other numbers. A dict value
is one criterion per key, each key its own kind. The workspace's marks are integers on a
criterion's scale, so a grade is marked on the 0-4 scale as 4 = C, 2 = P, 0 = I (Inspect's
value_to_float times 4; N, no answer, counts 0 like I there) and a boolean as 1 / 0. A human
mark goes back into the scorer's own value space ("I", not 0; False, not 0) when exported.
Numbers cannot be marked on these scales: a number key is kept in the Score but is no
criterion, and a scorer giving numbers only cannot be reviewed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Rubric

GRADE, BINARY, NUMBER = "grade", "binary", "number"
GRADE_FLOAT = {"C": 1.0, "P": 0.5, "I": 0.0, "N": 0.0}  # Inspect's value_to_float
GRADE_MARK = {"C": 4, "P": 2, "I": 0, "N": 0}
MARK_GRADE = {4: "C", 2: "P", 0: "I"}
GRADE_NOTE = "Inspect grade on the 0-4 scale: 4 = C (correct), 2 = P (partial), 0 = I (incorrect)"


def kind_of(values: Iterable[Any]) -> str | None:
    """The kind all `values` share; None when they are of several kinds or of none."""
    kinds = set()
    for value in values:
        if isinstance(value, bool):
            kinds.add(BINARY)
        elif isinstance(value, str) and value in GRADE_FLOAT:
            kinds.add(GRADE)
        elif isinstance(value, int | float):
            kinds.add(NUMBER)
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def scorer_spec(scorer: str, values: list[Any]) -> dict[str, Any]:
    """What the task remembers of its scorer: its name, whether its values are dicts, and
    the kind of each criterion (`{key: kind}`; the scorer's own name for a plain value)."""
    if values and all(isinstance(v, dict) for v in values):
        keys = list(dict.fromkeys(k for v in values for k in v))
        kinds = {k: kind_of(v[k] for v in values if k in v) for k in keys}
        return {"scorer": scorer, "dict": True, "kinds": kinds}
    return {"scorer": scorer, "dict": False, "kinds": {scorer: kind_of(values)}}


def criteria_keys(spec: Mapping[str, Any]) -> list[str]:
    return [k for k, kind in spec["kinds"].items() if kind in (GRADE, BINARY)]


def spec_problem(spec: Mapping[str, Any]) -> str | None:
    """Why the scorer cannot be reviewed here, or None."""
    keys = criteria_keys(spec)
    if not keys:
        return "its values are not grades (C, P, I, N) or booleans"
    if len({spec["kinds"][k] for k in keys}) > 1:
        return "its dict values mix grades and booleans"
    return None


def rubric_of(spec: Mapping[str, Any]) -> Rubric:
    scorer, keys = spec["scorer"], criteria_keys(spec)
    grade = spec["kinds"][keys[0]] == GRADE
    criteria = tuple(Criterion(
        key=key, label=scorer if not spec["dict"] else f"{scorer}: {key}",
        kind=CriterionKind.SCALE_0_4 if grade else CriterionKind.BINARY,
        weight=1.0 / len(keys) if grade else 1.0, description=GRADE_NOTE if grade else None)
        for key in keys)
    aggregate = (Aggregate.WEIGHTED_0_100 if grade else
                 Aggregate.BINARY_VERDICT if len(keys) == 1 else Aggregate.POINTS_OVER_POSITIVE)
    return Rubric(id=f"inspect:{scorer}", label=f"Inspect scorer {scorer}", criteria=criteria,
                  aggregate=aggregate)


def marks_of(spec: Mapping[str, Any], value: Any) -> dict[str, int] | None:
    """The marks a Score's value gives; None when it is not of the scorer's kinds."""
    values = value if spec["dict"] else {spec["scorer"]: value}
    if not isinstance(values, dict):
        return None
    marks = {}
    for key in criteria_keys(spec):
        item = values.get(key)
        if spec["kinds"][key] == GRADE and isinstance(item, str) and item in GRADE_MARK:
            marks[key] = GRADE_MARK[item]
        elif spec["kinds"][key] == BINARY and isinstance(item, bool):
            marks[key] = int(item)
        else:
            return None
    return marks


def value_of(spec: Mapping[str, Any], marks: Mapping[str, int], original: Any) -> Any:
    """The Score value a human's marks stand for, in the scorer's value space (number keys of
    a dict value kept from `original`); None when a mark has no value there (a grade mark
    of 1 or 3)."""
    values: dict[str, Any] = {}
    for key in criteria_keys(spec):
        mark = marks.get(key)
        if mark is None:
            return None
        if spec["kinds"][key] == GRADE:
            if mark not in MARK_GRADE:
                return None
            values[key] = MARK_GRADE[mark]
        else:
            values[key] = bool(mark)
    if not spec["dict"]:
        return values[spec["scorer"]]
    return {**(original if isinstance(original, dict) else {}), **values}
