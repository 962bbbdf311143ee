"""The registry reads the entry-point group `anser_tui.benchmarks` only: the three built-ins
are registered there, and a fourth distribution's entry point (a dist-info folder put on
sys.path) adds a benchmark that the registry, `init` (its --benchmark choices and its own
option) and `demo --benchmark` know with no other change. What the CLI takes from the
benchmarks' declarations, and a workspace that names no benchmark."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest_ws import MINI_RUN, mini_workspace
from mini_bench import write_jsonl, write_mini_bench
from prbench_records import two_criteria, write_splits

from anser_tui.benchmarks import registry
from anser_tui.benchmarks.base import Benchmark
from anser_tui.cli import cli
from anser_tui.core.errors import InputError
from anser_tui.exchange import merge_workspaces
from anser_tui.workspace import WorkspaceStore

BUILT_INS = {"anser": "anser_tui.benchmarks.anser.benchmark:BENCHMARK",
             "prbench": "anser_tui.benchmarks.prbench.benchmark:BENCHMARK",
             "aalcr": "anser_tui.benchmarks.aalcr.benchmark:BENCHMARK",
             "inspect": "anser_tui.benchmarks.inspect.benchmark:BENCHMARK"}

FOURTH = '''
from anser_tui.benchmarks.base import BenchmarkOption
from anser_tui.benchmarks.prbench.benchmark import PrbenchBenchmark


class Fourth(PrbenchBenchmark):
    name = "fourth"
    label = "Fourth-Bench"
    init_options = (BenchmarkOption("shelf", "which shelf the samples sit on.",
                                    choices=("top", "bottom")),)

    def load(self, data_dir, options=None):
        assert dict(options or {}) in ({}, {"shelf": "top"}, {"shelf": "bottom"})
        return super().load(data_dir)


BENCHMARK = Fourth()
'''


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def fresh_registry() -> Iterator[None]:
    registry.forget()
    yield
    registry.forget()


@pytest.fixture
def fourth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A distribution `fourth-bench` registering the benchmark `fourth`, on sys.path."""
    site = tmp_path / "site"
    info = site / "fourth_bench-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fourth-bench\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[anser_tui.benchmarks]\nfourth = fourth_bench:BENCHMARK\n")
    (site / "fourth_bench.py").write_text(FOURTH)
    monkeypatch.syspath_prepend(str(site))
    registry.forget()
    return site


def test_the_entry_points_list_the_built_ins() -> None:
    points = {p.name: p.value for p in entry_points(group=registry.GROUP)}
    assert points == BUILT_INS
    assert registry.registered() == ("aalcr", "anser", "inspect", "prbench")
    for name in BUILT_INS:
        benchmark = registry.benchmark_named(name)
        assert isinstance(benchmark, Benchmark) and benchmark.name == name
        assert registry.benchmark_named(name) is benchmark  # loaded once, kept
    assert registry.default_name() == "anser"


def test_an_unknown_benchmark_names_the_registered_ones() -> None:
    with pytest.raises(InputError) as caught:
        registry.benchmark_named("nope")
    assert caught.value.message == ("unknown benchmark 'nope' (registered: "
                                    f"{', '.join(registry.registered())})")
    assert set(registry.registered()) == set(BUILT_INS)


