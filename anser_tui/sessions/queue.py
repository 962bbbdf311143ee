"""Which (run, task) items a review session walks through, chosen by filters."""

from __future__ import annotations

from dataclasses import dataclass, field

from anser_tui.benchmarks.base import Benchmark
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.errors import InputError
from anser_tui.workspace.item import Item
from anser_tui.workspace.store import WorkspaceStore
from anser_tui.workspace.tasks import Task

FILTER_KEYS = ("group", "form", "lang", "domain", "objective")


@dataclass(frozen=True)
class QueueSpec:
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
