"""The demo's building blocks: a task, the demo system's response to it, the recorded judge."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from anser_tui.benchmarks.anser.groups import GROUPS_BY_NAME, FormRange

JudgeShape = Literal["text", "fenced", "object", "truncated"]


@dataclass(frozen=True)
class Retrieval:
    """How the demo system ranks evidence for one task, relative to the task's gold list."""

    keep: int | None = None  # gold ids kept, in gold order (None: all of them)
    lead: int = 0  # corpus ids outside the gold list ranked before the kept gold ids
    trail: int = 0  # corpus ids outside the gold list ranked after them
    duplicate: bool = False  # the first kept gold id is listed a second time
    extra: tuple[str | int, ...] = ()  # appended as given: unknown ids, other key spaces, leaks


NO_EVIDENCE = Retrieval(keep=0)


@dataclass(frozen=True)
class JudgeMarks:
    """One recorded judge output: 0-4 dimension marks in the prompt's order, and a reason."""

    dims: tuple[int, ...]
    reason: str
    reported: int | None = None  # a score_0_100 that disagrees with the dimensions
    shape: JudgeShape = "text"


@dataclass(frozen=True)
class Response:
    """What the demo system answered for one task, and what the judge made of it."""

    answer: Any
    retrieval: Retrieval = Retrieval()
    judge: JudgeMarks | None = None
    logged: bool = True  # False: no reproducibility-log record for this task


@dataclass(frozen=True)
class DemoTask:
    """One benchmark task and the demo system's response (None: missing from the run)."""

    id: str
    type: str | None
    query: str
    instruction: str
    ground_truth: Any
    evidence: list[Any]
    response: Response | None

    def record(self) -> dict[str, Any]:
        """The task as it stands in its benchmark file."""
        return {
            "id": self.id,
            "type": self.type,
            "query": self.query,
            "instruction": self.instruction,
            "ground_truth": self.ground_truth,
            "evidence": self.evidence,
        }


def task_id(group: str, number: int) -> str:
    """A task id: the group name and the question number, e.g. finance_zh_descriptive_13."""
    return f"{group}_{number}"


def task_range(task_id: str) -> FormRange:
    """The app's form range of a demo task, by its group and question number: its form,
    evidence key space and judge rubric."""
    group, number = task_id.rsplit("_", 1)
    found = GROUPS_BY_NAME[group].range_for(int(number))
    if found is None:
        raise KeyError(f"{task_id} is outside {group}'s ranges")
    return found


def letters(options: list[bool]) -> str:
    """The option letters (A, B, ...) of the options that are true, e.g. "AC"."""
    return "".join(chr(ord("A") + i) for i, ok in enumerate(options) if ok)


def letter_of(index: int) -> str:
    """The option letter of a 0-based option index."""
    return chr(ord("A") + index)
