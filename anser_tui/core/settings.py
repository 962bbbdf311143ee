"""Settings: a TOML file (XDG config dir, or ANSER_CONFIG_FILE) and ANSER_* variables.

Environment variables win over the file; nested settings use a double underscore,
e.g. ANSER_JUDGE__MODEL. The judge's API key is read from the environment at call time and
is never a setting, never stored. A bad file (not UTF-8, not TOML, a value of the wrong type,
nan or inf) is one InputError naming the file and line (config_file).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

APP_NAME = "anser-tui"


def default_config_file() -> Path:
    override = os.environ.get("ANSER_CONFIG_FILE")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml"


class JudgeSettings(BaseModel):
    model_config = ConfigDict(allow_inf_nan=False)

    base_url: str | None = None
    model: str = "gpt-5.6-sol"
    reasoning_effort: str | None = "high"
    temperature: float = 0.0
    timeout_s: float = 120.0
    max_retries: int = 5
    concurrency: int = 8
    api_key_env: str = "OPENAI_API_KEY"
    # A folder of prompt files (<template id>.txt) that replace the packaged ones of the same
    # name, e.g. PRBench's official grader as prbench_grader.txt (ANSER_JUDGE__PROMPT_DIR).
    prompt_dir: Path | None = None


class BertScoreSettings(BaseModel):
    model_config = ConfigDict(allow_inf_nan=False)

    model_en: str = "roberta-large"
    layers_en: int | None = 17
    model_zh: str = "bert-base-chinese"
    layers_zh: int | None = 8
    batch_size: int = 64
    device: str | None = None
    rescale_with_baseline: bool = False


class CalibrationSettings(BaseModel):
    """The calibration report: the stopping rule's target interval width (points of the
    0-100 score), and the bootstrap's seed and number of resamples."""

    target_width: float = Field(default=5.0, gt=0)
    seed: int = 0
    resamples: int = Field(default=1000, ge=1)


class CorpusOverride(BaseModel):
    """Per-corpus descriptor override for a release whose tables or columns differ."""

    table: str | None = None
    key: str | None = None
    title: list[str] | None = None
    text: list[str] | None = None
    metadata: list[str] | None = None


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ANSER_", env_nested_delimiter="__",
                                      extra="ignore", allow_inf_nan=False)

    data_dir: Path = Field(default_factory=lambda: Path(platformdirs.user_data_dir(APP_NAME)))
    reviewer: str = Field(default_factory=lambda: os.environ.get("USER") or "reviewer")
    keymap: dict[str, str] = Field(default_factory=dict)
    judge: JudgeSettings = Field(default_factory=JudgeSettings)
    bertscore: BertScoreSettings = Field(default_factory=BertScoreSettings)
    calibration: CalibrationSettings = Field(default_factory=CalibrationSettings)
    corpora: dict[str, CorpusOverride] = Field(default_factory=dict)
    # Where each benchmark's data folder is on this machine ({"anser": "/data/anser-bench"}),
    # for a workspace made elsewhere or whose folder moved (`--data` wins over it).
    benchmark_data: dict[str, Path] = Field(default_factory=dict)
    # The review header's pace and time to go (the tests turn it off: snapshots stay stable).
    show_timings: bool = True

    @classmethod
    def settings_customise_sources(
        cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, _ConfigFile(settings_cls, default_config_file()))


class _ConfigFile(TomlConfigSettingsSource):
    """The TOML source, read through config_file: a BOM accepted, errors with their line."""

    def __init__(self, settings_cls: type[BaseSettings], path: Path):
        super().__init__(settings_cls, toml_file=path)

    def _read_file(self, file_path: Any) -> dict[str, Any]:
        from anser_tui.core.settings_file import read_config

        return read_config(Path(file_path))


def load_settings(**overrides: Any) -> Settings:
    """The settings; a bad value is one InputError naming the config file and line (or the
    environment variable) that gave it."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        from anser_tui.core.settings_file import setting_error

        raise setting_error(exc, default_config_file()) from None
