"""Metric values of runs' tasks (`metrics`) and the BERTScore-F1 cache (`bertscore_cache`), as
`score` stores them and queues, reports and the home screen read them back.
(`WorkspaceStore.replace_metrics` writes a run's metrics; `task_metrics` reads one task's.)"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from anser_tui.workspace.store import WorkspaceStore

Pair = tuple[str, str]  # (candidate, reference)


def metric_values(store: WorkspaceStore) -> dict[tuple[str, str], dict[str, float | None]]:
    """{(run, task id): {metric: value}} for every metric cell of the workspace."""
    found: dict[tuple[str, str], dict[str, float | None]] = defaultdict(dict)
    for run, task_id, name, value in store.conn.execute(
            "SELECT run, task_id, name, value FROM metrics"):
        found[(run, task_id)][name] = value
    return dict(found)


def run_metric_cells(store: WorkspaceStore, run: str
                     ) -> list[tuple[str, str, float | None, str | None]]:
    """(task id, metric, value, detail) of every metric cell of `run`."""
    return [(task_id, name, value, detail) for task_id, name, value, detail in store.conn.execute(
        "SELECT task_id, name, value, detail FROM metrics WHERE run=?", (run,))]


def scored_task_counts(store: WorkspaceStore) -> dict[str, int]:
    """{run: tasks with at least one metric cell}."""
    return dict(store.conn.execute(
        "SELECT run, COUNT(DISTINCT task_id) FROM metrics GROUP BY run"))


def cached_bertscores(store: WorkspaceStore, model: str, layers: int, pairs: Sequence[Pair]
                      ) -> dict[Pair, float]:
    """The raw F1 cached for each pair under (model, layers); pairs not cached left out."""
    found: dict[Pair, float] = {}
    query = ("SELECT f1 FROM bertscore_cache WHERE model=? AND layers=? AND candidate=? "
             "AND reference=?")
    for pair in pairs:
        row = store.conn.execute(query, (model, layers, *pair)).fetchone()
        if row is not None:
            found[pair] = row[0]
    return found


def cache_bertscores(store: WorkspaceStore, model: str, layers: int,
                     values: Mapping[Pair, float]) -> None:
    with store.transaction():
        store.conn.executemany(
            "INSERT OR REPLACE INTO bertscore_cache (model, layers, candidate, reference, f1)"
            " VALUES (?, ?, ?, ?, ?)",
            [(model, layers, c, r, f1) for (c, r), f1 in values.items()])
