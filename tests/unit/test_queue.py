"""Review queues: judged items by default, every task with --all, filters by task fields."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest_ws import mini_workspace

from anser_tui.core.errors import InputError
from anser_tui.review import QueueSpec, ReviewSession
from anser_tui.workspace import Item, WorkspaceStore


def test_default_queue_is_judged_forms_only(tmp_path: Path) -> None:
    store = WorkspaceStore.open(mini_workspace(tmp_path))
    assert [it.task_id for it in QueueSpec().items(store)] == [
        "legal_zh_prescriptive_1", "legal_zh_prescriptive_2", "finance_zh_descriptive_104",
        "science_en_predictive_1"]


def test_all_tasks_with_filters(tmp_path: Path) -> None:
    store = WorkspaceStore.open(mini_workspace(tmp_path))
    spec = QueueSpec.parse(True, None, ["group=finance_zh_descriptive", "form=numeric,statistic"])
    assert spec.where == {"group": ("finance_zh_descriptive",), "form": ("numeric", "statistic")}
    assert spec.items(store) == [Item("sys-a", "finance_zh_descriptive_12"),
                                 Item("sys-a", "finance_zh_descriptive_201")]
    assert QueueSpec.parse(False, None, ["lang=en"]).items(store) == [
        Item("sys-a", "science_en_predictive_1")]


@pytest.mark.parametrize("text", ["group", "colour=red", "form="])
def test_bad_filter(text: str) -> None:
    with pytest.raises(InputError, match="--filter"):
        QueueSpec.parse(False, None, [text])


def test_unknown_run(tmp_path: Path) -> None:
    store = WorkspaceStore.open(mini_workspace(tmp_path))
    with pytest.raises(InputError, match="no run 'nope'"):
        QueueSpec(runs=("nope",)).items(store)


def test_sessions_resume_by_queue(tmp_path: Path) -> None:
    store = WorkspaceStore.open(mini_workspace(tmp_path))
    judged = ReviewSession.open(store, "alice")
    everything = ReviewSession.open(store, "alice", spec=QueueSpec(all_tasks=True))
    assert everything.id != judged.id and len(everything.items) == 7
    assert ReviewSession.open(store, "alice").id == judged.id
    assert ReviewSession.open(store, "alice", spec=QueueSpec(all_tasks=True)).id == everything.id
    assert ReviewSession.open(store, "alice", name=judged.name).id == judged.id


def test_empty_queue_is_bad_input(tmp_path: Path) -> None:
    store = WorkspaceStore.open(mini_workspace(tmp_path))
    with pytest.raises(InputError, match="nothing to review"):
        ReviewSession.open(store, "bob", spec=QueueSpec.parse(False, None, ["form=numeric"]))


def test_add_item_appends_and_persists(tmp_path: Path) -> None:
    path = mini_workspace(tmp_path)
    store = WorkspaceStore.open(path)
    session = ReviewSession.open(store, "alice")
    position = session.add_item(Item("sys-a", "finance_zh_descriptive_12"))
    assert position == 4 and session.add_item(Item("sys-a", "legal_zh_prescriptive_2")) == 1
    reopened = ReviewSession.open(WorkspaceStore.open(path), "alice")
    assert reopened.items[-1] == Item("sys-a", "finance_zh_descriptive_12")
    assert reopened.rubric(reopened.items[-1]) is None
    with pytest.raises(ValueError, match="does not score"):
        session.override(reopened.items[-1], {"conclusion": 1}, None)
