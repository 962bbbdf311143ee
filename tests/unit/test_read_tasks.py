"""A queue's tasks read at once (`WorkspaceStore.read_tasks`, what a review session's progress
reads on opening): one query for the tasks not read yet, each the task `task` reads on its own."""

from __future__ import annotations

import json
from pathlib import Path

from conftest_ws import mini_workspace

from anser_tui.workspace import AnswerKey, WorkspaceStore
from anser_tui.workspace.tasks import Form, Task, TaskPrompt


def _task_queries(statements: list[str]) -> int:
    return sum("FROM tasks" in s for s in statements)


def test_the_tasks_are_read_in_one_query_and_are_each_read_alone(tmp_path: Path) -> None:
    path = mini_workspace(tmp_path)
    with WorkspaceStore.open(path) as alone:
        ids = alone.task_ids()
        expected = {task_id: alone.task(task_id) for task_id in ids}
    with WorkspaceStore.open(path) as store:
        statements: list[str] = []
        store.task(ids[0])
        store.conn.set_trace_callback(statements.append)
        store.read_tasks([*ids, ids[1]])
        assert _task_queries(statements) == 1
        assert {task_id: store.task(task_id) for task_id in ids} == expected
        store.read_tasks(ids)  # all read: nothing asked again
        assert _task_queries(statements) == 1


def test_a_read_tasks_key_is_decoded_when_first_read_and_is_the_same(tmp_path: Path) -> None:
    """The evidence list (most of a row) and the ground truth are decoded on first read, not
    by `read_tasks`: a queue's tasks are read at once to count what the judge scores, and never
    look at them."""
    path = mini_workspace(tmp_path)
    with WorkspaceStore.open(path) as store:
        ids = store.task_ids()
        store.read_tasks(ids)
        tasks = [store.task(task_id) for task_id in ids]
        assert all("evidence" not in task.key.__dict__ for task in tasks)
        assert all("ground_truth" not in task.key.__dict__ for task in tasks)
        rows = {row["id"]: (json.loads(row["ground_truth"]), json.loads(row["evidence"]))
                for row in store.rows("SELECT id, ground_truth, evidence FROM tasks")}
        assert any(evidence for _, evidence in rows.values())
        assert all(truth is not None for truth, _ in rows.values())
        for task in tasks:
            truth, evidence = rows[task.id]
            copy = task.key.model_copy()
            assert task.ground_truth == truth == copy.ground_truth
            assert task.evidence == evidence == copy.evidence
            assert task.key == AnswerKey(ground_truth=truth, evidence=evidence)
            assert task.key.model_dump() == {"ground_truth": truth, "evidence": evidence}
    assert AnswerKey.ground_truth is None  # the field's default, as the class gives it
    assert AnswerKey(evidence=[]).ground_truth is None


def test_tasks_read_by_position_are_the_validated_records(tmp_path: Path) -> None:
    """`Task.from_values` (what `read_tasks` and `tasks` make from a row's values in column
    order) gives the record validation gives: every field, its form a `Form`."""
    path = mini_workspace(tmp_path)
    with WorkspaceStore.open(path) as store:
        ids = store.task_ids()
        store.read_tasks(ids)
        read = [store.task(task_id) for task_id in ids]
    with WorkspaceStore.open(path) as store:
        every = store.tasks()
    assert [task.id for task in every] == ids
    for tasks in (read, every):
        for task in tasks:
            validated = Task.model_validate(task.model_dump())
            assert task == validated
            assert task.model_dump() == validated.model_dump()
            assert type(task.form) is Form and type(task.prompt) is TaskPrompt
