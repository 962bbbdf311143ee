"""Leaked evidence: finance records with split = "ground_truth" that a run retrieved.

The README forbids indexing those records for system retrieval; a run that returns one has
seen the answer key. Looked up per key space in batches, so a full workspace takes one pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from anser_tui.benchmarks.anser.evidence_diff import task_space
from anser_tui.benchmarks.anser.evidence_ids import evidence_ids
from anser_tui.benchmarks.anser.groups import EvidenceSpace
from anser_tui.core.value import Value

if TYPE_CHECKING:
    from anser_tui.corpora.library import CorpusLibrary
    from anser_tui.workspace.store import WorkspaceStore


class Leak(Value):
    """A run's answer to a task that retrieved records split "ground_truth" (their `ids`)."""

    run: str
    task_id: str
    ids: tuple[str, ...]


def find_leaks(store: WorkspaceStore, library: CorpusLibrary, run: str | None = None
               ) -> list[Leak]:
    """Every (run, task) whose retrieved evidence holds leaked ground-truth records."""
    tasks = {t.id: t for t in store.tasks()}
    wanted: list[tuple[str, str, EvidenceSpace, list[str]]] = []
    by_space: dict[EvidenceSpace, set[str]] = {}
    for name in [run] if run else store.run_names():
        for task_id, output in store.outputs(name).items():
            task = tasks.get(task_id)
            if task is None or not output.retrieved:
                continue
            space = task_space(task)
            ids = evidence_ids(output.retrieved, space)
            wanted.append((name, task_id, space, ids))
            by_space.setdefault(space, set()).update(ids)
    leaked = {space: set(library.leaked(space, sorted(ids))) for space, ids in by_space.items()}
    found = []
    for name, task_id, space, ids in wanted:
        hits = tuple(dict.fromkeys(i for i in ids if i in leaked[space]))
        if hits:
            found.append(Leak(name, task_id, hits))
    order = {t: i for i, t in enumerate(tasks)}
    runs = {r: i for i, r in enumerate(store.run_names())}
    return sorted(found, key=lambda lk: (runs.get(lk.run, 0), order.get(lk.task_id, 0)))


def leaks_json(leaks: list[Leak]) -> list[dict[str, object]]:
    return [{"run": lk.run, "task_id": lk.task_id, "ids": list(lk.ids)} for lk in leaks]


def leaks_text(leaks: list[Leak], fmt: str) -> str:
    """The "Leaked ground_truth evidence" section of a table or Markdown report."""
    title = "Leaked ground_truth evidence"
    if fmt == "md":
        lines = [f"## {title}", ""]
        if not leaks:
            return "\n".join([*lines, "None.", ""]) + "\n"
        lines += ["| run | task | ids |", "|---|---|---|"]
        lines += [f"| {lk.run} | {lk.task_id} | {', '.join(lk.ids)} |" for lk in leaks]
        return "\n".join([*lines, ""]) + "\n"
    lines = [title]
    if not leaks:
        lines.append("  none")
    lines += [f"  {lk.run}  {lk.task_id}  {', '.join(lk.ids)}" for lk in leaks]
    return "\n".join(lines) + "\n"


def add_leaks(report: str, fmt: str, leaks: list[Leak]) -> str:
    """A rendered report with the leaks added: a section (table, md) or a "leaks" key (json).
    CSV stays one flat table of metrics."""
    import json

    if fmt == "json":
        data = json.loads(report)
        data["leaks"] = leaks_json(leaks)
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt in ("table", "md"):
        return report.rstrip("\n") + "\n\n" + leaks_text(leaks, fmt)
    return report
