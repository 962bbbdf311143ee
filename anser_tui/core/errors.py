"""Errors that the command line turns into exit codes.

`InputError` is bad input from the user: a file that does not parse, a task id that does not
exist. The CLI prints it as one line naming the file and line and exits 2.
"""

from __future__ import annotations

from pathlib import Path


class InputError(Exception):
    """Bad input: one clear line naming the file (and line, where there is one)."""

    def __init__(self, reason: str, path: Path | str | None = None, line: int | None = None):
        self.reason = reason
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(self.message)

    @property
    def message(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line is not None else f"{self.path}: "
        return f"{where}{self.reason}"
