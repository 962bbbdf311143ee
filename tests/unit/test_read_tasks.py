"""A queue's tasks read at once (`WorkspaceStore.read_tasks`, what a review session's progress
reads on opening): one query for the tasks not read yet, each the task `task` reads on its own."""

from __future__ import annotations

from pathlib import Path

from conftest_ws import mini_workspace

from anser_tui.workspace import WorkspaceStore


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
