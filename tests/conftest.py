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




@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Config and data live in the test's tmp_path; no user settings leak in."""
    config = tmp_path / "config" / "config.toml"
    monkeypatch.setenv("ANSER_CONFIG_FILE", str(config))
    monkeypatch.setenv("ANSER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ANSER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ANSER_REVIEWER", "tester")
    monkeypatch.setenv("ANSER_SHOW_TIMINGS", "false")  # no pace on screen: stable snapshots
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return config


@pytest.fixture(autouse=True)
def click_runner_is_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process tests run `review` and `demo` through click's CliRunner with AnserApp.run
    patched: they stand for a terminal (test_no_terminal runs the real check in a child)."""
    monkeypatch.setattr("anser_tui.cli.group.has_terminal", lambda: True, raising=False)


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    from textual.widgets import Input

    monkeypatch.setattr(Input, "cursor_blink", False, raising=False)


# -- the figures CI prints: how many bad inputs were tried, and how each came out -------------
_BAD_INPUTS: dict[str, int] = {"tried": 0, "reject": 0, "accept": 0}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count the bad-input cases (tests that record a `bad_input` property), on the controller
    too when the run is spread over xdist workers."""
    if report.when != "call":
        return
    for name, expect in report.user_properties:
        if name == "bad_input":
            _BAD_INPUTS["tried"] += 1
            if report.passed:
                _BAD_INPUTS[str(expect)] += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line of figures at the end of every run (CI's log shows it)."""
    if hasattr(terminalreporter.config, "workerinput"):
        return
    terminalreporter.write_line(
        f"reliability: bad inputs tried {_BAD_INPUTS['tried']} (rejected cleanly "
        f"{_BAD_INPUTS['reject']}, accepted as expected {_BAD_INPUTS['accept']}), "
        + summary_line(Path(os.environ[FIGURES_ENV])))
