"""Importing the same judge output file twice: the second import adds no attempt and says so
(ANSER, PRBench and AA-LCR judgment files)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from anser_tui.cli import cli
from anser_tui.demo import build_demo, demo_files
from anser_tui.workspace import WorkspaceStore


def _demo(benchmark: str, root: Path) -> tuple[Path, Path, Path]:
    paths = build_demo(benchmark, root)
    assert paths.judgments_file is not None
    return paths.data_dir, paths.run_file, paths.judgments_file


DEMO_RUN = demo_files("anser").run
assert demo_files("prbench").run == demo_files("aalcr").run == DEMO_RUN


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def _attempts(ws: Path) -> list[tuple[str, int]]:
    with WorkspaceStore.open(ws) as store:
        return [tuple(r) for r in store.conn.execute(
            "SELECT task_id, COUNT(*) FROM judgments GROUP BY task_id ORDER BY task_id")]


@pytest.mark.parametrize("benchmark", ["aalcr", "anser", "prbench"])
def test_a_second_import_of_the_same_file_adds_nothing(tmp_path: Path, benchmark: str) -> None:
    data, run_file, judgments = _demo(benchmark, tmp_path / "demo")
    ws = tmp_path / "ws.db"
    assert invoke("init", ws, "--benchmark", benchmark, "--data", data)[0] == 0
    assert invoke("import-run", ws, run_file, "--name", DEMO_RUN)[0] == 0
    code, first, err = invoke("import-judgments", ws, judgments, "--run", DEMO_RUN)
    assert code == 0, err
    n = int(first.split()[1])
    once = _attempts(ws)
    assert once and all(count == 1 for _, count in once)
    assert invoke("import-judgments", ws, judgments, "--run", DEMO_RUN) == (
        0, f"imported 0 judgments for run {DEMO_RUN!r} ({n} already stored)\n", "")
    assert _attempts(ws) == once


def test_new_lines_beside_stored_ones_are_added_and_counted(tmp_path: Path) -> None:
    data, run_file, judgments = _demo("anser", tmp_path / "demo")
    ws = tmp_path / "ws.db"
    assert invoke("init", ws, "--benchmark", "anser", "--data", data)[0] == 0
    assert invoke("import-run", ws, run_file, "--name", DEMO_RUN)[0] == 0
    assert invoke("import-judgments", ws, judgments, "--run", DEMO_RUN)[0] == 0
    lines = judgments.read_text(encoding="utf-8").splitlines()
    changed = json.loads(lines[0])
    changed["model"] = "another-judge"  # another judge's reply: a new attempt
    more = tmp_path / "more.jsonl"
    more.write_text("\n".join([json.dumps(changed, ensure_ascii=False), *lines[1:3]]) + "\n",
                    encoding="utf-8")
    code, out, err = invoke("import-judgments", ws, more, "--run", DEMO_RUN)
    assert code == 0, err
    assert out.startswith(f"imported 1 judgments for run {DEMO_RUN!r} (")
    assert out.endswith("; 2 already stored)\n")
    assert sum(count for _, count in _attempts(ws)) == len(lines) + 1
