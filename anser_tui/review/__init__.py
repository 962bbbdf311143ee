"""Review: queues and their sampling designs, sessions, navigation, filters, the verdict book
and the plain-text review card. Plain Python (no Textual); above the benchmarks, below the
screens."""

from anser_tui.review.queue import FILTER_KEYS, QueueOrder, QueueSpec, build_queue
from anser_tui.review.sampling import Order
from anser_tui.review.session import ReviewSession
from anser_tui.review.stored_session import StoredSession

__all__ = ["FILTER_KEYS", "Order", "QueueOrder", "QueueSpec", "ReviewSession", "StoredSession",
           "build_queue"]
