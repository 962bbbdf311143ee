"""The review screen's `/` filter: which queue items `n`, `p` and the jumps stop at.

It narrows navigation only; the stored queue never changes. Every condition given must hold:
the task's group and form (any of those listed), the item's status in the session (undecided:
neither decided nor skipped), the judge's score within a range (its rubric's own scale, say
0-100), one metric against a threshold (`<metric> >= 0.8`), flagged, and judge and
metrics disagreeing (`review.disagreement`). An item lacking the judge score or the metric
a condition asks about does not match it.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from anser_tui.review.item_facts import ItemFacts
from anser_tui.workspace.decisions import ItemState

_OPS: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt, "=": operator.eq}
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)"
_CONDITION = re.compile(rf"^\s*(?P<name>[^<>=]+?)\s*(?P<op><=|>=|<|>|=)\s*(?P<value>{_NUMBER})\s*$")
_RANGE = re.compile(r"^\s*(?P<low>\d+\.?\d*|\.\d+)?\s*-\s*(?P<high>\d+\.?\d*|\.\d+)?\s*$")


@dataclass(frozen=True)
class Vocabulary:
    """The values a filter may name (empty: anything goes)."""

    groups: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    metrics: tuple[str, ...] = ()


def _listed(what: str, text: str, known: tuple[str, ...]) -> tuple[str, ...]:
    values = tuple(v.strip() for v in text.split(",") if v.strip())
    unknown = [v for v in values if known and v not in known]
    if unknown:
        raise ValueError(f"{what} {unknown[0]!r}: none of that name (e.g. "
                         f"{', '.join(known[:4])})")
    return values


def _judge_range(text: str) -> tuple[float | None, float | None]:
    if not text.strip():
        return None, None
    found = _RANGE.match(text)
    if found is None or (found["low"] is None and found["high"] is None):
        raise ValueError(f"judge score {text.strip()!r}: write LOW-HIGH, LOW- or -HIGH, "
                         "e.g. 40-80")
    low = None if found["low"] is None else float(found["low"])
    high = None if found["high"] is None else float(found["high"])
    if low is not None and high is not None and low > high:
        raise ValueError(f"judge score {text.strip()!r}: the low end is above the high end")
    return low, high


class Status(StrEnum):
    UNDECIDED = "undecided"  # neither decided nor skipped
    DECIDED = "decided"
    SKIPPED = "skipped"

    def holds(self, state: ItemState) -> bool:
        if self is Status.DECIDED:
            return state.decided
        if self is Status.SKIPPED:
            return state.skipped
        return not state.settled


@dataclass(frozen=True)
class MetricCondition:
    name: str
    op: str
    value: float

    @classmethod
    def parse(cls, text: str) -> MetricCondition:
        """`NAME OP VALUE`, OP one of < <= > >= =; ValueError when it is not that."""
        found = _CONDITION.match(text)
        if found is None:
            raise ValueError(f"metric {text.strip()!r}: write NAME OP VALUE, e.g. "
                             "BERTScore-F1 >= 0.8")
        return cls(found["name"], found["op"], float(found["value"]))

    def holds(self, metrics: Mapping[str, float | None]) -> bool:
        value = metrics.get(self.name)
        return value is not None and _OPS[self.op](value, self.value)

    def __str__(self) -> str:
        return f"{self.name} {self.op} {self.value:g}"


@dataclass(frozen=True)
class ItemFilter:
    groups: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    status: Status | None = None
    judge_min: float | None = None
    judge_max: float | None = None
    metric: MetricCondition | None = None
    flagged: bool = False
    disagreement: bool = False

    @classmethod
    def from_fields(cls, groups: str = "", forms: str = "", status: str = "", judge: str = "",
                    metric: str = "", flagged: bool = False, disagreement: bool = False,
                    known: Vocabulary | None = None) -> ItemFilter:
        """From the filter form's fields (lists comma-separated; judge `40-80`, `80-`, `-40`);
        ValueError naming the field that does not read, or a value `known` does not have."""
        known = known or Vocabulary()
        low, high = _judge_range(judge)
        condition = MetricCondition.parse(metric) if metric.strip() else None
        if condition is not None and known.metrics and condition.name not in known.metrics:
            raise ValueError(f"metric {condition.name!r}: none of that name (e.g. "
                             f"{', '.join(known.metrics[:4])})")
        status = status.strip().lower()
        if status and status not in set(Status):
            raise ValueError(f"status {status!r}: one of {', '.join(Status)}")
        return cls(groups=_listed("group", groups, known.groups),
                   forms=_listed("form", forms, known.forms),
                   status=Status(status) if status else None, judge_min=low, judge_max=high,
                   metric=condition, flagged=flagged, disagreement=disagreement)

    def fields(self) -> dict[str, str]:
        """The text fields of the form that gives this filter (`from_fields`' arguments)."""
        low = "" if self.judge_min is None else f"{self.judge_min:g}"
        high = "" if self.judge_max is None else f"{self.judge_max:g}"
        return {"groups": ",".join(self.groups), "forms": ",".join(self.forms),
                "status": self.status.value if self.status else "",
                "judge": f"{low}-{high}" if low or high else "",
                "metric": str(self.metric) if self.metric else ""}

    @property
    def active(self) -> bool:
        return self != ItemFilter()

    def matches(self, facts: ItemFacts, state: ItemState) -> bool:
        score = facts.judge_score
        return ((not self.groups or facts.group in self.groups)
                and (not self.forms or facts.form in self.forms)
                and (self.status is None or self.status.holds(state))
                and (self.judge_min is None or (score is not None and score >= self.judge_min))
                and (self.judge_max is None or (score is not None and score <= self.judge_max))
                and (self.metric is None or self.metric.holds(facts.metrics))
                and (not self.flagged or state.flagged)
                and (not self.disagreement or facts.disagreement.flagged))

    def describe(self) -> str:
        """One line, e.g. "group legal_zh_prescriptive · undecided · judge 0-50 · flagged";
        "" when nothing is filtered."""
        parts = []
        if self.groups:
            parts.append(f"group {','.join(self.groups)}")
        if self.forms:
            parts.append(f"form {','.join(self.forms)}")
        if self.status is not None:
            parts.append(self.status.value)
        if self.judge_min is not None or self.judge_max is not None:
            low = "" if self.judge_min is None else f"{self.judge_min:g}"
            high = "" if self.judge_max is None else f"{self.judge_max:g}"
            parts.append(f"judge {low}-{high}")
        if self.metric is not None:
            parts.append(str(self.metric))
        if self.flagged:
            parts.append("flagged")
        if self.disagreement:
            parts.append("disagreement")
        return " · ".join(parts)
