"""Reviewer quality control: a seeded share of a reviewer's decided items, re-inserted blind.

`choose_rechecks` picks ceil(share x n) of the n items the reviewer has a standing verdict on
(in their review sessions, rechecks aside), drawn with `random.Random(seed)` from the items in
(run, task id) order, so one seed picks the same items on every machine; items already in the
target session's queue are not eligible (a session keeps one state per item).
`insert_rechecks` puts them into a session's queue at seeded positions, marked `recheck` with
no inclusion probability (they are not part of a random draw); the queue items after each
move down. A recheck shows as undecided in its session like any other item, and the screen
must not mark it as one: the reviewer decides it again without seeing their first verdict.
`start_recheck_session` puts them in a new blind session of their own (for a reviewer whose
decided items are all in the session they would resume, where none would be eligible).
Decisions on rechecks are kept apart (`sessions.verdicts`); each reviewer's self-consistency is
in the calibration report (`self_consistency`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from anser_tui.core.errors import InputError
from anser_tui.review.verdicts import VerdictBook
from anser_tui.workspace.item import Item
from anser_tui.workspace.sessions import (
    REVIEW,
    QueueEntry,
    insert_session,
    queue_entries,
    queue_items,
    replace_queue,
    session_reviewer,
    set_design,
)
from anser_tui.workspace.store import WorkspaceStore


def choose_rechecks(store: WorkspaceStore, reviewer: str, share: float, seed: int,
                    exclude: Sequence[Item] = ()) -> list[Item]:
    """The items to re-insert for `reviewer`, in the order drawn."""
    if not 0.0 <= share <= 1.0:
        raise ValueError("the recheck share must be between 0 and 1")
    skip = set(exclude)
    decided = sorted((it for it, by in VerdictBook.load(store).reviews.items()
                      if reviewer in by and it not in skip),
                     key=lambda it: (it.run, it.task_id))
    k = math.ceil(share * len(decided) - 1e-9)
    return random.Random(seed).sample(decided, k)


def insert_rechecks(store: WorkspaceStore, session_id: int, items: Sequence[Item],
                    seed: int) -> list[int]:
    """Insert `items` into the session's queue at positions drawn with `seed`, marked
    recheck; their positions, in the order of `items`."""
    queue = queue_entries(store, session_id)
    rng = random.Random(seed)
    for item in items:
        queue.insert(rng.randint(0, len(queue)), QueueEntry(item, None, recheck=True))
    replace_queue(store, session_id, queue)
    where = {e.item: pos for pos, e in enumerate(queue) if e.recheck}
    return [where[it] for it in items]


def add_rechecks(store: WorkspaceStore, session_id: int, share: float, seed: int
                 ) -> list[Item]:
    """Choose the session reviewer's rechecks and insert them into the session; the items."""
    reviewer = session_reviewer(store, session_id)
    if reviewer is None:
        raise ValueError(f"no session {session_id}")
    queued = queue_items(store, session_id)
    items = choose_rechecks(store, reviewer, share, seed, exclude=queued)
    insert_rechecks(store, session_id, items, seed)
    return items


def start_recheck_session(store: WorkspaceStore, reviewer: str, share: float, seed: int,
                          name: str | None = None) -> tuple[str, list[Item]]:
    """A new blind session of the reviewer's rechecks only; its name and the items.
    InputError when the reviewer has decided nothing (or the share draws nothing)."""
    with store.transaction():
        session_id, session_name = insert_session(
            store, reviewer=reviewer, name=name or None, name_base=f"recheck:{reviewer}",
            purpose=REVIEW, blind=True, order_by="recheck",
            design={"order": "recheck", "random_sample": False}, entries=[], seed=seed)
        items = add_rechecks(store, session_id, share, seed)
        if not items:
            raise InputError(f"nothing to recheck: {reviewer} has no decided item to draw "
                             f"from at share {share}", store.path)
        set_design(store, session_id, {"order": "recheck", "random_sample": False,
                                       "n_queued": len(items), "share": share, "seed": seed})
    return session_name, items
