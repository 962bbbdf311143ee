"""Each registered benchmark's evidence (`Benchmark.evidence`) on its demo, as the neutral view
model the screens and `show` lay out (benchmarks/evidence.py): a benchmark gives evidence lists
exactly when it has corpora, in a key space its corpora describe, the ranks and hits agreeing
row by row."""

from __future__ import annotations

from pathlib import Path

import pytest

from anser_tui.benchmarks.card import CardItem
from anser_tui.benchmarks.evidence import EvidenceView
from anser_tui.benchmarks.libraries import corpus_library
from anser_tui.benchmarks.registry import benchmarks
from anser_tui.demo import ensure_demo_workspace
from anser_tui.workspace import WorkspaceStore
from anser_tui.workspace.judgments import current_of, judgment_history

WITH_DEMOS = [b.name for b in benchmarks() if b.demo() is not None]


def _consistent(view: EvidenceView) -> None:
    ranked = view.ranked_ids
    assert len(ranked) == len(set(ranked))
    assert [r.rank for r in view.retrieved if r.rank is not None] == list(
        range(1, len(ranked) + 1))
    for row in view.retrieved:
        if row.rank is None:  # a repeat points back at the rank its id took
            assert row.duplicate_of is not None and ranked[row.duplicate_of - 1] == row.id
    gold = set(view.gold_ids)
    assert all(r.hit == (r.id in gold) for r in view.retrieved)
    assert all(g.rank == (ranked.index(g.id) + 1 if g.id in ranked else None)
               for g in view.gold)
    assert view.n_hits == sum(1 for i in ranked if i in gold)


@pytest.mark.parametrize("name", WITH_DEMOS)
def test_evidence_is_given_with_corpora_and_names_their_space(name: str, tmp_path: Path) -> None:
    workspace = ensure_demo_workspace(name, tmp_path / name)
    with WorkspaceStore.open(workspace) as store:
        benchmark = next(b for b in benchmarks() if b.name == store.benchmark)
        spaces = {d.name for d in benchmark.corpus_descriptors()}
        library = corpus_library(benchmark, store.data_dir, cache=tmp_path / "cache")
        try:
            (run,) = store.run_names()
            for task in store.tasks():
                item = CardItem(task, run, store.output(run, task.id),
                                current_of(judgment_history(store, run, task.id)))
                view = benchmark.evidence(item, library)
                assert (view is not None) == bool(spaces), task.id
                if view is None:
                    continue
                assert view.space.corpus in spaces and library.available(view.space)
                _consistent(view)
                assert benchmark.evidence(item, None) is not None  # ids as written
        finally:
            library.close()
