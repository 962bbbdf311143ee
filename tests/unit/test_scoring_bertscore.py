"""BERTScore-F1 through bert-score with a tiny BERT built here; cache; graceful absence."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from tiny_bert import LAYERS, build_tiny_bert

from anser_tui.core.settings import BertScoreSettings
from anser_tui.scoring.bertscore import (
    INSTALL_HINT,
    BertScoreConfig,
    Pair,
    bertscore_f1,
    config_for,
)

PAIRS = [
    ("exercise reduces depressive symptoms", "exercise reduces symptoms in older adults"),
    ("revenue grew", "margins fell"),
    ("the company is compliant", "the company is not compliant"),
    ("甲应返还借款本金", "甲应返还借款本金并支付逾期利息"),
    ("exercise reduces depressive symptoms", "exercise reduces symptoms in older adults"),
]


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_bert(tmp_path_factory.mktemp("tiny-bert"))


class MemoryCache:
    def __init__(self) -> None:
        self.values: dict[tuple[str, int, Pair], float] = {}

    def get(self, model: str, layers: int, pairs: Sequence[Pair]) -> dict[Pair, float]:
        return {p: v for p in pairs if (v := self.values.get((model, layers, p))) is not None}

    def put(self, model: str, layers: int, values: Mapping[Pair, float]) -> None:
        self.values.update({(model, layers, p): v for p, v in values.items()})


def test_values_equal_bert_score_called_directly(tiny_model: Path) -> None:
    import bert_score

    config = BertScoreConfig(model=str(tiny_model), layers=LAYERS, batch_size=2)
    result = bertscore_f1(PAIRS, config)
    _, _, f1 = bert_score.score([c for c, _ in PAIRS], [r for _, r in PAIRS],
                                model_type=str(tiny_model), num_layers=LAYERS, batch_size=2)
    assert result.reason is None
    assert result.values == pytest.approx(f1.tolist(), abs=1e-6)
    assert result.computed == 4  # the repeated pair is computed once
    assert result.values[0] == result.values[4]
    assert all(0.0 < v < 1.0 for v in result.values if v is not None)


def test_empty_candidate_or_reference_scores_zero_without_the_model(tiny_model: Path) -> None:
    # bert-score's greedy matching sets an empty sentence's score to 0; its encoder call for an
    # empty string fails with transformers 5, so empty pairs never reach it.
    result = bertscore_f1([("", "margins fell"), ("  ", "x"), ("revenue grew", "")],
                          BertScoreConfig(model=str(tiny_model), layers=LAYERS))
    assert result.values == [0.0, 0.0, 0.0] and result.computed == 0 and result.reason is None


def test_cache_is_used_and_keyed_by_model_and_layers(tiny_model: Path) -> None:
    cache = MemoryCache()
    config = BertScoreConfig(model=str(tiny_model), layers=LAYERS)
    first = bertscore_f1(PAIRS, config, cache)
    again = bertscore_f1(PAIRS, config, cache)
    assert (again.computed, again.cached) == (0, 4) and again.values == first.values
    other_layer = bertscore_f1(PAIRS[:1], BertScoreConfig(model=str(tiny_model), layers=1), cache)
    assert other_layer.computed == 1
    keys = {(m, n) for m, n, _ in cache.values}
    assert keys == {(str(tiny_model), LAYERS), (str(tiny_model), 1)}


def test_cached_values_need_no_model() -> None:
    cache = MemoryCache()
    cache.put("no-such-model", 3, {("a", "b"): 0.75})
    result = bertscore_f1([("a", "b")], BertScoreConfig(model="no-such-model", layers=3), cache)
    assert result.values == [0.75] and result.reason is None


def test_progress_is_reported(tiny_model: Path) -> None:
    seen: list[tuple[int, int]] = []
    bertscore_f1(PAIRS, BertScoreConfig(model=str(tiny_model), layers=LAYERS),
                 on_progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 4) and seen[-1] == (4, 4)


def test_without_bert_score_installed(monkeypatch: pytest.MonkeyPatch, tiny_model: Path) -> None:
    monkeypatch.setitem(sys.modules, "bert_score", None)
    result = bertscore_f1(PAIRS[:2], BertScoreConfig(model=str(tiny_model), layers=LAYERS))
    assert result.values == [None, None] and result.reason == INSTALL_HINT


@pytest.mark.parametrize(("model", "reason"), [
    ("roberta-large", "model roberta-large is not available offline"),
    ("/no/such/model/folder", "model folder /no/such/model/folder does not exist"),
])
def test_a_model_that_cannot_load_offline(model: str, reason: str) -> None:
    result = bertscore_f1(PAIRS[:1], BertScoreConfig(model=model, layers=17))
    assert result.values == [None]
    assert result.reason is not None and result.reason.startswith(reason)


def test_rescaling_without_a_baseline_is_not_computed(tiny_model: Path) -> None:
    config = BertScoreConfig(model=str(tiny_model), layers=LAYERS, rescale_with_baseline=True)
    result = bertscore_f1(PAIRS[:1], config)
    assert result.values == [None] and "no rescaling baseline" in (result.reason or "")


def test_rescaling_uses_the_packages_baseline() -> None:
    cache = MemoryCache()
    cache.put("roberta-large", 17, {("a", "b"): 0.9})
    config = BertScoreConfig(model="roberta-large", layers=17, rescale_with_baseline=True)
    spec = importlib.util.find_spec("bert_score")
    assert spec is not None and spec.submodule_search_locations
    table = Path(next(iter(spec.submodule_search_locations)), "rescale_baseline", "en",
                 "roberta-large.tsv").read_text().splitlines()
    baseline = float(table[1 + 17].split(",")[3])  # the header, then layers 0..; column F
    assert bertscore_f1([("a", "b")], config, cache).values == [
        pytest.approx((0.9 - baseline) / (1 - baseline))]


def test_settings_choose_the_model_per_language() -> None:
    settings = BertScoreSettings()
    assert (config_for("zh", settings).model, config_for("zh", settings).layers) == (
        "bert-base-chinese", 8)
    assert (config_for("en", settings).model, config_for("en", settings).layers) == (
        "roberta-large", 17)


def test_a_failure_while_scoring_keeps_what_was_scored(tiny_model: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    from anser_tui.scoring import bertscore

    config = BertScoreConfig(model=str(tiny_model), layers=LAYERS, batch_size=1)
    scorer = bertscore._scorer(config.model, config.layers, config.device)
    calls = []

    def flaky(cands: list[str], refs: list[str], batch_size: int) -> object:
        calls.append(len(cands))
        if len(calls) > 1:
            raise RuntimeError("out of memory\nmore detail")
        return None, None, torch.full((len(cands),), 0.5)

    monkeypatch.setattr(scorer, "score", flaky)
    pairs = [(f"revenue grew {i}", "margins fell") for i in range(300)]  # two chunks of 256
    cache = MemoryCache()
    result = bertscore_f1(pairs, config, cache)
    assert result.reason == "BERTScore failed: out of memory"
    assert result.computed == 256 and len(cache.values) == 256
    assert result.values[:256] == [0.5] * 256
    assert result.values[256:] == [None] * 44
