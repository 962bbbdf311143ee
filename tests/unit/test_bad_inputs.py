"""Inputs no one here wrote: each is accepted as a user would expect, or rejected with exit 2
and exactly one line naming the file, the line and the problem, nothing written, no traceback.

The cases are data (tests/data/bad/cases.toml); the session prints how many were tried.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bad_inputs import Case, load_cases, tree_digest, workspace_digest
from click.testing import CliRunner
from conftest_ws import MINI_RUN, mini_workspace
from corpus_fixtures import write_corpora
from mini_bench import write_jsonl, write_mini_bench

from anser_tui.cli import cli

CASES = load_cases()


def _bench(tmp_path: Path, case: Case) -> Path:
    bench = write_mini_bench(tmp_path / "bench")
    if case.kind == "corpus":
        write_corpora(bench / "corpora")
    if case.place is not None:
        folder = "corpora" if case.kind == "corpus" else "benchmark"
        shutil.copyfile(case.path, bench / folder / case.place)
    return bench


def _commands(tmp_path: Path, case: Case, monkeypatch: pytest.MonkeyPatch
              ) -> tuple[list[list[str]], Path, Path]:
    """The commands to run, the workspace they must leave as it was, the benchmark folder."""
    if case.kind in ("tasks", "corpus"):
        bench = _bench(tmp_path, case)
        new = tmp_path / "new.db"
        commands = [["init", str(new), "--data", str(bench)]]
        if case.kind == "corpus":
            commands.append(["index-corpus", str(bench)])
        return commands, new, bench
    ws = mini_workspace(tmp_path)
    bench = tmp_path / "bench"
    given = str(case.path)
    if case.kind == "run":
        return [["import-run", str(ws), given, "--name", "bad"]], ws, bench
    if case.kind == "log":
        run = write_jsonl(tmp_path / "good-run.jsonl", MINI_RUN)
        return [["import-run", str(ws), str(run), "--name", "bad", "--log", given]], ws, bench
    if case.kind == "judgments":
        return [["import-judgments", str(ws), given, "--run", "sys-a"]], ws, bench
    assert case.kind == "config"
    monkeypatch.setenv("ANSER_CONFIG_FILE", given)
    return [["show", str(ws), "legal_zh_prescriptive_1"]], ws, bench


def _listing(folder: Path) -> list[str]:
    """What a command may have left in the test's folder (the index cache is expected)."""
    return sorted(p.name for p in folder.iterdir() if p.name != "cache")


def _where(case: Case, bench: Path) -> str:
    if case.kind in ("tasks", "corpus"):
        folder = "corpora" if case.kind == "corpus" else "benchmark"
        path = str(bench / folder / (case.place or ""))
    else:
        path = str(case.path)
    return f"{path}:{case.line}: " if case.line is not None else f"{path}: "


@pytest.mark.parametrize("case", CASES, ids=[c.file for c in CASES])
def test_bad_input(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                   record_property: pytest.RecordProperty) -> None:
    record_property("bad_input", case.expect)
    commands, ws, bench = _commands(tmp_path, case, monkeypatch)
    before_ws = workspace_digest(ws) if ws.exists() else None
    before_files = _listing(tmp_path)
    before_bench = tree_digest(bench)
    runner = CliRunner()
    printed = []
    for args in commands:
        result = runner.invoke(cli, args)
        printed.append(result.output)
        assert "Traceback" not in result.output
        if case.expect == "accept":
            assert result.exit_code == 0, result.output
            continue
        assert result.exit_code == 2, (result.output, result.exception)
        lines = result.output.splitlines()
        assert len(lines) == 1, result.output
        assert lines[0].startswith(f"anser-tui: error: {_where(case, bench)}"), lines[0]
        assert case.message in lines[0], lines[0]
        assert (workspace_digest(ws) if ws.exists() else None) == before_ws
        assert _listing(tmp_path) == before_files
    if case.expect == "accept":
        assert case.output in "".join(printed)
    assert tree_digest(bench) == before_bench


def test_the_suite_covers_every_kind() -> None:
    kinds = {(c.kind, c.expect) for c in CASES}
    for kind in ("run", "log", "judgments", "tasks", "corpus", "config"):
        assert {(kind, "reject"), (kind, "accept")} <= kinds, kind
    assert len(CASES) >= 40
