"""Settings values that already have their declared types are read without pydantic
(`core.exact`), as pydantic reads them (the reference: pydantic's own validation of the same
values); any value it would convert otherwise or refuse is left to it. A config file written
as the docs show it costs the start-up no pydantic import, and a review session's decisions
(made from typed values) none either."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from anser_tui.core.exact import exactly
from anser_tui.core.settings import JudgeSettings, Settings
from anser_tui.demo import ensure_demo_workspace
from anser_tui.workspace.records import Decision, DecisionKind, ReasonCode

ROOT = Path(__file__).resolve().parents[2]

AS_DECLARED: list[dict[str, Any]] = [
    {"reviewer": "me", "show_timings": False, "data_dir": "/d", "unknown": 1},
    {"keymap": {"review.accept": "y"}, "benchmark_data": {"anser": "/data/a"}},
    {"judge": {"model": "m", "concurrency": 3, "temperature": 0, "timeout_s": 2.5,
               "prompt_dir": "/p", "base_url": None, "other": "x"}},
    {"calibration": {"target_width": 4, "estimator": "classic", "resamples": 10, "seed": 2}},
    {"corpora": {"laws": {"title": ["a", "b"], "key": "k"}, "articles": {}}},
    {"judge": JudgeSettings(model="given"), "bertscore": {"layers_en": None, "device": "cpu"}},
]
CONVERTED_OR_REFUSED: list[dict[str, Any]] = [
    {"show_timings": "false"}, {"judge": {"concurrency": "4"}}, {"judge": {"concurrency": True}},
    {"judge": {"concurrency": 3.0}}, {"judge": {"temperature": float("nan")}},
    {"judge": {"timeout_s": float("inf")}}, {"calibration": {"resamples": 0}},
    {"calibration": {"target_width": 0}}, {"calibration": {"estimator": "other"}},
    {"keymap": {"review.accept": 1}}, {"corpora": {"laws": {"title": "a"}}},
    {"judge": "m"}, {"reviewer": 5}, {"benchmark_data": {"anser": 3}},
]


def _validated(values: dict[str, Any]) -> Settings:
    return TypeAdapter(Settings).validate_python(values)


@pytest.mark.parametrize("values", AS_DECLARED)
def test_values_as_declared_are_read_as_pydantic_reads_them(values: dict[str, Any]) -> None:
    read = exactly(Settings, values)
    assert read is not None
    assert read == _validated(values)
    assert {k: type(v) for k, v in read.__dict__.items()} == {
        k: type(v) for k, v in _validated(values).__dict__.items()}


@pytest.mark.parametrize("values", CONVERTED_OR_REFUSED)
def test_values_pydantic_converts_or_refuses_are_left_to_it(values: dict[str, Any]) -> None:
    assert exactly(Settings, values) is None


_LOAD = """
import json, sys
from anser_tui.core.settings import load_settings
read = load_settings()
print(json.dumps({"pydantic": "pydantic" in sys.modules, "reviewer": read.reviewer,
                  "concurrency": read.judge.concurrency, "keymap": read.keymap,
                  "resamples": read.calibration.resamples}))
"""


def test_a_config_file_as_the_docs_write_it_imports_no_pydantic(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('reviewer = "ana"\n[keymap]\n"review.accept" = "y"\n[judge]\n'
                      'model = "m"\nconcurrency = 16\ntemperature = 0\n[calibration]\n'
                      'resamples = 200\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANSER_")}
    env.update(ANSER_CONFIG_FILE=str(config), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", _LOAD], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=60)
    assert json.loads(done.stdout) == {"pydantic": False, "reviewer": "ana", "concurrency": 16,
                                       "keymap": {"review.accept": "y"}, "resamples": 200}


def test_a_decision_of_typed_values_is_the_validated_one() -> None:
    values: dict[str, Any] = {
        "session_id": 1, "run": "r", "task_id": "t", "reviewer": "me",
        "kind": DecisionKind.OVERRIDE, "marks": {"a": 3}, "score": 75.0,
        "reason_code": ReasonCode.ARITHMETIC_ERROR, "comment": None, "judge_visible": False,
        "judgment_uid": "j", "time_spent_s": 2.5, "uid": "u"}
    read = exactly(Decision, values)
    assert read is not None and read == Decision.model_validate(values)
    assert exactly(Decision, {**values, "kind": "override"}) is None  # a string for the enum
    assert exactly(Decision, {**values, "marks": {"a": True}}) is None
    kinds = {**values, "marks": {"a": 3, "g": "C", "x": 0.25}}  # 0-4, grade, number marks
    read = exactly(Decision, kinds)
    assert read is not None and read == Decision.model_validate(kinds)
    assert [type(v) for v in read.marks.values()] == [int, str, float]
    assert exactly(Decision, {**values, "marks": {"x": math.nan}}) is None


_DECIDE = """
import json, sys
from pathlib import Path
from anser_tui.review.session import ReviewSession
from anser_tui.workspace import DecisionKind, WorkspaceStore

store = WorkspaceStore.open(Path(sys.argv[1]))
session = ReviewSession.open(store, "exact", "exact")
item = session.items[0]
rubric = session.rubric(item)
session.mark(item, DecisionKind.FLAG, time_spent_s=1.5)
session.override(item, {c.key: 0 for c in rubric.criteria}, None, time_spent_s=2.0)
session.undo(item)
print(json.dumps({"pydantic": "pydantic" in sys.modules,
                  "events": len(session.state(item).events)}))
"""


def test_a_session_decides_without_importing_pydantic(tmp_path: Path) -> None:
    workspace = ensure_demo_workspace("anser", tmp_path / "demo")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANSER_")}
    env.update(PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", _DECIDE, str(workspace)], cwd=ROOT, env=env,
                          check=True, capture_output=True, text=True, timeout=120)
    assert json.loads(done.stdout.splitlines()[-1]) == {"pydantic": False, "events": 3}
