"""What a bare import pulls in (Harlequin's tests/unit_tests/test_import_hygiene.py): the
domain packages never import Textual or rich (the import-linter contracts say so statically;
this checks it at run time, lazy exports and all), and the heavy libraries (torch, openai,
inspect_ai, scipy's statistics) only inside the functions that need them (DESIGN 2).
Each import runs in a fresh interpreter, so nothing this test session imported counts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = ["anser_tui.core", "anser_tui.workspace", "anser_tui.scoring", "anser_tui.review",
          "anser_tui.calibration", "anser_tui.exchange"]
NEVER = {"textual", "rich", "torch", "openai", "inspect_ai", "scipy", "sklearn", "bert_score",
         "transformers"}

_IMPORT = """
import importlib, json, pkgutil, sys
names = json.loads(sys.argv[1])
every = sys.argv[2] == "every"
for name in names:
    package = importlib.import_module(name)
    if every:
        for found in pkgutil.walk_packages(package.__path__, name + "."):
            importlib.import_module(found.name)
print(json.dumps(sorted(sys.modules)))
"""


def _imported(names: list[str], every: bool = False) -> set[str]:
    """The modules in sys.modules after a fresh interpreter imports `names` (and, with
    `every`, each of their modules)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _IMPORT, json.dumps(names),
                           "every" if every else "bare"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout))


def _top_level(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


@pytest.mark.parametrize("package", DOMAIN)
def test_a_bare_import_pulls_in_nothing_heavy(package: str) -> None:
    modules = _imported([package])
    assert package in modules
    assert _top_level(modules) & NEVER == set()


def test_core_imports_nothing_else_of_the_package() -> None:
    modules = _imported(["anser_tui.core"], every=True)
    assert {m for m in modules if m.startswith("anser_tui.")} == {
        m for m in modules if m.startswith("anser_tui.core")}
    assert "anser_tui.core.settings" in modules


def test_every_domain_module_imports_without_textual_rich_or_heavy_libraries() -> None:
    modules = _imported([*DOMAIN, "anser_tui.judge", "anser_tui.benchmarks",
                         "anser_tui.corpora"], every=True)
    assert {"anser_tui.workspace.sessions", "anser_tui.judge.client",
            "anser_tui.exchange.merge"} <= modules
    assert _top_level(modules) & NEVER == set()
