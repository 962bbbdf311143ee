"""Settings: a TOML file (XDG config dir, or ANSER_CONFIG_FILE) and ANSER_* variables.

Environment variables win over the file, values given win over both; nested settings use a
double underscore, e.g. ANSER_JUDGE__MODEL (`settings_env`). The judge's API key is read from
the environment at call time and is never a setting, never stored. A bad file (not UTF-8, not
TOML, a value of the wrong type, nan or inf) is one InputError naming the file and line
(config_file).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError

APP_NAME = "anser-tui"
ENV_PREFIX = "ANSER_"


def default_config_file() -> Path:
    override = os.environ.get("ANSER_CONFIG_FILE")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml"


class JudgeSettings(BaseModel):
    model_config = ConfigDict(allow_inf_nan=False, defer_build=True)

    base_url: str | None = None
    model: str = "gpt-5.6-sol"
    reasoning_effort: str | None = "high"
    temperature: float = 0.0
    timeout_s: float = 120.0
    max_retries: int = 5
    concurrency: int = 8
    api_key_env: str = "OPENAI_API_KEY"
    # A folder of prompt files (<template id>.txt) that replace the packaged ones of the same
    # name, e.g. a benchmark's official grader prompt under its template id (the benchmark's
    # judge protocol names its templates) (ANSER_JUDGE__PROMPT_DIR).
    prompt_dir: Path | None = None


class BertScoreSettings(BaseModel):
    model_config = ConfigDict(allow_inf_nan=False, defer_build=True)

    model_en: str = "roberta-large"
    layers_en: int | None = 17
    model_zh: str = "bert-base-chinese"
    layers_zh: int | None = 8
    batch_size: int = 64
    device: str | None = None
    rescale_with_baseline: bool = False


class CalibrationSettings(BaseModel):
    """The calibration report: the stopping rule's target interval width (points of the
    0-100 score), the corrected score's estimator ("ppi++" or "classic") and whether its
    interval carries the finite-population correction, and the bootstrap's seed and number
    of resamples."""

    model_config = ConfigDict(defer_build=True)

    target_width: float = Field(default=5.0, gt=0)
    estimator: Literal["ppi++", "classic"] = "ppi++"
    finite_population: bool = True
    seed: int = 0
    resamples: int = Field(default=1000, ge=1)


class CorpusOverride(BaseModel):
    """Per-corpus descriptor override for a release whose tables or columns differ."""

    model_config = ConfigDict(defer_build=True)

    table: str | None = None
    key: str | None = None
    title: list[str] | None = None
    text: list[str] | None = None
    metadata: list[str] | None = None


class Settings(BaseModel):
    """Every setting; `Settings(**values)` reads the file and the ANSER_* variables under
    the values given."""

    model_config = ConfigDict(extra="ignore", allow_inf_nan=False, defer_build=True)

    data_dir: Path = Field(default_factory=lambda: Path(platformdirs.user_data_dir(APP_NAME)))
    reviewer: str = Field(default_factory=lambda: os.environ.get("USER") or "reviewer")
    keymap: dict[str, str] = Field(default_factory=dict)
    judge: JudgeSettings = Field(default_factory=JudgeSettings.model_construct)
    bertscore: BertScoreSettings = Field(default_factory=BertScoreSettings.model_construct)
    calibration: CalibrationSettings = Field(default_factory=CalibrationSettings.model_construct)
    corpora: dict[str, CorpusOverride] = Field(default_factory=dict)
    # Where each benchmark's data folder is on this machine ({<benchmark>: "/data/<folder>"}),
    # for a workspace made elsewhere or whose folder moved (`--data` wins over it).
    benchmark_data: dict[str, Path] = Field(default_factory=dict)
    # The review header's pace and time to go (the tests turn it off: snapshots stay stable).
    show_timings: bool = True

    def __init__(self, **values: Any) -> None:
        super().__init__(**_given(values))


def _given(values: dict[str, Any]) -> dict[str, Any]:
    """What the file, the ANSER_* variables and `values` set, merged in that order."""
    from anser_tui.core.settings_env import environment_values, merged

    path = default_config_file()
    file: dict[str, Any] = {}
    if path.is_file():
        from anser_tui.core.settings_file import read_config

        file = read_config(path)
    return merged(file, environment_values(Settings, ENV_PREFIX), values)


def load_settings(**overrides: Any) -> Settings:
    """The settings; a bad value is one InputError naming the config file and line (or the
    environment variable) that gave it. When nothing sets any, the defaults are constructed
    as declared: no validator is built (nor pydantic's plugins looked for) on the way to the
    review screen."""
    try:
        given = _given(overrides)
        return Settings.model_validate(given) if given else Settings.model_construct()
    except ValidationError as exc:
        from anser_tui.core.settings_file import setting_error

        raise setting_error(exc, default_config_file()) from None
