"""The demo installer: any benchmark's demo files copied from where `Benchmark.demo` says, the
`demo` command opening each benchmark's workspace, a benchmark without a demo refused."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from anser_tui.benchmarks.base import DemoFiles
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.demo import DemoPaths, build_demo


@dataclass
class Fake:
    """A benchmark known only by its demo (the installer asks nothing else of it)."""

    files: DemoFiles | None
    label: str = "Fake-Bench"

    def demo(self) -> DemoFiles | None:
        return self.files


def fake_registry(monkeypatch: pytest.MonkeyPatch, bench: Fake) -> None:
    monkeypatch.setattr("anser_tui.demo.files.benchmark_named", lambda name: bench)


@pytest.mark.parametrize(("benchmark", "folder"), [("prbench", "prbench"), ("aalcr", "aalcr")])
def test_demo_opens_each_benchmarks_workspace_and_prints_its_paths(
        benchmark: str, folder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from anser_tui.app import AnserApp

    opened: list[Path] = []
    monkeypatch.setattr(AnserApp, "run", lambda self, *a, **k: opened.append(self.store.path))
    result = CliRunner().invoke(cli, ["demo", "--benchmark", benchmark])
    assert result.exit_code == 0, result.output
    root = tmp_path / "data" / f"demo-{benchmark}"  # ANSER_DATA_DIR is tmp_path/data
    assert result.stderr.splitlines()[0] == (
        f"demo workspace: {root / 'demo.db'} (data: {root / 'data' / folder})")
    assert opened == [root / "demo.db"]


def test_a_benchmarks_demo_folder_is_copied_whole(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "package" / "demo"
    (source / "release" / "tasks").mkdir(parents=True)
    (source / "release" / "tasks" / "a.json").write_text("[]\n", encoding="utf-8")
    (source / "runs").mkdir()
    (source / "runs" / "sys.jsonl").write_bytes(b'{"id": "a"}\n')
    (source / "runs" / "sys.judge.jsonl").write_bytes(b"")
    files = DemoFiles(source, version="7", home="demo-fake", data="release", run="sys",
                      run_file="runs/sys.jsonl", judgments_file="runs/sys.judge.jsonl",
                      options={"split": "all"})
    fake_registry(monkeypatch, Fake(files))
    paths = build_demo("fake", tmp_path / "out")
    assert paths == DemoPaths(benchmark="fake", root=tmp_path / "out",
                              data_dir=tmp_path / "out" / "release", run="sys",
                              run_file=tmp_path / "out" / "runs" / "sys.jsonl",
                              judgments_file=tmp_path / "out" / "runs" / "sys.judge.jsonl",
                              log_file=None, options={"split": "all"})
    copied = sorted(p.relative_to(paths.root).as_posix() for p in paths.root.rglob("*")
                    if p.is_file())
    assert copied == [".anser-demo", "release/tasks/a.json", "runs/sys.jsonl",
                      "runs/sys.judge.jsonl"]
    assert (paths.root / ".anser-demo").read_text(encoding="utf-8") == "7"
    assert paths.run_file.read_bytes() == b'{"id": "a"}\n'


def test_a_benchmark_without_a_demo_is_refused(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    fake_registry(monkeypatch, Fake(None))
    with pytest.raises(InputError, match="Fake-Bench has no embedded demo"):
        build_demo("fake", tmp_path / "out")
    assert not (tmp_path / "out").exists()
