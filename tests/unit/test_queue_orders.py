"""Queue orders on a workspace: the design each records, the inclusion probability of each
item, the disagreement ranking, and sessions that keep their queue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from queue_workspace import judged_workspace

from anser_tui.review import Order, QueueOrder, QueueSpec, ReviewSession, build_queue
from anser_tui.workspace import Item, WorkspaceStore

ALL = QueueSpec(all_tasks=True)  # the 7 tasks of the mini benchmark, one run


@pytest.fixture
def store(tmp_path: Path) -> WorkspaceStore:
    return WorkspaceStore.open(judged_workspace(tmp_path))


def _stored(store: WorkspaceStore, session: ReviewSession
            ) -> tuple[str, int, dict[str, object], list[tuple[str, float | None]]]:
    order_by, seed, design = store.conn.execute(
        "SELECT order_by, seed, design FROM sessions WHERE id=?", (session.id,)).fetchone()
    items = [(t, p) for t, p in store.conn.execute(
        "SELECT task_id, inclusion_probability FROM session_items WHERE session_id=? "
        "ORDER BY pos", (session.id,))]
    return order_by, seed, json.loads(design), items


def test_task_order_records_a_design_that_is_not_a_sample(store: WorkspaceStore) -> None:
    session = ReviewSession.open(store, "alice", spec=ALL, order=QueueOrder(limit=3))
    order_by, seed, design, items = _stored(store, session)
    assert (order_by, seed) == ("task", 0)
    assert design == {"order": "task", "seed": 0, "limit": 3, "n_eligible": 7, "n_queued": 3,
                      "strata": None, "random_sample": False}
    assert items == [("legal_zh_prescriptive_1", None), ("legal_zh_prescriptive_2", None),
                     ("finance_zh_descriptive_12", None)]


def test_random_order_is_a_simple_random_sample(store: WorkspaceStore) -> None:
    order = QueueOrder(Order.RANDOM, seed=11, limit=3)
    session = ReviewSession.open(store, "alice", spec=ALL, order=order)
    order_by, seed, design, items = _stored(store, session)
    assert (order_by, seed) == ("random", 11)
    assert design["random_sample"] is True and design["n_eligible"] == 7
    assert [p for _, p in items] == pytest.approx([3 / 7] * 3)
    again = build_queue(store, ALL, order)
    assert [it.task_id for it in again.items] == [t for t, _ in items]  # the seed replays it
    assert build_queue(store, ALL, QueueOrder(Order.RANDOM, seed=12, limit=3)).items != \
        again.items
    whole = build_queue(store, ALL, QueueOrder(Order.RANDOM, seed=11))
    assert len(whole.items) == 7 and whole.probabilities == [1.0] * 7


def test_stratified_order_by_group(store: WorkspaceStore) -> None:
    # groups: legal_zh_prescriptive 2 tasks, finance_zh_descriptive 4, science_en_predictive 1
    # 4 of 7: quotas 8/7, 16/7, 4/7 -> floors 1, 2, 0; the one left to science (.57 > .29, .14)
    session = ReviewSession.open(store, "alice", spec=ALL,
                                 order=QueueOrder(Order.STRATIFIED, seed=5, limit=4))
    _, _, design, items = _stored(store, session)
    assert design["strata"] == {"finance_zh_descriptive": {"N": 4, "n": 2},
                                "legal_zh_prescriptive": {"N": 2, "n": 1},
                                "science_en_predictive": {"N": 1, "n": 1}}
    probability = {t.rsplit("_", 1)[0]: p for t, p in items}
    assert probability == {"finance_zh_descriptive": 0.5, "legal_zh_prescriptive": 0.5,
                           "science_en_predictive": 1.0}
    # over the eligible items: 4 x 1/2 + 2 x 1/2 + 1 x 1 = 4, the sample size; the weights 1/p
    # of the drawn items sum to the 7 eligible ones
    assert 4 * probability["finance_zh_descriptive"] + 2 * probability[
        "legal_zh_prescriptive"] + probability["science_en_predictive"] == 4
    assert sum(1 / p for _, p in items if p) == 7
    # interleaved: finance at 1/4 and 3/4, legal and science at 1/2 (name order)
    assert [t.rsplit("_", 1)[0] for t, _ in items] == [
        "finance_zh_descriptive", "legal_zh_prescriptive", "science_en_predictive",
        "finance_zh_descriptive"]


def test_disagreement_order_hand_ranked(store: WorkspaceStore) -> None:
    session = ReviewSession.open(store, "alice", order=QueueOrder(Order.DISAGREEMENT))
    _, _, design, items = _stored(store, session)
    # parse failure 1, then 0.65, 0.24, and the unjudged item (0) last
    assert items == [("science_en_predictive_1", None), ("legal_zh_prescriptive_2", None),
                     ("legal_zh_prescriptive_1", None), ("finance_zh_descriptive_104", None)]
    assert design["random_sample"] is False and design["order"] == "disagreement"
    top = build_queue(store, QueueSpec(), QueueOrder(Order.DISAGREEMENT, limit=2))
    assert top.items == [Item("sys-a", "science_en_predictive_1"),
                         Item("sys-a", "legal_zh_prescriptive_2")]


def test_the_order_is_part_of_the_queue_a_session_resumes(store: WorkspaceStore) -> None:
    plain = ReviewSession.open(store, "alice")
    sampled = ReviewSession.open(store, "alice", order=QueueOrder(Order.RANDOM, 1, 2))
    assert sampled.id != plain.id and len(sampled.items) == 2
    assert ReviewSession.open(store, "alice").id == plain.id
    assert ReviewSession.open(store, "alice", order=QueueOrder(Order.RANDOM, 1, 2)).id == \
        sampled.id
    assert ReviewSession.open(store, "alice", order=QueueOrder(Order.RANDOM, 2, 2)).id not in (
        plain.id, sampled.id)


def test_a_limit_below_one_is_bad_input() -> None:
    from anser_tui.core.errors import InputError

    with pytest.raises(InputError, match="--limit 0"):
        QueueOrder(limit=0)


def test_cli_order_choices_are_the_orders() -> None:
    from anser_tui.cli.review_cmds import ORDERS

    assert tuple(o.value for o in Order) == ORDERS
