"""BERTScore-F1 through the bert-score package: lazy, batched, cached, offline.

bert-score and torch are imported inside `bertscore_f1` only. Defaults follow the package (en
roberta-large layer 17, zh bert-base-chinese layer 8); a local model folder and its layer can be
given instead. Models are loaded with the Hugging Face hub offline, so nothing reaches the
network: a hub name that is not in the local cache is "not computed" with the reason, as is
everything when bert-score or torch is not installed. Nothing here raises for a missing model.

Values are the raw F1 of the package (no idf, no baseline rescaling unless asked). An empty
candidate or reference scores 0, the value bert-score itself gives, without running the model.
A model that fails while scoring leaves the pairs it had not reached "not computed" with the
error; the pairs scored before the failure are kept (and cached). The cache (see
`BertScoreCache`) keeps raw F1 keyed by (model, layers, candidate, reference); layers -1 stands
for the package's default layer of the model. Rescaling, when asked, is applied
after the cache with the package's baseline file for (lang, model).
"""

from __future__ import annotations

import csv
import importlib.util
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from anser_tui.core.settings import BertScoreSettings

Pair = tuple[str, str]
DEFAULT_LAYERS = -1
INSTALL_HINT = "bert-score is not installed (pip install 'anser-tui[bertscore]')"


@dataclass(frozen=True)
class BertScoreConfig:
    model: str
    layers: int | None = None
    batch_size: int = 64
    device: str | None = None
    rescale_with_baseline: bool = False
    lang: str = "en"

    @property
    def cache_layers(self) -> int:
        return DEFAULT_LAYERS if self.layers is None else self.layers


def config_for(lang: str, settings: BertScoreSettings) -> BertScoreConfig:
    """The model, layer and batch settings used for answers in `lang` ("zh" or "en")."""
    zh = lang == "zh"
    return BertScoreConfig(model=settings.model_zh if zh else settings.model_en,
                           layers=settings.layers_zh if zh else settings.layers_en,
                           batch_size=settings.batch_size, device=settings.device,
                           rescale_with_baseline=settings.rescale_with_baseline,
                           lang="zh" if zh else "en")


class BertScoreCache(Protocol):
    def get(self, model: str, layers: int, pairs: Sequence[Pair]) -> dict[Pair, float]: ...

    def put(self, model: str, layers: int, values: Mapping[Pair, float]) -> None: ...


@dataclass
class BertScoreResult:
    values: list[float | None]
    reason: str | None = None  # why a value is None ("bert-score is not installed", ...)
    computed: int = 0  # distinct pairs run through the model
    cached: int = 0  # distinct pairs read from the cache


Progress = Callable[[int, int], None]


def bertscore_f1(pairs: Sequence[Pair], config: BertScoreConfig,
                 cache: BertScoreCache | None = None,
                 on_progress: Progress | None = None,
                 run_model: bool = True) -> BertScoreResult:
    """BERTScore-F1 of each (candidate, reference) pair; None with a reason where unavailable.

    `run_model=False`: only what needs no model (empty pairs, cached pairs); the others are
    None, with the reason only where the model could not run here anyway (`unavailable`)."""
    empty = {p for p in pairs if not p[0].strip() or not p[1].strip()}
    wanted = list(dict.fromkeys(p for p in pairs if p not in empty))
    layers = config.cache_layers
    known = cache.get(config.model, layers, wanted) if cache and wanted else {}
    missing = [p for p in wanted if p not in known]
    result = BertScoreResult([], cached=len(known))
    raw: dict[Pair, float] = {**dict.fromkeys(empty, 0.0), **known}
    if missing and not run_model:
        result.reason = unavailable(config)
    elif missing:
        fresh: dict[Pair, float] = {}
        try:
            _compute(missing, config, fresh, on_progress)
        except _Unavailable as exc:
            result.reason = str(exc)
        result.computed = len(fresh)
        raw.update(fresh)
        if cache is not None and fresh:
            cache.put(config.model, layers, fresh)
    scale = _rescaler(config) if config.rescale_with_baseline else None
    if config.rescale_with_baseline and scale is None and result.reason is None:
        result.reason = f"no rescaling baseline for {config.model} ({config.lang})"
    for pair in pairs:
        value = raw.get(pair)
        if value is not None and config.rescale_with_baseline:
            value = scale(value) if scale is not None else None
        result.values.append(value)
    return result


