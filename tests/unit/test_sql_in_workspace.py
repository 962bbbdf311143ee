"""Every SQL statement of the package lives in anser_tui/workspace/ (DESIGN 2): outside it, no
module calls `execute`, `executemany` or `executescript`, and no string (docstrings aside)
holds a statement (SELECT ... FROM, INSERT INTO, UPDATE ... SET, DELETE FROM, CREATE TABLE,
PRAGMA ...). Each one found is reported as file:line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "anser_tui"
WORKSPACE = PACKAGE / "workspace"
_CALLS = {"execute", "executemany", "executescript"}
_STATEMENT = re.compile(
    r"\bSELECT\b[\s\S]*\bFROM\b"
    r"|\bINSERT\s+(?:OR\s+[A-Z]+\s+)?INTO\b"
    r"|\bUPDATE\s+\S+\s+SET\b"
    r"|\bDELETE\s+FROM\b"
    r"|\bCREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX|VIEW|TRIGGER)\b"
    r"|\bPRAGMA\s+[a-z_]+")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of the module, its classes and its functions."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _text(node: ast.AST) -> str | None:
    """A string literal's text; an f-string's with `{}` for each value put in."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def sql_statements(source: str, name: str) -> list[str]:
    """`name:line: what` for each SQL call or statement in `source`."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    inner: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            inner.update(id(v) for v in node.values)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in _CALLS):
            found.append(f"{name}:{node.lineno}: calls {node.func.attr}()")
            continue
        text = _text(node)
        if text is None or id(node) in skip or id(node) in inner:
            continue
        match = _STATEMENT.search(text)
        if match:
            found.append(f"{name}:{getattr(node, 'lineno', 0)}: SQL "
                         f"{match.group(0).split()[0]} in a string")
    return sorted(found, key=lambda f: int(f.split(":")[1]))


def test_no_sql_outside_the_workspace_package() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if WORKSPACE in path.parents:
            continue
        name = str(path.relative_to(PACKAGE.parent))
        found += sql_statements(path.read_text(encoding="utf-8"), name)
    assert not found, "SQL outside anser_tui/workspace/:\n" + "\n".join(found)


@pytest.mark.parametrize(("line", "what"), [
    ('conn.execute("SELECT 1")', "calls execute()"),
    ('store.conn.executemany(q, rows)', "calls executemany()"),
    ('Q = ("SELECT run, task_id "\n     "FROM judgments")', "SQL SELECT in a string"),
    ('Q = f"SELECT {cols} FROM {table} WHERE id=?"', "SQL SELECT in a string"),
    ('Q = "INSERT OR IGNORE INTO cache VALUES (?)"', "SQL INSERT in a string"),
    ('Q = "UPDATE sessions SET name=?"', "SQL UPDATE in a string"),
    ('Q = "DELETE FROM metrics WHERE run=?"', "SQL DELETE in a string"),
    ('Q = "CREATE TABLE meta (key TEXT)"', "SQL CREATE in a string"),
    ('Q = "PRAGMA synchronous=NORMAL"', "SQL PRAGMA in a string"),
])
def test_each_kind_of_statement_is_reported_with_its_line(line: str, what: str) -> None:
    source = f'"""A module: SELECT x FROM y in its docstring is prose."""\n\n\n{line}\n'
    assert sql_statements(source, "m.py") == [f"m.py:4: {what}"]


def test_prose_and_docstrings_are_not_statements() -> None:
    source = ('"""PRAGMA quick_check and SELECT ... FROM, as a docstring says."""\n'
              'def f():\n    """UPDATE sessions SET name: the docstring of f."""\n'
              'TITLE = "TRADING UPDATE FOR THE THREE MONTHS"\n'
              'HINT = f"select a run from {names}"\n')
    assert sql_statements(source, "m.py") == []
