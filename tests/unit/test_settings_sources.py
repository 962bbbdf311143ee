"""The settings read without pydantic-settings (on the review screen's path) give what
pydantic-settings gave: the same model declared as a BaseSettings with the sources the
package had (values given > ANSER_* variables > the TOML file) is the reference, for each
case of variables and file below."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import create_model

from anser_tui.core import settings as package
from anser_tui.core.errors import InputError

pydantic_settings = pytest.importorskip("pydantic_settings")


def _reference() -> type[Any]:
    class Base(pydantic_settings.BaseSettings):
        model_config = pydantic_settings.SettingsConfigDict(
            env_prefix="ANSER_", env_nested_delimiter="__", extra="ignore", allow_inf_nan=False)

        @classmethod
        def settings_customise_sources(cls, settings_cls: Any, init_settings: Any,
                                       env_settings: Any, dotenv_settings: Any,
                                       file_secret_settings: Any) -> tuple[Any, ...]:
            return (init_settings, env_settings, pydantic_settings.TomlConfigSettingsSource(
                settings_cls, toml_file=package.default_config_file()))

    fields: Any = {name: (field.annotation, field)
                   for name, field in package.Settings.model_fields.items()}
    return create_model("Reference", __base__=Base, **fields)


CASES: list[tuple[dict[str, str], str, dict[str, Any]]] = [
    ({}, "", {}),
    ({"ANSER_JUDGE__MODEL": "m", "ANSER_JUDGE__CONCURRENCY": "4"}, "", {}),
    ({"ANSER_JUDGE": '{"model": "j", "timeout_s": 5}', "ANSER_JUDGE__MAX_RETRIES": "2"}, "", {}),
    ({"ANSER_KEYMAP": '{"review.accept": "y"}'}, "", {}),
    ({"ANSER_BENCHMARK_DATA__ANSER": "/data/a", "anser_reviewer": "lower"}, "", {}),
    ({"ANSER_CORPORA__ARTICLES": '{"table": "t"}', "ANSER_CORPORA__LAWS__KEY": "k",
      "ANSER_CORPORA__LAWS__TITLE": '["a", "b"]'}, "", {}),
    ({"ANSER_JUDGE__MODEL": "env"}, '[judge]\nmodel = "file"\nconcurrency = 3\n', {}),
    ({"ANSER_DATA_DIR": "/d", "ANSER_CALIBRATION__SEED": "5", "ANSER_UNKNOWN": "x",
      "ANSER_JUDGE__UNKNOWN": "x"}, 'reviewer = "file"\n[calibration]\nresamples = 9\n', {}),
    ({"ANSER_REVIEWER": "env", "ANSER_JUDGE__MODEL": "env"}, '[judge]\ntemperature = 0.5\n',
     {"reviewer": "given", "judge": {"concurrency": 2}}),
    ({}, '[corpora.articles]\ntext = ["body"]\n[benchmark_data]\nanser = "/x"\n',
     {"keymap": {"app.quit": "Q"}}),
]


@pytest.mark.parametrize(("env", "toml", "given"), CASES)
def test_settings_are_what_pydantic_settings_read(env: dict[str, str], toml: str,
                                                  given: dict[str, Any], tmp_path: Path,
                                                  isolated_settings: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if toml:
        isolated_settings.parent.mkdir(parents=True, exist_ok=True)
        isolated_settings.write_text(toml, encoding="utf-8")
    assert package.Settings(**given).model_dump() == _reference()(**given).model_dump()


def test_a_bad_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_JUDGE__CONCURRENCY", "many")
    with pytest.raises(InputError) as caught:
        package.load_settings()
    assert caught.value.message == ("setting judge.concurrency: Input should be a valid "
                                    "integer, unable to parse string as an integer (from the "
                                    "environment variable ANSER_JUDGE__CONCURRENCY)")


def test_the_cases_do_set_values(isolated_settings: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_JUDGE__MODEL", "env")
    isolated_settings.parent.mkdir(parents=True, exist_ok=True)
    isolated_settings.write_text('[judge]\nmodel = "file"\nconcurrency = 3\n', encoding="utf-8")
    read = package.Settings(reviewer="given")
    assert (read.judge.model, read.judge.concurrency, read.reviewer) == ("env", 3, "given")


def test_nothing_set_gives_the_validated_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """load_settings constructs the defaults when no file, variable or value sets any (the
    review screen's start-up then builds no validator): the same settings as validating."""
    for name in ("ANSER_DATA_DIR", "ANSER_REVIEWER", "ANSER_CACHE_DIR"):
        monkeypatch.delenv(name)
    read = package.load_settings()
    assert read == package.Settings() == package.Settings.model_validate({})
    assert read.model_dump() == _reference()().model_dump()


def test_a_value_set_is_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANSER_CALIBRATION__RESAMPLES", "0")
    with pytest.raises(InputError, match=r"calibration\.resamples"):
        package.load_settings()
