"""The read verbs (report, calibration, show, export) on a file that is no workspace: exit 2,
one line, the file untouched, nothing beside it; on a workspace: opened read-only, the file
unchanged and no -wal or -shm left."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest_ws import mini_workspace

from anser_tui.cli import cli

READ_VERBS = [["report"], ["report", "--format", "json"], ["calibration"],
              ["show", "legal_zh_prescriptive_1"], ["export", "--what", "decisions"],
              ["export", "--what", "adjudicated"]]
IDS = [" ".join(v) for v in READ_VERBS]


def _args(verb: list[str], ws: Path) -> list[str]:
    return [verb[0], str(ws), *verb[1:]]


def _state(path: Path) -> tuple[str, int, list[str]]:
    """The file's checksum and size, and what lies beside it."""
    data = path.read_bytes()
    return (hashlib.sha256(data).hexdigest(), len(data),
            sorted(p.name for p in path.parent.iterdir()))


def _not_workspaces(root: Path) -> list[Path]:
    root.mkdir()
    labels = root / "labels.jsonl"
    labels.write_text(json.dumps({"id": "x", "marks": {}}) + "\n", encoding="utf-8")
    (root / "empty.db").write_bytes(b"")
    other = root / "other.db"  # a SQLite file of another program (rollback journal)
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.commit()
    conn.close()
    return [labels, root / "empty.db", other]


@pytest.mark.parametrize("verb", READ_VERBS, ids=IDS)
def test_a_file_that_is_no_workspace_is_refused_untouched(tmp_path: Path,
                                                          verb: list[str]) -> None:
    for path in _not_workspaces(tmp_path / "files"):
        before = _state(path)
        result = CliRunner().invoke(cli, _args(verb, path))
        assert (result.exit_code, result.stdout) == (2, ""), result.output
        assert result.stderr == f"anser-tui: error: {path}: not an anser-tui workspace\n"
        assert _state(path) == before
        assert not list(path.parent.glob("*-wal")) and not list(path.parent.glob("*-shm"))


@pytest.mark.parametrize("verb", READ_VERBS, ids=IDS)
def test_a_workspace_is_read_and_left_as_it_was(tmp_path: Path, verb: list[str]) -> None:
    ws = mini_workspace(tmp_path)
    before = _state(ws)
    result = CliRunner().invoke(cli, _args(verb, ws))
    assert result.exit_code == 0, result.output
    assert _state(ws) == before


def test_a_read_verb_opens_the_workspace_read_only(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    ws = mini_workspace(tmp_path)
    opened: list[str] = []
    connect = sqlite3.connect

    def recording(database: str, *args: object, **kwargs: object) -> sqlite3.Connection:
        opened.append(str(database))
        return connect(database, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite3, "connect", recording)
    for verb in READ_VERBS:
        opened.clear()
        result = CliRunner().invoke(cli, _args(verb, ws))
        assert result.exit_code == 0, (verb, result.output)
        mine = [d for d in opened if Path(d.removeprefix("file:").split("?")[0]).name == "ws.db"]
        # the reading connection is read-only; the one after it only lets SQLite take away the
        # -wal and -shm that reading made (the file is unchanged: the test above)
        assert len(mine) == 2 and "mode=ro" in mine[0], (verb, opened)
