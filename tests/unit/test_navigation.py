"""The `/` filter, the jumps and task-id completion, below the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from queue_workspace import judged_workspace

from anser_tui.review import ReviewSession
from anser_tui.review.item_filter import ItemFilter, MetricCondition, Status, Vocabulary
from anser_tui.review.navigation import Jump, QueueNavigator, complete_id
from anser_tui.workspace import WorkspaceStore
from anser_tui.workspace.records import DecisionKind

# the default queue: legal_zh_prescriptive_1, _2, finance_zh_descriptive_104, science_en_predictive_1


@pytest.fixture
def navigator(tmp_path: Path) -> QueueNavigator:
    store = WorkspaceStore.open(judged_workspace(tmp_path))
    return QueueNavigator(ReviewSession.open(store, "alice"))


def test_filter_by_group_form_and_metric(navigator: QueueNavigator) -> None:
    navigator.filter = ItemFilter(groups=("legal_zh_prescriptive", "science_en_predictive"))
    assert [navigator.matches(p) for p in range(4)] == [True, True, False, True]
    assert navigator.step(1, 1) == 3 and navigator.step(3, -1) == 1
    assert navigator.step(3, 1) is None and navigator.step(0, -1) is None
    navigator.filter = ItemFilter(metric=MetricCondition.parse("BERTScore-F1 >= 0.7"))
    assert [navigator.matches(p) for p in range(4)] == [True, False, True, False]
    navigator.filter = ItemFilter(forms=("numeric",))
    assert navigator.count() == 0
    assert navigator.count(ItemFilter(forms=("short",))) == 4 and navigator.count() == 0


def test_filter_by_judge_score_and_disagreement(navigator: QueueNavigator) -> None:
    # judge scores 74, 95, none (not judged), none (did not parse)
    navigator.filter = ItemFilter(judge_min=80)
    assert [navigator.matches(p) for p in range(4)] == [False, True, False, False]
    navigator.filter = ItemFilter(judge_max=80)
    assert [navigator.matches(p) for p in range(4)] == [True, False, False, False]
    navigator.filter = ItemFilter(disagreement=True)  # 0.24, 0.65, 0, 1
    assert [navigator.matches(p) for p in range(4)] == [False, True, False, True]


def test_filter_by_status_and_flag(navigator: QueueNavigator) -> None:
    session = navigator.session
    items = session.items
    session.mark(items[0], DecisionKind.SKIP)
    session.mark(items[2], DecisionKind.FLAG)
    session.override(items[1], dict.fromkeys(session.rubric(items[1]).keys, 2), None)
    navigator.filter = ItemFilter(status=Status.UNDECIDED)
    assert [navigator.matches(p) for p in range(4)] == [False, False, True, True]
    navigator.filter = ItemFilter(status=Status.DECIDED)
    assert [navigator.matches(p) for p in range(4)] == [False, True, False, False]
    navigator.filter = ItemFilter(status=Status.SKIPPED)
    assert [navigator.matches(p) for p in range(4)] == [True, False, False, False]
    navigator.filter = ItemFilter(status=Status.UNDECIDED, flagged=True)
    assert [navigator.matches(p) for p in range(4)] == [False, False, True, False]


def test_jumps_wrap_and_respect_the_filter(navigator: QueueNavigator) -> None:
    session = navigator.session
    items = session.items
    session.mark(items[1], DecisionKind.FLAG)
    session.mark(items[3], DecisionKind.FLAG)
    session.mark(items[0], DecisionKind.SKIP)
    assert navigator.jump(0, Jump.FLAGGED) == 1 and navigator.jump(1, Jump.FLAGGED) == 3
    assert navigator.jump(3, Jump.FLAGGED) == 1  # wrapped around
    assert navigator.jump(2, Jump.SKIPPED) == 0
    assert navigator.jump(0, Jump.SKIPPED) == 0  # the only one: itself, last
    assert navigator.jump(0, Jump.UNDECIDED) == 1
    assert navigator.jump(1, Jump.DISAGREEMENT) == 3 and navigator.jump(3, Jump.DISAGREEMENT) == 1
    navigator.filter = ItemFilter(groups=("legal_zh_prescriptive",))
    assert navigator.jump(1, Jump.FLAGGED) == 1  # item 3 is filtered out
    assert navigator.jump(0, Jump.DISAGREEMENT) == 1
    navigator.filter = ItemFilter(groups=("finance_zh_descriptive",))
    assert navigator.jump(0, Jump.FLAGGED) is None
    assert navigator.settle(0) == 2 and navigator.settle(2) == 2


def test_facts_are_read_again_after_another_connection_writes(navigator: QueueNavigator,
                                                              ) -> None:
    from anser_tui.workspace.judgments import add_judgments
    from anser_tui.workspace.records import Judgment, JudgmentStatus

    navigator.filter = ItemFilter(judge_min=50)
    assert not navigator.matches(2)
    other = navigator.session.store.reopen()
    add_judgments(other, [Judgment(run="sys-a", task_id="finance_zh_descriptive_104",
                                   rubric_id="finance", status=JudgmentStatus.OK, score=60.0)])
    other.close()
    assert navigator.matches(2)


def test_filter_fields_round_trip() -> None:
    known = Vocabulary(groups=("legal_zh_prescriptive", "finance_zh_descriptive"),
                       forms=("short", "numeric"), metrics=("BERTScore-F1", "Recall@5"))
    chosen = ItemFilter.from_fields("legal_zh_prescriptive", "short", "undecided", "40-80",
                                    "Recall@5 < .5", True, True, known=known)
    assert chosen == ItemFilter(("legal_zh_prescriptive",), ("short",), Status.UNDECIDED, 40.0,
                                80.0, MetricCondition("Recall@5", "<", 0.5), True, True)
    assert chosen.describe() == ("group legal_zh_prescriptive · form short · undecided · "
                                 "judge 40-80 · Recall@5 < 0.5 · flagged · disagreement")
    fields = chosen.fields()
    assert ItemFilter.from_fields(**fields, flagged=True, disagreement=True,
                                  known=known) == chosen
    assert ItemFilter.from_fields(judge="80-") == ItemFilter(judge_min=80.0)
    assert ItemFilter.from_fields(judge=" -40") == ItemFilter(judge_max=40.0)
    assert not ItemFilter.from_fields().active and ItemFilter().describe() == ""


@pytest.mark.parametrize(("fields", "message"), [
    ({"groups": "legal_xx"}, "group 'legal_xx': none of that name"),
    ({"forms": "short,essay"}, "form 'essay'"),
    ({"status": "done"}, "status 'done': one of undecided, decided, skipped"),
    ({"judge": "80-40"}, "the low end is above the high end"),
    ({"judge": "high"}, "write LOW-HIGH"),
    ({"metric": "BERTScore-F1 high"}, "write NAME OP VALUE"),
    ({"metric": "Rouge-L > 0.5"}, "metric 'Rouge-L': none of that name"),
])
def test_filter_fields_that_do_not_read(fields: dict[str, str], message: str) -> None:
    known = Vocabulary(groups=("legal_zh_prescriptive",), forms=("short",),
                       metrics=("BERTScore-F1",))
    with pytest.raises(ValueError, match=message):
        ItemFilter.from_fields(**fields, known=known)  # type: ignore[arg-type]


IDS = ["legal_zh_descriptive_1", "legal_zh_descriptive_12", "legal_zh_predictive_3",
       "finance_zh_descriptive_12", "finance_en_descriptive_1"]


@pytest.mark.parametrize(("typed", "expected"), [
    ("leg", "legal_zh_"),  # what every legal id shares
    ("legal_zh_d", "legal_zh_descriptive_1"),  # shared by _1 and _12
    ("legal_zh_", "legal_zh_descriptive_1"),  # the shared part adds nothing: the first id
    ("legal_zh_descriptive_1", None),  # an id already
    ("fin", "finance_"),
    ("finance_e", "finance_en_descriptive_1"),
    ("science", None),
    ("", None),
])
def test_complete_id(typed: str, expected: str | None) -> None:
    assert complete_id(IDS, typed) == expected


def test_task_ids_in_benchmark_order(navigator: QueueNavigator) -> None:
    assert navigator.task_ids()[:3] == ["legal_zh_prescriptive_1", "legal_zh_prescriptive_2",
                                        "finance_zh_descriptive_12"]
    assert len(navigator.task_ids()) == 7
