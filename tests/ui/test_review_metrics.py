"""The review screen's answer panel: the task's metric values and what the scorer parsed."""

from __future__ import annotations

import io
from pathlib import Path

from mini_bench import write_mini_bench
from rich.console import Console, RenderableType

from anser_tui.benchmarks.anser import load_anser, rubric_for
from anser_tui.benchmarks.anser.evidence_diff import evidence_diff
from anser_tui.benchmarks.registry import benchmark_named
from anser_tui.cli import build_app
from anser_tui.core.settings import BertScoreSettings
from anser_tui.exchange.workspace_scores import score_workspace
from anser_tui.review.item_view import ItemView
from anser_tui.screens.review import ReviewScreen
from anser_tui.widgets.render import answer_body, metrics_body
from anser_tui.widgets.text_panel import TextPanel
from anser_tui.workspace import Item, RunOutput, WorkspaceStore


def plain(renderable: RenderableType) -> str:
    console = Console(width=150, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


async def test_answer_and_metrics_panels_show_the_tasks_metrics(review_workspace: Path) -> None:
    store = WorkspaceStore.open(review_workspace)
    score_workspace(store, BertScoreSettings(model_zh="/no/such/model"))
    store.close()
    app = build_app(review_workspace, reviewer="tester")
    async with app.run_test(size=(160, 48)):
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        text = plain(screen.query_one("#answer", TextPanel).content)
        metrics = plain(screen.query_one("#metrics", TextPanel).content)
    assert "甲应返还本金并支付利息" in text
    # retrieved law_675 (hit), law_9 (miss), law_675 again (dropped); gold law_675, law_676
    assert "Recall@5 0.5" in metrics and "R-Precision 0.5" in metrics
    assert "BERTScore-F1: not computed: model folder /no/such/model does not exist" in metrics


def _view(tmp_path: Path, task_id: str, answer: object,
          metrics: dict[str, tuple[float | None, str | None]]) -> ItemView:
    task = next(t for t in load_anser(write_mini_bench(tmp_path)) if t.id == task_id)
    output = RunOutput(task_id=task_id, answer=answer, retrieved=[])
    rubric = rubric_for("legal_zh_prescriptive", "short")
    assert rubric is not None
    return ItemView(item=Item("sys", task_id), position=0, task=task, output=output,
                    judgment=None, rubric=rubric, diff=evidence_diff(task, []),
                    metrics=metrics, metric_names=benchmark_named("anser").metric_names(task))


def test_parsed_value_beside_the_raw_answer(tmp_path: Path) -> None:
    view = _view(tmp_path / "a", "finance_zh_descriptive_12", "约１，５００亿元",
                 {"SMAPE": (1.55, "parsed: 1500"), "Recall@5": (0.0, None),
                  "Precision@5": (0.0, None)})
    text, metrics = plain(answer_body(view)), plain(metrics_body(view))
    assert "约１，５００亿元" in text and "parsed: 1500" in text
    assert "SMAPE 1.55" in metrics and "Precision@5 0" in metrics


def test_unparsed_and_untrusted_details_are_shown_literally(tmp_path: Path) -> None:
    view = _view(tmp_path / "b", "finance_zh_descriptive_201", "[bold]none[/bold]\x1b[2J",
                 {"MAE": (None, "unparsed: no number"),
                  "Accuracy@10%": (0.0, "unparsed: no number")})
    text, metrics = plain(answer_body(view)), plain(metrics_body(view))
    assert "[bold]none[/bold]␛[2J" in text and "\x1b" not in text
    assert "unparsed: no number" in text and "Accuracy@10% 0" in metrics


def test_unscored_item_says_so(tmp_path: Path) -> None:
    view = _view(tmp_path / "c", "science_en_predictive_1", "Exercise helps.", {})
    assert "No metrics yet" in plain(metrics_body(view))


def test_missing_output_is_an_empty_answer(tmp_path: Path) -> None:
    view = _view(tmp_path / "d", "science_en_predictive_1", None, {"Token-F1": (0.0, None)})
    view = ItemView(**{**view.__dict__, "output": None})
    text, metrics = plain(answer_body(view)), plain(metrics_body(view))
    assert "scored as an empty answer" in text and "Token-F1 0" in metrics

