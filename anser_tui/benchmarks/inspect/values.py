"""A scorer's values, their kind, and the marks and rubric they become.

Kinds, from the values a scorer gave across the log (unscored samples left out): `grade` for
Inspect's letters C, P, I, N; `binary` for booleans; `number` for other numbers. A dict value
is one criterion per key, each key its own kind (a key whose values are of several kinds, or
none of these, is kept in the Score but is no criterion). Marks are in the scorer's own value
space, as the workspace's rubric kinds allow (DESIGN 14): a grade is marked by its letter ("I",
never a code), a number by itself, a boolean as 1 / 0 (the binary kind's mark). A grade counts
as Inspect's value_to_float counts it (C 1, P 0.5, I and N 0), a number as its place in the
criterion's range: the range of the values seen, or the one the `range` option states
(`LOW:HIGH`, which must hold every value seen). One number seen alone gives no range: the
option must say it.

The rubric: booleans alone keep the binary aggregates (one verdict, or the points of the met
keys over their number); anything else is the 0-100 mean of the criteria's fractions (grades
alone: 100 times the mean of value_to_float). A human mark goes back into the Score as the
scorer's own value (`value_of`: "I", False, 0.75).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.workspace.rubric import (
    Aggregate,
    Criterion,
    CriterionKind,
    Level,
    Mark,
    Rubric,
    is_number,
)

GRADE, BINARY, NUMBER = "grade", "binary", "number"
LEVELS = (Level(mark="C", label="correct", value=1.0), Level(mark="P", label="partial", value=0.5),
          Level(mark="I", label="incorrect", value=0.0),
          Level(mark="N", label="no answer", value=0.0))  # Inspect's value_to_float
GRADE_NOTE = "Inspect grade: C correct, P partial, I incorrect, N no answer (typed 1-4)"
KINDS = {GRADE: CriterionKind.GRADE, BINARY: CriterionKind.BINARY, NUMBER: CriterionKind.NUMBER}


def kind_of(values: Iterable[Any]) -> str | None:
    """The kind all `values` share; None when they are of several kinds or of none."""
    kinds = set()
    for value in values:
        if isinstance(value, bool):
            kinds.add(BINARY)
        elif isinstance(value, str) and any(lv.mark == value for lv in LEVELS):
            kinds.add(GRADE)
        elif is_number(value):
            kinds.add(NUMBER)
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def parse_range(text: str) -> tuple[float, float]:
    """`LOW:HIGH` as two numbers, LOW below HIGH; InputError otherwise."""
    low, colon, high = text.partition(":")
    try:
        bounds = (float(low), float(high)) if colon else None
    except ValueError:
        bounds = None
    if bounds is None or not bounds[0] < bounds[1]:
        raise InputError(f"--range {text!r} is not LOW:HIGH with LOW below HIGH (e.g. 0:1)")
    return bounds


def scorer_spec(scorer: str, values: list[Any]) -> dict[str, Any]:
    """What the task remembers of its scorer: its name, whether its values are dicts, the
    kind of each criterion (`{key: kind}`; the scorer's own name for a plain value) and each
    number's range (`{key: [low, high]}`, the values seen until `with_range` settles it)."""
    dicts = bool(values) and all(isinstance(v, dict) for v in values)
    columns = ({k: [v[k] for v in values if k in v] for k in dict.fromkeys(
        k for v in values for k in v)} if dicts else {scorer: values})
    kinds = {k: kind_of(seen) for k, seen in columns.items()}
    ranges = {k: [float(min(columns[k])), float(max(columns[k]))]
              for k, kind in kinds.items() if kind == NUMBER}
    return {"scorer": scorer, "dict": dicts, "kinds": kinds, "ranges": ranges}


def with_range(spec: dict[str, Any], given: tuple[float, float] | None) -> dict[str, Any]:
    """The reviewed scorer's spec with each number's range settled: the one `given` (which
    must hold every value seen), else the values seen (which must not all be one value)."""
    name = spec["scorer"]
    if given is not None and not spec["ranges"]:
        raise InputError(f"--range: scorer {name!r} gives no numbers")
    ranges = {}
    for key, (low, high) in spec["ranges"].items():
        if given is not None and (low < given[0] or high > given[1]):
            raise InputError(f"scorer {name!r} gives {key!r} values {low:g}..{high:g}, "
                             f"outside --range {given[0]:g}:{given[1]:g}")
        if given is None and low == high:
            raise InputError(f"every value scorer {name!r} gives {key!r} is {low:g}, which "
                             "makes no range: state its scale with --range LOW:HIGH")
        ranges[key] = list(given) if given is not None else [low, high]
    return {**spec, "ranges": ranges}


def criteria_keys(spec: Mapping[str, Any]) -> list[str]:
    return [k for k, kind in spec["kinds"].items() if kind in KINDS]


def spec_problem(spec: Mapping[str, Any]) -> str | None:
    """Why the scorer cannot be reviewed here, or None."""
    if not criteria_keys(spec):
        return "its values are not grades (C, P, I, N), booleans or numbers"
    return None


def numbers_only(spec: Mapping[str, Any]) -> bool:
    """Every criterion of the scorer is a number (the default choice prefers others)."""
    return all(spec["kinds"][k] == NUMBER for k in criteria_keys(spec))


def _criterion(spec: Mapping[str, Any], key: str) -> Criterion:
    kind = KINDS[spec["kinds"][key]]
    label = spec["scorer"] if not spec["dict"] else f"{spec['scorer']}: {key}"
    low, high = spec.get("ranges", {}).get(key, (None, None))
    keys = criteria_keys(spec)
    binary_only = all(spec["kinds"][k] == BINARY for k in keys)
    return Criterion(
        key=key, label=label, kind=kind, weight=1.0 if binary_only else 1.0 / len(keys),
        description=(GRADE_NOTE if kind is CriterionKind.GRADE else
                     f"a number, {low:g}..{high:g}" if kind is CriterionKind.NUMBER else None),
        levels=LEVELS if kind is CriterionKind.GRADE else (), low=low, high=high)


def rubric_of(spec: Mapping[str, Any]) -> Rubric:
    keys = criteria_keys(spec)
    criteria = tuple(_criterion(spec, key) for key in keys)
    binary_only = all(c.kind is CriterionKind.BINARY for c in criteria)
    aggregate = (Aggregate.WEIGHTED_0_100 if not binary_only else
                 Aggregate.BINARY_VERDICT if len(keys) == 1 else Aggregate.POINTS_OVER_POSITIVE)
    return Rubric(id=f"inspect:{spec['scorer']}", label=f"Inspect scorer {spec['scorer']}",
                  criteria=criteria, aggregate=aggregate)


def marks_of(spec: Mapping[str, Any], value: Any) -> dict[str, Mark] | None:
    """The marks a Score's value gives; None when it is not of the scorer's kinds (or a
    number is outside its criterion's range)."""
    values = value if spec["dict"] else {spec["scorer"]: value}
    if not isinstance(values, dict):
        return None
    marks: dict[str, Mark] = {}
    for criterion in rubric_of(spec).criteria:
        item = values.get(criterion.key)
        binary = criterion.kind is CriterionKind.BINARY
        if isinstance(item, bool) is not binary or not isinstance(item, int | float | str) \
                or not criterion.valid(item):
            return None
        marks[criterion.key] = int(item) if binary else item
    return marks


def value_of(spec: Mapping[str, Any], marks: Mapping[str, Mark], original: Any) -> Any:
    """The Score value a human's marks stand for, in the scorer's value space (keys of a dict
    value that are no criterion kept from `original`); None when a mark is missing or has
    no value there."""
    values: dict[str, Any] = {}
    for criterion in rubric_of(spec).criteria:
        mark = marks.get(criterion.key)
        if mark is None or not criterion.valid(mark):
            return None
        values[criterion.key] = bool(mark) if criterion.kind is CriterionKind.BINARY else mark
    if not spec["dict"]:
        return values[spec["scorer"]]
    return {**(original if isinstance(original, dict) else {}), **values}
