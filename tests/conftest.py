"""Shared fixtures: settings and data paths point at tmp_path; no network, no clocks."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from figures import FIGURES_ENV, summary_line


def pytest_configure(config: pytest.Config) -> None:
    """One file the workers append their figures to (set before xdist starts them)."""
    if not os.environ.get(FIGURES_ENV):
        handle, path = tempfile.mkstemp(prefix="anser-figures-", suffix=".tsv")
        os.close(handle)
        os.environ[FIGURES_ENV] = path


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if hasattr(terminalreporter.config, "workerinput"):
        return
    terminalreporter.write_line(summary_line(Path(os.environ[FIGURES_ENV])))


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Config and data live in the test's tmp_path; no user settings leak in."""
    config = tmp_path / "config" / "config.toml"
    monkeypatch.setenv("ANSER_CONFIG_FILE", str(config))
    monkeypatch.setenv("ANSER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ANSER_REVIEWER", "tester")
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return config


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import Input

    monkeypatch.setattr(Input, "cursor_blink", False, raising=False)
