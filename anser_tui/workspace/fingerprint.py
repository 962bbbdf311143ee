"""Content hashes that identify what a workspace holds, wherever its files live.

The benchmark fingerprint is a sha256 over the tasks as the workspace stores them (every
column, in benchmark order): a data folder given anew, or found on another machine, is the same
benchmark when its tasks hash the same, however it was copied. A run's content hash is a sha256
over its output and log rows, so a run imported twice is recognisable, and merging workspaces
can tell a run from a namesake.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from anser_tui.workspace.tasks import Task


def _digest(rows: Iterable[Sequence[Any]], label: str) -> str:
    sha = hashlib.sha256(label.encode())
    for row in rows:
        sha.update(json.dumps(list(row), ensure_ascii=False).encode("utf-8"))
        sha.update(b"\n")
    return sha.hexdigest()


def tasks_fingerprint(tasks: Iterable[Task]) -> str:
    return _digest((t.to_row() for t in sorted(tasks, key=lambda t: t.seq)), "tasks/1\n")


def content_hash(output_rows: Iterable[Sequence[Any]], log_rows: Iterable[Sequence[Any]]
                 ) -> str:
    """Over (task_id, answer, retrieved) of each output and (task_id, figures) of each log row,
    sorted by task id; the run's name and the files' line numbers are not part of it."""
    outputs = sorted((r[1], r[2], r[3]) for r in output_rows)
    logs = sorted(tuple(r[1:]) for r in log_rows)
    return _digest([*outputs, ("--logs--",), *logs], "run/1\n")