class _Unavailable(Exception):
    """BERTScore cannot run here; the message says why."""


def unavailable(config: BertScoreConfig) -> str | None:
    """Why BERTScore cannot run here with `config` (the package, torch, the model offline),
    found without importing torch or loading the model; None when it may run."""
    try:
        if importlib.util.find_spec("bert_score") is None or importlib.util.find_spec(
                "torch") is None:
            return INSTALL_HINT
    except (ImportError, ValueError):
        return INSTALL_HINT
    return _model_reason(config.model)


def _model_reason(model: str) -> str | None:
    """Why `model` cannot be loaded offline, or None when it is a folder or in the HF cache."""
    if Path(model).expanduser().is_dir():
        return None
    if model.startswith((".", "/", "~")) or model.count("/") > 1 or "\\" in model:
        return f"model folder {model} does not exist"
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return None
    try:
        found = try_to_load_from_cache(model, "config.json")
    except Exception:  # an invalid repo id: not a hub model either
        found = None
    if isinstance(found, str):
        return None
    return f"model {model} is not available offline (not a folder, not in the local cache)"


@contextmanager
def _offline() -> Iterator[None]:
    """The Hugging Face hub and transformers in offline mode for the duration."""
    names = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
    saved = {n: os.environ.get(n) for n in names}
    os.environ.update(dict.fromkeys(names, "1"))
    constants: Any = None
    with suppress(ImportError):
        import huggingface_hub.constants as constants
    before = getattr(constants, "HF_HUB_OFFLINE", None)
    if constants is not None:
        constants.HF_HUB_OFFLINE = True
    try:
        yield
    finally:
        if constants is not None:
            constants.HF_HUB_OFFLINE = before
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@lru_cache(maxsize=2)
def _scorer(model: str, layers: int | None, device: str | None) -> Any:
    """A loaded BERTScorer, kept for the process (models are large to load)."""
    import torch
    from bert_score import BERTScorer

    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    with _offline():
        return BERTScorer(model_type=model, num_layers=layers, device=device)


def clear_loaded_models() -> None:
    _scorer.cache_clear()


def _compute(pairs: list[Pair], config: BertScoreConfig, out: dict[Pair, float],
             on_progress: Progress | None) -> None:
    """Score `pairs` into `out` chunk by chunk; _Unavailable (pairs so far kept) on failure."""
    reason = unavailable(config)
    if reason:
        raise _Unavailable(reason)
    try:
        scorer = _scorer(config.model, config.layers, config.device)
    except ImportError as exc:
        raise _Unavailable(f"{INSTALL_HINT}: {exc}") from None
    except Exception as exc:
        raise _Unavailable(f"cannot load {config.model}: {_first_line(exc)}") from None
    chunk = max(config.batch_size * 16, 256)
    if on_progress is not None:
        on_progress(0, len(pairs))
    for start in range(0, len(pairs), chunk):
        part = pairs[start:start + chunk]
        try:
            _, _, f1 = scorer.score([c for c, _ in part], [r for _, r in part],
                                    batch_size=config.batch_size)
        except Exception as exc:
            raise _Unavailable(f"BERTScore failed: {_first_line(exc)}") from None
        out.update(zip(part, (float(v) for v in f1.tolist()), strict=True))
        if on_progress is not None:
            on_progress(len(out), len(pairs))


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _rescaler(config: BertScoreConfig) -> Callable[[float], float] | None:
    """(F - b) / (1 - b) with the package's F baseline for (lang, model, layer), if it has one."""
    spec = importlib.util.find_spec("bert_score")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations)), "rescale_baseline", config.lang,
                f"{config.model}.tsv")
    if not path.is_file() or config.layers is None:
        return None
    with path.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    if config.layers >= len(rows):
        return None
    baseline = float(rows[config.layers]["F"])
    return lambda value: (value - baseline) / (1 - baseline)
