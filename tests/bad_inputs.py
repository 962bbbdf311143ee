"""The bad-input suite's cases (tests/data/bad/cases.toml) and what each kind is given to."""

from __future__ import annotations

import hashlib
import sqlite3
import tomllib
from dataclasses import dataclass
from pathlib import Path

BAD = Path(__file__).parent / "data" / "bad"
KINDS = ("run", "log", "judgments", "tasks", "corpus", "config")


@dataclass(frozen=True)
class Case:
    file: str
    expect: str  # "reject" or "accept"
    message: str = ""
    line: int | None = None
    output: str = ""
    place: str | None = None  # where a task or corpus file goes in the benchmark

    @property
    def kind(self) -> str:
        return self.file.split("/", 1)[0]

    @property
    def path(self) -> Path:
        return BAD / self.file


def load_cases() -> list[Case]:
    raw = tomllib.loads((BAD / "cases.toml").read_text(encoding="utf-8"))["case"]
    cases = [Case(file=c["file"], expect=c["expect"], message=c.get("message", ""),
                  line=c.get("line"), output=c.get("output", ""), place=c.get("as"))
             for c in raw]
    listed = {c.file for c in cases}
    on_disk = {f"{p.parent.name}/{p.name}" for k in KINDS for p in (BAD / k).iterdir()}
    assert listed == on_disk, f"cases.toml and tests/data/bad differ: {listed ^ on_disk}"
    return cases


def workspace_digest(path: Path) -> str:
    """The sha256 of the workspace's SQL dump (what it holds, not how the pages lie)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return hashlib.sha256("\n".join(conn.iterdump()).encode("utf-8")).hexdigest()
    finally:
        conn.close()


def tree_digest(root: Path) -> dict[str, str]:
    """{relative path: sha256} of every file under `root`, folders listed as "dir"."""
    found: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        found[rel] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return found
