"""Each benchmark's review card (benchmarks/<name>/card.py) on its demo: the marks form, the keys
it adds, what the judge said, and text that is safe (neutralised) before any widget sees it."""

from __future__ import annotations

from pathlib import Path

from anser_tui.benchmarks.card import (
    CardItem,
    CardKey,
    FormKind,
    ReviewCard,
    Section,
    plain_lines,
)
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.demo import ensure_demo_workspace
from anser_tui.workspace import WorkspaceStore
from anser_tui.workspace.judgments import current_of, judgment_history
from anser_tui.workspace.records import RunOutput


def _cards(workspace: Path) -> list[tuple[CardItem, ReviewCard]]:
    with WorkspaceStore.open(workspace) as store:
        benchmark = benchmark_named(store.benchmark)
        (run,) = store.run_names()
        items = [CardItem(t, run, store.output(run, t.id),
                          current_of(judgment_history(store, run, t.id))) for t in store.tasks()]
    return [(item, benchmark.review_card(item)) for item in items]


def test_prbench_card_is_a_criterion_list_with_folded_references(tmp_path: Path) -> None:
    for item, card in _cards(ensure_demo_workspace("prbench", tmp_path / "pr")):
        rubric = benchmark_named("prbench").rubric(item.task)
        assert rubric is not None
        assert card.form is FormKind.CRITERIA and card.keys == {CardKey.UNFOLD}
        assert card.reference is None
        assert list(card.criteria) == list(rubric.keys)
        references = [s for s in card.task.sections
                      if s.heading.startswith("Reference Text")]
        assert all(s.folded for s in references)
    first = _cards(ensure_demo_workspace("prbench", tmp_path / "pr2"))[0][1]
    assert "Reference Text 0:" in plain_lines(first.task.sections)


def test_aalcr_card_reads_a_verdict_as_the_verdict(tmp_path: Path) -> None:
    said: dict[str, tuple[Section, ...]] = {}
    for item, card in _cards(ensure_demo_workspace("aalcr", tmp_path / "lcr")):
        assert card.keys == {CardKey.FLIP, CardKey.DOCUMENTS}
        assert card.form is FormKind.SEQUENCE
        assert item.judgment is not None
        said[item.judgment.raw] = card.judge_said
    assert said['{"verdict": "CORRECT"}'] == (Section("Verdict", "CORRECT", inline=True),)
    assert said['{"verdict": "INCORRECT"}'] == (Section("Verdict", "INCORRECT", inline=True),)
    hedged = said['{"verdict": "PARTIALLY CORRECT"}']  # a parse failure shows what it said
    assert hedged[0].body == "(none parsed) raw output:"
    assert hedged[1].body == '{"verdict": "PARTIALLY CORRECT"}'


def test_card_text_is_neutralised(tmp_path: Path) -> None:
    item, _ = _cards(ensure_demo_workspace("aalcr", tmp_path / "lcr"))[0]
    unsafe = CardItem(item.task, "run\x1b]0;x\x07", RunOutput(
        task_id=item.task.id, answer="a\x1b[31mred\u202e", retrieved=[]), None)
    card = benchmark_named("aalcr").review_card(unsafe)
    body = card.answer.sections[0].body
    assert body == "a␛[31mred<U+202E>" and "\x1b" not in card.answer.title
    assert card.judge_said == ()
