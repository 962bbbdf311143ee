"""Every corpus kind read from the embedded demo: gold ids of every group render, and the demo's
deliberate mistakes (unknown, cross-corpus and leaked ids) are found."""

from __future__ import annotations

from pathlib import Path

import pytest

from anser_tui.benchmarks.anser.evidence_diff import evidence_diff, task_space
from anser_tui.benchmarks.anser.groups import EVIDENCE_SPACES, GROUPS
from anser_tui.benchmarks.anser.layout import load_anser
from anser_tui.corpora import CorpusLibrary, CorpusStatus
from anser_tui.demo import build_demo
from anser_tui.workspace import read_run_file


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo("anser", tmp_path_factory.mktemp("demo") / "demo").data_dir


def test_every_group_and_key_space_renders_its_gold_evidence(demo: Path) -> None:
    library = CorpusLibrary(demo / "corpora", cache=demo / "cache")
    groups, spaces = set(), set()
    for task in load_anser(demo):
        space = task_space(task)
        diff = evidence_diff(task, [], library.resolver(space))
        notes = library.classify(space, diff.gold_ids)
        assert all(n.status is CorpusStatus.FOUND for n in notes.values()), task.id
        for evidence in diff.gold_ids[:2]:
            document = library.lookup(space, evidence)
            assert document is not None and document.title and document.text.strip(), evidence
            assert notes[evidence].title == document.title
        if diff.gold_ids:
            groups.add(task.group)
            spaces.add(space.corpus)
    assert groups == {g.name for g in GROUPS}
    assert spaces == {s.corpus for s in EVIDENCE_SPACES}
    assert library.errors == {}
    library.close()


def test_demo_run_holds_unknown_cross_corpus_and_leaked_ids(demo: Path) -> None:
    library = CorpusLibrary(demo / "corpora", cache=demo / "cache")
    tasks = {t.id: t for t in load_anser(demo)}
    found: dict[CorpusStatus, int] = {}
    run = build_demo("anser", demo.parent).run_file
    for _line, output in read_run_file(run, lambda task_id: task_id in tasks):
        task = tasks[output.task_id]
        space = task_space(task)
        diff = evidence_diff(task, output.retrieved, library.resolver(space))
        for note in library.classify(space, diff.ranked_ids).values():
            found[note.status] = found.get(note.status, 0) + 1
    assert found.get(CorpusStatus.NOT_IN_CORPUS, 0) >= 1
    assert found.get(CorpusStatus.CROSS_CORPUS, 0) >= 1
    assert found.get(CorpusStatus.LEAKED, 0) >= 1
    assert CorpusStatus.UNAVAILABLE not in found
    library.close()
