"""The demo's data files and the demo they build: pinned byte for byte, every file read, shipped.

Each benchmark's demo ships as package data in its own package (anser_tui/benchmarks/<name>/demo/),
written by the generator in bench/demo_data/ from its tables of prose and records (its data/) and
the code that derives ids, figures and ground truths from them. These tests pin what the
installed demo holds, and check the shipped files are exactly what the generator writes, so
moving data or code around cannot change the demo unnoticed.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import anser_tui
from anser_tui.demo import DemoPaths, build_demo, demo_files
from bench.demo_data.datafiles import DATA
from bench.demo_data.writers import WRITERS

SQLITE_SUFFIXES = (".db", ".sqlite")
# sha256 of every file of a built demo: text files byte for byte, SQLite corpora by
# `_sqlite_dump` (the raw bytes hold the SQLite library version). Computed from a build by the
# original code at df6c32d, before the demo's tables moved to data files; that build and the
# one after the move were also compared raw byte for byte and were identical.
BUILT_SHA256 = {
    ".anser-demo": "6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b",
    "anser-bench/benchmark/finance/en/descriptive.json": "c0b37164e622f327b1d69405d9ac9d33572bf82d29dccdcfd2ef593630c0168e",
    "anser-bench/benchmark/finance/en/predictive.json": "cc1cc773387d85e5675bf90740252a1c0092ff5f9869b62b0786f54e5bf1255c",
    "anser-bench/benchmark/finance/en/prescriptive.json": "6cd6c74143ee10cb4b0249432c0e1135a56bafcc1aeb3e7093835e74f7f9ac1f",
    "anser-bench/benchmark/finance/zh/descriptive.json": "2183db83b8f13bf14f0d8cdcb39fcc4ab855d184f1854c0553734ebf58d10091",
    "anser-bench/benchmark/finance/zh/predictive.json": "98bddee4fb98a638067b2d2672b75520f026e85c91e1aa7f390c04320c4eb170",
    "anser-bench/benchmark/finance/zh/prescriptive.json": "d2f6bba8bdda236bd32bfec337ae90935d2a4cadde9ea90845af9c1d298c03d8",
    "anser-bench/benchmark/legal/en/descriptive.json": "efd0df07dd9b64dc12fcec5dd58a1489be3b4153b83ecd2d1ab09f2634fa1259",
    "anser-bench/benchmark/legal/en/predictive.json": "dfa8b25c02e85ef1fac258137e973f19f68c72d1d76568cbd92152e1a1ae7542",
    "anser-bench/benchmark/legal/en/prescriptive.json": "2c87492f1fd15ab81345322535a2f04b66b243f150a00e4bc3689f473a84e24b",
    "anser-bench/benchmark/legal/zh/descriptive.json": "8ee791d49d638a37f9c135aa66fbdc91cd3bdb56afe68f4f3a22e20692006b6a",
    "anser-bench/benchmark/legal/zh/predictive.json": "42b186ade9f956e00c1bfe1e1d430be50d3c3e688fb324d08c973ad32350b1e7",
    "anser-bench/benchmark/legal/zh/prescriptive.json": "808c681b18fa5fcc15ebc88925f682ba4f4990bf0a2b6c9f2c8329fd861ca7b9",
    "anser-bench/benchmark/science/descriptive.json": "83996b7dc6daa2891a2004e552d2a57a3f87794efea6d91ca9af454153ddef01",
    "anser-bench/benchmark/science/predictive.json": "15f9acac4f3268caf3cb4b85a5493d0bb00cedba3818be2280411fdc36e4a2f0",
    "anser-bench/corpora/finance/zh/regulatory_rules.jsonl": "fec14fdfc3148783eb60ebde17a0d432eea967126c2782263eecc3ecf0505d95",
    "anser-bench/corpora/legal/zh/law_corpus.jsonl": "a1d06d0a690a316c8aeac09e85e4ed1347412d3f04dd3f59420aea0e79d1dadd",
    "anser-bench/corpora/science/articles.jsonl": "01a14bae6fd04ad3bb333c02d421f95d8bd1c971c90c8fb49d23f40393a042d7",
    "runs/demo-system.jsonl": "d9ff4109b5f04202902502aacb6aa43bc54d3ee692939294cd9500da2878958e",
    "runs/demo-system.judge.jsonl": "dc5227212f4dfe5c12ec5d9905ca02e81e5329fe3bbc310c862a42cca1e4bffa",
    "runs/demo-system.log.jsonl": "311ef785fd34189de3fc0dc2ce4679fd1b8c8e5124ec3cddf39a33877a22a70d",
    # SQLite corpora, by dump
    "anser-bench/corpora/finance/en/12_CFR_Part_217.sqlite": "67628cc6bbf6c78cee3e30d7d50f1c6d582f144f6f086b5ec75f7f2cf6dd1e06",
    "anser-bench/corpora/finance/en/audit_rules.sqlite": "ba45e86f104654fd7f27f4883cd7cab7040526189872dc1f8aa832ddf5578b26",
    "anser-bench/corpora/finance/en/finance_reports.sqlite": "5ea4a1937115e781a73de12bbba3e4bb66fd312abd5ecd0c8725b4d3b97ccb66",
    "anser-bench/corpora/finance/zh/finance_reports.sqlite": "2cf4d23d36d14649fe86144996cf9c3b65665c89a699e10b959190238458bb9e",
    "anser-bench/corpora/legal/en/legal_cases.db": "37a8a8a150de033126c09104182944255f2840756c5cdcad76950239c5467017",
    "anser-bench/corpora/legal/en/precedents.sqlite": "31929bc1c7afb66f37b6117f5695ccddf88efe3052c31ccc70f6dec591d446c8",
    "anser-bench/corpora/legal/zh/legal_wenshu.db": "970893c3bd85647c10047834a5b3f7536ca089e8b64eab333a48cd8c12c1176a",
}
REPO = Path(__file__).resolve().parents[2]


def _sqlite_dump(path: Path) -> bytes:
    """A database's schema and rows in a stable text form, one JSON array a line: every
    sqlite_master entry by type and name, then each table's rows in rowid order."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        schema = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY 1, 2")
        lines = [json.dumps(row, ensure_ascii=False) for row in schema]
        tables = db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for (table,) in tables.fetchall():
            rows = db.execute(f'SELECT * FROM "{table}" ORDER BY rowid')
            lines += [json.dumps(row, ensure_ascii=False) for row in rows]
    finally:
        db.close()
    return "\n".join(lines).encode("utf-8")


