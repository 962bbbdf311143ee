"""Which (run, task) items a review session walks through: chosen by filters (`QueueSpec`),
then ordered and perhaps sampled (`QueueOrder`), the sampling design recorded with it.

The design a session keeps (`sessions.design`, JSON; docs/review.md):
`{"order", "seed", "limit", "n_eligible", "n_queued", "strata", "random_sample"}`; `strata` is
`{stratum: {"N": eligible, "n": drawn}}` for a stratified queue and null otherwise. An active
queue adds `"draw": "successive"` (each next item drawn from those left with probability
proportional to its size, `sampling.active_sample`), `"uniform_share"` (its sizes' uniform
mass), `"unqueued_size"` (the sizes of the eligible items a limit left out, together) and
`"unqueued"` (those items one by one, `[run, task_id, size]`: a scope's estimate needs the size
of each of its items); each of its queued items' probability is its size.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from anser_tui.benchmarks.base import Benchmark
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.core.errors import InputError
from anser_tui.core.value import Value
from anser_tui.review.sampling import (
    SUCCESSIVE,
    UNIFORM_SHARE,
    Draw,
    Order,
    active_sample,
    active_sizes,
    first,
    predicted_error,
    ranked,
    simple_random_sample,
    stratified_sample,
)
from anser_tui.workspace.item import Item
from anser_tui.workspace.store import WorkspaceStore
from anser_tui.workspace.tasks import Task

FILTER_KEYS = ("group", "form", "lang", "domain", "objective")


class QueueSpec(Value):
    """What a session reviews: judged items only (the default) or every task, filtered by
    task fields (each a set of accepted values), over the given runs (none: every run)."""

    all_tasks: bool = False
    runs: tuple[str, ...] = ()
    where: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def parse(cls, all_tasks: bool, runs: list[str] | None, filters: list[str]) -> QueueSpec:
        """From the command line: `--filter group=legal_zh_descriptive,legal_en_descriptive`."""
        where: dict[str, tuple[str, ...]] = {}
        for text in filters:
            key, sep, value = text.partition("=")
            key = key.strip()
            if not sep or key not in FILTER_KEYS or not value.strip():
                raise InputError(f"--filter {text!r}: use KEY=VALUE[,VALUE...] with KEY one "
                                 f"of {', '.join(FILTER_KEYS)}")
            where[key] = (*where.get(key, ()), *(v.strip() for v in value.split(",")))
        return cls(all_tasks, tuple(runs or ()), where)

    def to_json(self) -> dict[str, object]:
        return {"all_tasks": self.all_tasks, "runs": list(self.runs),
                "where": {k: list(v) for k, v in sorted(self.where.items())}}

    def accepts(self, task: Task, benchmark: Benchmark) -> bool:
        if not self.all_tasks and benchmark.rubric(task) is None:
            return False
        fields = {"group": task.group, "form": task.form.value, "lang": task.lang,
                  "domain": task.domain, "objective": task.objective}
        return all(fields[key] in values for key, values in self.where.items())

    def items(self, store: WorkspaceStore) -> list[Item]:
        """The queue: runs in import order, tasks in benchmark order."""
        for run in self.runs:
            store.require_run(run)
        benchmark = benchmark_named(store.benchmark)
        tasks = [t.id for t in store.tasks() if self.accepts(t, benchmark)]
        return [Item(run, tid) for run in (self.runs or store.run_names()) for tid in tasks]


class QueueOrder(Value):
    """How the eligible items are ordered, and how many are drawn (None: all of them)."""

    order: Order = Order.TASK
    seed: int = 0
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < 1:
            raise InputError(f"--limit {self.limit}: give a number of items, 1 or more")

    def describe(self) -> str:
        """E.g. "random, seed 7, 20 items" or "task order, every item"."""
        parts = ["task order" if self.order is Order.TASK else self.order.value]
        if self.order.random:
            parts.append(f"seed {self.seed}")
        parts.append("every item" if self.limit is None else f"{self.limit} items")
        return ", ".join(parts)


class Queue(Value):
    """A session's queue as drawn: its items, each one's inclusion probability, the design."""

    items: list[Item]
    probabilities: list[float | None]
    design: dict[str, Any]


def stratum(benchmark: Benchmark, task: Task) -> str:
    """The stratum of a task: its splits (say its group), joined when it has several."""
    return "+".join(benchmark.splits(task)) or "(none)"


def build_queue(store: WorkspaceStore, spec: QueueSpec, order: QueueOrder) -> Queue:
    """The eligible items (`spec`) ordered and drawn as `order` says, with the design."""
    eligible = spec.items(store)
    benchmark = benchmark_named(store.benchmark)
    draw: Draw[Item]
    active: dict[str, Any] = {}
    if order.order is Order.RANDOM:
        draw = simple_random_sample(eligible, order.seed, order.limit)
    elif order.order is Order.STRATIFIED:
        strata: dict[str, list[Item]] = {}
        for item in eligible:
            strata.setdefault(stratum(benchmark, store.task(item.task_id)), []).append(item)
        draw = stratified_sample(strata, order.seed, order.limit)
    elif order.order is Order.DISAGREEMENT:
        from anser_tui.review.item_facts import WorkspaceFacts  # the scores' orders only

        facts = WorkspaceFacts(store, benchmark)
        draw = ranked(eligible, [facts.of(it).disagreement.score for it in eligible],
                      order.limit)
    elif order.order is Order.ACTIVE:
        from anser_tui.review.item_facts import WorkspaceFacts

        facts = WorkspaceFacts(store, benchmark)
        sizes = active_sizes([predicted_error(facts.of(it).disagreement) for it in eligible])
        draw = active_sample(eligible, sizes, order.seed, order.limit)
        queued = set(draw.keys)
        left = [[it.run, it.task_id, size] for it, size in zip(eligible, sizes, strict=True)
                if it not in queued]
        active = {"draw": SUCCESSIVE, "uniform_share": UNIFORM_SHARE,
                  "unqueued_size": sum(size for *_, size in left), "unqueued": left}
    else:
        draw = first(eligible, order.limit)
    design: dict[str, Any] = {"order": order.order.value, "seed": order.seed, "limit": order.limit,
              "n_eligible": len(eligible), "n_queued": len(draw.keys),
              "strata": None if draw.strata is None else {
                  name: {"N": size, "n": drawn} for name, (size, drawn) in draw.strata.items()},
              "random_sample": order.order.random, **active}
    return Queue(draw.keys, draw.probabilities, design)