def test_a_fourth_distribution_adds_a_benchmark(fourth: Path, tmp_path: Path) -> None:
    assert set(registry.registered()) == {*BUILT_INS, "fourth"}
    assert registry.benchmark_named("fourth").label == "Fourth-Bench"
    assert registry.default_name() == "anser"  # the fourth does not claim the default

    code, out, _ = invoke("init", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "--benchmark [aalcr|anser|fourth|inspect|prbench] Which benchmark the folder holds." in flat
    assert "--shelf [top|bottom] Fourth-Bench: which shelf the samples sit on." in flat
    assert "--dataset-version [1.1|1.0.0] AA-LCR:" in flat
    code, out, _ = invoke("demo", "--help")
    assert code == 0 and "--benchmark [aalcr|anser|fourth|inspect|prbench]" in " ".join(out.split())

    data = write_splits(tmp_path / "splits", {"legal": [two_criteria("t1"), two_criteria("t2")]})
    ws = tmp_path / "ws.db"
    assert invoke("init", ws, "--benchmark", "fourth", "--data", data, "--shelf", "top") == (
        0, f"created {ws}: 2 tasks from {data}\n", "")
    with WorkspaceStore.open(ws) as store:
        assert store.benchmark == "fourth"
        assert store.meta("load_options") == '{"shelf": "top"}'
    other = tmp_path / "other.db"
    assert invoke("init", other, "--benchmark", "prbench", "--data", data, "--shelf", "top") == (
        2, "", "anser-tui: error: PRBench takes no shelf option\n")
    assert not other.exists()


def test_without_the_fourth_its_option_and_name_are_gone(tmp_path: Path) -> None:
    code, out, _ = invoke("init", "--help")
    assert code == 0 and "--shelf" not in out and "fourth" not in out
    code, _, err = invoke("init", tmp_path / "ws.db", "--benchmark", "fourth", "--data",
                          tmp_path)
    assert code == 2 and "'fourth' is not one of" in err


def test_init_defaults_to_the_default_benchmark(tmp_path: Path) -> None:
    bench = write_mini_bench(tmp_path / "bench")
    ws = tmp_path / "ws.db"
    assert invoke("init", ws, "--data", bench)[0] == 0
    with WorkspaceStore.open(ws) as store:
        assert store.benchmark == registry.default_name()
    code, out, _ = invoke("init", "--help")
    assert code == 0 and "[default: anser]" in " ".join(out.split())


def test_report_options_belong_to_the_benchmark_that_declares_them(tmp_path: Path) -> None:
    ws = mini_workspace(tmp_path)
    assert invoke("report", ws, "--policy", "official") == (
        2, "", f"anser-tui: error: {ws}: --policy is for PRBench; ANSER-Bench reports take "
               "no --policy\n")
    code, out, _ = invoke("report", "--help")
    assert code == 0 and "PRBench: how a failed judge call counts" in " ".join(out.split())


def test_stateless_scoring_is_the_benchmarks_to_offer(tmp_path: Path) -> None:
    bench = write_mini_bench(tmp_path / "bench")
    run = write_jsonl(tmp_path / "run.jsonl", MINI_RUN)
    assert invoke("score", "--data", bench, "--run-file", run, "--json", "-",
                  "--benchmark", "prbench") == (
        2, "", "anser-tui: error: PRBench has no stateless scoring (its scores are the "
               "judge's: score a workspace)\n")
    code, out, _ = invoke("score", "--data", bench, "--run-file", run, "--json", "-")
    assert code == 0 and out.startswith('{\n  "tasks": [')
    ws = mini_workspace(tmp_path / "w")
    assert invoke("score", ws, "--benchmark", "anser")[0] == 2  # stateless mode only


def test_a_workspace_that_names_no_benchmark_is_refused(tmp_path: Path) -> None:
    ws = mini_workspace(tmp_path)
    copy = tmp_path / "copy.db"
    copy.write_bytes(ws.read_bytes())
    conn = sqlite3.connect(ws)
    conn.execute("DELETE FROM meta WHERE key='benchmark'")
    conn.commit()
    conn.close()
    assert invoke("report", ws) == (
        2, "", f"anser-tui: error: {ws}: the workspace names no benchmark (its meta table has "
               "no 'benchmark' row): it was not made by `anser-tui init`\n")
    with pytest.raises(InputError, match="it names no benchmark"):
        merge_workspaces(copy, [ws])


def test_with_no_entry_points_the_error_says_how_they_are_written(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "entry_points", lambda group: ())
    registry.forget()
    assert registry.registered() == ()
    with pytest.raises(InputError) as caught:
        registry.benchmark_named("anser")
    assert caught.value.message == (
        "unknown benchmark 'anser' (registered: none: no installed distribution registers "
        "'anser_tui.benchmarks'; installing the package (pip install -e .) writes its entry "
        "points)")
