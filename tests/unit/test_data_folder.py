"""The benchmark folder is found again when it moves, can be given anew with --data or the
benchmark_data setting, and is checked against the workspace's benchmark fingerprint."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from mini_bench import write_jsonl, write_mini_bench
from workspace_v1 import v1_copy

from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.demo import build_demo
from anser_tui.exchange import import_run, init_workspace
from anser_tui.exchange.data_folder import data_folder
from anser_tui.workspace import WorkspaceStore

RUN = [{"id": "science_en_predictive_1", "answer": "It helps.", "retrieved_evidence": ["A1"]}]


def make(root: Path) -> Path:
    bench = write_mini_bench(root / "data")
    store = init_workspace(root / "ws.db", "anser", bench)
    import_run(store, write_jsonl(root / "run.jsonl", RUN), "sys")
    store.close()
    return root / "ws.db"


def test_stored_folder_is_found(tmp_path: Path) -> None:
    ws = make(tmp_path / "a")
    with WorkspaceStore.open(ws) as store:
        assert data_folder(store) == (tmp_path / "a" / "data").resolve()


def test_workspace_moved_with_its_folder_finds_it_by_relative_path(tmp_path: Path) -> None:
    make(tmp_path / "a")
    shutil.move(tmp_path / "a", tmp_path / "b")
    with WorkspaceStore.open(tmp_path / "b" / "ws.db") as store:
        assert data_folder(store) == (tmp_path / "b" / "data").resolve()
        assert store.meta("data_dir") == str((tmp_path / "b" / "data").resolve())


def test_folder_given_anew_is_checked_and_recorded(tmp_path: Path) -> None:
    ws = make(tmp_path / "a")
    moved = tmp_path / "elsewhere" / "copy"
    shutil.copytree(tmp_path / "a" / "data", moved)  # new mtimes: the fingerprint decides
    shutil.rmtree(tmp_path / "a" / "data")
    with WorkspaceStore.open(ws) as store:
        with pytest.raises(InputError, match="give it with --data DIR"):
            data_folder(store)
        assert data_folder(store, moved) == moved.resolve()
    with WorkspaceStore.open(ws) as store:  # recorded: found next time without being told
        assert data_folder(store) == moved.resolve()


def test_a_folder_of_another_benchmark_is_refused(tmp_path: Path) -> None:
    ws = make(tmp_path / "a")
    other = build_demo("anser", tmp_path / "demo").data_dir
    with WorkspaceStore.open(ws) as store, pytest.raises(InputError, match="its tasks differ"):
        data_folder(store, other)


def test_cli_data_option_and_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ws = make(tmp_path / "a")
    moved = tmp_path / "moved"
    shutil.move(tmp_path / "a" / "data", moved)
    runner = CliRunner()
    lost = runner.invoke(cli, ["show", str(ws), "science_en_predictive_1"])
    assert lost.exit_code == 2 and "give it with --data DIR" in lost.output
    assert "benchmark_data.anser setting" in lost.output
    wrong = runner.invoke(cli, ["score", str(ws), "--data", str(tmp_path / "nope")])
    assert wrong.exit_code == 2 and "no such folder" in wrong.output
    monkeypatch.setenv("ANSER_BENCHMARK_DATA__ANSER", str(moved))
    shown = runner.invoke(cli, ["show", str(ws), "science_en_predictive_1"])
    assert shown.exit_code == 0, shown.output
    assert "It helps." in shown.output


def test_v1_workspace_from_another_machine_opens_with_data(tmp_path: Path) -> None:
    """The v1 file recorded a folder that is not here: --data gives the demo folder anew."""
    ws = v1_copy(tmp_path)
    data = build_demo("anser", tmp_path / "demo").data_dir
    runner = CliRunner()
    lost = runner.invoke(cli, ["show", str(ws), "legal_zh_prescriptive_1"])
    assert lost.exit_code == 2 and "--data" in lost.output
    shown = runner.invoke(cli, ["show", str(ws), "legal_zh_prescriptive_1", "--data", str(data)])
    assert shown.exit_code == 0, shown.output
    assert "Task legal_zh_prescriptive_1" in shown.output and "law_" in shown.output
    again = runner.invoke(cli, ["report", str(ws), "--format", "json"])
    assert again.exit_code == 0, again.output
