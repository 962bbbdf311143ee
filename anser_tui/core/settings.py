"""Settings: a TOML file (XDG config dir, or ANSER_CONFIG_FILE) and ANSER_* variables.

Environment variables win over the file, values given win over both; nested settings use a
double underscore, e.g. ANSER_JUDGE__MODEL (`settings_env`). The judge's API key is read from
the environment at call time and is never a setting, never stored. A bad file (not UTF-8, not
TOML, a value of the wrong type, nan or inf) is one InputError naming the file and line
(config_file).

Each settings class is a `core.record.Record` (a dataclass): the defaults, and values set as
declared (a config file's, mostly), are taken without pydantic, which validates the others.
"""

from __future__ import annotations

import os
from dataclasses import field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Self

import platformdirs

from anser_tui.core.exact import exactly
from anser_tui.core.record import Bound, Record

APP_NAME = "anser-tui"
ENV_PREFIX = "ANSER_"


def default_config_file() -> Path:
    override = os.environ.get("ANSER_CONFIG_FILE")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME)) / "config.toml"


class JudgeSettings(Record, frozen=False):
    """The `[judge]` table: the endpoint, model and parameters, and how requests are sent."""

    __pydantic_config__: ClassVar[dict[str, object]] = {"allow_inf_nan": False}

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


class BertScoreSettings(Record, frozen=False):
    """The `[bertscore]` table: the model and layer for each language, and the batch size."""

    __pydantic_config__: ClassVar[dict[str, object]] = {"allow_inf_nan": False}

    model_en: str = "roberta-large"
    layers_en: int | None = 17
    model_zh: str = "bert-base-chinese"
    layers_zh: int | None = 8
    batch_size: int = 64
    device: str | None = None
    rescale_with_baseline: bool = False


class CalibrationSettings(Record, frozen=False):
    """The calibration report: the stopping rule's target interval width (points of the
    0-100 score), the corrected score's estimator ("ppi++" or "classic") and whether its
    interval carries the finite-population correction, and the bootstrap's seed and number
    of resamples."""

    target_width: Annotated[float, Bound(gt=0)] = 5.0
    estimator: Literal["ppi++", "classic"] = "ppi++"
    finite_population: bool = True
    seed: int = 0
    resamples: Annotated[int, Bound(ge=1)] = 1000


class CorpusOverride(Record, frozen=False):
    """Per-corpus descriptor override for a release whose tables or columns differ."""

    table: str | None = None
    key: str | None = None
    title: list[str] | None = None
    text: list[str] | None = None
    metadata: list[str] | None = None


class Settings(Record, frozen=False):
    """Every setting; `Settings(**values)` reads the file and the ANSER_* variables under
    the values given."""

    __pydantic_config__: ClassVar[dict[str, object]] = {"extra": "ignore", "allow_inf_nan": False}

    data_dir: Path = field(default_factory=lambda: Path(platformdirs.user_data_dir(APP_NAME)))
    reviewer: str = field(default_factory=lambda: os.environ.get("USER") or "reviewer")
    keymap: dict[str, str] = field(default_factory=dict)
    judge: JudgeSettings = field(default_factory=JudgeSettings.model_construct)
    bertscore: BertScoreSettings = field(default_factory=BertScoreSettings.model_construct)
    calibration: CalibrationSettings = field(default_factory=CalibrationSettings.model_construct)
    corpora: dict[str, CorpusOverride] = field(default_factory=dict)
    # Where each benchmark's data folder is on this machine ({<benchmark>: "/data/<folder>"}),
    # for a workspace made elsewhere or whose folder moved (`--data` wins over it).
    benchmark_data: dict[str, Path] = field(default_factory=dict)
    # The review header's pace and time to go (the tests turn it off: snapshots stay stable).
    show_timings: bool = True

    def __init__(self, **values: Any) -> None:
        self.__dict__.update(super().model_validate(_given(values)).__dict__)

    @classmethod
    def model_validate(cls, obj: Any) -> Self:
        """Settings from values, read as `Settings(**values)` reads them: over the file and
        the variables (as pydantic validates a model with its own `__init__`)."""
        return obj if isinstance(obj, cls) else cls(**obj)


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
    as declared, and values that all have their declared types (`core.exact`) are taken as
    they are: pydantic is imported only for values it has to convert or refuse."""
    given = _given(overrides)
    if not given:
        return Settings.model_construct()
    found = exactly(Settings, given)  # a config file's values as declared: no pydantic
    if found is not None:
        return found
    from pydantic import ValidationError

    try:
        return Settings.model_validate(given)
    except ValidationError as exc:
        from anser_tui.core.settings_file import setting_error

        raise setting_error(exc, default_config_file()) from None
