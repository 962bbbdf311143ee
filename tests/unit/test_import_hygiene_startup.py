"""What the review screen's start-up imports (issue 16): `anser_tui.app` and what `build_app`
imports, and everything loaded by the time the review screen has painted its first item, hold
no pydantic (the records validate through it only when made from values, `core.record`) nor
pydantic-settings (the settings read ANSER_* themselves), no importlib.metadata (the registry
reads the entry-point files itself), no click (`build_app` lives in `cli.app_factory`), no
openai, numpy or scipy, no judge, calibration, exchange or demo package, no scorer and no
report, nor the queue's filter, jumps and item facts: each is imported when first used, not
before the first paint. Each check runs in a fresh interpreter (nothing this test session
imported counts) with no setting set (settings that are set, by a config file or an ANSER_*
variable, are validated by pydantic)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from anser_tui.demo import ensure_demo_workspace

ROOT = Path(__file__).resolve().parents[2]
NEVER_TOP = {"pydantic", "pydantic_core", "pydantic_settings", "annotated_types", "click",
             "openai", "numpy", "scipy", "sklearn", "torch", "inspect_ai", "textual_plotext",
             "plotext"}
NEVER_PACKAGES = ("importlib.metadata", "anser_tui.judge", "anser_tui.calibration", "anser_tui.exchange",
                  "anser_tui.demo", "anser_tui.screens.calibration", "anser_tui.screens.home",
                  "anser_tui.cli.group", "anser_tui.cli.review_cmds",
                  # the `/` filter, the jumps and the scores' queue orders: when first used
                  "anser_tui.review.navigation", "anser_tui.review.item_filter",
                  "anser_tui.review.item_facts", "anser_tui.review.disagreement")
SCORING_KEPT = {"anser_tui.scoring", "anser_tui.scoring.cells"}  # the cells the screen shows

_IMPORT = """
import json, sys
import anser_tui.app
from anser_tui.cli import build_app
import anser_tui.core.settings, anser_tui.review.queue
print(json.dumps(sorted(sys.modules)))
"""

_PAINT = """
import asyncio, json, sys
from pathlib import Path

async def main() -> None:
    from anser_tui.cli import build_app

    app = build_app(Path(sys.argv[1]), reviewer="hygiene", session="hygiene")
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ReviewScreen", app.screen
    print(json.dumps(sorted(sys.modules)))

asyncio.run(main())
"""


def _modules(script: str, *args: str) -> set[str]:
    """The modules `script` has imported, run with no setting set (the tests' config file,
    which does not exist, and no ANSER_* variable): settings set are validated by pydantic."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("ANSER_") or k == "ANSER_CONFIG_FILE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True, timeout=120)
    return set(json.loads(done.stdout.splitlines()[-1]))


def _deferred(modules: set[str]) -> list[str]:
    """The modules of `modules` that start-up must not import."""
    return sorted(m for m in modules
                  if m.split(".")[0] in NEVER_TOP
                  or any(m == p or m.startswith(f"{p}.") for p in NEVER_PACKAGES)
                  or (m.startswith("anser_tui.scoring") and m not in SCORING_KEPT)
                  or (m.startswith("anser_tui.benchmarks.") and m.endswith(".report")))


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return ensure_demo_workspace("anser", tmp_path_factory.mktemp("demo"))


def test_the_app_and_build_app_import_nothing_the_first_paint_does_not_need() -> None:
    modules = _modules(_IMPORT)
    assert {"anser_tui.app", "anser_tui.cli.app_factory", "anser_tui.core.settings"} <= modules
    assert _deferred(modules) == []


def test_the_painted_review_screen_has_imported_nothing_it_did_not_use(workspace: Path) -> None:
    modules = _modules(_PAINT, str(workspace))
    assert "anser_tui.screens.review" in modules
    assert _deferred(modules) == []


def test_the_deferred_modules_are_found_when_present() -> None:
    """The filter itself: each kind of module it must catch, it catches."""
    assert _deferred({"click.core", "pydantic_settings", "anser_tui.judge.client",
                      "anser_tui.judge_job", "anser_tui.scoring.choices",
                      "anser_tui.scoring.cells", "anser_tui.benchmarks.x.report",
                      "pydantic.main", "importlib.metadata._meta", "importlib.util"}) == [
        "anser_tui.benchmarks.x.report", "anser_tui.judge.client", "anser_tui.scoring.choices",
        "click.core", "importlib.metadata._meta", "pydantic.main", "pydantic_settings"]
