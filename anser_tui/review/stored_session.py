"""A session as the workspace keeps it: its reviewer, its queue's filters and order, its design.

A session's queue is fixed when it is started. Resuming it takes it as it is: options that
would change its queue (another order, seed, limit, filter, blind mode) are refused rather than
quietly ignored, and so is another reviewer's name (their decisions would be recorded as the
session owner's).
"""

from __future__ import annotations

import json
from typing import Any

from anser_tui.core.errors import InputError
from anser_tui.core.value import Value
from anser_tui.review.queue import QueueOrder, QueueSpec
from anser_tui.review.sampling import Order
from anser_tui.workspace.sessions import SessionHead, latest_session, session_named
from anser_tui.workspace.store import WorkspaceStore

# Orders of the queues the calibration verbs write (adjudication, rechecks, imported labels):
# resumed in their stored order like a task-ordered queue.
WRITTEN_QUEUES = frozenset({"disputed", "recheck", "import"})


class StoredSession(Value):
    """A review session as the workspace keeps it: who, how its queue was made, and its design."""

    id: int
    name: str
    reviewer: str
    blind: bool
    filters: dict[str, Any]
    order: QueueOrder
    design: dict[str, Any]

    @classmethod
    def _from_row(cls, row: SessionHead) -> StoredSession:
        session_id, name, reviewer, blind, order_by, filters, seed, design_text = row
        design = json.loads(design_text or "{}")
        if order_by in WRITTEN_QUEUES:  # a queue the calibration verbs wrote, kept as written
            order_by = Order.TASK.value
        elif order_by not in set(Order):
            raise InputError(f"session {name} has order {order_by!r}, which this release of "
                             "anser-tui does not know")
        order = QueueOrder(Order(order_by), int(seed), design.get("limit"))
        return cls(session_id, name, reviewer, bool(blind), json.loads(filters or "{}"), order,
                   design)

    @classmethod
    def named(cls, store: WorkspaceStore, name: str) -> StoredSession | None:
        row = session_named(store, name)
        return None if row is None else cls._from_row(row)

    @classmethod
    def latest(cls, store: WorkspaceStore, reviewer: str, spec: QueueSpec, blind: bool,
               order: QueueOrder) -> StoredSession | None:
        """The reviewer's latest session over the same queue (filters, order, blind mode)."""
        row = latest_session(store, reviewer, spec.to_json(), blind, order.order.value,
                             order.seed, order.limit)
        return None if row is None else cls._from_row(row)

    def check_reviewer(self, reviewer: str, store: WorkspaceStore) -> None:
        if reviewer != self.reviewer:
            raise InputError(f"session {self.name} belongs to reviewer {self.reviewer}; start "
                             "your own with --session NAME", store.path)

    def check_options(self, store: WorkspaceStore, order: Order | None = None,
                      seed: int | None = None, limit: int | None = None,
                      blind: bool | None = None, spec: QueueSpec | None = None) -> None:
        """Refuse options given on resuming that differ from the session's fixed queue (an
        option left out is None and always fits)."""
        differs = [
            flag for flag, given, stored in (
                ("--order", order, self.order.order), ("--seed", seed, self.order.seed),
                ("--limit", limit, self.order.limit), ("--blind", blind, self.blind),
                ("--run/--all/--filter", None if spec is None else spec.to_json(),
                 self.filters))
            if given is not None and given != stored]
        if differs:
            raise InputError(
                f"session {self.name} was started with {self.order.describe()}"
                f"{', blind' if self.blind else ''} and keeps that queue: drop "
                f"{', '.join(differs)} to resume it, or start another with a new --session NAME",
                store.path)
