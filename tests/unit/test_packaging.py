"""Packaging: every module the package imports is declared, and the build backend declared can
build the metadata as written (PEP 639 `license = "MIT"` needs setuptools >= 77)."""

from __future__ import annotations

import ast
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _imported_modules() -> dict[str, str]:
    """{top-level module: a file importing it} for every import under anser_tui/."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "anser_tui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], str(path.relative_to(ROOT)))
    return found


def _declared() -> set[str]:
    project = PYPROJECT["project"]
    extras = project["optional-dependencies"]
    requirements = [*project["dependencies"], *extras["bertscore"], *extras["inspect"]]
    return {Requirement(r).name.lower().replace("_", "-") for r in requirements}


def test_every_imported_distribution_is_declared() -> None:
    providers = packages_distributions()
    declared = _declared()
    undeclared = {}
    for module, where in _imported_modules().items():
        if module in sys.stdlib_module_names or module == "anser_tui":
            continue
        names = {d.lower().replace("_", "-") for d in providers.get(module, [module])}
        if not names & declared:
            undeclared[module] = where
    assert undeclared == {}


def test_the_build_backend_supports_the_license_expression() -> None:
    assert isinstance(PYPROJECT["project"]["license"], str)  # an SPDX expression: PEP 639
    (setuptools,) = [Requirement(r) for r in PYPROJECT["build-system"]["requires"]
                     if Requirement(r).name == "setuptools"]
    assert not setuptools.specifier.contains("76.9") and setuptools.specifier.contains("77.0")
