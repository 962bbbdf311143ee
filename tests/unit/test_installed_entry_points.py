"""The registry's entry points, read from the distributions' entry_points.txt alone, are what
importlib.metadata reads (the reference), for our group and for groups other distributions of
the environment fill; a second folder of one distribution further down sys.path counts for
nothing, as with importlib.metadata."""

from __future__ import annotations

from importlib.metadata import entry_points as reference
from pathlib import Path

import pytest

from anser_tui.benchmarks.installed import entry_points

GROUPS = ["anser_tui.benchmarks", "console_scripts", "pytest11"]


def _pairs(points: object) -> set[tuple[str, str]]:
    return {(p.name, p.value) for p in points}  # type: ignore[attr-defined]


@pytest.mark.parametrize("group", GROUPS)
def test_the_entry_points_are_importlib_metadata_s(group: str) -> None:
    read = entry_points(group)
    assert read and _pairs(read) == _pairs(reference(group=group))
    assert {p.group for p in read} == {group}


def test_a_distribution_counts_once_the_first_found(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    for site, target in (("first", "one:A"), ("second", "two:B")):
        info = tmp_path / site / "some.bench-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: some.bench\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[x.group]\nthing = {target}\n")
    monkeypatch.syspath_prepend(str(tmp_path / "second"))
    monkeypatch.syspath_prepend(str(tmp_path / "first"))
    assert _pairs(entry_points("x.group")) == {("thing", "one:A")} == _pairs(
        reference(group="x.group"))


def test_an_entry_point_loads_its_object() -> None:
    (point,) = [p for p in entry_points("anser_tui.benchmarks") if p.name == "anser"]
    assert point.module == "anser_tui.benchmarks.anser.benchmark"
    assert point.load().name == "anser"
