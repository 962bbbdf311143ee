"""The one writer of the sessions table and its one name allocator (workspace/sessions.py):
a session and its queue written together, a name given refused when taken with nothing
written, and names from a base (`base`, `base#2`, ...) unique under two processes at once."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest
from queue_workspace import judged_workspace

from anser_tui.workspace import Item, WorkspaceStore
from anser_tui.workspace.sessions import (
    REVIEW,
    QueueEntry,
    SessionNameTaken,
    insert_session,
    load_sessions,
    queue_entries,
)

BASE = "import:labels.jsonl"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return judged_workspace(tmp_path)


def _insert(store: WorkspaceStore, name: str | None = None, base: str | None = BASE,
            entries: list[QueueEntry] | None = None) -> tuple[int, str]:
    return insert_session(store, reviewer="erin", purpose=REVIEW, blind=False, order_by="import",
                          design={"order": "import"}, entries=entries or [], name=name,
                          name_base=base)


def test_a_session_and_its_queue_are_written_together(workspace: Path) -> None:
    entries = [QueueEntry(Item("sys-a", "t1"), 0.5), QueueEntry(Item("sys-a", "t2"), None, True)]
    with WorkspaceStore.open(workspace) as store:
        sid, name = _insert(store, entries=entries)
        assert name == BASE
        assert queue_entries(store, sid) == entries
        info = load_sessions(store)[sid]
        assert (info.name, info.reviewer, info.items) == (BASE, "erin", tuple(entries))


def test_names_from_a_base_and_from_the_reviewer(workspace: Path) -> None:
    with WorkspaceStore.open(workspace) as store:
        names = [_insert(store)[1] for _ in range(3)]
        assert names == [BASE, f"{BASE}#2", f"{BASE}#3"]
        _insert(store, name="erin-5")
        # erin has 4 sessions: the next is erin-5, taken, so erin-6
        assert _insert(store, base=None)[1] == "erin-6"


def test_a_name_taken_is_refused_and_nothing_written(workspace: Path) -> None:
    with WorkspaceStore.open(workspace) as store:
        _insert(store, name="mine")
        before = len(load_sessions(store))
        with pytest.raises(SessionNameTaken, match="a session named mine exists already"):
            _insert(store, name="mine", entries=[QueueEntry(Item("sys-a", "t1"))])
        assert len(load_sessions(store)) == before
        assert store.conn.execute("SELECT COUNT(*) FROM session_items").fetchone()[0] == 0


def test_two_processes_naming_from_one_base_never_collide(workspace: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    start = time.time() + 2.0  # both begin together, once their imports are done
    workers = [ctx.Process(target=_insert_many, args=(str(workspace), 20, start))
               for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    assert [w.exitcode for w in workers] == [0, 0]
    with WorkspaceStore.open(workspace) as store:
        names = {s.name for s in load_sessions(store).values()}
    assert names == {BASE, *(f"{BASE}#{k}" for k in range(2, 41))}


def _insert_many(path: str, n: int, start: float) -> None:
    store = WorkspaceStore.open(Path(path))
    time.sleep(max(0.0, start - time.time()))
    for _ in range(n):
        _insert(store)
    store.close()
