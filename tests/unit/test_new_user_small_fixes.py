"""Smaller things a new user hits: the merge refusal's grammar and file name, the reason
digit the review screen shows accepted by import-decisions, and the reliability line the
README describes being the one the suite prints."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from calibration_ws import flat, judge, sci, science_workspace
from click.testing import CliRunner
from conftest_ws import mini_workspace
from mini_bench import write_jsonl

from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.demo import build_demo
from anser_tui.exchange.import_decisions import import_decisions
from anser_tui.workspace import ReasonCode, all_decisions

ROOT = Path(__file__).resolve().parents[2]


def _prbench_workspace(tmp_path: Path) -> Path:
    paths = build_demo("prbench", tmp_path / "demo")
    ws = tmp_path / "team-pr.db"
    result = CliRunner().invoke(cli, ["init", str(ws), "--benchmark", "prbench", "--data",
                                      str(paths.data_dir)])
    assert result.exit_code == 0, result.output
    return ws


def test_the_merge_refusal_names_the_users_file_with_its_article(tmp_path: Path) -> None:
    anser = mini_workspace(tmp_path / "a")
    prbench = _prbench_workspace(tmp_path / "p")
    out = tmp_path / "team3.db"
    result = CliRunner().invoke(cli, ["merge", str(out), str(anser), str(prbench)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (f"anser-tui: error: {prbench}: a prbench workspace cannot merge "
                             f"into an anser one ({out}): refusing to merge\n")
    assert not list(tmp_path.glob("team3.db*"))
    result = CliRunner().invoke(cli, ["merge", str(prbench), str(anser)])
    assert result.stderr == (f"anser-tui: error: {anser}: an anser workspace cannot merge "
                             f"into a prbench one ({prbench}): refusing to merge\n")


def test_import_decisions_takes_the_screens_reason_digit_or_the_name(tmp_path: Path) -> None:
    store = science_workspace(tmp_path, 3)
    judge(store, "sys-a", {sci(i): flat(3) for i in (1, 2, 3)})
    labels = write_jsonl(tmp_path / "labels.jsonl", [
        {"id": sci(1), "marks": flat(1), "reason_code": 3},  # the screen's 3: rubric misapplied
        {"id": sci(2), "marks": flat(1), "reason_code": "4"},
        {"id": sci(3), "marks": flat(1), "reason_code": "task ambiguous"}])
    import_decisions(store, labels, "rater")
    assert [d.reason_code for d in all_decisions(store)] == [
        ReasonCode.RUBRIC_MISAPPLIED, ReasonCode.ARITHMETIC_ERROR, ReasonCode.TASK_AMBIGUOUS]
    for bad in (0, 8, "bad judge", True):
        path = write_jsonl(tmp_path / "bad.jsonl",
                           [{"id": sci(1), "marks": flat(2), "reason_code": bad}])
        with pytest.raises(InputError) as err:
            import_decisions(store, path, "rater")
        assert err.value.message == (
            f"{path}:1: reason_code {bad!r} is not one of: 1 judge misread answer, "
            "2 judge misread ground truth, 3 rubric misapplied, 4 arithmetic error, "
            "5 ground truth wrong, 6 task ambiguous, 7 other (the digit, as the review screen "
            "numbers them, or the name)")


def test_the_readme_describes_the_reliability_line_the_suite_prints(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("suite_conftest", ROOT / "tests/conftest.py")
    assert spec is not None and spec.loader is not None
    suite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(suite)
    monkeypatch.setenv(suite.FIGURES_ENV, str(tmp_path / "figures.tsv"))
    printed: list[str] = []

    class Reporter:
        config = object()

        def write_line(self, line: str) -> None:
            printed.append(line)

    suite.pytest_terminal_summary(Reporter())
    [line] = printed
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [described] = re.findall(r"`(reliability: [^`]*)`", readme)
    assert re.sub(r"\b[A-Z]\b", "0", described) == line