def built_sha256(root: Path) -> dict[str, str]:
    """The digest of every file of the demo under `root`, as BUILT_SHA256 pins them."""
    digests = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        content = _sqlite_dump(path) if path.suffix in SQLITE_SUFFIXES else path.read_bytes()
        digests[path.relative_to(root).as_posix()] = hashlib.sha256(content).hexdigest()
    return digests


def _data_dir() -> Path:
    return DATA


def _data_files() -> set[str]:
    return {p.name for p in _data_dir().iterdir()}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoPaths:
    return build_demo("anser", tmp_path_factory.mktemp("demo") / "demo")


def test_the_built_demo_is_the_pinned_one(demo: DemoPaths) -> None:
    digests = built_sha256(demo.root)
    assert set(digests) == set(BUILT_SHA256)
    changed = sorted(name for name, digest in digests.items() if BUILT_SHA256[name] != digest)
    assert changed == []


# Imports every generator module, then writes the demo, recording which data files are opened
# when.
_RECORD_OPENS = """
import importlib, json, os, pkgutil, sys
from pathlib import Path

data_dir, target = sys.argv[1], sys.argv[2]
opened = []

def hook(event, args):
    if event == "open" and isinstance(args[0], (str, os.PathLike)):
        path = os.path.abspath(os.fspath(args[0]))
        if os.path.dirname(path) == data_dir:
            opened.append(os.path.basename(path))

sys.addaudithook(hook)
import bench.demo_data
for module in pkgutil.iter_modules(bench.demo_data.__path__, "bench.demo_data."):
    if module.name != "bench.demo_data.__main__":
        importlib.import_module(module.name)
at_import = list(opened)
bench.demo_data.anser.write(Path(target))
print(json.dumps({"at_import": at_import, "by_build": sorted(set(opened))}))
"""


def test_every_data_file_is_read_by_the_builder_and_none_at_import(tmp_path: Path) -> None:
    script = [sys.executable, "-c", _RECORD_OPENS, str(_data_dir()), str(tmp_path / "demo")]
    result = subprocess.run(script, check=True, capture_output=True, text=True, cwd=REPO)
    opened = json.loads(result.stdout)
    assert opened["at_import"] == []
    assert opened["by_build"] == sorted(_data_files())


def test_every_demo_file_ships_as_package_data_and_the_generator_data_does_not() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    package = Path(anser_tui.__file__).parent
    globs = pyproject["tool"]["setuptools"]["package-data"]["anser_tui"]
    shipped = {p.relative_to(package).as_posix() for g in globs for p in package.glob(g)
               if p.is_file()}
    for name in WRITERS:
        folder = _demo_folder(name)
        files = {p.relative_to(package).as_posix() for p in folder.rglob("*") if p.is_file()}
        assert files and files <= shipped, name
    assert not any(p.endswith(".py") or "__pycache__" in p for p in shipped)
    assert _data_files() >= {"laws_zh.json", "companies_en.json"}
    assert not (package / "demo" / "data").exists()


def test_each_data_file_is_readable_json_with_non_ascii_kept() -> None:
    for name in sorted(_data_files()):
        text = (_data_dir() / name).read_text(encoding="utf-8")
        rows = json.loads(text)
        assert isinstance(rows, list) and rows and all(isinstance(r, dict) for r in rows), name
        assert "\\u" not in text and "\r" not in text and text.endswith("]\n"), name
        assert os.path.splitext(name)[1] == ".json"


def _demo_folder(name: str) -> Path:
    return Path(str(demo_files(name).source))


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` by relative path: its bytes, a SQLite database by its dump (the
    raw bytes hold the SQLite library's version)."""
    return {p.relative_to(root).as_posix():
            _sqlite_dump(p) if p.suffix in SQLITE_SUFFIXES else p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("name", sorted(WRITERS))
def test_the_shipped_demo_files_are_what_the_generator_writes(name: str, tmp_path: Path) -> None:
    WRITERS[name](tmp_path / name)
    written, shipped = _tree(tmp_path / name), _tree(_demo_folder(name))
    assert sorted(written) == sorted(shipped)
    assert [f for f in written if written[f] != shipped[f]] == []


def test_the_shipped_demos_stay_small() -> None:
    sizes = {name: sum(p.stat().st_size for p in _demo_folder(name).rglob("*") if p.is_file())
             for name in WRITERS}
    assert sum(sizes.values()) < 1.5 * 2**20, sizes
